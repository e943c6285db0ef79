/// `dead-end` (a cover, or a sheet that may be locked, with no way out) and `cannot-finish` (a
/// step of a flow with exits from which no exit can be reached).
///
/// Both ask what the user can still do from a configuration, back actions included, but neither
/// needs the whole stack: in a layer, every step was reached by a forward move from the one below
/// it, so whatever the user can reach from a step above, they can reach from the layer's bottom
/// too. What a layer allows is therefore a property of its bottom step's state, and the analyses
/// are closures over the flow's states (linear), not searches over stacks. docs/Language.md,
/// "Dead ends and flows that cannot finish", has the argument.
enum EscapeRules: RuleFamily {
    static let rules: Set<Rule> = [.deadEnd, .cannotFinish]
    /// How many trapped steps a `dead-end` note names, and how many it lists as subjects: a cover
    /// of thousands of screens (a hostile input) would otherwise make a diagnostic of megabytes.
    static let namedTrappedSteps = 20
    static let trappedSubjects = 200

    static func report(into findings: inout Findings) {
        findings.checkEscapes()
    }
}

extension Findings {
    fileprivate mutating func checkEscapes() {
        for flowIndex in program.flowIndices {
            guard let graph = facts.graphs[flowIndex], !graph.states.isEmpty else { continue }
            let edges = ForwardEdges(graph: graph)
            checkDeadEnds(graph, edges, flowIndex)
            checkCanFinish(graph, edges, flowIndex)
        }
    }

    private mutating func checkDeadEnds(_ graph: FlowStateGraph, _ edges: ForwardEdges, _ flowIndex: FlowIndex) {
        let flow = program.flows[flowIndex]
        let count = graph.states.count
        // A sheet or popover that may be locked is a cover here: the user may be unable to swipe it away.
        guard graph.states.contains(where: { $0.layer.isLocked }) else { return }
        // A way out is something the cover's own screens offer: their `root`, `restart`, `select` or exit (or a
        // subflow's exit they handle that way), or a `dismiss`, also a flow-level one (closing is what
        // a flow-level `dismiss` is for). Other flow-level clauses are app-wide events, such as a
        // session expiring, that no screen of the cover is known to send: they go in a note. A step
        // the checker knows too little about (see `FlowUnknowns`) may be a way out.
        var escapes = [Bool](repeating: false, count: count)
        for state in 0..<count {
            let step = Int(graph.states[state].step)
            escapes[state] = graph.isWild[step] || graph.mayExit[step] || graph.moves(state).contains { move in
                guard let clause = move.origin.clause, !clause.isFlowLevel else { return false }
                return move.kind == .root || move.kind == .restart || move.kind == .exit || (move.kind == .select && flow.isTabs)
                    || move.kind == .show
            }
        }
        let escapesAll = edges.backwardClosure(from: escapes) { !$0.origin.isFlowLevel }
        var leaves = [Bool](repeating: false, count: count)
        for state in 0..<count where graph.states[state].layer.isLocked {
            // A link's `dismiss,` (`-> dismiss, sheet X`) is not the user's: a link arrives from outside.
            leaves[state] = escapesAll[state] || graph.moves(state).contains { move in
                move.kind == .dismiss && move.origin.clause.map { $0.clause(in: flow).link == nil } ?? true
            }
        }
        // From a state that can reach a way out by its screens' pushes and replacements, staying in the layer.
        let isGood = edges.backwardClosure(from: leaves) { !$0.origin.isFlowLevel && ($0.kind == .push || $0.kind == .replace) }
        func isTrapped(_ state: StateIndex) -> Bool { graph.states[Int(state)].layer.isLocked && !isGood[Int(state)] }

        // Each cover (or locked sheet), in the order of its first `cover X` (or `sheet X locked`)
        // clause; its search reuses the one before.
        var found = FlowStateGraph.Search(stateCount: count)
        var sites: [Site: (range: SourceRange, move: FlowStateGraph.Move)] = [:]
        for move in graph.everyMove where move.kind.presents && move.target >= 0 {
            let state = graph.states[Int(move.target)]
            guard state.layer.isLocked else { continue }
            let site = Site(step: Int(state.step), layer: state.layer)
            let range = ActionKey(move).range(in: flow)
            if sites[site].map({ range < $0.range }) ?? true { sites[site] = (range, move) }
        }
        for (key, (site, siteMove)) in sites.sorted(by: { $0.value.range < $1.value.range }) {
            let cover = key.step
            guard let bottom = graph.id(of: .init(step: StepIndex(cover), layer: key.layer, isBottom: true)),
                  graph.isCertain(Int(bottom)) else { continue }
            // The configurations of this cover whose every step is trapped: a step pushed over a
            // trapped one, or put in the place of the top one, keeps the stack below it trapped.
            graph.search(from: [bottom], certainOnly: true, into: &found) { from, move in
                move.kind == .replace || (move.kind == .push && isTrapped(from))
            }
            let trapped = found.order.filter(isTrapped)
            guard let first = trapped.min() else { continue }
            let steps = orderedUnique(trapped.sorted().map { Int(graph.states[Int($0)].step) })
            let coverName = flow.steps[cover].name
            let firstStep = Int(graph.states[Int(first)].step)
            let layer = AnalysisMessages.LockedLayer(ActionKey(siteMove).clause(in: flow)?.actions[siteMove.branch])
            let message = first == bottom
                ? AnalysisMessages.deadEnd(coverName, layer: layer)
                : AnalysisMessages.deadEndInside(flow.steps[firstStep].name, layer: layer, cover: coverName)
            var notes: [Diagnostic.Note] = []
            if steps.count > 1 {
                notes.append(.init(AnalysisMessages.trappedSteps(steps.prefix(EscapeRules.namedTrappedSteps).map { flow.steps[$0].name },
                                                                 more: max(0, steps.count - EscapeRules.namedTrappedSteps))))
            }
            for handler in flow.clauses where handler.actions.contains(where: { [.root, .restart, .exit, .select].contains($0.kind) }) {
                notes.append(.init(AnalysisMessages.appWideWayOut(handler.event), at: handler.eventRange))
            }
            if let (ancestor, handler) = facts.ancestorEscape[flowIndex] {
                let transition = program.flows[ancestor].clauses[handler]
                notes.append(.init(AnalysisMessages.ancestorWayOut(transition.event, flow: program.flows[ancestor].name), at: transition.eventRange))
            }
            for step in steps {
                guard let runs = flow.steps[step].runs, let subgraph = facts.graphs[runs] else { continue }
                let taken = Set(subgraph.possibleExits.map { program.flows[runs].exits[$0].name })
                for handler in flow.steps[step].clauses where !taken.contains(handler.event) {
                    notes.append(.init(AnalysisMessages.handlerNeverRuns(handler.event, flow: program.flows[runs].name), at: handler.eventRange))
                }
            }
            report(.deadEnd, message, at: site,
                   notes: notes,
                   path: facts.path(along: graph.path(to: bottom) + found.path(to: first).dropFirst(), in: flowIndex),
                   subjects: steps.prefix(EscapeRules.trappedSubjects).map { StepReference(flow: flowIndex, step: $0) })
        }
    }

    /// A layer a `dead-end` may be about: a step's bottom state in a cover, or in a locked sheet.
    private struct Site: Hashable {
        var step: Int
        var layer: FlowStateGraph.Layer
    }

    /// A configuration can finish when, from the layers the user can leave down to, some step can
    /// reach an exit. A cover (or a sheet that may be locked) whose screens can never `dismiss` it,
    /// or the base stack, cannot be left: if its bottom cannot reach an exit, nothing above it can,
    /// and the user is stuck. Such a bottom is where a stuck configuration starts (`isStuckEntry`);
    /// every configuration reached from it is stuck, and every stuck one is reached from one.
    private mutating func checkCanFinish(_ graph: FlowStateGraph, _ edges: ForwardEdges, _ flowIndex: FlowIndex) {
        let flow = program.flows[flowIndex]
        let count = graph.states.count
        guard !flow.exits.isEmpty, !graph.possibleExits.isEmpty || graph.reachesUnknown else { return }
        var exits = [Bool](repeating: false, count: count)
        var dismisses = [Bool](repeating: false, count: count)
        for state in 0..<count {
            let step = Int(graph.states[state].step)
            exits[state] = graph.isWild[step] || graph.mayExit[step] || graph.moves(state).contains { $0.kind == .exit }
            dismisses[state] = graph.isWild[step] || graph.moves(state).contains { $0.kind == .dismiss }
        }
        let canExit = edges.backwardClosure(from: exits) { _ in true }
        let canDismiss = edges.backwardClosure(from: dismisses) { $0.kind == .push || $0.kind == .replace }
        var isStuckEntry = [Bool](repeating: false, count: count)
        for (index, state) in graph.states.enumerated() where state.isBottom && !canExit[index] {
            isStuckEntry[index] = state.layer == .base || (state.layer.isLocked && !canDismiss[index])
        }
        let alive = graph.search(from: graph.startStates.filter { !isStuckEntry[Int($0)] }, certainOnly: false) { _, move in
            move.target < 0 || !isStuckEntry[Int(move.target)]
        }
        let entries = (0..<count).filter { isStuckEntry[$0] && graph.isCertain($0) }.map { StateIndex($0) }
        let stuck = graph.search(from: entries, certainOnly: true) { _, _ in true }
        var firstStuck: [Int: StateIndex] = [:]
        for state in stuck.order where firstStuck[Int(graph.states[Int(state)].step)] == nil {
            firstStuck[Int(graph.states[Int(state)].step)] = state
        }
        for (stepIndex, state) in firstStuck.sorted(by: { $0.key < $1.key }) {
            let always = !graph.states(of: stepIndex).contains { alive.isVisited($0) }
            let entry = stuck.source(of: state)
            report(.cannotFinish, always
                   ? AnalysisMessages.cannotFinish(flow.steps[stepIndex].name, flow: flow.name)
                   : AnalysisMessages.cannotFinishOnPath(flow.steps[stepIndex].name, flow: flow.name),
                   at: flow.steps[stepIndex].range,
                   path: facts.path(along: graph.path(to: entry) + stuck.path(to: state).dropFirst(), in: flowIndex),
                   subjects: [StepReference(flow: flowIndex, step: stepIndex)])
        }
    }
}

/// The forward moves of a flow's state graph, reversed for backward closures. One more node after
/// the states stands for the tab bar of a tabs flow: every state of the base layer moves to it and
/// it moves to every tab, so n tabs take 2n edges rather than n².
struct ForwardEdges {
    /// The predecessors of node `n` are `from[start[n] ..< start[n + 1]]`, each with the move (nil: the tab bar).
    private let start: [Int32]
    private let from: [Int32]
    private let moves: [FlowStateGraph.Move?]

    init(graph: FlowStateGraph) {
        let count = graph.states.count
        let tabBar = count
        var degree = [Int32](repeating: 0, count: count + 2)
        let tabs = graph.barStates.map(\.raw)
        let hasBar = !tabs.isEmpty
        for state in 0..<count {
            // `push X below` leaves the user where they are: X is found once the layer goes.
            for move in graph.moves(state) where move.target >= 0 && move.part != .below { degree[Int(move.target) + 1] += 1 }
            if hasBar, graph.states[state].layer == .base { degree[tabBar + 1] += 1 }
        }
        for tab in tabs { degree[Int(tab) + 1] += 1 }
        for node in 0...count { degree[node + 1] += degree[node] }
        var fill = degree
        var from = [Int32](repeating: 0, count: Int(degree[count + 1]))
        var moves = [FlowStateGraph.Move?](repeating: nil, count: from.count)
        func add(_ source: Int, _ target: Int, _ move: FlowStateGraph.Move?) {
            let slot = Int(fill[target])
            fill[target] += 1
            from[slot] = Int32(source)
            moves[slot] = move
        }
        for state in 0..<count {
            for move in graph.moves(state) where move.target >= 0 && move.part != .below { add(state, Int(move.target), move) }
            if hasBar, graph.states[state].layer == .base { add(state, tabBar, nil) }
        }
        for tab in tabs { add(tabBar, Int(tab), nil) }
        self.start = degree
        self.from = from
        self.moves = moves
    }

    /// The states from which one of `targets` can be reached (the targets included) through moves
    /// that `follows` accepts; the tab bar is a move of the screens, a `select`.
    func backwardClosure(from targets: [Bool], follows: (FlowStateGraph.Move) -> Bool) -> [Bool] {
        let tabMove = FlowStateGraph.Move(target: -1, kind: .select, written: .select, actionTarget: -1, origin: .tabBar, branch: 0, isCertain: true)
        var reached = targets + [false]
        var queue: [Int32] = []
        for (node, isTarget) in targets.enumerated() where isTarget { queue.append(Int32(node)) }
        while let node = queue.popLast() {
            for slot in Int(start[Int(node)]) ..< Int(start[Int(node) + 1]) {
                let previous = Int(from[slot])
                guard !reached[previous], follows(moves[slot] ?? tabMove) else { continue }
                reached[previous] = true
                queue.append(Int32(previous))
            }
        }
        reached.removeLast()
        return reached
    }
}

extension FlowStateGraph {
    /// The states the user reaches from any state of the base layer by the container's own bar: every
    /// tab of a tab bar; a split view's sidebar (on an iPhone, its back buttons go there; on an iPad
    /// it is on screen). Empty for a stack flow.
    var barStates: [StateIndex] {
        guard flow.isTabs || flow.isSplit else { return [] }
        let steps = flow.isTabs ? Array(flow.steps.indices) : flow.enteredSteps
        return steps.compactMap { id(of: .init(step: StepIndex($0), layer: .base, isBottom: true)) }
    }

    /// A breadth-first search from `sources` along the moves `follows` accepts (and, in a tabs
    /// flow, the tab bar from the base layer), with the path back to a source from each state found.
    func search(from sources: [StateIndex], certainOnly: Bool, follows: (_ from: StateIndex, Move) -> Bool) -> Search {
        var result = Search(stateCount: states.count)
        search(from: sources, certainOnly: certainOnly, into: &result, follows: follows)
        return result
    }

    /// The same into `result`, an earlier search of this graph whose buffers it reuses: many small
    /// searches (one a cover) then cost what they visit, not the size of the flow each.
    func search(from sources: [StateIndex], certainOnly: Bool, into result: inout Search, follows: (_ from: StateIndex, Move) -> Bool) {
        result.reset()
        for source in sources where result.parent[Int(source)] == -2 { result.reach(source, from: -1, by: nil) }
        var tabs = barStates
        var cursor = 0
        while cursor < result.order.count {
            let state = result.order[cursor]
            cursor += 1
            for move in moves(Int(state)) where move.target >= 0 && result.parent[Int(move.target)] == -2 {
                guard (!certainOnly || (move.isCertain && isCertain(Int(move.target)))), follows(state, move) else { continue }
                result.reach(move.target, from: state, by: move)
            }
            if states[Int(state)].layer == .base {
                for tab in tabs where result.parent[Int(tab)] == -2 {
                    let move = Move(target: tab, kind: .select, written: .select, actionTarget: Int(states[Int(tab)].step),
                                    origin: .tabBar, branch: 0, isCertain: true)
                    guard follows(state, move) else { continue }
                    result.reach(tab, from: state, by: move)
                }
                tabs = []  // Every tab is found once; later base states have nothing to add.
            }
        }
    }

    /// The result of `search(from:certainOnly:follows:)`.
    struct Search {
        private(set) var parent: [StateIndex]
        private(set) var via: [Move?]
        /// The states found, in the order found.
        private(set) var order: [StateIndex] = []

        init(stateCount: Int) {
            parent = [StateIndex](repeating: -2, count: stateCount)
            via = [Move?](repeating: nil, count: stateCount)
        }

        /// Forgets what was found, touching only that.
        fileprivate mutating func reset() {
            for state in order {
                parent[Int(state)] = -2
                via[Int(state)] = nil
            }
            order.removeAll(keepingCapacity: true)
        }

        /// `previous` -1 and no move for a source.
        fileprivate mutating func reach(_ state: StateIndex, from previous: StateIndex, by move: Move?) {
            parent[Int(state)] = previous
            via[Int(state)] = move
            order.append(state)
        }

        func isVisited(_ state: StateIndex) -> Bool { parent[Int(state)] != -2 }

        /// The source a found state was reached from.
        func source(of state: StateIndex) -> StateIndex {
            var cursor = state
            while parent[Int(cursor)] >= 0 { cursor = parent[Int(cursor)] }
            return cursor
        }

        /// From the source to `state`: the source with no move, then each state with the move that reached it.
        func path(to state: StateIndex) -> [(state: StateIndex, move: Move?)] {
            var result: [(StateIndex, Move?)] = []
            var cursor = state
            while parent[Int(cursor)] >= 0 {
                result.append((cursor, via[Int(cursor)]))
                cursor = parent[Int(cursor)]
            }
            result.append((cursor, nil))
            return result.reversed()
        }
    }
}

func orderedUnique<T: Hashable>(_ items: [T]) -> [T] {
    var seen = Set<T>()
    return items.filter { seen.insert($0).inserted }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func deadEnd(_ step: String, layer: LockedLayer) -> String {
        "step '\(step)' is presented as a \(layer.phrase) with no way out: no step in it can dismiss it, exit, or go to a root"
    }
    static func deadEndInside(_ trapped: String, layer: LockedLayer, cover: String) -> String {
        "step '\(trapped)' in the \(layer.phrase) that presents '\(cover)' has no way out: it cannot dismiss the \(layer.kind), exit, or go to a root"
    }
    /// How a `dead-end` names the layer its move presents: `cover`, `locked sheet`, `popover
    /// locked while 'hasDraft'`.
    struct LockedLayer {
        /// `cover`, `sheet` or `popover`.
        let kind: String
        let phrase: String

        init(_ action: Action?) {
            kind = switch action?.kind {
            case .sheet?: "sheet"
            case .popover?: "popover"
            default: "cover"
            }
            if let action, let compact = action.compact, (compact == .cover) != (action.kind == .cover) {
                phrase = "\(action.kind.rawValue) (compact \(compact.rawValue))"
            } else if kind == "cover" || action?.lock == nil {
                phrase = "cover"
            } else if let lock = action?.lock, let guardName = lock.guardName {
                phrase = "\(kind) locked while '\(lock.isNegated ? "!" : "")\(guardName)'"
            } else {
                phrase = "locked \(kind)"
            }
        }
    }
    static func trappedSteps(_ steps: [String], more: Int = 0) -> String {
        "trapped: \(steps.map { "'\($0)'" }.joined(separator: ", "))" + (more > 0 ? " and \(more) more" : "")
    }
    static func cannotFinish(_ step: String, flow: String) -> String {
        "no exit of flow '\(flow)' can be reached from step '\(step)'"
    }
    static func cannotFinishOnPath(_ step: String, flow: String) -> String {
        "no exit of flow '\(flow)' can be reached from step '\(step)' when the user gets there by the path below"
    }
    static func appWideWayOut(_ event: String) -> String {
        "flow-level '\(event)' would also lead out, but only if the app sends it from the cover's steps"
    }
    static func ancestorWayOut(_ event: String, flow: String) -> String {
        "flow-level '\(event)' of enclosing flow '\(flow)' could also close this flow, if the app sends it from the cover's steps"
    }
    static func handlerNeverRuns(_ exit: String, flow: String) -> String {
        "flow '\(flow)' never takes exit '\(exit)', so this handler never runs"
    }
}
