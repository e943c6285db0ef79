/// `// flowgraph:ignore rule-id, other-id -- why`: a comment that silences the named rules in the
/// declaration that follows it (docs/Language.md#ignore-comments).
///
/// The lexer collects them; which declaration each applies to, and whether it silences anything,
/// is decided after the checker has run (`Suppressions`).
package struct IgnoreComment: Sendable, Hashable {
    /// The rule ids as written, each with its place (they are not checked here).
    public let ids: [Name]
    /// The text after ` -- `, when there is any.
    public let justification: String?
    /// The directive, from `//` to its last id or its justification.
    public let range: SourceRange
    /// Where the first token after the comment starts (nil at the end of the file): the
    /// declaration the comment applies to starts on that token's line.
    public internal(set) var nextTokenStart: Int?

    /// The words that start the directive, after `//` and optional spaces.
    static let marker = Array("flowgraph:ignore".utf8)

    /// Reads the line comment `bytes[comment]` (which starts with `//`) as an ignore directive, or
    /// nil when it is another comment. Ids are separated by commas and/or spaces; ` -- ` starts the
    /// justification; a `//` at the start of a word ends the directive (a comment after it).
    static func read(_ bytes: [UInt8], _ comment: Range<Int>, file: Int) -> IgnoreComment? {
        var index = comment.lowerBound + 2
        let end = comment.upperBound
        while index < end, isBlank(bytes[index]) { index += 1 }
        guard end - index >= marker.count, bytes[index..<(index + marker.count)].elementsEqual(marker) else { return nil }
        index += marker.count
        guard index == end || isBlank(bytes[index]) else { return nil }  // `flowgraph:ignored` is prose.
        var ids: [Name] = []
        var justification: String?
        var last = index
        while true {
            while index < end, isBlank(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
            guard index < end, !startsComment(bytes, index, end) else { break }
            if bytes[index] == UInt8(ascii: "-"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "-"),
               index + 2 == end || isBlank(bytes[index + 2]) {
                var stop = index + 2
                while stop < end, !(startsComment(bytes, stop, end) && isBlank(bytes[stop - 1])) { stop += 1 }
                let text = String(decoding: bytes[(index + 2)..<stop], as: UTF8.self).trimmingBlanks()
                justification = text.isEmpty ? nil : text
                last = text.isEmpty ? index + 2 : stop
                break
            }
            let start = index
            while index < end, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ",") { index += 1 }
            ids.append(Name(text: String(decoding: bytes[start..<index], as: UTF8.self), range: SourceRange(file: file, start: start, end: index)))
            last = index
        }
        while last > comment.lowerBound, isBlank(bytes[last - 1]) { last -= 1 }
        return IgnoreComment(ids: ids, justification: justification, range: SourceRange(file: file, start: comment.lowerBound, end: last))
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func startsComment(_ bytes: [UInt8], _ index: Int, _ end: Int) -> Bool {
        bytes[index] == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "/")
    }
}

extension String {
    /// Without spaces and tabs at either end.
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
