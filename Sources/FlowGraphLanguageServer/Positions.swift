import FlowGraph

/// LSP positions (a line and a count of UTF-16 code units in it, the protocol's default) to the
/// byte offsets the compiler works on, and back, for one file.
///
/// Lines end as the lexer's do (LF, CR LF, a lone CR: `SourceFile.lineStarts`), which is also what
/// LSP says. A position past the end of its line is the line's end; a line past the file's end is
/// the file's end; a position inside a character (the second unit of a surrogate pair) is the
/// character's start. ASCII lines, the usual case, are counted without decoding.
struct LineIndex {
    let file: SourceFile

    init(_ file: SourceFile) {
        self.file = file
    }

    /// The byte range of line `line` (0-based), without its line end.
    private func lineBytes(_ line: Int) -> Range<Int> {
        let starts = file.lineStarts
        let start = starts[line]
        var end = line + 1 < starts.count ? starts[line + 1] : file.bytes.count
        while end > start, file.bytes[end - 1] == UInt8(ascii: "\n") || file.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < file.lineStarts.count else { return file.bytes.count }
        let line = lineBytes(position.line)
        var units = max(0, position.character)
        var index = line.lowerBound
        while index < line.upperBound, units > 0 {
            let byte = file.bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            let width = length == 4 ? 2 : 1
            if width > units { break }
            units -= width
            index = min(line.upperBound, index + length)
        }
        return index
    }

    func position(of offset: Int) -> Position {
        let clamped = max(0, min(offset, file.bytes.count))
        // The last line that starts at or before the offset (the first starts at 0).
        let lineIndex = file.lineStarts.partitionIndex { $0 <= clamped } - 1
        let line = lineBytes(lineIndex)
        let end = min(clamped, line.upperBound)
        var units = 0
        var index = line.lowerBound
        while index < end {
            let byte = file.bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            units += length == 4 ? 2 : 1
            index += length
        }
        return Position(line: lineIndex, character: units)
    }

    func range(_ range: SourceRange) -> LSPRange {
        LSPRange(start: position(of: range.start), end: position(of: range.end))
    }
}
