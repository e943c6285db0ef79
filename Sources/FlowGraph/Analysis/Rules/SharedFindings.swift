/// `destinations` groups: what the flows that use a group find about it is one finding, at the
/// group, and what is absent must be absent in all of them. Applied to every family's findings
/// (`Checker.check`).
enum SharedFindings {
    /// The findings of the flows that use a destinations group, about what the group declares, are
    /// one finding each: reported once, at the group, with the flows where it shows (the shortest
    /// witness path of them). An unused guard of a group is one no flow that uses it uses, and a
    /// value a shared step receives is unused only when no flow that uses the group feeds it.
    static func merge(_ diagnostics: [Diagnostic], in program: FlowProgram) -> [Diagnostic] {
        guard !program.groups.isEmpty else { return diagnostics }
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
                list.contains { $0.steps.first.map { $0.flowIndex == user } ?? ($0.path.last?.hasPrefix(program.flows[user].name + ".") == true) }
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
        return kept
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func unusedSharedGuard(_ name: String, group: String) -> String {
        "guard '\(name)' of destinations '\(group)' is never used, in any flow that uses them"
    }
    static func showsIn(_ flows: [String], group: String) -> String {
        let names = flows.map { "'\($0)'" }
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "shows in \(flows.count == 1 ? "flow" : "flows") \(list), which \(flows.count == 1 ? "uses" : "use") destinations '\(group)'"
    }
}
