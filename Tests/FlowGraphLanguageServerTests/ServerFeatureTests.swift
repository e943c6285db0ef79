@testable import FlowGraphLanguageServer
import Foundation
import Testing

/// Every feature of `flowgraph lsp`, through pipes, on a workspace folder of two files.
@Suite("The language server's features")
struct ServerFeatureTests {
    /// A server initialized on the fixture's folder with a.flow open, and its first findings.
    static func start() throws -> (LSPClient, TemporaryWorkspace, [DiagnosticJSON]) {
        let workspace = try Fixture.workspace()
        let client = LSPClient()
        client.initialize(root: workspace.url)
        client.open(workspace.file("a.flow"), Fixture.app)
        let diagnostics = client.findings(workspace.file("a.flow")) ?? []
        return (client, workspace, diagnostics)
    }

    /// The marker `needle` in the fixture's a.flow (or `text`).
    static func marker(_ needle: String, in text: String = Fixture.app, occurrence: Int = 1, plus: Int = 1) -> Position {
        LSPClient.marker(needle, in: text, occurrence: occurrence, plus: plus)
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
        #expect(diagnostics.map(\.code) == ["unhandled-exit"])
        let finding = try #require(diagnostics.first)
        #expect(finding.severity == 2)
        #expect(finding.message.contains("does not handle its exit 'cancelled'"))
        // The note points into the other file of the folder, which was never opened.
        #expect(finding.relatedInformation?.first?.location.uri.hasSuffix("/b.flow") == true)

        client.change(workspace.file("a.flow"), Fixture.app.replacingOccurrences(of: "push Detail", with: "push Detial"), version: 2)
        let changed = client.findings(workspace.file("a.flow")) ?? []
        #expect(changed.map(\.code).sorted() == ["unhandled-exit", "unknown-name"])
        let unknown = changed.first { $0.code == "unknown-name" }
        #expect(unknown?.message.contains("did you mean 'Detail'?") == true)
        #expect(unknown?.range.start.line == 7)

        // A change in b.flow (opened now) that handles nothing new clears nothing; one that removes
        // the exit clears a.flow's finding, which is sent again, empty.
        let fixed = Fixture.login.replacingOccurrences(of: "        on cancelTapped -> exit cancelled\n", with: "")
            .replacingOccurrences(of: "    exit cancelled\n", with: "")
        client.change(workspace.file("a.flow"), Fixture.app, version: 3)
        _ = client.findings(workspace.file("a.flow"))
        client.open(workspace.file("b.flow"), fixed)
        #expect(client.findings(workspace.file("a.flow"))?.isEmpty == true)
        #expect(client.shutDown() == 0)
    }

    @Test func hoverTellsAStepsInputsDocsHowItIsReachedAndItsPath() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let value = client.hover(workspace.file("a.flow"), Self.marker("Detail(item"))?.contents.value ?? ""
        #expect(value.contains("step Detail(item: ItemID)"))
        #expect(value.contains("One item."))
        #expect(value.contains("`detailTapped`: push Detail if isSignedIn else sheet Login in `Home`"))
        #expect(value.contains("**Shortest path**: App.Home → (detailTapped: push) App.Detail"))

        let eventText = client.hover(workspace.file("a.flow"), Self.marker("detailTapped"))?.contents.value ?? ""
        #expect(eventText.contains("event detailTapped(item: ItemID)"))
        #expect(eventText.contains("in `Home`: push Detail if isSignedIn else sheet Login"))

        // An exit of the other file, never opened: who takes it, and how each runner handles it.
        let exitText = client.hover(workspace.file("b.flow"), Self.marker("exit cancelled", in: Fixture.login, plus: 6))?.contents.value ?? ""
        #expect(exitText.contains("**Taken by** `cancelTapped` in `Credentials`"))
        #expect(exitText.contains("- `App.Login`: not handled"))
        #expect(client.shutDown() == 0)
    }

    @Test func definitionAndReferencesCrossFiles() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let locations = client.definition(workspace.file("a.flow"), Self.marker("LoginFlow"))
        #expect(locations.count == 1)
        #expect(locations.first?.uri.hasSuffix("/b.flow") == true)
        #expect(locations.first?.range.start.line == 0)

        // The exit `loggedIn`: declared in b.flow, taken there, handled by the runner in a.flow.
        let loggedIn = Self.marker("loggedIn")
        let found = client.references(workspace.file("a.flow"), loggedIn, includeDeclaration: true)
        #expect(found.count == 3)
        #expect(found.filter { $0.uri.hasSuffix("/b.flow") }.count == 2)
        #expect(client.references(workspace.file("a.flow"), loggedIn, includeDeclaration: false).count == 2)

        // A guard: declared, then asked by a clause.
        #expect(client.definition(workspace.file("a.flow"), Self.marker("isSignedIn", occurrence: 2)).first?.range.start.line == 4)
        #expect(client.shutDown() == 0)
    }

    @Test func renameEditsEveryFileAndRefusesACollision() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let changes = client.rename(workspace.file("a.flow"), Self.marker("LoginFlow"), to: "SignInFlow")?.result?.changes ?? [:]
        #expect(changes.count == 2)
        let newApp = Fixture.apply(changes[workspace.file("a.flow").absoluteString] ?? [], to: Fixture.app)
        let newLogin = Fixture.apply(changes[workspace.file("b.flow").absoluteString] ?? [], to: Fixture.login)
        #expect(newApp.contains("step Login runs SignInFlow {"))
        #expect(newLogin.hasPrefix("flow SignInFlow {"))
        // Applied as an editor applies it (b.flow opened with its edits, a.flow changed), the
        // program is as sound as before.
        client.open(workspace.file("b.flow"), newLogin)
        _ = client.findings(workspace.file("a.flow"))
        client.change(workspace.file("a.flow"), newApp, version: 2)
        #expect(client.findings(workspace.file("a.flow"))?.map(\.code) == ["unhandled-exit"])

        let detail = Self.marker("Detail(item")
        #expect(client.prepareRename(workspace.file("a.flow"), detail)?.placeholder == "Detail")
        let refused = client.rename(workspace.file("a.flow"), detail, to: "Home")?.error
        #expect(refused?.code == -32803)
        #expect(refused?.message.contains("already has that name") == true)
        #expect(client.rename(workspace.file("a.flow"), detail, to: "2fast")?.error?.message.contains("not a valid name") == true)
        #expect(client.shutDown() == 0)
    }

    /// The labels completion offers where `‸` stands in `marked`, once the document's text is `marked` without it.
    static func labels(_ client: LSPClient, _ url: URL, _ marked: String, version: Int) -> [String] {
        let position = LSPClient.marker("‸", in: marked, plus: 0)
        client.change(url, marked.replacingOccurrences(of: "‸", with: ""), version: version)
        return client.completion(url, position).map(\.label)
    }

    /// In a journey, completion offers what the lines above leave on screen (its events first, what
    /// a move leads to after `->`), and hover says what the program shows after a line.
    @Test func journeysAreCompletedAndHoveredAlongTheirPath() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let url = workspace.file("a.flow")
        let sound = Fixture.app.replacingOccurrences(of: "        on loggedIn -> dismiss\n",
                                                     with: "        on loggedIn -> dismiss\n        on cancelled -> dismiss\n")
        let journey = sound + "\njourney SignIn {\n    given !isSignedIn\n    detailTapped(item: 3) -> sheet Credentials\n    ‸\n}\n"
        let here = Self.labels(client, url, journey, version: 2)
        #expect(Array(here.prefix(4)) == ["submitted", "cancelTapped", "detailTapped", "settingsTapped"], "\(here)")
        #expect(here.contains("given") && here.contains("back") && here.contains("select"))
        // After `->`: what the move leads to, first (the journey's text parses: the cursor is before `Home`).
        let arrow = journey.replacingOccurrences(of: "    ‸\n", with: "    submitted -> ‸Home\n")
        #expect(Self.labels(client, url, arrow, version: 3).first == "Home", "\(Self.labels(client, url, arrow, version: 4))")

        let text = journey.replacingOccurrences(of: "    ‸\n", with: "    cancelTapped -> Home\n")
        client.change(url, text, version: 5)
        #expect(client.findings(url)?.isEmpty == true, "\(client.findings(url) ?? [])")
        let over = client.hover(url, LSPClient.marker("detailTapped(item: 3)", in: text, plus: 2))?.contents.value ?? ""
        #expect(over.contains("After this line of journey `SignIn`, the program shows `sheet Credentials`."), "\(over)")
        #expect(over.contains("detailTapped"), "the event's own hover comes first: \(over)")
        #expect(client.shutDown() == 0)
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
        // After a back move: another back move, or a screen shown on what it left (not `popTo`, which comes first).
        #expect(Self.labels(client, url, edited("on x -> pop, ‸"), version: 16)
                == ["push", "sheet", "popover", "cover", "replace", "pop", "dismiss", "close"])
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
        // A step's declaration goes on with `receives`, `runs`, `keeps links` or `locked`; a link's pattern with `as`.
        let header = Fixture.app.replacingOccurrences(of: "    guard isSignedIn\n", with: "    guard isSignedIn\n    step Terms ‸\n")
        #expect(Self.labels(client, url, header, version: 17) == ["like", "receives", "runs", "keeps", "locked", "detents"])
        let keeps = Fixture.app.replacingOccurrences(of: "    guard isSignedIn\n", with: "    guard isSignedIn\n    step Terms keeps ‸\n")
        #expect(Self.labels(client, url, keeps, version: 18) == ["links"])
        // `step Editor locked while ‸`: the flow's guards, as after `if`.
        let locked = Fixture.app.replacingOccurrences(of: "    guard isSignedIn\n", with: "    guard isSignedIn\n    step Terms locked ‸\n")
        #expect(Self.labels(client, url, locked, version: 20) == ["while"])
        let lockGuard = Fixture.app.replacingOccurrences(of: "    guard isSignedIn\n", with: "    guard isSignedIn\n    step Terms locked while ‸\n")
        #expect(Self.labels(client, url, lockGuard, version: 21).contains("isSignedIn"))
        let link = Fixture.app.replacingOccurrences(of: "    guard isSignedIn\n", with: "    guard isSignedIn\n    link \"https://**\" ‸\n")
        #expect(Self.labels(client, url, link, version: 22) == ["as", "->"])
        // A tab's header goes on with `if` too (a tab that is there only sometimes), then a guard.
        let tabs = "\nflow Main tabs {\n    start A\n    guard hasLists\n    step A\n    step B runs LoginFlow ‸\n}\n"
        #expect(Self.labels(client, url, Fixture.app + tabs, version: 23) == ["keeps", "locked", "detents", "if"])
        #expect(Self.labels(client, url, Fixture.app + tabs.replacingOccurrences(of: "‸", with: "if ‸"), version: 24) == ["hasLists"])
        // A tabs flow's step may be an item that presents it: `as`, then how.
        let item = tabs.replacingOccurrences(of: "step B runs LoginFlow ‸", with: "step B ‸")
        #expect(Self.labels(client, url, Fixture.app + item, version: 25) == ["like", "as", "receives", "runs", "keeps", "locked", "detents", "if"])
        #expect(Self.labels(client, url, Fixture.app + item.replacingOccurrences(of: "‸", with: "detents medium, ‸"), version: 27)
                == ["medium", "large", "height"])
        #expect(Self.labels(client, url, Fixture.app + item.replacingOccurrences(of: "‸", with: "as ‸"), version: 26)
                == ["sheet", "cover", "popover"])
        #expect(client.shutDown() == 0)
    }

    @Test func documentSymbolsOutlineTheFile() throws {
        let (client, workspace, _) = try Self.start()
        defer { workspace.remove() }
        let symbols = client.symbols(workspace.file("b.flow"))
        #expect(symbols.map(\.name) == ["LoginFlow", "SettingsFlow"])
        #expect(symbols.first?.children.map(\.name) == ["Credentials", "loggedIn", "cancelled"])
        #expect(client.shutDown() == 0)
    }
}
