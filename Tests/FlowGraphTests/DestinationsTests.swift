import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// `destinations Name { ... }` and `use Name`: screens many flows share, each in its own stack,
/// checked once and reported once at the group.
@Suite("Shared destinations")
struct DestinationsTests {
    /// Two tabs that use one group, each reaching some of its screens.
    static let tabs = """
        destinations Social {
            step Account(account: Int) {
                on followersTapped(account: Int) -> push Followers
            }
            step Followers(account: Int)
            step Status(status: Int) {
                on back -> pop
            }
            step Lonely
            guard canOpen
            guard neverAsked
            on accountTapped(account: Int) -> push Account
            on statusTapped(status: Int) -> push Status if canOpen
        }

        flow App tabs {
            start Timeline
            step Timeline runs TimelineTab
            step Mentions runs MentionsTab
        }

        flow TimelineTab {
            start Home
            use Social
            step Home
        }

        flow MentionsTab {
            start Inbox
            use Social
            step Inbox {
                on openTapped(status: Int) -> sheet Status
            }
        }
        """

    @Test func eachUsingFlowHasTheGroupsStepsMarkedAsShared() throws {
        let program = try #require(compile(Self.tabs).program)
        #expect(program.groups.map(\.name) == ["Social"])
        #expect(program.groups[0].users.map { program.flows[$0].name } == ["TimelineTab", "MentionsTab"])
        let timeline = try #require(program.flow(named: "TimelineTab"))
        #expect(program.flows[timeline].steps.map(\.name) == ["Home", "Account", "Followers", "Status", "Lonely"])
        #expect(program.flows[timeline].steps.map { $0.shared?.step } == [nil, 0, 1, 2, 3])
        #expect(program.flows[timeline].guards.map(\.group) == [0, 0])
        // The group's clauses apply in every step of each flow that uses it.
        #expect(program.flows[timeline].clauses.map(\.event) == ["accountTapped", "statusTapped"])
        let events = program.flows[timeline].events
        #expect(events.map(\.name) == ["followersTapped", "back", "accountTapped", "statusTapped"])
        #expect(events.allSatisfy { !$0.isOwn && $0.groups == [0] })
    }

    /// A problem of the group shows once, with the flows where it shows; a screen one tab never
    /// shows is no mistake; an unused guard is one no flow uses.
    @Test func findingsOfTheGroupAreReportedOnceAtTheGroup() {
        #expect(findings(Self.tabs) == [
            "7:20: error [invalid-pop] 'pop' in step 'Status' can run with nothing under 'Status' in its stack",
            "9:10: warning [unreachable-step] step 'Lonely' is unreachable: no flow that uses destinations 'Social' leads to it",
            "11:11: warning [unused-guard] guard 'neverAsked' of destinations 'Social' is never used, in any flow that uses them",
        ])
        let pop = compile(Self.tabs).diagnostics[0]
        #expect(pop.notes.map(\.message).last == "shows in flow 'MentionsTab', which uses destinations 'Social'")
        #expect(pop.path.last == "MentionsTab.Status")
    }

    @Test func aFindingInEveryUsingFlowNamesThemAll() {
        let result = compile("""
            destinations Shared {
                step Player {
                    on closeTapped -> pop
                }
                on play -> cover Player
            }
            flow App tabs {
                start A
                step A runs FA
                step B runs FB
            }
            flow FA {
                start Home
                use Shared
                step Home
            }
            flow FB {
                start Home
                use Shared
                step Home
            }
            """)
        #expect(findings(result) == [
            "3:27: error [invalid-pop] 'pop' in step 'Player' can run with nothing under 'Player' in its stack",
            "5:16: warning [dead-end] step 'Player' is presented as a cover with no way out: no step in it can dismiss it, exit, or go to a root",
        ])
        #expect(result.diagnostics.allSatisfy { $0.notes.last?.message == "shows in flows 'FA' and 'FB', which use destinations 'Shared'" })
    }

    @Test func aScreenNoUsingFlowReachesAndAGroupNoFlowUsesAreUnreachable() {
        #expect(findings("""
            destinations Extras {
                step Credits
            }
            flow App {
                start Home
                step Home
            }
            """) == ["2:10: warning [unreachable-step] step 'Credits' is unreachable: no flow uses destinations 'Extras'"])
    }

    @Test func namesOfAGroupBindOnlyInTheGroup() {
        #expect(findings("""
            destinations Shared {
                step Detail {
                    on more -> push Home
                }
                on detail -> push Detail
            }
            flow App {
                start Home
                use Shared
                step Home
            }
            """) == ["3:25: error [unknown-name] destinations 'Shared' has no step named 'Home'"])
    }

    @Test func clashesAndUnknownGroupsAreReportedAtTheUse() {
        #expect(findings("""
            destinations Shared {
                step Detail
                on detail -> push Detail
            }
            flow App {
                start Home
                use Shared
                use Shared
                use Shraed
                use Missing
                step Home
                step Detail
            }
            flow Shared {
                start A
                step A
            }
            """) == [
            "7:9: error [duplicate-name] step 'Detail' is declared more than once in flow 'App': "
                + "destinations 'Shared', which it uses, declares it too",
            "8:9: error [duplicate-name] flow 'App' uses destinations 'Shared' more than once",
            "9:9: error [unknown-name] no destinations named 'Shraed'",
            "10:9: error [unknown-name] no destinations named 'Missing'",
            "14:6: error [duplicate-name] 'Shared' is declared more than once: flows and destinations share one namespace",
        ])
    }

    @Test func aGroupDeclaresOnlyStepsGuardsClausesAndLinksWithAMove() {
        let result = findings("""
            destinations Shared {
                start Detail
                exit done
                link "/d" -> Detail
                use Other
                step Detail
            }
            flow App tabs {
                start Home
                use Shared
                step Home runs Inner
            }
            flow Inner {
                start A
                step A
            }
            """)
        #expect(result.filter { $0.contains("[syntax]") } == [
            "2:5: error [syntax] 'start' belongs in a flow: "
                + "destinations declare only steps, alerts, guards, 'on' clauses, links with a move and the destinations they use, "
                + "which each flow that uses them gets",
            "3:5: error [syntax] 'exit' belongs in a flow: "
                + "destinations declare only steps, alerts, guards, 'on' clauses, links with a move and the destinations they use, "
                + "which each flow that uses them gets",
            "4:18: error [syntax] a link of destinations is made in the flow on screen that uses them, so it says its move: "
                + "'-> push Detail' (or 'sheet', 'popover', 'cover')",
            "10:5: error [syntax] a tabs flow's steps are its tabs: 'use' belongs in the flows the tabs run",
        ])
    }

    /// A shared screen receives a value that one tab hands back (its own clause) and the other tab
    /// never feeds: no finding (a value is unused only when no flow that uses the group feeds it).
    @Test func aValueASharedScreenReceivesIsUnusedOnlyWhenNoUsingFlowFeedsIt() {
        let text = """
            destinations Shared {
                step Editor receives (contact: Int) {
                    on pickTapped -> push Picker
                }
                step Picker {
                    on cancelTapped -> pop
                }
                on edit -> sheet Editor
            }
            flow App tabs {
                start A
                step A runs FA
                step B runs FB
            }
            flow FA {
                start Home
                use Shared
                step Home
                FEED
            }
            flow FB {
                start Home
                use Shared
                step Home
            }
            """
        #expect(findings(text.replacingOccurrences(of: "FEED", with: "on contactChosen(contact: Int) -> pop")).isEmpty)
        #expect(findings(text.replacingOccurrences(of: "FEED", with: "")) == [
            "2:17: warning [unused-receive] step 'Editor' receives (contact: Int), but no back move that shows it again hands it a value",
        ])
    }

    @Test func destinationsIsAKeywordOnlyAtTheStartOfALine() {
        #expect(findings("""
            flow App {
                start destinations
                step destinations { on go -> push use }
                step use
            }
            """).isEmpty)
    }

    /// One Swift type per shared screen: the flows wrap it; the group's events route by the table.
    @Test func theRouterHasOneTypeForTheGroupAndTypeChecks() throws {
        let result = compile(Self.tabs.replacingOccurrences(of: "on back -> pop", with: "on back -> close")
            .replacingOccurrences(of: "    step Lonely\n", with: "")
            .replacingOccurrences(of: "    guard neverAsked\n", with: ""))
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["test.flow"])
        #expect(source.contains("enum Social {"))
        #expect(source.contains("case social(Social.Step)"))
        #expect(source.contains("case social(Social.Event)"))
        #expect(source.contains("var social: Social.Step?"))
        #expect(source.contains("static func events(of event: Event) -> [FlowGraphRuntime.EventRef]"))
        #expect(source.components(separatedBy: "case account(account: Int)").count == 2, "the flows do not repeat the group's steps")
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// `Screen.social` switches over every screen: it needs a `default` unless every screen of the
    /// program is one of the group's (found by a helper building alerts: it did not compile when
    /// every flow used the group and had screens of its own too).
    @Test(arguments: [(own: true, hasDefault: true), (own: false, hasDefault: false)])
    func theSharedScreenAccessorCompilesWhenEveryFlowUsesTheGroup(own: Bool, hasDefault: Bool) throws {
        let result = compile("""
            destinations Social {
                step Account(account: Int)
                step Start { on accountTapped(account: Int) -> push Account }
            }
            flow App {
                start \(own ? "Home" : "Start")
                use Social
            \(own ? "    step Home { on go -> push Start }" : "")
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["test.flow"])
        let accessor = try #require(source.range(of: "var social: Social.Step?"))
        #expect(source[accessor.upperBound...].prefix(200).contains("default: return nil") == hasDefault)
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// A group's link with a move is each using flow's (IceCubesApp pushes an account on the stack
    /// of the tab on screen): no overlap between its copies, each flow reaches the step by it.
    @Test func aGroupsLinkWithAMoveIsEveryUsingFlowsAndOneWithoutIsRefused() throws {
        let text = Self.tabs.replacingOccurrences(of: "on back -> pop", with: "on back -> close")
            .replacingOccurrences(of: "    step Lonely\n", with: "")
            .replacingOccurrences(of: "    guard neverAsked\n", with: "")
            .replacingOccurrences(of: "destinations Social {\n", with: "destinations Social {\n    link \"/@{account}\" -> push Account\n")
        let result = compile(text)
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let program = try #require(result.program)
        for name in ["TimelineTab", "MentionsTab"] {
            let flow = program.flows[try #require(program.flow(named: name))]
            #expect(flow.links.map(\.move) == [.push])
            #expect(flow.clauses.compactMap(\.link) == [0])
        }
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["test.flow"])
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")

        let plain = text.replacingOccurrences(of: "-> push Account\n", with: "-> Account\n")
        #expect(findings(plain).contains {
            $0.hasSuffix("a link of destinations is made in the flow on screen that uses them, so it says its move: "
                + "'-> push Account' (or 'sheet', 'popover', 'cover')")
        })
    }

    @Test func theDiagramDrawsTheGroupOnceWithTheFlowsThatUseIt() throws {
        let result = compile(Self.tabs)
        let program = try #require(result.program)
        let diagram = DiagramBuilder.build(program, diagnostics: result.diagnostics)
        let group = try #require(diagram.clusters.first { $0.id == "cluster_Social" })
        #expect(group.attributes["label"] == "Social  (destinations of TimelineTab, MentionsTab)")
        #expect(group.nodes.map(\.id) == ["Social.Account", "Social.Followers", "Social.Status", "Social.Lonely", "Social.$any"])
        let flowNodes = diagram.clusters.filter { $0.id != "cluster_Social" }.flatMap(\.nodes).map(\.id)
        #expect(!flowNodes.contains { $0.hasSuffix(".Account") || $0.hasSuffix(".Status") })
        // The sheet from the mentions inbox goes to the group's one node; each user has a `use` edge.
        #expect(diagram.edges.contains { $0.tail == "MentionsTab.Inbox" && $0.head == "Social.Status" })
        #expect(diagram.edges.filter { $0.attributes["label"] == "use" }.map(\.tail) == ["TimelineTab.$start", "MentionsTab.$start"])
        // The unreachable screen is marked on the group's node.
        let lonely = try #require(group.nodes.first { $0.id == "Social.Lonely" })
        #expect(lonely.attributes["tooltip"]?.contains("[unreachable-step]") == true)
        let mermaid = MermaidEmitter.emit(program, diagnostics: result.diagnostics)
        #expect(mermaid.components(separatedBy: "state \"Account\"").count == 2, "the group's steps are drawn once")
        #expect(mermaid.contains("state \"Social (destinations of TimelineTab, MentionsTab)\" as Social {"))
        #expect(mermaid.contains("state \"Status (Social)\" as MentionsTab_Status"))
    }

    /// A group's step that runs a subflow is one runner on the page, `Group.Step`, not one per
    /// flow that uses the group (issue 29: 16 stubs where one was meant).
    @Test func aGroupsStepRunsASubflowOnceOnThePage() throws {
        let text = Self.tabs.replacingOccurrences(of: "    step Lonely\n", with: "    step Lonely runs Compose\n")
            + "\nflow Compose {\n    start Editor\n    step Editor\n}\n"
        let compilation = compile(text)
        let program = try #require(compilation.program)
        let compose = try #require(program.flow(named: "Compose"))
        #expect(program.runners[compose].count == 2)
        let map = ProgramMap.build(program, diagnostics: compilation.diagnostics, diagrams: MapDiagrams(program, diagnostics: []))
        #expect(map.flows[compose].runners == ["Social.Lonely"])
    }
}
