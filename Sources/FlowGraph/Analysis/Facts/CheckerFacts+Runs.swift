/// The facts about the "runs" graph: its components and recursion, the flows' state graphs, how
/// each flow is entered from a root, and ancestors' ways out.
extension CheckerFacts {
    /// The strongly connected components of the "runs" graph, children before parents (Tarjan,
    /// written with an explicit stack so a 100,000-deep chain of subflows cannot overflow).
    /// `successors`: the flows each flow's steps run (all of them, unless given).
    static func runsComponents(of program: FlowProgram, successors given: [[FlowIndex]]? = nil) -> [[FlowIndex]] {
        let count = program.flows.count
        let successors = given ?? program.flows.map { flow in flow.steps.compactMap(\.runs) }
        var indexOf = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [FlowIndex] = []
        var components: [[FlowIndex]] = []
        var nextIndex = 0
        for root in program.flowIndices where indexOf[root] < 0 {
            var work: [(node: FlowIndex, edge: Int)] = [(root, 0)]
            indexOf[root] = nextIndex; lowLink[root] = nextIndex; nextIndex += 1
            stack.append(root); onStack[root] = true
            while let (node, edge) = work.last {
                if edge < successors[node].count {
                    work[work.count - 1].edge += 1
                    let next = successors[node][edge]
                    if indexOf[next] < 0 {
                        indexOf[next] = nextIndex; lowLink[next] = nextIndex; nextIndex += 1
                        stack.append(next); onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], indexOf[next])
                    }
                    continue
                }
                work.removeLast()
                if let (parent, _) = work.last { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                if lowLink[node] == indexOf[node] {
                    var component: [FlowIndex] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == node { break }
                    }
                    components.append(component.sorted())
                }
            }
        }
        return components
    }

    /// Each flow's state graph, children first, so that a parent knows which exits of its
    /// subflows can happen.
    static func stateGraphs(of program: FlowProgram, childrenFirst components: [[FlowIndex]]) -> [FlowStateGraph?] {
        var graphs = [FlowStateGraph?](repeating: nil, count: program.flows.count)
        var exits = Array(repeating: (sure: Set<String>(), possible: Set<String>()), count: program.flows.count)
        var isDone = Array(repeating: false, count: program.flows.count)
        let flows = program.flows
        for component in components {
            for flowIndex in component {
                let graph = FlowStateGraph(flow: flows[flowIndex], unknowns: unknowns(of: flows[flowIndex]),
                                           resultClauses: ResultLandings.clauses(of: flows[flowIndex], in: program)) { subflow in
                    if isDone[subflow] { return exits[subflow] }
                    // Inside a cycle of flows (already an error), assume every exit taken anywhere can happen.
                    let taken = Set(flows[subflow].allClauses.flatMap(\.actions).filter { $0.kind == .exit }.compactMap(\.targetName))
                    return (taken, taken)
                }
                let flow = flows[flowIndex]
                let sure = Set(graph.producedExits.map { flow.exits[$0].name })
                // A step that may do anything, or take an exit it cannot name, may take any exit.
                let possible = graph.reachesUnknown ? Set(flow.exits.map(\.name)) : Set(graph.possibleExits.map { flow.exits[$0].name })
                exits[flowIndex] = (sure, possible)
                graphs[flowIndex] = graph
                isDone[flowIndex] = true
            }
        }
        return graphs
    }

    /// What the checker cannot know about a flow's steps: see `FlowUnknowns`.
    static func unknowns(of flow: Flow) -> FlowUnknowns {
        var unknowns = FlowUnknowns.none(flow.steps.count)
        typealias Found = (wild: Bool, anywhere: Bool, exit: Bool)
        func merge(_ one: Found, _ other: Found) -> Found {
            (one.wild || other.wild, one.anywhere || other.anywhere, one.exit || other.exit)
        }
        /// (may do anything, may show any step, takes an unnamed exit) for a clause whose action
        /// names nothing that resolves, or is a `select` outside tabs.
        func classify(_ transition: Clause) -> Found {
            var shown = Set<Int>()
            return classify(transition, shown: &shown)
        }
        /// `shown`: the alerts already looked into (alerts may show each other).
        func classify(_ transition: Clause, shown: inout Set<Int>) -> Found {
            var result: Found = (false, false, false)
            transition.forEachAction { action in
                // A `select` outside tabs whose step resolves: a fix keeps a move to that step (the
                // state graph makes it an uncertain move), of a kind it may change.
                if action.kind.selects, !flow.isTabs, action.target != nil { result.wild = true }
                // An alert's buttons make their moves where it was shown: they are the clause's.
                if action.kind.targetRole == .alert, let alert = action.target, shown.insert(alert).inserted {
                    if flow.alerts[alert].isIncomplete { result = merge(result, (true, true, false)) }
                    for button in flow.alerts[alert].buttons {
                        guard let clause = button.clause else { continue }
                        result = merge(result, classify(clause, shown: &shown))
                    }
                }
                guard action.kind.hasTarget, action.target == nil else { return }
                switch action.kind {
                case .exit: result.exit = true
                case .popTo: break  // It can only go back to where the user was: no new place, no way out.
                case .open: break  // Its target is a value of the payload, never a declaration: it stays where it is.
                default: result = merge(result, (true, true, false))
                }
            }
            return result
        }
        var flowLevel: Found = (flow.isIncomplete, flow.isIncomplete, false)
        for handler in flow.clauses { flowLevel = merge(flowLevel, classify(handler)) }
        for (index, step) in flow.steps.enumerated() {
            var own = merge(flowLevel, (step.isIncomplete, step.isIncomplete, false))
            for handler in step.clauses { own = merge(own, classify(handler)) }
            unknowns.isWild[index] = own.wild
            unknowns.goesAnywhere[index] = own.anywhere
            unknowns.mayExit[index] = own.exit
        }
        return unknowns
    }

    /// Whether each flow runs itself, directly or through others: a member of a component of
    /// more than one flow, or of one flow with a step that runs it (`successors`: the flows each
    /// flow's steps run).
    static func recursion(of program: FlowProgram, components: [[FlowIndex]], successors: [[FlowIndex]]? = nil) -> [Bool] {
        var isRecursive = [Bool](repeating: false, count: program.flows.count)
        for component in components {
            let first = component[0]
            let runsItself = successors.map { $0[first].contains(first) } ?? program.flows[first].steps.contains { $0.runs == first }
            guard component.count > 1 || runsItself else { continue }
            for member in component { isRecursive[member] = true }
        }
        return isRecursive
    }

    /// Whether step `step` of flow `flow` may be shown, and so run its subflow: its flow's graph
    /// reaches it, or any step may be shown (without a start, already an error; with a link lost to
    /// a syntax error, or a step that may go anywhere).
    static func mayRun(_ flow: FlowIndex, _ step: Int, in program: FlowProgram, graphs: [FlowStateGraph?]) -> Bool {
        graphs[flow]?.isReachable(step) == true || program.flows[flow].start == nil || program.flows[flow].hasLostLinks
            || graphs[flow]?.reachesAnywhere == true
    }

    /// The "runs" graph, its components children first, recursion and state graphs, judged on the
    /// moves that can happen: a step its flow never shows runs nothing (a flow that uses a group
    /// whose step runs that flow, but never shows that step, does not run itself). The state
    /// graphs of a cycle of flows assume every exit, so they are built again once the cycles that
    /// cannot happen are gone.
    static func runs(of program: FlowProgram) -> (components: [[FlowIndex]], isRecursive: [Bool], graphs: [FlowStateGraph?]) {
        let components = runsComponents(of: program)
        let isRecursive = recursion(of: program, components: components)
        let graphs = stateGraphs(of: program, childrenFirst: components)
        guard isRecursive.contains(true) else { return (components, isRecursive, graphs) }
        let successors = program.flowIndices.map { flow in
            program.flows[flow].steps.indices.compactMap { step in
                mayRun(flow, step, in: program, graphs: graphs) ? program.flows[flow].steps[step].runs : nil
            }
        }
        let reachableComponents = runsComponents(of: program, successors: successors)
        let reachableRecursion = recursion(of: program, components: reachableComponents, successors: successors)
        guard reachableRecursion != isRecursive else { return (components, isRecursive, graphs) }
        return (reachableComponents, reachableRecursion, stateGraphs(of: program, childrenFirst: reachableComponents))
    }

    /// How each flow reachable from the roots is entered on its shortest path, and the flows that
    /// could be reached, were something broken resolved one way.
    static func entries(of program: FlowProgram, graphs: [FlowStateGraph?], isRecursive: [Bool], parentsFirst order: [FlowIndex])
        -> (entries: [Entry?], isMaybeRun: [Bool]) {
        var entries = [Entry?](repeating: nil, count: program.flows.count)
        var isMaybeRun = [Bool](repeating: false, count: program.flows.count)
        var lengths = Array(repeating: Int.max, count: program.flows.count)
        for root in program.roots {
            guard let start = program.flows[root].start else { continue }
            entries[root] = .root(start: start)
            lengths[root] = 1
        }
        var anyFlowMaybe = program.hasLostFlows
        for flowIndex in order {
            let isRun = entries[flowIndex] != nil
            guard isRun || isMaybeRun[flowIndex] else { continue }
            let flow = program.flows[flowIndex]
            let graph = graphs[flowIndex]
            for (stepIndex, step) in flow.steps.enumerated() {
                guard mayRun(flowIndex, stepIndex, in: program, graphs: graphs) else { continue }
                guard let subflow = step.runs else {
                    if step.runsUnknownFlow { anyFlowMaybe = true }  // It may run any flow.
                    continue
                }
                guard !isRecursive[subflow], program.flows[subflow].start != nil else { continue }
                if isRun, let graph, let state = graph.states(of: stepIndex).first(where: { graph.isCertain(Int($0)) }) {
                    let length = lengths[flowIndex] + graph.path(to: state).count
                    if length < lengths[subflow] {
                        lengths[subflow] = length
                        entries[subflow] = .runner(flow: flowIndex, state: state)
                    }
                } else {
                    isMaybeRun[subflow] = true
                }
            }
        }
        for flowIndex in program.flowIndices {
            if entries[flowIndex] != nil { isMaybeRun[flowIndex] = false } else if anyFlowMaybe { isMaybeRun[flowIndex] = true }
        }
        return (entries, isMaybeRun)
    }

    /// For each flow below a flow-level clause that can close it, the nearest such clause.
    static func ancestorEscapes(of program: FlowProgram, graphs: [FlowStateGraph?], parentsFirst order: [FlowIndex])
        -> [(flow: FlowIndex, index: ClauseIndex)?] {
        var ancestorEscape = [(flow: FlowIndex, index: ClauseIndex)?](repeating: nil, count: program.flows.count)
        let closing: Set<ActionKind> = [.root, .restart, .select, .exit, .dismiss, .close, .pop, .popTo, .replace]
        for flowIndex in order {
            let flow = program.flows[flowIndex]
            let own = flow.clauses.firstIndex { $0.actions.contains { closing.contains($0.kind) } }.map { (flowIndex, ClauseIndex($0)) }
            guard let above = own ?? ancestorEscape[flowIndex] else { continue }
            for (index, step) in flow.steps.enumerated() {
                if let runs = step.runs, ancestorEscape[runs] == nil, mayRun(flowIndex, index, in: program, graphs: graphs) {
                    ancestorEscape[runs] = above
                }
            }
        }
        return ancestorEscape
    }
}
