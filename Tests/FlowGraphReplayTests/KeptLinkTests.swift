@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Links kept for later (issue 26): a link that arrives during the terms-of-service cover at first
/// launch, or while a locked composer is up, waits and opens when that screen goes, as the apps
/// do; played on the navigator the checker's claims are replayed on.
@MainActor
@Suite("Links kept for later", .serialized)
struct KeptLinkTests {
    /// The first launch: the terms cover the app; a link that arrives meanwhile opens once they
    /// are accepted. The composer keeps links while it is up too (it is locked while it has text).
    static let app = """
        flow App {
            start Home
            guard hasUnsavedText
            link "/posts/{post}" -> push Post
            link "/settings" -> sheet Settings

            step Home {
                on launched -> cover Terms
                on postTapped(post: Int) -> push Post
                on composeTapped -> sheet Composer locked while hasUnsavedText
            }
            step Post(post: Int) {
                on backTapped -> pop
            }
            /// The terms of service, over everything at first launch.
            step Terms keeps links {
                on readTapped -> push FullTerms
                on accepted -> dismiss
            }
            step FullTerms {
                on backTapped -> pop
            }
            step Composer keeps links {
                on sent -> dismiss
                on cancelled -> dismiss
            }
            step Settings {
                on doneTapped -> dismiss
            }
        }
        """

    static func event(_ name: String) -> ReplayProgram.Event {
        ReplayProgram.Value(owner: "app", caseName: name, values: [])
    }

    @Test func aLinkDuringTheTermsOpensOnceTheyAreAccepted() throws {
        try ReplayTests.replay(Self.app)
        let driver = try ReplayTests.driver(Self.app)
        driver.navigator.historyLimit = 100
        #expect(driver.navigator.send(Self.event("launched")).status == .applied)
        #expect(driver.navigator.send(Self.event("readTapped")).status == .applied)
        let before = driver.signature
        let kept = driver.navigator.open(url: "/posts/7")
        #expect(kept.status == .kept && kept.commands.isEmpty)
        #expect(driver.signature.hasPrefix(before) && driver.navigator.current.description == "App.FullTerms")
        #expect(driver.navigator.keptLink != nil)
        // Back inside the cover: the terms are still up, the link still waits.
        #expect(driver.navigator.send(Self.event("backTapped")).commands.count == 1)
        #expect(driver.navigator.keptLink != nil)
        // Accepted: the cover goes, and the post opens after it, in one outcome.
        let accepted = driver.navigator.send(Self.event("accepted"))
        #expect(accepted.status == .applied)
        #expect(accepted.commands.count == 2, "\(accepted)")  // dismiss, then push
        #expect(driver.navigator.current.description == "App.Post(post: 7)")
        #expect(driver.navigator.keptLink == nil)
        // The history says what happened: kept, then opened after the terms.
        let links = driver.navigator.history.filter { if case .link = $0.cause { true } else { false } }
        #expect(links.map(\.outcome.status) == [.kept, .applied])
    }

    /// A newer link replaces the one waiting: the app opens the last one the user tapped.
    @Test func aNewerLinkReplacesTheOneWaiting() throws {
        let driver = try ReplayTests.driver(Self.app)
        _ = driver.navigator.send(Self.event("launched"))
        #expect(driver.navigator.open(url: "/posts/7").status == .kept)
        #expect(driver.navigator.open(url: "/settings").status == .kept)
        _ = driver.navigator.send(Self.event("accepted"))
        #expect(driver.navigator.current.description == "App.Settings")
        #expect(driver.navigator.flows[driver.navigator.rootID]?.tabs[0].screens.map(\.description) == ["App.Home"])
    }

    /// The user swipes the composer away (its lock does not hold): the link opens after the swipe.
    @Test func aSwipeThatTakesTheComposerAwayOpensTheLink() throws {
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: false))
        _ = driver.navigator.send(Self.event("composeTapped"))
        #expect(driver.navigator.open(url: "/posts/3").status == .kept)
        let sheet = try #require(driver.navigator.flows[driver.navigator.rootID]?.layers.last?.id)
        let swiped = driver.navigator.userDismissed(sheet)
        #expect(swiped.status == .applied)
        #expect(driver.navigator.current.description == "App.Post(post: 3)")
        // Dropped, it never opens.
        let again = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: false))
        _ = again.navigator.send(Self.event("composeTapped"))
        _ = again.navigator.open(url: "/posts/3")
        again.navigator.discardKeptLink()
        _ = again.navigator.send(Self.event("cancelled"))
        #expect(again.navigator.current.description == "App.Home")
    }

    /// Where no step keeps links, a link opens at once, as before.
    @Test func withoutAStepThatKeepsLinksALinkOpensAtOnce() throws {
        let driver = try ReplayTests.driver(Self.app)
        #expect(driver.navigator.open(url: "/posts/7").status == .applied)
        #expect(driver.navigator.current.description == "App.Post(post: 7)")
    }
}
