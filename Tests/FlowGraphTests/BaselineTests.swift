import Foundation
import Testing
@testable import FlowGraph

/// Baselines (docs/CLI.md#baselines): what they keep of a finding, and what they silence.
@Suite("Baselines")
struct BaselineTests {
    static let program = SuppressionTests.program

    @Test func aBaselineSilencesWhatItHoldsAcrossUnrelatedEditsButNotNewFindings() throws {
        let original = compile(Self.program)
        let baseline = Baseline(original)
        #expect(baseline.findings.map(\.rule) == ["unreachable-step", "unreachable-step", "unused-guard"])
        #expect(baseline.findings.first == .init(rule: "unreachable-step", flow: "Shop", step: "About", event: nil,
                                                  message: "step 'About' is unreachable: no transition from the start of flow 'Shop' leads to it"))
        let same = baseline.apply(to: original)
        #expect(same.diagnostics.isEmpty && same.suppressed.count == 3)
        #expect(same.suppressed.allSatisfy { $0.kind == .baseline && $0.justification == nil })

        // An edit that shifts every line, and adds a step that has a finding of its own.
        let edited = compile("// Moved down.\n\n" + Self.program.replacingOccurrences(of: "    step Legal", with: """
                step Help { on back -> pop }
                step Legal
            """))
        let applied = baseline.apply(to: edited)
        #expect(findings(applied) == [
            "8:10: warning [unreachable-step] step 'Help' is unreachable: no transition from the start of flow 'Shop' leads to it",
        ])
        #expect(applied.suppressed.count == 3)
        #expect(Baseline(original).serialized() == baseline.serialized())
    }

    @Test func aBaselineIsKeyedByFlowStepAndEventAndCountsEachFinding() throws {
        let source = """
            flow Shop {
                start Home
                step Home {
                    on back -> pop
                    on close -> pop
                }
                on quit -> pop
            }
            """
        let result = compile(source)
        let findings = Baseline.findings(of: result.diagnostics, in: result.syntax)
        #expect(findings.map { [$0.flow, $0.step, $0.event] } == [["Shop", "Home", "back"], ["Shop", "Home", "close"], ["Shop", nil, "quit"]])
        // The same finding twice needs two entries.
        let twice = compile("""
            flow Shop {
                start Home
                guard isAdmin
                step Home {
                    on back -> pop if isAdmin
                    on back -> pop if !isAdmin
                }
            }
            """)
        let keys = Baseline.findings(of: twice.diagnostics, in: twice.syntax)
        #expect(keys.count == 2 && keys[0] == keys[1], "\(keys)")
        let once = Baseline(findings: [keys[0]]).apply(to: twice)
        #expect(once.suppressed.count == 1 && once.diagnostics.count == 1)
        #expect(Baseline(findings: keys).apply(to: twice).diagnostics.isEmpty)
    }

    @Test func aSyntaxErrorIsNeverRecordedNorSilencedByABaseline() {
        let broken = compile("flow Shop {\n    start Home\n    step Home {\n        on back pop\n    }\n}\n")
        #expect(Baseline(broken).findings.isEmpty)
        #expect(Baseline.reasonNotToWrite(broken) != nil && Baseline.reasonNotToWrite(compile(Self.program)) == nil)
        let keys = Baseline.findings(of: broken.diagnostics, in: broken.syntax)
        #expect(Baseline(findings: keys).apply(to: broken).diagnostics == broken.diagnostics)
    }

    @Test func ignoresThenABaselineKeepTheirOwnKindsInOutputOrder() {
        let result = compile(Self.program.replacingOccurrences(of: "    step Legal",
                                                               with: "    // flowgraph:ignore unreachable-step\n    step Legal"))
        let baseline = Baseline(result)
        #expect(baseline.findings.count == 2)  // what the comment silences is not written
        let applied = baseline.apply(to: result)
        #expect(applied.suppressed.map(\.kind) == [.baseline, .baseline, .inSource])
        #expect(applied.suppressed == applied.suppressed.sorted())
    }
}
