import Foundation
import Testing
@testable import FlowGraph

/// `restart`: a flow starts over, its start asked again; as the parser, the checker and the
/// diagrams read it (the navigator's side is `RestartTests`, in the replay tests).
@Suite("restart")
struct RestartRuleTests {
    /// A cover (or a locked sheet) whose screen restarts the flow has a way out: the flow starts
    /// over beneath nothing. The same cover without it is a dead end.
    @Test func aRestartIsAWayOutOfACover() {
        let text = """
            flow App {
                start Home if isSignedIn else Welcome
                guard isSignedIn
                step Home {
                    on sessionExpired -> cover SignIn
                }
                step Welcome {
                    on signInTapped -> cover SignIn
                }
                step SignIn {
                    on signedIn -> restart
                }
            }
            """
        #expect(findings(text) == [])
        #expect(findings(text.replacingOccurrences(of: "on signedIn -> restart", with: "on signedIn -> push Home"))
                    .contains { $0.contains("[dead-end]") })
    }

    /// Where a restart lands is the start's choice: in a flow opened only along an `at` path that
    /// replaces its first screen, that screen is shown by a restart alone.
    @Test func aRestartShowsTheStartOfAFlowOpenedAlongAPath() throws {
        let text = """
            flow App {
                start Home
                step Home {
                    on settingsTapped -> sheet Settings at Privacy
                }
                step Settings runs SettingsFlow {
                    on done -> dismiss
                }
            }
            flow SettingsFlow {
                start Overview
                step Overview {
                    on privacyTapped -> replace Privacy
                    on doneTapped -> exit done
                }
                step Privacy {
                    on resetTapped -> restart
                    on doneTapped -> exit done
                }
                exit done
            }
            """
        #expect(findings(text) == [])
        #expect(findings(text.replacingOccurrences(of: "on resetTapped -> restart", with: "on resetTapped -> exit done"))
                    .contains { $0.contains("[unreachable-step]") && $0.contains("'Overview'") })
    }

    /// A tab bar's restart keeps its tab: drawn, as every restart, to where the flow starts.
    @Test func aTabBarRestartsOnTheTabShown() throws {
        let result = compile("""
            flow Main tabs {
                start Home
                step Home
                step Inbox
                on accountSwitched -> restart
            }
            """)
        #expect(findings(result) == [])
        let program = try #require(result.program)
        let dot = DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: result.diagnostics))
        #expect(dot.contains(##""Main.$any" -> "Main.$start" [label="accountSwitched: restart""##))
        let mermaid = MermaidEmitter.emit(program, diagnostics: result.diagnostics)
        #expect(mermaid.contains("Main__any --> Main_Home: accountSwitched (restart)"))
    }

    @Test func whatARestartMayNotBe() {
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on again -> restart Home
                }
            }
            """) == ["4:29: error [syntax] 'restart' takes no target"])
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on again -> push Detail
                }
                step Detail {
                    on again -> pop, restart
                }
            }
            """).first?.hasPrefix("7:26: error [syntax]") == true)
    }
}
