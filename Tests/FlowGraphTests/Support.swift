import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// Paths and helpers shared by the tests.
enum Repository {
    /// The package's root folder.
    static let root = PackageFolder.root

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Reads a file of the repository as a source file named by its relative path.
    static func source(_ relative: String) throws -> SourceFile {
        SourceFile(path: relative, bytes: [UInt8](try Data(contentsOf: url(relative))))
    }

    /// The relative paths of the `.flow` files below a folder, sorted.
    static func flowFiles(in folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: url(folder).path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".flow") }
            .map { folder + "/" + $0 }.sorted()
    }
}

/// Compiles source text given inline, as the file `test.flow`.
func compile(_ text: String, path: String = "test.flow") -> Compiler.Compilation {
    Compiler.compile([SourceFile(path: path, text: text)])
}

/// `compile`, and the program's journeys run, as `flowgraph check` does.
@MainActor
func check(_ text: String, path: String = "test.flow") -> Compiler.Compilation {
    Compiler.compileAndRunJourneys([SourceFile(path: path, text: text)])
}

/// The diagnostics of inline source, as `line:column: severity [rule] message` strings.
func findings(_ text: String) -> [String] { findings(compile(text)) }

/// The diagnostics a compilation reports, as `line:column: severity [rule] message` strings.
func findings(_ compilation: Compiler.Compilation) -> [String] {
    compilation.diagnostics.map { diagnostic in
        let location = compilation.files[diagnostic.range.file].location(of: diagnostic.range.start)
        return "\(location.line):\(location.column): \(diagnostic.severity.rawValue) [\(diagnostic.rule.id)] \(diagnostic.message)"
    }
}

/// The rule ids reported for inline source.
func rules(_ text: String) -> [String] { compile(text).diagnostics.map(\.rule.id) }

/// One `// expect: severity [rule] message` comment of a sample.
struct Expectation: Hashable, CustomStringConvertible {
    let line: Int
    let severity: String
    let rule: String
    let message: String

    var description: String { "\(line): \(severity) [\(rule)] \(message)" }

    /// Reads every expectation written in a file's comments.
    static func all(in source: SourceFile) -> [Expectation] {
        var result: [Expectation] = []
        for line in 1...source.lineStarts.count {
            let text = source.lineText(line)
            let parts = text.components(separatedBy: "// expect: ").dropFirst()
            for part in parts {
                let trimmed = part.trimmingCharacters(in: .whitespaces)
                guard let open = trimmed.firstIndex(of: "["), let close = trimmed.firstIndex(of: "]") else { continue }
                result.append(Expectation(
                    line: line,
                    severity: trimmed[..<open].trimmingCharacters(in: .whitespaces),
                    rule: String(trimmed[trimmed.index(after: open)..<close]),
                    message: trimmed[trimmed.index(after: close)...].trimmingCharacters(in: .whitespaces)))
            }
        }
        return result
    }

    /// The expectations a compilation meets, in the same form.
    static func actual(_ compilation: Compiler.Compilation) -> [Expectation] {
        compilation.diagnostics.map { diagnostic in
            Expectation(
                line: compilation.files[diagnostic.range.file].location(of: diagnostic.range.start).line,
                severity: diagnostic.severity.rawValue, rule: diagnostic.rule.id, message: diagnostic.message)
        }
    }
}

/// Compares text with a checked-in golden file, printing a unified diff on mismatch.
/// With `FLOWGRAPH_RECORD=1` the file is rewritten and the test still fails, so a recording
/// never passes silently.
func expectGolden(_ actual: String, _ relative: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let url = Repository.url("Tests/FlowGraphTests/Golden/" + relative)
    if ProcessInfo.processInfo.environment["FLOWGRAPH_RECORD"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded \(relative); run again without FLOWGRAPH_RECORD", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden file \(relative); run with FLOWGRAPH_RECORD=1 to create it", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        Issue.record("\(relative) differs (- golden, + actual):\n\(unifiedDiff(expected, actual))", sourceLocation: sourceLocation)
    }
}

/// A line diff in unified style, golden file first: the library's own (`flowgraph fmt --diff`'s).
func unifiedDiff(_ old: String, _ new: String) -> String {
    UnifiedDiff.make(old: old, new: new, path: "golden")
}
