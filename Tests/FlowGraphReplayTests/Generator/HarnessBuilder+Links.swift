/// Pass 4: deep links and `at`, each added only where the deep-link search finds its path. Every
/// link's patterns start with a literal of their own (a first segment, or a custom scheme's host),
/// so no two links overlap; the other shapes (placeholders, `@{user}`, `{item}.json`, `*`, queries,
/// several patterns, `ignoring case`) come after it.
extension HarnessBuilder {
    func addLinksAndAts() {
        let search = HarnessLinkSearch(program)
        // The links that move were added with their flows; each must find its way to its flow.
        for flow in program.flows {
            for link in program.view(of: flow).links where link.move != nil {
                guard search.canOpen(link, in: flow.name) else { return fail("link \(link.patterns[0]) cannot open") }
            }
        }
        var candidates: [(flow: HFlow, step: HStep, weight: Int)] = []
        for flow in program.flows {
            let view = program.view(of: flow)
            for step in view.steps where !step.isPrivate {
                var weight = step.inputs.isEmpty ? 1 : 3
                if flow.isTabs, !step.inputs.isEmpty { weight = 12 }
                if flow.startSteps.contains(step.name), plans[flow.name]?.role == .sub { weight = 6 }
                candidates.append((flow, step, weight))
            }
        }
        // A link to each tab with inputs, which a URL's values fill in.
        for flow in program.flows where flow.isTabs {
            for tab in flow.steps where !tab.inputs.isEmpty && rng.chance(85) {
                let link = HLink([], target: tab.name)
                setPatterns(of: link, for: tab)
                flow.links.append(link)
                if !search.canOpen(link, in: flow.name) { flow.links.removeLast() }
                candidates.removeAll { $0.step === tab }
            }
        }
        var wanted = simple ? 1 : rng.int(2...5)
        var tries = 0
        while wanted > 0, tries < 25, !candidates.isEmpty {
            tries += 1
            let total = candidates.map(\.weight).reduce(0, +)
            var roll = rng.int(0...(total - 1))
            let index = candidates.firstIndex { candidate in
                roll -= candidate.weight
                return roll < 0
            }!
            let (flow, step, _) = candidates.remove(at: index)
            let link = HLink([], target: step.name)
            setPatterns(of: link, for: step)
            flow.links.append(link)
            if search.canOpen(link, in: flow.name) {
                wanted -= 1
            } else {
                flow.links.removeLast()
            }
        }
        if !simple {
            addAts(search)
            addLinkAts(search)
            addDecisions(search)
        }
    }

    /// `at Y` on some links with a move whose target runs a subflow: Y is reached from where the
    /// subflow starts with the URL's values (the target's inputs), which give Y's inputs. Some
    /// steps that run a subflow get such a link, shown as their entry shows them (`-> sheet
    /// Project at Comments`), so that their exits' handlers fit.
    private func addLinkAts(_ search: HarnessLinkSearch) {
        for (flowName, clause, runner, _) in runnerEntries where rng.chance(40) {
            guard let flow = program.flow(flowName), let move = clause.branches.first?.action.main.kind,
                  move == .push || move.presents else { continue }
            let link = HLink([], move: move, target: runner.name)
            setPatterns(of: link, for: runner)
            flow.links.append(link)
            if !search.canOpen(link, in: flow.name) { flow.links.removeLast() }
        }
        // Links that select a tab that runs a flow (and, below, go on inside it with `at`).
        for flow in program.flows where flow.isTabs && rng.chance(60) {
            // A tab keeps its inputs when a link selects it: one without, so the URL gives nothing it ignores.
            guard let tab = rng.pickIfAny(flow.steps.filter { $0.runs != nil && $0.inputs.isEmpty }) else { continue }
            let link = HLink([], move: .select, target: tab.name)
            setPatterns(of: link, for: tab)
            flow.links.append(link)
            if !search.canOpen(link, in: flow.name) { flow.links.removeLast() }
        }
        // Some links with a move close the flow's top sheet first (not before `select`, which does).
        let scopes: [HScope] = program.groups + program.flows
        for scope in scopes {
            for link in scope.links where link.move != nil && link.move != .select && rng.chance(30) { link.dismissesFirst = true }
        }
        for flow in program.flows {
            let view = program.view(of: flow)
            for link in flow.links where link.move != nil && rng.chance(60) {
                guard let target = view.step(link.target), let subflowName = target.runs, let subflow = program.flow(subflowName) else { continue }
                let given = Set(target.inputs)
                let targets = rng.shuffled(subflow.steps.filter { step in !step.isPrivate && step.inputs.allSatisfy(given.contains) })
                // Prefer a step the path has to reach with moves.
                for inside in targets.sorted(by: { !subflow.startSteps.contains($0.name) && subflow.startSteps.contains($1.name) }).prefix(4)
                where search.canOpenAt(inside.name, inside: subflowName, payload: target.inputs) {
                    link.at = inside.name
                    // `at A.B`: on inside the subflow A runs, with the same values.
                    if let deeperFlow = inside.runs.flatMap(program.flow),
                       let deeper = rng.shuffled(deeperFlow.steps.filter { step in !step.isPrivate && step.inputs.allSatisfy(given.contains) })
                        .first(where: { search.canOpenAt($0.name, inside: deeperFlow.name, payload: target.inputs) }) {
                        link.at = inside.name + "." + deeper.name
                    }
                    break
                }
            }
        }
    }

    /// Guards on some links: one that chooses another target (a step without inputs the link can
    /// open) or refuses the link when it blocks, and sometimes a second condition after the first.
    private func addDecisions(_ search: HarnessLinkSearch) {
        for flow in program.flows {
            for link in flow.links where rng.chance(35) {
                let view = program.view(of: flow)
                let others = rng.shuffled(view.steps.filter { $0.inputs.isEmpty && !$0.isPrivate && $0.name != link.target })
                var choices = 1 + (rng.chance(30) ? 1 : 0)
                while choices > 0 {
                    choices -= 1
                    let name = "linkGate\(decisionGuards)"
                    decisionGuards += 1
                    guardNames.insert(name)
                    flow.guards.append(HGuard(name: name))
                    link.conditions.append((name, rng.chance(30)))
                    // Refused when the guard blocks, or another target.
                    guard link.move == nil, rng.chance(70),
                          let other = others.first(where: { candidate in
                              !link.otherwise.contains(candidate.name) && search.canOpen(HLink(link.patterns, target: candidate.name), in: flow.name)
                          }) else { break }
                    link.otherwise.append(other.name)
                }
            }
        }
    }

    /// `at Y` on some clauses that show a step running a subflow: Y is reached from where the
    /// subflow starts with the clause's payload, which gets Y's inputs. Some such moves are made
    /// from an alert's button too (`on translateTapped -> sheet Settings at Translation`), over
    /// the screen that showed the alert: a new alert on the clause's screen, beside the clause.
    private func addAts(_ search: HarnessLinkSearch) {
        for (flowName, clause, runner, fixed) in runnerEntries {
            if rng.chance(50), let (target, payload) = pickAt(in: runner, payload: clause.payload, fixed: fixed, search) {
                clause.payload = payload
                clause.branches[0].action.main.at = target
                // `at A.B`: when A runs a subflow too, on to a step inside it.
                if let inner = runner.runs.flatMap(program.flow)?.step(target), inner.runs != nil,
                   let (deeper, grown) = pickAt(in: inner, payload: payload, fixed: fixed, search) {
                    clause.payload = grown
                    clause.branches[0].action.main.at = target + "." + deeper
                }
            }
            let move = clause.branches[0].action.main.kind
            guard !fixed, rng.chance(20), move == .push || move.presents, let scope = program.flow(flowName),
                  let anchor = scope.steps.first(where: { $0.clauses.contains { $0 === clause } }),
                  let (target, payload) = pickAt(in: runner, payload: runner.inputs, fixed: false, search) else { continue }
            let alert = HAlert(unique("Open" + runner.name), isDialog: rng.chance(50))
            var button = HMove(move, runner.name, at: target)
            button.lock = clause.branches[0].action.main.lock
            alert.buttons = [HClause(event("open" + target), payload: payload, button), HClause(event("notNow" + alert.name), [])]
            scope.alerts.append(alert)
            anchor.clauses.append(HClause(event("offer" + alert.name), HMove(alert.showKind, alert.name)))
            alertShowers[alert.name, default: []].append(anchor)
        }
    }

    /// A step of the subflow `runner` runs that `at` can open with `payload` (grown by the step's
    /// inputs unless `fixed`), preferring one the path reaches with moves; nil when none can.
    private func pickAt(in runner: HStep, payload: [HParam], fixed: Bool, _ search: HarnessLinkSearch) -> (String, [HParam])? {
        guard let subflowName = runner.runs, let subflow = program.flow(subflowName) else { return nil }
        var targets = rng.shuffled(subflow.steps.filter { !$0.isPrivate })
        targets.sort { !subflow.startSteps.contains($0.name) && subflow.startSteps.contains($1.name) }
        for target in targets.prefix(4) {
            var grown = payload
            for input in target.inputs where !grown.contains(input) {
                if fixed || grown.contains(where: { $0.name == input.name }) { grown = []; break }
                grown.append(input)
            }
            guard !grown.isEmpty || target.inputs.isEmpty, search.canOpenAt(target.name, inside: subflowName, payload: grown) else { continue }
            return (target.name, grown)
        }
        return nil
    }

    /// Gives `link` patterns for its target's inputs: every required input in every pattern.
    func setPatterns(of link: HLink, for target: HStep) {
        var key = target.name.lowercased()
        var number = 2
        while linkKeys.contains(key) {
            key = target.name.lowercased() + String(number)
            number += 1
        }
        linkKeys.insert(key)
        let useScheme = rng.chance(35)
        // `as url`: a text input gets the whole URL (`RemoteStatusDetail(url:)`), no placeholder.
        link.wholeURL = simple || !rng.chance(22) ? nil : target.inputs.first { $0.type.hasPrefix("String") }?.name
        link.patterns = [pattern(key: key, for: target, scheme: useScheme, wildcard: !simple && rng.chance(18), whole: link.wholeURL)]
        if !simple, rng.chance(25) {
            link.patterns.append(pattern(key: key, for: target, scheme: !useScheme, wildcard: false, whole: link.wholeURL))
        }
        link.ignoringCase = !simple && rng.chance(18)
    }

    private func pattern(key: String, for target: HStep, scheme: Bool, wildcard: Bool, whole: String?) -> String {
        var segments: [String] = []
        if wildcard { segments.append("*") }
        let required = target.inputs.filter { !$0.isOptional && $0.name != whole }
        for (index, input) in required.enumerated() {
            if rng.chance(20) { segments.append(rng.pick(["by", "id", "v1", "open"])) }
            // The last text input may take the rest of the path (`{path...}`: `a/b` is one value).
            if !simple, index == required.count - 1, input.type == "String", rng.chance(30) {
                segments.append("{\(input.name)...}")
                continue
            }
            switch rng.int(0...9) {
            case 0...4: segments.append("{\(input.name)}")
            case 5...6: segments.append("@{\(input.name)}")
            case 7...8: segments.append("{\(input.name)}.json")
            default: segments.append("v{\(input.name)}-x")
            }
        }
        // `**`: the rest of the path, whatever it is (an app's catch-all).
        if !simple, segments.last?.hasSuffix("...}") != true, rng.chance(12) { segments.append("**") }
        var query: [String] = []
        for input in target.inputs where input.isOptional && input.name != whole && (rng.chance(75) || target.inputs.count == 1) {
            query.append("\(input.name)={\(input.name)}")
        }
        if rng.chance(12) { query.append("src=app") }
        var text = (scheme ? "app://" : "/") + key + segments.map { "/" + $0 }.joined()
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        return text
    }
}
