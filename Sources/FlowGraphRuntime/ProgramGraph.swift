/// A program as data for tests and tools: its roots, its steps with a shortest path from a root
/// to each, its clauses, and its deep links with the path `open` follows.
public struct ProgramGraph: Sendable {
    public struct StepInfo: Hashable, Sendable {
        public let flow: String
        public let name: String
        /// `name: Type` for each input.
        public let inputs: [String]
        /// The flow the step runs, if any.
        public let runs: String?
        /// A shortest way from a root's first screen to the step (`Flow.Step` each) through the
        /// moves of the user (taps of alerts' buttons, and opening a link that makes its move where
        /// the user is, such as `link "/settings" -> sheet Settings`, among them), empty when none
        /// exists: exactly when the checker calls the step unreachable.
        public let path: [String]
        /// `name: Type` for each value the step receives when a back move shows it again.
        public var receives: [String] = []
    }

    public struct TransitionInfo: Hashable, Sendable {
        public let flow: String
        /// The step whose clause it is; nil for a flow-level clause.
        public let from: String?
        /// The event, or for an exit handler the exit of the subflow.
        public let event: String
        /// `isLoggedIn` or `!isLoggedIn` for each condition of the clause, in order.
        public let conditions: [String]
        /// Which action of the clause: 0 for the main one, k for the k-th `else`.
        public let branch: Int
        public let action: String
        /// The step (or for `exit`, the exit) the action names.
        public let target: String?
        /// For `sheet Settings at Privacy`: the path inside the subflow the target runs, from its
        /// start to the step `at` names (`Flow.Step` each); empty without `at`.
        public var at: [String] = []
    }

    public struct LinkInfo: Hashable, Sendable {
        public let flow: String
        public let pattern: String
        public let target: String
        /// The path `open` follows (`Flow.Step` each), empty when none exists.
        public let path: [String]
    }

    /// The root flows, where the app can start.
    public let roots: [String]
    public let steps: [StepInfo]
    public let transitions: [TransitionInfo]
    public let links: [LinkInfo]

    public init(_ table: ProgramTable) {
        roots = table.flows.filter(\.isRoot).map(\.name)
        var paths: [[String]] = []
        var steps: [StepInfo] = []
        var transitions: [TransitionInfo] = []
        var links: [LinkInfo] = []
        for (flowIndex, flow) in table.flows.enumerated() {
            for (stepIndex, step) in flow.steps.enumerated() {
                let name = table.name(StepRef(flow: flowIndex, step: stepIndex))
                // A step's path is its predecessor's and one more: predecessors come first in
                // breadth-first order, but not in the table's, so they are built on demand.
                let path: [String] = switch step.path {
                case .none: []
                case .start: [name]
                case .after: Self.path(to: table.global(StepRef(flow: flowIndex, step: stepIndex)), in: table, cache: &paths)
                }
                var info = StepInfo(flow: flow.name, name: step.name, inputs: step.inputs,
                                    runs: step.runs.map { table.flows[$0].name }, path: path)
                info.receives = step.receives
                steps.append(info)
                let triggers = step.runs.map { table.flows[$0].exits } ?? flow.events
                transitions += Self.transitions(step.clauses, flow: flow, from: step.name, triggers: triggers, in: table)
            }
            transitions += Self.transitions(flow.clauses, flow: flow, from: nil, triggers: flow.events, in: table)
            for link in flow.links {
                links.append(LinkInfo(flow: flow.name, pattern: link.patterns.map(\.text).joined(separator: ", "),
                                      target: flow.steps[link.target].name,
                                      path: Self.names(link.path, in: table)))
            }
        }
        self.steps = steps
        self.transitions = transitions
        self.links = links
    }

    private static func path(to global: Int, in table: ProgramTable, cache: inout [[String]]) -> [String] {
        if cache.isEmpty {
            cache = Array(repeating: [],
                          count: table.global(StepRef(flow: table.flows.count - 1, step: 0)) + table.flows[table.flows.count - 1].steps.count)
        }
        if !cache[global].isEmpty { return cache[global] }
        // Walk back to a step whose path is known, then build forward: no recursion on long chains.
        var chain: [Int] = []
        var cursor = global
        var known: [String] = []
        while true {
            let ref = table.step(global: cursor)
            if !cache[cursor].isEmpty {
                known = cache[cursor]
                break
            }
            chain.append(cursor)
            guard case .after(let previous) = table.flows[ref.flow].steps[ref.step].path, chain.count <= cache.count else { break }
            cursor = previous
        }
        for element in chain.reversed() {
            let ref = table.step(global: element)
            if case .none = table.flows[ref.flow].steps[ref.step].path { continue }
            known.append(table.name(ref))
            cache[element] = known
        }
        return cache[global]
    }

    /// The step each hop of a path shows (`Flow.Step`).
    private static func names(_ hops: [ProgramTable.Hop], in table: ProgramTable) -> [String] {
        hops.map { hop -> String in
            switch hop {
            case .bottom(let step), .enter(let step): return table.name(step)
            case .move(let clause):
                let action = table.clause(clause).actions[clause.branch]
                return table.name(StepRef(flow: clause.flow, step: action.target ?? 0))
            }
        }
    }

    private static func transitions(_ clauses: [ProgramTable.Clause], flow: ProgramTable.FlowInfo, from: String?,
                                    triggers: [String], in table: ProgramTable) -> [TransitionInfo] {
        clauses.flatMap { clause in
            let conditions = clause.conditions.map { ($0.isNegated ? "!" : "") + flow.guards[$0.guardIndex].name }
            return clause.actions.enumerated().map { branch, action in
                let target = action.target.map { target -> String in
                    switch action.kind {
                    case .exit: flow.exits[target]
                    case .alert, .dialog: flow.alerts[target].name
                    case .open: "URL"
                    default: flow.steps[target].name
                    }
                }
                var info = TransitionInfo(flow: flow.name, from: from, event: triggers[clause.trigger], conditions: conditions,
                                          branch: branch, action: action.written, target: target)
                info.at = names(action.at, in: table)
                return info
            }
        }
    }
}
