/// Writes a harness program as `.flow` text, one declaration a line, and records the line of every
/// marked declaration (a planted error's place).
struct HarnessPrinter {
    private(set) var lines: [String] = []
    /// The 1-based line of each mark.
    private(set) var marks: [String: Int] = [:]

    /// The text of `program`, and the lines of its marks.
    static func print(_ program: HProgram) -> (text: String, marks: [String: Int]) {
        var printer = HarnessPrinter()
        for group in program.groups { printer.write(group) }
        for flow in program.flows { printer.write(flow) }
        return (printer.lines.joined(separator: "\n") + "\n", printer.marks)
    }

    private mutating func emit(_ line: String, mark: String? = nil) {
        lines.append(line)
        if let mark { marks[mark] = lines.count }
    }

    private mutating func write(_ group: HGroup) {
        if !lines.isEmpty { emit("") }
        emit("destinations \(group.name) {", mark: group.mark)
        for use in group.uses { emit("    use \(use)") }
        writeMembers(of: group)
        emit("}")
    }

    private mutating func write(_ flow: HFlow) {
        if !lines.isEmpty { emit("") }
        emit("flow \(flow.name)\(flow.isTabs ? " tabs" : flow.isSplit ? " split" : "") {", mark: flow.mark)
        if !flow.start.isEmpty {
            let choices = flow.start.map { choice in
                choice.step + (choice.condition.map { " " + $0.text } ?? "")
            }
            let launch = flow.launch.map { ", \($0.kind.rawValue) \($0.step)" + ($0.condition.map { " " + $0.text } ?? "") } ?? ""
            emit("    start " + choices.joined(separator: " else ") + launch, mark: flow.startMark)
        }
        for use in flow.uses { emit("    use \(use)") }
        writeMembers(of: flow)
        for exit in flow.exits { emit("    exit \(exit.name)\(Self.parameters(exit.params))", mark: exit.mark) }
        emit("}")
    }

    private mutating func writeMembers(of scope: HScope) {
        for guardDeclaration in scope.guards {
            emit("    guard \(guardDeclaration.isAsync ? "async " : "")\(guardDeclaration.name)\(Self.parameters(guardDeclaration.params))",
                 mark: guardDeclaration.mark)
        }
        for link in scope.links { emit("    " + Self.text(of: link), mark: link.mark) }
        for step in scope.steps { write(step) }
        for alert in scope.alerts {
            emit("    \(alert.isDialog ? "dialog" : "alert") \(alert.name)\(Self.parameters(alert.inputs)) {", mark: alert.mark)
            for button in alert.buttons { emit("        " + Self.text(of: button), mark: button.mark) }
            emit("    }")
        }
        for clause in scope.clauses { emit("    " + Self.text(of: clause), mark: clause.mark) }
    }

    private mutating func write(_ step: HStep) {
        var head = "    step \(step.name)\(Self.parameters(step.inputs))"
        if let like = step.like { head += " like \(like)" }
        if let item = step.tabItem { head += " as \(item.rawValue)" }
        if let column = step.column { head += " in \(column)" }
        if !step.receives.isEmpty { head += " receives " + Self.list(step.receives) }
        if let runs = step.runs { head += " runs \(runs)" }
        if step.keepsLinks { head += " keeps links" }
        head += Self.text(of: step.lock)
        if let detents = step.detents { head += " " + detents }
        if let condition = step.condition { head += " " + condition.text }
        guard !step.clauses.isEmpty else {
            emit(head, mark: step.mark)
            return
        }
        emit(head + " {", mark: step.mark)
        for clause in step.clauses { emit("        " + Self.text(of: clause), mark: clause.mark) }
        emit("    }")
    }

    /// `(a: Int, b: String?)`, or nothing for no parameters.
    static func parameters(_ params: [HParam]) -> String { params.isEmpty ? "" : list(params) }

    static func list(_ params: [HParam]) -> String { "(" + params.map(\.text).joined(separator: ", ") + ")" }

    static func text(of link: HLink) -> String {
        let patterns = link.patterns.map { "\"\($0)\"" }.joined(separator: ", ") + (link.wholeURL.map { " as " + $0 } ?? "")
        let move = (link.dismissesFirst ? "dismiss, " : "") + (link.move.map { $0.rawValue + " " } ?? "")
        var choices = ""
        for (index, condition) in link.conditions.enumerated() {
            choices += " if \(condition.isNegated ? "!" : "")\(condition.guardName)"
            if index < link.otherwise.count { choices += " else \(link.otherwise[index])" }
        }
        return "link \(patterns) -> \(move)\(link.target)\(link.at.map { " at " + $0 } ?? "")\(choices)\(link.ignoringCase ? " ignoring case" : "")"
    }

    static func text(of clause: HClause) -> String {
        var text = "on \(clause.event)"
        if clause.writesPayload { text += parameters(clause.payload) }
        guard !clause.branches.isEmpty else { return text }
        text += " -> "
        text += clause.branches.map { branch in
            Self.text(of: branch.action) + (branch.condition.map { " " + $0.text } ?? "")
        }.joined(separator: " else ")
        return text
    }

    static func text(of action: HAction) -> String {
        action.backs.map { Self.text(of: $0) + ", " }.joined() + Self.text(of: action.main)
    }

    static func text(of move: HMove) -> String {
        var text = move.kind == .pushBelow ? "push" : move.kind == .selectBelow ? "select" : move.kind.rawValue
        if let target = move.target { text += " " + target }
        if move.kind == .pushBelow || move.kind == .selectBelow { text += " below" }
        if let at = move.at { text += " at " + at }
        if move.writesLock { text += Self.text(of: move.lock) }
        if let compact = move.compact { text += " compact " + compact.rawValue }
        return text
    }

    /// ` locked`, ` locked while [!]g`, or nothing.
    static func text(of lock: HLock?) -> String {
        switch lock {
        case nil: ""
        case .always: " locked"
        case .whileGuard(let name, let negated): " locked while " + (negated ? "!" : "") + name
        }
    }
}
