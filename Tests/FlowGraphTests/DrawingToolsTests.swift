import FlowGraphTestSupport
import Foundation
import Testing

/// `render` and `preview` are tools of their own that `flowgraph` starts in its place, so that
/// the commands CI runs most (`check`, `fmt`, `diff`, `generate`) load neither Graphviz nor the
/// preview's HTTP server and its networking libraries.
@Suite("flowgraph render and preview, tools of their own")
struct DrawingToolsTests {
    #if os(Linux)
    /// The shared libraries an executable loads when it starts (`ldd`), by file name.
    static func libraries(of product: PackageFolder.Product) throws -> [String] {
        let result = try ChildProcess.run("/usr/bin/env", ["ldd", try product.url().path])
        try #require(result.status == 0, "\(result.errorsText)")
        return result.outputText.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        }
    }

    @Test func onlyTheDrawingToolsLoadGraphvizAndOnlyThePreviewLoadsNetworking() throws {
        func loads(_ libraries: [String], _ prefix: String) -> Bool { libraries.contains { $0.hasPrefix(prefix) } }
        let lean = try Self.libraries(of: .flowgraph)
        for heavy in ["libgvc", "libcgraph", "libFoundationNetworking", "libcurl"] {
            #expect(!loads(lean, heavy), "flowgraph loads \(heavy): \(lean)")
        }
        let render = try Self.libraries(of: .render)
        #expect(loads(render, "libgvc"))
        #expect(!loads(render, "libFoundationNetworking"), "\(render)")
        let preview = try Self.libraries(of: .preview)
        #expect(loads(preview, "libgvc"))
    }
    #endif

    @Test func renderRunsThroughFlowgraphWithItsOwnOptionsAndExitCodes() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("drawing-tools-\(UUID().uuidString).dot")
        defer { try? FileManager.default.removeItem(at: output) }
        let drawn = try CommandLineTests.run(["render", "samples/shop", "-o", output.path])
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect((try? String(contentsOf: output, encoding: .utf8))?.hasPrefix("// Drawn by FlowGraph") == true)
        // Its argument errors are the usage errors of every command (2), named as `flowgraph render`.
        let wrong = try CommandLineTests.run(["render", "samples/shop", "-o", "x.unknown"])
        #expect(wrong.status == 2)
        #expect(wrong.errors.contains("Cannot tell the format from 'x.unknown'"), "\(wrong.errors)")
        #expect(wrong.errors.contains("flowgraph render --help"), "\(wrong.errors)")
        // A program with errors: 1, as `check`.
        let broken = try CommandLineTests.run(["render", "samples/errors/invalid-pop.flow", "-o", "-", "--format", "dot"])
        #expect(broken.status == 1)
    }

    @Test(arguments: [["render", "--help"], ["help", "render"], ["preview", "--help"], ["help", "preview"]])
    func theHelpOfADrawingToolListsItsOptions(arguments: [String]) throws {
        let run = try CommandLineTests.run(arguments)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("USAGE: flowgraph \(arguments.contains("render") ? "render" : "preview") <path> ..."), "\(run.output)")
        #expect(run.output.contains("--max-elements <count>"), "\(run.output)")
        #expect(run.output.contains("--editor <editor>"), "\(run.output)")
    }

    @Test func theToplevelHelpListsBothCommands() throws {
        let run = try CommandLineTests.run(["--help"])
        #expect(run.output.contains("render                  Draw flow programs"), "\(run.output)")
        #expect(run.output.contains("preview                 Serve the program's page"), "\(run.output)")
    }

    /// `flowgraph` copied alone: `check` works, `render` says what is missing and how to build it.
    @Test func aMissingToolIsNamedWithHowToBuildIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lonely-flowgraph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("flowgraph")
        try FileManager.default.copyItem(at: try PackageFolder.Product.flowgraph.url(), to: copy)
        let environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        let checked = try ChildProcess.run(copy.path, ["check", "samples/shop"], in: PackageFolder.root, environment: environment)
        #expect(checked.status == 0, "\(checked.errorsText)")
        let rendered = try ChildProcess.run(copy.path, ["render", "samples/shop", "-o", "-", "--format", "dot"], in: PackageFolder.root,
                                            environment: environment)
        #expect(rendered.status == 2)
        #expect(rendered.errorsText.contains(
            "flowgraph: error: 'render' is run by flowgraph-render, which is not next to flowgraph (in \(folder.resolvingSymlinksInPath().path))"),
            "\(rendered.errorsText)")
        #expect(rendered.errorsText.contains("swift build -c release --product flowgraph-render"), "\(rendered.errorsText)")
        #expect(rendered.outputText.isEmpty)
    }
}
