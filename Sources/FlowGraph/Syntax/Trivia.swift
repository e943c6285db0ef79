/// What the lexer skips between two tokens, read back as pieces: white space, line breaks,
/// comments, and characters it reported and skipped. With the tokens, they make the file byte for
/// byte (`ConcreteSyntaxTree`).
///
/// The lexer keeps tokens small and drops trivia (a large file has millions of tokens); a tool
/// that needs them (the formatter, the language server) reads the bytes between two tokens again,
/// which only it pays for.
package struct TriviaPiece: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Spaces and tabs (and form feeds, vertical tabs).
        case spaces
        /// One line break: `\n`, `\r\n` or `\r`.
        case lineBreak
        /// `// ...` up to the line's end (without it); `// flowgraph:ignore` directives are these.
        case lineComment
        /// `/// ...`: a doc comment line, attached to the declaration that follows.
        case docComment
        /// `/* ... */`, nested as in Swift; it may span lines.
        case blockComment
        /// A UTF-8 byte-order mark at the file's start.
        case byteOrderMark
        /// A character the lexer reported and skipped (a syntax error).
        case skipped
    }

    public let kind: Kind
    /// Its bytes in the file.
    public let range: Range<Int>

    /// Whether the piece is a comment of any kind.
    public var isComment: Bool { kind == .lineComment || kind == .docComment || kind == .blockComment }
}

package enum Trivia {
    /// The trivia in `bytes[range]`, a gap between two tokens (or before the first, after the last).
    public static func pieces(_ bytes: [UInt8], in range: Range<Int>) -> [TriviaPiece] {
        var pieces: [TriviaPiece] = []
        var index = range.lowerBound
        let end = range.upperBound
        if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]), end >= 3 {
            pieces.append(TriviaPiece(kind: .byteOrderMark, range: 0..<3))
            index = 3
        }
        while index < end {
            let start = index
            let byte = bytes[index]
            let kind: TriviaPiece.Kind
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0C || byte == 0x0B {
                while index < end, [UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0C, 0x0B].contains(bytes[index]) { index += 1 }
                kind = .spaces
            } else if byte == UInt8(ascii: "\r") {
                index += index + 1 < end && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                kind = .lineBreak
            } else if byte == UInt8(ascii: "\n") {
                index += 1
                kind = .lineBreak
            } else if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
                while index < end, !isLineEnd(bytes[index]) { index += 1 }
                // As the lexer tells a doc comment: exactly three slashes.
                let isDoc = index - start >= 3 && bytes[start + 2] == UInt8(ascii: "/")
                    && (index - start == 3 || bytes[start + 3] != UInt8(ascii: "/"))
                kind = isDoc ? .docComment : .lineComment
            } else if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                var depth = 0
                while index < end {
                    if bytes[index] == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                    } else {
                        index += 1
                    }
                }
                kind = .blockComment
            } else {
                // A character the lexer skipped: one UTF-8 sequence, or one byte of invalid UTF-8.
                index += 1
                while index < end, bytes[index] & 0xC0 == 0x80, byte >= 0xC0 { index += 1 }
                kind = .skipped
            }
            pieces.append(TriviaPiece(kind: kind, range: start..<index))
        }
        return pieces
    }
}
