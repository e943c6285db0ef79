/// The journey rules: what a reviewer wants to know, failing nothing by default.
extension Comparison {
    mutating func compareJourneys() {
        let oldRanges = old.stepRanges(), newRanges = new.stepRanges()
        let oldReachable = old.reachableSteps(), newReachable = new.reachableSteps()
        let newIDs = newRanges.keys.sorted()
        let oldIDs = Dictionary(uniqueKeysWithValues: newIDs.map { ($0, renames.oldStepID($0)) })
        // A new step that looks like a removed one renamed: its `router-step-removed` says so.
        let likelyRenamed = Set(likelyRenames.values)
        for id in newIDs {
            let oldID = oldIDs[id]!
            let existed = oldRanges[oldID] != nil
            if existed, oldReachable.contains(oldID), !newReachable.contains(id) {
                report(.journeyStepUnreachable, DiffMessages.stepUnreachable(id), subject: id, old: oldRanges[oldID], new: newRanges[id])
            } else if newReachable.contains(id), !oldReachable.contains(oldID), existed || !likelyRenamed.contains(id) {
                report(.journeyStepReachable, DiffMessages.stepReachable(id, isNew: !existed), subject: id,
                       old: oldRanges[oldID], new: newRanges[id])
            }
        }
        compareRequiredGuards(reachable: (oldReachable, newReachable), ranges: (oldRanges, newRanges))
        compareTraps(.deadEnd, rule: .journeyDeadEnd, message: DiffMessages.newDeadEnd)
        compareTraps(.cannotFinish, rule: .journeyCannotFinish, message: DiffMessages.newCannotFinish)
        let oldPaths = old.shortestPaths(), newPaths = new.shortestPaths()
        for id in newIDs {
            guard let now = newPaths.moves(to: id), let before = oldPaths.moves(to: oldIDs[id]!), now > before else { continue }
            report(.journeyPathLonger, DiffMessages.pathLonger(id, before: before, now: now,
                                                               path: newPaths.path(to: id, on: new).joined(separator: " → ")),
                   subject: id, old: oldRanges[oldIDs[id]!], new: newRanges[id])
        }
        let oldShown = old.presentations(), newShown = new.presentations()
        for id in newIDs {
            guard let now = newShown[id], let before = oldShown[oldIDs[id]!], now != before else { continue }
            report(.journeyPresentationChanged, DiffMessages.presentationChanged(id, before: before, now: now),
                   subject: id, old: oldRanges[oldIDs[id]!], new: newRanges[id])
        }
    }

    /// A `dead-end` or `cannot-finish` warning of the new program about steps that had none of it
    /// before (suppressed ones count: a silenced trap is still a change to tell a reviewer).
    private mutating func compareTraps(_ rule: Rule, rule diffRule: DiffRule, message: (String) -> String) {
        func all(_ side: DiffSide) -> [Diagnostic] {
            (side.compilation.diagnostics + side.compilation.suppressed.map(\.diagnostic)).filter { $0.rule == rule }
        }
        let before = Set(all(old).map { Set($0.steps.map(old.stepID)) })
        for diagnostic in all(new) {
            let ids = diagnostic.steps.map(new.stepID)
            guard !before.contains(Set(ids.map(renames.oldStepID))) else { continue }
            report(diffRule, message(diagnostic.message), subject: ids.sorted().joined(separator: ", "), old: nil, new: diagnostic.range)
        }
    }
}

extension DiffSide {
    /// The shortest way to each reachable step from a root: through the moves that show a step
    /// anew (`push`, `sheet`, `popover`, `cover`, `replace`, `root`, `select`), and into a subflow
    /// at its start. Back moves and links make no way.
    ///
    /// This counts moves over the flows' clauses, not the checker's states: it answers "how many
    /// taps", which is what a reviewer compares, and needs no stack model.
    func shortestPaths() -> ShortestPaths {
        var previous: [StepReference: StepReference?] = [:]
        var moves: [StepReference: Int] = [:]
        var queue: [StepReference] = []
        for root in program.roots {
            for step in program.flows[root].enteredSteps {
                let reference = StepReference(flow: root, step: step)
                if previous[reference] == nil {
                    previous[reference] = .some(nil)
                    moves[reference] = 0
                    queue.append(reference)
                }
            }
        }
        var cursor = 0
        while cursor < queue.count {
            let here = queue[cursor]
            cursor += 1
            for next in successors(of: here) where previous[next] == nil {
                previous[next] = .some(here)
                moves[next] = moves[here, default: 0] + 1
                queue.append(next)
            }
        }
        // A step a group declares has one id in every flow that uses it: its nearest copy counts.
        var nearest: [String: StepReference] = [:]
        for reference in queue where nearest[stepID(reference)] == nil { nearest[stepID(reference)] = reference }
        return ShortestPaths(previous: previous, moves: moves, nearest: nearest)
    }

    /// The steps one move away from `reference`.
    private func successors(of reference: StepReference) -> [StepReference] {
        let flow = program.flows[reference.flow]
        let step = flow.steps[reference.step]
        var result: [StepReference] = []
        if let runs = step.runs {
            result += program.flows[runs].enteredSteps.map { StepReference(flow: runs, step: $0) }
        }
        var clauses = step.clauses + flow.clauses.filter { $0.link == nil }
        // The buttons of the alerts these clauses show.
        for clause in clauses {
            clause.forEachAction { action in
                guard action.kind == .alert || action.kind == .dialog, let alert = action.target, flow.alerts.indices.contains(alert) else { return }
                clauses += flow.alerts[alert].buttons.compactMap(\.clause)
            }
        }
        for clause in clauses {
            clause.forEachAction { action in
                let isForward = action.kind.targetRole == .newScreen || action.kind.selects
                guard isForward, let target = action.target, flow.steps.indices.contains(target) else { return }
                result.append(StepReference(flow: reference.flow, step: target))
            }
        }
        return result
    }
}

/// The shortest ways from the roots (`DiffSide.shortestPaths`): the length of each at once, the
/// path itself only for the steps a finding names.
struct ShortestPaths {
    fileprivate let previous: [StepReference: StepReference?]
    fileprivate let moves: [StepReference: Int]
    /// For each step id, its reference nearest a root (the first the search reached).
    fileprivate let nearest: [String: StepReference]

    /// How many moves the shortest way to the step `id` takes; nil when it cannot be reached.
    func moves(to id: String) -> Int? { nearest[id].flatMap { moves[$0] } }

    /// The step ids along the shortest way to `id`, from a root.
    func path(to id: String, on side: DiffSide) -> [String] {
        var path: [String] = []
        var current = nearest[id]
        while let step = current {
            path.append(side.stepID(step))
            current = previous[step] ?? nil
        }
        return path.reversed()
    }
}
