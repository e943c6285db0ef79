import Foundation
import Testing
@testable import FlowGraph

/// `flowgraph fmt` and the lossless syntax tree under it: golden layouts, and the formatter's
/// properties on every program of the repository (the fuzz harness checks them on its inputs too).
@Suite("Formatter")
struct FormatterTests {
    /// Every .flow file of the repository: samples, fixtures (broken and hostile ones too), fuzz inputs.
    static let allFiles: [String] = ["samples", "Tests/FlowGraphTests/Fixtures", "Tests/Fuzz/corpus", "Tests/FlowGraphPluginTests",
                                     "Tests/FlowGraphUITests"].flatMap(Repository.flowFiles)
        + Repository.flowFiles(in: "Tests/Fuzz/regressions")

    static func formatted(_ text: String) -> String? {
        guard case .formatted(let bytes) = FlowFormatter.format(SourceFile(path: "test.flow", text: text)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Layouts

    @Test(arguments: Repository.flowFiles(in: "Tests/FlowGraphTests/Fixtures/format"))
    func formatsAsTheGoldenFileSays(path: String) throws {
        let source = try Repository.source(path)
        guard case .formatted(let bytes) = FlowFormatter.format(source) else {
            Issue.record("\(path) was refused")
            return
        }
        try expectGolden(String(decoding: bytes, as: UTF8.self), "format/" + (path as NSString).lastPathComponent)
    }

    @Test func layoutRulesOnSmallInputs() {
        #expect(Self.formatted("flow A{start B\nstep B{on x->pop}}") == "flow A {\n    start B\n    step B {\n        on x -> pop\n    }\n}\n")
        #expect(Self.formatted("flow A {\n  start B\n  step B {   }\n}") == "flow A {\n    start B\n    step B {}\n}\n")
        // Types are spaced as the compiler spells them; `receives (` is spaced, a name's `(` is not.
        #expect(Self.formatted("flow A {\nstart B\nstep B ( x :[String:Int] ,y:( Int )->Void ) receives(v :Int?)\n}")
            == "flow A {\n    start B\n    step B(x: [String: Int], y: (Int) -> Void) receives (v: Int?)\n}\n")
        // At most one blank line between members; none just inside braces or at the file's ends.
        #expect(Self.formatted("\n\n\nflow A {\n\n\n  start B\n\n\n\n  step B\n\n}\n\n\n") == "flow A {\n    start B\n\n    step B\n}\n")
        // `!`, `,` in a clause, and a link's patterns.
        #expect(Self.formatted("flow A {\nstart B\nguard g\nstep B { on x -> dismiss , sheet B if ! g else pop }\n"
                               + "link \"/a\" ,\"/b\" -> B ignoring   case\n}")
            == "flow A {\n    start B\n    guard g\n    step B {\n        on x -> dismiss, sheet B if !g else pop\n    }\n"
                + "    link \"/a\", \"/b\" -> B ignoring case\n}\n")
        // Line ends become `\n`; a byte-order mark is kept.
        #expect(Self.formatted("\u{FEFF}flow A {\r\n start B\r\n step B\r\n}\r\n") == "\u{FEFF}flow A {\n    start B\n    step B\n}\n")
        #expect(Self.formatted("") == "")
        #expect(Self.formatted("// only a comment   \n\n\n") == "// only a comment\n")
    }

    @Test func commentsStayWhereTheyWere() {
        let input = """
            // file
            /// doc of A
            flow A { // after the brace
                start B // after start

                /* before B */
                step B(
                    x: Int, // the x
                    // before y
                    y: Int
                ) {
                    on x -> pop
                    // last in B
                }
                // last in A
            }
            // end
            """
        let expected = """
            // file
            /// doc of A
            flow A { // after the brace
                start B // after start

                /* before B */
                step B(
                    x: Int, // the x
                    // before y
                    y: Int
                ) {
                    on x -> pop
                    // last in B
                }
                // last in A
            }
            // end

            """
        #expect(Self.formatted(input) == expected)
    }

    /// A comment inside a declaration's line breaks it there; the rest goes on one level deeper.
    @Test func aCommentInsideALineBreaksIt() {
        let input = "flow A {\n  start B\n  step B\n  // why it runs F\n  runs F\n}\nflow F {\nstart S\nstep S { on y -> exit done }\nexit done\n}\n"
        let output = Self.formatted(input)
        #expect(output?.contains("    step B\n        // why it runs F\n        runs F\n") == true)
        #expect(output.flatMap(Self.formatted) == output)
        // A comment between a header and its `{` puts the brace on a line of its own, above its `}`.
        let brace = Self.formatted("flow A {\nstart B\nstep B // why\n{\non x -> pop\n}\n}\n")
        #expect(brace == "flow A {\n    start B\n    step B // why\n    {\n        on x -> pop\n    }\n}\n")
        #expect(brace.flatMap(Self.formatted) == brace)
    }

    /// A line break after `->` (which the parser accepts) is no layout of its own: the move goes
    /// back on its clause's line, and a comment there keeps its break, as anywhere in a line.
    @Test func aLineBreakAfterTheArrowIsJoined() {
        let output = Self.formatted("flow A {\nstart B\nstep B {\non x ->\n   pop\non y -> // why\n  pop\n}\n}\n")
        #expect(output == "flow A {\n    start B\n    step B {\n        on x -> pop\n        on y -> // why\n            pop\n    }\n}\n")
        #expect(output.flatMap(Self.formatted) == output)
    }

    @Test func refusesAFileWithSyntaxErrors() throws {
        guard case .refused(let diagnostics) = FlowFormatter.format(
            SourceFile(path: "t.flow", text: "flow A {\n  step B {\n    on x push C\n  }\n}\n")) else {
            Issue.record("a broken file was formatted")
            return
        }
        #expect(diagnostics.map(\.rule) == [.syntax])
        #expect(diagnostics.first?.message == "expected '->', found 'push'")
    }

    // MARK: - Properties, on every program of the repository

    /// The tree holds every byte: printed back, it is the file, whatever the file holds.
    @Test(arguments: allFiles)
    func theSyntaxTreeIsLossless(path: String) throws {
        let source = try Repository.source(path)
        let tree = Parser.parseConcrete(source)
        #expect(tree.text == source.bytes)
        // Its nodes nest and lie in order, and its trivia are what lies between the tokens.
        var previousEnd = 0
        for index in tree.tokens.indices {
            let pieces = tree.leadingTrivia(of: index)
            #expect(pieces.first?.range.lowerBound ?? previousEnd == previousEnd)
            #expect(pieces.last?.range.upperBound ?? tree.tokens[index].start == tree.tokens[index].start)
            previousEnd = tree.tokens[index].end
        }
        #expect(Self.nodesNest(tree.root))
    }

    static func nodesNest(_ node: SyntaxNode) -> Bool {
        var end = node.tokens.lowerBound
        for child in node.children {
            guard child.tokens.lowerBound >= end, child.tokens.upperBound <= node.tokens.upperBound, nodesNest(child) else { return false }
            end = child.tokens.upperBound
        }
        return true
    }

    /// fmt(fmt(x)) == fmt(x); check(fmt(x)) finds what check(x) finds; every comment of x is in
    /// fmt(x); a file with a syntax error is refused.
    @Test(arguments: allFiles)
    func formattingIsIdempotentAndKeepsFindingsAndComments(path: String) throws {
        let source = try Repository.source(path)
        let hasSyntaxErrors = !Parser.parseConcrete(source).diagnostics.isEmpty
        switch FlowFormatter.format(source) {
        case .refused(let diagnostics):
            #expect(hasSyntaxErrors, "\(path) was refused: \(diagnostics.map(\.message))")
        case .formatted(let bytes):
            #expect(!hasSyntaxErrors)
            let output = SourceFile(path: source.path, bytes: bytes)
            guard case .formatted(let again) = FlowFormatter.format(output) else {
                Issue.record("the formatted \(path) was refused")
                return
            }
            #expect(again == bytes, "not idempotent: \(path)")
            #expect(Self.findings(of: [output]) == Self.findings(of: [source]))
            let text = String(decoding: bytes, as: UTF8.self)
            for comment in FlowFormatter.comments(of: Parser.parseConcrete(source)) {
                #expect(text.contains(comment), "\(path) lost the comment \(comment)")
            }
        }
    }

    /// What a program's findings say, wherever they are: rule, severity, message, notes, path.
    static func findings(of files: [SourceFile]) -> [String] {
        Compiler.compile(files).diagnostics.map { diagnostic in
            "\(diagnostic.rule.id) \(diagnostic.severity) \(diagnostic.message) \(diagnostic.notes.map(\.message)) \(diagnostic.path)"
        }.sorted()
    }

    /// The samples are written in the canonical layout (`make test` checks it with `fmt --check`).
    @Test(arguments: Repository.flowFiles(in: "samples").filter { !$0.hasSuffix("syntax.flow") })
    func samplesAreFormatted(path: String) throws {
        let source = try Repository.source(path)
        guard case .formatted(let bytes) = FlowFormatter.format(source) else {
            Issue.record("\(path) was refused")
            return
        }
        #expect(bytes == source.bytes, """
            \(path) is not formatted:
            \(UnifiedDiff.make(old: String(decoding: source.bytes, as: UTF8.self), new: String(decoding: bytes, as: UTF8.self), path: path))
            """)
    }

    /// The check that the result means the same program fails when it does not.
    @Test func theMeaningCheckFailsOnAChangedProgram() {
        let old = Parser.parseConcrete(SourceFile(path: "a.flow", text: "flow A {\n    start B\n    step B\n}\n"))
        let renamed = Parser.parseConcrete(SourceFile(path: "a.flow", text: "flow A {\n    start C\n    step C\n}\n"))
        let commentLost = Parser.parseConcrete(SourceFile(path: "a.flow", text: "// note\nflow A {\n    start B\n    step B\n}\n"))
        #expect(FlowFormatter.sameProgram(old, old))
        #expect(!FlowFormatter.sameProgram(old, renamed))
        #expect(!FlowFormatter.sameProgram(commentLost, old))
    }

    /// `fmt` parses its result for a digest alone, without building the tree of nodes: that digest
    /// must be the whole tree's, on every sample, and differ when only the nodes do.
    @Test func theDigestOfAParseWithoutNodesIsTheTrees() throws {
        let folder = Repository.url("samples")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".flow") }.sorted()
        #expect(paths.count >= 5)
        for path in paths {
            let source = SourceFile(path: path, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(path))))
            let whole = Parser.parseConcrete(source)
            let digested = Parser.digestConcrete(source)
            #expect(ProgramDigest(whole) == ProgramDigest(digested.tree, nodes: digested.nodes), "\(path)")
            #expect(digested.tree.tokens.count == whole.tokens.count)
        }
        // The same tokens grouped otherwise: `on b -> pop` read as a member of the flow, or of the step.
        let inStep = Parser.digestConcrete(SourceFile(path: "a.flow", text: "flow A {\n    start B\n    step B {\n        on b -> pop\n    }\n}\n"))
        let inFlow = Parser.digestConcrete(SourceFile(path: "a.flow", text: "flow A {\n    start B\n    step B {\n    }\n    on b -> pop\n}\n"))
        #expect(inStep.nodes != inFlow.nodes)
    }

    @Test func unifiedDiffHunks() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n").replacingOccurrences(of: "line 19\n", with: "")
        #expect(UnifiedDiff.make(old: old, new: new, path: "a.flow") == """
            --- a/a.flow
            +++ b/a.flow
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
             line 5
            @@ -16,5 +16,4 @@
             line 16
             line 17
             line 18
            -line 19
             line 20

            """)
        #expect(UnifiedDiff.make(old: old, new: old, path: "a.flow") == "")
    }
}
