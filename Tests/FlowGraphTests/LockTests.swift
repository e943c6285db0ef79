import Foundation
import Testing
@testable import FlowGraph

/// `popover X`, and sheets the user cannot swipe away: `sheet X locked`, `sheet X locked while g`.
@Suite("Popovers and locked sheets")
struct LockTests {
    @Test func parsesAPopoverAndBothLocksAfterAt() throws {
        let result = compile("""
            flow App {
                start Home
                guard hasDraft
                step Home {
                    on a -> popover Filters
                    on b -> sheet Editor locked
                    on c -> popover Editor locked while !hasDraft
                }
                step Filters {
                    on d -> dismiss, sheet Settings at Privacy locked while hasDraft if hasDraft else popover Filters locked
                }
                step Editor { on done -> close }
                step Settings runs SettingsFlow { on done -> dismiss }
            }
            flow SettingsFlow {
                start Main
                step Main { on privacyTapped -> push Privacy }
                step Privacy { on doneTapped -> exit done }
                exit done
            }
            """)
        #expect(findings(result) == [])
        let home = try #require(result.program?.flows.first?.steps.first)
        #expect(home.clauses.map(\.action.written) == ["popover Filters", "sheet Editor locked", "popover Editor locked while !hasDraft"])
        let filters = try #require(result.program?.flows.first?.steps[1].clauses.first)
        #expect(filters.actions.map(\.written) == ["dismiss, sheet Settings at Privacy locked while hasDraft", "popover Filters locked"])
        let lock = try #require(home.clauses[2].action.lock)
        #expect(lock.guardIndex == 0 && lock.isNegated)
        #expect(home.clauses[0].action.lock == nil && !home.clauses[0].action.mayBeLocked)
        #expect(home.clauses[1].action.mayBeLocked)
    }

    @Test func aLockWhereNoneCanBeIsASyntaxErrorThatKeepsTheMove() {
        #expect(findings("""
            flow App {
                start Home
                guard g
                step Home {
                    on a -> cover Gallery locked
                    on b -> push Gallery locked while g
                    on c -> pop locked
                    on d -> sheet Gallery locked at Privacy
                    on e -> sheet Gallery locked while
                    on f -> sheet Gallery locked while !
                }
                step Gallery { on done -> close }
            }
            """) == [
                "5:31: error [syntax] a cover is always locked: the user can never swipe it away, so 'locked' is for 'sheet' and 'popover'",
                "6:30: error [syntax] 'locked' follows 'sheet' or 'popover', whose layer the user could otherwise swipe away, not 'push'",
                "7:21: error [syntax] 'locked' follows 'sheet' or 'popover', whose layer the user could otherwise swipe away, not 'pop'",
                "8:38: error [syntax] 'locked' comes last, after 'at': 'sheet Settings at Privacy locked'",
                "9:43: error [syntax] expected a guard name after 'while', found the end of the line",
                "10:45: error [syntax] expected a guard name after 'while', found the end of the line",
            ])
    }

    @Test func theLocksGuardAnswersAtOnceWithoutArgumentsAndCountsAsUsed() {
        let program = """
            flow App {
                start Home
                guard async slow
                guard canEdit(draft: Int)
                guard hasDraft
                step Home {
                    on a -> sheet Editor locked while slow
                    on b -> sheet Editor locked while canEdit
                    on c -> sheet Editor locked while hasDrat
                }
                step Editor { on done -> dismiss }
            }
            """
        #expect(findings(program) == [
            "7:30: error [lock-guard] a lock asks guard 'slow', which is 'async': the app asks a lock at once, whenever it draws the sheet",
            "8:30: error [lock-guard] a lock asks guard 'canEdit', which takes arguments: "
                + "the app asks a lock whenever it draws the sheet, with no payload to take them from",
            "9:43: error [unknown-name] flow 'App' declares no guard named 'hasDrat'",
        ])
        // A lock is a use: no guard of a lock is reported unused.
        #expect(rules(program.replacingOccurrences(of: "hasDrat", with: "hasDraft")) == ["lock-guard", "lock-guard"])
        #expect(rules("""
            flow App {
                start Home
                guard hasDraft
                step Home { on a -> sheet Editor }
                step Editor { on done -> dismiss }
            }
            """) == ["unused-guard"])
    }

    /// The checker does not know the guard's answers: a sheet that may be locked is a cover for
    /// `dead-end`, named for what it is.
    @Test func aLockedSheetWithNoWayOutIsADeadEnd() throws {
        let source = try Repository.source("Tests/FlowGraphTests/Fixtures/locks/dead-end-locked.flow")
        let result = Compiler.compile([source])
        let expected = Expectation.all(in: source).sorted { $0.description < $1.description }
        #expect(expected.count == 4)
        #expect(Expectation.actual(result).sorted { $0.description < $1.description } == expected)
        let clean = Compiler.compile([try Repository.source("Tests/FlowGraphTests/Fixtures/locks/dead-end-locked-fixed.flow")])
        #expect(findings(clean) == [])
        // Unlocked, the same sheets can be swiped away: no dead end.
        let unlocked = SourceFile(path: source.path, text: String(decoding: source.bytes, as: UTF8.self)
            .replacingOccurrences(of: " locked while hasDraft", with: "").replacingOccurrences(of: " locked", with: ""))
        #expect(Compiler.compile([unlocked]).diagnostics.map(\.rule).filter { $0 == .deadEnd } == [])
    }

    /// A step presented both locked and not has states of both kinds: only the locked one traps.
    @Test func theLockIsTheMovesNotTheScreens() {
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on a -> sheet Editor
                    on b -> sheet Editor locked
                }
                step Editor
            }
            """) == [
                "5:17: warning [dead-end] step 'Editor' is presented as a locked sheet with no way out: "
                    + "no step in it can dismiss it, exit, or go to a root",
            ])
    }

    /// A locked sheet cannot be swiped away, so it is a layer the user cannot leave downwards: a
    /// subflow whose locked sheet cannot dismiss itself or reach an exit cannot finish.
    @Test func aLockedSheetThatCannotBeLeftMeansTheFlowCannotFinish() {
        let program = """
            flow App {
                start Home
                step Home { on go -> push Wizard }
                step Wizard runs WizardFlow { on done -> pop }
            }
            flow WizardFlow {
                start Intro
                step Intro {
                    on next -> exit done
                    on helpTapped -> sheet Help locked
                }
                step Help { on moreTapped -> push More }
                step More { on doneTapped -> root Intro }
                exit done
            }
            """
        #expect(rules(program) == [])
        #expect(findings(program.replacingOccurrences(of: "root Intro", with: "replace Help")) == [
            "10:26: warning [dead-end] step 'Help' is presented as a locked sheet with no way out: "
                + "no step in it can dismiss it, exit, or go to a root",
            "12:10: warning [cannot-finish] no exit of flow 'WizardFlow' can be reached from step 'Help'",
            "13:10: warning [cannot-finish] no exit of flow 'WizardFlow' can be reached from step 'More'",
        ])
        // Not locked, the user swipes the sheet away and can still finish.
        #expect(rules(program.replacingOccurrences(of: "root Intro", with: "replace Help")
            .replacingOccurrences(of: "sheet Help locked", with: "sheet Help")) == [])
    }

    /// For every other rule a popover, or a locked sheet, is a sheet: `dismiss` and `close`
    /// close it, `pop` at its bottom cannot.
    @Test func aPopoverAndALockedSheetAreSheetsForTheStackRules() {
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on a -> popover Filters
                    on b -> sheet Editor locked
                }
                step Filters {
                    on done -> dismiss
                    on back -> pop
                }
                step Editor {
                    on done -> close
                    on more -> popover Filters
                }
            }
            """) == [
                "9:20: error [invalid-pop] 'pop' in step 'Filters' can run with nothing under 'Filters' in its stack",
            ])
    }

    @Test func diagramsDrawAPopoverAndALockApart() throws {
        let result = compile("""
            flow App {
                start Home
                guard hasDraft
                step Home {
                    on filtersTapped -> popover Filters
                    on composeTapped -> sheet Editor locked while hasDraft
                    on termsTapped -> sheet Terms locked
                }
                step Filters { on done -> dismiss }
                step Editor { on done -> dismiss }
                step Terms { on done -> dismiss }
            }
            """)
        let program = try #require(result.program)
        let dot = DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: result.diagnostics))
        #expect(dot.contains(##""App.Home" -> "App.Filters" [label="filtersTapped", color="#d9730d", style="dashed", arrowhead="odot""##))
        #expect(dot.contains(##""App.Home" -> "App.Editor" [label="composeTapped (locked while hasDraft)", color="#1f6fb4", style="bold,dashed""##))
        #expect(dot.contains(##""App.Home" -> "App.Terms" [label="termsTapped (locked)", color="#1f6fb4", style="bold,dashed""##))
        #expect(dot.contains(##"label="popover", fontsize="9""##))
        let mermaid = MermaidEmitter.emit(program, diagnostics: result.diagnostics)
        #expect(mermaid.contains("App_Home --> App_Filters: filtersTapped (popover)"))
        #expect(mermaid.contains("App_Home --> App_Editor: composeTapped (sheet locked while hasDraft)"))
        #expect(mermaid.contains("App_Home --> App_Terms: termsTapped (sheet locked)"))
        // The page: the flow's drawing has the same edges, its clauses say the lock.
        let diagrams = MapDiagrams(program, diagnostics: result.diagnostics)
        let map = ProgramMap.build(program, diagnostics: result.diagnostics, diagrams: diagrams)
        #expect(map.flows[0].clauses.map(\.summary) == [
            "popover Filters", "sheet Editor locked while hasDraft", "sheet Terms locked", "dismiss", "dismiss", "dismiss",
        ])
        let page = diagrams.whole
        #expect(page.edges.contains { $0.attributes["label"] == "composeTapped (locked while hasDraft)" && $0.attributes["style"] == "bold,dashed" })
        #expect(page.edges.contains { $0.attributes["label"] == "filtersTapped" && $0.attributes["arrowhead"] == "odot" })
    }

    /// `step Editor locked while g`: every sheet and popover that presents the step is locked so
    /// (from a step, from the flow, from an alert's button, from a link), a cover stays a cover
    /// and a push pushes; the lock is written into those moves, so everything downstream (the
    /// checker, the table, the diagrams) sees it as if each move had said it.
    @Test func aLockOnTheStepLocksEveryMoveThatPresentsIt() throws {
        let result = compile("""
            flow Timeline {
                start Home
                guard hasUnsavedText
                link "/compose" -> sheet Editor
                step Home {
                    on composeTapped -> sheet Editor
                    on replyTapped -> popover Editor
                    on draftTapped -> cover Editor
                    on sameTapped -> sheet Editor locked while hasUnsavedText
                    on menuTapped -> alert Menu
                }
                alert Menu {
                    on newTapped -> sheet Editor
                    on cancelTapped
                }
                step Editor locked while hasUnsavedText {
                    on posted -> dismiss
                    on quoteTapped -> push Editor
                }
                on mentioned -> sheet Editor
            }
            """)
        #expect(findings(result) == [])
        let flow = try #require(result.program?.flows.first)
        let editor = flow.steps[1]
        #expect(editor.lock?.written == "locked while hasUnsavedText" && editor.lock?.guardIndex == 0)
        #expect(flow.steps[0].clauses.map(\.action.written) == [
            "sheet Editor locked while hasUnsavedText", "popover Editor locked while hasUnsavedText", "cover Editor",
            "sheet Editor locked while hasUnsavedText", "alert Menu",
        ])
        // The flow-level clause, and the one a link with a move makes (the navigator makes the link's move through it).
        #expect(flow.clauses.map(\.action.written) == ["sheet Editor locked while hasUnsavedText", "sheet Editor locked while hasUnsavedText"])
        #expect(flow.clauseIndex(ofLink: 0).map { flow.clauses[$0].link } == 0)
        #expect(flow.alerts[0].buttons[0].clause?.action.written == "sheet Editor locked while hasUnsavedText")
        #expect(editor.clauses[1].action.lock == nil)  // a push shows the step inside the layer it is in
        // The guard of a step's lock is used even where nothing presents the step.
        #expect(rules("""
            flow App {
                start Home
                guard hasDraft
                step Home
                step Editor locked while hasDraft { on done -> dismiss }
            }
            """) == ["unreachable-step"])
    }

    /// A move that says another lock than its step's is `lock-conflict` (which one the user meant
    /// is not known); one that says the same is accepted. The step's lock asks its guard as a
    /// move's does (`lock-guard`, `unknown-name`), and a step's lock with no way out is a trap.
    @Test func aMoveThatSaysAnotherLockThanItsStepsIsAConflict() {
        #expect(findings("""
            flow App {
                start Home
                guard hasDraft
                guard isPosting
                step Home {
                    on a -> sheet Editor locked
                    on b -> popover Editor locked while isPosting
                    on c -> sheet Editor locked while !hasDraft
                    on d -> sheet Editor locked while hasDraft
                }
                step Editor locked while hasDraft { on done -> dismiss }
            }
            """) == [
                "6:30: error [lock-conflict] this sheet is 'locked', but step 'Editor' is 'locked while hasDraft' wherever it is presented: "
                    + "say the lock once, on the step",
                "7:32: error [lock-conflict] this popover is 'locked while isPosting', but step 'Editor' is 'locked while hasDraft' "
                    + "wherever it is presented: say the lock once, on the step",
                "8:30: error [lock-conflict] this sheet is 'locked while !hasDraft', but step 'Editor' is 'locked while hasDraft' "
                    + "wherever it is presented: say the lock once, on the step",
            ])
        #expect(findings("""
            flow App {
                start Home
                guard async slow
                step Home { on a -> sheet Editor }
                step Editor locked while slow { on done -> dismiss }
                step Terms locked while hasDrat
            }
            """).map { String($0.prefix(28)) } == ["5:17: error [lock-guard] a l", "6:10: warning [unreachable-s", "6:29: error [unknown-name] f"])
        #expect(findings("""
            flow App {
                start Home
                step Home { on a -> sheet Editor }
                step Editor locked
            }
            """) == [
                "3:25: warning [dead-end] step 'Editor' is presented as a locked sheet with no way out: "
                    + "no step in it can dismiss it, exit, or go to a root",
            ])
        #expect(findings("""
            flow App {
                start Home
                step Home { on a -> sheet Editor }
                step Editor locked while {
            }
            """).first == "4:30: error [syntax] expected a guard name after 'while', found '{'")
    }
}
