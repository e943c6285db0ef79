import Testing
@testable import FlowGraph

@Suite("Lexer and parser")
struct SyntaxTests {
    private func tokens(_ text: String) -> [Token] {
        var lexer = Lexer(file: 0, bytes: Array(text.utf8))
        return lexer.tokenize()
    }

    @Test func lexesNamesPunctuationArrowsAndStrings() {
        let kinds = tokens(#"on picked(id: [String: Int]) -> push X "/a/{b}""#).map(\.kind)
        #expect(kinds == [
            .identifier, .identifier, .punctuation(UInt8(ascii: "(")), .identifier, .punctuation(UInt8(ascii: ":")),
            .punctuation(UInt8(ascii: "[")), .identifier, .punctuation(UInt8(ascii: ":")), .identifier,
            .punctuation(UInt8(ascii: "]")), .punctuation(UInt8(ascii: ")")), .arrow, .identifier, .identifier, .string, .end,
        ])
    }

    @Test func attachesDocCommentsAndSkipsOtherComments() {
        var lexer = Lexer(file: 0, bytes: Array("// plain\n/// First line.\n/// Second line.\n/* block /* nested */ still */ flow A {}".utf8))
        let lexed = lexer.tokenize()
        #expect(lexer.texts[lexed[0]] == "flow")
        #expect(lexed[0].isKeyword("flow"))
        #expect(lexer.texts[lexed[1]] == "A")
        #expect(lexer.texts.doc(lexed[0]) == ["First line.", "Second line."])
        #expect(lexer.texts.doc(lexed[1]).isEmpty)
        #expect(lexed[0].isAtLineStart)
        var other = Lexer(file: 0, bytes: Array("//// not a doc\nflow".utf8))
        #expect(other.texts.doc(other.tokenize()[0]).isEmpty)
    }

    /// A token's text is a number in its file's table: each distinct name once, a keyword at the
    /// same number in every file, an escaped keyword the same text but never the keyword.
    @Test func namesAreNumberedOnceAndKeywordsAlike() {
        var lexer = Lexer(file: 0, bytes: Array("step Checkout `step` Checkout \"a\\\"b\" 42 ->".utf8))
        let lexed = lexer.tokenize()
        #expect(lexed[0].textID == lexed[2].textID)
        #expect(lexed[0].textID < TokenTexts.keywordCount && lexed[1].textID >= TokenTexts.keywordCount)
        #expect(lexed[1].textID == lexed[3].textID)
        #expect(lexed[0].isKeyword("step") && !lexed[2].isKeyword("step") && !lexed[1].isKeyword("step"))
        #expect(lexed.map { lexer.texts[$0] } == ["step", "Checkout", "step", "Checkout", "a\"b", "42", "->", ""])
        #expect(MemoryLayout<Token>.stride <= 16)
    }

    /// The table of names grows past its first size (512 names) and tells apart names of one
    /// length and of one prefix (the names' bytes are compared where the table keeps them).
    @Test func namesAreNumberedOnceInALargeFile() {
        let names = (0..<3000).map { "Screen\($0)" } + (0..<300).map { String(repeating: "a", count: $0 + 1) }
        var lexer = Lexer(file: 0, bytes: Array((names + names.reversed() + ["`push`", "push"]).joined(separator: " ").utf8))
        let lexed = lexer.tokenize()
        for (index, name) in names.enumerated() {
            #expect(lexer.texts[lexed[index]] == name)
            #expect(lexed[index].textID == lexed[2 * names.count - 1 - index].textID)
        }
        #expect(Set(lexed.prefix(names.count).map(\.textID)).count == names.count)
        #expect(lexed[2 * names.count].textID == lexed[2 * names.count + 1].textID)
    }

    /// The moves that show an alert are the alert styles, by name: the switch agrees with them.
    @Test func aMoveShowsTheAlertStyleOfItsName() {
        for kind in ActionKind.allCases { #expect(kind.alertStyle == AlertStyle(rawValue: kind.rawValue), "\(kind)") }
        #expect(AlertStyle.allCases.allSatisfy { ActionKind(rawValue: $0.rawValue)?.alertStyle == $0 })
    }

    /// What a program of 100,000 steps holds millions of stays small (`check`'s and `fmt`'s memory,
    /// docs/Performance.md): a range is 12 bytes, a clause's rare condition is out of line.
    @Test func theFrontEndsValuesStaySmall() {
        #expect(MemoryLayout<SourceRange>.stride == 12)
        #expect(MemoryLayout<SyntaxNode>.stride <= 24)
        #expect(MemoryLayout<ClauseSyntax>.stride == 8)  // one reference in its step's array
        #expect(MemoryLayout<ActionSyntax>.stride <= 112)
        #expect(MemoryLayout<StepSyntax>.stride <= 120)
        #expect(MemoryLayout<Step>.stride <= 144)
        #expect(MemoryLayout<ClauseID>.stride <= 16)
        #expect(MemoryLayout<CompositeGraph.Edge>.stride <= 64)
        let button = ClauseID(alert: 2, button: 1, shownByFlowLevel: true)
        #expect(button.alert == 2 && button.index == 1 && button.step == nil && button.isFlowLevel)
        #expect(ClauseID(step: 4, index: 0).step == 4 && ClauseID(step: nil, index: 3).alert == nil)
        let range = SourceRange(file: 3, start: 10, end: 4)
        #expect(range.file == 3 && range.start == 10 && range.end == 10)
        #expect(SourceRange(file: 0, start: 1, end: 2) < SourceRange(file: 0, start: 1, end: 3))
    }

    @Test func skipsByteOrderMarkAndCountsCRLFAndCRAsLineEnds() {
        let source = SourceFile(path: "a.flow", bytes: [0xEF, 0xBB, 0xBF] + Array("flow A {\r\n  start X\r  step X\n}".utf8))
        let result = Compiler.compile([source])
        #expect(result.diagnostics.isEmpty)
        #expect(source.location(of: source.bytes.firstIndex(of: UInt8(ascii: "X"))!) == FlowGraph.SourceLocation(line: 2, column: 9))
        #expect(source.lineStarts.count == 4)
    }

    /// A file with only LF line ends is read by `memchr`, one with a CR byte by byte: both give
    /// each line's start, the last line with or without its line end, and nothing for an empty file.
    @Test func lineStartsAreTheSameWhateverTheLineEnds() {
        let lines = ["flow A {", "", "  start X", "  step X", "}"]
        for ending in ["\n", "\r\n", "\r"] {
            for last in ["", ending] {
                let source = SourceFile(path: "a.flow", text: lines.joined(separator: ending) + last)
                var expected = [0]
                for line in lines.dropLast() { expected.append(expected.last! + line.utf8.count + ending.utf8.count) }
                if !last.isEmpty { expected.append(source.bytes.count) }
                #expect(Array(source.lineStarts) == expected, "line ends \(Array(ending.utf8))")
            }
        }
        #expect(Array(SourceFile(path: "a.flow", bytes: []).lineStarts) == [0])
        #expect(Array(SourceFile(path: "a.flow", text: "\n\n").lineStarts) == [0, 1, 2])
    }

    @Test func reportsInvalidUTF8NulAndUnterminatedTokens() {
        let source = SourceFile(path: "a.flow",
                                bytes: Array("flow A {\n start X\n step X\n}\n".utf8) + [0xFF, 0x0A, 0x00] + Array("\n\"open\n/* never".utf8))
        let messages = Compiler.compile([source]).diagnostics.map(\.message)
        #expect(messages.contains("invalid UTF-8 byte"))
        #expect(messages.contains("unexpected character U+0000"))
        #expect(messages.contains { $0.hasPrefix("unterminated string") })
        #expect(messages.contains { $0.hasPrefix("unterminated block comment") })
    }

    @Test func readsBacktickNamesAndKeywordsAsNames() throws {
        let result = compile("""
            flow on {
                start `default`
                step `default` { on step -> push push }
                step push { on pop -> pop }
            }
            """)
        #expect(result.diagnostics.isEmpty)
        let flow = try #require(result.program?.flows.first)
        #expect(flow.name == "on")
        #expect(flow.steps.map(\.name) == ["default", "push"])
    }

    @Test func parsesTheWholeGrammar() throws {
        let (tree, diagnostics) = Compiler.parse([SourceFile(path: "a.flow", text: """
            /// Tabs.
            flow Home tabs {
                start A
                step A runs Inner
                step B(id: Movie.ID, tags: [String:Int], result: Result<A,B>, maybe: String?) {
                    /// Documented.
                    on go(id: Movie.ID) -> push A if !isReady else sheet B
                    on back -> pop
                    on close -> dismiss
                }
                exit done(value: Int)
                guard isReady
                guard async canPay
                link "/b/{id}" -> B
                on logout -> root A
            }
            """)])
        #expect(diagnostics.isEmpty)
        let flow = try #require(tree.flows.first)
        #expect(flow.isTabs && flow.doc == ["Tabs."])
        #expect(flow.steps.count == 2 && flow.steps[0].runs?.text == "Inner")
        #expect(flow.steps[1].inputs.map(\.type.text) == ["Movie.ID", "[String: Int]", "Result<A, B>", "String?"])
        let handler = flow.steps[1].clauses[0]
        #expect(handler.doc == ["Documented."])
        #expect(handler.action?.kind == .push && handler.condition?.isNegated == true)
        #expect(handler.condition?.elseAction?.kind == .sheet)
        #expect(flow.steps[1].clauses.map(\.action?.kind) == [.push, .pop, .dismiss])
        #expect(flow.exits[0].inputs[0].type.text == "Int")
        #expect(flow.guards.map(\.isAsync) == [false, true])
        #expect(flow.links[0].patterns.map(\.text) == ["/b/{id}"] && !flow.links[0].ignoresCase)
        #expect(flow.clauses[0].action?.kind == .root)
    }

    @Test func reportsEveryIndependentSyntaxErrorOnce() {
        let result = findings("""
            flow A {
                start X
                step X {
                    on a -> push
                    on b -> jump Y
                    on c push Y
                }
                step Y(x Int)
                guard
                link "/x -> Y
                step Z $
                frobnicate
                step
                step W(list: [String)
                on d -> pop if
            }
            """)
        #expect(result == [
            "4:21: error [syntax] expected a step name after 'push', found the end of the line",
            "5:17: error [syntax] unknown action 'jump'; "
                + "expected one of push, sheet, popover, cover, replace, root, popTo, select, exit, pop, dismiss, close, alert, dialog, "
                + "open, restart, show",
            "6:14: error [syntax] expected '->', found 'push'",
            "8:14: error [syntax] expected ':' after the parameter name, found 'Int'",
            "9:10: error [syntax] expected a guard name after 'guard', found the end of the line",
            "10:10: error [syntax] unterminated string: a string must end with a double quote on the same line",
            "11:12: error [syntax] unexpected character '$'",
            "12:5: error [syntax] expected 'start', 'step', 'alert', 'dialog', 'exit', 'guard', 'link', 'on', 'use' or '}' in a flow, "
                + "found 'frobnicate'",
            "13:9: error [syntax] expected a step name after 'step', found the end of the line",
            "14:25: error [syntax] expected ']' to close '[' in type, found ')'",
            "15:19: error [syntax] expected a guard name after 'if', found the end of the line",
        ])
    }

    @Test func recoversFromAMissingClosingBrace() {
        let result = findings("""
            flow A {
                start X
                step X {
                    on a -> push Y
                step Y
            }
            flow B {
                start Z
                step Z
            """)
        #expect(result == [
            "4:23: error [syntax] expected '}' to close the body of step 'X'",
            "9:11: error [syntax] expected '}' to close flow 'B'",
        ])
    }

    @Test func keepsSwiftTypesIncludingFunctionTypesWithCanonicalSpacing() throws {
        let (tree, diagnostics) = Compiler.parse([SourceFile(path: "a.flow", text: """
            flow A {
                start B
                step B(f: () throws -> Void, g: @escaping (Int)->Void, h: () async throws -> Int, c: @convention(c) () -> Void, d: [String :[Int]])
            }
            """)])
        #expect(diagnostics.isEmpty)
        #expect(try #require(tree.flows.first).steps[0].inputs.map(\.type.text) == [
            "() throws -> Void", "@escaping (Int) -> Void", "() async throws -> Int", "@convention(c) () -> Void", "[String: [Int]]",
        ])
    }

    @Test func columnsAfterAByteOrderMarkStartAtOne() {
        let source = SourceFile(path: "a.flow", bytes: [0xEF, 0xBB, 0xBF] + Array("#".utf8))
        #expect(Compiler.compile([source]).diagnostics.map { source.location(of: $0.range.start) } == [FlowGraph.SourceLocation(line: 1, column: 1)])
        #expect(source.lineText(1) == "#")
    }

    @Test func namesAreSwiftIdentifiersAndBackticksMakeKeywordsNames() {
        #expect(rules("flow Ü {\n start Schritt\n step Schritt\n}").isEmpty)
        #expect(findings("flow A {\n start B\n step B\u{00A0}X\n}") == ["3:8: error [syntax] unexpected character U+00A0"])
        #expect(findings("flow A `tabs` {\n start B\n step B\n}") == ["1:8: error [syntax] expected '{' after the flow's name, found 'tabs'"])
    }

    @Test func anImportIsOneLineAndABrokenOneHidesNoFlow() {
        #expect(findings("""
            import
            import Foo.
            import Foo Bar
            flow A {
                start B
                step B
                step C runs Later
            }
            flow Later {
                start D
                step D
            }
            """) == [
                "1:7: error [syntax] expected a module name after 'import', found the end of the line",
                "2:12: error [syntax] expected a module name after '.', found the end of the line",
                "3:12: error [syntax] expected a new line after the declaration, found 'Bar'",
                "7:10: warning [unreachable-step] step 'C' is unreachable: no transition from the start of flow 'A' leads to it",
                "9:6: warning [unreachable-flow] flow 'Later' is never run: no reachable step runs it",
            ])
    }

    /// A line break after `->` goes on with the move on the next line, as Swift goes on after a
    /// binary operator (docs/Language.md, "Lines"); it used to be `expected an action after '->'`.
    /// A next line that starts with no move is the next declaration, as before.
    @Test func aLineBreakAfterTheArrowGoesOnWithTheMove() {
        #expect(findings("""
            flow A {
                start X
                guard ready
                on signedOut ->
                    root X
                step X {
                    on a ->
                        push Y if ready
                    on b -> // why
                        sheet Z
                }
                step Y {
                    on c ->

                        // the comment and the blank line above are trivia
                        pop
                }
                step Z {
                    on d ->
                    on e -> dismiss
                }
            }
            """) == ["19:16: error [syntax] expected an action after '->', found the end of the line"])
        let program = compile("flow A {\n    start X\n    step X {\n        on a ->\n            push Y\n    }\n    step Y\n}\n").program
        #expect(program?.flows[0].steps[0].clauses.first?.action.kind == .push)
    }

    /// `on a -> dismiss on b -> dismiss` on one line is the same slip as `on a -> push X on b -> ...`,
    /// and says so the same way (it said `'dismiss' takes no target`); a name after a move without
    /// a target still says that.
    @Test func aSecondClauseOnTheLineOfAMoveWithoutATargetIsANewLineMissing() {
        #expect(findings("flow A {\n    start B\n    step B { on a -> dismiss on b -> dismiss }\n}\n")
            == ["3:30: error [syntax] expected a new line after the declaration, found 'on'"])
        #expect(findings("flow A {\n    start B\n    step B { on a -> push B on b -> dismiss }\n}\n")
            == ["3:29: error [syntax] expected a new line after the declaration, found 'on'"])
        #expect(findings("flow A {\n    start B\n    step B { on a -> pop on b -> pop }\n}\n")
            == ["3:26: error [syntax] expected a new line after the declaration, found 'on'"])
        #expect(findings("flow A {\n    start B\n    step B {\n        on a -> close else pop\n    }\n}\n")
            == ["4:23: error [syntax] 'else' needs a condition: write 'if guardName' before it"])
        #expect(findings("flow A {\n    start B\n    step B {\n        on a -> dismiss B\n    }\n}\n")
            == ["4:25: error [syntax] 'dismiss' takes no target"])
    }
}
