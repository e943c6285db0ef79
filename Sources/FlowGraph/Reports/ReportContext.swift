/// What every report needs: the files (for paths and line:column) and the findings.
public struct ReportContext: Sendable {
    public let files: [SourceFile]
    /// The findings reported.
    public let diagnostics: [Diagnostic]
    /// The findings silenced by ignore comments or a baseline: only JSON and SARIF show them.
    package let suppressed: [SuppressedDiagnostic]

    package init(files: [SourceFile], diagnostics: [Diagnostic], suppressed: [SuppressedDiagnostic] = []) {
        self.files = files
        self.diagnostics = diagnostics
        self.suppressed = suppressed
    }

    /// The reported and suppressed findings of a compilation.
    public init(_ compilation: Compiler.Compilation) {
        self.init(files: compilation.files, diagnostics: compilation.diagnostics, suppressed: compilation.suppressed)
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

    /// `2 errors, 1 warning`, and `, 3 suppressed` when findings were silenced.
    public var summary: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(errorCount, "error")), \(count(warningCount, "warning"))\(suppressedSummary)"
    }

    /// `, 3 suppressed`, or nothing when no finding was silenced.
    public var suppressedSummary: String { suppressed.isEmpty ? "" : ", \(suppressed.count) suppressed" }
}
