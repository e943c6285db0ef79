import Foundation
import Testing
@testable import FlowGraph

/// Runs the built `flowgraph` executable as a user would.
@Suite("flowgraph check")
struct CommandLineTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The executable next to the test bundle (SwiftPM builds both into the same folder).
    static func executable() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" { folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        let candidate = folder.appendingPathComponent("flowgraph")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        let fallback = Repository.url(".build/debug/flowgraph")
        guard FileManager.default.isExecutableFile(atPath: fallback.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidate.path])
        }
        return fallback
    }

    static func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = Repository.root
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                   errors: String(decoding: errorData, as: UTF8.self))
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

    @Test func usageErrorsAndUnreadableInputExitWithTwo() throws {
        let missing = try Self.run(["check", "no/such/file.flow"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("no such file or directory: 'no/such/file.flow'"))
        #expect(try Self.run(["check", "--format", "xml", "samples"]).status == 2)
        #expect(try Self.run(["check"]).status == 2)
        #expect(try Self.run(["check", "Sources/flowgraph"]).status == 2)  // no .flow files there
    }
}
