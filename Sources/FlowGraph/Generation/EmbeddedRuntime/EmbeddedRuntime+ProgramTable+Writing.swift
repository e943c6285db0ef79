// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileProgramTableWriting = ###"""
/// Writing a table as the text its reader reads (`ProgramTable.init(parsing:)`, whose
/// documentation has the grammar): the compiler builds the value and writes it with this, so the
/// writer and the reader are one definition with one version.
extension ProgramTable {
    /// The table as text, `flowgraph-table` `textVersion` first, one record a line.
    public var text: String { lines.joined(separator: "\n") }

    /// The records of `text`, in order.
    public var lines: [String] {
        var lines = ["flowgraph-table \(Self.textVersion)"]
        for flow in flows {
            var fields = [flow.name, flow.isTabs ? "1" : "0", "\(flow.start)", flow.isRoot ? "1" : "0"]
            for item in flow.guards { fields += ["guard", item.name, item.isAsync ? "1" : "0"] }
            for event in flow.events { fields += ["event", event] }
            for exit in flow.exits { fields += ["exit", exit] }
            if flow.isSplit { fields.append("split") }
            lines.append(TableWriting.record("flow", fields))
            if flow.startChoices.count > 1 { lines.append(TableWriting.starts(flow.startChoices)) }
            if let launch = flow.launch {
                lines.append((["launch", launch.kind.rawValue, String(launch.step)]
                              + (launch.condition.map { ["if", TableWriting.condition($0)] } ?? [])).joined(separator: " "))
            }
            for step in flow.steps {
                var fields = [step.name, step.runs.map(String.init) ?? "-"]
                switch step.path {
                case .none: fields.append("-")
                case .start: fields.append("^")
                case .after(let previous): fields.append(String(previous))
                }
                for input in step.inputs { fields += ["in", TableWriting.parameter(input)] }
                for value in step.receives { fields += ["recv", TableWriting.parameter(value)] }
                if step.keepsLinks { fields.append("keeps") }
                fields += TableWriting.lock(step.lock)
                if let condition = step.condition { fields += ["if", TableWriting.condition(condition)] }
                if let item = step.tabItem { fields += ["item", item.rawValue] }
                if step.column != 0 { fields += ["col", String(step.column)] }
                if !step.detents.isEmpty {
                    fields += ["detents"] + step.detents.map { detent in
                        switch detent {
                        case .medium: "medium"
                        case .large: "large"
                        case .height(let points): "h\(points)"
                        }
                    } + (step.isInteractiveBelowDetents ? ["interactive"] : [])
                }
                var line = TableWriting.record("step", fields)
                for clause in step.clauses { line += " " + clauseText(clause) }
                lines.append(line)
            }
            for clause in flow.clauses { lines.append(clauseText(clause)) }
            for alert in flow.alerts {
                var line = TableWriting.record("alert", [alert.name, alert.isDialog ? "dialog" : "alert"]
                                                   + alert.inputs.flatMap { ["in", TableWriting.parameter($0)] })
                for button in alert.buttons {
                    line += " " + (button.clause.map(clauseText) ?? "close \(button.trigger)")
                }
                lines.append(line)
            }
            for link in flow.links { lines.append(linkText(link)) }
        }
        return lines
    }

    /// `on TRIGGER [if [!]GUARD] ACTION [else ...]...`, where an action with back moves is
    /// `BACK [TARGET] , ... KIND [TARGET]`, one with `at` ends with `at HOP...`, and a locked sheet or
    /// popover with `locked` or `locked while [!]GUARD`.
    func clauseText(_ clause: Clause) -> String {
        var words = ["on", String(clause.trigger)]
        for (index, action) in clause.actions.enumerated() {
            if index > 0 { words.append("else") }
            if clause.conditions.indices.contains(index) { words += ["if", TableWriting.condition(clause.conditions[index])] }
            for back in action.backs {
                words.append(back.kind.rawValue)
                if let target = back.target { words.append(String(target)) }
                words.append(",")
            }
            words.append(action.kind.rawValue)
            if let target = action.target { words.append(String(target)) }
            if !action.at.isEmpty { words += ["at"] + action.at.map(hopText) }
            words += TableWriting.lock(action.lock)
            if let compact = action.compact { words += ["compact", compact.rawValue] }
        }
        return words.joined(separator: " ")
    }

    /// `bN`, `eN` (N a global step index) or `mFLOW:STEP:CLAUSE:BRANCH` (STEP `*` at the flow level).
    func hopText(_ hop: Hop) -> String {
        switch hop {
        case .bottom(let step): "b\(global(step))"
        case .enter(let step): "e\(global(step))"
        case .move(let clause): "m\(clause.flow):\(clause.step.map(String.init) ?? "*"):\(clause.clause):\(clause.branch)"
        }
    }

    /// `link TARGET PATTERN [or PATTERN]... [values N] BRANCH [else TARGET BRANCH]...`, a BRANCH
    /// being `[back KIND] [move KIND [at HOP...]] [path HOP...]... [if [!]GUARD]` and a PATTERN
    /// `TEXT SCHEME|- [!i] [!pN] [!uN] PART... [?KEY=PART]...`.
    func linkText(_ link: LinkInfo) -> String {
        func part(_ part: PatternPart) -> String {
            switch part {
            case .literal(let text): "/" + TableEscaping.encode(text)
            case .placeholder(let input): "{\(input)}"
            case .affixed(let prefix, let input, let suffix): "~" + TableEscaping.encode(prefix) + "{\(input)}" + TableEscaping.encode(suffix)
            case .wildcard: "*"
            case .rest(let input): input.map { "{\($0)...}" } ?? "**"
            }
        }
        var words = ["link", String(link.target)]
        for (index, pattern) in link.patterns.enumerated() {
            if index > 0 { words.append("or") }
            words += [TableEscaping.encode(pattern.text), pattern.scheme.map(TableEscaping.encode) ?? "-"]
            if pattern.ignoresCase { words.append("!i") }
            if pattern.precedence > 0 { words.append("!p\(pattern.precedence)") }
            if let whole = pattern.wholeURL { words.append("!u\(whole)") }
            words += pattern.segments.map(part)
            words += pattern.query.map { "?" + TableEscaping.encode($0.key) + "=" + part($0.value) }
        }
        if let count = link.valueCount { words += ["values", String(count)] }
        for (index, branch) in link.branches.enumerated() {
            if index > 0 { words += ["else", String(branch.target)] }
            if let back = branch.back { words += ["back", back.rawValue] }
            if let move = branch.move { words += ["move", move.rawValue] }
            if !branch.at.isEmpty { words += ["at"] + branch.at.map(hopText) }
            for path in branch.paths { words += ["path"] + path.map(hopText) }
            if link.conditions.indices.contains(index) { words += ["if", TableWriting.condition(link.conditions[index])] }
        }
        return words.joined(separator: " ")
    }
}

/// The fields of the text as written: escaped, and the shapes several records share.
enum TableWriting {
    /// A record: its keyword and its fields, escaped.
    static func record(_ keyword: String, _ fields: [String]) -> String {
        ([keyword] + fields.map(TableEscaping.encode)).joined(separator: " ")
    }

    /// A lock's words: none, `locked`, or `locked while [!]GUARD`.
    static func lock(_ lock: ProgramTable.Lock?) -> [String] {
        switch lock {
        case nil: []
        case .always: ["locked"]
        case .whileGuard(let guarded)?: ["locked", "while", condition(guarded)]
        }
    }

    /// `name: Type` as the field `name:Type`.
    static func parameter(_ parameter: String) -> String {
        guard let colon = parameter.firstIndex(of: ":") else { return parameter }
        let type = parameter[parameter.index(after: colon)...].drop { $0 == " " }
        return "\(parameter[..<colon]):\(type)"
    }

    /// `[!]GUARD`.
    static func condition(_ condition: ProgramTable.Condition) -> String {
        (condition.isNegated ? "!" : "") + String(condition.guardIndex)
    }

    /// `starts [if [!]GUARD STEP else]... STEP`.
    static func starts(_ choices: [ProgramTable.StartChoice]) -> String {
        var words = ["starts"]
        for choice in choices {
            if let condition = choice.condition {
                words += ["if", Self.condition(condition), String(choice.step), "else"]
            } else {
                words.append(String(choice.step))
            }
        }
        return words.joined(separator: " ")
    }
}
"""###
}
