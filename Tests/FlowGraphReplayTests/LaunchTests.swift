import FlowGraph
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

    static func event(_ owner: String, _ name: String, _ values: [String] = []) -> ReplayProgram.Event {
        ReplayProgram.Value(owner: owner, caseName: name, values: values)
    }

    @Test func theTermsCoverTheFirstScreenAtLaunchWhenTheGuardSaysSo() throws {
        let report = try ReplayTests.replay(Self.app)
        #expect(report.isComplete)
        let driver = try ReplayTests.driver(Self.app, answers: GuardAnswers(fallback: true))
        #expect(driver.navigator.current.description == "App.Terms")
        let cover = try #require(driver.navigator.flows[driver.navigator.rootID]?.layers.last)
        #expect(cover.style == .cover && driver.navigator.isLocked(cover.id))
        #expect(driver.navigator.send(Self.event("app", "accepted")).status == .applied)
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
        _ = driver.navigator.send(Self.event("app", "accepted"))
        #expect(driver.navigator.send(Self.event("app", "composeTapped")).status == .applied)
        #expect(driver.navigator.current.description == "ComposeFlow.Tips")
        #expect(driver.navigator.send(Self.event("composeFlow", "gotIt")).status == .applied)
        #expect(driver.navigator.current.description == "ComposeFlow.Editor")
    }
}
