@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Tabs that are there only sometimes (issue 27 §2): IceCubesApp shows the timeline and the
/// settings signed out, and notifications and the profile besides once signed in; its tab bar is
/// rebuilt on sign-in and sign-out and stays on its tab while that tab is there. One tabs flow with
/// conditions on its tabs, where the app had a second tabs flow per combination. Played on the
/// navigator the checker's claims are replayed on.
@MainActor
@Suite("Tabs that are there sometimes", .serialized)
struct ConditionalTabTests {
    static let app = """
        /// IceCubesApp's tab bar.
        flow App tabs {
            start Timeline
            /// An account is signed in.
            guard isSignedIn
            link "/notifications" -> select Notifications

            step Timeline runs TimelineTab
            step Notifications runs NotificationsTab if isSignedIn
            step Profile if isSignedIn
            step Settings if !isSignedIn
            /// The tab bar is built again for the account, or for none.
            on signedIn -> restart
            on signedOut -> restart
            /// "See all" on the timeline's notification banner.
            on allNotificationsTapped -> select Notifications if isSignedIn else select Settings
        }
        flow TimelineTab {
            start Home
            step Home {
                on statusTapped(status: Int) -> push Status
            }
            step Status(status: Int)
        }
        flow NotificationsTab {
            start Inbox
            step Inbox
        }
        """

    func tabs(_ driver: ReplayDriver) throws -> [String] {
        let root = try #require(driver.navigator.flows[driver.navigator.rootID])
        return root.tabs.map { ReplayProgram.table.flows[0].steps[ReplayProgram.step(of: $0.entries[0].screen).step].name }
    }

    @Test func theTabBarHasTheTabsItsConditionsAllowWhenItIsBuilt() throws {
        let report = try ReplayTests.replay(Self.app)
        #expect(report.isComplete)
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: false))
        let navigator = driver.navigator
        #expect(try tabs(driver) == ["Timeline", "Settings"])
        // Signed out: the tab is not there, and a link to it is refused by its guard.
        #expect(navigator.open(url: "/notifications").status == .blocked(by: ReplayProgram.guardID(GuardRef(flow: 0, index: 0))))
        #expect(navigator.send(ReplayTests.event("app", "allNotificationsTapped")).status == .applied)
        #expect(navigator.current.description == "App.Settings")
        // Signed in: built again, with the tabs of an account, on the first (Settings is gone).
        driver.set(GuardAnswers(fallback: true))
        let signedIn = navigator.send(ReplayTests.event("app", "signedIn"))
        #expect(signedIn.status == .applied)
        #expect(signedIn.commands.contains { if case .setTabs = $0 { true } else { false } })
        #expect(try tabs(driver) == ["Timeline", "Notifications", "Profile"])
        #expect(navigator.current.description == "TimelineTab.Home")
        #expect(navigator.open(url: "/notifications").status == .applied)
        #expect(navigator.current.description == "NotificationsTab.Inbox")
        // Signed out again, from the Notifications tab, which goes: the start's tab is shown.
        driver.set(GuardAnswers(fallback: false))
        #expect(navigator.send(ReplayTests.event("app", "signedOut")).status == .applied)
        #expect(try tabs(driver) == ["Timeline", "Settings"])
        #expect(navigator.current.description == "TimelineTab.Home")
        #expect(navigator.flows.values.filter { $0.flow.rawValue == 2 }.isEmpty)
    }

    /// A `select` that does not ask the tab's condition is `absent-tab`, and the navigator refuses
    /// it (blocked by the tab's guard) where the tab bar was built without the tab.
    @Test func aSelectOfATabThatIsNotThereIsBlockedByItsGuard() throws {
        let app = Self.app.replacingOccurrences(of: "select Notifications if isSignedIn else select Settings", with: "select Notifications")
        let compilation = Compiler.compile([SourceFile(path: "test.flow", text: app)])
        #expect(compilation.diagnostics.map(\.rule) == [.absentTab])
        let driver = try ReplayTests.driver(app, answers: GuardAnswers(fallback: false))
        let outcome = driver.navigator.send(ReplayTests.event("app", "allNotificationsTapped"))
        #expect(outcome.status == .blocked(by: ReplayProgram.guardID(GuardRef(flow: 0, index: 0))) && outcome.commands.isEmpty)
    }
}
