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

    /// Type := a Swift type, read up to ',' or ')' at depth 0, with balanced brackets. Its tokens
    /// are the run from where it starts to where it stops, and its open brackets a few bits of a
    /// number: a type allocates nothing but its text, when that is long.
    mutating func parseType() -> TypeSyntax? {
        let startIndex = index
        defer { finishNode(.type, from: startIndex) }
        let first = current
        var brackets = OpenBrackets()
        var last: Token?
        while !isAtEnd {
            let token = current
            if last != nil, token.isAtLineStart { break }
            if token.isPunctuation("{") || token.isPunctuation("}") || token.kind == .string { break }
            // `(Int) -> Void` and `() async throws -> Int` are function types; in `Int -> pop` the arrow ends the type.
            if token.kind == .arrow, brackets.isEmpty, let last,
               !(last.isPunctuation(")") || text(last) == "throws" || text(last) == "rethrows" || text(last) == "async") { break }
            if case .punctuation(let byte) = token.kind {
                if brackets.isEmpty, byte == UInt8(ascii: ",") || byte == UInt8(ascii: ")") { break }
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") {
                    guard brackets.count < SourceLimits.typeNesting else {
                        error(SyntaxMessages.typeTooDeep, at: token)
                        return nil
                    }
                    brackets.push(byte)
                } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ">") {
                    let opening: UInt8 = byte == UInt8(ascii: ")") ? UInt8(ascii: "(")
                        : byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "<")
                    guard brackets.last == opening else {
                        if let open = brackets.last {
                            error(SyntaxMessages.mismatchedType(open: String(UnicodeScalar(open)), found: text(token)), at: token)
                        } else {
                            error(SyntaxMessages.unbalancedType(text(token)), at: token)
                        }
                        return nil
                    }
                    brackets.pop()
                }
            }
            last = token
            advance()
        }
        guard let last else {
            error(SyntaxMessages.expected("a type", found: describeFollowing(first)), atMissing: first)
            return nil
        }
        if let open = brackets.last {
            error(SyntaxMessages.unclosedType(String(UnicodeScalar(open))), atEndOf: last)
            return nil
        }
        // Most types are one word, already canonical.
        let written = index - startIndex == 1 ? text(last) : Self.canonicalType(tokens[startIndex..<index], texts: texts)
        return TypeSyntax(text: written, range: SourceRange(file: file, start: first.start, end: last.end))
    }

    /// The brackets a type has opened and not closed, innermost last: two bits each, in a number
    /// while they fit, else in an array (`SourceLimits.typeNesting` allows more than fit).
    private struct OpenBrackets {
        private static let kinds: [UInt8] = [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<")]
        private var bits: UInt64 = 0
        private var deeper: [UInt8] = []
        private(set) var count = 0

        var isEmpty: Bool { count == 0 }

        var last: UInt8? {
            guard count > 0 else { return nil }
            if count > 32 { return deeper.last }
            return Self.kinds[Int(bits >> UInt64(2 * (count - 1)) & 3)]
        }

        mutating func push(_ byte: UInt8) {
            if count >= 32 {
                deeper.append(byte)
            } else {
                bits |= UInt64(Self.kinds.firstIndex(of: byte) ?? 0) << UInt64(2 * count)
            }
            count += 1
        }

        mutating func pop() {
            count -= 1
            if count >= 32 {
                deeper.removeLast()
            } else {
                bits &= (1 << UInt64(2 * count)) &- 1
            }
        }
    }

    /// Joins a type's tokens with canonical spacing, so `[String:Int]` and `[String: Int]` compare equal.
    static func canonicalType(_ parts: ArraySlice<Token>, texts: TokenTexts) -> String {
        var text = ""
        var position = parts.startIndex
        for token in parts {
            if position > parts.startIndex,
               spacesInType(parts[position - 1], token,
                            afterAttribute: position > parts.startIndex + 1 && parts[position - 2].isPunctuation("@")) {
                text += " "
            }
            text += texts[token]
            position += 1
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
