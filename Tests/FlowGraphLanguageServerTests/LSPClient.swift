@testable import FlowGraphLanguageServer
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

    // MARK: - Typed requests: the server's own protocol types, decoded

    /// A response: its result, or its error.
    struct Reply<Result: Decodable>: Decodable {
        let result: Result?
        let error: ResponseError?
    }

    /// Sends a request and decodes its response as the server's types; nil when the stream ends
    /// first, or the response is not of that shape.
    func request<Result: Decodable>(_ method: String, _ params: [String: Any], as type: Result.Type) -> Reply<Result>? {
        guard let response = request(method, params),
              let data = try? JSONSerialization.data(withJSONObject: response) else { return nil }
        return try? JSONDecoder().decode(Reply<Result>.self, from: data)
    }

    /// Where `needle` is in `text` (its `occurrence`-th time), `plus` characters in: a marker of
    /// a fixture, so that a test names what it points at rather than a line and a column.
    static func marker(_ needle: String, in text: String, occurrence: Int = 1, plus: Int = 1) -> Position {
        let (line, character) = find(needle, in: text, occurrence: occurrence)
        return Position(line: line, character: character + plus)
    }

    func hover(_ url: URL, _ position: Position) -> Hover? {
        request("textDocument/hover", at(url, position.line, position.character), as: Hover.self)?.result
    }

    func definition(_ url: URL, _ position: Position) -> [Location] {
        request("textDocument/definition", at(url, position.line, position.character), as: [Location].self)?.result ?? []
    }

    func references(_ url: URL, _ position: Position, includeDeclaration: Bool) -> [Location] {
        request("textDocument/references", at(url, position.line, position.character, ["context": ["includeDeclaration": includeDeclaration]]),
                as: [Location].self)?.result ?? []
    }

    func rename(_ url: URL, _ position: Position, to newName: String) -> Reply<WorkspaceEdit>? {
        request("textDocument/rename", at(url, position.line, position.character, ["newName": newName]), as: WorkspaceEdit.self)
    }

    func prepareRename(_ url: URL, _ position: Position) -> PrepareRenameResult? {
        request("textDocument/prepareRename", at(url, position.line, position.character), as: PrepareRenameResult.self)?.result
    }

    func completion(_ url: URL, _ position: Position) -> [CompletionItem] {
        request("textDocument/completion", at(url, position.line, position.character), as: [CompletionItem].self)?.result ?? []
    }

    func symbols(_ url: URL) -> [DocumentSymbol] {
        request("textDocument/documentSymbol", ["textDocument": ["uri": url.absoluteString]], as: [DocumentSymbol].self)?.result ?? []
    }

    /// The next `publishDiagnostics` for `url`, typed.
    func findings(_ url: URL) -> [DiagnosticJSON]? {
        guard let list = diagnostics(url.absoluteString), let data = try? JSONSerialization.data(withJSONObject: list) else { return nil }
        return try? JSONDecoder().decode([DiagnosticJSON].self, from: data)
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
