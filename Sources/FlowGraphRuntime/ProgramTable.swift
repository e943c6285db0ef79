/// A program as data: its flows, steps, clauses, guards, events, exits and deep links, by index.
/// The generated router holds it as text (`ProgramTable.Text`), decoded once at first use; the
/// engine reads every decision from it, so the generated code holds only typed values.
public struct ProgramTable: Sendable {
    public var flows: [FlowInfo]
    /// Every pattern of every link, in the order a URL is tried on them: higher precedence first,
    /// then in the program's order (computed by `init(flows:)`).
    public private(set) var linkOrder: [PatternRef]

    static func linkOrder(_ flows: [FlowInfo]) -> [PatternRef] {
        var order: [(precedence: Int, ref: PatternRef)] = []
        for (flow, info) in flows.enumerated() {
            for (link, linkInfo) in info.links.enumerated() {
                for (pattern, patternInfo) in linkInfo.patterns.enumerated() {
                    order.append((patternInfo.precedence, PatternRef(link: LinkRef(flow: flow, index: link), pattern: pattern)))
                }
            }
        }
        // A stable sort: equal precedences keep the program's order.
        return order.enumerated().sorted { ($0.element.precedence, -$0.offset) > ($1.element.precedence, -$1.offset) }.map(\.element.ref)
    }

    /// One flow: its steps in order, and its guards, events, exits and links, each by index.
    public struct FlowInfo: Sendable {
        public var name: String
        public var isTabs: Bool
        /// The index of the start step; for a tabs flow, the tab selected first. With conditions,
        /// the first choice of `startChoices`.
        public var start: Int
        /// Where the flow starts when guards decide it (`start Home if isSignedIn else Welcome`):
        /// each choice with its condition, asked in order, the last without one; empty for a
        /// plain `start`.
        public var startChoices: [StartChoice] = []
        /// `start Home, cover Onboarding if g`: the layer shown over the first screen as the flow
        /// starts, when its condition holds (asked at once) or it has none.
        public var launch: Launch? = nil
        /// Whether no step runs the flow, so that the app can start there.
        public var isRoot: Bool
        public var steps: [StepInfo] = []
        public var guards: [GuardInfo] = []
        public var events: [String] = []
        public var exits: [String] = []
        /// The flow-level clauses, in source order.
        public var clauses: [Clause] = []
        public var links: [LinkInfo] = []
        /// The flow's alerts and dialogs, by index (`alert` and `dialog` actions name them).
        public var alerts: [AlertInfo] = []
        /// `flow Mail split`: a split view, whose base is its columns (the sidebar, the start; then
        /// the steps `show` puts in the content and detail columns, `StepInfo.column`).
        public var isSplit = false

        public init(name: String, isTabs: Bool, start: Int, isRoot: Bool, startChoices: [StartChoice] = [], steps: [StepInfo] = [],
                    guards: [GuardInfo] = [], events: [String] = [], exits: [String] = [], clauses: [Clause] = [],
                    links: [LinkInfo] = [], alerts: [AlertInfo] = []) {
            self.name = name
            self.isTabs = isTabs
            self.start = start
            self.isRoot = isRoot
            self.startChoices = startChoices
            self.steps = steps
            self.guards = guards
            self.events = events
            self.exits = exits
            self.clauses = clauses
            self.links = links
            self.alerts = alerts
        }

        /// The steps the flow may show first: every step it may start at, or every tab (not the
        /// items that present their step, `step Post as sheet`).
        public var firstSteps: [Int] {
            if isTabs { return steps.indices.filter { steps[$0].tabItem == nil } }
            return startChoices.isEmpty ? [start] : startChoices.map(\.step)
        }

        /// A tab bar's items that present their step (`step Post as sheet`), in order; none for a stack flow.
        public var tabItems: [Int] { isTabs ? steps.indices.filter { steps[$0].tabItem != nil } : [] }
    }

    /// What a flow shows over its first screen as it starts: a `cover` or a `sheet` of a step
    /// without inputs, when the condition holds (nil: always).
    public struct Launch: Hashable, Sendable {
        public var kind: ActionKind
        public var step: Int
        public var condition: Condition?

        public init(kind: ActionKind, step: Int, condition: Condition?) {
            self.kind = kind
            self.step = step
            self.condition = condition
        }
    }

    /// A step a flow may start at, and the condition that picks it (nil for the last choice).
    public struct StartChoice: Hashable, Sendable {
        public var step: Int
        public var condition: Condition?

        public init(step: Int, condition: Condition?) {
            self.step = step
            self.condition = condition
        }
    }

    public struct StepInfo: Sendable {
        public var name: String
        /// `name: Type` of each input, as the spec writes them.
        public var inputs: [String]
        /// `name: Type` of each value the step receives when a back move shows it again.
        public var receives: [String] = []
        /// The name of each input (`item` of `item: ItemID`), in order.
        public var inputLabels: [String] { inputs.map(Self.label) }
        /// The name of each value the step receives, in order.
        public var receivedLabels: [String] { receives.map(Self.label) }
        /// The flow the step runs, if it runs one.
        public var runs: Int?
        /// The step before this one on a shortest path from a root's first screen (a global
        /// index, see `ProgramTable.global`); `.start` for a first screen, `.none` when unreachable.
        public var path: PathLink
        /// The step's clauses, in source order: for a step that runs a flow, the handlers of the
        /// subflow's exits (their `trigger` is an exit of that flow).
        public var clauses: [Clause]
        /// `keeps links`: a link that arrives while the step is on screen waits (`Navigator.keptLink`)
        /// and opens once no such step is.
        public var keepsLinks = false
        /// `locked` or `locked while g` on the step: the lock of a sheet or popover that presents
        /// it by a move that says none (a link's move; the compiler writes it into each clause's too).
        public var lock: Lock? = nil
        /// `step Lists runs ListsFlow if hasLists`, a tab of a tab bar that is there only when the
        /// condition holds as the tab bar is built (when it starts, and on `restart`); nil for a
        /// tab that is always there, and for every step of a stack flow.
        public var condition: Condition? = nil
        /// `step Post as sheet`: an item of a tab bar that presents the step over it (`.sheet`,
        /// `.cover` or `.popover`) instead of being a tab; nil for a tab and for other steps.
        public var tabItem: ActionKind? = nil
        /// `detents medium, large interactive`: the heights a sheet showing the step stops at
        /// (empty: the platform's), and whether what is under it takes touches at its smallest.
        public var detents: [Detent] = []
        public var isInteractiveBelowDetents = false
        /// In a split flow, the column `show` puts the step in: 1 for `in content`, 2 for `in
        /// detail`; 0 for the sidebar's steps and for those pushed or presented.
        public var column = 0

        public init(name: String, inputs: [String], receives: [String] = [], runs: Int?, path: PathLink, clauses: [Clause],
                    keepsLinks: Bool = false) {
            self.name = name
            self.inputs = inputs
            self.receives = receives
            self.keepsLinks = keepsLinks
            self.runs = runs
            self.path = path
            self.clauses = clauses
        }

        private static func label(_ parameter: String) -> String { String(parameter.prefix { $0 != ":" }) }
    }

    /// A height a sheet stops at: the system's `medium` or `large`, or a height in points.
    public enum Detent: Hashable, Sendable {
        case medium, large
        case height(Int)
    }

    public enum PathLink: Hashable, Sendable {
        case none
        case start
        case after(Int)
    }

    /// `alert Name { on button -> move ... }`: a transient modal over the screen that showed it.
    /// Any button closes it; the button's clause then runs where it was shown.
    public struct AlertInfo: Sendable {
        public var name: String
        /// A confirmation dialog (`dialog`) rather than an alert.
        public var isDialog: Bool
        /// `name: Type` of each input.
        public var inputs: [String]
        /// Its buttons, in source order.
        public var buttons: [Button]

        public init(name: String, isDialog: Bool, inputs: [String], buttons: [Button]) {
            self.name = name
            self.isDialog = isDialog
            self.inputs = inputs
            self.buttons = buttons
        }
    }

    /// A button of an alert: its event (its index among the flow's events), and the clause it
    /// runs; nil for a button that only closes the alert.
    public struct Button: Sendable {
        public var trigger: Int
        public var clause: Clause?

        public init(trigger: Int, clause: Clause?) {
            self.trigger = trigger
            self.clause = clause
        }
    }

    public struct GuardInfo: Sendable {
        public var name: String
        public var isAsync: Bool

        public init(name: String, isAsync: Bool) {
            self.name = name
            self.isAsync = isAsync
        }
    }

    /// An `on` clause: its trigger, its conditions and one action for each, plus a final `else`.
    public struct Clause: Sendable {
        /// The event's index among the flow's events; for an exit handler, the exit's index
        /// among the exits of the flow the step runs.
        public var trigger: Int
        public var conditions: [Condition]
        /// One per condition, then the last `else` when there is one; one action without conditions.
        public var actions: [Action]

        public init(trigger: Int, conditions: [Condition], actions: [Action]) {
            self.trigger = trigger
            self.conditions = conditions
            self.actions = actions
        }
    }

    public struct Condition: Hashable, Sendable {
        /// The guard's index among the flow's guards.
        public var guardIndex: Int
        public var isNegated: Bool

        public init(guardIndex: Int, isNegated: Bool) {
            self.guardIndex = guardIndex
            self.isNegated = isNegated
        }

        /// The answer of the guard that makes the condition hold.
        public var holdsWhen: Bool { !isNegated }
    }

    public struct Action: Hashable, Sendable {
        public var kind: ActionKind
        /// The step (or for `exit`, the exit) the action names; nil for `pop`, `dismiss` and `close`.
        public var target: Int?
        /// The back moves made first, in order, in the same transition: `dismiss` in `dismiss, sheet
        /// Settings`, the first `pop` in `pop, pop`; empty for one move.
        public var backs: [Back]
        /// For `sheet Settings at Privacy`: the path inside the subflow the target runs, from its
        /// start (`.enter`) to the step `at` names, along clauses' moves; empty without `at`.
        public var at: [Hop] = []
        /// For `sheet Editor locked` or `popover X locked while g`: when the user cannot swipe the
        /// layer away (or tap outside the popover); nil when they always can, and for other kinds.
        public var lock: Lock?
        /// For `sheet Compose compact cover`: how the move presents on compact widths, where `kind`
        /// is how it presents on regular ones (`Navigator.sizeClass` says which the UI has); nil when
        /// it presents one way.
        public var compact: ActionKind?

        public init(kind: ActionKind, target: Int?, backs: [Back] = [], at: [Hop] = [], lock: Lock? = nil, compact: ActionKind? = nil) {
            self.kind = kind
            self.target = target
            self.backs = backs
            self.at = at
            self.lock = lock
            self.compact = compact
        }

        /// The kind the move presents with in `sizeClass`.
        public func kind(in sizeClass: SizeClass) -> ActionKind { sizeClass == .compact ? compact ?? kind : kind }

        /// The kinds as written: `push`, `dismiss, sheet`.
        public var written: String { (backs.map(\.kind.rawValue) + [kind.rawValue]).joined(separator: ", ") }
    }

    /// The width the UI lays the app out in, as UIKit's and SwiftUI's horizontal size class say: a
    /// move written `sheet Compose compact cover` presents as a cover in `.compact`.
    public enum SizeClass: String, Hashable, Sendable, CaseIterable {
        case compact, regular
    }

    /// When the user cannot swipe a sheet or popover away: always (`locked`), or while a guard of
    /// the flow that presents it, which answers at once and takes no arguments, makes the
    /// condition hold (`locked while hasDraft`, `locked while !isEmpty`).
    public enum Lock: Hashable, Sendable {
        case always
        case whileGuard(Condition)
    }

    /// A back move made before an action's own move: `pop`, `popTo` (with its step), `dismiss`, `close`.
    public struct Back: Hashable, Sendable {
        public var kind: ActionKind
        public var target: Int?

        public init(kind: ActionKind, target: Int?) {
            self.kind = kind
            self.target = target
        }
    }

    public enum ActionKind: String, Hashable, Sendable, CaseIterable {
        case push, sheet, popover, cover, replace, root, select, popTo, pop, dismiss, close, exit
        /// `show X`: in a split flow, X becomes the only screen of its column (`StepInfo.column`),
        /// the columns after it go, and the flow's modal layers close.
        case show
        /// Shows an alert (or a dialog) of the flow over the screen where the clause fired.
        case alert, dialog
        /// `open url`: hands a URL from the payload to the system; its target is the value's index
        /// among the flow's `openedValues`. No screen changes.
        case open
        /// `push X below`: pushes on the stack beneath the flow's top modal layer, which stays up.
        case pushBelow
        /// `restart`: the flow starts over (its start asked again); a tabs flow keeps its tab.
        case restart
        /// `select X below`: selects a tab beneath the tab bar's layer on top, which stays.
        case selectBelow

        /// Whether the action builds a screen of its target step, with its inputs.
        public var buildsScreen: Bool {
            switch self {
            case .push, .sheet, .popover, .cover, .replace, .root, .pushBelow, .show: true
            case .select, .popTo, .pop, .dismiss, .close, .exit, .alert, .dialog, .open, .restart, .selectBelow: false
            }
        }

        /// Whether the action names a target (a step, an exit, an alert, a value): all but `pop`,
        /// `dismiss`, `close` and `restart`.
        public var hasTarget: Bool {
            switch self {
            case .pop, .dismiss, .close, .restart: false
            case .push, .sheet, .popover, .cover, .replace, .root, .select, .popTo, .exit, .alert, .dialog, .open, .pushBelow, .selectBelow,
                 .show: true
            }
        }

        /// Whether a `locked` may follow the action: a sheet or a popover (a cover is always locked).
        public var canBeLocked: Bool {
            switch self {
            case .sheet, .popover: true
            case .push, .cover, .replace, .root, .select, .popTo, .pop, .dismiss, .close, .exit, .alert, .dialog, .open, .pushBelow, .restart,
                 .selectBelow, .show: false
            }
        }
    }

    /// A deep link: its patterns, the step it opens, and the path from a root that opens it.
    public struct LinkInfo: Sendable {
        /// The first pattern as written: `/items/{item}`.
        public var text: String
        public var target: Int
        /// `link "/a/{x}", "app://a/{x}" -> X`: one or more, in source order.
        public var patterns: [LinkPattern]
        /// The paths `open` may follow, each from a place the app may start at: the shortest from
        /// any root's first screen first, then a shortest one from each other first screen of a
        /// root (each choice of a `start` decided by guards, or another root) that leads there.
        /// `open` follows the one that keeps most of what is on screen. Empty when no path from a
        /// root opens the link.
        public var paths: [[Hop]]
        /// The first of `paths`: the shortest from a root; empty when there is none.
        public var path: [Hop] { paths.first ?? [] }
        /// For a link that makes its move where the user is (`link "/compose" -> sheet Compose`):
        /// the move, which the innermost running instance of its flow makes; `path` then leads to
        /// where the flow starts, for when it is not running.
        public var move: ActionKind? = nil
        /// For a move with `at` (`-> sheet Project at Comments`): the path inside the subflow the
        /// move's target runs, from its start (`.enter`) to the step `at` names; empty without `at`.
        public var at: [Hop] = []
        /// `dismiss` in `-> dismiss, sheet Project`: the flow's top sheet, when one is up, closes before the move.
        public var back: ActionKind? = nil
        /// For a link that decides (`-> ManagePledge if isSignedIn else sheet SignIn`): the guards
        /// asked before it opens anything, one per branch that has one, in order (`conditions[i]`
        /// is asked before `branches[i]`), with the URL's values as their arguments. The first
        /// branch whose condition holds is opened, or the last when it has none; when none is, the
        /// link is refused: `blocked` by the guard asked last.
        public var conditions: [Condition] = []
        /// The targets of the `else` branches, after the first (`target`, `move`, `paths`).
        public var otherwise: [LinkBranch] = []
        /// How many values a URL gives (the link's parameters: the first target's inputs, then the
        /// placeholders only other branches use); nil: the first target's inputs.
        public var valueCount: Int? = nil

        public init(text: String, target: Int, patterns: [LinkPattern], paths: [[Hop]], move: ActionKind? = nil) {
            self.text = text
            self.target = target
            self.patterns = patterns
            self.paths = paths
            self.move = move
        }

        /// Every branch, the first (the link's own target) first.
        public var branches: [LinkBranch] { [LinkBranch(target: target, move: move, paths: paths, at: at, back: back)] + otherwise }
    }

    /// A target a link may open: a step of its flow, opened along one of `paths` from a root, or,
    /// with a move, by that move where the flow runs.
    public struct LinkBranch: Sendable {
        public var target: Int
        public var move: ActionKind?
        public var paths: [[Hop]]
        /// The path of the move's `at` inside the subflow its target runs; empty without `at`.
        public var at: [Hop]
        /// `dismiss` before the move: the flow's top sheet, when one is up, closes first.
        public var back: ActionKind?

        public init(target: Int, move: ActionKind? = nil, paths: [[Hop]], at: [Hop] = [], back: ActionKind? = nil) {
            self.target = target
            self.move = move
            self.paths = paths
            self.at = at
            self.back = back
        }

        /// The move as a clause's action: its target, its `at` path and the back move before it.
        public var action: Action? {
            move.map { Action(kind: $0, target: target, backs: back.map { [Back(kind: $0, target: nil)] } ?? [], at: at) }
        }

        /// The first of `paths`: the shortest from a root; empty when there is none.
        public var path: [Hop] { paths.first ?? [] }
    }

    /// One pattern of a link.
    public struct LinkPattern: Sendable {
        /// As written: `https://{host}/@{account}`.
        public var text: String
        public var scheme: String?
        public var segments: [PatternPart]
        /// Query items: key (matched exactly), and its value.
        public var query: [(key: String, value: PatternPart)]
        /// `ignoring case`: literals match whatever their case. A scheme and a host always do.
        public var ignoresCase = false
        /// How many patterns of other links match every URL this one matches, and more: a URL is
        /// tried on the patterns of higher precedence first (the compiler proved that two patterns
        /// that can match one URL have different precedences).
        public var precedence = 0
        /// The input that gets the whole URL, as `open` received it (`link "https://**" as url`).
        public var wholeURL: Int?

        public init(text: String, scheme: String?, segments: [PatternPart], query: [(key: String, value: PatternPart)],
                    ignoresCase: Bool = false, precedence: Int = 0) {
            self.text = text
            self.scheme = scheme
            self.segments = segments
            self.query = query
            self.ignoresCase = ignoresCase
            self.precedence = precedence
        }
    }

    public enum PatternPart: Hashable, Sendable {
        case literal(String)
        /// Names an input of the target step, by its index.
        case placeholder(Int)
        /// `@{user}`, `{id}.json`: an input between a literal prefix and suffix; its text is not empty.
        case affixed(prefix: String, input: Int, suffix: String)
        /// `*`: any one segment.
        case wildcard
        /// `**` (nil) or `{path...}`: the rest of the path, one segment or more, the last
        /// segment; an input gets the segments' texts joined with `/`.
        case rest(input: Int?)
    }

    /// One pattern of one link, by index.
    public struct PatternRef: Hashable, Sendable {
        public let link: LinkRef
        public let pattern: Int
    }

    /// One hop of a link's path, or of the path of an action's `at`.
    public enum Hop: Hashable, Sendable {
        /// The root flow shows this step (its start, or a tab) with nothing over it.
        case bottom(StepRef)
        /// The subflow just entered starts over at this step (its start, or a tab).
        case enter(StepRef)
        /// An action of a clause.
        case move(ClauseRef)
    }

    /// A clause of the program, and which action of its chain (0 for the first, k for the k-th `else`).
    public struct ClauseRef: Hashable, Sendable {
        public var flow: Int
        /// The step whose clause it is; nil for a flow-level clause.
        public var step: Int?
        public var clause: Int
        public var branch: Int

        public init(flow: Int, step: Int?, clause: Int, branch: Int) {
            self.flow = flow
            self.step = step
            self.clause = clause
            self.branch = branch
        }
    }

    /// The clauses of a place: a step's, or the flow level's.
    public func clauses(flow: Int, step: Int?) -> [Clause] {
        step.map { flows[flow].steps[$0].clauses } ?? flows[flow].clauses
    }

    public func clause(_ ref: ClauseRef) -> Clause { clauses(flow: ref.flow, step: ref.step)[ref.clause] }

    /// The step of a global index: steps numbered flow by flow, in order.
    public func step(global index: Int) -> StepRef {
        var flow = 0
        while flow + 1 < offsets.count, offsets[flow + 1] <= index { flow += 1 }
        return StepRef(flow: flow, step: index - offsets[flow])
    }

    public func global(_ step: StepRef) -> Int { offsets[step.flow] + step.step }

    /// `Flow.Step`.
    public func name(_ step: StepRef) -> String { "\(flows[step.flow].name).\(flows[step.flow].steps[step.step].name)" }

    /// A guard's name as written (`isSignedIn`), without its flow.
    public func guardName(_ ref: GuardRef) -> String { flows[ref.flow].guards[ref.index].name }

    /// The index of each flow's first step in the global numbering.
    var offsets: [Int] = []

    public init(flows: [FlowInfo]) {
        self.flows = flows
        linkOrder = Self.linkOrder(flows)
        var total = 0
        offsets = flows.map { flow in
            defer { total += flow.steps.count }
            return total
        }
    }
}
