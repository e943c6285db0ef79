import Foundation
import Testing
@testable import FlowGraph

/// `start Home, cover Terms if needsTerms`: the layer a flow shows over its first screen as it
/// starts, as the resolver, the checker and the diagrams read it.
@Suite("Screens at launch")
struct LaunchRuleTests {
    @Test func theLaunchIsResolvedAndItsStepReachable() throws {
        let result = compile("""
            flow App {
                start Home if isSignedIn else Welcome, sheet WhatsNew if !hasSeenNews
                guard isSignedIn
                guard hasSeenNews
                step Home
                step Welcome { on signedIn -> root Home }
                step WhatsNew { on doneTapped -> dismiss }
            }
            """)
        #expect(findings(result) == [])
        let flow = try #require(result.program?.flows.first)
        let launch = try #require(flow.launch)
        #expect(launch.kind == .sheet && launch.step == 2 && launch.condition?.guardIndex == 1 && launch.condition?.isNegated == true)
        #expect(launch.written == "sheet WhatsNew if !hasSeenNews")
        // Drawn from each first screen.
        let program = try #require(result.program)
        let mermaid = MermaidEmitter.emit(program, diagnostics: result.diagnostics)
        #expect(mermaid.contains("App_Home --> App_WhatsNew: at launch [!hasSeenNews] (sheet)"))
        #expect(mermaid.contains("App_Welcome --> App_WhatsNew: at launch [!hasSeenNews] (sheet)"))
        let dot = DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: result.diagnostics))
        #expect(dot.contains(##""App.Home" -> "App.WhatsNew" [label="at launch [!hasSeenNews]""##))
    }

    @Test func whatALaunchMayNotBe() {
        #expect(findings("""
            flow App {
                start Home, push Terms
                step Home
                step Terms
            }
            """).first == "2:17: error [syntax] expected 'cover' or 'sheet' and the step shown at launch after ',', found 'push'")
        #expect(findings("""
            flow Tabs tabs {
                start Home, cover Terms
                step Home
                step Terms
            }
            """) == [
                "2:17: error [syntax] a tabs flow shows its tabs when it starts, and every step of it is a tab: "
                    + "show the screen at launch from a stack flow whose start runs the tab bar",
            ])
        #expect(findings("""
            flow App {
                start Home, cover Term if slow
                guard async slow
                guard needs(id: Int)
                step Home
                step Terms(id: Int) { on done -> dismiss }
                step Other { on x -> sheet Terms }
            }
            """).map { String($0.prefix(30)) } == [
                // `Term` is taken for `Terms`, whose input nothing at launch gives.
                "2:23: error [input-mismatch] s", "2:23: error [unknown-name] flo", "2:28: error [start-guard] the ",
                "4:11: warning [unused-guard] g", "7:10: warning [unreachable-ste", "7:26: error [input-mismatch] e",
            ])
        #expect(findings("""
            flow App {
                start Home, cover Terms if needs
                guard needs
                step Home
                step Terms(id: Int) { on done -> dismiss }
            }
            """) == ["2:23: error [input-mismatch] step 'Terms' is shown at launch, where nothing gives its input 'id: Int'"])
    }

    /// A launch cover with no way out traps the user: `dead-end`, with its path through the launch.
    @Test func aLaunchCoverWithNoWayOutIsADeadEnd() throws {
        let result = compile("""
            flow App {
                start Home, cover Terms if needsTerms
                guard needsTerms
                step Home
                step Terms { on readTapped -> push FullTerms }
                step FullTerms { on backTapped -> pop }
            }
            """)
        #expect(findings(result) == [
            "2:17: warning [dead-end] step 'Terms' is presented as a cover with no way out: no step in it can dismiss it, exit, or go to a root",
        ])
        #expect(result.diagnostics.first?.path == ["App.Home", "App.Terms"])
    }
}
