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

/// One token: its kind, its byte range, and where its text and its `///` docs are in its file's
/// `TokenTexts`.
///
/// A large file has millions of tokens, so a token is kept small and holds no reference (16 bytes,
/// nothing to retain or release when it is copied): offsets are stored in 32 bits, which the input
/// size limit allows, and its text is a number (each distinct name of a file is one `String`).
package struct Token: Sendable {
    public let kind: TokenKind
    /// `isAtLineStart`, `isEscaped` and `hasDoc`, a bit each.
    private var flags: UInt8
    private var startOffset: UInt32
    private var endOffset: UInt32
    /// The identifier's name, the string's value, or the number's text: an index into
    /// `TokenTexts.strings` (a keyword's is below `TokenTexts.keywordCount`). Unused for punctuation.
    let textID: UInt32

    public var start: Int { Int(startOffset) }
    public var end: Int { Int(endOffset) }

    /// Whether this is the first token on its line; the parser resynchronizes at line starts.
    public var isAtLineStart: Bool { flags & 1 != 0 }
    /// A backtick-escaped name: `` `tabs` `` is a name, never a keyword.
    public var isEscaped: Bool {
        get { flags & 2 != 0 }
        set { flags = newValue ? flags | 2 : flags & ~2 }
    }
    /// Whether `///` docs are written just before it (they are in its file's `TokenTexts.docs`):
    /// most tokens have none, and are told so without a lookup.
    var hasDoc: Bool {
        get { flags & 4 != 0 }
        set { flags = newValue ? flags | 4 : flags & ~4 }
    }

    /// The token `by` bytes later in the file, every flag kept.
    func moved(by shift: Int) -> Token {
        var token = self
        token.startOffset = UInt32(truncatingIfNeeded: start + shift)
        token.endOffset = UInt32(truncatingIfNeeded: end + shift)
        return token
    }

    init(kind: TokenKind, start: Int, end: Int, textID: UInt32, isAtLineStart: Bool) {
        self.kind = kind
        flags = isAtLineStart ? 1 : 0
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
        self.textID = textID
    }

    /// Whether this is the punctuation `character` (ASCII).
    func isPunctuation(_ character: Unicode.Scalar) -> Bool {
        kind == .punctuation(UInt8(truncatingIfNeeded: character.value))
    }

    /// Whether this is the keyword `word` (one of `Keyword.all`, which `EditorGrammarTests` holds to
    /// every word the parser asks for), not escaped. A name that is no keyword is told at once by
    /// its text's number.
    func isKeyword(_ word: String) -> Bool {
        guard kind == .identifier, !isEscaped, textID < TokenTexts.keywordCount else { return false }
        return TokenTexts.keywords[Int(textID)] == word
    }
}

/// The texts and the docs of one file's tokens: each distinct name once (the keywords first, at
/// the same numbers in every file), each string and number, and the blocks of `///` lines by the
/// offset of the token they precede (few tokens have one: a token holds no field for them).
package struct TokenTexts: Sendable {
    /// Every keyword, at its number in every file's table.
    static let keywords: [String] = Keyword.all.map(\.word)
    static let keywordCount = UInt32(keywords.count)
    /// For each keyword's number, the move it names, if any: a token's move is found by its text's
    /// number (`Parser.actionKind`), not by matching its text against every move's word.
    static let actionKinds: [ActionKind?] = keywords.map(ActionKind.init(rawValue:))

    /// For each keyword's number, whether it is one of `words` (each of them a keyword).
    static func keywordSet(_ words: some Sequence<String>) -> KeywordSet {
        let wanted = Set(words)
        return KeywordSet(isIn: keywords.map(wanted.contains))
    }

    /// By number: `Token.textID`.
    public internal(set) var strings: [String] = TokenTexts.keywords
    /// By the start offset of the token they precede.
    public internal(set) var docs: [UInt32: [String]] = [:]

    /// The token's text: the identifier's name, the string's value with escapes resolved, or its
    /// source text.
    public subscript(_ token: Token) -> String {
        switch token.kind {
        case .identifier, .number, .string: strings[Int(token.textID)]
        case .arrow: "->"
        case let .punctuation(byte): punctuationText[Int(byte & 0x7F)]
        case .end: ""
        }
    }

    /// The `///` lines written just before the token, without the slashes.
    public func doc(_ token: Token) -> [String] { token.hasDoc ? docs[UInt32(truncatingIfNeeded: token.start)] ?? [] : [] }
}

/// The text of each ASCII punctuation token, made once.
let punctuationText: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

/// Some of the keywords, asked by a token's text number: whether its text (escaped or not) is one
/// of them, without hashing the text.
struct KeywordSet: Sendable {
    fileprivate let isIn: [Bool]

    func contains(_ token: Token) -> Bool {
        token.kind == .identifier && token.textID < TokenTexts.keywordCount && isIn[Int(token.textID)]
    }
}
