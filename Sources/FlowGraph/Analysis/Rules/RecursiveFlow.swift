/// `recursive-flow`: a flow that runs itself, directly or through others, can never be drawn or
/// started. Which flows do is a fact (`CheckerFacts.isRecursive`); the finding names the shortest
/// cycle through the first flow of each cycle.
enum RecursiveFlowRule: RuleFamily {
    static let rules: Set<Rule> = [.recursiveFlow]

    /// A flow that runs itself, directly or through others, can never be drawn or started.
    static func report(into findings: inout Findings) {
        let program = findings.program
        for component in findings.facts.runsComponents {
            let members = Set(component)
            let first = component[0]
            guard findings.facts.isRecursive[first] else { continue }
            // The shortest cycle through the first flow, by breadth-first search inside the component.
            var previous: [FlowIndex: (flow: FlowIndex, step: Int)] = [:]
            var queue = [first]
            var cursor = 0
            var closing: (flow: FlowIndex, step: Int)?
            search: while cursor < queue.count {
                let flowIndex = queue[cursor]
                cursor += 1
                for (stepIndex, step) in program.flows[flowIndex].steps.enumerated() {
                    guard let next = step.runs, members.contains(next),
                          CheckerFacts.mayRun(flowIndex, stepIndex, in: program, graphs: findings.facts.graphs) else { continue }
                    if next == first {
                        closing = (flowIndex, stepIndex)
                        break search
                    }
                    if previous[next] == nil, next != first {
                        previous[next] = (flowIndex, stepIndex)
                        queue.append(next)
                    }
                }
            }
            guard let closing else { continue }
            var chain = [closing.flow]
            while let hop = previous[chain[chain.count - 1]] { chain.append(hop.flow) }
            chain.reverse()  // first, ..., closing.flow
            let cycle = (chain + [first]).map { program.flows[$0].name }
            // Reported where the first flow of the cycle runs the next one.
            let runnerIndex = chain.count > 1 ? previous[chain[1]]!.step : closing.step
            let runner = program.flows[first].steps[runnerIndex]
            findings.report(.recursiveFlow, AnalysisMessages.recursiveFlow(cycle), at: runner.runsRange ?? runner.range)
        }
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func recursiveFlow(_ cycle: [String]) -> String {
        "flow '\(cycle[0])' runs itself: \(cycle.joined(separator: " → "))"
    }
}
