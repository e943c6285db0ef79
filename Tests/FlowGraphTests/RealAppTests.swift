import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// Real apps' navigation written with the language's constructs: they must be short, clean and exact.
@Suite("Real apps")
struct RealAppTests {
    /// firefox-ios's main menu: dismiss, then show the destination; close, however it was shown.
    @Test func firefoxMainMenuDismissesThenShowsItsDestination() throws {
        let path = "Tests/FlowGraphTests/Fixtures/real-apps/firefox-main-menu.flow"
        let source = try Repository.source(path)
        let text = try String(contentsOf: Repository.url(path), encoding: .utf8)
        let result = Compiler.compile([source])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let program = try #require(result.program)
        let browser = try #require(program.flow(named: "Browser"))
        #expect(program.flows[browser].steps.allSatisfy {
            result.analysis.isStepReachable[browser][program.flows[browser].step(named: $0.name)!] == true
        })

        // Were Settings put in the menu's runner's place on the browser's stack instead of
        // presented, its close would be at the bottom of that stack: the path names both moves.
        let pushed = Compiler.compile([SourceFile(path: path, text: text.replacingOccurrences(
            of: "dismiss, sheet Settings", with: "dismiss, replace Settings"))])
        #expect(pushed.diagnostics.map { $0.rule } == [.invalidClose])
        #expect(pushed.diagnostics.first?.notes.map(\.message) == [
            "shortest path: Browser.WebView → (menuTapped: sheet) Browser.Menu → (settingsPicked: dismiss, replace) Browser.Settings",
        ])
    }

    /// IceCubesApp's five tabs push and present the same eleven screens: written once, each tab
    /// with its own stack, clean, one Swift type for the app's view builder.
    @Test func iceCubesTabsShareTheirScreensThroughDestinations() throws {
        let path = "Tests/FlowGraphTests/Fixtures/real-apps/icecubes-tabs.flow"
        let result = Compiler.compile([try Repository.source(path)])
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let program = try #require(result.program)
        let social = try #require(program.groups.first)
        #expect(social.declaration.steps.count == 11)
        #expect(social.users.count == 5)
        // Every tab has every shared screen, in its own stack, and reaches each of them.
        for user in social.users {
            let shared = program.flows[user].steps.indices.filter { program.flows[user].steps[$0].shared != nil }
            #expect(shared.count == 11)
            #expect(shared.allSatisfy { result.analysis.isStepReachable[user][$0] }, "\(program.flows[user].name)")
        }
        // Written once: the 55 shared steps the five tabs have are 11 declarations.
        let written = program.flows.reduce(0) { $0 + $1.steps.filter { $0.shared == nil }.count } + social.declaration.steps.count
        #expect(written == 5 + 7 + 11)
        #expect(program.flows.reduce(0) { $0 + $1.steps.count } == 5 + 7 + 55)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["icecubes-tabs.flow"])
        #expect(source.components(separatedBy: "case accountDetail(account: AccountID)").count == 2)
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// IceCubesApp's status editor: a sheet locked while its text has changed, in one clause; its
    /// screens (and its close button's dialog) must offer the way out a swipe no longer does.
    @Test func iceCubesEditorIsASheetLockedWhileItsTextHasChanged() throws {
        let path = "Tests/FlowGraphTests/Fixtures/real-apps/icecubes-editor.flow"
        let text = try String(contentsOf: Repository.url(path), encoding: .utf8)
        let result = Compiler.compile([try Repository.source(path)])
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let program = try #require(result.program)
        let compose = try #require(program.flows[0].steps[0].clauses.first?.action)
        #expect(compose.written == "sheet StatusEditor locked while hasUnsavedText")
        #expect(compose.lock?.guardIndex == 0)

        // Without its posted and delete/save clauses, the locked editor traps the user.
        let trapped = Compiler.compile([SourceFile(path: path, text: text
            .replacingOccurrences(of: "        on posted -> dismiss\n", with: "")
            .replacingOccurrences(of: "dismiss if !hasUnsavedText else dialog DiscardOptions", with: "dialog DiscardOptions")
            .replacingOccurrences(of: "on deleteTapped -> dismiss", with: "on deleteTapped")
            .replacingOccurrences(of: "on saveTapped -> dismiss", with: "on saveTapped"))])
        #expect(trapped.diagnostics.map(\.message) == [
            "step 'StatusEditor' is presented as a sheet locked while 'hasUnsavedText' with no way out: "
                + "no step in it can dismiss it, exit, or go to a root",
        ])
        #expect(trapped.diagnostics.first?.notes.map(\.message) == [
            "shortest path: Timeline.Home → (composeTapped: sheet) Timeline.StatusEditor",
        ])
        // The dialog's buttons are its way out: with them, and without 'posted', it is clean.
        let viaDialog = Compiler.compile([SourceFile(path: path, text: text.replacingOccurrences(of: "        on posted -> dismiss\n", with: ""))])
        #expect(viaDialog.diagnostics.isEmpty, "\(findings(viaDialog))")

        // The router asks the guard at once, and its table carries the lock.
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["icecubes-editor.flow"])
        let atOnce = try #require(source.range(of: "static func answerAtOnce")).upperBound
        #expect(source[atOnce...].prefix(200).contains("case (0, 0): return guards.hasUnsavedText()"))
        #expect(source.contains("on 0 sheet 1 locked while 0"))
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// IceCubesApp's status editor: the close button's discard dialog and the send button's
    /// language dialog, whose buttons leave the editor's flow. Clean; a button that dismisses
    /// (what the app's `close()` does with SwiftUI's `dismiss`) is caught at the button, in the
    /// step that showed the dialog; the generated router type-checks.
    @Test func iceCubesStatusEditorAsksInDialogsWhoseButtonsLeaveTheEditor() throws {
        let path = "Tests/FlowGraphTests/Fixtures/real-apps/icecubes-status-editor.flow"
        let text = try String(contentsOf: Repository.url(path), encoding: .utf8)
        let result = Compiler.compile([try Repository.source(path)])
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let program = try #require(result.program)
        let editor = try #require(program.flow(named: "StatusEditor"))
        #expect(program.flows[editor].alerts.map(\.name) == ["DiscardDraft", "ConfirmLanguage"])
        #expect(program.flows[editor].alerts.allSatisfy { $0.style == .dialog })

        let dismissing = Compiler.compile([SourceFile(path: path, text: text.replacingOccurrences(
            of: "on deleteDraftTapped -> exit closed", with: "on deleteDraftTapped -> dismiss"))])
        #expect(dismissing.diagnostics.map(\.rule) == [.invalidDismiss])
        #expect(dismissing.diagnostics.first?.notes.map(\.message) == [
            "to leave flow 'StatusEditor', take an exit and let the step that runs it handle it",
            "'deleteDraftTapped' is a button of dialog 'DiscardDraft', which step 'Compose' shows: its move is made there",
            "shortest path: Timeline.Home → (composeTapped: sheet) Timeline.Editor → (runs) StatusEditor.Compose",
        ])

        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["icecubes-status-editor.flow"])
        #expect(source.contains("case confirmLanguage(detected: LanguageCode, selected: LanguageCode)"))
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// The deep links of IceCubesApp, mastodon-ios and firefox-ios: one line each, clean, several
    /// schemes in one link, placeholders inside segments, `ignoring case`, optional query items.
    /// IceCubesApp's whole `handle(url:)`: ignored segments, the whole URL as a value, a catch-all.
    /// (FlowGraphRuntimeTests' `LinkMatchingTests` opens the apps' real URLs with them.)
    @Test(arguments: ["icecubes-links", "mastodon-links", "firefox-links", "icecubes-open-url"])
    func realAppsWriteTheirDeepLinksInOneLineEach(app: String) throws {
        let path = "Tests/FlowGraphTests/Fixtures/real-apps/\(app).flow"
        let result = Compiler.compile([try Repository.source(path)])
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let program = try #require(result.program)
        let links = program.flows.flatMap(\.links)
        #expect(links.allSatisfy { $0.target != nil && !$0.isBroken })
        #expect(!links.isEmpty && result.analysis.linkPaths.joined().allSatisfy { $0 != nil })  // each opens
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["\(app).flow"])
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }
}
