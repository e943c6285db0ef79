#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// One move of a navigator's recording (`NavigatorRecording` in FlowGraphRuntime), by names: what
/// caused it, the clauses it took, the guards it asked. Read from the file by `FlowGraphFiles`.
public struct RecordedMove: Sendable {
    /// `event`, `link`, `url`, `back`, `swipe`, `select`, `tabItem`, `closeAlert`.
    public var cause: String
    /// For a link: its flow and its first pattern, as written.
    public var linkFlow: String?
    public var link: String?
    public var clauses: [Clause] = []
    public var guards: [Answer] = []
    public var status: String

    public struct Clause: Sendable, Hashable {
        public var flow: String
        /// Nil for a flow-level clause or an alert's button.
        public var step: String?
        public var trigger: String
        public var ordinal: Int
        public var branch: Int
        /// For an alert's button: the alert's name and the button's index.
        public var alert: String?
        public var button: Int?

        public init(flow: String, step: String?, trigger: String, ordinal: Int, branch: Int, alert: String? = nil, button: Int? = nil) {
            self.flow = flow
            self.step = step
            self.trigger = trigger
            self.ordinal = ordinal
            self.branch = branch
            self.alert = alert
            self.button = button
        }
    }

    public struct Answer: Sendable, Hashable {
        public var flow: String
        public var name: String
        public var answer: Bool

        public init(flow: String, name: String, answer: Bool) {
            self.flow = flow
            self.name = name
            self.answer = answer
        }
    }

    public init(cause: String, linkFlow: String? = nil, link: String? = nil, clauses: [Clause] = [], guards: [Answer] = [], status: String) {
        self.cause = cause
        self.linkFlow = linkFlow
        self.link = link
        self.clauses = clauses
        self.guards = guards
        self.status = status
    }
}

extension Flow {
    /// The index, among the clauses of `step` (nil: the flow's own), of its `ordinal`-th clause
    /// for `trigger` (an event, or the exit of the flow the step runs), a link's move aside: how
    /// the runtime names a clause it took (`ClauseTaken`), by indices or, in a recording, by names.
    func clauseIndex(step: Int?, trigger: String, ordinal: Int) -> Int? {
        let place = step.map { steps[$0].clauses } ?? clauses
        let matching = place.indices.filter { place[$0].event == trigger && place[$0].link == nil }
        return matching.indices.contains(ordinal) ? matching[ordinal] : nil
    }
}

/// Which transitions, links, alert buttons and guard answers an app's own tests exercised, from
/// recordings of its navigator (`flowgraph coverage`, docs/Journeys.md): the same targets
/// `journeys --cover` takes, each exercised or not, and what the recordings name that the program
/// no longer has (a recording of an older version, matched by names).
public struct RecordingCoverage: Sendable {
    public struct Item: Sendable {
        /// `Shop.Catalog: productPicked: push`, as `journeys --cover` names it.
        public var what: String
        public var range: SourceRange
        /// How many recorded moves exercised it.
        public var times: Int
    }

    public var items: [Item]
    /// What the recordings name that the program does not have, each once, in order.
    public var unknown: [String]
    /// How many moves were read.
    public var moves: Int
    /// How many recorded moves took each action, by its source range: what a diagram marks.
    package var actions: [SourceRange: Int] = [:]

    /// The diagram's marks of this coverage (`render --coverage`).
    package var diagram: DiagramCoverage { DiagramCoverage(times: actions) }

    public var exercised: Int { items.count { $0.times > 0 } }
    /// The share exercised, in percent (100 for a program with nothing to exercise).
    public var percent: Double { items.isEmpty ? 100 : Double(exercised) * 100 / Double(items.count) }

    /// The coverage of `moves` on `program` for `kinds`.
    public static func measure(_ moves: [RecordedMove], in program: FlowProgram, kinds: Set<JourneyCover.Kind>) -> RecordingCoverage {
        let targets = CoverTarget.all(in: program, kinds: kinds)
        var times: [CoverTarget: Int] = [:]
        var unknown: [String] = []
        var seenUnknown = Set<String>()
        func missing(_ text: String) {
            if seenUnknown.insert(text).inserted { unknown.append(text) }
        }
        let flows = Dictionary(program.indexedFlows.map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for move in moves {
            if move.cause == "link", let name = move.linkFlow, let text = move.link {
                if let flow = flows[name],
                   let index = program.flows[flow].links.firstIndex(where: { $0.patterns.first?.text == text || $0.text == text }) {
                    times[.link(flow: flow, link: index), default: 0] += 1
                } else {
                    missing("\(name): link \(text)")
                }
            }
            for clause in move.clauses {
                if let target = target(of: clause, in: program, flows: flows) {
                    times[target, default: 0] += 1
                } else {
                    missing(describe(clause))
                }
            }
            for answer in move.guards {
                if let flow = flows[answer.flow], let index = program.flows[flow].guards.firstIndex(where: { $0.name == answer.name }) {
                    times[.answer(GuardRef(flow: flow.raw, index: index), holds: answer.answer), default: 0] += 1
                } else {
                    missing("\(answer.flow).\(answer.name): \(answer.answer ? "yes" : "no")")
                }
            }
        }
        var actions: [SourceRange: Int] = [:]
        for (target, count) in times {
            switch target {
            case .clause(let ref):
                actions[ref.clause(in: program).actions[ref.branch].range, default: 0] += count
            case .button(let flow, let alert, let button):
                for action in program.flows[flow].alerts[alert].buttons[button].clause?.actions ?? [] { actions[action.range, default: 0] += count }
            case .link, .answer:
                break
            }
        }
        return RecordingCoverage(items: targets.map { Item(what: $0.what, range: $0.range, times: times[$0.0] ?? 0) },
                                 unknown: unknown, moves: moves.count, actions: actions)
    }

    /// The target a recorded clause names: a button by its alert and index, a clause by its place,
    /// its trigger, which of the place's clauses for it, and its branch.
    private static func target(of clause: RecordedMove.Clause, in program: FlowProgram, flows: [String: FlowIndex]) -> CoverTarget? {
        guard let flowIndex = flows[clause.flow] else { return nil }
        let flow = program.flows[flowIndex]
        if let alertName = clause.alert, let button = clause.button {
            guard let alert = flow.alerts.firstIndex(where: { $0.name == alertName }), flow.alerts[alert].buttons.indices.contains(button),
                  flow.alerts[alert].buttons[button].event == clause.trigger else { return nil }
            return .button(flow: flowIndex, alert: alert, button: button)
        }
        let step = clause.step.map { name in flow.steps.firstIndex { $0.name == name } }
        if case .some(nil) = step { return nil }
        guard let index = flow.clauseIndex(step: step.flatMap { $0 }, trigger: clause.trigger, ordinal: clause.ordinal) else { return nil }
        let ref = ClauseReference(flow: flowIndex, step: step.flatMap { $0 }, index: ClauseIndex(index), branch: clause.branch)
        return ref.clause(in: program).actions.indices.contains(clause.branch) ? .clause(ref) : nil
    }

    private static func describe(_ clause: RecordedMove.Clause) -> String {
        if let alert = clause.alert { return "\(clause.flow).\(alert): \(clause.trigger)" }
        let place = clause.step.map { "\(clause.flow).\($0)" } ?? "\(clause.flow) (any step)"
        return "\(place): \(clause.trigger) (clause \(clause.ordinal + 1) for it, action \(clause.branch + 1))"
    }
}
