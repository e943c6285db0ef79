/// Plants one error or warning in a clean harness model: each kind makes one small change that
/// breaks one rule, marks the line where the checker must report it, and needs only what the model
/// has (a step at the bottom of a stack, a subflow with a runner, a link...).
enum HarnessPlanting {
    /// The mark of the planted line (HarnessPrinter records its line).
    static let mark = "planted"

    /// A kind of planting, named for what it does.
    enum Kind: String, CaseIterable, Sendable {
        case popAtBottom, popToNotBelow, dismissInBase, closeAtBase, coverWithoutWayOut, orphanStep
        case linkNeedsInput, unhandledExit, unusedGuard, unusedExit, missingInput, payloadConflict
        case duplicateClause, selectOutsideTabs, unknownTarget, unusedAlert, emptyAlert, rootToStuck
        case asyncStartGuard, asyncLockGuard, atWithoutSubflow, duplicateLink, placeholderNotInput
        case receiveNothing, resultLacksValue, resultLost, overlappingGuards, flowRunsItself
        case duplicateStep, swiftCaseClash, functionInput, unknownExit, neverRunFlow, missingStart
        /// `pop, dismiss` at a step that can always pop and is sometimes in the base layer: the pop
        /// stays in the base layer, where the `dismiss` after it cannot be made.
        case dismissAfterPopInBase
        /// `push X below` at a step that may be in the base layer, with nothing beneath.
        case pushBelowInBase
        /// `sheet X locked` of a step `X locked while g`.
        case lockConflict

        /// The rule id the checker must report.
        var rule: String {
            switch self {
            case .popAtBottom: "invalid-pop"
            case .popToNotBelow: "invalid-pop-to"
            case .dismissInBase, .dismissAfterPopInBase: "invalid-dismiss"
            case .pushBelowInBase: "invalid-push-below"
            case .closeAtBase: "invalid-close"
            case .coverWithoutWayOut: "dead-end"
            case .orphanStep: "unreachable-step"
            case .linkNeedsInput: "link-unreachable"
            case .unhandledExit: "unhandled-exit"
            case .unusedGuard: "unused-guard"
            case .unusedExit: "unused-exit"
            case .missingInput: "input-mismatch"
            case .payloadConflict: "payload-conflict"
            case .duplicateClause: "conflicting-transitions"
            case .selectOutsideTabs: "select-outside-tabs"
            case .unknownTarget: "unknown-name"
            case .unusedAlert: "unused-alert"
            case .emptyAlert: "empty-alert"
            case .rootToStuck: "cannot-finish"
            case .asyncStartGuard: "start-guard"
            case .asyncLockGuard: "lock-guard"
            case .lockConflict: "lock-conflict"
            case .atWithoutSubflow: "at-unreachable"
            case .duplicateLink: "overlapping-links"
            case .placeholderNotInput: "link-mismatch"
            case .receiveNothing: "unused-receive"
            case .resultLacksValue: "result-mismatch"
            case .resultLost: "unreceived-result"
            case .overlappingGuards: "overlapping-guards"
            case .flowRunsItself: "recursive-flow"
            case .duplicateStep: "duplicate-name"
            case .swiftCaseClash: "swift-name"
            case .functionInput: "unsupported-type"
            case .unknownExit: "unknown-exit"
            case .neverRunFlow: "unreachable-flow"
            case .missingStart: "missing-start"
            }
        }
    }

    /// Plants one error of a kind the model allows (the seed's turn first); nil if none applies.
    static func plant(in program: HProgram, seed: UInt64, rng: inout HarnessRandom) -> PlantedError? {
        // The kinds take turns over consecutive seeds; a kind that does not apply changes nothing,
        // and another one is tried.
        let first = Kind.allCases[Int(seed % UInt64(Kind.allCases.count))]
        for kind in [first] + rng.shuffled(Kind.allCases) {
            if let planted = plant(kind, in: program, rng: &rng) { return planted }
        }
        return nil
    }

    /// Plants an error of `kind`, if the model allows it.
    static func plant(_ kind: Kind, in program: HProgram, rng: inout HarnessRandom) -> PlantedError? {
        var site = Site(program: program)
        guard site.apply(kind, rng: &rng) else { return nil }
        return PlantedError(kind: kind, rule: kind.rule, line: 0, flow: site.flow ?? "", step: site.step)
    }
}

/// Where a planting happens, and the helpers it uses to change the model.
private struct Site {
    let program: HProgram
    var flow: String?
    var step: String?
    private let facts: [String: HarnessFacts]
    private var names: Set<String>

    init(program: HProgram) {
        self.program = program
        var facts: [String: HarnessFacts] = [:]
        for flow in program.flows { facts[flow.name] = HarnessFacts(program.view(of: flow)) }
        self.facts = facts
        let scopes: [HScope] = program.groups + program.flows
        names = Set(scopes.map { $0.name.lowercased() } + scopes.flatMap { $0.steps.map { $0.name.lowercased() } }
                    + scopes.flatMap { $0.alerts.map { $0.name.lowercased() } })
    }

    /// A name no flow, group, step or alert has.
    private mutating func fresh(_ base: String) -> String {
        var name = base
        var number = 2
        while names.contains(name.lowercased()) {
            name = base + String(number)
            number += 1
        }
        names.insert(name.lowercased())
        return name
    }

    /// The reachable screens of stack flows (not pickers), with their flow.
    private func screens(_ where: (HFlow, HStep) -> Bool = { _, _ in true }) -> [(flow: HFlow, step: HStep)] {
        program.flows.filter { !$0.isTabs }.flatMap { flow in
            flow.steps.filter { step in
                step.runs == nil && !step.isPrivate && facts[flow.name]?.isReachable(step.name) == true
            }.map { (flow, $0) }
        }.filter { `where`($0.flow, $0.step) }
    }

    private func flowFacts(_ flow: HFlow) -> HarnessFacts { facts[flow.name]! }

    private mutating func at(_ flow: HFlow, _ step: HStep? = nil) {
        self.flow = flow.name
        self.step = step?.name
    }

    private func marked(_ clause: HClause) -> HClause {
        clause.mark = HarnessPlanting.mark
        return clause
    }

    @discardableResult
    private func newStep(_ name: String, in flow: HFlow, inputs: [HParam] = []) -> HStep {
        let step = HStep(name, inputs: inputs)
        step.flow = flow.name
        flow.steps.append(step)
        return step
    }

    /// Whether a flow-level move made at the bottom of `flow`'s base stack can lead to an exit
    /// (a state not seen yet counts as one that can).
    private func flowLevelCanExit(_ flow: HFlow) -> Bool {
        let facts = flowFacts(flow)
        let canExit = facts.statesThatCanExit()
        let known = Set(facts.states)
        for clause in program.view(of: flow).flowLevel {
            for action in clause.actions {
                // `restart` goes back to where the flow starts, which may lead to an exit.
                if action.main.kind == .exit || action.main.kind == .restart { return true }
                guard let target = action.main.target else { continue }
                let state: HarnessFacts.State
                switch action.main.kind {
                case .push: state = .init(step: target, layer: .base, bottom: false)
                case .sheet, .popover: state = .init(step: target, layer: action.main.mayBeLocked ? .locked : .sheet, bottom: true)
                case .cover: state = .init(step: target, layer: action.main.compact == nil ? .cover : .locked, bottom: true)
                case .root, .replace: state = .init(step: target, layer: .base, bottom: true)
                default: return true
                }
                if canExit.contains(state) || !known.contains(state) { return true }
            }
        }
        return false
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    mutating func apply(_ kind: HarnessPlanting.Kind, rng: inout HarnessRandom) -> Bool {
        let mark = HarnessPlanting.mark
        switch kind {
        case .popAtBottom, .dismissInBase, .closeAtBase:
            let move: HMoveKind = kind == .popAtBottom ? .pop : kind == .dismissInBase ? .dismiss : .close
            let candidates = screens { flow, step in
                let facts = flowFacts(flow)
                return move == .pop ? !facts.canPop(step.name) : move == .dismiss ? !facts.canDismiss(step.name) : !facts.canClose(step.name)
            }
            guard let (flow, step) = rng.pickIfAny(candidates) else { return false }
            step.clauses.append(marked(HClause(fresh("planted"), HMove(move))))
            at(flow, step)
        case .pushBelowInBase:
            let candidates = screens { flow, step in !flowFacts(flow).canDismiss(step.name) }
            guard let (flow, step) = rng.pickIfAny(candidates), let target = rng.pickIfAny(flow.steps.filter { $0.runs == nil && $0.inputs.isEmpty })
            else { return false }
            step.clauses.append(marked(HClause(fresh("planted"), HMove(.pushBelow, target.name))))
            at(flow, step)
        case .dismissAfterPopInBase:
            // Not a step shown after a `dismiss` or `close` (`dismiss, push X`): the facts put it on
            // every layer that back move might return to, where the checker knows the one it does.
            let candidates = screens { flow, step in
                let facts = flowFacts(flow)
                let shownAfterClosing = flow.everyClause.contains { clause in
                    clause.actions.contains { $0.main.target == step.name && $0.backs.contains { $0.kind == .dismiss || $0.kind == .close } }
                }
                return facts.canPop(step.name) && !facts.canDismiss(step.name) && !shownAfterClosing
            }
            guard let (flow, step) = rng.pickIfAny(candidates) else { return false }
            var action = HAction(HMove(.dismiss))
            action.backs = [HMove(.pop)]
            step.clauses.append(marked(HClause(fresh("planted"), action)))
            at(flow, step)
        case .popToNotBelow:
            // At the flow's first start, where nothing is below. (Not at a step reached only from a
            // later start choice: the checker's popTo search starts at the first start only, so it
            // misses those; see GeneratorTests.popToAfterALaterStartChoice.)
            let candidates = screens { flow, step in flow.start.first?.step == step.name }.compactMap { flow, step -> (HFlow, HStep, HStep)? in
                rng.pickIfAny(flow.steps.filter { $0 !== step }).map { (flow, step, $0) }
            }
            guard let (flow, step, target) = rng.pickIfAny(candidates) else { return false }
            step.clauses.append(marked(HClause(fresh("planted"), HMove(.popTo, target.name))))
            at(flow, step)
        case .coverWithoutWayOut:
            // Only in a flow whose flow-level moves cannot lead out of the cover for it.
            let candidates = screens { flow, _ in
                program.view(of: flow).flowLevel.allSatisfy { clause in
                    clause.actions.allSatisfy { [.sheet, .popover, .cover].contains($0.main.kind) }
                }
            }
            guard let (flow, step) = rng.pickIfAny(candidates) else { return false }
            let trap = newStep(fresh("Trap"), in: flow)
            step.clauses.append(marked(HClause(fresh("planted"), HMove(.cover, trap.name))))
            at(flow, trap)
        case .orphanStep:
            guard let flow = rng.pickIfAny(program.flows.filter { !$0.isTabs }) else { return false }
            let orphan = newStep(fresh("Orphan"), in: flow)
            orphan.mark = mark
            at(flow, orphan)
        case .linkNeedsInput:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            let gate = newStep(fresh("Gate"), in: flow, inputs: [HParam(name: "plantedCode", type: "Int")])
            let target = newStep(fresh("Deep"), in: flow, inputs: [HParam(name: "plantedTag", type: "String")])
            step.clauses.append(HClause(fresh("plantedGate"), payload: gate.inputs, HMove(.push, gate.name)))
            gate.clauses.append(HClause(fresh("plantedDeep"), payload: target.inputs, HMove(.push, target.name)))
            let link = HLink(["/plantedlink/{plantedTag}"], target: target.name)
            link.mark = mark
            flow.links.append(link)
            at(flow, target)
        case .unhandledExit:
            let candidates = program.flows.compactMap { flow -> (HFlow, HStep, HStep)? in
                guard let runner = program.runner(of: flow.name), let start = flow.step(flow.start[0].step),
                      start.runs == nil else { return nil }
                return (flow, start, runner.step)
            }
            guard let (flow, start, runner) = rng.pickIfAny(candidates) else { return false }
            flow.exits.append(HExit(name: fresh("plantedExit")))
            start.clauses.append(HClause(fresh("plantedLeave"), HMove(.exit, flow.exits.last!.name)))
            runner.mark = mark
            at(program.runner(of: flow.name)!.flow, runner)
        case .unusedGuard:
            let flow = rng.pick(program.flows)
            flow.guards.append(HGuard(name: fresh("plantedGuard"), mark: mark))
            at(flow)
        case .unusedExit:
            let flow = rng.pick(program.flows)
            flow.exits.append(HExit(name: fresh("plantedExit"), mark: mark))
            at(flow)
        case .missingInput:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            let needy = newStep(fresh("Needy"), in: flow, inputs: [HarnessVocabulary.item])
            step.clauses.append(marked(HClause(fresh("planted"), HMove(.push, needy.name))))
            at(flow, step)
        case .payloadConflict, .duplicateClause:
            let candidates = screens().flatMap { flow, step in
                step.clauses.filter { clause in
                    clause.branches.count == 1 && clause.branches[0].condition == nil && clause.branches[0].action.back == nil
                        && clause.branches[0].action.main.kind.showsScreen
                }.map { (flow, step, $0) }
            }
            guard let (flow, step, clause) = rng.pickIfAny(candidates) else { return false }
            if kind == .duplicateClause {
                step.clauses.append(marked(HClause(clause.event, payload: clause.payload, clause.branches)))
                at(flow, step)
            } else {
                let later = flow.steps.drop { $0 !== step }.dropFirst().filter {
                    $0.runs == nil && flowFacts(flow).isReachable($0.name) && !$0.events.contains(clause.event)
                }
                guard let other = rng.pickIfAny(Array(later)) else { return false }
                let payload = clause.payload + [HParam(name: "plantedExtra", type: "Bool")]
                other.clauses.append(marked(HClause(clause.event, payload: payload, clause.branches)))
                at(flow, other)
            }
        case .selectOutsideTabs:
            guard let (flow, step) = rng.pickIfAny(screens()), let target = flow.steps.first(where: { $0 !== step }) else { return false }
            step.clauses.append(marked(HClause(fresh("planted"), HMove(.select, target.name))))
            at(flow, step)
        case .unknownTarget:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            step.clauses.append(marked(HClause(fresh("planted"), HMove(.push, "Qqqzx"))))
            at(flow, step)
        case .unusedAlert, .emptyAlert:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            let alert = HAlert(fresh(kind == .unusedAlert ? "Forgotten" : "Blank"), isDialog: rng.chance(50))
            alert.mark = mark
            if kind == .unusedAlert {
                alert.buttons = [HClause(fresh("plantedOk"), [])]
            } else {
                step.clauses.append(HClause(fresh("plantedAsk"), HMove(alert.showKind, alert.name)))
            }
            flow.alerts.append(alert)
            at(flow, step)
        case .rootToStuck:
            // Only where no flow-level move from the new base leads to a state that can exit.
            let candidates = screens { flow, _ in
                !flow.exits.isEmpty && program.runner(of: flow.name) != nil && !flowLevelCanExit(flow) && !flow.isSplit
            }
            guard let (flow, step) = rng.pickIfAny(candidates) else { return false }
            let stuck = newStep(fresh("Stuck"), in: flow)
            stuck.mark = mark
            step.clauses.append(HClause(fresh("planted"), HMove(.root, stuck.name)))
            at(flow, stuck)
        case .asyncStartGuard:
            guard let flow = rng.pickIfAny(program.flows.filter { !$0.isTabs && !$0.start.isEmpty }) else { return false }
            let alternative = newStep(fresh("Alternative"), in: flow, inputs: flow.step(flow.start[0].step)?.inputs ?? [])
            flow.guards.append(HGuard(name: fresh("plantedStart"), isAsync: true))
            flow.start.insert((alternative.name, HCondition(guardName: flow.guards.last!.name)), at: 0)
            flow.startMark = mark
            at(flow)
        case .asyncLockGuard:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            let locked = newStep(fresh("Locked"), in: flow)
            locked.clauses.append(HClause(fresh("plantedDone"), HMove(.dismiss)))
            flow.guards.append(HGuard(name: fresh("plantedLock"), isAsync: true))
            step.clauses.append(marked(HClause(fresh("planted"),
                                               HMove(.sheet, locked.name, lock: .whileGuard(flow.guards.last!.name, negated: false)))))
            at(flow, step)
        case .lockConflict:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            let locked = newStep(fresh("Locked"), in: flow)
            locked.clauses.append(HClause(fresh("plantedDone"), HMove(.dismiss)))
            flow.guards.append(HGuard(name: fresh("plantedLock")))
            locked.lock = .whileGuard(flow.guards.last!.name, negated: false)
            step.clauses.append(marked(HClause(fresh("planted"), HMove(.sheet, locked.name, lock: .always))))
            at(flow, step)
        case .atWithoutSubflow:
            let candidates = screens().compactMap { flow, step -> (HFlow, HStep, HStep)? in
                rng.pickIfAny(flow.steps.filter { $0 !== step && $0.runs == nil && !$0.isPrivate }).map { (flow, step, $0) }
            }
            guard let (flow, step, target) = rng.pickIfAny(candidates) else { return false }
            step.clauses.append(marked(HClause(fresh("planted"), payload: target.inputs, HMove(.sheet, target.name, at: flow.start[0].step))))
            at(flow, step)
        case .duplicateLink:
            let candidates = program.flows.flatMap { flow in flow.links.filter { $0.move == nil }.map { (flow, $0) } }
            guard let (flow, link) = rng.pickIfAny(candidates) else { return false }
            let copy = HLink(link.patterns, target: link.target)
            copy.ignoringCase = link.ignoringCase
            copy.mark = mark
            flow.links.append(copy)
            at(flow)
        case .placeholderNotInput:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            let link = HLink(["/plantedbogus/{plantedBogus}"], target: step.name)
            link.mark = mark
            flow.links.append(link)
            at(flow, step)
        case .receiveNothing, .resultLacksValue, .resultLost:
            let candidates = screens { _, step in step.receives.isEmpty }
            guard let (flow, step) = rng.pickIfAny(candidates) else { return false }
            let other = rng.pickIfAny(screens { $1 !== step && $0 === flow }.map(\.step))
            if kind == .resultLost, other == nil { return false }
            at(flow, step)
            if kind == .receiveNothing {
                step.receives = [HParam(name: "plantedGift", type: "Int?")]
                step.mark = mark
                return true
            }
            let required = kind == .resultLacksValue
            step.receives = [HParam(name: "plantedGift", type: required ? "Int" : "Int?")]
            let giver = newStep(fresh("Giver"), in: flow)
            step.clauses.append(HClause(fresh("plantedGive"), HMove(.push, giver.name)))
            if !required, let other {
                other.clauses.append(HClause(fresh("plantedGive"), HMove(.push, giver.name)))
            }
            let payload = [HParam(name: required ? "plantedNote" : "plantedGift", type: required ? "String" : "Int")]
            giver.clauses.append(marked(HClause(fresh("plantedGiven"), payload: payload, HMove(.pop))))
            self.step = giver.name
        case .overlappingGuards:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            let first = newStep(fresh("First"), in: flow)
            let second = newStep(fresh("Second"), in: flow)
            let event = fresh("planted")
            flow.guards += [HGuard(name: fresh("plantedOne")), HGuard(name: fresh("plantedTwo"))]
            let guards = flow.guards.suffix(2).map(\.name)
            step.clauses.append(HClause(event, [HBranch(action: HAction(HMove(.push, first.name)), condition: HCondition(guardName: guards[0]))]))
            step.clauses.append(marked(HClause(event, [HBranch(action: HAction(HMove(.sheet, second.name)),
                                                               condition: HCondition(guardName: guards[1]))])))
            at(flow, step)
        case .flowRunsItself:
            let candidates = screens { flow, _ in program.runner(of: flow.name) != nil }
            guard let (flow, step) = rng.pickIfAny(candidates) else { return false }
            let again = newStep(fresh("Again"), in: flow, inputs: flow.step(flow.start[0].step)?.inputs ?? [])
            again.runs = flow.name
            again.mark = mark
            step.clauses.append(HClause(fresh("planted"), payload: again.inputs, HMove(.push, again.name)))
            at(flow, again)
        case .duplicateStep, .swiftCaseClash:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            let name = kind == .duplicateStep ? step.name : step.name.prefix(1).lowercased() + step.name.dropFirst()
            let copy = newStep(name, in: flow)
            copy.mark = mark
            at(flow, copy)
        case .functionInput:
            guard let (flow, step) = rng.pickIfAny(screens()) else { return false }
            let callback = newStep(fresh("Callback"), in: flow, inputs: [HParam(name: "onDone", type: "@Sendable () -> Void")])
            callback.mark = mark
            step.clauses.append(HClause(fresh("planted"), payload: callback.inputs, HMove(.push, callback.name)))
            at(flow, callback)
        case .unknownExit:
            let candidates = program.flows.flatMap { flow in flow.steps.filter { $0.runs != nil }.map { (flow, $0) } }
            guard let (flow, runner) = rng.pickIfAny(candidates) else { return false }
            runner.clauses.append(marked(HClause(fresh("plantedNotAnExit"), HMove(.pop))))
            at(flow, runner)
        case .neverRunFlow, .missingStart:
            let ghost = HFlow(name: fresh(kind == .neverRunFlow ? "GhostFlow" : "NoStartFlow"), isTabs: false)
            ghost.mark = mark
            let lone = newStep(fresh("Lone"), in: ghost)
            if kind == .missingStart {
                program.flows.append(ghost)
                at(ghost, lone)
                return true
            }
            ghost.start = [(lone.name, nil)]
            guard let flow = rng.pickIfAny(program.flows.filter { !$0.isTabs }) else { return false }
            newStep(fresh("Door"), in: flow).runs = ghost.name
            program.flows.append(ghost)
            at(ghost)
        }
        return true
    }
}
