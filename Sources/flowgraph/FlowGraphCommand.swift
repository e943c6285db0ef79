import ArgumentParser
import FlowGraph
import FlowGraphCommandLine

/// `flowgraph`: check, generate and draw app navigation flows.
struct FlowGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowgraph",
        abstract: "Check, generate and draw app navigation flows written in .flow files.",
        version: FlowGraphVersion.current,
        subcommands: [CheckCommand.self, TestCommand.self, JourneysCommand.self, CoverageCommand.self, GenerateCommand.self, RenderCommand.self,
                      PreviewCommand.self,
                      FormatCommand.self, DiffCommand.self, LSPCommand.self]
    )
}

/// The entry point. `render` and `preview` (and their help) are their own tools, started in this
/// process's place with the same arguments (`DrawingTools`); every other command runs here.
@main
enum Main {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let (tool, toolArguments) = DrawingTools.invocation(arguments) { DrawingTools.start(tool, toolArguments) }
        await CommandMain.run(FlowGraphCommand.self, arguments: arguments)
    }
}

/// `flowgraph render`, as `flowgraph --help` lists it; `flowgraph-render` parses and runs it.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: DrawingTool.render.abstract)

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { DrawingTools.start(.render, arguments) }
}

/// `flowgraph preview`, as `flowgraph --help` lists it; `flowgraph-preview` parses and runs it.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "preview", abstract: DrawingTool.preview.abstract)

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { DrawingTools.start(.preview, arguments) }
}
