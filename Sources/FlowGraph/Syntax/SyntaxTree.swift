/// The parsed program: every flow declaration of every file, in file and source order.
package struct SyntaxTree: Sendable {
    public var files: [SourceFile]
    public var flows: [FlowSyntax]
    /// Whether a syntax error lost text outside every flow (which may have held flows).
    public var hasLostFlows = false
    /// Every `// flowgraph:ignore` comment of every file, in file and source order.
    public var ignores: [IgnoreComment]
    /// Every `import` of every file, in file and source order.
    public var imports: [ImportSyntax] = []
    /// Every `journey` of every file, in file and source order.
    public var journeys: [JourneySyntax] = []
    /// The numbers of the names of every file (`Name.id`).
    package var names = NameNumbers()

    public init(files: [SourceFile], flows: [FlowSyntax], ignores: [IgnoreComment] = []) {
        self.files = files
        self.flows = flows
        self.ignores = ignores
    }
}

/// `import Module` or `import Module.Submodule`: a module the generated router imports.
package struct ImportSyntax: Sendable, Hashable {
    /// The module's path as written, `Foundation` or `Mastodon.Entity`.
    public let module: String
    public let range: SourceRange
}

/// A name as written, with where it was written, and its number in the program.
package struct Name: Sendable, Hashable {
    public let text: String
    public let range: SourceRange
    /// The name's number in its program (`NameNumbers`): names with the same text have the same.
    /// `NameID.none` for a name read without the program's numbers (a rule an ignore comment names).
    package let id: NameID

    init(text: String, range: SourceRange, id: NameID = .none) {
        self.text = text
        self.range = range
        self.id = id
    }

    /// Equal when the text and the place are: the number follows from the text.
    public static func == (lhs: Name, rhs: Name) -> Bool { lhs.text == rhs.text && lhs.range == rhs.range }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(range)
    }
}

/// A name shows its text and place (the number depends on what else its program holds: a file
/// parsed again after an edit may number its names otherwise than parsed whole).
extension Name: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["text": text, "range": range], displayStyle: .struct) }
}

/// A Swift type, kept as written but with canonical spacing (`[String: Int]`, `Result<A, B>`).
package struct TypeSyntax: Sendable, Hashable {
    public let text: String
    public let range: SourceRange
}

/// `name: Type` in a step's inputs, an exit's inputs, an event's payload or a guard's arguments.
package struct ParameterSyntax: Sendable, Hashable {
    public let name: Name
    public let type: TypeSyntax
}

/// `flow Name tabs? { ... }`, or `destinations Name { ... }`: screens that flows share (`use Name`).
package struct FlowSyntax: Sendable {
    public let name: Name
    public let isTabs: Bool
    /// `flow Mail split`: a split view, whose start is the sidebar and whose steps `in content` and
    /// `in detail` are shown in those columns (`show X`).
    public var isSplit = false
    /// Whether this is a `destinations` group rather than a flow: steps, guards and `on` clauses
    /// that each flow that `use`s it gets as if it declared them (see `FlowProgram.groups`).
    public var isDestinations = false
    public let doc: [String]
    public let range: SourceRange
    /// The offset just past the flow's closing brace (or where its text ends).
    public var end: Int = 0
    /// Whether a syntax error lost some of the flow's text outside its steps: text that may have
    /// been a flow-level `on` clause (any move from any step), or a declaration.
    public var isIncomplete = false
    /// Whether a syntax error lost text outside the flow's steps that may have declared a name
    /// (`step`, `exit`, `guard`, `start`, or a line that is none of the flow's members).
    public var hasLostDeclarations = false
    /// Whether a syntax error lost a `link` line before its target was read: that link may show
    /// any step of the flow.
    public var hasLostLinks = false
    public var starts: [StartSyntax] = []
    public var steps: [StepSyntax] = []
    public var exits: [ExitSyntax] = []
    public var guards: [GuardSyntax] = []
    public var links: [LinkSyntax] = []
    /// Flow-level `on` clauses: they apply in every step of the flow.
    public var clauses: [ClauseSyntax] = []
    /// `use Name`: the destinations groups whose screens the flow shares, in source order.
    public var uses: [Name] = []
    /// `alert Name { ... }` and `dialog Name { ... }`: the transient modals the flow's clauses show.
    public var alerts: [AlertSyntax] = []
}

/// Whether a transient modal is an alert (`alert`) or a confirmation dialog (`dialog`, an action
/// sheet on iPhone): the one place that lists the styles.
package enum AlertStyle: String, Sendable, Hashable, CaseIterable {
    case alert, dialog
}

/// `alert Name(inputs) { on button(payload) -> move ... }` or `dialog Name(inputs) { ... }`: a
/// transient modal. Any button closes it; a button's move is then taken where it was shown.
package struct AlertSyntax: Sendable {
    public let style: AlertStyle
    public let name: Name
    public let inputs: [ParameterSyntax]
    /// Its buttons, in source order (the order the app shows them).
    public let buttons: [ClauseSyntax]
    public let doc: [String]
    public let range: SourceRange
    /// Whether a syntax error lost some of its text.
    public var isIncomplete = false
}

/// `step Name(inputs) receives (values) runs Flow { on ... }`
package struct StepSyntax: Sendable {
    public let name: Name
    public let inputs: [ParameterSyntax]
    public let runs: Name?
    public let clauses: [ClauseSyntax]
    public let doc: [String]
    public let range: SourceRange
    /// Whether a syntax error lost some of the step's text.
    public var isIncomplete = false
    /// `receives (address: AddressID)`: the values a back move may hand the step when it shows it
    /// again (see docs/Language.md, "Results handed back").
    public var receives: [ParameterSyntax] = []
    /// The range of the word `receives`, when it is written.
    public var receivesRange: SourceRange? {
        get { extras.first?.receivesRange }
        set { change { $0.receivesRange = newValue } }
    }
    /// The range of `keeps links`, when it is written: a link that arrives while the step is on
    /// screen is kept, and opened once it is not.
    public var keepsLinksRange: SourceRange? {
        get { extras.first?.keepsLinksRange }
        set { change { $0.keepsLinksRange = newValue } }
    }
    /// `locked` or `locked while g` after the step's header: every `sheet` or `popover` that
    /// presents the step is locked so, as if the move said it (see docs/Language.md).
    public var lock: LockSyntax? {
        get { extras.first?.lock }
        set { change { $0.lock = newValue } }
    }
    /// `if hasLists` after the header of a tab (`step Lists runs ListsFlow if hasLists`): the tab
    /// is there only when the guard says so as the tab bar is built. Only in a tabs flow.
    public var condition: GuardTestSyntax? {
        get { extras.first?.condition }
        set { change { $0.condition = newValue } }
    }
    /// `step Post as sheet`: an item of the tab bar that presents its step over the tab bar
    /// (`sheet`, `cover` or `popover`) instead of selecting a tab. Only in a tabs flow.
    public var tabItem: ActionKind? {
        get { extras.first?.tabItem }
        set { change { $0.tabItem = newValue } }
    }
    /// The range of `as sheet`, when written.
    public var tabItemRange: SourceRange? {
        get { extras.first?.tabItemRange }
        set { change { $0.tabItemRange = newValue } }
    }
    /// `detents medium, large interactive`: the heights a sheet showing the step stops at.
    public var detents: Detents? {
        get { extras.first?.detents }
        set { change { $0.detents = newValue } }
    }
    /// `like AccountDetail` after the inputs: the step has the clauses of that step, besides its
    /// own (one screen with several entries: `step AccountDetailWithAccount(account: Account) like
    /// AccountDetail`).
    public var like: Name? {
        get { extras.first?.like }
        set { change { $0.like = newValue } }
    }
    /// `in content` or `in detail` after a step's header: the column of a split flow that `show`
    /// puts the step in. Only in a split flow.
    public var column: SplitColumn? {
        get { extras.first?.column }
        set { change { $0.column = newValue } }
    }
    /// The range of `in content`, when written.
    public var columnRange: SourceRange? {
        get { extras.first?.columnRange }
        set { change { $0.columnRange = newValue } }
    }
    /// The ten above, out of line: most steps say none of them, and a program has many steps. A
    /// field added to `Extras` is added to its `isEmpty` too (else it is dropped).
    var extras: [Extras] = []

    struct Extras: Sendable {
        var receivesRange: SourceRange?
        var keepsLinksRange: SourceRange?
        var lock: LockSyntax?
        var condition: GuardTestSyntax?
        var tabItem: ActionKind?
        var tabItemRange: SourceRange?
        var detents: Detents?
        var like: Name?
        var column: SplitColumn?
        var columnRange: SourceRange?

        /// Matched case by case: `lock == nil` copied the lock through the generic `Optional`'s
        /// witness, twice a step.
        var isEmpty: Bool {
            guard receivesRange == nil, keepsLinksRange == nil, tabItem == nil, tabItemRange == nil, column == nil,
                  columnRange == nil, case .none = lock, case .none = condition, case .none = detents, case .none = like
            else { return false }
            return true
        }
    }

    /// `extras` holding `value`, nothing when it is empty: a step is made with its ten at once (the
    /// parser), where a setter each made, tested and dropped an `Extras` ten times a step.
    static func stored(_ value: Extras) -> [Extras] { value.isEmpty ? [] : [value] }

    private mutating func change(_ body: (inout Extras) -> Void) {
        var value = extras.first ?? Extras()
        body(&value)
        extras = Self.stored(value)
    }
}

/// The columns of a split flow after its sidebar (the flow's start): what `step X in content`
/// names. A split view with no `content` step has two columns, the sidebar and the detail.
package enum SplitColumn: String, Sendable, Hashable, CaseIterable {
    case content, detail

    /// The column's place from the left, the sidebar being 0.
    public var index: Int { self == .content ? 1 : 2 }
}

/// `detents medium, large, height 200 interactive` on a step: the heights a sheet (or a popover
/// shown as a sheet) that shows it may stop at, smallest first as written, and whether what is
/// under the sheet takes touches while it stops at its smallest. Presentation details the UI
/// adapters apply; the checker gives them no meaning.
package struct Detents: Sendable, Hashable {
    package enum Detent: Sendable, Hashable {
        case medium, large
        /// A height in points.
        case height(Int)

        /// As written: `medium`, `large`, `height 200`.
        public var written: String {
            switch self {
            case .medium: "medium"
            case .large: "large"
            case .height(let points): "height \(points)"
            }
        }
    }

    public var detents: [Detent]
    public var isInteractive: Bool
    public var range: SourceRange

    /// As written: `detents medium, large interactive`.
    public var written: String {
        "detents " + detents.map(\.written).joined(separator: ", ") + (isInteractive ? " interactive" : "")
    }
}

/// `exit Name(inputs)`
package struct ExitSyntax: Sendable {
    public let name: Name
    public let inputs: [ParameterSyntax]
    public let doc: [String]
    public let range: SourceRange
}

/// `start A`, or where the flow starts decided by guards: `start Home if isSignedIn else Welcome`,
/// `start Terms if !acceptedTerms else Intro if isFirstLaunch else Home`.
package struct StartSyntax: Sendable {
    /// The steps it may start at, in the order their conditions are asked; the last has none.
    public let choices: [Name]
    /// The condition of each choice but the last: choice `k` when conditions `0..<k` fail and `k` holds.
    /// (After a syntax error, the last choice may have one too.)
    public let conditions: [GuardTestSyntax]
    public let range: SourceRange

    /// The first choice: the step the flow starts at when it has no conditions.
    public var name: Name { choices[0] }
    /// `, cover Onboarding if needsOnboarding`: what is shown over the first screen when the flow starts.
    public var launch: LaunchSyntax?
}

/// `cover X if g` or `sheet X` after a start's choices: a layer the flow shows over its first
/// screen as it starts (onboarding, terms, what's new), when the guard (asked at once) holds.
package struct LaunchSyntax: Sendable {
    /// `cover` or `sheet`.
    public let kind: ActionKind
    public let target: Name
    public let condition: GuardTestSyntax?
    /// From `cover` or `sheet` to the end.
    public let range: SourceRange
}

/// `if g` or `if !g` of a `start`.
/// `if g` / `if !g` alone: a test of a `start`'s choice, or of a link's target.
package struct GuardTestSyntax: Sendable, Hashable {
    public let guardName: Name
    public let isNegated: Bool
    public let range: SourceRange
}

/// `guard async? Name(parameters)`
package struct GuardSyntax: Sendable {
    public let name: Name
    public let isAsync: Bool
    /// The arguments the guard is asked with, bound by name from the payload of each clause that uses it.
    public let parameters: [ParameterSyntax]
    public let doc: [String]
    public let range: SourceRange
}

/// `link "pattern" -> Step`
/// `link "/a/{x}", "app://a/{x}" -> Step ignoring case`
/// `link "pattern" -> sheet Step`: a link that makes its move where the user is.
package struct LinkSyntax: Sendable {
    /// One pattern in quotes, as written (escapes read).
    public struct Pattern: Sendable {
        public let text: String
        public let range: SourceRange
    }

    public let patterns: [Pattern]
    public let target: Name
    public let ignoresCase: Bool
    public let range: SourceRange
    /// `sheet` in `link "/compose" -> sheet Compose`: the move the link makes over whatever its
    /// flow shows (nil: the link opens its step along a path from the root).
    public var move: ActionKind?
    /// `at Comments` in `-> sheet Project at Comments`: the step of the subflow the target runs
    /// where the move opens it (only after a move).
    public var at: Name?
    /// The steps after `at`'s first (`at A.B`), each in the subflow the one before it runs.
    public var atDeeper: [Name] = []
    /// `dismiss` in `-> dismiss, sheet Project`: the top sheet of the flow, if one is up, closes first.
    public var back: ActionKind?
    /// Whether a syntax error on its line lost some of it (after its target): its move is one
    /// that may happen, as far as the checker knows.
    public var isIncomplete = false
    /// `if isSignedIn` in `-> ManagePledge if isSignedIn else sheet SignIn`: the guard asked before
    /// each target, in order (`conditions[0]` before `target`, `conditions[i]` before
    /// `otherwise[i - 1]`); one more than `otherwise` for a link that may be refused.
    public var conditions: [GuardTestSyntax] = []
    /// The targets after `else`, in order.
    public var otherwise: [LinkTargetSyntax] = []
    /// `url` in `link "https://**" as url -> Browser`: the value that is the whole URL.
    public var wholeURL: Name?
}

/// `sheet SignIn` or `SignIn` after a link's `else`: another target it may open.
package struct LinkTargetSyntax: Sendable {
    public let target: Name
    public let move: ActionKind?
    /// `at Y` after a move's target.
    public var at: Name?
    /// The steps after `at`'s first (`at A.B`), each in the subflow the one before it runs.
    public var atDeeper: [Name] = []
    /// `dismiss` before the move (`-> dismiss, sheet SignIn`).
    public var back: ActionKind?
}

/// `on event(payload) -> action if !guard else action`; in an alert, `on button` alone (no action:
/// the button only closes the alert).
///
/// A class, immutable once parsed: the resolver and the editor pass clauses around, and a copy
/// of this struct of 184 bytes retained each of its references (the resolver copied every clause
/// it read, a twentieth of `check`'s instructions with its steps').
package final class ClauseSyntax: Sendable {
    public let event: Name
    public let payload: [ParameterSyntax]
    /// Nil only for an alert's button that only closes it.
    public let action: ActionSyntax?
    /// `if g`, out of line: most clauses have none, and a condition is 168 bytes (a program has
    /// many clauses: `check`'s and the language server's memory).
    private let conditions: [ConditionSyntax]
    public let doc: [String]
    public let range: SourceRange

    public var condition: ConditionSyntax? { conditions.first }

    init(event: Name, payload: [ParameterSyntax], action: ActionSyntax?, condition: ConditionSyntax?, doc: [String], range: SourceRange) {
        self.event = event
        self.payload = payload
        self.action = action
        conditions = condition.map { [$0] } ?? []
        self.doc = doc
        self.range = range
    }
}

/// The kinds of action, as written.
package enum ActionKind: String, Sendable, CaseIterable, Hashable {
    case push, sheet, popover, cover, replace, root, popTo, select, exit, pop, dismiss, close
    /// `alert X` / `dialog X`: shows a transient modal of the flow over where the user is.
    case alert, dialog
    /// `open url`: hands the URL the payload carries as `url` to the system (the browser, mail,
    /// the settings, another app); no screen of the app changes.
    case open
    /// `push X below`: pushes X on the stack beneath the flow's top modal layer, which stays up (an
    /// About sheet that pushes a profile on the tab's stack under it). Written `push X below`: its
    /// raw value, with a space, is never read as one word.
    case pushBelow = "push below"
    /// `select X below`: selects tab X beneath the tab bar's layer on top, which stays (the
    /// platform's own way: UIKit's `selectedIndex` leaves a presented sheet up); with no layer
    /// up, `select X`. Written `select X below`.
    case selectBelow = "select below"
    /// `restart`: the flow starts over, as if it were started now: its modal layers close, its start
    /// choices are asked again, and every screen it shows (with what runs in it) is built anew; a
    /// tabs flow keeps the tab selected when that tab is still there.
    case restart
    /// `show X`: in a `split` flow, X (a step `in content` or `in detail`) becomes the only
    /// screen of its column, the columns after it empty, and the flow's modal layers close.
    case show

    /// What the action's target is: the one place that says it, for every stage that asks.
    public enum TargetRole: Sendable, Hashable {
        /// A step shown anew, built with its inputs from the payload (`push`, `sheet`, `popover`,
        /// `cover`, `replace`, `root`).
        case newScreen
        /// A step already shown, with its inputs (`select` a tab, `popTo` a screen below).
        case shownStep
        /// An exit of the flow, built with its inputs from the payload.
        case exit
        /// An alert or dialog of the flow, shown over where the user is (`alert`, `dialog`).
        case alert
        /// A value of the payload, the URL the system opens (`open url`).
        case payloadValue
        /// No target (`pop`, `dismiss`, `close`).
        case none
    }

    public var targetRole: TargetRole {
        switch self {
        case .push, .sheet, .popover, .cover, .replace, .root, .pushBelow, .show: .newScreen
        case .select, .selectBelow, .popTo: .shownStep
        case .exit: .exit
        case .alert, .dialog: .alert
        case .open: .payloadValue
        case .pop, .dismiss, .close, .restart: .none
        }
    }

    /// Whether the action selects a tab: `select X`, or `select X below` (beneath the layer on top).
    public var selects: Bool { self == .select || self == .selectBelow }

    /// Whether the action names a target (`push X`) or stands alone (`pop`).
    public var hasTarget: Bool { targetRole != .none }

    /// Whether the action goes back to what was shown before (`pop`, `popTo`, `dismiss`, `close`):
    /// such a move may come first in a clause, before the screen the clause shows.
    public var goesBack: Bool {
        switch self {
        case .pop, .popTo, .dismiss, .close: true
        case .push, .sheet, .popover, .cover, .replace, .root, .select, .exit, .alert, .dialog, .open, .pushBelow, .restart, .selectBelow,
             .show: false
        }
    }

    /// The style of the transient modal `alert X` or `dialog X` shows; nil for every other move.
    /// (A switch: `AlertStyle(rawValue: kind.rawValue)` compared strings, for every action resolved.)
    public var alertStyle: AlertStyle? {
        switch self {
        case .alert: .alert
        case .dialog: .dialog
        case .push, .sheet, .popover, .cover, .replace, .root, .select, .exit, .popTo, .pop, .dismiss, .close, .open, .pushBelow,
             .restart, .selectBelow, .show: nil
        }
    }

    /// Whether the action presents its target in a new modal layer (`sheet`, `popover`, `cover`).
    public var presents: Bool {
        switch self {
        case .sheet, .popover, .cover: true
        case .push, .replace, .root, .select, .exit, .popTo, .pop, .dismiss, .close, .alert, .dialog, .open, .pushBelow, .restart, .selectBelow,
             .show: false
        }
    }

    /// Whether the layer the action presents can be `locked` against the user's swipe (or tap
    /// outside): a `sheet` or a `popover`. A cover is locked always; nothing else presents a layer.
    public var canBeLocked: Bool {
        switch self {
        case .sheet, .popover: true
        case .cover, .push, .replace, .root, .select, .exit, .popTo, .pop, .dismiss, .close, .alert, .dialog, .open, .pushBelow, .restart,
             .selectBelow, .show: false
        }
    }

    /// Whether a link may make the move where the user is (`link "/compose" -> sheet Compose`): one
    /// that shows its target over what is on screen, leaving it there, or that selects a tab of the
    /// tab bar that runs (`link "/search/{query}" -> select Search at Results`).
    public var isLinkMove: Bool {
        switch self {
        case .push, .sheet, .popover, .cover, .select: true
        case .replace, .root, .exit, .pop, .popTo, .dismiss, .close, .alert, .dialog, .open, .pushBelow, .restart, .selectBelow, .show: false
        }
    }

    /// Whether the action may follow a back move in one clause (`dismiss, sheet Settings`): it
    /// shows a new screen over what the back move left (`push`, `sheet`, `popover`, `cover`, `replace`).
    public var canFollowABackMove: Bool {
        switch self {
        case .push, .sheet, .popover, .cover, .replace: true
        case .root, .select, .exit, .pop, .popTo, .dismiss, .close, .alert, .dialog, .open, .pushBelow, .restart, .selectBelow, .show: false
        }
    }
}

/// `push Target`, `pop`, ...
package struct ActionSyntax: Sendable, Hashable {
    // The one-byte kinds after the range, where the target's end leaves room (a program has an
    // action a clause: 8 bytes each).
    public let target: Name?
    /// The move's own range (for `dismiss, sheet X`, that of `sheet X`).
    public let range: SourceRange
    public let kind: ActionKind
    /// `compact cover` after `sheet Compose`: how the move presents on compact widths (an iPhone, a
    /// narrow iPad window), where `kind` is how it presents on regular ones; nil when it is the same.
    public var compact: ActionKind?
    /// The back moves made first in the same clause, in order: `dismiss` in `dismiss, sheet
    /// Settings`, the first `pop` of `pop, pop` (each itself without one).
    public var before: [ActionSyntax] = []
    /// The steps `at` names, in order (`Notifications`, `Profile` in `root Main at
    /// Notifications.Profile`): each in the subflow the one before it runs, the first in the one
    /// the target runs. Empty without `at`; one array, so that an action without one stays small.
    public var atPath: [Name] = []
    /// `at Privacy` in `sheet Settings at Privacy`: the step of the subflow the target runs where
    /// the move opens it (only after `push`, `sheet`, `popover`, `cover`, `replace` and `root`).
    public var at: Name? { atPath.first }
    /// The steps after `at`'s first.
    public var atDeeper: ArraySlice<Name> { atPath.dropFirst() }
    /// `locked` or `locked while hasDraft` after `sheet X` or `popover X`: the user cannot swipe
    /// the layer away (or tap outside it), always or while the guard holds.
    public var lock: LockSyntax?

    public init(kind: ActionKind, target: Name?, range: SourceRange, before: [ActionSyntax] = [], at: Name? = nil,
                lock: LockSyntax? = nil) {
        self.init(kind: kind, target: target, range: range, before: before, atPath: at.map { [$0] } ?? [], lock: lock, compact: nil)
    }

    /// Every field at once: the parser's (a value set field by field after it is made is copied
    /// when returned).
    init(kind: ActionKind, target: Name?, range: SourceRange, before: [ActionSyntax], atPath: [Name], lock: LockSyntax?,
         compact: ActionKind?) {
        self.kind = kind
        self.target = target
        self.range = range
        self.before = before
        self.atPath = atPath
        self.lock = lock
        self.compact = compact
    }
}

/// `locked`, or `locked while hasDraft` / `locked while !isEmpty`: when the user cannot swipe a
/// sheet or popover away.
package struct LockSyntax: Sendable, Hashable {
    /// The guard the lock holds while; nil for `locked` alone (always).
    public let guardName: Name?
    public let isNegated: Bool
    /// From `locked` to the guard's name.
    public let range: SourceRange
}

/// `if !guard else action`, where the `else` action may have a condition of its own:
/// `cover Banned if isBanned else push Checkout if isLoggedIn else sheet Login`.
package struct ConditionSyntax: Sendable, Hashable {
    public let guardName: Name
    public let isNegated: Bool
    public let elseAction: ActionSyntax?
    /// The condition of the `else` action, when it has one (at most one element).
    public let elseChain: [ConditionSyntax]
    public let range: SourceRange

    public var elseCondition: ConditionSyntax? { elseChain.first }
}
