@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// `restart` (issue 27 §2, "Tabs rebuilt when the session changes"): IceCubesApp rebuilds its tab
/// bar when the user switches account (`.id(currentClient.id)` on the `TabView`) or signs out, and
/// stays on the tab it showed; every tab's start is decided again (a signed-out timeline shows the
/// local one). Written by hand before as `root Main if hasAccount else root Welcome` in three
/// clauses, and impossible for a tab bar, whose tabs' starts were decided once. Played on the
/// navigator the checker's claims are replayed on.
@MainActor
@Suite("restart: a flow starts over", .serialized)
struct RestartTests {
    static let app = """
        /// IceCubesApp's tab bar, rebuilt for the current account.
        flow App tabs {
            start Timeline
            step Timeline runs TimelineTab
            step Notifications runs NotificationsTab
            /// Another account is current, or none: every tab starts over, on the same tab.
            on accountSwitched -> restart
            on signedOut -> restart
        }
        flow TimelineTab {
            start Home if isSignedIn else Local
            /// An account is signed in.
            guard isSignedIn
            step Home {
                on statusTapped(status: Int) -> push Status
            }
            step Local {
                on statusTapped(status: Int) -> push Status
            }
            step Status(status: Int)
        }
        flow NotificationsTab {
            start Inbox
            step Inbox {
                on statusTapped(status: Int) -> push Status
            }
            step Status(status: Int)
            step Accounts {
                on doneTapped -> dismiss
            }
            /// The account button of every screen's toolbar.
            on accountsTapped -> sheet Accounts
        }
        """

    @Test func anAccountSwitchRebuildsEveryTabAndKeepsTheTabShown() throws {
        let report = try ReplayTests.replay(Self.app)
        #expect(report.isComplete)
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: true))
        let navigator = driver.navigator
        _ = navigator.send(ReplayTests.event("timelineTab", "statusTapped", ["1"]))
        #expect(navigator.userSelectedTab(1, in: navigator.rootID).status == .applied)
        _ = navigator.send(ReplayTests.event("notificationsTab", "statusTapped", ["2"]))
        _ = navigator.send(ReplayTests.event("notificationsTab", "accountsTapped"))
        #expect(navigator.current.description == "NotificationsTab.Accounts")
        // Sent by the account switcher, handled by the tab bar: the sheet goes, every tab starts over.
        let outcome = navigator.send(ReplayTests.event("app", "accountSwitched"))
        #expect(outcome.status == .applied)
        #expect(navigator.current.description == "NotificationsTab.Inbox")
        let tabs = try #require(navigator.flows[navigator.rootID])
        #expect(tabs.selectedTab == 1 && tabs.layers.isEmpty)
        #expect(tabs.tabs.map { $0.entries.count } == [1, 1])
        #expect(driver.screens.contains("TimelineTab.Home") && !driver.screens.contains("Status"))
        #expect(outcome.commands.contains { if case .dismiss = $0 { true } else { false } })
    }

    @Test func signingOutDecidesEveryTabsStartAgain() throws {
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: true))
        let navigator = driver.navigator
        #expect(driver.screens.contains("TimelineTab.Home"))
        driver.set(GuardAnswers(fallback: false))
        #expect(navigator.send(ReplayTests.event("app", "signedOut")).status == .applied)
        #expect(navigator.current.description == "TimelineTab.Local")
        driver.set(GuardAnswers(fallback: true))
        #expect(navigator.send(ReplayTests.event("app", "accountSwitched")).status == .applied)
        #expect(navigator.current.description == "TimelineTab.Home")
    }

    /// A stack flow starts over at its start's choice, with its launch layer; a subflow from the
    /// inputs of the step that runs it; a cover whose screen restarts its flow has a way out.
    @Test func aStackFlowStartsOverFromWhatItWasStartedWith() throws {
        let app = """
            flow App {
                start Home
                step Home {
                    on accountTapped(user: Int) -> cover Account
                }
                step Account(user: Int) runs AccountFlow {
                    on closed -> dismiss
                }
            }
            flow AccountFlow {
                start Profile if isSignedIn else SignIn, sheet Tips if firstRun
                guard isSignedIn
                guard firstRun
                step Profile(user: Int) {
                    on settingsTapped -> push Settings
                    on closeTapped -> exit closed
                }
                step SignIn(user: Int) {
                    on signedIn -> restart
                    on closeTapped -> exit closed
                }
                step Settings {
                    on signOutTapped -> restart
                }
                step Tips {
                    on gotIt -> dismiss
                }
                exit closed
            }
            """
        let report = try ReplayTests.replay(app)
        #expect(report.isComplete)
        let driver = try ReplayTests.driver(app, answers: GuardAnswers(fallback: false))
        let navigator = driver.navigator
        _ = navigator.send(ReplayTests.event("app", "accountTapped", ["7"]))
        #expect(navigator.current.description == "AccountFlow.SignIn(user: 7)")
        driver.set(GuardAnswers(fallback: true))
        #expect(navigator.send(ReplayTests.event("accountFlow", "signedIn")).status == .applied)
        // The start asked again, its launch sheet shown again over it.
        #expect(navigator.current.description == "AccountFlow.Tips")
        _ = navigator.send(ReplayTests.event("accountFlow", "gotIt"))
        #expect(navigator.current.description == "AccountFlow.Profile(user: 7)")
        _ = navigator.send(ReplayTests.event("accountFlow", "settingsTapped"))
        driver.set(GuardAnswers(fallback: false))
        #expect(navigator.send(ReplayTests.event("accountFlow", "signOutTapped")).status == .applied)
        #expect(navigator.current.description == "AccountFlow.SignIn(user: 7)")
        #expect(navigator.flows.values.first { $0.flow.rawValue == 1 }?.tabs[0].entries.count == 1)
    }
}
