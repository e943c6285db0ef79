import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// Groups that compose: `use` in a `destinations` group, and recursion judged on the moves that
/// can happen. The app is IceCubesApp's: every tab shows the timeline's screens and the composer
/// and settings sheets; the settings sheet and the composer show some of those screens (a
/// profile from a mention, a post), never the sheets themselves.
@Suite("Destinations that use destinations")
struct ComposedDestinationsTests {
    static let app = """
        /// What every screen of the app can push: accounts and posts.
        destinations Timeline {
            step Profile(account: String) {
                on followersTapped(account: String) -> push Followers
            }
            step Followers(account: String)
            step Post(status: String)
            on postTapped(status: String) -> push Post
        }

        /// What a tab shows besides: the sheets, and mentions that open a profile.
        destinations TabScreens {
            use Timeline
            step Compose runs ComposeFlow {
                on posted -> dismiss
            }
            step Settings runs SettingsFlow {
                on closed -> dismiss
            }
            on composeTapped -> sheet Compose
            on mentionTapped(account: String) -> push Profile
        }

        flow App tabs {
            start Home
            step Home runs HomeTab
            step Notifications runs NotificationsTab
        }

        flow HomeTab {
            start HomeTimeline
            use TabScreens
            step HomeTimeline {
                on settingsTapped -> sheet Settings
            }
        }

        flow NotificationsTab {
            start Inbox
            use TabScreens
            step Inbox
        }

        /// The settings sheet shows the tab's screens (the about screen's accounts and posts), and
        /// never itself: nothing in it sends settingsTapped.
        flow SettingsFlow {
            start SettingsRoot
            use TabScreens
            step SettingsRoot {
                on doneTapped -> exit closed
                on aboutAccountTapped(account: String) -> push Profile
            }
            exit closed
        }

        /// The composer opens a profile from a mention, and only what Timeline has.
        flow ComposeFlow {
            start Editor
            use Timeline
            step Editor {
                on sendTapped -> exit posted
                on mentionTapped(account: String) -> push Profile
            }
            exit posted
        }
        """

    @Test func aFlowThatUsesAGroupHasTheGroupsItUsesToo() throws {
        let result = compile(Self.app)
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let program = try #require(result.program)
        let home = program.flows[try #require(program.flow(named: "HomeTab"))]
        #expect(home.steps.map(\.name) == ["HomeTimeline", "Compose", "Settings", "Profile", "Followers", "Post"])
        #expect(home.steps.map { $0.shared.map { program.groups[$0.group].name } }
                == [nil, "TabScreens", "TabScreens", "Timeline", "Timeline", "Timeline"])
        #expect(home.uses.map { program.groups[$0].name } == ["TabScreens", "Timeline"])
        // The group that uses another names its steps; its own are its type's.
        let tabScreens = program.groups[1]
        #expect(tabScreens.ownSteps.map(\.name) == ["Compose", "Settings"])
        #expect(tabScreens.ownEvents.map(\.name) == ["composeTapped", "mentionTapped"])
        #expect(tabScreens.users.map { program.flows[$0].name } == ["HomeTab", "NotificationsTab", "SettingsFlow"])
        #expect(program.groups[0].users.map { program.flows[$0].name }
                == ["HomeTab", "NotificationsTab", "SettingsFlow", "ComposeFlow"])
        let mention = try #require(tabScreens.declaration.clauses.first { $0.event == "mentionTapped" })
        #expect(mention.actions.first?.target.map { tabScreens.declaration.steps[$0].name } == "Profile")
    }

    /// The settings sheet uses the group whose step runs it, and never shows that step: no
    /// recursion. Where it can show it, the flow runs itself, and that is still an error.
    @Test func recursionIsJudgedOnTheMovesThatCanHappen() {
        #expect(findings(Self.app).isEmpty)
        let reachable = Self.app.replacingOccurrences(of: "on doneTapped -> exit closed",
                                                      with: "on doneTapped -> exit closed\n        on moreTapped -> sheet Settings")
        #expect(findings(reachable) == [
            "17:24: error [recursive-flow] flow 'SettingsFlow' runs itself: SettingsFlow → SettingsFlow",
        ])
        // A group's clause that presents it from every step is a move that can happen too.
        let everywhere = Self.app.replacingOccurrences(of: "on composeTapped -> sheet Compose",
                                                       with: "on composeTapped -> sheet Compose\n    on preferencesTapped -> sheet Settings")
        #expect(findings(everywhere).contains("17:24: error [recursive-flow] flow 'SettingsFlow' runs itself: SettingsFlow → SettingsFlow"))
    }

    /// What a group says is reported once, at the group: an unknown name, a clash between it and a
    /// group it uses; a flow's clash with a group it has through another is the flow's.
    @Test func findingsOfAGroupThatUsesAnotherAreReportedOnce() {
        #expect(findings("""
            destinations Core {
                step Profile
                step Post
            }
            destinations Main {
                use Core
                use Missing
                step Post
                on profileTapped -> push Profil
            }
            flow A {
                start Home
                use Main
                step Home
                step Profile
            }
            flow B {
                start Home
                use Main
                step Home
            }
            """) == [
            "6:9: error [duplicate-name] step 'Post' is declared more than once in flow 'Main': destinations 'Core', which it uses, declares it too",
            "7:9: error [unknown-name] no destinations named 'Missing'",
            "9:30: error [unknown-name] destinations 'Main' has no step named 'Profil'",
            "13:9: error [duplicate-name] step 'Profile' is declared more than once in flow 'A': destinations 'Core', which it uses, declares it too",
        ])
    }

    /// Groups that use each other are one union; a group used directly and through another is
    /// used once.
    @Test func usesMayFormACycleAndRepeatThroughOtherGroups() throws {
        let result = compile("""
            destinations A {
                use B
                step One { on go -> push Two }
            }
            destinations B {
                use A
                step Two { on back -> push One }
            }
            flow App {
                start Home
                use A
                use B
                step Home { on open -> push One }
            }
            """)
        #expect(findings(result).isEmpty)
        let program = try #require(result.program)
        #expect(program.flows[0].steps.map(\.name) == ["Home", "One", "Two"])
        #expect(program.groups.map { $0.users.count } == [1, 1])
    }

    /// The router has one type per group, each with only its own steps and events; the flows wrap
    /// both; the diagram draws a `use` edge where a use is written, not where it is implied.
    @Test func theRouterAndTheDiagramHaveEachGroupOnce() throws {
        let result = compile(Self.app)
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["test.flow"])
        #expect(source.components(separatedBy: "case profile(account: String)").count == 2)
        #expect(source.contains("case timeline(Timeline.Step)"))
        #expect(source.contains("case tabScreens(TabScreens.Step)"))
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")

        let diagram = DiagramBuilder.build(program, diagnostics: result.diagnostics)
        let uses = diagram.edges.filter { $0.attributes["label"] == "use" }.map { "\($0.attributes["ltail"]!) → \($0.attributes["lhead"]!)" }
        #expect(uses.sorted() == [
            "cluster_ComposeFlow → cluster_Timeline", "cluster_HomeTab → cluster_TabScreens",
            "cluster_NotificationsTab → cluster_TabScreens", "cluster_SettingsFlow → cluster_TabScreens",
            "cluster_TabScreens → cluster_Timeline",
        ])
        let group = try #require(diagram.clusters.first { $0.id == "cluster_TabScreens" })
        #expect(group.nodes.map(\.id) == ["TabScreens.Compose", "TabScreens.Settings", "TabScreens.$any"])
        #expect(diagram.edges.contains { $0.tail == "TabScreens.$any" && $0.head == "Timeline.Profile" })
    }

    /// A group's guards are its own protocol (`Group.Guards`), which each using flow's refines: the
    /// app implements each guard once, whichever flows ask it.
    @Test func aGroupsGuardsAreItsOwnProtocol() throws {
        let result = compile("""
            destinations Timeline {
                guard canReply
                step Post(status: Int) {
                    on replyTapped -> sheet Reply if canReply
                }
                step Reply { on sent -> dismiss }
                on postTapped(status: Int) -> push Post
            }
            flow Home {
                start Feed
                use Timeline
                guard isSignedIn
                step Feed { on composeTapped -> sheet Reply if isSignedIn }
            }
            flow Search {
                start Results
                use Timeline
                step Results
            }
            """)
        #expect(findings(result) == [])
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["test.flow"])
        #expect(source.contains("protocol Guards: Sendable {\n        func canReply() -> Bool\n    }"))
        #expect(source.contains("protocol Guards: Sendable, Timeline.Guards {\n        func isSignedIn() -> Bool\n    }"))
        #expect(source.contains("protocol Guards: Sendable, Timeline.Guards {}"))
        #expect(source.components(separatedBy: "func canReply() -> Bool").count == 2)
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// The page counts a group's steps once, with the group: the overview's nodes say `4 steps
    /// + Timeline (3)`, and the map lists each group with the flows that use it.
    @Test func thePageCountsAGroupsStepsOnce() throws {
        let compilation = compile(Self.app)
        let program = try #require(compilation.program)
        let map = ProgramMap.build(program, diagnostics: compilation.diagnostics, diagrams: MapDiagrams(program, diagnostics: []))
        #expect(map.groups.map(\.name) == ["Timeline", "TabScreens"])
        #expect(map.groups.map(\.steps.count) == [3, 2])
        #expect(map.groups[1].users.map { map.flows[$0].name } == ["HomeTab", "NotificationsTab", "SettingsFlow"])
        let home = try #require(map.flows.first { $0.name == "HomeTab" })
        #expect(home.uses.map { map.groups[$0].name } == ["TabScreens", "Timeline"])
        let overview = MapDiagrams.overview(map)
        let label = overview.nodes.first { $0.id == "flow:HomeTab" }?.attributes["label"]
        #expect(label == "HomeTab\n1 step\n+ TabScreens (2)\n+ Timeline (3)")
        #expect(map.jsonText().contains(#""groups":[{"name":"Timeline""#))
        // Each group is one node of the overview, with a `use` edge where a use is written.
        #expect(overview.nodes.contains { $0.id == "group:TabScreens" && $0.attributes["href"] == "#flow/TabScreens" })
        let uses = overview.edges.filter { $0.attributes["label"] == "use" }.map { "\($0.tail) → \($0.head)" }
        #expect(uses.sorted() == [
            "flow:ComposeFlow → group:Timeline", "flow:HomeTab → group:TabScreens", "flow:NotificationsTab → group:TabScreens",
            "flow:SettingsFlow → group:TabScreens", "group:TabScreens → group:Timeline",
        ])
        // And a page of its own: its box and the boxes of the groups it uses, a stub per flow that uses it.
        let page = MapDiagrams(program, diagnostics: []).group(1)
        #expect(page.clusters.map(\.id) == ["cluster_TabScreens", "cluster_Timeline"])
        #expect(page.nodes.map(\.id) == ["runs:ComposeFlow", "runs:SettingsFlow", "user:HomeTab", "user:NotificationsTab", "user:SettingsFlow"])
    }

    /// The language server sees one symbol: a group's clause that names a step of the group it uses
    /// refers to that step; `use` in a group completes the other groups.
    @Test func theEditorFindsAUsedGroupsStepFromTheGroupThatUsesIt() throws {
        let compilation = Compiler.compile([SourceFile(path: "a.flow", text: Self.app)])
        let profile = SymbolIndex(compilation).occurrences(of: EditorSymbol(.step, scope: "Timeline", name: "Profile"))
        let lines = profile.map { compilation.files[0].location(of: $0.range.start).line }
        // Declared in Timeline; pushed by TabScreens' mention, the settings' about and the composer's mention.
        #expect(lines == [3, 21, 51, 62])
        let use = try #require(Self.app.range(of: "    use Timeline\n    step Compose"))
        let offset = Self.app.utf8.distance(from: Self.app.startIndex, to: use.lowerBound) + "    use ".utf8.count
        let items = EditorCompletion.items(file: 0, offset: offset, in: compilation).map(\.label)
        #expect(items.contains("Timeline"))
    }
}
