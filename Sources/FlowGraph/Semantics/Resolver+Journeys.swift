#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// `journey` declarations: their events, steps, tabs and guards resolve against the whole
/// program, by name (a name several flows declare stands for each of them; `Flow.Step` for one).
extension Resolver {
    mutating func resolveJourneys(_ syntaxes: [JourneySyntax], in program: inout FlowProgram) {
        var seen: [String: SourceRange] = [:]
        for syntax in syntaxes where !syntax.name.text.isEmpty {
            if let first = seen[syntax.name.text] {
                report(.duplicateName, SemanticMessages.duplicateJourney(syntax.name.text), at: syntax.name.range,
                       notes: [.init(SemanticMessages.firstDeclaredHere, at: first)])
            } else {
                seen[syntax.name.text] = syntax.name.range
            }
            var journey = Journey(name: syntax.name.text, range: syntax.name.range)
            journey.isRunnable = !syntax.isIncomplete
            if let (step, flow) = syntax.from {
                let flows = flow.map { name in program.flows.indices.filter { program.flows[$0].name == name.text } } ?? Array(program.flows.indices)
                let steps = flows.compactMap { index in program.flows[index].step(named: step.text).map { StepRef(flow: index, step: $0) } }
                if let first = steps.first {
                    journey.start = first
                } else {
                    _ = reportUnknown(SemanticMessages.unknownJourneyStep(step.text), at: step.range, name: step.text,
                                      candidates: flows.flatMap { program.flows[$0].steps.map(\.name) }, mayBeLost: false)
                    journey.isRunnable = false
                }
            }
            for line in syntax.lines {
                guard let move = journeyMove(line.move, in: program),
                      let expectation = line.expectation.map({ journeyExpectation($0, in: program) }) ?? .some(nil) else {
                    journey.isRunnable = false
                    continue
                }
                var resolved = Journey.Line(move: move, expectation: expectation, range: line.range,
                                            written: program.files[line.range.file].text(line.range.start..<line.range.end))
                if let received = line.received, case .screen(let steps, _, _, _)? = expectation {
                    let names = Set(steps.flatMap { program.flows[$0.flow].steps[$0.step].receives.map(\.name) })
                    if let stray = received.first(where: { !names.contains($0.name.text) }) {
                        report(.inputMismatch, SemanticMessages.journeyReceived(stray.name.text), at: stray.name.range)
                        journey.isRunnable = false
                        continue
                    }
                    resolved.received = Dictionary(received.map { ($0.name.text, $0.text) }, uniquingKeysWith: { first, _ in first })
                }
                journey.lines.append(resolved)
            }
            journey.root = Self.root(of: journey, in: program)
            program.journeys.append(journey)
        }
    }

    /// The root the journey starts at: of the roots whose flows (itself and those it runs,
    /// transitively) have each event and tab its moves name, the one that also has most of the
    /// steps its expectations name; the first root when none has the moves'.
    private static func root(of journey: Journey, in program: FlowProgram) -> Int? {
        func flows(from root: Int) -> Set<Int> {
            var found: Set<Int> = [root]
            var queue = [root]
            while let flow = queue.popLast() {
                for step in program.flows[flow].steps { if let runs = step.runs, found.insert(runs.raw).inserted { queue.append(runs.raw) } }
            }
            return found
        }
        var moves: [Set<Int>] = []
        var expectations: [Set<Int>] = []
        if let start = journey.start { moves.append([start.flow]) }
        for line in journey.lines {
            switch line.move {
            case .send(let event, _): moves.append(Set(program.flows.indices.filter { program.flows[$0].events.contains { $0.name == event } }))
            case .select(let tabs): moves.append(Set(tabs.map(\.flow)))
            default: break
            }
            if case .screen(let steps, _, _, _)? = line.expectation { expectations.append(Set(steps.map(\.flow))) }
        }
        let roots = program.roots.map(\.raw)
        var best: (root: Int, score: Int)?
        for root in roots {
            let reached = flows(from: root)
            guard moves.allSatisfy({ !$0.isDisjoint(with: reached) }) else { continue }
            let score = expectations.filter { !$0.isDisjoint(with: reached) }.count
            if score > best?.score ?? -1 { best = (root, score) }
        }
        return best?.root ?? roots.first
    }

    private mutating func journeyMove(_ move: JourneyMoveSyntax, in program: FlowProgram) -> Journey.Move? {
        switch move {
        case .given(let tests):
            var answers: [(guards: [GuardRef], holds: Bool)] = []
            for test in tests {
                guard let guards = journeyGuards(test.guardName, in: program) else { return nil }
                answers.append((guards, !test.isNegated))
            }
            return .given(answers)
        case .send(let name, let values):
            let events = program.flows.compactMap { flow in flow.events.first { $0.name == name.text } }
            guard !events.isEmpty else {
                let names = Set(program.flows.flatMap { $0.events.map(\.name) })
                _ = reportUnknown(SemanticMessages.unknownJourneyEvent(name.text), at: name.range, name: name.text,
                                  candidates: names.sorted(), mayBeLost: false)
                return nil
            }
            // The values name the payload's parameters; those it does not give must be optional.
            let given = Set(values.map(\.name.text))
            let fits = events.contains { event in
                given.isSubset(of: Set(event.payload.map(\.name))) && event.payload.allSatisfy { given.contains($0.name) || $0.isOptional }
            }
            guard fits else {
                let payload = events[0].payload.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
                report(.inputMismatch, SemanticMessages.journeyPayload(name.text, payload: payload), at: name.range)
                return nil
            }
            return .send(event: name.text, values: Dictionary(values.map { ($0.name.text, $0.text) }, uniquingKeysWith: { first, _ in first }))
        case .open(let url, _):
            return .open(url)
        case .back:
            return .back
        case .swipe:
            return .swipe
        case .select(let name):
            let tabs = program.flows.indices.compactMap { index -> StepRef? in
                let flow = program.flows[index]
                guard flow.isTabs, let step = flow.step(named: name.text), flow.steps[step].isTab else { return nil }
                return StepRef(flow: index, step: step)
            }
            guard !tabs.isEmpty else {
                _ = reportUnknown(SemanticMessages.unknownJourneyTab(name.text), at: name.range, name: name.text,
                                  candidates: program.flows.filter(\.isTabs).flatMap { $0.steps.map(\.name) }, mayBeLost: false)
                return nil
            }
            return .select(tabs)
        case .none:
            return Journey.Move.none
        }
    }

    /// `sheet X`, `cover X`, `popover X` as the runtime compares them (a sheet's kinds are sheets).
    private static func presentation(_ kind: ActionKind) -> JourneyPresentation {
        switch kind {
        case .popover: .popover
        case .cover: .cover
        default: .sheet
        }
    }

    /// The tabs of that name in the program's tab bars; nil (reported) when none has one.
    private mutating func journeyTabs(_ name: Name, in program: FlowProgram) -> Set<StepRef>? {
        let tabs = program.flows.indices.filter { program.flows[$0].isTabs }.compactMap { flow in
            program.flows[flow].step(named: name.text).map { StepRef(flow: flow, step: $0) }
        }
        guard !tabs.isEmpty else {
            _ = reportUnknown(SemanticMessages.unknownJourneyTab(name.text), at: name.range, name: name.text,
                              candidates: program.flows.filter(\.isTabs).flatMap { $0.steps.map(\.name) }, mayBeLost: false)
            return nil
        }
        return Set(tabs)
    }

    private mutating func journeyExpectation(_ expectation: JourneyExpectationSyntax, in program: FlowProgram) -> Journey.Expectation? {
        switch expectation {
        case .screen(let step, let flow, let values, let presented, let range):
            let flows = flow.map { name in program.flows.indices.filter { program.flows[$0].name == name.text } } ?? Array(program.flows.indices)
            if let flow, flows.isEmpty {
                _ = reportUnknown(SemanticMessages.unknownFlow(flow.text), at: flow.range, name: flow.text, candidates: program.flows.map(\.name),
                                  mayBeLost: false)
                return nil
            }
            let steps = flows.compactMap { index in program.flows[index].step(named: step.text).map { StepRef(flow: index, step: $0) } }
            guard !steps.isEmpty else {
                _ = reportUnknown(SemanticMessages.unknownJourneyStep(step.text), at: step.range, name: step.text,
                                  candidates: flows.flatMap { program.flows[$0].steps.map(\.name) }, mayBeLost: false)
                return nil
            }
            let named = values ?? []
            let inputs = Set(steps.flatMap { program.flows[$0.flow].steps[$0.step].inputs.map(\.name) })
            if let stray = named.first(where: { !inputs.contains($0.name.text) }) {
                report(.inputMismatch, SemanticMessages.journeyInput(stray.name.text, step: step.text), at: stray.name.range)
                return nil
            }
            return .screen(steps: Set(steps), values: Dictionary(named.map { ($0.name.text, $0.text) }, uniquingKeysWith: { first, _ in first }),
                           presented: presented.map(Self.presentation), written: program.files[range.file].text(range.start..<range.end))
        case .alert(let name):
            guard program.flows.contains(where: { $0.alerts.contains { $0.name == name.text } }) else {
                _ = reportUnknown(SemanticMessages.unknownJourneyAlert(name.text), at: name.range, name: name.text,
                                  candidates: program.flows.flatMap { $0.alerts.map(\.name) }, mayBeLost: false)
                return nil
            }
            return .alert(name.text)
        case .blocked(let name):
            return journeyGuards(name, in: program).map { .blocked($0, written: name.text) }
        case .notHandled:
            return .notHandled
        case .impossible:
            return .impossible
        case .tab(let name):
            return journeyTabs(name, in: program).map { .tab($0, written: "tab " + name.text) }
        case .stack(let tabName, let names, let range):
            var tab: Set<StepRef>?
            if let tabName {
                guard let tabs = journeyTabs(tabName, in: program) else { return nil }
                tab = tabs
            }
            var screens: [Set<StepRef>] = []
            for name in names {
                let steps = program.flows.indices.compactMap { flow in
                    program.flows[flow].step(named: name.text).map { StepRef(flow: flow, step: $0) }
                }
                guard !steps.isEmpty else {
                    _ = reportUnknown(SemanticMessages.unknownJourneyStep(name.text), at: name.range, name: name.text,
                                      candidates: program.flows.flatMap { $0.steps.map(\.name) }, mayBeLost: false)
                    return nil
                }
                screens.append(Set(steps))
            }
            return .stack(tab: tab, screens, written: program.files[range.file].text(range.start..<range.end))
        }
    }

    /// Every guard of that name, in every flow (a group's, in each flow that uses it).
    private mutating func journeyGuards(_ name: Name, in program: FlowProgram) -> [GuardRef]? {
        let guards = program.flows.indices.flatMap { flow in
            program.flows[flow].guards.indices.filter { program.flows[flow].guards[$0].name == name.text }.map { GuardRef(flow: flow, index: $0) }
        }
        guard guards.isEmpty else { return guards }
        _ = reportUnknown(SemanticMessages.unknownJourneyGuard(name.text), at: name.range, name: name.text,
                          candidates: Set(program.flows.flatMap { $0.guards.map(\.name) }).sorted(), mayBeLost: false)
        return nil
    }
}
