/// `recursive-flow`, `unreachable-flow`, `unreachable-step`.
extension Checker {
    /// A flow that runs itself, directly or through others, can never be drawn or started.
    mutating func reportRecursion(_ components: [[Int]]) {
        for component in components {
            let members = Set(component)
            let first = component[0]
            let selfLoop = program.flows[first].steps.contains { $0.runs == first }
            guard component.count > 1 || selfLoop else { continue }
            for member in component { isRecursive[member] = true }
            // The shortest cycle through the first flow, by breadth-first search inside the component.
            var previous: [Int: (flow: Int, step: Int)] = [:]
            var queue = [first]
            var cursor = 0
            var closing: (flow: Int, step: Int)?
            search: while cursor < queue.count {
                let flowIndex = queue[cursor]
                cursor += 1
                for (stepIndex, step) in program.flows[flowIndex].steps.enumerated() {
                    guard let next = step.runs, members.contains(next) else { continue }
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
            report(.recursiveFlow, AnalysisMessages.recursiveFlow(cycle), at: runner.runsRange ?? runner.range)
        }
    }

    mutating func checkReachability() {
        for (flowIndex, flow) in program.flows.enumerated() where flow.start != nil {
            if entries[flowIndex] == nil, !isMaybeRun[flowIndex] {
                guard !isRecursive[flowIndex] else { continue }
                let notes = program.runners[flowIndex].map { runner in
                    let name = program.qualifiedName(runner)
                    let runnerFlow = program.flows[runner.flow].name
                    let message = isRecursive[runner.flow] ? AnalysisMessages.runByRecursive(name, flow: runnerFlow)
                        : graphs[runner.flow]?.isReachable(runner.step) == true ? AnalysisMessages.runByNeverRun(name, flow: runnerFlow)
                        : AnalysisMessages.runByUnreachable(name)
                    return Diagnostic.Note(message, at: program[runner].range)
                }
                report(.unreachableFlow, AnalysisMessages.unreachableFlow(flow.name), at: flow.range, notes: notes)
                continue
            }
            // A step that may go anywhere could lead to any other, and so could a link lost to a syntax error.
            guard !flow.isTabs, !flow.hasLostLinks, let graph = graphs[flowIndex], !graph.reachesAnywhere else { continue }
            for (stepIndex, step) in flow.steps.enumerated() where !graph.isReachable(stepIndex) && step.shared == nil {
                // A link opens its step along a path from the root, so it does not make a step reachable.
                let notes = flow.links.filter { $0.target == stepIndex }.map {
                    Diagnostic.Note(AnalysisMessages.linkNeedsAPath($0.pattern.text), at: $0.patternRange)
                }
                report(.unreachableStep, AnalysisMessages.unreachableStep(step.name, flow: flow.name), at: step.range,
                       notes: notes, subjects: [StepReference(flow: flowIndex, step: stepIndex)])
            }
        }
    }
}
