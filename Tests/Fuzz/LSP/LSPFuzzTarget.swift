// The libFuzzer entry point of the language server: the message reader and the dispatch, on any
// bytes a client could write.
//
// Not a SwiftPM target: scripts/fuzz-lsp compiles this file together with Sources/FlowGraph,
// Sources/FlowGraphFiles and Sources/FlowGraphLanguageServer into one module, with
// `swiftc -sanitize=fuzzer,address`.
//
// Each input is a client's stream after `initialize` (sent first, with no workspace folder, so
// nothing is read from the disk): its first byte chooses the size of the pieces the stream is cut
// into (a pipe gives any), the rest is the stream. Invariants, each a crash when broken:
// - no crash, no sanitizer report, whatever the framing, the JSON or the params;
// - every message the server writes is a JSON object of JSON-RPC 2.0;
// - the reader gives the same messages whatever the pieces (checked against one whole piece).

import Foundation
import Glibc

func fuzzFailure(_ message: String) -> Never {
    let text = "FlowGraph LSP fuzz invariant broken: \(message)\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    abort()
}

/// The messages a reader gives for `stream`, fed in pieces of `size` bytes.
func readMessages(_ stream: ArraySlice<UInt8>, pieces size: Int) -> [MessageReader.Output] {
    var reader = MessageReader()
    var outputs: [MessageReader.Output] = []
    var index = stream.startIndex
    while index < stream.endIndex {
        let end = min(stream.endIndex, index + size)
        reader.append(stream[index..<end])
        index = end
        while let output = reader.next() { outputs.append(output) }
    }
    return outputs
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let first = bytes.first else { return 0 }
    let stream = bytes.dropFirst()
    let pieces = readMessages(stream, pieces: Int(first % 64) + 1)
    let whole = readMessages(stream, pieces: max(1, stream.count))
    if pieces != whole { fuzzFailure("the reader gave other messages for other pieces") }
    var written: [[UInt8]] = []
    let server = LanguageServer { written.append($0) }
    server.handle(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
    for output in pieces {
        guard server.exitStatus == nil else { break }
        if case .message(let body) = output { server.handle(body) }
    }
    for message in written {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(message))) as? [String: Any],
              object["jsonrpc"] as? String == "2.0" else {
            fuzzFailure("the server wrote something that is not JSON-RPC: \(String(decoding: message.prefix(200), as: UTF8.self))")
        }
    }
    return 0
}
