import ArgumentParser
import FlowGraph
import FlowGraphCommandLine
import FlowGraphFiles
import Foundation

/// `flowgraph coverage RECORDS... --program PATH`: what the app's own tests exercised.
struct CoverageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Measure recordings of an app's navigator (its own tests run with NavigatorRecording) against a flow program.",
        discussion: """
            Says which transitions, links, alert buttons and guard answers the recorded moves exercised \
            and which they never did, and what the recordings name that the program no longer has. \
            Exits with 0, 1 when --fail-under is given and the share is below it or the program has \
            errors, and 2 when the arguments are wrong or a file cannot be read. See docs/Journeys.md.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("The recordings to read (NavigatorRecording's files).", valueName: "recording"))
    var recordings: [String]

    @Option(help: ArgumentHelp("The .flow files or directories of the program (repeat for several).", valueName: "path"))
    var program: [String] = []

    @Option(help: ArgumentHelp("What to measure, as `journeys --cover` takes it: transitions, links, alerts, guards.", valueName: "kinds"))
    var cover: CoverKinds = CoverKinds(kinds: [.transitions, .guards])

    @Option(help: ArgumentHelp("Fail (exit code 1) when less than this share, in percent, is exercised.", valueName: "percent"))
    var failUnder: Double?

    @Option(help: "The output format: text for people, json for tools.")
    var format: Format = .text

    func validate() throws {
        if recordings.isEmpty { throw ValidationError("Give at least one recording.") }
        if program.isEmpty { throw ValidationError("Give the program with --program PATH.") }
    }

    func run() async throws {
        var input = InputOptions()
        input.paths = program
        let (_, compilation, flowProgram) = try input.compileForOutput()
        let moves = try Recordings.read(recordings)
        let coverage = RecordingCoverage.measure(moves, in: flowProgram, kinds: cover.kinds)
        let context = ReportContext(compilation)
        switch format {
        case .text: Terminal.write(text(coverage, context))
        case .json: Terminal.write(json(coverage, context).serialized(indent: 2) + "\n")
        }
        let failed = failUnder.map { coverage.percent < $0 } ?? false
        withExtendedLifetime(compilation) { Foundation.exit(failed ? ExitStatus.findings : ExitStatus.success) }
    }

    private func place(_ range: SourceRange, _ context: ReportContext) -> String {
        let start = context.characterLocation(range)
        return "\(context.path(range)):\(start.line):\(start.column)"
    }

    private func text(_ coverage: RecordingCoverage, _ context: ReportContext) -> String {
        let percent = (coverage.percent * 10).rounded() / 10
        var out = "\(coverage.moves) recorded moves exercised \(coverage.exercised) of \(coverage.items.count) (\(percent) %)\n"
        let missed = coverage.items.filter { $0.times == 0 }
        if !missed.isEmpty {
            out += "never exercised:\n"
            for item in missed { out += "  \(place(item.range, context)): \(item.what)\n" }
        }
        if !coverage.unknown.isEmpty {
            out += "recorded, but not in the program (a recording of another version):\n"
            for item in coverage.unknown { out += "  \(item)\n" }
        }
        if let failUnder, coverage.percent < failUnder { out += "below --fail-under \(failUnder) %\n" }
        return out
    }

    private func json(_ coverage: RecordingCoverage, _ context: ReportContext) -> JSONValue {
        let items = coverage.items.map { item -> JSONValue in
            let start = context.characterLocation(item.range)
            return .object([("what", .string(item.what)), ("file", .string(context.path(item.range))), ("line", .int(start.line)),
                            ("column", .int(start.column)), ("times", .int(item.times))])
        }
        return .object([
            ("moves", .int(coverage.moves)), ("targets", .int(coverage.items.count)),
            ("exercised", .int(coverage.exercised)), ("percent", .int(Int(coverage.percent.rounded()))),
            ("items", .array(items)), ("unknown", .array(coverage.unknown.map(JSONValue.string))),
        ])
    }
}
