import ArgumentParser
import FlowGraph
import FlowGraphCommandLine
import FlowGraphFiles
import FlowGraphRendering

/// `flowgraph render` (`flowgraph` starts this tool in its place): draw a program, through
/// Graphviz or as Mermaid text.
@main
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowgraph render",
        abstract: DrawingTool.render.abstract,
        discussion: """
            The checker's findings are drawn on the picture (unless --no-findings): unreachable steps \
            greyed, trapped steps red, failing transitions red, with the finding in the tooltip. A \
            program with errors is reported as by 'check' and nothing is drawn (exit code 1). A diagram \
            larger than --max-elements nodes and edges is not given to Graphviz, whose layout time grows \
            much faster than the diagram: render says what to draw instead (exit code 1). The file is \
            written atomically, and not at all when its bytes would not change; a file that FlowGraph did \
            not write is left as it is unless --force is given. --format html (or -o NAME.html) writes one \
            self-contained page: an overview of the flows, each flow's diagram, search, findings and \
            source links (--editor); --max-elements and --time-limit then apply to each flow's diagram.
            """
    )

    /// Argument errors exit with code 2, as every `flowgraph` command's.
    static func main() async { await CommandMain.run(Self.self, arguments: Array(CommandLine.arguments.dropFirst())) }

    /// What to write.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, png, pdf, dot, mermaid, html

        /// The format a file name asks for.
        init?(fileName: String) {
            let lowered = fileName.lowercased()
            guard let dot = lowered.lastIndex(of: ".") else { return nil }
            switch lowered[lowered.index(after: dot)...] {
            case "svg": self = .svg
            case "png": self = .png
            case "pdf": self = .pdf
            case "dot", "gv": self = .dot
            case "mmd", "mermaid": self = .mermaid
            case "html", "htm": self = .html
            default: return nil
            }
        }
    }

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write; '-' writes to standard output (dot and mermaid only).", valueName: "file"))
    var output: String

    @Option(help: "The format; by default it follows the output file's extension (.svg, .png, .pdf, .dot, .mmd, .html).")
    var format: Format?

    @Option(help: ArgumentHelp("Draw only this flow and the flows it runs.", valueName: "name"))
    var flow: String?

    @Flag(help: "Draw the flows without the checker's findings.")
    var noFindings = false

    @Flag(help: "Leave the legend out.")
    var noLegend = false

    @Option(help: ArgumentHelp(
        "The largest diagram given to Graphviz, in nodes and edges; beyond it nothing is drawn and render says what to draw instead. 0 for no limit.",
        valueName: "count"))
    var maxElements = RenderLimits.defaultMaximumElements

    @Option(help: ArgumentHelp("How long to wait for Graphviz, in seconds; 0 to wait as long as it takes.", valueName: "seconds"))
    var timeLimit: Double = 60

    @Option(help: ArgumentHelp(
        "Draw what changed since this older version of the program (a .flow file or a folder; repeatable): "
            + "added and changed steps and moves marked, removed ones as ghosts.",
        valueName: "path"))
    var diff: [String] = []

    @Option(help: ArgumentHelp(
        "A recording of the app's navigator (NavigatorRecording) to mark on the diagram: moves its tests took bold, the others dashed. "
            + "Repeat for several.", valueName: "recording"))
    var coverage: [String] = []

    @OptionGroup var outputOptions: OutputOptions

    @OptionGroup var page: PageOptions

    var resolvedFormat: Format? { format ?? Format(fileName: output) }

    func validate() throws {
        guard let resolvedFormat else {
            throw ValidationError("Cannot tell the format from '\(output)': use --format svg|png|pdf|dot|mermaid|html.")
        }
        if resolvedFormat == .html, flow != nil {
            throw ValidationError("The page holds every flow: leave --flow out (a flow's page is NAME.html#flow/FLOW).")
        }
        if resolvedFormat != .html, page.editor != .none {
            throw ValidationError("--editor goes with --format html.")
        }
        if output == "-", resolvedFormat == .png || resolvedFormat == .pdf {
            throw ValidationError("Write \(resolvedFormat.rawValue) to a file, not to standard output.")
        }
        if maxElements < 0 { throw ValidationError("--max-elements takes a count, or 0 for no limit.") }
        if !(timeLimit >= 0) || !timeLimit.isFinite { throw ValidationError("--time-limit takes seconds, or 0 for no limit.") }
    }

    /// The coverage of the `--coverage` recordings, or nil without any; a recording that cannot
    /// be read stops the command (exit code 2).
    private func recordedCoverage(_ program: FlowProgram) throws -> RecordingCoverage? {
        guard !coverage.isEmpty else { return nil }
        return RecordingCoverage.measure(try Recordings.read(coverage), in: program, kinds: [.transitions])
    }

    func run() async throws {
        // Errors stop the drawing; warnings are drawn.
        let (files, compilation, program) = try input.compileForOutput()
        guard DiagramBuilder.flows(of: program, focus: flow) != nil else {
            Terminal.writeError("flowgraph: error: no flow named '\(flow ?? "")'\n")
            throw ExitCode(ExitStatus.usage)
        }
        if output != "-" { try outputOptions.checkWritable(output, as: resolvedFormat!.fileKind) }
        let diagnostics = noFindings ? [] : compilation.diagnostics
        let comparison = try compareWithOlder(compilation)
        let covered = try recordedCoverage(program)
        // The journeys, as the navigator plays them, for the page.
        let journeys = resolvedFormat == .html ? await MainActor.run { JourneyRunner.paths(of: compilation) } : []
        let bytes: [UInt8]
        switch resolvedFormat! {
        case .mermaid:
            if let comparison {
                // Mermaid's state diagrams cannot colour a transition: the changes are a flowchart.
                let containers = flow.map { name in comparison.report.result.changes.changedContainers.filter { $0 == name } }
                bytes = Array(comparison.report.flowchartText(containers: containers).utf8)
            } else {
                bytes = Array(MermaidEmitter.emit(program, diagnostics: diagnostics, focus: flow).utf8)
            }
        case .html:
            let limits = RenderLimits(maximumElements: maxElements == 0 ? nil : maxElements, timeLimit: timeLimit == 0 ? nil : timeLimit)
            var settings = page.settings(paths: input.paths, files: files.map(\.path))
            settings.coverage = covered.map { coverage in
                "\(coverage.moves) recorded moves exercised \(coverage.exercised) of \(coverage.items.count) transitions "
                    + "(\(Int(coverage.percent.rounded())) %): bold on the diagrams; the others dashed"
            }
            do {
                bytes = try MapPage.render(
                    program, diagnostics: diagnostics, settings: settings, limits: limits,
                    changes: comparison?.report.result.changes, coverage: covered?.diagram, journeys: journeys)
            } catch {
                Terminal.writeError(error.messages.map { "flowgraph: error: Graphviz: \($0)\n" }.joined())
                throw ExitCode(ExitStatus.findings)
            }
        case let format:
            var options = DiagramBuilder.Options(showsFindings: !noFindings, focus: flow, showsLegend: !noLegend,
                                                 changes: comparison?.report.result.changes)
            options.coverage = covered?.diagram
            let diagram = DiagramBuilder.build(program, diagnostics: diagnostics, options: options)
            let limits = RenderLimits(maximumElements: maxElements == 0 ? nil : maxElements, timeLimit: timeLimit == 0 ? nil : timeLimit)
            do {
                bytes = try GraphvizRenderer.shared.render(diagram, format: RenderFormat(rawValue: format.rawValue)!, limits: limits)
            } catch {
                Terminal.writeError(explanation(of: error, diagram: diagram, program: program, options: options))
                throw ExitCode(ExitStatus.findings)
            }
        }
        if output == "-" {
            Terminal.write(String(decoding: bytes, as: UTF8.self))
        } else {
            try outputOptions.write(bytes, to: output, as: resolvedFormat!.fileKind)
        }
    }

    /// With `--diff`: the older program compiled and compared with this one. An older program with
    /// errors is reported as `diff` reports it, and nothing is drawn (exit code 1).
    private func compareWithOlder(_ compilation: Compiler.Compilation) throws -> (report: DiffReport, old: Compiler.Compilation)? {
        guard !diff.isEmpty else { return nil }
        let files: [SourceFile]
        do {
            files = try InputFiles.load(diff)
        } catch let error as InputError {
            Terminal.writeError("flowgraph: error: \(error.description)\n")
            throw ExitCode(ExitStatus.usage)
        }
        let old = Compiler.compile(files)
        guard !old.hasAnyErrors else {
            let context = ReportContext(old)
            Terminal.writeError(TextReport(context, isColored: Terminal.isColorErrorTerminal).render()
                + "flowgraph: error: the older program (--diff) has errors (\(context.summary)); it cannot be compared\n")
            throw ExitCode(ExitStatus.findings)
        }
        let result = ProgramDiff.compare(old: old, new: compilation)
        return (DiffReport(oldFiles: files, newFiles: compilation.files, result: result, failingCategories: []), old)
    }

    /// Why nothing was drawn; for a diagram too large or too slow for Graphviz, what to draw instead.
    private func explanation(of error: RenderError, diagram: Diagram, program: FlowProgram, options: DiagramBuilder.Options) -> String {
        let smaller: Int, waiting: String
        switch error.reason {
        case .graphviz:
            return error.messages.map { "flowgraph: error: Graphviz: \($0)\n" }.joined()
        case .tooLarge(let elements, let maximum):
            (smaller, waiting) = (maximum, "or wait for Graphviz: --max-elements \(elements) (or 0 for no limit)")
        case .timedOut:
            (smaller, waiting) = (diagram.elementCount - 1, "or wait for Graphviz: --time-limit 0")
        }
        let fitting = RenderLimits.flowsWithin(smaller, of: program, options: options).filter { $0.flow != flow }.prefix(3)
        let notes = [
            "draw one flow and the flows it runs: --flow NAME"
                + (fitting.isEmpty ? "" : "; the largest within \(smaller) nodes and edges: "
                    + fitting.map { "\($0.flow) (\($0.elements))" }.joined(separator: ", ")),
            "or write Mermaid text, which needs no layout here: -o NAME.mmd",
            waiting,
        ]
        return error.messages.map { "flowgraph: error: \($0)\n" }.joined() + notes.map { "flowgraph: note: \($0)\n" }.joined()
    }
}

extension RenderCommand.Format {
    /// How FlowGraph recognises a file of this format as its own.
    var fileKind: OutputFile.Kind {
        switch self {
        case .svg: .svg
        case .png: .png
        case .pdf: .pdf
        case .dot: .dot
        case .mermaid: .mermaid
        case .html: .html
        }
    }
}
