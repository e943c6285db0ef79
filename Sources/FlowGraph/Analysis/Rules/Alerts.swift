/// `empty-alert`, `unused-alert`: an alert or dialog nothing could close, or nothing shows.
enum AlertRules: RuleFamily {
    static let rules: Set<Rule> = [.emptyAlert, .unusedAlert]

    static func report(into findings: inout Findings) {
        for flow in findings.program.flows { findings.checkAlerts(flow) }
    }
}

extension Findings {
    /// An alert with no button could never be closed (`empty-alert`); one no clause shows is dead
    /// text (`unused-alert`).
    fileprivate mutating func checkAlerts(_ flow: Flow) {
        guard !flow.alerts.isEmpty else { return }
        var shown = [Bool](repeating: false, count: flow.alerts.count)
        var anyUnknown = flow.isIncomplete || flow.steps.contains(where: \.isIncomplete) || flow.alerts.contains(where: \.isIncomplete)
        flow.forEachClause { transition in
            transition.forEachAction {
                guard $0.kind.targetRole == .alert else { return }
                if let target = $0.target { shown[target] = true } else { anyUnknown = true }
            }
        }
        for (index, alert) in flow.alerts.enumerated() {
            if alert.buttons.isEmpty, !alert.isIncomplete {
                report(.emptyAlert, AnalysisMessages.emptyAlert(alert.style.rawValue, alert.name), at: alert.range)
            }
            if !shown[index], !anyUnknown {
                report(.unusedAlert, AnalysisMessages.unusedAlert(alert.style.rawValue, alert.name, flow: flow.name), at: alert.range)
            }
        }
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func emptyAlert(_ style: String, _ name: String) -> String {
        "\(style) '\(name)' has no button: the user could never close it"
    }
    static func unusedAlert(_ style: String, _ name: String, flow: String) -> String {
        "\(style) '\(name)' of flow '\(flow)' is never shown: no clause says '\(style) \(name)'"
    }
}
