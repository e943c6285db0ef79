/// `result-mismatch`, `unreceived-result`, `unused-receive`: results handed back by back moves.
///
/// A back move that is a clause's whole action (`on addressPicked(address: AddressID) -> pop`)
/// hands its event's payload to the step it shows again, which may `receives (address:
/// AddressID)`. Where a back move can land is found once, on the flow's graph (`landings`), only
/// in flows where some step receives; see docs/Language.md, "Results handed back".
enum ResultRules: RuleFamily {
    static let rules: Set<Rule> = [.resultMismatch, .unreceivedResult, .unusedReceive]

    static func report(into findings: inout Findings) {
        for (flowIndex, landings) in zip(findings.facts.program.flowIndices, findings.facts.landings) {
            // Landings are found only in flows where a step receives.
            guard let landings, let graph = findings.facts.graphs[flowIndex] else { continue }
            findings.checkResults(graph, landings, flowIndex)
        }
    }
}

extension Findings {
    fileprivate mutating func checkResults(_ graph: FlowStateGraph, _ landings: ResultLandings, _ flowIndex: FlowIndex) {
        let flow = program.flows[flowIndex]
        let (order, stepOrder, witnesses) = (landings.order, landings.steps, landings.witnesses)
        // The values of each receiving step that some back move hands it.
        var fed = [Set<String>](repeating: [], count: flow.steps.count)
        for key in order {
            guard let transition = key.clause(in: flow) else { continue }
            guard let id = key.origin.clause else { continue }
            let owner = id.step.map { flow.steps[$0] }
            let payload = program.payload(of: transition, in: owner)
            let steps = stepOrder[key] ?? []
            var delivered: [Int] = []
            var unreceived: [Int] = []
            for step in steps {
                let landing = flow.steps[step]
                let delivery = landing.delivery(of: payload)
                // A value carried with another type feeds it once fixed: that is the mismatch's error.
                if delivery != .none {
                    for value in payload where landing.receives.contains(where: { $0.name == value.name }) { fed[step].insert(value.name) }
                }
                switch delivery {
                case .delivers:
                    delivered.append(step)
                case .none:
                    unreceived.append(step)
                case .mismatch(let needed, let given):
                    // A flow-level clause is assumed sent from every step, most of which never send it.
                    guard !key.origin.isFlowLevel, let witness = witnesses[key]?[step], witness.isCertain, !landing.isIncomplete else { continue }
                    report(.resultMismatch,
                           AnalysisMessages.resultMismatch(transition.actions[key.branch].written, event: transition.event, step: landing.name,
                                                           needed: needed, given: given),
                           at: key.range(in: flow),
                           notes: [.init(AnalysisMessages.receivesHere(landing.name), at: landing.receivesRange ?? landing.range)],
                           path: landingPath(witness, graph, flowIndex), subjects: [StepReference(flow: flowIndex, step: step)])
                }
            }
            // A value that reaches one screen and silently not another: on which path the user
            // came decides whether the pick counts.
            guard !key.origin.isFlowLevel, let first = delivered.first else { continue }
            let lost = unreceived.filter { step in
                !flow.steps[step].isIncomplete && !flow.steps[step].runsUnknownFlow && witnesses[key]?[step]?.isCertain == true
            }
            guard let firstLost = lost.first, let witness = witnesses[key]?[firstLost] else { continue }
            report(.unreceivedResult,
                   AnalysisMessages.unreceivedResult(transition.actions[key.branch].written, event: transition.event, payload: payload,
                                                     receiver: flow.steps[first].name, others: lost.map { flow.steps[$0].name }),
                   at: key.range(in: flow),
                   notes: [.init(AnalysisMessages.receivesHere(flow.steps[first].name),
                                 at: flow.steps[first].receivesRange ?? flow.steps[first].range)],
                   path: landingPath(witness, graph, flowIndex), subjects: lost.map { StepReference(flow: flowIndex, step: $0) })
        }
        checkUnusedReceives(graph, flowIndex, fed: fed)
    }

    /// `unused-receive`: a value a reachable step receives that no back move hands it. Withheld
    /// where a broken name could hide a back move (a step that may do anything, a `popTo` whose
    /// target does not resolve).
    private mutating func checkUnusedReceives(_ graph: FlowStateGraph, _ flowIndex: FlowIndex, fed: [Set<String>]) {
        let flow = program.flows[flowIndex]
        guard !graph.reachesWild else { return }
        var hasUnresolvedPopTo = false
        flow.forEachClause { transition in
            transition.forEachAction { action in
                if action.kind == .popTo && action.target == nil || action.back?.kind == .popTo && action.back?.target == nil {
                    hasUnresolvedPopTo = true
                }
            }
        }
        guard !hasUnresolvedPopTo else { return }
        for (index, step) in flow.steps.enumerated() where !step.receives.isEmpty && graph.isReachable(index) && !step.isIncomplete {
            if fed[index].isEmpty {
                report(.unusedReceive, AnalysisMessages.unusedReceive(step.name, step.receives),
                       at: step.receivesRange ?? step.range, subjects: [StepReference(flow: flowIndex, step: index)])
                continue
            }
            for value in step.receives where !fed[index].contains(value.name) {
                report(.unusedReceive, AnalysisMessages.unusedReceivedValue(step.name, value),
                       at: value.range, subjects: [StepReference(flow: flowIndex, step: index)])
            }
        }
    }

    private func landingPath(_ witness: ResultLandings.Witness, _ graph: FlowStateGraph, _ flowIndex: FlowIndex) -> NavigationPath {
        facts.path(along: graph.landingPath(from: witness.from, move: witness.move, under: witness.under), in: flowIndex)
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func resultMismatch(_ action: String, event: String, step: String, needed: Parameter, given: Parameter?) -> String {
        let carried = given.map { "carries it as '\($0.type)'" } ?? "does not carry it"
        return "'\(action)' on '\(event)' can show step '\(step)' again, which receives '\(needed.name): \(needed.type)', but '\(event)' \(carried)"
    }
    static func receivesHere(_ step: String) -> String { "step '\(step)' receives here" }
    static func unreceivedResult(_ action: String, event: String, payload: [Parameter], receiver: String, others: [String]) -> String {
        let steps = others.count == 1
            ? "step '\(others[0])', which receives"
            : "steps \(others.map { "'\($0)'" }.joined(separator: ", ")), which receive"
        return "'\(action)' on '\(event)' hands \(SemanticMessages.show(payload)) back to step '\(receiver)', but can also show \(steps) none of it"
    }
    static func unusedReceive(_ step: String, _ values: [Parameter]) -> String {
        "step '\(step)' receives \(SemanticMessages.show(values)), but no back move that shows it again hands it a value"
    }
    static func unusedReceivedValue(_ step: String, _ value: Parameter) -> String {
        "step '\(step)' receives '\(value.name): \(value.type)', but no back move that shows it again carries '\(value.name)'"
    }
}
