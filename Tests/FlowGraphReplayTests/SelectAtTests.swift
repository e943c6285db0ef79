@testable import FlowGraph
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

/// A link that selects a tab and goes on inside it (issue 26): `-> select Search at Results`
/// selects the Search tab of the tab bar that runs, starts its flow again and pushes the results
/// for the URL's query, as a search link of IceCubesApp and Kickstarter's discovery links do.
@MainActor
@Suite("A link's select X at Y", .serialized)
struct LinkSelectAtTests {
    static let app = """
        flow App tabs {
            start Home
            step Home runs HomeFlow
            step Search runs SearchFlow
            /// A search link: the Search tab, with the results over its start.
            link "/search/{query}" -> select Search at Results
            link "/explore" -> select Search
        }
        flow HomeFlow {
            start Feed
            step Feed {
                on postTapped(post: Int) -> push Post
                on composeTapped -> sheet Composer
            }
            step Post(post: Int)
            step Composer {
                on sent -> dismiss
            }
        }
        flow SearchFlow {
            start Explore
            step Explore {
                on searched(query: String) -> push Results
            }
            step Results(query: String)
        }
        """

    static func send(_ driver: ReplayDriver, _ owner: String, _ event: String, _ values: [String?] = []) -> ReplayNavigator.Outcome {
        SelectAtTests.send(driver, owner, event, values)
    }

    @Test func theTabIsSelectedWithTheResultsOverItsStart() throws {
        try ReplayTests.replay(Self.app)
        let driver = try ReplayTests.driver(Self.app)
        #expect(Self.send(driver, "homeFlow", "postTapped", ["3"]).status == .applied)
        #expect(driver.navigator.open(url: "/search/swift").status == .applied)
        #expect(driver.tops.map(\.description) == ["App.Search", "SearchFlow.Results(query: swift)"])
        let tab = try #require(driver.navigator.chain.last)
        #expect(tab.top.screens.map(\.description) == ["SearchFlow.Explore", "SearchFlow.Results(query: swift)"])
        // The Home tab keeps its stack; a second search starts the Search tab's flow again.
        let home = try #require(driver.navigator.flows.values.first { $0.flow.rawValue == 1 })
        #expect(home.top.screens.map(\.description) == ["HomeFlow.Feed", "HomeFlow.Post(post: 3)"])
        #expect(driver.navigator.open(url: "/search/ios").status == .applied)
        let again = try #require(driver.navigator.chain.last)
        #expect(again.top.screens.map(\.description) == ["SearchFlow.Explore", "SearchFlow.Results(query: ios)"])
    }

    /// Over a sheet of the Home tab: the sheet closes (as for any `select`), and Search shows.
    @Test func aSheetOfAnotherTabCloses() throws {
        let driver = try ReplayTests.driver(Self.app)
        #expect(Self.send(driver, "homeFlow", "composeTapped").status == .applied)
        #expect(driver.navigator.open(url: "/explore").status == .applied)
        #expect(driver.tops.map(\.description) == ["App.Search", "SearchFlow.Explore"])
    }
}

/// `at` more than one level deep (issue 26): IceCubesApp's notification for another account
/// switches account, rebuilds the tab bar at Notifications and pushes the post there, in one
/// transition: `root Main at Notifications.Status`.
@MainActor
@Suite("at A.B", .serialized)
struct NestedAtTests {
    static let app = """
        flow App {
            start Launch
            step Launch {
                on signedIn -> root Main
                /// A notification for another account: the tab bar, at Notifications, with the post pushed.
                on notificationOpened(status: Int) -> root Main at Notifications.Status
            }
            step Main runs MainTabs
        }
        flow MainTabs tabs {
            start Timeline
            step Timeline runs TimelineFlow
            step Notifications runs NotificationsFlow
        }
        flow TimelineFlow {
            start Feed
            step Feed
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

    @Test func theTabBarOpensAtTheTabWithThePostPushed() throws {
        try ReplayTests.replay(Self.app)
        let driver = try ReplayTests.driver(Self.app)
        #expect(SelectAtTests.send(driver, "app", "notificationOpened", ["7"]).status == .applied)
        #expect(driver.tops.map(\.description) == ["App.Main", "MainTabs.Notifications", "NotificationsFlow.Status(status: 7)"])
        let tab = try #require(driver.navigator.chain.last)
        #expect(tab.top.screens.map(\.description) == ["NotificationsFlow.List", "NotificationsFlow.Status(status: 7)"])
    }

    /// A guard on the way inside the tab says no: the tab bar shows the Notifications list, and
    /// the outcome names the guard.
    @Test func aGuardOnTheWayStopsAtTheList() throws {
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: false))
        let outcome = SelectAtTests.send(driver, "app", "notificationOpened", ["7"])
        guard case .blocked = outcome.status else {
            Issue.record("expected blocked, got \(outcome.status)")
            return
        }
        #expect(driver.tops.map(\.description) == ["App.Main", "MainTabs.Notifications", "NotificationsFlow.List"])
    }
}

/// A link's `at` more than one level deep: the tab bar in a sheet, at its Notifications tab, with
/// the post pushed there (`-> sheet Main at Notifications.Status`).
@MainActor
@Suite("A link's at A.B", .serialized)
struct LinkNestedAtTests {
    static let app = """
        flow App {
            start Launch
            /// A notification's link: the tabs in a sheet, at Notifications, with the post pushed.
            link "/notifications/{status}" -> sheet Main at Notifications.Status
            step Launch {
                on signedIn -> sheet Main
            }
            step Main runs MainTabs {
                on closed -> dismiss
            }
        }
        flow MainTabs tabs {
            start Timeline
            step Timeline runs TimelineFlow {
                on closed -> exit closed
            }
            step Notifications runs NotificationsFlow {
                on closed -> exit closed
            }
            exit closed
        }
        flow TimelineFlow {
            start Feed
            step Feed {
                on closeTapped -> exit closed
            }
            exit closed
        }
        flow NotificationsFlow {
            start List
            step List {
                on statusTapped(status: Int) -> push Status
                on closeTapped -> exit closed
            }
            step Status(status: Int) {
                on backTapped -> pop
            }
            exit closed
        }
        """

    @Test func theLinkPresentsTheTabsAtTheTabWithThePost() throws {
        try ReplayTests.replay(Self.app)
        let driver = try ReplayTests.driver(Self.app)
        #expect(driver.navigator.open(url: "/notifications/7").status == .applied)
        #expect(driver.tops.map(\.description) == ["App.Main", "MainTabs.Notifications", "NotificationsFlow.Status(status: 7)"])
        let tab = try #require(driver.navigator.chain.last)
        #expect(tab.top.screens.map(\.description) == ["NotificationsFlow.List", "NotificationsFlow.Status(status: 7)"])
    }
}
