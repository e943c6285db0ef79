import Foundation
import Testing
@testable import FlowGraph

@Suite("Diagrams: DOT and Mermaid")
struct DiagramTests {
    static let apps = ["shop", "movies", "mail"]

    static func compiled(_ folder: String) throws -> Compiler.Compilation {
        Compiler.compile(try Repository.flowFiles(in: folder).map(Repository.source))
    }

    @Test(arguments: apps)
    func dotOfEverySampleMatchesItsGoldenFile(app: String) throws {
        let result = try Self.compiled("samples/\(app)")
        let program = try #require(result.program)
        let dot = DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: result.diagnostics))
        try expectGolden(dot, "dot/\(app).dot")
        // The same program drawn twice gives the same DOT.
        #expect(DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: result.diagnostics)) == dot)
    }

    @Test(arguments: apps)
    func mermaidOfEverySampleMatchesItsGoldenFile(app: String) throws {
        let result = try Self.compiled("samples/\(app)")
        let program = try #require(result.program)
        let mermaid = MermaidEmitter.emit(program, diagnostics: result.diagnostics)
        try expectGolden(mermaid, "mermaid/\(app).mmd")
        #expect(mermaid.hasPrefix("stateDiagram-v2\n%% Drawn by FlowGraph "))
        for flow in program.flows {
            #expect(mermaid.contains("state \"\(flow.name)\(flow.isTabs ? " (tabs)" : flow.isSplit ? " (split)" : "")\" as \(flow.name) {"))
            // A step of a destinations group is drawn in the group's state (`MovieScreens_MovieDetail`).
            for step in flow.steps {
                let owner = step.shared.map { program.groups[$0.group].name } ?? flow.name
                #expect(mermaid.contains("state \"\(step.name)\" as \(owner)__\(step.name)") || mermaid.contains("as \(owner)_\(step.name)"))
            }
        }
    }

    @Test func findingsAreMarkedOnStepsAndEdgesWithTheFindingInTheTooltip() throws {
        let result = compile("""
            flow Shop {
                start Catalog
                step Catalog {
                    on photo -> cover Gallery
                    on back -> pop
                }
                step Gallery
                step About
            }
            """)
        let diagram = DiagramBuilder.build(try #require(result.program), diagnostics: result.diagnostics)
        let nodes = Dictionary(uniqueKeysWithValues: diagram.allNodes.map { ($0.id, $0.attributes) })
        #expect(nodes["Shop.About"]?["fontcolor"] == "#999999")
        #expect(nodes["Shop.About"]?["tooltip"]?.contains("[unreachable-step]") == true)
        #expect(nodes["Shop.Gallery"]?["fillcolor"] == "#fde0dd")
        let pop = try #require(diagram.edges.first { $0.attributes["label"] == "back: pop" })
        #expect(pop.attributes["color"] == "#d62728")
        #expect(pop.attributes["tooltip"]?.contains("error [invalid-pop]") == true)
        let plain = DiagramBuilder.build(try #require(result.program), diagnostics: result.diagnostics, options: .init(showsFindings: false))
        #expect(plain.allNodes.first { $0.id == "Shop.About" }?.attributes["tooltip"] == nil)
    }

    /// A flow's "any step" draws one edge a head and a style, whose label lists the events, and
    /// which the page, the journeys and the coverage find for each clause and action it stands for.
    @Test func flowLevelClausesToOneHeadAreOneEdgeThatStandsForEachOfThem() throws {
        let result = compile("""
            flow Main {
                start Home
                step Home {
                    on itemTapped -> push Detail
                }
                step Detail
                step Settings
                step Help
                on settingsTapped -> sheet Settings
                on preferencesTapped -> sheet Settings
                on helpTapped -> push Help
                on faqTapped -> sheet Help
                on closeTapped -> dismiss
                on doneTapped -> dismiss
            }
            """)
        let program = try #require(result.program)
        let diagram = DiagramBuilder.build(program, diagnostics: result.diagnostics, options: .init(showsLegend: false))
        let fromAny = diagram.edges.filter { $0.tail == "Main.$any" }
        #expect(fromAny.map { "\($0.head): \($0.attributes["label"] ?? "")" } == [
            "Main.Settings: settingsTapped\npreferencesTapped", "Main.Help: helpTapped", "Main.Help: faqTapped",
            "Main.$any: closeTapped: dismiss\ndoneTapped: dismiss",
        ])
        #expect(fromAny[0].attributes["tooltip"] == "on settingsTapped → sheet Settings\non preferencesTapped → sheet Settings")
        let clauses = program.flows[0].clauses
        #expect(fromAny[0].clauses == [clauses[0].range, clauses[1].range])
        #expect(fromAny[0].actions == [clauses[0].action.range, clauses[1].action.range])
        // Mermaid has no line breaks in a label: the events one after another.
        let mermaid = MermaidEmitter.emit(program)
        #expect(mermaid.contains("Main__any --> Main_Settings: settingsTapped (sheet) · preferencesTapped (sheet)\n"))
        #expect(mermaid.contains("Main__any --> Main__any: closeTapped (dismiss) · doneTapped (dismiss)\n"))
        // "Any step" is held at the start's rank by an edge that is not drawn.
        #expect(diagram.edges.contains { $0.tail == "Main.$start" && $0.head == "Main.$any" && $0.attributes["style"] == "invis" })

        // The page marks the one edge for each of its clauses, and a journey's line for each action.
        let map = MapDiagrams(program, diagnostics: result.diagnostics)
        let id = try #require(map.whole.edges.first { $0.tail == "Main.$any" && $0.head == "Main.Settings" }?.attributes["id"])
        for clause in clauses.prefix(2) {
            #expect(map.edgesByClause[clause.range] == [id])
            #expect(map.edgesByAction[clause.action.range] == [id])
        }

        // Coverage: an exercised action and one never exercised are two edges, each drawn as it is.
        var options = DiagramBuilder.Options(showsLegend: false)
        options.coverage = DiagramCoverage(times: [clauses[0].action.range: 2, clauses[4].action.range: 1, clauses[5].action.range: 3])
        let covered = DiagramBuilder.build(program, diagnostics: [], options: options).edges.filter { $0.tail == "Main.$any" }
        #expect(covered.map { "\($0.head): \($0.attributes["label"] ?? "") \($0.attributes["penwidth"] ?? "")" } == [
            "Main.Settings: settingsTapped 2.2", "Main.Settings: preferencesTapped 1", "Main.Help: helpTapped 1", "Main.Help: faqTapped 1",
            "Main.$any: closeTapped: dismiss\ndoneTapped: dismiss 2.2",
        ])
        #expect(covered.last?.attributes["tooltip"]?.hasSuffix("exercised 4 times by the recorded tests") == true)
        #expect(DiagramBuilder.focusedElementCounts(program, options: options)
            == [DiagramBuilder.build(program, diagnostics: result.diagnostics, options: options).elementCount])
    }

    /// A back move of a destinations group lands in a flow that uses it: its edge names what it
    /// hands back there (` ↩ address`) as a flow's own back move does.
    @Test func aGroupsBackMoveShowsTheValuesItHandsBackToTheFlowsThatUseIt() throws {
        let result = compile("""
            destinations Pickers {
                step AddressPicker {
                    on addressPicked(address: AddressID) -> pop
                    on cancelTapped -> pop
                }
                on pickAddressTapped -> push AddressPicker
            }
            flow Checkout {
                start Summary
                use Pickers
                step Summary receives (address: AddressID) {
                    on couponTapped -> push CouponPicker
                }
                step CouponPicker {
                    on addressPicked(address: AddressID) -> pop
                }
            }
            """)
        let program = try #require(result.program)
        let labels = DiagramBuilder.build(program, diagnostics: [], options: .init(showsLegend: false)).edges
            .compactMap { edge in edge.attributes["label"].map { "\(edge.tail): \($0)" } }
        #expect(labels.contains("Pickers.AddressPicker: addressPicked: pop ↩ address"))
        #expect(labels.contains("Pickers.AddressPicker: cancelTapped: pop"))
        #expect(labels.contains("Checkout.CouponPicker: addressPicked: pop ↩ address"))
        let mermaid = MermaidEmitter.emit(program)
        #expect(mermaid.contains("Pickers_AddressPicker --> Pickers_AddressPicker: addressPicked (pop ↩ address)\n"))
    }

    @Test func focusDrawsOneFlowAndTheFlowsItRuns() throws {
        let result = try Self.compiled("samples/shop")
        let program = try #require(result.program)
        let diagram = DiagramBuilder.build(program, diagnostics: [], options: .init(focus: "CheckoutFlow", showsLegend: false))
        #expect(diagram.clusters.map(\.id) == ["cluster_CheckoutFlow"])
        #expect(DiagramBuilder.flows(of: program, focus: "Nope") == nil)
    }

    /// The sizes a render's limit compares, computed from one diagram, are those of the focused diagrams.
    @Test(arguments: apps)
    func focusedElementCountsAreThoseOfTheFocusedDiagrams(app: String) throws {
        let result = try Self.compiled("samples/\(app)")
        let program = try #require(result.program)
        for options in [DiagramBuilder.Options(), .init(showsFindings: false, showsLegend: false)] {
            let counts = DiagramBuilder.focusedElementCounts(program, options: options)
            for (flow, count) in zip(program.flows, counts) {
                var focused = options
                focused.focus = flow.name
                #expect(DiagramBuilder.build(program, diagnostics: result.diagnostics, options: focused).elementCount == count, "\(flow.name)")
            }
        }
    }

    @Test func dotQuotingKeepsQuotesBackslashesAndLineEnds() {
        #expect(DOTEmitter.quote("a \"b\" \\ c\nd") == #""a \"b\" \\ c\nd""#)
        #expect(MermaidEmitter.label("a: b; #c \"d\" <e>") == "a∶ b, ♯c 'd' ‹e›")
    }
}
