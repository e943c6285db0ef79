import Foundation

// The LSP types the server uses, as Codable structs: only what it reads and writes
// (https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/).

/// A JSON-RPC request id: a number or a string.
public enum RequestID: Codable, Hashable, Sendable {
    case number(Int)
    case string(String)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        }
    }
}

/// The fields every message may have; `params` is decoded on its own, once the method is known.
struct IncomingMessage: Decodable {
    let id: RequestID?
    let method: String?
}

/// A message's `params`, decoded as the method's type.
struct IncomingParams<Params: Decodable>: Decodable {
    let params: Params
}

/// The JSON-RPC error codes the server answers with.
enum ErrorCode {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
    static let requestFailed = -32803
}

struct ResponseError: Codable {
    let code: Int
    let message: String
}

/// A response: `result` is written even when it is null, as JSON-RPC requires.
struct Response<Result: Encodable>: Encodable {
    let id: RequestID?
    let result: Result?
    let error: ResponseError?

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        if let error {
            try container.encode(error, forKey: .error)
        } else {
            try container.encode(result, forKey: .result)
        }
    }
}

struct Notification<Params: Encodable>: Encodable {
    let jsonrpc = "2.0"
    let method: String
    let params: Params
}

public struct Position: Codable, Hashable, Sendable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

public struct LSPRange: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position
}

struct Location: Codable, Hashable {
    let uri: String
    let range: LSPRange
}

struct TextDocumentIdentifier: Codable {
    let uri: String
}

struct WorkspaceFolder: Codable {
    let uri: String
    let name: String?
}

struct InitializeParams: Decodable {
    let rootUri: String?
    let rootPath: String?
    let workspaceFolders: [WorkspaceFolder]?
    let capabilities: ClientCapabilities?
}

/// What of the client's capabilities the server asks: whether it watches files for the server.
struct ClientCapabilities: Decodable {
    struct Workspace: Decodable {
        struct DynamicRegistration: Decodable {
            let dynamicRegistration: Bool?
        }

        let didChangeWatchedFiles: DynamicRegistration?
    }

    let workspace: Workspace?

    /// Whether the client can watch files on the server's behalf (`client/registerCapability`).
    var watchesFiles: Bool { workspace?.didChangeWatchedFiles?.dynamicRegistration == true }
}

/// `window/showMessage`: 1 error, 2 warning, 3 info, 4 log.
struct ShowMessageParams: Encodable {
    let type: Int
    let message: String
}

/// A request the server sends the client (`client/registerCapability`).
struct OutgoingRequest<Params: Encodable>: Encodable {
    let jsonrpc = "2.0"
    let id: RequestID
    let method: String
    let params: Params
}

/// `client/registerCapability` for `workspace/didChangeWatchedFiles`: the client watches the
/// `.flow` files (and `.flowignore`) of the workspace and tells the server when one changes on disk.
struct WatchRegistrationParams: Encodable {
    struct Registration: Encodable {
        struct Options: Encodable {
            struct Watcher: Encodable {
                let globPattern: String
            }

            let watchers = [Watcher(globPattern: "**/*.flow"), Watcher(globPattern: "**/.flowignore")]
        }

        let id = "flowgraph-watched-files"
        let method = "workspace/didChangeWatchedFiles"
        let registerOptions = Options()
    }

    let registrations = [Registration()]
}

struct TextDocumentItem: Decodable {
    let uri: String
    let version: Int?
    let text: String
}

struct DidOpenParams: Decodable {
    let textDocument: TextDocumentItem
}

struct VersionedTextDocumentIdentifier: Decodable {
    let uri: String
    let version: Int?
}

struct ContentChange: Decodable {
    let range: LSPRange?
    let text: String
}

struct DidChangeParams: Decodable {
    let textDocument: VersionedTextDocumentIdentifier
    let contentChanges: [ContentChange]
}

struct DocumentParams: Decodable {
    let textDocument: TextDocumentIdentifier
}

struct PositionParams: Decodable {
    let textDocument: TextDocumentIdentifier
    let position: Position
}

struct ReferenceParams: Decodable {
    struct Context: Decodable {
        let includeDeclaration: Bool?
    }

    let textDocument: TextDocumentIdentifier
    let position: Position
    let context: Context?
}

struct RenameParams: Decodable {
    let textDocument: TextDocumentIdentifier
    let position: Position
    let newName: String
}

struct CodeActionParams: Decodable {
    let textDocument: TextDocumentIdentifier
    let range: LSPRange
}

struct MarkupContent: Codable {
    var kind = "markdown"
    let value: String
}

struct Hover: Codable {
    let contents: MarkupContent
    /// Nil over a journey's line without a name under the cursor (`back`).
    let range: LSPRange?
}

struct TextEditJSON: Codable {
    let range: LSPRange
    let newText: String
}

struct WorkspaceEdit: Codable {
    let changes: [String: [TextEditJSON]]
}

struct CompletionItem: Codable {
    let label: String
    let kind: Int
    let detail: String
}

struct DocumentSymbol: Codable {
    let name: String
    let detail: String?
    let kind: Int
    let range: LSPRange
    let selectionRange: LSPRange
    let children: [DocumentSymbol]
}

struct DiagnosticRelatedInformation: Codable {
    let location: Location
    let message: String
}

struct DiagnosticJSON: Codable {
    let range: LSPRange
    let severity: Int
    let code: String
    var source = "flowgraph"
    let message: String
    let relatedInformation: [DiagnosticRelatedInformation]?
}

struct PublishDiagnosticsParams: Codable {
    let uri: String
    let version: Int?
    let diagnostics: [DiagnosticJSON]
}

struct CodeAction: Codable {
    let title: String
    var kind = "quickfix"
    let diagnostics: [DiagnosticJSON]
    let isPreferred: Bool
    let edit: WorkspaceEdit
}

struct PrepareRenameResult: Codable {
    let range: LSPRange
    let placeholder: String
}

/// What the server can do, as `initialize` answers.
struct ServerCapabilities: Encodable {
    struct SyncOptions: Encodable {
        let openClose = true
        /// 2: incremental (a change with a range); a change without one replaces the whole text.
        let change = 2
        let save = true
    }

    struct CompletionOptions: Encodable {
        let triggerCharacters = [" ", ":", "!"]
    }

    struct RenameOptions: Encodable {
        let prepareProvider = true
    }

    struct CodeActionOptions: Encodable {
        let codeActionKinds = ["quickfix"]
    }

    let textDocumentSync = SyncOptions()
    let hoverProvider = true
    let definitionProvider = true
    let referencesProvider = true
    let renameProvider = RenameOptions()
    let completionProvider = CompletionOptions()
    let documentSymbolProvider = true
    let codeActionProvider = CodeActionOptions()
    let documentFormattingProvider = true
}

struct InitializeResult: Encodable {
    struct ServerInfo: Encodable {
        let name: String
        let version: String
    }

    let capabilities = ServerCapabilities()
    let serverInfo: ServerInfo
}
