/// `unreachable-flow`, `unreachable-step`: what no path from a root shows. Which flows are run, and
/// which steps each flow's state graph reaches, are facts (`CheckerFacts.entries`, `graphs`).
enum UnreachableRules: RuleFamily {
    static let rules: Set<Rule> = [.unreachableFlow, .unreachableStep]

    static func report(into findings: inout Findings) {
        findings.checkReachability()
        findings.checkSharedReachability()
    }
}

extension Findings {
    fileprivate mutating func checkReachability() {
        for (flowIndex, flow) in program.indexedFlows where flow.start != nil {
            if facts.entries[flowIndex] == nil, !facts.isMaybeRun[flowIndex] {
                guard !facts.isRecursive[flowIndex] else { continue }
                let notes = program.runners[flowIndex].map { runner in
                    let name = program.qualifiedName(runner)
                    let runnerFlow = program.flows[runner.flow].name
                    let message = facts.isRecursive[runner.flow] ? AnalysisMessages.runByRecursive(name, flow: runnerFlow)
                        : facts.graphs[runner.flow]?.isReachable(runner.step) == true ? AnalysisMessages.runByNeverRun(name, flow: runnerFlow)
                        : AnalysisMessages.runByUnreachable(name)
                    return Diagnostic.Note(message, at: program[runner].range)
                }
                report(.unreachableFlow, AnalysisMessages.unreachableFlow(flow.name), at: flow.range, notes: notes)
                continue
            }
            // A step that may go anywhere could lead to any other, and so could a link lost to a syntax error.
            guard !flow.isTabs, !flow.hasLostLinks, let graph = facts.graphs[flowIndex], !graph.reachesAnywhere else { continue }
            for (stepIndex, step) in flow.steps.enumerated()
            where !facts.isShown(StepReference(flow: flowIndex, step: stepIndex)) && step.shared == nil {
                // A link opens its step along a path from the root, so it does not make a step reachable.
                var notes = flow.links.filter { $0.target == stepIndex }.map {
                    Diagnostic.Note(AnalysisMessages.linkNeedsAPath($0.pattern.text), at: $0.patternRange)
                }
                // Reached by the graph, not shown: every move into the flow has an `at` whose path goes past it.
                if graph.isReachable(stepIndex), let runner = program.runners[flowIndex].first {
                    notes.append(Diagnostic.Note(AnalysisMessages.passedOverByAt(step.name, flow: flow.name), at: program[runner].range))
                }
                report(.unreachableStep, AnalysisMessages.unreachableStep(step.name, flow: flow.name), at: step.range,
                       notes: notes, subjects: [StepReference(flow: flowIndex, step: stepIndex)])
            }
        }
    }

    /// A step of a destinations group is unreachable only when no flow that uses the group reaches
    /// it (a shared screen one tab never shows is no mistake); reported once, at the group.
    fileprivate mutating func checkSharedReachability() {
        for (groupIndex, group) in program.groups.enumerated() {
            let steps = group.ownSteps
            guard !group.users.isEmpty else {
                for step in steps {
                    report(.unreachableStep, AnalysisMessages.unusedDestinations(step.name, group: group.name), at: step.range)
                }
                continue
            }
            // Flows no root runs are reported as such; a flow that may do anything may reach anything.
            let running = group.users.filter { facts.entries[$0] != nil || facts.isMaybeRun[$0] }
            guard !running.isEmpty,
                  running.allSatisfy({ user in
                      facts.graphs[user].map { !$0.reachesAnywhere } ?? false && !facts.isRecursive[user] && !program.flows[user].hasLostLinks
                  }) else { continue }
            // For each flow that runs, where each step of the group is among its steps.
            let copiesOf = running.map { user in
                var copy = [Int?](repeating: nil, count: steps.count)
                for (index, step) in program.flows[user].steps.enumerated() where step.shared?.group == groupIndex {
                    copy[step.shared!.step] = index
                }
                return copy
            }
            for (index, step) in steps.enumerated() {
                var copies: [StepReference] = []
                let reached = running.indices.contains { position in
                    guard let copy = copiesOf[position][index] else { return false }
                    copies.append(StepReference(flow: running[position], step: copy))
                    return facts.graphs[running[position]]!.isReachable(copy)
                }
                guard !reached, !copies.isEmpty else { continue }
                report(.unreachableStep, AnalysisMessages.unreachableSharedStep(step.name, group: group.name), at: step.range,
                       subjects: copies)
            }
        }
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func unreachableFlow(_ flow: String) -> String { "flow '\(flow)' is never run: no reachable step runs it" }
    static func runByUnreachable(_ step: String) -> String { "run by step '\(step)', which is unreachable" }
    static func runByNeverRun(_ step: String, flow: String) -> String { "run by step '\(step)', whose flow '\(flow)' is never run" }
    static func runByRecursive(_ step: String, flow: String) -> String { "run by step '\(step)', whose flow '\(flow)' runs itself" }
    static func unreachableStep(_ step: String, flow: String) -> String {
        "step '\(step)' is unreachable: no transition from the start of flow '\(flow)' leads to it"
    }
    static func unreachableSharedStep(_ step: String, group: String) -> String {
        "step '\(step)' is unreachable: no flow that uses destinations '\(group)' leads to it"
    }
    static func unusedDestinations(_ step: String, group: String) -> String {
        "step '\(step)' is unreachable: no flow uses destinations '\(group)'"
    }
    static func passedOverByAt(_ step: String, flow: String) -> String {
        "every move that shows flow '\(flow)' opens it 'at' a step, along a path that does not leave '\(step)' on screen"
    }
    static func linkNeedsAPath(_ pattern: String) -> String {
        "link '\(pattern)' opens it along a path from the root, so it needs a transition too: "
            + "for example an event the app sends when the link arrives"
    }
}
