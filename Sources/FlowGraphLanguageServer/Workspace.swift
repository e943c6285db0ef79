import FlowGraph
import FlowGraphFiles
import Foundation

/// The program the editor works on: every `.flow` file under the workspace folder (as `check` reads
/// a folder: `InputFiles`, with `.flowignore`), where the documents the editor has open replace the
/// files on disk, and open documents outside the folder are added. One program, compiled as one.
final class Workspace {
    struct Document {
        var uri: String
        var version: Int?
        var bytes: [UInt8]
    }

    /// One compilation of the program, with what requests need to answer from it.
    final class Snapshot {
        let compilation: Compiler.Compilation
        /// Every name's occurrences, built when a request first asks (hover, definition, rename):
        /// a change that only needs its diagnostics published does not wait for it (a fifth of
        /// the time at 10,000 steps).
        private(set) lazy var index = SymbolIndex(compilation)
        /// Each file's path to its index in the compilation.
        let fileIndex: [String: Int]
        let lines: [LineIndex]

        init(compilation: Compiler.Compilation, fileIndex: [String: Int], lines: [LineIndex]) {
            self.compilation = compilation
            self.fileIndex = fileIndex
            self.lines = lines
        }
    }

    /// The workspace folder, an absolute path; nil: only the open documents.
    var root: String?
    /// Open documents by path.
    private(set) var documents: [String: Document] = [:]
    /// The files on disk, read once until something says they changed (open, close, save).
    private var diskFiles: [SourceFile]?
    private var cached: Snapshot?
    /// The files' parses, kept between compilations: after an edit, only the edited file is parsed.
    private let parses = ParseCache()

    /// The path a `file:` URI names, standardized; nil for another scheme or a malformed URI.
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        return path.isEmpty ? nil : path
    }

    /// The URI to send for a path: the one the client opened it with, else a `file:` URI.
    func uri(of path: String) -> String {
        documents[path]?.uri ?? URL(fileURLWithPath: path).absoluteString
    }

    func open(uri: String, version: Int?, text: String) {
        guard let path = Self.path(of: uri) else { return }
        documents[path] = Document(uri: uri, version: version, bytes: Array(text.utf8))
        diskFiles = nil
        cached = nil
    }

    /// Applies a change; false when the document is not open (a change before its open is ignored).
    func change(uri: String, version: Int?, changes: [ContentChange]) -> Bool {
        guard let path = Self.path(of: uri), var document = documents[path] else { return false }
        for change in changes {
            if let range = change.range {
                let lines = LineIndex(SourceFile(path: path, bytes: document.bytes))
                let start = lines.offset(of: range.start)
                let end = max(start, lines.offset(of: range.end))
                document.bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
            } else {
                document.bytes = Array(change.text.utf8)
            }
        }
        document.version = version
        documents[path] = document
        cached = nil
        return true
    }

    func close(uri: String) {
        guard let path = Self.path(of: uri) else { return }
        documents[path] = nil
        diskFiles = nil
        cached = nil
    }

    /// Something on disk may have changed (a save, a file created or deleted).
    func diskChanged() {
        diskFiles = nil
        cached = nil
    }

    func version(of path: String) -> Int? { documents[path]?.version }

    /// The current compilation, compiled now if anything changed since the last.
    func snapshot() -> Snapshot {
        if let cached { return cached }
        if diskFiles == nil { diskFiles = readDisk() }
        var files: [SourceFile] = []
        var seen = Set<String>()
        for file in diskFiles ?? [] where seen.insert(file.path).inserted {
            files.append(documents[file.path].map { SourceFile(path: file.path, bytes: $0.bytes) } ?? file)
        }
        for (path, document) in documents.sorted(by: { $0.key < $1.key }) where seen.insert(path).inserted {
            files.append(SourceFile(path: path, bytes: document.bytes))
        }
        // The journeys run too where the server runs on the main thread, as `flowgraph lsp` does:
        // their navigator is the main actor's. A server on another thread (in-process tests)
        // reports the rest of the findings without them.
        let parses = self.parses
        let compilation = Thread.isMainThread
            ? MainActor.assumeIsolated { Compiler.compileAndRunJourneys(files, cache: parses) } : Compiler.compile(files, cache: parses)
        let snapshot = Snapshot(
            compilation: compilation,
            fileIndex: Dictionary(files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first }),
            lines: files.map(LineIndex.init))
        cached = snapshot
        return snapshot
    }

    /// What could not be read of the workspace folder at the last reading (each file's reason), for
    /// the server to tell the user: those files are left out of the program.
    private(set) var diskProblems: [String] = []

    /// The `.flow` files under the root, by absolute path; a file that cannot be read is left out
    /// (and said in `diskProblems`), the others are read.
    private func readDisk() -> [SourceFile] {
        diskProblems = []
        guard let root else { return [] }
        let paths: [String]
        do {
            paths = try InputFiles.flowFilePaths(in: root)
        } catch {
            diskProblems = ["\(error)"]
            return []
        }
        var files: [SourceFile] = []
        for path in paths {
            do {
                if let file = try InputFiles.load(listed: path) { files.append(file) }
            } catch {
                diskProblems.append("\(error)")
            }
        }
        return files.map { SourceFile(path: URL(fileURLWithPath: $0.path).standardizedFileURL.path, bytes: $0.bytes) }
    }
}
