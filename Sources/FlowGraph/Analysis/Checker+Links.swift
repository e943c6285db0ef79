/// `link-unreachable`: a deep link opens its step along the shortest path from a root, and every
/// step on that path must be built from what the URL gives.
///
/// The search runs on the program's composite graph: steps of all flows, the forward transitions
/// between them (no `else` branch, no exit: a link does not fill in forms), and from a step that
/// runs a flow into that flow's start (every tab, for tabs).
extension Checker {
    mutating func checkLinks() -> [[NavigationPath?]] {
        let graph = CompositeGraph(program: program)
        var cache: [String: CompositeGraph.Search] = [:]
        var result: [[NavigationPath?]] = program.flows.map { Array(repeating: nil, count: $0.links.count) }
        for (flowIndex, flow) in program.flows.enumerated() {
            for (linkIndex, link) in flow.links.enumerated() {
                // A link whose pattern is wrong (already an error) could open anything once fixed.
                guard let targetStep = link.target, !link.isBroken else { continue }
                let target = StepReference(flow: flowIndex, step: targetStep)
                let placeholders = Set(link.pattern.placeholders)
                let given = flow.steps[targetStep].inputs.filter { placeholders.contains($0.name) }
                let key = given.map { "\($0.name):\($0.type)" }.sorted().joined(separator: ",")
                let allowed = Set(given.map { Pair(name: $0.name, type: $0.type) })
                /// An optional input the URL does not give is nil.
                func isGiven(_ input: Parameter) -> Bool { input.type.hasSuffix("?") || allowed.contains(Pair(name: input.name, type: input.type)) }
                if cache[key] == nil {
                    cache[key] = graph.search { step in step.inputs.allSatisfy(isGiven) }
                }
                if let path = cache[key]!.path(to: target, in: program) {
                    result[flowIndex][linkIndex] = path
                    continue
                }
                if cache["*"] == nil { cache["*"] = graph.search(everyMove: true) { _ in true } }
                guard let free = cache["*"]!.edges(to: target) else {
                    // An unreachable step is reported as such, with a note about the link, below.
                    if graphs[flowIndex]?.isReachable(targetStep) == true, entries[flowIndex] != nil {
                        report(.linkUnreachable, AnalysisMessages.linkTargetUnreachable(link.pattern.text, step: flow.steps[targetStep].name),
                               at: link.patternRange, subjects: [target])
                    }
                    continue
                }
                // Explain with the first thing on the shortest path that the URL cannot provide.
                var notes: [Diagnostic.Note] = []
                for hop in free.dropFirst() {
                    if let blocker = hop.edge?.blocker(in: program) {
                        notes.append(.init(blocker))
                        break
                    }
                    let step = program[hop.step]
                    if let missing = step.inputs.first(where: { !isGiven($0) }) {
                        notes.append(.init(AnalysisMessages.linkBlockedBy(program.qualifiedName(hop.step), parameter: missing), at: step.range))
                        break
                    }
                }
                let freePath = NavigationPath(hops: free.map { .init(step: $0.step, via: $0.edge?.via(in: program)) })
                report(.linkUnreachable, AnalysisMessages.linkNeedsInput(link.pattern.text, step: flow.steps[targetStep].name),
                       at: link.patternRange, notes: notes, path: freePath, subjects: [target])
            }
        }
        return result
    }
}

private struct Pair: Hashable {
    let name: String
    let type: String
}

/// All steps of the program as one graph, with the forward moves a deep link can replay.
struct CompositeGraph {
    private let program: FlowProgram
    private let offsets: [Int]
    private let references: [StepReference]
    private let edges: [[Edge]]

    /// A move between two steps: entering a subflow (`runs`), or an action of an `on` clause.
    /// Its descriptions are built only for the paths that are shown.
    struct Edge {
        let target: Int32
        /// The clause whose action makes the move; nil for `runs`.
        let clause: ClauseReference?
        /// Whether a link cannot replay the move: an `else` action, or a handler of a subflow's exit.
        let isBlocked: Bool

        /// `event: action`, `event: action (else)` or `runs`.
        func via(in program: FlowProgram) -> String {
            guard let clause else { return "runs" }
            let transition = clause.transition(in: program)
            let action = transition.actions[clause.branch]
            return "\(transition.event): \(action.kind.rawValue)\(clause.branch >= 1 ? " (else)" : "")"
        }

        /// Why a link cannot replay the move, if it cannot.
        func blocker(in program: FlowProgram) -> String? {
            guard isBlocked, let clause else { return nil }
            let transition = clause.transition(in: program)
            if let step = clause.step, let runs = program.flows[clause.flow].steps[step].runs {
                return AnalysisMessages.linkBlockedByExit(transition.event, flow: program.flows[runs].name)
            }
            return AnalysisMessages.linkBlockedByElse(transition.event, guard: transition.conditions[clause.branch - 1].guardName)
        }
    }

    init(program: FlowProgram) {
        self.program = program
        var offsets: [Int] = []
        var references: [StepReference] = []
        for (flowIndex, flow) in program.flows.enumerated() {
            offsets.append(references.count)
            for stepIndex in flow.steps.indices { references.append(StepReference(flow: flowIndex, step: stepIndex)) }
        }
        var edges = Array(repeating: [Edge](), count: references.count)
        for (flowIndex, flow) in program.flows.enumerated() {
            let base = offsets[flowIndex]
            /// The forward moves of a clause: its main action, and its `else` actions, which a link cannot take.
            func addForward(_ transition: Transition, from node: Int, isExitHandler: Bool, step: Int?, handler: Int) {
                var branch = 0
                transition.forEachAction { action in
                    defer { branch += 1 }
                    guard let target = action.target else { return }
                    switch action.kind {
                    case .push, .sheet, .cover, .replace, .root: break
                    case .select where flow.isTabs: break
                    default: return
                    }
                    edges[node].append(Edge(
                        target: Int32(base + target),
                        clause: ClauseReference(flow: flowIndex, step: step, handler: handler, branch: branch),
                        isBlocked: isExitHandler || branch >= 1))
                }
            }
            for (stepIndex, step) in flow.steps.enumerated() {
                let node = base + stepIndex
                if let runs = step.runs {
                    let subflow = program.flows[runs]
                    let entered = subflow.isTabs ? Array(subflow.steps.indices) : (subflow.start.map { [$0] } ?? [])
                    for entry in entered { edges[node].append(Edge(target: Int32(offsets[runs] + entry), clause: nil, isBlocked: false)) }
                }
                for (index, handler) in step.handlers.enumerated() {
                    addForward(handler, from: node, isExitHandler: step.runs != nil, step: stepIndex, handler: index)
                }
                let handled = HandledEvents(step.handlers)
                for (index, handler) in flow.handlers.enumerated() where step.runs != nil || !handled.contains(handler.event) {
                    addForward(handler, from: node, isExitHandler: false, step: nil, handler: index)
                }
            }
        }
        self.offsets = offsets
        self.references = references
        self.edges = edges
    }

    /// A breadth-first search from the roots' starts through the steps `isAllowed` accepts, along
    /// the moves a link can replay (or along every move, to explain why a link cannot be opened).
    func search(everyMove: Bool = false, isAllowed: (Step) -> Bool) -> Search {
        var parent = [Int32](repeating: -2, count: references.count)
        var via = [Edge?](repeating: nil, count: references.count)
        var queue: [Int32] = []
        for root in program.roots {
            // The app starts at a root's start; for a tabs root, at every tab.
            let flow = program.flows[root]
            guard let start = flow.start else { continue }
            for step in flow.isTabs ? [start] + flow.steps.indices.filter({ $0 != start }) : [start] {
                let node = offsets[root] + step
                parent[node] = -1
                queue.append(Int32(node))
            }
        }
        var cursor = 0
        while cursor < queue.count {
            let node = Int(queue[cursor])
            cursor += 1
            for edge in edges[node] where parent[Int(edge.target)] == -2 && (everyMove || !edge.isBlocked) {
                guard isAllowed(program[references[Int(edge.target)]]) else { continue }
                parent[Int(edge.target)] = Int32(node)
                via[Int(edge.target)] = edge
                queue.append(edge.target)
            }
        }
        return Search(offsets: offsets, references: references, parent: parent, via: via)
    }

    /// The result of one search: a shortest-path tree.
    struct Search {
        let offsets: [Int]
        let references: [StepReference]
        let parent: [Int32]
        let via: [Edge?]

        func path(to step: StepReference, in program: FlowProgram) -> NavigationPath? {
            edges(to: step).map { NavigationPath(hops: $0.map { .init(step: $0.step, via: $0.edge?.via(in: program), clause: $0.edge?.clause) }) }
        }

        /// The hops of the path to `step`, each with the move that reached it.
        func edges(to step: StepReference) -> [(step: StepReference, edge: Edge?)]? {
            var node = offsets[step.flow] + step.step
            guard parent[node] != -2 else { return nil }
            var hops: [(StepReference, Edge?)] = []
            while node >= 0 {
                hops.append((references[node], via[node]))
                node = Int(parent[node])
            }
            return hops.reversed()
        }
    }
}
