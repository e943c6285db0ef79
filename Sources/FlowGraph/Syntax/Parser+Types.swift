/// Parameter lists and Swift types, kept verbatim with canonical spacing.
extension Parser {
    // MARK: - inputs := '(' (Name ':' Type (',' Name ':' Type)*)? ')'

    mutating func parseParameters() -> [ParameterSyntax] {
        let startIndex = index
        defer { finishNode(.parameters, from: startIndex) }
        let open = take() // '('
        var parameters: [ParameterSyntax] = []
        if current.isPunctuation(")") {
            advance()
            return parameters
        }
        while true {
            guard let name = expectName("a parameter name") else { return recoverParameters(parameters, open: open) }
            guard expectPunctuation(":", "':' after the parameter name") else { return recoverParameters(parameters, open: open) }
            guard let type = parseType() else { return recoverParameters(parameters, open: open) }
            parameters.append(ParameterSyntax(name: name, type: type))
            if current.isPunctuation(",") {
                advance()
                continue
            }
            if current.isPunctuation(")") {
                advance()
                return parameters
            }
            error(SyntaxMessages.expected("',' or ')'", found: describeFollowing(current)), atMissing: current)
            return recoverParameters(parameters, open: open)
        }
    }

    /// Skips to the ')' that closes the list, or to the end of the line.
    mutating func recoverParameters(_ parameters: [ParameterSyntax], open: Token) -> [ParameterSyntax] {
        var depth = 0
        while !isAtEnd, !(current.isAtLineStart && tokens[index].start > open.start) || depth < 0 {
            if current.isPunctuation("(") { depth += 1 }
            if current.isPunctuation(")") {
                if depth == 0 {
                    advance()
                    break
                }
                depth -= 1
            }
            if current.isPunctuation("{") || current.isPunctuation("}") { break }
            advance()
        }
        lastErrorToken = index
        return parameters
    }

    /// Type := a Swift type, read up to ',' or ')' at depth 0, with balanced brackets.
    mutating func parseType() -> TypeSyntax? {
        let startIndex = index
        defer { finishNode(.type, from: startIndex) }
        let first = current
        var stack: [UInt8] = []
        var parts: [Token] = []
        while !isAtEnd {
            let token = current
            if parts.count > 0, token.isAtLineStart { break }
            if token.isPunctuation("{") || token.isPunctuation("}") || token.kind == .string { break }
            // `(Int) -> Void` and `() async throws -> Int` are function types; in `Int -> pop` the arrow ends the type.
            if token.kind == .arrow, stack.isEmpty, let last = parts.last,
               !(last.isPunctuation(")") || text(last) == "throws" || text(last) == "rethrows" || text(last) == "async") { break }
            if case .punctuation(let byte) = token.kind {
                if stack.isEmpty, byte == UInt8(ascii: ",") || byte == UInt8(ascii: ")") { break }
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") {
                    guard stack.count < SourceLimits.typeNesting else {
                        error(SyntaxMessages.typeTooDeep, at: token)
                        return nil
                    }
                    stack.append(byte)
                } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ">") {
                    let opening: UInt8 = byte == UInt8(ascii: ")") ? UInt8(ascii: "(")
                        : byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "<")
                    guard stack.last == opening else {
                        if let open = stack.last {
                            error(SyntaxMessages.mismatchedType(open: String(UnicodeScalar(open)), found: text(token)), at: token)
                        } else {
                            error(SyntaxMessages.unbalancedType(text(token)), at: token)
                        }
                        return nil
                    }
                    stack.removeLast()
                }
            }
            parts.append(token)
            advance()
        }
        guard let last = parts.last else {
            error(SyntaxMessages.expected("a type", found: describeFollowing(first)), atMissing: first)
            return nil
        }
        if let open = stack.last {
            error(SyntaxMessages.unclosedType(String(UnicodeScalar(open))), atEndOf: last)
            return nil
        }
        // Most types are one word, already canonical.
        let written = parts.count == 1 ? text(last) : Self.canonicalType(parts, texts: texts)
        return TypeSyntax(text: written, range: SourceRange(file: file, start: first.start, end: last.end))
    }

    /// Joins a type's tokens with canonical spacing, so `[String:Int]` and `[String: Int]` compare equal.
    static func canonicalType(_ parts: [Token], texts: TokenTexts) -> String {
        var text = ""
        for (position, token) in parts.enumerated() {
            if position > 0,
               spacesInType(parts[position - 1], token, afterAttribute: position > 1 && parts[position - 2].isPunctuation("@")) {
                text += " "
            }
            text += texts[token]
        }
        return text
    }

    /// Whether a type's canonical spelling has a space between `previous` and `token`;
    /// `afterAttribute`: the token before `previous` is `@`. (The formatter spaces types by it too.)
    static func spacesInType(_ previous: Token, _ token: Token, afterAttribute: Bool) -> Bool {
        func isWord(_ token: Token) -> Bool { token.kind == .identifier || token.kind == .number }
        return token.kind == .arrow || previous.kind == .arrow
            || token.isPunctuation("&") || previous.isPunctuation("&")
            || previous.isPunctuation(",") || previous.isPunctuation(":")
            || (isWord(previous) && isWord(token))
            || (previous.isPunctuation(")") && (isWord(token) || token.isPunctuation("(")))
            // `@escaping (Int) -> Void` keeps its space; `@convention(c)` stays joined.
            || (afterAttribute && isWord(previous) && (!token.isPunctuation("(") || token.start > previous.end))
    }
}
