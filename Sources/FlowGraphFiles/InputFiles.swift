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
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        if onlyIfRegular {
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw InputError(description: "cannot read '\(path)': \(error.localizedDescription)")
        }
        guard data.count <= maximumFileSize else {
            throw InputError(description: "'\(path)' is larger than \(maximumFileSize / 1024 / 1024) MB")
        }
        return SourceFile(path: path, bytes: [UInt8](data))
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
