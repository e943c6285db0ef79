// flowgraph-generate: the small tool the FlowGraph build plugin runs.
//
//     flowgraph-generate --output <file.swift> [--options <flowgraph.json>] [--access internal|public]
//                        [--namespace <name>] [--tests-for <module>] [--force] <input.flow>...
//
// `--tests-for App` (`"testsFor": "App"`) writes the program's journeys as Swift Testing tests
// that `@testable import App`, the module whose router they play on, instead of the router: what a
// test target's plugin writes (docs/Journeys.md, "In the Swift build").
//
// `--options` names a JSON file with the same settings ({"access": "public", "namespace": "Navigation"}),
// which the plugin passes when the target has one; the flags after it win.
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

let usage = "usage: flowgraph-generate --output <file.swift> [--options <flowgraph.json>] [--access internal|public] "
    + "[--namespace <name>] [--tests-for <module>] [--force] <input.flow>..."

func fail(_ message: String, status: Int32 = ExitStatus.usage) -> Never {
    FileHandle.standardError.write(Data("flowgraph-generate: error: \(message)\n".utf8))
    exit(status)
}

/// The parsed command line.
struct Arguments {
    var output: String?
    var access = SwiftEmitter.Access.internal
    var namespace: String?
    var testsFor: String?
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
            case "--namespace":
                guard let value = remaining.popFirst(), SwiftEmitter.isIdentifier(value) else {
                    fail("'--namespace' needs a Swift identifier\n\(usage)")
                }
                namespace = value
            case "--tests-for":
                guard let value = remaining.popFirst(), SwiftEmitter.isIdentifier(value) else {
                    fail("'--tests-for' needs a module's name\n\(usage)")
                }
                testsFor = value
            case "--options":
                guard let path = remaining.popFirst() else { fail("'--options' needs a file\n\(usage)") }
                readOptions(path)
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

    /// The settings of a `flowgraph.json` file; a file that is not a JSON object of known
    /// settings is an error that names it.
    private mutating func readOptions(_ path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read the options file '\(path)'") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: String] else {
            fail("\(path): expected a JSON object of strings, such as {\"access\": \"public\", \"namespace\": \"Navigation\"}")
        }
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "access":
                guard let level = SwiftEmitter.Access(rawValue: value) else { fail("\(path): 'access' is 'internal' or 'public', not '\(value)'") }
                access = level
            case "namespace":
                guard SwiftEmitter.isIdentifier(value) else { fail("\(path): 'namespace' needs a Swift identifier, not '\(value)'") }
                namespace = value
            case "testsFor":
                guard SwiftEmitter.isIdentifier(value) else { fail("\(path): 'testsFor' needs a module's name, not '\(value)'") }
                testsFor = value
            default:
                fail("\(path): unknown option '\(key)' (known: access, namespace, testsFor)")
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

let options = SwiftEmitter.Options(access: arguments.access, namespace: arguments.namespace)
var compilation = Compiler.compile(files)
if let program = compilation.program, !compilation.hasAnyErrors {
    compilation = compilation.adding(SwiftEmitter.nameProblems(program, options: options))
}
let context = ReportContext(compilation)
if !context.diagnostics.isEmpty {
    FileHandle.standardError.write(Data(BuildLogReport(context).render().utf8))
}
if let refusal = compilation.silencedErrorsMessage { FileHandle.standardError.write(Data("flowgraph-generate: error: \(refusal)\n".utf8)) }
guard let program = compilation.program, !compilation.hasAnyErrors else { exit(ExitStatus.findings) }

let names = files.map { URL(fileURLWithPath: $0.path).lastPathComponent }
let source = arguments.testsFor.flatMap { module in JourneyTestEmitter.emit(compilation, sources: names, options: options, testableImport: module) }
    ?? SwiftEmitter.emit(program, analysis: compilation.analysis, sources: names, options: options)
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
