import ArgumentParser
import FlowGraph
import FlowGraphCommandLine
import FlowGraphFiles
import Foundation

/// `flowgraph fmt`: the one canonical layout of `.flow` files (docs/CLI.md).
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Format .flow files in FlowGraph's one canonical style.",
        discussion: """
            Without a flag, prints the formatted files to standard output. There are no style options: \
            indentation, spacing, one member a line, at most one blank line between members, comments \
            kept where they were. A file with a syntax error is refused (its errors are told, exit code 1) \
            and left as it is; the others are still formatted. '-' reads standard input.
            """
    )

    @Argument(
        help: ArgumentHelp("The .flow files to format, or directories to search for them ('-': standard input).", valueName: "path"),
        completion: .file(extensions: ["flow"]))
    var paths: [String]

    @Flag(help: "Write nothing; list the files whose layout would change, and exit with code 1 if there are any.")
    var check = false

    @Flag(help: "Print a unified diff of what formatting would change, instead of the formatted files.")
    var diff = false

    @Flag(name: [.customShort("w"), .customLong("write")],
          help: "Rewrite the files in place (atomically, and only those whose bytes change).")
    var write = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Give at least one .flow file or directory, or '-'.") }
        if write, check { throw ValidationError("'--write' and '--check' cannot be used together.") }
        if paths.contains("-"), write { throw ValidationError("'--write' cannot rewrite standard input.") }
    }

    func run() throws {
        var refused = 0, changed: [String] = []
        for file in try load() {
            switch FlowFormatter.format(file) {
            case .refused(let diagnostics):
                refused += 1
                let context = ReportContext(files: [file], diagnostics: diagnostics)
                Terminal.writeError(TextReport(context, isColored: Terminal.isColorErrorTerminal).render()
                    + "flowgraph: \(file.path) is not formatted: it has \(context.summary)\n")
            case .formatted(let bytes):
                if bytes != file.bytes { changed.append(file.path) }
                if diff {
                    Terminal.write(UnifiedDiff.make(old: String(decoding: file.bytes, as: UTF8.self),
                                                    new: String(decoding: bytes, as: UTF8.self), path: file.path))
                } else if check {
                    if bytes != file.bytes { Terminal.write(file.path + "\n") }
                } else if write {
                    try rewrite(file.path, with: bytes)
                } else {
                    FileHandle.standardOutput.write(Data(bytes))
                }
            }
        }
        if refused > 0 || (check && !changed.isEmpty) { throw ExitCode(ExitStatus.findings) }
    }

    /// The files to format: standard input for '-', else as `check` reads them.
    private func load() throws -> [SourceFile] {
        var files: [SourceFile] = []
        let named = paths.filter { $0 != "-" }
        if paths.contains("-") {
            files.append(SourceFile(path: "<stdin>", bytes: [UInt8](FileHandle.standardInput.readDataToEndOfFile())))
        }
        guard !named.isEmpty else { return files }
        do {
            files += try InputFiles.load(named)
        } catch let error as InputError {
            Terminal.writeError("flowgraph: error: \(error.description)\n")
            throw ExitCode(ExitStatus.usage)
        }
        return files
    }

    private func rewrite(_ path: String, with bytes: [UInt8]) throws {
        do {
            try OutputFile.rewrite(bytes, at: path)
        } catch {
            Terminal.writeError("flowgraph: error: \(error.description)\n")
            throw ExitCode(ExitStatus.usage)
        }
    }
}
