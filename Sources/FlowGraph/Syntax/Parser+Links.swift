/// `link "pattern", "pattern" -> [move] Step [ignoring case]`: a deep link.
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
        var patterns = [LinkSyntax.Pattern(text: current.text, range: range(of: take()))]
        // `link "a", "b" -> X`: several patterns for one link.
        while current.isPunctuation(","), !current.isAtLineStart {
            advance()
            guard current.kind == .string else {
                error(SyntaxMessages.expected("a URL pattern in quotes after ','", found: describeFollowing(current)), atMissing: current)
                while !isAtEnd, !current.isAtLineStart { advance() }
                return nil
            }
            patterns.append(LinkSyntax.Pattern(text: current.text, range: range(of: take())))
        }
        guard expectArrow() else { return nil }
        // After an error once its target is read, the link is kept as far as it was read: its line
        // reports only that error, and the checker takes its move as one that may happen
        // (`markLostText` marks it), so what it leads to is not reported unreachable.
        var isIncomplete = false
        // `-> dismiss, sheet Project`: a link makes no back move; what follows the comma is its move.
        if let back = ActionKind(rawValue: current.text), back.goesBack, current.kind == .identifier,
           index + 1 < tokens.count, tokens[index + 1].isPunctuation(","), !tokens[index + 1].isAtLineStart {
            error(SyntaxMessages.backMoveInALink(back.rawValue), at: current)
            advance()
            advance()
            isIncomplete = true
        }
        // `-> sheet Compose`: the move the link makes where the user is; `-> Compose`: its step.
        var move: ActionKind?
        if let kind = ActionKind(rawValue: current.text), current.kind == .identifier, peekIsName(1), !tokens[index + 1].isAtLineStart {
            guard kind.isLinkMove else {
                error(SyntaxMessages.notALinkMove(kind.rawValue), at: current)
                skipToLineStart()
                return nil
            }
            move = kind
            advance()
        }
        let targetToken = current
        guard let target = expectName("a step name after '->'") else { return nil }
        var ignoresCase = false
        if current.isKeyword("at"), !current.isAtLineStart {
            error(SyntaxMessages.atInALink, at: current)
            skipToLineStart()
            isIncomplete = true
        } else if current.isKeyword("ignoring"), !current.isAtLineStart {
            // `-> X ignoring case`
            advance()
            if current.isKeyword("case"), !current.isAtLineStart {
                advance()
                ignoresCase = true
            } else {
                error(SyntaxMessages.expected("'case' after 'ignoring'", found: describeFollowing(current)), atMissing: current)
                isIncomplete = true
            }
        }
        // A group's link is made in the flow on screen that uses the group: it needs a move. One
        // whose line has an error already and says none is lost text (any step may be its target).
        if inDestinations, move == nil {
            if !isIncomplete { error(SyntaxMessages.linkInDestinationsNeedsAMove(target.text), at: targetToken) }
            return nil
        }
        return LinkSyntax(patterns: patterns, target: target, ignoresCase: ignoresCase, range: range(from: keyword), move: move)
    }
}
