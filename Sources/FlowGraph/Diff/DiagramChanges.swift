/// What changed between two programs, as the diagrams draw it: steps and edges added, changed,
/// and removed (drawn as ghosts). Ids are the diagrams' node ids (`Flow.Step`, `Flow.$any`,
/// `Flow.$exit.name`, `Flow.Alert`), on the new side, old ones mapped through the renames.
package struct DiagramChanges: Sendable, Equatable {
    /// One drawn move: from a node to a node, by an event and action (`moviePicked → push Detail`).
    public struct Edge: Sendable, Hashable, Comparable {
        public let tail: String
        public let head: String
        public let text: String

        public static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.tail, lhs.head, lhs.text) < (rhs.tail, rhs.head, rhs.text) }
    }

    /// A step (or alert) of the old program that the new one has not.
    public struct RemovedStep: Sendable, Hashable, Comparable {
        /// The container it was in, by its new name when the container is still there.
        public let container: String
        public let id: String
        public let label: String

        public static func < (lhs: RemovedStep, rhs: RemovedStep) -> Bool { lhs.id < rhs.id }
    }

    /// Steps and alerts (the diagrams' nodes) added.
    public var addedSteps: Set<String> = []
    /// Steps whose inputs, received values or subflow changed (alerts: their inputs or style).
    public var changedSteps: Set<String> = []
    public var removedSteps: [RemovedStep] = []
    public var addedEdges: Set<Edge> = []
    public var removedEdges: [Edge] = []
    /// Containers of the old program that the new one has not (their steps are in `removedSteps`).
    public var removedContainers: [String] = []
    /// Every own step of the new program (id → its name, inputs and subflow), and every move it
    /// draws: what a diagram of the changed flows shows around the changes.
    public var steps: [String: String] = [:]
    public var edges: [DrawnEdge] = []

    /// A move of the new program as drawn, and whether it is new.
    public struct DrawnEdge: Sendable, Hashable {
        public let edge: Edge
        public let isAdded: Bool
    }

    public init() {}

    public var isEmpty: Bool {
        addedSteps.isEmpty && changedSteps.isEmpty && removedSteps.isEmpty && addedEdges.isEmpty && removedEdges.isEmpty
            && removedContainers.isEmpty
    }

    /// The containers (new names) where something changed, sorted.
    public var changedContainers: [String] {
        func container(_ id: String) -> String { String(id.prefix { $0 != "." }) }
        let names = addedSteps.map(container) + changedSteps.map(container) + removedSteps.map(\.container)
            + addedEdges.map { container($0.tail) } + removedEdges.map { container($0.tail) }
        return Set(names).sorted()
    }

    init(old: DiffSide, new: DiffSide, renames: DiffRenames) {
        let oldSteps = Self.steps(of: old, renames: nil), newSteps = Self.steps(of: new, renames: renames)
        var oldByNewID: [String: String] = [:]
        for id in newSteps.keys { oldByNewID[renames.oldStepID(id)] = id }
        for (id, step) in newSteps {
            guard let before = oldSteps[renames.oldStepID(id)] else { addedSteps.insert(id); continue }
            if before.signature != step.signature { changedSteps.insert(id) }
        }
        /// An old node's id on the new side: its new name where it is still there.
        func newID(_ oldID: String) -> String {
            if let id = oldByNewID[oldID] { return id }
            guard let dot = oldID.firstIndex(of: ".") else { return oldID }
            let container = String(oldID[..<dot])
            let renamed = renames.containers.first { $0.value == container }?.key ?? container
            let member = oldID[oldID.index(after: dot)...]
            if member.hasPrefix("$exit."), let exit = renames.exits[renamed]?.first(where: { $0.value == member.dropFirst(6) })?.key {
                return renamed + ".$exit." + exit
            }
            return renamed + oldID[dot...]
        }
        for (id, step) in oldSteps where oldByNewID[id] == nil {
            let ghost = newID(id)
            removedSteps.append(RemovedStep(container: String(ghost.prefix { $0 != "." }), id: ghost, label: step.label))
        }
        removedSteps.sort()
        let newContainers = Set(new.containers.map(\.name))
        removedContainers = old.containers.map(\.name).filter { name in
            !newContainers.contains(renames.containers.first { $0.value == name }?.key ?? name)
        }.sorted()
        // Edges are compared by their ends (old ones on the new side) and keys (old names).
        let before = Self.edges(of: old, renames: nil)
        let oldKeys = Set(before.map { Edge(tail: newID($0.edge.tail), head: newID($0.edge.head), text: $0.key) })
        let drawn = Self.edges(of: new, renames: renames)
        let newKeys = drawn.map { Edge(tail: $0.edge.tail, head: $0.edge.head, text: $0.key) }
        addedEdges = Set(drawn.indices.filter { !oldKeys.contains(newKeys[$0]) }.map { drawn[$0].edge })
        steps = newSteps.mapValues(\.label)
        edges = drawn.indices.map { DrawnEdge(edge: drawn[$0].edge, isAdded: !oldKeys.contains(newKeys[$0])) }
        let kept = Set(newKeys)
        removedEdges = Set(before.compactMap { item -> Edge? in
            let tail = newID(item.edge.tail), head = newID(item.edge.head)
            return kept.contains(Edge(tail: tail, head: head, text: item.key)) ? nil : Edge(tail: tail, head: head, text: item.edge.text)
        }).sorted()
    }

    /// Each own step's and alert's id with what its node says (`Detail(movie: MovieID) ▸ Flow`), and what
    /// makes it the same step: its inputs, received values and subflow, by the subflow's old name
    /// on the new side (`renames`), so that a declared rename changes no step.
    static func steps(of side: DiffSide, renames: DiffRenames?) -> [String: (label: String, signature: String)] {
        var result: [String: (label: String, signature: String)] = [:]
        for flow in side.containers {
            for step in side.ownSteps(flow) {
                var label = step.name + (step.inputs.isEmpty ? "" : DiffMessages.parameters(step.inputs))
                if !step.receives.isEmpty { label += " receives " + DiffMessages.parameters(step.receives) }
                let subflow = step.runs.map { side.program.flows[$0].name }
                let signature = DiffMessages.parameters(step.inputs) + DiffMessages.parameters(step.receives)
                    + (subflow.map { " runs " + (renames?.oldContainer($0) ?? $0) } ?? "")
                result["\(flow.name).\(step.name)"] = (label + (subflow.map { " ▸ " + $0 } ?? ""), signature)
            }
            // Alerts are nodes of the diagrams too, and share the steps' names.
            for alert in side.ownAlerts(flow) {
                let label = "\(alert.style.rawValue) \(alert.name)" + (alert.inputs.isEmpty ? "" : DiffMessages.parameters(alert.inputs))
                result["\(flow.name).\(alert.name)"] = (label, alert.style.rawValue + DiffMessages.parameters(alert.inputs))
            }
        }
        return result
    }

    /// Every move the diagrams draw, by the ids of its ends, its event, the condition of its
    /// action (`itemTapped [isSignedIn] → push Item`) and its action; and its key, what makes it
    /// the same move: that text with the event's and guards' old names (`renames`, on the new
    /// side) and without the target's name (its end is compared, by its old id), so that a
    /// declared rename changes no edge. A deep link without a move is drawn from the flow's
    /// `$links` node, labelled with its patterns (one with a move is a flow-level clause, from `$any`).
    static func edges(of side: DiffSide, renames: DiffRenames?) -> [(edge: Edge, key: String)] {
        var result: [(edge: Edge, key: String)] = []
        for flow in side.containers {
            /// A guard's old name: a group's guard is renamed in its group.
            func oldGuard(_ condition: Condition) -> String {
                guard let renames else { return condition.guardName }
                let owner = condition.guardIndex.flatMap { flow.guards[$0].group }.map { side.program.groups[$0].name } ?? flow.name
                return renames.old(.guardDeclaration, condition.guardName, in: owner)
            }
            /// `subflow`: the flow a step runs, whose exits its clauses handle (their events are exits' names).
            func add(_ transition: Clause, from source: String, subflow: String? = nil) {
                let conditions = transition.conditions
                let event = renames.map { renames in
                    guard transition.isExitHandler, let subflow else { return renames.old(.event, transition.event, in: flow.name) }
                    return renames.old(.exit, transition.event, in: subflow)
                } ?? transition.event
                for (branch, action) in transition.actions.enumerated() {
                    let head: String
                    switch action.kind {
                    case .pop, .dismiss, .close, .open: head = source
                    case .restart: head = DiagramBuilder.startID(flow)
                    case .exit:
                        guard let target = action.target, flow.exits.indices.contains(target) else { continue }
                        head = "\(flow.name).$exit.\(flow.exits[target].name)"
                    case .alert, .dialog:
                        guard let target = action.target, flow.alerts.indices.contains(target) else { continue }
                        head = DiagramBuilder.alertID(flow, flow.alerts[target], in: side.program)
                    default:
                        guard let target = action.target, flow.steps.indices.contains(target) else { continue }
                        head = DiagramBuilder.stepID(flow, flow.steps[target], in: side.program)
                    }
                    let condition = DiagramStyle.conditionLabel(conditions, branch: branch, in: flow)
                    let oldCondition = DiagramStyle.conditionLabel(conditions, branch: branch, in: flow, guardName: oldGuard)
                    let move = action.backsWritten + action.kind.rawValue + (action.at.map { " at \($0.name)" } ?? "")
                    result.append((Edge(tail: source, head: head, text: "\(transition.event)\(condition) → \(action.written)"),
                                   "\(event)\(oldCondition) → \(move)"))
                }
            }
            // Links: a group's once, in the group.
            for link in flow.links where flow.isDestinations || side.program.group(containing: link.range) == nil {
                guard link.move == nil, let target = link.target, flow.steps.indices.contains(target) else { continue }
                let text = link.patterns.map(\.text).joined(separator: ", ")
                result.append((Edge(tail: "\(flow.name).$links", head: DiagramBuilder.stepID(flow, flow.steps[target], in: side.program),
                                    text: text), text))
            }
            for step in side.ownSteps(flow) {
                let subflow = step.runs.map { side.program.flows[$0].name }
                for transition in step.clauses { add(transition, from: "\(flow.name).\(step.name)", subflow: subflow) }
            }
            let clauses = side.program.ownClauses(of: flow)
            for transition in clauses { add(transition, from: "\(flow.name).$any") }
            for alert in side.ownAlerts(flow) {
                for button in alert.buttons { if let clause = button.clause { add(clause, from: "\(flow.name).\(alert.name)") } }
            }
        }
        return result
    }
}
