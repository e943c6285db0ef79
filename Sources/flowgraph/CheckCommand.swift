import ArgumentParser
import FlowGraph
import FlowGraphCommandLine
import FlowGraphFiles
import Foundation

/// `flowgraph check`: report everything wrong with a program, for the terminal or for CI.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check flow programs and report every problem found.",
        discussion: """
            Exits with 0 when nothing fails, 1 when the program has errors (or warnings, with \
            --strict), and 2 when the arguments are wrong, an input or the baseline cannot be read, \
            or the baseline cannot be written. Findings silenced by '// flowgraph:ignore' comments or \
            by the baseline are not reported (json and sarif list them as suppressed) and do not fail.
            """
    )

    /// How findings are written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif
    }

    /// When to colour text output.
    enum ColorMode: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @OptionGroup var input: InputOptions

    @Option(help: "The output format: text for people, json for tools, github for GitHub Actions annotations, sarif for code scanning.")
    var format: Format = .text

    @Flag(help: "Make warnings fail the check (exit code 1), as errors do.")
    var strict = false

    @Option(help: "Whether to colour text output: auto colours it only on a terminal.")
    var color: ColorMode = .auto

    @Option(help: ArgumentHelp(
        "Report only the findings that are not in this baseline file (written by --write-baseline); the others are suppressed.",
        valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp(
        "Write every finding to this baseline file (not rewritten when unchanged), "
            + "then report as if checked with --baseline: every finding is suppressed.",
        valueName: "file"))
    var writeBaseline: String?

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if baseline != nil, writeBaseline != nil {
            throw ValidationError("Give --baseline or --write-baseline, not both: --write-baseline records every finding anew.")
        }
        if outputOptions.force, writeBaseline == nil { throw ValidationError("--force goes with --write-baseline.") }
    }

    func run() async throws {
        let files = try input.load()
        // The program's journeys run on its meaning too (on the main actor, the navigator's).
        var compilation = await MainActor.run { Compiler.compileAndRunJourneys(files) }
        if let path = writeBaseline {
            if let reason = Baseline.reasonNotToWrite(compilation) {
                Terminal.writeError("flowgraph: error: \(reason)\n")
            } else {
                let written = Baseline(compilation)
                try outputOptions.write(Array(written.serialized().utf8), to: path, as: .baseline)
                compilation = written.apply(to: compilation)
            }
        } else if let path = baseline {
            do {
                compilation = try BaselineFile.read(path).apply(to: compilation)
            } catch {
                Terminal.writeError("flowgraph: error: \(error.description)\n")
                throw ExitCode(ExitStatus.usage)
            }
        }
        let context = ReportContext(compilation)
        switch format {
        case .text:
            let isColored = color == .always || (color == .auto && Terminal.isColorTerminal)
            var output = TextReport(context, isColored: isColored).render()
            output += context.diagnostics.isEmpty
                ? "no problems found in \(files.count) file\(files.count == 1 ? "" : "s")\(context.suppressedSummary)\n"
                : "\(context.summary) in \(files.count) file\(files.count == 1 ? "" : "s")\n"
            Terminal.write(output)
        case .json:
            Terminal.write(JSONReport(context).render())
        case .github:
            Terminal.write(GitHubReport(context).render())
        case .sarif:
            Terminal.write(SARIFReport(context).render())
        }
        let fails = context.errorCount > 0 || (strict && context.warningCount > 0)
        // The report is written (unbuffered): end the process here rather than return, which would
        // free the program's millions of small objects one by one, a tenth of the run on a large
        // program. (Compilers do the same: clang's -disable-free.)
        withExtendedLifetime(compilation) { Foundation.exit(fails ? ExitStatus.findings : ExitStatus.success) }
    }
}
