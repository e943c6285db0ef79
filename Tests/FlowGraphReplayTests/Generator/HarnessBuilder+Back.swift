/// Pass 3: back moves, chosen from each step's abstract states (HarnessFacts) so that each is valid
/// in every state of its step; the way out of every cover and locked sheet; an exit reachable from
/// every base of a subflow; the exit clauses of every step that runs a subflow.
extension HarnessBuilder {
    /// What back moves a step allows, over every flow that shows it (a group's step in each user).
    struct Allowed {
        var reachable = false
        var pop = true
        var dismiss = true
        var close = true
        var needsWayOut = false
        var baseBottom = false
        /// Steps of its scope that are below it on every path (`popTo`).
        var below: [String] = []

        var backKinds: [HMoveKind] {
            (pop ? [.pop] : []) + (dismiss ? [.dismiss] : []) + (close ? [.close, .close] : [])
        }
    }

    /// The facts of every flow, by name.
    func allFacts() -> [String: HarnessFacts] {
        var result: [String: HarnessFacts] = [:]
        for flow in program.flows { result[flow.name] = HarnessFacts(program.view(of: flow)) }
        return result
    }

    /// The flows in which `step` can show: its own, or every flow that uses its group.
    func flowsShowing(_ step: HStep) -> [String] {
        if let group = step.group { return program.users(of: group).map(\.name) }
        return step.flow.map { [$0] } ?? []
    }

    /// The steps a `popTo` of `step` may name: its scope's own steps.
    private func scopeSteps(of step: HStep) -> [HStep] {
        if let group = step.group { return program.group(group)?.steps ?? [] }
        return step.flow.flatMap { program.flow($0)?.steps } ?? []
    }

    func allowed(_ step: HStep, _ facts: [String: HarnessFacts]) -> Allowed {
        var result = Allowed()
        var below = Set(scopeSteps(of: step).map(\.name))
        for name in flowsShowing(step) {
            guard let flowFacts = facts[name], flowFacts.isReachable(step.name) else { continue }
            result.reachable = true
            result.pop = result.pop && flowFacts.canPop(step.name)
            result.dismiss = result.dismiss && flowFacts.canDismiss(step.name)
            result.close = result.close && flowFacts.canClose(step.name)
            result.needsWayOut = result.needsWayOut || flowFacts.needsWayOut(step.name)
            result.baseBottom = result.baseBottom || flowFacts.mayBeBaseBottom(step.name)
            below = below.filter { flowFacts.isAlwaysBelow($0, step.name) }
        }
        if !result.reachable { return Allowed(pop: false, dismiss: false, close: false) }
        result.below = below.sorted()
        return result
    }

    /// Whether the step's own clauses close its layer (`dismiss`, or `close`) with no condition.
    private func closesItself(_ step: HStep) -> Bool {
        step.clauses.contains { clause in
            clause.branches.count == 1 && clause.branches[0].condition == nil && clause.branches[0].action.back == nil
                && [.dismiss, .close].contains(clause.branches[0].action.main.kind)
        }
    }

    func addBackMoves() {
        var facts = allFacts()
        let scopes: [HScope] = program.groups + program.flows
        let pickerNames = Set(pickers.map(\.picker.name))
        for scope in scopes {
            for step in scope.steps where step.runs == nil && !pickerNames.contains(step.name) {
                let allowed = allowed(step, facts)
                guard allowed.reachable else { return fail("step \(step.name) is unreachable") }
                if allowed.needsWayOut {
                    guard addWayOut(to: step, allowed) else { return fail("no way out of \(step.name)") }
                } else if rng.chance(55) {
                    addBack(to: step, allowed)
                }
                if !simple, scope.steps.count < HarnessBuilder.maxSteps, rng.chance(16) { addBackThenShow(to: step, in: scope, allowed) }
                if !simple, rng.chance(12) { addBackMovesInARow(to: step, in: scope, allowed, facts) }
                if !simple, allowed.dismiss, scope.steps.count < HarnessBuilder.maxSteps, rng.chance(8) { addPushBelow(to: step, in: scope) }
            }
        }
        for (picker, receiver, value) in pickers {
            // A pushed picker goes back to its receiver with pop (or close, or popTo it); a presented
            // one with dismiss (or close): a dismiss from a pushed picker would land under its layer.
            let allowed = allowed(picker, facts)
            var kinds: [HMoveKind] = allowed.pop ? [.pop, .close] : allowed.dismiss && allowed.close ? [.dismiss, .close] : []
            if allowed.pop, allowed.below.contains(receiver.name) { kinds.append(.popTo) }
            guard let kind = rng.pickIfAny(kinds) else { return fail("picker \(picker.name) cannot go back") }
            picker.clauses.append(HClause(event("picked" + picker.name), payload: [value],
                                          HMove(kind, kind == .popTo ? receiver.name : nil)))
            if rng.chance(40), let cancel = rng.pickIfAny(allowed.backKinds) {
                picker.clauses.append(HClause(event("cancel" + picker.name), HMove(cancel)))
            }
        }
        for alert in (program.groups as [HScope] + program.flows).flatMap(\.alerts) {
            let showers = alertShowers[alert.name] ?? []
            guard !showers.isEmpty, rng.chance(60) else { continue }
            let kinds = showers.map { allowed($0, facts).backKinds }.reduce(Set([HMoveKind.pop, .dismiss, .close])) { $0.intersection($1) }
            guard let kind = rng.pickIfAny(kinds.sorted { $0.rawValue < $1.rawValue }) else { continue }
            alert.buttons.insert(HClause(event(rng.pick(["delete", "discard", "leave"]) + alert.name), HMove(kind)), at: 0)
        }
        for runner in runners { addExitHandlers(to: runner, facts) }
        guard failure == nil else { return }

        // The steps shown after a back move, and anything the moves above made reachable anew.
        facts = allFacts()
        for step in lateSteps {
            let allowed = allowed(step, facts)
            guard allowed.reachable else { return fail("late step \(step.name) is unreachable") }
            if allowed.needsWayOut {
                guard addWayOut(to: step, allowed) else { return fail("no way out of \(step.name)") }
            } else if rng.chance(50) {
                addBack(to: step, allowed)
            }
        }
        for scope in scopes {
            for step in scope.steps where step.runs == nil {
                let allowed = allowed(step, facts)
                guard allowed.reachable else { return fail("step \(step.name) is unreachable") }
                if allowed.needsWayOut, !closesItself(step), !addWayOut(to: step, allowed) {
                    return fail("no way out of \(step.name)")
                }
            }
        }
        addExitsWhereStuck(facts)
        repairPopTos(allFacts())
    }

    /// A step shown after a back move, or by a forward exit handler, gets the flow-level pushes of
    /// its flow too, so a step pushed that way may now have a path on which a `popTo` target is not
    /// below it: such a `popTo` becomes a `pop` (or is dropped), with the facts of the whole program.
    private func repairPopTos(_ facts: [String: HarnessFacts]) {
        for scope in program.groups as [HScope] + program.flows {
            for step in scope.steps where step.runs == nil {
                let allowed = allowed(step, facts)
                for clause in step.clauses {
                    for index in clause.branches.indices {
                        var action = clause.branches[index].action
                        if action.main.kind == .popTo, let target = action.main.target, !allowed.below.contains(target) {
                            action.main = HMove(.pop)
                        }
                        if action.back?.kind == .popTo, let target = action.back?.target, !allowed.below.contains(target) {
                            // `popTo X, pop` where X may not be below: one `pop` is what is sure to be possible.
                            if action.backs.count > 1 || action.main.kind.isBack { return fail("popTo in \(step.name) is not sure") }
                            action.backs[0] = HMove(.pop)
                        }
                        if (action.main.kind == .pop || action.back?.kind == .pop), !allowed.pop {
                            return fail("popTo in \(step.name) cannot become a pop")
                        }
                        clause.branches[index].action = action
                    }
                }
            }
        }
    }

    /// `dismiss` (or `close`) at the bottom of a cover or locked sheet.
    private func addWayOut(to step: HStep, _ allowed: Allowed) -> Bool {
        let kind: HMoveKind
        if allowed.dismiss, allowed.close {
            kind = rng.chance(70) ? .dismiss : .close
        } else if allowed.dismiss {
            kind = .dismiss
        } else if allowed.close {
            kind = .close
        } else {
            return false
        }
        step.clauses.append(HClause(event(rng.pick(["close", "done", "dismiss"]) + step.name), HMove(kind)))
        return true
    }

    /// A back move the step allows: `pop`, `dismiss`, `close` or `popTo` a step below it.
    private func addBack(to step: HStep, _ allowed: Allowed) {
        var kinds = allowed.backKinds
        if !allowed.below.isEmpty { kinds += [.popTo, .popTo, .popTo] }
        guard let kind = rng.pickIfAny(kinds) else { return }
        let target = kind == .popTo ? rng.pick(allowed.below) : nil
        step.clauses.append(HClause(event(rng.pick(["back", "done", "return"]) + step.name), HMove(kind, target)))
    }

    /// `pop, push X`, `dismiss, sheet X`, `close, sheet X`, `popTo Y, push X`...: a new step X shown
    /// after the back move, whose own back moves come after the facts are found again.
    private func addBackThenShow(to step: HStep, in scope: HScope, _ allowed: Allowed) {
        var options: [(HMove, HMoveKind)] = []
        if allowed.pop { options += [(HMove(.pop), .push), (HMove(.pop), .sheet)] }
        if allowed.dismiss { options += [(HMove(.dismiss), .sheet), (HMove(.dismiss), .push), (HMove(.dismiss), .cover)] }
        if allowed.close { options += [(HMove(.close), .sheet)] }
        if let below = rng.pickIfAny(allowed.below) { options.append((HMove(.popTo, below), .push)) }
        guard let (back, kind) = rng.pickIfAny(options) else { return }
        let target = addStep(rng.pick(HarnessVocabulary.nouns), to: scope, inputs: rng.chance(40) ? [rng.pick(HarnessVocabulary.required)] : [])
        step.clauses.append(HClause(event(rng.pick(["then", "switchTo", "jumpTo"]) + target.name), payload: target.inputs,
                                    HAction(HMove(kind, target.name), after: back)))
        lateSteps.append(target)
    }

    /// Several back moves in one clause, each sure to be possible where it is made: `popTo X, pop`
    /// where X is below the step on every path and can always pop; `pop, dismiss` and `pop, close`
    /// where the step can pop and is always in a modal layer (a pop stays in the layer). Sometimes
    /// a new step is pushed after them (`popTo X, pop, push Y`).
    private func addBackMovesInARow(to step: HStep, in scope: HScope, _ allowed: Allowed, _ facts: [String: HarnessFacts]) {
        var options: [[HMove]] = []
        for below in allowed.below {
            guard let other = scope.step(below), other.runs == nil, self.allowed(other, facts).pop else { continue }
            options.append([HMove(.popTo, below), HMove(.pop)])
        }
        if allowed.pop, allowed.dismiss { options += [[HMove(.pop), HMove(.dismiss)], [HMove(.pop), HMove(.close)]] }
        guard let moves = rng.pickIfAny(options) else { return }
        // A screen after them only in the layer they stay in: the facts take a `dismiss` to land in any layer.
        if moves[0].kind == .popTo, scope.steps.count < HarnessBuilder.maxSteps, rng.chance(50) {
            let kind: HMoveKind = rng.pick([.push, .push, .replace])
            let target = addStep(rng.pick(HarnessVocabulary.nouns), to: scope, inputs: rng.chance(40) ? [rng.pick(HarnessVocabulary.required)] : [])
            var action = HAction(HMove(kind, target.name))
            action.backs = moves
            step.clauses.append(HClause(event(rng.pick(["backTo", "leaveFor"]) + target.name), payload: target.inputs, action))
            lateSteps.append(target)
        } else {
            var action = HAction(moves[moves.count - 1])
            action.backs = Array(moves.dropLast())
            step.clauses.append(HClause(event(rng.pick(["backTwice", "leaveAll"]) + step.name), action))
        }
    }

    /// `push X below` from a step always in a modal layer: a new step X, pushed on the stack beneath
    /// the layer, whose own back moves come after the facts are found again.
    private func addPushBelow(to step: HStep, in scope: HScope) {
        let target = addStep(rng.pick(HarnessVocabulary.nouns), to: scope, inputs: rng.chance(40) ? [rng.pick(HarnessVocabulary.required)] : [])
        step.clauses.append(HClause(event(rng.pick(["openBelow", "showUnder"]) + target.name), payload: target.inputs,
                                    HAction(HMove(.pushBelow, target.name))))
        lateSteps.append(target)
    }

    /// The clauses of a runner's subflow exits: a back move the runner allows, else an exit of its
    /// own flow, else a `replace` (a new step) where the runner is at the bottom of the base stack.
    private func addExitHandlers(to runner: HStep, _ facts: [String: HarnessFacts]) {
        guard let subflow = runner.runs.flatMap(program.flow), runner.clauses.isEmpty else { return }
        let allowed = allowed(runner, facts)
        guard allowed.reachable else { return fail("runner \(runner.name) is unreachable") }
        let parent = runner.flow.flatMap(program.flow)
        for exit in subflow.exits {
            var move: HMove
            var kinds = allowed.backKinds
            if allowed.needsWayOut { kinds = kinds.filter { $0 != .pop } }
            if allowed.dismiss, allowed.needsWayOut { kinds = [.dismiss] }
            if let kind = rng.pickIfAny(kinds) {
                move = HMove(kind)
            } else if let parentExit = parent?.exits.first, parentExit.params.allSatisfy(exit.params.contains) {
                move = HMove(.exit, parentExit.name)
            } else {
                return fail("runner \(runner.name) has no way to handle \(exit.name)")
            }
            if !allowed.needsWayOut, !simple, rng.chance(20), let scope = parent, scope.steps.count < HarnessBuilder.maxSteps {
                // A forward handler: the new step takes the exit's values as its inputs.
                let target = addStep(rng.pick(HarnessVocabulary.nouns), to: scope, inputs: exit.params)
                move = HMove(rng.pick([.replace, .push]), target.name)
                lateSteps.append(target)
            }
            let handler = HClause(exit.name, payload: exit.params, HAction(move))
            handler.writesPayload = rng.chance(50)
            runner.clauses.append(handler)
        }
    }

    /// In a subflow with exits, a step at the bottom of the base stack from which no exit can be
    /// reached takes one itself.
    private func addExitsWhereStuck(_ facts: [String: HarnessFacts]) {
        for flow in program.flows where !flow.exits.isEmpty {
            guard let flowFacts = facts[flow.name] else { continue }
            let canExit = flowFacts.statesThatCanExit()
            var fixed = Set<String>()
            for state in flowFacts.states where state.layer == .base && state.bottom && !canExit.contains(state) {
                guard fixed.insert(state.step).inserted else { continue }
                guard let step = flowFacts.view.step(state.step), step.runs == nil else {
                    return fail("\(state.step) at the base of \(flow.name) cannot exit")
                }
                let exit = rng.pick(flow.exits)
                step.clauses.append(HClause(event("leave" + step.name), payload: exit.params, HMove(.exit, exit.name)))
            }
        }
    }
}
