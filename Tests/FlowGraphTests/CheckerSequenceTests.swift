import Testing
@testable import FlowGraph

/// A back move and then a move that shows a screen, in one clause: `dismiss, sheet Settings`.
@Suite("A back move, then a screen, in one clause")
struct CheckerSequenceTests {
    @Test func parsesBothMovesAndRefusesOtherShapes() throws {
        let result = compile("""
            flow App {
                start Home
                step Home { on menu -> sheet Menu }
                step Menu { on settings -> dismiss, sheet Settings if ok else popTo Menu, push Menu }
                step Settings
                guard ok
            }
            """)
        let clause = try #require(result.program?.flows.first?.steps[1].clauses.first)
        #expect(clause.action.kind == .sheet && clause.action.before.map(\.kind) == [.dismiss])
        #expect(clause.action.written == "dismiss, sheet Settings")
        #expect(clause.actions[1].written == "popTo Menu, push Menu")
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on a -> push Home, pop
                    on b -> dismiss, exit done
                    on c -> pop, popTo Home
                    on d -> dismiss, push Home, push Home
                    on e -> dismiss,
                    on f -> pop, pop, pop, pop, pop
                    on g -> pop, pop, pop, pop, push Home
                }
            }
            """) == [
                "4:26: error [syntax] only a back move ('pop', 'popTo', 'dismiss' or 'close') can come before ',' in a clause, not 'push'",
                "5:26: error [syntax] after a back move a clause goes back further ('pop', 'dismiss', 'close') or shows one screen "
                    + "with 'push', 'sheet', 'popover', 'cover' or 'replace', not 'exit'",
                "6:22: error [syntax] 'popTo' goes back to a step below where the clause is taken: it is a clause's first move ('popTo Cart, pop')",
                "7:35: error [syntax] only a back move ('pop', 'popTo', 'dismiss' or 'close') can come before ',' in a clause, not 'push'",
                "8:25: error [syntax] expected an action after ',', found the end of the line",
                "9:37: error [syntax] a clause makes at most 4 back moves, then one screen shown",
                "10:17: error [invalid-pop] 'pop' in step 'Home' can run with nothing under 'Home' in its stack",
            ])
    }

    @Test func dismissThenPushLandsOnTheStackUnderTheSheet() {
        // History is pushed on the base stack, over Home: popTo Home and pop are fine, dismiss is not.
        #expect(findings("""
            flow App {
                start Home
                step Home { on menu -> sheet Menu }
                step Menu { on history -> dismiss, push History }
                step History {
                    on home -> popTo Home
                    on back -> pop
                    on close -> dismiss
                }
            }
            """) == [
                "8:21: error [invalid-dismiss] 'dismiss' in step 'History' can run when 'History' is not presented modally in flow 'App'",
            ])
    }

    @Test func theWitnessPathShowsBothMoves() throws {
        let result = compile("""
            flow App {
                start Home
                step Home { on menu -> sheet Menu }
                step Menu { on settings -> dismiss, sheet Settings }
                step Settings { on back -> pop }
            }
            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.rule == .invalidPop)
        #expect(diagnostic.notes.map(\.message) == [
            "shortest path: App.Home → (menu: sheet) App.Menu → (settings: dismiss, sheet) App.Settings",
        ])
    }

    @Test func theBackMoveIsCheckedWhereTheClauseIsTaken() {
        // Menu is pushed, not presented: its dismiss is wrong, at the back move's range.
        #expect(findings("""
            flow App {
                start Home
                step Home { on menu -> push Menu }
                step Menu { on settings -> dismiss, sheet Settings }
                step Settings { on done -> dismiss }
            }
            """) == [
                "4:32: error [invalid-dismiss] 'dismiss' in step 'Menu' can run when 'Menu' is not presented modally in flow 'App'",
                // No configuration under Menu to show it on.
                "5:10: warning [unreachable-step] step 'Settings' is unreachable: no transition from the start of flow 'App' leads to it",
            ])
    }

    @Test func aScreenOnlyADismissThenPushShowsIsReachableAndOnlyThatWay() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on menu -> sheet Menu }
                step Menu { on settings -> dismiss, sheet Settings }
                step Settings { on done -> dismiss }
            }
            """).isEmpty)
        // A dismiss that can never run shows nothing: Settings is unreachable.
        #expect(rules("""
            flow App {
                start Home
                step Home { on menu -> push Menu }
                step Menu { on settings -> dismiss, sheet Settings }
                step Settings { on done -> dismiss }
            }
            """) == ["invalid-dismiss", "unreachable-step"])
    }

    @Test func popThenPushKeepsWhatWasBelowAndPopToGoesBackFurther() {
        #expect(findings("""
            flow App {
                start Home
                step Home { on open -> push A }
                step A { on next -> push B }
                step B {
                    on swap -> pop, push C
                    on restart -> popTo Home, push C
                }
                step C {
                    on back -> popTo Home
                    on up -> popTo A
                }
            }
            """) == [
                // After 'popTo Home, push C', A is no longer below C.
                "11:18: error [invalid-pop-to] 'popTo A' in step 'C' can run when 'A' is not below 'C'",
            ])
    }

    @Test func aCoverThatClosesAndShowsAnotherScreenIsNotADeadEnd() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on promo -> cover Promo }
                step Promo { on shop -> dismiss, push Shop }
                step Shop { on back -> pop }
            }
            """).isEmpty)
    }
}
