import Foundation
import Testing
@testable import FlowGraph

/// The page's model (`ProgramMap`, `MapDiagrams`): what `render --format html` and `preview` show.
@Suite("The program's page: its model")
struct ProgramMapTests {
    static let text = """
        /// The app.
        flow App {
            start Home
            guard isSignedIn
            link "/items/{item}" -> Item
            step Home {
                on itemPicked(item: Int) -> push Item if isSignedIn else sheet Login
                on settingsTapped -> sheet Settings
            }
            step Item(item: Int)
            step Login runs SignIn {
                on signedIn -> dismiss
            }
            step Settings runs Preferences {
                on done -> dismiss
            }
            on signedOut -> root Home
        }
        flow Preferences {
            start Account
            step Account {
                on signInTapped -> push Login
                on closeTapped -> exit done
            }
            step Login runs SignIn {
                on signedIn -> pop
            }
            exit done
        }
        flow SignIn {
            start Form
            step Form {
                on submitted -> exit signedIn
                on helpTapped -> cover Help
            }
            step Help
            exit signedIn
        }
        """

    static func built() throws -> (ProgramMap, MapDiagrams, Compiler.Compilation) {
        let compilation = compile(text, path: "App.flow")
        let program = try #require(compilation.program)
        let diagrams = MapDiagrams(program, diagnostics: compilation.diagnostics)
        return (ProgramMap.build(program, diagnostics: compilation.diagnostics, diagrams: diagrams), diagrams, compilation)
    }

    @Test func theOverviewHasAFlowPerFlowTheirKindsAndWhatRunsWhat() throws {
        let (map, _, _) = try Self.built()
        #expect(map.flows.map(\.name) == ["App", "Preferences", "SignIn"])
        #expect(map.flows.map(\.kind) == [.stack, .stack, .shared])  // SignIn runs from App and Preferences
        #expect(map.flows.map(\.isRoot) == [true, false, false])
        #expect(map.flows.map(\.steps.count) == [4, 2, 2])
        #expect(map.flows[2].runners == ["App.Login", "Preferences.Login"])
        #expect(map.overview == [
            .init(from: 0, to: 2, steps: ["Login"], isTab: false),
            .init(from: 0, to: 1, steps: ["Settings"], isTab: false),
            .init(from: 1, to: 2, steps: ["Login"], isTab: false),
        ])
        let overview = MapDiagrams.overview(map)
        #expect(overview.nodes.map(\.id) == ["flow:App", "flow:Preferences", "flow:SignIn", "$links"])
        #expect(overview.nodes[0].attributes["href"] == "#flow/App")
        #expect(overview.nodes[2].attributes["label"] == "SignIn\n2 steps · 2 findings")
        #expect(overview.nodes[2].attributes["peripheries"] == "2")
        #expect(overview.edges.map { "\($0.tail)>\($0.head)" } == [
            "flow:App>flow:SignIn", "flow:App>flow:Preferences", "flow:Preferences>flow:SignIn", "$links>flow:App",
        ])
    }

    @Test func everyStepClauseAndFindingNamesItsFileLineAndColumn() throws {
        let (map, _, _) = try Self.built()
        #expect(map.files == ["App.flow"])
        let app = map.flows[0]
        #expect(app.location == .init(file: 0, line: 2, column: 6))
        #expect(app.steps.map(\.location.line) == [6, 10, 11, 14])
        #expect(app.steps[0].location.column == 10)
        #expect(app.steps[1].inputs == "item: Int")
        #expect(app.clauses.map(\.event) == ["itemPicked", "settingsTapped", "signedIn", "done", "signedOut"])
        #expect(app.clauses[0].summary == "push Item if isSignedIn else sheet Login")
        #expect(app.clauses[0].location == .init(file: 0, line: 7, column: 9))
        #expect(app.clauses[4].step == nil)
        #expect(app.links.first?.name == "/items/{item}" && app.links.first?.target == "Item")
        #expect(app.guards.map(\.name) == ["isSignedIn"])
        #expect(map.flows[1].exits.map(\.name) == ["done"])
    }

    @Test func clausesAndFindingsPointAtTheEdgesOfTheirFlowsDiagram() throws {
        let (map, diagrams, _) = try Self.built()
        for (index, flow) in map.flows.enumerated() {
            let diagram = diagrams.flow(index)
            let edgeIDs = Set(diagram.edges.compactMap { $0.attributes["id"] })
            let nodeIDs = Set(diagram.allNodes.map(\.id))
            for clause in flow.clauses {
                #expect(!clause.edges.isEmpty, "\(flow.name): on \(clause.event) has no edge")
                #expect(clause.edges.allSatisfy(edgeIDs.contains), "\(flow.name): on \(clause.event) names edges of another diagram")
            }
            for step in flow.steps { #expect(nodeIDs.contains("\(flow.name).\(step.name)")) }
        }
        // The if/else clause draws two edges.
        #expect(map.flows[0].clauses[0].edges.count == 2)
        // The help cover traps the user: a finding on SignIn, with its witness path and subjects.
        let finding = try #require(map.findings.first { $0.rule == "dead-end" })
        #expect(finding.flow == 2)
        #expect(finding.path.first == "App.Home" && finding.path.last == "SignIn.Help")
        #expect(finding.subjects == ["SignIn.Help"])
        #expect(finding.location == .init(file: 0, line: 34, column: 26))  // the cover action
        #expect(!finding.edges.isEmpty)
        #expect(map.flows[2].findings.contains(map.findings.firstIndex(of: finding)!))
        #expect(map.findings.allSatisfy { $0.flow == 2 })
    }

    @Test func aFlowsDiagramHasStubsForTheFlowsItRunsAndTheStepsThatRunIt() throws {
        let (_, diagrams, _) = try Self.built()
        let preferences = diagrams.flow(1)
        #expect(preferences.clusters.map(\.id) == ["cluster_Preferences"])
        #expect(preferences.nodes.map(\.id) == ["runs:SignIn", "runner:App.Settings"])
        #expect(preferences.nodes[0].attributes["href"] == "#flow/SignIn")
        #expect(preferences.nodes[1].attributes["href"] == "#flow/App")
        #expect(preferences.edges.contains { $0.tail == "Preferences.Login" && $0.head == "runs:SignIn" && $0.attributes["lhead"] == nil })
        #expect(preferences.edges.contains { $0.tail == "runner:App.Settings" && $0.head == "Preferences.$start" })
        // Nothing of another flow's box.
        #expect(!preferences.edges.contains { $0.tail.hasPrefix("App.") || $0.tail.hasPrefix("SignIn.") })
    }

    @Test func searchFindsStepsEventsGuardsExitsAndLinks() throws {
        let (map, _, _) = try Self.built()
        func found(_ query: String) -> [ProgramMap.SearchEntry] { map.search.filter { $0.text.lowercased().contains(query.lowercased()) } }
        #expect(found("Help").contains { $0.kind == .step && $0.flow == 2 && $0.targets == ["SignIn.Help"] })
        #expect(found("helpTapped").contains { $0.kind == .event && !$0.targets.isEmpty })
        let guardEntry = try #require(found("isSignedIn").first { $0.kind == .guard })
        #expect(guardEntry.targets == map.flows[0].clauses[0].edges)
        #expect(found("/items/").contains { $0.kind == .link && $0.targets == ["App.Item"] })
        #expect(found("exit done").contains { $0.kind == .exit && $0.targets == ["Preferences.$exit.done"] })
    }

    @Test func theJSONIsValidAndSafeInsideAScriptElement() throws {
        var (map, _, _) = try Self.built()
        map.flows[0].doc = "</script><script>alert(1)</script> & \u{2028}"
        let settings = MapPageSettings(title: "<App>", editor: .vscode, absolutePaths: ["/work/App.flow"], notDrawn: [1: "too large"],
                                       preview: .init(version: 3, page: 2, problems: [.init(file: "App.flow", line: 4, column: 2, message: "x")]))
        let text = settings.jsonText(map: map)
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&") && !text.contains("\u{2028}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "<App>")
        #expect(object["paths"] as? [String] == ["/work/App.flow"])
        #expect((object["notDrawn"] as? [String: String])?["1"] == "too large")
        let preview = try #require(object["preview"] as? [String: Any])
        #expect(preview["version"] as? Int == 3 && preview["page"] as? Int == 2)
        let inner = try #require(object["map"] as? [String: Any])
        let flows = try #require(inner["flows"] as? [[String: Any]])
        #expect(flows[0]["doc"] as? String == map.flows[0].doc)
        let steps = try #require(flows[0]["steps"] as? [[Any]])
        #expect(steps[0][0] as? String == "Home" && steps[0][3] as? [Int] == [0, 6, 10] && steps[0][4] as? Int == -1)
        #expect((inner["search"] as? [Any])?.count == map.search.count)
        // Without an editor, no absolute path is written into the page.
        let plain = MapPageSettings(title: "App", absolutePaths: ["/work/App.flow"]).jsonText(map: map)
        #expect(!plain.contains("/work/App.flow"))
    }

    @Test func problemsNameFileLineAndMessage() {
        let compilation = compile("flow A {\n    start B\n    step B {\n        on -> push B\n    }\n}\n", path: "A.flow")
        let problems = ProgramMap.problems(of: compilation)
        #expect(!problems.isEmpty)
        #expect(problems.allSatisfy { $0.file == "A.flow" && $0.line == 4 })
        #expect(problems[0].message.hasSuffix("[syntax]"))
    }
}
