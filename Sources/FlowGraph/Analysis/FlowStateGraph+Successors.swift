/// What a move does to an abstract state (`FlowStateGraph.State`): whether it can be made there,
/// how `close` acts, and the state a forward move leads to. Static where a rule asks it of a state
/// alone, without a graph (`StackMoveRules`).
extension FlowStateGraph {
    /// Whether a move of `kind`, as it acts in `state` (`acting`), has what it needs there: a `pop`
    /// something under the top, a `dismiss` or `push X below` a modal layer; every other kind does.
    /// (`popTo X` asks whether X is below, which the state does not say: see `StackMoveRules`.)
    static func canMake(_ kind: ActionKind, in state: State) -> Bool {
        switch acting(kind, in: state) {
        case .pop: !state.isBottom
        case .dismiss, .pushBelow: state.layer != .base
        default: true
        }
    }

    /// What an action does in `state`: its kind, except for `close`, which is a `pop` where the
    /// step was pushed and a `dismiss` at the bottom of its layer (at the bottom of the base stack,
    /// where it can do neither, a `dismiss`, which the checker reports).
    static func acting(_ kind: ActionKind, in state: State) -> ActionKind {
        kind == .close ? (state.isBottom ? .dismiss : .pop) : kind
    }

    /// The steps a `restart` made in `state` starts the flow at again: each choice of its start; in
    /// a tabs flow, the tab shown (from a modal layer, which hides which tab is under it, or from a
    /// tab that is there only sometimes, which the new tab bar may lack: any tab).
    static func restartSteps(from state: State, in flow: Flow, entered: [Int]) -> [Int] {
        let keepsTab = flow.isTabs && state.layer == .base && flow.steps[Int(state.step)].condition == nil
        return keepsTab ? [Int(state.step)] : entered
    }

    /// The state a forward move leads to; nil for back actions and exits. `mayBeLocked`: the
    /// action's `Action.mayBeLocked`, for a sheet or popover.
    func successor(of state: State, _ kind: ActionKind, _ target: Int, mayBeLocked: Bool) -> State? {
        Self.successor(of: state, kind, target, mayBeLocked: mayBeLocked, inTabs: flow.isTabs)
    }

    /// `successor(of:_:_:mayBeLocked:)` for a flow that is a tab bar or not.
    static func successor(of state: State, _ kind: ActionKind, _ target: Int, mayBeLocked: Bool, inTabs: Bool) -> State? {
        let step = StepIndex(target)
        switch kind {
        case .push: return State(step: step, layer: state.layer, isBottom: false)
        case .replace: return State(step: step, layer: state.layer, isBottom: state.isBottom)
        case .sheet, .popover: return State(step: step, layer: mayBeLocked ? .lockedSheet : .sheet, isBottom: true)
        case .cover: return State(step: step, layer: .cover, isBottom: true)
        case .root: return State(step: step, layer: .base, isBottom: true)
        // `select X below` made in the base layer is `select X`; over a layer, see `followSequences`.
        case .select, .selectBelow: return inTabs ? State(step: step, layer: .base, isBottom: true) : nil
        // A split view's column holds the step alone, over nothing it could pop to; what is over the
        // columns closes. (Outside a split flow, `invalid-column`; a fix keeps the step shown.)
        case .show: return State(step: step, layer: .base, isBottom: true)
        // Made on the stacks under the state's layer: see `followSequences`.
        case .pop, .popTo, .dismiss, .close, .exit, .alert, .dialog, .open, .pushBelow, .restart: return nil
        }
    }
}
