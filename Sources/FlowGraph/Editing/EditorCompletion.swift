/// What an editor offers as the user types: the names that fit where the cursor is.
///
/// The context is read from the line before the cursor (a line being typed seldom parses), and the
/// names from the last compilation: step names after a move, guards after `if` or `while`, exits
/// after `exit` and in the body of a step that runs a flow, events after `on`, flows after `runs`,
/// groups after `use`, the subflow's steps after `at`, types after a parameter's `:`, and the
/// keywords (`Keyword`) at the start of a line, after `->`, after a step's declaration (`receives`,
/// `runs`, `keeps links`, `locked while`) and after a link's patterns (`as`).
package enum EditorCompletion {
    public struct Item: Sendable, Hashable {
        public enum Kind: String, Sendable {
            case keyword, flow, group, step, alert, event, exit, `guard`, type
        }

        public let label: String
        public let kind: Kind
        public let detail: String
    }

    /// Where a journey leaves the user after its first lines and a move being written
    /// (`JourneyRunner.state`, which runs on the main actor: the language server passes it there).
    public typealias JourneyStates = (_ journey: String, _ lines: Int, _ then: JourneyMove?) -> JourneyState?

    /// The candidates at `offset` of file `file`, filtered by the word being typed. In a journey,
    /// `journeyStates` says where the lines above leave the user: the events handled there, its
    /// tabs, and what the move being written leads to come first.
    public static func items(file: Int, offset: Int, in compilation: Compiler.Compilation,
                             journeyStates: JourneyStates? = nil) -> [Item] {
        guard compilation.files.indices.contains(file) else { return [] }
        let source = compilation.files[file]
        let clamped = max(0, min(offset, source.bytes.count))
        let line = source.location(of: clamped).line
        let lineStart = source.lineStarts[line - 1]
        let prefix = source.text(lineStart..<clamped)
        var words = tokens(prefix)
        // A line after one that ends with `->` goes on with its clause (the parser reads it so).
        var above = line - 1
        while above >= 1 {
            let previous = tokens(source.lineText(above))
            if previous.isEmpty { above -= 1; continue }
            if previous.last == "->" { words = previous + words }
            break
        }
        // The word being typed, if the cursor is at the end of one.
        let typing = prefix.last.map { isNameCharacter($0) } == true ? words.last ?? "" : ""
        let before = typing.isEmpty ? words : Array(words.dropLast())
        if let journey = journey(around: line, in: source) {
            let resolved = compilation.program?.journeys.first { $0.name == journey }
            let done = resolved?.lines.filter { $0.range.file == file && $0.range.end <= lineStart }.count ?? 0
            let items = journeyCandidates(before: before, journey: journey, lines: done, compilation: compilation, states: journeyStates)
            return items.filter { typing.isEmpty || $0.label.hasPrefix(typing) }
        }
        let scope = compilation.syntax.flows.last {
            $0.range.file == file && $0.range.start <= clamped && clamped <= max($0.end, $0.range.end)
        }
        let step = scope?.steps.last { $0.range.start <= clamped && clamped <= $0.range.end }
        let names = Names(compilation: compilation, scope: scope)
        let items = candidates(before: before, scope: scope, step: step, names: names)
        return items.filter { typing.isEmpty || $0.label.hasPrefix(typing) }
    }

    private static func candidates(before: [String], scope: FlowSyntax?, step: StepSyntax?, names: Names) -> [Item] {
        let last = before.last ?? ""
        let previous = before.count >= 2 ? before[before.count - 2] : ""
        // Inside a parameter list, after `name:`: the types the program already uses.
        if last == ":" || (last.hasSuffix(":") && before.contains("(")) { return names.types() }
        if last == "!" && ["if", "while"].contains(previous) { return names.guards() }
        // After a move, what its target is (`ActionKind.targetRole`, the one place that says it).
        if before.contains("->") || before.first == "link", let kind = ActionKind(rawValue: last) {
            switch kind.targetRole {
            case .newScreen, .shownStep: return names.steps()
            case .alert: return names.alerts()
            case .exit: return names.exits()
            case .payloadValue:
                // `on linkTapped(url: URL) -> open `: the values of the clause's payload.
                guard let open = before.firstIndex(of: "("), let close = before.firstIndex(of: ")"), open < close else { return [] }
                let payload = before[open ..< close]
                return payload.indices.dropFirst().filter { payload[$0] == ":" }.map {
                    Item(label: payload[$0 - 1], kind: .type, detail: "a value of the payload")
                }
            case .none: return []
            }
        }
        // `link "/a/**" ‸`: after a pattern (a string is the word `""`), `as` or the arrow.
        if before.first == "link", last == "\"\"" { return [keyword("as"), keyword("->")] }
        if last == "keeps" { return [keyword("links")] }
        // `step Translate detents ‸` (or after a `,` of them): the heights a sheet stops at.
        if before.first == "step", last == "detents" || (last == "," && before.contains("detents")), !before.contains("{") {
            return ["medium", "large", "height"].map(keyword)
        }
        // `step Post as ‸` in a tabs flow: how its item presents it.
        if before.first == "step", last == "as", !before.contains("{") { return ["sheet", "cover", "popover"].map(keyword) }
        // After a step's name, inputs or flow: what its declaration may go on with.
        // `step AccountDetailWithAccount(account: Account) like ‸`: the step whose clauses it has.
        if before.first == "step", last == "like", !before.contains("{") { return names.steps() }
        // `step Message(message: MessageID) in ‸` in a split flow: its column.
        if before.first == "step", last == "in", !before.contains("{") { return SplitColumn.allCases.map { keyword($0.rawValue) } }
        if before.first == "step", before.count >= 2, !before.contains("{"), ![":", ",", "(", "runs", "receives", "while", "!", "if"].contains(last),
           !before.contains("(") || before.contains(")"), !before.contains("if") {
            // `as sheet` (first) and `if g` (last), only in a tabs flow.
            let isTabs = scope?.isTabs == true
            let condition = isTabs ? ["if"] : []
            if before.contains("detents") { return (["interactive"] + condition).map(keyword) }
            if before.contains("locked") { return last == "locked" ? [keyword("while")] : (["detents"] + condition).map(keyword) }
            let item = isTabs && !before.contains("as") ? ["as"] : scope?.isSplit == true && !before.contains("in") ? ["in"] : []
            // `like` comes right after the inputs.
            let like = ["like", "as", "in", "receives"].contains(where: before.contains) ? [] : ["like"]
            return ((before.contains("keeps") ? ["locked"] : before.contains("runs") ? ["keeps", "locked"]
                        : like + item + ["receives", "runs", "keeps", "locked"]) + ["detents"] + condition).map(keyword)
        }
        switch last {
        // `start Home, ‸`: the layer shown over it at launch.
        case "," where before.first == "start": return [keyword("cover"), keyword("sheet")]
        case "cover" where before.first == "start", "sheet" where before.first == "start": return names.steps()
        // `-> sheet Compose compact ‸`: how the move presents on compact widths.
        case "compact" where before.contains("->"): return ["sheet", "cover", "popover"].map(keyword)
        case "if", "while": return names.guards()
        case "runs": return names.flows()
        case "use": return names.groups()
        case "at": return names.subflowSteps(target: previous)
        case "->",
             ",",
             "else" where before.contains("->"):
            if before.first == "link" { return names.steps() + ActionKind.allCases.filter(\.isLinkMove).map { keyword($0.rawValue) } }
            // After a back move (`-> pop, `): another back move, or a screen shown on what it left.
            if last == "," {
                return ActionKind.allCases.filter { $0.canFollowABackMove || $0.goesBack && $0 != .popTo }.map { keyword($0.rawValue) }
            }
            return Keyword.actions.map(keyword)
        case "else", "start": return names.steps()
        case "on" where before.count == 1:
            if let step, let runs = step.runs {
                let handled = Set(step.clauses.map(\.event.text))
                return names.exits(of: runs.text).filter { !handled.contains($0.label) }
            }
            return names.events()
        default: break
        }
        if before.isEmpty {
            if scope == nil { return Keyword.declarations.map(keyword) }
            if step != nil { return [keyword("on")] }
            return (scope?.isDestinations == true ? Keyword.destinationMembers : Keyword.members).map(keyword)
        }
        return []
    }

    static func keyword(_ word: String) -> Item { Item(label: word, kind: .keyword, detail: "keyword") }

    /// The journey whose body holds `line` (1-based): the `journey Name` line above it at the top
    /// level, with no declaration's end (`}` at the start of a line) between.
    static func journey(around line: Int, in source: SourceFile) -> String? {
        var current = line
        while current >= 1 {
            let text = source.lineText(current)
            if current < line, text.hasPrefix("}") { return nil }
            if text.hasPrefix("journey ") {
                let words = tokens(text)
                return words.count >= 2 && (current < line || text.contains("{")) ? words[1] : nil
            }
            if text.hasPrefix("flow ") || text.hasPrefix("destinations ") { return nil }
            current -= 1
        }
        return nil
    }

    /// In a journey's body: at a line's start, the events handled where the lines above leave the
    /// user and the lines' keywords; after `select`, the tabs on screen; after `->`, what the move
    /// leads to, then the expectations' words and the steps; after `given`, the guards.
    private static func journeyCandidates(before: [String], journey: String, lines: Int, compilation: Compiler.Compilation,
                                          states: JourneyStates?) -> [Item] {
        let program = compilation.program
        let allSteps = (program?.flows ?? []).flatMap(\.steps).map(\.name)
        let allEvents = (program?.flows ?? []).flatMap(\.events).map(\.name)
        func unique(_ names: [String], kind: Item.Kind, detail: String) -> [Item] {
            var seen = Set<String>()
            return names.filter { seen.insert($0).inserted }.map { Item(label: $0, kind: kind, detail: detail) }
        }
        let last = before.last ?? ""
        if before.isEmpty {
            let here = states?(journey, lines, nil)
            let events = here.map { unique($0.events, kind: .event, detail: "handled on \($0.screen)") } ?? []
            return events + ["given", "expect", "open", "back", "swipe", "select"].map(keyword)
                + unique(allEvents, kind: .event, detail: "event").filter { item in !events.contains { $0.label == item.label } }
        }
        if last == "given" || (last == "," && before.first == "given") || last == "!" {
            return unique((program?.flows ?? []).flatMap(\.guards).map(\.name), kind: .guard, detail: "guard")
        }
        if last == "select" {
            let tabs = states?(journey, lines, nil)?.tabs ?? []
            return unique(tabs, kind: .step, detail: "a tab on screen")
        }
        if last == "->" || last == "expect" {
            var move: JourneyMove?
            switch before.first {
            case "back": move = .back
            case "swipe": move = .swipe
            case "expect", "open", "select", "given", nil: move = nil
            case let event?: move = .send(event)
            }
            // `expect`: what the lines above show; `move ->`: what the move leads to.
            let shows = last == "expect" || move != nil ? states?(journey, lines, move) : nil
            let first = shows.map { [Item(label: $0.screen, kind: .step, detail: "what the program shows then")] } ?? []
            return first + ["sheet", "cover", "popover", "alert", "dialog", "tab", "stack", "blocked", "not", "impossible"].map(keyword)
                + unique(allSteps, kind: .step, detail: "step")
        }
        return []
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || !character.isASCII
    }

    /// The line's words and punctuation, comments and strings left out.
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var characters = Array(text)[...]
        func flush() {
            if !current.isEmpty { result.append(current) }
            current = ""
        }
        while let character = characters.first {
            characters = characters.dropFirst()
            if isNameCharacter(character) {
                current.append(character)
            } else if character == "/" && characters.first == "/" {
                flush()
                return result
            } else if character == "\"" {
                flush()
                while let next = characters.first, next != "\"" { characters = characters.dropFirst() }
                characters = characters.dropFirst()
                result.append("\"\"")
            } else if character == "-" && characters.first == ">" {
                flush()
                characters = characters.dropFirst()
                result.append("->")
            } else {
                flush()
                if !character.isWhitespace && character != "`" { result.append(String(character)) }
            }
        }
        flush()
        return result
    }

    /// The names of the program, as the flow the cursor is in sees them.
    private struct Names {
        let compilation: Compiler.Compilation
        let scope: FlowSyntax?

        var program: FlowProgram? { compilation.program }

        var flow: Flow? {
            guard let scope, let program else { return nil }
            return EditorHover.scopeFlow(scope.name.text, program)?.flow
        }

        func steps() -> [Item] {
            guard let flow else { return [] }
            return flow.steps.map { Item(label: $0.name, kind: .step, detail: "step\(EditorHover.parameters($0.inputs))") }
        }

        func alerts() -> [Item] {
            (flow?.alerts ?? []).map { Item(label: $0.name, kind: .alert, detail: $0.style.rawValue) }
        }

        func guards() -> [Item] {
            (flow?.guards ?? []).map { Item(label: $0.name, kind: .guard, detail: "guard\(EditorHover.parameters($0.parameters))") }
        }

        func exits(of name: String? = nil) -> [Item] {
            guard let program, let index = program.flow(named: name ?? scope?.name.text ?? "") else { return [] }
            return program.flows[index].exits.map { Item(label: $0.name, kind: .exit, detail: "exit\(EditorHover.parameters($0.inputs))") }
        }

        func subflowSteps(target: String) -> [Item] {
            guard let program, let flow, let step = flow.step(named: target), let runs = flow.steps[step].runs else { return [] }
            return program.flows[runs].steps.map { Item(label: $0.name, kind: .step, detail: "step of \(program.flows[runs].name)") }
        }

        func flows() -> [Item] {
            (program?.flows ?? []).map { Item(label: $0.name, kind: .flow, detail: $0.isTabs ? "tabs flow" : $0.isSplit ? "split view" : "flow") }
        }

        func groups() -> [Item] {
            (program?.groups ?? []).map { Item(label: $0.name, kind: .group, detail: "destinations") }
        }

        /// The events of the flow first, then those of the other flows, each name once.
        func events() -> [Item] {
            guard let program else { return [] }
            var seen = Set<String>()
            let own = flow?.events ?? []
            let others = program.flows.flatMap(\.events)
            return (own + others).filter { seen.insert($0.name).inserted }.map {
                Item(label: $0.name, kind: .event, detail: "event\(EditorHover.parameters($0.payload))")
            }
        }

        /// Every type written in the program, each once, sorted.
        func types() -> [Item] {
            var types = Set<String>()
            for flow in compilation.syntax.flows {
                var parameters: [ParameterSyntax] = flow.exits.flatMap(\.inputs) + flow.guards.flatMap(\.parameters)
                parameters += flow.clauses.flatMap(\.payload)
                for step in flow.steps { parameters += step.inputs + step.receives + step.clauses.flatMap(\.payload) }
                for alert in flow.alerts { parameters += alert.inputs + alert.buttons.flatMap(\.payload) }
                for parameter in parameters { types.insert(parameter.type.text) }
            }
            return types.sorted().map { Item(label: $0, kind: .type, detail: "type") }
        }
    }
}
