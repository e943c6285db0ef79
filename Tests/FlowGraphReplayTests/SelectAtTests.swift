import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// `select X at Y` (issue 26): a notification selects the Notifications tab and pushes the post
/// over its list, as IceCubesApp does, in one transition instead of two events the app sends in
/// order. Played on the navigator the checker's claims are replayed on.
@MainActor
@Suite("select X at Y", .serialized)
struct SelectAtTests {
    static let app = """
        flow App tabs {
            start Timeline
            step Timeline runs TimelineFlow
            step Notifications runs NotificationsFlow
            /// A notification: the Notifications tab, with the post pushed over its list.
            on notificationTapped(status: Int) -> select Notifications at Status
        }
        flow TimelineFlow {
            start Feed
            step Feed {
                on postTapped(status: Int) -> push Post
            }
            step Post(status: Int)
        }
        flow NotificationsFlow {
            start List
            guard canOpen(status: Int)
            step List {
                on statusTapped(status: Int) -> push Status if canOpen
            }
            step Status(status: Int)
        }
        """

    static func send(_ driver: ReplayDriver, _ owner: String, _ event: String, _ values: [String?] = []) -> ReplayNavigator.Outcome {
        driver.navigator.send(ReplayProgram.Value(owner: owner, caseName: event, values: values))
    }

    @Test func theTabIsSelectedWithThePostOverItsList() throws {
        try ReplayTests.replay(Self.app)
        let driver = try ReplayTests.driver(Self.app)
        #expect(Self.send(driver, "timelineFlow", "postTapped", ["3"]).status == .applied)
        #expect(Self.send(driver, "app", "notificationTapped", ["7"]).status == .applied)
        let root = try #require(driver.navigator.flows[driver.navigator.rootID])
        #expect(root.selectedTab == 1)
        #expect(driver.tops.map(\.description) == ["App.Notifications", "NotificationsFlow.Status(status: 7)"])
        let tab = try #require(driver.navigator.chain.last)
        #expect(tab.top.screens.map(\.description) == ["NotificationsFlow.List", "NotificationsFlow.Status(status: 7)"])
        // The other tab keeps its stack.
        let timeline = try #require(driver.navigator.flows.values.first { $0.flow.rawValue == 1 })
        #expect(timeline.top.screens.map(\.description) == ["TimelineFlow.Feed", "TimelineFlow.Post(status: 3)"])
    }

    /// The guard of the way is asked before anything moves; when it says no, the tab is selected
    /// and the list shown, and the outcome names the guard.
    @Test func aGuardOnTheWayStopsAtTheList() throws {
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: false))
        let outcome = Self.send(driver, "app", "notificationTapped", ["7"])
        guard case .blocked = outcome.status else {
            Issue.record("expected blocked, got \(outcome.status)")
            return
        }
        #expect(driver.tops.map(\.description) == ["App.Notifications", "NotificationsFlow.List"])
    }
}

/// `at` from an alert's button (issue 26): IceCubesApp's "Translate settings" in the translation
/// alert opens Settings at its translation screen, over the screen that showed the alert.
@MainActor
@Suite("at from an alert's button", .serialized)
struct AlertButtonAtTests {
    static let timeline = """
        flow Timeline {
            start Home
            step Home {
                on translateFailed -> alert TranslationFailed
            }
            alert TranslationFailed {
                on translateSettingsTapped -> sheet Settings at Translation
                on okTapped
            }
            step Settings runs SettingsFlow {
                on done -> dismiss
            }
        }
        flow SettingsFlow {
            start Main
            step Main {
                on translationTapped -> push Translation
                on doneTapped -> exit done
            }
            step Translation
            exit done
        }
        """

    @Test func theButtonOpensSettingsAtTheTranslationScreen() throws {
        try ReplayTests.replay(Self.timeline)
        let driver = try ReplayTests.driver(Self.timeline)
        #expect(driver.navigator.send(ReplayProgram.Value(owner: "timeline", caseName: "translateFailed", values: [])).status == .applied)
        let outcome = driver.navigator.send(ReplayProgram.Value(owner: "timeline", caseName: "translateSettingsTapped", values: []))
        #expect(outcome.status == .applied)
        #expect(driver.navigator.alert == nil)
        #expect(driver.tops.map(\.description) == ["Timeline.Settings", "SettingsFlow.Translation"])
        let settings = try #require(driver.navigator.chain.last)
        #expect(settings.top.screens.map(\.description) == ["SettingsFlow.Main", "SettingsFlow.Translation"])
    }
}
