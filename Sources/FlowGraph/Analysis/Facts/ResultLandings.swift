/// Where the back moves that hand a result back can land, in a flow where some step receives one
/// (docs/Language.md, "Results handed back"): found once, on the flow's state graph
/// (`FlowStateGraph.landings`), and kept per back move of a clause, per step it shows again, with
/// a witness: the first way found, preferring one the user surely can take.
struct ResultLandings {
    /// The back moves, in the order their first landing was found.
    let order: [ActionKey]
    /// Per back move, the steps it can land on, in the order found.
    let steps: [ActionKey: [Int]]
    /// Per back move, per step, the witness of the landing.
    let witnesses: [ActionKey: [Int: Witness]]

    /// One back move landing on one step.
    struct Witness {
        var from: StateIndex
        var move: FlowStateGraph.Move
        var under: StateIndex
        var isCertain: Bool
    }

    /// Nil for a flow where no step receives.
    init?(flow flowIndex: FlowIndex, program: FlowProgram, graph: FlowStateGraph?) {
        guard let graph, program.flows[flowIndex].steps.contains(where: { !$0.receives.isEmpty }) else { return nil }
        var order: [ActionKey] = []
        var witnesses: [ActionKey: [Int: Witness]] = [:]
        var stepOrder: [ActionKey: [Int]] = [:]
        for landing in graph.landings {
            let key = ActionKey(landing.move)
            if witnesses[key] == nil {
                order.append(key)
                witnesses[key] = [:]
            }
            for under in landing.under {
                let step = Int(graph.states[Int(under)].step)
                let isCertain = landing.move.isCertain && graph.isCertain(Int(landing.from)) && graph.isCertain(Int(under))
                let witness = Witness(from: landing.from, move: landing.move, under: under, isCertain: isCertain)
                if let known = witnesses[key]?[step] {
                    if !known.isCertain, isCertain { witnesses[key]?[step] = witness }
                } else {
                    witnesses[key]?[step] = witness
                    stepOrder[key, default: []].append(step)
                }
            }
        }
        self.order = order
        self.steps = stepOrder
        self.witnesses = witnesses
    }

    /// The clauses of a flow whose back moves may hand a result back: in a flow where some step
    /// receives, every clause whose payload is not empty and one of whose actions is a back move
    /// alone. Empty for any other flow, whose graph then finds no landings.
    static func clauses(of flow: Flow, in program: FlowProgram) -> Set<FlowStateGraph.Origin> {
        guard flow.steps.contains(where: { !$0.receives.isEmpty }) else { return [] }
        var clauses = Set<FlowStateGraph.Origin>()
        func consider(_ transition: Clause, in step: Step?, origin: FlowStateGraph.Origin) {
            guard transition.actions.contains(where: { $0.kind.goesBack }), !program.payload(of: transition, in: step).isEmpty else { return }
            clauses.insert(origin)
        }
        for (stepIndex, step) in flow.steps.enumerated() {
            for (handler, transition) in step.clauses.enumerated() {
                consider(transition, in: step, origin: .clause(ClauseID(step: stepIndex, index: ClauseIndex(handler))))
            }
        }
        for (handler, transition) in flow.clauses.enumerated() {
            consider(transition, in: nil, origin: .clause(ClauseID(step: nil, index: ClauseIndex(handler))))
        }
        return clauses
    }
}

extension CheckerFacts {
    /// Where each clause that may hand a result back can land, for the generator: in order of
    /// flow, then as found (`ProgramAnalysis.resultLandings`).
    var resultLandings: [ResultLanding] {
        var result: [ResultLanding] = []
        for (flowIndex, landings) in zip(program.flowIndices, landings) {
            guard let landings else { continue }
            let flow = program.flows[flowIndex]
            for key in landings.order {
                guard key.clause(in: flow) != nil, let id = key.origin.clause else { continue }
                result.append(ResultLanding(clause: ClauseReference(flow: flowIndex, clause: id, branch: key.branch),
                                            steps: (landings.steps[key] ?? []).sorted()))
            }
        }
        return result
    }
}

/// A clause whose back move hands a result back, and the steps of its flow it can land on.
package struct ResultLanding: Sendable, Hashable {
    /// The clause, and which action of its chain.
    public let clause: ClauseReference
    /// The steps the back move can show again, in order of index.
    public let steps: [Int]
}
