/// The parts of an `on` clause and of a `start` that decide where the user goes: conditions,
/// actions and their moves.
extension Parser {
    // MARK: - start := 'start' Name ('if' '!'? Name 'else' Name)*

    mutating func parseStart() -> StartSyntax? {
        let keyword = take()
        guard let first = expectName("a step name after 'start'") else { return nil }
        var choices = [first]
        var conditions: [GuardTestSyntax] = []
        while current.isKeyword("if"), !current.isAtLineStart {
            guard conditions.count < SourceLimits.elseActions else {
                error(SyntaxMessages.tooManyStartChoices, at: current)
                return nil
            }
            guard let test = parseGuardTest() else { return nil }
            conditions.append(test)
            guard current.isKeyword("else"), !current.isAtLineStart else {
                // Kept as read, so that its steps and guard count as used.
                error(SyntaxMessages.startNeedsElse, atMissing: current)
                break
            }
            advance()
            guard let next = expectName("a step name after 'else'") else { return nil }
            choices.append(next)
        }
        var start = StartSyntax(choices: choices, conditions: conditions, range: range(from: keyword))
        // `, cover Onboarding if needsOnboarding`: a layer shown over the first screen when the flow starts.
        if current.isPunctuation(","), !current.isAtLineStart {
            advance()
            let word = current
            guard current.kind == .identifier, !current.isEscaped, text(current) == "cover" || text(current) == "sheet" else {
                error(SyntaxMessages.expected("'cover' or 'sheet' and the step shown at launch after ','", found: describeFollowing(current)),
                      atMissing: current)
                return start
            }
            advance()
            let wordText = text(word)
            guard let target = expectName("a step name after '\(wordText)'") else { return start }
            var condition: GuardTestSyntax?
            if current.isKeyword("if"), !current.isAtLineStart {
                guard let test = parseGuardTest() else { return start }
                condition = test
            }
            start.launch = LaunchSyntax(kind: text(word) == "cover" ? .cover : .sheet, target: target, condition: condition,
                                        range: range(from: word))
        }
        return start
    }

    /// `if [!]name` (at `if`): the test of a start's choice or a link's target, without what follows.
    mutating func parseGuardTest() -> GuardTestSyntax? {
        let ifToken = take()
        var isNegated = false
        if current.isPunctuation("!") {
            isNegated = true
            advance()
        }
        guard let guardName = expectName("a guard name after 'if'") else { return nil }
        return GuardTestSyntax(guardName: guardName, isNegated: isNegated, range: range(from: ifToken))
    }

    // MARK: - condition := 'if' '!'? Name ('else' action condition?)?

    mutating func parseCondition(depth: Int = 0) -> ConditionSyntax? {
        let ifToken = take()
        var isNegated = false
        if current.isPunctuation("!") {
            isNegated = true
            advance()
        }
        if current.isKeyword("else") {
            error(SyntaxMessages.expected("a guard name after 'if'", found: "'else'"), at: current)
            return nil
        }
        guard let guardName = expectName("a guard name after 'if'") else { return nil }
        var elseAction: ActionSyntax?
        var elseChain: [ConditionSyntax] = []
        if current.isKeyword("else"), !current.isAtLineStart {
            // Bounded, since the chain nests (and would overflow the stack when parsed, resolved or freed).
            guard depth < SourceLimits.elseActions else {
                error(SyntaxMessages.tooManyElses, at: current)
                return nil
            }
            advance()
            guard let parsed = parseAction(after: "else") else { return nil }
            elseAction = parsed
            // `else push B if h else ...`: the else action has a condition of its own.
            if current.isKeyword("if"), !current.isAtLineStart {
                guard let next = parseCondition(depth: depth + 1) else { return nil }
                elseChain = [next]
            }
        }
        return ConditionSyntax(guardName: guardName, isNegated: isNegated, elseAction: elseAction, elseChain: elseChain,
                               range: range(from: ifToken))
    }

    // MARK: - action := (back ',')* move: back moves first (at most `SourceLimits.backMoves`), then one that may show a screen

    mutating func parseAction(after word: String = "->") -> ActionSyntax? {
        guard let first = parseMove(after: word) else { return nil }
        // One move, as most actions are: returned as it is, not copied into a `var` and set.
        guard current.isPunctuation(","), !current.isAtLineStart else { return first }
        var last = first
        var before: [ActionSyntax] = []
        while current.isPunctuation(","), !current.isAtLineStart {
            guard last.kind.goesBack else {
                error(SyntaxMessages.notABackMove(last.kind.rawValue), at: current)
                return nil
            }
            advance()
            let nextToken = current
            guard let next = parseMove(after: ",") else { return nil }
            // `pop, pop` and `popTo Cart, pop` go back further; `dismiss, sheet X` shows a screen on what is left.
            guard next.kind.canFollowABackMove || next.kind.goesBack else {
                error(SyntaxMessages.cannotFollowABackMove(next.kind.rawValue), at: nextToken)
                return nil
            }
            // `popTo X` names a step below where the clause is taken: it is the first move.
            guard next.kind != .popTo else {
                error(SyntaxMessages.popToComesFirst, at: nextToken)
                return nil
            }
            guard !next.kind.goesBack || before.count + 2 <= SourceLimits.backMoves else {
                error(SyntaxMessages.tooManyBackMoves, at: nextToken)
                return nil
            }
            before.append(last)
            last = next
        }
        last.before = before
        return last
    }

    // MARK: - move := ('push' | ... | 'exit') Name ('at' Name)? ('locked' ('while' '!'? Name)?)? ('compact' Kind)? | 'pop' | ...

    mutating func parseMove(after word: String) -> ActionSyntax? {
        // A line break after `->` goes on with the move on the next line, as Swift goes on after a
        // binary operator; a line that starts with no move is a new declaration, not the action.
        // (Asked only at a line start: the only place it matters.)
        let goesOn = current.isAtLineStart && current.kind == .identifier && word == "->" && actionKind(current) != nil
        guard current.kind == .identifier, !current.isAtLineStart || goesOn else {
            error(SyntaxMessages.expected("an action after '\(word)'", found: describeFollowing(current)), atMissing: current)
            return nil
        }
        let word = current
        guard var kind = actionKind(word) else {
            error(SyntaxMessages.unknownAction(text(word)), at: word)
            return nil
        }
        advance()
        // `dismiss on b -> ...`: the next clause, on the same line, is a slip that
        // `finishDeclaration` names, as it does after `push X`; so is an `else` without an `if`.
        if !kind.hasTarget, current.kind == .identifier, !current.isAtLineStart, text(current) != "if", text(current) != "else",
           !(Self.memberKeywordSet.contains(current) && !current.isEscaped && peekIsName(1)) {
            error(current.isKeyword("locked") ? SyntaxMessages.lockedAfterMove(kind.rawValue) : SyntaxMessages.actionTakesNoTarget(kind.rawValue),
                  at: current)
            return nil
        }
        var target: Name?
        if kind.hasTarget {
            let what = kind == .exit ? "an exit name" : kind.targetRole == .payloadValue ? "the name of a value of the payload" : "a step name"
            guard let name = expectName("\(what) after '\(kind.rawValue)'") else { return nil }
            target = name
        }
        // `push Profile below`: on the stack beneath the flow's top modal layer, which stays up.
        if kind == .push || kind == .select, current.isKeyword("below"), !current.isAtLineStart {
            advance()
            kind = kind == .push ? .pushBelow : .selectBelow
        }
        // `sheet Settings at Privacy`: a screen that runs a subflow, opened at a step inside it.
        var atPath: [Name] = []
        if current.isKeyword("at"), !current.isAtLineStart {
            // `select Notifications at Status`: the tab, then a step inside the flow it runs.
            guard kind.targetRole == .newScreen && kind != .pushBelow || kind == .select else {
                error(SyntaxMessages.atAfterMove(kind.rawValue), at: current)
                return nil
            }
            advance()
            guard let path = parseAtPath() else { return nil }
            atPath = path
        }
        // `sheet Editor locked` or `sheet Editor locked while hasDraft`: the user cannot swipe it away.
        var lock: LockSyntax?
        var lockedCover: Token?
        if current.isKeyword("locked"), !current.isAtLineStart {
            let locked = current
            guard let parsed = parseLock() else { return nil }
            // A lock where none can be is reported, and the move kept as if it had none.
            if kind == .cover {
                // Unless the cover is a sheet on compact widths (`cover X locked compact sheet`).
                lockedCover = locked
                lock = parsed
            } else if !kind.canBeLocked {
                error(SyntaxMessages.lockedAfterMove(kind.rawValue), at: locked)
            } else {
                lock = parsed
            }
            if current.isKeyword("at"), !current.isAtLineStart {
                error(SyntaxMessages.lockedBeforeAt, at: current)
                return nil
            }
        }
        // `sheet Compose compact cover`: another presentation on compact widths.
        var compact: ActionKind?
        if current.isKeyword("compact"), !current.isAtLineStart {
            let compactWord = current
            advance()
            let kindWord = current
            guard kindWord.kind == .identifier, !kindWord.isAtLineStart, let other = actionKind(kindWord),
                  [.sheet, .cover, .popover].contains(other) else {
                error(SyntaxMessages.expected("'sheet', 'cover' or 'popover' after 'compact'", found: describeFollowing(kindWord)),
                      atMissing: kindWord)
                return nil
            }
            advance()
            if ![.sheet, .cover, .popover].contains(kind) {
                error(SyntaxMessages.compactAfterMove(kind.rawValue), at: compactWord)
            } else if other == kind {
                error(SyntaxMessages.compactSameKind(kind.rawValue), at: kindWord)
            } else {
                compact = other
            }
        }
        if let lockedCover, compact == nil || compact == .cover {
            error(SyntaxMessages.lockedCover, at: lockedCover)
            lock = nil
        }
        return ActionSyntax(kind: kind, target: target, range: range(from: word), before: [], atPath: atPath, lock: lock, compact: compact)
    }

    /// `locked` or `locked while g` / `locked while !g`, from the word `locked` (the current
    /// token), of a move or of a step; nil when the guard's name is missing (reported).
    mutating func parseLock() -> LockSyntax? {
        let locked = take()
        var guardName: Name?
        var isNegated = false
        if current.isKeyword("while"), !current.isAtLineStart {
            advance()
            if current.isPunctuation("!"), !current.isAtLineStart {
                isNegated = true
                advance()
            }
            guard let name = expectName("a guard name after 'while'") else { return nil }
            guardName = name
        }
        return LockSyntax(guardName: guardName, isNegated: isNegated, range: range(from: locked))
    }

    /// `Privacy` or `Notifications.Profile` after `at` (at the first name): each a step of the
    /// subflow the one before it runs, at most `SourceLimits.atDepth`. Nil after an error, reported.
    mutating func parseAtPath() -> [Name]? {
        guard let first = expectName("a step name after 'at'") else { return nil }
        var path = [first]
        while current.isPunctuation("."), !current.isAtLineStart {
            guard path.count < SourceLimits.atDepth else {
                error(SyntaxMessages.atTooDeep, at: current)
                return nil
            }
            advance()
            guard let next = expectName("a step name after '.'") else { return nil }
            path.append(next)
        }
        return path
    }
}