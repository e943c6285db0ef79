import ArgumentParser
import FlowGraph
import FlowGraphFiles
import FlowGraphRendering

/// `flowgraph render`: draw a program, through Graphviz or as Mermaid text.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw flow programs as svg, png, pdf or dot through Graphviz, or as Mermaid text.",
        discussion: """
            The checker's findings are drawn on the picture (unless --no-findings): unreachable steps \
            greyed, trapped steps red, failing transitions red, with the finding in the tooltip. A \
            program with errors is reported as by 'check' and nothing is drawn (exit code 1).
            """
    )

    /// What to write.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, png, pdf, dot, mermaid

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
            default: return nil
            }
        }
    }

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write; '-' writes to standard output (dot and mermaid only).", valueName: "file"))
    var output: String

    @Option(help: "The format; by default it follows the output file's extension (.svg, .png, .pdf, .dot, .mmd).")
    var format: Format?

    @Option(help: ArgumentHelp("Draw only this flow and the flows it runs.", valueName: "name"))
    var flow: String?

    @Flag(help: "Draw the flows without the checker's findings.")
    var noFindings = false

    @Flag(help: "Leave the legend out.")
    var noLegend = false

    var resolvedFormat: Format? { format ?? Format(fileName: output) }

    func validate() throws {
        guard let resolvedFormat else {
            throw ValidationError("Cannot tell the format from '\(output)': use --format svg|png|pdf|dot|mermaid.")
        }
        if output == "-", resolvedFormat == .png || resolvedFormat == .pdf {
            throw ValidationError("Write \(resolvedFormat.rawValue) to a file, not to standard output.")
        }
    }

    func run() async throws {
        // Errors stop the drawing; warnings are drawn.
        let (_, compilation, program) = try input.compileForOutput()
        guard DiagramBuilder.flows(of: program, focus: flow) != nil else {
            Terminal.writeError("flowgraph: error: no flow named '\(flow ?? "")'\n")
            throw ExitCode(ExitStatus.usage)
        }
        let diagnostics = noFindings ? [] : compilation.diagnostics
        let bytes: [UInt8]
        switch resolvedFormat! {
        case .mermaid:
            bytes = Array(MermaidEmitter.emit(program, diagnostics: diagnostics, focus: flow).utf8)
        case let format:
            let diagram = DiagramBuilder.build(
                program, diagnostics: diagnostics,
                options: .init(showsFindings: !noFindings, focus: flow, showsLegend: !noLegend))
            do {
                bytes = try GraphvizRenderer.shared.render(diagram, format: RenderFormat(rawValue: format.rawValue)!)
            } catch {
                Terminal.writeError(error.messages.map { "flowgraph: error: Graphviz: \($0)\n" }.joined())
                throw ExitCode(ExitStatus.findings)
            }
        }
        if output == "-" {
            Terminal.write(String(decoding: bytes, as: UTF8.self))
        } else {
            do {
                try OutputFile.write(bytes, to: output)
            } catch let error as InputError {
                Terminal.writeError("flowgraph: error: \(error.description)\n")
                throw ExitCode(ExitStatus.usage)
            }
        }
    }
}
