/// A lock on the screen (`step Editor locked while g`): a step that every sheet and popover of
/// its flow presents with the same lock may say it once; some of those moves then leave it out,
/// and the resolver gives them the step's. The model keeps each move's lock (what the program
/// means, which `HarnessFacts` reads); only what is printed changes.
extension HarnessBuilder {
    func addStepLocks() {
        for flow in program.flows {
            let clauses = flow.everyClause
            for step in flow.steps where step.group == nil {
                // A link's sheet or popover says no lock: the step's would lock it, so such a step is left alone.
                guard !flow.links.contains(where: { $0.target == step.name && ($0.move == .sheet || $0.move == .popover) }) else { continue }
                var presenting: [(clause: HClause, branch: Int)] = []
                for clause in clauses {
                    for (index, branch) in clause.branches.enumerated()
                    where branch.action.main.target == step.name && (branch.action.main.kind == .sheet || branch.action.main.kind == .popover) {
                        presenting.append((clause, index))
                    }
                }
                guard let first = presenting.first?.clause.branches[presenting[0].branch].action.main.lock,
                      presenting.allSatisfy({ $0.clause.branches[$0.branch].action.main.lock == first }), rng.chance(70) else { continue }
                step.lock = first
                for (clause, index) in presenting where rng.chance(70) {
                    clause.branches[index].action.main.writesLock = false
                }
            }
        }
    }
}

/// Another entry of a screen (`step MyProfile like AccountDetail`): a new step without inputs, like
/// a screen step Y of a stack flow, shown by a new clause of a step that shows Y, with the same
/// move. It is then in the states Y is in when shown from there, where each of Y's clauses holds.
extension HarnessBuilder {
    func addLikes() {
        for flow in program.flows where !flow.isTabs && presentationRng.chance(20) {
            // `popTo Y` below a screen the entry shows would not find Y: the entry is another step.
            let view = program.view(of: flow)
            let poppedTo = Set((view.steps.flatMap(\.clauses) + view.flowLevel + view.alerts.flatMap(\.buttons)).flatMap(\.actions)
                .flatMap { $0.backs + [$0.main] }
                .filter { $0.kind == .popTo }.compactMap(\.target))
            let candidates = flow.steps.flatMap { parent in
                parent.clauses.compactMap { clause -> (HStep, HClause, HStep)? in
                    guard clause.branches.count == 1, clause.conditions.isEmpty, let action = clause.actions.first, action.backs.isEmpty,
                          [.push, .sheet, .popover, .cover].contains(action.main.kind), action.main.at == nil,
                          let target = action.main.target, let liked = flow.step(target), liked.runs == nil, !liked.isPrivate,
                          liked.like == nil, !liked.clauses.isEmpty, liked.group == nil, parent.runs == nil,
                          // A value handed back goes to the step that receives it, which the entry does not.
                          liked.receives.isEmpty, !poppedTo.contains(liked.name),
                          !liked.clauses.flatMap(\.actions).contains(where: { flow.step($0.main.target ?? "")?.isPrivate == true })
                    else { return nil }
                    return (parent, clause, liked)
                }
            }
            guard let (parent, clause, liked) = presentationRng.pickIfAny(candidates) else { continue }
            let entry = addStep(liked.name + "Entry", to: flow)
            entry.like = liked.name
            var move = clause.actions[0].main
            move.target = entry.name
            move.writesLock = true
            parent.clauses.append(HClause(event("open" + entry.name), move))
        }
    }
}

/// Sheet detents (`step Translate detents medium, large`): on some steps that a sheet or popover
/// shows, a presentation detail that the navigator keeps for the UI and the checker ignores.
extension HarnessBuilder {
    func addDetents() {
        let scopes: [HScope] = program.groups + program.flows
        let presented = Set(scopes.flatMap(\.everyClause).flatMap(\.actions).map(\.main)
            .filter { $0.kind == .sheet || $0.kind == .popover }.compactMap(\.target))
        for scope in scopes {
            for step in scope.steps where presented.contains(step.name) && rng.chance(30) {
                step.detents = "detents " + rng.pick(["medium", "medium, large", "height 200, large", "height 120, medium, large"])
                    + (rng.chance(30) ? " interactive" : "")
            }
        }
    }
}

/// Screens at launch (`start Home, cover Terms if needsTerms`): a new step with no inputs, shown
/// over a stack flow's first screens as it starts, under a new guard or always, which it leaves
/// by `dismiss` (terms accepted, onboarding done, what's new read).
extension HarnessBuilder {
    func addLaunches() {
        // Only where the flow starts at its start somewhere: a flow opened only along `at` paths is
        // brought to the path's step, which takes the launch layer away (it would be unreachable).
        let scopes: [HScope] = program.groups + program.flows
        let moves = scopes.flatMap(\.everyClause).flatMap(\.actions).map(\.main)
        func startsPlainly(_ flow: HFlow) -> Bool {
            let runners = scopes.flatMap { scope in scope.steps.filter { $0.runs == flow.name }.map { (scope, $0) } }
            return runners.isEmpty || runners.contains { scope, runner in
                (scope as? HFlow).map { $0.isTabs || $0.startSteps.contains(runner.name) } == true
                    || moves.contains { $0.target == runner.name && $0.at == nil }
            }
        }
        for flow in program.flows where !flow.isTabs && !flow.start.isEmpty && startsPlainly(flow) && rng.chance(30) {
            let kind: HMoveKind = rng.chance(60) ? .cover : .sheet
            let step = addStep(rng.pick(["Terms", "Onboarding", "WhatsNew"]), to: flow)
            step.clauses.append(HClause(event("done" + step.name), HMove(.dismiss)))
            var payload: [HParam] = []
            let condition = rng.chance(75) ? newGuard(in: flow, kind: .plain, payload: &payload) : nil
            flow.launch = (kind, step.name, condition)
        }
    }
}
