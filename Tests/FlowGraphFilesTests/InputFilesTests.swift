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

    @Test(.timeLimit(.minutes(1))) func aListedFileThatIsAPipeIsLeftOutWithoutWaiting() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("A.flow").path
        try Self.program.write(toFile: file, atomically: true, encoding: .utf8)
        let pipe = folder.appendingPathComponent("Pipe.flow").path
        #expect(mkfifo(pipe, 0o600) == 0)
        // As the language server reads a listing, file by file: the pipe is not a file.
        #expect(try InputFiles.load(listed: pipe) == nil)
        #expect(try InputFiles.load(listed: file)?.bytes == Array(Self.program.utf8))
        // The folder: its regular file only.
        #expect(try InputFiles.load([folder.path]).map(\.path) == [file])
        #expect(throws: InputError.self) { try InputFiles.load(listed: folder.appendingPathComponent("Gone.flow").path) }
    }

    /// `flowgraph check <(...)`: a pipe named on the command line is read to its end.
    @Test(.timeLimit(.minutes(1))) func aPipeNamedByTheCallerIsRead() throws {
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
        let files = try InputFiles.load([pipe])
        #expect(files.map(\.bytes) == [Array(Self.program.utf8)])
    }
}
