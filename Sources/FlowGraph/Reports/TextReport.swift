/// Diagnostics in the compiler style that Xcode and GitHub problem matchers read:
///
/// ```
/// samples/shop/Shop.flow:12:9: warning: step 'About' is unreachable [unreachable-step]
///    12 |     step About
///       |          ^~~~~
/// samples/shop/Shop.flow:3:5: note: first declared here
///    note: shortest path: Shop.Home → (aboutTapped: push) Shop.About
/// ```
public struct TextReport: Sendable {
    public let context: ReportContext
    /// ANSI colours, for a terminal.
    public let isColored: Bool

    public init(_ context: ReportContext, isColored: Bool = false) {
        self.context = context
        self.isColored = isColored
    }

    /// Every diagnostic, each followed by its source line and notes.
    public func render() -> String {
        context.diagnostics.map(render).joined()
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var output = headline(diagnostic.range, label: diagnostic.severity.rawValue,
                              message: "\(diagnostic.message) [\(diagnostic.rule.id)]")
        output += snippet(diagnostic.range)
        for note in diagnostic.notes {
            if let range = note.range {
                output += headline(range, label: "note", message: note.message)
            } else {
                output += "    " + paint("note:", .note) + " " + note.message + "\n"
            }
        }
        return output
    }

    func headline(_ range: SourceRange, label: String, message: String) -> String {
        let location = context.start(range)
        let style: Style = label == "error" ? .error : label == "warning" ? .warning : .note
        return paint("\(context.path(range)):\(location.line):\(location.column):", .bold) + " "
            + paint("\(label):", style) + " " + paint(message, .bold) + "\n"
    }

    /// The source line and a marker under the range (to the end of the line when it spans lines).
    func snippet(_ range: SourceRange) -> String {
        let file = context.files[range.file]
        let start = file.location(of: range.start)
        let end = file.location(of: range.end)
        // Control characters would garble the terminal; each shows as one replacement character.
        let line = String(String.UnicodeScalarView(file.lineText(start.line).unicodeScalars.map {
            $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F ? "\u{FFFD}" : $0
        }))
        guard line.utf8.count <= 500 else { return "" }  // A huge line helps nobody.
        let prefixBytes = Array(line.utf8.prefix(start.column - 1))
        let prefix = String(decoding: prefixBytes, as: UTF8.self)
        let indent = String(prefix.map { $0 == "\t" ? "\t" : " " })
        let lastColumn = end.line == start.line ? end.column : line.utf8.count + 1
        let markedBytes = Array(line.utf8.dropFirst(start.column - 1).prefix(max(0, lastColumn - start.column)))
        let markedWidth = String(decoding: markedBytes, as: UTF8.self).count
        let marker = "^" + String(repeating: "~", count: max(0, markedWidth - 1))
        let number = String(start.line)
        let width = max(number.count, 4) + 1
        let numbered = String(repeating: " ", count: width - number.count) + number
        return paint(numbered + " |", .gutter) + " " + line + "\n"
            + paint(String(repeating: " ", count: width) + " |", .gutter) + " " + indent + paint(marker, .marker) + "\n"
    }

    private enum Style {
        case bold, error, warning, note, gutter, marker

        var code: String {
            switch self {
            case .bold: "\u{1B}[1m"
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;33m"
            case .note: "\u{1B}[1;36m"
            case .gutter: "\u{1B}[34m"
            case .marker: "\u{1B}[1;32m"
            }
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        isColored ? style.code + text + "\u{1B}[0m" : text
    }
}
