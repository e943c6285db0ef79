/// The navigator's state, commands, outcomes and records.
extension Navigator {
    public typealias Flow = Program.Flow
    public typealias Screen = Program.Screen
    public typealias Event = Program.Event
    public typealias Exit = Program.Exit
    public typealias Link = Program.Link
    public typealias GuardID = Program.GuardID
    public typealias Root = Program.Root
    public typealias Alert = Program.Alert

    /// A running flow: the root flow, or a subflow running in a shown step.
    public struct FlowID: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int
        public var description: String { "flow#\(rawValue)" }
    }

    /// A stack of screens: a flow's base stack, one tab's stack, or a modal stack.
    public struct StackID: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int
        public var description: String { "stack#\(rawValue)" }
    }

    /// One shown screen: a new id for every screen put on a stack, even one equal to a screen shown
    /// before (a second push of the same screen, `root` or `replace` to an equal one), so that a
    /// view built from state is built anew, as a UIKit coordinator would.
    public struct EntryID: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int
        public var description: String { "entry#\(rawValue)" }
    }

    public enum StackStyle: Hashable, Sendable {
        /// `column`: a split view's content or detail column (its sidebar is its `base`).
        case base, tab, sheet, popover, cover, column
    }

    /// How a modal stack is presented: a sheet, a popover (a sheet on compact widths, closed by a
    /// tap outside it), or a cover (over the whole screen, which the user cannot swipe away).
    public enum ModalStyle: Hashable, Sendable {
        case sheet, popover, cover

        var stackStyle: StackStyle {
            switch self {
            case .sheet: .sheet
            case .popover: .popover
            case .cover: .cover
            }
        }
    }

    /// A screen in a stack, and the subflow running in it when its step runs a flow.
    public struct Entry: Hashable, Sendable, Identifiable {
        public let id: EntryID
        public let screen: Screen
        public let subflow: FlowID?
    }

    public struct Stack: Hashable, Sendable, Identifiable {
        public let id: StackID
        public let style: StackStyle
        /// Bottom first; never empty.
        public var entries: [Entry]
        /// For a sheet or popover, when the user cannot swipe it away (`Navigator.isLocked(_:)`
        /// answers whether it is now); nil when they always can.
        public var lock: ProgramTable.Lock? = nil

        public var screens: [Screen] { entries.map(\.screen) }
    }

    /// The alert or dialog on screen: shown by a clause of running flow `flow` over its top screen.
    /// It has no stack: any button closes it, and the button's clause runs in `flow`, where it was
    /// shown; any other move closes it first.
    public struct ShownAlert: Hashable, Sendable, Identifiable {
        /// A new id for every alert shown, even one equal to an alert shown before.
        public let id: Int
        /// The flow whose clause showed it, in which its buttons' moves are made.
        public let flow: FlowID
        public let ref: AlertRef
        /// The alert with its inputs: what its title and message are made of.
        public let value: Alert

        /// Whether it is a confirmation dialog (`dialog`) rather than an alert.
        public var isDialog: Bool { Program.table.flows[ref.flow].alerts[ref.index].isDialog }
        /// Its name in the program.
        public var name: String { Program.table.flows[ref.flow].alerts[ref.index].name }
        /// The names of its buttons' events, in order.
        public var buttons: [String] {
            let flow = Program.table.flows[ref.flow]
            return flow.alerts[ref.index].buttons.map { flow.events[$0.trigger] }
        }
    }

    /// The presentation state of one running flow.
    public struct RunningFlow: Hashable, Sendable, Identifiable {
        public let id: FlowID
        public let flow: Flow
        /// The flow whose step runs this one; nil for the root.
        public let parent: FlowID?
        /// The base stack; for a tabs flow, one stack per tab, in the order of the flow's steps; for
        /// a split view, its columns shown, left to right (the sidebar, then those `show` filled).
        public var tabs: [Stack]
        /// The tab shown; in a split view, the last column.
        public var selectedTab: Int
        /// The modal stacks presented over the flow, bottom first.
        public var layers: [Stack]

        /// The stack the user sees in this flow: the top modal stack, or the selected tab's.
        public var top: Stack { layers.last ?? tabs[selectedTab] }
        /// Whether the flow is a tab bar.
        public var isTabs: Bool { Program.table.flows[flow.rawValue].isTabs }
        /// Whether the flow is a split view (`flow Mail split`), whose `tabs` are its columns.
        public var isSplit: Bool { Program.table.flows[flow.rawValue].isSplit }
    }

    /// What the UI layer does after a move, in order.
    public enum Command: Hashable, Sendable, CustomStringConvertible {
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
        /// A subflow starts in the screen at `index` of the stack `in`: a container for `flow` with
        /// the stacks `stacks` (one, or one per tab for a tabs flow). A `setRoot` for each of them
        /// and, for a tab bar, a `selectTab` follow.
        case start(FlowID, flow: Flow, stacks: [StackID], in: StackID, index: Int)
        /// The tab bar of `flow` now has these stacks, in order: a `restart` built it again with
        /// other tabs (`step Lists runs ListsFlow if hasLists`). A `setRoot` for each new stack
        /// and a `selectTab` follow. For a split view, its columns now shown, left to right (`show
        /// X`, `root`, the user's back from a column's first screen): a `setRoot` follows for a new one.
        case setTabs(FlowID, stacks: [StackID])
        /// The flow took an exit; the commands of its parent's exit handler follow.
        case finish(FlowID, exit: String)
        /// A back move showed the entry again, on top of `stack`, and handed its screen `value`
        /// from the move's payload (the step `receives` it): it comes after the back move's
        /// commands, and changes nothing on screen.
        case deliver(Program.Received, to: EntryID, on: StackID)
        /// An alert (or a dialog, `ShownAlert.isDialog`) goes up over the screen the user sees.
        case showAlert(ShownAlert)
        /// The alert with this id goes (a button was tapped, or a move was made while it was up).
        case closeAlert(id: Int)
        /// `open url`: the app hands this URL (as text) to the system, which opens it in the
        /// browser, mail, the settings or another app (`UIApplication.open`, SwiftUI's `openURL`).
        /// Nothing in the app moves.
        case openExternally(String)

        public var description: String {
            switch self {
            case .push(let screen, let stack): "push \(screen) on \(stack)"
            case .replace(let screen, let stack): "replace with \(screen) on \(stack)"
            case .present(let screen, let style, let stack, let flow): "present \(screen) as \(style) \(stack) by \(flow)"
            case .pop(let stack): "pop \(stack)"
            case .popTo(let screen, let index, let stack): "popTo \(screen) at \(index) on \(stack)"
            case .dismiss(let stack): "dismiss \(stack)"
            case .setRoot(let screen, let stack): "setRoot \(screen) on \(stack)"
            case .selectTab(let screen, let index, let flow): "selectTab \(index) (\(screen)) in \(flow)"
            case .setTabs(let flow, let stacks): "setTabs \(stacks.map(\.description).joined(separator: " ")) in \(flow)"
            case .start(let id, let flow, let stacks, let stack, let index):
                "start \(Program.table.flows[flow.rawValue].name) as \(id) with \(stacks.map(\.description).joined(separator: ", ")) "
                    + "in \(stack) at \(index)"
            case .finish(let flow, let exit): "finish \(flow) with \(exit)"
            case .deliver(let value, let entry, let stack): "deliver \(value) to \(entry) on \(stack)"
            case .showAlert(let alert): "show \(alert.isDialog ? "dialog" : "alert") \(alert.value) by \(alert.flow)"
            case .closeAlert(let id): "close alert#\(id)"
            case .openExternally(let url): "open \(url) outside the app"
            }
        }
    }

    /// What came of a `send`, an `open` or a move of the user.
    public struct Outcome: Hashable, Sendable, CustomStringConvertible {
        public enum Status: Hashable, Sendable, CustomStringConvertible {
            /// The move was made.
            case applied
            /// A guard said no (for a deep link: the way up to that guard was applied).
            case blocked(by: GuardID)
            /// No clause handles the event where the user is; no link matches the URL, or no path
            /// from the root that runs opens it.
            case unhandled
            /// A clause fired, but its action cannot act now: `pop` at the bottom of a stack,
            /// `dismiss` with nothing presented, `popTo` a screen that is not below.
            case impossible
            /// The user left the screen (went back, swiped a sheet away) while a guard was asked.
            case cancelled
            /// A deep link arrived while a step that keeps links (`step Terms keeps links`) is on
            /// screen: nothing moved, and the link waits in `Navigator.keptLink` until no such step
            /// is on screen, then opens (its outcome is in `history`, and its commands come after
            /// those of the call that took the step away).
            case kept

            public var description: String {
                switch self {
                case .applied: "applied"
                case .blocked(let guardID): "blocked by \(guardID)"
                case .unhandled: "unhandled"
                case .impossible: "impossible"
                case .cancelled: "cancelled"
                case .kept: "kept"
                }
            }
        }

        public let status: Status
        /// The commands for the UI layer: everything that changed, in order.
        public let commands: [Command]

        public init(status: Status, commands: [Command]) {
            self.status = status
            self.commands = commands
        }

        public var isApplied: Bool { status == .applied }

        public var description: String {
            commands.isEmpty ? "\(status)" : "\(status): " + commands.map(\.description).joined(separator: "; ")
        }
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
            /// The user tapped an item of a tab bar that presents its step (`step Post as sheet`).
            case userTappedTabItem(StepRef, in: FlowID)
            /// The user closed the alert with this id without a button (a dialog tapped around).
            case userClosedAlert(id: Int)
        }

        public let cause: Cause
        /// The screen the user saw when it happened.
        public let screen: Screen
        public let outcome: Outcome
        /// For a deep link, the entries of its path that were already on screen and stayed, from
        /// the root (see `open`); empty when the link rebuilt its path from the root.
        public var kept: [EntryID] = []
        /// The clauses whose actions it took: an event's, then the handler of each exit on the way.
        public var clauses: [ClauseTaken] = []
        /// The guards asked, in order, with their answers.
        public var answers: [GuardAnswer] = []
    }

    /// A flow's first screens: its start step, or every tab.
    struct Start {
        let flow: Int
        let screens: [Screen]
        let selected: Int
        /// The layer shown over the first screen as the flow starts (`start Home, cover Onboarding if g`).
        var launch: (screen: Screen, style: ModalStyle, lock: ProgramTable.Lock?)? = nil
    }

    /// What a clause does, with its target built from the payload.
    enum Move {
        case push(Screen), replace(Screen), root(Screen)
        /// `push X below`: on the stack beneath the flow's top modal layer, which stays up.
        case pushBelow(Screen)
        /// `sheet`, `popover` or `cover`: a new modal stack, with its lock (a sheet's or popover's).
        case present(Screen, ModalStyle, ProgramTable.Lock?)
        case select(StepRef), popTo(StepRef)
        /// `show X`: in a split view, X alone in its column (see `Navigator+Columns`).
        case show(Screen)
        /// `select X below`: the tab beneath the tab bar's layer on top, which stays.
        case selectBelow(StepRef)
        /// `close`: a `pop` where the top screen was pushed, a `dismiss` at the bottom of a modal stack.
        case pop, dismiss, close
        case exit(Exit)
        /// `restart`: the flow starts over where it runs, its start asked again.
        case restart
        /// `alert X` / `dialog X`: shows the alert over where the user is.
        case alert(AlertRef, Alert)
        /// `open url`: the URL, as text, handed to the system; nothing in the app moves.
        case openExternally(String)
        /// A back move, then a move that shows a screen on what it left: one transition.
        indirect case then(Move, Move)
    }

    enum Decision {
        case move(Move)
        case blocked(GuardRef)
        case unhandled
        /// The clause's move needs a value its payload does not hold (never, for a checked program).
        case impossible
    }
}
