// The model a program is built in before it is written: flows, steps, clauses, actions.

struct Param: Equatable {
    let name: String
    let type: String
    /// A non-optional type that converts from text (`Int`, `String`, an ID): can be a placeholder.
    let linkable: Bool
    static func id(_ noun: String) -> Param { Param(name: lowerFirst(noun), type: noun + "ID", linkable: true) }
    static func items(_ noun: String) -> Param { Param(name: lowerFirst(noun) + "Items", type: "[\(noun)Item]", linkable: false) }
    static func draft(_ noun: String) -> Param { Param(name: lowerFirst(noun) + "Draft", type: noun + "Draft", linkable: false) }
    static func filters(_ noun: String) -> Param { Param(name: lowerFirst(noun) + "Filters", type: noun + "Filters", linkable: false) }
    static let query = Param(name: "query", type: "String", linkable: true)
    static let index = Param(name: "index", type: "Int", linkable: true)
    static let reason = Param(name: "reason", type: "String?", linkable: false)
    static let amount = Param(name: "amount", type: "Money", linkable: false)
}

func paramList(_ params: [Param]) -> String {
    params.isEmpty ? "" : "(" + params.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
}

struct ExitSpec {
    let name: String
    let params: [Param]
}

final class FlowSpec {
    let name: String
    let noun: String
    let isTabs: Bool
    var size = 0
    var children: [FlowSpec] = []
    var depth = 0
    // Filled in by the parent before the flow is generated.
    var startInputs: [Param] = []
    var exits: [ExitSpec] = []
    /// When a link can reach the start (by moves a link replays), the inputs the steps on the way need.
    var linkNeeds: [Param]?
    init(name: String, noun: String, isTabs: Bool) {
        self.name = name
        self.noun = noun
        self.isTabs = isTabs
    }
}

enum ActionKind: String {
    case push, sheet, cover, replace, root, pop, popTo, dismiss, select, exit
}

struct Action {
    let kind: ActionKind
    let target: String?
    var text: String { target.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue }
}

struct Clause {
    var event: String
    var payload: [Param]
    var actions: [Action]
    /// `guards[i]` conditions `actions[i]`; `actions[i + 1]` is its `else`.
    var guards: [(name: String, negated: Bool)] = []
    var doc: String?
    var isExitHandler = false
    /// Index of the step the first action goes to (forward moves only).
    var targetIndex: Int?
}

enum Entry { case start, push, sheet, cover, replace, flowLevel }

final class Step {
    let name: String
    let noun: String
    var inputs: [Param]
    let group: Int
    let isBottom: Bool
    var runs: FlowSpec?
    var clauses: [Clause] = []
    var usedEvents = Set<String>()
    var parent: Int?
    var entry: Entry
    var doc: String?
    /// When a link can reach the step from the root (by moves a link replays), the inputs that the
    /// steps on the way, this one included, need: a link to it must give them all.
    var linkNeeds: [Param]?
    init(name: String, noun: String, inputs: [Param], group: Int, isBottom: Bool, entry: Entry) {
        self.name = name
        self.noun = noun
        self.inputs = inputs
        self.group = group
        self.isBottom = isBottom
        self.entry = entry
    }
    var isPlain: Bool { runs == nil }
}

struct Group {
    let kind: Entry // .start (base), .sheet or .cover
    var members: [Int]
}
