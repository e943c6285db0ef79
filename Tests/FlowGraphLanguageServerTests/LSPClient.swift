import FlowGraphLanguageServer
import Foundation

/// A client that talks to the server the way an editor does: framed JSON over pipes, the server
/// running its own loop (`LanguageServer.run`) on a thread of its own, as `flowgraph lsp` runs it.
///
/// Every wait is for a message, never for a time: a missing answer shows as the end of the stream
/// (the server's loop ended) rather than as a timer.
final class LSPClient {
    let toServer = Pipe()
    let fromServer = Pipe()
    private var reader = MessageReader()
    /// Messages read but not yet asked for.
    /// The messages read while waiting for another, in order.
    private(set) var pending: [[String: Any]] = []
    private var nextID = 1
    let thread: Thread
    /// The server's exit status, once its loop has returned.
    private let status = StatusBox()

    final class StatusBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int32?
        var status: Int32? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    init() {
        let input = toServer.fileHandleForReading
        let output = fromServer.fileHandleForWriting
        let box = status
        thread = Thread {
            box.status = LanguageServer.run(input: input, output: output)
            try? output.close()
        }
        thread.start()
    }

    var exitStatus: Int32? { status.status }

    /// Sends raw bytes, framing included.
    func sendRaw(_ bytes: [UInt8]) {
        toServer.fileHandleForWriting.write(Data(bytes))
    }

    func sendBody(_ body: String) {
        sendRaw(MessageReader.frame(Array(body.utf8)))
    }

    func send(_ object: [String: Any]) {
        var message = object
        message["jsonrpc"] = "2.0"
        let data = (try? JSONSerialization.data(withJSONObject: message)) ?? Data()
        sendRaw(MessageReader.frame(Array(data)))
    }

    func notify(_ method: String, _ params: [String: Any]) {
        send(["method": method, "params": params])
    }

    /// Sends a request and returns its response (the other messages read meanwhile are kept).
    @discardableResult
    func request(_ method: String, _ params: [String: Any]) -> [String: Any]? {
        let id = nextID
        nextID += 1
        send(["id": id, "method": method, "params": params])
        return waitFor { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// The next message (kept or read) that `matches`, or nil when the stream ends first.
    func waitFor(_ matches: ([String: Any]) -> Bool) -> [String: Any]? {
        if let index = pending.firstIndex(where: matches) { return pending.remove(at: index) }
        while true {
            while let output = reader.next() {
                guard case .message(let body) = output,
                      let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else { continue }
                if matches(object) { return object }
                pending.append(object)
            }
            let data = fromServer.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            reader.append(data)
        }
    }

    /// The next `publishDiagnostics` for `uri`.
    func diagnostics(_ uri: String) -> [[String: Any]]? {
        let message = waitFor {
            ($0["method"] as? String) == "textDocument/publishDiagnostics" && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
        }
        return (message?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
    }

    /// Sends `initialize` for `root` and `initialized`.
    @discardableResult
    func initialize(root: URL?, capabilities: [String: Any] = [:]) -> [String: Any]? {
        let response = request("initialize", ["processId": NSNull(), "rootUri": root.map { $0.absoluteString } ?? NSNull(),
                                              "capabilities": capabilities])
        notify("initialized", [:])
        return response
    }

    func open(_ url: URL, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": url.absoluteString, "languageId": "flow", "version": version, "text": text]])
    }

    func change(_ url: URL, _ text: String, version: Int) {
        notify("textDocument/didChange", ["textDocument": ["uri": url.absoluteString, "version": version], "contentChanges": [["text": text]]])
    }

    static func position(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }

    func at(_ url: URL, _ line: Int, _ character: Int, _ extra: [String: Any] = [:]) -> [String: Any] {
        var params: [String: Any] = ["textDocument": ["uri": url.absoluteString], "position": Self.position(line, character)]
        params.merge(extra) { $1 }
        return params
    }

    /// Ends the session politely and returns the server's exit status.
    func shutDown() -> Int32? {
        request("shutdown", [:])
        notify("exit", [:])
        try? toServer.fileHandleForWriting.close()
        _ = waitFor { _ in false }  // to the end of the stream: the loop has returned
        while !thread.isFinished { Thread.sleep(forTimeInterval: 0.001) }
        return exitStatus
    }

    /// The position (0-based line and UTF-16 character) of the `occurrence`-th `needle` in `text`.
    static func find(_ needle: String, in text: String, occurrence: Int = 1) -> (line: Int, character: Int) {
        var count = 0
        for (lineNumber, line) in text.components(separatedBy: "\n").enumerated() {
            var search = line[...]
            while let range = search.range(of: needle) {
                count += 1
                if count == occurrence { return (lineNumber, line[..<range.lowerBound].utf16.count) }
                search = search[range.upperBound...]
            }
        }
        return (-1, -1)
    }
}

/// A temporary workspace folder with `.flow` files, removed by `remove()`.
struct TemporaryWorkspace {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-lsp-\(UUID().uuidString)")
            .standardizedFileURL
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
