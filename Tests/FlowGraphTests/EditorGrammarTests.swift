import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// The keyword lists of the editors' grammars (editors/vscode's TextMate grammar, editors/vim's
/// syntax file), generated from `Keyword` and, for the ignore comments, from `Rule`: a word added to
/// the table and forgotten in a grammar would stay uncoloured in every editor without anyone
/// noticing, so the lists are never copied by hand. Each grammar keeps its context (where a word is
/// a keyword: at a line's start, after `->`) and owns it; the table owns the words. A list is one
/// alternation, `\b(?:flow|destinations|import)\b` in the TextMate grammar and
/// `\<\%(flow\|destinations\|import\)\>` in Vim, which this file finds by a stable key.
enum EditorKeywords {
    /// The words after which the grammars colour the name being declared (`flow Checkout`,
    /// `step Cart`): a fact of the grammar, not of the table, which the tests below keep inside it.
    static let naming: Set<String> = ["flow", "destinations", "step", "exit", "guard", "alert", "dialog"]

    /// One generated list: the key that finds it in an editor file, and its words in the table's order.
    struct List: Sendable {
        let key: String
        let words: [String]
    }

    /// Every generated list. The members are split in two because a grammar colours the name after
    /// `step` as a declaration and the one after `on` as a use.
    static var lists: [List] {
        [List(key: "keyword-declaration", words: Keyword.declarations),
         List(key: "keyword-member-naming", words: Keyword.members.filter { naming.contains($0) }),
         List(key: "keyword-member", words: Keyword.members.filter { !naming.contains($0) }),
         List(key: "keyword-action", words: Keyword.actions),
         List(key: "keyword-modifier", words: Keyword.modifiers),
         List(key: "rule-id", words: Rule.allCases.map(\.id))]
    }

    /// How an editor file writes a list, as raw text (the words need no escaping in either
    /// language: a test below holds them to letters and hyphens).
    struct Format: Sendable {
        /// The file, relative to the repository.
        let path: String
        /// The text that starts the list's entry, from its key.
        let anchor: @Sendable (String) -> String
        /// Text after the anchor that starts the line holding the list (the JSON's `"match": "`).
        let lead: String?
        let open: String
        let separator: String
        let close: String

        func expected(_ list: List) -> String { open + list.words.joined(separator: separator) + close }
    }

    /// In the JSON file the regex is a JSON string, so its `\b` is written `\\b`.
    static let textMate = Format(
        path: "editors/vscode/syntaxes/flow.tmLanguage.json", anchor: { "\"\($0)\": {" }, lead: "\"match\": \"",
        open: #"\\b(?:"#, separator: "|", close: #")\\b"#)

    /// A Vim group per list, named from the key: `keyword-member-naming` is `flowMemberNaming`.
    static let vim = Format(
        path: "editors/vim/syntax/flow.vim", anchor: { "\nsyntax match \(vimGroup($0)) " }, lead: nil,
        open: #"\<\%("#, separator: #"\|"#, close: #"\)\>"#)

    static func vimGroup(_ key: String) -> String {
        "flow" + key.split(separator: "-").dropFirst(key.hasPrefix("keyword-") ? 1 : 0).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Where the words of `list` are in `text`: between the format's `open` and `close`, on the
    /// line that the anchor (and the lead) start. Nil when the file has no such list.
    static func wordsRange(of list: List, in text: String, format: Format) -> Range<String.Index>? {
        guard let anchor = text.range(of: format.anchor(list.key)) else { return nil }
        var from = anchor.upperBound
        if let lead = format.lead {
            guard let found = text.range(of: lead, range: from..<text.endIndex) else { return nil }
            from = found.upperBound
        }
        guard let open = text.range(of: format.open, range: from..<text.endIndex),
              let close = text.range(of: format.close, range: open.upperBound..<text.endIndex),
              !text[from..<close.upperBound].contains("\n") else { return nil }
        return open.upperBound..<close.lowerBound
    }

    /// What is stale in `text`, one message a list; empty when every list is the table's.
    static func staleness(of text: String, format: Format) -> [String] {
        lists.compactMap { list in
            guard let range = wordsRange(of: list, in: text, format: format) else {
                return "\(format.path): no generated list '\(list.key)' (expected \(format.expected(list)))"
            }
            let found = text[range].components(separatedBy: format.separator)
            guard found != list.words else { return nil }
            let missing = list.words.filter { !found.contains($0) }, extra = found.filter { !list.words.contains($0) }
            return "\(format.path): '\(list.key)' is stale: it is \(format.open)\(text[range])\(format.close), the table makes it "
                + "\(format.expected(list)) (missing: \(missing.joined(separator: ", ")); not in the table: \(extra.joined(separator: ", ")))"
        }
    }

    /// `text` with every list found replaced by the table's: the rest of the file is left as written.
    static func refreshed(_ text: String, format: Format) -> String {
        var text = text
        for list in lists {
            guard let range = wordsRange(of: list, in: text, format: format) else { continue }
            text.replaceSubrange(range, with: list.words.joined(separator: format.separator))
        }
        return text
    }

    /// Checks a file's lists; with `FLOWGRAPH_RECORD=1` rewrites the stale ones and still fails, as
    /// `expectGolden` does, so that a recording never passes silently.
    static func check(_ format: Format, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = Repository.url(format.path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let stale = staleness(of: text, format: format)
        guard !stale.isEmpty else { return }
        if ProcessInfo.processInfo.environment["FLOWGRAPH_RECORD"] == "1" {
            try refreshed(text, format: format).write(to: url, atomically: true, encoding: .utf8)
            Issue.record("rewrote the keyword lists of \(format.path); run again without FLOWGRAPH_RECORD", sourceLocation: sourceLocation)
        } else {
            Issue.record("""
                \(stale.joined(separator: "\n"))
                The keyword lists are generated from Keyword (Sources/FlowGraph/Syntax/Keyword.swift) and Rule: \
                run FLOWGRAPH_RECORD=1 swift test --filter EditorGrammar to rewrite them.
                """, sourceLocation: sourceLocation)
        }
    }
}

@Suite("Editor grammars")
struct EditorGrammarTests {
    @Test func theTextMateGrammarsKeywordListsAreTheTables() throws {
        try EditorKeywords.check(EditorKeywords.textMate)
    }

    @Test func theVimSyntaxsKeywordListsAreTheTables() throws {
        try EditorKeywords.check(EditorKeywords.vim)
    }

    /// The raw text the lists are found in is JSON: read as JSON, each pattern holds its list, so
    /// the raw search cannot have found the words in the wrong entry.
    @Test func theTextMateGrammarIsJSONWhosePatternsHoldTheLists() throws {
        let data = try Data(contentsOf: Repository.url(EditorKeywords.textMate.path))
        let grammar = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(grammar["scopeName"] as? String == "source.flow")
        let repository = try #require(grammar["repository"] as? [String: Any])
        for list in EditorKeywords.lists {
            let entry = try #require(repository[list.key] as? [String: Any], "no repository entry \(list.key)")
            let match = try #require(entry["match"] as? String, "\(list.key) has no match")
            #expect(match.contains(#"\b(?:"# + list.words.joined(separator: "|") + #")\b"#), "\(list.key): \(match)")
        }
    }

    /// The staleness check fails on a grammar that lacks a word, or has one more, and the rewrite
    /// mends exactly that, leaving the rest of the file alone: shown on in-memory copies.
    @Test(arguments: [EditorKeywords.textMate, EditorKeywords.vim].map(\.path))
    func aStaleCopyFailsAndTheRewriteMendsIt(path: String) throws {
        let format = path == EditorKeywords.textMate.path ? EditorKeywords.textMate : EditorKeywords.vim
        let text = try String(contentsOf: Repository.url(path), encoding: .utf8)
        try #require(EditorKeywords.staleness(of: text, format: format).isEmpty)
        let actions = try #require(EditorKeywords.lists.first { $0.key == "keyword-action" })
        let full = actions.words.joined(separator: format.separator)
        let withoutPopTo = actions.words.filter { $0 != "popTo" }.joined(separator: format.separator)
        for (copy, word) in [(text.replacingOccurrences(of: full, with: withoutPopTo), "missing: popTo"),
                             (text.replacingOccurrences(of: full, with: full + format.separator + "teleport"), "not in the table: teleport")] {
            #expect(copy != text)
            let stale = EditorKeywords.staleness(of: copy, format: format)
            #expect(stale.count == 1 && stale[0].contains("'keyword-action' is stale") && stale[0].contains(word), "\(stale)")
            #expect(EditorKeywords.refreshed(copy, format: format) == text)
        }
        let withoutList = text.replacingOccurrences(of: format.anchor("keyword-modifier"), with: format.anchor("keyword-modifiers-old"))
        #expect(EditorKeywords.staleness(of: withoutList, format: format).contains { $0.contains("no generated list 'keyword-modifier'") })
    }

    /// Every word is letters (a rule id letters and hyphens), which neither regex language escapes,
    /// and the grammar's naming words are keywords of the table.
    @Test func theWordsNeedNoEscapingAndTheNamingWordsAreKeywords() {
        for list in EditorKeywords.lists {
            for word in list.words {
                #expect(!word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || (list.key == "rule-id" && ($0 == "-" || $0.isNumber))) },
                        "\(list.key): \(word)")
            }
        }
        let all = Set(Keyword.all.map(\.word))
        #expect(EditorKeywords.naming.isSubset(of: all), "\(EditorKeywords.naming.subtracting(all))")
        #expect(Set(EditorKeywords.lists.filter { $0.key.hasPrefix("keyword-") }.flatMap(\.words)) == all)
    }

    /// The table cannot fall behind the parser: every word the parser asks for by name
    /// (`isKeyword("…")`, and a `case "step":` label of its member switch) and every `ActionKind`
    /// is in `Keyword`, so in the grammars.
    @Test func everyWordTheParserAsksForIsInTheTable() throws {
        let folder = Repository.url("Sources/FlowGraph/Syntax")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let asked = try Regex(#"isKeyword\("([A-Za-z]+)"\)"#)
        let label = try Regex(#"^\s*case ((?:"[A-Za-z]+"(?:, )?)+):"#).anchorsMatchLineEndings()
        let quoted = try Regex(#""([A-Za-z]+)""#)
        var words: [String: String] = [:]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: asked) { words[String(match.output[1].substring ?? "")] = file }
            for match in text.matches(of: label) {
                for word in (match.output[1].substring ?? "").matches(of: quoted) { words[String(word.output[1].substring ?? "")] = file }
            }
        }
        #expect(words.count >= 15, "the scan found only \(words.keys.sorted()): has the parser's style changed?")
        // `push below` is `push` and the modifier `below`, two words.
        for word in ActionKind.allCases.flatMap({ $0.rawValue.split(separator: " ") }) { words[String(word)] = "ActionKind" }
        let table = Set(Keyword.all.map(\.word))
        for (word, file) in words.sorted(by: { $0.key < $1.key }) {
            #expect(table.contains(word),
                    "\(file) asks for the keyword '\(word)', which Keyword (Sources/FlowGraph/Syntax/Keyword.swift) does not list")
        }
    }

    /// The grammar in a real TextMate engine: `scripts/grammar-test` tokenizes a sample with
    /// python3's textmate-grammar-python (vscode-textmate's tokenizer ported, on Oniguruma) and checks
    /// the scopes. Where the package is missing the test is skipped, except under CI (`CI` set),
    /// where it fails: CI installs it (scripts/install-dependencies), and a grammar test that
    /// silently does not run is no test.
    @Test(.enabled(if: Self.engineIsPresent || Self.isCI, "python3's textmate-grammar-python is missing (scripts/install-dependencies installs it)"))
    func theGrammarColoursASampleInATextMateEngine() throws {
        try #require(Self.engineIsPresent, "CI is set, and python3's textmate-grammar-python is missing: scripts/install-dependencies installs it")
        let result = Self.run(["python3", "scripts/grammar-test"])
        #expect(result.status == 0, "scripts/grammar-test failed:\n\(result.output)")
        #expect(result.output.contains("grammar test: every check held"), "\(result.output)")
        print(result.output)
    }

    static var engineIsPresent: Bool { run(["python3", "-c", "import textmate_grammar.parsers.base"]).status == 0 }

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false }

    /// Runs a program found on PATH (python3 there is the one pip installs into) in the repository's root.
    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        do {
            let result = try ChildProcess.run("/usr/bin/env", arguments, in: Repository.root, mergingErrors: true)
            return (result.status, result.outputText)
        } catch {
            return (-1, "\(error)")
        }
    }

    /// The extension's manifest names files that exist, the grammar's scope, and the setting the
    /// client reads: VS Code would otherwise drop the contribution without a word.
    @Test func theExtensionsManifestNamesItsFiles() throws {
        let folder = Repository.url("editors/vscode")
        let data = try Data(contentsOf: folder.appendingPathComponent("package.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let contributes = try #require(manifest["contributes"] as? [String: Any])
        let language = try #require((contributes["languages"] as? [[String: Any]])?.first)
        let grammar = try #require((contributes["grammars"] as? [[String: Any]])?.first)
        #expect(language["id"] as? String == "flow" && grammar["language"] as? String == "flow")
        #expect(language["extensions"] as? [String] == [".flow"])
        #expect(grammar["scopeName"] as? String == "source.flow")
        for file in [manifest["main"], language["configuration"], grammar["path"]].compactMap({ $0 as? String }) {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "package.json names \(file), which is missing")
        }
        let configuration = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("language-configuration.json"))) as? [String: Any]
        #expect(configuration?["comments"] != nil)
        let properties = (contributes["configuration"] as? [String: Any])?["properties"] as? [String: Any]
        #expect((properties?["flowgraph.path"] as? [String: Any])?["default"] as? String == "flowgraph")
        #expect((manifest["dependencies"] as? [String: Any])?["vscode-languageclient"] != nil)
    }

    /// The client loaded by Node with stand-ins for `vscode` and vscode-languageclient
    /// (`scripts/vscode-extension-test`): it loads, runs `flowgraph lsp` from the setting and restarts
    /// on a change. Skipped without Node, even under CI: the real client is tested only in VS Code.
    @Test(.enabled(if: Self.run(["node", "--version"]).status == 0, "node is missing: the VS Code client's stand-in test needs it"))
    func theExtensionsClientStartsTheServerAgainstStandIns() {
        let result = Self.run(["node", "scripts/vscode-extension-test"])
        #expect(result.status == 0 && result.output.contains("every check held"), "\(result.output)")
    }

    /// The Vim syntax file in Vim: `scripts/vim-syntax-test` loads it on a sample with `vim -es`
    /// (or Neovim, which `scripts/install-dependencies` installs for the language server's test)
    /// and checks the syntax group of each word. Skipped with neither; under CI it fails then.
    static let vimProgram = ["vim", "nvim"].first { run([$0, "--version"]).status == 0 }

    @Test func theVimSyntaxColoursASampleInVim() {
        guard let vim = Self.vimProgram else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("neither vim nor nvim is installed (scripts/install-dependencies installs neovim)")
            } else {
                print("note: the Vim syntax file's test is skipped: neither vim nor nvim is installed")
            }
            return
        }
        let result = Self.run(["python3", "scripts/vim-syntax-test", "--vim", vim])
        #expect(result.status == 0 && result.output.contains("vim syntax test: every check held"), "\(result.output)")
    }
}
