import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

@Suite("Report formats")
struct ReportTests {
    static let program = """
        flow Shop {
            start Catalog
            step Catalog { on open -> push Product }
            step Product { on back -> pop }
            step About
            step Cart { on done -> dismiss }
        }
        """

    static func context() -> ReportContext {
        let result = compile(program, path: "samples/shop/Shop 1.flow")
        return ReportContext(files: result.files, diagnostics: result.diagnostics)
    }

    @Test func textHasTheCompilerStyleHeadlineTheSourceLineAndAMarker() {
        let text = TextReport(Self.context()).render()
        #expect(text.contains("""
            samples/shop/Shop 1.flow:5:10: warning: step 'About' is unreachable: \
            no transition from the start of flow 'Shop' leads to it [unreachable-step]
                5 |     step About
                  |          ^~~~~

            """))
        #expect(!text.contains("\u{1B}["))
        #expect(TextReport(Self.context(), isColored: true).render().contains("\u{1B}[1;33mwarning:"))
    }

    @Test func jsonParsesBackWithEveryField() throws {
        let json = JSONReport(Self.context()).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["errors": 0, "warnings": 2, "suppressed": 0])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["rule"] as? String } == ["unreachable-step", "unreachable-step"])
        let location = try #require(diagnostics[0]["location"] as? [String: Any])
        #expect(location["file"] as? String == "samples/shop/Shop 1.flow")
        #expect(location["line"] as? Int == 5 && location["column"] as? Int == 10 && location["endColumn"] as? Int == 15)
        #expect(diagnostics[0]["subjects"] as? [String] == ["Shop.About"])
        #expect(JSONReport(Self.context()).render() == json)
    }

    @Test func githubCommandsEscapeWhatTheRunnerRequires() {
        let output = GitHubReport(Self.context()).render()
        #expect(output.hasPrefix("::warning file=samples/shop/Shop 1.flow,line=5,col=10,endLine=5,endColumn=14,"
                                 + "title=flowgraph%3A unreachable-step::step 'About'"))
        #expect(GitHubReport.escapeData("100% done\r\nnext") == "100%25 done%0D%0Anext")
        #expect(GitHubReport.escapeProperty("a,b:c%") == "a%2Cb%3Ac%25")
    }

    @Test func sarifValidatesAgainstTheSchema() throws {
        let result = compile("""
            flow App {
                start Home
                step Home { on back -> pop }
                step Detial
                step Home
            }
            """, path: "dir with space/é.flow")
        let sarif = SARIFReport(ReportContext(files: result.files, diagnostics: result.diagnostics)).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect((driver["rules"] as? [Any])?.count == Rule.allCases.count)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == result.diagnostics.count && !results.isEmpty)
        try validateWithPython(sarif, schema: Repository.url("Tests/FlowGraphTests/Fixtures/sarif-schema-2.1.0.json"))
        // The findings of every error sample are valid SARIF too.
        let samples = try Repository.flowFiles(in: "samples/errors").map(Repository.source)
        for sample in samples {
            let compiled = Compiler.compile([sample])
            try validateWithPython(SARIFReport(ReportContext(files: [sample], diagnostics: compiled.diagnostics)).render(),
                                   schema: Repository.url("Tests/FlowGraphTests/Fixtures/sarif-schema-2.1.0.json"))
        }
    }

    /// The program with 'About' silenced in source, 'Cart' by a baseline, and a new step 'Help'
    /// that is reported.
    static func suppressedContext() -> ReportContext {
        let path = "samples/shop/Shop 1.flow"
        let baseline = Baseline(compile(program, path: path))
        let edited = program
            .replacingOccurrences(of: "    step About", with: "    // flowgraph:ignore unreachable-step -- kept for 2.0\n    step About")
            .replacingOccurrences(of: "    step Cart", with: "    step Help\n    step Cart")
        let compiled = baseline.apply(to: compile(edited, path: path))
        return ReportContext(compiled)
    }

    @Test func textAndGitHubShowOnlyReportedFindingsAndTheSummaryCountsTheSuppressed() {
        let context = Self.suppressedContext()
        let text = TextReport(context).render()
        #expect(text.hasPrefix("samples/shop/Shop 1.flow:7:10: warning: step 'Help' is unreachable"))
        #expect(!text.contains("'About'") && !text.contains("'Cart'"))
        #expect(context.summary == "0 errors, 1 warning, 2 suppressed")
        #expect(ReportContext(files: context.files, diagnostics: context.diagnostics).summary == "0 errors, 1 warning")
        let github = GitHubReport(context).render()
        #expect(github.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1 && github.contains("step 'Help'"))
    }

    @Test func jsonListsTheSuppressedWithWhatSilencedThem() throws {
        let json = JSONReport(Self.suppressedContext()).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["summary"] as? [String: Int] == ["errors": 0, "warnings": 1, "suppressed": 2])
        #expect((object["diagnostics"] as? [[String: Any]])?.map { $0["subjects"] as? [String] } == [["Shop.Help"]])
        let suppressed = try #require(object["suppressed"] as? [[String: Any]])
        #expect(suppressed.map { $0["subjects"] as? [String] } == [["Shop.About"], ["Shop.Cart"]])
        #expect(suppressed.map { ($0["suppression"] as? [String: Any])?["kind"] as? String } == ["inSource", "baseline"])
        #expect(suppressed.map { ($0["suppression"] as? [String: Any])?["justification"] as? String } == ["kept for 2.0", nil])
        #expect((suppressed[0]["location"] as? [String: Any])?["line"] as? Int == 6)
        // Without suppressions, the lists are empty.
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport(Self.context()).render().utf8)) as? [String: Any])
        #expect((plain["suppressed"] as? [Any])?.isEmpty == true && (plain["summary"] as? [String: Int])?["suppressed"] == 0)
    }

    @Test func sarifMarksSuppressedResultsAndValidates() throws {
        let sarif = SARIFReport(Self.suppressedContext()).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let suppressions = results.map { $0["suppressions"] as? [[String: String]] }
        #expect(suppressions == [[["kind": "inSource", "justification": "kept for 2.0"]], nil, [["kind": "external"]]])
        try validateWithPython(sarif, schema: Repository.url("Tests/FlowGraphTests/Fixtures/sarif-schema-2.1.0.json"))
    }

    @Test func outputOrderIsStable() {
        let first = compile(Self.program).diagnostics
        #expect(first == first.shuffled().sortedUnique())
        #expect(compile(Self.program).diagnostics == first)
    }
}

/// Validates JSON against a JSON Schema with python3's `jsonschema` (installed by `make test`).
func validateWithPython(_ json: String, schema: URL) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-\(UUID().uuidString).json")
    try json.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try ChildProcess.run("/usr/bin/env", ["python3", "-c", """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.validate(json.load(open(sys.argv[2])), schema)
        """, schema.path, file.path])
    #expect(result.status == 0, "SARIF does not validate (or python3 jsonschema is missing; run 'make test'):\n\(result.errorsText)")
}
