@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// A tab item that presents instead of selecting (issue 27 §2): IceCubesApp's "post" item opens
/// the status editor over the tab bar, and the tab bar stays on the tab it showed. Before, the
/// editor had to be a tab (whose `dismiss` was `invalid-dismiss`). Played on the navigator the
/// checker's claims are replayed on.
@MainActor
@Suite("Tab items that present", .serialized)
struct TabItemTests {
    static let app = """
        /// IceCubesApp's tab bar.
        flow App tabs {
            start Timeline
            step Timeline runs TimelineTab
            step Notifications
            /// The post item: the status editor over whichever tab is shown.
            step Post as sheet runs StatusEditor {
                on posted -> dismiss
                on cancelled -> dismiss
            }
            /// A push notification opened while the editor is up: the editor stays, and the
            /// notifications are what the user finds once it goes (UIKit's own way).
            on notificationOpened -> select Notifications below
            /// "Show" on the in-app banner: the notifications at once, the editor closed.
            on bannerTapped -> select Notifications
        }
        flow TimelineTab {
            start Home
            step Home {
                on statusTapped(status: Int) -> push Status
            }
            step Status(status: Int)
        }
        flow StatusEditor {
            start Editor
            step Editor {
                on postTapped -> exit posted
                on cancelTapped -> exit cancelled
            }
            exit posted
            exit cancelled
        }
        """

    @Test func thePostItemPresentsTheEditorOverTheTabShown() throws {
        let report = try ReplayTests.replay(Self.app)
        #expect(report.isComplete)
        let driver = try ReplayTests.driver(Self.app)
        let navigator = driver.navigator
        let root = try #require(navigator.flows[navigator.rootID])
        #expect(root.tabs.count == 2)  // Post is an item, not a tab
        _ = navigator.send(ReplayTests.event("timelineTab", "statusTapped", ["3"]))
        let post = StepRef(flow: 0, step: 2)
        let tapped = navigator.userTappedTabItem(post, in: navigator.rootID)
        #expect(tapped.status == .applied)
        #expect(tapped.commands.contains { if case .present(_, .sheet, _, _) = $0 { true } else { false } })
        #expect(navigator.current.description == "StatusEditor.Editor")
        // Tapped again while the editor is up: the tab bar is not on screen.
        #expect(navigator.userTappedTabItem(post, in: navigator.rootID).status == .impossible)
        #expect(navigator.send(ReplayTests.event("statusEditor", "postTapped")).status == .applied)
        // Back where the user was, on the timeline tab with its post.
        #expect(navigator.current.description == "TimelineTab.Status(status: 3)")
        #expect(navigator.flows[navigator.rootID]?.selectedTab == 0)
        #expect(navigator.userTappedTabItem(StepRef(flow: 0, step: 1), in: navigator.rootID).status == .impossible)
    }

    /// `select X below` selects beneath the tab bar's layer on top, which stays; `select X` closes it.
    @Test func aSelectBelowKeepsTheEditorAndTheTabIsThereOnceItGoes() throws {
        let driver = try ReplayTests.driver(Self.app)
        let navigator = driver.navigator
        let post = StepRef(flow: 0, step: 2)
        _ = navigator.userTappedTabItem(post, in: navigator.rootID)
        let below = navigator.send(ReplayTests.event("app", "notificationOpened"))
        #expect(below.status == .applied && !below.commands.contains { if case .dismiss = $0 { true } else { false } })
        #expect(navigator.current.description == "StatusEditor.Editor")
        #expect(navigator.flows[navigator.rootID]?.selectedTab == 1)
        #expect(navigator.send(ReplayTests.event("statusEditor", "postTapped")).status == .applied)
        #expect(navigator.current.description == "App.Notifications")
        // `select X`: the editor closes.
        _ = navigator.userSelectedTab(0, in: navigator.rootID)
        _ = navigator.userTappedTabItem(post, in: navigator.rootID)
        #expect(navigator.send(ReplayTests.event("app", "bannerTapped")).status == .applied)
        #expect(navigator.current.description == "App.Notifications")
        // With no layer up, `select X below` is `select X`.
        _ = navigator.userSelectedTab(0, in: navigator.rootID)
        #expect(navigator.send(ReplayTests.event("app", "notificationOpened")).status == .applied)
        #expect(navigator.current.description == "App.Notifications")
    }

    /// `select Post` and `start Post` name an item, not a tab; an item takes no inputs; a cover item
    /// needs a way out; only a tab bar has items.
    @Test func whatATabItemMayNotBe() {
        func findings(_ text: String) -> [String] {
            Compiler.compile([SourceFile(path: "test.flow", text: text)]).diagnostics.map { "\($0.rule.id): \($0.message)" }
        }
        #expect(findings(Self.app.replacingOccurrences(of: "step Notifications", with: "step Notifications {\n on x -> select Post\n }"))
                == ["select-outside-tabs: 'select Post': 'Post' is an item of the tab bar that presents its step, not a tab: write 'sheet Post'"])
        #expect(findings(Self.app.replacingOccurrences(of: "start Timeline", with: "start Post")).first?.hasPrefix("missing-start") == true)
        #expect(findings(Self.app.replacingOccurrences(of: "step Post as sheet", with: "step Post(draft: Int) as sheet")).first?
                    .hasPrefix("input-mismatch: step 'Post' is an item of the tab bar") == true)
        let trapped = Self.app.replacingOccurrences(of: "as sheet", with: "as cover")
            .replacingOccurrences(of: "-> dismiss", with: "-> push Notifications")
        #expect(findings(trapped).contains { $0.hasPrefix("dead-end: step 'Post' is presented as a cover with no way out") })
        #expect(findings(Self.app.replacingOccurrences(of: "step Status(status: Int)", with: "step Status(status: Int) as sheet")).first?
                    .hasPrefix("syntax: 'as' after a step makes an item of a tab bar") == true)
    }
}
