/// `// flowgraph:renamed-from OldName`: the declaration that follows was called `OldName` before
/// (docs/Language.md#rename-comments).
///
/// A rename is history, not navigation: it must not change the program, the router or the
/// diagrams, so it is a comment, read only by `flowgraph diff`, which matches the old name to the
/// new one instead of reporting a removal and an addition. It applies to the declaration that
/// starts on the next line that is neither blank nor only a comment, as an ignore comment does:
/// a `flow` or `destinations` group, a `step`, `exit`, `guard`, `alert` or `dialog`, or an `on`
/// clause (the event it handles is renamed).
package struct RenameDirective: Sendable, Hashable {
    /// The old name as written.
    public let oldName: String
    /// The directive, from `//` to the name.
    public let range: SourceRange
    /// Where the first token after the comment starts (nil at the end of the file).
    public let nextTokenStart: Int?

    static let marker = Array("flowgraph:renamed-from".utf8)

    /// Every directive of `files` (file indices as in a compilation of them). Only comments are
    /// read, through the lexer, so a `//` inside a link pattern's string is never taken for one.
    public static func collect(_ files: [SourceFile]) -> [RenameDirective] {
        var result: [RenameDirective] = []
        for (index, file) in files.enumerated() where file.bytes.count <= SourceLimits.fileSize {
            // Cheap test first: most files have no directive, and need not be lexed again.
            guard contains(file.bytes, marker) else { continue }
            var lexer = Lexer(file: index, bytes: file.bytes)
            let tokens = lexer.tokenize()
            var previousEnd = 0
            for token in tokens {
                for piece in Trivia.pieces(file.bytes, in: previousEnd..<max(previousEnd, token.start)) where piece.kind == .lineComment {
                    if let directive = read(file.bytes, piece.range, file: index, next: token.kind == .end ? nil : token.start) {
                        result.append(directive)
                    }
                }
                previousEnd = token.end
            }
        }
        return result
    }

    /// Reads the line comment `bytes[comment]` as a directive: `//`, spaces, the marker, spaces,
    /// a name (with or without backticks); anything after the name is a free explanation.
    /// Only a comment on a line of its own is one: at the end of a declaration's line it would
    /// seem to rename that declaration, yet apply to the next.
    static func read(_ bytes: [UInt8], _ comment: Range<Int>, file: Int, next: Int?) -> RenameDirective? {
        var index = comment.lowerBound + 2
        let end = comment.upperBound
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var before = comment.lowerBound
        while before > 0, isBlank(bytes[before - 1]) { before -= 1 }
        guard before == 0 || bytes[before - 1] == UInt8(ascii: "\n") || bytes[before - 1] == UInt8(ascii: "\r")
            || (before == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) else { return nil }
        while index < end, isBlank(bytes[index]) { index += 1 }
        guard end - index > marker.count, bytes[index..<(index + marker.count)].elementsEqual(marker),
              isBlank(bytes[index + marker.count]) else { return nil }
        index += marker.count
        while index < end, isBlank(bytes[index]) { index += 1 }
        var start = index
        let isQuoted = index < end && bytes[index] == UInt8(ascii: "`")
        if isQuoted { start += 1; index += 1 }
        while index < end, isNameByte(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        if isQuoted, index < end, bytes[index] == UInt8(ascii: "`") { index += 1 }
        return RenameDirective(oldName: name, range: SourceRange(file: file, start: comment.lowerBound, end: index), nextTokenStart: next)
    }

    /// Whether `bytes` hold `needle`: a plain scan for its first byte, then a comparison (the
    /// standard library's generic `firstRange(of:)` took a fifth of a diff of 10,000 steps).
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
        return bytes.withUnsafeBufferPointer { buffer in
            needle.withUnsafeBufferPointer { wanted in
                var index = 0
                let last = buffer.count - wanted.count
                while index <= last {
                    if buffer[index] == first {
                        var offset = 1
                        while offset < wanted.count, buffer[index + offset] == wanted[offset] { offset += 1 }
                        if offset == wanted.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
