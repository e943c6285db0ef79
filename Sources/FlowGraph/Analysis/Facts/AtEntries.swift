/// The steps of a subflow the user can see when every move into it has an `at`.
///
/// A flow's state graph starts at its start, as a flow shown by `push Player` does. A flow that is
/// only ever opened with `at` (`popover Player at Rating3`) starts somewhere else: the navigator
/// follows the path to `Rating3` in one transition, and the screens it shows are the ones that
/// path leaves on the stacks (a start the path replaces, `Intro → (replace) Rating3`, never shows),
/// the ones it stops on when one of its guards says no, and what the user can reach from there
/// (not what its start shows at launch: the path takes that away, see `shown`).
/// `unreachable-step` and the analysis the back ends read count only those.
enum AtEntries {
    /// Per flow: nil when the flow is entered at its start somewhere, or when what it shows cannot
    /// be told (every step its graph reaches is shown); else whether each step is shown.
    static func shownSteps(in program: FlowProgram, graphs: [FlowStateGraph?], entries: [CheckerFacts.Entry?],
                           isRecursive: [Bool], ats: [AtMove]) -> [[Bool]?] {
        var result = [[Bool]?](repeating: nil, count: program.flows.count)
        let bySubflow = Dictionary(grouping: ats.compactMap { move -> NavigationPath? in
            guard case .path(let path) = move.outcome else { return nil }
            return path
        }, by: { $0.hops.first?.step.flow ?? -1 })
        for flowIndex in program.flowIndices where !program.runners[Int(flowIndex)].isEmpty {
            let raw = Int(flowIndex), flow = program.flows[raw]
            guard entries[raw] != nil, !isRecursive[raw], !flow.hasLostLinks,
                  let graph = graphs[raw], !graph.reachesAnywhere,
                  let paths = bySubflow[raw], !paths.isEmpty,
                  program.runners[raw].allSatisfy({ isEnteredOnlyWithAt($0, graphs: graphs, program: program) }),
                  let seeds = seeds(of: paths, flow: raw, graph: graph, program: program) else { continue }
            result[raw] = shown(from: seeds, in: graph, stepCount: flow.steps.count)
        }
        return result
    }

    /// Whether every move that shows `runner` opens its subflow with `at`: it is not where its
    /// flow starts, no tab bar selects it, and each clause's move to it has an `at`.
    private static func isEnteredOnlyWithAt(_ runner: StepReference, graphs: [FlowStateGraph?], program: FlowProgram) -> Bool {
        guard let graph = graphs[runner.flow] else { return false }
        if graph.startStates.contains(where: { Int(graph.states[Int($0)].step) == runner.step }) { return false }
        for state in graph.states.indices {
            for move in graph.moves(state) where move.target >= 0 && Int(graph.states[Int(move.target)].step) == runner.step {
                guard move.part == .main, let clause = graph.transition(of: move.origin) else { return false }
                let actions = clause.actions
                guard actions.indices.contains(move.branch), actions[move.branch].at != nil else { return false }
            }
        }
        return true
    }

    /// The states the paths may leave the flow in, or nil when a path cannot be followed on the graph.
    private static func seeds(of paths: [NavigationPath], flow: Int, graph: FlowStateGraph,
                              program: FlowProgram) -> Set<StateIndex>? {
        var seeds = Set<StateIndex>()
        for path in paths {
            let hops = path.hops.prefix { $0.step.flow == flow }
            guard let first = hops.first,
                  let start = graph.startStates.first(where: { Int(graph.states[Int($0)].step) == first.step.step }) else { return nil }
            // With a start decided by guards, the navigator may start at another choice, and stop there.
            if program.flows[flow].startChoices.count > 1 { seeds.formUnion(graph.startStates.filter { $0 != start }) }
            var states: [StateIndex] = [start]
            var kinds: [ActionKind] = [.push]
            var ends: [Int] = []
            for (index, hop) in hops.enumerated().dropFirst() {
                guard let clause = hop.clause, let move = move(clause, from: states[states.count - 1], in: graph) else { return nil }
                // A guard on the way may say no: the navigator stops before the hop.
                if !clause.conditionsAskedByLink(in: program).isEmpty { ends.append(index - 1) }
                states.append(move.target)
                kinds.append(move.kind)
            }
            ends.append(states.count - 1)
            for end in ends {
                // What the moves up to `end` leave on the stacks: a `replace` takes the screen it
                // replaces away, a `root` every screen before it.
                for index in 0 ... end {
                    let taken = index < end && (kinds[index + 1] == .replace || kinds[(index + 1) ... end].contains(.root))
                    if !taken { seeds.insert(states[index]) }
                }
            }
        }
        return seeds
    }

    /// The move of the clause's action from `state`, to the state it shows.
    private static func move(_ clause: ClauseReference, from state: StateIndex, in graph: FlowStateGraph) -> FlowStateGraph.Move? {
        let origin = FlowStateGraph.Origin.clause(clause.clause)
        return graph.moves(state).first { move in
            move.origin == origin && move.branch == clause.branch && move.part == .main && move.target >= 0
        }
    }

    /// The steps of the states reached from `seeds` by forward moves and, in a tab bar, the tabs
    /// (a back move returns to a state on the stacks, which is among them).
    private static func shown(from seeds: Set<StateIndex>, in graph: FlowStateGraph, stepCount: Int) -> [Bool] {
        var shown = [Bool](repeating: false, count: stepCount)
        // Not the layer a start shows at launch: a flow opened along a path is brought to the path's
        // step first (the navigator's `reset`), which takes that layer away.
        for state in graph.search(from: Array(seeds), certainOnly: false, follows: { _, move in move.origin != .launch }).order {
            shown[Int(graph.states[Int(state)].step)] = true
        }
        return shown
    }
}
