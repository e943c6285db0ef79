/// Recursive-descent parser for one `.flow` file: one method per grammar rule.
///
/// After an error it reports a `syntax` diagnostic and resynchronizes at the start of the next
/// line that begins a declaration (Crafting Interpreters' panic mode), so one run reports every
/// syntax error of the file. Words like `step` or `push` are keywords only where the grammar
/// expects them, so they can still be used as names.
package struct Parser {
    let tokens: [Token]
    /// The tokens' texts and docs (`text(_:)`, `doc(_:)`).
    let texts: TokenTexts
    let file: Int
    var index = 0
    public internal(set) var diagnostics: [Diagnostic] = []
    /// The file's `import` declarations, in source order.
    public internal(set) var imports: [ImportSyntax] = []
    /// The `journey` declarations read, in source order.
    public internal(set) var journeys: [JourneySyntax] = []
    /// Whether to record the grammar's nodes for the lossless tree (`parseConcrete`), and the
    /// nodes finished whose parent is not finished yet (`SyntaxNode.finish`): the tree, at the end.
    var recordsNodes = false
    var finishedNodes: [SyntaxNode] = []
    /// Set when the nodes are only hashed, not kept (`digestConcrete`).
    var nodeDigest: Hasher?
    /// The token index of the last error, and the first tokens of lines that already have one.
    var lastErrorToken = -1
    var errorLines = Set<Int>()

    static let memberKeywords = Set(Keyword.members)
    /// The words that begin a flow or a group (an `import` is one line, read only at a line start).
    static let declarationKeywords: Set<String> = Set(Keyword.declarations).subtracting(["import"])
    /// The members a `destinations` group may have: screens and what they do, never where a flow
    /// starts, ends or is linked to.
    static let destinationMembers = Set(Keyword.destinationMembers)
    /// `memberKeywords` and `declarationKeywords` asked of a token by its text's number (the
    /// parser asks them at every line start).
    static let memberKeywordSet = TokenTexts.keywordSet(memberKeywords)
    static let declarationKeywordSet = TokenTexts.keywordSet(declarationKeywords)
    static let memberKeywordsButOn = TokenTexts.keywordSet(memberKeywords.subtracting(["on"]))

    /// The program's name numbers, and each of this file's text numbers' (`Token.textID`) number
    /// there, taken from them the first time the parser reads the name.
    var names: NameNumbers
    private var numbers: [NameID] = []

    public init(file: Int, tokens: [Token], texts: TokenTexts, names: NameNumbers = NameNumbers()) {
        self.file = file
        self.tokens = tokens
        self.texts = texts
        self.names = names
    }

    /// The name `token` is (an identifier), with its number in the program.
    @inline(__always)
    mutating func name(_ token: Token) -> Name {
        let local = Int(token.textID)
        if numbers.isEmpty { numbers = Array(repeating: .none, count: texts.strings.count) }
        if numbers[local] == .none { numbers[local] = names.number(of: texts.strings[local]) }
        return Name(text: texts.strings[local], range: range(of: token), id: numbers[local])
    }

    /// A name the text does not hold, where a syntax error lost it (`""`), with its number.
    mutating func placeholderName(at range: SourceRange) -> Name {
        Name(text: "", range: range, id: names.number(of: ""))
    }

    /// The token's text (see `TokenTexts`).
    func text(_ token: Token) -> String { texts[token] }

    /// The move `token`'s text names, as `ActionKind(rawValue: text(token))` would find it (escaped
    /// or not): a name's by its number, since every move's word is a keyword, so a name numbered
    /// past the keywords names none (matching the text was a sixteenth of the parse).
    func actionKind(_ token: Token) -> ActionKind? {
        guard token.kind == .identifier else { return ActionKind(rawValue: text(token)) }
        return token.textID < TokenTexts.keywordCount ? TokenTexts.actionKinds[Int(token.textID)] : nil
    }

    /// The `///` lines written just before the token.
    func doc(_ token: Token) -> [String] { texts.doc(token) }

    /// What parsing a file gives: its declarations, its errors and its `// flowgraph:ignore` comments.
    package typealias Parsed = (flows: [FlowSyntax], diagnostics: [Diagnostic], ignores: [IgnoreComment], imports: [ImportSyntax],
                                journeys: [JourneySyntax])

    /// Lexes and parses one file; `ignores` are its `// flowgraph:ignore` comments. Its names
    /// are numbered on their own (a program's files share `names`: the next function).
    public static func parse(_ source: SourceFile, file: Int) -> Parsed {
        var names = NameNumbers()
        return parse(source, file: file, names: &names)
    }

    /// The same, its names numbered among the program's, `names`.
    static func parse(_ source: SourceFile, file: Int, names: inout NameNumbers) -> Parsed {
        guard source.bytes.count <= SourceLimits.fileSize else {
            let message = SyntaxMessages.fileTooLarge(source.bytes.count)
            return ([], [Diagnostic(.syntax, message, at: SourceRange(file: file, start: 0, end: 0))], [], [], [])
        }
        return parse(source, file: file, lexed: LexedFile(file: file, bytes: source.bytes), names: &names)
    }

    /// Parses one file from its tokens, `lexed`, an edit of the file whose parse was `before`: its
    /// flows that end before the tokens the edit changed are taken as they were, and the rest of
    /// the file is parsed from the first token after them (its imports and journeys likewise).
    /// When `before` had a syntax error, or `lexed` kept no flow of it, the file is parsed whole.
    ///
    /// The parse from there is the whole parse's: a flow that ends with a `}` leaves the parser at
    /// the top level, with no state but its errors (none), and the tokens before are the same
    /// (`LexerEditTests` compares the two ways on random edits).
    ///
    /// `names` must be the numbers `before` was parsed with (the kept flows' names keep theirs).
    static func parse(_ source: SourceFile, file: Int, lexed: LexedFile, editing before: Parsed, names: inout NameNumbers) -> Parsed {
        let kept = before.flows.prefix { $0.end <= lexed.unchangedUpTo }
        guard before.diagnostics.isEmpty, lexed.lexer.diagnostics.isEmpty, let last = kept.last else {
            return parse(source, file: file, lexed: lexed, names: &names)
        }
        let cut = last.end
        var parser = Parser(file: file, tokens: lexed.tokens, texts: lexed.lexer.texts, names: NameNumbers.take(&names))
        parser.index = lexed.tokens.dropLast().partitionIndex { $0.start < cut }
        let flows = Array(kept) + parser.parseFile()
        names = parser.names
        return (flows, parser.diagnostics, lexed.lexer.ignores, before.imports.filter { $0.range.start < cut } + parser.imports,
                before.journeys.filter { $0.range.start < cut } + parser.journeys)
    }

    /// The same, with names numbered on their own.
    static func parse(_ source: SourceFile, file: Int, lexed: LexedFile, editing before: Parsed) -> Parsed {
        var names = NameNumbers()
        return parse(source, file: file, lexed: lexed, editing: before, names: &names)
    }

    /// Parses one file from its tokens, `lexed` (of `source.bytes`, within the size limit), with
    /// names numbered on their own.
    static func parse(_ source: SourceFile, file: Int, lexed: LexedFile) -> Parsed {
        var names = NameNumbers()
        return parse(source, file: file, lexed: lexed, names: &names)
    }

    /// The same, its names numbered among the program's, `names`.
    static func parse(_ source: SourceFile, file: Int, lexed: LexedFile, names: inout NameNumbers) -> Parsed {
        var parser = Parser(file: file, tokens: lexed.tokens, texts: lexed.lexer.texts, names: NameNumbers.take(&names))
        defer { names = parser.names }
        let flows = parser.parseFile()
        // One error a line: the first the lexer found there, else the parser's.
        var lines = Set<Int>()
        let lexerErrors = lexed.lexer.diagnostics.filter { lines.insert(source.location(of: $0.range.start).line).inserted }
        let parsed = parser.diagnostics.filter { !lines.contains(source.location(of: $0.range.start).line) }
        return (flows, lexerErrors + parsed, lexed.lexer.ignores, parser.imports, parser.journeys)
    }

    // MARK: - program := (import | flow | destinations)*

    public mutating func parseFile() -> [FlowSyntax] {
        var flows: [FlowSyntax] = []
        while !isAtEnd {
            let startIndex = index
            if current.isKeyword("flow") || (current.isKeyword("destinations") && current.isAtLineStart && peekIsName(1)) {
                let flow = parseFlow()
                // The lossless tree (`parseConcrete`) needs the nodes alone: each flow's syntax is
                // let go as soon as it is read (a third of `fmt`'s memory at its peak).
                if !recordsNodes { flows.append(flow) }
                finishNode(.flow, from: startIndex)
            } else if current.isKeyword("journey"), current.isAtLineStart, peekIsName(1) {
                journeys.append(parseJourney())
                finishNode(.journey, from: startIndex)
            } else if current.isKeyword("import"), current.isAtLineStart {
                parseImport()
                finishDeclaration(startedAt: startIndex)
                finishNode(.importDeclaration, from: startIndex)
            } else {
                error(SyntaxMessages.expected("'flow' or 'journey'", found: describe(current)), at: current)
                skip { $0.isAtLineStart && Self.startsDeclaration($0) }
                finishNode(.unknownMember, from: startIndex)
            }
        }
        return flows
    }

    // MARK: - import := 'import' Name ('.' Name)*

    mutating func parseImport() {
        let keyword = take()
        /// A module name on the same line (an import is one line).
        func moduleName(after what: String) -> Name? {
            guard !current.isAtLineStart || isAtEnd else {
                error(SyntaxMessages.expected("a module name after \(what)", found: describeFollowing(current)), atMissing: current)
                return nil
            }
            return expectName("a module name after \(what)")
        }
        guard let first = moduleName(after: "'import'") else { return }
        var module = first.text
        while current.isPunctuation("."), !current.isAtLineStart {
            advance()
            guard let part = moduleName(after: "'.'") else { return }
            module += "." + part.text
        }
        imports.append(ImportSyntax(module: module, range: range(from: keyword)))
    }

    // MARK: - flow := doc? 'flow' Name 'tabs'? '{' member* '}'
    //         destinations := doc? 'destinations' Name '{' (step | guard | on)* '}'

    /// A word that begins a top-level declaration (`flow`, `destinations`).
    static func startsDeclaration(_ token: Token) -> Bool {
        !token.isEscaped && declarationKeywordSet.contains(token)  // by number: `isKeyword` of each word compared texts
    }

    mutating func parseFlow() -> FlowSyntax {
        let flowToken = take()
        let isDestinations = text(flowToken) == "destinations"
        let name = expectName(isDestinations ? "a name after 'destinations'" : "a flow name after 'flow'")
            ?? placeholderName(at: range(of: flowToken))
        var isTabs = false
        var isSplit = false
        if isDestinations {
            // no 'tabs': a group has no container of its own
        } else if current.isKeyword("tabs") {
            isTabs = true
            advance()
        } else if current.isKeyword("split"), !current.isAtLineStart {
            isSplit = true
            advance()
        } else if current.kind == .identifier, !current.isAtLineStart, let close = closestName(to: text(current), in: ["tabs", "split"]) {
            error(SyntaxMessages.expected("'tabs', 'split' or '{' after the flow's name", found: describe(current)), at: current)
            isTabs = close == "tabs"
            isSplit = close == "split"
            advance()
        }
        var flow = FlowSyntax(name: name, isTabs: isTabs, doc: doc(flowToken), range: range(of: flowToken))
        flow.isSplit = isSplit
        flow.isDestinations = isDestinations
        if expectPunctuation("{", isDestinations ? "'{' after the group's name" : "'{' after the flow's name") {
            parseMembers(into: &flow)
        } else {
            // Without '{' there is no body to read: go on with the next flow.
            skip { $0.isAtLineStart && (Self.startsDeclaration($0) || Self.memberKeywordSet.contains($0)) }
            if !Self.startsDeclaration(current), !isAtEnd { parseMembers(into: &flow) }
        }
        flow.end = max(flowToken.end, previous.end)
        return flow
    }

    mutating func parseMembers(into flow: inout FlowSyntax) {
        while true {
            if isAtEnd || (current.isAtLineStart && Self.startsDeclaration(current) && peekIsName(1)) {
                error(flow.isDestinations ? SyntaxMessages.unclosedDestinations(flow.name.text) : SyntaxMessages.unclosedFlow(flow.name.text),
                      atEndOf: previous)
                return
            }
            if current.isPunctuation("}") {
                advance()
                return
            }
            parseMember(into: &flow)
        }
    }

    // MARK: - member

    mutating func parseMember(into flow: inout FlowSyntax) {
        let keyword = current
        let startIndex = index
        let word = keyword.kind == .identifier ? text(keyword) : ""
        if flow.isDestinations, Self.memberKeywords.contains(word), !Self.destinationMembers.contains(word) {
            error(SyntaxMessages.notInDestinations(word), at: keyword)
            advance()
            skipToLineStart()
            finishDeclaration(startedAt: startIndex)
            finishNode(.unknownMember, from: startIndex)
            return
        }
        let kind: SyntaxNode.Kind
        switch word {
        case "use":
            kind = .use
            advance()
            guard let name = expectName("a destinations name after 'use'") else { break }
            if flow.isTabs {
                error(SyntaxMessages.useInTabs, at: keyword)
            } else {
                flow.uses.append(name)
            }
        case "start":
            kind = .start
            if var start = parseStart() {
                if flow.isTabs, let launch = start.launch {
                    // Every step of a tabs flow is a tab: the layer goes on in a flow that runs the tab bar.
                    record(SyntaxMessages.launchInTabs, at: launch.range, line: lineStartIndex(of: max(0, index - 1)))
                    start.launch = nil
                }
                flow.starts.append(start)
            }
        case "step":
            kind = .step
            if var step = parseStep() {
                if !flow.isTabs, let condition = step.condition {
                    // Only a tab can be there sometimes; the step is kept as one that always is.
                    record(SyntaxMessages.conditionOutsideTabs, at: condition.range, line: lineStartIndex(of: max(0, index - 1)))
                    step.condition = nil
                }
                if !flow.isTabs, let range = step.tabItemRange {
                    // Only a tab bar has items; the step is kept as a plain one.
                    record(SyntaxMessages.tabItemOutsideTabs, at: range, line: lineStartIndex(of: max(0, index - 1)))
                    step.tabItem = nil
                    step.tabItemRange = nil
                }
                if !flow.isSplit, let range = step.columnRange {
                    // Only a split view has columns; the step is kept as a plain one.
                    record(SyntaxMessages.columnOutsideSplit, at: range, line: lineStartIndex(of: max(0, index - 1)))
                    step.column = nil
                    step.columnRange = nil
                }
                flow.steps.append(consume step)  // moved: a plain append copied the step (a retain of each array)
            }
        case "alert", "dialog":
            kind = .alert
            if let alert = parseAlert() { flow.alerts.append(alert) }
        case "exit":
            kind = .exit
            advance()
            guard let name = expectName("an exit name after 'exit'") else { break }
            let inputs = current.isPunctuation("(") ? parseParameters() : []
            flow.exits.append(ExitSyntax(name: name, inputs: inputs, doc: doc(keyword), range: range(from: keyword)))
        case "guard":
            kind = .guardDeclaration
            advance()
            var isAsync = false
            if current.isKeyword("async") {
                // `guard async` alone is a guard whose name was forgotten, not a guard named 'async'.
                isAsync = true
                advance()
            }
            guard let name = expectName("a guard name after 'guard'") else { break }
            // A broken list is reported and skipped; the guard is kept with the arguments read.
            let parameters = current.isPunctuation("(") ? parseParameters() : []
            flow.guards.append(GuardSyntax(name: name, isAsync: isAsync, parameters: parameters, doc: doc(keyword),
                                           range: range(from: keyword)))
        case "link":
            kind = .link
            if let link = parseLink(keyword: keyword, inDestinations: flow.isDestinations) { flow.links.append(link) }
        case "on":
            kind = .on
            if let handler = parseOn() { flow.clauses.append(handler) }
        default:
            kind = .unknownMember
            error(SyntaxMessages.expected(flow.isDestinations ? SyntaxMessages.destinationMemberKinds : SyntaxMessages.memberKinds,
                                          found: describe(current)), at: current)
            advance()
            skipToLineStart()
        }
        finishDeclaration(startedAt: startIndex)
        if index == startIndex { advance() }  // Always make progress.
        finishNode(kind, from: startIndex)
    }

    /// After a declaration, anything left on its line is an error; skip to the next line.
    mutating func finishDeclaration(startedAt startIndex: Int) {
        guard !isAtEnd, !current.isAtLineStart, !current.isPunctuation("}") || index == startIndex else { return }
        if index > startIndex, lastErrorToken != index, !hasErrorOnPreviousLine {
            error(SyntaxMessages.expected("a new line after the declaration", found: describe(current)), at: current)
        }
        skipToLineStart()
    }

    // MARK: - step := doc? 'step' Name inputs? ('receives' inputs)? ('runs' Name)? ('keeps' 'links')? ('{' on* '}')?

    mutating func parseStep() -> StepSyntax? {
        let keyword = take()
        guard let name = expectName("a step name after 'step'") else {
            skipHeader()
            if current.isPunctuation("{") { _ = parseStepBody(named: "") }
            return nil
        }
        let inputs = current.isPunctuation("(") ? parseParameters() : []
        // `like AccountDetail`: the clauses of another step, besides the step's own.
        var like: Name?
        if current.isKeyword("like"), !current.isAtLineStart {
            advance()
            like = expectName("a step name after 'like'")
            if like == nil { skipHeader() }
        }
        // `as sheet`: an item of the tab bar that presents the step (a tabs flow's; see parseMember).
        var tabItem: (kind: ActionKind, range: SourceRange)?
        if current.isKeyword("as"), !current.isAtLineStart {
            let word = take()
            if current.kind == .identifier, !current.isAtLineStart, let kind = actionKind(current), kind.presents {
                advance()
                tabItem = (kind, range(from: word))
            } else {
                error(SyntaxMessages.expected("'sheet', 'cover' or 'popover' after 'as'", found: describeFollowing(current)), atMissing: current)
                skipHeader()
            }
        }
        // `in detail`: the column of a split view that `show` puts the step in (see parseMember).
        var column: (column: SplitColumn, range: SourceRange)?
        if current.isKeyword("in"), !current.isAtLineStart {
            let word = take()
            if current.kind == .identifier, !current.isAtLineStart, let value = SplitColumn(rawValue: text(current)) {
                advance()
                column = (value, range(from: word))
            } else {
                error(SyntaxMessages.expected("'content' or 'detail' after 'in'", found: describeFollowing(current)), atMissing: current)
                skipHeader()
            }
        }
        // `receives` is a keyword only here, after the inputs: it can still name a step or an event.
        var receives: [ParameterSyntax] = []
        var receivesToken: Token?
        if current.isKeyword("receives"), !current.isAtLineStart {
            let word = take()
            receivesToken = word
            if current.isPunctuation("("), !current.isAtLineStart {
                receives = parseParameters()
            } else {
                error(SyntaxMessages.expected("'(' and the values the step receives after 'receives'", found: describeFollowing(current)),
                      atMissing: current)
                skipHeader()
            }
        }
        var runs: Name?
        if current.isKeyword("runs") {
            if let receivesToken, !hasErrorOnPreviousLine {
                // The step is kept as one that runs a flow: a value handed back goes to a screen.
                error(SyntaxMessages.receivesOnARunner, at: receivesToken)
                receives = []
            }
            advance()
            runs = expectName("a flow name after 'runs'")
            if runs == nil { skipHeader() }
        }
        // `keeps links`: a link that arrives while the step is on screen waits until it is not.
        var keepsLinksRange: SourceRange?
        if current.isKeyword("keeps"), !current.isAtLineStart {
            let word = take()
            if current.isKeyword("links"), !current.isAtLineStart {
                advance()
                keepsLinksRange = range(from: word)
            } else {
                error(SyntaxMessages.expected("'links' after 'keeps'", found: describeFollowing(current)), atMissing: current)
                skipHeader()
            }
        }
        // `locked while hasUnsavedText`: every sheet or popover that presents the step is locked so.
        var lock: LockSyntax?
        if current.isKeyword("locked"), !current.isAtLineStart {
            lock = parseLock()
            if lock == nil { skipHeader() }
        }
        // `detents medium, large`: the heights a sheet that shows the step stops at.
        var detents: Detents?
        if current.isKeyword("detents"), !current.isAtLineStart {
            detents = parseDetents()
            if detents == nil { skipHeader() }
        }
        // `if hasLists`: a tab that is there only when the guard says so (a tabs flow's; see parseMember).
        var condition: GuardTestSyntax?
        if current.isKeyword("if"), !current.isAtLineStart {
            condition = parseGuardTest()
            if condition == nil { skipHeader() }
        }
        var clauses: [ClauseSyntax] = []
        if current.isPunctuation("{") {
            clauses = parseStepBody(named: name.text)
        } else if !isAtEnd, !current.isAtLineStart, !current.isPunctuation("}"), !hasErrorOnPreviousLine {
            if current.isKeyword("receives") {
                error(runs == nil ? SyntaxMessages.secondReceives : SyntaxMessages.receivesOnARunner, at: current)
            } else {
                error(SyntaxMessages.expected("'(', 'like', 'as', 'in', 'receives', 'runs', 'keeps links', 'locked', 'detents', 'if', '{' "
                                              + "or a new line after the step",
                                              found: describe(current)),
                      at: current)
            }
            skipHeader()
            if current.isPunctuation("{") { clauses = parseStepBody(named: name.text) }
        }
        // Made with every field at once: a step set field by field was copied when returned.
        let extras = StepSyntax.Extras(
            receivesRange: receivesToken.map { range(of: $0) }, keepsLinksRange: keepsLinksRange, lock: lock, condition: condition,
            tabItem: tabItem?.kind, tabItemRange: tabItem?.range, detents: detents, like: like, column: column?.column,
            columnRange: column?.range)
        return StepSyntax(name: name, inputs: inputs, runs: runs, clauses: clauses, doc: doc(keyword), range: range(from: keyword),
                          receives: receives, extras: StepSyntax.stored(extras))
    }

    /// `detents medium, large, height 200 interactive` (at `detents`); nil after an error, reported.
    mutating func parseDetents() -> Detents? {
        let word = take()
        var detents: [Detents.Detent] = []
        repeat {
            if !detents.isEmpty { advance() }  // the ','
            guard current.kind == .identifier, !current.isAtLineStart else {
                error(SyntaxMessages.expected("'medium', 'large' or 'height' and a number of points", found: describeFollowing(current)),
                      atMissing: current)
                return nil
            }
            switch text(current) {
            case "medium": detents.append(.medium)
            case "large": detents.append(.large)
            case "height":
                advance()
                guard current.kind == .number, !current.isAtLineStart, let points = Int(text(current)), points > 0, points <= 10_000 else {
                    error(SyntaxMessages.expected("a height in points (1 to 10000) after 'height'", found: describeFollowing(current)),
                          atMissing: current)
                    return nil
                }
                detents.append(.height(points))
            default:
                error(SyntaxMessages.expected("'medium', 'large' or 'height' and a number of points", found: describe(current)), at: current)
                return nil
            }
            advance()
        } while current.isPunctuation(",") && !current.isAtLineStart
        var isInteractive = false
        if current.isKeyword("interactive"), !current.isAtLineStart {
            advance()
            isInteractive = true
        }
        return Detents(detents: detents, isInteractive: isInteractive, range: range(from: word))
    }

    // MARK: - alert := doc? ('alert' | 'dialog') Name inputs? '{' button* '}'
    //         button := doc? 'on' Name inputs? ('->' action condition?)?

    mutating func parseAlert() -> AlertSyntax? {
        let keyword = take()
        let word = text(keyword)
        let style = AlertStyle(rawValue: word) ?? .alert
        guard let name = expectName("a name after '\(word)'") else {
            skipHeader()
            if current.isPunctuation("{") { _ = parseStepBody(named: "", isAlert: true) }
            return nil
        }
        let inputs = current.isPunctuation("(") ? parseParameters() : []
        var buttons: [ClauseSyntax] = []
        var isIncomplete = false
        if current.isPunctuation("{") {
            let errors = diagnostics.count
            buttons = parseStepBody(named: name.text, isAlert: true)
            isIncomplete = diagnostics.count > errors
        } else {
            // An alert without buttons could not be closed: its body is required.
            error(SyntaxMessages.expected("'(' or '{' and the buttons of \(text(keyword)) '\(name.text)'", found: describeFollowing(current)),
                  atMissing: current)
            isIncomplete = true
            skipHeader()
            if current.isPunctuation("{") { buttons = parseStepBody(named: name.text, isAlert: true) }
        }
        var alert = AlertSyntax(style: style, name: name, inputs: inputs, buttons: buttons, doc: doc(keyword), range: range(from: keyword))
        alert.isIncomplete = isIncomplete
        return alert
    }

    mutating func parseStepBody(named name: String, isAlert: Bool = false) -> [ClauseSyntax] {
        advance() // '{'
        var clauses: [ClauseSyntax] = []
        while true {
            if current.isPunctuation("}") {
                advance()
                return clauses
            }
            // A declaration keyword at a line start means the '}' was forgotten.
            if isAtEnd || (current.isAtLineStart && current.kind == .identifier
                && (Self.declarationKeywordSet.contains(current) || Self.memberKeywordsButOn.contains(current))
                && peekIsName(1)) {
                error(isAlert ? SyntaxMessages.unclosedAlert(name) : SyntaxMessages.unclosedStep(name), atEndOf: previous)
                return clauses
            }
            let startIndex = index
            let isClause = current.isKeyword("on")
            if isClause {
                if let handler = parseOn(isButton: isAlert) { clauses.append(handler) }
            } else {
                error(SyntaxMessages.expected(isAlert ? "'on' or '}' in the buttons of an alert" : "'on' or '}' in a step body",
                                              found: describe(current)), at: current)
                advance()
                skipToLineStart()
            }
            finishDeclaration(startedAt: startIndex)
            if index == startIndex { advance() }
            finishNode(isClause ? .on : .unknownMember, from: startIndex)
        }
    }

    // MARK: - on := doc? 'on' Name inputs? '->' action condition?

    mutating func parseOn(isButton: Bool = false) -> ClauseSyntax? {
        let keyword = take()
        guard let event = expectName(isButton ? "a button's event name after 'on'" : "an event name after 'on'") else { return nil }
        let payload = current.isPunctuation("(") ? parseParameters() : []
        // An alert's button with no move only closes the alert.
        if isButton, isAtEnd || current.isAtLineStart || current.isPunctuation("}") {
            return ClauseSyntax(event: event, payload: payload, action: nil, condition: nil, doc: doc(keyword), range: range(from: keyword))
        }
        guard expectArrow(), let action = parseAction() else { return nil }
        var condition: ConditionSyntax?
        if current.isKeyword("if"), !current.isAtLineStart {
            guard let parsed = parseCondition() else { return nil }
            condition = parsed
        }
        if condition == nil, current.isKeyword("else"), !current.isAtLineStart {
            error(SyntaxMessages.elseWithoutIf, at: current)
            return nil
        }
        return ClauseSyntax(event: event, payload: payload, action: action, condition: condition, doc: doc(keyword), range: range(from: keyword))
    }
}
