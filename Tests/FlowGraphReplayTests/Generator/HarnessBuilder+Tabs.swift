/// Tab bars as apps build them.
///
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

    /// Items of a tab bar that present their step (`step Post as sheet`): a new step without inputs,
    /// presented from any tab, which its `dismiss` closes (a cover's way out). Added after the
    /// links, so that no link, `select` or `at` names it.
    func addTabItems() {
        for flow in program.flows where flow.isTabs && rng.chance(40) {
            let kind = rng.pick([HMoveKind.sheet, .sheet, .cover, .popover])
            let step = addStep(rng.pick(["Post", "Compose", "Search"]), to: flow)
            step.tabItem = kind
            step.clauses.append(HClause(event("close" + step.name), HMove(.dismiss)))
            // `select X below`: a tab for once the item's layer goes (one always there).
            if let tab = rng.pickIfAny(flow.steps.filter { $0.tabItem == nil && $0.condition == nil }), rng.chance(60) {
                step.clauses.append(HClause(event("thenShow" + tab.name), HMove(.selectBelow, tab.name)))
            }
        }
    }

    /// Tabs that are there only sometimes (`step Lists runs ListsFlow if hasLists`): a tab that no
    /// clause selects (or roots) gets a new guard, asked as the tab bar is built; one tab of each
    /// tab bar stays without. A link's path through the tab is refused where the tab is not there.
    func addTabConditions() {
        for flow in program.flows where flow.isTabs && flow.steps.count >= 2 && rng.chance(50) {
            let targeted = Set(flow.everyClause.flatMap(\.actions).map(\.main).filter { $0.kind == .select || $0.kind == .root }
                .compactMap(\.target))
            let candidates = flow.steps.filter { !targeted.contains($0.name) && $0.tabItem == nil }
            guard let tab = rng.pickIfAny(candidates) else { continue }  // one tab a flow: the others stay
            var payload: [HParam] = []
            tab.condition = newGuard(in: flow, kind: .plain, payload: &payload)
        }
    }
}
