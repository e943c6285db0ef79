/// `invalid-column`, judged on a split view's states: a `push` or a `replace` made where the
/// sidebar or the content column is on top (each holds one screen; only the detail column is a
/// stack). What a program writes that breaks the columns (`show` of a step in no column, a column's
/// step pushed) is reported where it is resolved (`Resolver+Columns`).
///
/// As for `invalid-pop`: a step's own transition is an error when a state the user surely reaches
/// makes it impossible; a flow-level one when no reachable state makes it possible.
enum ColumnRule: RuleFamily {
    static let rules: Set<Rule> = [.invalidColumn]

    static func report(into findings: inout Findings) {
        for flowIndex in findings.program.flowIndices where findings.program.flows[flowIndex].isSplit {
            guard let graph = findings.facts.graphs[flowIndex] else { continue }
            findings.checkColumnMoves(graph, flowIndex)
        }
    }
}

extension Findings {
    fileprivate mutating func checkColumnMoves(_ graph: FlowStateGraph, _ flowIndex: FlowIndex) {
        let flow = program.flows[flowIndex]
        // The sidebar's screens: where the flow starts (a `root` shows one of them again).
        let sidebar = Set(flow.enteredSteps)
        var reported = Set<ActionKey>()
        var possibleFlowLevel = Set<ActionKey>()
        var usedFlowLevel = Set<ActionKey>()
        for (stateIndex, state) in graph.states.enumerated() {
            let step = Int(state.step)
            // Nil where the top is the detail column's (or a modal layer's).
            let column: String? = state.layer != .base ? nil
                : flow.steps[step].column == .content ? SplitColumn.content.rawValue
                : state.isBottom && flow.steps[step].column == nil && sidebar.contains(step) ? "sidebar" : nil
            // A column's step pushed is reported where it is written (`Resolver+Columns`).
            for move in graph.moves(stateIndex) where (move.kind == .push || move.kind == .replace)
                && flow.steps.indices.contains(move.actionTarget) && flow.steps[move.actionTarget].column == nil {
                let key = ActionKey(move)
                if move.origin.isFlowLevel {
                    usedFlowLevel.insert(key)
                    if column == nil { possibleFlowLevel.insert(key) }
                    continue
                }
                guard let column, move.isCertain, graph.isCertain(stateIndex), reported.insert(key).inserted else { continue }
                report(.invalidColumn, AnalysisMessages.moveInColumn(move.kind.rawValue, step: flow.steps[step].name, column: column),
                       at: key.range(in: flow), path: facts.path(to: StateIndex(stateIndex), in: flowIndex),
                       subjects: [StepReference(flow: flowIndex, step: step)])
            }
        }
        guard !graph.reachesWild else { return }
        for key in usedFlowLevel.subtracting(possibleFlowLevel).sorted(by: { $0.range(in: flow) < $1.range(in: flow) }) {
            guard let clause = key.origin.clause, clause.isFlowLevel else { continue }
            report(.invalidColumn, AnalysisMessages.moveInColumnFlowLevel(key.kind.rawValue, event: clause.clause(in: flow).event, flow: flow.name),
                   at: key.range(in: flow))
        }
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func moveInColumn(_ move: String, step: String, column: String) -> String {
        "'\(move)' in step '\(step)' can run where the \(column) column is on top, which holds one screen: "
            + "only the detail column pushes; 'show' a step 'in detail'"
    }
    static func moveInColumnFlowLevel(_ move: String, event: String, flow: String) -> String {
        "flow-level '\(move)' on '\(event)' can never run: every reachable step of split view '\(flow)' is in the sidebar or the content column"
    }
    static func firstOfColumn(_ step: String, flow: String) -> String {
        "'\(step)' is the first screen of its column of split view '\(flow)': nothing is under it there "
            + "(on an iPhone, the back button goes to the column before; a program shows another screen with 'show')"
    }
}
