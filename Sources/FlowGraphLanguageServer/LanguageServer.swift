import FlowGraph
import Foundation

/// `flowgraph lsp`: a language server for `.flow` files, over JSON-RPC with `Content-Length` framing.
///
/// Single-threaded: messages are handled one at a time, in the order they arrive, and each answer
/// is written before the next message is read. What a client sends never crashes it: a message
/// that is not JSON is answered with -32700, a request before `initialize` with -32002, an unknown
/// request with -32601, params of the wrong shape with -32602; an unknown notification, or one
/// about a document that is not open, is ignored.
/// Why the server will not do what a request asks (a rename that would collide, formatting a file
/// with syntax errors): answered with -32803 and the message.
struct RequestRefusal: Error {
    let message: String
}

public final class LanguageServer {
    /// Writes one framed message.
    private let send: ([UInt8]) -> Void
    let workspace = Workspace()
    private var isInitialized = false
    /// Whether the client watches the workspace's files for the server (asked for on `initialized`).
    private var clientWatchesFiles = false
    private var isShutDown = false
    /// The exit status once `exit` has come: 0 after `shutdown`, 1 without.
    public private(set) var exitStatus: Int32?
    /// The URIs that were last sent findings, to clear those whose findings went away.
    var urisWithFindings = Set<String>()
    /// The workspace's unreadable files last told to the user (`window/showMessage`).
    var lastToldDiskProblems: [String] = []
    let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    public init(send: @escaping ([UInt8]) -> Void) {
        self.send = send
    }

    /// Reads messages from `input` until `exit` or the end of the input, answering on `output`;
    /// returns the process's exit status.
    public static func run(input: FileHandle, output: FileHandle) -> Int32 {
        // A client that closed its end gets nothing more (a failed write is not a crash; the loop
        // ends when the input does).
        let server = LanguageServer { bytes in try? output.write(contentsOf: Data(MessageReader.frame(bytes))) }
        var reader = MessageReader()
        while server.exitStatus == nil {
            let data = input.availableData
            if data.isEmpty { break }  // the client went away
            reader.append(data)
            while server.exitStatus == nil, let output = reader.next() {
                switch output {
                case .message(let body): server.handle(body)
                case .framingError: break  // skipped: nothing to answer, no id to answer to
                }
            }
        }
        return server.exitStatus ?? 1
    }

    /// Handles one message's body.
    public func handle(_ body: [UInt8]) {
        let data = Data(body)
        guard let message = try? JSONDecoder().decode(IncomingMessage.self, from: data) else {
            respondError(nil, ErrorCode.parseError, "the message is not a JSON-RPC object")
            return
        }
        guard let method = message.method else { return }  // a response to a request we never make
        let id = message.id
        if method == "exit" {
            exitStatus = isShutDown ? 0 : 1
            return
        }
        if !isInitialized && method != "initialize" {
            if let id { respondError(id, ErrorCode.serverNotInitialized, "the server is not initialized") }
            return
        }
        if isShutDown, let id {
            respondError(id, ErrorCode.invalidRequest, "the server is shut down")
            return
        }
        guard let id else {
            notification(method, data)
            return
        }
        request(method, id, data)
    }

    private func notification(_ method: String, _ data: Data) {
        switch method {
        case "textDocument/didOpen":
            guard let params = decode(DidOpenParams.self, data) else { return }
            workspace.open(uri: params.textDocument.uri, version: params.textDocument.version, text: params.textDocument.text)
            publishDiagnostics(changed: params.textDocument.uri)
        case "textDocument/didChange":
            guard let params = decode(DidChangeParams.self, data),
                  workspace.change(uri: params.textDocument.uri, version: params.textDocument.version, changes: params.contentChanges)
            else { return }
            publishDiagnostics(changed: params.textDocument.uri)
        case "textDocument/didClose":
            guard let params = decode(DocumentParams.self, data) else { return }
            workspace.close(uri: params.textDocument.uri)
            publishDiagnostics(changed: params.textDocument.uri)
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            workspace.diskChanged()
            publishDiagnostics(changed: nil)
        case "initialized":
            // A file changed on disk (a checkout, another editor) is read again only when the
            // client says so: ask it to watch them, where it can.
            if clientWatchesFiles {
                write(OutgoingRequest(id: .string("flowgraph-watch"), method: "client/registerCapability", params: WatchRegistrationParams()))
            }
        default:
            break  // `$/cancelRequest`, `$/setTrace`, ...: nothing to do
        }
    }

    private func request(_ method: String, _ id: RequestID, _ data: Data) {
        switch method {
        case "initialize":
            guard !isInitialized else {
                respondError(id, ErrorCode.invalidRequest, "initialize was already sent")
                return
            }
            let params = decode(InitializeParams.self, data)
            let rootURI = params?.workspaceFolders?.first?.uri ?? params?.rootUri
            workspace.root = rootURI.flatMap(Workspace.path(of:)) ?? params?.rootPath
            clientWatchesFiles = params?.capabilities?.watchesFiles == true
            isInitialized = true
            respond(id, InitializeResult(serverInfo: .init(name: "flowgraph", version: FlowGraphVersion.current)))
        case "shutdown":
            isShutDown = true
            respond(id, Optional<Int>.none)
        case "textDocument/hover": answer(id, data, PositionParams.self, hover)
        case "textDocument/definition": answer(id, data, PositionParams.self, definition)
        case "textDocument/references": answer(id, data, ReferenceParams.self, references)
        case "textDocument/prepareRename": answer(id, data, PositionParams.self, prepareRename)
        case "textDocument/rename": answerOrRefuse(id, data, RenameParams.self) {
            self.rename($0).map { Optional($0) }.mapError { RequestRefusal(message: $0.message) }
        }
        case "textDocument/completion": answer(id, data, PositionParams.self, completion)
        case "textDocument/documentSymbol": answer(id, data, DocumentParams.self, documentSymbols)
        case "textDocument/codeAction": answer(id, data, CodeActionParams.self, codeActions)
        case "textDocument/formatting": answerOrRefuse(id, data, DocumentParams.self, formatting)
        default:
            respondError(id, ErrorCode.methodNotFound, "unknown method '\(method)'")
        }
    }

    /// Decodes the params as `Params`, answers with what `body` returns (null for nil), or -32602.
    private func answer<Params: Decodable, Result: Encodable>(_ id: RequestID, _ data: Data, _ type: Params.Type,
                                                              _ body: (Params) -> Result?) {
        guard let params = decode(type, data) else {
            respondError(id, ErrorCode.invalidParams, "invalid params")
            return
        }
        respond(id, body(params))
    }

    /// The same, for a request that may be refused: its refusal is answered with -32803 and its reason.
    private func answerOrRefuse<Params: Decodable, Result: Encodable>(_ id: RequestID, _ data: Data, _ type: Params.Type,
                                                                      _ body: (Params) -> Swift.Result<Result?, RequestRefusal>) {
        guard let params = decode(type, data) else {
            respondError(id, ErrorCode.invalidParams, "invalid params")
            return
        }
        switch body(params) {
        case .success(let result): respond(id, result)
        case .failure(let refusal): respondError(id, ErrorCode.requestFailed, refusal.message)
        }
    }

    private func decode<Params: Decodable>(_ type: Params.Type, _ data: Data) -> Params? {
        try? JSONDecoder().decode(IncomingParams<Params>.self, from: data).params
    }

    func respond<Result: Encodable>(_ id: RequestID, _ result: Result?) {
        write(Response(id: id, result: result, error: nil))
    }

    func respondError(_ id: RequestID?, _ code: Int, _ message: String) {
        write(Response<Int>(id: id, result: nil, error: ResponseError(code: code, message: message)))
    }

    func notify<Params: Encodable>(_ method: String, _ params: Params) {
        write(Notification(method: method, params: params))
    }

    private func write<Message: Encodable>(_ message: Message) {
        guard let data = try? encoder.encode(message) else { return }
        send(Array(data))
    }
}
