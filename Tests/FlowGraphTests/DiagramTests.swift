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
