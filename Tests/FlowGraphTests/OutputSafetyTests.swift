import Foundation
import FlowGraphTestSupport
import Testing

/// The promises of docs/Reliability.md about output files, kept by the built `flowgraph`:
/// failing and interrupted runs leave earlier outputs intact and nothing else behind, files
/// FlowGraph did not write are left alone without --force, and Graphviz is given a bounded job.
@Suite("flowgraph output files")
struct OutputSafetyTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// What must not change: the bytes, the inode and the modification time (nanoseconds).
    struct Snapshot: Equatable {
        let bytes: Data?
        let inode: UInt
        let modified: Int

        init(_ path: String) {
            var status = stat()
            _ = stat(path, &status)
            bytes = FileManager.default.contents(atPath: path)
            inode = UInt(status.st_ino)
            modified = status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec
        }
    }

    /// Runs `flowgraph` with a limit on the size of the files it writes (`ulimit -f`, in blocks of
    /// 512 bytes): past it, a write fails with EFBIG. (The kernel's SIGXFSZ is ignored here; the
    /// thread that writes blocks it anyway.)
    static func run(_ arguments: [String], fileSizeLimit blocks: Int) throws -> (status: Int32, errors: String) {
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "ulimit -f \(blocks); trap '' XFSZ; exec \"$0\" \"$@\"", try CommandLineTests.executable().path] + arguments,
            in: Repository.root)
        return (result.status, result.errorsText)
    }

    /// A library preloaded into `flowgraph` that kills it with SIGKILL, as a crash, an OOM killer
    /// or a power cut would stop it, at one moment of writing an output: `KILL_AT=write` after the
    /// first 4 KB of a large write to a file, `KILL_AT=rename` when the temporary file is complete.
    static let killer: URL? = {
        let source = """
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <signal.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>
            static int at(const char *moment) { const char *value = getenv("KILL_AT"); return value && strcmp(value, moment) == 0; }
            ssize_t write(int descriptor, const void *buffer, size_t count) {
                ssize_t (*real)(int, const void *, size_t) = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
                if (at("write") && descriptor > 2 && count > 4096) { real(descriptor, buffer, 4096); raise(SIGKILL); }
                return real(descriptor, buffer, count);
            }
            int rename(const char *from, const char *to) {
                int (*real)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
                if (at("rename")) raise(SIGKILL);
                return real(from, to);
            }
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-killer-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("killer.c"), library = folder.appendingPathComponent("killer.so")
        guard (try? Data(source.utf8).write(to: file)) != nil else { return nil }
        for compiler in ["/usr/bin/cc", "/usr/bin/clang", "/usr/bin/gcc"] where FileManager.default.isExecutableFile(atPath: compiler) {
            let compiled = try? ChildProcess.run(compiler, ["-shared", "-fPIC", "-o", library.path, file.path, "-ldl"])
            if compiled?.status == 0 { return library }
        }
        return nil
    }()

    /// Runs `flowgraph` with the killer preloaded; returns how it ended.
    static func runKilled(at moment: String, _ arguments: [String]) throws -> ChildProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = try #require(killer, "no C compiler to build the killer library").path
        environment["KILL_AT"] = moment
        return try ChildProcess.run(try CommandLineTests.executable().path, arguments, in: Repository.root, environment: environment)
    }

    @Test func aFailingGenerateLeavesTheEarlierRouterAndNothingElse() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = folder.appendingPathComponent("FlowRouter.swift").path
        #expect(try CommandLineTests.run(["generate", "samples/shop", "-o", folder.path]).status == 0)
        let before = Snapshot(router)

        // A program with errors.
        #expect(try CommandLineTests.run(["generate", "samples/errors/invalid-pop-to.flow", "-o", folder.path]).status == 1)
        #expect(Snapshot(router) == before)
        #expect(try Self.listing(folder) == ["FlowRouter.swift"])

        // A write that fails half-way (the disk is full, a quota is reached): EFBIG after 4 KB.
        let failed = try Self.run(["generate", "samples/mail", "-o", folder.path], fileSizeLimit: 8)
        #expect(failed.status == 2)
        #expect(failed.errors.hasPrefix("flowgraph: error: cannot write '\(router)': File too large"), "\(failed.errors)")
        #expect(Snapshot(router) == before)
        #expect(try Self.listing(folder) == ["FlowRouter.swift"])
    }

    @Test(arguments: ["write", "rename"])
    func anInterruptedGenerateLeavesTheEarlierRouterAndTheNextRunCleansUp(moment: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = folder.appendingPathComponent("FlowRouter.swift").path
        #expect(try CommandLineTests.run(["generate", "samples/shop", "-o", folder.path]).status == 0)
        let before = Snapshot(router)

        // Killed in the middle of writing the new router, or once it is written but not yet in place.
        let killed = try Self.runKilled(at: moment, ["generate", "samples/mail", "-o", folder.path])
        #expect(killed.signal == SIGKILL)
        #expect(Snapshot(router) == before)
        let left = try Self.listing(folder).filter { $0 != "FlowRouter.swift" }
        #expect(left.count == 1 && left.allSatisfy { $0.hasPrefix(".FlowRouter.swift.\(killed.processID).") && $0.hasSuffix(".tmp") }, "\(left)")

        // The next run writes the new router and removes what the killed one left.
        #expect(try CommandLineTests.run(["generate", "samples/mail", "-o", folder.path]).status == 0)
        try expectGolden(try String(contentsOfFile: router, encoding: .utf8), "swift/mail.swift")
        #expect(try Self.listing(folder) == ["FlowRouter.swift"])
    }

    @Test func aRouterFlowGraphDidNotWriteIsLeftAsItIsUnlessForced() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = folder.appendingPathComponent("FlowRouter.swift").path
        try Data("// The router I wrote by hand.\n".utf8).write(to: URL(fileURLWithPath: router))
        let before = Snapshot(router)
        let refused = try CommandLineTests.run(["generate", "samples/shop", "-o", folder.path])
        #expect(refused.status == 2)
        #expect(refused.errors == "flowgraph: error: '\(router)' exists and was not written by FlowGraph; "
            + "it was left as it is (pass --force to replace it)\n")
        #expect(Snapshot(router) == before)
        #expect(try CommandLineTests.run(["generate", "samples/shop", "-o", folder.path, "--force"]).status == 0)
        try expectGolden(try String(contentsOfFile: router, encoding: .utf8), "swift/shop.swift")
        #expect(try Self.listing(folder) == ["FlowRouter.swift"])
    }

    @Test func generateWritesNothingOutsideItsFolder() throws {
        let parent = try Self.folder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let output = parent.appendingPathComponent("Generated/Flows")
        #expect(try CommandLineTests.run(["generate", "samples/movies", "-o", output.path]).status == 0)
        #expect(try Self.listing(parent) == ["Generated"])
        #expect(try Self.listing(parent.appendingPathComponent("Generated")) == ["Flows"])
        #expect(try Self.listing(output) == ["FlowRouter.swift"])
    }

    @Test(arguments: ["svg", "png", "pdf", "dot", "mmd"])
    func renderReplacesItsOwnFilesButNotOthersUnlessForced(format: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("flows.\(format)").path
        #expect(try CommandLineTests.run(["render", "samples/shop", "-o", path]).status == 0)
        // A render of another program replaces the file FlowGraph wrote, without --force.
        let own = Snapshot(path)
        #expect(try CommandLineTests.run(["render", "samples/movies", "-o", path]).status == 0)
        #expect(Snapshot(path).bytes != own.bytes)
        // A second identical render touches nothing.
        let replaced = Snapshot(path)
        #expect(try CommandLineTests.run(["render", "samples/movies", "-o", path]).status == 0)
        #expect(Snapshot(path) == replaced)

        try Data("a picture someone drew\n".utf8).write(to: URL(fileURLWithPath: path))
        let theirs = Snapshot(path)
        let refused = try CommandLineTests.run(["render", "samples/shop", "-o", path])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("'\(path)' exists and was not written by FlowGraph; it was left as it is (pass --force to replace it)"))
        #expect(Snapshot(path) == theirs)
        #expect(try CommandLineTests.run(["render", "samples/shop", "-o", path, "--force"]).status == 0)
        #expect(Snapshot(path).bytes == own.bytes)
        #expect(try Self.listing(folder) == ["flows.\(format)"])
    }

    @Test func aDiagramTooLargeForGraphvizIsRefusedWithWhatToDoInstead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shop.svg").path
        let run = try CommandLineTests.run(["render", "samples/shop", "-o", path, "--max-elements", "90"])
        #expect(run.status == 1)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 4, "\(run.errors)")
        #expect(lines.first?.hasPrefix("flowgraph: error: the diagram has ") == true)
        #expect(lines.first?.hasSuffix(" nodes and edges, more than the limit of 90 for Graphviz's dot layout, "
                                       + "whose time grows much faster than the diagram") == true)
        #expect(lines.dropFirst().first?.hasPrefix("flowgraph: note: draw one flow and the flows it runs: --flow NAME; "
                                                   + "the largest within 90 nodes and edges: ") == true)
        #expect(lines.contains("flowgraph: note: or write Mermaid text, which needs no layout here: -o NAME.mmd"))
        #expect(lines.last?.hasPrefix("flowgraph: note: or wait for Graphviz: --max-elements ") == true)
        #expect(try Self.listing(folder) == [])

        let piped = try CommandLineTests.run(["render", "samples/shop", "-o", "-", "--format", "dot", "--max-elements", "70"])
        #expect(piped.status == 1 && piped.output.isEmpty)
        #expect(try CommandLineTests.run(["render", "samples/shop", "-o", "-", "--format", "mermaid", "--max-elements", "70"]).status == 0)
        #expect(try CommandLineTests.run(["render", "samples/shop", "-o", "-", "--format", "dot", "--max-elements", "0"]).status == 0)
        #expect(try CommandLineTests.run(["render", "samples/shop", "-o", "-", "--format", "dot", "--max-elements", "-1"]).status == 2)
    }

    @Test func aLayoutPastTheTimeLimitStopsTheCommandWithWhatToDoInstead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CommandLineTests.run(["render", "samples/mail", "-o", folder.appendingPathComponent("mail.png").path, "--time-limit", "0.001"])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("flowgraph: error: Graphviz's dot layout did not finish within 0.001 s\nflowgraph: note: draw one flow"))
        #expect(run.errors.hasSuffix("flowgraph: note: or wait for Graphviz: --time-limit 0\n"))
        #expect(try Self.listing(folder) == [])
        #expect(try CommandLineTests.run(["render", "samples/mail", "-o", "-", "--format", "dot", "--time-limit", "nan"]).status == 2)

        // A file in the way is found before the layout starts, not after it.
        let theirs = folder.appendingPathComponent("theirs.png")
        try Data("not a picture FlowGraph drew".utf8).write(to: theirs)
        let refused = try CommandLineTests.run(["render", "samples/mail", "-o", theirs.path, "--time-limit", "0.001"])
        #expect(refused.status == 2 && refused.errors.hasSuffix("(pass --force to replace it)\n"), "\(refused.errors)")
    }
}
