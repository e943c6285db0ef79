/// The kinds of token the lexer produces.
package enum TokenKind: Hashable, Sendable {
    /// A name: `Movies`, `on`, `push`, or a backtick-escaped `` `default` `` (text without backticks).
    case identifier
    /// A run of digits, only meaningful inside Swift types.
    case number
    /// A string literal; `text` holds its value with escapes resolved.
    case string
    /// `->`
    case arrow
    /// One punctuation character: `{ } ( ) [ ] < > , : . ? ! & @ = ~`.
    case punctuation(UInt8)
    /// The end of the file.
    case end
}

/// One token: its kind, its byte range, its text, and the `///` docs that precede it.
///
/// A large file has millions of tokens, so a token is kept small (40 bytes): offsets are stored
/// in 32 bits, which the input size limit allows.
package struct Token: Sendable {
    public let kind: TokenKind
    /// Whether this is the first token on its line; the parser resynchronizes at line starts.
    public let isAtLineStart: Bool
    /// A backtick-escaped name: `` `tabs` `` is a name, never a keyword.
    public var isEscaped = false
    private let startOffset: UInt32
    private let endOffset: UInt32
    /// The identifier's name, the string's value, or the token's source text.
    public let text: String
    /// `///` lines written just before this token, without the slashes.
    public let doc: [String]

    public var start: Int { Int(startOffset) }
    public var end: Int { Int(endOffset) }

    init(kind: TokenKind, start: Int, end: Int, text: String, doc: [String], isAtLineStart: Bool) {
        self.kind = kind
        self.isAtLineStart = isAtLineStart
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
        self.text = text
        self.doc = doc
    }

    /// Whether this is the punctuation `character` (ASCII).
    func isPunctuation(_ character: Unicode.Scalar) -> Bool {
        kind == .punctuation(UInt8(truncatingIfNeeded: character.value))
    }

    func isKeyword(_ word: String) -> Bool {
        kind == .identifier && text == word && !isEscaped
    }
}
