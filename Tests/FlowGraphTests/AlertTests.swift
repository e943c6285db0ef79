import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// Alerts and dialogs (docs/Language.md, "Alerts and dialogs"): parsed, resolved, checked as the
/// moves of the states that show them, drawn, and generated.
@Suite("Alerts and dialogs")
struct AlertTests {
    @Test func parsesAlertsDialogsAndButtonsWithAndWithoutAMove() throws {
        let source = SourceFile(path: "a.flow", text: """
            flow Mail {
                start Inbox
                step Inbox {
                    on deleteTapped(message: MessageID) -> alert Delete
                }
                /// "Delete?"
                alert Delete(message: MessageID) {
                    on deleteConfirmed -> pop if canDelete else dismiss, sheet Help
                    /// Only closes.
                    on cancelTapped
                }
                dialog Account {
                    on signOutTapped -> exit signedOut
                }
            }
            """)
        let parsed = Parser.parse(source, file: 0)
        #expect(parsed.diagnostics.isEmpty)
        let flow = try #require(parsed.flows.first)
        #expect(flow.alerts.map(\.name.text) == ["Delete", "Account"])
        #expect(flow.alerts.map(\.style) == [.alert, .dialog])
        #expect(flow.alerts[0].doc == ["\"Delete?\""])
        #expect(flow.alerts[0].inputs.map(\.name.text) == ["message"])
        #expect(flow.alerts[0].buttons.map(\.event.text) == ["deleteConfirmed", "cancelTapped"])
        #expect(flow.alerts[0].buttons[0].action?.kind == .pop)
        #expect(flow.alerts[0].buttons[0].condition?.elseAction?.before.first?.kind == .dismiss)
        #expect(flow.alerts[0].buttons[1].action == nil && flow.alerts[0].buttons[1].doc == ["Only closes."])
        #expect(flow.steps[0].clauses[0].action?.kind == .alert && flow.steps[0].clauses[0].action?.target?.text == "Delete")
    }

    /// A button may use `at` (issue 26); a clause needs a move, and an alert cannot follow a back move.
    @Test func aStepsClauseNeedsAMoveAndAnAlertCannotFollowABackMove() {
        #expect(findings("""
            flow A {
                start S
                step S {
                    on x
                    on y -> dismiss, alert Q
                }
                step T runs B
                alert Q {
                    on z -> sheet T at U
                }
                dialog R
            }
            flow B {
                start U
                step U
            }
            """) == [
            "4:13: error [syntax] expected '->', found the end of the line",
            "5:26: error [syntax] after a back move a clause goes back further ('pop', 'dismiss', 'close') or shows one screen "
                + "with 'push', 'sheet', 'popover', 'cover' or 'replace', not 'alert'",
            "11:13: error [syntax] expected '(' or '{' and the buttons of dialog 'R', found the end of the line",
        ])
    }

    @Test func namesAreSharedWithStepsAndTheShowingWordMustMatchTheDeclaration() {
        #expect(findings("""
            flow A {
                start S
                step S {
                    on x -> dialog Q
                    on y -> alert Nope
                    on w -> push Q
                }
                alert Q {
                    on ok
                }
                alert S {
                    on ok
                }
            }
            """) == [
            "4:17: error [unknown-name] 'Q' is declared as an alert: show it with 'alert Q'",
            "5:23: error [unknown-name] flow 'A' has no alert named 'Nope'",
            "6:22: error [unknown-name] flow 'A' has no step named 'Q'",
            "11:11: error [duplicate-name] 'S' is declared more than once in flow 'A' (alerts, dialogs and steps share their names)",
        ])
    }

    @Test func theShowingClauseSuppliesTheAlertsInputsAndButtonsAreEventsOfTheFlow() throws {
        #expect(rules("""
            flow A {
                start S
                step S {
                    on deleteTapped -> alert Delete
                }
                alert Delete(post: PostID) {
                    on deleteConfirmed(post: PostID) -> push Deleted
                    on cancelTapped
                }
                step Deleted(post: PostID)
            }
            """) == ["input-mismatch"])
        let result = compile("""
            flow A {
                start S
                step S {
                    on deleteTapped(post: PostID) -> alert Delete
                }
                alert Delete(post: PostID) {
                    on deleteConfirmed(post: PostID) -> push Deleted
                    on cancelTapped
                }
                step Deleted(post: PostID) {
                    on backTapped -> pop
                }
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let flow = try #require(result.program?.flows.first)
        #expect(flow.events.map(\.name) == ["deleteTapped", "deleteConfirmed", "cancelTapped", "backTapped"])
        #expect(flow.alerts[0].buttons.map { $0.clause != nil } == [true, false])
    }

    @Test func aButtonsMoveIsCheckedWhereTheAlertWasShownWithAPathThroughIt() throws {
        let result = compile("""
            flow Settings {
                start Account
                step Account {
                    on signOutTapped -> dialog SignOut
                }
                dialog SignOut {
                    on switchAccountTapped -> push Accounts
                    on signOutConfirmed -> pop
                    on cancelTapped
                }
                step Accounts {
                    on doneTapped -> dismiss
                }
            }
            """)
        #expect(findings(result) == [
            "8:32: error [invalid-pop] 'pop' in step 'Account' can run with nothing under 'Account' in its stack",
            "12:26: error [invalid-dismiss] 'dismiss' in step 'Accounts' can run when 'Accounts' is not presented modally in flow 'Settings'",
        ])
        #expect(result.diagnostics[0].notes.map(\.message) == [
            "'signOutConfirmed' is a button of dialog 'SignOut', which step 'Account' shows: its move is made there",
        ])
        #expect(result.diagnostics[1].notes.map(\.message) == [
            "shortest path: Settings.Account → (dialog SignOut, switchAccountTapped: push) Settings.Accounts",
        ])
        #expect(result.diagnostics[1].path == ["Settings.Account", "Settings.Accounts"])
    }

    @Test func aCoverWhoseOnlyWayOutIsAButtonIsNoDeadEndAndAlertsThatShowEachOtherEnd() {
        let program = """
            flow App {
                start Home
                step Home {
                    on promoTapped -> cover Promo
                }
                step Promo {
                    on closeTapped -> alert Leave
                }
                alert Leave {
                    on sureTapped -> alert Really
                    on stayTapped
                }
                alert Really {
                    on yesTapped -> dismiss
                    on backTapped -> alert Leave
                }
            }
            """
        #expect(rules(program).isEmpty)
        // Without the button that leaves, the cover traps the user.
        #expect(rules(program.replacingOccurrences(of: "on yesTapped -> dismiss", with: "on yesTapped")) == ["dead-end"])
    }

    @Test func aButtonOfAnAlertAFlowLevelClauseShowsIsReportedOnlyWhereItCanNeverWork() {
        // The flow-level clause applies everywhere; the button's pop works in the pushed step.
        #expect(rules("""
            flow App {
                start Home
                step Home {
                    on open -> push Detail
                }
                step Detail
                alert Leave {
                    on leaveTapped -> pop
                    on stayTapped
                }
                on leaveAsked -> alert Leave
            }
            """).isEmpty)
    }

    @Test func anAlertWithoutButtonsAndOneNothingShowsAreReported() {
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on x -> alert Empty
                }
                alert Empty {
                }
                dialog Unused {
                    on ok
                }
            }
            """) == [
            "6:11: error [empty-alert] alert 'Empty' has no button: the user could never close it",
            "8:12: warning [unused-alert] dialog 'Unused' of flow 'App' is never shown: no clause says 'dialog Unused'",
        ])
        // A misspelt alert could be the one that shows it: not called unused.
        #expect(rules("""
            flow App {
                start Home
                step Home {
                    on x -> dialog Unsed
                }
                dialog Unused {
                    on ok
                }
            }
            """) == ["unknown-name"])
    }

    @Test func alertsOfADestinationsGroupAreSharedAndGenerateOneTypePerFlow() throws {
        let result = compile("""
            destinations Support {
                step Article(article: String) {
                    on reportTapped(article: String) -> alert Report
                }
                alert Report(article: String) {
                    on reportConfirmed -> pop
                    on cancelTapped
                }
                on articleTapped(article: String) -> push Article
            }
            flow App tabs {
                start Shop
                step Shop runs Store
                step Profile runs Account
            }
            flow Store {
                start Catalog
                use Support
                step Catalog
            }
            flow Account {
                start Overview
                use Support
                step Overview
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let program = try #require(result.program)
        #expect(program.flows.map { $0.alerts.map(\.name) } == [[], ["Report"], ["Report"]])
        #expect(program.flows.dropFirst().allSatisfy { $0.alerts[0].group == 0 })
        let dot = DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: []))
        // One node, in the group's box (the other lines are the edges into it).
        #expect(dot.components(separatedBy: "\n").filter { $0.hasPrefix("        \"Support.Report\" [") }.count == 1)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["test.flow"])
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test func alertCasesThatCollideInSwiftAreSwiftNameErrors() {
        #expect(rules("""
            flow App {
                start Home
                step Home {
                    on x -> alert URLError
                    on y -> alert urlError
                }
                alert URLError { on ok }
                alert urlError { on ok }
            }
            """) == ["swift-name"])
    }
}
