/// Clauses with a back move and then a screen (`dismiss, sheet X`): where their screens land,
/// found each time the search runs out of states, and the chains of moves their witness paths
/// take. See `FlowStateGraph`'s `sequences` and docs/Language.md, "Several moves, checked".
extension FlowStateGraph {
    /// Follows every clause of an action with a back move from the states found so far: the
    /// configurations the back move returns to are those under its state (see `statesUnder`), and
    /// the action's screen is shown on each. Returns whether a move was found: its state may be new,
    /// or, seen before, be under another back move now.
    func followSequences(certainOnly: Bool, processed: Int) -> Bool {
        let before = backMoves.lateMoves.count
        // The moves found since the last run.
        for state in backMoves.edgesDone..<processed {
            let end = state + 1 < moveStart.count ? Int(moveStart[state + 1]) : allMoves.count
            for index in Int(moveStart[state]) ..< end { addIncoming(StateIndex(state), allMoves[index]) }
        }
        backMoves.edgesDone = processed
        for index in backMoves.lateDone..<backMoves.lateMoves.count { addIncoming(backMoves.lateMoves[index].from, backMoves.lateMoves[index].move) }
        backMoves.lateDone = backMoves.lateMoves.count
        // What is under a state changes only when a move comes into a state it can have been
        // reached from by pushes and replacements (or into itself): follow those clauses again,
        // with the ones never followed.
        var due = Set(backMoves.unfollowed)
        var seen = Set<StateIndex>()
        var stack = backMoves.touched
        backMoves.touched.removeAll()
        while let node = stack.popLast() {
            guard seen.insert(node).inserted else { continue }
            due.formUnion(backMoves.sequencesOf[node] ?? [])
            if Int(node) < backMoves.outgoing.count { stack += backMoves.outgoing[Int(node)] }
        }
        backMoves.unfollowed.removeAll()
        for index in due.sorted() {
            let sequence = backMoves.sequences[index]
            guard !certainOnly || sequence.isCertain else {
                backMoves.unfollowed.append(index)
                continue
            }
            let isBelow = sequence.action.kind == .pushBelow || sequence.action.kind == .selectBelow
            guard let target = sequence.action.target else { continue }
            for (under, _) in statesUnder(sequence.from, backs: Self.backs(of: sequence.action), withChains: false) {
                let kind = sequence.action.kind == .pushBelow ? .push : sequence.action.kind == .selectBelow ? .select : sequence.action.checkedKind
                guard let next = successor(of: states[Int(under)], kind, target, mayBeLocked: sequence.action.mayBeLocked) else { continue }
                var move = Move(target: -1, kind: kind, written: sequence.action.kind, actionTarget: target, origin: sequence.origin,
                                branch: sequence.branch, isCertain: sequence.isCertain, part: isBelow ? .below : .main, via: under)
                let key = LateKey(from: sequence.from, branch: sequence.branch, origin: sequence.origin, via: under)
                guard backMoves.lateOrder[key] == nil else { continue }
                backMoves.lateOrder[key] = backMoves.incomingCount
                move.target = add(next, from: (sequence.from, move))
                backMoves.lateMoves.append((sequence.from, move))
            }
        }
        return backMoves.lateMoves.count > before
    }

    /// Takes in a move made in `from` for `statesUnder`: into its target, from the state whose
    /// stacks it acts on.
    func addIncoming(_ from: StateIndex, _ move: Move) {
        guard move.target >= 0 else { return }
        let base = move.base(from: from)
        let size = Int(max(move.target, base)) + 1
        if backMoves.incoming.count < size {
            backMoves.incoming += Array(repeating: [], count: size - backMoves.incoming.count)
            backMoves.outgoing += Array(repeating: [], count: size - backMoves.outgoing.count)
        }
        backMoves.incoming[Int(move.target)].append(Incoming(from: base, kind: move.kind, madeIn: from, move: move, order: backMoves.incomingCount))
        backMoves.incomingCount += 1
        if move.kind == .push || move.kind == .replace { backMoves.outgoing[Int(base)].append(move.target) }
        backMoves.touched.append(move.target)
    }

    struct LateKey: Hashable {
        var from: StateIndex
        var branch: Int
        var origin: Origin
        var via: StateIndex

        init(from: StateIndex, branch: Int, origin: Origin, via: StateIndex) {
            self.from = from
            self.branch = branch
            self.origin = origin
            self.via = via
        }

        init(_ from: StateIndex, _ move: Move) { self.init(from: from, branch: move.branch, origin: move.origin, via: move.via) }
    }

    /// A move into a state, as `statesUnder` follows it: from the state whose stacks it acts on
    /// (`from`), made in `madeIn` (the same, but for a move found late).
    struct Incoming {
        var from: StateIndex
        var kind: ActionKind
        var madeIn: StateIndex
        var move: Move
        /// How many moves `backMoves.incoming` had taken in before this one.
        var order: Int32
    }

    /// The back moves whose landings a move found late is made on: those of `dismiss, sheet X`; for
    /// `push X below` and `select X below`, the stacks the layer on top was presented from, where a
    /// `dismiss` lands.
    static func backs(of action: Action) -> [Action] {
        action.kind == .pushBelow || action.kind == .selectBelow ? [Action(kind: .dismiss, targetName: nil, target: nil, range: action.range)]
            : action.before
    }

    /// The states whose configuration the back moves `backs` made in order from state `from` return
    /// to (`pop, pop`: the states under each state under `from`), each with the moves from it up to
    /// `from` when `withChains`: each back move is made in each state the one before it returned
    /// to, as the navigator makes them; a move that cannot be made there lands nowhere.
    private func statesUnder(_ from: StateIndex, backs: [Action], withChains: Bool, knownBefore: Int32 = .max)
        -> [(under: StateIndex, chain: [(from: StateIndex, move: Move)])] {
        var current: [(under: StateIndex, chain: [(from: StateIndex, move: Move)])] = [(from, [])]
        for back in backs {
            var next: [StateIndex: [(from: StateIndex, move: Move)]] = [:]
            for (node, above) in current {
                for (under, chain) in statesUnder(node, back: back, withChains: withChains, knownBefore: knownBefore) where next[under] == nil {
                    next[under] = chain + above
                }
            }
            current = next.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        return current
    }

    /// The states whose configuration a back move made in state `from` returns to, as far as the
    /// moves found so far tell: for `pop`, the states a push led from to `from` (through any
    /// replacements of the top); for `popTo X`, the states of X that a push led from to a step
    /// below `from` in its layer; for `dismiss`, the states that presented the layer's bottom;
    /// `close` is a `pop` or a `dismiss` as the state says.
    ///
    /// With `withChains`, each state comes with the moves from it up to `from`; `knownBefore` keeps
    /// only the moves known before a late move was found, to find its chain again.
    private func statesUnder(_ from: StateIndex, back: Action, withChains: Bool, knownBefore: Int32 = .max)
        -> [(under: StateIndex, chain: [(from: StateIndex, move: Move)])] {
        let state = states[Int(from)]
        let none: [Incoming] = []
        // The moves into `node` known before `knownBefore`: they come in the order they were known.
        func into(_ node: StateIndex) -> ArraySlice<Incoming> {
            guard Int(node) < backMoves.incoming.count else { return none[...] }
            let all = backMoves.incoming[Int(node)]
            guard knownBefore != .max, let last = all.last, last.order >= knownBefore else { return all[...] }
            return all.prefix { $0.order < knownBefore }
        }
        let kind = Self.acting(back.kind, in: state)
        // The states of `from`'s layer it can have been reached from by `follows` moves, `from`
        // included, each with the move that leads from it towards `from`.
        var towards: [StateIndex: (next: StateIndex, edge: Incoming)] = [:]
        func closure(_ follows: (ActionKind) -> Bool) -> [StateIndex] {
            var seen: Set<StateIndex> = [from]
            var stack: [StateIndex] = [from]
            while let node = stack.popLast() {
                for edge in into(node) where follows(edge.kind) && seen.insert(edge.from).inserted {
                    towards[edge.from] = (node, edge)
                    stack.append(edge.from)
                }
            }
            return seen.sorted()
        }
        var result: [StateIndex: [(from: StateIndex, move: Move)]] = [:]
        // `under`, reached by `edge` into `node`: the moves from it up to `from`.
        func land(_ under: StateIndex, by edge: Incoming, into node: StateIndex) {
            guard result[under] == nil else { return }
            guard withChains else {
                result[under] = []
                return
            }
            var chain = [(from: edge.madeIn, move: edge.move)]
            var cursor = node
            while cursor != from, let (next, step) = towards[cursor] {
                chain.append((step.madeIn, step.move))
                cursor = next
            }
            result[under] = chain
        }
        switch kind {
        case .pop:
            guard !state.isBottom else { return [] }
            for node in closure({ $0 == .replace }) {
                for edge in into(node) where edge.kind == .push { land(edge.from, by: edge, into: node) }
            }
        case .popTo:
            for node in closure({ $0 == .push || $0 == .replace }) {
                for edge in into(node) where edge.kind == .push && Int(states[Int(edge.from)].step) == back.target {
                    land(edge.from, by: edge, into: node)
                }
            }
        case .dismiss:
            guard state.layer != .base else { return [] }
            for node in closure({ $0 == .push || $0 == .replace }) where states[Int(node)].isBottom {
                for edge in into(node) where edge.kind.presents { land(edge.from, by: edge, into: node) }
            }
        default:
            break
        }
        return result.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Finds `landings`, once the search is done (before the moves found late are merged): every
    /// move is taken in for `statesUnder` first, in the order `followSequences` takes them in, so
    /// that the chains its witness paths find stay as they were.
    func findLandings(of clauses: Set<Origin>) {
        for state in backMoves.edgesDone..<states.count {
            for index in Int(moveStart[state]) ..< Int(moveStart[state + 1]) { addIncoming(StateIndex(state), allMoves[index]) }
        }
        backMoves.edgesDone = states.count
        for index in backMoves.lateDone..<backMoves.lateMoves.count { addIncoming(backMoves.lateMoves[index].from, backMoves.lateMoves[index].move) }
        backMoves.lateDone = backMoves.lateMoves.count
        // What `statesUnder` finds for one state, found for every state at once: asked state by
        // state, a deep stack of screens that each can close their sheet is quadratic.
        var underPop: [Set<StateIndex>]?
        var underDismiss: [Set<StateIndex>]?
        var underPopTo: [Int: [Set<StateIndex>]] = [:]
        for state in states.indices {
            for index in Int(moveStart[state]) ..< Int(moveStart[state + 1]) {
                let move = allMoves[index]
                guard move.part == .main, move.written.goesBack, clauses.contains(move.origin) else { continue }
                let from = states[state]
                let under: Set<StateIndex>
                switch move.kind {
                case .pop:
                    guard !from.isBottom else { continue }
                    if underPop == nil { underPop = underEveryState(follows: { $0 == .replace }, direct: { _, edge in edge.kind == .push }) }
                    under = underPop![state]
                case .dismiss:
                    guard from.layer != .base else { continue }
                    if underDismiss == nil {
                        underDismiss = underEveryState(follows: { $0 == .push || $0 == .replace }) { node, edge in
                            self.states[Int(node)].isBottom && edge.kind.presents
                        }
                    }
                    under = underDismiss![state]
                case .popTo:
                    let target = move.actionTarget
                    if underPopTo[target] == nil {
                        underPopTo[target] = underEveryState(follows: { $0 == .push || $0 == .replace }) { _, edge in
                            edge.kind == .push && Int(self.states[Int(edge.from)].step) == target
                        }
                    }
                    under = underPopTo[target]![state]
                default:
                    continue
                }
                landings.append(Landing(from: StateIndex(state), move: move, under: under.sorted()))
            }
        }
    }

    /// For every state `s`, the states a back move made in `s` returns to, as `statesUnder` finds
    /// them for one: the `from` of each move into a state `s` can have been reached from by
    /// `follows` moves (`s` included) for which `direct` holds. Found forward, for all states at
    /// once: each state takes in what the states a `follows` move led from hold, until nothing
    /// changes.
    func underEveryState(follows: (ActionKind) -> Bool, direct: (StateIndex, Incoming) -> Bool) -> [Set<StateIndex>] {
        var result = [Set<StateIndex>](repeating: [], count: states.count)
        var successors = [[StateIndex]](repeating: [], count: states.count)
        for node in 0 ..< min(states.count, backMoves.incoming.count) {
            for edge in backMoves.incoming[node] {
                if direct(StateIndex(node), edge) { result[node].insert(edge.from) }
                if follows(edge.kind), edge.from != StateIndex(node) { successors[Int(edge.from)].append(StateIndex(node)) }
            }
        }
        var queue = (0 ..< states.count).reversed().map { StateIndex($0) }
        var isQueued = [Bool](repeating: true, count: states.count)
        while let node = queue.popLast() {
            isQueued[Int(node)] = false
            guard !result[Int(node)].isEmpty else { continue }
            for next in successors[Int(node)] {
                let before = result[Int(next)].count
                result[Int(next)].formUnion(result[Int(node)])
                if result[Int(next)].count != before, !isQueued[Int(next)] {
                    isQueued[Int(next)] = true
                    queue.append(next)
                }
            }
        }
        return result
    }

    /// The landings `statesUnder` finds state by state, for a test to compare with `landings`.
    func landingsOneByOne() -> [Landing] {
        landings.map { landing in
            guard let action = transition(of: landing.move.origin)?.actions[landing.move.branch] else { return landing }
            var copy = landing
            copy.under = statesUnder(landing.from, back: action, withChains: false).map(\.under)
            return copy
        }
    }

    /// The moves from the flow's start to state `under`, up to the state `from` where a back move of
    /// `landings` is made, then that move, back to `under`: the witness that it lands there.
    func landingPath(from: StateIndex, move: Move, under: StateIndex) -> [(state: StateIndex, move: Move?)] {
        guard let action = transition(of: move.origin)?.actions[move.branch],
              let chain = statesUnder(from, back: action, withChains: true).first(where: { $0.under == under })?.chain else {
            return path(to: under)
        }
        var result = path(to: under)
        for (madeIn, step) in chain {
            if step.via >= 0 {
                result += hops(ofLateMove: step, madeIn: madeIn)
            } else {
                result.append((step.target, step))
            }
        }
        var back = move
        back.target = under
        result.append((under, back))
        return result
    }

    /// A later back move of an action (`laterBackMoves`): its index among the action's back moves,
    /// whether some state it is made in allows it, and those that do not, each with its path.
    struct LaterBackMove {
        var index: Int
        var allowedSomewhere: Bool
        var stuck: [(state: StateIndex, path: [(state: StateIndex, move: Move?)])]
    }

    /// For a clause's action of several back moves (`pop, pop`, `popTo Cart, pop`, `dismiss,
    /// dismiss, push X`) whose first move `first` is made in state `from`: each later back move,
    /// by its index among the action's back moves, with the states the moves before it returned to
    /// where it cannot be made (nothing under the top for `pop`, no modal layer for `dismiss`,
    /// neither for `close`), each with the path from the flow's start through it up to `from`.
    /// The navigator then makes none of the moves: the outcome is `impossible`.
    func laterBackMoves(from: StateIndex, first: Move) -> [LaterBackMove] {
        guard let action = transition(of: first.origin)?.actions[first.branch] else { return [] }
        let backs = action.backMoves
        var result: [LaterBackMove] = []
        for index in backs.indices.dropFirst() {
            var stuck: [(state: StateIndex, path: [(state: StateIndex, move: Move?)])] = []
            var allowed = false
            for (under, chain) in statesUnder(from, backs: Array(backs[..<index]), withChains: true) {
                let state = states[Int(under)]
                let canBeMade = Self.canMake(backs[index].kind, in: state)
                allowed = allowed || canBeMade
                guard !canBeMade else { continue }
                var path = self.path(to: under)
                for (madeIn, step) in chain {
                    if step.via >= 0 { path += hops(ofLateMove: step, madeIn: madeIn) } else { path.append((step.target, step)) }
                }
                stuck.append((under, path))
            }
            result.append(LaterBackMove(index: index, allowedSomewhere: allowed, stuck: stuck))
        }
        return result
    }

    /// The clause a move comes from; nil for the tab bar.
    func transition(of origin: Origin) -> Clause? {
        switch origin {
        case .clause(let clause): clause.clause(in: flow)
        case .tabBar, .launch: nil
        }
    }

    /// Puts the moves found late after the moves of the state they are made in.
    func mergeLateMoves() {
        var byState = [[Move]](repeating: [], count: states.count)
        for (from, move) in backMoves.lateMoves { byState[Int(from)].append(move) }
        var merged: [Move] = []
        merged.reserveCapacity(allMoves.count + backMoves.lateMoves.count)
        var starts: [Int32] = []
        starts.reserveCapacity(states.count + 1)
        for state in 0..<states.count {
            starts.append(Int32(merged.count))
            let end = state + 1 < moveStart.count ? Int(moveStart[state + 1]) : allMoves.count
            if state < moveStart.count { merged += allMoves[Int(moveStart[state]) ..< end] }
            merged += byState[state]
        }
        starts.append(Int32(merged.count))
        allMoves = merged
        moveStart = starts
        backMoves.lateMoves = []
    }

    /// The moves from the state a late move's back move returned to up to the state it is made
    /// in, found from the moves known when it was found.
    func chain(of key: LateKey) -> [(from: StateIndex, move: Move)] {
        guard let known = backMoves.lateOrder[key], let action = transition(of: key.origin)?.actions[key.branch] else { return [] }
        return statesUnder(key.from, backs: Self.backs(of: action), withChains: true, knownBefore: known).first { $0.under == key.via }?.chain ?? []
    }
}

/// What the search for the moves of clauses with a back move keeps from one run to the next, so
/// that each run costs what changed, and what it leaves for the witness paths. Its fields are
/// `fileprivate`: only the code of this file, which builds that part of the graph, reads or
/// writes them; the rest of `FlowStateGraph` asks `hasSequences`, `hasTakenIn(_:)`, `hasLateMoves`.
struct BackMoveSearch {
    /// The clauses of actions with a back move (`dismiss, sheet X`), each with the state it is
    /// taken in: their targets depend on what is below that state, known only once the states
    /// under it are found, so they are followed each time the search runs out of states.
    fileprivate var sequences: [Sequence] = []
    /// The moves those clauses make (`from` is the state they are taken in), found late: merged
    /// into `allMoves` at the end.
    fileprivate var lateMoves: [(from: StateIndex, move: FlowStateGraph.Move)] = []
    /// For each move found late, how many moves into states were known when it was found. The
    /// moves that lead from the state its back move returned to (`via`) up to the state it is made
    /// in (a path to that state through `via`, which the witness of what the move reaches must
    /// take, `path(to:)`) are found again from those moves when a path needs them: keeping them
    /// for every late move cost memory quadratic in a flow of many such clauses, and only moves
    /// found before it make the chain, so chains never go round in a circle.
    fileprivate var lateOrder: [FlowStateGraph.LateKey: Int32] = [:]
    /// How many moves into states `incoming` has taken in.
    fileprivate var incomingCount: Int32 = 0
    /// The moves into each state (from the states `0 ..< edgesDone` and the first `lateDone` late
    /// moves), the `push` and `replace` moves out of each, the targets of the moves added since the
    /// last run, the clauses with a back move not followed yet, and those of each state.
    fileprivate var incoming: [[FlowStateGraph.Incoming]] = []
    fileprivate var outgoing: [[StateIndex]] = []
    fileprivate var edgesDone = 0
    fileprivate var lateDone = 0
    fileprivate var touched: [StateIndex] = []
    fileprivate var unfollowed: [Int] = []
    fileprivate var sequencesOf: [StateIndex: [Int]] = [:]

    /// Whether an action of the flow makes several back moves (`pop, pop`): its later ones are
    /// checked once the search is done (`laterBackMoves`), which needs every move into each state.
    var hasSeveralBackMoves = false

    typealias Sequence = (from: StateIndex, action: Action, origin: FlowStateGraph.Origin, branch: Int, isCertain: Bool)

    var hasSequences: Bool { !sequences.isEmpty }
    var hasLateMoves: Bool { !lateMoves.isEmpty }
    /// Whether the moves of `state` are taken in already (a move given its target later must then be taken in).
    func hasTakenIn(_ state: StateIndex) -> Bool { Int(state) < edgesDone }

    /// A clause's action with a back move, taken in `sequence.from`: to follow.
    mutating func add(_ sequence: Sequence) {
        unfollowed.append(sequences.count)
        sequencesOf[sequence.from, default: []].append(sequences.count)
        sequences.append(sequence)
    }
}
