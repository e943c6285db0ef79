/// One move of one action of one `on` clause: its main action or an `else` action, and of an
/// action with a back move (`dismiss, sheet X`), the back move or the other.
struct ActionKey: Hashable {
    let origin: FlowStateGraph.Origin
    let branch: Int
    let kind: ActionKind
    let part: FlowStateGraph.Move.Part
    /// For the move of an item of the tab bar (`step Post as sheet`), the step it presents.
    let tabItem: Int?

    init(_ move: FlowStateGraph.Move) {
        origin = move.origin
        branch = move.branch
        kind = move.written
        part = move.part
        tabItem = move.origin == .tabBar && move.written != .select ? move.actionTarget : nil
    }

    func clause(in flow: borrowing Flow) -> Clause? {
        switch origin {
        case .clause(let clause): clause.clause(in: flow)
        case .tabBar, .launch: nil
        }
    }

    func range(in flow: borrowing Flow) -> SourceRange {
        guard let transition = clause(in: flow) else {
            if let tabItem, flow.steps.indices.contains(tabItem) { return flow.steps[tabItem].range }
            return origin == .launch ? flow.launch?.range ?? flow.range : flow.range
        }
        let action = transition.actions[branch]
        return part == .back ? action.back?.range ?? action.range : action.range
    }
}

extension Sequence<ActionKey> {
    /// The keys in the order of their ranges in `flow`, each range found once: a comparison that
    /// found both copied the flow each time (a tenth of the checker's time went to such copies).
    func sortedBySource(in flow: borrowing Flow) -> [ActionKey] {
        var keyed: [(key: ActionKey, range: SourceRange)] = []
        for key in self { keyed.append((key, key.range(in: flow))) }
        return keyed.sorted { $0.range < $1.range }.map(\.key)
    }
}
