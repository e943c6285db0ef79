import ArgumentParser
import FlowGraphFiles

/// How a command that writes a file treats one that is already there.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Replace the output file even if FlowGraph did not write it (or it is a symbolic link, which is replaced, not followed).")
    var force = false

    /// Writes `bytes` to `path` (see `OutputFile`); on failure tells why, and what to do, and exits with code 2.
    func write(_ bytes: [UInt8], to path: String, as kind: OutputFile.Kind) throws {
        do {
            try OutputFile.write(bytes, to: path, as: kind, force: force)
        } catch {
            Terminal.writeError("flowgraph: error: \(error.description)\(error.isForceable ? " (pass --force to replace it)" : "")\n")
            throw ExitCode(ExitStatus.usage)
        }
    }
}
