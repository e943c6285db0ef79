import ArgumentParser
import FlowGraph
import FlowGraphFiles

/// The `.flow` files or directories a command reads as one program.
package struct InputOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "The .flow files to read, or directories to search for them; all of them form one program.",
            valueName: "path"),
        completion: .file(extensions: ["flow"]))
    package var paths: [String]

    package init() {}

    package func validate() throws {
        if paths.isEmpty { throw ValidationError("Give at least one .flow file or directory.") }
    }

    /// Reads every input file; on failure prints why and exits with code 2.
    package func load() throws -> [SourceFile] {
        do {
            return try InputFiles.load(paths)
        } catch let error as InputError {
            Terminal.writeError("flowgraph: error: \(error.description)\n")
            throw ExitCode(ExitStatus.usage)
        }
    }
}

extension InputOptions {
    /// Reads and compiles the program for a command that writes output from it: findings are
    /// told on standard error as a compiler would (not those that ignore comments silence); with
    /// errors, even silenced ones, nothing is written (exit code 1).
    /// `backEndFindings`: what the back end finds in a program without errors (the router's names).
    package func compileForOutput(backEndFindings: (FlowProgram) -> [Diagnostic] = { _ in [] }) throws
        -> (files: [SourceFile], compilation: Compiler.Compilation, program: FlowProgram) {
        let files = try load()
        var compilation = Compiler.compile(files)
        if let program = compilation.program, !compilation.hasAnyErrors {
            compilation = compilation.adding(backEndFindings(program))
        }
        let context = ReportContext(compilation)
        if !context.diagnostics.isEmpty {
            Terminal.writeError(TextReport(context, isColored: Terminal.isColorErrorTerminal).render()
                + "\(context.summary) in \(files.count) file\(files.count == 1 ? "" : "s")\n")
        }
        if let refusal = compilation.silencedErrorsMessage { Terminal.writeError("flowgraph: error: \(refusal)\n") }
        guard let program = compilation.program, !compilation.hasAnyErrors else { throw ExitCode(ExitStatus.findings) }
        return (files, compilation, program)
    }
}
