#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One `.flow` file as read: its path as given, and its bytes.
///
/// Positions everywhere are byte offsets into `bytes`; they become line:column only when
/// shown, through the table of line starts (as Go's go/token does).
public struct SourceFile: Sendable {
    /// The path as the user gave it (or as found below a directory); used in diagnostics.
    public let path: String
    /// The file's bytes, unchanged. A leading UTF-8 byte-order mark is kept and skipped by the lexer.
    public let bytes: [UInt8]
    /// Offsets at which each line starts; line 1 starts at 0.
    public let lineStarts: LineStarts

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts: [UInt32] = [0]
        starts.reserveCapacity(bytes.count / 32)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            if memchr(base, Int32(UInt8(ascii: "\r")), count) == nil {
                // Only LF line ends, as almost every file has: `memchr` finds each.
                var offset = 0
                while offset < count, let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), count - offset) {
                    offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
                    starts.append(UInt32(truncatingIfNeeded: offset))
                }
                return
            }
            var index = 0
            while index < count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\n") {
                    starts.append(UInt32(truncatingIfNeeded: index + 1))
                } else if byte == UInt8(ascii: "\r") {
                    // CR LF counts as one line end; a lone CR is a line end too.
                    if index + 1 < count, buffer[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(UInt32(truncatingIfNeeded: index + 1))
                }
                index += 1
            }
        }
        lineStarts = LineStarts(offsets: starts)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 1-based line and column of a byte offset. Columns count bytes, as clang and Go do.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        // The last line that starts at or before the offset (the first starts at 0).
        let low = lineStarts.partitionIndex { $0 <= clamped } - 1
        // A byte-order mark is not a column.
        let skipped = low == 0 && hasByteOrderMark ? min(3, clamped) : 0
        return SourceLocation(line: low + 1, column: clamped - lineStarts[low] - skipped + 1)
    }

    /// The text of a 1-based line, without its line end.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = line == 1 && hasByteOrderMark ? 3 : lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether the file starts with a UTF-8 byte-order mark.
    public var hasByteOrderMark: Bool { bytes.starts(with: [0xEF, 0xBB, 0xBF]) }

    /// The text of a byte range, decoded leniently (invalid UTF-8 becomes U+FFFD).
    public func text(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}

/// A 1-based line and column, for display.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public let line: Int
    public let column: Int

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A byte range in one file of a program, identified by the file's index.
///
/// Stored in 32 bits each (12 bytes, not 24): a file is at most `SourceLimits.fileSize` bytes, and
/// every name, step and clause of a program's syntax and of the resolved program holds ranges.
public struct SourceRange: Hashable, Sendable, Comparable {
    private let storedFile: UInt32
    private let storedStart: UInt32
    private let storedEnd: UInt32

    /// The file's index in the program.
    public var file: Int { Int(storedFile) }
    public var start: Int { Int(storedStart) }
    public var end: Int { Int(storedEnd) }

    public init(file: Int, start: Int, end: Int) {
        storedFile = UInt32(clamping: file)
        storedStart = UInt32(clamping: start)
        storedEnd = UInt32(clamping: max(start, end))
    }

    /// Whether `other` lies inside `self` (same file, bounds included).
    public func contains(_ other: SourceRange) -> Bool {
        file == other.file && start <= other.start && other.end <= end
    }

    /// The range from the start of `self` to the end of `other` (same file).
    public func extended(to other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: start, end: max(end, other.end))
    }

    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.storedFile, lhs.storedStart, lhs.storedEnd) < (rhs.storedFile, rhs.storedStart, rhs.storedEnd)
    }
}

/// The offsets at which a file's lines start, 4 bytes a line (a file is at most
/// `SourceLimits.fileSize` bytes): a large file has hundreds of thousands of lines.
public struct LineStarts: RandomAccessCollection, Sendable, Hashable {
    fileprivate let offsets: [UInt32]

    public var startIndex: Int { 0 }
    public var endIndex: Int { offsets.count }
    public subscript(line: Int) -> Int { Int(offsets[line]) }
}
