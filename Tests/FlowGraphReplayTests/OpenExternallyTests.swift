@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Leaving the app (issue 26): `open url` hands a URL of the payload to the system, and nothing in
/// the app moves. Played on the navigator the checker's claims are replayed on.
@MainActor
@Suite("Leaving the app: open", .serialized)
struct OpenExternallyTests {
    /// IceCubesApp: a link in a post opens in the in-app browser when the user prefers it, in
    /// their browser otherwise; the settings send the user to the system's settings.
    static let timeline = """
        flow Timeline {
            start Home
            guard prefersInAppSafari
            step Home {
                on linkTapped(url: String) -> sheet Safari if prefersInAppSafari else open url
                on settingsTapped -> push Settings
            }
            step Safari(url: String) {
                on doneTapped -> dismiss
            }
            step Settings {
                on systemSettingsTapped(settingsURL: String) -> open settingsURL
                on signOutTapped -> alert SignOut
            }
            alert SignOut {
                on signOutTapped -> root Home
                on helpTapped(helpURL: String) -> open helpURL
                on cancelTapped
            }
        }
        """

    static func send(_ driver: ReplayDriver, _ event: String, _ values: [String?] = []) -> ReplayNavigator.Outcome {
        driver.navigator.send(ReplayProgram.Value(owner: "timeline", caseName: event, values: values))
    }

    @Test func theSystemGetsTheURLAndNothingMoves() throws {
        try ReplayTests.replay(Self.timeline)
        let driver = try ReplayTests.driver(Self.timeline, answers: GuardAnswers(fallback: false))
        let before = driver.signature
        let outcome = Self.send(driver, "linkTapped", ["https://example.com/a"])
        #expect(outcome.status == .applied)
        #expect(outcome.commands.map(\.description) == ["open https://example.com/a outside the app"])
        #expect(driver.signature == before)
    }

    @Test func theGuardChoosesTheAppsOwnScreen() throws {
        let driver = try ReplayTests.driver(Self.timeline, answers: GuardAnswers(fallback: true))
        #expect(Self.send(driver, "linkTapped", ["https://example.com/a"]).status == .applied)
        #expect(driver.navigator.current.description == "Timeline.Safari(url: https://example.com/a)")
    }

    /// An alert's button that opens a URL closes the alert; the screen under it stays.
    @Test func anAlertsButtonClosesItAndOpens() throws {
        let driver = try ReplayTests.driver(Self.timeline)
        #expect(Self.send(driver, "settingsTapped").status == .applied)
        #expect(Self.send(driver, "signOutTapped").status == .applied)
        let outcome = Self.send(driver, "helpTapped", ["https://help.example.com"])
        #expect(outcome.status == .applied)
        #expect(outcome.commands.contains { if case .openExternally("https://help.example.com") = $0 { true } else { false } })
        #expect(driver.navigator.alert == nil)
        #expect(driver.navigator.current.description == "Timeline.Settings")
    }

    @Test func theValueMustBeInThePayload() {
        let text = Self.timeline.replacingOccurrences(of: "on systemSettingsTapped(settingsURL: String) -> open settingsURL",
                                                      with: "on systemSettingsTapped -> open settingsURL")
            .replacingOccurrences(of: "on linkTapped(url: String) ->", with: "on linkTapped(url: String?) ->")
            .replacingOccurrences(of: "step Safari(url: String)", with: "step Safari(url: String?)")
        let compilation = Compiler.compile([SourceFile(path: "test.flow", text: text)])
        #expect(compilation.diagnostics.map(\.message) == [
            "'open url' hands the system a URL, and 'url' of event 'linkTapped' is optional ('String?'): carry one always, or decide with a guard",
            "'open settingsURL' hands the system the value 'settingsURL' of the payload, and event 'systemSettingsTapped' carries none: "
                + "add it ('systemSettingsTapped(settingsURL: URL)')",
        ])
    }
}
