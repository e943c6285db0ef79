@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// A lock on the screen (issue 27): IceCubesApp's status editor is `.interactiveDismissDisabled`
/// while it has unsaved text wherever it is presented: a new post from the timeline, a reply
/// from a post, a quote from the post's menu, a mention from a profile, and the `/compose` link
/// of its share extension. One `locked while` on the step says it for all of them; played on the
/// navigator the checker's claims are replayed on.
@MainActor
@Suite("A lock on the screen", .serialized)
struct StepLockTests {
    static let app = """
        flow Timeline {
            start Home
            /// The shown editor's text differs from what it opened with.
            guard hasUnsavedText
            link "/compose" -> sheet Editor

            step Home {
                on composeTapped -> sheet Editor
                on statusTapped(status: Int) -> push Status
                on profileTapped(account: Int) -> push Profile
            }
            step Status(status: Int) {
                on replyTapped -> sheet Editor
                on menuTapped -> dialog StatusMenu
                on backTapped -> pop
            }
            dialog StatusMenu {
                on quoteTapped -> sheet Editor
                on cancelTapped
            }
            step Profile(account: Int) {
                on mentionTapped -> sheet Editor
                on backTapped -> pop
            }
            step Editor locked while hasUnsavedText {
                on posted -> dismiss
                on discardTapped -> dismiss
            }
        }
        """

    static func event(_ name: String, _ values: [String] = []) -> ReplayProgram.Event {
        ReplayProgram.Value(owner: "timeline", caseName: name, values: values)
    }

    /// Every way to the editor gives a sheet the user cannot swipe away while it has text, and can
    /// once it has none; the checker's claims hold on the navigator.
    @Test(arguments: [
        ["composeTapped"], ["statusTapped", "replyTapped"], ["statusTapped", "menuTapped", "quoteTapped"],
        ["profileTapped", "mentionTapped"], ["/compose"],
    ])
    func everyWayToTheEditorIsLockedWhileItHasText(_ way: [String]) throws {
        try ReplayTests.replay(Self.app)
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: true))
        for move in way {
            let outcome = move.hasPrefix("/") ? driver.navigator.open(url: move)
                : driver.navigator.send(Self.event(move, move.hasSuffix("Tapped") && ["statusTapped", "profileTapped"].contains(move) ? ["7"] : []))
            #expect(outcome.status == .applied, "\(move): \(outcome)")
        }
        #expect(driver.navigator.current.description == "Timeline.Editor")
        let sheet = try #require(driver.navigator.flows[driver.navigator.rootID]?.layers.last?.id)
        #expect(driver.navigator.isLocked(sheet))
        #expect(driver.navigator.userDismissed(sheet).status == .impossible)
        driver.set(GuardAnswers(fallback: false))
        #expect(!driver.navigator.isLocked(sheet))
        #expect(driver.navigator.userDismissed(sheet).status == .applied)
        #expect(driver.navigator.current.description != "Timeline.Editor")
    }
}
