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
        /// Every finding, sorted and without duplicates.
        public let diagnostics: [Diagnostic]

        public var hasErrors: Bool { diagnostics.hasErrors }
    }

    /// Lexes and parses every file; the program is all their flows.
    public static func parse(_ files: [SourceFile]) -> (SyntaxTree, [Diagnostic]) {
        var flows: [FlowSyntax] = []
        var diagnostics: [Diagnostic] = []
        for (index, file) in files.enumerated() {
            let parsed = Parser.parse(file, file: index)
            flows += parsed.flows
            diagnostics += parsed.diagnostics
        }
        return (SyntaxTree(files: files, flows: flows), diagnostics)
    }

    /// Parses, resolves and checks `files` as one program.
    ///
    /// Later stages run only where their input is sound, so one mistake is reported once: with
    /// syntax errors nothing is resolved; with resolution errors the checker's warnings, which
    /// a misspelt name would make up, are left out.
    public static func compile(_ files: [SourceFile]) -> Compilation {
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
