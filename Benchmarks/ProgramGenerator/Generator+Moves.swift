// A stack flow's moves back (pop, popTo, dismiss, root), its exits, and its guards.

extension Generator {
    /// Which steps are below each step on every path (greatest fixpoint over push and replace).
    func stepsBelow() -> [Set<Int>] {
        var indexByName: [String: Int] = [:]
        for (i, step) in steps.enumerated() { indexByName[step.name] = i }
        var below = [Set<Int>](repeating: [], count: steps.count)
        var entries = [[(from: Int, push: Bool)]](repeating: [], count: steps.count)
        for (i, step) in steps.enumerated() {
            for clause in step.clauses {
                for action in clause.actions where action.kind == .push || action.kind == .replace {
                    if let to = indexByName[action.target!] { entries[to].append((i, action.kind == .push)) }
                }
            }
        }
        for i in steps.indices where !steps[i].isBottom { below[i] = Set(groups[steps[i].group].members) }
        var changed = true
        while changed {
            changed = false
            for i in steps.indices where !steps[i].isBottom {
                var set: Set<Int>? = nil
                for entry in entries[i] {
                    var s = below[entry.from]
                    if entry.push { s.insert(entry.from) }
                    set = set.map { $0.intersection(s) } ?? s
                }
                let new = set ?? []
                if new != below[i] {
                    below[i] = new
                    changed = true
                }
            }
        }
        return below
    }

    /// Back moves and roots.
    func addBackMoves(below: [Set<Int>], start: Int, canRoot: Bool) {
        for i in plainSteps() {
            let step = steps[i]
            let modal = groups[step.group].kind != .start
            if !step.isBottom, rng.chance(35) {
                let payload: [Param] = rng.chance(40) ? [.id(step.noun)] : []
                let bases = payload.isEmpty
                    ? ["doneTapped", "backTapped", "savedTapped"]
                    : [lowerFirst(step.noun) + "Saved", lowerFirst(step.noun) + "Updated"]
                step.clauses.append(Clause(event: eventName(bases, payload, in: step), payload: payload, actions: [Action(kind: .pop, target: nil)]))
            }
            if !step.isBottom, rng.chance(25), let to = below[i].sorted().randomElement(using: &rng) {
                let event = eventName(["backTo\(steps[to].name)Tapped"], [], in: step)
                step.clauses.append(Clause(event: event, payload: [], actions: [Action(kind: .popTo, target: steps[to].name)],
                                           doc: rng.chance(30) ? "Straight back to \(words(steps[to].name))." : nil))
            }
            if modal, (step.isBottom && (groups[step.group].kind == .cover || rng.chance(80))) || (!step.isBottom && rng.chance(25)) {
                if step.isBottom, rng.chance(30), step.inputs.count == 1 {
                    let payload = [Param.filters(step.noun)]
                    let event = eventName([lowerFirst(step.noun) + "FiltersApplied", lowerFirst(step.name) + "Applied"], payload, in: step)
                    step.clauses.append(Clause(event: event, payload: payload, actions: [Action(kind: .dismiss, target: nil)]))
                }
                step.clauses.append(Clause(event: eventName(["closeTapped", "cancelTapped", "dismissTapped"], [], in: step), payload: [],
                                           actions: [Action(kind: .dismiss, target: nil)]))
            }
            if i != start, canRoot, rng.chance(5) {
                step.clauses.append(Clause(event: eventName(["startOverTapped", "homeTapped"], [], in: step), payload: [],
                                           actions: [Action(kind: .root, target: steps[start].name)]))
            }
        }
    }

    /// The clauses that take `spec`'s exits; the first from the start step.
    func addExits(_ spec: FlowSpec, start: Int) {
        for (n, exit) in spec.exits.enumerated() {
            let from = n == 0 ? start : rng.pick(plainSteps())
            let bases = exit.params.isEmpty
                ? (exit.name == "cancelled" ? ["cancelTapped", "closeTapped"] : ["finishTapped", "doneTapped", "allSetTapped"])
                : [lowerFirst(spec.noun) + "Confirmed", lowerFirst(spec.noun) + "Picked"]
            let event = eventName(bases, exit.params, in: steps[from])
            steps[from].clauses.append(Clause(event: event, payload: exit.params, actions: [Action(kind: .exit, target: exit.name)],
                                              doc: n == 0 && rng.chance(40) ? "Closes the whole flow." : nil))
        }
    }

    /// Guards: some forward moves get a condition, an `else`, sometimes a chain. Returns the guards declared.
    func addGuards() -> [(name: String, isAsync: Bool)] {
        let inputlessSheets = steps.indices.filter { steps[$0].isBottom && steps[$0].entry == .sheet && steps[$0].inputs.isEmpty }
        let guardCount = min(rng.chance(40) ? 0 : (rng.chance(65) ? 1 : 2), 2)
        var available = guardNames
        var declared: [(name: String, isAsync: Bool)] = []
        var usable: [(Int, Int)] = []
        for i in plainSteps() {
            for (c, clause) in steps[i].clauses.enumerated() where [.push, .sheet, .cover, .replace].contains(clause.actions[0].kind) {
                usable.append((i, c))
            }
        }
        for _ in 0..<guardCount where !usable.isEmpty {
            let g = available.remove(at: rng.int(0...(available.count - 1)))
            declared.append(g)
            for use in 0..<rng.int(1...2) where !usable.isEmpty {
                let (i, c) = usable.remove(at: rng.int(0...(usable.count - 1)))
                var clause = steps[i].clauses[c]
                let negated = rng.chance(15)
                clause.guards = [(g.name, negated)]
                let roll = rng.int(0...99)
                let sheets = inputlessSheets.filter { $0 != clause.targetIndex }
                if roll < 55, let sheet = sheets.randomElement(using: &rng) {
                    clause.actions.append(Action(kind: .sheet, target: steps[sheet].name))
                    // An else chain: a second guard asked when the first blocks.
                    if declared.count == 2, use == 0, rng.chance(60), let other = sheets.filter({ $0 != sheet }).randomElement(using: &rng) {
                        clause.guards.append((declared[0].name, false))
                        clause.actions.append(Action(kind: .sheet, target: steps[other].name))
                    }
                } else if roll < 75, !steps[i].isBottom {
                    clause.actions.append(Action(kind: .pop, target: nil))
                }
                if rng.chance(40) { clause.doc = "Asks \(g.name) first\(clause.actions.count > 1 ? "; otherwise the fallback" : "")." }
                steps[i].clauses[c] = clause
            }
        }
        return declared
    }
}
