#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// Runs a program's journeys on its meaning: the runtime's navigator over the program's table, in
/// process, no Swift build (`ReplayProgram`). A journey that does not hold is a `journey-fails`
/// error at its first line whose move or expectation the program does not do. See docs/Journeys.md.
public enum JourneyRunner {
    /// `compilation` with the findings of its journeys. A program with errors runs none: its
    /// table may not say what the program will mean once they are fixed.
    @MainActor
    package static func run(on compilation: Compiler.Compilation) -> Compiler.Compilation {
        let failures = results(of: compilation).compactMap(\.failure)
        return failures.isEmpty ? compilation : compilation.adding(failures)
    }

    /// Each journey of the program with what came of it, in source order; empty for a program with
    /// errors (a journey with an error of its own is among them: it is not run).
    @MainActor
    public static func results(of compilation: Compiler.Compilation) -> [JourneyResult] {
        guard let program = compilation.program, program.journeys.contains(where: \.isRunnable), !compilation.hasErrors,
              (try? ReplayProgram.load(program, analysis: compilation.analysis)) != nil else { return [] }
        let runnable = program.journeys.filter(\.isRunnable)
        return zip(runnable, expanded(runnable, in: compilation)).map { declared, journey in
            JourneyResult(name: journey.name, range: journey.range, lines: declared.lines.count, failure: run(journey, in: program))
        }
    }

    /// The journey's finding, nil when it holds. A line that does not hold says, when there is one,
    /// the answer of a guard it asked that would make it hold (`given !canDelete` before it).
    @MainActor
    private static func run(_ journey: Journey, in program: FlowProgram) -> Diagnostic? {
        guard let failed = play(journey, override: nil) else { return nil }
        let line = journey.lines[failed.line]
        var notes: [Diagnostic.Note] = []
        // One answer changed, the first that makes the line hold, in the order they were asked.
        var tried = Set<String>()
        for (ref, answer) in failed.asked {
            let name = ReplayProgram.table.guardName(ref)
            guard tried.insert(name).inserted else { continue }
            let flipped = !answer
            if let again = play(journey, override: (failed.line, name, flipped)), again.line <= failed.line { continue }
            notes.append(.init(JourneyMessages.holdsWith((flipped ? "" : "!") + name)))
            break
        }
        // Else another event, of those the flows on screen have, that makes the line hold.
        if notes.isEmpty, case .send(let event, let values) = line.move {
            for candidate in failed.events.prefix(64) where candidate.name != event {
                var changed = journey
                let given = candidate.parameters.map { parameter in
                    (parameter.label, values[parameter.label] ?? ReplayValues.sample(label: parameter.label, type: parameter.type))
                }
                changed.lines[failed.line].move = .send(event: candidate.name, values: Dictionary(given, uniquingKeysWith: { first, _ in first }))
                if let again = play(changed, override: nil), again.line <= failed.line { continue }
                notes.append(.init(JourneyMessages.holdsWithEvent(candidate.name, instead: event)))
                break
            }
        }
        notes.append(.init(JourneyMessages.declared(journey.name), at: journey.range))
        return Diagnostic(.journeyFails, JourneyMessages.fails(journey.name, failed.failure), at: line.range, notes: notes)
    }

    /// Plays the journey (with guard `override.name` answering `override.holds` from line
    /// `override.line` on): nil when every line holds, else the first that does not, what the
    /// program did, and the guards asked on that line with their answers.
    @MainActor
    private static func play(_ journey: Journey, override: (line: Int, name: String, holds: Bool)?,
                             sent: ((Int, ReplayProgram.Value) -> Void)? = nil,
                             observe: ((Navigator<ReplayProgram>, Navigator<ReplayProgram>.Outcome?) -> Void)? = nil)
        -> (line: Int, failure: String, asked: [(GuardRef, Bool)], events: [(name: String, parameters: [(label: String, type: String)])])? {
        let model = ReplayProgram.model
        guard let root = model.roots.first(where: { $0.flow == journey.root }) ?? model.roots.first else { return nil }
        let guards = ReplayGuards()
        var started: Navigator<ReplayProgram>?
        for (index, line) in journey.lines.enumerated() {
            if let override, override.line == index {
                for ref in ReplayProgram.guards(named: override.name) { guards.answers[ref] = override.holds }
            }
            if case .given(let answers) = line.move {
                for (refs, holds) in answers {
                    // The override stands from its line on: a later `given` of its guard does not undo it.
                    for ref in refs {
                        let name = ReplayProgram.table.guardName(ref)
                        if let override, override.line <= index, override.name == name { continue }
                        guards.answers[ref] = holds
                    }
                }
                continue
            }
            // The app starts at the first line that is not `given`: the answers before it decide its start.
            let navigator = started ?? start(root, guards: guards)
            started = navigator
            let asked = guards.asked.count
            let shown = navigator.chain.map(\.flow.rawValue)
            var outcome: Navigator<ReplayProgram>.Outcome?
            var moveName = ""
            switch line.move {
            case .given:
                break
            case .send(let name, let values):
                moveName = "'\(name)'"
                let value = event(name, values, on: navigator)
                if let value { sent?(index, value) }
                outcome = value.map { navigator.send($0) } ?? Navigator<ReplayProgram>.Outcome(status: .unhandled, commands: [])
            case .open(let url):
                moveName = "opening \(url)"
                outcome = navigator.open(url: url)
            case .back:
                moveName = "going back"
                outcome = navigator.journeyBack()
            case .swipe:
                moveName = "swiping the sheet away"
                outcome = navigator.journeySwipe()
            case .select(let tabs):
                moveName = "selecting the tab"
                outcome = navigator.journeySelect(Set(tabs))
            case .none:
                break
            }
            observe?(navigator, outcome)
            if let failure = navigator.journeyMismatch(line.expectation, after: outcome, move: moveName, received: line.received) {
                let answers = guards.asked[asked...].map { ref, _ in (ref, guards.answers[ref] ?? guards.fallback) }
                return (index, failure, answers, events(of: shown))
            }
        }
        return nil
    }

    /// Where a journey leaves the user after its first `lines` lines and `then` (a move being
    /// written, not yet a line): the screen as a line expects it, the events the flows on screen
    /// have, and the tabs of the tab bars on screen. For the editor's hover and completion. Nil
    /// for a program with errors, or a journey it does not have.
    @MainActor
    public static func state(of name: String, after lines: Int, then move: JourneyMove? = nil,
                             in compilation: Compiler.Compilation) -> JourneyState? {
        guard let program = compilation.program, !compilation.hasErrors, let declared = program.journeys.first(where: { $0.name == name }),
              (try? ReplayProgram.load(program, analysis: compilation.analysis)) != nil, var journey = expanded([declared], in: compilation).first
        else { return nil }
        journey.lines = Array(journey.lines.prefix(max(0, lines) + journey.lines.count - declared.lines.count))
        if let move {
            let resolved: Journey.Move
            switch move {
            case .send(let event): resolved = .send(event: event, values: [:])
            case .open(let url): resolved = .open(url)
            case .back: resolved = .back
            case .swipe: resolved = .swipe
            }
            journey.lines.append(Journey.Line(move: resolved, expectation: nil, range: journey.range, written: ""))
        }
        if journey.lines.isEmpty { journey.lines = [Journey.Line(move: .none, expectation: nil, range: journey.range, written: "")] }
        var last: (Navigator<ReplayProgram>, Navigator<ReplayProgram>.Outcome?)?
        _ = play(journey, override: nil, observe: { navigator, outcome in last = (navigator, outcome) })
        guard let (navigator, outcome) = last else { return nil }
        let tabs = navigator.chain.filter(\.isTabs).flatMap { running in
            running.tabs.map { ReplayProgram.table.flows[running.flow.rawValue].steps[ReplayProgram.step(of: $0.entries[0].screen).step].name }
        }
        return JourneyState(screen: JourneyWriter.expectation(after: outcome, on: navigator),
                            events: events(of: navigator.chain.map(\.flow.rawValue)).map(\.name), tabs: tabs)
    }

    /// Each runnable journey as the path the navigator takes: after each line that is not `given`,
    /// what the program shows, the step on top, and the actions of the clauses its move took. For
    /// the page (`render --format html`). Empty for a program with errors.
    @MainActor
    public static func paths(of compilation: Compiler.Compilation) -> [JourneyPath] {
        guard let program = compilation.program, !compilation.hasErrors, program.journeys.contains(where: \.isRunnable),
              (try? ReplayProgram.load(program, analysis: compilation.analysis)) != nil else { return [] }
        return expanded(program.journeys.filter(\.isRunnable), in: compilation).map { journey in
            var lines: [JourneyPath.Line] = []
            let played = journey.lines.filter { if case .given = $0.move { false } else { true } }
            let failure = play(journey, override: nil, observe: { navigator, outcome in
                guard lines.count < played.count else { return }
                let shown = outcome?.status ?? .applied
                let actions = outcome == nil ? [] : (navigator.history.last?.clauses ?? []).compactMap { $0.action(in: program) }
                lines.append(JourneyPath.Line(
                    written: played[lines.count].written, range: played[lines.count].range,
                    shows: JourneyWriter.expectation(after: outcome, on: navigator),
                    step: shown == .applied && navigator.alert == nil ? navigator.current.step : nil, actions: actions))
            })
            return JourneyPath(name: journey.name, range: journey.range, failure: failure.map { "line \($0.line + 1): \($0.failure)" },
                               lines: lines)
        }
    }

    /// The journeys with the lines of each `from` first: the shortest way from the app's start to
    /// its step (as `journeys --cover` finds it), its moves made with the samples' values, ending
    /// with that step expected on top. A way that cannot be found is a line that does not hold.
    @MainActor
    static func expanded(_ journeys: [Journey], in compilation: Compiler.Compilation) -> [Journey] {
        guard let program = compilation.program, journeys.contains(where: { $0.start != nil }) else { return journeys }
        var planner = CoverPlanner(program: program, analysis: compilation.analysis, kinds: [])
        let table = ReplayProgram.table
        func samples(_ event: String) -> [String: String?] {
            let parameters = ReplayProgram.model.eventCase(named: event)?.parameters ?? []
            return Dictionary(parameters.map { ($0.label, Optional(ReplayValues.sample(label: $0.label, type: $0.type))) },
                              uniquingKeysWith: { first, _ in first })
        }
        return journeys.map { journey in
            guard let start = journey.start else { return journey }
            var expanded = journey
            let name = table.name(start)
            func line(_ move: Journey.Move, _ written: String, expecting: Journey.Expectation? = nil) -> Journey.Line {
                Journey.Line(move: move, expectation: expecting, range: journey.range, written: written)
            }
            var lines: [Journey.Line] = []
            // The way is made on the navigator first, as `journeys --cover` makes it: one it does not
            // follow is no way there.
            var way = planner.way(to: start)
            if case .success(let planned) = way,
               let failure = CoverPlayer(root: journey.root)
                   .play(planned + [PlannedLine(move: .none, check: .lands(start))]).failure {
                way = .failure(.notFollowed(failure))
            }
            switch way {
            case .success(let planned):
                for item in planned {
                    if !item.answers.isEmpty {
                        lines.append(line(.given(item.answers.sorted { $0.key < $1.key }.map { (ReplayProgram.guards(named: $0.key), $0.value) }),
                                          "given (on the way to \(name))"))
                    }
                    switch item.move {
                    case .send(let event): lines.append(line(.send(event: event, values: samples(event)), "\(event) (on the way to \(name))"))
                    case .open(let url): lines.append(line(.open(url), "open \(url) (on the way to \(name))"))
                    case .select(let step, let tab): lines.append(line(.select([step]), "select \(tab) (on the way to \(name))"))
                    case .swipe: lines.append(line(.swipe, "swipe (on the way to \(name))"))
                    case .back: lines.append(line(.back, "back (on the way to \(name))"))
                    case .none: break
                    }
                }
                lines.append(line(.none, "from \(name)", expecting: .screen(steps: [start], values: [:], presented: nil, written: name)))
            case .failure(let error):
                let reason = CoverMessages.reason(error, in: program)
                lines.append(line(.none, "from \(name)", expecting: .screen(steps: [], values: [:], presented: nil,
                                                                             written: "a way to \(name) (\(reason))")))
            }
            expanded.lines = lines + journey.lines
            return expanded
        }
    }

    /// The payload enum (`owner`) of each event a journey sends, by line, as the navigator resolved
    /// its name where the user was (`ReplayProgram.load` first): what a compiled test sends.
    @MainActor
    static func sentEvents(of journey: Journey) -> [Int: String] {
        var owners: [Int: String] = [:]
        _ = play(journey, override: nil) { line, value in owners[line] = value.owner }
        return owners
    }

    /// The events of the flows on screen (innermost first), their own and their groups', each once.
    @MainActor
    static func events(of flows: [Int]) -> [(name: String, parameters: [(label: String, type: String)])] {
        let model = ReplayProgram.model
        var seen = Set<String>()
        var found: [(name: String, parameters: [(label: String, type: String)])] = []
        for flow in flows.reversed() {
            for event in model.flows[flow].events where event.isDeclared && seen.insert(event.name).inserted {
                found.append((event.name, event.parameters))
            }
            for use in model.flows[flow].uses {
                for event in model.groups[use.group].events where seen.insert(event.name).inserted { found.append((event.name, event.parameters)) }
            }
        }
        return found
    }

    /// The app started at `root` (its values the samples every run gives them), asking `guards`.
    @MainActor
    static func start(_ root: RouterModel.RootModel, guards: ReplayGuards) -> Navigator<ReplayProgram> {
        Navigator<ReplayProgram>(
            ReplayProgram.Value(owner: "", caseName: root.caseModel.name,
                                values: root.caseModel.parameters.map { ReplayValues.sample(label: $0.label, type: $0.type) }),
            guards: guards, historyLimit: 1)
    }

    /// The event as the innermost running flow that has one of that name types it: the flow's own,
    /// or a group's it uses; nil when no flow on screen has it.
    @MainActor
    static func event(_ name: String, _ values: [String: String?], on navigator: Navigator<ReplayProgram>) -> ReplayProgram.Value? {
        eventCase(name, on: navigator).map { owner, parameters in
            ReplayProgram.Value(owner: owner, caseName: name, values: parameters.map { values[$0.label] ?? nil })
        }
    }

    /// The payload enum an event of that name is a case of, as the innermost running flow that has
    /// one types it (see `event`), with the case's parameters.
    @MainActor
    static func eventCase(_ name: String, on navigator: Navigator<ReplayProgram>)
        -> (owner: String, parameters: [(label: String, type: String)])? {
        let model = ReplayProgram.model
        for running in navigator.chain.reversed() {
            let flow = model.flows[running.flow.rawValue]
            if let event = flow.events.first(where: { $0.name == name && $0.isDeclared }) {
                return (flow.caseName, event.parameters.map { ($0.label, $0.type) })
            }
            for use in flow.uses {
                let group = model.groups[use.group]
                if let event = group.events.first(where: { $0.name == name }) {
                    return (group.caseName, event.parameters.map { ($0.label, $0.type) })
                }
            }
        }
        return nil
    }
}

/// A journey as the navigator plays it (`JourneyRunner.paths`).
public struct JourneyPath: Sendable {
    public let name: String
    public let range: SourceRange
    /// Nil when it holds; else where and why it does not.
    public let failure: String?
    /// Each line that is not `given`, up to the first that does not hold.
    public let lines: [Line]

    public struct Line: Sendable {
        public let written: String
        public let range: SourceRange
        /// As a journey writes it: `sheet Cart`, `alert SignOut`, `blocked by canReview`.
        public let shows: String
        /// The step on top after it, when a screen is (no alert, the move made).
        public let step: StepRef?
        /// The actions of the clauses its move took, by source range.
        public let actions: [SourceRange]
    }
}

extension ClauseTaken {
    /// The action of the program's clause this names, by its source range.
    func action(in program: FlowProgram) -> SourceRange? {
        let flow = program.flows[FlowIndex(self.flow)]
        if let button {
            guard flow.alerts.indices.contains(button.alert), flow.alerts[button.alert].buttons.indices.contains(button.index) else { return nil }
            return flow.alerts[button.alert].buttons[button.index].clause?.actions[safe: branch]?.range
        }
        guard let index = flow.clauseIndex(step: step, trigger: trigger, ordinal: ordinal) else { return nil }
        return (step.map { flow.steps[$0].clauses } ?? flow.clauses)[index].actions[safe: branch]?.range
    }
}

/// A move being written, for `JourneyRunner.state`.
public enum JourneyMove: Sendable {
    case send(String), open(String), back, swipe
}

/// Where a journey leaves the user (`JourneyRunner.state`).
public struct JourneyState: Sendable, Equatable {
    /// As a line expects it: `sheet Cart`, `Product(product: 3)`, `alert SignOut`, `blocked by g`.
    public let screen: String
    /// The events of the flows on screen, innermost first.
    public let events: [String]
    /// The tabs of the tab bars on screen.
    public let tabs: [String]
}

/// What came of one journey: it held, or the finding of the line where it did not.
public struct JourneyResult: Sendable {
    public let name: String
    /// The range of its name.
    public let range: SourceRange
    /// How many lines it has.
    public let lines: Int
    /// Nil when it holds.
    public let failure: Diagnostic?

    public var holds: Bool { failure == nil }
}

/// The messages of `journey-fails` (lowercase, no final period, names quoted).
enum JourneyMessages {
    static func fails(_ journey: String, _ failure: String) -> String { "journey '\(journey)' does not hold here: \(failure)" }
    static func declared(_ journey: String) -> String { "journey '\(journey)' declared here" }
    static func holdsWith(_ answer: String) -> String { "it holds here with 'given \(answer)' before this line" }
    static func holdsWithEvent(_ event: String, instead: String) -> String { "it holds here with '\(event)' instead of '\(instead)'" }
}
