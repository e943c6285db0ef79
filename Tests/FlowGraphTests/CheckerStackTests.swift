import Testing
@testable import FlowGraph

@Suite("Stack rules: pop, popTo, dismiss")
struct CheckerStackTests {
    @Test func popIsFineWhenEveryWayToTheStepPushesIt() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on open -> push Detail }
                step Detail { on back -> pop }
            }
            """).isEmpty)
    }

    @Test func popOnTheStartStepIsAnError() {
        #expect(findings("""
            flow App {
                start Home
                step Home { on back -> pop }
            }
            """) == ["3:28: error [invalid-pop] 'pop' in step 'Home' can run with nothing under 'Home' in its stack"])
    }

    @Test func popIsAnErrorWhenOneWayReachesTheStepAsARootAndTheNoteShowsThatWay() throws {
        let result = compile("""
            flow App {
                start Home
                step Home {
                    on open -> push Detail
                    on reset -> root Detail
                }
                step Detail { on back -> pop }
            }
            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.rule == .invalidPop)
        #expect(diagnostic.path == ["App.Home", "App.Detail"])
        #expect(diagnostic.notes.map(\.message) == ["shortest path: App.Home → (reset: root) App.Detail"])
    }

    @Test func replaceKeepsWhatIsBelow() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on open -> push A }
                step A { on next -> replace B }
                step B { on back -> pop }
            }
            """).isEmpty)
        #expect(rules("""
            flow App {
                start Home
                step Home { on next -> replace B }
                step B { on back -> pop }
            }
            """) == ["invalid-pop"])
    }

    @Test func flowLevelPopIsAnErrorOnlyWhenItCanNeverRun() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on open -> push Detail }
                step Detail
                on back -> pop
            }
            """).isEmpty)
        #expect(findings("""
            flow App {
                start Home
                step Home { on open -> sheet Detail }
                step Detail
                on back -> pop
            }
            """) == ["5:16: error [invalid-pop] flow-level 'pop' on 'back' can never run: no reachable step of flow 'App' has anything under it"])
    }

    @Test func dismissNeedsAModalLayerOfTheSameFlow() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on compose -> sheet Compose }
                step Compose { on sent -> dismiss }
            }
            """).isEmpty)
        #expect(rules("""
            flow App {
                start Home
                step Home { on compose -> push Compose }
                step Compose { on sent -> dismiss }
            }
            """) == ["invalid-dismiss"])
    }

    @Test func aSubflowCannotDismissTheSheetItsParentPresented() throws {
        let result = compile("""
            flow App {
                start Home
                step Home { on login -> sheet Login }
                step Login runs LoginFlow
            }
            flow LoginFlow {
                start Form
                step Form { on cancel -> dismiss }
            }
            """)
        let diagnostic = try #require(result.diagnostics.first { $0.rule == .invalidDismiss })
        #expect(diagnostic.notes.map(\.message).contains("to leave flow 'LoginFlow', take an exit and let the step that runs it handle it"))
        #expect(diagnostic.path == ["App.Home", "App.Login", "LoginFlow.Form"])
    }

    @Test func popToNeedsItsTargetBelowOnEveryPath() {
        #expect(rules("""
            flow Shop {
                start Catalog
                step Catalog { on cart -> push Cart }
                step Cart { on checkout -> push Confirm }
                step Confirm { on done -> popTo Catalog }
            }
            """).isEmpty)
        #expect(findings("""
            flow Shop {
                start Catalog
                step Catalog { on cart -> sheet Cart }
                step Cart { on checkout -> push Confirm }
                step Confirm { on done -> popTo Catalog }
            }
            """) == ["5:31: error [invalid-pop-to] 'popTo Catalog' in step 'Confirm' can run when 'Catalog' is not below 'Confirm'"])
    }

    @Test func popToAfterRootIsAnError() {
        #expect(rules("""
            flow App {
                start A
                step A { on next -> push B }
                step B {
                    on next -> push C
                    on reset -> root C
                }
                step C { on done -> popTo A }
            }
            """) == ["invalid-pop-to"])
    }
}
