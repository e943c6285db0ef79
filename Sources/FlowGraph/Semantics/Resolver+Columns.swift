/// `flow Mail split`: what a program writes that breaks a split view's columns (`invalid-column`).
/// A step `in content` or `in detail` is shown only by `show` (each column holds one such screen,
/// with what the detail pushes over it); the sidebar is the flow's start. What a move does where
/// the sidebar or the content is on top is judged on the flow's states (`StackMoveRules`).
extension Resolver {
    /// A written move's column errors: `show` outside a split flow or of a step in no column; a
    /// step in a column pushed, replaced or made the root; a `root` of a step the flow does not
    /// start at (a split view keeps its sidebar).
    mutating func checkColumn(of syntax: ActionSyntax, target: Int?, in flow: Flow) {
        if syntax.kind == .show {
            if !flow.isSplit {
                report(.invalidColumn, SemanticMessages.showOutsideSplit(owner: SemanticMessages.owner(flow)), at: syntax.range)
            } else if let target, flow.steps[target].column == nil {
                report(.invalidColumn, SemanticMessages.showOfNoColumn(flow.steps[target].name), at: syntax.range)
            }
        } else if flow.isSplit, syntax.kind.targetRole == .newScreen, !syntax.kind.presents, let target,
                  let column = flow.steps[target].column {
            report(.invalidColumn, SemanticMessages.columnStepMoved(syntax.kind.rawValue, step: flow.steps[target].name, column: column.rawValue),
                   at: syntax.range)
        } else if flow.isSplit, syntax.kind == .root, let target, !flow.startChoices.contains(where: { $0.step == target }) {
            // The sidebar stays the one the flow starts with: what the user goes back to on an iPhone.
            report(.invalidColumn, SemanticMessages.rootOutsideSidebar(flow.steps[target].name), at: syntax.range)
        }
    }

    /// A split flow starts at its sidebar: a start choice in a column is `invalid-column`.
    mutating func checkColumnStart(of flow: Flow, _ start: StartSyntax) {
        guard flow.isSplit else { return }
        for (index, choice) in flow.startChoices.enumerated() {
            guard let step = choice.step, let column = flow.steps[step].column, start.choices.indices.contains(index) else { continue }
            report(.invalidColumn, SemanticMessages.startInColumn(flow.steps[step].name, column: column.rawValue), at: start.choices[index].range)
        }
    }
}
