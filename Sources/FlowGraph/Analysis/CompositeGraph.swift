/// An input or argument by name and type: what a URL or a payload gives, and what a step needs.
struct TypedName: Hashable {
    let name: String
    let type: String
}

/// All steps of the program as one graph, with the forward moves a deep link can replay.
struct CompositeGraph {
    private let program: FlowProgram
    private let offsets: [Int]
    private let references: [StepReference]
    private let edges: [Edge]
    private let edgeStart: [Int32]
    /// For each node, its step's inputs that are not optional, as ids of `inputIDs`.
    private let required: [[Int32]]
    /// Each (name, type) of a non-optional input of some step or argument of some guard, numbered.
    private let inputIDs: [TypedName: Int32]

    /// A move between two steps: entering a subflow (`runs`), or an action of an `on` clause.
    /// Its descriptions are built only for the paths that are shown.
    struct Edge {
        let target: Int32
        /// The clause whose action makes the move; nil for `runs`.
        let clause: ClauseReference?
        /// Whether a link cannot replay the move: an `else` action with no guard of its own, or a
        /// handler of a subflow's exit.
        let isBlocked: Bool
        /// The arguments of the guards a link asks to make the move (ids of `inputID`), which the
        /// URL must give; optional ones are nil when it does not.
        var arguments: [Int32] = []
        /// Whether only the user makes the move, never a link: a button of an alert a clause shows,
        /// or a move that goes back first (only the search for a user's way takes it; see
        /// `search(userMoves:)`).
        var isUserMove = false
        /// Whether the move happens only if an error is fixed one way: a `select` outside tabs,
        /// which only the search with unknowns follows.
        var isUncertain = false
        /// Whether this is the layer a flow's start shows over its first screen (`clause` is nil).
        var isLaunch = false
        /// Whether this is an item of a tab bar presenting its step (`step Post as sheet`; `clause` is nil).
        var isTabItem = false

        /// `event: action`, `event: action (else)`, `at launch`, `tab item` or `runs`.
        func via(in program: FlowProgram) -> String {
            guard let clause else { return isLaunch ? "at launch" : isTabItem ? "tab item" : "runs" }
            let transition = clause.clause(in: program)
            return FlowStateGraph.Move.describe(transition, branch: clause.branch)
        }

        /// Why a link (or `opener`) cannot replay the move, if it cannot.
        func blocker(in program: FlowProgram, opener: String = "a link") -> String? {
            guard isBlocked, !isUserMove, let clause else { return nil }
            let transition = clause.clause(in: program)
            if let step = clause.step, let runs = program.flows[clause.flow].steps[step].runs {
                return AnalysisMessages.linkBlockedByExit(transition.event, flow: program.flows[runs].name)
            }
            return AnalysisMessages.linkBlockedByElse(transition.event, failing: transition.conditions.prefix(clause.branch).map(\.written),
                                                      opener: opener)
        }

        /// The first argument of a guard the move asks that the URL (or the payload) does not give, if any.
        func missingArgument(in program: FlowProgram, opener: String = "the link", isGiven: (Parameter) -> Bool) -> String? {
            guard !arguments.isEmpty, let clause else { return nil }
            let flow = program.flows[clause.flow]
            for condition in clause.conditionsAskedByLink(in: program) {
                guard let index = condition.guardIndex,
                      let missing = flow.guards[index].parameters.first(where: { !isGiven($0) }) else { continue }
                return AnalysisMessages.linkBlockedByGuard(flow.guards[index].name, event: clause.clause(in: program).event,
                                                           parameter: missing, opener: opener)
            }
            return nil
        }
    }

    init(program: FlowProgram) {
        self.program = program
        var offsets: [Int] = []
        var references: [StepReference] = []
        for (flowIndex, flow) in program.indexedFlows {
            offsets.append(references.count)
            for stepIndex in flow.steps.indices { references.append(StepReference(flow: flowIndex, step: stepIndex)) }
        }
        var inputIDs: [TypedName: Int32] = [:]
        func id(_ parameter: Parameter) -> Int32 {
            let pair = TypedName(name: parameter.name, type: parameter.type)
            if let id = inputIDs[pair] { return id }
            let id = Int32(inputIDs.count)
            inputIDs[pair] = id
            return id
        }
        // The edges of node n are `edges[edgeStart[n] ..< edgeStart[n + 1]]`; nodes are filled in order.
        var edges: [Edge] = []
        var edgeStart: [Int32] = []
        edgeStart.reserveCapacity(references.count + 1)
        for flowIndex in program.flowIndices {
            let flow = program.flows[flowIndex]
            let base = offsets[flowIndex]
            let asksArguments = flow.guards.contains { !$0.parameters.isEmpty }
            let tabItems = flow.tabItems
            /// The arguments a link must give to take `clause`: those of every guard it asks; an optional one may be nil.
            func arguments(_ clause: ClauseReference) -> [Int32] {
                guard asksArguments else { return [] }
                return clause.conditionsAskedByLink(in: program).flatMap { condition -> [Int32] in
                    guard let index = condition.guardIndex else { return [] }
                    return flow.guards[index].parameters.filter { !$0.isOptional }.map(id)
                }
            }
            /// The forward moves of a clause: its main action, and its `else` actions; a link cannot take
            /// one that has no guard of its own, nor a subflow's exit, nor one that goes back first
            /// (`dismiss, sheet X`: where it lands depends on what is under the step).
            func addForward(_ transition: Clause, from node: Int, isExitHandler: Bool, step: Int?, index: Int,
                            button: (alert: Int, shownByFlowLevel: Bool)? = nil, isLinkMove: Bool = false) {
                let guardedBranches = transition.condition == nil ? 1 : transition.conditions.count
                var branch = 0
                transition.forEachAction { action in
                    defer { branch += 1 }
                    guard let target = action.target else { return }
                    var isUncertain = false
                    switch action.kind.targetRole {
                    case .newScreen: break
                    case .shownStep where action.kind.selects && flow.isTabs: break  // a tab, shown from the tab bar
                    case .shownStep where action.kind.selects: isUncertain = true  // outside tabs (an error): a fix keeps a move there
                    case .alert:
                        // The moves of the alert's buttons, made where it was shown.
                        guard button == nil, flow.alerts.indices.contains(target) else { return }
                        for (index, item) in flow.alerts[target].buttons.enumerated() {
                            guard let clause = item.clause else { continue }
                            addForward(clause, from: node, isExitHandler: false, step: nil, index: index,
                                       button: (target, step == nil))
                        }
                        return
                    case .shownStep, .exit, .none, .payloadValue: return
                    }
                    let clause = button.map {
                        ClauseReference(flow: flowIndex, clause: ClauseID(alert: $0.alert, button: index, shownByFlowLevel: $0.shownByFlowLevel),
                                        branch: branch)
                    } ?? ClauseReference(flow: flowIndex, step: step, index: ClauseIndex(index), branch: branch)
                    // A link never taps an alert's button (the user decides there), nor makes a move
                    // that goes back first (`dismiss, sheet X`: where it lands depends on what is
                    // under), nor another link's move (`link "/compose" -> sheet Compose`: opening
                    // that link is the user's way there).
                    // Nor a `push X below`, which lands under the layer on top, whatever that holds.
                    if button != nil || action.back != nil || isLinkMove || action.kind == .pushBelow || action.kind == .selectBelow {
                        edges.append(Edge(target: Int32(base + target), clause: clause, isBlocked: true, isUserMove: true,
                                          isUncertain: isUncertain))
                        return
                    }
                    edges.append(Edge(
                        target: Int32(base + target), clause: clause, isBlocked: isExitHandler || branch >= guardedBranches,
                        arguments: arguments(clause), isUncertain: isUncertain))
                }
            }
            for stepIndex in flow.steps.indices {
                let node = base + stepIndex
                edgeStart.append(Int32(edges.count))
                let clauses = flow.steps[stepIndex].clauses
                let runsFlow = flow.steps[stepIndex].runsAFlow
                if let runs = flow.steps[stepIndex].runs {
                    for entry in program.flows[runs].enteredSteps {
                        edges.append(Edge(target: Int32(offsets[runs] + entry), clause: nil, isBlocked: false))
                    }
                }
                for index in clauses.indices {
                    addForward(clauses[index], from: node, isExitHandler: runsFlow, step: stepIndex, index: index)
                }
                // `start Home, cover Onboarding if g`: the flow shows it over each first screen as it
                // starts; the user's way to it, which no link replays (a link does not start the app).
                if let launch = flow.launch, let target = launch.step, !flow.isTabs, flow.enteredSteps.contains(stepIndex) {
                    edges.append(Edge(target: Int32(base + target), clause: nil, isBlocked: true, isUserMove: true, isLaunch: true))
                }
                // `step Post as sheet`: the user's way from a tab to it, which no link replays.
                if flow.isTabs, flow.steps[stepIndex].isTab {
                    for item in tabItems {
                        edges.append(Edge(target: Int32(base + item), clause: nil, isBlocked: true, isUserMove: true, isTabItem: true))
                    }
                }
                guard !flow.clauses.isEmpty else { continue }
                flow.forEachFlowLevelClause(ofStep: flow.steps[stepIndex].runsAFlow, handling: HandledEvents(clauses)) { index, handler in
                    // A link's move is no move a path can replay: only that link makes it.
                    addForward(handler, from: node, isExitHandler: false, step: nil, index: index, isLinkMove: handler.link != nil)
                }
            }
        }
        edgeStart.append(Int32(edges.count))
        self.offsets = offsets
        self.references = references
        self.edges = edges
        self.edgeStart = edgeStart
        required = references.map { reference in
            program.flows[reference.flow].steps[reference.step].inputs.compactMap { input in
                input.isOptional ? nil : id(input)  // An optional input the URL does not give is nil.
            }
        }
        self.inputIDs = inputIDs
    }

    /// The nodes where a flow starts when it runs: its first choice of start first, then the others
    /// (every tab, for tabs): the seeds of a search inside a subflow that a move's `at` opens.
    func seeds(entering flowIndex: FlowIndex) -> [Int] {
        let flow = program.flows[flowIndex]
        let first = flow.start.map { [$0] } ?? []
        return (first + flow.enteredSteps.filter { $0 != flow.start }).map { offsets[flowIndex] + $0 }
    }

    /// The places the app may start at, when there are several: each first screen of each root
    /// (a tabs root: its tabs together, which are all there from the start). Empty with one.
    func startSeeds() -> [[Int]] {
        var seeds: [[Int]] = []
        for root in program.roots {
            let flow = program.flows[root]
            if flow.isTabs {
                seeds.append(flow.enteredSteps.map { offsets[root] + $0 })
            } else {
                seeds += flow.enteredSteps.map { [offsets[root] + $0] }
            }
        }
        return seeds.count > 1 ? seeds : []
    }

    /// The node of a step, for `search(from:)`.
    func node(_ step: StepReference) -> Int { offsets[step.flow] + step.step }

    /// The id of a non-optional input `name: type` that some step has.
    func inputID(name: String, type: String) -> Int32? { inputIDs[TypedName(name: name, type: type)] }

    /// What the checker cannot know of each step (by flow, then step): see `FlowUnknowns`.
    struct Unknowns {
        /// A step that may make any move in its flow.
        var isWild: [[Bool]]
        /// A step that runs a flow that does not resolve: it may run any flow.
        var runsUnknown: [[Bool]]
        /// Text outside every flow was lost: every flow may be a root.
        var anyFlow: Bool
    }

    /// A breadth-first search from the roots' starts through the steps `isAllowed` accepts, along
    /// the moves a link can replay (or along every move, to explain why a link cannot be opened).
    /// With `unknowns`, it also goes wherever they could lead: from a step that may do anything to
    /// every step of its flow, from one that runs an unknown flow (or, with lost flows, from the
    /// start) into every flow.
    ///
    /// - Parameter given: the inputs the link gives (ids of `inputID`); a step whose other inputs
    ///   are not optional is not entered, and a move whose guards need other arguments not made.
    ///   Nil enters every step and makes every move.
    /// - Parameter seeds: where the search starts instead of the roots' starts (`seeds(entering:)`).
    /// - Parameter userMoves: whether the search also makes the moves only a user makes (alerts'
    ///   buttons, moves that go back first, opening a link that moves where the user is): for the
    ///   shortest way to each step (`RouterTable`'s paths).
    /// - Parameter within: the steps the search may enter (by flow, then step), when not all: the
    ///   steps the checker calls reachable, so that a way never goes through a step no user can
    ///   see (`everyMove` also takes a handler of an exit its subflow never takes).
    func search(everyMove: Bool = false, userMoves: Bool = false, unknowns: Unknowns? = nil, given: Set<Int32>?, from seeds: [Int]? = nil,
                within: [[Bool]]? = nil) -> Search {
        func isAllowed(_ node: Int) -> Bool {
            if let within, !within[references[node].flow][references[node].step] { return false }
            guard let given else { return true }
            return required[node].allSatisfy(given.contains)
        }
        var parent = [Int32](repeating: -2, count: references.count)
        // The edge that reached each node, by index (-1: none): 4 bytes a node, not an `Edge?`'s 56.
        var via = [Int32](repeating: -1, count: references.count)
        var queue: [Int32] = []
        for node in seeds ?? [] where parent[node] == -2 {
            parent[node] = -1
            queue.append(Int32(node))
        }
        for root in program.roots where seeds == nil {
            // The app starts at a root's start (at each step its guards may start it at); for a
            // tabs root, at every tab.
            let flow = program.flows[root]
            guard let start = flow.start else { continue }
            for step in [start] + flow.enteredSteps.filter({ $0 != start }) {
                let node = offsets[root] + step
                parent[node] = -1
                queue.append(Int32(node))
            }
        }
        var cursor = 0
        var isFlowOpened = [Bool](repeating: false, count: program.flows.count)
        var areFlowsEntered = false
        func reach(_ target: Int, from node: Int, _ edge: Int?) {
            guard parent[target] == -2, isAllowed(target) else { return }
            parent[target] = Int32(node)
            via[target] = edge.map { Int32($0) } ?? -1
            queue.append(Int32(target))
        }
        if let unknowns, unknowns.anyFlow, let first = queue.first { enterEveryFlow(from: Int(first)) }
        func enterEveryFlow(from node: Int) {
            guard !areFlowsEntered else { return }
            areFlowsEntered = true
            for (flowIndex, flow) in program.indexedFlows {
                // Without a start (already an error), any step may be where the flow begins.
                let entered = flow.start == nil ? Array(flow.steps.indices) : flow.enteredSteps
                for step in entered { reach(offsets[flowIndex] + step, from: node, nil) }
            }
        }
        while cursor < queue.count {
            let node = Int(queue[cursor])
            cursor += 1
            for index in Int(edgeStart[node]) ..< Int(edgeStart[node + 1])
            where (edges[index].isUserMove ? userMoves : everyMove || !edges[index].isBlocked) && (unknowns != nil || !edges[index].isUncertain) {
                if let given, !edges[index].arguments.allSatisfy(given.contains) { continue }
                reach(Int(edges[index].target), from: node, index)
            }
            guard let unknowns else { continue }
            let reference = references[node]
            if unknowns.isWild[reference.flow][reference.step], !isFlowOpened[reference.flow] {
                isFlowOpened[reference.flow] = true
                for step in program.flows[reference.flow].steps.indices { reach(offsets[reference.flow] + step, from: node, nil) }
            }
            if unknowns.runsUnknown[reference.flow][reference.step] { enterEveryFlow(from: node) }
        }
        return Search(offsets: offsets, references: references, parent: parent, via: via, edges: edges)
    }

    /// The result of one search: a shortest-path tree.
    struct Search {
        let offsets: [Int]
        let references: [StepReference]
        let parent: [Int32]
        /// The index in `edges` of the move that reached each node (-1: none).
        let via: [Int32]
        let edges: [Edge]

        func path(to step: StepReference, in program: FlowProgram) -> NavigationPath? {
            edges(to: step).map { NavigationPath(hops: $0.map { .init(step: $0.step, via: $0.edge?.via(in: program), clause: $0.edge?.clause) }) }
        }

        /// The hops of the path to `step`, each with the move that reached it.
        func edges(to step: StepReference) -> [(step: StepReference, edge: Edge?)]? {
            var node = offsets[step.flow] + step.step
            guard parent[node] != -2 else { return nil }
            var hops: [(StepReference, Edge?)] = []
            while node >= 0 {
                hops.append((references[node], via[node] < 0 ? nil : edges[Int(via[node])]))
                node = Int(parent[node])
            }
            return hops.reversed()
        }
    }
}

extension CompositeGraph {
    /// Why a replay (a deep link, or a move's `at`) cannot take `free`, the shortest way to its
    /// step by every move: the first move on it the replay cannot make (a blocked move, a guard's
    /// argument it does not give) or the first step it cannot build (an input it does not give),
    /// as a note; nil when nothing on the way says why. `opener` and `argumentOpener` name the
    /// replay in the note ("a link" and "the link", or "'at'" and "the path").
    static func firstObstacle(on free: [(step: StepReference, edge: Edge?)], in program: FlowProgram, opener: String,
                              argumentOpener: String, isGiven: (Parameter) -> Bool) -> Diagnostic.Note? {
        for hop in free.dropFirst() {
            if let blocker = hop.edge?.blocker(in: program, opener: opener)
                ?? hop.edge?.missingArgument(in: program, opener: argumentOpener, isGiven: isGiven) {
                return .init(blocker)
            }
            let step = program[hop.step]
            if let missing = step.inputs.first(where: { !isGiven($0) }) {
                return .init(AnalysisMessages.linkBlockedBy(program.qualifiedName(hop.step), parameter: missing), at: step.range)
            }
        }
        return nil
    }

    /// `free` as a path to show in a finding.
    static func path(_ free: [(step: StepReference, edge: Edge?)], in program: FlowProgram) -> NavigationPath {
        NavigationPath(hops: free.map { .init(step: $0.step, via: $0.edge?.via(in: program)) })
    }
}
