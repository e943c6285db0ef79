import Foundation
import Testing

/// Files changed on disk while the editor runs (a checkout, another editor): the server asks a
/// client that can to watch them, and reads them again when it says one changed.
@Suite("The language server and files changed on disk")
struct ServerWatchTests {
    static var watching: [String: Any] { ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]] }

    @Test func aClientThatCanIsAskedToWatchTheFlowFiles() throws {
        let client = LSPClient()
        client.initialize(root: nil, capabilities: Self.watching)
        let registration = client.waitFor { ($0["method"] as? String) == "client/registerCapability" }
        let registrations = (registration?["params"] as? [String: Any])?["registrations"] as? [[String: Any]] ?? []
        #expect(registrations.first?["method"] as? String == "workspace/didChangeWatchedFiles")
        let watchers = (registrations.first?["registerOptions"] as? [String: Any])?["watchers"] as? [[String: Any]] ?? []
        #expect(watchers.compactMap { $0["globPattern"] as? String } == ["**/*.flow", "**/.flowignore"])
        #expect(registration?["id"] != nil)
        // The client's answer is a response to the server's request: nothing to answer back.
        client.send(["id": registration?["id"] ?? "", "result": NSNull()])
        #expect(client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///nowhere/a.flow"]])?["error"] == nil)
        #expect(client.shutDown() == 0)
    }

    @Test func aClientThatCannotIsNotAsked() throws {
        let client = LSPClient()
        client.initialize(root: nil)
        _ = client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///nowhere/a.flow"]])
        #expect(!client.pending.contains { ($0["method"] as? String) == "client/registerCapability" })
        #expect(client.shutDown() == 0)
    }

    /// b.flow changes on disk (its exit `cancelled` is gone): a.flow's finding about it goes away
    /// when the client tells the server.
    @Test func aFileChangedOnDiskIsReadAgainWhenTheClientSaysSo() throws {
        let workspace = try Fixture.workspace()
        defer { workspace.remove() }
        let client = LSPClient()
        client.initialize(root: workspace.url, capabilities: Self.watching)
        let a = workspace.file("a.flow"), b = workspace.file("b.flow")
        client.open(a, Fixture.app)
        #expect(Fixture.codes(client.diagnostics(a.absoluteString)) == ["unhandled-exit"])
        let changed = Fixture.login.replacingOccurrences(of: "        on cancelTapped -> exit cancelled\n", with: "")
            .replacingOccurrences(of: "    exit cancelled\n", with: "")
        try changed.write(to: b, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": b.absoluteString, "type": 2]]])
        #expect(Fixture.codes(client.diagnostics(a.absoluteString)) == [])
        #expect(client.shutDown() == 0)
    }

    /// A file of the folder that cannot be read (here one over the size limit) is left out and
    /// said once; the others still make the program.
    @Test func aFileThatCannotBeReadIsLeftOutAndSaid() throws {
        let workspace = try Fixture.workspace()
        defer { workspace.remove() }
        let large = workspace.file("c.flow")
        FileManager.default.createFile(atPath: large.path, contents: nil)
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: 65 * 1024 * 1024)  // sparse: nothing is written
        try handle.close()
        let client = LSPClient()
        client.initialize(root: workspace.url)
        let a = workspace.file("a.flow")
        client.open(a, Fixture.app)
        // b.flow was read: its exit `cancelled` is what a.flow does not handle.
        #expect(Fixture.codes(client.diagnostics(a.absoluteString)) == ["unhandled-exit"])
        let message = client.waitFor { ($0["method"] as? String) == "window/showMessage" }
        let params = message?["params"] as? [String: Any]
        #expect(params?["type"] as? Int == 2)
        #expect((params?["message"] as? String)?.contains("c.flow' is larger than 64 MB") == true, "\(params ?? [:])")
        // Said once: a change does not say it again.
        client.change(a, Fixture.app + "\n", version: 2)
        _ = client.diagnostics(a.absoluteString)
        _ = client.request("textDocument/documentSymbol", ["textDocument": ["uri": a.absoluteString]])
        #expect(!client.pending.contains { ($0["method"] as? String) == "window/showMessage" })
        #expect(client.shutDown() == 0)
    }
}
