import FlowGraph

/// Diagnostics as build logs read them: every line `path:line:column: severity: message`, with
/// no colour and no source snippet, so that swift build and Xcode show each finding, and each
/// of its notes, at its place in the .flow file.
///
/// ```
/// /app/Flows/App.flow:12:9: warning: step 'About' is unreachable [unreachable-step]
/// /app/Flows/App.flow:12:9: note: shortest path: App.Home → (aboutTapped: push) App.About
/// ```
///
/// A note without a place of its own is shown at its diagnostic's place, because a build log
/// drops lines without one.
struct BuildLogReport {
    let context: ReportContext

    init(_ context: ReportContext) {
        self.context = context
    }

    func render() -> String {
        context.diagnostics.map(render).joined()
    }

    func render(_ diagnostic: Diagnostic) -> String {
        var output = line(diagnostic.range, diagnostic.severity.rawValue, "\(diagnostic.message) [\(diagnostic.rule.id)]")
        for note in diagnostic.notes {
            output += line(note.range ?? diagnostic.range, "note", note.message)
        }
        return output
    }

    private func line(_ range: SourceRange, _ label: String, _ message: String) -> String {
        let location = context.start(range)
        // A message is one line; a line break inside would start a line the log cannot place.
        let message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\(context.path(range)):\(location.line):\(location.column): \(label): \(message)\n"
    }
}
