import Testing
@testable import FlowGraph

/// A program with errors is checked too: every finding that no resolution of what is broken could
/// make false is reported in the same run, and the others are withheld (docs/Language.md,
/// "Programs with errors").
@Suite("Programs with errors")
struct ProgramsWithErrorsTests {
    @Test func aBrokenAppReportsEveryPlantedMistakeInOneRun() throws {
        let files = try Repository.flowFiles(in: "Tests/FlowGraphTests/Fixtures/broken-app").map(Repository.source)
        #expect(files.count == 5)
        let result = Compiler.compile(files)
        var expected: [String] = []
        var actual: [String] = []
        for (index, file) in files.enumerated() {
            expected += Expectation.all(in: file).map { "\(file.path):\($0)" }
            actual += Expectation.actual(result).filter { expectation in
                result.diagnostics.contains { $0.range.file == index && $0.message == expectation.message
                    && files[index].location(of: $0.range.start).line == expectation.line }
            }.map { "\(file.path):\($0)" }
        }
        #expect(actual.sorted() == expected.sorted(),
                "expected:\n\(expected.sorted().joined(separator: "\n"))\nactual:\n\(actual.sorted().joined(separator: "\n"))")
        // One error of every resolution kind and a syntax error, and every warning rule at least once.
        let reported = Set(result.diagnostics.map(\.rule))
        for rule in Rule.allCases where rule.severity == .warning { #expect(reported.contains(rule), "no [\(rule.id)]") }
        for rule: Rule in [.syntax, .unknownName, .duplicateName, .missingStart, .inputMismatch, .payloadConflict, .selectOutsideTabs,
                           .unknownExit, .linkMismatch, .unsupportedType, .conflictingTransitions, .recursiveFlow, .invalidPop,
                           .invalidPopTo, .invalidDismiss, .resultMismatch, .emptyAlert] {
            #expect(reported.contains(rule), "no [\(rule.id)]")
        }
    }

    @Test func aMisspeltNameIsCheckedAsTheNameItIsCloseTo() {
        // 'Detial' is 'Detail' misspelt: Detail is reached through it, and Orphan is still unreachable.
        #expect(findings("""
            flow App {
                start Home
                step Home { on open -> push Detial }
                step Detail { on back -> pop }
                step Orphan
            }
            """) == [
                "3:33: error [unknown-name] flow 'App' has no step named 'Detial'",
                "5:10: warning [unreachable-step] step 'Orphan' is unreachable: no transition from the start of flow 'App' leads to it",
            ])
    }

    @Test func aStepReachableOnlyThroughABrokenClauseIsNotReported() {
        // 'Xyzzy' is close to no step: the clause could lead anywhere, so no step is surely unreachable.
        #expect(rules("""
            flow App {
                start Home
                step Home { on open -> push Xyzzy }
                step Detail
            }
            """) == ["unknown-name"])
    }

    @Test func aDeadEndWhoseWayOutCouldBeTheBrokenClauseIsNotReported() {
        let program = """
            flow App {
                start Home
                step Home { on photoTapped -> cover Gallery }
                step Gallery { on closeTapped -> exit WAY }
                exit done
            }
            """
        #expect(rules(program) == ["unknown-name"])
        // With the exit spelt right there is no dead end either; with no way out at all there is one.
        #expect(rules(program.replacingOccurrences(of: "on closeTapped -> exit WAY", with: "on zoomTapped -> push Gallery")).contains("dead-end"))
    }

    @Test func unusedGuardsAndExitsAreWithheldOnlyWhereABrokenNameCouldUseThem() {
        #expect(rules("""
            flow App {
                start Home
                guard isLoggedIn
                step Home { on open -> push Detail if zzzz }
                step Detail
            }
            """) == ["unknown-name"])
        // A misspelling of the guard uses it; another guard of the flow is still unused.
        #expect(findings("""
            flow App {
                start Home
                guard isLoggedIn
                guard isAdmin
                step Home { on open -> push Detail if isLogedIn }
                step Detail
            }
            """) == [
                "4:11: warning [unused-guard] guard 'isAdmin' of flow 'App' is never used",
                "5:43: error [unknown-name] flow 'App' declares no guard named 'isLogedIn'",
            ])
    }

    @Test func aFlowWithASyntaxErrorIsCheckedAsFarAsItParsedAndTheOthersFully() {
        // The broken clause in Home could lead anywhere: nothing in App is unreachable for sure.
        // Settings, another flow, is checked as usual.
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on open push Detail
                }
                step Detail
                step Settings runs SettingsFlow
            }
            flow SettingsFlow {
                start Overview
                step Overview { on aboutTapped -> push About }
                step About
                step Licenses
            }
            """) == [
                "4:17: error [syntax] expected '->', found 'push'",
                "13:10: warning [unreachable-step] step 'Licenses' is unreachable: no transition from the start of flow 'SettingsFlow' leads to it",
            ])
    }

    @Test func aLostDeclarationAddsNoMove() {
        // A broken 'guard' line declares nothing usable, but moves nothing either: Orphan is still unreachable.
        #expect(findings("""
            flow App {
                start Home
                guard
                step Home { on open -> push Detail }
                step Detail
                step Orphan
            }
            """) == [
                "3:10: error [syntax] expected a guard name after 'guard', found the end of the line",
                "6:10: warning [unreachable-step] step 'Orphan' is unreachable: no transition from the start of flow 'App' leads to it",
            ])
        // A broken flow-level clause could be any move from any step: nothing is surely unreachable.
        #expect(rules("""
            flow App {
                start Home
                on signedOut root Home
                step Home
                step Orphan
            }
            """) == ["syntax"])
    }

    @Test func aMissingStartLostToASyntaxErrorIsNotReported() {
        #expect(rules("""
            flow App {
                strat Home
                step Home
            }
            """) == ["syntax"])
    }

    @Test func aLinkThatAStepWithUnknownsCouldOpenIsNotReported() {
        let program = """
            flow App {
                start Home
                link "/items/{item}" -> Item
                step Home { on open -> push Qqqq }
                step Middle(section: SectionID) { on itemTapped(item: ItemID) -> push Item }
                step Item(item: ItemID)
            }
            """
        #expect(rules(program) == ["unknown-name"])
        #expect(rules(program.replacingOccurrences(of: "push Qqqq", with: "push Middle")).contains("link-unreachable"))
    }

    /// Issue 24, defect 8: a syntax error after a link's target dropped the link's move, and what
    /// only it shows was reported unreachable. The link is kept as far as it was read; its move
    /// may happen once the line is fixed, so its target, and what that leads to, is not reported
    /// (an unrelated unreachable step still is); its line reports only its syntax error.
    @Test(arguments: ["-> pop, sheet Project", "-> sheet Project at Overview.", "-> sheet Project locked",
                      "->\n        sheet Project at Overview."])
    func aLinkWithASyntaxErrorAfterItsTargetMayStillShowIt(link: String) {
        let result = findings("""
            flow App {
                start Home
                link "/p/{project}" \(link)
                step Home
                step Project(project: String) {
                    on closeTapped -> dismiss
                    on filesTapped -> push Files
                }
                step Files
                step Orphan
            }
            """)
        #expect(result.count == 2, "\(result)")
        #expect(result.first?.contains("error [syntax]") == true)
        #expect(result.last?.hasSuffix("warning [unreachable-step] step 'Orphan' is unreachable: "
                                       + "no transition from the start of flow 'App' leads to it") == true)
    }

    /// In a group, the back move of `-> dismiss, sheet Project` was once read as the target's name
    /// (`'-> push dismiss'`); a link may close a sheet first now, and one that goes back otherwise
    /// says what is wrong, with the group's step not unreachable.
    @Test func aGroupsLinkWithABackMoveSaysSo() {
        let text = """
            destinations Shared {
                link "/p/{project}" -> dismiss, sheet Project
                step Project(project: String) {
                    on closeTapped -> dismiss
                }
            }
            flow App {
                start Home
                use Shared
                step Home
            }
            """
        #expect(findings(text) == [])
        #expect(findings(text.replacingOccurrences(of: "dismiss, sheet", with: "pop, sheet"))
            == ["2:28: error [syntax] a link may close what its flow presents first ('-> dismiss, sheet Project'), not go back with 'pop,'"])
        #expect(findings(text.replacingOccurrences(of: "dismiss, sheet Project", with: "dismiss, Project"))
            == ["2:37: error [syntax] after 'dismiss,' a link shows its target where the user is, with a move: "
                + "'-> dismiss, sheet Project' or '-> dismiss, push Project'"])
    }

    /// A link line lost before its target was read may show any step of its flow: none is
    /// reported unreachable there (a link without a move would not make one reachable, but which
    /// one it was is lost with its text).
    @Test func aLinkLostBeforeItsTargetMayShowAnyStep() {
        #expect(rules("""
            flow App {
                start Home
                link /p/{project} -> sheet Project
                step Home
                step Project(project: String)
            }
            """) == ["syntax"])
        // Without a move, the link is kept whole: it opens its step along a path, and reaches nothing.
        #expect(rules("""
            flow App {
                start Home
                link "/p/{project}" -> Project at Overview
                step Home
                step Project(project: String)
            }
            """) == ["syntax", "unreachable-step"])
    }

    /// Issue 24, defect 10: `select Home` outside a tabs flow made its step "may do anything", so an
    /// unrelated unreachable step and a `link-unreachable` of the same flow were withheld. Its step
    /// is named and resolves: it is a move there that any fix keeps, of a kind a fix may change.
    @Test func aSelectOutsideTabsIsAMoveToItsStepOfAKindAFixMayChange() {
        #expect(findings("""
            flow App {
                start Home
                link "/detail" -> Detail
                step Home {
                    on a -> select Home
                    on b(id: Int) -> push Item
                }
                step Item(id: Int) {
                    on c -> push Detail
                }
                step Detail
                step Orphan
            }
            """) == [
                "3:10: warning [link-unreachable] link '/detail' cannot be opened: "
                    + "every path to step 'Detail' needs an input the URL does not give, or a move only the user can make",
                "5:17: error [select-outside-tabs] 'select' can only switch tabs, and flow 'App' is not a tabs flow",
                "12:10: warning [unreachable-step] step 'Orphan' is unreachable: no transition from the start of flow 'App' leads to it",
            ])
        // What only the select leads to may be reached once it is fixed, by a link too; the cover it
        // is made in may be left by it (`root Settings`): none of that is reported.
        #expect(rules("""
            flow App {
                start Home
                link "/about" -> About
                step Home {
                    on helpTapped -> cover Help
                }
                step Help {
                    on settingsTapped -> select Settings
                }
                step Settings {
                    on aboutTapped -> push About
                }
                step About
            }
            """) == ["select-outside-tabs"])
    }
}

