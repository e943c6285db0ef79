// The harness generator's model of a program: flows, groups, steps, clauses, alerts and links,
// as reference types so that the building passes can add to them in place. HarnessPrinter writes
// it as `.flow` text; HarnessFacts and HarnessLinkSearch read it the way the checker reads the
// resolved program.

/// A typed name: a step's input, a received value, an event's payload item, an exit's or a
/// guard's parameter.
struct HParam: Hashable {
    let name: String
    let type: String

    var isOptional: Bool { type.hasSuffix("?") }
    var text: String { "\(name): \(type)" }
}

/// The kind of one move of an action, spelled as in the language.
enum HMoveKind: String {
    case push, sheet, popover, cover, replace, root, pop, popTo, dismiss, close, select, exit, alert, dialog
    /// `open address`: the URL goes to the system.
    case open
    /// `push X below`: on the stack beneath the sheet on top, which stays.
    case pushBelow
    /// `restart`: the flow starts over, its start asked again.
    case restart
    /// `select X below`: the tab beneath the tab bar's layer on top, which stays.
    case selectBelow
    /// `show X`: X alone in its column of a split view (`step X in detail`).
    case show

    /// Shows a step anew: what may come after a back move, and what `at` may follow.
    var showsScreen: Bool { [.push, .sheet, .popover, .cover, .replace, .root].contains(self) }
    /// Goes back: `pop`, `popTo`, `dismiss`, `close`.
    var isBack: Bool { [.pop, .popTo, .dismiss, .close].contains(self) }
    /// Presents a new modal layer.
    var presents: Bool { [.sheet, .popover, .cover].contains(self) }
}

/// How a sheet or popover is locked against the user's swipe.
enum HLock: Equatable {
    case always
    case whileGuard(String, negated: Bool)
}

/// One move: `push X`, `sheet X at Y locked`, `pop`, `exit done`, `alert A`...
struct HMove {
    var kind: HMoveKind
    var target: String?
    var at: String?
    var lock: HLock?
    /// Whether the printer writes the lock: not when the move takes its target step's (`HStep.lock`).
    var writesLock = true
    /// `compact cover` in `sheet X compact cover`: how the move presents on compact widths.
    var compact: HMoveKind?

    /// Whether the layer may be one the user cannot leave: a cover on either width, or a lock.
    var mayBeLocked: Bool {
        kind == .cover || compact == .cover || ((kind == .sheet || kind == .popover) && lock != nil)
    }

    init(_ kind: HMoveKind, _ target: String? = nil, at: String? = nil, lock: HLock? = nil) {
        self.kind = kind
        self.target = target
        self.at = at
        self.lock = lock
    }
}

/// An action: back moves, then a move (`dismiss, sheet X`, `popTo X, pop`).
struct HAction {
    var backs: [HMove]
    var main: HMove

    init(_ main: HMove, after backs: HMove...) {
        self.main = main
        self.backs = backs
    }

    /// The first back move, if any: the one made where the clause is taken.
    var back: HMove? { backs.first }
}

/// `if g` or `if !g`.
struct HCondition: Equatable {
    var guardName: String
    var negated: Bool = false

    var text: String { "if " + (negated ? "!" : "") + guardName }
}

/// One action of a clause's chain, with the condition that picks it (nil only for the last one).
struct HBranch {
    var action: HAction
    var condition: HCondition?
}

/// An `on` clause: of a step, of a flow or group (flow-level), an exit handler, or an alert's button
/// (a button may have no move: it only closes the alert).
final class HClause {
    var event: String
    var payload: [HParam]
    /// An exit handler may leave its payload out (it is then the exit's inputs).
    var writesPayload = true
    var branches: [HBranch]
    /// A name the printer records the line of (planted errors).
    var mark: String?

    init(_ event: String, payload: [HParam] = [], _ branches: [HBranch]) {
        self.event = event
        self.payload = payload
        self.branches = branches
    }

    /// A clause of one unconditional action.
    convenience init(_ event: String, payload: [HParam] = [], _ action: HAction) {
        self.init(event, payload: payload, [HBranch(action: action, condition: nil)])
    }

    /// A clause of one unconditional move.
    convenience init(_ event: String, payload: [HParam] = [], _ move: HMove) {
        self.init(event, payload: payload, HAction(move))
    }

    var actions: [HAction] { branches.map(\.action) }
    var conditions: [HCondition] { branches.compactMap(\.condition) }
}

/// A step: a screen, or a step that runs a flow (whose clauses handle that flow's exits).
final class HStep {
    let name: String
    var inputs: [HParam]
    var receives: [HParam] = []
    var runs: String?
    var clauses: [HClause] = []
    var mark: String?
    /// The group that declares it, if any.
    var group: String?
    /// A picker: only the step it hands its pick back to shows it; nothing else may target it.
    var isPrivate = false
    /// The flow it belongs to (nil for a group's step).
    var flow: String?
    /// `keeps links`: a link that arrives while it is on screen waits until it is not.
    var keepsLinks = false
    /// `locked while g` on the step: what every sheet and popover that presents it says (the
    /// model keeps each move's lock, which is the meaning; `HMove.writesLock` says which print it).
    var lock: HLock?
    /// `if g` on a tab: it is there only when `g` says so as the tab bar is built.
    var condition: HCondition?
    /// `as sheet` on a step of a tabs flow: an item of the tab bar that presents it, not a tab.
    var tabItem: HMoveKind?
    /// `detents medium, large interactive`, as written (a presentation detail, no meaning to check).
    var detents: String?
    /// `like Y`: the step has Y's clauses, besides its own.
    var like: String?
    /// `in content` or `in detail`: the column of its split view that `show` puts it in.
    var column: String?

    init(_ name: String, inputs: [HParam] = [], runs: String? = nil) {
        self.name = name
        self.inputs = inputs
        self.runs = runs
    }

    var events: Set<String> { Set(clauses.map(\.event)) }
}

/// An alert or a confirmation dialog, with its buttons.
final class HAlert {
    let name: String
    let isDialog: Bool
    var inputs: [HParam]
    var buttons: [HClause] = []
    var mark: String?

    init(_ name: String, isDialog: Bool, inputs: [HParam] = []) {
        self.name = name
        self.isDialog = isDialog
        self.inputs = inputs
    }

    var showKind: HMoveKind { isDialog ? .dialog : .alert }
}

/// A deep link: its patterns, its move (nil: a link that opens its step along a path from a root).
final class HLink {
    var patterns: [String]
    var move: HMoveKind?
    var target: String
    var ignoringCase = false
    var mark: String?
    /// `if [!]g` before each target, in order (a link that decides); one more than `otherwise` for
    /// a link that is refused when the last guard blocks.
    var conditions: [(guardName: String, isNegated: Bool)] = []
    /// The targets after `else`: steps opened along their paths.
    var otherwise: [String] = []
    /// `at Y` after a move's target that runs a subflow (`-> sheet Project at Comments`).
    var at: String?
    /// `dismiss,` before the move: the flow's top sheet, when one is up, closes first.
    var dismissesFirst = false
    /// `as url`: the input of the target that gets the whole URL.
    var wholeURL: String?

    init(_ patterns: [String], move: HMoveKind? = nil, target: String) {
        self.patterns = patterns
        self.move = move
        self.target = target
    }
}

/// A guard: `guard [async] name(params)`.
struct HGuard {
    var name: String
    var isAsync = false
    var params: [HParam] = []
    var mark: String?
}

/// An exit of a flow: `exit name(params)`.
struct HExit {
    var name: String
    var params: [HParam] = []
    var mark: String?
}

/// What a flow or a group declares alike: steps, alerts, guards, flow-level clauses and links.
class HScope {
    let name: String
    /// A mark on the line of the flow's or group's name.
    var mark: String?
    var steps: [HStep] = []
    var alerts: [HAlert] = []
    var guards: [HGuard] = []
    var clauses: [HClause] = []
    var links: [HLink] = []

    init(name: String) { self.name = name }

    func step(_ name: String) -> HStep? { steps.first { $0.name == name } }
    func alert(_ name: String) -> HAlert? { alerts.first { $0.name == name } }
    func hasGuard(_ name: String) -> Bool { guards.contains { $0.name == name } }
    /// Every clause of the scope: its steps', its own (flow-level), and its alerts' buttons.
    var everyClause: [HClause] { steps.flatMap(\.clauses) + clauses + alerts.flatMap(\.buttons) }
}

/// A `destinations` group.
final class HGroup: HScope {
    /// The groups it uses (`use Core`): a flow that uses it uses them too.
    var uses: [String] = []
}

/// A flow: a stack, or a tab bar (`tabs`).
final class HFlow: HScope {
    let isTabs: Bool
    /// `start A if g else B`: each choice's step and the condition that picks it (nil for the last).
    var start: [(step: String, condition: HCondition?)] = []
    var exits: [HExit] = []
    var uses: [String] = []
    var startMark: String?

    /// `flow X split`: a split view, whose steps `in content` and `in detail` `show` fills.
    var isSplit = false

    init(name: String, isTabs: Bool) {
        self.isTabs = isTabs
        super.init(name: name)
    }

    var startSteps: [String] { start.map(\.step) }
    /// `, cover X if g` after the start: the layer shown over the first screen as the flow starts.
    var launch: (kind: HMoveKind, step: String, condition: HCondition?)?
}

/// A whole program: its groups, then its flows, in the order they are written.
final class HProgram {
    var groups: [HGroup] = []
    var flows: [HFlow] = []

    func flow(_ name: String) -> HFlow? { flows.first { $0.name == name } }
    func group(_ name: String) -> HGroup? { groups.first { $0.name == name } }

    /// The flows no step runs: where the app starts.
    var roots: [HFlow] {
        let run = Set(flows.flatMap { flow in flow.steps.compactMap(\.runs) } + groups.flatMap { $0.steps.compactMap(\.runs) })
        return flows.filter { !run.contains($0.name) }
    }

    /// The step of `flowName` that runs it, and that step's flow (the first one, in program order).
    func runner(of flowName: String) -> (flow: HFlow, step: HStep)? {
        for flow in flows {
            if let step = flow.steps.first(where: { $0.runs == flowName }) { return (flow, step) }
        }
        return nil
    }

    /// What a flow declares with the groups it uses: its steps and theirs, and so on.
    func view(of flow: HFlow) -> FlowView {
        FlowView(flow: flow, groups: groups(usedBy: flow.uses))
    }

    /// The groups `uses` names and those they use, each once.
    func groups(usedBy uses: [String]) -> [HGroup] {
        var result: [HGroup] = []
        var queue = uses
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard let found = group(name), !result.contains(where: { $0 === found }) else { continue }
            result.append(found)
            queue += found.uses
        }
        return result
    }

    /// The flows that use group `name`, directly or through another group.
    func users(of name: String) -> [HFlow] {
        flows.filter { flow in groups(usedBy: flow.uses).contains { $0.name == name } }
    }
}

/// A flow as the checker sees it: its own declarations and those of the groups it uses.
struct FlowView {
    let flow: HFlow
    let groups: [HGroup]

    var steps: [HStep] { flow.steps + groups.flatMap(\.steps) }
    var alerts: [HAlert] { flow.alerts + groups.flatMap(\.alerts) }
    /// Flow-level clauses: the flow's, its groups', and its links' moves as clauses (`link` as event).
    var flowLevel: [HClause] { flow.clauses + groups.flatMap(\.clauses) + linkMoves }
    var links: [HLink] { flow.links + groups.flatMap(\.links) }

    /// A link with a move acts like a flow-level clause whose trigger is the link.
    var linkMoves: [HClause] {
        links.compactMap { link in
            guard let move = link.move else { return nil }
            return HClause("link \(link.patterns[0])", HMove(move, link.target))
        }
    }

    func step(_ name: String) -> HStep? { steps.first { $0.name == name } }
    func alert(_ name: String) -> HAlert? { alerts.first { $0.name == name } }
}
