import FlowGraphLanguageServer
import Foundation
import Testing

/// What a client may get wrong: each is answered with an error, or not at all, and the server goes
/// on answering what comes next.
@Suite("The language server under bad input")
struct ServerRobustnessTests {
    @Test func aRequestBeforeInitializeIsRefused() throws {
        let client = LSPClient()
        let early = client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.flow"], "position": LSPClient.position(0, 0)])
        #expect((early?["error"] as? [String: Any])?["code"] as? Int == -32002)
        #expect((client.initialize(root: nil)?["result"] as? [String: Any])?["capabilities"] != nil)
        #expect(client.shutDown() == 0)
    }

    @Test func malformedJSONUnknownMethodsAndBadParamsGetErrors() throws {
        let client = LSPClient()
        client.initialize(root: nil)
        client.sendBody("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ")
        let parse = client.waitFor { $0["error"] != nil }
        #expect((parse?["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect(parse?["id"] is NSNull)
        let unknown = client.request("textDocument/unheardOf", [:])
        #expect((unknown?["error"] as? [String: Any])?["code"] as? Int == -32601)
        let badParams = client.request("textDocument/hover", ["textDocument": 42])
        #expect((badParams?["error"] as? [String: Any])?["code"] as? Int == -32602)
        client.notify("$/unknownNotification", ["x": 1])
        // Framing garbage: a header without a length, a negative one, and one far too large.
        client.sendRaw(Array("Content-Type: nothing\r\n\r\n".utf8))
        client.sendRaw(Array("Content-Length: -5\r\n\r\n".utf8))
        client.sendRaw(Array("Content-Length: 99999999999\r\n\r\n".utf8))
        // The last header's body is skipped as it arrives; this server would wait for 99,999,999,999
        // bytes, so the session ends here, politely, without a crash.
        try? client.toServer.fileHandleForWriting.close()
        _ = client.waitFor { _ in false }
        #expect(client.exitStatus == 1)
    }

    @Test func theServerGoesOnAfterGarbage() throws {
        let client = LSPClient()
        client.sendRaw(Array("Content-Length: 3\r\n\r\nabcContent-Length: -1\r\n\r\n".utf8))
        client.sendRaw(Array(repeating: UInt8(ascii: "x"), count: 10_000))
        client.sendRaw(Array("\r\n\r\n".utf8))
        let parse = client.waitFor { $0["error"] != nil }
        #expect((parse?["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect((client.initialize(root: nil)?["result"] as? [String: Any])?["capabilities"] != nil)
        #expect(client.shutDown() == 0)
    }

    @Test func aChangeBeforeOpenIsIgnoredAndADeletedOpenFileStillWorks() throws {
        let workspace = try Fixture.workspace()
        defer { workspace.remove() }
        let client = LSPClient()
        client.initialize(root: workspace.url)
        let url = workspace.file("a.flow")
        client.change(url, "flow Broken {", version: 7)
        client.open(url, Fixture.app)
        #expect(Fixture.codes(client.diagnostics(url.absoluteString)) == ["unhandled-exit"])

        // b.flow goes from the disk: its flows are unknown now.
        try FileManager.default.removeItem(at: workspace.file("b.flow"))
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": workspace.file("b.flow").absoluteString, "type": 3]]])
        #expect(Fixture.codes(client.diagnostics(url.absoluteString)).contains("unknown-name"))
        // a.flow goes too while open: the editor's text is the program, and requests still answer.
        try FileManager.default.removeItem(at: url)
        client.change(url, Fixture.app + "\nflow LoginFlow {\n    start A\n    step A\n}\n"
                          + "flow SettingsFlow {\n    start B\n    step B\n}\n", version: 2)
        #expect(Fixture.codes(client.diagnostics(url.absoluteString)).sorted() == ["unknown-exit", "unknown-exit"])
        let (line, character) = LSPClient.find("Detail(item", in: Fixture.app)
        let hover = client.request("textDocument/hover", client.at(url, line, character + 1))
        #expect((((hover?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)?.contains("step Detail") == true)
        // Closed, it is gone from the program: its findings are cleared, and a request about it answers null.
        client.notify("textDocument/didClose", ["textDocument": ["uri": url.absoluteString]])
        #expect(client.diagnostics(url.absoluteString)?.isEmpty == true)
        let after = client.request("textDocument/hover", client.at(url, line, character + 1))
        #expect(after?["result"] is NSNull)
        #expect(client.shutDown() == 0)
    }

    @Test func outOfOrderAndOutOfRangeMessagesAreAnsweredSafely() throws {
        let workspace = try Fixture.workspace()
        defer { workspace.remove() }
        let client = LSPClient()
        client.initialize(root: workspace.url)
        let url = workspace.file("a.flow")
        // A close before any open, and a response to a request the server never made: nothing to do.
        client.notify("textDocument/didClose", ["textDocument": ["uri": url.absoluteString]])
        client.send(["id": 99, "result": ["anything": true]])
        client.open(url, Fixture.app)
        #expect(Fixture.codes(client.diagnostics(url.absoluteString)) == ["unhandled-exit"])
        // Positions past the end of the file, or negative, are clamped: no name there, so null.
        for (line, character) in [(9999, 3), (-4, -7), (3, 9999)] {
            let hover = client.request("textDocument/hover", client.at(url, line, character))
            #expect(hover?["result"] is NSNull, "\(line):\(character)")
        }
        // A URI that is no file of the program, or no file at all.
        for uri in ["file:///nowhere/x.flow", "untitled:Untitled-1", "%%%"] {
            let definition = client.request("textDocument/definition", ["textDocument": ["uri": uri], "position": LSPClient.position(0, 0)])
            #expect(definition?["result"] is NSNull, "\(uri)")
        }
        // An incremental change whose range is past the end appends; the program is then still read.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": url.absoluteString, "version": 2],
            "contentChanges": [["range": ["start": LSPClient.position(500, 0), "end": LSPClient.position(500, 0)],
                                "text": "flow Extra {\n    start A\n    step A\n}\n"]],
        ])
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": ["uri": url.absoluteString]])
        #expect((symbols?["result"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["App", "Extra"])
        #expect(client.shutDown() == 0)
    }

    @Test func exitWithoutShutdownFails() throws {
        let client = LSPClient()
        client.initialize(root: nil)
        client.notify("exit", [:])
        _ = client.waitFor { _ in false }
        #expect(client.exitStatus == 1)
    }

    @Test func aRequestAfterShutdownIsRefused() throws {
        let client = LSPClient()
        client.initialize(root: nil)
        client.request("shutdown", [:])
        let late = client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///x.flow"]])
        #expect((late?["error"] as? [String: Any])?["code"] as? Int == -32600)
        client.notify("exit", [:])
        _ = client.waitFor { _ in false }
        #expect(client.exitStatus == 0)
    }

    /// The reader alone: pieces of any size give the same messages, and a body is never read past its length.
    @Test func theReaderIsIncremental() {
        let stream = MessageReader.frame(Array("{\"a\":1}".utf8)) + Array("Content-Length: x\r\n\r\n".utf8)
            + MessageReader.frame(Array("é".utf8))
        for size in [1, 2, 7, stream.count] {
            var reader = MessageReader()
            var outputs: [MessageReader.Output] = []
            var index = 0
            while index < stream.count {
                reader.append(stream[index..<min(stream.count, index + size)])
                index += size
                while let output = reader.next() { outputs.append(output) }
            }
            #expect(outputs.count == 3)
            #expect(outputs.first == .message(Array("{\"a\":1}".utf8)))
            #expect(outputs.last == .message(Array("é".utf8)))
        }
    }
}
