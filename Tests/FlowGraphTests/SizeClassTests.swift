import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// Presentations that depend on the size class (issue 27 §4): IceCubesApp's editor is a page sheet
/// on iPad, locked while the draft has text, and a full-screen cover on iPhone; a list is a popover
/// on iPad and a sheet on iPhone. One clause says both, and the checker judges both.
@Suite("Presentations by size class")
struct SizeClassTests {
    static let app = """
        flow Timeline {
            start Home
            guard hasText
            step Home {
                on composeTapped -> sheet Compose locked while hasText compact cover
                on listsTapped -> popover Lists compact sheet
                on playTapped -> cover Player compact sheet
            }
            step Compose {
                on sent -> dismiss
            }
            step Lists {
                on listPicked -> dismiss
            }
            step Player {
                on doneTapped -> dismiss
            }
        }
        """

    @Test func oneClauseSaysBothPresentations() throws {
        let result = compile(Self.app)
        #expect(findings(result) == [])
        let home = try #require(result.program?.flows.first?.steps.first)
        #expect(home.clauses.map(\.action.written) == [
            "sheet Compose locked while hasText compact cover", "popover Lists compact sheet", "cover Player compact sheet",
        ])
        #expect(home.clauses.map { $0.action.compact } == [.cover, .sheet, .sheet])
        // A cover on one width and a sheet on the other may be a layer the user cannot leave.
        #expect(home.clauses.map(\.action.mayBeLocked) == [true, false, true])
        #expect(home.clauses.map(\.action.checkedKind) == [.sheet, .popover, .sheet])
        // The cover's lock, for the sheet it is on compact widths.
        let locked = compile(Self.app.replacingOccurrences(of: "cover Player compact sheet", with: "cover Player locked compact sheet"))
        #expect(findings(locked) == [])
        #expect(locked.program?.flows.first?.steps.first?.clauses[2].action.lock != nil)
    }

    /// Where one of the two is a cover, a screen without a way out of it is a dead end: the
    /// user cannot swipe it away on that width.
    @Test func theCheckerJudgesTheCoverOfEither() {
        let trapped = Self.app.replacingOccurrences(of: "on doneTapped -> dismiss", with: "on doneTapped -> push Lists")
            .replacingOccurrences(of: "on sent -> dismiss", with: "on sent -> push Lists")
            .replacingOccurrences(of: "on listPicked -> dismiss", with: "on listPicked -> push Player")
        #expect(findings(trapped) == [
            "5:29: warning [dead-end] step 'Compose' is presented as a sheet (compact cover) with no way out: "
                + "no step in it can dismiss it, exit, or go to a root",
            "7:26: warning [dead-end] step 'Player' is presented as a cover (compact sheet) with no way out: "
                + "no step in it can dismiss it, exit, or go to a root",
        ])
        // A popover that is a sheet on compact widths can always be swiped away.
        #expect(!findings(trapped).contains { $0.contains("'Lists'") })
    }

    @Test func compactFollowsAMoveThatPresentsAndNamesAnother() {
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on a -> push Detail compact sheet
                    on b -> sheet Detail compact sheet
                    on c -> sheet Detail compact push
                    on d -> cover Detail locked compact cover
                    on e -> cover Detail locked compact popover
                    on f -> cover Detail locked
                }
                step Detail { on done -> close }
            }
            """) == [
            "4:29: error [syntax] 'compact' is for a move that presents ('sheet', 'cover', 'popover'), not 'push'",
            "5:38: error [syntax] 'compact sheet' after 'sheet' changes nothing: name the other presentation, or leave 'compact' out",
            "6:38: error [syntax] expected 'sheet', 'cover' or 'popover' after 'compact', found 'push'",
            "7:45: error [syntax] 'compact cover' after 'cover' changes nothing: name the other presentation, or leave 'compact' out",
            "9:30: error [syntax] a cover is always locked: the user can never swipe it away, so 'locked' is for 'sheet' and 'popover'",
        ])
    }

    /// The table carries the other presentation; the diagram labels it; the formatter keeps it.
    @Test func theTableTheDiagramAndTheFormatterCarryIt() throws {
        let result = compile(Self.app)
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["test.flow"])
        #expect(source.contains("on 0 sheet 1 locked while 0 compact cover on 1 popover 2 compact sheet on 2 cover 3 compact sheet"))
        let diagram = DiagramBuilder.build(program, diagnostics: result.diagnostics)
        let labels = diagram.edges.compactMap { $0.attributes["label"] }
        #expect(labels.contains("composeTapped (locked while hasText, compact cover)"))
        #expect(labels.contains("listsTapped (compact sheet)"))
        #expect(MermaidEmitter.emit(program).contains("composeTapped (sheet locked while hasText compact cover)"))
        guard case .formatted(let bytes) = FlowFormatter.format(SourceFile(path: "a.flow", text: Self.app)) else {
            Issue.record("the formatter refused the program")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == Self.app + "\n")
    }
}
