/// `invalid-pop`, `invalid-pop-to`, `invalid-dismiss`, `invalid-close`: back actions that can have
/// nothing to go back to; `invalid-push-below`: a `push X below` with no stack beneath.
///
/// A step's own transition is an error when some reachable state of the step makes it impossible
/// (the user on that path is stuck or sent somewhere wrong); the note shows that path. A flow-level
/// transition applies in every step, most of which never send its event, so it is an error only
/// when no reachable state makes it possible.
enum StackMoveRules: RuleFamily {
    static let rules: Set<Rule> = [.invalidPop, .invalidPopTo, .invalidDismiss, .invalidClose, .invalidPushBelow]

    static func report(into findings: inout Findings) {
        findings.checkStackOperations()
    }
}

extension Findings {
    fileprivate mutating func checkStackOperations() {
        for flowIndex in program.flowIndices {
            guard let graph = facts.graphs[flowIndex] else { continue }
            checkPopAndDismiss(graph, flowIndex)
            checkLaterBackMoves(graph, flowIndex)
            let targets = Set(graph.everyMove.filter { $0.kind == .popTo }.map(\.actionTarget))
            for target in targets.sorted() { checkPopTo(target, graph, flowIndex) }
        }
    }

    private mutating func checkPopAndDismiss(_ graph: FlowStateGraph, _ flowIndex: FlowIndex) {
        let flow = program.flows[flowIndex]
        var reported = Set<ActionKey>()
        var possibleFlowLevel = Set<ActionKey>()
        var usedFlowLevel = Set<ActionKey>()
        for (stateIndex, state) in graph.states.enumerated() {
            for move in graph.moves(stateIndex) where move.kind == .pop || move.kind == .dismiss || move.kind == .pushBelow {
                let isPossible = FlowStateGraph.canMake(move.kind, in: state)
                let key = ActionKey(move)
                if move.origin.isFlowLevel {
                    usedFlowLevel.insert(key)
                    if isPossible { possibleFlowLevel.insert(key) }
                    continue
                }
                // Only where the user surely can be, by moves that surely happen.
                guard !isPossible, move.isCertain, graph.isCertain(stateIndex), reported.insert(key).inserted else { continue }
                let step = flow.steps[Int(state.step)].name
                let stepReference = StepReference(flow: flowIndex, step: Int(state.step))
                // At the bottom of a subflow's own stack, leaving means an exit; in a tabs flow, the step is a tab.
                var notes: [Diagnostic.Note] = []
                if flow.isTabs, state.layer == .base {
                    notes.append(.init(AnalysisMessages.isATab(step, flow: flow.name)))
                } else if flow.isSplit, state.layer == .base, state.isBottom, flow.steps[Int(state.step)].column != nil {
                    notes.append(.init(AnalysisMessages.firstOfColumn(step, flow: flow.name)))
                } else if facts.isSubflow(flowIndex), state.layer == .base, state.isBottom {
                    notes.append(.init(AnalysisMessages.useExitToLeave(flow.name)))
                }
                // A button's move is made where its alert was shown: say so.
                if let alert = move.origin.clause?.alert {
                    let shown = flow.alerts[alert]
                    notes.append(.init(AnalysisMessages.buttonOfAlert(shown.buttons[move.origin.clause!.index].event,
                                                                      style: shown.style.rawValue, alert: shown.name, step: step)))
                }
                if move.kind == .pushBelow {
                    report(.invalidPushBelow, AnalysisMessages.invalidPushBelow(flow.steps[move.actionTarget].name, step: step, flow: flow.name),
                           at: key.range(in: flow), notes: notes, path: facts.path(to: StateIndex(stateIndex), in: flowIndex),
                           subjects: [stepReference])
                } else if move.written == .close {
                    report(.invalidClose, AnalysisMessages.invalidClose(step, flow: flow.name), at: key.range(in: flow), notes: notes,
                           path: facts.path(to: StateIndex(stateIndex), in: flowIndex), subjects: [stepReference])
                } else if move.kind == .pop {
                    report(.invalidPop, AnalysisMessages.invalidPop(step), at: key.range(in: flow), notes: notes,
                           path: facts.path(to: StateIndex(stateIndex), in: flowIndex), subjects: [stepReference])
                } else {
                    report(.invalidDismiss, AnalysisMessages.invalidDismiss(step, flow: flow.name), at: key.range(in: flow), notes: notes,
                           path: facts.path(to: StateIndex(stateIndex), in: flowIndex), subjects: [stepReference])
                }
            }
        }
        // A step the checker knows too little about could make a flow-level clause possible.
        guard !graph.reachesWild else { return }
        for key in usedFlowLevel.subtracting(possibleFlowLevel).sortedBySource(in: flow) {
            guard let clause = key.origin.clause, clause.isFlowLevel else { continue }
            let event = clause.clause(in: flow).event
            if key.kind == .pushBelow {
                report(.invalidPushBelow, AnalysisMessages.invalidPushBelowFlowLevel(event, flow: flow.name), at: key.range(in: flow))
            } else if key.kind == .close {
                report(.invalidClose, AnalysisMessages.invalidCloseFlowLevel(event, flow: flow.name), at: key.range(in: flow))
            } else if key.kind == .pop {
                report(.invalidPop, AnalysisMessages.invalidPopFlowLevel(event, flow: flow.name), at: key.range(in: flow))
            } else {
                report(.invalidDismiss, AnalysisMessages.invalidDismissFlowLevel(event, flow: flow.name), at: key.range(in: flow))
            }
        }
    }

    /// The later moves of clauses that go back several times (`pop, pop`, `popTo Cart, pop`,
    /// `dismiss, dismiss`): each is made where the moves before it went back to, so a step's own
    /// is an error when it cannot be made in some state they can return to, and a flow-level one
    /// when it can be made in none. The first move is checked where the clause is taken (above).
    private mutating func checkLaterBackMoves(_ graph: FlowStateGraph, _ flowIndex: FlowIndex) {
        let flow = program.flows[flowIndex]
        var reported = Set<ActionKey>()
        var usedFlowLevel: [ActionKey: FlowStateGraph.Move] = [:]
        var possibleFlowLevel = Set<ActionKey>()
        for (stateIndex, state) in graph.states.enumerated() {
            for first in graph.moves(stateIndex) where first.part == .back {
                let isPossible = FlowStateGraph.canMake(first.kind, in: state)
                guard isPossible, let action = graph.transition(of: first.origin)?.actions[first.branch],
                      action.backMoves.count > 1 else { continue }
                let key = ActionKey(first)
                let later = graph.laterBackMoves(from: StateIndex(stateIndex), first: first)
                if first.origin.isFlowLevel {
                    usedFlowLevel[key] = first
                    if later.allSatisfy(\.allowedSomewhere) { possibleFlowLevel.insert(key) }
                    continue
                }
                guard first.isCertain, graph.isCertain(stateIndex), !reported.contains(key),
                      let failing = later.first(where: { !$0.stuck.isEmpty }), let stuck = failing.stuck.first else { continue }
                reported.insert(key)
                let backs = action.backMoves
                let move = backs[failing.index]
                let earlier = backs[..<failing.index].map(\.written).joined(separator: ", ")
                let step = flow.steps[Int(state.step)].name
                let landed = flow.steps[Int(graph.states[Int(stuck.state)].step)].name
                let rule: Rule = move.kind == .close ? .invalidClose : move.kind == .pop ? .invalidPop : .invalidDismiss
                report(rule, AnalysisMessages.laterBackMove(move.kind.rawValue, after: earlier, step: step, landed: landed, flow: flow.name),
                       at: move.range, path: facts.path(along: stuck.path, in: flowIndex),
                       subjects: [StepReference(flow: flowIndex, step: Int(state.step))])
            }
        }
        guard !graph.reachesWild else { return }
        for key in usedFlowLevel.keys.sortedBySource(in: flow) where !possibleFlowLevel.contains(key) {
            guard let first = usedFlowLevel[key], let clause = key.origin.clause, clause.isFlowLevel,
                  let action = graph.transition(of: first.origin)?.actions[first.branch] else { continue }
            let backs = action.backMoves
            let rule: Rule = backs.dropFirst().contains { $0.kind == .pop } ? .invalidPop
                : backs.dropFirst().contains { $0.kind == .dismiss } ? .invalidDismiss : .invalidClose
            report(rule, AnalysisMessages.laterBackMovesFlowLevel(action.writtenKinds, event: clause.clause(in: flow).event, flow: flow.name),
                   at: action.range)
        }
    }

    /// Searches the states paired with "is `target` somewhere below the top, in the same stack?":
    /// first along the moves that surely happen (a step's own `popTo` is reported only there),
    /// then, in a program with errors, along all of them (a flow-level one that some move could
    /// make possible is not reported).
    private mutating func checkPopTo(_ target: Int, _ graph: FlowStateGraph, _ flowIndex: FlowIndex) {
        var reported = Set<ActionKey>()
        var possibleFlowLevel = Set<ActionKey>()
        var usedFlowLevel = Set<ActionKey>()
        let hasUncertain = graph.certainCount < graph.states.count || graph.everyMove.contains { !$0.isCertain }
        // A search per target of a `popTo` in the flow: 5 % of a check's instructions. A pair keeps
        // the index of the move that reached it in `graph.allMoves`, not a copy of the move (4
        // bytes, not 56), and the moves are read in place by index.
        let moves = graph.allMoves
        let moveStart = graph.moveStart
        for certainOnly in hasUncertain ? [true, false] : [true] {
            // Node = state * 2 + (target below ? 1 : 0).
            var parent = [Int32](repeating: -2, count: graph.states.count * 2)
            var via = [Int32](repeating: -1, count: graph.states.count * 2)
            // For a pair reached by a move found late, the state the move was made in: the pair's
            // parent is then the pair gone back to, and the moves up to that state come between.
            var madeIn = [StateIndex](repeating: -1, count: graph.states.count * 2)
            var queue: [Int32] = graph.startStates.map { $0.raw * 2 }
            for node in queue { parent[Int(node)] = -1 }
            var cursor = 0
            /// The pairs a forward move from `node` reaches. A move made after a back move acts on
            /// the stacks of the state it went back to (`via`): each pair of that state found so far
            /// is a configuration it can land on (whatever is below there, the layer above it is
            /// built by the same forward moves), so each gives a pair, with the target below or not.
            func follow(_ moveIndex: Int, from node: Int32) {
                let move = moves[moveIndex]
                let stateIndex = Int(node / 2)
                let base = Int(move.base(from: StateIndex(stateIndex)))
                // Without a back move, the pair's own below; after one, both (no array a move: this is the hot loop).
                let choices = move.via < 0 ? (node % 2 == 1 ? 1...1 : 0...0) : 0...1
                for choice in choices where move.via < 0 || parent[base * 2 + choice] != -2 {
                    let wasBelow = choice == 1
                    let below: Bool
                    switch move.kind {
                    case .push: below = wasBelow || Int(graph.states[base].step) == target
                    case .replace: below = wasBelow
                    default: below = false
                    }
                    let next = move.target.raw * 2 + (below ? 1 : 0)
                    if parent[Int(next)] == -2 {
                        parent[Int(next)] = move.via < 0 ? node : Int32(base * 2 + (wasBelow ? 1 : 0))
                        via[Int(next)] = Int32(moveIndex)
                        if move.via >= 0 { madeIn[Int(next)] = StateIndex(stateIndex) }
                        queue.append(next)
                    }
                }
            }
            while true {
                if cursor == queue.count {
                    // A pair of a state gone back to may be found after the move that lands on it was
                    // followed: follow those moves again until nothing new is found.
                    let found = queue.count
                    for node in queue {
                        let state = Int(node / 2)
                        for index in Int(moveStart[state]) ..< Int(moveStart[state + 1])
                        where moves[index].target >= 0 && moves[index].via >= 0 && (!certainOnly || moves[index].isCertain) {
                            follow(index, from: node)
                        }
                    }
                    if queue.count == found { break }
                }
                let node = queue[cursor]
                cursor += 1
                let stateIndex = Int(node / 2)
                let isBelow = node % 2 == 1
                for index in Int(moveStart[stateIndex]) ..< Int(moveStart[stateIndex + 1]) where !certainOnly || moves[index].isCertain {
                    let move = moves[index]
                    if move.kind == .popTo, move.actionTarget == target {
                        let key = ActionKey(move)
                        if move.origin.isFlowLevel {
                            usedFlowLevel.insert(key)
                            if isBelow { possibleFlowLevel.insert(key) }
                        } else if !isBelow, certainOnly, reported.insert(key).inserted {
                            var local: [(state: StateIndex, move: FlowStateGraph.Move?)] = []
                            var walk = node
                            while walk >= 0 {
                                let reached = via[Int(walk)] >= 0 ? moves[Int(via[Int(walk)])] : nil
                                if let reached, reached.via >= 0 {
                                    local += graph.hops(ofLateMove: reached, madeIn: madeIn[Int(walk)]).reversed()
                                } else {
                                    local.append((StateIndex(walk / 2), reached))
                                }
                                walk = parent[Int(walk)]
                            }
                            let flow = program.flows[flowIndex]
                            let step = Int(graph.states[stateIndex].step)
                            report(.invalidPopTo,
                                   AnalysisMessages.invalidPopTo(flow.steps[target].name, step: flow.steps[step].name),
                                   at: key.range(in: flow), path: facts.path(along: local.reversed(), in: flowIndex),
                                   subjects: [StepReference(flow: flowIndex, step: step)])
                        }
                    }
                    guard move.target >= 0 else { continue }
                    follow(index, from: node)
                }
            }
        }
        guard !graph.reachesWild, !usedFlowLevel.isEmpty else { return }
        let flow = program.flows[flowIndex]
        for key in usedFlowLevel.subtracting(possibleFlowLevel).sortedBySource(in: flow) {
            guard let clause = key.origin.clause, clause.isFlowLevel else { continue }
            report(.invalidPopTo,
                   AnalysisMessages.invalidPopToFlowLevel(flow.steps[target].name, event: clause.clause(in: flow).event, flow: flow.name),
                   at: key.range(in: flow))
        }
    }

}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func invalidPop(_ step: String) -> String { "'pop' in step '\(step)' can run with nothing under '\(step)' in its stack" }
    static func invalidPopFlowLevel(_ event: String, flow: String) -> String {
        "flow-level 'pop' on '\(event)' can never run: no reachable step of flow '\(flow)' has anything under it"
    }
    static func invalidPopTo(_ target: String, step: String) -> String {
        "'popTo \(target)' in step '\(step)' can run when '\(target)' is not below '\(step)'"
    }
    static func invalidPopToFlowLevel(_ target: String, event: String, flow: String) -> String {
        "flow-level 'popTo \(target)' on '\(event)' can never run: '\(target)' is never below a reachable step of flow '\(flow)'"
    }
    static func invalidDismiss(_ step: String, flow: String) -> String {
        "'dismiss' in step '\(step)' can run when '\(step)' is not presented modally in flow '\(flow)'"
    }
    static func invalidDismissFlowLevel(_ event: String, flow: String) -> String {
        "flow-level 'dismiss' on '\(event)' can never run: no reachable step of flow '\(flow)' is presented modally"
    }
    static func invalidPushBelow(_ target: String, step: String, flow: String) -> String {
        "'push \(target) below' in step '\(step)' can run when '\(step)' is not presented modally in flow '\(flow)': there is no stack beneath it"
    }
    static func invalidPushBelowFlowLevel(_ event: String, flow: String) -> String {
        "flow-level 'push below' on '\(event)' can never run: no reachable step of flow '\(flow)' is presented modally"
    }
    static func invalidClose(_ step: String, flow: String) -> String {
        "'close' in step '\(step)' can run at the bottom of the base stack of flow '\(flow)', with nothing to pop or dismiss"
    }
    static func invalidCloseFlowLevel(_ event: String, flow: String) -> String {
        "flow-level 'close' on '\(event)' can never run: no reachable step of flow '\(flow)' is pushed or presented modally"
    }
    /// `what`: the move that cannot be made, made after the moves `earlier` (`pop, pop`: the second `pop` after `pop`).
    static func laterBackMove(_ what: String, after earlier: String, step: String, landed: String, flow: String) -> String {
        let why = switch what {
        case "pop": "with nothing under '\(landed)' in its stack"
        case "dismiss": "where '\(landed)' is not presented modally in flow '\(flow)'"
        default: "where '\(landed)' is at the bottom of the base stack of flow '\(flow)', with nothing to pop or dismiss"
        }
        return "'\(what)' after '\(earlier)' in step '\(step)' can run in step '\(landed)', \(why)"
    }
    static func laterBackMovesFlowLevel(_ kinds: String, event: String, flow: String) -> String {
        "flow-level '\(kinds)' on '\(event)' can never run: in no reachable step of flow '\(flow)' can each of its moves go back"
    }
    static func useExitToLeave(_ flow: String) -> String {
        "to leave flow '\(flow)', take an exit and let the step that runs it handle it"
    }
    static func isATab(_ step: String, flow: String) -> String {
        "'\(step)' is a tab of tabs flow '\(flow)', since every step of a tabs flow is a tab; "
            + "to show a screen over the tab bar, declare it in a stack flow that runs '\(flow)'"
    }
    static func buttonOfAlert(_ button: String, style: String, alert: String, step: String) -> String {
        "'\(button)' is a button of \(style) '\(alert)', which step '\(step)' shows: its move is made there"
    }
}
