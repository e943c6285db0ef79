/// Diagnostics as JSON, in the stable schema documented in docs/CLI.md (`schemaVersion` 1).
public struct JSONReport: Sendable {
    public let context: ReportContext

    public init(_ context: ReportContext) {
        self.context = context
    }

    public func render() -> String {
        JSONValue.object([
            ("schemaVersion", .int(1)),
            ("tool", .object([("name", .string("flowgraph")), ("version", .string(FlowGraphVersion.current))])),
            ("files", .array(context.files.map { .string($0.path) })),
            ("summary", .object([
                ("errors", .int(context.errorCount)), ("warnings", .int(context.warningCount)),
                ("suppressed", .int(context.suppressed.count)),
            ])),
            ("diagnostics", .array(context.diagnostics.map { diagnostic($0) })),
            ("suppressed", .array(context.suppressed.map { suppressed in
                diagnostic(suppressed.diagnostic, extra: [("suppression", .object([
                    ("kind", .string(suppressed.kind.rawValue)),
                    ("justification", suppressed.justification.map(JSONValue.string) ?? .null),
                ]))])
            })),
        ]).serialized() + "\n"
    }

    private func diagnostic(_ diagnostic: Diagnostic, extra: [(String, JSONValue)] = []) -> JSONValue {
        .object([
            ("rule", .string(diagnostic.rule.id)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("location", location(diagnostic.range)),
            ("notes", .array(diagnostic.notes.map { note in
                .object([("message", .string(note.message)), ("location", note.range.map(location) ?? .null)])
            })),
            ("path", .array(diagnostic.path.map(JSONValue.string))),
            ("subjects", .array(diagnostic.subjects.map(JSONValue.string))),
        ] + extra)
    }

    private func location(_ range: SourceRange) -> JSONValue {
        let start = context.start(range)
        let end = context.end(range)
        return .object([
            ("file", .string(context.path(range))),
            ("line", .int(start.line)),
            ("column", .int(start.column)),
            ("endLine", .int(end.line)),
            ("endColumn", .int(end.column)),
            ("offset", .int(range.start)),
            ("length", .int(range.end - range.start)),
        ])
    }
}
