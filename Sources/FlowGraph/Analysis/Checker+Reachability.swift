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
            // A step that may do anything could lead to any other.
            guard !flow.isTabs, let graph = graphs[flowIndex], !graph.reachesWild else { continue }
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

    /// A step of a destinations group is unreachable only when no flow that uses the group reaches
    /// it (a shared screen one tab never shows is no mistake); reported once, at the group.
    mutating func checkSharedReachability() {
        for (groupIndex, group) in program.groups.enumerated() {
            let steps = group.declaration.steps
            guard !group.users.isEmpty else {
                for step in steps {
                    report(.unreachableStep, AnalysisMessages.unusedDestinations(step.name, group: group.name), at: step.range)
                }
                continue
            }
            // Flows no root runs are reported as such; a flow that may do anything may reach anything.
            let running = group.users.filter { entries[$0] != nil || isMaybeRun[$0] }
            guard !running.isEmpty,
                  running.allSatisfy({ user in graphs[user].map { !$0.reachesWild } ?? false && !isRecursive[user] }) else { continue }
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
                    return graphs[running[position]]!.isReachable(copy)
                }
                guard !reached, !copies.isEmpty else { continue }
                report(.unreachableStep, AnalysisMessages.unreachableSharedStep(step.name, group: group.name), at: step.range,
                       subjects: copies)
            }
        }
    }

    /// The findings of the flows that use a destinations group, about what the group declares, are
    /// one finding each: reported once, at the group, with the flows where it shows (the shortest
    /// witness path of them). An unused guard of a group is one no flow that uses it uses, and a
    /// value a shared step receives is unused only when no flow that uses the group feeds it.
    mutating func mergeSharedFindings() {
        guard !program.groups.isEmpty else { return }
        struct Key: Hashable {
            let rule: Rule
            let range: SourceRange
        }
        var kept: [Diagnostic] = []
        var order: [Key] = []
        var copies: [Key: [Diagnostic]] = [:]
        var groupOf: [Key: Int] = [:]
        for diagnostic in diagnostics {
            guard let group = program.group(containing: diagnostic.range) else {
                kept.append(diagnostic)
                continue
            }
            let key = Key(rule: diagnostic.rule, range: diagnostic.range)
            if copies[key] == nil { order.append(key) }
            copies[key, default: []].append(diagnostic)
            groupOf[key] = group
        }
        for key in order {
            let group = program.groups[groupOf[key]!]
            let list = copies[key]!
            // Which flow each copy is about: the flow of the steps it is about, else of its path's last step.
            let flows = group.users.filter { user in
                list.contains { $0.steps.first.map { $0.flow == user } ?? ($0.path.last?.hasPrefix(program.flows[user].name + ".") == true) }
            }.map { program.flows[$0].name }
            // What is absent must be absent in every flow that uses the group.
            if key.rule == .unusedGuard || key.rule == .unusedReceive, list.count < group.users.count { continue }
            if key.rule == .unusedGuard {
                guard let guardName = group.declaration.guards.first(where: { $0.range == key.range })?.name else { continue }
                kept.append(Diagnostic(.unusedGuard, AnalysisMessages.unusedSharedGuard(guardName, group: group.name), at: key.range))
                continue
            }
            let first = list.min { $0.path.count < $1.path.count } ?? list[0]
            let notes = flows.isEmpty ? first.notes : first.notes + [.init(AnalysisMessages.showsIn(flows, group: group.name))]
            let steps = Array(Set(list.flatMap(\.steps))).sorted()
            kept.append(Diagnostic(first.rule, first.message, at: first.range, notes: notes, path: first.path,
                                   subjects: steps.map(program.qualifiedName), steps: steps))
        }
        diagnostics = kept
    }
}
