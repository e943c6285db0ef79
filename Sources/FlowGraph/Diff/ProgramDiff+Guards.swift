/// `journey-guard-added`: a guard put in front of every way to a step. The step can still be
/// reached (when the guard allows), so no other rule sees it, yet a user for whom it blocks
/// cannot reach the step any more: a change to the journeys a reviewer wants to see.
extension Comparison {
    mutating func compareRequiredGuards(reachable: (old: Set<String>, new: Set<String>),
                                        ranges: (old: [String: SourceRange], new: [String: SourceRange])) {
        let before = old.requiredGuards(renames: nil), now = new.requiredGuards(renames: renames)
        for (id, required) in now.sorted(by: { $0.key < $1.key }) {
            let oldID = renames.oldStepID(id)
            guard reachable.new.contains(id), reachable.old.contains(oldID), let asked = before[oldID] else { continue }
            let added = required.subtracting(asked).sorted()
            guard !added.isEmpty else { continue }
            report(.journeyGuardAdded, DiffMessages.guardAdded(id, guards: added), subject: id, old: ranges.old[oldID], new: ranges.new[id])
        }
    }
}

extension DiffSide {
    /// For each step id that can be reached, the guard answers every way to it from a root
    /// depends on (`Flow.guard` when the guard must allow, `!Flow.guard` when it must block; a
    /// group's guard by its group's name), with old names on the new side (`renames`). The ways
    /// are those of `shortestPaths`: forward moves over the clauses, and into a subflow at its
    /// start; a move depends on the conditions of its clause's chain before its action (each must
    /// block) and its own (it must allow), a start choice on those of the choices before it and
    /// its own. A must-analysis: what every way asks is what all the ways into a step ask.
    func requiredGuards(renames: DiffRenames?) -> [String: Set<String>] {
        var required: [StepReference: Set<String>] = [:]
        var queue: [StepReference] = []
        func arrive(_ step: StepReference, _ asked: Set<String>) {
            if let known = required[step] {
                let both = known.intersection(asked)
                guard both != known else { return }
                required[step] = both
            } else {
                required[step] = asked
            }
            queue.append(step)
        }
        for root in program.roots {
            for (step, asked) in entries(of: root, renames: renames) { arrive(StepReference(flow: root, step: step), asked) }
        }
        var cursor = 0
        while cursor < queue.count {
            let here = queue[cursor]
            cursor += 1
            guard let asked = required[here] else { continue }
            for (next, more) in guardedSuccessors(of: here, renames: renames) { arrive(next, asked.union(more)) }
        }
        // A group's step, shown in several flows, is reached when any of its copies is.
        var result: [String: Set<String>] = [:]
        for (reference, asked) in required {
            let id = stepID(reference)
            result[id] = result[id].map { $0.intersection(asked) } ?? asked
        }
        return result
    }

    /// `Flow.guard` or `!Flow.guard` for a condition of a clause of `flow`, as `requiredGuards` names it.
    private func literal(_ condition: Condition, allows: Bool, in flow: Flow, renames: DiffRenames?) -> String {
        let owner = condition.guardIndex.flatMap { flow.guards[$0].group }.map { program.groups[$0].name } ?? flow.name
        let container = renames?.oldContainer(owner) ?? owner
        let name = renames?.old(.guardDeclaration, condition.guardName, in: owner) ?? condition.guardName
        return (allows == condition.isNegated ? "!" : "") + container + "." + name
    }

    /// The steps a flow shows when it starts, each with what its start choice asks (for a tab bar,
    /// a tab's condition: `step Lists if hasLists` is there only when it holds).
    private func entries(of flowIndex: FlowIndex, renames: DiffRenames?) -> [(Int, Set<String>)] {
        let flow = program.flows[flowIndex]
        guard !flow.isTabs else {
            return flow.enteredSteps.map { tab in
                (tab, flow.steps[tab].condition.map { [literal($0, allows: true, in: flow, renames: renames)] } ?? [])
            }
        }
        var result: [(Int, Set<String>)] = []
        var before: Set<String> = []
        for choice in flow.startChoices {
            var asked = before
            if let condition = choice.condition {
                asked.insert(literal(condition, allows: true, in: flow, renames: renames))
                before.insert(literal(condition, allows: false, in: flow, renames: renames))
            }
            if let step = choice.step { result.append((step, asked)) }
        }
        return result
    }

    /// The steps one forward move away from `reference`, each with what the move asks.
    private func guardedSuccessors(of reference: StepReference, renames: DiffRenames?) -> [(StepReference, Set<String>)] {
        let flow = program.flows[reference.flow]
        let step = flow.steps[reference.step]
        var result: [(StepReference, Set<String>)] = []
        if let runs = step.runs {
            result += entries(of: runs, renames: renames).map { (StepReference(flow: runs, step: $0.0), $0.1) }
        }
        /// The moves of `clauses` (a place's, in order: an earlier clause for the same event must block first).
        func add(_ clauses: [Clause], asked outer: Set<String>, depth: Int) {
            var blocked: [String: Set<String>] = [:]
            for clause in clauses {
                var asked = outer.union(blocked[clause.event] ?? [])
                let conditions = clause.conditions
                for (branch, action) in clause.actions.enumerated() {
                    var own = asked
                    if branch < conditions.count { own.insert(literal(conditions[branch], allows: true, in: flow, renames: renames)) }
                    if action.kind.targetRole == .newScreen || (action.kind.selects && flow.isTabs),
                       let target = action.target, flow.steps.indices.contains(target) {
                        result.append((StepReference(flow: reference.flow, step: target), own))
                    } else if action.kind.targetRole == .alert, depth < 8, let alert = action.target, flow.alerts.indices.contains(alert) {
                        // The buttons of an alert the clause shows move from here too.
                        add(flow.alerts[alert].buttons.compactMap(\.clause), asked: own, depth: depth + 1)
                    }
                    if branch < conditions.count { asked.insert(literal(conditions[branch], allows: false, in: flow, renames: renames)) }
                }
                for condition in conditions {
                    blocked[clause.event, default: []].insert(literal(condition, allows: false, in: flow, renames: renames))
                }
            }
        }
        add(step.clauses, asked: [], depth: 0)
        add(flow.clauses.filter { $0.link == nil }, asked: [], depth: 0)
        return result
    }
}
