#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// The app's navigation, run for a person (`flowgraph preview`'s simulator): the runtime's own
/// navigator over the program's table, in process (the replay's `ReplayProgram`, as `check` runs
/// journeys), driven one action at a time. There is no second implementation of a move's meaning:
/// what the simulator shows is what the navigator did.
///
/// The session is the list of actions since the start; undo plays it again without the last one,
/// and a new version of the program (a save) plays it on the new program, as far as it still goes.
/// The session is written as a journey (docs/Journeys.md) that `check` proves.
@MainActor
public final class NavigationSimulator {
    /// What a person does.
    public enum Action: Sendable, Equatable {
        /// The screen on top sends the event, with its payload's values by label (an empty text
        /// for an optional value is none, one not given the replay's sample); an alert's button is its event.
        case send(event: String, values: [String: String])
        case open(url: String)
        case back
        case swipe
        /// The tab at `index` of the innermost tab bar on screen.
        case select(index: Int)
        /// Every guard of that name answers `holds` from here on (each says yes until then).
        case answer(guardName: String, holds: Bool)
    }

    /// An action the simulator did not take, and why (the navigator's refusals are outcomes, not errors).
    public struct Refusal: Error, Sendable, Equatable {
        public let message: String
    }

    private let program: FlowProgram
    private let loaded: ReplayProgram.Loaded
    private let root: RouterModel.RootModel
    private let edgesByAction: [SourceRange: [String]]
    private var actions: [Action] = []
    private var navigator: Navigator<ReplayProgram>
    private var guards: ReplayGuards
    private var answers: [String: Bool] = [:]
    /// The session as journey lines, and after the last move what it showed and the edges it took.
    private var lines: [String] = []
    private var shows = ""
    private var edges: [String] = []
    private var notice: String?
    /// What the app shows when it starts (every guard saying yes): the session's journey expects it first.
    private let startShows: String

    /// Nil for a program with errors or without a root flow.
    public init?(_ compilation: Compiler.Compilation, edgesByAction: [SourceRange: [String]]) {
        guard let program = compilation.program, !compilation.hasErrors,
              (try? ReplayProgram.load(program, analysis: compilation.analysis)) != nil, let loaded = ReplayProgram.current,
              let root = loaded.model.roots.first else { return nil }
        self.program = program
        self.loaded = loaded
        self.root = root
        self.edgesByAction = edgesByAction
        guards = ReplayGuards()
        navigator = JourneyRunner.start(root, guards: guards)
        startShows = JourneyWriter.expectation(after: nil, on: navigator)
        shows = startShows
    }

    /// Takes the action; a refusal (an unknown event, a value of the wrong type) changes nothing.
    public func perform(_ action: Action) throws(Refusal) {
        ReplayProgram.current = loaded
        try apply(action)
        actions.append(action)
        notice = nil
    }

    /// The session without its last action (played again from the start).
    public func undo() {
        replay(Array(actions.dropLast()))
        notice = nil
    }

    /// The app started again: no action, every guard saying yes.
    public func restart() {
        replay([])
        notice = nil
    }

    /// The same session on a new version of the program, as far as its actions still go; nil when
    /// the program has errors (the old session stays, on the old program).
    public func carried(to compilation: Compiler.Compilation, edgesByAction: [SourceRange: [String]]) -> NavigationSimulator? {
        guard let next = NavigationSimulator(compilation, edgesByAction: edgesByAction) else {
            ReplayProgram.current = loaded
            return nil
        }
        for (index, action) in actions.enumerated() {
            do { try next.perform(action) } catch {
                next.notice = "the program changed: the session went as far as its action \(index + 1) of \(actions.count) (\(error.message))"
                return next
            }
        }
        return next
    }

    private func replay(_ kept: [Action]) {
        ReplayProgram.current = loaded
        guards = ReplayGuards()
        answers = [:]
        navigator = JourneyRunner.start(root, guards: guards)
        lines = []
        shows = startShows
        edges = []
        actions = []
        for action in kept {
            // Each was taken on this program before: it is taken again.
            if (try? apply(action)) != nil { actions.append(action) }
        }
    }

    private func apply(_ action: Action) throws(Refusal) {
        let outcome: Navigator<ReplayProgram>.Outcome
        let written: String
        switch action {
        case .answer(let name, let holds):
            let refs = ReplayProgram.guards(named: name)
            guard !refs.isEmpty else { throw Refusal(message: "the program has no guard '\(name)'") }
            for ref in refs { guards.answers[ref] = holds }
            answers[name] = holds
            // Answers given one after another are one `given` line.
            let given = answers.keys.sorted().map { answers[$0]! ? $0 : "!" + $0 }.joined(separator: ", ")
            if lines.last?.hasPrefix("given ") == true { lines[lines.count - 1] = "given " + given } else { lines.append("given " + given) }
            return
        case .send(let event, let values):
            guard let (owner, parameters) = JourneyRunner.eventCase(event, on: navigator) else {
                throw Refusal(message: "no flow on screen has the event '\(event)'")
            }
            var texts: [String?] = []
            for parameter in parameters {
                // A value not given is the sample the replay gives it; an empty optional one is none.
                let text = values[parameter.label] ?? ReplayValues.sample(label: parameter.label, type: parameter.type)
                if text.isEmpty, parameter.type.hasSuffix("?") { texts.append(nil); continue }
                guard ReplayValues.converts(text, to: parameter.type) else {
                    throw Refusal(message: "'\(text)' is not a value of \(parameter.type) (\(parameter.label))")
                }
                texts.append(text)
            }
            outcome = navigator.send(ReplayProgram.Value(owner: owner, caseName: event, values: texts))
            written = event + JourneyWriter.values(parameters.map(\.label), texts)
        case .open(let url):
            outcome = navigator.open(url: url)
            written = "open " + JourneyWriter.quoted(url)
        case .back:
            outcome = navigator.journeyBack()
            written = "back"
        case .swipe:
            outcome = navigator.journeySwipe()
            written = "swipe"
        case .select(let index):
            guard let bar = navigator.chain.last(where: \.isTabs), bar.tabs.indices.contains(index) else {
                throw Refusal(message: "no tab bar on screen has a tab \(index + 1)")
            }
            written = "select " + Self.tabName(bar.tabs[index])
            outcome = navigator.userSelectedTab(index, in: bar.id)
        }
        shows = JourneyWriter.expectation(after: outcome, on: navigator)
        lines.append(written + " -> " + shows)
        let taken = outcome.isApplied ? navigator.history.last?.clauses ?? [] : []
        edges = taken.compactMap { $0.action(in: program) }.flatMap { edgesByAction[$0] ?? [] }
    }

    // MARK: - What the page shows

    /// The state as the page draws it:
    ///
    /// ```
    /// {"cards": [{"style": "base"|"column"|"sheet"|"cover"|"popover", "flow", "locked",
    ///             "tabs": [{"name", "selected"}] (a tab bar's card only),
    ///             "screens": [{"name", "inputs", "node", "runs": flow or null}]}],
    ///  "alert": {"name", "dialog", "buttons": [event]} or null,
    ///  "events": [{"name", "here", "parameters": [{"label", "type", "value"}]}],
    ///  "guards": [{"name", "holds"}], "top": node or null, "edges": [edge id],
    ///  "shows", "lines": [journey line], "journey", "notice" or null, "canUndo"}
    /// ```
    package var state: JSONValue {
        ReplayProgram.current = loaded
        return .object([
            ("cards", .array(cards())),
            ("alert", alertState),
            ("events", .array(eventStates())),
            ("guards", .array(loaded.guardsByName.keys.sorted().map { name in
                .object([("name", .string(name)), ("holds", .bool(answers[name] ?? true))])
            })),
            ("top", navigator.alert == nil ? .string(node(of: navigator.current.step)) : .null),
            ("edges", .array(edges.map(JSONValue.string))),
            ("shows", .string(shows)),
            ("lines", .array(lines.map(JSONValue.string))),
            ("journey", .string(journey)),
            ("notice", notice.map(JSONValue.string) ?? .null),
            ("canUndo", .bool(!actions.isEmpty)),
        ])
    }

    /// The session as a journey a person can paste next to the flows.
    public var journey: String {
        "journey Session {\n" + (["expect " + startShows] + lines).map { "    " + $0 + "\n" }.joined() + "}\n"
    }

    /// A tab as `select` names it: the step of its stack's first screen.
    private static func tabName(_ stack: Navigator<ReplayProgram>.Stack) -> String {
        let step = ReplayProgram.step(of: stack.entries[0].screen)
        return ReplayProgram.table.flows[step.flow].steps[step.step].name
    }

    private func node(of step: StepRef) -> String {
        DiagramBuilder.stepID(program.flows[step.flow], program.flows[step.flow].steps[step.step], in: program)
    }

    private func screenState(_ entry: Navigator<ReplayProgram>.Entry) -> JSONValue {
        let step = entry.screen.step
        let labels = ReplayProgram.table.flows[step.flow].steps[step.step].inputLabels
        let inputs = zip(labels, entry.screen.values).map { "\($0): \($1.map(JourneyWriter.value) ?? "nil")" }.joined(separator: ", ")
        // A step that runs a flow is no screen of its own: the app shows the flow's screens in its place.
        let runs = ReplayProgram.table.flows[step.flow].steps[step.step].runs.map { JSONValue.string(ReplayProgram.table.flows[$0].name) }
        return .object([("name", .string(JourneyWriter.stepName(step))), ("inputs", .string(inputs)), ("node", .string(node(of: step))),
                        ("runs", runs ?? .null)])
    }

    /// Each stack on screen as a card, bottom first: a subflow running in the top screen of a base
    /// stack goes on in the same card (it pushes there); a modal stack is a card of its own.
    private func cards() -> [JSONValue] {
        var cards: [[(String, JSONValue)]] = []
        var screens: [JSONValue] = []
        func close() {
            if !cards.isEmpty { cards[cards.count - 1].append(("screens", .array(screens))) }
            screens = []
        }
        func open(_ style: String, flow: String, locked: Bool, tabs: JSONValue? = nil) {
            close()
            var card: [(String, JSONValue)] = [("style", .string(style)), ("flow", .string(flow)), ("locked", .bool(locked))]
            if let tabs { card.append(("tabs", tabs)) }
            cards.append(card)
        }
        for (position, running) in navigator.chain.enumerated() {
            let name = ReplayProgram.table.flows[running.flow.rawValue].name
            if running.isTabs {
                let tabs = JSONValue.array(running.tabs.enumerated().map { index, stack in
                    .object([("name", .string(Self.tabName(stack))), ("selected", .bool(index == running.selectedTab))])
                })
                open("base", flow: name, locked: false, tabs: tabs)
                screens += running.tabs[running.selectedTab].entries.map(screenState)
            } else if running.isSplit {
                for column in running.tabs {
                    open("column", flow: name, locked: false)
                    screens += column.entries.map(screenState)
                }
            } else {
                if position == 0 { open("base", flow: name, locked: false) }
                screens += running.tabs[running.selectedTab].entries.map(screenState)
            }
            for layer in running.layers {
                open(layer.style == .cover ? "cover" : layer.style == .popover ? "popover" : "sheet", flow: name,
                     locked: navigator.isLocked(layer.id))
                screens += layer.entries.map(screenState)
            }
        }
        close()
        return cards.map(JSONValue.object)
    }

    private var alertState: JSONValue {
        guard let alert = navigator.alert else { return .null }
        return .object([("name", .string(alert.name)), ("dialog", .bool(alert.isDialog)), ("buttons", .array(alert.buttons.map(JSONValue.string)))])
    }

    /// The events of the flows on screen (innermost first, each name once), those a clause handles
    /// where the user is marked `here`; an alert's buttons are the only ones here while it shows.
    private func eventStates() -> [JSONValue] {
        var here = Set<String>()
        if let alert = navigator.alert {
            here = Set(alert.buttons)
        } else {
            for running in navigator.chain {
                let flow = program.flows[running.flow.rawValue]
                guard let top = running.top.entries.last?.screen.step, top.flow == running.flow.rawValue else { continue }
                for clause in flow.steps[top.step].clauses + program.ownClauses(of: flow) { here.insert(clause.event) }
            }
        }
        return JourneyRunner.events(of: navigator.chain.map(\.flow.rawValue)).map { event in
            .object([
                ("name", .string(event.name)), ("here", .bool(here.contains(event.name))),
                ("parameters", .array(event.parameters.map { parameter in
                    .object([("label", .string(parameter.label)), ("type", .string(parameter.type)),
                             ("value", .string(ReplayValues.sample(label: parameter.label, type: parameter.type)))])
                })),
            ])
        }
    }
}
