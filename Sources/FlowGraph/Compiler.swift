/// The whole front end in one screen: source files → syntax tree → program → analysis.
///
/// ```
/// [SourceFile] ─parse─▶ SyntaxTree ─resolve─▶ FlowProgram ─check─▶ ProgramAnalysis
/// ```
///
/// Every back end reads a `Compilation` and checks nothing again:
///
/// ```
/// program + analysis ─▶ SwiftEmitter.emit (the router: RouterModel ─▶ RouterPrinter)
/// program + findings ─▶ DiagramBuilder ─▶ DOTEmitter · GraphvizRenderer (FlowGraphRendering)
///                    ─▶ MermaidEmitter
/// findings           ─▶ TextReport · GitHubReport · JSONReport · SARIFReport
/// ```
public enum Compiler {
    /// The outcome of compiling a set of files as one program.
    public struct Compilation: Sendable {
        public let files: [SourceFile]
        package let syntax: SyntaxTree
        /// The resolved program (with errors, as far as it could be resolved; the back ends need `!hasErrors`).
        public let program: FlowProgram?
        public let analysis: ProgramAnalysis
        /// Every finding reported, sorted and without duplicates: all but the suppressed ones.
        public internal(set) var diagnostics: [Diagnostic]
        /// The findings an ignore comment or a baseline silenced, in output order.
        package internal(set) var suppressed: [SuppressedDiagnostic] = []

        /// Whether a reported finding is an error.
        public var hasErrors: Bool { diagnostics.hasErrors }
        /// Whether any finding, reported or suppressed, is an error: nothing is generated or
        /// drawn from such a program, since silencing an error does not make it sound.
        public var hasAnyErrors: Bool { hasErrors || suppressed.contains { $0.diagnostic.severity == .error } }

        /// The compilation with more findings (a back end's own, such as `SwiftEmitter.nameProblems`),
        /// kept in output order.
        public func adding(_ findings: [Diagnostic]) -> Compilation {
            var result = self
            result.diagnostics = Array(Set(diagnostics + findings)).sorted()
            return result
        }
    }

    /// Lexes and parses every file; the program is all their flows.
    package static func parse(_ files: [SourceFile], cache: ParseCache? = nil) -> (SyntaxTree, [Diagnostic]) {
        var flows: [FlowSyntax] = []
        var diagnostics: [Diagnostic] = []
        var ignores: [IgnoreComment] = []
        var imports: [ImportSyntax] = []
        var journeys: [JourneySyntax] = []
        cache?.keep(files)
        var names = NameNumbers()
        for (index, file) in files.enumerated() {
            let parsed = cache?.parsed(file, index: index) ?? Parser.parse(file, file: index, names: &names)
            flows += parsed.flows
            diagnostics += parsed.diagnostics
            ignores += parsed.ignores
            imports += parsed.imports
            journeys += parsed.journeys
        }
        var tree = SyntaxTree(files: files, flows: flows, ignores: ignores)
        tree.imports = imports
        tree.journeys = journeys
        tree.names = cache?.names ?? names
        tree.markLostText(diagnostics)
        return (tree, diagnostics)
    }

    /// Parses, resolves and checks `files` as one program, then sets aside the findings that
    /// `// flowgraph:ignore` comments silence (and reports the comments that silence nothing).
    public static func compile(_ files: [SourceFile]) -> Compilation {
        compile(files, cache: nil)
    }

    /// The same, where `cache` holds the parses of an earlier compilation: a file unchanged (its
    /// bytes and its place among `files`) is taken from it (the language server, after each edit).
    package static func compile(_ files: [SourceFile], cache: ParseCache?) -> Compilation {
        Suppressions.applyIgnores(to: compileUnsuppressed(files, cache: cache))
    }

    /// `compile(_:)`, and the program's journeys run on its meaning (`JourneyRunner`): what
    /// `flowgraph check` reports. On the main actor, where the runtime's navigator runs.
    @MainActor
    public static func compileAndRunJourneys(_ files: [SourceFile]) -> Compilation {
        compileAndRunJourneys(files, cache: nil)
    }

    /// The same, with the parses `cache` holds (see `compile(_:cache:)`).
    @MainActor
    package static func compileAndRunJourneys(_ files: [SourceFile], cache: ParseCache?) -> Compilation {
        Suppressions.applyIgnores(to: JourneyRunner.run(on: compileUnsuppressed(files, cache: cache)))
    }

    /// Parses, resolves and checks `files` as one program, every finding reported.
    ///
    /// Every stage runs, whatever the stages before it found, so one run reports every problem
    /// that does not depend on another: a flow with a syntax error is resolved and checked as far
    /// as it parsed, and what a syntax error or a broken name hides is treated as unknown, never as
    /// absent (see `Checker.check`).
    static func compileUnsuppressed(_ files: [SourceFile], cache: ParseCache? = nil) -> Compilation {
        let (syntax, syntaxDiagnostics) = parse(files, cache: cache)
        let (program, resolveDiagnostics) = Resolver.resolve(syntax)
        let analysis = Checker.check(program)
        // A line with a syntax error reports only that: what else is wrong there is likely its echo.
        var brokenLines = Set<SourceLine>()
        for diagnostic in syntaxDiagnostics { brokenLines.insert(SourceLine(diagnostic.range, in: files)) }
        let later = (resolveDiagnostics + analysis.diagnostics).filter {
            $0.rule == .syntax || brokenLines.isEmpty || !brokenLines.contains(SourceLine($0.range, in: files))
        }
        return Compilation(
            files: files, syntax: syntax, program: program, analysis: analysis,
            diagnostics: (syntaxDiagnostics + later).sortedUnique())
    }
}

/// A line of one of the program's files.
private struct SourceLine: Hashable {
    let file: Int
    let line: Int

    init(_ range: SourceRange, in files: [SourceFile]) {
        file = range.file
        line = files.indices.contains(range.file) ? files[range.file].location(of: range.start).line : 0
    }
}
