/// `link "pattern", "pattern" [as url] -> [move] Step [at Y] [if [!]guard [else [move] Step [at Y] [if ...]]] [ignoring case]`:
/// a deep link, which may decide what it opens, or be refused.
extension Parser {
    /// A link after its keyword (`keyword`, not yet taken), or nil when it is broken (reported, and
    /// the rest of the line skipped where it cannot be read). In destinations, a link must say its
    /// move: the flow on screen that uses them makes it.
    mutating func parseLink(keyword: Token, inDestinations: Bool) -> LinkSyntax? {
        advance()
        guard current.kind == .string else {
            error(SyntaxMessages.expected("a URL pattern in quotes after 'link'", found: describeFollowing(current)), atMissing: current)
            // An unquoted pattern may hold braces (`/b/{id}`): skip the whole line, braces and all.
            while !isAtEnd, !current.isAtLineStart { advance() }
            return nil
        }
        var patterns = [LinkSyntax.Pattern(text: text(current), range: range(of: take()))]
        // `link "a", "b" -> X`: several patterns for one link.
        while current.isPunctuation(","), !current.isAtLineStart {
            advance()
            guard current.kind == .string else {
                error(SyntaxMessages.expected("a URL pattern in quotes after ','", found: describeFollowing(current)), atMissing: current)
                while !isAtEnd, !current.isAtLineStart { advance() }
                return nil
            }
            patterns.append(LinkSyntax.Pattern(text: text(current), range: range(of: take())))
        }
        // `link "https://**" as url -> Browser`: the whole URL is a value too.
        var wholeURL: Name?
        if current.isKeyword("as"), !current.isAtLineStart {
            advance()
            guard let name = expectName("a name for the whole URL after 'as'") else { return nil }
            wholeURL = name
        }
        guard expectArrow() else { return nil }
        // After an error once its target is read, the link is kept as far as it was read: its line
        // reports only that error, and the checker takes its move as one that may happen
        // (`markLostText` marks it), so what it leads to is not reported unreachable.
        var isIncomplete = false
        let targetToken = current
        guard let first = parseLinkTarget(after: "->", isIncomplete: &isIncomplete) else { return nil }
        let (move, target) = (first.move, first.target)
        var conditions: [GuardTestSyntax] = []
        var otherwise: [LinkTargetSyntax] = []
        // After an `at` that cannot be read, the line is skipped: nothing below reads on.
        var ignoresCase = parseIgnoringCase(&isIncomplete)
        // `-> ManagePledge if isSignedIn else sheet SignIn`: guards that choose the target, or
        // refuse the link when the last has no `else`.
        while !ignoresCase, !isIncomplete, current.isKeyword("if"), !current.isAtLineStart {
            guard conditions.count < SourceLimits.elseActions else {
                error(SyntaxMessages.tooManyLinkChoices, at: current)
                skipToLineStart()
                return nil
            }
            guard let test = parseGuardTest() else { return nil }
            conditions.append(test)
            guard current.isKeyword("else"), !current.isAtLineStart else { break }  // refused when the guard blocks
            advance()
            let elseToken = current
            guard let branch = parseLinkTarget(after: "else", isIncomplete: &isIncomplete) else { return nil }
            if inDestinations, branch.move == nil {
                error(SyntaxMessages.linkInDestinationsNeedsAMove(branch.target.text), at: elseToken)
                skipToLineStart()
                return nil
            }
            otherwise.append(branch)
        }
        if !ignoresCase, !isIncomplete { ignoresCase = parseIgnoringCase(&isIncomplete) }
        // A group's link is made in the flow on screen that uses the group: it needs a move. One
        // whose line has an error already and says none is lost text (any step may be its target).
        if inDestinations, move == nil {
            if !isIncomplete { error(SyntaxMessages.linkInDestinationsNeedsAMove(target.text), at: targetToken) }
            return nil
        }

        // Made with every field at once: a link set field by field was copied when returned.
        return LinkSyntax(patterns: patterns, target: target, ignoresCase: ignoresCase, range: range(from: keyword), move: move,
                          at: first.at, atDeeper: first.atDeeper, back: first.back, conditions: conditions, otherwise: otherwise,
                          wholeURL: wholeURL)
    }

    /// `[move] Step [at Y]` after `->` or a link's `else`: `sheet Compose`, the move the link makes
    /// where the user is, or `Compose`, its step opened along a path; `sheet Project at Comments`
    /// opens the subflow `Project` runs at `Comments`. Nil after an error that loses the link
    /// (reported); an `at` that cannot be read is reported, the rest of the line skipped, and the
    /// link kept as `isIncomplete`.
    private mutating func parseLinkTarget(after word: String, isIncomplete: inout Bool) -> LinkTargetSyntax? {
        // `-> dismiss, sheet Project`: what the flow presents closes first, then the move is made.
        var back: ActionKind?
        if let kind = actionKind(current), kind.goesBack, current.kind == .identifier,
           index + 1 < tokens.count, tokens[index + 1].isPunctuation(","), !tokens[index + 1].isAtLineStart {
            if kind == .dismiss {
                back = kind
            } else {
                // Not that move: what follows the comma is read as the link's, so that its line says only this.
                error(SyntaxMessages.backMoveInALink(kind.rawValue), at: current)
                isIncomplete = true
            }
            advance()
            advance()
        }
        var move: ActionKind?
        if let kind = actionKind(current), current.kind == .identifier, peekIsName(1), !tokens[index + 1].isAtLineStart {
            guard kind.isLinkMove else {
                error(SyntaxMessages.notALinkMove(kind.rawValue), at: current)
                skipToLineStart()
                return nil
            }
            move = kind
            advance()
        }
        let targetToken = current
        guard let target = expectName("a step name after '\(word)'") else { return nil }
        // `select` closes what is up already: `dismiss,` before it would say nothing more.
        if back != nil, move == nil || move == .select {
            error(SyntaxMessages.dismissBeforeALinkTarget(target.text), at: targetToken)
            isIncomplete = true
            back = nil
        }
        var branch = LinkTargetSyntax(target: target, move: move)
        branch.back = back
        guard current.isKeyword("at"), !current.isAtLineStart else { return branch }
        // Only a move shows a subflow's screen anew; a link to a step inside a subflow opens it along its path.
        guard move != nil else {
            error(SyntaxMessages.atInALink, at: current)
            skipToLineStart()
            isIncomplete = true
            return branch
        }
        advance()
        // `at Notifications.Status`: on inside the subflow each step runs, as a clause's `at`.
        guard let path = parseAtPath() else {
            skipToLineStart()
            isIncomplete = true
            return branch
        }
        branch.at = path[0]
        branch.atDeeper = Array(path.dropFirst())
        return branch
    }

    /// `ignoring case` after a link's targets, if it is there.
    private mutating func parseIgnoringCase(_ isIncomplete: inout Bool) -> Bool {
        guard current.isKeyword("ignoring"), !current.isAtLineStart else { return false }
        advance()
        if current.isKeyword("case"), !current.isAtLineStart {
            advance()
            return true
        }
        error(SyntaxMessages.expected("'case' after 'ignoring'", found: describeFollowing(current)), atMissing: current)
        isIncomplete = true
        return false
    }
}
