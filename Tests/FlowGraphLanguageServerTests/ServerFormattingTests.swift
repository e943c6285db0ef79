import FlowGraph
@testable import FlowGraphLanguageServer
import Foundation
import Testing

/// `textDocument/formatting`: the edits make the document what `flowgraph fmt` prints, and leave
/// the lines it does not change alone.
@Suite("The language server's formatting")
struct ServerFormattingTests {
    /// The edits the server answers for `text` (a.flow, open), or its error.
    static func format(_ text: String) throws -> (edits: [TextEditJSON], error: ResponseError?) {
        let workspace = try Fixture.workspace()
        defer { workspace.remove() }
        let client = LSPClient()
        let initialized = client.initialize(root: workspace.url)
        let capabilities = (initialized?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["documentFormattingProvider"] as? Bool == true)
        let url = workspace.file("a.flow")
        client.open(url, text)
        _ = client.diagnostics(url.absoluteString)
        let response = client.request("textDocument/formatting", [
            "textDocument": ["uri": url.absoluteString], "options": ["tabSize": 4, "insertSpaces": true],
        ], as: [TextEditJSON].self)
        #expect(client.shutDown() == 0)
        return (response?.result ?? [], response?.error)
    }

    static func formatted(_ text: String) -> String? {
        guard case .formatted(let bytes) = FlowFormatter.format(SourceFile(path: "a.flow", text: text)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func editsMakeTheDocumentWhatFmtPrints() throws {
        let messy = Fixture.app.replacingOccurrences(of: "    step Detail(item: ItemID)", with: "  step   Detail( item :ItemID )")
            .replacingOccurrences(of: "        on settingsTapped -> sheet Settings", with: "        on settingsTapped->sheet Settings")
        #expect(messy != Fixture.app)
        let (edits, error) = try Self.format(messy)
        #expect(error == nil)
        #expect(Fixture.apply(edits, to: messy) == Self.formatted(messy))
        #expect(Fixture.apply(edits, to: messy) == Fixture.app)
        // Only the two changed lines are replaced, each by itself.
        #expect(edits.count == 2)
        #expect(edits.allSatisfy { $0.newText.split(separator: "\n").count == 1 })
    }

    @Test func aFormattedDocumentGetsNoEdits() throws {
        let (edits, error) = try Self.format(Fixture.app)
        #expect(error == nil)
        #expect(edits.isEmpty)
    }

    @Test func aDocumentWithoutAFinalLineEndIsReplacedWhole() throws {
        let text = "flow A{start B\nstep B}"
        let (edits, _) = try Self.format(text)
        #expect(edits.count == 1)
        #expect(Fixture.apply(edits, to: text) == "flow A {\n    start B\n    step B\n}\n")
    }

    @Test func aDocumentWithSyntaxErrorsIsRefused() throws {
        let (edits, error) = try Self.format(Fixture.app.replacingOccurrences(of: "-> push Detail", with: "push Detail"))
        #expect(edits.isEmpty)
        #expect(error?.code == -32803)
        #expect(error?.message == "not formatted: the file has 1 syntax error: 8:39: expected '->', found 'push'")
    }
}
