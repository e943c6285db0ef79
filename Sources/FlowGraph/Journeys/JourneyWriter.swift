#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// Journey lines as text, as the language writes them (docs/Journeys.md): what the journeys the
/// tool writes (`JourneyCover`, and the replay harness's) say, each value and screen spelt so that
/// the resolver reads back what the navigator showed.
enum JourneyWriter {
    /// `(label: value, ...)`, or nothing without labels; `nil` for an absent value.
    static func values(_ labels: [String], _ values: [String?]) -> String {
        labels.isEmpty ? "" : "(" + zip(labels, values).map { "\($0): \($1.map(value) ?? "nil")" }.joined(separator: ", ") + ")"
    }

    /// A value as a journey writes it: a word or a number as it is, any other text in quotes (and
    /// `nil` in quotes, which as a word means none; a decimal in quotes, which the journey's values do
    /// not read bare).
    static func value(_ text: String) -> String {
        let isWord = text.first.map { $0.isLetter || $0 == "_" } == true && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        let isNumber = !text.isEmpty && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
        return (isWord && text != "nil") || isNumber ? text : quoted(text)
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] } + "\""
    }

    /// The name of a step as a line writes it: alone when no other flow has a step of that name,
    /// else `Flow.Step`.
    static func stepName(_ step: StepRef) -> String {
        let info = ReplayProgram.table.flows[step.flow]
        let name = info.steps[step.step].name
        return ReplayProgram.loaded.uniqueStepNames.contains(name) ? name : "\(info.name).\(name)"
    }

    /// What a journey line expects after a move the navigator made with `outcome`: the screen on
    /// top (how it is presented, its inputs, the values a back move handed it), the alert on
    /// screen, or the guard that blocked the move.
    @MainActor
    static func expectation(after outcome: Navigator<ReplayProgram>.Outcome?, on navigator: Navigator<ReplayProgram>) -> String {
        switch outcome?.status ?? .applied {
        case .blocked(let ref): return "blocked by " + ReplayProgram.table.guardName(ref)
        case .unhandled: return "not handled"
        case .impossible: return "impossible"
        case .applied, .cancelled, .kept: break
        }
        if let alert = navigator.alert {
            return (alert.isDialog ? "dialog " : "alert ") + ReplayProgram.table.flows[alert.ref.flow].alerts[alert.ref.index].name
        }
        let current = navigator.current
        let kind = navigator.journeyPresentation.map { "\($0) " } ?? ""
        let labels = ReplayProgram.table.flows[current.step.flow].steps[current.step.step].inputLabels
        var text = kind + stepName(current.step) + values(labels, current.values)
        let delivered = outcome?.commands.lazy.compactMap { command -> ReplayProgram.Received? in
            if case .deliver(let value, _, _) = command { return value }
            return nil
        }.first
        if let delivered {
            text += " receives " + values(ReplayProgram.table.flows[delivered.step.flow].steps[delivered.step.step].receivedLabels,
                                          delivered.values)
        }
        return text
    }
}
