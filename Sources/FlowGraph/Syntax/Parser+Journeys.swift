/// `journey Name ('from' (Name '.')? Name)? { line* }`: a user's path (see `JourneySyntax`, docs/Journeys.md).
///
///     line        := 'given' '!'? Name (',' '!'? Name)*
///                  | move ('->' expectation ('receives' values)?)?
///                  | 'expect' expectation
///     move        := Name values? | 'open' String | 'back' | 'swipe' | 'select' Name
///     expectation := ('sheet' | 'cover' | 'popover')? Name ('.' Name)? values?
///                  | ('alert' | 'dialog') Name | 'blocked' 'by' Name | 'not' 'handled' | 'impossible'
///                  | 'tab' Name | 'stack' (Name ':')? Name (',' Name)*
///     values      := '(' (Name ':' (String | Number | Name) (',' Name ':' ...)*)? ')'
extension Parser {
    mutating func parseJourney() -> JourneySyntax {
        let keyword = take()
        let name = expectName("a journey name after 'journey'") ?? placeholderName(at: range(of: keyword))
        var journey = JourneySyntax(name: name, doc: doc(keyword), range: range(of: keyword))
        // `from Settings`, `from Profile.Settings`: where it starts.
        if current.isKeyword("from"), current.kind == .identifier, !current.isAtLineStart, peekIsName(1) {
            advance()
            guard let first = expectName("a step's name after 'from'") else {
                journey.isIncomplete = true
                return journey
            }
            if current.isPunctuation("."), !current.isAtLineStart {
                advance()
                guard let step = expectName("a step's name after '.'") else {
                    journey.isIncomplete = true
                    return journey
                }
                journey.from = (step, first)
            } else {
                journey.from = (first, nil)
            }
        }
        guard expectPunctuation("{", "'{' after the journey's name") else {
            journey.isIncomplete = true
            skip { $0.isAtLineStart && Self.startsDeclaration($0) }
            return journey
        }
        while true {
            if isAtEnd || (current.isAtLineStart && Self.startsDeclaration(current) && peekIsName(1)) {
                error(SyntaxMessages.unclosedJourney(name.text), atEndOf: previous)
                journey.isIncomplete = true
                return journey
            }
            if current.isPunctuation("}") {
                advance()
                return journey
            }
            let startIndex = index
            if let line = parseJourneyLine() { journey.lines.append(line) } else { journey.isIncomplete = true }
            finishDeclaration(startedAt: startIndex)
            if index == startIndex { advance() }
            finishNode(.journeyLine, from: startIndex)
        }
    }

    private mutating func parseJourneyLine() -> JourneyLineSyntax? {
        let first = current
        let move: JourneyMoveSyntax
        let isWord = { (word: String, token: Token) in token.isKeyword(word) && token.kind == .identifier }
        let followsCall = index + 1 < tokens.count && tokens[index + 1].isPunctuation("(") && !tokens[index + 1].isAtLineStart
        if isWord("given", current) {
            advance()
            var tests: [GuardTestSyntax] = []
            repeat {
                if !tests.isEmpty { advance() }  // the ','
                let start = current
                let isNegated = current.isPunctuation("!")
                if isNegated { advance() }
                guard let guardName = expectName("a guard name after 'given'") else { return nil }
                tests.append(GuardTestSyntax(guardName: guardName, isNegated: isNegated, range: range(from: start)))
            } while current.isPunctuation(",") && !current.isAtLineStart
            return JourneyLineSyntax(move: .given(tests), expectation: nil, range: range(from: first))
        } else if isWord("expect", current), !followsCall {
            advance()
            guard let expectation = parseExpectation() else { return nil }
            return JourneyLineSyntax(move: .none, expectation: expectation, range: range(from: first))
        } else if isWord("open", current), index + 1 < tokens.count, tokens[index + 1].kind == .string {
            advance()
            let url = take()
            move = .open(text(url), range(of: url))
        } else if isWord("back", current), !followsCall {
            move = .back(range(of: take()))
        } else if isWord("swipe", current), !followsCall {
            move = .swipe(range(of: take()))
        } else if isWord("select", current), !followsCall, peekIsName(1) {
            advance()
            guard let tab = expectName("a tab's step after 'select'") else { return nil }
            move = .select(tab)
        } else if current.kind == .identifier {
            let event = take()
            var values: [JourneyValueSyntax] = []
            if current.isPunctuation("("), !current.isAtLineStart {
                guard let read = parseJourneyValues() else { return nil }
                values = read
            }
            move = .send(name(event), values)
        } else {
            error(SyntaxMessages.expected(SyntaxMessages.journeyLineKinds, found: describe(current)), at: current)
            return nil
        }
        var expectation: JourneyExpectationSyntax?
        var received: [JourneyValueSyntax]?
        if current.kind == .arrow, !current.isAtLineStart {
            advance()
            guard let read = parseExpectation() else { return nil }
            expectation = read
            // `-> Category receives (filters: red)`: what the back move handed the screen.
            if case .screen = read, current.isKeyword("receives"), !current.isAtLineStart {
                advance()
                guard current.isPunctuation("("), !current.isAtLineStart else {
                    error(SyntaxMessages.expected("'(' and the values after 'receives'", found: describeFollowing(current)), atMissing: current)
                    return nil
                }
                guard let values = parseJourneyValues() else { return nil }
                received = values
            }
        }
        var line = JourneyLineSyntax(move: move, expectation: expectation, range: range(from: first))
        line.received = received
        return line
    }

    private mutating func parseExpectation() -> JourneyExpectationSyntax? {
        let first = current
        guard current.kind == .identifier, !current.isAtLineStart else {
            error(SyntaxMessages.expected("a screen, 'alert', 'tab', 'stack', 'blocked by', 'not handled' or 'impossible'",
                                          found: describeFollowing(current)),
                  atMissing: current)
            return nil
        }
        switch text(current) {
        case "alert" where peekIsName(1), "dialog" where peekIsName(1):
            advance()
            return expectName("an alert's name").map(JourneyExpectationSyntax.alert)
        case "blocked" where peekIsName(1) && text(tokens[index + 1]) == "by":
            advance()
            advance()
            return expectName("a guard's name after 'blocked by'").map(JourneyExpectationSyntax.blocked)
        case "not" where peekIsName(1) && text(tokens[index + 1]) == "handled":
            advance()
            advance()
            return .notHandled(range(from: first))
        case "impossible" where !peekIsName(1) || tokens[index + 1].isAtLineStart:
            advance()
            return .impossible(range(from: first))
        case "tab" where peekIsName(1) && !tokens[index + 1].isAtLineStart:
            advance()
            return expectName("a tab's step after 'tab'").map(JourneyExpectationSyntax.tab)
        case "stack" where peekIsName(1) && !tokens[index + 1].isAtLineStart:
            advance()
            // `stack Watchlist: ...`: the stack of that tab.
            var tab: Name?
            if index + 1 < tokens.count, tokens[index + 1].isPunctuation(":"), !tokens[index + 1].isAtLineStart {
                tab = expectName("a tab's step before ':'")
                advance()
            }
            var names: [Name] = []
            repeat {
                if !names.isEmpty { advance() }  // the ','
                guard let name = expectName("a step's name in the stack") else { return nil }
                names.append(name)
            } while current.isPunctuation(",") && !current.isAtLineStart
            return .stack(tab: tab, names, range(from: first))
        default:
            break
        }
        var presented: ActionKind?
        if let kind = actionKind(current), kind.presents, peekIsName(1), !tokens[index + 1].isAtLineStart {
            presented = kind
            advance()
        }
        guard var step = expectName("a screen's step") else { return nil }
        var flow: Name?
        if current.isPunctuation("."), !current.isAtLineStart {
            advance()
            guard let inner = expectName("a step's name after '.'") else { return nil }
            flow = step
            step = inner
        }
        var values: [JourneyValueSyntax]?
        if current.isPunctuation("("), !current.isAtLineStart {
            guard let read = parseJourneyValues() else { return nil }
            values = read
        }
        return .screen(step: step, flow: flow, values: values, presented: presented, range: range(from: first))
    }

    /// `(status: 42, tag: "swift", ref: nil)`, at `(`; nil after an error, reported.
    private mutating func parseJourneyValues() -> [JourneyValueSyntax]? {
        advance()  // '('
        var values: [JourneyValueSyntax] = []
        while !current.isPunctuation(")") {
            if !values.isEmpty {
                guard expectPunctuation(",", "',' or ')' after a value") else { return nil }
            }
            guard let name = expectName("a name and its value ('status: 42')"), expectPunctuation(":", "':' after the name") else { return nil }
            switch current.kind {
            case .string, .number:
                values.append(JourneyValueSyntax(name: name, text: text(take())))
            case .identifier where !current.isAtLineStart:
                let word = take()
                values.append(JourneyValueSyntax(name: name, text: text(word) == "nil" ? nil : text(word)))
            default:
                error(SyntaxMessages.expected("a value: a string, a number or a word", found: describeFollowing(current)), atMissing: current)
                return nil
            }
        }
        advance()  // ')'
        return values
    }
}
