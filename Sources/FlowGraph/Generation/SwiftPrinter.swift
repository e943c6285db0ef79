/// Writes Swift text line by line with the current indentation (four spaces a level), so that
/// whoever builds the text never counts spaces nor reads it back.
struct SwiftPrinter {
    private(set) var text = ""
    private var indentation = ""

    /// One line at the current indentation; an empty line has no spaces.
    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : indentation + content + "\n"
    }

    /// `///` lines; control characters (a NUL in a doc) never reach the file.
    mutating func doc(_ lines: [String]) {
        for line in lines {
            let clean = String(line.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" })
            self.line("/// \(clean)".replacing(/\s+$/, with: ""))
        }
    }

    /// `header {`, the body one level in, then `}`.
    mutating func block(_ header: String, _ body: (inout SwiftPrinter) -> Void) {
        line(header + " {")
        indented(body)
        line("}")
    }

    /// `switch subject {`, the cases at the same indentation (Swift's usual style), then `}`.
    mutating func switchOver(_ subject: String, _ cases: (inout SwiftPrinter) -> Void) {
        line("switch \(subject) {")
        cases(&self)
        line("}")
    }

    mutating func indented(_ body: (inout SwiftPrinter) -> Void) {
        let outer = indentation
        indentation += "    "
        body(&self)
        indentation = outer
    }
}
