@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Deep links that present a stack (issue 26): `-> sheet Project at Comments` presents the
/// project's page with its comments on top, as one sheet over whatever is on screen. Each played
/// on the navigator the checker's claims are replayed on.
@MainActor
@Suite("Deep links that present a stack", .serialized)
struct LinkStackTests {
    /// Kickstarter's comments link: [project page, comments] as one sheet, over any screen; the
    /// app asks whether the user may comment before it pushes the comments.
    static let comments = """
        flow App {
            start Home
            /// A project's comments, over whatever is on screen.
            link "/projects/{project}/comments" -> sheet Project at Comments
            step Home {
                on projectTapped(project: Int) -> push Project
                on searchTapped -> push Search
            }
            step Search
            step Project(project: Int) runs ProjectFlow {
                on closed -> close
            }
        }

        flow ProjectFlow {
            start Page
            guard canComment(project: Int)
            step Page(project: Int) {
                on commentsTapped(project: Int) -> push Comments if canComment
                on closeTapped -> exit closed
            }
            step Comments(project: Int) {
                on closeTapped -> exit closed
            }
            exit closed
        }
        """

    @Test func theLinkPresentsThePageWithTheCommentsOnTop() throws {
        try ReplayTests.replay(Self.comments)
        let driver = try ReplayTests.driver(Self.comments)
        #expect(driver.navigator.send(ReplayProgram.Value(owner: "app", caseName: "searchTapped", values: [])).status == .applied)
        let outcome = driver.navigator.open(url: "/projects/7/comments")
        #expect(outcome.status == .applied)
        let root = try #require(driver.navigator.flows[driver.navigator.rootID])
        // Home's stack stays as it was; one sheet holds the project, whose flow shows [Page, Comments].
        #expect(root.tabs[0].screens.map(\.description) == ["App.Home", "App.Search"])
        #expect(root.layers.map { $0.screens.map(\.description) } == [["App.Project(project: 7)"]])
        #expect(driver.tops.map(\.description) == ["App.Project(project: 7)", "ProjectFlow.Comments(project: 7)"])
        let subflow = try #require(driver.navigator.chain.last)
        #expect(subflow.top.screens.map(\.description) == ["ProjectFlow.Page(project: 7)", "ProjectFlow.Comments(project: 7)"])
    }

    /// The guard of the way to the comments is asked before anything moves; when it says no, the
    /// page is presented alone and the outcome says which guard stopped it.
    @Test func aGuardOnTheWayStopsAtThePage() throws {
        let driver = try ReplayTests.driver(Self.comments, answers: GuardAnswers(fallback: false))
        let outcome = driver.navigator.open(url: "/projects/7/comments")
        guard case .blocked(let guardID) = outcome.status else {
            Issue.record("expected blocked, got \(outcome.status)")
            return
        }
        #expect(guardID.flow == 1 && guardID.index == 0)  // canComment
        #expect(driver.tops.map(\.description) == ["App.Project(project: 7)", "ProjectFlow.Page(project: 7)"])
    }

    @Test func anAtThatNoPathReachesIsReported() throws {
        // Nothing in the project's flow pushes the comments: no path inside it leads there.
        let text = Self.comments.replacingOccurrences(of: "on commentsTapped(project: Int) -> push Comments if canComment",
                                                      with: "on commentsTapped(project: Int) -> exit closed if canComment")
        let file = SourceFile(path: "test.flow", text: text)
        let compilation = Compiler.compile([file])
        let found = compilation.diagnostics.filter { $0.rule == .atUnreachable }
        #expect(found.count == 1, "\(compilation.diagnostics)")
        #expect(found.first.map { file.location(of: $0.range.start).line } == 4)
    }
}

/// Deep links that close the sheet on top first (issue 26): `-> dismiss, sheet Project` presents
/// the project over a clean screen, as Kickstarter's app delegate dismisses what is presented
/// before it presents the project; with no sheet up, the move alone is made.
@MainActor
@Suite("Deep links that close a sheet first", .serialized)
struct LinkClosesASheetFirstTests {
    static let project = """
        flow App {
            start Home
            link "/projects/{project}" -> dismiss, sheet Project
            /// A mention pushes the profile on the stack beneath the composer, which closes.
            link "/users/{user}" -> dismiss, push Profile
            step Home {
                on composeTapped -> sheet Compose
                on projectTapped(project: Int) -> sheet Project
                on userTapped(user: String) -> push Profile
            }
            step Compose {
                on cancelTapped -> dismiss
                on settingsTapped -> sheet Settings
            }
            step Settings {
                on doneTapped -> dismiss
            }
            step Project(project: Int) {
                on closeTapped -> dismiss
            }
            step Profile(user: String)
        }
        """

    @Test func withNoSheetUpTheMoveAloneIsMade() throws {
        try ReplayTests.replay(Self.project)
        let driver = try ReplayTests.driver(Self.project)
        #expect(driver.navigator.open(url: "/projects/7").status == .applied)
        let root = try #require(driver.navigator.flows[driver.navigator.rootID])
        #expect(root.layers.map { $0.screens.map(\.description) } == [["App.Project(project: 7)"]])
    }

    @Test func theSheetOnTopClosesBeforeTheProjectIsPresented() throws {
        let driver = try ReplayTests.driver(Self.project)
        #expect(driver.navigator.send(ReplayProgram.Value(owner: "app", caseName: "composeTapped", values: [])).status == .applied)
        #expect(driver.navigator.open(url: "/projects/7").status == .applied)
        let root = try #require(driver.navigator.flows[driver.navigator.rootID])
        #expect(root.layers.map { $0.screens.map(\.description) } == [["App.Project(project: 7)"]])
    }

    /// Only the top sheet closes, as a clause's `dismiss` closes one layer.
    @Test func onlyTheTopSheetCloses() throws {
        let driver = try ReplayTests.driver(Self.project)
        for event in ["composeTapped", "settingsTapped"] {
            #expect(driver.navigator.send(ReplayProgram.Value(owner: "app", caseName: event, values: [])).status == .applied)
        }
        #expect(driver.navigator.open(url: "/projects/7").status == .applied)
        let root = try #require(driver.navigator.flows[driver.navigator.rootID])
        #expect(root.layers.map { $0.screens.map(\.description) } == [["App.Compose"], ["App.Project(project: 7)"]])
    }

    @Test func aPushAfterDismissLandsOnTheStackBeneath() throws {
        let driver = try ReplayTests.driver(Self.project)
        #expect(driver.navigator.send(ReplayProgram.Value(owner: "app", caseName: "composeTapped", values: [])).status == .applied)
        #expect(driver.navigator.open(url: "/users/ann").status == .applied)
        let root = try #require(driver.navigator.flows[driver.navigator.rootID])
        #expect(root.layers.isEmpty)
        #expect(root.tabs[0].screens.map(\.description) == ["App.Home", "App.Profile(user: ann)"])
    }
}
