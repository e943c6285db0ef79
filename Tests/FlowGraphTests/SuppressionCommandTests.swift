import Foundation
import Testing
@testable import FlowGraph

/// `flowgraph check --baseline`, `--write-baseline`, and ignore comments at the command line.
@Suite("flowgraph check with suppressions")
struct SuppressionCommandTests {
    static let sample = "samples/errors/invalid-pop.flow"

    @Test func aWrittenBaselineSilencesEveryFindingAndIsNotRewrittenWhenUnchanged() throws {
        let folder = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("flowgraph-baseline.json").path
        let written = try CommandLineTests.run(["check", "--write-baseline", path, Self.sample])
        #expect(written.status == 0, "\(written.output)\(written.errors)")
        #expect(written.output == "no problems found in 1 file, 1 suppressed\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""rule": "invalid-pop""#) && text.contains(#""step": "Filters""#) && text.contains(#""event": "filtersApplied""#))
        let before = OutputSafetyTests.Snapshot(path)
        #expect(try CommandLineTests.run(["check", "--write-baseline", path, Self.sample]).status == 0)
        #expect(OutputSafetyTests.Snapshot(path) == before)

        let checked = try CommandLineTests.run(["check", "--strict", "--baseline", path, Self.sample])
        #expect(checked.status == 0 && checked.output == written.output)
        // Another program's findings are not in it.
        let other = try CommandLineTests.run(["check", "--baseline", path, "samples/errors/invalid-pop-to.flow"])
        #expect(other.status == 1 && other.output.contains("[invalid-pop-to]"))
    }

    @Test func everyFormatWithABaseline() throws {
        let folder = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("b.json").path
        #expect(try CommandLineTests.run(["check", "--write-baseline", path, Self.sample]).status == 0)
        let json = try CommandLineTests.run(["check", "--format", "json", "--baseline", path, Self.sample])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(json.status == 0 && (object["summary"] as? [String: Int])?["suppressed"] == 1)
        let suppression = try #require((object["suppressed"] as? [[String: Any]])?.first?["suppression"] as? [String: Any])
        #expect(suppression["kind"] as? String == "baseline" && suppression["justification"] is NSNull)
        let github = try CommandLineTests.run(["check", "--format", "github", "--baseline", path, Self.sample])
        #expect(github.status == 0 && github.output.isEmpty)
        let sarif = try CommandLineTests.run(["check", "--format", "sarif", "--baseline", path, Self.sample])
        #expect(sarif.status == 0 && sarif.output.contains(#""kind": "external""#))
        try validateWithPython(sarif.output, schema: Repository.url("Tests/FlowGraphTests/Fixtures/sarif-schema-2.1.0.json"))
    }

    @Test func everyFormatWithAnIgnoreComment() throws {
        let folder = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Shop.flow").path
        try """
            flow Shop {
                start Home
                step Home
                // flowgraph:ignore unreachable-step -- shown from the web site
                step About
            }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let text = try CommandLineTests.run(["check", "--strict", path])
        #expect(text.status == 0 && text.output == "no problems found in 1 file, 1 suppressed\n")
        let json = try CommandLineTests.run(["check", "--format", "json", path])
        #expect(json.output.contains(#""justification": "shown from the web site""#))
        #expect(try CommandLineTests.run(["check", "--format", "github", path]).output.isEmpty)
        let sarif = try CommandLineTests.run(["check", "--format", "sarif", path])
        #expect(sarif.output.contains(#""kind": "inSource""#))
        try validateWithPython(sarif.output, schema: Repository.url("Tests/FlowGraphTests/Fixtures/sarif-schema-2.1.0.json"))
        // A stale ignore fails a strict check.
        try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "step Home", with: "step Home { on open -> push About }")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let stale = try CommandLineTests.run(["check", "--strict", path])
        #expect(stale.status == 1 && stale.output.contains("[unused-ignore]"))
    }

    @Test func aMissingOrMalformedBaselineAndWrongFlagsExitWithTwo() throws {
        let folder = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try CommandLineTests.run(["check", "--baseline", folder.appendingPathComponent("none.json").path, Self.sample])
        #expect(missing.status == 2 && missing.errors.contains("cannot read the baseline") && missing.output.isEmpty)
        let malformed = folder.appendingPathComponent("bad.json").path
        try "{\"tool\": \"flowgraph\", \"version\": 1}".write(toFile: malformed, atomically: true, encoding: .utf8)
        let bad = try CommandLineTests.run(["check", "--baseline", malformed, Self.sample])
        #expect(bad.status == 2 && bad.errors.contains("it has no \"findings\" list"))
        #expect(try CommandLineTests.run(["check", "--baseline", malformed, "--write-baseline", malformed, Self.sample]).status == 2)
        #expect(try CommandLineTests.run(["check", "--force", Self.sample]).status == 2)
    }

    @Test func syntaxErrorsAreNeverInABaselineAndKeepTheEarlierOne() throws {
        let folder = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("b.json").path
        #expect(try CommandLineTests.run(["check", "--write-baseline", path, Self.sample]).status == 0)
        let before = OutputSafetyTests.Snapshot(path)
        let run = try CommandLineTests.run(["check", "--write-baseline", path, "samples/errors/syntax.flow"])
        #expect(run.status == 1 && run.output.contains("[syntax]"))
        #expect(run.errors == "flowgraph: error: the program has syntax errors, and what they hide is not checked, so the baseline was not written\n")
        #expect(OutputSafetyTests.Snapshot(path) == before)
    }

    @Test func aFileFlowGraphDidNotWriteIsReplacedOnlyWithForce() throws {
        let folder = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("package.json").path
        try "{\"name\": \"app\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try CommandLineTests.run(["check", "--write-baseline", path, Self.sample])
        #expect(refused.status == 2 && refused.errors.contains("was not written by FlowGraph") && refused.errors.contains("--force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"name\": \"app\"}\n")
        #expect(try CommandLineTests.run(["check", "--write-baseline", path, "--force", Self.sample]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("{\n  \"tool\": \"flowgraph\""))
    }

    @Test func generateAndRenderWriteNothingFromAProgramWhoseErrorsAreSilenced() throws {
        let folder = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Mail.flow").path
        try String(contentsOf: Repository.url(Self.sample), encoding: .utf8)
            .replacingOccurrences(of: "        on filtersApplied", with: "        // flowgraph:ignore invalid-pop\n        on filtersApplied")
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try CommandLineTests.run(["check", path]).status == 0)
        let generated = try CommandLineTests.run(["generate", path, "-o", folder.path])
        #expect(generated.status == 1)
        #expect(generated.errors == "flowgraph: error: the program has 1 error that ignore comments silence; "
            + "nothing is written from a program with errors\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("FlowRouter.swift").path))
        #expect(try CommandLineTests.run(["render", path, "-o", "-", "--format", "dot"]).status == 1)
    }

    @Test func generateHonoursIgnoredWarnings() throws {
        let folder = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Shop.flow").path
        try "flow Shop {\n    start Home\n    step Home\n    // flowgraph:ignore unreachable-step\n    step About\n}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let generated = try CommandLineTests.run(["generate", path, "-o", folder.path])
        #expect(generated.status == 0 && generated.errors.isEmpty)
    }
}
