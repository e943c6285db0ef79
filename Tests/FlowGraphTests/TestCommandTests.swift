import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import FlowGraph

/// `flowgraph test`: the journeys alone, each passed or failed, in every format, with exit codes.
@Suite("flowgraph test")
struct TestCommandTests {
    @Test func theSamplesJourneysAllHold() throws {
        let run = try CommandLineTests.run(["test", "samples"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("✓ ReadAMessage (7 lines, samples/mail/Journeys.flow:5)"))
        #expect(run.output.hasSuffix("11 of 11 journeys held\n"), "\(run.output)")
    }

    @Test func aJourneyThatDoesNotHoldFailsWithItsLine() throws {
        let run = try CommandLineTests.run(["test", "samples/errors/journey-fails.flow"])
        #expect(run.status == 1)
        #expect(run.output.contains("✓ OpenTheAuthor (3 lines, samples/errors/journey-fails.flow:33)"))
        #expect(run.output.contains("✗ TagInEveryTab (samples/errors/journey-fails.flow:46)\n    samples/errors/journey-fails.flow:49:5: error: "
                                    + "journey 'TagInEveryTab' does not hold here"))
        #expect(run.output.hasSuffix("2 of 3 journeys held\n"))
    }

    @Test func junitJSONAndAnnotationsSayTheSame() throws {
        let junit = try CommandLineTests.run(["test", "samples/errors/journey-fails.flow", "--format", "junit"])
        #expect(junit.status == 1)
        let document = try XMLDocument(xmlString: junit.output)
        #expect(try document.nodes(forXPath: "//testcase").count == 3)
        let failures = try document.nodes(forXPath: "//testcase[@name='TagInEveryTab']/failure")
        #expect(failures.count == 1)
        #expect((failures.first as? XMLElement)?.attribute(forName: "type")?.stringValue == "journey-fails")

        let json = try CommandLineTests.run(["test", "samples/errors/journey-fails.flow", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((object["summary"] as? [String: Int]) == ["journeys": 3, "passed": 2, "failed": 1])
        let journeys = try #require(object["journeys"] as? [[String: Any]])
        #expect(journeys.map { $0["passed"] as? Bool } == [true, true, false])
        #expect((journeys[2]["failure"] as? [String: Any])?["line"] as? Int == 49)

        let github = try CommandLineTests.run(["test", "samples/errors/journey-fails.flow", "--format", "github"])
        #expect(github.output.hasPrefix("::error file=samples/errors/journey-fails.flow,line=49,col=5,"))
        #expect(github.output.split(separator: "\n").count == 1)
    }

    @Test func aProgramWithErrorsRunsNoJourneyAndSaysSo() throws {
        let run = try CommandLineTests.run(["test", "samples/errors/invalid-column.flow"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasSuffix("5 errors, 0 warnings: no journey runs until they are fixed\n"))
    }

    @Test func xmlTextIsEscaped() {
        #expect(JourneyReport.escapeXML("a<b & \"c\"\n\u{1}") == "a&lt;b &amp; &quot;c&quot;&#10;?")
    }
}

/// `flowgraph journeys --cover`: journeys written to a file that `flowgraph test` then runs.
@Suite("flowgraph journeys")
struct JourneysCommandTests {
    @Test func writtenJourneysHoldAndWhatIsNotTakenIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-journeys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Cover.flow").path
        let run = try CommandLineTests.run(["journeys", "--cover", "transitions,guards", "samples/shop", "-o", output])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors == "54 journeys (165 moves) take 88 of 88\n")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.hasPrefix("// Journeys written by `flowgraph journeys --cover guards,transitions`: 54 journeys take 88 of 88.\n"))
        let test = try CommandLineTests.run(["test", "samples/shop", output])
        #expect(test.status == 0 && test.output.hasSuffix("58 of 58 journeys held\n"), "\(test.output)")

        // A file FlowGraph did not write is kept, unless forced.
        let own = folder.appendingPathComponent("Mine.flow").path
        try "journey Mine {\n    back\n}\n".write(toFile: own, atomically: true, encoding: .utf8)
        let refused = try CommandLineTests.run(["journeys", "samples/shop", "-o", own])
        #expect(refused.status == 2 && refused.errors.contains("--force"), "\(refused.errors)")
        #expect(try String(contentsOfFile: own, encoding: .utf8) == "journey Mine {\n    back\n}\n")

        // A target no journey takes: exit 1, named with its place.
        let tabItem = folder.appendingPathComponent("Tabs.flow").path
        try "flow App tabs {\n    start Home\n    step Home\n    step Post as sheet {\n        on postTapped -> dismiss\n    }\n}\n"
            .write(toFile: tabItem, atomically: true, encoding: .utf8)
        let partial = try CommandLineTests.run(["journeys", tabItem])
        #expect(partial.status == 1)
        #expect(partial.errors.contains("Tabs.flow:5:26: App.Post: postTapped: dismiss: the way to it taps the tab item App.Post"),
                "\(partial.errors)")
        #expect(try CommandLineTests.run(["journeys", "--cover", "everything", "samples/shop"]).status == 2)
    }
}

/// `flowgraph coverage`: a recording of the shop's journeys (made by `JourneyTestGenerationTests`
/// on the compiled router) measured against the program, and against a changed one.
@Suite("flowgraph coverage")
struct CoverageCommandTests {
    @Test func theShopsRecordingIsMeasured() throws {
        let run = try CommandLineTests.run(["coverage", "samples/shop/ShopJourneys.flowrec", "--program", "samples/shop"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("20 recorded moves exercised 22 of 88 (25.0 %)\nnever exercised:\n"), "\(run.output)")
        #expect(run.output.contains("  samples/shop/Checkout.flow:15:29: CheckoutFlow.Summary: addressTapped: push\n"))
        #expect(!run.output.contains("Shop.Catalog: productPicked: push\n"))

        let json = try CommandLineTests.run(["coverage", "samples/shop/ShopJourneys.flowrec", "--program", "samples/shop", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["exercised"] as? Int == 22 && object["targets"] as? Int == 88 && object["moves"] as? Int == 20)
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.contains { $0["what"] as? String == "Shop.Catalog: productPicked: push" && ($0["times"] as? Int ?? 0) >= 1 })

        let failing = try CommandLineTests.run(["coverage", "samples/shop/ShopJourneys.flowrec", "--program", "samples/shop", "--fail-under", "50"])
        #expect(failing.status == 1 && failing.output.hasSuffix("below --fail-under 50.0 %\n"), "\(failing.output)")
    }

    /// A recording of an older version: what the program no longer has is listed by name.
    @Test func whatTheProgramNoLongerHasIsListed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("Shop.flow").path
        try "flow Shop {\n    start Catalog\n    step Catalog {\n        on productPicked -> push Product\n    }\n    step Product\n}\n"
            .write(toFile: program, atomically: true, encoding: .utf8)
        let recording = folder.appendingPathComponent("old.flowrec").path
        try ("{\"version\":1,\"cause\":\"event\",\"from\":\"Shop.Catalog\","
            + "\"clauses\":[{\"flow\":\"Shop\",\"step\":\"Catalog\",\"trigger\":\"productPicked\","
            + "\"ordinal\":0,\"branch\":0}],\"guards\":[],\"status\":\"applied\"}\n"
            + "{\"version\":1,\"cause\":\"event\",\"from\":\"Shop.Catalog\","
            + "\"clauses\":[{\"flow\":\"Shop\",\"step\":\"Catalog\",\"trigger\":\"searchTapped\","
            + "\"ordinal\":0,\"branch\":0}],\"guards\":[{\"flow\":\"Shop\",\"guard\":\"isSignedIn\",\"answer\":true}],\"status\":\"applied\"}\n")
            .write(toFile: recording, atomically: true, encoding: .utf8)
        let run = try CommandLineTests.run(["coverage", recording, "--program", program])
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("""
            2 recorded moves exercised 1 of 1 (100.0 %)
            recorded, but not in the program (a recording of another version):
              Shop.Catalog: searchTapped (clause 1 for it, action 1)
              Shop.isSignedIn: yes

            """), "\(run.output)")
        try "not json\n".write(toFile: recording, atomically: true, encoding: .utf8)
        let broken = try CommandLineTests.run(["coverage", recording, "--program", program])
        #expect(broken.status == 2 && broken.errors.contains("cannot read the recording '\(recording)' (line 1): it is not a JSON object"),
                "\(broken.errors)")
    }

    /// `render --coverage`: the moves the recording took are bold, the others grey and dashed.
    @Test func theDiagramMarksWhatTheRecordingExercised() throws {
        let run = try CommandLineTests.run(["render", "samples/shop", "--coverage", "samples/shop/ShopJourneys.flowrec",
                                            "--format", "dot", "-o", "-"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("exercised 2 times by the recorded tests"), "\(run.output.prefix(500))")
        #expect(run.output.contains("never exercised by the recorded tests"))
        #expect(run.output.contains("never exercised\""))
    }
}
