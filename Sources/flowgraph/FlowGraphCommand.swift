import ArgumentParser
import FlowGraph

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flowgraph`: check, generate and draw app navigation flows.
struct FlowGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowgraph",
        abstract: "Check, generate and draw app navigation flows written in .flow files.",
        version: FlowGraphVersion.current,
        subcommands: [CheckCommand.self, GenerateCommand.self, RenderCommand.self]
    )
}

/// The entry point: runs the command, mapping argument errors to exit code 2 (usage).
@main
enum Main {
    static func main() async {
        do {
            var command = try FlowGraphCommand.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = FlowGraphCommand.exitCode(for: error)
            if code == .validationFailure {
                Terminal.writeError(FlowGraphCommand.fullMessage(for: error) + "\n")
                exit(ExitStatus.usage)
            }
            FlowGraphCommand.exit(withError: error)
        }
    }
}

/// The exit codes every subcommand uses.
enum ExitStatus {
    /// Nothing fails.
    static let success: Int32 = 0
    /// The program has findings that fail (errors; warnings too with `--strict`).
    static let findings: Int32 = 1
    /// Bad arguments, or input that cannot be read.
    static let usage: Int32 = 2
}
