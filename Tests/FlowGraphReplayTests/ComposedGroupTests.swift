@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Groups that compose (issue 27 §1), played on the navigator the checker's claims are replayed
/// on: IceCubesApp's settings sheet and composer show some of the screens every tab shows, by
/// using a smaller group that the tabs' group uses. An event or a link of a group is handled by
/// the innermost flow on screen that uses the group: a post tapped in the settings sheet is
/// pushed there, not in the tab beneath it.
@MainActor
@Suite("Destinations that use destinations, on the navigator", .serialized)
struct ComposedGroupTests {
    static let app = """
        destinations Timeline {
            step Profile(account: Int) {
                on followersTapped(account: Int) -> push Followers
            }
            step Followers(account: Int)
            step Post(status: Int)
            on postTapped(status: Int) -> push Post
            link "/@{account}" -> push Profile
        }
        destinations TabScreens {
            use Timeline
            step Compose runs ComposeFlow {
                on posted -> dismiss
            }
            step Settings runs SettingsFlow {
                on closed -> dismiss
            }
            on composeTapped -> sheet Compose
            on mentionTapped(account: Int) -> push Profile
        }
        flow App tabs {
            start Home
            step Home runs HomeTab
            step Notifications runs NotificationsTab
        }
        flow HomeTab {
            start HomeTimeline
            use TabScreens
            step HomeTimeline {
                on settingsTapped -> sheet Settings
            }
        }
        flow NotificationsTab {
            start Inbox
            use TabScreens
            step Inbox
        }
        flow SettingsFlow {
            start SettingsRoot
            use TabScreens
            step SettingsRoot {
                on doneTapped -> exit closed
            }
            exit closed
        }
        flow ComposeFlow {
            start Editor
            use Timeline
            step Editor {
                on sendTapped -> exit posted
            }
            exit posted
        }
        """

    @Test func theCheckersClaimsHoldOnTheNavigator() throws {
        // Stacks of profiles and posts grow without end: the search stops at its bound, having met
        // every screen the checker says the user can see (all but the settings sheet's own
        // Settings step and the Notifications tab's, which nothing there presents).
        let report = try ReplayTests.replay(Self.app)
        #expect(report.reachableSteps == 22)
    }

    @Test func theInnermostFlowThatUsesTheGroupMakesTheMove() throws {
        let driver = try ReplayTests.driver(Self.app)
        let navigator = driver.navigator
        #expect(navigator.send(ReplayTests.event("homeTab", "settingsTapped")).status == .applied)
        #expect(navigator.current.description == "SettingsFlow.SettingsRoot")
        // In the settings sheet, which uses the tabs' group: the sheet's stack, for an event of the
        // group it uses through the other, one of that other group, and a link.
        #expect(navigator.send(ReplayTests.event("timeline", "postTapped", ["2"])).status == .applied)
        #expect(navigator.current.description == "SettingsFlow.Post(status: 2)")
        #expect(navigator.send(ReplayTests.event("tabScreens", "mentionTapped", ["5"])).status == .applied)
        #expect(navigator.open(url: "/@6").status == .applied)
        #expect(navigator.current.description == "SettingsFlow.Profile(account: 6)")
        let settings = try #require(navigator.flows.values.first { $0.flow.rawValue == 3 })  // SettingsFlow
        #expect(settings.tabs[0].entries.count == 4)
        let home = try #require(navigator.flows.values.first { $0.flow.rawValue == 1 })  // HomeTab
        #expect(home.tabs[0].entries.count == 1)
        // The sheets of the tabs' group are presented by the innermost flow that uses it: here the
        // settings sheet.
        #expect(navigator.send(ReplayTests.event("tabScreens", "composeTapped")).status == .applied)
        #expect(navigator.current.description == "ComposeFlow.Editor")
        #expect(navigator.flows.values.first { $0.flow.rawValue == 3 }?.layers.count == 1)
        // The composer uses only the small group: a post there is its own.
        #expect(navigator.send(ReplayTests.event("timeline", "postTapped", ["9"])).status == .applied)
        #expect(navigator.current.description == "ComposeFlow.Post(status: 9)")
    }
}
