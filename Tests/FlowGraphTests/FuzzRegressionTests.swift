import Foundation
import Testing
@testable import FlowGraph

/// Every input in Tests/Fuzz/regressions/ (crashes, hangs and broken invariants found by
/// `scripts/fuzz` or by hand) goes through the whole pipeline again, without sanitizers, so a
/// fixed crash stays fixed under `swift test`. The pipeline and the splitting of an input into
/// files are those of the fuzz harness, Tests/Fuzz/FuzzTarget.swift.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static var inputs: [String] {
        let folder = Repository.url("Tests/Fuzz/regressions")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Up to four files, separated by a line `%%%`, as the harness reads an input.
    static func files(_ bytes: [UInt8]) -> [SourceFile] {
        let separator = Array("\n%%%\n".utf8)
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, parts.count < 3 {
            if Array(bytes[index..<(index + separator.count)]) == separator {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts.enumerated().map { SourceFile(path: "input\($0.offset).flow", bytes: $0.element) }
    }

    /// Every output of every stage, as one text.
    static func outputs(_ files: [SourceFile]) -> String {
        let compilation = Compiler.compile(files)
        let context = ReportContext(files: files, diagnostics: compilation.diagnostics)
        var text = TextReport(context).render() + GitHubReport(context).render() + JSONReport(context).render() + SARIFReport(context).render()
        if let program = compilation.program {
            text += DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: compilation.diagnostics))
            text += MermaidEmitter.emit(program, diagnostics: compilation.diagnostics)
            if !compilation.hasAnyErrors {  // Silenced errors do not make a program sound.
                text += SwiftEmitter.emit(program, analysis: compilation.analysis, sources: files.map(\.path))
            }
        }
        return text
    }

    @Test func thereAreRegressionInputs() {
        #expect(Self.inputs.count >= 5)
    }

    @Test(arguments: inputs)
    func replaysWithoutCrashingAndGivesTheSameOutputTwice(input: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Repository.url("Tests/Fuzz/regressions/\(input)")))
        let files = Self.files(bytes)
        let first = Self.outputs(files)
        #expect(first == Self.outputs(files))
        #expect(!first.isEmpty)
    }
}
