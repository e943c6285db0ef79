/// Pass 2: the forward moves of every flow and of the group. Each new step is the target of a move
/// from a step that is already reachable, so every step is reachable; back moves come later.
extension HarnessBuilder {
    /// The group's screens: a detail with a pushed sub-screen, a page that receives what a picker
    /// hands back, a flow-level clause, a link that pushes where the user is.
    func buildGroup(_ plan: GroupPlan) {
        let group = HGroup(name: plan.name)
        program.groups.append(group)
        for user in plan.users { program.flow(user)?.uses.append(group.name) }
        let detail = addStep("Detail", to: group, inputs: [HarnessVocabulary.item])
        // The sub-screen in a group of its own that this one uses (a settings sheet's few screens).
        var core: HGroup?
        if rng.chance(45) {
            let used = HGroup(name: unique(plan.name.replacing("Screens", with: "") + "Core"))
            program.groups.append(used)
            group.uses.append(used.name)
            core = used
        }
        let more = addStep(rng.pick(["Reviews", "Credits", "Related"]), to: core ?? group, inputs: [HarnessVocabulary.item])
        detail.clauses.append(show(more, .push))
        if let core, rng.chance(50) { core.clauses.append(show(more, .push)) }
        groupEntries = [detail]
        if rng.chance(40) {
            let share = addStep("Share", to: group)
            let clause = show(share, rng.pick([.sheet, .popover]))
            if rng.chance(50) { addCondition(to: clause, in: group) }
            detail.clauses.append(clause)
        }
        if rng.chance(35) { addAlert(shownFrom: detail, in: group) }
        if plan.picker {
            let page = addStep("Page", to: group)
            let value = rng.pick(HarnessVocabulary.picked)
            page.receives = [HParam(name: value.name, type: value.type + "?")]
            let picker = addStep("Picker", to: group)
            picker.isPrivate = true
            page.clauses.append(show(picker, rng.pick([.sheet, .sheet, .push, .popover])))
            pickers.append((picker, page, value))
            groupEntries.append(page)
        }
        if rng.chance(50) {
            group.clauses.append(show(detail, .push))
        }
        if plan.link {
            let link = HLink([], move: .push, target: detail.name)
            setPatterns(of: link, for: detail)
            group.links.append(link)
        }
    }

    // MARK: Stack flows

    func buildStack(_ flow: HFlow, _ plan: FlowPlan) {
        if plan.shell {
            buildShell(flow, plan)
            return
        }
        let first = addStep(rng.pick(HarnessVocabulary.startNouns), to: flow, inputs: plan.startInputs)
        flow.start = [(first.name, nil)]
        if plan.startChoice {
            let second = addStep(rng.pick(["Welcome", "Intro", "Landing", "Splash"]), to: flow, inputs: plan.startInputs)
            var payload: [HParam] = []
            let condition = newGuard(in: flow, kind: .plain, payload: &payload)
            flow.start = rng.chance(50) ? [(first.name, condition), (second.name, nil)] : [(second.name, condition), (first.name, nil)]
        }
        let starts = flow.steps
        var later: [FlowPlan] = []
        for child in plan.children {
            if child.atStart { attachRunner(child, in: flow, from: first) } else { later.append(child) }
        }
        grow(flow, plan, until: max(flow.steps.count + 1, plan.size / 2))
        for child in later { attachRunner(child, in: flow, from: rng.pick(anchors(of: flow))) }
        grow(flow, plan, until: plan.size)
        if plan.usesGroup { useGroup(in: flow) }
        if plan.role == .sub {
            // Every exit is taken; the start takes the first (pass 3 adds more where a base needs one).
            for (index, exit) in flow.exits.enumerated() {
                let from = index == 0 ? starts : [rng.pick(anchors(of: flow))]
                for step in from {
                    step.clauses.append(HClause(event(rng.pick(["cancel", "finish", "leave"]) + step.name),
                                                payload: exit.params, HMove(.exit, exit.name)))
                }
            }
        }
        if plan.open, !simple, flow.steps.count < HarnessBuilder.maxSteps, rng.chance(45) {
            let kind: HMoveKind = rng.pick([.push, .sheet, .popover, .cover])
            let target = addStep(rng.pick(HarnessVocabulary.nouns), to: flow, inputs: rng.chance(50) ? [rng.pick(HarnessVocabulary.required)] : [])
            let link = HLink([], move: kind, target: target.name)
            setPatterns(of: link, for: target)
            flow.links.append(link)
        }
    }

    /// The app shell: `start Home if g else Onboarding`; onboarding's exits go to the home with `root`.
    private func buildShell(_ flow: HFlow, _ plan: FlowPlan) {
        let onboardingPlan = plan.children.first { $0.role == .sub }!
        let homePlan = plan.children.first { $0.role == .home }
        let home = addStep("Home", to: flow, runs: homePlan?.name)
        let onboarding = addStep("Onboarding", to: flow, runs: onboardingPlan.name)
        var payload: [HParam] = []
        let condition = newGuard(in: flow, kind: .plain, payload: &payload)
        flow.start = condition.negated ? [(onboarding.name, condition), (home.name, nil)] : [(home.name, condition), (onboarding.name, nil)]
        for exit in onboardingPlan.exits {
            let handler = HClause(exit.name, payload: exit.params, HMove(.root, home.name))
            handler.writesPayload = rng.chance(50)
            onboarding.clauses.append(handler)
            if homePlan != nil { runnerEntries.append((flow.name, handler, home, true)) }
        }
        let help = addStep(rng.pick(["Help", "Support", "Feedback"]), to: flow)
        flow.clauses.append(show(help, rng.pick([.sheet, .popover, .cover])))
        if rng.chance(50) { flow.clauses.append(show(onboarding, .root)) }
        if homePlan == nil {
            grow(flow, plan, until: 5)
        }
    }

    /// A step that runs `child`, shown from `anchor` the way the plan says.
    private func attachRunner(_ child: FlowPlan, in flow: HFlow, from anchor: HStep) {
        let noun = child.isTabs ? rng.pick(["Library", "Collections", "Hub"]) : rng.pick(HarnessVocabulary.nouns)
        let runner = addStep(noun, to: flow, inputs: child.startInputs, runs: child.name)
        var lock: HLock?
        if child.entryLocked {
            if rng.chance(50) {
                lock = .always
            } else {
                var payload: [HParam] = []
                let condition = newGuard(in: flow, kind: .plain, payload: &payload)
                lock = .whileGuard(condition.guardName, negated: condition.negated)
            }
        }
        let clause = show(runner, child.entry, lock: lock)
        anchor.clauses.append(clause)
        runnerEntries.append((flow.name, clause, runner, false))
        runners.append(runner)
    }

    /// Clauses of `flow` that show the group's entry screens (every entry from the first user).
    private func useGroup(in flow: HFlow) {
        guard let group = plannedGroup else { return }
        let first = group.users.first == flow.name
        let entries = first ? groupEntries : [rng.pick(groupEntries)]
        for entry in entries {
            let kind: HMoveKind = rng.chance(70) ? .push : .sheet
            rng.pick(anchors(of: flow)).clauses.append(show(entry, kind))
        }
    }

    // MARK: Growing a stack

    /// A way to grow a stack by a forward move from one of its screens.
    private enum Motif: CaseIterable {
        case push, sheet, popover, cover, locked, replace, picker, alert, extraPush, rootToStart, flowLevel, guardPair, elseChain
    }

    private func motifWeight(_ motif: Motif) -> Int {
        switch motif {
        case .push: 24
        case .sheet: 9
        case .popover: 5
        case .cover: 5
        case .locked: simple ? 0 : 5
        case .replace: 5
        case .picker: simple ? 0 : 7
        case .alert: 8
        case .extraPush: 5
        case .rootToStart: 3
        case .flowLevel: 5
        case .guardPair: simple ? 0 : 4
        case .elseChain: simple ? 0 : 5
        }
    }

    /// Adds forward moves to new steps of `flow` until it has `size` steps.
    func grow(_ flow: HFlow, _ plan: FlowPlan, until size: Int) {
        var tries = 0
        while flow.steps.count < size, tries < 60 {
            tries += 1
            guard let parent = rng.pickIfAny(anchors(of: flow)) else { return }
            let total = Motif.allCases.map(motifWeight).reduce(0, +)
            var roll = rng.int(0...(total - 1))
            let motif = Motif.allCases.first { motif in
                roll -= motifWeight(motif)
                return roll < 0
            }!
            let noun = rng.pick(HarnessVocabulary.nouns)
            switch motif {
            case .push, .sheet, .popover, .cover, .replace:
                let kinds: [Motif: HMoveKind] = [.push: .push, .sheet: .sheet, .popover: .popover, .cover: .cover, .replace: .replace]
                let child = addStep(noun, to: flow, inputs: inputs(after: parent))
                let clause = show(child, kinds[motif]!)
                if !simple, rng.chance(18) { addCondition(to: clause, in: flow) }
                parent.clauses.append(clause)
            case .locked:
                let child = addStep(noun, to: flow, inputs: inputs(after: parent))
                var lock = HLock.always
                if rng.chance(50) {
                    var payload: [HParam] = []
                    let condition = newGuard(in: flow, kind: .plain, payload: &payload)
                    lock = .whileGuard(condition.guardName, negated: condition.negated)
                }
                parent.clauses.append(show(child, rng.chance(75) ? .sheet : .popover, lock: lock))
            case .picker:
                guard parent.receives.isEmpty, !flow.startSteps.contains(parent.name) || rng.chance(50) else { continue }
                let value = rng.pick(HarnessVocabulary.picked)
                parent.receives = [HParam(name: value.name, type: value.type + "?")]
                let picker = addStep(rng.pick(["Chooser", "Picker", "Selector"]), to: flow)
                picker.isPrivate = true
                parent.clauses.append(show(picker, rng.pick([.push, .push, .sheet, .popover])))
                pickers.append((picker, parent, value))
            case .alert:
                addAlert(shownFrom: parent, in: flow)
            case .extraPush:
                let targets = flow.steps.filter {
                    $0 !== parent && !$0.isPrivate && !flow.startSteps.contains($0.name) && $0.runs == nil
                }
                guard let target = rng.pickIfAny(targets) else { continue }
                parent.clauses.append(show(target, .push))
            case .rootToStart:
                guard !flow.startSteps.contains(parent.name), let start = flow.step(flow.start[0].step) else { continue }
                parent.clauses.append(show(start, .root))
            case .flowLevel:
                let kind: HMoveKind = rng.pick([.sheet, .sheet, .push, .cover, .popover])
                let child = addStep(noun, to: flow, inputs: rng.chance(30) ? [rng.pick(HarnessVocabulary.required)] : [])
                flow.clauses.append(show(child, kind))
            case .guardPair:
                let first = addStep(noun, to: flow, inputs: inputs(after: parent))
                let second = addStep(rng.pick(HarnessVocabulary.nouns), to: flow)
                let clause = show(first, .push)
                var payload = clause.payload
                let condition = newGuard(in: flow, kind: rng.chance(70) ? .plain : .async, payload: &payload)
                clause.branches[0].condition = condition
                let other = HClause(clause.event, payload: payload, [HBranch(
                    action: HAction(HMove(rng.pick([.sheet, .push]), second.name)),
                    condition: HCondition(guardName: condition.guardName, negated: !condition.negated))])
                clause.payload = payload
                parent.clauses += [clause, other]
            case .elseChain:
                let first = addStep(noun, to: flow, inputs: inputs(after: parent))
                let second = addStep(rng.pick(HarnessVocabulary.nouns), to: flow, inputs: first.inputs)
                let clause = show(first, rng.pick([.push, .cover, .sheet]))
                addCondition(to: clause, in: flow)
                var branch = HBranch(action: HAction(HMove(rng.pick([.push, .sheet]), second.name)), condition: nil)
                if rng.chance(40) {
                    branch.condition = newGuard(in: flow, kind: anyGuardKind(), payload: &clause.payload)
                    if rng.chance(60), flow.steps.count + 1 < size + 2 {
                        let third = addStep(rng.pick(HarnessVocabulary.nouns), to: flow)
                        clause.branches.append(branch)
                        branch = HBranch(action: HAction(HMove(.sheet, third.name)), condition: nil)
                    }
                }
                clause.branches.append(branch)
                parent.clauses.append(clause)
            }
        }
    }

    /// Makes the clause's first action depend on a new guard of `scope`.
    func addCondition(to clause: HClause, in scope: HScope) {
        clause.branches[0].condition = newGuard(in: scope, kind: anyGuardKind(), payload: &clause.payload)
    }

    /// An alert or dialog shown from `parent`: a button that moves forward, one that only closes it;
    /// pass 3 may add a button that goes back.
    func addAlert(shownFrom parent: HStep, in scope: HScope) {
        let isDialog = rng.chance(45)
        let alert = HAlert(unique(isDialog ? rng.pick(["Actions", "Choices", "Menu"]) : rng.pick(["Confirm", "Warning", "Notice"])),
                           isDialog: isDialog, inputs: rng.chance(50) ? parent.inputs.filter { !$0.isOptional } : [])
        scope.alerts.append(alert)
        parent.clauses.append(HClause(event(rng.pick(["ask", "warn", "offer"]) + alert.name), payload: alert.inputs,
                                      HMove(alert.showKind, alert.name)))
        // Sometimes a second alert the same screen may ask while the first is up: it waits its turn.
        if rng.chance(35) {
            let notice = HAlert(unique("Notice"), isDialog: false)
            notice.buttons.append(HClause(event("dismiss" + notice.name), []))
            scope.alerts.append(notice)
            parent.clauses.append(HClause(event("warn" + notice.name), HMove(.alert, notice.name)))
            alertShowers[notice.name, default: []].append(parent)
        }
        alertShowers[alert.name, default: []].append(parent)
        if rng.chance(65) {
            let target = addStep(rng.pick(HarnessVocabulary.nouns), to: scope)
            alert.buttons.append(HClause(event(rng.pick(["confirm", "accept", "choose"]) + target.name),
                                         HMove(rng.pick([.push, .push, .sheet, .cover]), target.name)))
        } else if let flow = scope as? HFlow, let exit = flow.exits.first, exit.params.isEmpty {
            alert.buttons.append(HClause(event("confirm" + alert.name), HMove(.exit, exit.name)))
        }
        if rng.chance(30) {
            let inner = HAlert(unique("Confirm"), isDialog: false)
            inner.buttons.append(HClause(event("dismiss" + inner.name), []))
            scope.alerts.append(inner)
            alert.buttons.append(HClause(event("more" + alert.name), HMove(.alert, inner.name)))
        }
        if alert.buttons.isEmpty || rng.chance(85) {
            alert.buttons.append(HClause(event(rng.pick(["cancel", "keep", "notNow"]) + alert.name), []))
        }
    }
}
