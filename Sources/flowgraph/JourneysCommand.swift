import ArgumentParser
import FlowGraph
import FlowGraphCommandLine
import FlowGraphFiles
import Foundation

/// `flowgraph journeys --cover transitions`: write journeys that take every transition.
struct JourneysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journeys",
        abstract: "Write journeys that together cover a flow program's transitions, links, alert buttons or guards.",
        discussion: """
            Each journey is as short as the program allows, from the app's start, and holds: every \
            line was made on the program's meaning, as `flowgraph check` runs it. What no journey \
            can take is listed on standard error with why. Exits with 0 when everything asked is \
            covered, 1 when something is not or the program has errors, and 2 when the arguments \
            are wrong or an input cannot be read. See docs/Journeys.md.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp(
        "What to cover, one or several separated by commas: transitions (every action of every clause, alert button and link), "
            + "links, alerts, guards (both answers of each).", valueName: "kinds"))
    var cover: CoverKinds = CoverKinds(kinds: [.transitions])

    @Option(name: .shortAndLong, help: "Write the journeys to this .flow file instead of standard output.")
    var output: String?

    @Option(help: "The start of each journey's name.")
    var prefix = "Cover"

    @OptionGroup var outputOptions: OutputOptions

    func run() async throws {
        let files = try input.load()
        if let output { try outputOptions.checkWritable(output, as: .journeys) }
        let (compilation, report) = await MainActor.run {
            let compilation = Compiler.compile(files)
            return (compilation, JourneyCover.cover(compilation, kinds: cover.kinds, namePrefix: prefix))
        }
        guard let report else {
            let context = ReportContext(compilation)
            Terminal.writeError(TextReport(context).render() + "\(context.summary): no journey is written until they are fixed\n")
            Foundation.exit(ExitStatus.findings)
        }
        if let output {
            try outputOptions.write(Array(report.source.utf8), to: output, as: .journeys)
        } else {
            Terminal.write(report.source)
        }
        let context = ReportContext(compilation)
        var summary = "\(report.journeys) journeys (\(report.moves) moves) take \(report.covered) of \(report.targets)"
        summary += report.uncovered.isEmpty ? "\n" : "; not taken:\n"
        for item in report.uncovered {
            let start = context.characterLocation(item.range)
            summary += "  \(context.path(item.range)):\(start.line):\(start.column): \(item.what): \(item.reason)\n"
        }
        Terminal.writeError(summary)
        withExtendedLifetime(compilation) { Foundation.exit(report.uncovered.isEmpty ? ExitStatus.success : ExitStatus.findings) }
    }
}

/// `transitions,guards`: what `--cover` asks for.
struct CoverKinds: ExpressibleByArgument {
    let kinds: Set<JourneyCover.Kind>

    init(kinds: Set<JourneyCover.Kind>) { self.kinds = kinds }

    init?(argument: String) {
        let kinds = argument.split(separator: ",").map { JourneyCover.Kind(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
        guard !kinds.isEmpty, kinds.allSatisfy({ $0 != nil }) else { return nil }
        self.kinds = Set(kinds.compactMap { $0 })
    }

    static var allValueStrings: [String] { JourneyCover.Kind.allCases.map(\.rawValue) }
    var defaultValueDescription: String { kinds.map(\.rawValue).sorted().joined(separator: ",") }
}
