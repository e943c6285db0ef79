/// `unused-guard`, `unused-exit`: a guard or an exit no clause names. (A shared group's guard is
/// unused when no flow that uses the group uses it: `SharedFindings`.)
enum UnusedDeclarationRules: RuleFamily {
    static let rules: Set<Rule> = [.unusedGuard, .unusedExit]

    static func report(into findings: inout Findings) {
        for flow in findings.program.flows { findings.checkUnused(flow) }
    }
}

extension Findings {
    /// A guard or exit named nowhere; not reported when a misspelt name, or text lost to a syntax
    /// error, could be the use.
    fileprivate mutating func checkUnused(_ flow: Flow) {
        guard !flow.guards.isEmpty || !flow.exits.isEmpty else { return }
        var usedGuards = [Bool](repeating: false, count: flow.guards.count)
        var usedExits = [Bool](repeating: false, count: flow.exits.count)
        let isLost = flow.isIncomplete || flow.steps.contains(where: \.isIncomplete) || flow.alerts.contains(where: \.isIncomplete)
        var anyGuardUnknown = isLost
        var anyExitUnknown = isLost
        let asked = flow.startChoices.compactMap(\.condition) + flow.links.flatMap(\.conditions) + [flow.launch?.condition].compactMap({ $0 })
            + flow.steps.compactMap(\.condition)
        for condition in asked {
            if let index = condition.guardIndex { usedGuards[index] = true } else { anyGuardUnknown = true }
        }
        // A step's lock names its guard even where no move presents the step.
        for lock in flow.steps.compactMap(\.lock) where lock.guardName != nil {
            if let index = lock.guardIndex { usedGuards[index] = true } else { anyGuardUnknown = true }
        }
        flow.forEachClause { transition in
            transition.forEachCondition {
                if let index = $0.guardIndex { usedGuards[index] = true } else { anyGuardUnknown = true }
            }
            transition.forEachAction {
                if let lock = $0.lock, lock.guardName != nil {
                    if let index = lock.guardIndex { usedGuards[index] = true } else { anyGuardUnknown = true }
                }
                guard $0.kind == .exit else { return }
                if let target = $0.target { usedExits[target] = true } else { anyExitUnknown = true }
            }
        }
        for (index, item) in flow.guards.enumerated() where !usedGuards[index] && !anyGuardUnknown {
            report(.unusedGuard, AnalysisMessages.unusedGuard(item.name, flow: flow.name), at: item.range)
        }
        for (index, exit) in flow.exits.enumerated() where !usedExits[index] && !anyExitUnknown {
            report(.unusedExit, AnalysisMessages.unusedExit(exit.name, flow: flow.name), at: exit.range)
        }
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func unusedGuard(_ name: String, flow: String) -> String { "guard '\(name)' of flow '\(flow)' is never used" }
    static func unusedExit(_ name: String, flow: String) -> String { "exit '\(name)' of flow '\(flow)' is never taken" }
}
