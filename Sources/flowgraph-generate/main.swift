// flowgraph-generate: the small tool the FlowGraph build plugin runs.
//
//     flowgraph-generate --output <file.swift> [--access internal|public] [--force] <input.flow>...
//
// Compiles the inputs as one program, as `flowgraph generate` does, and writes the Swift router
// to the output file: atomically, and not at all when its bytes would not change, so a build
// that changed no .flow file compiles nothing again; a file there that FlowGraph did not write is
// left as it is unless --force is given. Findings go to standard error, one line
// each, in the form build logs (swift build, Xcode) attach to the .flow file's line and column;
// with errors nothing is written and the exit code is 1. Warnings do not fail.
//
// Only FlowGraph and FlowGraphFiles: no Graphviz and no argument parser, so an app that uses
// the plugin builds little.

import FlowGraph
import FlowGraphFiles
import Foundation

/// The exit codes, as `flowgraph` uses them.
enum ExitStatus {
    static let findings: Int32 = 1
    static let usage: Int32 = 2
}

let usage = "usage: flowgraph-generate --output <file.swift> [--access internal|public] [--force] <input.flow>..."

func fail(_ message: String, status: Int32 = ExitStatus.usage) -> Never {
    FileHandle.standardError.write(Data("flowgraph-generate: error: \(message)\n".utf8))
    exit(status)
}

/// The parsed command line.
struct Arguments {
    var output: String?
    var access = SwiftEmitter.Access.internal
    var force = false
    var inputs: [String] = []

    init(_ arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--output", "-o":
                guard let value = remaining.popFirst() else { fail("'\(argument)' needs a file\n\(usage)") }
                output = value
            case "--access":
                guard let value = remaining.popFirst().flatMap(SwiftEmitter.Access.init(rawValue:)) else {
                    fail("'--access' needs 'internal' or 'public'\n\(usage)")
                }
                access = value
            case "--force":
                force = true
            case "--help", "-h":
                print(usage)
                exit(0)
            case "--":
                inputs += remaining
                remaining = []
            default:
                if argument.hasPrefix("-") { fail("unknown option '\(argument)'\n\(usage)") }
                inputs.append(argument)
            }
        }
    }
}

let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
guard let output = arguments.output else { fail("missing '--output <file.swift>'\n\(usage)") }
guard !arguments.inputs.isEmpty else { fail("no input files\n\(usage)") }

// Absolute paths, so that the build log can point at the file whatever its working directory.
let files: [SourceFile]
do {
    files = try InputFiles.load(arguments.inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
} catch let error as InputError {
    fail(error.description)
} catch {
    fail("\(error)")
}

let compilation = Compiler.compile(files)
let context = ReportContext(compilation)
if !context.diagnostics.isEmpty {
    FileHandle.standardError.write(Data(BuildLogReport(context).render().utf8))
}
if let refusal = compilation.silencedErrorsMessage { FileHandle.standardError.write(Data("flowgraph-generate: error: \(refusal)\n".utf8)) }
guard let program = compilation.program, !compilation.hasAnyErrors else { exit(ExitStatus.findings) }

let source = SwiftEmitter.emit(
    program, analysis: compilation.analysis, sources: files.map { URL(fileURLWithPath: $0.path).lastPathComponent },
    access: arguments.access)
do {
    let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
} catch {
    fail("cannot create the folder of '\(output)': \(error.localizedDescription)")
}
do {
    try OutputFile.write(Array(source.utf8), to: output, as: .swift, force: arguments.force)
} catch {
    fail(error.description + (error.isForceable ? " (pass --force to replace it)" : ""))
}
