/// The whole front end in one screen: source files → syntax tree → program → analysis.
///
/// ```
/// [SourceFile] ─parse─▶ SyntaxTree ─resolve─▶ FlowProgram ─check─▶ ProgramAnalysis
/// ```
public enum Compiler {
    /// The outcome of compiling a set of files as one program.
    public struct Compilation: Sendable {
        public let files: [SourceFile]
        public let syntax: SyntaxTree
        /// The resolved program; nil when the files have syntax errors.
        public let program: FlowProgram?
        public let analysis: ProgramAnalysis?
        /// Every finding reported, sorted and without duplicates: all but the suppressed ones.
        public internal(set) var diagnostics: [Diagnostic]
        /// The findings an ignore comment or a baseline silenced, in output order.
        public internal(set) var suppressed: [SuppressedDiagnostic] = []

        /// Whether a reported finding is an error.
        public var hasErrors: Bool { diagnostics.hasErrors }
        /// Whether any finding, reported or suppressed, is an error: nothing is generated or
        /// drawn from such a program, since silencing an error does not make it sound.
        public var hasAnyErrors: Bool { hasErrors || suppressed.contains { $0.diagnostic.severity == .error } }
    }

    /// Lexes and parses every file; the program is all their flows.
    public static func parse(_ files: [SourceFile]) -> (SyntaxTree, [Diagnostic]) {
        var flows: [FlowSyntax] = []
        var diagnostics: [Diagnostic] = []
        var ignores: [IgnoreComment] = []
        for (index, file) in files.enumerated() {
            let parsed = Parser.parse(file, file: index)
            flows += parsed.flows
            diagnostics += parsed.diagnostics
            ignores += parsed.ignores
        }
        return (SyntaxTree(files: files, flows: flows, ignores: ignores), diagnostics)
    }

    /// Parses, resolves and checks `files` as one program, then sets aside the findings that
    /// `// flowgraph:ignore` comments silence (and reports the comments that silence nothing).
    public static func compile(_ files: [SourceFile]) -> Compilation {
        Suppressions.applyIgnores(to: compileUnsuppressed(files))
    }

    /// Parses, resolves and checks `files` as one program, every finding reported.
    ///
    /// Later stages run only where their input is sound, so one mistake is reported once: with
    /// syntax errors nothing is resolved; with resolution errors the checker's warnings, which
    /// a misspelt name would make up, are left out.
    static func compileUnsuppressed(_ files: [SourceFile]) -> Compilation {
        let (syntax, syntaxDiagnostics) = parse(files)
        guard !syntaxDiagnostics.hasErrors else {
            return Compilation(files: files, syntax: syntax, program: nil, analysis: nil, diagnostics: syntaxDiagnostics.sortedUnique())
        }
        let (program, resolveDiagnostics) = Resolver.resolve(syntax)
        let analysis = Checker.check(program, isComplete: !resolveDiagnostics.hasErrors)
        let checkDiagnostics = resolveDiagnostics.hasErrors
            ? analysis.diagnostics.filter { $0.severity == .error }
            : analysis.diagnostics
        return Compilation(
            files: files, syntax: syntax, program: program, analysis: analysis,
            diagnostics: (syntaxDiagnostics + resolveDiagnostics + checkDiagnostics).sortedUnique())
    }
}
