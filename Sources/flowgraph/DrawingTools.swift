import FlowGraphCommandLine
import Foundation

/// `render` and `preview` run as tools of their own (`flowgraph-render`, `flowgraph-preview`), so
/// that `check`, `fmt`, `diff`, `generate` and `lsp` load neither Graphviz nor the preview's
/// HTTP server (and the libraries they bring) when they start. `flowgraph render ARGS` starts
/// `flowgraph-render ARGS` in its place: same process, standard streams, signals and exit status.
enum DrawingTools {
    /// The tool and its arguments when `arguments` (without the program's name) ask for one:
    /// `render ...`, `preview ...`, and `help render`/`help preview`.
    static func invocation(_ arguments: [String]) -> (DrawingTool, [String])? {
        guard let first = arguments.first else { return nil }
        if let tool = DrawingTool(rawValue: first) { return (tool, Array(arguments.dropFirst())) }
        if first == "help", arguments.count >= 2, let tool = DrawingTool(rawValue: arguments[1]) { return (tool, ["--help"]) }
        return nil
    }

    /// Replaces this process with the tool; when it cannot, says why and exits with code 2.
    static func start(_ tool: DrawingTool, _ arguments: [String]) -> Never {
        guard let path = location(of: tool) else {
            Terminal.writeError("""
                flowgraph: error: '\(tool.rawValue)' is run by \(tool.executableName), which is not next to flowgraph\
                \(ownFolder.map { " (in \($0))" } ?? "") nor on PATH
                flowgraph: note: build it with 'swift build -c release --product \(tool.executableName)', and install it \
                next to flowgraph

                """)
            exit(ExitStatus.usage)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        Terminal.writeError("flowgraph: error: cannot start \(path): \(reason)\n")
        exit(ExitStatus.usage)
    }

    /// The folder of the running `flowgraph`, symbolic links resolved.
    private static var ownFolder: String? {
        Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    /// The tool next to `flowgraph`, or else the first on `PATH`.
    static func location(of tool: DrawingTool) -> String? {
        let folders = [ownFolder].compactMap { $0 }
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.lazy.map { ($0 as NSString).appendingPathComponent(tool.executableName) }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
