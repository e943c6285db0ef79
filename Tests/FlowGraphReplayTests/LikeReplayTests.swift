@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// One screen, several entries (issue 27 §1), played on the navigator the checker's claims are
/// replayed on: IceCubesApp's profile opened from an id, from a loaded account, and as the
/// signed-in user's own, each with the profile's clauses written once.
@MainActor
@Suite("Steps like another, on the navigator", .serialized)
struct LikeReplayTests {
    static let app = """
        flow Timeline {
            start Home
            step Home {
                on accountTapped(id: AccountID) -> push AccountDetail
                on avatarTapped(account: Account) -> push AccountDetailWithAccount
                on meTapped -> push MyProfile
            }
            step AccountDetail(id: AccountID) {
                on followersTapped(id: AccountID) -> push Followers
                on backTapped -> pop
            }
            step AccountDetailWithAccount(account: Account) like AccountDetail
            step MyProfile like AccountDetail {
                on editTapped -> sheet EditProfile
            }
            step Followers(id: AccountID) {
                on backTapped -> pop
            }
            step EditProfile {
                on saved -> dismiss
            }
        }
        """

    @Test func theCheckersClaimsHold() throws {
        let report = try ReplayTests.replay(Self.app)
        #expect(report.isComplete)
        #expect(report.reachableSteps == 6)
    }

    @Test func eachEntryHandlesTheScreensEvents() throws {
        let driver = try ReplayTests.driver(Self.app)
        let navigator = driver.navigator
        #expect(navigator.send(ReplayTests.event("timeline", "meTapped")).status == .applied)
        #expect(navigator.current.description == "Timeline.MyProfile")
        #expect(navigator.send(ReplayTests.event("timeline", "followersTapped", ["7"])).status == .applied)
        #expect(navigator.current.description == "Timeline.Followers(id: 7)")
        #expect(navigator.send(ReplayTests.event("timeline", "backTapped")).status == .applied)
        #expect(navigator.send(ReplayTests.event("timeline", "editTapped")).status == .applied)
        #expect(navigator.current.description == "Timeline.EditProfile")
        #expect(navigator.send(ReplayTests.event("timeline", "saved")).status == .applied)
        #expect(navigator.send(ReplayTests.event("timeline", "backTapped")).status == .applied)
        #expect(navigator.current.description == "Timeline.Home")
        // The profile opened from an id has no "Edit": the event is not handled there.
        #expect(navigator.send(ReplayTests.event("timeline", "accountTapped", ["3"])).status == .applied)
        #expect(navigator.send(ReplayTests.event("timeline", "editTapped")).status == .unhandled)
    }
}
