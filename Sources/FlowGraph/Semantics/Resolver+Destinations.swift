/// `destinations` groups and `use`: each flow is resolved as if it declared what the groups it
/// uses declare, and what a group says is reported once, by the group resolved on its own.
extension Resolver {
    /// The group whose text holds `range`, if any.
    func group(containing range: SourceRange) -> Int? {
        groupSpans.firstIndex { $0.contains(range) }
    }

    /// For each group, the groups a `use` of it brings: itself first, then each group it uses,
    /// directly or through others, once (a cycle of uses is their union); and whether one of
    /// their `use`s names no group (what that group would have declared is unknown). Nothing is
    /// reported here: each group reports its own `use`s when it is resolved on its own.
    static func groupClosures(_ groups: [FlowSyntax], groupIndex: [String: Int]) -> [(members: [Int], isIncomplete: Bool)] {
        groups.indices.map { root in
            var members = [root]
            var seen: Set<Int> = [root]
            var isIncomplete = false
            var cursor = 0
            while cursor < members.count {
                for use in groups[members[cursor]].uses {
                    guard let next = groupIndex[use.text] else { isIncomplete = true; continue }
                    if seen.insert(next).inserted { members.append(next) }
                }
                cursor += 1
            }
            return (members, isIncomplete)
        }
    }

    /// `syntax` with the steps, guards and clauses of the groups it uses appended (and of the
    /// groups they use), as if it declared them; and the groups, by index. A name the flow and a
    /// group (or two groups) both declare is a `duplicate-name` at the `use`, and the flow keeps its
    /// own (or the first group's). `ownIndex`: the group `syntax` declares, when it is one.
    mutating func expand(_ syntax: FlowSyntax, groups: [FlowSyntax], groupIndex: [String: Int],
                         closures: [(members: [Int], isIncomplete: Bool)], ownIndex: Int? = nil) -> (FlowSyntax, [Int]) {
        guard !syntax.uses.isEmpty else { return (syntax, []) }
        var expanded = syntax
        var used: [Int] = []
        var written = Set<Int>()
        var steps = Dictionary(syntax.steps.map { ($0.name.text, $0.name.range) }, uniquingKeysWith: { first, _ in first })
        var guards = Dictionary(syntax.guards.map { ($0.name.text, $0.name.range) }, uniquingKeysWith: { first, _ in first })
        for use in syntax.uses {
            var index = groupIndex[use.text]
            if index == nil {
                index = reportUnknown(SemanticMessages.unknownDestinations(use.text), at: use.range, name: use.text,
                                      candidates: groups.map(\.name.text), mayBeLost: tree.hasLostFlows).flatMap { groupIndex[$0] }
            }
            guard let index else {
                // What the group would have declared is unknown.
                expanded.isIncomplete = true
                expanded.hasLostDeclarations = true
                continue
            }
            if !written.insert(index).inserted {
                // A misspelt name already has its error.
                if groups[index].name.text == use.text {
                    report(.duplicateName, SemanticMessages.usedTwice(groups[index].name.text, flow: syntax.name.text), at: use.range)
                }
                continue
            }
            if closures[index].isIncomplete {
                expanded.isIncomplete = true
                expanded.hasLostDeclarations = true
            }
            // Names two groups of this `use` both declare are reported by the group that uses the other.
            let reportedByGroup = closures[index].members.map { groupSpans[$0] }
            for member in closures[index].members where member != ownIndex && !used.contains(member) {
                used.append(member)
                let group = groups[member]
                func clash(_ kind: String, _ name: Name, first: SourceRange) {
                    guard !reportedByGroup.contains(where: { $0.contains(first) }) else { return }
                    report(.duplicateName, SemanticMessages.sharedNameClash(kind, name.text, flow: syntax.name.text, group: group.name.text),
                           at: use.range, notes: [.init(SemanticMessages.firstDeclaredHere, at: first),
                                                  .init(SemanticMessages.declaredHere("\(kind) '\(name.text)'"), at: name.range)])
                }
                for step in group.steps {
                    if let first = steps[step.name.text] { clash("step", step.name, first: first); continue }
                    steps[step.name.text] = step.name.range
                    expanded.steps.append(step)
                }
                // Alerts share the steps' names.
                for alert in group.alerts {
                    if let first = steps[alert.name.text] ?? syntax.alerts.first(where: { $0.name.text == alert.name.text })?.name.range {
                        clash(alert.style.rawValue, alert.name, first: first)
                        continue
                    }
                    steps[alert.name.text] = alert.name.range
                    expanded.alerts.append(alert)
                }
                for item in group.guards {
                    if let first = guards[item.name.text] { clash("guard", item.name, first: first); continue }
                    guards[item.name.text] = item.name.range
                    expanded.guards.append(item)
                }
                expanded.clauses += group.clauses
                // A link of the group (with a move) is each using flow's: the copies share the
                // group's range, which the overlap check and the runtime know them by.
                expanded.links += group.links
                expanded.isIncomplete = expanded.isIncomplete || group.isIncomplete
                expanded.hasLostDeclarations = expanded.hasLostDeclarations || group.hasLostDeclarations
                expanded.hasLostLinks = expanded.hasLostLinks || group.hasLostLinks
            }
        }
        return (expanded, used)
    }

    /// Runs `body`, keeping of what it reports inside the groups `used` only what a group alone
    /// cannot show: each group is resolved on its own, once, and reports its own findings there.
    /// A payload conflict between a group's clause and the flow's own is kept (it is the flow's).
    mutating func inUsedGroupsOnce<Result>(_ used: [Int], _ body: (inout Resolver) -> Result) -> Result {
        let before = diagnostics.count
        let result = body(&self)
        guard !used.isEmpty else { return result }
        let found = diagnostics[before...]
        diagnostics.removeSubrange(before...)
        for diagnostic in found {
            guard let group = group(containing: diagnostic.range), used.contains(group) else {
                diagnostics.append(diagnostic)
                continue
            }
            if diagnostic.rule == .payloadConflict,
               diagnostic.notes.contains(where: { $0.range.map { self.group(containing: $0) != group } ?? false }) {
                diagnostics.append(diagnostic)
            }
        }
        return result
    }

    /// Marks the steps, alerts and guards of `flow` that a group it uses declares (`stepsOfGroup`: each
    /// group's steps by name).
    func markShared(_ flow: inout Flow, groups: [DestinationGroup], stepsOfGroup: [[String: Int]]) {
        guard !flow.uses.isEmpty else { return }
        for index in flow.steps.indices {
            guard let group = group(containing: flow.steps[index].range), flow.uses.contains(group),
                  let step = stepsOfGroup[group][flow.steps[index].name] else { continue }
            flow.steps[index].shared = SharedStep(group: group, step: step)
        }
        for index in flow.guards.indices {
            guard let group = group(containing: flow.guards[index].range), flow.uses.contains(group) else { continue }
            flow.guards[index].group = group
        }
        for index in flow.alerts.indices {
            guard let group = group(containing: flow.alerts[index].range), flow.uses.contains(group) else { continue }
            flow.alerts[index].group = group
        }
    }
}
