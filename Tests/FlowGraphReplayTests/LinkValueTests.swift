@testable import FlowGraph
@testable import FlowGraphRuntime
import FlowGraphTestSupport
import Foundation
import Testing

/// Link values that are not one segment each (issue 26): a segment matched and ignored (`*`), the
/// rest of a path (`**`, `{path...}`) and the whole URL (`as url`), played on the navigator the
/// checker's claims are replayed on.
@MainActor
@Suite("Link values", .serialized)
struct LinkValueTests {
    static func iceCubes() throws -> String {
        let url = PackageFolder.root.appendingPathComponent("Tests/FlowGraphTests/Fixtures/real-apps/icecubes-open-url.flow")
        return try String(contentsOf: url, encoding: .utf8)
    }

    static let status = "icecubesapp://mastodon.social/@dimillian/109583512307352400"

    /// IceCubesApp's own scheme opens a status of the user's server by its last segment, pushed
    /// on the stack of the tab on screen.
    @Test func aStatusOfTheUsersServerOpensByItsId() throws {
        try ReplayTests.replay(try Self.iceCubes())
        let driver = try ReplayTests.driver(try Self.iceCubes(), answers: GuardAnswers(fallback: true))
        #expect(driver.navigator.open(url: Self.status).status == .applied)
        #expect(driver.navigator.current.description == "Timeline.StatusDetail(status: 109583512307352400)")
        #expect(driver.navigator.flows[driver.navigator.rootID]?.tabs[0].screens.map(\.description)
            == ["Timeline.Home", "Timeline.StatusDetail(status: 109583512307352400)"])
        // The guard was asked about the whole URL.
        #expect(driver.guards.asked.map(\.1) == [[Self.status]])
    }

    /// On another server the app resolves the whole URL (`RemoteStatusDetail(url:)`).
    @Test func aStatusOfAnotherServerIsResolvedFromTheWholeURL() throws {
        let driver = try ReplayTests.driver(try Self.iceCubes(), answers: GuardAnswers(fallback: false))
        #expect(driver.navigator.open(url: Self.status).status == .applied)
        #expect(driver.navigator.current.description == "Timeline.RemoteStatusDetail(url: \(Self.status))")
    }

    /// A web link the app does not know opens its browser with the whole URL, over what is on
    /// screen; when the user prefers the system's browser the link is refused (the app hands it
    /// to the system). A tag's link is more specific: it never reaches the browser.
    @Test func anyOtherWebLinkOpensTheBrowser() throws {
        let driver = try ReplayTests.driver(try Self.iceCubes(), answers: GuardAnswers(fallback: true))
        #expect(driver.navigator.open(url: "https://mastodon.social/tags/swift").status == .applied)
        #expect(driver.navigator.current.description == "Timeline.HashTag(tag: swift)")
        let page = "https://developer.apple.com/documentation/swiftui/navigationstack?language=swift"
        #expect(driver.navigator.open(url: page).status == .applied)
        #expect(driver.navigator.current.description == "Timeline.Safari(url: \(page))")
        #expect(driver.navigator.flows[driver.navigator.rootID]?.tabs[0].screens.map(\.description)
            == ["Timeline.Home", "Timeline.HashTag(tag: swift)"])

        let system = try ReplayTests.driver(try Self.iceCubes(), answers: GuardAnswers(fallback: false))
        guard case .blocked = system.navigator.open(url: page).status else {
            Issue.record("the browser's link is refused when the user prefers the system's")
            return
        }
        #expect(system.navigator.current.description == "Timeline.Home")
    }

    /// The rest of a path is one value: a title that holds a `/`.
    @Test func theRestOfThePathIsOneValue() throws {
        let text = """
            flow Wiki {
                start Home
                link "https://{host}/wiki/{title...}" -> push Article
                link "app://**" -> Home
                step Home
                step Article(title: String, host: String)
            }
            """
        try ReplayTests.replay(text)
        let driver = try ReplayTests.driver(text)
        #expect(driver.navigator.open(url: "https://en.wikipedia.org/wiki/AC/DC").status == .applied)
        #expect(driver.navigator.current.description == "Wiki.Article(title: AC/DC, host: en.wikipedia.org)")
        #expect(driver.navigator.open(url: "app://anything/at/all").status == .applied)
        #expect(driver.navigator.current.description == "Wiki.Home")
    }
}
