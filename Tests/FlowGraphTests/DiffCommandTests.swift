import Foundation
import Testing
@testable import FlowGraph

/// `flowgraph diff` as a user runs it: arguments, formats, exit codes, and `--against` in a git repository.
@Suite("flowgraph diff: the command")
struct DiffCommandTests {
    static let mastodon = ["Tests/FlowGraphTests/Fixtures/real-apps/mastodon-links.flow",
                           "Tests/FlowGraphTests/Fixtures/diff/real-apps/mastodon-links.flow"]

    @Test func textOutputShowsTheNewPlaceTheOldOneAndASummary() throws {
        let run = try CommandLineTests.run(["diff"] + Self.mastodon)
        #expect(run.status == 1)
        try expectGolden(run.output, "diff/mastodon-links.txt")
    }

    @Test func markdownHasATableTheFindingsAndAMermaidDiagramOfEachChangedFlow() throws {
        let run = try CommandLineTests.run(["diff", "--format", "markdown", "--fail-on", "none"] + Self.mastodon)
        #expect(run.status == 0)
        try expectGolden(run.output, "diff/mastodon-links.md")
        #expect(run.output.contains("| link | 4 | no |"))
        #expect(run.output.contains("```mermaid\nflowchart LR"))
    }

    @Test func jsonListsEveryFindingWithBothPlaces() throws {
        let run = try CommandLineTests.run(["diff", "--format", "json"] + Self.mastodon)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["link": 4, "router": 2, "journey": 1, "failing": 4])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 7)
        // Every link finding has its URL (a link-guard-added had `null`).
        #expect(findings.filter { $0["category"] as? String == "link" }.allSatisfy { $0["example"] is String })
        let first = try #require(findings.first)
        #expect(first["rule"] as? String == "link-removed")
        #expect(first["category"] as? String == "link")
        #expect(first["example"] as? String == "https://1/@1")
        #expect((first["old"] as? [String: Any])?["line"] as? Int == 7)
        #expect((first["new"] as? [String: Any])?["file"] as? String == Self.mastodon[1])
    }

    @Test func sarifValidatesAndRelatesTheOldPlace() throws {
        let run = try CommandLineTests.run(["diff", "--format", "sarif"] + Self.mastodon)
        try validateWithPython(run.output, schema: Repository.url("Tests/FlowGraphTests/Fixtures/sarif-schema-2.1.0.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let sarifRun = try #require((object["runs"] as? [[String: Any]])?.first)
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        #expect(results.count == 7)
        #expect(results.allSatisfy { $0["relatedLocations"] != nil })
        let rules = try #require(((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == DiffRule.allCases.count)
        #expect((rules.first?["properties"] as? [String: Any])?["category"] as? String == "link")
    }

    @Test func githubAnnotatesTheNewPlace() throws {
        let run = try CommandLineTests.run(["diff", "--format", "github", "--fail-on", "link,router"] + Self.mastodon)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines.prefix(6).allSatisfy { $0.hasPrefix("::error file=\(Self.mastodon[1]),") })
        #expect(lines.dropFirst(6).first?.hasPrefix("::notice file=\(Self.mastodon[1]),") == true)
        #expect(lines[0].contains("title=flowgraph diff%3A link-removed::"))
        #expect(lines[0].contains("%0Anote: before: \(Self.mastodon[0]):7:42"))
    }

    /// Issue 24, defect 11: `if isAuth` put in front of the only way to a screen without a link
    /// reported nothing, even with every category failing; and the Markdown left out the flow of a
    /// removed link and an added guard, whose edges had no guard labels.
    @Test func aGuardInFrontOfAScreenIsAJourneyChangeDrawnWithItsLabel() throws {
        let guarded = ["Tests/FlowGraphTests/Fixtures/diff/journey-guard-added/old.flow",
                       "Tests/FlowGraphTests/Fixtures/diff/journey-guard-added/new.flow"]
        #expect(try CommandLineTests.run(["diff"] + guarded).status == 0)
        let failing = try CommandLineTests.run(["diff", "--fail-on", "link,router,journey"] + guarded)
        #expect(failing.status == 1)
        #expect(failing.output.contains("[journey-guard-added]"))
        let pair = ["Tests/FlowGraphTests/Fixtures/diff/link-and-guard/old.flow", "Tests/FlowGraphTests/Fixtures/diff/link-and-guard/new.flow"]
        let markdown = try CommandLineTests.run(["diff", "--format", "markdown", "--fail-on", "none"] + pair).output
        #expect(markdown.contains("#### App\n\n```mermaid\nflowchart LR"), "\(markdown)")
        #expect(markdown.contains("[\"deep links\"]"))
        #expect(markdown.contains(" -.->|\"/tag/{tag}\"| "), "the removed link, a ghost")
        #expect(markdown.contains("|\"tagTapped [isAuth] → push Tag\"|"), "the guarded move, labelled")
        #expect(markdown.contains(" -.->|\"tagTapped → push Tag\"| "), "the unguarded move, removed")
    }

    @Test func failOnChoosesTheCategoriesThatFail() throws {
        let routerOnly = ["Tests/FlowGraphTests/Fixtures/diff/router-guard-async/old.flow",
                          "Tests/FlowGraphTests/Fixtures/diff/router-guard-async/new.flow"]
        #expect(try CommandLineTests.run(["diff"] + routerOnly).status == 0)
        #expect(try CommandLineTests.run(["diff", "--fail-on", "router"] + routerOnly).status == 1)
        #expect(try CommandLineTests.run(["diff", "--fail-on", "link,journey"] + routerOnly).status == 0)
        #expect(try CommandLineTests.run(["diff", "--fail-on", "none"] + Self.mastodon).status == 0)
        let wrong = try CommandLineTests.run(["diff", "--fail-on", "links"] + Self.mastodon)
        #expect(wrong.status == 2)
        #expect(wrong.errors.contains("Unknown category 'links'"))
    }

    @Test func sidesAreFilesFoldersOrSetsOfThem() throws {
        let folders = try CommandLineTests.run(["diff", "samples/shop", "samples/shop"])
        #expect(folders.status == 0)
        #expect(folders.output == "no changes that break or matter found (4 old files, 4 new)\n")
        let files = Repository.flowFiles(in: "samples/shop")
        let sets = try CommandLineTests.run(["diff"] + files.flatMap { ["--old", $0] } + files.reversed().flatMap { ["--new", $0] })
        #expect(sets.status == 0, "\(sets.output)\(sets.errors)")
        #expect(try CommandLineTests.run(["diff", "samples/shop"]).status == 2)
        #expect(try CommandLineTests.run(["diff", "--old", "samples/shop", "samples/shop"]).status == 2)
    }

    @Test func aSideWithErrorsIsReportedAndFails() throws {
        let run = try CommandLineTests.run(["diff", "samples/errors/invalid-pop.flow", "samples/shop"])
        #expect(run.status == 1)
        #expect(run.errors.contains("[invalid-pop]"))
        #expect(run.errors.contains("flowgraph: error: the old program has errors"))
    }

    /// A change too large for one pull-request comment keeps within GitHub's size, and says what it left out.
    @Test func aHugeChangeKeepsTheCommentWithinGitHubsSize() throws {
        var text = "flow App {\n    start Home\n    step Home {\n"
        for index in 0..<1_500 { text += "        on tapped\(index)(item: String) -> push Screen\(index)\n" }
        text += "    }\n"
        for index in 0..<1_500 { text += "    link \"/screens\(index)/{item}\" -> Screen\(index)\n    step Screen\(index)(item: String)\n" }
        text += "}\n"
        let old = [SourceFile(path: "old.flow", text: text)]
        let new = [SourceFile(path: "new.flow", text: "flow App {\n    start Home\n    step Home\n}\n")]
        let result = ProgramDiff.compare(old: Compiler.compile(old), new: Compiler.compile(new))
        #expect(result.findings.count > 4_000)
        let markdown = DiffReport(oldFiles: old, newFiles: new, result: result, failingCategories: [.link]).markdown()
        #expect(markdown.utf8.count < 65_536)
        #expect(markdown.contains("more: `flowgraph diff` lists them all"))
        #expect(markdown.contains("| link | 1500 | yes |"))
    }

    /// Something removed with nothing left around it is annotated at line 1 of the new file of the
    /// same path (an old file read from git is named `COMMIT:path`).
    @Test func aRemovedFlowIsAnnotatedAtTheFirstLineOfItsFile() throws {
        let old = [
            SourceFile(path: "0123456789ab:flows/App.flow",
                       text: "flow App {\n    start Home\n    step Home { on loginTapped -> sheet Login }\n"
                           + "    step Login runs LoginFlow { on done -> dismiss }\n}\n"),
            SourceFile(path: "0123456789ab:flows/Login.flow",
                       text: "flow LoginFlow {\n    start Form\n    step Form { on sent -> exit done }\n    exit done\n}\n"),
        ]
        let new = [
            SourceFile(path: "flows/App.flow",
                       text: "flow App {\n    start Home\n    step Home { on loginTapped -> sheet Login }\n"
                           + "    step Login { on doneTapped -> dismiss }\n}\n"),
            SourceFile(path: "flows/Login.flow", text: "// Logging in is a screen of App now.\n"),
        ]
        let result = ProgramDiff.compare(old: Compiler.compile(old), new: Compiler.compile(new))
        #expect(result.findings.map(\.rule) == [.routerFlowRemoved])
        let github = DiffReport(oldFiles: old, newFiles: new, result: result, failingCategories: [.router]).github()
        #expect(github == "::error file=flows/Login.flow,line=1,col=1,endLine=1,endColumn=1,title=flowgraph diff%3A router-flow-removed::"
            + "flow 'LoginFlow' was removed or renamed without a rename comment%0Anote: before: 0123456789ab:flows/Login.flow:1:6\n")
    }
}
