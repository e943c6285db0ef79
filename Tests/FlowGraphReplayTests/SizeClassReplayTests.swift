@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Presentations by size class (issue 27 §4), played on the navigator the checker's claims are
/// replayed on: IceCubesApp's status editor is a page sheet on iPad, locked while the draft has
/// text, and a full-screen cover on iPhone; its lists are a popover on iPad and a sheet on iPhone.
@MainActor
@Suite("Presentations by size class, on the navigator", .serialized)
struct SizeClassReplayTests {
    static let app = """
        flow Timeline {
            start Home
            guard hasText
            step Home {
                on composeTapped -> sheet Editor locked while hasText compact cover
                on listsTapped -> popover Lists compact sheet
            }
            step Editor {
                on posted -> dismiss
                on cancelled -> dismiss
            }
            step Lists {
                on listPicked -> dismiss
            }
        }
        """

    /// The replay starts the app at both widths and finds what the checker claims at each.
    @Test func theCheckersClaimsHoldAtBothWidths() throws {
        let report = try ReplayTests.replay(Self.app)
        #expect(report.isComplete)
        #expect(report.reachableSteps == 3)
    }

    @Test func theNavigatorPresentsByTheWidthTheUISets() throws {
        func presented(_ sizeClass: ProgramTable.SizeClass, _ event: String, hasText: Bool) throws
            -> (style: ReplayNavigator.ModalStyle, locked: Bool, swiped: ReplayNavigator.Outcome.Status) {
            let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: hasText))
            let navigator = driver.navigator
            navigator.sizeClass = sizeClass
            let outcome = navigator.send(ReplayTests.event("timeline", event))
            guard case .present(_, let style, let stack, _)? = outcome.commands.first(where: {
                if case .present = $0 { true } else { false }
            }) else {
                Issue.record("\(event) presented nothing: \(outcome)")
                return (.sheet, false, .impossible)
            }
            let locked = navigator.isLocked(stack)
            return (style, locked, navigator.userDismissed(stack).status)
        }
        // iPad: a page sheet, locked while the draft has text; iPhone: a cover, which the user
        // cannot swipe away (`userDismissed` of a cover is the app's own code closing it).
        #expect(try presented(.regular, "composeTapped", hasText: false) == (.sheet, false, .applied))
        #expect(try presented(.regular, "composeTapped", hasText: true) == (.sheet, true, .impossible))
        #expect(try presented(.compact, "composeTapped", hasText: false) == (.cover, true, .applied))
        // The lists: a popover on iPad, a sheet on iPhone; both swiped away.
        #expect(try presented(.regular, "listsTapped", hasText: false) == (.popover, false, .applied))
        #expect(try presented(.compact, "listsTapped", hasText: false) == (.sheet, false, .applied))
    }
}
