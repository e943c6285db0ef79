import ArgumentParser
import FlowGraph
import FlowGraphFiles
import Foundation

/// `flowgraph generate`: write the Swift router of a program.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the Swift router of flow programs (steps, events, exits, guards and deep links as types).",
        discussion: """
            Refuses to generate when the program has errors, with the same diagnostics as 'check' \
            (exit code 1). The file is written atomically, and not at all when its bytes would not change.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write FlowRouter.swift into.", valueName: "folder"))
    var output: String

    func run() async throws {
        let (files, _, program) = try input.compileForOutput()
        let source = SwiftEmitter.emit(program, sources: files.map { ($0.path as NSString).lastPathComponent })
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            try OutputFile.write(Array(source.utf8), to: (output as NSString).appendingPathComponent("FlowRouter.swift"))
        } catch let error as InputError {
            Terminal.writeError("flowgraph: error: \(error.description)\n")
            throw ExitCode(ExitStatus.usage)
        }
    }
}
