import Testing
@testable import FlowGraph

@Suite("Reachability, escapes, exits, conflicts and links")
struct CheckerFlowTests {
    @Test func unreachableStepAndFlow() {
        #expect(findings("""
            flow App {
                start Home
                step Home
                step About
                step Legacy runs Old
            }
            flow Old {
                start A
                step A
            }
            """) == [
                "4:10: warning [unreachable-step] step 'About' is unreachable: no transition from the start of flow 'App' leads to it",
                "5:10: warning [unreachable-step] step 'Legacy' is unreachable: no transition from the start of flow 'App' leads to it",
                "7:6: warning [unreachable-flow] flow 'Old' is never run: no reachable step runs it",
            ])
    }

    @Test func everyTabIsReachable() {
        #expect(rules("""
            flow Home tabs {
                start A
                step A
                step B
            }
            """).isEmpty)
    }

    @Test func exitHandlersFireOnlyForExitsTheSubflowTakes() {
        #expect(rules("""
            flow App {
                start Home
                step Home runs Login {
                    on done -> push Welcome
                }
                step Welcome
            }
            flow Login {
                start Form
                step Form
                exit done
            }
            """).sorted() == ["unreachable-step", "unused-exit"])
    }

    @Test func recursiveFlows() {
        #expect(findings("""
            flow A {
                start X
                step X runs B
            }
            flow B {
                start Y
                step Y runs A
            }
            """) == ["3:17: error [recursive-flow] flow 'A' runs itself: A → B → A"])
        #expect(rules("flow A {\n start X\n step X runs A\n}") == ["recursive-flow"])
    }

    @Test func aCoverWithNoWayOutIsADeadEnd() {
        #expect(findings("""
            flow Mail {
                start Inbox
                step Inbox { on locked -> cover Lock }
                step Lock
            }
            """) == ["3:31: warning [dead-end] step 'Lock' is presented as a cover with no way out: "
                     + "no step in it can dismiss it, exit, or go to a root"])
        #expect(rules("""
            flow Mail {
                start Inbox
                step Inbox { on locked -> cover Lock }
                step Lock { on unlocked -> dismiss }
            }
            """).isEmpty)
    }

    @Test func aWayOutDeeperInTheCoverCounts() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on play -> cover Player }
                step Player { on queue -> push Queue }
                step Queue { on close -> dismiss }
            }
            """).isEmpty)
        #expect(rules("""
            flow App {
                start Home
                step Home { on play -> cover Player }
                step Player { on queue -> replace Queue }
                step Queue
            }
            """) == ["dead-end"])
    }

    @Test func aRootOrAFlowLevelDismissIsAWayOut() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on onboard -> cover Tour }
                step Tour { on finished -> root Home }
            }
            """).isEmpty)
        #expect(rules("""
            flow App {
                start Home
                step Home { on onboard -> cover Tour }
                step Tour
                on closeTapped -> dismiss
            }
            """).isEmpty)
    }

    @Test func appWideHandlersDoNotFreeACoverButAreNoted() throws {
        // A session that expires is no button on the screen: the user is still trapped.
        let result = compile("""
            flow App {
                start Home
                step Home runs Inner
                on logout -> root Home
            }
            flow Inner {
                start A
                step A { on locked -> cover Lock }
                step Lock
                on sessionExpired -> root A
            }
            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.map(\.rule) == [.deadEnd])
        #expect(diagnostic.notes.map(\.message) == [
            "flow-level 'sessionExpired' would also lead out, but only if the app sends it from the cover's steps",
            "flow-level 'logout' of enclosing flow 'App' could also close this flow, if the app sends it from the cover's steps",
            "shortest path: App.Home → (runs) Inner.A → (locked: cover) Inner.Lock",
        ])
    }

    @Test func cannotFinishCountsGoingBack() {
        #expect(rules("""
            flow Login {
                start Form
                step Form {
                    on help -> push Help
                    on submit -> exit done
                }
                step Help
                exit done
            }
            flow App {
                start Home
                step Home runs Login { on done -> push Next }
                step Next
            }
            """).isEmpty)
        #expect(findings("""
            flow Login {
                start Form
                step Form {
                    on help -> root Help
                    on submit -> exit done
                }
                step Help
                exit done
            }
            flow App {
                start Home
                step Home runs Login { on done -> push Next }
                step Next
            }
            """) == ["7:10: warning [cannot-finish] no exit of flow 'Login' can be reached from step 'Help'"])
    }

    @Test func exitsMustBeHandledAndDeclaredThingsUsed() {
        #expect(findings("""
            flow App {
                start Home
                step Home runs Login
            }
            flow Login {
                start Form
                guard isValid
                step Form { on submit -> exit done }
                exit done
                exit cancelled
            }
            """) == [
                "3:20: warning [unhandled-exit] step 'Home' runs flow 'Login' but does not handle its exit 'done'",
                "7:11: warning [unused-guard] guard 'isValid' of flow 'Login' is never used",
                "10:10: warning [unused-exit] exit 'cancelled' of flow 'Login' is never taken",
            ])
    }

    @Test func conflictingAndOverlappingTransitions() {
        let head = "flow App {\n start Home\n guard a\n guard b\n step Next\n step Home {\n"
        #expect(rules(head + " on go -> push Next if a\n on go -> root Next if !a\n on x -> push Next if b\n }\n}").isEmpty)
        #expect(rules(head + " on go -> push Next\n on go -> root Next\n }\n on x -> push Next if a\n on x -> push Next if b\n}")
            .sorted() == ["conflicting-transitions", "overlapping-guards"])
        #expect(rules(head + " on go -> push Next if a else root Next\n on go -> push Next if b\n }\n}")
            .contains("conflicting-transitions"))
        #expect(rules(head + " on go -> push Next if a\n on go -> root Next if a\n }\n on x -> push Next if b\n}") == ["conflicting-transitions"])
    }

    @Test func linksOpenAlongPathsTheURLCanFillIn() throws {
        let program = """
            flow App {
                start Home
                step Home { on picked(movie: MovieID) -> push Movie }
                step Movie(movie: MovieID) { on cast(person: PersonID) -> push Person }
                step Person(person: PersonID)
                link "/movies/{movie}" -> Movie
                link "/people/{person}" -> Person
            }
            """
        let result = compile(program)
        #expect(result.diagnostics.map(\.message) == [
            "link '/people/{person}' cannot be opened: "
                + "every path to step 'Person' needs an input the URL does not give, or a move only the user can make",
        ])
        #expect(result.diagnostics[0].notes.first?.message == "step 'App.Movie' needs 'movie: MovieID'")
        let path = try #require(result.analysis.linkPaths[0][0])
        #expect(path.hops.map(\.via) == [nil, "picked: push"])
    }

    @Test func aMisspeltNameDoesNotMakeAFlowLevelBackActionLookImpossible() {
        #expect(rules("""
            flow A {
                start B
                step B { on s -> sheet Setings }
                step Settings
                on closeTapped -> dismiss
            }
            """) == ["unknown-name"])
    }

    @Test func checkerWarningsWaitUntilNamesResolve() {
        // The misspelt target would make 'Detail' look unreachable; only the real error is reported.
        #expect(rules("""
            flow App {
                start Home
                step Home { on open -> push Detial }
                step Detail
            }
            """) == ["unknown-name"])
    }
}

@Suite("Findings from trying it on well-known apps")
struct ReviewRegressionTests {
    @Test func aLoginLogoutPatternDoesNotHideATrappedCover() {
        #expect(rules("""
            flow App {
                start Login
                step Login { on loggedIn -> root Home }
                step Home { on photoTapped -> cover Photo }
                step Photo { on zoomTapped -> push Zoom }
                step Zoom
                on sessionExpired -> root Login
            }
            """) == ["dead-end"])
    }

    @Test func linksOpenEveryTabOfARootTabsFlow() {
        #expect(rules("flow App tabs {\n start Home\n link \"/profile\" -> Profile\n step Home\n step Profile\n}").isEmpty)
    }

    @Test func aStepOnlyALinkPointsToIsReportedOnceWithAHint() throws {
        let result = compile("""
            flow Auth {
                start SignIn
                link "/reset?token={token}" -> NewPassword
                step SignIn
                step NewPassword(token: String) { on saved -> root SignIn }
            }
            """)
        #expect(result.diagnostics.map(\.rule) == [.unreachableStep])
        #expect(try #require(result.diagnostics.first).notes.first?.message.hasPrefix("link '/reset?token={token}' opens it along a path") == true)
    }

    @Test func optionalInputsMayBeLeftOutOfLinksAndPayloads() {
        #expect(rules("""
            flow Shop {
                start Home
                step Home { on picked(product: ProductID) -> push Product }
                step Product(product: ProductID, referrer: String?, page: Int?)
                link "/product/{product}" -> Product
                link "/p/{product}?page={page}" -> Product
            }
            """).isEmpty)
    }

    @Test func aModalStepWrittenInATabsFlowIsExplained() throws {
        let result = compile("flow App tabs {\n start Home\n step Home\n on cameraTapped -> cover Camera\n"
            + " step Camera { on closeTapped -> dismiss }\n}")
        #expect(try #require(result.diagnostics.first).notes.first?.message.hasPrefix("'Camera' is a tab of tabs flow 'App'") == true)
    }

    @Test func unhandledExitExplainsThatExitsDoNotBubble() throws {
        let result = compile("""
            flow App {
                start Home
                step Home runs Account
                on signedOut -> root Home
            }
            flow Account {
                start Profile
                step Profile { on signOutTapped -> exit signedOut }
                exit signedOut
            }
            """)
        #expect(result.diagnostics.map(\.rule) == [.unhandledExit])
        #expect(try #require(result.diagnostics.first).notes.map(\.message).contains(
            "flow-level 'on signedOut' of flow 'App' does not handle it: exits go only to the step that runs the flow"))
    }

    @Test func clearerSyntaxErrors() {
        #expect(findings("flow A {\n start B\n guard async\n step B { on y -> sheet B else dismiss }\n}\nflow Ride tab {\n start X\n step X\n}") == [
            "3:13: error [syntax] expected a guard name after 'guard', found the end of the line",
            "4:27: error [syntax] 'else' needs a condition: write 'if guardName' before it",
            "6:11: error [syntax] expected 'tabs', 'split' or '{' after the flow's name, found 'tab'",
        ])
    }
}

@Suite("Chains of conditions")
struct ConditionChainTests {
    static let program = """
        flow Shop {
            start Cart
            guard isBanned
            guard async isLoggedIn
            step Cart {
                on checkoutTapped -> cover Banned if isBanned else push Checkout if isLoggedIn else sheet Login
            }
            step Banned { on closeTapped -> dismiss }
            step Checkout { on backTapped -> pop }
            step Login { on closeTapped -> dismiss }
        }
        """

    @Test func anElseActionCanHaveAConditionOfItsOwn() throws {
        let result = compile(Self.program)
        #expect(result.diagnostics.isEmpty)
        let transition = try #require(result.program?.flows[0].steps[0].clauses.first)
        #expect(transition.actions.map(\.kind) == [.cover, .push, .sheet])
        #expect(transition.conditions.map(\.guardName) == ["isBanned", "isLoggedIn"])
    }

    @Test func everyGuardOfAChainIsResolvedAndCountsAsUsed() {
        #expect(rules(Self.program.replacingOccurrences(of: "if isLoggedIn else", with: "if isLogedIn else")) == ["unknown-name"])
        #expect(rules(Self.program.replacingOccurrences(of: " else push Checkout if isLoggedIn else sheet Login", with: ""))
            .sorted() == ["unreachable-step", "unreachable-step", "unused-guard"])
    }

    @Test func aChainThatCanFallThroughIsStillOneClause() {
        #expect(rules("""
            flow A {
                start H
                guard g
                guard h
                step H { on go -> push X if g else push Y if h }
                step X { on back -> pop }
                step Y { on back -> pop }
            }
            """).isEmpty)
    }
}
