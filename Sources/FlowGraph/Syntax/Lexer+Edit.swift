/// A file's tokens kept for its next version: after an edit (the language server's case), only
/// the tokens from just before the change to where the lexer is back in step with the old ones
/// are lexed again; those after are the old ones (and their docs and ignore comments), moved by
/// the edit's change of length.
package struct LexedFile: Sendable {
    /// The bytes lexed.
    let bytes: [UInt8]
    /// The lexer as it ended: its table of names, texts, docs, ignore comments and errors.
    let lexer: Lexer
    let tokens: [Token]
    /// Where the tokens kept from the file's version before end: those that end there or before
    /// are that version's (0 when the file was lexed whole).
    let unchangedUpTo: Int

    /// Lexes `bytes` whole.
    init(file: Int, bytes: [UInt8]) {
        var lexer = Lexer(file: file, bytes: bytes)
        tokens = lexer.tokenize()
        self.bytes = bytes
        self.lexer = lexer
        unchangedUpTo = 0
    }

    private init(bytes: [UInt8], lexer: Lexer, tokens: [Token], unchangedUpTo: Int) {
        (self.bytes, self.lexer, self.tokens, self.unchangedUpTo) = (bytes, lexer, tokens, unchangedUpTo)
    }

    /// `bytes`, this file's next version, lexed again only where it changed; lexed whole when the
    /// old version had a lexical error, when the change is in the first token, or when the new
    /// text has a lexical error. The same tokens, texts, docs and ignore comments as a whole lexing
    /// (`LexerEditTests` holds the two to that on random edits).
    func edited(to bytes: [UInt8], file: Int) -> LexedFile {
        relexed(bytes, file: file) ?? LexedFile(file: file, bytes: bytes)
    }

    func relexed(_ new: [UInt8], file: Int) -> LexedFile? {
        guard lexer.diagnostics.isEmpty, tokens.count > 1 else { return nil }
        let (prefix, suffix) = Self.commonEnds(bytes, new)
        // The last token that ends before the first changed byte (one that ends at it may go on),
        // not the `.end` token.
        let kept = tokens.dropLast().partitionIndex { $0.end < prefix } - 1
        guard kept >= 0 else { return nil }
        let restart = tokens[kept].end
        var relexer = lexer.continued(in: new, from: restart, docsBefore: restart)
        var result = Array(tokens[...kept])
        result.reserveCapacity(tokens.count + (new.count - bytes.count) / 7 + 16)
        let shift = new.count - bytes.count
        let changeEnd = new.count - suffix
        while true {
            let token = relexer.nextToken()
            result.append(token)
            if token.kind == .end { break }
            guard token.start >= changeEnd, let old = oldToken(startingAt: token.start - shift),
                  tokens[old].matches(token, in: lexer.texts, relexer.texts) else { continue }
            // Back in step: what follows is what followed before, moved.
            for index in (old + 1)..<tokens.count { result.append(tokens[index].moved(by: shift)) }
            relexer.takeDocsAndIgnores(of: lexer, after: tokens[old].start, movedBy: shift)
            break
        }
        guard relexer.diagnostics.isEmpty else { return nil }
        return LexedFile(bytes: new, lexer: relexer, tokens: result, unchangedUpTo: restart)
    }

    /// The index of the old token that starts at `start`, if one does.
    private func oldToken(startingAt start: Int) -> Int? {
        let index = tokens.partitionIndex { $0.start < start }
        return index < tokens.count && tokens[index].start == start && tokens[index].kind != .end ? index : nil
    }

    /// How many bytes the two texts share at their start, and at their end (not overlapping).
    static func commonEnds(_ old: [UInt8], _ new: [UInt8]) -> (prefix: Int, suffix: Int) {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let shorter = min(old.count, new.count)
                var prefix = 0
                while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
                var suffix = 0
                while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }
}

extension IgnoreComment {
    /// The comment `by` bytes later in the file.
    func moved(by shift: Int) -> IgnoreComment {
        func move(_ range: SourceRange) -> SourceRange { SourceRange(file: range.file, start: range.start + shift, end: range.end + shift) }
        return IgnoreComment(ids: ids.map { Name(text: $0.text, range: move($0.range)) }, justification: justification,
                             range: move(range), nextTokenStart: nextTokenStart.map { $0 + shift })
    }
}

extension Token {
    /// Whether `other`, lexed again, is this token moved: its kind, length, place on its line, docs (or
    /// none) and text.
    func matches(_ other: Token, in texts: TokenTexts, _ otherTexts: TokenTexts) -> Bool {
        kind == other.kind && end - start == other.end - other.start && isAtLineStart == other.isAtLineStart
            && isEscaped == other.isEscaped && hasDoc == other.hasDoc && texts[self] == otherTexts[other]
    }
}
