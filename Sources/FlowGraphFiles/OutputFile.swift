import FlowGraph
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files safely (see docs/Reliability.md):
///
/// - atomically: the bytes go to a temporary file in the same folder, which `rename(2)` then puts
///   in place, so a reader, or a run killed half-way, sees the old file or the new one, never a part;
/// - not at all when the file already holds the same bytes, so builds that depend on it stay
///   incremental (its modification time and inode do not change);
/// - never over a file FlowGraph did not write (told by the signature of its format, see
///   `Kind.isSigned`), unless forced; an empty file is replaced, as it holds nothing to lose;
/// - never through a symbolic link, and never onto a folder, device or pipe;
/// - with nothing left behind on failure: the temporary file is removed, and temporary files that
///   a killed run of FlowGraph left next to the output are removed by the next write there.
public enum OutputFile {
    /// Writes `bytes` to `path`, a file of format `kind`; returns whether the file changed.
    ///
    /// - Parameter force: replace a file that FlowGraph did not write, or a symbolic link (the link
    ///   is replaced, never what it points to).
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String, as kind: Kind, force: Bool = false) throws(OutputError) -> Bool {
        try write(bytes, to: path, signedAs: kind, force: force)
    }

    /// Rewrites a file of the user's own in place (`flowgraph fmt -w`), as safely as `write`:
    /// atomically, keeping its mode, and not at all when it already holds `bytes`. It needs no
    /// signature (the formatter writes back the same program), but is never a link, a folder or
    /// a device. Returns whether the file changed.
    @discardableResult
    public static func rewrite(_ bytes: [UInt8], at path: String) throws(OutputError) -> Bool {
        try write(bytes, to: path, signedAs: nil, force: false)
    }

    /// `kind`: the format whose signature a file must carry to be replaced; nil for the user's own file.
    private static func write(_ bytes: [UInt8], to path: String, signedAs kind: Kind?, force: Bool) throws(OutputError) -> Bool {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        removeStaleTemporaryFiles(of: name, in: folder)
        var mode: mode_t?
        switch try existing(path, as: kind, comparedWith: bytes, force: force) {
        case .none: break
        case .same: return false
        case .replaceable(let existingMode): mode = existingMode
        }

        let temporary = (folder as NSString).appendingPathComponent(TemporaryName.make(for: name))
        do throws(OutputError) {
            try writeNew(bytes, to: temporary, mode: mode, reportedAs: path)
            // rename(2) replaces the file in one step. (Foundation's replaceItemAt on Linux can
            // fail and lose the old file.)
            guard rename(temporary, path) == 0 else {
                throw OutputError(path: path, reason: .cannotWrite(lastErrorText()))
            }
        } catch {
            unlink(temporary)
            throw error
        }
        return true
    }

    /// Checks, before the work that makes the bytes, that `path` may be written: it throws what
    /// `write` would throw for the file there now (a file FlowGraph did not write, a folder...).
    public static func checkWritable(_ path: String, as kind: Kind, force: Bool = false) throws(OutputError) {
        _ = try existing(path, as: kind, comparedWith: nil, force: force)
    }

    /// What is at `path` now.
    private enum Existing {
        /// Nothing, or a symbolic link that `force` lets replace.
        case none
        /// A file that already holds the bytes.
        case same
        /// A regular file that may be replaced, with its mode.
        case replaceable(mode_t)
    }

    private static func existing(_ path: String, as kind: Kind?, comparedWith bytes: [UInt8]?, force: Bool) throws(OutputError) -> Existing {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return .none }
            throw OutputError(path: path, reason: .cannotWrite(lastErrorText()))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            // Read whole only when it may hold the same bytes; otherwise its ends hold the signature.
            let size = Int(status.st_size)
            if let bytes, size == bytes.count, try contents(of: path) == bytes { return .same }
            if size > 0, !force, let kind, !kind.isSigned(head: try contents(of: path, from: 0, count: Kind.headSize),
                                                tail: try contents(of: path, from: max(0, size - Kind.tailSize), count: Kind.tailSize)) {
                throw OutputError(path: path, reason: .notWrittenByFlowGraph)
            }
            return .replaceable(status.st_mode & 0o7777)
        case S_IFLNK:
            guard force else { throw OutputError(path: path, reason: .symbolicLink) }
            return .none
        case S_IFDIR:
            throw OutputError(path: path, reason: .cannotWrite("it is a folder"))
        default:
            throw OutputError(path: path, reason: .cannotWrite("it is not a regular file"))
        }
    }

    /// Creates `temporary` (it must not exist), writes `bytes` and flushes them to the disk.
    private static func writeNew(_ bytes: [UInt8], to temporary: String, mode: mode_t?, reportedAs path: String) throws(OutputError) {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: .cannotWrite(lastErrorText())) }
        defer { close(descriptor) }
        // A new file gets the mode the umask allows; a replaced file keeps its own.
        if let mode { fchmod(descriptor, mode) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, reason: .cannotWrite(lastErrorText()))
            }
            written += result
        }
        // On the disk before the rename makes it the file: a crash of the machine then leaves the
        // old file or the whole new one.
        guard fsync(descriptor) == 0 else { throw OutputError(path: path, reason: .cannotWrite(lastErrorText())) }
    }

    /// The bytes of an existing regular file, or `count` of them from `offset`.
    private static func contents(of path: String, from offset: Int = 0, count: Int? = nil) throws(OutputError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw OutputError(path: path, reason: .cannotWrite("it exists and cannot be read"))
        }
        defer { try? handle.close() }
        do {
            try handle.seek(toOffset: UInt64(offset))
            let data = try count.map { try handle.read(upToCount: $0) } ?? handle.readToEnd()
            return [UInt8](data ?? Data())
        } catch {
            throw OutputError(path: path, reason: .cannotWrite("it exists and cannot be read"))
        }
    }

    /// Removes the temporary files of `name` in `folder` whose writer is no longer running: a run
    /// killed between creating its temporary file and renaming it leaves one behind.
    static func removeStaleTemporaryFiles(of name: String, in folder: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries {
            guard let writer = TemporaryName.writer(of: entry, for: name), !isRunning(writer) else { continue }
            unlink((folder as NSString).appendingPathComponent(entry))
        }
    }

    private static func isRunning(_ process: pid_t) -> Bool {
        process == getpid() || kill(process, 0) == 0 || errno != ESRCH
    }

    private static func lastErrorText() -> String { String(cString: strerror(errno)) }
}

/// write(2), under a name that the `write` methods do not hide.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}

/// The hidden temporary file next to an output: `.NAME.PID.RANDOM.tmp`. The process id tells
/// the next run whether the writer is still running; the random part keeps two writers apart.
enum TemporaryName {
    static func make(for name: String) -> String {
        ".\(name).\(getpid()).\(String(UInt32.random(in: .min ... .max), radix: 16)).tmp"
    }

    /// The process that wrote `entry`, when `entry` is a temporary file of `name`.
    static func writer(of entry: String, for name: String) -> pid_t? {
        let prefix = ".\(name).", suffix = ".tmp"
        guard entry.hasPrefix(prefix), entry.hasSuffix(suffix), entry.count > prefix.count + suffix.count else { return nil }
        let middle = entry.dropFirst(prefix.count).dropLast(suffix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard middle.count == 2, let process = pid_t(middle[0]), process > 0,
              !middle[1].isEmpty, middle[1].allSatisfy(\.isHexDigit) else { return nil }
        return process
    }
}

/// Why an output file was not written. The file, if any, is left as it was.
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public enum Reason: Sendable, Equatable {
        /// The file exists, is not empty, and carries no FlowGraph signature.
        case notWrittenByFlowGraph
        /// The path is a symbolic link, which FlowGraph neither follows nor replaces unless forced.
        case symbolicLink
        /// The system refused, or the path is a folder or a special file.
        case cannotWrite(String)
    }

    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// Whether forcing would write the file.
    public var isForceable: Bool { reason == .notWrittenByFlowGraph || reason == .symbolicLink }

    public var description: String {
        switch reason {
        case .notWrittenByFlowGraph: "'\(path)' exists and was not written by FlowGraph; it was left as it is"
        case .symbolicLink: "'\(path)' is a symbolic link; it was left as it is"
        case .cannotWrite(let why): "cannot write '\(path)': \(why)"
        }
    }
}
