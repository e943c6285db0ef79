/// `restart`: a flow starts over, its start asked again, as after a sign-out or an account
/// switch. A screen of the flow that offers it (`on startOverTapped -> restart`), or the flow
/// itself (`on sessionChanged -> restart`, sent from wherever the user is, for a tab bar). Added
/// last: its moves land in the states the flow starts in, which every flow has found already, so
/// no back move chosen before becomes invalid.
extension HarnessBuilder {
    func addRestarts() {
        for flow in program.flows where !flow.start.isEmpty && rng.chance(35) {
            let screens = flow.steps.filter { $0.group == nil && $0.runs == nil }
            if flow.isTabs || screens.isEmpty || rng.chance(30) {
                flow.clauses.append(HClause(event("sessionChanged"), HMove(.restart)))
            } else {
                rng.pick(screens).clauses.append(HClause(event("startOverTapped"), HMove(.restart)))
            }
        }
    }
}
