import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// One screen, several entries (issue 27 §1): IceCubesApp shows one profile view for an account
/// id, for an account already loaded, and for the signed-in user. `step X like Y` gives X the
/// clauses of Y, written once.
@Suite("Steps like another")
struct LikeTests {
    static let app = """
        destinations Profiles {
            step AccountDetail(id: AccountID) {
                on followersTapped(id: AccountID) -> push Followers
                on statusTapped(status: StatusID) -> push Status
                on editTapped -> sheet EditProfile
            }
            step AccountDetailWithAccount(account: Account) like AccountDetail
            /// The signed-in user's own profile: its "Edit" is its own.
            step MyProfile like AccountDetail {
                on editTapped -> sheet EditProfile locked
            }
            step Followers(id: AccountID)
            step Status(status: StatusID)
            step EditProfile {
                on saved -> dismiss
            }
        }

        flow Timeline {
            start Home
            use Profiles
            step Home {
                on accountTapped(id: AccountID) -> push AccountDetail
                on avatarTapped(account: Account) -> push AccountDetailWithAccount
                on meTapped -> push MyProfile
            }
        }
        """

    @Test func aStepLikeAnotherHasItsClausesButForTheEventsItHandles() throws {
        let result = compile(Self.app)
        #expect(findings(result) == [])
        let flow = try #require(result.program?.flows.first)
        let byName = Dictionary(uniqueKeysWithValues: flow.steps.enumerated().map { ($1.name, $0) })
        let detail = flow.steps[byName["AccountDetail"]!]
        let withAccount = flow.steps[byName["AccountDetailWithAccount"]!]
        let mine = flow.steps[byName["MyProfile"]!]
        #expect(withAccount.like == byName["AccountDetail"])
        #expect(withAccount.clauses.map(\.event) == detail.clauses.map(\.event))
        #expect(withAccount.clauses.map(\.range) == detail.clauses.map(\.range))
        // Its own clause wins, and comes first.
        #expect(mine.clauses.map(\.event) == ["editTapped", "followersTapped", "statusTapped"])
        #expect(mine.clauses[0].action.lock != nil)
        // The group's declaration has them as well, and the router's table has each step's clauses.
        let group = try #require(result.program?.groups.first)
        #expect(group.ownSteps.map(\.like) == [nil, 0, 0, nil, nil, nil])
        let source = SwiftEmitter.emit(try #require(result.program), analysis: result.analysis, sources: ["test.flow"])
        #expect(source.contains("step MyProfile - 0 on 2 sheet 6 locked on 0 push 4 on 1 push 5"))
    }

    /// What is wrong in a copied clause is reported where it is written, for the step it runs in:
    /// Detail's `pop` is right where Detail is pushed, wrong where the entry is presented alone.
    @Test func aCopiedClauseIsCheckedInTheStepThatHasIt() {
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on a -> push Detail
                    on b -> sheet Entry
                }
                step Detail {
                    on back -> pop
                }
                step Entry like Detail
            }
            """) == ["8:20: error [invalid-pop] 'pop' in step 'Entry' can run with nothing under 'Entry' in its stack"])
    }

    @Test func aLikeNamesAStepOfTheFlowThatRunsNoFlowAndIsLikeNoOther() {
        let result = findings("""
            flow App {
                start Home
                step Home { on a -> push A }
                step A like B {
                    on b -> push C
                }
                step B like C
                step C like Missing
                step D like D
                step E like Home runs Inner
                step F like Runner
                step Runner runs Inner
            }
            flow Inner {
                start I
                step I
            }
            """)
        #expect(result.filter { !$0.contains("[unreachable-") } == [
            "4:17: error [invalid-like] step 'B' is itself 'like C': name 'C', whose clauses both have",
            "8:17: error [unknown-name] flow 'App' has no step named 'Missing'",
            "9:17: error [invalid-like] step 'D' is 'like' itself: name the step whose clauses it has",
            "10:17: error [invalid-like] step 'E' runs a flow, whose exits its clauses handle: it cannot have another step's clauses",
            "11:17: error [invalid-like] step 'Runner' runs a flow: its clauses handle that flow's exits, and a step like it runs none",
        ])
    }

    /// The diagram draws the copies once, from the step they are written in, and one `like` edge.
    @Test func theDiagramDrawsOneLikeEdgeInsteadOfTheCopies() throws {
        let result = compile(Self.app)
        let diagram = DiagramBuilder.build(try #require(result.program), diagnostics: result.diagnostics)
        let fromEntry = diagram.edges.filter { $0.tail == "Profiles.AccountDetailWithAccount" }
        #expect(fromEntry.map(\.head) == ["Profiles.AccountDetail"])
        #expect(fromEntry.first?.attributes["label"] == "like")
        let fromMine = diagram.edges.filter { $0.tail == "Profiles.MyProfile" }.map { $0.attributes["label"] ?? "" }
        #expect(fromMine.sorted() == ["editTapped (locked)", "like"])
    }

    /// `like AccountDetail` is an occurrence of the step: found by references, renamed with it.
    @Test func theEditorFindsAndRenamesTheStepALikeNames() throws {
        let compilation = Compiler.compile([SourceFile(path: "a.flow", text: Self.app)])
        let symbol = EditorSymbol(.step, scope: "Profiles", name: "AccountDetail")
        let lines = SymbolIndex(compilation).occurrences(of: symbol).map { compilation.files[0].location(of: $0.range.start).line }
        // Declared; named by both entries' `like`; pushed from the timeline.
        #expect(lines == [2, 7, 9, 23])
        let edits = EditorRename.edits(renaming: symbol, to: "Profile", index: SymbolIndex(compilation), in: compilation)
        #expect((try? edits.get())?.count == 4)
    }
}
