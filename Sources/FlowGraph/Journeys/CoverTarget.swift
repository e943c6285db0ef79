#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// Something a journey can take.
enum CoverTarget: Hashable {
    /// An action of an `on` clause of a step or flow (`branch`: which of its chain).
    case clause(ClauseReference)
    /// A button of an alert.
    case button(flow: FlowIndex, alert: Int, button: Int)
    case link(flow: FlowIndex, link: Int)
    /// A guard asked, answering `holds`.
    case answer(GuardRef, holds: Bool)
}

extension CoverTarget {
    /// Every target of the kinds asked, in a stable order, with where it is written.
    static func all(in program: FlowProgram, kinds: Set<JourneyCover.Kind>) -> [(CoverTarget, what: String, range: SourceRange)] {
        var found: [(CoverTarget, String, SourceRange)] = []
        let transitions = kinds.contains(.transitions)
        for (flowIndex, flow) in program.indexedFlows {
            if transitions {
                func add(_ clauses: [Clause], step: Int?) {
                    for (index, clause) in clauses.enumerated() where clause.link == nil {
                        for branch in clause.actions.indices {
                            let ref = ClauseReference(flow: flowIndex, step: step, index: ClauseIndex(index), branch: branch)
                            let place = step.map { "\(flow.name).\(flow.steps[$0].name)" } ?? "\(flow.name) (any step)"
                            found.append((.clause(ref), "\(place): \(FlowStateGraph.Move.describe(clause, branch: branch))",
                                          clause.actions[branch].range))
                        }
                    }
                }
                for (stepIndex, step) in flow.steps.enumerated() { add(step.clauses, step: stepIndex) }
                add(flow.clauses, step: nil)
            }
            if transitions || kinds.contains(.alerts) {
                for (alertIndex, alert) in flow.alerts.enumerated() {
                    for (buttonIndex, button) in alert.buttons.enumerated() {
                        found.append((.button(flow: flowIndex, alert: alertIndex, button: buttonIndex),
                                      "\(flow.name).\(alert.name): \(button.event)", button.range))
                    }
                }
            }
            if transitions || kinds.contains(.links) {
                for (linkIndex, link) in flow.links.enumerated() where link.target != nil && !link.isBroken {
                    found.append((.link(flow: flowIndex, link: linkIndex), "\(flow.name): link \(link.text)", link.range))
                }
            }
            if kinds.contains(.guards) {
                for (guardIndex, declared) in flow.guards.enumerated() {
                    for holds in [true, false] {
                        found.append((.answer(GuardRef(flow: flowIndex.raw, index: guardIndex), holds: holds),
                                      "\(flow.name).\(declared.name): \(holds ? "yes" : "no")", declared.range))
                    }
                }
            }
        }
        return found
    }
}
