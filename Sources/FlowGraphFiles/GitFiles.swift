import FlowGraph
import Foundation

/// Reads `.flow` files as they were at a git commit, for `flowgraph diff --against REF`.
///
/// The comparison is with the merge-base of REF and HEAD, not with REF's tip: a pull request is
/// judged by what it changes, not by what its base branch changed since it forked (buf's users'
/// most repeated complaint about `buf breaking --against`). Git runs in the current folder, and
/// paths are relative to it, as the other commands take them.
public enum GitFiles {
    /// The commit to compare with.
    public struct Base: Sendable {
        public let commit: String
        /// Whether it is the merge-base of REF and HEAD; false when they have no common history
        /// and REF itself is used.
        public let isMergeBase: Bool
    }

    /// The merge-base of `ref` and HEAD, or `ref` itself when there is none.
    public static func base(against ref: String) throws -> Base {
        let resolved = try git(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], what: "'\(ref)' is not a commit")
        let mergeBase = try run(["merge-base", ref, "HEAD"])
        if mergeBase.status == 0, let commit = mergeBase.output.split(separator: "\n").first {
            return Base(commit: String(commit), isMergeBase: true)
        }
        // Exit status 1 without output: no common ancestor. Anything else is a failure of git.
        guard mergeBase.status == 1 else { throw InputError(description: "git merge-base failed: \(mergeBase.errors.trimmed)") }
        return Base(commit: resolved.trimmed, isMergeBase: false)
    }

    /// The `.flow` files below `paths` at `commit`, as `InputFiles.load` finds them in the work
    /// tree (hidden names skipped, `.flowignore` files of that commit honoured), each named
    /// `COMMIT:path` with the commit's first 12 digits. A path that the commit does not have
    /// contributes nothing (the files are new).
    public static func load(_ paths: [String], at commit: String) throws -> [SourceFile] {
        var found: [String] = []
        for path in paths {
            // NUL-separated: names with spaces or non-ASCII letters are not quoted then.
            let listed = try git(["ls-tree", "-r", "-z", "--name-only", commit, "--", path], what: "cannot list '\(path)' at \(commit)")
            let names = listed.split(separator: "\0").map(String.init)
            let root = path.hasSuffix("/") ? String(path.dropLast()) : path
            if names == [root] || names == [normalized(root)] {
                found += names  // A file named on the command line is always read.
                continue
            }
            let ignoreFiles = names.filter { ($0 as NSString).lastPathComponent == ".flowignore" }
            var rules: [String: [IgnoreRule]] = [:]
            for file in ignoreFiles {
                let text = try git(["show", "\(commit):./\(file)"], what: "cannot read '\(file)' at \(commit)")
                rules[(file as NSString).deletingLastPathComponent] = IgnoreRule.parse(text, base: (file as NSString).deletingLastPathComponent)
            }
            found += names.filter { $0.hasSuffix(".flow") && !isExcluded($0, below: normalized(root), rules: rules) }
        }
        var seen = Set<String>()
        let short = String(commit.prefix(12))
        return try found.filter { seen.insert($0).inserted }.sorted().map { path in
            let bytes = try gitData(["show", "\(commit):./\(path)"], what: "cannot read '\(path)' at \(commit)")
            return SourceFile(path: "\(short):\(path)", bytes: bytes)
        }
    }

    /// Whether a file below `root` is hidden or excluded by a `.flowignore` in `root` or below it.
    private static func isExcluded(_ file: String, below root: String, rules: [String: [IgnoreRule]]) -> Bool {
        let components = file.split(separator: "/").map(String.init)
        let rootDepth = root == "." || root.isEmpty ? 0 : root.split(separator: "/").count
        var active: [IgnoreRule] = []
        var folder = components.prefix(rootDepth).joined(separator: "/")
        for (index, name) in components.enumerated() where index >= rootDepth {
            active += rules[folder.isEmpty ? "" : folder] ?? []
            let path = folder.isEmpty ? name : folder + "/" + name
            let isDirectory = index < components.count - 1
            if name.hasPrefix(".") || active.contains(where: { $0.matches(path, isDirectory: isDirectory) }) { return true }
            folder = path
        }
        return false
    }

    private static func normalized(_ path: String) -> String {
        var result = path
        while result.hasPrefix("./") { result.removeFirst(2) }
        return result.isEmpty ? "." : result
    }

    // MARK: - Running git

    private struct Output {
        let status: Int32
        let data: Data
        let errors: String
        var output: String { String(decoding: data, as: UTF8.self) }
    }

    private static func git(_ arguments: [String], what: String) throws -> String {
        String(decoding: try gitData(arguments, what: what), as: UTF8.self)
    }

    private static func gitData(_ arguments: [String], what: String) throws -> [UInt8] {
        let result = try run(arguments)
        guard result.status == 0 else {
            let detail = result.errors.trimmed
            throw InputError(description: detail.isEmpty ? what : "\(what): \(detail)")
        }
        return [UInt8](result.data)
    }

    private static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw InputError(description: "cannot run git: \(error.localizedDescription)")
        }
        // Standard output first, whole: a file's bytes may fill the pipe. Git's messages on
        // standard error are a few lines, which the pipe holds until they are read.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, data: data, errors: String(decoding: errorData, as: UTF8.self))
    }
}

private extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
