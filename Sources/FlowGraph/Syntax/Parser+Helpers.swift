/// Reading tokens, expecting them, skipping after an error, and reporting errors one a line.
extension Parser {
    // Read in place: a token holds a string and docs, and copying it costs retains.
    var current: Token { _read { yield tokens[index] } }
    var previous: Token { _read { yield tokens[max(0, index - 1)] } }
    var isAtEnd: Bool { current.kind == .end }

    /// Moves past the current token (never past `.end`).
    mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    /// The current token, moving past it.
    mutating func take() -> Token {
        let token = tokens[index]
        advance()
        return token
    }

    func peekIsName(_ offset: Int) -> Bool {
        let target = index + offset
        return target < tokens.count && tokens[target].kind == .identifier
    }

    /// `what` is built only for the error message: expecting a name is the parser's commonest step.
    mutating func expectName(_ what: @autoclosure () -> String) -> Name? {
        guard current.kind == .identifier, !(current.isAtLineStart && index > 0 && tokens[index - 1].start >= 0 && isKeywordLine(current)) else {
            error(SyntaxMessages.expected(what(), found: describeFollowing(current)), atMissing: current)
            return nil
        }
        let token = take()
        // A name's length in bytes is its token's, less an escaped name's backticks (without
        // making its text, a retain and a release a name).
        let length = token.isEscaped ? text(token).utf8.count : token.end - token.start
        if length > SourceLimits.nameLength {
            error(SyntaxMessages.nameTooLong, at: token)
        }
        return name(token)
    }

    /// A word at a line start that begins a declaration is not taken as a name for the line before.
    func isKeywordLine(_ token: Token) -> Bool {
        token.isAtLineStart && token.kind == .identifier
            && (Self.declarationKeywordSet.contains(token) || Self.memberKeywordSet.contains(token))
    }

    mutating func expectPunctuation(_ character: Unicode.Scalar, _ what: @autoclosure () -> String) -> Bool {
        guard current.isPunctuation(character) else {
            error(SyntaxMessages.expected(what(), found: describeFollowing(current)), atMissing: current)
            return false
        }
        advance()
        return true
    }

    mutating func expectArrow() -> Bool {
        guard current.kind == .arrow else {
            error(SyntaxMessages.expected("'->'", found: describeFollowing(current)), atMissing: current)
            return false
        }
        advance()
        return true
    }

    /// Skips the rest of a step header, up to its '{' or the next line.
    mutating func skipHeader() {
        while !isAtEnd, !current.isAtLineStart, !current.isPunctuation("{"), !current.isPunctuation("}") { advance() }
    }

    mutating func skipToLineStart() {
        while !isAtEnd, !current.isAtLineStart {
            if current.isPunctuation("}") { return }
            advance()
        }
    }

    mutating func skip(until predicate: (Token) -> Bool) {
        if !isAtEnd { advance() }
        while !isAtEnd, !predicate(current) { advance() }
    }

    /// Whether an error was already reported on the line of the previous token (one per line is useful).
    var hasErrorOnPreviousLine: Bool {
        errorLines.contains(lineStartIndex(of: index - 1))
    }

    func lineStartIndex(of tokenIndex: Int) -> Int {
        var cursor = max(0, tokenIndex)
        while cursor > 0, !tokens[cursor].isAtLineStart { cursor -= 1 }
        return cursor
    }

    /// Describes a token found where the line should have gone on: one on the next line is "the end of the line".
    func describeFollowing(_ token: Token) -> String {
        token.isAtLineStart && index > 0 && token.kind != .end ? "the end of the line" : describe(token)
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .end: "the end of the file"
        case .identifier: "'\(text(token))'"
        case .number: "'\(text(token))'"
        case .string: "a string"
        case .arrow: "'->'"
        case .punctuation: "'\(text(token))'"
        }
    }

    func range(of token: Token) -> SourceRange {
        SourceRange(file: file, start: token.start, end: token.end)
    }

    func range(from token: Token) -> SourceRange {
        SourceRange(file: file, start: token.start, end: max(token.end, previous.end))
    }

    mutating func error(_ message: String, at token: Token) {
        let tokenIndex = token.start == current.start ? index : max(0, index - 1)
        record(message, at: range(of: token), line: lineStartIndex(of: tokenIndex))
    }

    /// Keeps the first error of each line: after it, the rest of the line is usually noise.
    mutating func record(_ message: String, at range: SourceRange, line: Int) {
        lastErrorToken = index
        guard errorLines.insert(line).inserted else { return }
        diagnostics.append(Diagnostic(.syntax, message, at: range))
    }

    /// Reports a missing token: at the token found, or just after the previous one when the
    /// token found is on a later line (so "expected a name" points at the end of `push`).
    mutating func error(_ message: String, atMissing token: Token) {
        if token.isAtLineStart || token.kind == .end, index > 0 {
            error(message, atEndOf: previous)
        } else {
            error(message, at: token)
        }
    }

    mutating func error(_ message: String, atEndOf token: Token) {
        let tokenIndex = token.start == current.start ? index : max(0, index - 1)
        record(message, at: SourceRange(file: file, start: token.end, end: token.end), line: lineStartIndex(of: tokenIndex))
    }
}
