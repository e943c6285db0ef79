/// `dead-end` (a cover with no way out) and `cannot-finish` (a step of a flow with exits from which
/// no exit can be reached).
///
/// Both ask what the user can still do from a state, so besides the forward moves they follow
/// the ways back: the back button from any pushed step, `popTo`, `dismiss`, and swiping a sheet
/// away. Where a way back could land in several states, all of them count, so these warnings err
/// on the side of silence.
extension Checker {
    mutating func checkEscapes() {
        for flowIndex in program.flows.indices {
            guard let graph = graphs[flowIndex], !graph.states.isEmpty else { continue }
            let edges = EscapeEdges(graph: graph)
            checkDeadEnds(graph, edges, flowIndex)
            checkCanFinish(graph, edges, flowIndex)
        }
    }

    private mutating func checkDeadEnds(_ graph: FlowStateGraph, _ edges: EscapeEdges, _ flowIndex: Int) {
        let flow = program.flows[flowIndex]
        let coverStates = graph.states.indices.filter { graph.states[$0].layer == .cover }
        guard !coverStates.isEmpty else { return }
        // A way out is something the cover's own screens offer: their `root`, `select` or exit (or a
        // subflow's exit they handle that way), or a `dismiss`, also a flow-level one (closing is what
        // a flow-level `dismiss` is for). Other flow-level handlers are app-wide events, such as a
        // session expiring, that no screen of the cover is known to send: they go in a note.
        let escapesEverything = graph.states.indices.filter { index in
            graph.moves[index].contains { move in
                guard case .step = move.origin else { return false }
                return move.kind == .root || move.kind == .exit || (move.kind == .select && flow.isTabs)
            }
        }
        let canEscapeEverything = edges.backwardClosure(from: escapesEverything, sameLayerOnly: false, screensOnly: true)
        let leavesLayer = coverStates.filter { index in
            canEscapeEverything[index] || graph.moves[index].contains { $0.kind == .dismiss }
        }
        let canLeave = edges.backwardClosure(from: leavesLayer, sameLayerOnly: true, screensOnly: true)
        var trappedByCover: [Int32: [Int]] = [:]
        for index in coverStates where !canLeave[index] {
            trappedByCover[graph.states[index].layerRoot, default: []].append(index)
        }
        for (cover, trapped) in trappedByCover.sorted(by: { $0.key < $1.key }) {
            let sites = graph.moves.joined().filter { $0.kind == .cover && $0.actionTarget == Int(cover) }
                .map { ActionKey($0).range(in: flow) }.sorted()
            guard let site = sites.first, let first = trapped.min() else { continue }
            let steps = orderedUnique(trapped.map { Int(graph.states[$0].step) })
            let coverName = flow.steps[Int(cover)].name
            let firstStep = Int(graph.states[first].step)
            let message = firstStep == Int(cover) && graph.states[first].isBottom
                ? AnalysisMessages.deadEnd(coverName)
                : AnalysisMessages.deadEndInside(flow.steps[firstStep].name, cover: coverName)
            var notes: [Diagnostic.Note] = []
            if steps.count > 1 { notes.append(.init(AnalysisMessages.trappedSteps(steps.map { flow.steps[$0].name }))) }
            for handler in flow.handlers where handler.actions.contains(where: { [.root, .exit, .select].contains($0.kind) }) {
                notes.append(.init(AnalysisMessages.appWideWayOut(handler.event), at: handler.eventRange))
            }
            if let (ancestor, handler) = ancestorEscape[flowIndex] {
                let transition = program.flows[ancestor].handlers[handler]
                notes.append(.init(AnalysisMessages.ancestorWayOut(transition.event, flow: program.flows[ancestor].name), at: transition.eventRange))
            }
            for step in steps {
                guard let runs = flow.steps[step].runs, let subgraph = graphs[runs] else { continue }
                let taken = Set(subgraph.producedExits.map { program.flows[runs].exits[$0].name })
                for handler in flow.steps[step].handlers where !taken.contains(handler.event) {
                    notes.append(.init(AnalysisMessages.handlerNeverRuns(handler.event, flow: program.flows[runs].name), at: handler.eventRange))
                }
            }
            report(.deadEnd, message, at: site,
                   notes: notes,
                   path: path(to: Int32(first), in: flowIndex),
                   subjects: steps.map { StepReference(flow: flowIndex, step: $0) })
        }
    }

    private mutating func checkCanFinish(_ graph: FlowStateGraph, _ edges: EscapeEdges, _ flowIndex: Int) {
        let flow = program.flows[flowIndex]
        guard !flow.exits.isEmpty, !graph.producedExits.isEmpty else { return }
        let finishing = graph.states.indices.filter { index in graph.moves[index].contains { $0.kind == .exit } }
        let canFinish = edges.backwardClosure(from: finishing, sameLayerOnly: false)
        for (stepIndex, states) in graph.statesOfStep.enumerated() {
            guard let stuck = states.first(where: { !canFinish[Int($0)] }) else { continue }
            let always = states.allSatisfy { !canFinish[Int($0)] }
            report(.cannotFinish, always
                   ? AnalysisMessages.cannotFinish(flow.steps[stepIndex].name, flow: flow.name)
                   : AnalysisMessages.cannotFinishOnPath(flow.steps[stepIndex].name, flow: flow.name),
                   at: flow.steps[stepIndex].range, path: path(to: stuck, in: flowIndex),
                   subjects: [StepReference(flow: flowIndex, step: stepIndex)])
        }
    }
}

/// Every move of a flow's state graph, forward and back, reversed for backward searches.
struct EscapeEdges {
    /// For each state, the states that can move to it, whether they share its layer, and whether
    /// the move is an app-wide flow-level clause (a `dismiss` excepted) rather than the screen's own.
    /// One more node after the states stands for the tab bar of a tabs flow: every state of the base
    /// layer moves to it and it moves to every tab, so n tabs take 2n edges rather than n².
    private var predecessors: [[(state: Int32, sameLayer: Bool, isAppWide: Bool)]]

    init(graph: FlowStateGraph) {
        let states = graph.states
        predecessors = Array(repeating: [], count: states.count + 1)
        let tabBar = Int32(states.count)
        // The states of each frame (step, layer, bottom of the layer) and the states that present
        // each layer, as chains through `next…` arrays, so no frame needs an array of its own.
        func frame(_ step: Int32, _ layer: FlowStateGraph.Layer, _ layerRoot: Int32) -> PackedTable.Key {
            PackedTable.key(step, 0, layer.rawValue, layerRoot)
        }
        var frameHead = PackedTable(capacity: states.count)
        var nextInFrame = [Int32](repeating: -1, count: states.count)
        var presenterHead = PackedTable()
        var presenterLinks: [(state: Int32, next: Int32)] = []
        var tabStates: [Int32] = []
        for (index, state) in states.enumerated().reversed() {
            let key = frame(state.step, state.layer, state.layerRoot)
            nextInFrame[index] = frameHead.value(for: key) ?? -1
            frameHead.update(key, Int32(index))
        }
        for (index, state) in states.enumerated() {
            if graph.flow.isTabs, state.layer == .base, state.isBottom { tabStates.append(Int32(index)) }
            for move in graph.moves[index] where move.target >= 0 && (move.kind == .sheet || move.kind == .cover) {
                let target = states[Int(move.target)]
                let key = frame(target.step, target.layer, target.layerRoot)
                presenterLinks.append((Int32(index), presenterHead.value(for: key) ?? -1))
                presenterHead.update(key, Int32(presenterLinks.count - 1))
            }
        }
        // Presenters were chained newest first; the predecessors keep the order states were found in.
        func presenters(of key: PackedTable.Key) -> [Int32] {
            var result: [Int32] = []
            var link = presenterHead.value(for: key) ?? -1
            while link >= 0 {
                result.append(presenterLinks[Int(link)].state)
                link = presenterLinks[Int(link)].next
            }
            return result.reversed()
        }
        func statesOf(_ key: PackedTable.Key, _ body: (Int32) -> Void) {
            var state = frameHead.value(for: key) ?? -1
            while state >= 0 {
                body(state)
                state = nextInFrame[Int(state)]
            }
        }
        func add(_ from: Int, _ to: Int32, isAppWide: Bool = false) {
            let sameLayer = states[from].layer == states[Int(to)].layer && states[from].layerRoot == states[Int(to)].layerRoot
            predecessors[Int(to)].append((Int32(from), sameLayer, isAppWide))
        }
        for (index, state) in states.enumerated() {
            for move in graph.moves[index] {
                var isAppWide = false
                if case .flow = move.origin { isAppWide = true }
                if move.target >= 0 { add(index, move.target, isAppWide: isAppWide) }
                if move.kind == .popTo {
                    statesOf(frame(Int32(move.actionTarget), state.layer, state.layerRoot)) { add(index, $0) }
                }
            }
            // The back button: from any pushed step to the step below.
            if !state.isBottom {
                statesOf(frame(state.below, state.layer, state.layerRoot)) { add(index, $0) }
            }
            // `dismiss`, or swiping a sheet away: back to whatever presented the layer.
            if state.layer != .base,
               state.layer == .sheet || graph.moves[index].contains(where: { $0.kind == .dismiss }) {
                for other in presenters(of: frame(state.layerRoot, state.layer, state.layerRoot)) { add(index, other) }
            }
            // The tab bar: from the base layer of a tabs flow to every tab.
            if graph.flow.isTabs, state.layer == .base {
                predecessors[Int(tabBar)].append((Int32(index), true, false))
            }
        }
        for tab in tabStates { predecessors[Int(tab)].append((tabBar, true, false)) }
    }

    /// The states from which one of `targets` can be reached (the targets included), optionally
    /// staying in one layer, and optionally only through what the screens themselves offer.
    func backwardClosure(from targets: [Int], sameLayerOnly: Bool, screensOnly: Bool = false) -> [Bool] {
        var reached = Array(repeating: false, count: predecessors.count)
        var queue = targets
        for target in targets { reached[target] = true }
        while let state = queue.popLast() {
            for (previous, sameLayer, isAppWide) in predecessors[state]
            where !reached[Int(previous)] && (sameLayer || !sameLayerOnly) && !(screensOnly && isAppWide) {
                reached[Int(previous)] = true
                queue.append(Int(previous))
            }
        }
        return reached
    }
}

func orderedUnique<T: Hashable>(_ items: [T]) -> [T] {
    var seen = Set<T>()
    return items.filter { seen.insert($0).inserted }
}
