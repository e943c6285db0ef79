import Foundation
import Testing
@testable import FlowGraph

/// `// flowgraph:ignore` comments (docs/Language.md#ignore-comments).
@Suite("Ignore comments")
struct SuppressionTests {
    /// Two unreachable steps and an unused guard: three findings to silence one at a time.
    static let program = """
        flow Shop {
            start Home
            guard isAdmin
            step Home
            step About
            step Legal
        }
        """

    /// `line:column [rule]` of each suppressed finding.
    static func suppressed(_ compilation: Compiler.Compilation) -> [String] {
        compilation.suppressed.map { suppressed in
            let location = compilation.files[0].location(of: suppressed.diagnostic.range.start)
            return "\(location.line):\(location.column) [\(suppressed.diagnostic.rule.id)]"
        }
    }

    // MARK: - Reading the comments

    @Test func theLexerReadsIdsTheirPlacesAndAJustification() throws {
        var lexer = Lexer(file: 0, bytes: Array("""
            // flowgraph:ignore dead-end,unreachable-step  cannot-finish -- the paywall ships in 2.1 // expect: x
            /// flowgraph:ignore dead-end
            //flowgraph:ignore
            // flowgraph:ignored dead-end
            // see flowgraph:ignore dead-end
            flow A {}
            """.utf8))
        _ = lexer.tokenize()
        let ignores = lexer.ignores
        #expect(ignores.count == 2)  // a doc comment, prose and a directive not at the start are not ignores
        let first = try #require(ignores.first)
        #expect(first.ids.map(\.text) == ["dead-end", "unreachable-step", "cannot-finish"])
        #expect(first.ids.map(\.range.start) == [20, 29, 47])
        #expect(first.justification == "the paywall ships in 2.1")
        #expect(first.range == SourceRange(file: 0, start: 0, end: 88))
        #expect(ignores[1].ids.isEmpty && ignores[1].justification == nil)
        // Both apply to the next token, the 'flow' keyword.
        #expect(ignores.allSatisfy { $0.nextTokenStart == 214 })
    }

    // MARK: - What an ignore silences

    @Test func anIgnoreSilencesOnlyItsRuleOnlyOnTheDeclarationBelow() {
        let result = compile(Self.program.replacingOccurrences(of: "    step About", with: """
                // flowgraph:ignore unreachable-step -- kept for the next release
                step About
            """))
        #expect(findings(result) == [
            "3:11: warning [unused-guard] guard 'isAdmin' of flow 'Shop' is never used",
            "7:10: warning [unreachable-step] step 'Legal' is unreachable: no transition from the start of flow 'Shop' leads to it",
        ])
        #expect(Self.suppressed(result) == ["6:10 [unreachable-step]"])
        #expect(result.suppressed.first?.kind == .inSource)
        #expect(result.suppressed.first?.justification == "kept for the next release")
    }

    @Test func stackedIgnoresAllApplyAndAFlowIgnoreCoversTheWholeFlowOnly() {
        let stacked = compile("""
            // flowgraph:ignore unused-guard

            /* the flow of the shop */
            // flowgraph:ignore unreachable-step
            flow Shop {
                start Home
                guard isAdmin
                step Home
                step About
            }
            flow Other {
                start A
                step A
                step B
            }
            """)
        #expect(Self.suppressed(stacked) == ["7:11 [unused-guard]", "9:10 [unreachable-step]"])
        #expect(findings(stacked) == ["14:10: warning [unreachable-step] step 'B' is unreachable: "
            + "no transition from the start of flow 'Other' leads to it"])
    }

    @Test func anIgnoreOnAClauseCoversThatClauseOnly() {
        let source = """
            flow Shop {
                start Home
                step Home {
                    // flowgraph:ignore invalid-pop
                    on back -> pop
                    on close -> pop
                }
            }
            """
        let result = compile(source)
        #expect(Self.suppressed(result) == ["5:20 [invalid-pop]"])
        #expect(result.diagnostics.map(\.rule) == [.invalidPop])
        #expect(result.hasErrors)
        #expect(compile(source.replacingOccurrences(of: "on close -> pop", with: "on close -> push Home")).silencedErrorsMessage
            == "the program has 1 error that ignore comments silence; nothing is written from a program with errors")
    }

    @Test func theOutermostDeclarationStartingOnTheLineIsTheOneIgnored() {
        let result = compile("""
            flow Shop {
                start Home
                step Home { on open -> sheet Login }
                // flowgraph:ignore unhandled-exit, invalid-pop
                step Login runs LoginFlow { on done -> pop }
            }
            flow LoginFlow {
                start A
                step A {
                    on ok -> exit done
                    on no -> exit cancelled
                }
                exit done
                exit cancelled
            }
            """)
        // The step, not its clause: the unhandled exit is reported in the step's header.
        #expect(Self.suppressed(result) == ["5:21 [unhandled-exit]", "5:44 [invalid-pop]"])
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: - Ignores that silence nothing

    @Test func anIgnoreThatSilencesNothingIsReported() {
        #expect(findings("""
            flow Shop {
                start Home
                // flowgraph:ignore unreachable-step, unused-guard
                step Home
                step About // a second, identical problem elsewhere is still reported
            }
            """) == [
            "3:25: warning [unused-ignore] the ignore of 'unreachable-step' silences nothing: "
                + "no 'unreachable-step' finding starts in the declaration below it",
            "3:43: warning [unused-ignore] the ignore of 'unused-guard' silences nothing: "
                + "no 'unused-guard' finding starts in the declaration below it",
            "5:10: warning [unreachable-step] step 'About' is unreachable: no transition from the start of flow 'Shop' leads to it",
        ])
    }

    @Test func unknownAndUnignorableRulesAndMisplacedCommentsAreReported() {
        let result = compile("""
            flow Shop {
                start Home
                // flowgraph:ignore unreachable-stp, no-such-rule syntax unused-ignore
                step Home
                // flowgraph:ignore
                step About
                // flowgraph:ignore unreachable-step
            }
            """)
        #expect(findings(result) == [
            "3:25: warning [unused-ignore] 'unreachable-stp' is not a rule id, so the ignore silences nothing",
            "3:42: warning [unused-ignore] 'no-such-rule' is not a rule id, so the ignore silences nothing",
            "3:55: warning [unused-ignore] 'syntax' errors cannot be ignored: what they hide is not checked",
            "3:62: warning [unused-ignore] 'unused-ignore' cannot be ignored: correct or remove the ignore comment instead",
            "5:5: warning [unused-ignore] 'flowgraph:ignore' names no rule: write the ids of the rules to silence after it",
            "6:10: warning [unreachable-step] step 'About' is unreachable: no transition from the start of flow 'Shop' leads to it",
            "7:5: warning [unused-ignore] 'flowgraph:ignore' applies to nothing: "
                + "no flow, step, 'on', 'link', 'exit', 'guard' or 'start' declaration follows it",
        ])
        #expect(result.diagnostics[0].notes == [Diagnostic.Note("did you mean 'unreachable-step'?")])
        #expect(result.diagnostics[1].notes.isEmpty)
    }

    @Test func ignoresWorkInAProgramWithSyntaxErrors() {
        // The rest of the program is checked, so ignores are applied and judged there too.
        #expect(rules("""
            flow Shop {
                start Home
                // flowgraph:ignore no-such-rule
                step Home {
                    on back pop
                }
                // flowgraph:ignore unreachable-step
                step Orphan
            }
            flow Settings {
                start Overview
                step Overview
                // flowgraph:ignore unreachable-step
                step About
            }
            """) == ["unused-ignore", "syntax"])
    }

    @Test func withResolutionErrorsAnIgnoreOfAWarningIsNotCalledUnused() {
        // What is broken can hide a warning (docs/Language.md, "Programs with errors"), so the ignore cannot tell.
        #expect(rules("""
            flow Shop {
                start Home
                // flowgraph:ignore unreachable-step, invalid-dismiss
                step Home {
                    on open -> push Detial
                }
            }
            """) == ["unused-ignore", "unknown-name"])
    }
}
