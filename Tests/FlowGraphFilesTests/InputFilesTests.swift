import FlowGraph
@testable import FlowGraphFiles
import Foundation
import Testing

/// `InputFiles`: a folder contributes its regular `.flow` files only, and the check is made on
/// what was opened, so a pipe that takes a file's place between the listing and the read is left
/// out instead of making the read wait for ever; a path named by the caller is read whatever it is.
@Suite("Input files")
struct InputFilesTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let program = "flow A {\n    start B\n    step B\n}\n"

    final class Box<T>: @unchecked Sendable {
        var value: Result<T, any Error>?
    }

    /// `body`, run on a thread of its own and waited for at most a minute: past that, the pipe is
    /// opened for writing and closed, which ends a read it blocks, and the test fails. The bound
    /// is on the read, not a `.timeLimit` on the test, whose clock also counts the time the test
    /// waits for a thread of Swift's cooperative pool, which other tests may hold for minutes.
    static func withinAMinute<T>(releasing pipe: String, _ body: @escaping @Sendable () throws -> T) throws -> T? {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.value = Result { try body() }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + 60) == .timedOut else { return try box.value?.get() }
        let writer = open(pipe, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        done.wait()
        Issue.record("still reading '\(pipe)' after a minute")
        return nil
    }

    @Test func aListedFileThatIsAPipeIsLeftOutWithoutWaiting() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("A.flow").path
        try Self.program.write(toFile: file, atomically: true, encoding: .utf8)
        let pipe = folder.appendingPathComponent("Pipe.flow").path
        #expect(mkfifo(pipe, 0o600) == 0)
        // As the language server reads a listing, file by file: the pipe is not a file.
        #expect(try Self.withinAMinute(releasing: pipe) { try InputFiles.load(listed: pipe) == nil } == true)
        #expect(try InputFiles.load(listed: file)?.bytes == Array(Self.program.utf8))
        // The folder: its regular file only.
        #expect(try Self.withinAMinute(releasing: pipe) { try InputFiles.load([folder.path]).map(\.path) } == [file])
        #expect(throws: InputError.self) { try InputFiles.load(listed: folder.appendingPathComponent("Gone.flow").path) }
    }

    /// `flowgraph check <(...)`: a pipe named on the command line is read to its end.
    @Test func aPipeNamedByTheCallerIsRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("named.flow").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let writer = Thread {
            // Opening for writing waits for the reader, as a shell's process substitution does.
            guard let handle = FileHandle(forWritingAtPath: pipe) else { return }
            handle.write(Data(Self.program.utf8))
            try? handle.close()
        }
        writer.start()
        let files = try Self.withinAMinute(releasing: pipe) { try InputFiles.load([pipe]) }
        #expect(files?.map(\.bytes) == [Array(Self.program.utf8)])
    }
}
