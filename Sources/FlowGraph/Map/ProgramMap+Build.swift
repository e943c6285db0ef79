extension ProgramMap {
    /// The page's model of `program`, whose findings are `diagnostics`; `diagrams` gives the ids of
    /// the edges that clauses and findings point at.
    public static func build(_ program: FlowProgram, diagnostics: [Diagnostic], diagrams: MapDiagrams,
                             journeys: [JourneyPath] = []) -> ProgramMap {
        let files = program.files
        func location(_ range: SourceRange) -> Location {
            let place = files.indices.contains(range.file) ? files[range.file].location(of: range.start) : SourceLocation(line: 1, column: 1)
            return Location(file: range.file, line: place.line, column: place.column)
        }
        let edgesByClause = diagrams.edgesByClause
        var flows: [FlowEntry] = []
        var search: [SearchEntry] = []
        for (flowIndex, flow) in program.flows.enumerated() {
            let runners = program.runners[flowIndex]
            let runnerFlows = Set(runners.map(\.flow))
            let kind: FlowKind = flow.isTabs ? .tabs : flow.isSplit ? .split : runnerFlows.count >= 2 ? .shared : .stack
            var runs: [Int] = []
            for step in flow.steps { if let target = step.runs.map(Int.init), !runs.contains(target) { runs.append(target) } }
            var clauses: [ClauseEntry] = []
            func addClauses(_ transitions: [Clause], step: String?) {
                for transition in transitions {
                    let clause = ClauseEntry(
                        event: transition.event, step: step, summary: summary(of: transition), location: location(transition.range),
                        edges: edgesByClause[transition.range] ?? [])
                    clauses.append(clause)
                    search.append(SearchEntry(
                        kind: .event, text: "\(transition.event)  \(step.map { "in \($0)" } ?? "any step"): \(clause.summary)",
                        flow: flowIndex, targets: clause.edges, location: clause.location))
                }
            }
            let steps = flow.steps.map { step in
                StepEntry(
                    name: step.name, inputs: step.inputs.map { "\($0.name): \($0.type)" }.joined(separator: ", "),
                    doc: step.doc.joined(separator: "\n"), location: location(step.range), runs: step.runs.map(Int.init))
            }
            search.append(SearchEntry(kind: .flow, text: flow.name, flow: flowIndex, targets: [], location: location(flow.range)))
            for step in flow.steps {
                search.append(SearchEntry(
                    kind: .step, text: step.name, flow: flowIndex, targets: [DiagramBuilder.stepID(flow, step, in: program)],
                    location: location(step.range)))
                addClauses(step.clauses, step: step.name)
            }
            addClauses(flow.clauses, step: nil)
            // An alert is found like a step (its node), its buttons' moves like clauses "in" it.
            for alert in flow.alerts where alert.group == nil {
                search.append(SearchEntry(
                    kind: .step, text: "\(alert.style.rawValue) \(alert.name)", flow: flowIndex,
                    targets: [DiagramBuilder.alertID(flow, alert, in: program)], location: location(alert.range)))
                addClauses(alert.buttons.compactMap(\.clause), step: alert.name)
            }
            // A link that decides shows its whole choice: `ManagePledge if isSignedIn else sheet SignIn`.
            // So does one that presents a stack or closes a sheet first: `dismiss, sheet Project at Comments`.
            let links = flow.links.map { link in
                let isPlain = !link.decides && link.at == nil && link.back == nil
                return NamedEntry(name: link.text, target: isPlain ? link.target.map { flow.steps[$0].name } : Self.choiceText(link),
                                  location: location(link.range))
            }
            let guards = flow.guards.map { NamedEntry(name: $0.name, target: nil, location: location($0.range)) }
            let exits = flow.exits.map { NamedEntry(name: $0.name, target: nil, location: location($0.range)) }
            for (link, entry) in zip(flow.links, links) {
                search.append(SearchEntry(
                    kind: .link, text: "\(entry.name) → \(entry.target ?? "?")", flow: flowIndex,
                    targets: link.branches.compactMap(\.target).map { "\(flow.name).\(flow.steps[$0].name)" }, location: entry.location))
            }
            for entry in guards {
                // A guard is found where it is asked: the edges of the clauses that name it.
                let asking = flow.allClauses.filter { transition in transition.conditions.contains { $0.guardName == entry.name } }
                search.append(SearchEntry(
                    kind: .`guard`, text: entry.name, flow: flowIndex,
                    targets: asking.flatMap { edgesByClause[$0.range] ?? [] }, location: entry.location))
            }
            for (exit, entry) in zip(flow.exits, exits) {
                search.append(SearchEntry(
                    kind: .exit, text: "exit \(entry.name)", flow: flowIndex, targets: [DiagramBuilder.exitID(flow, exit)], location: entry.location))
            }
            flows.append(FlowEntry(
                name: flow.name, kind: kind, isRoot: program.roots.contains(FlowIndex(flowIndex)), doc: flow.doc.joined(separator: "\n"),
                location: location(flow.range), steps: steps, clauses: clauses, links: links, guards: guards, exits: exits,
                runs: runs, runners: Self.runnerNames(runners, in: program), findings: [], uses: flow.uses))
        }

        var overview: [OverviewEdge] = []
        for (flowIndex, flow) in program.flows.enumerated() {
            for step in flow.steps {
                guard let target = step.runs.map(Int.init) else { continue }
                if let existing = overview.firstIndex(where: { $0.from == flowIndex && $0.to == target }) {
                    overview[existing].steps.append(step.name)
                } else {
                    overview.append(OverviewEdge(from: flowIndex, to: target, steps: [step.name], isTab: flow.isTabs && step.isTab))
                }
            }
        }

        let spans = DiagramBuilder.flowSpans(of: program)
        var findings: [Finding] = []
        for diagnostic in diagnostics {
            let range = diagnostic.range
            var flow = spans.firstIndex { $0[range.file].map { $0.contains(range.start) && range.end <= $0.upperBound } ?? false }
            if flow == nil { flow = diagnostic.steps.first?.flow }
            if flow == nil, let last = diagnostic.path.last, let name = last.split(separator: ".").first {
                flow = program.flow(named: String(name)).map(Int.init)
            }
            var edges: [String] = []
            if let flow {
                for transition in program.flows[flow].allClauses
                where transition.range.contains(range) {
                    edges += edgesByClause[transition.range] ?? []
                }
            }
            if let flow { flows[flow].findings.append(findings.count) }
            findings.append(Finding(
                rule: diagnostic.rule.id, severity: diagnostic.severity.rawValue, message: diagnostic.message,
                location: location(range), flow: flow, path: diagnostic.path, subjects: diagnostic.subjects, edges: edges,
                notes: diagnostic.notes.map { Note(message: $0.message, location: $0.range.map(location)) }))
        }
        var map = ProgramMap(files: files.map(\.path), flows: flows, overview: overview, findings: findings, search: search)
        map.groups = program.groups.indices.map { index in
            let group = program.groups[index]
            let direct = program.directUsers(of: index)
            return GroupEntry(name: group.name, doc: group.declaration.doc.joined(separator: "\n"), location: location(group.declaration.range),
                              steps: group.ownSteps.map(\.name), users: group.users.map(Int.init), uses: group.uses,
                              directUsers: direct.flows.map(Int.init), directGroupUsers: direct.groups)
        }
        let edgesByAction = journeys.isEmpty ? [:] : diagrams.edgesByAction
        map.journeys = journeys.map { journey in
            JourneyEntry(name: journey.name, location: location(journey.range), failure: journey.failure, lines: journey.lines.map { line in
                let node = line.step.map { step in
                    DiagramBuilder.stepID(program.flows[FlowIndex(step.flow)], program.flows[FlowIndex(step.flow)].steps[step.step], in: program)
                }
                return JourneyEntry.Line(written: line.written, location: location(line.range), shows: line.shows, node: node,
                                         edges: line.actions.flatMap { edgesByAction[$0] ?? [] })
            })
        }
        return map
    }

    /// `push Detail if isLoggedIn else sheet Login`.
    /// The targets of a link that decides and the guards between them, as written:
    /// `ManagePledge if isSignedIn else sheet SignIn`.
    static func choiceText(_ link: Link) -> String {
        var text = ""
        for (index, branch) in link.branches.enumerated() {
            if index > 0 { text += " else " }
            text += (branch.back.map { $0.rawValue + ", " } ?? "") + (branch.move.map { $0.rawValue + " " } ?? "") + branch.name
                + (branch.at.map { " at " + $0.name } ?? "")
            if link.conditions.indices.contains(index) { text += " " + link.conditions[index].written }
        }
        return text
    }

    static func summary(of transition: Clause) -> String {
        var text = transition.action.written
        var next = transition.condition
        while let condition = next {
            text += " \(condition.written)"
            if let elseAction = condition.elseAction { text += " else \(elseAction.written)" }
            next = condition.elseCondition
        }
        return text
    }

    /// The errors that keep a compilation from being drawn, each with its file, line and column.
    public static func problems(of compilation: Compiler.Compilation) -> [Problem] {
        compilation.diagnostics.filter { $0.severity == .error }.map { diagnostic in
            let file = compilation.files.indices.contains(diagnostic.range.file) ? compilation.files[diagnostic.range.file] : nil
            let place = file?.location(of: diagnostic.range.start) ?? SourceLocation(line: 1, column: 1)
            return Problem(file: file?.path ?? "", line: place.line, column: place.column, message: "\(diagnostic.message) [\(diagnostic.rule.id)]")
        }
    }

    /// The steps that run a flow, as `Flow.Step`; a destinations group's step once, as
    /// `Group.Step`, not once per flow that uses the group.
    static func runnerNames(_ runners: [StepReference], in program: FlowProgram) -> [String] {
        var names: [String] = []
        for runner in runners {
            let step = program[runner]
            let name = step.shared.map { "\(program.groups[$0.group].name).\(step.name)" } ?? program.qualifiedName(runner)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}
