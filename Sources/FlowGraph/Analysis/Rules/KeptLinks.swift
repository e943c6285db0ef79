/// `kept-links-never-open`: a step that keeps links (`step Terms keeps links`) that nothing ever
/// takes off screen, so a link kept there waits forever.
enum KeptLinksRule: RuleFamily {
    static let rules: Set<Rule> = [.keptLinksNeverOpen]

    static func report(into findings: inout Findings) {
        findings.checkKeptLinks()
    }
}

extension Findings {
    /// A step that keeps links leaves the screen by a `root`, an `exit` of its flow, a `select` of
    /// another tab, a `replace`, `pop` or `popTo` made where it is on top (or, for a `popTo`,
    /// anywhere above it), a `dismiss` or `close` of the modal stack it is in, or a move of an
    /// ancestor flow that closes its flow. When none of these can happen once it is shown, a link
    /// kept there never opens. (Taken as possible wherever one is made after it: the rule reports
    /// only a step no such move can take away.)
    fileprivate mutating func checkKeptLinks() {
        for (flowIndex, flow) in program.indexedFlows {
            guard let graph = facts.graphs[flowIndex], !graph.reachesWild, !flow.hasLostLinks,
                  facts.ancestorEscape[flowIndex] == nil else { continue }
            for (stepIndex, step) in flow.steps.enumerated() {
                guard let range = step.keepsLinksRange, facts.isShown(StepReference(flow: flowIndex, step: stepIndex)) else { continue }
                let own = graph.states(of: stepIndex)
                guard !own.isEmpty, !canLeave(own, in: graph) else { continue }
                report(.keptLinksNeverOpen, AnalysisMessages.keptLinksNeverOpen(step.name), at: range,
                       path: facts.path(along: graph.path(to: own[0]), in: flowIndex), subjects: [StepReference(flow: flowIndex, step: stepIndex)])
            }
        }
    }

    /// Whether a move made in the states reached from `own` (the step's) may take it off screen.
    private func canLeave(_ own: [StateIndex], in graph: FlowStateGraph) -> Bool {
        let isModal = own.contains { graph.states[Int($0)].layer != .base }
        // Every state reached from the step's, the tab bar's moves included (`search`).
        for state in graph.search(from: own, certainOnly: false, follows: { _, _ in true }).order {
            // A tab bar on screen: another tab takes the step's tab away.
            if graph.flow.isTabs, graph.flow.steps.count > 1, graph.states[Int(state)].layer == .base { return true }
            let isOwn = own.contains(state)
            for move in graph.moves(state) {
                switch move.kind {
                case .root, .restart, .exit, .select, .popTo: return true
                case .replace where isOwn: return true
                case .pop where isOwn && !graph.states[Int(state)].isBottom: return true
                case .dismiss, .close: if isModal { return true }
                default: break
                }
            }
        }
        return false
    }
}

// The messages of this family's rule (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func keptLinksNeverOpen(_ step: String) -> String {
        "step '\(step)' keeps links, and no move takes it off screen: a link that arrives while it is shown never opens"
    }
}
