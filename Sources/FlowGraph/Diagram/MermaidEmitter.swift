/// Writes a program as a Mermaid `stateDiagram-v2`, which GitHub draws in Markdown:
/// each flow a composite state, `[*]` its start, exits and their transitions to `[*]`
/// inside it, a note on each step that runs a flow (Mermaid draws no transition across
/// composite states), findings as classes.
public enum MermaidEmitter {
    public static func emit(_ program: FlowProgram, diagnostics: [Diagnostic] = [], focus: String? = nil) -> String {
        let included = DiagramBuilder.flows(of: program, focus: focus) ?? []
        var ids = MermaidIDs()
        // The signature goes after the diagram type: some Mermaid renderers reject a comment before it.
        var lines = ["stateDiagram-v2", "\(OutputSignature.mermaidPrefix) \(FlowGraphVersion.current)", "    direction LR"]
        for flowIndex in included {
            let flow = program.flows[flowIndex]
            lines += composite(flow, title: DiagramStyle.flowTitle(flow), in: program, ids: &ids)
        }
        // Each destinations group once, as a state of its own (its steps are not repeated in its flows).
        let includedSet = Set(included)
        for group in program.groups where focus == nil || group.users.contains(where: includedSet.contains) {
            lines += composite(group.declaration, title: DiagramStyle.destinationsTitle(group, in: program), in: program, ids: &ids)
        }
        lines += classes(program, diagnostics: diagnostics, included: included, ids: &ids)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A flow's composite state, or a destinations group's, titled `title`.
    private static func composite(_ flow: Flow, title: String, in program: FlowProgram, ids: inout MermaidIDs) -> [String] {
        var lines: [String] = []
        let flowID = ids.id(for: flow.name)
        lines.append("    state \"\(label(title))\" as \(flowID) {")
        let startConditions = flow.startChoices.compactMap(\.condition)
        for (branch, choice) in flow.startChoices.enumerated() {
            guard let start = choice.step else { continue }
            let condition = String(DiagramStyle.conditionLabel(startConditions, branch: branch, in: flow).dropFirst())
            lines.append("        [*] --> \(ids.id(for: "\(flow.name).\(flow.steps[start].name)"))"
                             + (condition.isEmpty ? "" : ": \(label(condition))"))
        }
        if let launch = flow.launch, let target = launch.step {
            for start in flow.enteredSteps {
                let (tail, head) = (ids.id(for: "\(flow.name).\(flow.steps[start].name)"), ids.id(for: "\(flow.name).\(flow.steps[target].name)"))
                lines.append("        \(tail) --> \(head): "
                             + label(DiagramStyle.launchLabel(launch, in: flow) + " (\(launch.kind.rawValue))"))
            }
        }
        let clauses = program.ownClauses(of: flow)
        // A group's step appears in a flow that uses it only as a stand-in that the flow's own
        // start or clauses point at.
        var pointedAt = Set(flow.startChoices.compactMap(\.step))
        if !flow.uses.isEmpty {
            for transition in flow.steps.filter({ $0.shared == nil }).flatMap(\.clauses) + clauses {
                transition.forEachAction {
                    if $0.kind.targetRole != .exit, $0.kind.targetRole != .alert, let target = $0.target { pointedAt.insert(target) }
                }
            }
        }
        for (index, step) in flow.steps.enumerated() {
            let stepID = ids.id(for: "\(flow.name).\(step.name)")
            if let shared = step.shared {
                if pointedAt.contains(index) {
                    lines.append("        state \"\(label("\(step.name) (\(program.groups[shared.group].name))"))\" as \(stepID)")
                }
                continue
            }
            let notes = [step.condition?.written, step.tabItem.map { "tab item as \($0.rawValue)" },
                         step.like.map { "like \(flow.steps[$0].name)" }].compactMap { $0 }
            lines.append("        state \"\(label(step.name + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")))\" as \(stepID)")
            if let runs = step.runs {
                lines.append("        note right of \(stepID) : runs \(label(program.flows[runs].name))")
            }
        }
        // An alert is a state of the drawing only: the checker has none for it (its buttons' moves
        // are the presenter's). A group's alerts are drawn with the group.
        for alert in flow.alerts where alert.group == nil {
            lines.append("        state \"\(label(DiagramStyle.alertLabel(alert, lineBreak: " · ")))\" "
                             + "as \(ids.id(for: "\(flow.name).\(alert.name)"))")
        }
        let anyID = ids.id(for: "\(flow.name).$any")
        if !clauses.isEmpty { lines.append("        state \"any step\" as \(anyID)") }
        for step in flow.steps where step.shared == nil {
            let source = ids.id(for: "\(flow.name).\(step.name)")
            for transition in step.clauses { lines += edges(transition, from: source, of: step, in: flow, program: program, ids: &ids) }
        }
        // As in DOT, one transition from "any step" to a state a style, its events one after another.
        var merged: [(head: String, text: String)] = []
        var mergedIndex: [String: Int] = [:]
        for transition in clauses {
            for (head, text, action) in transitions(transition, from: anyID, of: nil, in: flow, program: program, ids: &ids) {
                let key = ([head] + DiagramStyle.edge(action).map { "\($0.name)=\($0.value)" }).joined(separator: "\u{0}")
                if let index = mergedIndex[key] {
                    merged[index].text += " · " + text
                } else {
                    mergedIndex[key] = merged.count
                    merged.append((head, text))
                }
            }
        }
        for edge in merged { lines.append("        \(anyID) --> \(edge.head): \(label(edge.text))") }
        for alert in flow.alerts where alert.group == nil {
            let source = ids.id(for: "\(flow.name).\(alert.name)")
            for clause in alert.buttons.compactMap(\.clause) { lines += edges(clause, from: source, of: nil, in: flow, program: program, ids: &ids) }
        }
        lines.append("    }")
        return lines
    }

    private static func edges(_ transition: Clause, from source: String, of step: Step?, in flow: Flow, program: FlowProgram,
                              ids: inout MermaidIDs) -> [String] {
        transitions(transition, from: source, of: step, in: flow, program: program, ids: &ids).map {
            "        \(source) --> \($0.head): \(label($0.text))"
        }
    }

    /// Each action of a clause drawn: the state it goes to, and its text (not yet escaped).
    private static func transitions(_ transition: Clause, from source: String, of step: Step?, in flow: Flow, program: FlowProgram,
                                    ids: inout MermaidIDs) -> [(head: String, text: String, action: Action)] {
        let conditions = transition.conditions
        return transition.actions.enumerated().compactMap { branch, action in
            var text = transition.event + DiagramStyle.conditionLabel(conditions, branch: branch, in: flow)
            let head: String
            switch action.kind {
            case .pop, .dismiss, .close:
                head = source
                let handedBack = DiagramStyle.handedBack(transition, action, from: step, in: flow, program: program)
                text += " (\(action.backsWritten)\(action.kind.rawValue)\(handedBack))"
            case .open:
                // Out of the app: a loop on the screen, which stays.
                head = source
                text += " (open \(action.targetName ?? ""))"
            case .restart:
                // The flow starts over: to where it starts (with guards, the start's first choice).
                guard let start = flow.start else { return nil }
                head = ids.id(for: "\(flow.name).\(flow.steps[start].name)")
                text += " (restart)"
            case .exit:
                guard let target = action.target else { return nil }
                head = "[*]"
                text += " (exit \(flow.exits[target].name))"
            case .alert, .dialog:
                guard let target = action.target else { return nil }
                let alert = flow.alerts[target]
                head = ids.id(for: "\(alert.group.map { program.groups[$0].name } ?? flow.name).\(alert.name)")
                text += " (\(action.kind.rawValue))"
            default:
                guard let target = action.target else { return nil }
                head = ids.id(for: "\(flow.name).\(flow.steps[target].name)")
                let lock = DiagramStyle.presentationDetail(action)
                if let at = action.at {
                    text += " (" + action.backsWritten + "\(action.kind.rawValue) at \(at.written)\(lock))"
                } else if !action.before.isEmpty {
                    text += " (\(action.backsWritten)\(action.kind.rawValue)\(lock))"
                } else if !lock.isEmpty {
                    text += " (\(action.kind.rawValue)\(lock))"
                } else if action.kind != .push {
                    text += " (\(action.kind.rawValue)\(DiagramStyle.handedBack(transition, action, from: step, in: flow, program: program)))"
                }
            }
            return (head, text, action)
        }
    }

    private static func classes(_ program: FlowProgram, diagnostics: [Diagnostic], included: [FlowIndex], ids: inout MermaidIDs) -> [String] {
        var marked: [String: DiagramStyle.Mark] = [:]
        // Each step by the state that draws it: a step of a destinations group is the group's.
        let included = Set(included)
        for diagnostic in diagnostics {
            let subjects = diagnostic.steps.filter {
                included.contains($0.flowIndex) && program.flows[$0.flow].steps.indices.contains($0.step)
            }.map { DiagramBuilder.stepID(program.flows[$0.flow], program[$0], in: program) }
            for subject in subjects {
                let mark = DiagramStyle.Mark.of(diagnostic.rule)
                marked[subject] = max(marked[subject] ?? mark, mark)
            }
        }
        guard !marked.isEmpty else { return [] }
        var lines = [
            "    classDef unreachable fill:#f2f2f2,color:#999999,stroke:#aaaaaa,stroke-dasharray:4",
            "    classDef trapped fill:#fde0dd,stroke:#d62728,stroke-width:2px",
            "    classDef cannotFinish fill:#feeddc,stroke:#e6550d,stroke-width:2px",
            "    classDef error stroke:#d62728,stroke-width:3px",
            "    classDef warning stroke:#e6550d,stroke-width:2px",
        ]
        for (name, mark) in marked.sorted(by: { $0.key < $1.key }) {
            lines.append("    class \(ids.id(for: name)) \(className(mark))")
        }
        return lines
    }

    private static func className(_ mark: DiagramStyle.Mark) -> String {
        switch mark {
        case .unreachable: "unreachable"
        case .trapped: "trapped"
        case .cannotFinish: "cannotFinish"
        case .error: "error"
        case .warning: "warning"
        }
    }

    /// Text in a label: Mermaid reads ':', ';', '#', quotes and angle brackets itself.
    static func label(_ text: String) -> String {
        String(text.map { character -> Character in
            switch character {
            case ":": "∶"
            case ";": ","
            case "\"": "'"
            case "#": "♯"
            case "<": "‹"
            case ">": "›"
            case "{": "("
            case "}": ")"
            case "\n", "\r": " "
            default: character
            }
        })
    }
}

/// Mermaid state ids: letters, digits and underscores, unique per name.
struct MermaidIDs {
    private var assigned: [String: String] = [:]
    private var used: Set<String> = []

    mutating func id(for name: String) -> String {
        if let id = assigned[name] { return id }
        var base = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
        })
        if base.first.map({ $0.isNumber }) ?? true { base = "s_" + base }
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)_\(counter)"
            counter += 1
        }
        used.insert(candidate)
        assigned[name] = candidate
        return candidate
    }
}
