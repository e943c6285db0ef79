/// The deep links' facts: the program's composite graph (`CompositeGraph`), what the checker
/// cannot know about its steps, and each link's shortest path from a root.
///
/// A deep link opens its step along the shortest path from a root, and every step on that path
/// must be built from what the URL gives. The search runs on the composite graph: steps of all
/// flows, the forward transitions between them, and from a step that runs a flow into that flow's
/// start (every tab, for tabs). A link does not fill in forms: it takes no exit, and no `else`
/// action that happens only when every guard before it blocks; an `else` action with a guard of
/// its own (`push A if a else push B if b`) it takes when the guards before say no and its own
/// says yes, asking them in order. The guards it asks take their arguments from the URL's values,
/// as the steps on the path their inputs.
struct LinkFacts {
    let graph: CompositeGraph
    /// Steps that may do anything, or run a flow that does not resolve (see `FlowUnknowns`).
    let unknownSteps: CompositeGraph.Unknowns
    /// Whether a broken name or lost text leaves something unknown anywhere: a step that may do
    /// anything but go anywhere has a move of a kind a fix may change (an uncertain edge of the
    /// composite graph, which only the search with unknowns follows).
    let hasUnknowns: Bool
    /// For each flow, for each of its links, the shortest path from a root that opens it, if any.
    let paths: [[NavigationPath?]]
    /// See `ProgramAnalysis.otherStartLinkPaths`.
    let otherStartPaths: [LinkReference: [NavigationPath]]
    /// See `ProgramAnalysis.otherwiseLinkPaths`.
    let otherwisePaths: [LinkReference: [[NavigationPath]]]

    init(program: FlowProgram, graphs: [FlowStateGraph?]) {
        let graph = CompositeGraph(program: program)
        let unknownSteps = CompositeGraph.Unknowns(
            isWild: program.flowIndices.map { flow in graphs[flow]?.goesAnywhere ?? program.flows[flow].steps.map { _ in true } },
            runsUnknown: program.flows.map { $0.steps.map(\.runsUnknownFlow) },
            anyFlow: program.hasLostFlows)
        self.graph = graph
        self.unknownSteps = unknownSteps
        hasUnknowns = unknownSteps.anyFlow || unknownSteps.isWild.contains { $0.contains(true) }
            || unknownSteps.runsUnknown.contains { $0.contains(true) } || graphs.contains { $0?.isWild.contains(true) == true }
        var cache: [String: CompositeGraph.Search] = [:]
        var paths: [[NavigationPath?]] = program.flows.map { Array(repeating: nil, count: $0.links.count) }
        var otherStartPaths: [LinkReference: [NavigationPath]] = [:]
        var otherwisePaths: [LinkReference: [[NavigationPath]]] = [:]
        let startSeeds = graph.startSeeds()
        for (flowIndex, flow) in program.indexedFlows {
            for (linkIndex, link) in flow.links.enumerated() {
                let reference = LinkReference(flow: flowIndex, link: linkIndex)
                for branch in link.branches.indices {
                    if branch > 0 { otherwisePaths[reference, default: []].append([]) }
                    guard let request = Request(flow: flowIndex, link: linkIndex, branch: branch, in: program, graph: graph) else { continue }
                    if cache[request.key] == nil { cache[request.key] = graph.search(given: request.givenInputs) }
                    guard let path = request.first({ cache[request.key]!.path(to: $0, in: program) }, size: \.hops.count) else { continue }
                    // From each other place the app may start at, the way from there: a link opens
                    // from where the user is, whichever start they came through.
                    var others: [NavigationPath] = []
                    for (number, seeds) in startSeeds.enumerated() {
                        let searchKey = request.key + "@\(number)"
                        if cache[searchKey] == nil { cache[searchKey] = graph.search(given: request.givenInputs, from: seeds) }
                        if let other = request.first({ cache[searchKey]!.path(to: $0, in: program) }, size: \.hops.count),
                           other.hops.first?.step != path.hops.first?.step,
                           !others.contains(where: { $0.hops.first?.step == other.hops.first?.step }) {
                            others.append(other)
                        }
                    }
                    if branch > 0 {
                        otherwisePaths[reference]![branch - 1] = [path] + others
                    } else {
                        paths[flowIndex][linkIndex] = path
                        if !others.isEmpty { otherStartPaths[reference] = others }
                    }
                }
            }
        }
        self.paths = paths
        self.otherStartPaths = otherStartPaths
        self.otherwisePaths = otherwisePaths
    }

    /// What opening one link asks of the composite graph: where it must lead, and what its URLs give.
    struct Request {
        let target: StepReference
        /// The steps the path must reach: a link with a move makes it where its flow runs, so the
        /// path leads to where the flow starts (any of its starts, or tabs), then the link makes
        /// its move; without one, the path leads to the link's step.
        let destinations: [StepReference]
        /// The inputs of the link's step that every URL of the link gives, as a key of searches.
        let key: String
        private let allowed: Set<TypedName>
        /// The same, as ids of the composite graph's inputs.
        let givenInputs: Set<Int32>

        /// Nil for a link whose pattern is wrong, or whose line has a syntax error (already an
        /// error): once fixed, it could open anything.
        init?(flow flowIndex: FlowIndex, link linkIndex: Int, branch: Int = 0, in program: FlowProgram, graph: CompositeGraph) {
            let flow = program.flows[flowIndex]
            let link = flow.links[linkIndex]
            guard link.target != nil, let targetStep = link.branches[branch].target, !link.isBroken, !link.isIncomplete else {
                return nil
            }
            target = StepReference(flow: flowIndex, step: targetStep)
            destinations = (link.branches[branch].move == nil ? [targetStep] : flow.enteredSteps).map { StepReference(flow: flowIndex, step: $0) }
            let placeholders = link.commonPlaceholders
            let values = flow.values(of: link)
            let given = values.filter { placeholders.contains($0.name) }
            key = given.map { "\($0.name):\($0.type)" }.sorted().joined(separator: ",")
            allowed = Set(given.map { TypedName(name: $0.name, type: $0.type) })
            givenInputs = Set(given.compactMap { graph.inputID(name: $0.name, type: $0.type) })
        }

        /// Whether the URL gives an input; an optional input the URL does not give is nil.
        func isGiven(_ input: Parameter) -> Bool { input.isOptional || allowed.contains(TypedName(name: input.name, type: input.type)) }

        /// The smallest of what `find` finds for the destinations.
        func first<T>(_ find: (StepReference) -> T?, size: (T) -> Int) -> T? {
            destinations.compactMap(find).min { size($0) < size($1) }
        }
    }
}
