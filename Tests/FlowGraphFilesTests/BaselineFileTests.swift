import FlowGraph
@testable import FlowGraphFiles
import Foundation
import Testing

/// `BaselineFile`: what `--baseline` reads, and what it refuses with a reason.
@Suite("Baseline files")
struct BaselineFileTests {
    static let baseline = Baseline(findings: [
        .init(rule: "unreachable-step", flow: "Shop", step: "About", event: nil, message: "step 'About' is unreachable"),
        .init(rule: "dead-end", flow: "Shop", step: "Paywall", event: nil, message: "step 'Paywall' is a dead end"),
        .init(rule: "dead-end", flow: "Shop", step: "Paywall", event: nil, message: "step 'Paywall' is a dead end"),
        .init(rule: "invalid-pop", flow: "Shop", step: "Home", event: "back", message: "'pop' in step 'Home' can run with nothing under it"),
        .init(rule: "syntax", flow: nil, step: nil, event: nil, message: "expected 'flow', found '}'"),
    ])

    @Test func whatIsWrittenReadsBackTheSameAndIsSignedAndSorted() throws {
        let text = Self.baseline.serialized()
        #expect(try BaselineFile.parse(Data(text.utf8), path: "b.json") == Self.baseline)
        #expect(OutputFile.Kind.baseline.isSigned(Array(text.utf8)))
        #expect(text.hasPrefix("{\n  \"tool\": \"flowgraph\",\n  \"version\": 1,\n  \"findings\": [\n    {\n      \"rule\": \"dead-end\","))
        #expect(Baseline(findings: Self.baseline.findings.reversed()).serialized() == text)
    }

    @Test func absentNamesMayBeLeftOutAndMembersComeInAnyOrder() throws {
        let text = #"{"findings": [{"message": "m", "rule": "dead-end"}], "version": 1, "tool": "flowgraph"}"#
        #expect(try BaselineFile.parse(Data(text.utf8), path: "b.json").findings
            == [.init(rule: "dead-end", flow: nil, step: nil, event: nil, message: "m")])
    }

    @Test(arguments: [
        ("", "it is not JSON"),
        ("[1, 2]", "it is not a FlowGraph baseline"),
        (#"{"tool": "eslint", "version": 1, "findings": []}"#, "it is not a FlowGraph baseline"),
        (#"{"tool": "flowgraph", "version": 2, "findings": []}"#, "its version is 2; this FlowGraph reads version 1"),
        (#"{"tool": "flowgraph", "findings": []}"#, "its version is missing"),
        (#"{"tool": "flowgraph", "version": 1}"#, "it has no \"findings\" list"),
        (#"{"tool": "flowgraph", "version": 1, "findings": [{"rule": "dead-end"}]}"#, "finding 1 is not an object"),
        (#"{"tool": "flowgraph", "version": 1, "findings": [{"rule": "a", "message": "m", "step": 3}]}"#, "finding 1 is not an object"),
    ])
    func aMalformedBaselineIsRefusedWithItsReason(text: String, reason: String) {
        #expect {
            try BaselineFile.parse(Data(text.utf8), path: "b.json")
        } throws: { error in
            (error as? BaselineError)?.description.hasPrefix("cannot read the baseline 'b.json': \(reason)") == true
        }
    }

    @Test func aMissingFileIsRefused() {
        #expect {
            try BaselineFile.read("/no/such/folder/b.json")
        } throws: { error in
            (error as? BaselineError)?.description == "cannot read the baseline '/no/such/folder/b.json': no such file"
        }
    }
}
