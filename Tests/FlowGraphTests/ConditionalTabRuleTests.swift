import Foundation
import Testing
@testable import FlowGraph

/// `step Lists runs ListsFlow if hasLists`: a tab that is there only sometimes, as the parser, the
/// resolver, the checker and the diagrams read it (the navigator's side is `ConditionalTabTests`).
@Suite("Tabs that are there sometimes")
struct ConditionalTabRuleTests {
    @Test func aTabsConditionIsResolvedCountedAndDrawn() throws {
        let result = compile("""
            flow App tabs {
                start Timeline
                guard hasLists
                step Timeline
                step Lists runs ListsFlow if !hasLists
            }
            flow ListsFlow {
                start Overview
                step Overview
            }
            """)
        #expect(findings(result) == [])  // the guard is used
        let program = try #require(result.program)
        let condition = try #require(program.flows[0].steps[1].condition)
        #expect(condition.guardIndex == 0 && condition.isNegated && condition.written == "if !hasLists")
        let dot = DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: result.diagnostics))
        #expect(dot.contains("Lists\\nif !hasLists\\n▸ ListsFlow"))
        #expect(MermaidEmitter.emit(program, diagnostics: result.diagnostics).contains(#"state "Lists (if !hasLists)" as App_Lists"#))
    }

    @Test func whatATabsConditionMayNotBe() {
        // Only a tab is there sometimes.
        #expect(findings("""
            flow App {
                start Home
                guard g
                step Home if g
            }
            """).first?.hasPrefix("4:15: error [syntax] 'if' after a step makes a tab that is there only sometimes") == true)
        // A tab bar needs a tab that always is.
        #expect(findings("""
            flow App tabs {
                start Home
                guard g
                step Home if g
                step Inbox if !g
            }
            """) == ["1:6: error [missing-start] every tab of flow 'App' has a condition: the tab bar may have no tab to show; give one tab none"])
        // Asked as the tab bar is built, at once, with nothing to take arguments from.
        #expect(findings("""
            flow App tabs {
                start Home
                guard async g
                step Home
                step Inbox if g
            }
            """).first?.contains("[start-guard]") == true)
    }

    /// `absent-tab`: a `select` that does not ask the tab's condition first; one that asks it, or
    /// whose earlier `if` said the opposite, is clean; a link's may be refused like any link's.
    @Test func aSelectMustAskTheTabsCondition() {
        func selecting(_ action: String) -> [String] {
            findings("""
                flow App tabs {
                    start Home
                    guard g
                    guard h
                    link "/inbox" -> select Inbox
                    step Home {
                        on go -> \(action)
                    }
                    step Inbox if g
                }
                """).filter { !$0.contains("[unused-guard]") }
        }
        #expect(selecting("select Inbox").map { $0.prefix(27) } == ["7:18: warning [absent-tab] "])
        #expect(selecting("select Inbox if g else select Home") == [])
        #expect(selecting("select Home if !g else select Inbox") == [])
        #expect(selecting("select Inbox if !g else select Home").count == 1)
        #expect(selecting("select Inbox if h else select Home").count == 1)
    }
}
