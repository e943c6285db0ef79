import ArgumentParser
import FlowGraph
import FlowGraphCommandLine
import FlowGraphFiles
import Foundation

/// `flowgraph generate`: write the Swift router of a program.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the Swift router of flow programs: their types, and a navigator that runs them (docs/GeneratedRouter.md).",
        discussion: """
            Refuses to generate when the program has errors, with the same diagnostics as 'check' \
            (exit code 1). The file is written atomically, and not at all when its bytes would not change; \
            a FlowRouter.swift that FlowGraph did not write is left as it is unless --force is given.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write FlowRouter.swift into.", valueName: "folder"))
    var output: String

    @Option(help: ArgumentHelp(
        "The access level of the generated declarations: internal for an app target, public for a library (whose payload types must then be public).",
        valueName: "level"))
    var access: SwiftEmitter.Access = .internal

    @Option(help: ArgumentHelp(
        "An enum to declare the generated types in (FlowRouter, FlowNavigator and one enum per flow), "
            + "so that no flow's name hides a type or module of the app.",
        valueName: "name"))
    var namespace: String?

    @Flag(help: """
        Also write the sources of FlowGraphRuntime next to the router, for an app that does not use Swift packages: \
        the router then imports nothing of FlowGraph.
        """)
    var embedRuntime = false

    @Flag(help: """
        Also write FlowJourneyTests.swift: a Swift Testing test for each journey, played on the router \
        (docs/Journeys.md#in-the-swift-build).
        """)
    var tests = false

    @Option(help: ArgumentHelp(
        "Write only FlowJourneyTests.swift, for a test target: its tests '@testable import' this module, which holds the router.",
        valueName: "module"))
    var testsFor: String?

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if let namespace, !SwiftEmitter.isIdentifier(namespace) {
            throw ValidationError("'--namespace' needs a Swift identifier, not '\(namespace)'")
        }
        if let testsFor, !SwiftEmitter.isIdentifier(testsFor) {
            throw ValidationError("'--tests-for' needs a module's name, not '\(testsFor)'")
        }
    }

    func run() async throws {
        let options = SwiftEmitter.Options(access: access, namespace: namespace, embedsRuntime: embedRuntime)
        let (files, compilation, program) = try input.compileForOutput { SwiftEmitter.nameProblems($0, options: options) }
        let source = SwiftEmitter.emit(
            program, analysis: compilation.analysis, sources: files.map { ($0.path as NSString).lastPathComponent }, options: options)
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            Terminal.writeError("flowgraph: error: cannot create the folder '\(output)': \(error.localizedDescription)\n")
            throw ExitCode(ExitStatus.usage)
        }
        if tests || testsFor != nil {
            let names = files.map { ($0.path as NSString).lastPathComponent }
            let text = await MainActor.run {
                JourneyTestEmitter.emit(compilation, sources: names, options: options, testableImport: testsFor)
            }
            if let text {
                try outputOptions.write(Array(text.utf8), to: (output as NSString).appendingPathComponent("FlowJourneyTests.swift"), as: .swift)
            }
            if testsFor != nil { return }
        }
        try outputOptions.write(Array(source.utf8), to: (output as NSString).appendingPathComponent("FlowRouter.swift"), as: .swift)
        if embedRuntime {
            for file in EmbeddedRuntime.files {
                try outputOptions.write(Array(EmbeddedRuntime.output(file).utf8),
                                        to: (output as NSString).appendingPathComponent("FlowGraphRuntime." + file.name), as: .swift)
            }
        }
    }
}

extension SwiftEmitter.Access: ExpressibleByArgument {}
