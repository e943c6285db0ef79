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
    public static func load(_ paths: [String]) throws -> [SourceFile] {
        var found: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(description: "no such file or directory: '\(path)'")
            }
            if isDirectory.boolValue {
                let files = try flowFiles(in: path)
                if files.isEmpty { throw InputError(description: "no .flow files found in '\(path)'") }
                found += files
            } else {
                found.append(path)
            }
        }
        var seen = Set<String>()
        return try found.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }.map(read)
    }

    private static func read(_ path: String) throws -> SourceFile {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError(description: "cannot read '\(path)'")
        }
        defer { try? handle.close() }
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

    /// Whether `path` is a regular file (after links), not a pipe, socket or device.
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
