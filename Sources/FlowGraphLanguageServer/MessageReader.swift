/// Reads `Content-Length`-framed messages (the base protocol of LSP) from bytes as they arrive.
///
/// Incremental: bytes come in whatever pieces a pipe gives, and each complete message comes out
/// once. Robust: a header without a usable `Content-Length` (missing, negative, not a number) is
/// reported and skipped; a length over `maximumMessageSize` is reported and its body skipped as it
/// arrives, never buffered; garbage where a header should be is dropped once it is longer than any
/// header could be. Nothing here can crash on any input: the fuzz target (Tests/Fuzz/LSP) checks it.
public struct MessageReader: Sendable {
    /// The largest message body accepted (a whole program's text fits many times over).
    public static let maximumMessageSize = 32 * 1024 * 1024
    /// The longest header block read before the bytes are taken for garbage.
    public static let maximumHeaderSize = 4096

    public enum Output: Sendable, Equatable {
        /// A message's body (JSON, not yet parsed).
        case message([UInt8])
        /// A framing problem, described; the reader has already skipped past it.
        case framingError(String)
    }

    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start (bytes before it are dropped in batches).
    private var head = 0
    /// Bytes of a refused message's body still to be skipped.
    private var skipping = 0

    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message or framing error, or nil when more bytes are needed.
    public mutating func next() -> Output? {
        defer { compact() }
        if skipping > 0 {
            let skipped = min(skipping, buffer.count - head)
            head += skipped
            skipping -= skipped
            if skipping > 0 { return nil }
        }
        guard head < buffer.count else { return nil }
        guard let (headerEnd, bodyStart) = findHeaderEnd() else {
            // No header ends in the first `maximumHeaderSize` bytes: drop them, and look again after
            // them (the same bytes are dropped whatever the pieces the stream came in).
            if buffer.count - head >= Self.maximumHeaderSize + 2 {
                head += Self.maximumHeaderSize
                return .framingError("no message header in \(Self.maximumHeaderSize) bytes: skipped")
            }
            return nil
        }
        let header = String(decoding: buffer[head..<headerEnd], as: UTF8.self)
        var length: Int?
        var sawLength = false
        for line in header.split(whereSeparator: { $0 == "\r" || $0 == "\n" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = trimmingBlanks(line[..<colon]).lowercased()
            guard name == "content-length" else { continue }
            sawLength = true
            length = Int(trimmingBlanks(line[line.index(after: colon)...]))
        }
        guard let length, length >= 0 else {
            head = bodyStart
            return .framingError(sawLength ? "invalid Content-Length in header '\(header.prefix(80))'" : "header without Content-Length")
        }
        guard length <= Self.maximumMessageSize else {
            head = bodyStart
            skipping = length
            return .framingError("message of \(length) bytes is larger than \(Self.maximumMessageSize): skipped")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        head = bodyStart + length
        return .message(body)
    }

    /// The end of the header block from `head` and where the body starts: after `\r\n\r\n` (or a
    /// bare `\n\n`, which some clients write).
    private func findHeaderEnd() -> (Int, Int)? {
        var index = head
        let limit = min(buffer.count, head + Self.maximumHeaderSize)
        while index < limit {
            if buffer[index] == UInt8(ascii: "\n") {
                if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "\n") { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"), buffer[index + 2] == UInt8(ascii: "\n") {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    private mutating func compact() {
        if head >= buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count < 1 << 20)
            head = 0
        } else if head > 65536, head * 2 > buffer.count {
            buffer.removeSubrange(0..<head)
            head = 0
        }
    }

    /// The frame of a message body: the header, then the body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

/// `text` without the spaces and tabs around it.
private func trimmingBlanks<Text: StringProtocol>(_ text: Text) -> String {
    var slice = Substring(text)
    while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
    return String(slice)
}
