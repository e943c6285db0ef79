import Foundation
import Testing
@testable import FlowGraph

/// Every example in docs/Language.md that shows its output (a ```flow block followed by a
/// ```text block starting with `example.flow:`) prints exactly that output, so the reference
/// cannot drift from the checker.
@Suite("docs/Language.md")
struct DocumentationTests {
    @MainActor @Test func everyExampleWithOutputPrintsThatOutput() throws {
        let document = try String(contentsOf: Repository.url("docs/Language.md"), encoding: .utf8)
        var blocks: [(language: String, body: String)] = []
        var current: (language: String, lines: [String])?
        for line in document.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append((open.language, open.lines.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else {
                current?.lines.append(line)
            }
        }
        var checked = 0
        for (example, output) in zip(blocks, blocks.dropFirst())
        where example.language == "flow" && output.language == "text" && output.body.hasPrefix("example.flow:") {
            let result = check(example.body, path: "example.flow")
            let text = TextReport(ReportContext(files: result.files, diagnostics: result.diagnostics)).render()
            #expect(text == output.body, "\(example.body)\nexpected:\n\(output.body)\nprinted:\n\(text)")
            checked += 1
        }
        #expect(checked >= Rule.allCases.count)
    }
}
