/// What the checker learned about a program: its findings, and the facts the back ends reuse.
public struct ProgramAnalysis: Sendable {
    public var diagnostics: [Diagnostic]
    /// Whether each flow can be run from a root.
    public var isFlowReachable: [Bool]
    /// Whether each step of each flow can be reached from its flow's start.
    public var isStepReachable: [[Bool]]
    /// For each flow, for each of its links, the shortest path from a root that opens it, if any.
    public var linkPaths: [[NavigationPath?]]
    /// For a link with a path, when the app may start at several places (a `start` that guards
    /// decide, several roots): a shortest path from each other place that leads there, whose first
    /// step differs from the first path's. A link opens from where the user is.
    public var otherStartLinkPaths: [LinkReference: [NavigationPath]] = [:]
    /// For each action with `at Y` that can open Y, the path inside the subflow from its start to Y,
    /// by the action's clause and branch.
    public var atPaths: [ClauseReference: NavigationPath] = [:]
    /// How many abstract navigation states the checker searched, over all flows (a measure of its work).
    public var stateCount: Int
    /// Where each clause that may hand a result back can land, in flows where some step receives
    /// one (docs/Language.md, "Results handed back"): the generator builds the received values
    /// from it. In order of flow, then as found.
    public var resultLandings: [ResultLanding] = []
}

/// Proves properties of a resolved program: reachability, stack operations, exits, conflicts, links.
///
/// Each flow gets a `FlowStateGraph` (its abstract navigation states); flows are analysed
/// children first, so a parent knows which exits of its subflows can happen, then reachability
/// and the shortest paths from the roots are propagated parents first.
public struct Checker {
    let program: FlowProgram
    var diagnostics: [Diagnostic] = []
    var graphs: [FlowStateGraph?]
    var isRecursive: [Bool]
    /// How each reachable flow is entered on its shortest path from a root (nil for the others).
    /// Only the last hop is kept, and `entryPath(_:)` follows them: whole paths for a 100,000-deep
    /// chain of subflows would take quadratic memory.
    var entries: [Entry?]
    /// Flows that are not surely run but could be, were a broken name resolved one way.
    var isMaybeRun: [Bool]
    /// For flows below a flow-level handler that can close them (root, select, exit, dismiss, pop,
    /// popTo or replace in an ancestor), the nearest such handler: (flow, handler index).
    var ancestorEscape: [(flow: Int, handler: Int)?]
    /// The paths of `at` moves (see `ProgramAnalysis.atPaths`), found with the links'.
    var atPaths: [ClauseReference: NavigationPath] = [:]
    /// See `ProgramAnalysis.otherStartLinkPaths`, found with the links' first paths.
    var otherStartPaths: [LinkReference: [NavigationPath]] = [:]

    init(program: FlowProgram) {
        self.program = program
        graphs = Array(repeating: nil, count: program.flows.count)
        isRecursive = Array(repeating: false, count: program.flows.count)
        entries = Array(repeating: nil, count: program.flows.count)
        isMaybeRun = Array(repeating: false, count: program.flows.count)
        ancestorEscape = Array(repeating: nil, count: program.flows.count)
    }

    /// Runs every check on `program`.
    ///
    /// A program with errors is checked too. What a broken name or lost text hides is unknown, not
    /// absent: a step whose clause names no step may go anywhere, a flow that does not resolve may
    /// take any exit. A finding is reported only when no resolution of what is broken could make it
    /// false (docs/Language.md, "Programs with errors").
    public static func check(_ program: FlowProgram) -> ProgramAnalysis {
        var checker = Checker(program: program)
        let components = checker.runsComponents()
        checker.reportRecursion(components)
        checker.buildGraphs(childrenFirst: components)
        checker.propagateReachability(parentsFirst: components.reversed().flatMap { $0 })
        checker.checkReachability()
        checker.checkSharedReachability()
        checker.checkStackOperations()
        checker.checkEscapes()
        checker.checkTransitions()
        checker.checkSwiftNames()
        let resultLandings = checker.checkResults()
        let linkPaths = checker.checkLinks()
        checker.mergeSharedFindings()
        return ProgramAnalysis(
            diagnostics: checker.diagnostics,
            isFlowReachable: checker.entries.map { $0 != nil },
            isStepReachable: program.flows.indices.map { flow in
                program.flows[flow].steps.indices.map { checker.graphs[flow]?.isReachable($0) ?? false }
            },
            linkPaths: linkPaths,
            otherStartLinkPaths: checker.otherStartPaths,
            atPaths: checker.atPaths,
            stateCount: checker.graphs.reduce(0) { $0 + ($1?.states.count ?? 0) },
            resultLandings: resultLandings)
    }

    // MARK: - Order and reachability

    /// The strongly connected components of the "runs" graph, children before parents (Tarjan,
    /// written with an explicit stack so a 100,000-deep chain of subflows cannot overflow).
    func runsComponents() -> [[Int]] {
        let count = program.flows.count
        let successors = program.flows.map { flow in flow.steps.compactMap(\.runs) }
        var indexOf = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var nextIndex = 0
        for root in 0..<count where indexOf[root] < 0 {
            var work: [(node: Int, edge: Int)] = [(root, 0)]
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
                    var component: [Int] = []
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

    mutating func buildGraphs(childrenFirst components: [[Int]]) {
        var exits = Array(repeating: (sure: Set<String>(), possible: Set<String>()), count: program.flows.count)
        var isDone = Array(repeating: false, count: program.flows.count)
        let flows = program.flows
        for component in components {
            for flowIndex in component {
                let graph = FlowStateGraph(flow: flows[flowIndex], unknowns: unknowns(of: flows[flowIndex]),
                                           resultClauses: resultClauses(of: flows[flowIndex])) { subflow in
                    if isDone[subflow] { return exits[subflow] }
                    // Inside a cycle of flows (already an error), assume every exit taken anywhere can happen.
                    let taken = Set(flows[subflow].allTransitions.flatMap(\.actions).filter { $0.kind == .exit }.compactMap(\.targetName))
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
    }

    /// What the checker cannot know about a flow's steps: see `FlowUnknowns`.
    func unknowns(of flow: Flow) -> FlowUnknowns {
        var unknowns = FlowUnknowns.none(flow.steps.count)
        typealias Found = (wild: Bool, anywhere: Bool, exit: Bool)
        func merge(_ one: Found, _ other: Found) -> Found {
            (one.wild || other.wild, one.anywhere || other.anywhere, one.exit || other.exit)
        }
        /// (may do anything, may show any step, takes an unnamed exit) for a clause whose action
        /// names nothing that resolves, or is a `select` outside tabs.
        func classify(_ transition: Transition) -> Found {
            var shown = Set<Int>()
            return classify(transition, shown: &shown)
        }
        /// `shown`: the alerts already looked into (alerts may show each other).
        func classify(_ transition: Transition, shown: inout Set<Int>) -> Found {
            var result: Found = (false, false, false)
            transition.forEachAction { action in
                // A `select` outside tabs whose step resolves: a fix keeps a move to that step (the
                // state graph makes it an uncertain move), of a kind it may change.
                if action.kind == .select, !flow.isTabs, action.target != nil { result.wild = true }
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
                default: result = merge(result, (true, true, false))
                }
            }
            return result
        }
        var flowLevel: Found = (flow.isIncomplete, flow.isIncomplete, false)
        for handler in flow.handlers { flowLevel = merge(flowLevel, classify(handler)) }
        for (index, step) in flow.steps.enumerated() {
            var own = merge(flowLevel, (step.isIncomplete, step.isIncomplete, false))
            for handler in step.handlers { own = merge(own, classify(handler)) }
            unknowns.isWild[index] = own.wild
            unknowns.goesAnywhere[index] = own.anywhere
            unknowns.mayExit[index] = own.exit
        }
        return unknowns
    }

    /// Marks the flows reachable from the roots, each with its shortest entry path, and the flows
    /// that could be reached, were something broken resolved one way.
    mutating func propagateReachability(parentsFirst order: [Int]) {
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
            // Without a start (already an error) any step may be shown; a step that may go anywhere,
            // or a link lost to a syntax error, may show any other.
            let anyStepMaybe = flow.start == nil || flow.hasLostLinks || graph?.reachesAnywhere == true
            for (stepIndex, step) in flow.steps.enumerated() {
                let isReachable = graph?.isReachable(stepIndex) == true
                guard isReachable || anyStepMaybe else { continue }
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
        for flowIndex in program.flows.indices {
            if entries[flowIndex] != nil { isMaybeRun[flowIndex] = false } else if anyFlowMaybe { isMaybeRun[flowIndex] = true }
        }
        let closing: Set<ActionKind> = [.root, .select, .exit, .dismiss, .close, .pop, .popTo, .replace]
        for flowIndex in order {
            let flow = program.flows[flowIndex]
            let own = flow.handlers.firstIndex { $0.actions.contains { closing.contains($0.kind) } }.map { (flowIndex, $0) }
            guard let above = own ?? ancestorEscape[flowIndex] else { continue }
            for step in flow.steps { if let runs = step.runs, ancestorEscape[runs] == nil { ancestorEscape[runs] = above } }
        }
    }

    // MARK: - Paths

    /// How a flow is entered: it is a root, started at `start`, or it is run by the step of `state` in `flow`.
    enum Entry {
        case root(start: Int)
        case runner(flow: Int, state: Int32)
    }

    /// The shortest path from a root to a flow's start, for reachable flows.
    func entryPath(_ flowIndex: Int) -> NavigationPath? {
        var chain: [Int] = []  // the flow, then the flows that run it, up to a root
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
            hops = Self.join(hops, hopsOf(graph.path(to: state), in: runner))
            hops.append(.init(step: StepReference(flow: child, step: childStart), via: "runs"))
        }
        return NavigationPath(hops: hops)
    }

    /// A path that ends where a flow is entered, followed by a path inside the flow from where it
    /// started: the entry's last hop is that start (a flow whose start is decided by guards may
    /// have started at another choice than its first).
    static func join(_ entry: [NavigationPath.Hop], _ local: [NavigationPath.Hop]) -> [NavigationPath.Hop] {
        guard let last = entry.last, let first = local.first else { return entry + local }
        var joined = NavigationPath.Hop(step: first.step, via: last.via)
        joined.clause = last.clause
        return entry.dropLast() + [joined] + local.dropFirst()
    }

    func hopsOf(_ local: [(state: Int32, move: FlowStateGraph.Move?)], in flowIndex: Int) -> [NavigationPath.Hop] {
        let flow = program.flows[flowIndex]
        guard let graph = graphs[flowIndex] else { return [] }
        return local.map { item in
            NavigationPath.Hop(
                step: StepReference(flow: flowIndex, step: Int(graph.states[Int(item.state)].step)),
                via: item.move?.describe(in: flow))
        }
    }

    /// The shortest path from a root (or from the flow's start, when the flow is unreachable) to a state.
    func path(to state: Int32, in flowIndex: Int) -> NavigationPath {
        guard let graph = graphs[flowIndex] else { return NavigationPath(hops: []) }
        return path(along: graph.path(to: state), in: flowIndex)
    }

    /// A path inside a flow, prefixed with the flow's entry path from a root.
    func path(along local: [(state: Int32, move: FlowStateGraph.Move?)], in flowIndex: Int) -> NavigationPath {
        let hops = hopsOf(local, in: flowIndex)
        guard let entry = entryPath(flowIndex) else { return NavigationPath(hops: hops) }
        return NavigationPath(hops: Self.join(entry.hops, hops))
    }

    mutating func report(_ rule: Rule, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [],
                         path: NavigationPath? = nil, subjects: [StepReference] = []) {
        var allNotes = notes
        if let path, path.hops.count > 1 {
            allNotes.append(.init(AnalysisMessages.shortestPath(path.describe(in: program))))
        }
        diagnostics.append(Diagnostic(
            rule, message, at: range, notes: allNotes, path: path?.names(in: program) ?? [],
            subjects: subjects.map(program.qualifiedName), steps: subjects))
    }
}

extension Flow {
    /// Every `on` clause of the flow: its steps', its own, and its alerts' buttons that make a move.
    var allTransitions: [Transition] { steps.flatMap(\.handlers) + handlers + alerts.flatMap { $0.buttons.compactMap(\.clause) } }

    /// Calls `body` with each clause of `allTransitions`, without building the array.
    func forEachTransition(_ body: (Transition) throws -> Void) rethrows {
        for step in steps { for handler in step.handlers { try body(handler) } }
        for handler in handlers { try body(handler) }
        for alert in alerts { for button in alert.buttons { if let clause = button.clause { try body(clause) } } }
    }
}
