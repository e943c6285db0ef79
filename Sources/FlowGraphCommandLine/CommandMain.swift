import ArgumentParser
import FlowGraph

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exit codes every command uses.
package enum ExitStatus {
    /// Nothing fails.
    package static let success: Int32 = 0
    /// The program has findings that fail (errors; warnings too with `--strict`).
    package static let findings: Int32 = 1
    /// Bad arguments, or input that cannot be read.
    package static let usage: Int32 = 2
}

/// The entry point of `flowgraph` and of its drawing tools (`flowgraph-render`, `flowgraph-preview`).
package enum CommandMain {
    /// Tunes the allocator, parses `arguments` for `Root` and runs the command, mapping argument
    /// errors to exit code 2 (usage). On the main actor, where an async `main` starts: everything
    /// before the command's own `run` happens on the main thread, before any other thread exists.
    @MainActor
    package static func run<Root: ParsableCommand>(_: Root.Type, arguments: [String]) async -> Never {
        tuneAllocator()
        do {
            var command = try Root.parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if Root.exitCode(for: error) == .validationFailure {
                Terminal.writeError(Root.fullMessage(for: error) + "\n")
                exit(ExitStatus.usage)
            }
            Root.exit(withError: error)
        }
        exit(ExitStatus.success)
    }

    /// One short-lived process that allocates a great deal and frees nothing before it exits: glibc's
    /// defaults suit the opposite. The commands run on a worker thread, whose malloc arena grows a
    /// page or so at a time (6,000 `mprotect` calls to check 10,000 steps); one arena for every
    /// thread, grown 16 MB at a time, takes a few dozen `brk` calls instead. It must run before any
    /// other thread allocates (a thread keeps the arena it first took): hence `run` is on the main
    /// actor (a nonisolated `run` started on a worker thread that already had its arena, and the
    /// tuning did nothing: 7,648 `mprotect` calls to check 10,000 steps, against 34).
    ///
    /// The heap's first 64 MB are then asked for in huge pages (2 MB, where the kernel gives them
    /// on request: `transparent_hugepage` set to `madvise`, as on Debian): a first touch of the
    /// heap costs one page fault per 2 MB instead of per 4 KB, a tenth of `check`'s time at
    /// 10,000 steps (docs/Performance.md). Where the kernel gives none, nothing changes.
    private static func tuneAllocator() {
        #if os(Linux)
        let pad = 64 << 20
        _ = glibcMallopt(-8, 1)  // M_ARENA_MAX
        _ = glibcMallopt(-2, Int32(pad))  // M_TOP_PAD
        // Grow the heap now (by what is asked and the pad), with blocks below the size glibc
        // maps on their own, then give them back: the heap keeps the pad for what comes next.
        let before = Int(bitPattern: sbrk(0))
        var blocks: [UnsafeMutableRawPointer] = []
        while Int(bitPattern: sbrk(0)) == before, blocks.count < 64, let block = malloc(100 << 10) { blocks.append(block) }
        blocks.forEach { free($0) }
        let hugePage = 2 << 20
        let start = (before + hugePage - 1) & ~(hugePage - 1)
        let end = Int(bitPattern: sbrk(0))
        if end > start, let address = UnsafeMutableRawPointer(bitPattern: start) {
            _ = madvise(address, end - start, 14)  // MADV_HUGEPAGE
        }
        #endif
    }
}

#if os(Linux)
/// glibc's `mallopt`, which the Glibc module does not export (`<malloc.h>`).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// The commands that draw, each a tool of its own next to `flowgraph` (Graphviz, and for
/// `preview` an HTTP server, are loaded only by them): what `flowgraph` says of them and runs.
package enum DrawingTool: String, CaseIterable, Sendable {
    case render
    case preview

    /// The executable, in the folder of `flowgraph`.
    package var executableName: String { "flowgraph-\(rawValue)" }

    /// The command's one-line description, for `flowgraph --help` and the tool's own help.
    package var abstract: String {
        switch self {
        case .render:
            "Draw flow programs as svg, png, pdf or dot through Graphviz, as Mermaid text, or as a page to explore (html)."
        case .preview:
            "Serve the program's page on 127.0.0.1 and reload it whenever a .flow file changes."
        }
    }
}
