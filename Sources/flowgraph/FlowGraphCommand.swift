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
        subcommands: [CheckCommand.self, GenerateCommand.self, RenderCommand.self, PreviewCommand.self, FormatCommand.self,
                      DiffCommand.self, LSPCommand.self]
    )
}

/// The entry point: runs the command, mapping argument errors to exit code 2 (usage).
@main
enum Main {
    static func main() async {
        tuneAllocator()
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

/// One short-lived process that allocates a great deal and frees nothing before it exits: glibc's
/// defaults suit the opposite. The commands run on a worker thread, whose malloc arena grows a
/// page or so at a time (6,000 `mprotect` calls to check 10,000 steps); one arena for every
/// thread, grown 16 MB at a time, takes a few dozen `brk` calls instead.
func tuneAllocator() {
    #if os(Linux)
    _ = glibcMallopt(-8, 1)  // M_ARENA_MAX
    _ = glibcMallopt(-2, 16 << 20)  // M_TOP_PAD
    #endif
}

#if os(Linux)
/// glibc's `mallopt`, which the Glibc module does not export (`<malloc.h>`).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// The exit codes every subcommand uses.
enum ExitStatus {
    /// Nothing fails.
    static let success: Int32 = 0
    /// The program has findings that fail (errors; warnings too with `--strict`).
    static let findings: Int32 = 1
    /// Bad arguments, or input that cannot be read.
    static let usage: Int32 = 2
}
