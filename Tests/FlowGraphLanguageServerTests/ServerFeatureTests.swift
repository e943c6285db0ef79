import Foundation
import Testing

/// Every feature of `flowgraph lsp`, through pipes, on a workspace folder of two files.
@Suite("The language server's features")
struct ServerFeatureTests {
    /// A server initialized on the fixture's folder with a.flow open, and its first findings.
    static func start() throws -> (LSPClient, TemporaryWorkspace, [[String: Any]]) {
        let workspace = try Fixture.workspace()
        let client = LSPClient()
        client.initialize(root: workspace.url)
        client.open(workspace.file("a.flow"), Fixture.app)
        let diagnostics = client.diagnostics(workspace.file("a.flow").absoluteString) ?? []
        return (client, workspace, diagnostics)
    }

    static func position(_ needle: String, in text: String = Fixture.app, occurrence: Int = 1, plus: Int = 1) -> (Int, Int) {
        let (line, character) = LSPClient.find(needle, in: text, occurrence: occurrence)
        return (line, character + plus)
    }

    @Test func initializeAnswersTheCapabilities() throws {
        let client = LSPClient()
        let response = client.initialize(root: nil)
        let capabilities = (response?["result"] as? [String: Any])?["capabilities"] as? [String: Any] ?? [:]
        for capability in ["hoverProvider", "definitionProvider", "referencesProvider", "renameProvider", "completionProvider",
                           "documentSymbolProvider", "codeActionProvider", "textDocumentSync", "documentFormattingProvider"] {
            #expect(capabilities[capability] != nil, "\(capability) missing")
        }
        #expect(capabilities["documentRangeFormattingProvider"] == nil)
        #expect(client.shutDown() == 0)
    }

    @Test func diagnosticsOnOpenCoverTheWorkspaceAndFollowChanges() throws {
        let (client, workspace, diagnostics) = try Self.start()
        defer { workspace.remove() }
        #expect(Fixture.codes(diagnostics) == ["unhandled-exit"])
        let finding = diagnostics.first ?? [:]
        #expect(finding["severity"] as? Int == 2)
        #expect((finding["message"] as? String)?.contains("does not handle its exit 'cancelled'") == true)
        // The note points into the other file of the folder, which was never opened.
        let related = finding["relatedInformation"] as? [[String: Any]] ?? []
        #expect(((related.first?["location"] as? [String: Any])?["uri"] as? String)?.hasSuffix("/b.flow") == true)

        client.change(workspace.file("a.flow"), Fixture.app.replacingOccurrences(of: "push Detail", with: "push Detial"), version: 2)
        let changed = client.diagnostics(workspace.file("a.flow").absoluteString)
        #expect(Fixture.codes(changed).sorted() == ["unhandled-exit", "unknown-name"])
        let unknown = changed?.first { $0["code"] as? String == "unknown-name" }
        #expect((unknown?["message"] as? String)?.contains("did you mean 'Detail'?") == true)
        #expect(((unknown?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 7)

        // A change in b.flow (opened now) that handles nothing new clears nothing; one that removes
        // the exit clears a.flow's finding, which is sent again, empty.
        let fixed = Fixture.login.replacingOccurrences(of: "        on cancelTapped -> exit cancelled\n", with: "")
            .replacingOccurrences(of: "    exit cancelled\n", with: "")
        client.change(workspace.file("a.flow"), Fixture.app, version: 3)
        _ = client.diagnostics(workspace.file("a.flow").absoluteString)
        client.open(workspace.file("b.flow"), fixed)
        #expect(client.diagnostics(workspace.file("a.flow").absoluteString)?.isEmpty == true)
        #expect(client.shutDown() == 0)
    }

    @Test func hoverTellsAStepsInputsDocsHowItIsReachedAndItsPath() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let (line, character) = Self.position("Detail(item")
        let hover = client.request("textDocument/hover", client.at(workspace.file("a.flow"), line, character))
        let value = ((hover?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(value.contains("step Detail(item: ItemID)"))
        #expect(value.contains("One item."))
        #expect(value.contains("`detailTapped`: push Detail if isSignedIn else sheet Login in `Home`"))
        #expect(value.contains("**Shortest path**: App.Home → (detailTapped: push) App.Detail"))

        let (eventLine, eventCharacter) = Self.position("detailTapped")
        let event = client.request("textDocument/hover", client.at(workspace.file("a.flow"), eventLine, eventCharacter))
        let eventText = ((event?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(eventText.contains("event detailTapped(item: ItemID)"))
        #expect(eventText.contains("in `Home`: push Detail if isSignedIn else sheet Login"))

        // An exit of the other file, never opened: who takes it, and how each runner handles it.
        let (exitLine, exitCharacter) = Self.position("exit cancelled", in: Fixture.login, plus: 6)
        let exit = client.request("textDocument/hover", client.at(workspace.file("b.flow"), exitLine, exitCharacter))
        let exitText = ((exit?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(exitText.contains("**Taken by** `cancelTapped` in `Credentials`"))
        #expect(exitText.contains("- `App.Login`: not handled"))
        #expect(client.shutDown() == 0)
    }

    @Test func definitionAndReferencesCrossFiles() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let (line, character) = Self.position("LoginFlow")
        let definition = client.request("textDocument/definition", client.at(workspace.file("a.flow"), line, character))
        let locations = definition?["result"] as? [[String: Any]] ?? []
        #expect(locations.count == 1)
        #expect((locations.first?["uri"] as? String)?.hasSuffix("/b.flow") == true)
        #expect(((locations.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 0)

        // The exit `loggedIn`: declared in b.flow, taken there, handled by the runner in a.flow.
        let (exitLine, exitCharacter) = Self.position("loggedIn")
        let references = client.request("textDocument/references",
                                        client.at(workspace.file("a.flow"), exitLine, exitCharacter, ["context": ["includeDeclaration": true]]))
        let found = references?["result"] as? [[String: Any]] ?? []
        #expect(found.count == 3)
        #expect(found.filter { ($0["uri"] as? String)?.hasSuffix("/b.flow") == true }.count == 2)
        let withoutDeclaration = client.request("textDocument/references",
                                                client.at(workspace.file("a.flow"), exitLine, exitCharacter, ["context": ["includeDeclaration": false]]))
        #expect((withoutDeclaration?["result"] as? [[String: Any]])?.count == 2)

        // A guard: declared, then asked by a clause.
        let (guardLine, guardCharacter) = Self.position("isSignedIn", occurrence: 2)
        let guardDefinition = client.request("textDocument/definition", client.at(workspace.file("a.flow"), guardLine, guardCharacter))
        #expect((((guardDefinition?["result"] as? [[String: Any]])?.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 4)
        #expect(client.shutDown() == 0)
    }

    @Test func renameEditsEveryFileAndRefusesACollision() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let (line, character) = Self.position("LoginFlow")
        let rename = client.request("textDocument/rename", client.at(workspace.file("a.flow"), line, character, ["newName": "SignInFlow"]))
        let changes = ((rename?["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]]) ?? [:]
        #expect(changes.count == 2)
        let newApp = Fixture.apply(changes[workspace.file("a.flow").absoluteString] ?? [], to: Fixture.app)
        let newLogin = Fixture.apply(changes[workspace.file("b.flow").absoluteString] ?? [], to: Fixture.login)
        #expect(newApp.contains("step Login runs SignInFlow {"))
        #expect(newLogin.hasPrefix("flow SignInFlow {"))
        // Applied as an editor applies it (b.flow opened with its edits, a.flow changed), the
        // program is as sound as before.
        client.open(workspace.file("b.flow"), newLogin)
        _ = client.diagnostics(workspace.file("a.flow").absoluteString)
        client.change(workspace.file("a.flow"), newApp, version: 2)
        #expect(Fixture.codes(client.diagnostics(workspace.file("a.flow").absoluteString)) == ["unhandled-exit"])

        let (stepLine, stepCharacter) = Self.position("Detail(item")
        let prepared = client.request("textDocument/prepareRename", client.at(workspace.file("a.flow"), stepLine, stepCharacter))
        #expect((prepared?["result"] as? [String: Any])?["placeholder"] as? String == "Detail")
        let refused = client.request("textDocument/rename", client.at(workspace.file("a.flow"), stepLine, stepCharacter, ["newName": "Home"]))
        let error = refused?["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32803)
        #expect((error?["message"] as? String)?.contains("already has that name") == true)
        let invalid = client.request("textDocument/rename", client.at(workspace.file("a.flow"), stepLine, stepCharacter, ["newName": "2fast"]))
        #expect(((invalid?["error"] as? [String: Any])?["message"] as? String)?.contains("not a valid name") == true)
        #expect(client.shutDown() == 0)
    }

    /// The labels completion offers where `‸` stands in `marked`, once the document's text is `marked` without it.
    static func labels(_ client: LSPClient, _ url: URL, _ marked: String, version: Int) -> [String] {
        let (line, character) = LSPClient.find("‸", in: marked)
        client.change(url, marked.replacingOccurrences(of: "‸", with: ""), version: version)
        let response = client.request("textDocument/completion", client.at(url, line, character))
        return (response?["result"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }

    @Test func completionOffersWhatFitsEachContext() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let url = workspace.file("a.flow")
        func edited(_ clause: String) -> String {
            Fixture.app.replacingOccurrences(of: "        on settingsTapped -> sheet Settings\n", with: "        \(clause)\n")
        }
        #expect(Self.labels(client, url, edited("on x -> push ‸"), version: 2) == ["Home", "Detail", "Login", "Settings"])
        #expect(Self.labels(client, url, edited("on x -> push De‸"), version: 3) == ["Detail"])
        #expect(Self.labels(client, url, edited("on x -> push Detail if ‸"), version: 4) == ["isSignedIn"])
        #expect(Self.labels(client, url, edited("on x -> ‸"), version: 5).contains("popTo"))
        #expect(Self.labels(client, url, edited("on y(item: ‸"), version: 6) == ["ItemID"])
        #expect(Self.labels(client, url, edited("on x -> sheet Login at ‸"), version: 12) == ["Credentials"])
        #expect(Self.labels(client, url, edited("on x -> dismiss, push Det‸"), version: 13) == ["Detail"])
        // A move on the line after a `->` that ends its line (issue 24, item 12).
        #expect(Self.labels(client, url, edited("on x ->\n            push ‸"), version: 14) == ["Home", "Detail", "Login", "Settings"])
        #expect(Self.labels(client, url, edited("on x ->\n\n            ‸"), version: 15).contains("popTo"))
        #expect(Self.labels(client, url, edited("on ‸"), version: 7).contains("settingsTapped") == false)
        #expect(Self.labels(client, url, edited("on ‸"), version: 8).contains("detailTapped"))
        let runner = Fixture.app.replacingOccurrences(of: "        on loggedIn -> dismiss\n", with: "        on loggedIn -> dismiss\n        on ‸\n")
        #expect(Self.labels(client, url, runner, version: 9) == ["cancelled"])
        let runs = Fixture.app.replacingOccurrences(of: "step Login runs LoginFlow", with: "step Login runs Log‸")
        #expect(Self.labels(client, url, runs, version: 10) == ["LoginFlow"])
        let member = Fixture.app.replacingOccurrences(of: "    guard isSignedIn\n", with: "    guard isSignedIn\n    ex‸\n")
        #expect(Self.labels(client, url, member, version: 11) == ["exit"])
        #expect(client.shutDown() == 0)
    }

    @Test func documentSymbolsOutlineTheFile() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let response = client.request("textDocument/documentSymbol", ["textDocument": ["uri": workspace.file("b.flow").absoluteString]])
        let symbols = response?["result"] as? [[String: Any]] ?? []
        #expect(symbols.compactMap { $0["name"] as? String } == ["LoginFlow", "SettingsFlow"])
        let children = (symbols.first?["children"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(children == ["Credentials", "loggedIn", "cancelled"])
        #expect(client.shutDown() == 0)
    }
}
