/// What every report needs: the files (for paths and line:column) and the findings.
public struct ReportContext: Sendable {
    public let files: [SourceFile]
    public let diagnostics: [Diagnostic]

    public init(files: [SourceFile], diagnostics: [Diagnostic]) {
        self.files = files
        self.diagnostics = diagnostics
    }

    public func path(_ range: SourceRange) -> String { files[range.file].path }
    public func start(_ range: SourceRange) -> SourceLocation { files[range.file].location(of: range.start) }
    public func end(_ range: SourceRange) -> SourceLocation { files[range.file].location(of: range.end) }

    /// A location with the column counted in Unicode code points, as GitHub and SARIF count them.
    public func characterLocation(_ range: SourceRange, end: Bool = false) -> SourceLocation {
        let file = files[range.file]
        let location = file.location(of: end ? range.end : range.start)
        let prefix = file.lineText(location.line).utf8.prefix(location.column - 1)
        return SourceLocation(line: location.line, column: String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1)
    }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// `2 errors, 1 warning`.
    public var summary: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(errorCount, "error")), \(count(warningCount, "warning"))"
    }
}
