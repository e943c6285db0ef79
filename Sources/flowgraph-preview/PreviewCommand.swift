import ArgumentParser
import FlowGraph
import FlowGraphCommandLine
import FlowGraphPreview
import FlowGraphRendering
import Foundation

/// `flowgraph preview` (`flowgraph` starts this tool in its place): the program's page, served
/// on 127.0.0.1 and reloaded on every save.
@main
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowgraph preview",
        abstract: DrawingTool.preview.abstract,
        discussion: """
            The page is the one 'render --format html' writes. It reloads on every save, keeping the \
            open flow and the zoom; while the program has errors it shows them (file, line, message) over \
            the last diagram without errors. The server listens on 127.0.0.1 only, serves only its page \
            and the page's questions (never a file named by a request), refuses requests whose Host is not \
            127.0.0.1 or localhost, and runs nothing for the page. Ctrl-C stops it.
            """
    )

    /// Argument errors exit with code 2, as every `flowgraph` command's.
    static func main() async { await CommandMain.run(Self.self, arguments: Array(CommandLine.arguments.dropFirst())) }

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("The port on 127.0.0.1; 0 (the default) takes a free one, which is printed.", valueName: "port"))
    var port: Int = 0

    @Option(help: ArgumentHelp(
        "The largest flow diagram given to Graphviz, in nodes and edges; a larger flow is listed without a diagram. 0 for no limit.",
        valueName: "count"))
    var maxElements = RenderLimits.defaultMaximumElements

    @OptionGroup var page: PageOptions

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port takes a number from 0 to 65535.") }
        if maxElements < 0 { throw ValidationError("--max-elements takes a count, or 0 for no limit.") }
    }

    func run() async throws {
        _ = try input.load()  // a missing file or an empty folder is a usage error, before anything listens
        let paths = input.paths, page = self.page
        let limits = RenderLimits(maximumElements: maxElements == 0 ? nil : maxElements, timeLimit: 60)
        let state = PreviewState(paths: paths, limits: limits) { files in page.settings(paths: paths, files: files) }
        let server: PreviewServer
        do {
            server = try PreviewServer(state: state, port: UInt16(port))
        } catch {
            Terminal.writeError("flowgraph: error: cannot listen on 127.0.0.1:\(port): \(Self.reason(error))\n")
            throw ExitCode(ExitStatus.usage)
        }
        let serving = Task { try await server.run() }
        let stopRequested = FinishedFlag()
        let stops = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                stopRequested.set()
                serving.cancel()
            }
            source.resume()
            return source
        }
        defer { stops.forEach { $0.cancel() } }

        // Wait until it listens, or fails to.
        let finished = FinishedFlag()
        let watcher = Task { _ = await serving.result; finished.set() }
        var listening: UInt16?
        while listening == nil, !finished.isSet { 
            try? await Task.sleep(for: .milliseconds(20))
            listening = await server.port()
        }
        guard let listening else {
            if case .failure(let error) = await serving.result, !(error is CancellationError) {
                Terminal.writeError("flowgraph: error: cannot listen on 127.0.0.1:\(port): \(Self.reason(error))\n")
                throw ExitCode(ExitStatus.usage)
            }
            return
        }
        let problems = await state.problems
        Terminal.write("flowgraph: previewing \(paths.joined(separator: " ")) at http://127.0.0.1:\(listening)/ (Ctrl-C stops)\n")
        if !problems.isEmpty {
            Terminal.writeError("flowgraph: the program has \(problems.count) error\(problems.count == 1 ? "" : "s"); the page shows them\n")
        }
        _ = await watcher.value
        await server.stop()
        // Once stopped by a signal, whatever the server threw on its way out is its way of stopping.
        if case .failure(let error) = await serving.result, !stopRequested.isSet {
            Terminal.writeError("flowgraph: error: the preview server stopped: \(error)\n")
            throw ExitCode(ExitStatus.findings)
        }
        Terminal.write("flowgraph: preview stopped\n")
    }

    /// Why listening failed, as a sentence: the socket's error number, read from its description
    /// (`failed(type: "Bind", errno: 98, ...)`), for the usual ones; else the description.
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        guard let range = text.range(of: "errno: ") else { return text }
        let number = Int32(text[range.upperBound...].prefix { $0.isNumber })
        switch number {
        case EADDRINUSE?:
            return "the port is in use (by another preview, or another program); choose another with --port, or --port 0 for any free one"
        case EACCES?: return "this user may not listen on that port (ports below 1024 need privileges); choose another with --port"
        case EADDRNOTAVAIL?: return "the loopback address is not available on this machine"
        default: return text
        }
    }
}

/// Set once, from any thread.
private final class FinishedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
