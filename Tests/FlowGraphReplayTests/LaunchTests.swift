@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Screens at launch (issue 27 §3): the terms of service over the first screen at first launch,
/// an onboarding sheet in a subflow each time it starts, as apps show them; the two apps that had
/// to send an event after launch (`on launched -> cover Terms`) say it on the start. Played on the
/// navigator the checker's claims are replayed on.
@MainActor
@Suite("Screens at launch", .serialized)
struct LaunchTests {
    static let app = """
        flow App {
            start Home, cover Terms if needsTerms
            /// The user has not accepted the current terms of service.
            guard needsTerms
            link "/posts/{post}" -> push Post

            step Home {
                on postTapped(post: Int) -> push Post
                on composeTapped -> sheet Composer
            }
            step Post(post: Int) {
                on backTapped -> pop
            }
            step Terms {
                on readTapped -> push FullTerms
                on accepted -> dismiss
            }
            step FullTerms {
                on backTapped -> pop
            }
            step Composer runs ComposeFlow {
                on sent -> dismiss
            }
        }
        flow ComposeFlow {
            start Editor, sheet Tips if firstPost
            guard firstPost
            step Editor {
                on sendTapped -> exit sent
            }
            step Tips {
                on gotIt -> dismiss
            }
            exit sent
        }
        """

    @Test func theTermsCoverTheFirstScreenAtLaunchWhenTheGuardSaysSo() throws {
        let report = try ReplayTests.replay(Self.app)
        #expect(report.isComplete)
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: true))
        #expect(driver.navigator.current.description == "App.Terms")
        let cover = try #require(driver.navigator.flows[driver.navigator.rootID]?.layers.last)
        #expect(cover.style == .cover && driver.navigator.isLocked(cover.id))
        #expect(driver.navigator.send(ReplayTests.event("app", "accepted")).status == .applied)
        #expect(driver.navigator.current.description == "App.Home")
        // A link at launch opens over what the app shows (here: the terms go first, as any layer).
        let other = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: true))
        #expect(other.navigator.open(url: "/posts/7").status == .applied)
        #expect(other.navigator.current.description == "App.Post(post: 7)")
        // Terms accepted before: the first screen, nothing over it.
        let accepted = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: false))
        #expect(accepted.navigator.current.description == "App.Home")
        #expect(accepted.navigator.flows[accepted.navigator.rootID]?.layers.isEmpty == true)
    }

    @Test func aSubflowShowsItsLaunchSheetEachTimeItStarts() throws {
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: false))
        driver.set(GuardAnswers(fallback: true))
        _ = driver.navigator.send(ReplayTests.event("app", "accepted"))
        #expect(driver.navigator.send(ReplayTests.event("app", "composeTapped")).status == .applied)
        #expect(driver.navigator.current.description == "ComposeFlow.Tips")
        #expect(driver.navigator.send(ReplayTests.event("composeFlow", "gotIt")).status == .applied)
        #expect(driver.navigator.current.description == "ComposeFlow.Editor")
    }

    /// A subflow opened along a path (`sheet Gallery at Media`) is brought to the path's step: its
    /// launch layer is never presented (no flash of it in the commands), and the checker calls the
    /// launch step unreachable when that is the only way in.
    @Test func aSubflowOpenedAlongAPathShowsNoLaunchLayer() throws {
        let app = """
            flow App {
                start Home
                step Home {
                    on galleryTapped -> sheet Gallery at Media
                    on browseTapped -> sheet Gallery
                }
                step Gallery runs GalleryFlow {
                    on closed -> dismiss
                }
            }
            flow GalleryFlow {
                start Grid, cover Tips if firstVisit
                guard firstVisit
                step Grid {
                    on mediaTapped -> push Media
                    on closeTapped -> exit closed
                }
                step Media {
                    on backTapped -> pop
                }
                step Tips {
                    on gotIt -> dismiss
                }
                exit closed
            }
            """
        try ReplayTests.replay(app)
        let driver = try ReplayTests.driver(app, answers: GuardAnswers(fallback: true))
        let opened = driver.navigator.send(ReplayTests.event("app", "galleryTapped"))
        #expect(opened.status == .applied)
        #expect(driver.navigator.current.description == "GalleryFlow.Media")
        #expect(!opened.commands.contains { "\($0)".contains("Tips") }, "\(opened.commands)")
        // Opened at its start, it shows the tips over its first screen.
        let other = try ReplayTests.driver(app, answers: GuardAnswers(fallback: true))
        #expect(other.navigator.send(ReplayTests.event("app", "browseTapped")).status == .applied)
        #expect(other.navigator.current.description == "GalleryFlow.Tips")
    }
}
