import ArgumentParser
import FlowGraphFiles

/// How a command that writes a file treats one that is already there.
package struct OutputOptions: ParsableArguments {
    @Flag(help: "Replace the output file even if FlowGraph did not write it (or it is a symbolic link, which is replaced, not followed).")
    package var force = false

    package init() {}

    /// Checks that `path` may be written before the work that makes its bytes (a layout can take
    /// a while); on failure tells why, and what to do, and exits with code 2.
    package func checkWritable(_ path: String, as kind: OutputFile.Kind) throws {
        do {
            try OutputFile.checkWritable(path, as: kind, force: force)
        } catch {
            throw report(error)
        }
    }

    /// Writes `bytes` to `path` (see `OutputFile`); on failure tells why, and what to do, and exits with code 2.
    package func write(_ bytes: [UInt8], to path: String, as kind: OutputFile.Kind) throws {
        do {
            try OutputFile.write(bytes, to: path, as: kind, force: force)
        } catch {
            throw report(error)
        }
    }

    private func report(_ error: OutputError) -> ExitCode {
        Terminal.writeError("flowgraph: error: \(error.description)\(error.isForceable ? " (pass --force to replace it)" : "")\n")
        return ExitCode(ExitStatus.usage)
    }
}
