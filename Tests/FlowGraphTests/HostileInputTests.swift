import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// Inputs written to break a compiler: bad bytes, odd line ends, huge files and lines, deep
/// nesting, long chains, keywords and special characters. Each gives a clear diagnostic (or
/// clean output), never a crash, a hang or an overflowed stack. Large inputs are made here, in
/// memory. The limits are in `SourceLimits` and in docs/Language.md, "Limits".
@Suite("Hostile inputs")
struct HostileInputTests {
    /// The diagnostics of a file given as bytes, as `line:column: severity [rule] message`.
    static func findings(bytes: [UInt8]) -> [String] {
        let compilation = Compiler.compile([SourceFile(path: "test.flow", bytes: bytes)])
        return compilation.diagnostics.map { diagnostic in
            let location = compilation.files[diagnostic.range.file].location(of: diagnostic.range.start)
            return "\(location.line):\(location.column): \(diagnostic.severity.rawValue) [\(diagnostic.rule.id)] \(diagnostic.message)"
        }
    }

    static let program = "flow App {\n    start Home\n    step Home\n}\n"

    /// The inputs of many megabytes take most of this suite's time in a debug build (a flow of
    /// 1,000,000 steps about 35 s, a chain of 100,000 subflows about 15 s); FLOWGRAPH_SKIP_LARGE_INPUTS=1
    /// skips them locally. CI runs them.
    static let large = ConditionTrait.disabled(if: ProcessInfo.processInfo.environment["FLOWGRAPH_SKIP_LARGE_INPUTS"] == "1",
                                               "FLOWGRAPH_SKIP_LARGE_INPUTS=1")

    // MARK: - Bytes and line ends

    @Test func aChainOfTrappingCoversNamesAFewTrappedStepsEach() throws {
        // 400 covers, each presented from the one before and pushing the next: 400 dead ends of 400
        // trapped steps. Each lists 20 names, not 400, and at most 200 subjects.
        let count = 400
        var text = "flow App {\n    start S0\n"
        for index in 0..<count {
            text += "    step S\(index) {\n        on open -> cover S\((index + 1) % count)\n        on next -> push S\((index + 1) % count)\n    }\n"
        }
        text += "}\n"
        let result = compile(text)
        #expect(result.diagnostics.count == count)
        let first = try #require(result.diagnostics.first)
        #expect(first.rule == .deadEnd)
        #expect(first.subjects.count == 200)
        #expect(first.notes.first?.message.hasSuffix("'S19', 'S20' and 380 more") == true)
    }

    @Test func invalidUTF8IsReportedWhereItIsAndSkipped() {
        var bytes = Array("flow App {\n    start Home\n    step Home".utf8)
        bytes += [0xFF, 0xC3]  // a byte that is never UTF-8, and a lead byte with no continuation
        bytes += Array("\n    step Next".utf8) + [0xE2, 0x82] + Array("\n}\n".utf8) + [0xF8, 0x0A]
        #expect(Self.findings(bytes: bytes) == [
            "3:14: error [syntax] invalid UTF-8 byte",
            "4:14: error [syntax] invalid UTF-8 byte",
            "6:1: error [syntax] invalid UTF-8 byte",
        ])
        // In comments and strings bad bytes are kept as they are, and decoded leniently.
        let commented = Array("// ".utf8) + [0xFF, 0xC3] + Array("\n".utf8) + Array(Self.program.utf8)
        #expect(Self.findings(bytes: commented) == [])
    }

    @Test func nulAndControlBytesAreUnexpectedCharacters() {
        var bytes = Array("flow App {\n    start Home\n    step Home".utf8)
        bytes += [0x00, 0x00]
        bytes += Array("\n}\n".utf8) + [0x01, 0x7F]
        #expect(Self.findings(bytes: bytes) == [
            "3:14: error [syntax] unexpected character U+0000",
            "5:1: error [syntax] unexpected character U+0001",
        ])
        let report = TextReport(ReportContext(files: [SourceFile(path: "test.flow", bytes: bytes)],
                                              diagnostics: Compiler.compile([SourceFile(path: "test.flow", bytes: bytes)]).diagnostics)).render()
        #expect(!report.utf8.contains(0), "a NUL byte reached the report")
    }

    @Test func aByteOrderMarkIsIgnoredAndNotCounted() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("flow App {\n    start Missing\n    step Home\n}\n".utf8)
        #expect(Self.findings(bytes: bytes) == [
            "2:11: error [unknown-name] flow 'App' has no step named 'Missing'",
        ])
        #expect(Self.findings(bytes: [0xEF, 0xBB, 0xBF] + Array("flow ;".utf8)) == [
            "1:6: error [syntax] unexpected character ';'",
        ])
        // A second mark is not at the start: it is not a name character, so it is reported.
        #expect(Self.findings(bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(Self.program.utf8)).first
                == "1:1: error [syntax] unexpected character '\u{FEFF}'")
    }

    @Test(arguments: ["\r\n", "\r"])
    func crlfAndLoneCRAreLineEnds(lineEnd: String) throws {
        let text = "/// A doc.\nflow App {\n    start Home\n    step Home {\n        on go -> push Gone\n    }\n}\n"
            .replacingOccurrences(of: "\n", with: lineEnd)
        #expect(Self.findings(bytes: Array(text.utf8)) == [
            "5:23: error [unknown-name] flow 'App' has no step named 'Gone'",
        ])
        let clean = Compiler.compile([SourceFile(path: "test.flow", text: Self.program.replacingOccurrences(of: "\n", with: lineEnd))])
        #expect(clean.diagnostics.isEmpty)
        // The line shown under a diagnostic has no line end in it.
        let compilation = Compiler.compile([SourceFile(path: "test.flow", text: text)])
        let report = TextReport(ReportContext(files: compilation.files, diagnostics: compilation.diagnostics)).render()
        #expect(report.hasPrefix("""
            test.flow:5:23: error: flow 'App' has no step named 'Gone' [unknown-name]
                5 |         on go -> push Gone
                  |                       ^~~~

            """), "\(report)")
        // Docs lose the CR too.
        let program = try #require(compile(text.replacingOccurrences(of: "Gone", with: "Home")).program)
        #expect(program.flows[0].doc == ["A doc."])
    }

    @Test func anEmptyFileIsAnEmptyProgram() throws {
        for bytes in [[], Array("\n\n".utf8), [0xEF, 0xBB, 0xBF], Array("// only a comment".utf8)] as [[UInt8]] {
            let compilation = Compiler.compile([SourceFile(path: "empty.flow", bytes: bytes)])
            #expect(compilation.diagnostics.isEmpty)
            let program = try #require(compilation.program)
            #expect(SwiftEmitter.emit(program, analysis: compilation.analysis, sources: ["empty.flow"])
                .hasSuffix("// The program has no flows to run.\n"))
            #expect(DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: [])).hasPrefix("digraph \"flows\" {"))
            // The diagram, its signature line (see OutputFile), and no states.
            let mermaid = MermaidEmitter.emit(program).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(mermaid.count == 4 && mermaid[0] == "stateDiagram-v2" && mermaid[1].hasPrefix("%% Drawn by FlowGraph")
                && mermaid[2] == "    direction LR" && mermaid[3].isEmpty)
        }
    }

    // MARK: - Size

    @Test(large) func aTenMegabyteLineIsReadAndItsNameIsTooLong() {
        // One line of 10 MB: a name of 10,000,000 bytes.
        let name = String(repeating: "a", count: 10_000_000)
        let text = "flow App { start \(name)\n    step Home\n}\n"
        #expect(Self.findings(bytes: Array(text.utf8)) == [
            "1:18: error [syntax] name is longer than 1024 bytes",
        ])
        // The report does not print the huge line.
        let compilation = compile(text)
        let report = TextReport(ReportContext(files: compilation.files, diagnostics: compilation.diagnostics)).render()
        #expect(report.utf8.count < 200, "\(report.prefix(300))")
    }

    @Test(large) func aFileOverTheSizeLimitIsOneDiagnostic() {
        var bytes = Array(Self.program.utf8)
        bytes += Array(repeating: UInt8(ascii: " "), count: SourceLimits.fileSize + 1 - bytes.count)
        #expect(Self.findings(bytes: bytes) == [
            "1:1: error [syntax] file is too large: 33554433 bytes, more than the limit of 33554432 bytes (32 MiB)",
        ])
    }

    // MARK: - Depth

    @Test func oneHundredThousandNestedBracketsInATypeStopAtTheNestingLimit() {
        let depth = 100_000
        let type = String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
        #expect(Self.findings(bytes: Array("flow App {\n    start Home\n    step Home(x: \(type))\n}\n".utf8)) == [
            "3:118: error [syntax] type is nested more than 100 levels deep",
        ])
        // Mixed brackets, unclosed: the same limit, at the same place.
        let mixed = String(repeating: "(<[", count: depth / 3)
        #expect(Self.findings(bytes: Array("flow App {\n    start Home\n    step Home(x: \(mixed)\n}\n".utf8)) == [
            "3:118: error [syntax] type is nested more than 100 levels deep",
        ])
        // At the limit, the type is kept, spacing and all.
        let deepest = String(repeating: "[", count: 100) + "Int" + String(repeating: "]", count: 100)
        let compilation = compile("flow App {\n    start Home\n    step Home(x: \(deepest))\n}\n")
        #expect(compilation.diagnostics.isEmpty)
        #expect(compilation.program?.flows[0].steps[0].inputs[0].type == deepest)
        // Past the 32 brackets the parser keeps in a number, kinds still matched one by one.
        let alternating = String(repeating: "([", count: 30) + "Int" + String(repeating: "])", count: 30)
        let kept = compile("flow App {\n    start Home\n    step Home(x: \(alternating))\n}\n")
        #expect(kept.diagnostics.isEmpty)
        #expect(kept.program?.flows[0].steps[0].inputs[0].type == alternating)
        let wrong = String(repeating: "([", count: 20) + "Int" + ")"
        #expect(Self.findings(bytes: Array("flow App {\n    start Home\n    step Home(x: \(wrong))\n}\n".utf8)) == [
            "3:61: error [syntax] \(SyntaxMessages.mismatchedType(open: "[", found: ")"))",
        ])
    }

    @Test func aLongElseChainStopsAtTheLimit() {
        func clause(_ elses: Int) -> String {
            "flow App {\n    start Home\n    guard g\n    step Home {\n        on go -> push Home if g"
                + String(repeating: " else push Home if g", count: elses) + "\n    }\n}\n"
        }
        // 100,000 'else': once recursive in the parser and the resolver (and when freed).
        #expect(Self.findings(bytes: Array(clause(100_000).utf8)) == [
            "5:2033: error [syntax] an 'on' clause can have at most 100 'else' actions",
        ])
        let compilation = compile(clause(100))
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.map(\.message))")
        #expect(compilation.program?.flows[0].steps[0].clauses[0].actions.count == 101)
    }

    /// `F0` runs `F1`, which runs `F2`, ... 100,000 flows deep: every analysis walks the chain
    /// without recursion, and the paths from the root are not copied for each flow.
    @Test(large) func aChainOfOneHundredThousandSubflows() throws {
        let depth = 100_000
        var text = ""
        text.reserveCapacity(depth * 34)
        for index in 0..<depth - 1 { text += "flow F\(index) { start S\nstep S runs F\(index + 1) }\n" }
        text += "flow F\(depth - 1) { start S\nstep S {\non back -> pop\n} }\n"
        let compilation = compile(text)
        // The one finding is at the bottom of the chain, with the path from the root, shortened.
        let findings = compilation.diagnostics.map { "\(compilation.files[0].location(of: $0.range.start)): \($0.message)" }
        #expect(findings == ["SourceLocation(line: 200001, column: 12): 'pop' in step 'S' can run with nothing under 'S' in its stack"])
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.path.count == depth)
        #expect(diagnostic.notes.contains {
            $0.message.hasPrefix("shortest path: F0.S → (runs) F1.S → (runs) F2.S → (runs) F3.S → … 99990 more … →")
        })
        let program = try #require(compilation.program)
        #expect(compilation.analysis.isFlowReachable.allSatisfy { $0 })
        let diagram = DiagramBuilder.build(program, diagnostics: compilation.diagnostics)
        #expect(diagram.clusters.count == depth + 1)  // and the legend
        // The DOT and Mermaid texts of such a chain grow linearly: see the next test.
    }

    @Test func theOutputsOfAChainOfSubflowsGrowLinearly() throws {
        // The router (deep enough for its long-path form), the DOT and the Mermaid text.
        func outputs(_ depth: Int) throws -> [String] {
            var text = ""
            for index in 0..<depth - 1 { text += "flow F\(index) { start S\nstep S runs F\(index + 1) }\n" }
            text += "flow F\(depth - 1) { start S\nstep S }\n"
            let compilation = compile(text)
            #expect(compilation.diagnostics.isEmpty)
            let program = try #require(compilation.program)
            return [
                SwiftEmitter.emit(program, analysis: compilation.analysis, sources: ["chain.flow"]),
                DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: [])),
                MermaidEmitter.emit(program),
            ]
        }
        let small = try outputs(200)
        let large = try outputs(2_000)
        for (smaller, larger) in zip(small, large) {
            #expect(larger.utf8.count < smaller.utf8.count * 11, "\(smaller.utf8.count) → \(larger.utf8.count) bytes")
        }
        // A step's path is written as the step before it on the path: one record each, however deep.
        #expect(large[0].contains("flow F1999 0 0 0\n        step S - 1998\n"))
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": small[0]])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// One flow of 1,000,000 steps (a tab bar, so that every step is reachable and the program is clean).
    @Test(large) func oneMillionStepsInOneFlow() throws {
        let count = 1_000_000
        var text = "flow App tabs {\nstart S0\n"
        text.reserveCapacity(count * 10)
        for index in 0..<count { text += "step S\(index)\n" }
        text += "}\n"
        let compilation = compile(text)
        #expect(compilation.diagnostics.isEmpty)
        #expect(compilation.program?.flows[0].steps.count == count)
        #expect(compilation.analysis.isStepReachable[0].allSatisfy { $0 })
    }

    // MARK: - Names and text

    @Test func nameLengthLimit() throws {
        let longest = String(repeating: "n", count: 1024)
        let compilation = compile("flow \(longest) {\n    start \(longest)\n    step \(longest)\n}\n")
        #expect(compilation.diagnostics.isEmpty)
        let tooLong = longest + "n"
        #expect(FlowGraphTests.findings("flow A {\n    start \(tooLong)\n    step \(tooLong)\n}\n") == [
            "2:11: error [syntax] name is longer than 1024 bytes",
            "3:10: error [syntax] name is longer than 1024 bytes",
        ])
    }

    /// Swift keywords and the standard library's type names as flow, step, event, exit, guard and
    /// parameter names; 1024-byte names; docs and links full of quotes, backslashes, comment ends,
    /// triple quotes and Graphviz or HTML characters: the router type-checks.
    @Test func keywordsLongNamesAndSpecialCharactersGenerateSwiftThatCompiles() throws {
        let special = try Repository.source("Tests/FlowGraphTests/Fixtures/hostile/special-characters.flow")
        let long = String(repeating: "L", count: 1024)
        let other = String(repeating: "M", count: 1024)
        // Steps `Self` and `self` would share a case (`self`), so the capitalised words name flows.
        let capitalised = ["Any", "Protocol", "Self", "Type"]
        let keywords = SwiftNames.keywords.sorted().filter { $0 != "_" && !capitalised.contains($0) }
        var text = "flow Keywords {\n    start Start\n    step Start {\n        on go(`\(keywords[0])`: Int) -> push `\(keywords[0])`\n    }\n"
        for (index, word) in keywords.enumerated() {
            let next = keywords[(index + 1) % keywords.count]
            text += "    guard `\(word)`\n"
            text += "    step `\(word)`(`\(word)`: Int) {\n        on `\(word)`(`\(next)`: Int) -> push `\(next)` if `\(word)`\n    }\n"
        }
        text += "    on back -> pop\n    on close -> exit `\(keywords[0])`\n    exit `\(keywords[0])`\n}\n"
        text += "flow \(long) {\n    start \(long)\n    step \(long) runs Keywords {\n        on `\(keywords[0])` -> push \(other)\n    }\n"
        text += "    step \(other) {\n        on next -> push \(capitalised[0])\n    }\n"
        for (index, word) in capitalised.enumerated() {
            let next = index + 1 < capitalised.count ? capitalised[index + 1] : nil
            text += "    step \(word) runs `\(word)` {\n        on done -> " + (next.map { "push \($0)" } ?? "pop") + "\n    }\n"
        }
        text += "}\n"
        for word in capitalised {
            text += "flow `\(word)` {\n    start `\(word)`\n    step `\(word)` {\n        on `\(word)` -> exit done\n    }\n    exit done\n}\n"
        }
        // Control characters in a link pattern (found by scripts/fuzz: a NUL reached a doc comment).
        text += "flow Controls {\n    start Home\n    link \"/a\u{0}\u{1}\t\u{7F}b/{id}\" -> Item\n"
            + "    step Home {\n        on go(id: Int) -> push Item\n    }\n    step Item(id: Int)\n}\n"
        text += "flow Hosts {\n    start Host\n    step Host runs Controls\n}\n"
        let compilation = Compiler.compile([special, SourceFile(path: "keywords.flow", text: text)])
        #expect(compilation.diagnostics.map(\.message) == [])
        let program = try #require(compilation.program)
        let source = SwiftEmitter.emit(program, analysis: compilation.analysis, sources: ["special-characters.flow", "keywords.flow"])
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source])
        #expect(checked.status == 0, "\(checked.output)")
    }
}
