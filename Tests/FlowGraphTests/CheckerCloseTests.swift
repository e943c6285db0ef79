import Testing
@testable import FlowGraph

/// `close`: a `pop` where the step was pushed, a `dismiss` at the bottom of a modal layer.
@Suite("close: pop or dismiss, however the step was shown")
struct CheckerCloseTests {
    @Test func closeIsFineWhereTheStepIsPushedOrPresentedAndTheSameScreenMayBeBoth() {
        #expect(rules("""
            flow App {
                start Home
                step Home {
                    on open -> push Detail
                    on compose -> sheet Detail
                    on cover -> cover Detail
                }
                step Detail { on done -> close }
            }
            """).isEmpty)
    }

    @Test func closeAtTheBottomOfTheBaseStackIsAnErrorWithItsPath() throws {
        let result = compile("""
            flow App {
                start Home
                step Home {
                    on open -> push Detail
                    on reset -> root Detail
                }
                step Detail { on done -> close }
            }
            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.rule == .invalidClose)
        #expect(diagnostic.message == "'close' in step 'Detail' can run at the bottom of the base stack of flow 'App', "
            + "with nothing to pop or dismiss")
        #expect(diagnostic.path == ["App.Home", "App.Detail"])
        #expect(diagnostic.notes.map(\.message) == ["shortest path: App.Home → (reset: root) App.Detail"])
    }

    @Test func aSubflowsFirstStepMustExitRatherThanClose() {
        #expect(findings("""
            flow App {
                start Home
                step Home { on login -> sheet Login }
                step Login runs LoginFlow { on done -> dismiss }
            }
            flow LoginFlow {
                start SignIn
                step SignIn {
                    on signedIn -> exit done
                    on cancelTapped -> close
                }
                exit done
            }
            """) == [
                "10:28: error [invalid-close] 'close' in step 'SignIn' can run at the bottom of the base stack of flow 'LoginFlow', "
                    + "with nothing to pop or dismiss",
            ])
    }

    @Test func aFlowLevelCloseIsAnErrorOnlyWhenNoStateAllowsIt() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on open -> push Detail }
                step Detail
                on closeTapped -> close
            }
            """).isEmpty)
        #expect(findings("""
            flow App {
                start Home
                step Home { on open -> replace Detail }
                step Detail
                on closeTapped -> close
            }
            """) == ["5:23: error [invalid-close] flow-level 'close' on 'closeTapped' can never run: "
                     + "no reachable step of flow 'App' is pushed or presented modally"])
    }

    @Test func closeAtTheBottomOfACoverIsAWayOutButInAStepPushedInsideItOnlyGoesBack() {
        // At the cover's bottom, close dismisses it: no dead end.
        #expect(rules("""
            flow App {
                start Home
                step Home { on play -> cover Player }
                step Player { on done -> close }
            }
            """).isEmpty)
        // Only the pushed step closes, and that pops back to the cover's bottom: trapped.
        #expect(rules("""
            flow App {
                start Home
                step Home { on play -> cover Player }
                step Player { on info -> push Info }
                step Info { on done -> close }
            }
            """) == ["dead-end"])
    }

    @Test func cannotFinishSeesCloseAsWhatItIsInEachState() {
        func program(_ help: String) -> String {
            """
            flow App {
                start Home
                step Home { on login -> push Login }
                step Login runs LoginFlow { on done -> pop }
            }
            flow LoginFlow {
                start SignIn
                step SignIn {
                    on helpTapped -> cover Help
                    on signedIn -> exit done
                }
                step Help {
                    \(help)
                    on moreTapped -> push More
                }
                step More { on doneTapped -> close }
                exit done
            }
            """
        }
        // The cover's bottom closes: the user gets back to the sign-in and can finish.
        #expect(rules(program("on doneTapped -> close")).isEmpty)
        // Only More closes, and there it pops back to Help: the cover cannot be left.
        #expect(rules(program("")) == ["dead-end", "cannot-finish", "cannot-finish"])  // Help and More
    }
}
