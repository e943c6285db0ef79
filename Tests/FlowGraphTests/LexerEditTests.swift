import FlowGraphTestSupport
import Foundation
import Testing
@testable import FlowGraph

/// A file lexed again only where an edit changed it (`LexedFile.edited`, the language server's
/// case): the same tokens, texts, docs, ignore comments and errors as the new text lexed whole,
/// over chains of random edits of every sample.
@Suite("A file lexed again where it changed")
struct LexerEditTests {
    static let sources: [SourceFile] = {
        let paths = ["samples", "Tests/FlowGraphTests/Fixtures", "Tests/FlowGraphUITests"].flatMap(Repository.flowFiles(in:))
        return paths.compactMap { try? Repository.source($0) }
    }()

    /// Text an edit puts in: names, moves, docs, comments opened and closed, strings, braces, lines.
    static let snippets = ["x", "Step", "on tapped -> push Detail\n", "\n", "    ", "/// A doc.\n", "/*", "*/", "\"", "// c\n",
                           "// flowgraph:ignore dead-end\n", "{", "}", "é", "`step`", "->", "(a: Int)", "flow F {\n", "step"]

    /// What a lexing produced, as text: each token with its text and docs, the ignore comments, the errors.
    static func describe(_ lexed: LexedFile) -> [String] {
        let texts = lexed.lexer.texts
        return lexed.tokens.map { "\($0.kind) \($0.start)-\($0.end) \($0.isAtLineStart) \($0.isEscaped) \(texts[$0]) \(texts.doc($0))" }
            + lexed.lexer.ignores.map { String(reflecting: $0) } + lexed.lexer.diagnostics.map { "\($0.range) \($0.message)" }
    }

    @Test func randomEditsLexAsTheWholeText() {
        var random = SplitMix(seed: 30)
        var relexed = 0
        var edits = 0
        for source in Self.sources {
            var lexed = LexedFile(file: 0, bytes: source.bytes)
            for _ in 0..<12 {
                var bytes = lexed.bytes
                let start = Int(random.next() % UInt64(bytes.count + 1))
                let end = min(bytes.count, start + Int(random.next() % 12) * Int(random.next() % 2))
                let insert = Array(Self.snippets[Int(random.next() % UInt64(Self.snippets.count))].utf8)
                bytes.replaceSubrange(start..<end, with: random.next() % 4 == 0 ? [] : insert)
                if lexed.relexed(bytes, file: 0) != nil { relexed += 1 }
                let edited = lexed.edited(to: bytes, file: 0)
                let whole = LexedFile(file: 0, bytes: bytes)
                #expect(Self.describe(edited) == Self.describe(whole), "\(source.path): \(start)..<\(end)")
                edits += 1
                lexed = edited  // The next edit starts from the edited lexing, as the server's do.
            }
        }
        // Many edits are lexed again in part: not those in a file's first token, nor in a file with
        // a lexical error (some samples have one, and an edit that opens a comment or a string makes one).
        #expect(relexed * 3 > edits, "\(relexed) of \(edits) edits lexed in part")
    }

    /// The language server's edit: a name renamed in the middle of a large file is lexed again
    /// from the token before it to the one after, and parses as the whole.
    @Test func aRenameParsesAsTheWholeText() throws {
        let clean = Self.sources.filter { LexedFile(file: 0, bytes: $0.bytes).lexer.diagnostics.isEmpty }
        let text = clean.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
        let before = LexedFile(file: 0, bytes: Array(text.utf8))
        let anchor = try #require(text.range(of: " on ", range: text.index(text.startIndex, offsetBy: text.utf8.count / 2)..<text.endIndex))
        let renamed = Array(text.replacingCharacters(in: anchor, with: " on renamedV2").utf8)
        let after = try #require(before.relexed(renamed, file: 0))
        #expect(Self.describe(after) == Self.describe(LexedFile(file: 0, bytes: renamed)))
        let source = SourceFile(path: "test.flow", bytes: renamed)
        #expect(String(reflecting: Parser.parse(source, file: 0, lexed: after)) == String(reflecting: Parser.parse(source, file: 0)))
    }
}
