/// The abstract navigation states of one flow of a harness program, found the way the checker
/// finds them (docs/Language.md, "The abstract state": the step on top, the kind of the top layer,
/// whether the step is at the bottom of it), so that the generator chooses only back moves that
/// are valid in every state of their step.
///
/// It over-approximates where it cannot be exact: after a back move (`dismiss, push X`) the screen
/// is shown on every layer the back move might return to. More states only forbid more back moves,
/// so a move this allows the checker allows too.
struct HarnessFacts {
    /// The kind of a layer; a sheet or popover that may be locked is `locked`.
    enum Layer: Int, Hashable, CaseIterable {
        case base, sheet, cover, locked

        /// A layer the user may be unable to leave but by a move of its screens.
        var isLocked: Bool { self == .cover || self == .locked }
    }

    /// An abstract state: (top, layer, bottom).
    struct State: Hashable {
        let step: String
        let layer: Layer
        let bottom: Bool
    }

    /// A forward move between two states (indices of `states`); `afterBack` for the screen of a
    /// clause that goes back first.
    struct Edge {
        let from: Int
        let to: Int
        let kind: HMoveKind
        let afterBack: Bool
        /// `push X below`: X is found once the layer on top goes; the user does not move.
        var isBelow = false
    }

    let view: FlowView
    private(set) var states: [State] = []
    private(set) var edges: [Edge] = []
    /// States (indices) in which some move takes an exit.
    private(set) var exitStates = Set<Int>()
    private var statesOf: [String: [Int]] = [:]
    private var ids: [State: Int] = [:]
    private(set) var startStates: [Int] = []
    private let stepsByName: [String: HStep]
    private let alertsByName: [String: HAlert]
    /// For each step, the steps below it on every path that reaches it (`popTo`).
    private var alwaysBelow: [String: Set<String>] = [:]

    init(_ view: FlowView) {
        self.view = view
        let flow = view.flow
        let steps = view.steps
        stepsByName = Dictionary(steps.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        alertsByName = Dictionary(view.alerts.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let flowLevel = view.flowLevel
        var starts = flow.start.isEmpty ? [] : [State(step: flow.start[0].step, layer: .base, bottom: true)]
        if !flow.isTabs {
            for choice in flow.start.dropFirst() { starts.append(State(step: choice.step, layer: .base, bottom: true)) }
        }
        startStates = starts.map { add($0) }
        var cursor = 0
        while cursor < states.count {
            let state = states[cursor]
            // `start Home, cover Terms if g`: over each first screen as the flow starts.
            if let launch = flow.launch, !flow.isTabs, startStates.contains(cursor) {
                let locked = launch.kind == .cover ? Layer.cover : stepsByName[launch.step]?.lock == nil ? .sheet : .locked
                link(cursor, State(step: launch.step, layer: locked, bottom: true), launch.kind, afterBack: false)
            }
            if flow.isTabs, cursor == 0 {
                for tab in flow.steps where tab.name != state.step {
                    link(cursor, State(step: tab.name, layer: .base, bottom: true), .select, afterBack: false)
                }
            }
            if let step = stepsByName[state.step] {
                var clauses = step.clauses
                // `like Y`: Y's clauses for the events the step does not handle itself.
                if let like = step.like, let other = stepsByName[like] {
                    clauses += other.clauses.filter { !step.events.contains($0.event) }
                }
                let handled = step.runs == nil ? Set(clauses.map(\.event)) : []
                clauses += flowLevel.filter { !handled.contains($0.event) }
                for clause in clauses {
                    for action in clause.actions {
                        var seen = Set<String>()
                        apply(action, in: cursor, alertsSeen: &seen)
                    }
                }
            }
            cursor += 1
        }
        findWhatIsAlwaysBelow()
    }

    @discardableResult
    private mutating func add(_ state: State) -> Int {
        if let id = ids[state] { return id }
        let id = states.count
        ids[state] = id
        states.append(state)
        statesOf[state.step, default: []].append(id)
        return id
    }

    private mutating func link(_ from: Int, _ to: State, _ kind: HMoveKind, afterBack: Bool) {
        edges.append(Edge(from: from, to: add(to), kind: kind, afterBack: afterBack))
    }

    private mutating func apply(_ action: HAction, in id: Int, alertsSeen: inout Set<String>) {
        let state = states[id]
        let main = action.main
        switch main.kind {
        case .exit:
            exitStates.insert(id)
            return
        case .alert, .dialog:
            guard let name = main.target, let alert = alertsByName[name], alertsSeen.insert(name).inserted else { return }
            for button in alert.buttons {
                for buttonAction in button.actions { apply(buttonAction, in: id, alertsSeen: &alertsSeen) }
            }
            return
        default: break
        }
        if main.kind == .restart {
            // Each state the flow starts in; a tab bar's tab shown (any tab, from a modal layer).
            let keepsTab = state.layer == .base && stepsByName[state.step]?.condition == nil
            let tabs = view.flow.isTabs ? (keepsTab ? [state.step] : view.flow.steps.map(\.name)) : []
            let targets = view.flow.isTabs ? tabs.map { State(step: $0, layer: .base, bottom: true) } : startStates.map { states[$0] }
            for target in targets { link(id, target, .restart, afterBack: false) }
            return
        }
        if main.kind == .pushBelow, let target = main.target {
            // On the stacks under the sheet, in any layer (the facts do not know what presented it).
            for layer in Layer.allCases {
                edges.append(Edge(from: id, to: add(State(step: target, layer: layer, bottom: false)), kind: .push, afterBack: true, isBelow: true))
            }
            return
        }
        guard let target = main.target, main.kind.showsScreen || main.kind == .select || main.kind == .show else { return }
        guard action.back != nil else {
            if let next = successor(of: (state.layer, state.bottom), main, target) { link(id, next, main.kind, afterBack: false) }
            return
        }
        // Where the back move returns to: the same layer for pop and popTo, any layer for dismiss or close.
        var landings: [(Layer, Bool)] = [(state.layer, true), (state.layer, false)]
        if action.backs.contains(where: { $0.kind == .dismiss || $0.kind == .close }) {
            landings = Layer.allCases.flatMap { [($0, true), ($0, false)] }
        }
        for landing in landings {
            if let next = successor(of: landing, main, target) { link(id, next, main.kind, afterBack: true) }
        }
    }

    private func successor(of base: (layer: Layer, bottom: Bool), _ move: HMove, _ target: String) -> State? {
        switch move.kind {
        case .push: State(step: target, layer: base.layer, bottom: false)
        case .replace: State(step: target, layer: base.layer, bottom: base.bottom)
        case .sheet, .popover: State(step: target, layer: move.mayBeLocked ? .locked : .sheet, bottom: true)
        case .cover: State(step: target, layer: move.compact == nil ? .cover : .locked, bottom: true)
        case .root: State(step: target, layer: .base, bottom: true)
        case .select: view.flow.isTabs ? State(step: target, layer: .base, bottom: true) : nil
        case .show: State(step: target, layer: .base, bottom: true)
        default: nil
        }
    }

    /// For every step Y, the steps below which Y is on every path: a search over pairs (state, "Y is
    /// below"), as the checker decides `popTo`. A `push` from Y (or from above Y) makes it yes,
    /// `replace` keeps it, a new layer, `root` or `select` makes it no.
    private mutating func findWhatIsAlwaysBelow() {
        var outgoing = [[Int]](repeating: [], count: states.count)
        for (index, edge) in edges.enumerated() { outgoing[edge.from].append(index) }
        for target in Set(states.map(\.step)) {
            var seen = [Bool](repeating: false, count: states.count * 2)
            var queue: [Int] = []
            for start in startStates where !seen[start * 2] {
                seen[start * 2] = true
                queue.append(start * 2)
            }
            while let pair = queue.popLast() {
                let (state, below) = (pair / 2, pair % 2 == 1)
                for index in outgoing[state] {
                    let edge = edges[index]
                    var isBelow = false
                    if !edge.afterBack {
                        if edge.kind == .push { isBelow = below || states[state].step == target }
                        if edge.kind == .replace { isBelow = below }
                    }
                    let next = edge.to * 2 + (isBelow ? 1 : 0)
                    if !seen[next] {
                        seen[next] = true
                        queue.append(next)
                    }
                }
            }
            for (step, ids) in statesOf where step != target {
                if ids.allSatisfy({ seen[$0 * 2 + 1] && !seen[$0 * 2] }) { alwaysBelow[step, default: []].insert(target) }
            }
        }
    }

    // MARK: What the rules ask

    func states(of step: String) -> [State] { (statesOf[step] ?? []).map { states[$0] } }
    func isReachable(_ step: String) -> Bool { statesOf[step] != nil }

    /// `pop` is valid: the step is never at the bottom of its layer.
    func canPop(_ step: String) -> Bool { states(of: step).allSatisfy { !$0.bottom } }
    /// `dismiss` is valid: the step is never in the base layer.
    func canDismiss(_ step: String) -> Bool { states(of: step).allSatisfy { $0.layer != .base } }
    /// `close` is valid: the step is never at the bottom of the base stack.
    func canClose(_ step: String) -> Bool { states(of: step).allSatisfy { !($0.layer == .base && $0.bottom) } }
    /// The step may be the bottom of a cover or of a sheet that may be locked: it needs a way out.
    func needsWayOut(_ step: String) -> Bool { states(of: step).contains { $0.layer.isLocked && $0.bottom } }
    /// The step may be at the bottom of the base stack (in a subflow, it must reach an exit).
    func mayBeBaseBottom(_ step: String) -> Bool { states(of: step).contains { $0.layer == .base && $0.bottom } }

    /// `popTo target` is valid in `step`: on every path, `target` is below it in its layer.
    func isAlwaysBelow(_ target: String, _ step: String) -> Bool { alwaysBelow[step]?.contains(target) ?? false }

    /// The states from which forward moves reach a state that takes an exit.
    func statesThatCanExit() -> Set<State> {
        var incoming = [[Int]](repeating: [], count: states.count)
        for edge in edges where !edge.isBelow { incoming[edge.to].append(edge.from) }
        var result = exitStates
        var queue = Array(exitStates)
        while let state = queue.popLast() {
            for from in incoming[state] where result.insert(from).inserted { queue.append(from) }
        }
        return Set(result.map { states[$0] })
    }
}
