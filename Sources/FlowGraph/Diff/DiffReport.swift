/// The findings of `flowgraph diff` in each output format. The old and new sides have their own
/// files (a finding's `old` range is in `oldFiles`, its `new` range in `newFiles`).
public struct DiffReport: Sendable {
    public let oldFiles: [SourceFile]
    public let newFiles: [SourceFile]
    public let result: ProgramDiff.Result
    /// The categories whose findings fail the run (`--fail-on`).
    public let failingCategories: Set<DiffCategory>

    public init(oldFiles: [SourceFile], newFiles: [SourceFile], result: ProgramDiff.Result, failingCategories: Set<DiffCategory>) {
        self.oldFiles = oldFiles
        self.newFiles = newFiles
        self.result = result
        self.failingCategories = failingCategories
    }

    var findings: [DiffFinding] { result.findings }
    var oldContext: ReportContext { ReportContext(files: oldFiles, diagnostics: []) }
    var newContext: ReportContext { ReportContext(files: newFiles, diagnostics: []) }

    package func isFailing(_ finding: DiffFinding) -> Bool { failingCategories.contains(finding.category) }
    public var failingCount: Int { findings.count(where: isFailing) }
    public func count(_ category: DiffCategory) -> Int { findings.count { $0.category == category } }

    /// `error` for a finding that fails the run, `warning` for a link or router one that does
    /// not, `note` for a journey one that does not.
    package func severity(_ finding: DiffFinding) -> Severity {
        isFailing(finding) ? .error : finding.category == .journey ? .note : .warning
    }

    /// Where a finding is shown on the new side: its new range; for something removed with no
    /// enclosing declaration left, the first line of the new file with the old one's path, or of
    /// the first new file. Nil only when the new side has no file.
    package func newAnchor(_ finding: DiffFinding) -> SourceRange? {
        if let range = finding.new { return range }
        guard !newFiles.isEmpty else { return nil }
        // An old file read from git is named `COMMIT:path`.
        let path = finding.old.map { oldFiles[$0.file].path }
        let file = path.flatMap { path in newFiles.firstIndex { path == $0.path || path.hasSuffix(":" + $0.path) } } ?? 0
        return SourceRange(file: file, start: 0, end: 0)
    }

    /// `3 changes (1 link, 2 router, 0 journey), 1 fails (--fail-on link)`.
    public var summary: String {
        let counts = DiffCategory.allCases.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
        let failOn = failingCategories.isEmpty
            ? "none"
            : DiffCategory.allCases.filter(failingCategories.contains).map(\.rawValue).joined(separator: ",")
        return "\(findings.count) change\(findings.count == 1 ? "" : "s") (\(counts)), "
            + "\(failingCount) fail\(failingCount == 1 ? "s" : "") (--fail-on \(failOn))"
    }

    // MARK: - text

    /// Each finding at its new place with the source line, a note at its old place, then the
    /// rename notes and a summary line.
    public func text(isColored: Bool = false) -> String {
        let newText = TextReport(newContext, isColored: isColored), oldText = TextReport(oldContext, isColored: isColored)
        var output = ""
        for finding in findings {
            let label = severity(finding).rawValue
            let message = "\(finding.message) [\(finding.rule.id)]"
            if let range = finding.new {
                output += newText.headline(range, label: label, message: message) + newText.snippet(range)
                if let old = finding.old { output += oldText.headline(old, label: "note", message: "was here") }
            } else if let old = finding.old {
                output += oldText.headline(old, label: label, message: message) + oldText.snippet(old)
            }
            if let example = finding.example { output += "    note: a URL that opened before: \(example)\n" }
        }
        for note in result.notes {
            output += newText.headline(note.new, label: "note", message: note.message) + newText.snippet(note.new)
        }
        output += findings.isEmpty
            ? "no changes that break or matter found (\(oldFiles.count) old file\(oldFiles.count == 1 ? "" : "s"), \(newFiles.count) new)\n"
            : summary + "\n"
        return output
    }

    // MARK: - json

    /// The stable JSON schema documented in docs/CLI.md (`schemaVersion` 1).
    public func json() -> String {
        JSONValue.object([
            ("schemaVersion", .int(1)),
            ("tool", .object([("name", .string("flowgraph")), ("version", .string(FlowGraphVersion.current))])),
            ("old", .object([("files", .array(oldFiles.map { .string($0.path) }))])),
            ("new", .object([("files", .array(newFiles.map { .string($0.path) }))])),
            ("failOn", .array(DiffCategory.allCases.filter(failingCategories.contains).map { .string($0.rawValue) })),
            ("summary", .object(DiffCategory.allCases.map { ($0.rawValue, .int(count($0))) } + [("failing", .int(failingCount))])),
            ("findings", .array(findings.map { finding in
                .object([
                    ("rule", .string(finding.rule.id)),
                    ("category", .string(finding.category.rawValue)),
                    ("fails", .bool(isFailing(finding))),
                    ("message", .string(finding.message)),
                    ("subject", .string(finding.subject)),
                    ("old", finding.old.map { location($0, oldContext) } ?? .null),
                    ("new", finding.new.map { location($0, newContext) } ?? .null),
                    ("example", finding.example.map(JSONValue.string) ?? .null),
                ])
            })),
            ("notes", .array(result.notes.map { .object([("message", .string($0.message)), ("location", location($0.new, newContext))]) })),
        ]).serialized() + "\n"
    }

    private func location(_ range: SourceRange, _ context: ReportContext) -> JSONValue {
        let start = context.start(range), end = context.end(range)
        return .object([
            ("file", .string(context.path(range))), ("line", .int(start.line)), ("column", .int(start.column)),
            ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
        ])
    }

    // MARK: - github

    /// GitHub Actions workflow commands: an annotation at each finding's new place (`error` when
    /// it fails the run, `warning` or `notice` otherwise), its old place in the message.
    public func github() -> String {
        var output = ""
        for finding in findings {
            guard let range = newAnchor(finding) else { continue }
            let command = isFailing(finding) ? "error" : finding.category == .journey ? "notice" : "warning"
            var message = finding.message
            if let old = finding.old {
                let location = oldContext.characterLocation(old)
                message += "\nnote: before: \(oldContext.path(old)):\(location.line):\(location.column)"
            }
            if let example = finding.example { message += "\nnote: a URL that opened before: \(example)" }
            output += annotation(command, range, title: "flowgraph diff: \(finding.rule.id)", message: message)
        }
        for note in result.notes { output += annotation("notice", note.new, title: "flowgraph diff", message: note.message) }
        return output
    }

    private func annotation(_ command: String, _ range: SourceRange, title: String, message: String) -> String {
        let start = newContext.characterLocation(range), end = newContext.characterLocation(range, end: true)
        var properties = [("file", newContext.path(range)), ("line", String(start.line)), ("col", String(start.column))]
        if end.line == start.line { properties += [("endLine", String(end.line)), ("endColumn", String(max(start.column, end.column - 1)))] }
        properties.append(("title", title))
        let list = properties.map { "\($0.0)=\(GitHubReport.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(command) \(list)::\(GitHubReport.escapeData(message))\n"
    }
}
