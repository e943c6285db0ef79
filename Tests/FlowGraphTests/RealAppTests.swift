import Foundation
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
        #expect(program.flows[browser].steps.allSatisfy { result.analysis.isStepReachable[browser][program.flows[browser].step(named: $0.name)!] == true })

        // Were Settings put in the menu's runner's place on the browser's stack instead of
        // presented, its close would be at the bottom of that stack: the path names both moves.
        let pushed = Compiler.compile([SourceFile(path: path, text: text.replacingOccurrences(
            of: "dismiss, sheet Settings", with: "dismiss, replace Settings"))])
        #expect(pushed.diagnostics.map { $0.rule } == [.invalidClose])
        #expect(pushed.diagnostics.first?.notes.map(\.message) == [
            "shortest path: Browser.WebView → (menuTapped: sheet) Browser.Menu → (settingsPicked: dismiss, replace) Browser.Settings",
        ])
    }
}
