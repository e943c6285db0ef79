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

    /// `bytes` with a random range replaced by a snippet (or deleted, one time in four), and the range.
    static func randomEdit(of bytes: [UInt8], _ random: inout SplitMix) -> (bytes: [UInt8], range: Range<Int>) {
        var edited = bytes
        let start = random.below(bytes.count + 1)
        let end = min(bytes.count, start + random.below(12) * random.below(2))
        let insert = Array(snippets[random.below(snippets.count)].utf8)
        edited.replaceSubrange(start..<end, with: random.below(4) == 0 ? [] : insert)
        return (edited, start..<end)
    }

    @Test func randomEditsLexAsTheWholeText() {
        var random = SplitMix(seed: 30)
        var relexed = 0
        var edits = 0
        for source in Self.sources {
            var lexed = LexedFile(file: 0, bytes: source.bytes)
            for _ in 0..<12 {
                let (bytes, range) = Self.randomEdit(of: lexed.bytes, &random)
                if lexed.relexed(bytes, file: 0) != nil { relexed += 1 }
                let edited = lexed.edited(to: bytes, file: 0)
                let whole = LexedFile(file: 0, bytes: bytes)
                #expect(Self.describe(edited) == Self.describe(whole), "\(source.path): \(range)")
                edits += 1
                lexed = edited  // The next edit starts from the edited lexing, as the server's do.
            }
        }
        // Many edits are lexed again in part: not those in a file's first token, nor in a file with
        // a lexical error (some samples have one, and an edit that opens a comment or a string makes one).
        #expect(relexed * 3 > edits, "\(relexed) of \(edits) edits lexed in part")
    }

    /// An edited file's flows before the change are taken as they were, the rest parsed: the same
    /// trees, imports, journeys and errors as the whole new text parsed. Chains of random edits of
    /// each sample (after an edit that makes a syntax error the file is parsed whole, and must still
    /// agree), and single edits of the samples without a syntax error in one file, most of which
    /// come after some flows.
    @Test func randomEditsParseAsTheWholeText() {
        var random = SplitMix(seed: 48)
        var kept = 0
        func edit(_ source: SourceFile, _ lexed: LexedFile, _ parsed: ParseCache.Parsed) -> (LexedFile, ParseCache.Parsed) {
            let (bytes, range) = Self.randomEdit(of: lexed.bytes, &random)
            let edited = SourceFile(path: source.path, bytes: bytes)
            let relexed = lexed.edited(to: bytes, file: 0)
            if parsed.diagnostics.isEmpty, parsed.flows.first.map({ $0.end <= relexed.unchangedUpTo }) == true { kept += 1 }
            let reparsed = Parser.parse(edited, file: 0, lexed: relexed, editing: parsed)
            #expect(String(reflecting: reparsed) == String(reflecting: Parser.parse(edited, file: 0)), "\(source.path): \(range)")
            return (relexed, reparsed)
        }
        for source in Self.sources {
            var lexed = LexedFile(file: 0, bytes: source.bytes)
            var parsed = Parser.parse(source, file: 0, lexed: lexed)
            for _ in 0..<12 { (lexed, parsed) = edit(source, lexed, parsed) }
        }
        let clean = Self.sources.filter { Parser.parse($0, file: 0).diagnostics.isEmpty }
        let joined = SourceFile(path: "all.flow", text: clean.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n"))
        let lexed = LexedFile(file: 0, bytes: joined.bytes)
        let parsed = Parser.parse(joined, file: 0, lexed: lexed)
        for _ in 0..<24 { _ = edit(joined, lexed, parsed) }
        #expect(kept > 60, "only \(kept) edits kept a flow")
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
        let original = SourceFile(path: "test.flow", bytes: before.bytes)
        let edited = Parser.parse(source, file: 0, lexed: after, editing: Parser.parse(original, file: 0, lexed: before))
        #expect(String(reflecting: edited) == String(reflecting: Parser.parse(source, file: 0)))
    }
}
