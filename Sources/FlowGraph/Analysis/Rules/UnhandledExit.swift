/// `unhandled-exit`: a step that runs a flow does not handle one of the exits the flow takes.
enum UnhandledExitRule: RuleFamily {
    static let rules: Set<Rule> = [.unhandledExit]

    static func report(into findings: inout Findings) {
        for flowIndex in findings.program.flowIndices { findings.checkExitsHandled(flowIndex) }
    }
}

extension Findings {
    /// Every exit a flow takes must be handled by every step that runs it.
    fileprivate mutating func checkExitsHandled(_ flowIndex: FlowIndex) {
        let flow = program.flows[flowIndex]
        guard !flow.exits.isEmpty else { return }
        var taken: [Action] = []
        flow.forEachClause { $0.forEachAction { if $0.kind == .exit, $0.target != nil { taken.append($0) } } }
        var firstTaken: [Int: SourceRange] = [:]
        for action in taken.sorted(by: { $0.range < $1.range }) where firstTaken[action.target!] == nil {
            firstTaken[action.target!] = action.range
        }
        for runner in program.runners[flowIndex] {
            let step = program[runner]
            // A handler of something that is not an exit may be this exit misspelt.
            guard !step.isIncomplete, step.clauses.allSatisfy({ flow.exit(named: $0.event) != nil }) else { continue }
            let handled = Set(step.clauses.map(\.event))
            for (exitIndex, exit) in flow.exits.enumerated() where !handled.contains(exit.name) {
                guard let takenAt = firstTaken[exitIndex] else { continue }
                var notes = [Diagnostic.Note(AnalysisMessages.exitTakenHere(exit.name), at: takenAt)]
                let parent = program.flows[runner.flow]
                if let lookalike = parent.clauses.first(where: { $0.event == exit.name }) {
                    notes.append(.init(AnalysisMessages.exitsDoNotBubble(exit.name, flow: parent.name), at: lookalike.eventRange))
                }
                report(.unhandledExit, AnalysisMessages.unhandledExit(step: step.name, flow: flow.name, exit: exit.name),
                       at: step.runsRange ?? step.range, notes: notes, subjects: [runner])
            }
        }
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func exitsDoNotBubble(_ event: String, flow: String) -> String {
        "flow-level 'on \(event)' of flow '\(flow)' does not handle it: exits go only to the step that runs the flow"
    }
    static func unhandledExit(step: String, flow: String, exit: String) -> String {
        "step '\(step)' runs flow '\(flow)' but does not handle its exit '\(exit)'"
    }
    static func exitTakenHere(_ exit: String) -> String { "'\(exit)' is taken here" }
}
