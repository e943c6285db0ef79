@testable import FlowGraphLanguageServer
import Foundation
import Testing

/// Code actions: each of the three fixes, applied as the editor applies it, makes its finding go away.
@Suite("The language server's fixes")
struct ServerFixTests {
    /// The code actions for the finding `code` of `text` (a.flow), and the findings after applying
    /// the one whose title starts with `title`.
    static func fix(_ text: String, code: String, title: String) throws -> (titles: [String], after: [String], fixed: String) {
        let workspace = try Fixture.workspace()
        defer { workspace.remove() }
        let client = LSPClient()
        client.initialize(root: workspace.url)
        let url = workspace.file("a.flow")
        client.open(url, text)
        // The finding goes back to the server as the editor received it.
        let diagnostics = client.diagnostics(url.absoluteString) ?? []
        guard let finding = diagnostics.first(where: { $0["code"] as? String == code }) else {
            Issue.record("no \(code) in \(Fixture.codes(diagnostics))")
            return ([], [], text)
        }
        let actions = client.request("textDocument/codeAction", [
            "textDocument": ["uri": url.absoluteString], "range": finding["range"] ?? [:], "context": ["diagnostics": [finding]],
        ], as: [CodeAction].self)?.result ?? []
        let titles = actions.map(\.title)
        guard let action = actions.first(where: { $0.title.hasPrefix(title) }), let edits = action.edit.changes[url.absoluteString] else {
            Issue.record("no action '\(title)' among \(titles)")
            return (titles, [], text)
        }
        let fixed = Fixture.apply(edits, to: text)
        client.change(url, fixed, version: 2)
        let after = Fixture.codes(client.diagnostics(url.absoluteString))
        #expect(client.shutDown() == 0)
        return (titles, after, fixed)
    }

    @Test func handlingAnUnhandledExitAddsItsClause() throws {
        let result = try Self.fix(Fixture.app, code: "unhandled-exit", title: "Handle exit 'cancelled'")
        #expect(result.fixed.contains("        on loggedIn -> dismiss\n        on cancelled -> close\n    }"))
        #expect(!result.after.contains("unhandled-exit"))
    }

    @Test func handlingAnExitOfAStepWithoutABodyGivesItOne() throws {
        let text = Fixture.app.replacingOccurrences(of: "    step Login runs LoginFlow {\n        on loggedIn -> dismiss\n    }",
                                                    with: "    step Login runs LoginFlow")
        let result = try Self.fix(text, code: "unhandled-exit", title: "Handle exit 'loggedIn'")
        #expect(result.fixed.contains("    step Login runs LoginFlow {\n        on loggedIn -> close\n    }"))
        #expect(result.titles.contains { $0.hasPrefix("Handle exit 'cancelled'") })
    }

    @Test func anUnknownNameTakesTheClosestOne() throws {
        let text = Fixture.app.replacingOccurrences(of: "push Detail", with: "push Detial")
        let result = try Self.fix(text, code: "unknown-name", title: "Use 'Detail'")
        #expect(result.fixed == Fixture.app)
        #expect(!result.after.contains("unknown-name"))
    }

    @Test func anIgnoreCommentSilencesAFinding() throws {
        let result = try Self.fix(Fixture.app, code: "unhandled-exit", title: "Ignore 'unhandled-exit'")
        #expect(result.fixed.contains("    // flowgraph:ignore unhandled-exit -- TODO: say why\n    step Login runs LoginFlow {"))
        #expect(result.after.isEmpty)
    }
}
