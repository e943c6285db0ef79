/// `absent-tab`: a `select` (or `root`) of a tab that is there only sometimes (`step Lists runs
/// ListsFlow if hasLists`), from a clause that does not ask that condition first: where the tab
/// bar was built without it, the navigator refuses the move (blocked by the tab's guard).
enum AbsentTabRule: RuleFamily {
    static let rules: Set<Rule> = [.absentTab]

    static func report(into findings: inout Findings) {
        for flow in findings.program.flows where flow.isTabs && flow.steps.contains(where: { $0.condition != nil }) {
            findings.checkAbsentTabs(flow)
        }
    }
}

extension Findings {
    fileprivate mutating func checkAbsentTabs(_ flow: Flow) {
        flow.forEachClause { transition in
            // A link that selects a tab may be refused like any link that decides: no finding.
            guard transition.link == nil else { return }
            let conditions = transition.conditions
            for (branch, action) in transition.actions.enumerated() where action.kind.selects || action.kind == .root {
                guard let target = action.target, let condition = flow.steps[target].condition,
                      let guardIndex = condition.guardIndex else { continue }
                // Action k is taken when conditions 0..<k say no and condition k (if any) says yes.
                let asks = (branch < conditions.count && conditions[branch].guardIndex == guardIndex
                            && conditions[branch].isNegated == condition.isNegated)
                    || conditions.prefix(branch).contains { $0.guardIndex == guardIndex && $0.isNegated != condition.isNegated }
                guard !asks else { continue }
                report(.absentTab, AnalysisMessages.absentTab(action.kind.rawValue, tab: flow.steps[target].name, condition: condition.written),
                       at: action.range,
                       notes: [.init(AnalysisMessages.absentTabDeclared(flow.steps[target].name), at: condition.range),
                               .init(AnalysisMessages.absentTabFix(action.kind.rawValue, tab: flow.steps[target].name,
                                                                  condition: condition.written))])
            }
        }
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func absentTab(_ move: String, tab: String, condition: String) -> String {
        "'\(move) \(tab)' may find no tab '\(tab)': it is there only \(condition), and the navigator refuses the move where it is not"
    }
    static func absentTabDeclared(_ tab: String) -> String { "tab '\(tab)' has its condition here" }
    static func absentTabFix(_ move: String, tab: String, condition: String) -> String {
        "ask it first: '-> \(move) \(tab) \(condition) else ...', or show the tab always"
    }
}
