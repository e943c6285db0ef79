/// Everything the checker's rules ask about a program, built once before any rule runs and
/// read-only after: the "runs" graph and its recursion, each flow's state graph, how each flow is
/// entered from a root, what may run, ancestors' ways out, the paths of deep links and `at`
/// moves, and where results handed back land.
///
/// Each fact is built by a static function of the facts it needs, in `init`: the order of the
/// builders is the order of their inputs, which the compiler checks. No rule writes a fact (the
/// properties are constants), so rule families may run in any order (`Checker.families`).
struct CheckerFacts {
    let program: FlowProgram
    /// The strongly connected components of the "runs" graph, children before parents (the
    /// graph of the steps that can run their flow, when the whole one has cycles: `runs(of:)`).
    let runsComponents: [[FlowIndex]]
    /// Whether each flow runs itself, directly or through others (`recursive-flow`).
    let isRecursive: [Bool]
    /// Each flow's abstract navigation states (nil only for a flow whose graph was not built).
    let graphs: [FlowStateGraph?]
    /// How each reachable flow is entered on its shortest path from a root (nil for the others).
    /// Only the last hop is kept, and `entryPath(_:)` follows them: whole paths for a 100,000-deep
    /// chain of subflows would take quadratic memory.
    let entries: [Entry?]
    /// Flows that are not surely run but could be, were a broken name resolved one way.
    let isMaybeRun: [Bool]
    /// For flows below a flow-level clause that can close them (root, select, exit, dismiss, pop,
    /// popTo or replace in an ancestor), the nearest such clause: (flow, index among the flow's own).
    let ancestorEscape: [(flow: FlowIndex, index: ClauseIndex)?]
    /// The deep links' shortest paths, and what the searches for them need.
    let links: LinkFacts
    /// Every move with `at Y`, with the path to Y its subflow offers, if any.
    let ats: [AtMove]
    /// For a flow every move into which has an `at`, the steps the user can see (`AtEntries`); nil
    /// for the others, where every step the flow's graph reaches is shown.
    let shownSteps: [[Bool]?]
    /// Per flow where some step receives a result, where each back move that hands one can land.
    let landings: [ResultLandings?]

    init(_ program: FlowProgram) {
        self.program = program
        (runsComponents, isRecursive, graphs) = Self.runs(of: program)
        let parentsFirst = runsComponents.reversed().flatMap { $0 }
        (entries, isMaybeRun) = Self.entries(of: program, graphs: graphs, isRecursive: isRecursive, parentsFirst: parentsFirst)
        ancestorEscape = Self.ancestorEscapes(of: program, graphs: graphs, parentsFirst: parentsFirst)
        links = LinkFacts(program: program, graphs: graphs)
        ats = AtMove.all(in: program, links: links)
        shownSteps = AtEntries.shownSteps(in: program, graphs: graphs, entries: entries, isRecursive: isRecursive, ats: ats)
        let graphs = graphs
        landings = program.flowIndices.map { ResultLandings(flow: $0, program: program, graph: graphs[$0]) }
    }

    /// The analysis the back ends read.
    var analysis: (isFlowReachable: [Bool], isStepReachable: [[Bool]], stateCount: Int) {
        (entries.map { $0 != nil },
         program.flowIndices.map { flow in
             program.flows[flow].steps.indices.map { isShown(StepReference(flow: flow, step: $0)) }
         },
         graphs.reduce(0) { $0 + ($1?.states.count ?? 0) })
    }

    /// Whether the user can see the step once its flow runs: its flow's graph reaches it, and
    /// for a flow only opened with `at`, a path leaves it on screen (`AtEntries`).
    func isShown(_ step: StepReference) -> Bool {
        graphs[step.flow]?.isReachable(step.step) == true && shownSteps[step.flow]?[step.step] ?? true
    }

    /// The steps the flows' graphs reach that the user never sees (see `isShown`).
    var passedOver: Set<StepReference> {
        var result = Set<StepReference>()
        for (flow, shown) in shownSteps.enumerated() {
            guard let shown, let graph = graphs[flow] else { continue }
            for step in shown.indices where !shown[step] && graph.isReachable(step) { result.insert(StepReference(flow: flow, step: step)) }
        }
        return result
    }

    /// Whether some step runs the flow.
    func isSubflow(_ flowIndex: FlowIndex) -> Bool { !program.runners[flowIndex].isEmpty }

    // MARK: - Paths

    /// How a flow is entered: it is a root, started at `start`, or it is run by the step of `state` in `flow`.
    enum Entry {
        case root(start: Int)
        case runner(flow: FlowIndex, state: StateIndex)
    }

    /// The shortest path from a root to a flow's start, for reachable flows.
    func entryPath(_ flowIndex: FlowIndex) -> NavigationPath? {
        var chain: [FlowIndex] = []  // the flow, then the flows that run it, up to a root
        var cursor = flowIndex
        while true {
            chain.append(cursor)
            guard let entry = entries[cursor] else { return nil }
            guard case .runner(let runner, _) = entry else { break }
            cursor = runner
        }
        guard case .root(let start)? = entries[cursor] else { return nil }
        var hops = [NavigationPath.Hop(step: StepReference(flow: cursor, step: start), via: nil)]
        for (child, runner) in zip(chain.dropLast().reversed(), chain.dropFirst().reversed()) {
            guard case .runner(_, let state)? = entries[child], let graph = graphs[runner],
                  let childStart = program.flows[child].start else { return nil }
            Self.join(&hops, hopsOf(graph.path(to: state), in: runner))
            hops.append(.init(step: StepReference(flow: child, step: childStart), via: "runs"))
        }
        return NavigationPath(hops: hops)
    }

    /// A path that ends where a flow is entered, followed by a path inside the flow from where it
    /// started: the entry's last hop is that start (a flow whose start is decided by guards may
    /// have started at another choice than its first). In place: a path through a chain of
    /// subflows is joined once per flow, and copying it each time made a deep chain quadratic.
    static func join(_ entry: inout [NavigationPath.Hop], _ local: [NavigationPath.Hop]) {
        guard let last = entry.last, let first = local.first else {
            entry.append(contentsOf: local)
            return
        }
        var joined = NavigationPath.Hop(step: first.step, via: last.via)
        joined.clause = last.clause
        entry[entry.count - 1] = joined
        entry.append(contentsOf: local.dropFirst())
    }

    func hopsOf(_ local: [(state: StateIndex, move: FlowStateGraph.Move?)], in flowIndex: FlowIndex) -> [NavigationPath.Hop] {
        let flow = program.flows[flowIndex]
        guard let graph = graphs[flowIndex] else { return [] }
        return local.map { item in
            NavigationPath.Hop(
                step: StepReference(flow: flowIndex, step: Int(graph.states[Int(item.state)].step)),
                via: item.move?.describe(in: flow))
        }
    }

    /// The shortest path from a root (or from the flow's start, when the flow is unreachable) to a state.
    func path(to state: StateIndex, in flowIndex: FlowIndex) -> NavigationPath {
        guard let graph = graphs[flowIndex] else { return NavigationPath(hops: []) }
        return path(along: graph.path(to: state), in: flowIndex)
    }

    /// A path inside a flow, prefixed with the flow's entry path from a root.
    func path(along local: [(state: StateIndex, move: FlowStateGraph.Move?)], in flowIndex: FlowIndex) -> NavigationPath {
        let hops = hopsOf(local, in: flowIndex)
        guard var entry = entryPath(flowIndex)?.hops else { return NavigationPath(hops: hops) }
        Self.join(&entry, hops)
        return NavigationPath(hops: entry)
    }
}
