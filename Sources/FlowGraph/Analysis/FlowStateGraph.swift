/// The navigation states of one flow, abstracted so that the set is finite and small, and the
/// forward moves between them.
///
/// A concrete state of a flow is its stack of layers: the base stack (or the tab bar, for tabs),
/// then each modal stack presented over it. An abstract state keeps only what a rule observes of
/// it: the step on top, the kind of the top layer, and whether the top step is at the bottom of
/// that layer's stack. So a flow has at most eight states a step, and the search is linear in the
/// flow. Back actions (`pop`, `popTo`, `dismiss`) only ever return to a configuration seen earlier
/// on the same path, so the states reachable without them are all the reachable states, and a
/// breadth-first search over forward moves finds them with shortest paths. What the rules need of
/// the rest of the stack (is X below? which layer is under this one?) they compute as properties
/// of these states: see docs/Language.md, "How the checker decides".
///
/// A class, built whole by its initializer and only read after: the checker's rules and facts
/// pass a flow's graph around (`let graph = facts.graphs[i]`), and a copy of a struct of twenty
/// arrays and sets retained each of them. Its fields are written only while it is built, so they
/// need no run-time exclusivity checks (`@exclusivity(unchecked)`).
final class FlowStateGraph: @unchecked Sendable {
    /// The kind of the layer a step is shown in. A popover is a sheet here; a sheet or popover
    /// that may be locked (`locked`, or `locked while g`, whose answers the checker does not know)
    /// is a `lockedSheet`: a cover for `dead-end` and `cannot-finish`, a sheet for every other rule.
    enum Layer: UInt8 {
        case base, sheet, cover, lockedSheet

        /// Whether the user may be unable to leave the layer but by a move of its screens: a cover,
        /// or a sheet that may be locked.
        var isLocked: Bool {
            switch self {
            case .cover, .lockedSheet: true
            case .base, .sheet: false
            }
        }
    }

    /// How many states a step can have: one per layer kind, at the bottom of its stack or not.
    static let statesPerStep = 8

    struct State: Hashable {
        var step: StepIndex
        var layer: Layer
        /// Whether the step is at the bottom of its layer's stack: nothing in that layer to go back to.
        var isBottom: Bool
    }

    /// What a move comes from: an `on` clause, or the user tapping a tab.
    enum Origin: Hashable {
        case clause(ClauseID)
        /// The user tapping a tab of a tabs flow.
        case tabBar
        /// The flow starting: the layer its start shows over its first screen (`start Home, cover
        /// Onboarding if g`), made in each state it may start in.
        case launch

        var clause: ClauseID? {
            if case .clause(let clause) = self { return clause }
            return nil
        }

        var isFlowLevel: Bool { clause?.isFlowLevel ?? false }
    }

    /// One thing the user can do in a state: a forward move to `target`, or a back action or exit (target -1).
    struct Move {
        var target: StateIndex
        /// What the move does in its state (`acting`): for `close`, a `pop` or a `dismiss`.
        var kind: ActionKind
        /// The action's kind as written.
        var written: ActionKind
        /// For `popTo`, `select` and the forward kinds, the step; for `exit`, the exit index.
        var actionTarget: Int
        var origin: Origin
        /// Which action of the clause's chain: 0 for the main one, k for the k-th `else`.
        var branch: Int
        /// False for a move that happens only if a broken name resolves one way: the handler of an
        /// exit that a subflow with unknowns may or may not take, or of a misspelt exit.
        var isCertain: Bool
        /// Which move of its action this is: the action's own (`sheet X` in `dismiss, sheet X`), or
        /// the back move made before it (`dismiss`), which has no target.
        var part: Part = .main
        /// For the move of an action with a back move: the state the back move returned to, on
        /// whose stacks the move showed its screen (-1 for every other move). What is below the
        /// target is what was below there, not what was below the state the move was made in.
        var via: StateIndex = -1

        enum Part: UInt8 {
            /// `below`: the move of `push X below`, made on the stacks under the layer of the state
            /// it is made in (`via`), which stays on top: the user stays where they are, and finds X
            /// when the layer goes. Also a move with no target where it is taken, for
            /// `invalid-push-below` (in the base layer there is nothing beneath).
            case main, back, below
        }

        /// The state whose stacks the move acts on: `via` for a move after a back move, else `from`.
        func base(from: StateIndex) -> StateIndex { via >= 0 ? via : from }
    }

    let flow: Flow
    /// `flow.enteredSteps`, once: where a `restart` lands (every tab, for a tab bar).
    private let enteredSteps: [Int]
    @exclusivity(unchecked) private(set) var states: [State] = []
    /// The id of each (step, layer, bottom) state, or -1: `slot(_:)` indexes it.
    @exclusivity(unchecked) private var ids: [StateIndex]
    /// How each state was first reached: the state before, and the move taken.
    @exclusivity(unchecked) private(set) var parent: [(state: StateIndex, move: Move)?] = []
    /// The moves of state `s` are `allMoves[moveStart[s] ..< moveStart[s + 1]]`.
    @exclusivity(unchecked) var moveStart: [Int32] = []
    @exclusivity(unchecked) var allMoves: [Move] = []
    /// The search for the moves of clauses with a back move (`dismiss, sheet X`) and what it keeps
    /// between runs: only `FlowStateGraph+BackMoves.swift` reads or writes it.
    @exclusivity(unchecked) var backMoves = BackMoveSearch()
    /// States `0 ..< certainCount` are reached through certain moves only; the rest through some
    /// uncertain move (only in programs with errors).
    @exclusivity(unchecked) private(set) var certainCount = 0
    /// Exits some reachable state surely takes.
    @exclusivity(unchecked) private(set) var producedExits = Set<Int>()
    /// Exits some reachable state may take, when broken names resolve one way (a superset of `producedExits`).
    @exclusivity(unchecked) private(set) var possibleExits = Set<Int>()
    /// Whether each step can do anything at all, as far as the checker knows: a clause of it (or of
    /// its flow) was lost to a syntax error or names a target that does not resolve, or it runs a
    /// flow that does not resolve. See `Checker`'s "unknowns".
    let isWild: [Bool]
    /// Whether each step may take an exit the checker cannot name (`exit Typo`).
    let mayExit: [Bool]
    /// Whether each step may show any step of the flow (see `FlowUnknowns`).
    let goesAnywhere: [Bool]
    /// Whether some reachable state is of a step that can do anything (see `isWild`).
    @exclusivity(unchecked) private(set) var reachesWild = false
    /// Whether some reachable state is of a step that may show any step of the flow: none of the
    /// flow's steps is then surely unreachable.
    @exclusivity(unchecked) private(set) var reachesAnywhere = false
    /// Whether some reachable state is of a step that can do anything or take an unnamed exit: the
    /// flow may then take any of its exits.
    @exclusivity(unchecked) private(set) var reachesUnknown = false
    /// Where the back moves of the clauses that hand a result back land (`resultClauses` of `init`):
    /// each back move that is a clause's whole action (`pop`, not the `dismiss` of `dismiss, sheet
    /// X`, whose screen covers at once what it went back to), in each state it is made in, with the
    /// states it returns to. In order of state, then move. See `findLandings`.
    @exclusivity(unchecked) var landings: [Landing] = []

    /// The states the flow may start in: its start's, then each other choice's of a start that
    /// guards decide (state 0 is the first). Every search of what can happen starts from them all.
    @exclusivity(unchecked) private(set) var startStates: [StateIndex] = [0]

    /// A back move made in state `from`, and the states it can return to (`statesUnder`).
    struct Landing {
        var from: StateIndex
        var move: Move
        var under: [StateIndex]
    }

    /// Builds the graph from the flow's start.
    ///
    /// - Parameters:
    ///   - resultClauses: the clauses whose back moves' landings are wanted (`landings`): those that
    ///     hand a result back, in a flow where a step receives one. Empty for most flows, which then
    ///     pay nothing for it.
    ///   - exitsOfSubflow: for a step that runs a flow, the exits that flow surely takes and those
    ///     it may take; its exit clauses fire only for those (certainly or not).
    init(flow: Flow, unknowns: FlowUnknowns, resultClauses: Set<Origin> = [],
         exitsOfSubflow: (FlowIndex) -> (sure: Set<String>, possible: Set<String>)) {
        self.flow = flow
        enteredSteps = flow.enteredSteps
        isWild = unknowns.isWild
        mayExit = unknowns.mayExit
        goesAnywhere = unknowns.goesAnywhere
        ids = Array(repeating: -1, count: flow.steps.count * Self.statesPerStep)
        guard let start = flow.start else {
            moveStart = [0]
            startStates = []
            return
        }
        let subflowExits: [(sure: Set<String>, possible: Set<String>)?] = flow.steps.map { $0.runs.map(exitsOfSubflow) }
        // Per step, the flow-level clauses it does not shadow (all of them for a step that runs a flow).
        let stepEvents: [HandledEvents] = flow.steps.map { HandledEvents($0.clauses) }

        var deferred: [(move: Int, from: StateIndex, state: State)] = []
        var isDeferring = true
        startStates = [add(State(step: StepIndex(start), layer: .base, isBottom: true), from: nil)]
        // A flow whose start is decided by guards may start at each of its choices (a tabs flow's
        // choice only picks the tab shown first: the tab bar reaches the others).
        if !flow.isTabs {
            for choice in flow.startChoices.dropFirst() {
                guard let step = choice.step else { continue }
                let state = add(State(step: StepIndex(step), layer: .base, isBottom: true), from: nil)
                if !startStates.contains(state) { startStates.append(state) }
            }
        } else if flow.steps[start].condition != nil, let always = flow.steps.firstIndex(where: { $0.isTab && $0.condition == nil }) {
            // A tab bar built without its start's tab (`if hasLists`) shows the first that is always there.
            startStates.append(add(State(step: StepIndex(always), layer: .base, isBottom: true), from: nil))
        }
        var cursor = 0
        // Once, not once a state: a tab bar of a million tabs has a million base states.
        let tabItems = flow.tabItems
        moveStart.reserveCapacity(flow.steps.count * 2 + 1)
        while true {
            if cursor == states.count {
                // Moves after a back move land on the stacks under their state, found by now.
                if backMoves.hasSequences, followSequences(certainOnly: isDeferring, processed: cursor) { continue }
                // The certain states are all found: now follow the uncertain moves, if any.
                guard isDeferring else { break }
                isDeferring = false
                certainCount = states.count
                for (moveIndex, from, state) in deferred {
                    allMoves[moveIndex].target = add(state, from: (from, allMoves[moveIndex]))
                    // A state whose moves `followSequences` took in when this one had no target yet.
                    if backMoves.hasTakenIn(from) { addIncoming(from, allMoves[moveIndex]) }
                }
                // Even when they found no new state, the uncertain clauses with a back move are
                // still to follow: back to the top, which follows them or ends the search.
                continue
            }
            let current = StateIndex(cursor)
            let state = states[cursor]
            moveStart.append(Int32(allMoves.count))
            if flow.isTabs, cursor == 0 {
                for tab in flow.steps.indices where tab != start && flow.steps[tab].isTab {
                    var move = Move(target: -1, kind: .select, written: .select, actionTarget: tab, origin: .tabBar, branch: 0, isCertain: true)
                    move.target = add(State(step: StepIndex(tab), layer: .base, isBottom: true), from: (current, move))
                    allMoves.append(move)
                }
            }
            // `step Post as sheet`: its item of the tab bar presents it, from any tab.
            if flow.isTabs, state.layer == .base {
                for item in tabItems { addPresentation(flow.steps[item].tabItem ?? .sheet, of: item, origin: .tabBar, from: current) }
            }
            // `start Home, cover Onboarding if g`: over each first screen, as the flow starts.
            if let launch = flow.launch, let target = launch.step, !flow.isTabs, startStates.contains(current) {
                addPresentation(launch.kind, of: target, origin: .launch, from: current)
            }
            let stepIndex = Int(state.step)
            // Not a copy of the step (a dozen references, each retained).
            let runsFlow = flow.steps[stepIndex].runsAFlow
            // A step's own clauses: for a step that runs a flow, the clauses of the exits it takes.
            for (handlerIndex, handler) in flow.steps[stepIndex].clauses.enumerated() {
                var isCertain = true
                if runsFlow {
                    if let exits = subflowExits[stepIndex] {
                        if !exits.sure.contains(handler.event) {
                            guard exits.possible.contains(handler.event) else { continue }
                            isCertain = false
                        }
                    } else {
                        isCertain = false  // It runs a flow that does not resolve: any exit may come.
                    }
                }
                addMoves(of: handler, origin: .clause(ClauseID(step: stepIndex, index: ClauseIndex(handlerIndex))), from: current,
                         isCertain: isCertain, deferring: isDeferring, deferred: &deferred)
            }
            flow.forEachFlowLevelClause(ofStep: runsFlow, handling: stepEvents[stepIndex]) { handlerIndex, handler in
                // The move of a link whose line has a syntax error may or may not happen once it is fixed.
                let isCertain = handler.link.map { !flow.links[$0].isIncomplete } ?? true
                addMoves(of: handler, origin: .clause(ClauseID(step: nil, index: ClauseIndex(handlerIndex))), from: current,
                         isCertain: isCertain, deferring: isDeferring, deferred: &deferred)
            }
            cursor += 1
        }
        if isDeferring { certainCount = states.count }
        moveStart.append(Int32(allMoves.count))
        // `laterBackMoves` (`pop, pop`) and the landings of back moves ask the moves into each state.
        if !resultClauses.isEmpty || backMoves.hasSeveralBackMoves { findLandings(of: resultClauses) }
        if backMoves.hasLateMoves { mergeLateMoves() }
        reachesWild = states.contains { isWild[Int($0.step)] }
        reachesAnywhere = states.contains { goesAnywhere[Int($0.step)] }
        reachesUnknown = reachesWild || states.contains { mayExit[Int($0.step)] }
    }

    /// A move no clause makes, that presents `target` (with its step's lock) from state `current`:
    /// a tab bar's item (`step Post as sheet`), or the layer a flow shows at launch.
    private func addPresentation(_ kind: ActionKind, of target: Int, origin: Origin, from current: StateIndex) {
        var move = Move(target: -1, kind: kind, written: kind, actionTarget: target, origin: origin, branch: 0, isCertain: true)
        let mayBeLocked = flow.stepLock(presentedBy: kind, target: target) != nil
        guard let next = successor(of: states[Int(current)], kind, target, mayBeLocked: mayBeLocked) else { return }
        move.target = add(next, from: (current, move))
        allMoves.append(move)
    }

    /// Adds the moves of each action of `transition` from state `current`, and the states they reach.
    private func addMoves(of transition: Clause, origin: Origin, from current: StateIndex, isCertain: Bool,
                                   deferring: Bool, deferred: inout [(move: Int, from: StateIndex, state: State)]) {
        var shown = Set<Int>()
        addMoves(of: transition, origin: origin, from: current, isCertain: isCertain, deferring: deferring, deferred: &deferred,
                 shownAlerts: &shown)
    }

    /// `shownAlerts`: the alerts whose buttons were already added for this clause (an alert's
    /// button may show another alert, and alerts may show each other in a cycle).
    private func addMoves(of transition: Clause, origin: Origin, from current: StateIndex, isCertain: Bool,
                                   deferring: Bool, deferred: inout [(move: Int, from: StateIndex, state: State)],
                                   shownAlerts: inout Set<Int>) {
        let state = states[Int(current)]
        var branch = 0
        transition.forEachAction { action in
            defer { branch += 1 }
            if action.kind.targetRole == .alert {
                // No state of its own: each button's move is a move of this state, from its own clause.
                guard let alert = action.target, shownAlerts.insert(alert).inserted else { return }
                for (index, button) in flow.alerts[alert].buttons.enumerated() {
                    guard let clause = button.clause else { continue }  // it only closes the alert
                    let buttonOrigin = Origin.clause(ClauseID(alert: alert, button: index, shownByFlowLevel: origin.isFlowLevel))
                    addMoves(of: clause, origin: buttonOrigin, from: current, isCertain: isCertain, deferring: deferring,
                             deferred: &deferred, shownAlerts: &shownAlerts)
                }
                return
            }
            // A link's `dismiss,` closes the flow's top sheet only where one is up: in the base
            // layer, the link's move alone is made (the navigator's `LinkOpening` does the same).
            if let back = action.back, transition.link == nil || state.layer != .base {
                // The back move is checked where it is made; the screen the action shows lands on
                // the stacks it goes back to (`followSequences`).
                guard let backTarget = back.target ?? (back.kind.hasTarget ? nil : -1) else { return }
                let kind = Self.acting(back.kind, in: state)
                allMoves.append(Move(target: -1, kind: kind, written: back.kind, actionTarget: backTarget, origin: origin,
                                     branch: branch, isCertain: isCertain, part: .back))
                // `pop, pop` shows nothing: only its first move is made here (the others, where it went
                // back to, are checked by `StackMoveRules`).
                if action.backMoves.count > 1 { backMoves.hasSeveralBackMoves = true }
                if action.target != nil, !action.onlyGoesBack {
                    backMoves.add((current, action, origin, branch, isCertain))
                }
                return
            }
            // `push X below`: on the stacks the layer on top was presented from, found late, as a
            // back move's landings are (`followSequences`); the state here stays on top.
            // `select X below` over a layer: the tab under it, found late as `push X below` is.
            if action.kind == .selectBelow, state.layer != .base, flow.isTabs {
                guard let target = action.target else { return }
                allMoves.append(Move(target: -1, kind: .selectBelow, written: .selectBelow, actionTarget: target, origin: origin,
                                     branch: branch, isCertain: isCertain, part: .below))
                backMoves.add((current, action, origin, branch, isCertain))
                return
            }
            if action.kind == .pushBelow {
                guard let target = action.target else { return }
                // Where it is taken, with no target: what `invalid-push-below` judges (as a back move's).
                allMoves.append(Move(target: -1, kind: .pushBelow, written: .pushBelow, actionTarget: target, origin: origin,
                                     branch: branch, isCertain: isCertain, part: .below))
                if state.layer != .base { backMoves.add((current, action, origin, branch, isCertain)) }
                return
            }
            // `restart`: the flow starts over, in a state of each step it may start at again.
            if action.kind == .restart {
                for step in Self.restartSteps(from: state, in: flow, entered: enteredSteps) {
                    var move = Move(target: -1, kind: .restart, written: .restart, actionTarget: step, origin: origin, branch: branch,
                                    isCertain: isCertain)
                    let next = State(step: StepIndex(step), layer: .base, isBottom: true)
                    if isCertain || !deferring {
                        move.target = add(next, from: (current, move))
                    } else {
                        deferred.append((allMoves.count, current, next))
                    }
                    allMoves.append(move)
                }
                return
            }
            guard let actionTarget = action.target ?? (action.kind.hasTarget ? nil : -1) else { return }
            let kind = Self.acting(action.checkedKind, in: state)
            // A `select` outside tabs, or of an item of the tab bar (already errors), is a move to its
            // step that a fix keeps, made as a tab's would be; only an uncertain one, since a fix may
            // change its kind.
            let isUnknownKind = action.kind.selects
                && (!flow.isTabs || flow.steps.indices.contains(actionTarget) && !flow.steps[actionTarget].isTab)
            var move = Move(target: -1, kind: kind, written: action.kind, actionTarget: actionTarget, origin: origin, branch: branch,
                            isCertain: isCertain && !isUnknownKind)
            let next = isUnknownKind ? State(step: StepIndex(actionTarget), layer: .base, isBottom: true)
                : Self.successor(of: state, kind, actionTarget, mayBeLocked: action.mayBeLocked, inTabs: flow.isTabs)
            if let next {
                if move.isCertain || !deferring {
                    move.target = add(next, from: (current, move))
                } else {
                    deferred.append((allMoves.count, current, next))
                }
            }
            if action.kind == .exit {
                possibleExits.insert(actionTarget)
                if isCertain && deferring { producedExits.insert(actionTarget) }
            }
            allMoves.append(move)
        }
    }

    private static func slot(_ state: State) -> Int {
        Int(state.step) * statesPerStep + Int(state.layer.rawValue) * 2 + (state.isBottom ? 1 : 0)
    }

    func add(_ state: State, from origin: (StateIndex, Move)?) -> StateIndex {
        let slot = Self.slot(state)
        if ids[slot] >= 0 { return ids[slot] }
        let id = StateIndex(states.count)
        ids[slot] = id
        states.append(state)
        parent.append(origin)
        return id
    }

    /// The moves that can be made in `state`.
    func moves(_ state: Int) -> ArraySlice<Move> {
        allMoves[Int(moveStart[state]) ..< Int(moveStart[state + 1])]
    }

    func moves(_ state: StateIndex) -> ArraySlice<Move> { moves(Int(state)) }

    /// Every move of every state.
    var everyMove: [Move] { allMoves }

    /// The reachable states of a step, in the order they were found (the first by a shortest path).
    func states(of step: Int) -> [StateIndex] {
        var result: [StateIndex] = []
        for slot in step * Self.statesPerStep ..< (step + 1) * Self.statesPerStep where ids[slot] >= 0 { result.append(ids[slot]) }
        return result.sorted()
    }

    func isReachable(_ step: Int) -> Bool { (step * Self.statesPerStep ..< (step + 1) * Self.statesPerStep).contains { ids[$0] >= 0 } }

    /// Whether the step has a state reached through certain moves only.
    func isSurelyReachable(_ step: Int) -> Bool {
        (step * Self.statesPerStep ..< (step + 1) * Self.statesPerStep).contains { ids[$0] >= 0 && Int(ids[$0]) < certainCount }
    }

    func isCertain(_ state: Int) -> Bool { state < certainCount }
    func isCertain(_ state: StateIndex) -> Bool { Int(state) < certainCount }

    /// The id of a state, if it is reachable.
    func id(of state: State) -> StateIndex? {
        let id = ids[Self.slot(state)]
        return id >= 0 ? id : nil
    }

    /// The moves from the flow's start to `state`, shortest first found. A state first reached by
    /// a move made after a back move (`dismiss, push X`) is reached through the state the back
    /// move returned to, and the moves from there up to the state the clause was taken in: on
    /// the shortest path to that state, something else may be below it.
    func path(to state: StateIndex) -> [(state: StateIndex, move: Move?)] { walk(.reach(state)) }

    /// For a move found late, made in `from`: the moves from the state its back move returned to
    /// (`via`, not included) up to the state the clause was taken in, then the move itself.
    func hops(ofLateMove move: Move, madeIn from: StateIndex) -> [(state: StateIndex, move: Move?)] {
        walk(.chain(LateKey(from, move))) + [(move.target, move)]
    }

    private enum Work {
        case reach(StateIndex)
        case hop(StateIndex, Move)
        case chain(LateKey)
    }

    private func walk(_ first: Work) -> [(state: StateIndex, move: Move?)] {
        var result: [(StateIndex, Move?)] = []
        var work: [Work] = [first]
        while let item = work.popLast() {
            switch item {
            case .reach(let cursor):
                guard let (previous, move) = parent[Int(cursor)] else {
                    result.append((cursor, nil))
                    continue
                }
                work.append(.hop(cursor, move))
                if move.via >= 0 {
                    work.append(.chain(LateKey(previous, move)))
                    work.append(.reach(move.via))
                } else {
                    work.append(.reach(previous))
                }
            case .hop(let target, let move):
                result.append((target, move))
            case .chain(let key):
                for (from, move) in chain(of: key).reversed() {
                    work.append(.hop(move.target, move))
                    if move.via >= 0 { work.append(.chain(LateKey(from, move))) }
                }
            }
        }
        return result
    }
}
