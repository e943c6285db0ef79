/// The navigator's types that are the same for every program: ids, stacks, running flows,
/// commands, outcomes and records (see `SwiftEmitter.runtime` for how the text is adapted).
extension SwiftEmitter {
    static let runtimeTypes = #"""
        // MARK: - The navigator's state, commands and outcomes (the same in every generated file)

        extension FlowNavigator {
            /// A running flow: the root flow, or a subflow running in a shown step.
            public struct FlowID: Hashable, Sendable {
                public let rawValue: Int
            }

            /// A stack of screens: a flow's base stack, one tab's stack, or a modal stack.
            public struct StackID: Hashable, Sendable {
                public let rawValue: Int
            }

            public enum StackStyle: Hashable, Sendable {
                case base, tab, sheet, cover
            }

            public enum ModalStyle: Hashable, Sendable {
                case sheet, cover
            }

            /// A screen in a stack, and the subflow running in it when its step runs a flow.
            public struct Entry: Hashable, Sendable {
                public let screen: Screen
                public let subflow: FlowID?
            }

            public struct Stack: Hashable, Sendable {
                public let id: StackID
                public let style: StackStyle
                /// Bottom first; never empty.
                public var entries: [Entry]

                public var screens: [Screen] { entries.map(\.screen) }
            }

            /// The presentation state of one running flow.
            public struct RunningFlow: Hashable, Sendable {
                public let id: FlowID
                public let flow: Flow
                /// The flow whose step runs this one; nil for the root.
                public let parent: FlowID?
                /// The base stack; for a tabs flow, one stack per tab, in the order of the flow's steps.
                public var tabs: [Stack]
                public var selectedTab: Int
                /// The modal stacks presented over the flow, bottom first.
                public var layers: [Stack]

                /// The stack the user sees in this flow: the top modal stack, or the selected tab's.
                public var top: Stack { layers.last ?? tabs[selectedTab] }
            }

            /// What the UI layer does after a move, in order.
            public enum Command: Hashable, Sendable {
                /// `screen` goes on top of the stack.
                case push(Screen, on: StackID)
                /// `screen` takes the place of the top of the stack.
                case replace(Screen, on: StackID)
                /// A new modal stack with `screen` alone is presented over everything, by flow `by`.
                case present(Screen, style: ModalStyle, stack: StackID, by: FlowID)
                /// The top of the stack goes.
                case pop(StackID)
                /// The screens above `index` go; `screen` is at `index`.
                case popTo(Screen, index: Int, on: StackID)
                /// The modal stack goes, with what it shows.
                case dismiss(StackID)
                /// The stack becomes `screen` alone.
                case setRoot(Screen, on: StackID)
                /// The tabs flow shows tab `index`, whose bottom screen is `screen`.
                case selectTab(Screen, index: Int, in: FlowID)
                /// A subflow starts in the screen at `index` of the stack `in`: a container for `flow`
                /// with the stacks `stacks` (one, or one per tab when `flow.isTabs`). A `setRoot` for
                /// each of them and, for a tab bar, a `selectTab` follow.
                case start(FlowID, flow: Flow, stacks: [StackID], in: StackID, index: Int)
                /// The flow took an exit; the commands of its parent's exit handler follow.
                case finish(FlowID, exit: String)
            }

            /// What came of a `send`, an `open` or a move of the user.
            public struct Outcome: Hashable, Sendable {
                public enum Status: Hashable, Sendable {
                    /// The move was made.
                    case applied
                    /// A guard said no (for a deep link: the way up to that guard was applied).
                    case blocked(by: GuardID)
                    /// No clause handles the event where the user is; no link matches the URL, or no
                    /// path from the root that runs opens it.
                    case unhandled
                    /// A clause fired, but its action cannot act now: `pop` at the bottom of a stack,
                    /// `dismiss` with nothing presented, `popTo` a screen that is not below.
                    case impossible
                    /// The user left the screen (went back, swiped a sheet away) while a guard was asked.
                    case cancelled
                }

                public let status: Status
                /// The commands for the UI layer: everything that changed, in order.
                public let commands: [Command]

                public var isApplied: Bool { status == .applied }
            }

            /// One entry of the history.
            public struct Record: Sendable {
                public enum Cause: Sendable {
                    case event(Event)
                    case link(Link)
                    /// `open(url:)` with a URL that no link matches.
                    case unmatchedURL(String)
                    case userWentBack(StackID, to: Int)
                    case userDismissed(StackID)
                    case userSelectedTab(Int, in: FlowID)
                }

                public let cause: Cause
                /// The screen the user saw when it happened.
                public let screen: Screen
                public let outcome: Outcome
            }

            /// A flow's first screens: its start step, or every tab.
            struct Start: Sendable {
                let flow: Flow
                let screens: [Screen]
                let selected: Int
            }

            /// What a clause does, with its target built from the payload.
            enum Move: Sendable {
                case push(Screen), sheet(Screen), cover(Screen), replace(Screen), root(Screen)
                case select(Screen.Kind), popTo(Screen.Kind)
                case pop, dismiss
                case exit(Exit)
            }

            enum Decision: Sendable {
                case move(Move)
                case blocked(GuardID)
                case unhandled
            }

            /// A guard a deep link asks on its way, and the answer it needs.
            struct GuardCheck: Sendable {
                let id: GuardID
                let expected: Bool
            }

            /// One hop of a deep link's path.
            enum LinkHop: Sendable {
                /// The root flow shows `kind` (its start, or a tab) with nothing over it.
                case bottom(Screen.Kind)
                /// The subflow just entered starts over at `kind` (its start, or a tab).
                case enter(Screen.Kind)
                /// A clause's action, taken when the guards give the answers listed.
                case move(Move, in: Flow, checks: [GuardCheck])
            }
        }


        """#
}
