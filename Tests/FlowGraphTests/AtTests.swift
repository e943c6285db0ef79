import Testing
@testable import FlowGraph

/// `sheet Settings at Privacy`: a move that opens the subflow its target runs at a step inside it,
/// along the path the checker finds as it finds a deep link's.
@Suite("Moves that open a subflow at a step inside it ('at')")
struct AtTests {
    /// A browser whose settings and library open inside; `clauses` go in the Tabs step.
    static func browser(_ clauses: String, settings: String = "") -> String {
        """
        flow Browser {
            start Tabs
            step Tabs {
                on settingsTapped -> sheet Settings
                on libraryTapped -> push Library
                on plainTapped -> push Plain
                \(clauses)
            }
            step Settings runs SettingsFlow { on done -> dismiss }
            step Library runs LibraryFlow { on closed -> pop }
            step Plain
        }
        flow SettingsFlow {
            start Main
            guard isAuthenticated
            guard canOpen(account: AccountID)
            step Main {
                on privacyTapped -> push Privacy
                on accountTapped(account: AccountID) -> push Account if canOpen
                on passwordsTapped -> push Passwords if isAuthenticated else sheet Unlock
                on doneTapped -> exit done
            }
            step Privacy { on backTapped -> pop }
            step Account(account: AccountID) { on syncTapped -> push Sync }
            step Sync { on backTapped -> pop }
            step Passwords { on backTapped -> pop }
            step Unlock { on unlocked -> dismiss }
            \(settings)
            exit done
        }
        flow LibraryFlow tabs {
            start History
            step History { on closeTapped -> exit closed }
            step Bookmarks { on closeTapped -> exit closed }
            exit closed
        }
        """
    }

    @Test func parsesAtAfterTheTargetOfAScreenMove() throws {
        let result = compile(Self.browser("""
            on privacyTapped -> sheet Settings at Privacy
                    on bookmarksTapped -> push Library at Bookmarks if isPro else sheet Settings at Privacy
            """).replacingOccurrences(of: "    start Tabs\n", with: "    start Tabs\n    guard isPro\n"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let program = try #require(result.program)
        let tabs = program.flows[0].steps[0]
        let first = try #require(tabs.clauses[3].action.at)
        #expect(first.name == "Privacy" && first.flow == 1 && first.step == 1)
        #expect(tabs.clauses[3].action.written == "sheet Settings at Privacy")
        let actions = tabs.clauses[4].actions
        #expect(actions.map(\.written) == ["push Library at Bookmarks", "sheet Settings at Privacy"])
        #expect(actions.map { $0.at?.flow } == [2, 1])
    }

    @Test func atOnlyFollowsAScreenMoveAndNamesOneStep() {
        #expect(findings(Self.browser("on e -> popTo Settings at Privacy")) == [
            "7:32: error [syntax] 'at' opens a step inside the subflow of a screen shown anew or of a tab: "
                + "it follows 'push', 'sheet', 'popover', 'cover', 'replace', 'root' or 'select', not 'popTo'",
        ])
        // `at A.B`: B must be a step of a subflow A runs.
        #expect(findings(Self.browser("on e -> sheet Settings at Main.Privacy")) == [
            "7:40: error [at-unreachable] 'at Privacy' opens a step inside the subflow the move's target runs, and step 'Main' runs no flow",
        ])
        #expect(findings(Self.browser("on e -> sheet Settings at A.B.C.D.E.F.G.H.I")).first
                == "7:50: error [syntax] 'at' names at most 8 steps, each inside the subflow the one before it runs")
        #expect(findings(Self.browser("on e -> sheet Settings at")) == [
            "7:34: error [syntax] expected a step name after 'at', found the end of the line",
        ])
        // `at` is a keyword only there: a step may be named `at`.
        #expect(rules("""
            flow App {
                start at
                step at { on at -> push Other }
                step Other
            }
            """).isEmpty)
    }

    @Test func theTargetMustRunAFlowAndTheStepBeOneOfIt() {
        #expect(findings(Self.browser("on e -> push Plain at Privacy")) == [
            "7:31: error [at-unreachable] 'at Privacy' opens a step inside the subflow the move's target runs, and step 'Plain' runs no flow",
        ])
        #expect(findings(Self.browser("on e -> sheet Settings at Privcy")) == [
            "7:35: error [unknown-name] flow 'SettingsFlow' has no step named 'Privcy'",
        ])
        // The step's own inputs come from the payload, as a push's would.
        #expect(findings(Self.browser("on e -> sheet Settings at Account")) == [
            "7:35: error [input-mismatch] event 'e' does not supply input 'account: AccountID' of step 'SettingsFlow.Account'",
        ])
    }

    @Test func thePathIsFoundInsideTheSubflowWithThePayloadsValues() throws {
        let result = compile(Self.browser("""
            on syncTapped(account: AccountID) -> sheet Settings at Sync
                    on bookmarksTapped -> push Library at Bookmarks
                    on mainTapped -> sheet Settings at Main
            """))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let paths = result.analysis.atPaths
        let program = try #require(result.program)
        func names(_ handler: Int) -> [String]? {
            paths[ClauseReference(flow: 0, step: 0, index: ClauseIndex(handler), branch: 0)]?.names(in: program)
        }
        // Through the guarded push of Account, whose guard is asked with the event's account.
        #expect(names(3) == ["SettingsFlow.Main", "SettingsFlow.Account", "SettingsFlow.Sync"])
        #expect(paths[ClauseReference(flow: 0, step: 0, index: 3, branch: 0)]?.hops.compactMap(\.clause).count == 2)
        // A tab, or the subflow's start: no move.
        #expect(names(4) == ["LibraryFlow.Bookmarks"])
        #expect(names(5) == ["SettingsFlow.Main"])
        #expect(paths.count == 3)
    }

    @Test func aPathThatNeedsWhatThePayloadLacksOrAnElseIsUnreachable() {
        let sync = compile(Self.browser("on syncTapped -> sheet Settings at Sync")).diagnostics
        #expect(sync.map(\.rule) == [.atUnreachable])
        #expect(sync.first?.message == "'sheet Settings at Sync' cannot open 'Sync': "
            + "every path to it inside flow 'SettingsFlow' needs a value event 'syncTapped' does not carry, or a move only the user can make")
        #expect(sync.first?.notes.map(\.message) == [
            "on 'accountTapped' the path asks guard 'canOpen', which needs 'account: AccountID'",
            "shortest path: SettingsFlow.Main → (accountTapped: push) SettingsFlow.Account → (syncTapped: push) SettingsFlow.Sync",
        ])
        // Unlock is shown only when the guard blocks: a move only the user can make.
        let unlock = compile(Self.browser("on unlockTapped -> sheet Settings at Unlock")).diagnostics
        #expect(unlock.map(\.rule) == [.atUnreachable])
        #expect(unlock.first?.notes.first?.message
            == "the path takes the 'else' of 'passwordsTapped', which has no guard of its own and happens only when 'if isAuthenticated' fails: "
                + "'at' does not take it")
    }

    @Test func aStepNoForwardMoveReachesAndAMismatchedOptionalAreUnreachable() {
        #expect(findings(Self.browser("on e -> sheet Settings at Orphan", settings: "step Orphan")) == [
            "7:35: error [at-unreachable] 'sheet Settings at Orphan' cannot open 'Orphan': "
                + "no forward move inside flow 'SettingsFlow' leads there from its start",
            "28:10: warning [unreachable-step] step 'Orphan' is unreachable: no transition from the start of flow 'SettingsFlow' leads to it",
        ])
        // Notes takes an optional `text: String?`, which the payload carries as an Int: it could not be passed.
        #expect(findings(Self.browser(
            "on e(text: Int) -> sheet Settings at Saved",
            settings: "step Notes(text: String?) { on save -> push Saved }\n    step Saved\n    on notesTapped(text: String?) -> push Notes")) == [
            "7:46: error [at-unreachable] 'sheet Settings at Saved' cannot open 'Saved': "
                + "on the way, step 'SettingsFlow.Notes' needs 'text: String?', and event 'e' carries 'text: Int'",
        ])
    }

    @Test func anExitHandlerTakesTheExitsInputs() {
        #expect(rules("""
            flow App {
                start Login
                step Login runs LoginFlow { on signedIn -> replace Home at Profile }
                step Home runs HomeFlow
            }
            flow LoginFlow {
                start Form
                step Form { on submitted(user: UserID) -> exit signedIn }
                exit signedIn(user: UserID)
            }
            flow HomeFlow {
                start Feed
                step Feed { on profileTapped(user: UserID) -> push Profile }
                step Profile(user: UserID)
            }
            """).isEmpty)
    }

    @Test func theTableWritesThePathAfterTheAction() throws {
        let result = compile(Self.browser("on privacyTapped -> sheet Settings at Privacy"))
        let program = try #require(result.program)
        let analysis = result.analysis
        let table = RouterTable(program, analysis: analysis).lines.joined(separator: "\n")
        // Browser has 4 steps: SettingsFlow.Main is global step 4; its first clause pushes Privacy.
        #expect(table.contains("step Tabs - ^ on 0 sheet 1 on 1 push 2 on 2 push 3 on 3 sheet 1 at e4 m1:0:0:0"))
    }

    @Test func diagramsLabelTheEdgeWithWhereTheMoveOpens() throws {
        let result = compile(Self.browser("on privacyTapped -> sheet Settings at Privacy"))
        let program = try #require(result.program)
        let mermaid = MermaidEmitter.emit(program)
        #expect(mermaid.contains("privacyTapped (sheet at Privacy)"))
    }

    /// A flow only ever opened with `at` starts where the path leaves it: a start the path
    /// replaces is never shown; one a guard may stop the path at, or a push keeps below, is.
    @Test func aStartThatAnAtPathReplacesIsNeverShown() {
        func program(_ move: String, _ start: String = "start Intro") -> String {
            """
            flow App {
                start Overview
                step Overview {
                    on composePlayer(item: Int) -> popover Player at Rating
                }
                step Player runs Wallet {
                    on cancelled -> close
                }
            }
            flow Wallet {
                \(start)
                guard canRate
                step Intro {
                    on rate(item: Int) -> \(move)
                    on cancelIntro -> exit cancelled
                }
                step Other {
                    on leave -> exit cancelled
                }
                step Rating(item: Int) {
                    on leave -> exit cancelled
                }
                exit cancelled
            }
            """
        }
        let replaced = findings(program("replace Rating"))
        #expect(replaced.contains(
            "13:10: warning [unreachable-step] step 'Intro' is unreachable: no transition from the start of flow 'Wallet' leads to it"))
        #expect(findings(program("push Rating")).allSatisfy { !$0.contains("'Intro' is unreachable") })
        #expect(findings(program("replace Rating if canRate")).allSatisfy { !$0.contains("'Intro' is unreachable") })
        // The other start of a choice is shown when its guard picks it.
        let choice = findings(program("replace Rating", "start Intro if canRate else Other"))
        #expect(choice.contains { $0.contains("'Intro' is unreachable") } && !choice.contains { $0.contains("'Other' is unreachable") })
    }

    /// A tab bar opened only with `at` a tab shows its other tabs too: the user taps them.
    @Test func aTabBarOpenedAtATabShowsItsOtherTabs() {
        #expect(findings("""
            flow App {
                start Launch
                step Launch {
                    on ready -> sheet Main at Notifications
                }
                step Main runs Tabs {
                    on done -> dismiss
                }
            }
            flow Tabs tabs {
                start Home
                step Home {
                    on finish -> exit done
                }
                step Notifications
                step Search
                exit done
            }
            """).isEmpty)
    }
}
