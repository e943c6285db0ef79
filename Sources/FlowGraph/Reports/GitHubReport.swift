/// Diagnostics as GitHub Actions workflow commands, which become annotations on a pull request:
/// `::error file=F,line=L,col=C,endLine=L,endColumn=C,title=T::message`.
public struct GitHubReport: Sendable {
    public let context: ReportContext

    public init(_ context: ReportContext) {
        self.context = context
    }

    public func render() -> String {
        context.diagnostics.map { diagnostic in
            let start = context.characterLocation(diagnostic.range)
            let end = context.characterLocation(diagnostic.range, end: true)
            let command = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
            var properties = [
                ("file", context.path(diagnostic.range)),
                ("line", String(start.line)),
                ("col", String(start.column)),
            ]
            if end.line == start.line {
                properties += [("endLine", String(end.line)), ("endColumn", String(max(start.column, end.column - 1)))]
            }
            properties.append(("title", "flowgraph: \(diagnostic.rule.id)"))
            var message = diagnostic.message
            for note in diagnostic.notes {
                if let range = note.range {
                    let location = context.characterLocation(range)
                    message += "\nnote: \(context.path(range)):\(location.line):\(location.column): \(note.message)"
                } else {
                    message += "\nnote: \(note.message)"
                }
            }
            let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
            return "::\(command) \(list)::\(Self.escapeData(message))\n"
        }.joined()
    }

    /// The escaping GitHub's runner applies to a command's message.
    public static func escapeData(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    /// The escaping GitHub's runner applies to a command's property values.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
    }

    /// Replaces scalars, not characters: "\r\n" is one Swift character but two scalars to escape.
    private static func escape(_ text: String, _ table: [(Unicode.Scalar, String)]) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if let replacement = table.first(where: { $0.0 == scalar })?.1 {
                output += replacement
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
