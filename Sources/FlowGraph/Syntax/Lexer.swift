#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a file's bytes into tokens; comments are dropped, `///` docs attached to the next token,
/// and `// flowgraph:ignore` comments collected (`ignores`).
///
/// Lexical errors (a stray character, an unterminated string or comment, invalid UTF-8) become
/// `syntax` diagnostics and the lexer goes on, so one run reports them all.
package struct Lexer {
    private let bytes: [UInt8]
    private let file: Int
    private var index = 0
    private var pendingDoc: [String] = []
    private var sawLineBreak = true
    private var names = NameTable.withKeywords
    /// The tokens' texts (which `Token.textID` numbers) and docs.
    public private(set) var texts = TokenTexts()
    public private(set) var diagnostics: [Diagnostic] = []
    /// The `// flowgraph:ignore` comments, in source order.
    public private(set) var ignores: [IgnoreComment] = []
    /// The first of `ignores` that waits for the next token's start.
    private var firstUntargetedIgnore = 0

    public init(file: Int, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        // A UTF-8 byte-order mark is allowed and ignored.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// A lexer of `bytes` from `start`, just after a token this lexer made: with its table of
    /// names and texts (new names numbered after its own), and its docs and ignore comments before
    /// `docsBefore`.
    func continued(in bytes: [UInt8], from start: Int, docsBefore limit: Int) -> Lexer {
        var lexer = Lexer(file: file, bytes: bytes)
        lexer.index = start
        lexer.sawLineBreak = false
        lexer.names = names
        lexer.texts = texts
        lexer.texts.docs = texts.docs.filter { $0.key < UInt32(truncatingIfNeeded: limit) }
        lexer.ignores = ignores.filter { $0.range.start < limit }
        lexer.firstUntargetedIgnore = lexer.ignores.count
        return lexer
    }

    /// The next token (`.end` at the end, again and again).
    mutating func nextToken() -> Token {
        let bytes = bytes
        return bytes.withUnsafeBufferPointer { next(in: $0) }
    }

    /// The docs `old` kept for tokens after `start`, and its ignore comments there, moved by
    /// `shift` bytes.
    mutating func takeDocsAndIgnores(of old: Lexer, after start: Int, movedBy shift: Int) {
        for (offset, lines) in old.texts.docs where Int(offset) > start {
            texts.docs[UInt32(truncatingIfNeeded: Int(offset) + shift)] = lines
        }
        ignores += old.ignores.filter { $0.range.start > start }.map { $0.moved(by: shift) }
        firstUntargetedIgnore = ignores.count
    }

    /// Lexes the whole file; the last token is always `.end`.
    public mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 7 + 16)  // About the count of a typical file: no regrowth, no doubled peak.
        // The file's bytes are read through one buffer for the whole file: no bounds check or
        // array access a byte (the lexer's own array is a `let`, so the buffer cannot move).
        let bytes = bytes
        bytes.withUnsafeBufferPointer { buffer in
            while true {
                tokens.append(next(in: buffer))  // Appended straight from the call: a token is not copied.
                if tokens[tokens.count - 1].kind == .end { return }
            }
        }
        return tokens
    }

    /// The next token. A loop, not a recursive call per skipped character, so that a long run of
    /// bad bytes cannot overflow the stack.
    private mutating func next(in buffer: UnsafeBufferPointer<UInt8>) -> Token {
        while true {
            if let token = nextOrSkip(in: buffer) { return token }
        }
    }

    /// The next token, or nil after reporting and skipping a character that starts none.
    private mutating func nextOrSkip(in buffer: UnsafeBufferPointer<UInt8>) -> Token? {
        skipTrivia(in: buffer)
        let start = index
        guard index < buffer.count else { return make(.end, start) }
        let byte = buffer[index]
        if byte < 0x80, isIdentifierStart(byte) { return identifier(in: buffer) }
        if byte >= 0x80 {
            if utf8Length(at: index) == 0 {
                report(SyntaxMessages.invalidUTF8, start, start + 1)
                index += 1
                return nil
            }
            if !isIdentifierScalar(at: index, start: true) {
                let length = utf8Length(at: index)
                report(SyntaxMessages.unexpectedCharacter(text(start, start + length)), start, start + length)
                index += length
                return nil
            }
            return identifier(in: buffer)
        }
        if isDigit(byte) {
            while index < buffer.count, isDigit(buffer[index]) || buffer[index] == UInt8(ascii: "_") { index += 1 }
            return make(.number, start, textID: newText(text(start, index)))
        }
        switch byte {
        case UInt8(ascii: "\""):
            return string()
        case UInt8(ascii: "`"):
            return escapedIdentifier()
        case UInt8(ascii: "-"):
            if peek(1) == UInt8(ascii: ">") {
                index += 2
                return make(.arrow, start)
            }
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: ","), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "@"),
             UInt8(ascii: "="), UInt8(ascii: "~"):
            index += 1
            return make(.punctuation(byte), start)
        default:
            break
        }
        // Anything else is reported and skipped.
        let character = text(start, start + 1)
        report(SyntaxMessages.unexpectedCharacter(character), start, start + 1)
        index += 1
        return nil
    }

    @inline(__always)
    private mutating func make(_ kind: TokenKind, _ start: Int, textID: UInt32 = 0) -> Token {
        var token = Token(kind: kind, start: start, end: index, textID: textID, isAtLineStart: sawLineBreak)
        sawLineBreak = false
        if !pendingDoc.isEmpty || firstUntargetedIgnore < ignores.count { attachComments(to: &token) }
        return token
    }

    /// Gives the `///` docs and the ignore comments read since the last token to `token` (rare).
    private mutating func attachComments(to token: inout Token) {
        if !pendingDoc.isEmpty {
            texts.docs[UInt32(truncatingIfNeeded: token.start)] = pendingDoc
            pendingDoc = []
            token.hasDoc = true
        }
        if firstUntargetedIgnore < ignores.count { targetIgnores(at: token.kind == .end ? nil : token.start) }
    }

    /// A name: its bytes hashed as they are scanned, so the table of names does not read them again.
    private mutating func identifier(in buffer: UnsafeBufferPointer<UInt8>) -> Token {
        let start = index
        var cursor = index
        var hash = NameTable.hashSeed
        // ASCII letters, digits and `_`, the usual case.
        while cursor < buffer.count {
            let byte = buffer[cursor]
            guard isASCIINameByte(byte) else { break }
            hash = NameTable.hash(hash, byte)
            cursor += 1
        }
        index = cursor
        if index < buffer.count, buffer[index] >= 0x80 {
            // Letters beyond ASCII (rare): scanned a scalar at a time, then hashed whole.
            while index < buffer.count {
                while index < buffer.count, isASCIINameByte(buffer[index]) { index += 1 }
                guard index < buffer.count, buffer[index] >= 0x80 else { break }
                let length = utf8Length(at: index)
                if length == 0 || !isIdentifierScalar(at: index, start: false) { break }
                index += length
            }
            hash = NameTable.hash(of: UnsafeBufferPointer(rebasing: buffer[start..<index]))
        }
        let name = UnsafeBufferPointer(rebasing: buffer[start..<index])
        return make(.identifier, start, textID: names.intern(name, hash: hash, into: &texts.strings))
    }

    private mutating func escapedIdentifier() -> Token {
        let start = index
        index += 1
        let nameStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "`"), !isLineEnd(bytes[index]) { index += 1 }
        let nameEnd = index
        let valid = index < bytes.count && bytes[index] == UInt8(ascii: "`") && isValidName(text(nameStart, nameEnd))
        if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
        if !valid { report(SyntaxMessages.invalidEscapedName, start, index) }
        var token = make(.identifier, start, textID: names.intern(bytes, nameStart..<nameEnd, into: &texts.strings))
        token.isEscaped = true
        return token
    }

    private mutating func string() -> Token {
        let start = index
        index += 1
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return make(.string, start, textID: newText(String(decoding: value, as: UTF8.self)))
            }
            if isLineEnd(byte) { break }
            if byte == UInt8(ascii: "\\") {
                let escaped = peek(1)
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    value.append(escaped!)
                    index += 2
                    continue
                default:
                    report(SyntaxMessages.invalidEscape, index, min(index + 2, bytes.count))
                    index += 1
                    continue
                }
            }
            value.append(byte)
            index += 1
        }
        report(SyntaxMessages.unterminatedString, start, index)
        return make(.string, start, textID: newText(String(decoding: value, as: UTF8.self)))
    }

    /// Skips white space and comments, collecting `///` docs and noting line breaks.
    @inline(__always)
    private mutating func skipTrivia(in buffer: UnsafeBufferPointer<UInt8>) {
        while true {
            // Blanks and line ends, most of the trivia (a program is indented), scanned without
            // a store of `index` a byte.
            var cursor = index
            var sawBreak = false
            while cursor < buffer.count {
                let byte = buffer[cursor]
                if byte == UInt8(ascii: " ") {
                    cursor += 1
                } else if isLineEnd(byte) {
                    sawBreak = true
                    cursor += 1
                } else if byte == UInt8(ascii: "\t") || byte == 0x0C || byte == 0x0B {
                    cursor += 1
                } else {
                    break
                }
            }
            index = cursor
            if sawBreak { sawLineBreak = true }
            guard cursor + 1 < buffer.count, buffer[cursor] == UInt8(ascii: "/") else { return }
            if buffer[cursor + 1] == UInt8(ascii: "/") {
                lineComment(in: buffer)
            } else if buffer[cursor + 1] == UInt8(ascii: "*") {
                blockComment()
            } else {
                return
            }
        }
    }

    private mutating func lineComment(in buffer: UnsafeBufferPointer<UInt8>) {
        let start = index
        var cursor = index
        while cursor < buffer.count, !isLineEnd(buffer[cursor]) { cursor += 1 }
        index = cursor
        let isDoc = index - start >= 3 && bytes[start + 2] == UInt8(ascii: "/")
            && (index - start == 3 || bytes[start + 3] != UInt8(ascii: "/"))
        guard isDoc else {
            if let ignore = IgnoreComment.read(bytes, start..<index, file: file) { ignores.append(ignore) }
            return
        }
        var text = text(start + 3, index)
        if text.hasPrefix(" ") { text.removeFirst() }
        pendingDoc.append(text)
    }

    /// The ignore comments since the last token apply to the declaration that starts with this one.
    private mutating func targetIgnores(at start: Int?) {
        for position in firstUntargetedIgnore..<ignores.count { ignores[position].nextTokenStart = start }
        firstUntargetedIgnore = ignores.count
    }

    /// Block comments nest, as in Swift.
    private mutating func blockComment() {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if isLineEnd(bytes[index]) { sawLineBreak = true }
                index += 1
            }
        }
        report(SyntaxMessages.unterminatedComment, start, start + 2)
    }

    private mutating func report(_ message: String, _ start: Int, _ end: Int) {
        diagnostics.append(Diagnostic(.syntax, message, at: SourceRange(file: file, start: start, end: end)))
    }

    /// A text of its own (a string's value, a number): its number in `texts`.
    private mutating func newText(_ text: String) -> UInt32 {
        texts.strings.append(text)
        return UInt32(texts.strings.count - 1)
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether the (valid) UTF-8 scalar at `offset` can start or continue a name, as in Swift (XID).
    /// Never inlined: Unicode's properties need a stack buffer sized at run time, which the hot
    /// functions would set up at each call (the type's metadata asked every token).
    @inline(never)
    private func isIdentifierScalar(at offset: Int, start: Bool) -> Bool {
        let length = utf8Length(at: offset)
        guard length > 0 else { return false }
        let decoded = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
        guard let scalar = decoded.unicodeScalars.first else { return false }
        return start ? scalar.properties.isXIDStart : scalar.properties.isXIDContinue
    }

    /// The length of a valid UTF-8 sequence at `offset`, or 0 when the bytes there are not valid UTF-8.
    private func utf8Length(at offset: Int) -> Int {
        let lead = bytes[offset]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default: return 0
        }
        guard offset + length <= bytes.count else { return 0 }
        for continuation in bytes[(offset + 1)..<(offset + length)] {
            guard continuation & 0xC0 == 0x80 else { return 0 }
            scalar = scalar << 6 | UInt32(continuation & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return 0 }
        return length
    }
}

/// Each distinct name of a file made into a `String` once, numbered: a name is written many
/// times, and its tokens then hold its number. Seeded with the keywords, at their numbers. (A
/// program's names are numbered by one too: `NameNumbers`.)
struct NameTable: Sendable {
    /// Open addressing: a name's hash, number, and where its bytes are in `nameBytes`; or nil.
    private var slots: [Slot?] = Array(repeating: nil, count: 1024)
    private var used = 0
    /// The names' bytes, one after another: a name is compared with the file's bytes there,
    /// without reading its `String` (a retain and a release of each one longer than 15 bytes).
    private var nameBytes: [UInt8] = []

    private struct Slot {
        let hash: UInt32
        let id: UInt32
        let start: UInt32
        let count: UInt32
    }

    /// The table every file starts from, made once: the keywords, interned in order, so at their
    /// numbers in `TokenTexts.keywords` (each file's `strings` starts as that list).
    static let withKeywords: NameTable = {
        var table = NameTable()
        var strings: [String] = []
        for keyword in TokenTexts.keywords { _ = table.intern(Array(keyword.utf8), 0..<keyword.utf8.count, into: &strings) }
        assert(strings == TokenTexts.keywords, "the keywords must be distinct")
        return table
    }()

    /// FNV-1a, a byte at a time: `hash(hash(hashSeed, b0), b1)`… is a name's hash.
    static let hashSeed: UInt32 = 2_166_136_261

    @inline(__always)
    static func hash(_ hash: UInt32, _ byte: UInt8) -> UInt32 { (hash ^ UInt32(byte)) &* 16_777_619 }

    static func hash(of name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash = hashSeed
        for byte in name { hash = Self.hash(hash, byte) }
        return hash
    }

    /// The number of the name `bytes[range]` in `strings`, appended there when new.
    mutating func intern(_ bytes: [UInt8], _ range: Range<Int>, into strings: inout [String]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            let name = UnsafeBufferPointer(rebasing: buffer[range])
            return intern(name, hash: Self.hash(of: name), into: &strings)
        }
    }

    /// The number of `name` (whose hash is `hash`) in `strings`, appended there when new.
    mutating func intern(_ name: UnsafeBufferPointer<UInt8>, hash: UInt32, into strings: inout [String]) -> UInt32 {
        number(of: name, hash: hash) {
            strings.append(String(decoding: name, as: UTF8.self))
            return UInt32(strings.count - 1)
        }
    }

    /// The number of `name`, the count of names before it when it is new.
    mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let next = UInt32(used)
        return number(of: name, hash: Self.hash(of: name)) { next }
    }

    /// The number of `name`; when it is new, the one `added` gives it.
    @inline(__always)
    private mutating func number(of name: UnsafeBufferPointer<UInt8>, hash: UInt32, added: () -> UInt32) -> UInt32 {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while let entry = slots[slot] {
            if entry.hash == hash, isName(entry, name) { return entry.id }
            slot = (slot + 1) & mask
        }
        let id = added()
        slots[slot] = Slot(hash: hash, id: id, start: UInt32(nameBytes.count), count: UInt32(name.count))
        nameBytes.append(contentsOf: name)
        used += 1
        if used * 2 > slots.count { grow() }
        return id
    }

    /// How many names the table holds.
    var count: Int { used }

    /// Whether the name in `slot` is `name`: compared as two runs of bytes, not byte by byte.
    private func isName(_ slot: Slot, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(slot.count) == name.count else { return false }
        guard slot.count > 0 else { return true }
        return nameBytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + Int(slot.start), name.baseAddress!, name.count) == 0 }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        let mask = slots.count - 1
        for case let entry? in old {
            var slot = Int(entry.hash) & mask
            while slots[slot] != nil { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}

/// An ASCII letter, digit or `_`.
@inline(__always)
private func isASCIINameByte(_ byte: UInt8) -> Bool {
    let lowered = byte | 0x20
    return (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "_")
}

func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || byte == UInt8(ascii: "_") || byte >= 0x80
}

func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

/// Whether `name` is a plain identifier: a letter or `_`, then letters, digits or `_`.
func isValidName(_ name: String) -> Bool {
    guard let first = name.utf8.first, isIdentifierStart(first), !isDigit(first) else { return false }
    return name.unicodeScalars.allSatisfy {
        $0.value >= 0x80 || $0 == "_" || $0.properties.isASCIIHexDigit
            || ($0.value < 0x80 && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
    }
}
