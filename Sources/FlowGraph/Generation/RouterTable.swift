/// The program as data for the engine of `FlowGraphRuntime`: flows, steps with their clauses and a
/// shortest path to each, guards, events, exits, links with the paths `open` follows. Written in
/// the text format that `FlowGraphRuntime.ProgramTable` reads (its documentation has the grammar;
/// `RouterTableTests` decodes what this writes).
struct RouterTable {
    static let version = 2
    private(set) var lines: [String] = []

    init(_ program: FlowProgram, analysis: ProgramAnalysis) {
        lines.append("flowgraph-table \(Self.version)")
        // The user's shortest way to each step, through the steps the checker calls reachable only.
        let reachable = program.flows.indices.map { flow in
            program.flows[flow].steps.indices.map { analysis.isFlowReachable[flow] && analysis.isStepReachable[flow][$0] }
        }
        let search = CompositeGraph(program: program).search(everyMove: true, userMoves: true, given: nil, within: reachable)
        let roots = Set(program.roots)
        var global = 0
        var offsets: [Int] = []
        for flow in program.flows {
            offsets.append(global)
            global += flow.steps.count
        }
        /// The words of the path of each branch's `at`, if it has one.
        func atPaths(_ flow: Int, _ step: Int?, _ handler: Int) -> (Int) -> [String]? {
            { branch in
                analysis.atPaths[ClauseReference(flow: flow, step: step, handler: handler, branch: branch)]
                    .map { Self.hops($0, offsets: offsets, first: "e") }
            }
        }
        for (flowIndex, flow) in program.flows.enumerated() {
            let events = Self.indices(flow.events.map(\.name))
            var fields = [flow.name, flow.isTabs ? "1" : "0", "\(flow.start ?? 0)", roots.contains(flowIndex) ? "1" : "0"]
            for item in flow.guards { fields += ["guard", item.name, item.isAsync ? "1" : "0"] }
            for event in flow.events { fields += ["event", event.name] }
            for exit in flow.exits { fields += ["exit", exit.name] }
            lines.append(Self.record("flow", fields))
            if flow.startChoices.count > 1 { lines.append(Self.starts(flow.startChoices)) }
            for (stepIndex, step) in flow.steps.enumerated() {
                var fields = [step.name, step.runs.map(String.init) ?? "-"]
                let parent = search.parent[offsets[flowIndex] + stepIndex]
                fields.append(parent == -1 ? "^" : parent < 0 ? "-" : String(parent))
                for input in step.inputs { fields += ["in", "\(input.name):\(input.type)"] }
                for value in step.receives { fields += ["recv", "\(value.name):\(value.type)"] }
                let triggers = step.runs.map { Self.indices(program.flows[$0].exits.map(\.name)) } ?? events
                var line = Self.record("step", fields)
                for (index, clause) in step.handlers.enumerated() {
                    line += " " + Self.clause(clause, triggers: triggers, in: flow, paths: atPaths(flowIndex, stepIndex, index))
                }
                lines.append(line)
            }
            for (index, clause) in flow.eventHandlers.enumerated() {
                lines.append(Self.clause(clause, triggers: events, in: flow, paths: atPaths(flowIndex, nil, index)))
            }
            // `alert NAME STYLE [in NAME:TYPE]... [close TRIGGER | CLAUSE]...`; a button's move has no `at`.
            for alert in flow.alerts {
                var line = Self.record("alert", [alert.name, alert.style.rawValue] + alert.inputs.flatMap { ["in", "\($0.name):\($0.type)"] })
                for button in alert.buttons {
                    if let clause = button.clause {
                        line += " " + Self.clause(clause, triggers: events, in: flow, paths: { _ in nil })
                    } else {
                        line += " close \(events[button.event] ?? 0)"
                    }
                }
                lines.append(line)
            }
            for (linkIndex, link) in flow.links.enumerated() {
                guard let target = link.target else { continue }
                let path = analysis.linkPaths.indices.contains(flowIndex) && analysis.linkPaths[flowIndex].indices.contains(linkIndex)
                    ? analysis.linkPaths[flowIndex][linkIndex] : nil
                let paths = (path.map { [$0] } ?? []) + (analysis.otherStartLinkPaths[LinkReference(flow: flowIndex, link: linkIndex)] ?? [])
                lines.append(Self.link(link, target: flow.steps[target], targetIndex: target, paths: paths, offsets: offsets))
            }
        }
    }

    private static func indices(_ names: [String]) -> [String: Int] {
        Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A record: its keyword and its fields, escaped.
    private static func record(_ keyword: String, _ fields: String...) -> String { record(keyword, fields) }

    private static func record(_ keyword: String, _ fields: [String]) -> String {
        ([keyword] + fields.map(escape)).joined(separator: " ")
    }

    /// `starts [if [!]GUARD STEP else]... STEP`: where a flow starts, as its guards decide.
    private static func starts(_ choices: [StartChoice]) -> String {
        var words = ["starts"]
        for choice in choices {
            if let condition = choice.condition {
                words += ["if", (condition.isNegated ? "!" : "") + String(condition.guardIndex ?? 0), String(choice.step ?? 0), "else"]
            } else {
                words.append(String(choice.step ?? 0))
            }
        }
        return words.joined(separator: " ")
    }

    /// `on TRIGGER [if [!]GUARD] ACTION [else ...]...`, where an action with a back move is
    /// `BACK [TARGET] , KIND TARGET`, and one with `at` ends with `at HOP...`, its path inside the
    /// subflow; a locked sheet or popover ends with `locked` or `locked while [!]GUARD`.
    private static func clause(_ clause: Transition, triggers: [String: Int], in flow: Flow, paths: (Int) -> [String]?) -> String {
        var words = ["on", String(triggers[clause.event] ?? 0)]
        let conditions = clause.conditions
        for (index, action) in clause.actions.enumerated() {
            if index > 0 { words.append("else") }
            if conditions.indices.contains(index) {
                let condition = conditions[index]
                words += ["if", (condition.isNegated ? "!" : "") + String(condition.guardIndex ?? 0)]
            }
            if let back = action.back {
                words.append(back.kind.rawValue)
                if back.kind.hasTarget { words.append(String(back.target ?? 0)) }
                words.append(",")
            }
            words.append(action.kind.rawValue)
            if action.kind.hasTarget { words.append(String(action.target ?? 0)) }
            if action.at != nil, let hops = paths(index) { words += ["at"] + hops }
            if let lock = action.lock {
                words.append("locked")
                if lock.guardName != nil { words += ["while", (lock.isNegated ? "!" : "") + String(lock.guardIndex ?? 0)] }
            }
        }
        return words.joined(separator: " ")
    }

    /// The hops of a path: its first step as `FIRST` and its global index (`b` for a root's, `e` for
    /// a subflow's start), then `mFLOW:STEP:CLAUSE:BRANCH` for a clause's move or `eN` for a subflow entered.
    private static func hops(_ path: NavigationPath, offsets: [Int], first: String) -> [String] {
        path.hops.enumerated().map { index, hop in
            let global = offsets[hop.step.flow] + hop.step.step
            if index == 0 { return "\(first)\(global)" }
            if let clause = hop.clause {
                return "m\(clause.flow):\(clause.step.map(String.init) ?? "*"):\(clause.handler):\(clause.branch)"
            }
            return "e\(global)"
        }
    }

    /// `link TARGET PATTERN [or PATTERN]... [move KIND] [path HOP...]...`, a PATTERN being
    /// `TEXT SCHEME|- [!i] [!pN] PART...` (`!i`: ignoring case; `!pN`: its precedence, when not 0).
    private static func link(_ link: Link, target: Step, targetIndex: Int, paths: [NavigationPath], offsets: [Int]) -> String {
        let inputs = indices(target.inputs.map(\.name))
        func part(_ part: LinkPattern.Part) -> String {
            switch part {
            case .literal(let text): "/" + escape(text)
            case .placeholder(let name): "{\(inputs[name] ?? 0)}"
            case .affixed(let prefix, let name, let suffix): "~" + escape(prefix) + "{\(inputs[name] ?? 0)}" + escape(suffix)
            case .wildcard: "*"
            }
        }
        var words = ["link", String(targetIndex)]
        for (index, pattern) in link.patterns.enumerated() {
            if index > 0 { words.append("or") }
            words += [escape(pattern.text), pattern.scheme.map(escape) ?? "-"]
            if pattern.ignoresCase { words.append("!i") }
            let precedence = link.precedence.indices.contains(index) ? link.precedence[index] : 0
            if precedence > 0 { words.append("!p\(precedence)") }
            words += pattern.segments.map(part)
            words += pattern.query.map { "?" + escape($0.key) + "=" + part($0.value) }
        }
        if let move = link.move { words += ["move", move.rawValue] }
        for path in paths { words += ["path"] + hops(path, offsets: offsets, first: "b") }
        return words.joined(separator: " ")
    }

    /// Percent-escapes what the text format cannot hold as it is: `%`, spaces and control
    /// characters, `"` and `\` (the text sits in a Swift raw string literal), and `=`.
    static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if byte < 0x21 || byte == 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "=") {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
