import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// Runs the built `flowgraph` executable as a user would.
@Suite("flowgraph check")
struct CommandLineTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
        /// Killed for running past the time limit given to `run`.
        var timedOut = false
    }

    /// The executable next to the test bundle (SwiftPM builds both into the same folder).
    static func executable() throws -> URL {
        try PackageFolder.Product.flowgraph.url()
    }

    /// Runs `flowgraph` in the repository's folder (through ChildProcess: a child another test
    /// starts meanwhile never holds this run's pipes, so the run never waits for it), killed past
    /// `timeLimit` seconds.
    static func run(_ arguments: [String], timeLimit: TimeInterval? = nil) throws -> Run {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let result = try ChildProcess.run(try executable().path, arguments, in: Repository.root, environment: environment, timeLimit: timeLimit)
        return Run(status: result.status, output: result.outputText, errors: result.errorsText, timedOut: result.timedOut)
    }

    @Test func theSamplesPassStrictCheckingWithErrorsIgnoredByFlowignore() throws {
        let run = try Self.run(["check", "--strict", "samples"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasPrefix("no problems found in "))
    }

    @Test(arguments: Rule.allCases)
    func everyErrorSampleFailsWithItsRule(rule: Rule) throws {
        let run = try Self.run(["check", "--strict", "samples/errors/\(rule.id).flow"])
        #expect(run.status == 1)
        #expect(run.output.contains("[\(rule.id)]"))
    }

    @Test func warningsFailOnlyWithStrict() throws {
        #expect(try Self.run(["check", "samples/errors/unreachable-step.flow"]).status == 0)
        #expect(try Self.run(["check", "--strict", "samples/errors/unreachable-step.flow"]).status == 1)
    }

    @Test func everyFormatIsWritten() throws {
        let json = try Self.run(["check", "--format", "json", "samples/errors/invalid-pop.flow"])
        #expect(json.status == 1)
        #expect((try? JSONSerialization.jsonObject(with: Data(json.output.utf8))) != nil)
        let github = try Self.run(["check", "--format", "github", "samples/errors/invalid-pop.flow"])
        #expect(github.output.hasPrefix("::error file=samples/errors/invalid-pop.flow,line="))
        let sarif = try Self.run(["check", "--format", "sarif", "samples/errors/invalid-pop.flow"])
        try validateWithPython(sarif.output, schema: Repository.url("Tests/FlowGraphTests/Fixtures/sarif-schema-2.1.0.json"))
    }

    /// A pipe named *.flow in a folder is not read (reading it would wait for ever): only files are.
    /// What could hang is `flowgraph`, so a minute bounds it, not the test: a `.timeLimit` also
    /// counts the time the finished test waits for a thread of the pool that other tests hold.
    @Test func aPipeNamedLikeAFlowFileIsLeftOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "flow A {\n    start B\n    step B\n}\n".write(to: folder.appendingPathComponent("A.flow"), atomically: true, encoding: .utf8)
        #expect(mkfifo(folder.appendingPathComponent("Pipe.flow").path, 0o600) == 0)
        let run = try Self.run(["check", folder.path], timeLimit: 60)
        #expect(!run.timedOut, "flowgraph check was still running after a minute: it read the pipe")
        #expect(run.status == 0)
        #expect(run.output.contains("no problems found in 1 file"), "\(run.output)")
    }

    @Test func usageErrorsAndUnreadableInputExitWithTwo() throws {
        let missing = try Self.run(["check", "no/such/file.flow"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("no such file or directory: 'no/such/file.flow'"))
        #expect(try Self.run(["check", "--format", "xml", "samples"]).status == 2)
        #expect(try Self.run(["check"]).status == 2)
        #expect(try Self.run(["check", "Sources/flowgraph"]).status == 2)  // no .flow files there
    }
}

@Suite("flowgraph render")
struct RenderCommandTests {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-render-tests-\(getpid())")

    static func output(_ name: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    @Test(arguments: ["svg", "png", "pdf", "dot", "mmd"])
    func everySampleRendersInEveryFormat(format: String) throws {
        for app in ["shop", "movies", "mail"] {
            let path = try Self.output("\(app).\(format)")
            let run = try CommandLineTests.run(["render", "samples/\(app)", "-o", path])
            #expect(run.status == 0, "\(run.errors)")
            #expect((try? Data(contentsOf: URL(fileURLWithPath: path)))?.isEmpty == false)
        }
    }

    @Test func aSecondIdenticalRenderLeavesTheFileUntouched() throws {
        let path = try Self.output("same.svg")
        #expect(try CommandLineTests.run(["render", "samples/shop", "-o", path]).status == 0)
        let before = OutputSafetyTests.Snapshot(path)  // bytes, inode, modification time in nanoseconds
        #expect(try CommandLineTests.run(["render", "samples/shop", "-o", path]).status == 0)
        #expect(OutputSafetyTests.Snapshot(path) == before)
    }

    @Test func errorsAreReportedAndNothingIsDrawnOrOverwritten() throws {
        let path = try Self.output("kept.svg")
        try Data("earlier output".utf8).write(to: URL(fileURLWithPath: path))
        let run = try CommandLineTests.run(["render", "samples/errors/invalid-pop.flow", "-o", path])
        #expect(run.status == 1)
        #expect(run.errors.contains("[invalid-pop]"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier output")
    }

    @Test func warningsAreDrawnAndToldOnStandardError() throws {
        let run = try CommandLineTests.run(["render", "samples/errors/dead-end.flow", "-o", "-", "--format", "dot"])
        #expect(run.status == 0)
        #expect(run.errors.contains("[dead-end]"))
        #expect(run.output.contains("[dead-end]"))  // in the trapped step's tooltip
        let plain = try CommandLineTests.run(["render", "samples/errors/dead-end.flow", "-o", "-", "--format", "dot", "--no-findings"])
        #expect(!plain.output.contains("[dead-end]"))
    }

    @Test func focusAndUsageErrors() throws {
        let focused = try CommandLineTests.run(["render", "samples/shop", "--flow", "CheckoutFlow", "-o", "-", "--format", "mermaid"])
        #expect(focused.status == 0 && focused.output.contains("as CheckoutFlow {") && !focused.output.contains("as Shop {"))
        #expect(try CommandLineTests.run(["render", "samples/shop", "--flow", "Nope", "-o", "-", "--format", "dot"]).status == 2)
        #expect(try CommandLineTests.run(["render", "samples/shop", "-o", "picture.bmp"]).status == 2)
        #expect(try CommandLineTests.run(["render", "samples/shop", "-o", "-", "--format", "png"]).status == 2)
    }
}

@Suite("flowgraph generate")
struct GenerateCommandTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-generate-\(UUID().uuidString)")
    }

    @Test(arguments: GenerationTests.apps)
    func everySampleGeneratesItsGoldenRouterAndASecondRunTouchesNothing(app: String) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("FlowRouter.swift").path
        let first = try CommandLineTests.run(["generate", "samples/\(app)", "-o", folder.path])
        #expect(first.status == 0, "\(first.errors)")
        try expectGolden(try String(contentsOfFile: path, encoding: .utf8), "swift/\(app).swift")
        let before = OutputSafetyTests.Snapshot(path)  // bytes, inode, modification time in nanoseconds
        let folderBefore = OutputSafetyTests.Snapshot(folder.path)
        #expect(try CommandLineTests.run(["generate", "samples/\(app)", "-o", folder.path]).status == 0)
        #expect(OutputSafetyTests.Snapshot(path) == before)
        #expect(OutputSafetyTests.Snapshot(folder.path).modified == folderBefore.modified)  // no file made or removed in it
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["FlowRouter.swift"])
    }

    @Test func errorsAreReportedAsByCheckAndTheEarlierRouterIsKept() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("FlowRouter.swift").path
        try Data("// earlier router".utf8).write(to: URL(fileURLWithPath: path))
        let run = try CommandLineTests.run(["generate", "samples/errors/invalid-pop-to.flow", "-o", folder.path])
        let check = try CommandLineTests.run(["check", "samples/errors/invalid-pop-to.flow"])
        #expect(run.status == 1)
        #expect(run.errors == check.output)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "// earlier router")
    }

    @Test func aLibraryGetsPublicDeclarations() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CommandLineTests.run(["generate", "samples/mail", "-o", folder.path, "--access", "public"]).status == 0)
        let text = try String(contentsOfFile: folder.appendingPathComponent("FlowRouter.swift").path, encoding: .utf8)
        #expect(text.contains("public typealias FlowNavigator = FlowGraphRuntime.Navigator<FlowRouter>"))
        #expect(try CommandLineTests.run(["generate", "samples/mail", "-o", folder.path, "--access", "open"]).status == 2)
    }

    @Test func aNamespaceMustBeAnIdentifierAndTheEmbeddedRuntimeIsWrittenOnce() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try CommandLineTests.run(["generate", "samples/shop", "-o", folder.path, "--namespace", "Not One"])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("'--namespace' needs a Swift identifier, not 'Not One'"))
        #expect(try CommandLineTests.run(["generate", "samples/shop", "-o", folder.path, "--namespace", "Navigation", "--embed-runtime"]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == (["FlowRouter.swift"] + EmbeddedRuntime.files.map { "FlowGraphRuntime." + $0.name }).sorted())
        let router = try String(contentsOfFile: folder.appendingPathComponent("FlowRouter.swift").path, encoding: .utf8)
        #expect(router.contains("\nenum Navigation {\n") && !router.contains("import FlowGraphRuntime"))
        // A second run writes nothing: every file keeps its date.
        let dates = try files.map {
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date
        }
        #expect(try CommandLineTests.run(["generate", "samples/shop", "-o", folder.path, "--namespace", "Navigation", "--embed-runtime"]).status == 0)
        #expect(try files.map {
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date
        } == dates)
    }
}
