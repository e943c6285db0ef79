import ArgumentParser
import FlowGraph
import FlowGraphCommandLine
import Foundation

/// `flowgraph test`: run the program's journeys and say which hold.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the journeys of flow programs on their meaning and report each one.",
        discussion: """
            Exits with 0 when every journey holds, 1 when one does not or the program has errors \
            (which are reported: no journey runs then), and 2 when the arguments are wrong or an \
            input cannot be read. See docs/Journeys.md.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit, github
    }

    @OptionGroup var input: InputOptions

    @Option(help: "The output format: text for people, json for tools, junit for CI test reports, github for annotations.")
    var format: Format = .text

    func run() async throws {
        let files = try input.load()
        let (compilation, results) = await MainActor.run {
            let compilation = Compiler.compile(files)
            return (compilation, JourneyRunner.results(of: compilation))
        }
        if compilation.hasErrors {
            // Nothing runs: the checker's errors say why.
            let context = ReportContext(compilation)
            Terminal.writeError(TextReport(context).render() + "\(context.summary): no journey runs until they are fixed\n")
            Foundation.exit(ExitStatus.findings)
        }
        let report = JourneyReport(ReportContext(compilation), results: results)
        switch format {
        case .text: Terminal.write(report.text(isColored: Terminal.isColorTerminal))
        case .json: Terminal.write(report.json())
        case .junit: Terminal.write(report.junit())
        case .github: Terminal.write(report.github())
        }
        withExtendedLifetime(compilation) { Foundation.exit(report.failed > 0 ? ExitStatus.findings : ExitStatus.success) }
    }
}
