import ArgumentParser
import FlowGraph
import FlowGraphCommandLine
import FlowGraphFiles
import Foundation

/// `flowgraph diff`: what a change to the flows breaks, for review and CI.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Report what a change to flow programs breaks: deep links, the generated router, journeys.",
        discussion: """
            flowgraph diff OLD NEW compares two programs, each a .flow file or a folder; --old and \
            --new (each repeatable) give sets of paths. flowgraph diff --against REF [PATH...] compares \
            the files under PATH (default '.') with the same paths at the merge-base of REF and HEAD \
            (REF itself when they share no history, with a note on standard error). Exits with 0 when \
            no finding of a --fail-on category was found, 1 when one was or a side has errors, and 2 \
            when the arguments are wrong, an input cannot be read or git fails.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif, markdown
    }

    @Argument(help: ArgumentHelp(
        "OLD and NEW (a .flow file or a folder each); with --against, the paths of the new side (default '.').",
        valueName: "path"), completion: .file(extensions: ["flow"]))
    var paths: [String] = []

    @Option(help: ArgumentHelp("A path of the old side (repeatable); goes with --new.", valueName: "path"))
    var old: [String] = []

    @Option(help: ArgumentHelp("A path of the new side (repeatable); goes with --old.", valueName: "path"))
    var new: [String] = []

    @Option(help: ArgumentHelp("Compare with the merge-base of this git ref and HEAD (e.g. origin/main).", valueName: "ref"))
    var against: String?

    @Option(help: ArgumentHelp(
        "The categories whose findings fail the run (exit code 1), separated by commas: link, router, journey, or none.",
        valueName: "categories"))
    var failOn: String = "link"

    @Option(help: "The output format: text, json, github (annotations), sarif, or markdown (a pull-request comment).")
    var format: Format = .text

    @Option(help: "Whether to colour text output: auto colours it only on a terminal.")
    var color: CheckCommand.ColorMode = .auto

    func validate() throws {
        _ = try failingCategories()
        if against != nil {
            if !old.isEmpty || !new.isEmpty { throw ValidationError("--against reads the old side from git: give no --old or --new.") }
        } else if !old.isEmpty || !new.isEmpty {
            if old.isEmpty || new.isEmpty { throw ValidationError("Give both --old and --new.") }
            if !paths.isEmpty { throw ValidationError("Give the sides either as OLD NEW or with --old and --new, not both.") }
        } else if paths.count != 2 {
            throw ValidationError("Give OLD and NEW, the sets --old PATH... --new PATH..., or --against REF [PATH...].")
        }
    }

    func failingCategories() throws -> Set<DiffCategory> {
        var result = Set<DiffCategory>()
        for word in failOn.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where word != "none" {
            guard let category = DiffCategory(rawValue: word) else {
                throw ValidationError("Unknown category '\(word)' in --fail-on: use link, router, journey or none.")
            }
            result.insert(category)
        }
        return result
    }

    func run() async throws {
        let (oldFiles, newFiles) = try loadSides()
        let oldCompilation = Compiler.compile(oldFiles), newCompilation = Compiler.compile(newFiles)
        var hasErrors = false
        for (side, compilation) in [("old", oldCompilation), ("new", newCompilation)] where compilation.hasAnyErrors {
            let context = ReportContext(compilation)
            Terminal.writeError(TextReport(context, isColored: Terminal.isColorErrorTerminal).render()
                + "flowgraph: error: the \(side) program has errors (\(context.summary)); it cannot be compared\n")
            hasErrors = true
        }
        if hasErrors { throw ExitCode(ExitStatus.findings) }
        let drawsChanges = format == .markdown
        let result = await MainActor.run { ProgramDiff.compareWithJourneys(old: oldCompilation, new: newCompilation, drawsChanges: drawsChanges) }
        let report = DiffReport(oldFiles: oldFiles, newFiles: newFiles, result: result, failingCategories: try failingCategories())
        switch format {
        case .text: Terminal.write(report.text(isColored: color == .always || (color == .auto && Terminal.isColorTerminal)))
        case .json: Terminal.write(report.json())
        case .github: Terminal.write(report.github())
        case .sarif: Terminal.write(report.sarif())
        case .markdown: Terminal.write(report.markdown())
        }
        if report.failingCount > 0 { throw ExitCode(ExitStatus.findings) }
    }

    /// The files of each side: from the paths, or the old side from git.
    private func loadSides() throws -> (old: [SourceFile], new: [SourceFile]) {
        do {
            guard let against else {
                let oldPaths = old.isEmpty ? [paths[0]] : old, newPaths = new.isEmpty ? [paths[1]] : new
                return (try InputFiles.load(oldPaths), try InputFiles.load(newPaths))
            }
            let newPaths = paths.isEmpty ? ["."] : paths
            let newFiles = try InputFiles.load(newPaths)
            let base = try GitFiles.base(against: against)
            if !base.isMergeBase {
                Terminal.writeError("flowgraph: note: '\(against)' and HEAD have no common history; "
                    + "comparing with '\(against)' itself (\(base.commit.prefix(12)))\n")
            }
            let oldFiles = try GitFiles.load(newPaths, at: base.commit)
            if oldFiles.isEmpty {
                Terminal.writeError("flowgraph: note: no .flow files under \(newPaths.joined(separator: ", ")) at \(base.commit.prefix(12)); "
                    + "every flow is new\n")
            }
            return (oldFiles, newFiles)
        } catch let error as InputError {
            Terminal.writeError("flowgraph: error: \(error.description)\n")
            throw ExitCode(ExitStatus.usage)
        }
    }
}
