@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Deep links that decide what they open, or are refused (issue 26): each played on the navigator
/// the checker's claims are replayed on.
@MainActor
@Suite("Deep links that decide", .serialized)
struct LinkDecisionTests {
    /// Kickstarter's failed-payment link: "manage pledge" when the user is signed in, the sign-in
    /// sheet over whatever is on screen otherwise.
    static let pledge = """
        flow App {
            start Home
            guard isSignedIn
            link "/pledges/{pledge}" -> ManagePledge if isSignedIn else sheet SignIn
            step Home {
                on pledgeTapped(pledge: Int) -> push ManagePledge
            }
            step ManagePledge(pledge: Int)
            step SignIn {
                on doneTapped -> dismiss
            }
        }
        """

    @Test func aSignedInUserGetsThePledge() throws {
        try ReplayTests.replay(Self.pledge)
        let driver = try ReplayTests.driver(Self.pledge, answers: GuardAnswers(fallback: true))
        let outcome = driver.navigator.open(url: "/pledges/7")
        #expect(outcome.status == .applied)
        #expect(driver.navigator.current.description == "App.ManagePledge(pledge: 7)")
    }

    @Test func aSignedOutUserGetsTheSignInSheetWhereTheyAre() throws {
        let driver = try ReplayTests.driver(Self.pledge, answers: GuardAnswers(fallback: false))
        let outcome = driver.navigator.open(url: "/pledges/7")
        #expect(outcome.status == .applied)
        #expect(driver.navigator.current.description == "App.SignIn")
        #expect(driver.navigator.flows[driver.navigator.rootID]?.tabs[0].screens.map(\.description) == ["App.Home"])
    }

    /// "New post" while the composer is already up does nothing in the app.
    static let composer = """
        flow App {
            start Home
            guard isComposing
            link "/compose" -> sheet Compose if !isComposing
            step Home
            step Compose {
                on sendTapped -> dismiss
            }
        }
        """

    @Test func aLinkWhoseGuardBlocksIsRefused() throws {
        try ReplayTests.replay(Self.composer)
        let driver = try ReplayTests.driver(Self.composer, answers: GuardAnswers(fallback: true))
        let outcome = driver.navigator.open(url: "/compose")
        guard case .blocked(let guardID) = outcome.status else {
            Issue.record("expected blocked, got \(outcome.status)")
            return
        }
        #expect(guardID.flow == 0 && guardID.index == 0)  // isComposing
        #expect(outcome.commands.isEmpty)
        #expect(driver.tops.map(\.description) == ["App.Home"])
        let allowed = try ReplayTests.driver(Self.composer, answers: GuardAnswers(fallback: false))
        #expect(allowed.navigator.open(url: "/compose").status == .applied)
        #expect(allowed.navigator.current.description == "App.Compose")
        #expect(allowed.navigator.flows[allowed.navigator.rootID]?.tabs[0].screens.map(\.description) == ["App.Home"])
    }

    /// A guard with an argument takes it from the URL's values, as the target does.
    @Test func aGuardsArgumentComesFromTheURL() throws {
        let text = """
            flow App {
                start Home
                guard canOpen(project: Int)
                link "/projects/{project}" -> Project if canOpen else Unavailable
                step Home {
                    on projectTapped(project: Int) -> push Project
                    on unavailable -> push Unavailable
                }
                step Project(project: Int)
                step Unavailable
            }
            """
        try ReplayTests.replay(text)
        let driver = try ReplayTests.driver(text, answers: GuardAnswers(fallback: false))
        #expect(driver.navigator.open(url: "/projects/3").status == .applied)
        #expect(driver.navigator.current.description == "App.Unavailable")
    }

    /// A target after `else` with a move takes its inputs from the URL like the first: the link's
    /// move was once checked with the first target's inputs only, a false `input-mismatch`.
    @Test func aMoveAfterElseTakesItsInputsFromTheURL() throws {
        let text = """
            flow App {
                start Home
                guard isSignedIn
                link "/pledges/{pledge}/{account}" -> ManagePledge if isSignedIn else sheet SignIn
                step Home {
                    on pledgeTapped(pledge: Int) -> push ManagePledge
                    on signInTapped(account: String) -> sheet SignIn
                }
                step ManagePledge(pledge: Int)
                step SignIn(account: String) {
                    on doneTapped -> dismiss
                }
            }
            """
        try ReplayTests.replay(text)
        let driver = try ReplayTests.driver(text, answers: GuardAnswers(fallback: false))
        #expect(driver.navigator.open(url: "/pledges/7/ann").status == .applied)
        #expect(driver.navigator.current.description == "App.SignIn(account: ann)")
    }
}
