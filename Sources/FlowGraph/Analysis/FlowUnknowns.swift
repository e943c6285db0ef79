// What the state graph knows of a flow besides its moves: what errors leave unknown about its
// steps, and which of the flow's own clauses apply in each step (`FlowStateGraph` reads both).

/// What the checker cannot know about a flow's steps because of errors: a step that can do
/// anything (`isWild`), one that may also show any step of its flow (`goesAnywhere`: all wild ones
/// but those whose only unknown is the kind of a move to a known step, a `select` outside tabs,
/// whose move the graph makes as an uncertain one), and one that may take an exit it cannot name
/// (`mayExit`).
struct FlowUnknowns {
    var isWild: [Bool]
    var goesAnywhere: [Bool]
    var mayExit: [Bool]

    static func none(_ count: Int) -> FlowUnknowns {
        let none = Array(repeating: false, count: count)
        return FlowUnknowns(isWild: none, goesAnywhere: none, mayExit: none)
    }
}

extension Flow {
    /// The flow's own clauses that apply in `step`, whose own clauses are for the events `handled`,
    /// with their index: those for an event the step does not handle itself; in a step that runs a
    /// flow, all of them (its clauses handle its subflow's exits, and the subflow's events bubble up
    /// to them). The one statement of which clauses apply in a step, for the state graph and the
    /// link search (the runtime, which has no access to this library, follows the same rule).
    @inline(__always)
    func forEachFlowLevelClause(in step: Step, handling handled: HandledEvents, _ body: (Int, Clause) -> Void) {
        forEachFlowLevelClause(ofStep: step.runsAFlow, handling: handled, body)
    }

    /// The same, for a step that runs a flow or not (`ofStep: step.runsAFlow`): no copy of the step.
    func forEachFlowLevelClause(ofStep runsFlow: Bool, handling handled: HandledEvents, _ body: (Int, Clause) -> Void) {
        for (index, clause) in clauses.enumerated() where runsFlow || !handled.contains(clause.event) { body(index, clause) }
    }
}

/// The events a step's own clauses are for: a scan for the usual few clauses, a set for many.
struct HandledEvents {
    private let clauses: [Clause]
    private let set: Set<String>?

    init(_ clauses: [Clause]) {
        self.clauses = clauses
        set = clauses.count > 16 ? Set(clauses.map(\.event)) : nil
    }

    func contains(_ event: String) -> Bool { set?.contains(event) ?? clauses.contains { $0.event == event } }
}
