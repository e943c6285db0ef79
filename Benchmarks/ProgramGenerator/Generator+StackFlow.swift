// A stack flow: its steps, grouped into the base stack and modal layers, and its forward moves.

extension Generator {
    func uniqueStepName(_ base: String) -> String {
        numbered(base, avoiding: &names)
    }

    /// The first of `bases` (then numbered variants) that this flow gives `payload` and the step does not use yet.
    func eventName(_ bases: [String], _ payload: [Param], in step: Step?) -> String {
        func fits(_ name: String) -> Bool {
            if let step, step.usedEvents.contains(name) { return false }
            if let known = registry[name] { return known == payload }
            return true
        }
        var chosen: String? = bases.first(where: fits)
        var n = 2
        while chosen == nil {
            let candidate = bases[0] + String(n)
            if fits(candidate) { chosen = candidate }
            n += 1
        }
        registry[chosen!] = payload
        step?.usedEvents.insert(chosen!)
        return chosen!
    }

    func inputs(forKind kind: String, noun: String) -> [Param] {
        switch kind {
        case "Detail", "Details", "Reviews", "Comments", "Stats", "Map", "Preview", "Share", "Player", "Viewer", "Timeline":
            return [.id(noun)]
        case "Search": return [.query]
        case "Editor": return [.draft(noun)]
        case "Composer": return rng.chance(50) ? [.draft(noun), .reason] : [.reason]
        case "Summary": return [.items(noun)]
        case "Gallery": return [.id(noun), .index]
        case "Report": return [.id(noun), .reason]
        case "Confirmation", "Receipt", "Result": return rng.chance(50) ? [.id(noun)] : [.id(noun), .amount]
        case "Sort": return [.filters(noun)]
        default: return []
        }
    }

    func addStep(kind: String, group: Int, isBottom: Bool, entry: Entry, parent: Int?, inputs explicit: [Param]? = nil, noun: String? = nil) -> Int {
        let noun = noun ?? rng.pick(flowNouns)
        let step = Step(
            name: uniqueStepName(noun + kind), noun: noun,
            inputs: explicit ?? inputs(forKind: kind, noun: noun),
            group: group, isBottom: isBottom, entry: entry)
        step.parent = parent
        steps.append(step)
        groups[group].members.append(steps.count - 1)
        return steps.count - 1
    }

    /// Adds `from`'s clause that moves to `to` with `kind`.
    func connect(_ from: Int, _ to: Int, _ kind: ActionKind, doc: String? = nil) {
        let target = steps[to]
        let verbs: [String]
        switch kind {
        case .push: verbs = ["Picked", "Tapped", "Selected", "Opened"]
        case .sheet: verbs = ["Requested", "Tapped", "ButtonTapped"]
        case .cover: verbs = ["Opened", "Requested", "Tapped"]
        case .replace: verbs = ["Confirmed", "Completed", "Continued"]
        default: verbs = ["Tapped"]
        }
        let base = lowerFirst(target.name)
        let event = eventName(verbs.map { base + $0 }, target.inputs, in: steps[from])
        steps[from].clauses.append(Clause(
            event: event, payload: target.inputs,
            actions: [Action(kind: kind, target: target.name)], doc: doc, targetIndex: to))
    }

    func plainSteps(where predicate: (Step) -> Bool = { _ in true }) -> [Int] {
        steps.indices.filter { steps[$0].isPlain && predicate(steps[$0]) }
    }

    /// Builds and writes one stack flow: its steps, their moves, guards and links.
    func emitStack(_ spec: FlowSpec) {
        steps = []
        groups = [Group(kind: .start, members: [])]
        names = []
        registry = [:]
        flowNouns = [spec.noun] + (0..<rng.int(1...3)).map { _ in rng.pick(nouns) }
        var flowLevel: [Clause] = []

        let start = addStep(kind: rng.pick(startKinds), group: 0, isBottom: true, entry: .start, parent: nil,
                            inputs: spec.startInputs, noun: spec.noun)
        steps[start].linkNeeds = spec.linkNeeds
        /// `root Start` needs the start's inputs, which only the step that runs this flow has.
        let canRoot = spec.startInputs.isEmpty

        addPlainSteps(count: spec.size - spec.children.count, flowLevel: &flowLevel)
        addSubflowSteps(spec, start: start, canRoot: canRoot)
        addExtraMoves(count: spec.size / 5)
        addBackMoves(below: stepsBelow(), start: start, canRoot: canRoot)
        if !spec.exits.isEmpty { addExits(spec, start: start) }
        let declared = addGuards()
        stats.guards += declared.count
        let links = addLinks(spec, start: start)

        // Flow-level clauses.
        if canRoot, rng.chance(40) {
            let event = eventName(["sessionExpired"], [], in: nil)
            flowLevel.append(Clause(event: event, payload: [], actions: [Action(kind: .root, target: steps[start].name)],
                                    doc: "The server revoked the session."))
        }

        writeStack(spec, start: start, guards: declared, links: links, flowLevel: flowLevel)
    }

    /// Plain steps, up to `count` in all: pushes in a group, new sheets and covers, replacements.
    func addPlainSteps(count plainCount: Int, flowLevel: inout [Clause]) {
        while steps.count < plainCount {
            let roll = rng.int(0...99)
            let sources = plainSteps()
            if roll < 18 {
                let isCover = rng.chance(30)
                groups.append(Group(kind: isCover ? .cover : .sheet, members: []))
                let flowLevelSheet = !isCover && flowLevel.isEmpty && rng.chance(25)
                let kind = isCover ? rng.pick(coverKinds) : rng.pick(sheetKinds)
                let from = rng.pick(sources)
                let index = addStep(kind: kind, group: groups.count - 1, isBottom: true,
                                    entry: flowLevelSheet ? .flowLevel : (isCover ? .cover : .sheet),
                                    parent: flowLevelSheet ? nil : from,
                                    inputs: flowLevelSheet ? [] : nil)
                if flowLevelSheet {
                    let event = eventName(["helpRequested", lowerFirst(steps[index].name) + "Requested"], [], in: nil)
                    flowLevel.append(Clause(event: event, payload: [], actions: [Action(kind: .sheet, target: steps[index].name)],
                                            doc: "The help button sits in the toolbar of every screen of this flow."))
                } else {
                    connect(from, index, isCover ? .cover : .sheet)
                }
            } else if roll < 26, let from = sources.filter({ !steps[$0].isBottom }).randomElement(using: &rng) {
                let index = addStep(kind: rng.pick(replaceKinds), group: steps[from].group, isBottom: false,
                                    entry: .replace, parent: from)
                connect(from, index, .replace, doc: rng.chance(30) ? "Replaces the screen, so going back cannot repeat it." : nil)
            } else {
                let group = rng.chance(65) || groups.count == 1 ? 0 : rng.int(1...(groups.count - 1))
                let from = rng.pick(groups[group].members)
                // Often about the same thing as the screen it comes from (a product's reviews).
                let noun = steps[from].inputs.contains(.id(steps[from].noun)) && rng.chance(60) ? steps[from].noun : nil
                let index = addStep(kind: rng.pick(pushKinds), group: group, isBottom: false, entry: .push, parent: from, noun: noun)
                connect(from, index, .push)
            }
        }
    }

    /// Steps that run `spec`'s subflows, with a handler for every exit of each.
    func addSubflowSteps(_ spec: FlowSpec, start: Int, canRoot: Bool) {
        let hasExits = !spec.exits.isEmpty
        for child in spec.children {
            let roll = rng.int(0...99)
            let stepInputs: [Param] = child.isTabs || rng.chance(50) ? [] : [.id(child.noun)]
            let index: Int
            if roll < 60 {
                let modal = groups.indices.filter { $0 > 0 && groups[$0].members.contains { steps[$0].isPlain } }
                let group = rng.chance(75) || modal.isEmpty ? 0 : rng.pick(modal)
                let from = rng.pick(groups[group].members.filter { steps[$0].isPlain })
                index = addStep(kind: "", group: group, isBottom: false, entry: .push, parent: from, inputs: stepInputs, noun: child.name)
                steps[index].runs = child
                connect(from, index, .push)
            } else {
                let isCover = roll >= 90
                groups.append(Group(kind: isCover ? .cover : .sheet, members: []))
                let from = rng.pick(plainSteps())
                index = addStep(kind: "", group: groups.count - 1, isBottom: true, entry: isCover ? .cover : .sheet,
                                parent: from, inputs: stepInputs, noun: child.name)
                steps[index].runs = child
                connect(from, index, isCover ? .cover : .sheet)
            }
            child.startInputs = stepInputs
            child.exits = childExits(child)
            let runner = steps[index]
            for exit in child.exits {
                var action: Action
                if exit.name != "cancelled", hasExits, rng.chance(20) {
                    action = Action(kind: .exit, target: spec.exits[0].name)
                } else if runner.isBottom {
                    action = Action(kind: .dismiss, target: nil)
                    if exit.name != "cancelled", canRoot, rng.chance(30) { action = Action(kind: .root, target: steps[start].name) }
                } else {
                    action = Action(kind: .pop, target: nil)
                    if exit.name != "cancelled", rng.chance(50) {
                        let kind = rng.pick(replaceKinds)
                        let target = addStep(kind: kind, group: runner.group, isBottom: false, entry: .replace, parent: index,
                                             inputs: exit.params, noun: child.noun)
                        action = Action(kind: .replace, target: steps[target].name)
                    }
                }
                runner.clauses.append(Clause(event: exit.name, payload: [], actions: [action], isExitHandler: true))
            }
            if rng.chance(40) { runner.doc = "Runs \(child.name) \(runner.isBottom ? "presented over the current screen" : "pushed on the stack")." }
        }
    }

    /// Extra moves between existing steps: pushes inside a group, presentations of modal bottoms.
    func addExtraMoves(count extra: Int) {
        for _ in 0..<extra {
            let from = rng.pick(plainSteps())
            let sameGroup = groups[steps[from].group].members.filter { !steps[$0].isBottom && steps[$0].entry == .push }
            if rng.chance(60), let to = sameGroup.randomElement(using: &rng) {
                if !steps[from].clauses.contains(where: { $0.targetIndex == to }) { connect(from, to, .push) }
            } else {
                let bottoms = steps.indices.filter { steps[$0].isBottom && (steps[$0].entry == .sheet || steps[$0].entry == .cover) && $0 != from }
                if let to = bottoms.randomElement(using: &rng), !steps[from].clauses.contains(where: { $0.targetIndex == to }) {
                    connect(from, to, steps[to].entry == .cover ? .cover : .sheet)
                }
            }
        }
    }
}
