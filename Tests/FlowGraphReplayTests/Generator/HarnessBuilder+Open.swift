/// Pass 3b: moves that leave the app (`open address`): a screen's clause, sometimes under a guard,
/// or an alert's button. None changes a screen: the replay checks that nothing moves.
extension HarnessBuilder {
    static let openedValue = HParam(name: "address", type: "String")

    /// Pass 3c: `keeps links` on a screen the user leaves: one a sheet or cover shows, with a
    /// clause that closes it (a first-launch cover, a locked sheet).
    func addKeptLinks() {
        let presented = Set(program.flows.flatMap(\.steps).flatMap(\.clauses).flatMap(\.branches).compactMap { branch in
            [.sheet, .cover].contains(branch.action.main.kind) ? branch.action.main.target : nil
        })
        for flow in program.flows {
            for step in flow.steps where presented.contains(step.name) && !step.isPrivate && rng.chance(30) {
                let closes = step.clauses.contains { clause in
                    clause.branches.contains { [.dismiss, .close].contains($0.action.main.kind) && $0.action.backs.isEmpty }
                }
                if closes { step.keepsLinks = true }
            }
        }
    }

    func addOpens() {
        let scopes: [HScope] = program.groups + program.flows
        for scope in scopes {
            for step in scope.steps where !step.isPrivate && step.runs == nil && rng.chance(12) {
                var clause = HClause(event(rng.pick(["openLink", "visitSite", "mailSupport"])), payload: [Self.openedValue],
                                     HMove(.open, Self.openedValue.name))
                // Sometimes only when a guard allows (`blocked` otherwise).
                if rng.chance(40) {
                    var payload: [HParam] = [Self.openedValue]
                    let condition = newGuard(in: scope, kind: .plain, payload: &payload)
                    let branch = HBranch(action: HAction(HMove(.open, Self.openedValue.name)), condition: condition)
                    clause = HClause(clause.event, payload: payload, [branch])
                }
                step.clauses.append(clause)
            }
            for alert in scope.alerts where rng.chance(25) {
                alert.buttons.append(HClause(event("open" + alert.name), payload: [Self.openedValue], HMove(.open, Self.openedValue.name)))
            }
        }
    }
}
