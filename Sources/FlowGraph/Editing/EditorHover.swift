/// What an editor shows over a name: its declaration, its documentation, and what the program says
/// about it (how a step is reached and the shortest path to it, where an event is handled, who
/// takes and handles an exit), as Markdown.
///
/// Everything is read from the resolved program and the checker's graph: hover says what `check`
/// knows, never a second reading of the text.
package enum EditorHover {
    /// The Markdown for `symbol`, or nil when the program has nothing to say about it.
    public static func markdown(for symbol: EditorSymbol, in compilation: Compiler.Compilation) -> String? {
        guard let program = compilation.program else { return nil }
        var lines: [String]
        switch symbol.kind {
        case .flow, .group: lines = flow(symbol.name, program)
        case .step: lines = step(symbol, program)
        case .alert: lines = alert(symbol, program)
        case .event: lines = event(symbol, program)
        case .exit: lines = exit(symbol, program)
        case .guard: lines = guardText(symbol, program)
        }
        guard !lines.isEmpty else { return nil }
        lines.removeAll { $0.isEmpty }
        return lines.joined(separator: "\n\n")
    }

    /// Over a line of a journey: what the program shows after it (the journey played up to it,
    /// `states` being `JourneyRunner.state`). Nil elsewhere.
    public static func journeyLine(file: Int, offset: Int, in compilation: Compiler.Compilation,
                                   states: EditorCompletion.JourneyStates) -> String? {
        guard let program = compilation.program else { return nil }
        for journey in program.journeys {
            guard let index = journey.lines.firstIndex(where: { $0.range.file == file && $0.range.start <= offset && offset <= $0.range.end }),
                  let state = states(journey.name, index + 1, nil) else { continue }
            return "After this line of journey `\(journey.name)`, the program shows `\(state.screen)`."
        }
        return nil
    }

    static func parameters(_ parameters: [Parameter]) -> String {
        parameters.isEmpty ? "" : "(" + parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }

    static func code(_ text: String) -> String { "```flow\n\(text)\n```" }

    static func doc(_ lines: [String]) -> String { lines.joined(separator: "\n") }

    /// The flow, or a group's declaration, named `scope`.
    static func scopeFlow(_ scope: String, _ program: FlowProgram) -> (flow: Flow, index: FlowIndex?)? {
        if let index = program.flow(named: scope) { return (program.flows[index], index) }
        return program.groups.first { $0.name == scope }.map { ($0.declaration, nil) }
    }

    private static func flow(_ name: String, _ program: FlowProgram) -> [String] {
        if let group = program.groups.first(where: { $0.name == name }) {
            let users = group.users.map { "`\(program.flows[$0].name)`" }.joined(separator: ", ")
            return [code("destinations \(name)"), doc(group.declaration.doc),
                    "\(group.ownSteps.count) steps" + (users.isEmpty ? ", used by no flow" : ", used by \(users)")]
        }
        guard let index = program.flow(named: name) else { return [] }
        let flow = program.flows[index]
        var facts = ["\(flow.isTabs ? "tabs" : flow.isSplit ? "split view" : "stack"), \(flow.steps.count) steps"]
        if let start = flow.start { facts.append("starts at `\(flow.steps[start].name)`") }
        let runners = program.runners[index].map { "`\(program.qualifiedName($0))`" }
        facts.append(runners.isEmpty ? "a root: no step runs it" : "run by \(runners.joined(separator: ", "))")
        if !flow.exits.isEmpty { facts.append("exits: " + flow.exits.map { "`\($0.name)`" }.joined(separator: ", ")) }
        return [code("flow \(name)\(flow.isTabs ? " tabs" : "")"), doc(flow.doc), facts.joined(separator: "; ")]
    }

    private static func step(_ symbol: EditorSymbol, _ program: FlowProgram) -> [String] {
        guard let (flow, flowIndex) = scopeFlow(symbol.scope, program), let stepIndex = flow.step(named: symbol.name) else { return [] }
        let step = flow.steps[stepIndex]
        var header = "step \(symbol.name)\(parameters(step.inputs))"
        if let item = step.tabItem { header += " as \(item.rawValue)" }
        if !step.receives.isEmpty { header += " receives \(parameters(step.receives))" }
        if let runs = step.runs { header += " runs \(program.flows[runs].name)" }
        if step.keepsLinks { header += " keeps links" }
        if let lock = step.lock { header += " " + lock.written }
        if let detents = step.detents { header += " " + detents.written }
        if let condition = step.condition { header += " " + condition.written }
        var lines = [code(header), doc(step.doc), "in \(flowIndex == nil ? "destinations" : "flow") `\(symbol.scope)`"]
        if step.keepsLinks { lines.append("A deep link that arrives while it is on screen waits, and opens once it is not.") }
        if let lock = step.lock {
            lines.append("Every sheet or popover that presents it is \(lock.written): the user cannot swipe it away"
                         + (lock.guardName == nil ? "." : " while the guard says so."))
        }
        if let condition = step.condition {
            lines.append("A tab that is there only \(condition.written), as the tab bar is built (when it starts, and on `restart`).")
        }
        var reached: [String] = []
        if flow.startChoices.contains(where: { $0.step == stepIndex }) { reached.append("the flow's start") }
        if let launch = flow.launch, launch.step == stepIndex { reached.append("the flow's start, as its `\(launch.written)` at launch") }
        if let item = step.tabItem {
            reached.append("its item in the tab bar, which presents it as a \(item.rawValue)")
        } else if flow.isTabs {
            reached.append("a tab of the tab bar")
        }
        let from = { (step: Int?) in step.map { "in `\(flow.steps[$0].name)`" } ?? "from every step" }
        for (index, candidate) in flow.steps.enumerated() {
            for handler in candidate.clauses where targets(handler, stepIndex) {
                reached.append("`\(handler.event)`: \(ProgramMap.summary(of: handler)) \(from(index))")
            }
        }
        for handler in flow.clauses where targets(handler, stepIndex) {
            reached.append(handler.link.map {
                flow.links.indices.contains($0) ? "the deep link `\(flow.links[$0].text)` (\(handler.action.kind.rawValue))" : "a deep link"
            } ?? "`\(handler.event)`: \(ProgramMap.summary(of: handler)) \(from(nil))")
        }
        for link in flow.links where link.target == stepIndex && link.move == nil {
            reached.append("the deep link `\(link.text)`")
        }
        if !reached.isEmpty {
            let shown = reached.prefix(8).map { "- \($0)" } + (reached.count > 8 ? ["- … \(reached.count - 8) more"] : [])
            lines.append("**Reached by**\n" + shown.joined(separator: "\n"))
        }
        // The path to the step as the program has it: a group's step through the first flow that uses it.
        let reference: StepReference?
        if let flowIndex {
            reference = StepReference(flow: flowIndex, step: stepIndex)
        } else if let group = program.groups.firstIndex(where: { $0.name == symbol.scope }) {
            reference = program.groups[group].users.lazy.compactMap { user in
                program.flows[user].steps.firstIndex { $0.shared == SharedStep(group: group, step: stepIndex) }
                    .map { StepReference(flow: user, step: $0) }
            }.first
        } else {
            reference = nil
        }
        if let reference {
            let search = CompositeGraph(program: program).search(everyMove: true, given: nil)
            if let path = search.path(to: reference, in: program) {
                lines.append("**Shortest path**: \(path.describe(in: program))")
            } else {
                lines.append("**Shortest path**: none; no move from a root reaches it")
            }
        }
        return lines
    }

    /// Whether a clause shows step `step` of its flow by one of its moves.
    static func targets(_ transition: Clause, _ step: Int) -> Bool {
        var found = false
        transition.forEachAction { action in
            switch action.kind.targetRole {
            case .newScreen, .shownStep: if action.target == step { found = true }
            case .exit, .alert, .none, .payloadValue: break
            }
        }
        return found
    }

    private static func alert(_ symbol: EditorSymbol, _ program: FlowProgram) -> [String] {
        guard let (flow, _) = scopeFlow(symbol.scope, program), let index = flow.alert(named: symbol.name) else { return [] }
        let alert = flow.alerts[index]
        let buttons = alert.buttons.map { "`\($0.event)`" + ($0.clause.map { ": \(ProgramMap.summary(of: $0))" } ?? "") }
        return [code("\(alert.style.rawValue) \(alert.name)\(parameters(alert.inputs))"), doc(alert.doc),
                "buttons: " + (buttons.isEmpty ? "none" : buttons.joined(separator: ", "))]
    }

    private static func event(_ symbol: EditorSymbol, _ program: FlowProgram) -> [String] {
        // A button of an alert: its scope is `Flow.Alert`.
        let parts = symbol.scope.split(separator: ".", maxSplits: 1).map(String.init)
        guard let (flow, _) = scopeFlow(parts.first ?? symbol.scope, program) else { return [] }
        if parts.count == 2, let index = flow.alert(named: parts[1]),
           let button = flow.alerts[index].buttons.first(where: { $0.event == symbol.name }) {
            return [code("on \(symbol.name)\(parameters(button.payload))"), doc(button.doc),
                    "a button of \(flow.alerts[index].style.rawValue) `\(parts[1])`"
                        + (button.clause.map { ": \(ProgramMap.summary(of: $0))" } ?? "")]
        }
        let payload = flow.events.first { $0.name == symbol.name }?.payload
            ?? flow.clauses.first { $0.event == symbol.name }?.payload ?? []
        var handled: [String] = []
        for step in flow.steps where step.shared == nil && !step.runsAFlow {
            for handler in step.clauses where handler.event == symbol.name {
                handled.append("in `\(step.name)`: \(ProgramMap.summary(of: handler))")
            }
        }
        for handler in flow.clauses where handler.event == symbol.name && handler.link == nil {
            handled.append("from every step: \(ProgramMap.summary(of: handler))")
        }
        let docs = (flow.steps.flatMap(\.clauses) + flow.clauses).first { $0.event == symbol.name && !$0.doc.isEmpty }?.doc ?? []
        return [code("event \(symbol.name)\(parameters(payload))"), doc(docs), "in `\(parts.first ?? symbol.scope)`",
                handled.isEmpty ? "" : "**Handled**\n" + handled.map { "- \($0)" }.joined(separator: "\n")]
    }

    private static func exit(_ symbol: EditorSymbol, _ program: FlowProgram) -> [String] {
        guard let flowIndex = program.flow(named: symbol.scope), let exitIndex = program.flows[flowIndex].exit(named: symbol.name) else { return [] }
        let flow = program.flows[flowIndex]
        let exit = flow.exits[exitIndex]
        var taken: [String] = []
        for step in flow.steps {
            for handler in step.clauses where handler.actions.contains(where: { $0.kind == .exit && $0.target == exitIndex }) {
                taken.append("`\(handler.event)` in `\(step.name)`")
            }
        }
        var handled: [String] = []
        for runner in program.runners[flowIndex] {
            let step = program[runner]
            if let handler = step.clauses.first(where: { $0.event == symbol.name }) {
                handled.append("`\(program.qualifiedName(runner))`: \(ProgramMap.summary(of: handler))")
            } else {
                handled.append("`\(program.qualifiedName(runner))`: not handled")
            }
        }
        return [code("exit \(exit.name)\(parameters(exit.inputs))"), doc(exit.doc), "an exit of flow `\(flow.name)`",
                taken.isEmpty ? "" : "**Taken by** " + taken.joined(separator: ", "),
                handled.isEmpty ? "" : "**Handled**\n" + handled.map { "- \($0)" }.joined(separator: "\n")]
    }

    private static func guardText(_ symbol: EditorSymbol, _ program: FlowProgram) -> [String] {
        guard let (flow, _) = scopeFlow(symbol.scope, program), let index = flow.guardIndex(named: symbol.name) else { return [] }
        let declared = flow.guards[index]
        return [code("guard \(declared.isAsync ? "async " : "")\(declared.name)\(parameters(declared.parameters))"), doc(declared.doc),
                "a condition the app implements, in `\(symbol.scope)`"]
    }
}
