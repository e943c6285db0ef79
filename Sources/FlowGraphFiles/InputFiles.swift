import FlowGraph
import Foundation

/// Why the input could not be read, or the output not written.
public struct InputError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

/// Finds and reads the `.flow` files of a program.
///
/// A directory contributes every `*.flow` file below it, in sorted order, except hidden
/// folders and what a `.flowignore` file in it or below it excludes (one pattern a line,
/// relative to that file's folder: `errors/` skips a folder, `*.draft.flow` skips files).
public enum InputFiles {
    /// The largest file read; larger input is refused with a usage error rather than exhausting memory.
    public static let maximumFileSize = 64 * 1024 * 1024

    /// Reads `paths` (files, or folders searched for `.flow` files) once each, in the order given.
    /// A path named here is read whatever it is (`check <(...)` reads a pipe); a file found in a
    /// folder only when it is a regular file.
    public static func load(_ paths: [String]) throws -> [SourceFile] {
        var found: [(path: String, isListed: Bool)] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(description: "no such file or directory: '\(path)'")
            }
            if isDirectory.boolValue {
                let files = try flowFiles(in: path)
                if files.isEmpty { throw InputError(description: "no .flow files found in '\(path)'") }
                found += files.map { ($0, true) }
            } else {
                found.append((path, false))
            }
        }
        var seen = Set<String>()
        return try found.filter { seen.insert(URL(fileURLWithPath: $0.path).standardizedFileURL.path).inserted }
            .compactMap { try read($0.path, onlyIfRegular: $0.isListed) }
    }

    /// Reads a file that a folder's listing found (`flowFilePaths`), or nil when it is no longer a
    /// regular file: a pipe put in its place since would make the read wait for ever.
    public static func load(listed path: String) throws -> SourceFile? {
        try read(path, onlyIfRegular: true)
    }

    /// Reads a file; with `onlyIfRegular`, nil for anything else. The file is opened without
    /// waiting (a pipe with no writer would block `open` itself) and its type is asked of what was
    /// opened, so that nothing can take its place between the check and the read.
    private static func read(_ path: String, onlyIfRegular: Bool) throws -> SourceFile? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (onlyIfRegular ? O_NONBLOCK : 0))
        guard descriptor >= 0 else { throw InputError(description: "cannot read '\(path)'") }
        defer { close(descriptor) }
        var status = stat()
        let hasStatus = fstat(descriptor, &status) == 0
        if onlyIfRegular {
            guard hasStatus, status.st_mode & S_IFMT == S_IFREG else { return nil }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        let size = hasStatus && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        let bytes = try readAll(descriptor, path: path, expected: size)
        return SourceFile(path: path, bytes: bytes)
    }

    /// The bytes `descriptor` reads until its end, `expected` (a regular file's size) read straight
    /// into the array, where reading into `Data` and copying it touched the file's size of memory
    /// twice; refused past `maximumFileSize`, before more is read.
    private static func readAll(_ descriptor: Int32, path: String, expected: Int) throws -> [UInt8] {
        func tooLarge() -> InputError { InputError(description: "'\(path)' is larger than \(maximumFileSize / 1024 / 1024) MB") }
        func failed() -> InputError { InputError(description: "cannot read '\(path)': \(String(cString: strerror(errno)))") }
        guard expected <= maximumFileSize else { throw tooLarge() }
        var failure: InputError?
        // The expected size and one byte more, so that a file that grew since is seen to go on.
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            while count < buffer.count {
                let got = readBytes(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = failed() }
                if got <= 0 { break }
                count += got
            }
        }
        if let failure { throw failure }
        guard bytes.count > expected else { return bytes }
        // It went on (a pipe, or a file written to since): the rest, a block at a time.
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = block.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw failed() }
            if got == 0 { return bytes }
            bytes += block[..<got]
            guard bytes.count <= maximumFileSize else { throw tooLarge() }
        }
    }

    /// The paths of the `.flow` files below `directory` as `load` finds them (sorted, hidden folders
    /// and what `.flowignore` files exclude left out), without reading them: for a caller that
    /// reads each on its own and goes on past one it cannot read (the language server).
    public static func flowFilePaths(in directory: String) throws -> [String] {
        try flowFiles(in: directory)
    }

    /// Whether `path` is a regular file (after links), not a pipe, socket or device: a listing
    /// leaves the others out (and `read` asks again of what it opened).
    private static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: (path as NSString).resolvingSymlinksInPath)[.type] as? FileAttributeType)
            == .typeRegular
    }

    /// The `.flow` files below `directory`, sorted, honouring `.flowignore` files.
    private static func flowFiles(in directory: String) throws -> [String] {
        var result: [String] = []
        var pending: [(path: String, ignores: [IgnoreRule])] = [(directory, [])]
        let manager = FileManager.default
        while let (path, inherited) = pending.popLast() {
            var ignores = inherited
            let ignoreFile = (path as NSString).appendingPathComponent(".flowignore")
            if let text = try? String(contentsOfFile: ignoreFile, encoding: .utf8) {
                ignores += IgnoreRule.parse(text, base: path)
            }
            let names: [String]
            do {
                names = try manager.contentsOfDirectory(atPath: path).sorted()
            } catch {
                throw InputError(description: "cannot read directory '\(path)'")
            }
            var subdirectories: [String] = []
            for name in names where !name.hasPrefix(".") {
                let child = path == "." ? name : (path as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: child, isDirectory: &isDirectory) else { continue }
                if ignores.contains(where: { $0.matches(child, isDirectory: isDirectory.boolValue) }) { continue }
                if isDirectory.boolValue {
                    subdirectories.append(child)
                } else if name.hasSuffix(".flow"), isRegularFile(child) {
                    // A pipe or a device named *.flow would block the read for ever: only files.
                    result.append(child)
                }
            }
            for subdirectory in subdirectories.reversed() { pending.append((subdirectory, ignores)) }
        }
        return result.sorted()
    }
}

/// One line of a `.flowignore` file.
struct IgnoreRule {
    let base: String
    let pattern: String
    let directoryOnly: Bool
    /// A pattern with a '/' at its start or inside matches the path relative to the `.flowignore`'s folder.
    let isAnchored: Bool

    static func parse(_ text: String, base: String) -> [IgnoreRule] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            var pattern = line.trimmingCharacters(in: .whitespaces)
            guard !pattern.isEmpty, !pattern.hasPrefix("#") else { return nil }
            let directoryOnly = pattern.hasSuffix("/")
            let isAnchored = pattern.hasPrefix("/")
            while pattern.hasSuffix("/") { pattern.removeLast() }
            while pattern.hasPrefix("/") { pattern.removeFirst() }
            return pattern.isEmpty ? nil : IgnoreRule(
                base: base, pattern: pattern, directoryOnly: directoryOnly, isAnchored: isAnchored || pattern.contains("/"))
        }
    }

    /// Anchored patterns match the path relative to the `.flowignore`'s folder; others match the name.
    func matches(_ path: String, isDirectory: Bool) -> Bool {
        if directoryOnly && !isDirectory { return false }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        let subject = isAnchored ? relative : (relative as NSString).lastPathComponent
        return fnmatch(pattern, subject, FNM_PATHNAME) == 0
    }
}

/// The system's `read(2)`, named apart: inside `InputFiles`, `read` is its own.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
