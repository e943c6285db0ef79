/// Renames: a declared one changes the router's Swift names (`router-renamed`), and a step that
/// looks renamed without a declaration gets the comment that would declare it suggested.
extension Comparison {
    /// One `router-renamed` a declared rename whose Swift spelling changed: the app's code that
    /// names the flow, step, event, exit, guard or alert no longer compiles, though the program
    /// means the same (docs/CLI.md, "Declared renames").
    mutating func compareRenames() {
        for (newName, oldName) in renames.containers.sorted(by: { $0.key < $1.key }) {
            guard let before = old.container(named: oldName), let now = new.container(named: newName) else { continue }
            reportRename(now.isDestinations ? "destinations" : "flow", qualified: (oldName, newName),
                         swift: (SwiftNames.identifier(oldName), SwiftNames.identifier(newName)), ranges: (before.range, now.range))
        }
        let members: [(DiffRenames.Kind, String, [String: [String: String]])] = [
            (.step, "Step", renames.steps), (.event, "Event", renames.events), (.exit, "Exit", renames.exits),
            (.guardDeclaration, "Guards", renames.guards), (.alert, "Alert", renames.alerts),
        ]
        for (kind, type, table) in members {
            for (container, names) in table.sorted(by: { $0.key < $1.key }) {
                let oldContainer = renames.oldContainer(container)
                guard let before = old.container(named: oldContainer), let now = new.container(named: container) else { continue }
                for (newName, oldName) in names.sorted(by: { $0.key < $1.key }) {
                    // A guard is a method of the flow's `Guards`, spelt as written; the others are cases.
                    func swift(_ flow: String, _ name: String) -> String {
                        "\(SwiftNames.identifier(flow)).\(type)."
                            + "\(kind == .guardDeclaration ? SwiftNames.identifier(name) : SwiftNames.caseIdentifier(name))"
                    }
                    let word = kind == .alert ? (new.ownAlerts(now).first { $0.name == newName }?.style.rawValue ?? "alert") : kind.rawValue
                    reportRename(word, qualified: ("\(oldContainer).\(oldName)", "\(container).\(newName)"),
                                 swift: (swift(oldContainer, oldName), swift(container, newName)),
                                 ranges: (old.range(of: kind, oldName, in: before) ?? before.range,
                                          new.range(of: kind, newName, in: now) ?? now.range))
                }
            }
        }
    }

    private mutating func reportRename(_ kind: String, qualified: (old: String, new: String), swift: (before: String, now: String),
                                       ranges: (old: SourceRange, new: SourceRange)) {
        // A rename that only changes what Swift spells the same (`Foo` → `foo` as a case) breaks nothing.
        guard swift.before != swift.now else { return }
        report(.routerRenamed, DiffMessages.renamed(kind, qualified.old, now: qualified.new, swift: swift),
               subject: qualified.old, old: ranges.old, new: ranges.new)
    }

    /// Steps removed without a rename comment that look renamed: the one step their container (by
    /// its new name) adds with the same inputs, when no other step removed from it has them too.
    /// By old id (`Flow.Step`) → new id.
    static func likelyRenames(old: DiffSide, new: DiffSide, renames: DiffRenames) -> [String: String] {
        var result: [String: String] = [:]
        for oldFlow in old.containers {
            // The container it became (as `newContainer(forOld:)` finds it).
            let renamed = renames.containers.first { $0.value == oldFlow.name }?.key
            guard renamed != nil || renames.containers[oldFlow.name] == nil,
                  let newFlow = new.container(named: renamed ?? oldFlow.name) else { continue }
            let container = newFlow.name
            let oldNames = Set(old.ownSteps(oldFlow).map(\.name))
            let newSteps = new.ownSteps(newFlow)
            let newNames = Set(newSteps.map { renames.old(.step, $0.name, in: container) })
            let removed = old.ownSteps(oldFlow).filter { !newNames.contains($0.name) }
            let added = newSteps.filter { !oldNames.contains(renames.old(.step, $0.name, in: container)) }
            for step in removed {
                let alike = added.filter { sameParameters($0.inputs, step.inputs) }
                guard alike.count == 1, removed.filter({ sameParameters($0.inputs, step.inputs) }).count == 1 else { continue }
                result["\(oldFlow.name).\(step.name)"] = "\(container).\(alike[0].name)"
            }
        }
        return result
    }
}

extension DiffSide {
    /// Where a container declares a member of this kind.
    func range(of kind: DiffRenames.Kind, _ name: String, in flow: Flow) -> SourceRange? {
        switch kind {
        case .container: flow.range
        case .step: ownSteps(flow).first { $0.name == name }?.range
        case .event: ownEvents(flow).first { $0.name == name }?.range
        case .exit: flow.exits.first { $0.name == name }?.range
        case .guardDeclaration: ownGuards(flow).first { $0.name == name }?.range
        case .alert: ownAlerts(flow).first { $0.name == name }?.range
        }
    }
}
