import Foundation
import Testing
@testable import FlowGraph

/// `flowgraph fmt` as a user runs it: on files in a temporary folder.
@Suite("flowgraph fmt")
struct FormatCommandTests {
    static let messy = "flow A{start B\nstep B{on x->pop}}\n"
    static let tidy = "flow A {\n    start B\n    step B {\n        on x -> pop\n    }\n}\n"
    static let broken = "flow A {\n    start B\n    step B {\n        on x push C\n    }\n}\n"

    /// A folder with a messy file, a formatted one and a broken one; removed by the caller.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-fmt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try messy.write(to: folder.appendingPathComponent("Messy.flow"), atomically: true, encoding: .utf8)
        try tidy.write(to: folder.appendingPathComponent("Tidy.flow"), atomically: true, encoding: .utf8)
        try broken.write(to: folder.appendingPathComponent("Broken.flow"), atomically: true, encoding: .utf8)
        return folder
    }

    static func contents(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    static func modified(_ folder: URL, _ name: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.modificationDate] as! Date
    }

    @Test func printsTheFormattedFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CommandLineTests.run(["fmt", folder.appendingPathComponent("Messy.flow").path])
        #expect(run.status == 0)
        #expect(run.output == Self.tidy)
        #expect(try Self.contents(folder, "Messy.flow") == Self.messy)  // printed, not written
    }

    @Test func checkListsTheFilesThatWouldChangeAndRefusesTheBrokenOne() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CommandLineTests.run(["fmt", "--check", folder.path])
        #expect(run.status == 1)
        #expect(run.output == folder.appendingPathComponent("Messy.flow").path + "\n")
        #expect(run.errors.contains("Broken.flow:4:14: error: expected '->', found 'push' [syntax]"))
        #expect(run.errors.contains("Broken.flow is not formatted: it has 1 error, 0 warnings"))
        let clean = try CommandLineTests.run(["fmt", "--check", folder.appendingPathComponent("Tidy.flow").path])
        #expect(clean.status == 0)
        #expect(clean.output.isEmpty)
    }

    @Test func writeRewritesOnlyWhatChangesAndLeavesTheBrokenFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let past = Date(timeIntervalSinceNow: -3600)
        for name in ["Tidy.flow", "Broken.flow"] {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder.appendingPathComponent(name).path)
        }
        let run = try CommandLineTests.run(["fmt", "-w", folder.path])
        #expect(run.status == 1)  // the broken file
        #expect(try Self.contents(folder, "Messy.flow") == Self.tidy)
        #expect(try Self.contents(folder, "Broken.flow") == Self.broken)
        #expect(abs(try Self.modified(folder, "Tidy.flow").timeIntervalSince(past)) < 1)
        #expect(abs(try Self.modified(folder, "Broken.flow").timeIntervalSince(past)) < 1)
        // Nothing is left behind but the three files.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["Broken.flow", "Messy.flow", "Tidy.flow"])
    }

    @Test func diffShowsTheChange() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Messy.flow").path
        let run = try CommandLineTests.run(["fmt", "--diff", path])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("--- a/\(path)\n+++ b/\(path)\n@@ -1,2 +1,6 @@\n-flow A{start B\n-step B{on x->pop}}\n+flow A {\n"))
        let checked = try CommandLineTests.run(["fmt", "--diff", "--check", path])
        #expect(checked.status == 1)
    }

    @Test func usageErrors() throws {
        #expect(try CommandLineTests.run(["fmt"]).status == 2)
        #expect(try CommandLineTests.run(["fmt", "-w", "--check", "samples"]).status == 2)
        #expect(try CommandLineTests.run(["fmt", "--check", "no-such-folder"]).status == 2)
    }

    /// `make test` runs this too: the samples are in the canonical layout.
    @Test func theSamplesAreFormatted() throws {
        let run = try CommandLineTests.run(["fmt", "--check", "samples"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
    }
}
