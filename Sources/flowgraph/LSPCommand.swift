import ArgumentParser
import FlowGraphLanguageServer
import Foundation

/// `flowgraph lsp`: the language server, over stdin and stdout (docs/CLI.md).
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server for .flow files over stdin and stdout (for editors)."
    )

    /// Clients pass `--stdio`; stdio is the only transport, so it is accepted and ignored.
    @Flag(help: "Use stdin and stdout (the default and only transport).")
    var stdio = false

    func run() throws {
        // A client that goes away while an answer is written ends the session, not the process by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let status = LanguageServer.run(input: .standardInput, output: .standardOutput)
        if status != 0 { throw ExitCode(status) }
    }
}
