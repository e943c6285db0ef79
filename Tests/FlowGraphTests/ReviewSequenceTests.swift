import Testing
@testable import FlowGraph

/// Review of `close` and of a back move then a screen in one clause: cases where the checker's
/// verdict or its witness disagrees with what the navigator does.
@Suite("Review: back move then a screen")
struct ReviewSequenceTests {
    /// Home → B → C, then `again` (pop, push D): the stack is [Home, B, D] and X is not below D,
    /// so `popTo X` in D is impossible at runtime. Another way to B (Home → X → B) has X below B,
    /// and the checker keeps only "X is below" for D, dropping the configuration without it.
    @Test func popToAfterPopThenPushKeepsTheConfigurationsWithoutTheTarget() {
        #expect(rules("""
            flow App {
                start Home
                step Home {
                    on b -> push B
                    on x -> push X
                }
                step X { on b -> push B }
                step B { on c -> push C }
                step C { on again -> pop, push D }
                step D { on back -> popTo X }
            }
            """) == ["invalid-pop-to"])
    }

    /// The sheet S is presented from P1 (pushed on the base stack) and from P2 (a cover); its
    /// `dismiss, replace Y` puts Y at the bottom of the cover only when S came from P2. The
    /// witness path must go through P2: through P1, Y replaces P1 on the base stack, over Home,
    /// and its `pop` works.
    @Test func theWitnessOfAStateReachedThroughADismissGoesThroughItsPresenter() throws {
        let result = compile("""
            flow App {
                start Home
                step Home {
                    on p -> push P1
                    on c -> cover P2
                }
                step P1 { on s -> sheet S }
                step P2 {
                    on s -> sheet S
                    on close -> dismiss
                }
                step S { on go -> dismiss, replace Y }
                step Y { on done -> pop }
            }
            """)
        let diagnostic = try #require(result.diagnostics.first { $0.rule == .invalidPop })
        let path = try #require(diagnostic.notes.first?.message)
        #expect(path.contains("App.P2"), "witness \(path) does not reach Y at the bottom of the cover")
        #expect(!path.contains("App.P1"), "witness \(path) goes through P1, where Y's pop works")
    }

    /// Home → X → P → sheet S → (go: dismiss, push) Y is [Home, X, P, Y]: the flow-level `popTo X`
    /// runs in Y. The pair (P, X below) is found after the search followed `go` from S (S is
    /// presented from Home first), and the checker, which looked at P's pairs only then, reports
    /// that the clause can never run.
    @Test func aFlowLevelPopToAfterADismissThenPushIsPossibleWhateverTheSearchOrder() {
        #expect(rules("""
            flow App {
                start Home
                step Home {
                    on s -> sheet S
                    on x -> push X
                }
                step X { on p -> push P }
                step P {
                    on s -> sheet S
                    on back -> pop
                }
                step S { on go -> dismiss, push Y }
                step Y
                on back -> popTo X
            }
            """).isEmpty)
    }

    /// Home → cover C2 → cover F → (go: dismiss, replace) Y: F's cover is gone and Y replaces C2
    /// at the bottom of C2's cover, where nothing leads out. The dead end is real, but it is
    /// reported as one of "the cover that presents 'F'", at `cover F`, because the search of F's
    /// trapped configurations follows the `replace` made after the `dismiss` into the cover below.
    /// Known issue: the search over F's cover follows the 'replace' made after F's 'dismiss', so the
    /// dead end is blamed on the cover that presents 'F'; not following it loses the warning, since
    /// C2's own search never reaches Y. When this starts to pass, drop `withKnownIssue`.
    @Test func aDeadEndReachedThroughDismissThenReplaceIsInTheCoverBelow() {
        withKnownIssue("the dead end is blamed on the cover the back move dismissed") {
            expectDeadEndInTheCoverBelow()
        }
    }

    private func expectDeadEndInTheCoverBelow() {
        #expect(findings("""
            flow App {
                start Home
                step Home { on c -> cover C2 }
                step C2 {
                    on f -> cover F
                    on done -> dismiss
                }
                step F { on go -> dismiss, replace Y }
                step Y { on next -> push Z }
                step Z
            }
            """) == [
                "3:25: warning [dead-end] step 'Y' in the cover that presents 'C2' has no way out: "
                    + "it cannot dismiss the cover, exit, or go to a root",
            ])
    }

    /// A chain of 3,000 steps, each going back and pushing the next (`pop, push S(i+1)`): each new
    /// state is found only once the search has run out of states. `followSequences` used to rebuild
    /// every state's incoming moves and follow every clause again each time, which was quadratic
    /// (about 15 s in a debug build; 20 s in a release build for 10,000 steps, where the same chain
    /// with plain pushes takes 0.03 s); now it follows only what changed. The time is measured by
    /// the benchmark, not here (docs/Performance.md); this checks the verdict on such a chain.
    @Test func aLongChainOfBackMovesThenScreensIsCheckedRight() {
        let count = 3_000
        var lines = ["flow App {", "    start S0", "    step S0 { on next -> push S1 }"]
        for index in 1..<count { lines.append("    step S\(index) { on next -> pop, push S\(index + 1) }") }
        lines += ["    step S\(count) { on back -> pop }", "}"]
        #expect(rules(lines.joined(separator: "\n")).isEmpty)
    }

    /// Login runs a flow that does not resolve, so its `signedIn` handler may fire: an uncertain
    /// move. With `replace Inbox` Inbox counts as reachable; with `dismiss, push Inbox` the search
    /// stops before it follows the uncertain clauses with a back move (no deferred forward move
    /// found a new state), and Inbox is reported unreachable.
    @Test func aStepShownOnlyByAnUncertainBackMoveThenScreenIsNotReportedUnreachable() {
        for handler in ["replace Inbox", "dismiss, push Inbox"] {
            #expect(rules("""
                flow App {
                    start Home
                    step Home { on login -> sheet Login }
                    step Login runs Qqqqqqq { on signedIn -> \(handler) }
                    step Inbox { on done -> close }
                }
                """) == ["unknown-name"], "\(handler)")
        }
    }
}
