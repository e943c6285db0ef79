#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// The resolved program: every name bound, ready for analysis and the back ends.
///
/// References are indices: a flow by its index in `flows`, a step or exit by its index in its
/// flow. A reference the resolver could not bind is `nil` (and was reported).
public struct FlowProgram: Sendable {
    public var files: [SourceFile]
    package var flows: [Flow]
    /// Flows that no step runs, in declaration order: where the app starts.
    package var roots: [FlowIndex]
    /// For each flow, the steps that run it, in declaration order.
    package var runners: [[StepReference]]
    /// Whether text outside any flow was lost to a syntax error: it may have held flows.
    public var hasLostFlows = false
    /// The modules the `.flow` files import, each once, in order of first appearance: the
    /// generated router imports them, so payload types may come from them.
    public var imports: [String] = []
    /// The `journey` declarations, in file and source order (see docs/Journeys.md).
    package var journeys: [Journey] = []
    /// The `destinations` groups, in declaration order. Each flow that uses one has its steps,
    /// guards and clauses as if it declared them (`Step.shared` marks them), with a stack of its
    /// own; the group itself is what is declared once: one Swift type, one drawing, one report.
    package var groups: [DestinationGroup] = []

    /// The group whose declaration holds `range` (a step, clause or guard written in it), if any.
    public func group(containing range: SourceRange) -> Int? {
        groups.firstIndex { $0.span.contains(range) }
    }

    /// Whether `flow` (or a group's declaration) uses group `group` only through another group it uses.
    package func usesThroughAnother(_ flow: Flow, _ group: Int) -> Bool {
        flow.uses.contains { $0 != group && groups[$0].uses.contains(group) }
    }

    /// The flows and the groups whose `use` of group `group` is written, not implied by another
    /// group they use: where diagrams draw a `use` edge.
    package func directUsers(of group: Int) -> (flows: [FlowIndex], groups: [Int]) {
        (groups[group].users.filter { !usesThroughAnother(flows[$0], group) },
         groups.indices.filter { groups[$0].uses.contains(group) && !usesThroughAnother(groups[$0].declaration, group) })
    }

    /// The flow-level clauses written in `flow` itself, without those of the groups it uses (the
    /// diagrams draw those once, with the group).
    package func ownClauses(of flow: Flow) -> [Clause] {
        flow.uses.isEmpty ? flow.clauses : flow.clauses.filter { group(containing: $0.range).map { !flow.uses.contains($0) } ?? true }
    }

    package func flow(named name: String) -> FlowIndex? { flows.firstIndex { $0.name == name }.map { FlowIndex($0) } }

    package subscript(reference: StepReference) -> Step { flows[reference.flow].steps[reference.step] }

    /// `Flow.Step`, the way paths and subjects name a step.
    package func qualifiedName(_ reference: StepReference) -> String {
        "\(flows[reference.flow].name).\(self[reference].name)"
    }
}

/// `destinations Name { ... }`: steps, guards and `on` clauses shared by the flows that `use` it.
package struct DestinationGroup: Sendable {
    /// The group resolved on its own, as a flow without start, exits or links: its names bind
    /// only to its own steps and guards and those of the groups it uses (which come after its own,
    /// marked `shared` like in a flow), so what it says means the same in every flow that uses it.
    public var declaration: Flow
    /// The flows that use it, in program order.
    public var users: [FlowIndex]
    /// Its text, from its keyword to its closing brace: what was declared in it.
    public var span: SourceRange

    public var name: String { declaration.name }

    /// The steps the group declares itself (its declaration has those of the groups it uses after them).
    public var ownSteps: ArraySlice<Step> { declaration.steps.prefix { $0.shared == nil } }
    /// The events the group's own clauses handle: its `Event` type.
    public var ownEvents: [Event] { declaration.events.filter(\.isOwn) }
    /// The groups it uses, directly or through others.
    public var uses: [Int] { declaration.uses }
}

/// A step of a flow, by index.
package typealias StepReference = StepRef

/// `cover X if g` or `sheet X` after a start's choices: shown over the first screen as the flow
/// starts, when the condition (asked at once, like a start's) holds or there is none.
package struct Launch: Sendable {
    /// `.cover` or `.sheet`.
    public var kind: ActionKind
    public var targetName: String
    /// The step; nil when its name does not resolve (already an error).
    public var step: Int?
    public var condition: Condition?
    public var range: SourceRange

    /// `cover Onboarding if needsOnboarding`, as written.
    public var written: String {
        "\(kind.rawValue) \(targetName)" + (condition.map { " " + $0.written } ?? "")
    }
}

/// A step a flow may start at, and the condition that picks it (none for the last choice).
package struct StartChoice: Sendable {
    /// The step; nil when its name does not resolve (already an error).
    public var step: Int?
    /// `if g` / `if !g`: the choice is taken when the conditions before it fail and this one holds.
    public var condition: Condition?
}

/// A place the user can be: a screen, or a step that runs a subflow.
package struct Step: Sendable {
    public var name: String
    public var doc: [String]
    public var range: SourceRange
    public var inputs: [Parameter]
    /// The flow this step runs, if any.
    public var runs: FlowIndex?
    public var runsRange: SourceRange?
    /// For a step that runs a flow, these handle the flow's exits (`isExitHandler`); otherwise events.
    public var clauses: [Clause]
    /// Whether some of the step's text was lost (a syntax error in it, or a second declaration of
    /// its name): the checker then assumes the step may do anything.
    public var isIncomplete = false
    /// For a step a destinations group declares (`use Group`): the group and the step's index in
    /// the group's declaration. Nil for the flow's own steps.
    public var shared: SharedStep?
    /// `receives (address: AddressID)`: the values a back move that shows the step again hands it,
    /// by name from its event's payload (see `ResultDelivery`).
    public var receives: [Parameter] = []
    /// The range of the word `receives`, when it is written.
    public var receivesRange: SourceRange? {
        get { extrasStorage.first?.receivesRange }
        set { extras { $0.receivesRange = newValue } }
    }
    /// The range of `keeps links`, when written: a link that arrives while the step is on screen
    /// waits, and opens once no such step is (see docs/Language.md, "Links kept for later").
    public var keepsLinksRange: SourceRange? {
        get { extrasStorage.first?.keepsLinksRange }
        set { extras { $0.keepsLinksRange = newValue } }
    }
    /// Whether a link that arrives while the step is on screen is kept for later.
    public var keepsLinks: Bool { keepsLinksRange != nil }
    /// `locked` or `locked while g` on the step: the lock of every `sheet` or `popover` that
    /// presents it and says none itself (the resolver writes it into those moves' `lock`; a move
    /// that says another is `lock-conflict`). See docs/Language.md, "A lock on the screen".
    public var lock: Lock? {
        get { lockStorage.first }
        set { lockStorage = newValue.map { [$0] } ?? [] }
    }
    /// `lock`, held out of line (steps are copied all over the checker, and few have one); not
    /// private, so that the memberwise initializer stays internal.
    var lockStorage: [Lock] = []

    /// `step Lists runs ListsFlow if hasLists`: a tab that is there only when the guard says so as
    /// the tab bar is built (as it starts, and on `restart`); nil for a tab that always is, and
    /// for every step of a stack flow. See docs/Language.md, "Tabs that are there sometimes".
    public var condition: Condition? {
        get { extrasStorage.first?.condition }
        set { extras { $0.condition = newValue } }
    }
    /// `step Post as sheet`: an item of the tab bar that presents the step over it (`sheet`,
    /// `cover` or `popover`) instead of selecting a tab; nil for a tab, and for every step of a
    /// stack flow. See docs/Language.md, "Tab items that present".
    public var tabItem: ActionKind? {
        get { extrasStorage.first?.tabItem }
        set { extras { $0.tabItem = newValue } }
    }
    /// `detents medium, large interactive`: the heights a sheet that shows the step stops at; nil
    /// for the platform's (large only). See docs/Language.md, "Sheet detents".
    public var detents: Detents? {
        get { extrasStorage.first?.detents }
        set { extras { $0.detents = newValue } }
    }
    /// `receivesRange`, `keepsLinksRange`, `condition`, `tabItem`, `detents`, `like` and `column`,
    /// held out of line as `lockStorage` is (most steps have none of them, and a step is copied
    /// all over the checker).
    var extrasStorage: [StepExtras] = []

    /// `like AccountDetail`: the step whose clauses the step has besides its own (their copies are
    /// in `clauses`, after its own); nil without `like` or when the name does not resolve.
    public var like: Int? {
        get { extrasStorage.first?.like }
        set { extras { $0.like = newValue } }
    }

    /// `in content` or `in detail`: the column of its split flow that `show` puts the step in;
    /// nil for a sidebar step, a step pushed or presented, and every step of another flow.
    public var column: SplitColumn? {
        get { extrasStorage.first?.column }
        set { extras { $0.column = newValue } }
    }

    struct StepExtras: Sendable {
        var receivesRange: SourceRange?
        var keepsLinksRange: SourceRange?
        var condition: Condition?
        var tabItem: ActionKind?
        var detents: Detents?
        var like: Int?
        var column: SplitColumn?

        /// A field added to `StepExtras` is added here too (else it is dropped).
        var isEmpty: Bool {
            receivesRange == nil && keepsLinksRange == nil && condition == nil && tabItem == nil && detents == nil && like == nil
                && column == nil
        }
    }

    /// `extrasStorage` holding `value`, nothing when it is empty: a step is made with its extras at
    /// once (the resolver), where a setter each made, tested and dropped a `StepExtras`.
    static func stored(_ value: StepExtras) -> [StepExtras] { value.isEmpty ? [] : [value] }

    private mutating func extras(_ change: (inout StepExtras) -> Void) {
        var extras = extrasStorage.first ?? StepExtras()
        change(&extras)
        extrasStorage = Self.stored(extras)
    }
    /// Whether the step is a tab of its tabs flow (not an item that presents it).
    public var isTab: Bool { tabItem == nil }

    /// Whether the step is written to run a flow (`runs F`), whether or not `F` resolves.
    public var runsAFlow: Bool { runsRange != nil }
    /// Whether the step runs a flow whose name does not resolve: it may run any flow.
    public var runsUnknownFlow: Bool { runsRange != nil && runs == nil }
}

/// `alert Name(inputs) { ... }` or `dialog Name(inputs) { ... }`: a transient modal shown over where
/// the user is. It has no stack and no state of its own: any button closes it, and the button's
/// move is then taken in the place that showed it (see docs/Language.md, "Alerts and dialogs").
package struct Alert: Sendable {
    public var style: AlertStyle
    public var name: String
    public var doc: [String]
    /// The range of its name.
    public var range: SourceRange
    /// Built from the payload of the clause that shows it, by name, as a step's are.
    public var inputs: [Parameter]
    /// Its buttons, in source order.
    public var buttons: [AlertButton]
    /// Whether some of its text was lost to a syntax error, or its name was declared twice.
    public var isIncomplete = false
    /// For an alert a destinations group declares, the group.
    public var group: Int?
}

/// `on event(payload) -> move` in an alert: a button. Any button closes the alert; `clause` is its
/// move, taken where the alert was shown, or nil for a button that only closes it.
package struct AlertButton: Sendable {
    public var event: String
    public var eventRange: SourceRange
    public var payload: [Parameter]
    public var doc: [String]
    public var range: SourceRange
    public var clause: Clause?
    /// The event's name's number in the program (`Name.id`).
    package var eventID: NameID = .none
}

/// A step of a destinations group, as a flow that uses the group has it.
package struct SharedStep: Sendable, Hashable {
    public var group: Int
    public var step: Int
}

/// `name: Type`.
package struct Parameter: Sendable, Hashable {
    public var name: String
    public var type: String
    public var range: SourceRange
}

extension Parameter {
    /// Whether the type is optional (`T?`): a value a payload or a URL may leave out.
    public var isOptional: Bool { type.hasSuffix("?") }
    /// The type without its final `?`.
    public var wrappedType: String { isOptional ? String(type.dropLast()) : type }
}

/// An outcome that finishes a flow.
package struct Exit: Sendable {
    public var name: String
    public var inputs: [Parameter]
    public var doc: [String]
    public var range: SourceRange
}

/// A named condition the app implements.
package struct Guard: Sendable {
    public var name: String
    public var isAsync: Bool
    /// The values the guard is asked about, bound by name from the payload of the clause that asks
    /// it (an event's payload, a subflow's exit, a deep link's values), as a step's inputs are.
    public var parameters: [Parameter] = []
    public var doc: [String]
    public var range: SourceRange
    /// The destinations group that declares it, for a guard a flow has by `use`.
    public var group: Int?
}

/// An event of a flow and its payload.
package struct Event: Sendable {
    public var name: String
    public var payload: [Parameter]
    public var range: SourceRange
    /// Whether a clause written in the flow itself handles it (else only clauses of the groups it
    /// uses do): the flow's own event type then has it.
    public var isOwn = true
    /// The destinations groups whose clauses handle it: each group's event type has it, and the
    /// router sends it to the innermost running flow that uses the group.
    public var groups: [Int] = []
}

/// A deep link: URL patterns (one or more) that open a step.
package struct Link: Sendable {
    /// The patterns in source order, each with `ignoring case` applied; a malformed one is left out.
    public var patterns: [LinkPattern]
    /// Where each pattern is written, in the order of `patterns`.
    public var patternRanges: [SourceRange]
    /// Every pattern as written, a malformed one too: `/a/{x}, app://a/{x}`.
    public var text: String
    public var target: Int?
    public var range: SourceRange
    /// From the first pattern to the last.
    public var patternRange: SourceRange
    /// `ignoring case`
    public var ignoresCase = false
    /// For each pattern, how many patterns of other links match every URL it matches, and more:
    /// the runtime tries patterns of higher precedence first (set by the resolver).
    public var precedence: [Int] = []
    /// Whether a pattern is malformed or does not match the target's inputs (already an error).
    public var isBroken = false
    /// `sheet` in `link "/compose" -> sheet Compose`: the link makes this move where the user is,
    /// as a flow-level clause of its flow would (the flow's `clauses` hold that clause, whose
    /// `link` names this link). Nil for a link that opens its step along a path from the root.
    public var move: ActionKind?
    /// `at Comments` in `-> sheet Project at Comments`: where the move opens the subflow its
    /// target runs (the flow-level clause's action has it too).
    public var at: AtTarget?
    /// `dismiss` in `-> dismiss, sheet Project`: the sheet on top of the flow, if one is up,
    /// closes before the move (the flow-level clause's action has it as its back move).
    public var back: ActionKind?
    /// Whether a syntax error on its line lost some of it (already an error): it is not searched,
    /// and its move is an uncertain one (docs/Language.md, "Programs with errors").
    public var isIncomplete = false
    /// The first target's name as written, and where.
    public var targetName = ""
    public var targetRange: SourceRange?
    /// `if isSignedIn` in `-> ManagePledge if isSignedIn else sheet SignIn`: the guard asked
    /// before each branch, in order (`conditions[i]` before `branches[i]`), its arguments the
    /// URL's values; one more than `otherwise` for a link that is refused when the last blocks.
    public var conditions: [Condition] = []
    /// The targets after `else`, in order.
    public var otherwise: [LinkBranch] = []
    /// The values a URL of the link gives, by name: the first target's inputs, then those of the
    /// other targets' inputs that no earlier one has (set by the resolver once the targets are
    /// checked; empty for a broken link).
    public var parameters: [Parameter] = []

    /// Every target the link may open: its own (`target`, `move`), then `otherwise`'s.
    public var branches: [LinkBranch] {
        [LinkBranch(target: target, name: targetName, range: targetRange ?? patternRange, move: move, at: at, back: back)] + otherwise
    }

    /// Whether the link decides what it opens, or may be refused.
    public var decides: Bool { !conditions.isEmpty }

    /// The first pattern, the one messages name.
    public var pattern: LinkPattern { patterns.first ?? LinkPattern(text: "", scheme: nil, segments: [], query: []) }

    /// The placeholders every pattern has: what any URL of the link gives.
    public var commonPlaceholders: Set<String> {
        patterns.dropFirst().reduce(Set(pattern.placeholders)) { $0.intersection($1.placeholders) }
    }

    /// The placeholders some pattern has.
    public var allPlaceholders: Set<String> { Set(patterns.flatMap(\.placeholders)) }
}

/// For each element of a list in turn, the first earlier one with the same key. A short list (the
/// clauses of a step, a parameter list: most are) is scanned; a long one goes through a dictionary,
/// so that a flow of a million clauses stays linear.
struct EarlierMatch<Key: Hashable> {
    private let isLong: Bool
    private var firstIndex: [Key: Int] = [:]

    init(count: Int) {
        isLong = count > 16
        if isLong { firstIndex.reserveCapacity(count) }  // no table grown (and every key hashed again) on the way
    }

    /// The index of the first element before `index` whose key is `key`; elements must be asked in order.
    mutating func first(_ key: Key, at index: Int, keyAt: (Int) -> Key) -> Int? {
        guard isLong else { return (0..<index).first { keyAt($0) == key } }
        let first = firstIndex.firstValue(for: key, inserting: index)
        return first == index ? nil : first
    }
}

extension Dictionary {
    /// The value for `key`, after storing `value` for it when it has none: one lookup (a key
    /// looked up, then stored, is hashed twice), as a `default:` subscript does when written through.
    mutating func firstValue(for key: Key, inserting value: Value) -> Value {
        func read(_ stored: inout Value) -> Value { stored }
        return read(&self[key, default: value])
    }
}
