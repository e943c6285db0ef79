/// `destinations` groups: what the flows that use a group find about it is one finding, at the
/// group, and what is absent must be absent in all of them.
extension Checker {
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
                  running.allSatisfy({ user in
                      graphs[user].map { !$0.reachesAnywhere } ?? false && !isRecursive[user] && !program.flows[user].hasLostLinks
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
