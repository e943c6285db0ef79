import Testing
@testable import FlowGraph

/// `link "/compose" -> sheet Compose`: a link that makes its move where the user is, checked as a
/// flow-level clause of its flow whose trigger is the link.
@Suite("Links that move where the user is")
struct LinkMoveTests {
    static let app = """
        flow Session {
            start Home
            link "/settings" -> sheet Settings
            step Home runs Tabs
            step Settings {
                on doneTapped -> dismiss
            }
        }

        flow Tabs tabs {
            start Feed
            step Feed runs FeedStack
            step Inbox runs InboxStack
        }

        flow FeedStack {
            start Posts
            step Posts {
                on postTapped(post: Int) -> push Post
            }
            step Post(post: Int)
        }

        flow InboxStack {
            start Threads
            link "/threads/{thread}" -> push Thread
            step Threads
            step Thread(thread: Int)
        }
        """

    @Test func theLinkMoveIsAFlowLevelClauseOfItsFlowThatNoEventMakes() throws {
        let compilation = compile(Self.app)
        #expect(findings(compilation) == [])
        let program = try #require(compilation.program)
        let session = program.flows[try #require(program.flow(named: "Session"))]
        #expect(session.links.map(\.move) == [.sheet])
        #expect(session.clauses.map(\.link) == [0])
        #expect(session.clauses.map { $0.action.written } == ["sheet Settings"])
        #expect(session.eventClauses.isEmpty)
        // No event of the flow, and nothing for the generated router's events.
        #expect(session.events.map(\.name) == ["doneTapped"])
        // `Thread` is reachable only through the link (no clause pushes it).
        let inbox = program.flows[try #require(program.flow(named: "InboxStack"))]
        #expect(inbox.steps.map(\.name) == ["Threads", "Thread"])
    }

    @Test func withoutTheMoveTheStepsOnlyTheLinkShowsAreUnreachable() {
        let plain = Self.app.replacingOccurrences(of: "-> sheet Settings", with: "-> Settings")
            .replacingOccurrences(of: "-> push Thread", with: "-> Thread")
        #expect(rules(plain).filter { $0 == "unreachable-step" }.count == 2)
    }

    @Test func whereTheFlowDoesNotRunThePathLeadsToItsStart() throws {
        let compilation = compile(Self.app)
        let program = try #require(compilation.program)
        let inbox = try #require(program.flow(named: "InboxStack"))
        let path = try #require(compilation.analysis.linkPaths[inbox][0])
        #expect(path.hops.map { program.qualifiedName($0.step) } == ["Session.Home", "Tabs.Inbox", "InboxStack.Threads"])
        let session = try #require(program.flow(named: "Session"))
        #expect(compilation.analysis.linkPaths[session][0]?.hops.map { program.qualifiedName($0.step) } == ["Session.Home"])
    }

    @Test func aCoverALinkPresentsWithNoWayOutIsADeadEndAtTheLink() {
        let text = """
            flow App {
                start Home
                link "/promo" -> cover Promo
                step Home
                step Promo
            }
            """
        #expect(findings(text) == [
            "3:10: warning [dead-end] step 'Promo' is presented as a cover with no way out: no step in it can dismiss it, exit, or go to a root",
        ])
        let notes = compile(text).diagnostics.flatMap(\.notes).map(\.message)
        #expect(notes == ["shortest path: App.Home → (link \"/promo\": cover) App.Promo"])
    }

    @Test func aFlowThatNoLinkCanReachMakesItUnreachable() {
        // The flow runs only from a step that needs an input the URL does not give.
        let text = """
            flow App {
                start Home
                step Home {
                    on accountTapped(account: Int) -> push Account
                }
                step Account(account: Int) runs AccountFlow
            }

            flow AccountFlow {
                start Overview
                link "/edit" -> sheet Edit
                step Overview
                step Edit {
                    on doneTapped -> dismiss
                }
            }
            """
        #expect(findings(text) == [
            "11:10: warning [link-unreachable] link '/edit' cannot be opened where flow 'AccountFlow' does not run: "
                + "every path to where it starts needs an input the URL does not give, or a move only the user can make",
        ])
    }

    @Test(arguments: [
        ("link \"/a\" -> replace A", "3:18: error [syntax] a link opens its step ('-> Compose'), "
            + "shows it where the user is ('-> push Compose', 'sheet', 'popover' or 'cover') "
            + "or selects a tab ('-> select Search'), not with 'replace'"),
        ("link \"/a\" -> dismiss, select A", "3:34: error [syntax] after 'dismiss,' a link shows its target where the user is, "
            + "with a move: '-> dismiss, sheet A' or '-> dismiss, push A'"),
        ("link \"/a\" -> root A", "3:18: error [syntax] a link opens its step ('-> Compose'), "
            + "shows it where the user is ('-> push Compose', 'sheet', 'popover' or 'cover') "
            + "or selects a tab ('-> select Search'), not with 'root'"),
        // `at` comes after a move's target that runs a subflow: here A runs none.
        ("link \"/a\" -> sheet A at B",
         "3:29: error [at-unreachable] 'at B' opens a step inside the subflow the move's target runs, and step 'A' runs no flow"),
        ("link \"/a\" -> A at B", "3:20: error [syntax] a link opens its own step along its path; to open a subflow inside, "
            + "link to the step inside it, or give the link a move ('-> sheet Project at Comments')"),
        // `at B.C`: a step of the subflow B runs; here A runs none already.
        ("link \"/a\" -> sheet A at B.C",
         "3:29: error [at-unreachable] 'at B' opens a step inside the subflow the move's target runs, and step 'A' runs no flow"),
    ])
    func aLinkMakesOnlyAMoveThatShowsItsTarget(link: String, finding: String) {
        let text = """
            flow App {
                start A
                \(link)
                step A
            }
            """
        #expect(findings(text) == [finding])
    }

    @Test func aStepNamedLikeAMoveIsStillALinkTarget() {
        // `-> sheet` alone names a step `sheet`: only a move followed by a name is a move.
        let text = """
            flow App {
                start Home
                link "/s" -> sheet
                step Home {
                    on t -> push `sheet`
                }
                step `sheet`
            }
            """
        #expect(findings(text) == [])
        #expect(compile(text).program?.flows[0].links.map(\.move) == [nil])
    }
}
