import Testing
@testable import FlowGraph

/// Names as numbers: every distinct name of a program's files has one number (`Name.id`), which the
/// resolver's tables read instead of hashing the text.
@Suite("Names as numbers")
struct NameNumberTests {
    /// Every name the parser made in `tree`: each flow's, step's, clause's event and target.
    private static func names(_ tree: SyntaxTree) -> [Name] {
        tree.flows.flatMap { flow -> [Name] in
            [flow.name] + flow.steps.flatMap { step -> [Name] in
                [step.name] + (step.runs.map { [$0] } ?? []) + step.inputs.map(\.name)
                    + step.clauses.flatMap { [$0.event] + ($0.action?.target.map { [$0] } ?? []) + $0.payload.map(\.name) }
            } + flow.exits.map(\.name) + flow.guards.map(\.name)
        }
    }

    /// Two names have the same number exactly when they have the same text, across the files of
    /// a program, and every number is below the program's count.
    private static func expectNumbersFollowTexts(_ tree: SyntaxTree, _ comment: Comment? = nil) {
        let names = Self.names(tree)
        #expect(!names.isEmpty)
        var numberOfText: [String: NameID] = [:]
        var textOfNumber: [NameID: String] = [:]
        for name in names {
            #expect(name.id != .none, comment)
            #expect(name.id.index < tree.names.count, comment)
            #expect(numberOfText[name.text, default: name.id] == name.id, "\(name.text)")
            #expect(textOfNumber[name.id, default: name.text] == name.text, "\(name.text)")
            numberOfText[name.text] = name.id
            textOfNumber[name.id] = name.text
        }
    }

    @Test func aNameHasOneNumberInEveryFileOfTheProgram() throws {
        let files = try Repository.flowFiles(in: "samples/shop").map(Repository.source)
        #expect(files.count > 1)
        let (tree, _) = Compiler.parse(files)
        Self.expectNumbersFollowTexts(tree)
        // A flow run from another file is found by its number.
        let runs = tree.flows.flatMap(\.steps).compactMap(\.runs)
        let flowIDs = Set(tree.flows.map(\.name.id))
        #expect(!runs.isEmpty && runs.allSatisfy { flowIDs.contains($0.id) })
    }

    /// The language server keeps parses between compilations: a kept file's names and those of a
    /// file parsed again after an edit (whole, or only after the edit) are numbered alike.
    @Test func keptAndNewParsesAgreeOnNumbers() {
        let cache = ParseCache()
        var main = ParseCacheTests.main
        let files = { [main, ParseCacheTests.signIn] }
        Self.expectNumbersFollowTexts(Compiler.parse(files(), cache: cache).0)
        for (number, edit) in ["flow Extra { start A\n step A { on go -> push B }\n step B {} }\n", "// a comment\n"].enumerated() {
            main = SourceFile(path: main.path, text: String(decoding: main.bytes, as: UTF8.self) + "\n" + edit)
            let (tree, _) = Compiler.parse(files(), cache: cache)
            Self.expectNumbersFollowTexts(tree, "edit \(number)")
            #expect(cache.reusedCount == 1, "edit \(number): the other file is kept")
        }
        // A name's number does not depend on its file's being parsed again: `SignIn` in the edited
        // file (a step runs it) and in the kept one (the flow).
        let (tree, _) = Compiler.parse(files(), cache: cache)
        let signIn = Self.names(tree).filter { $0.text == "SignIn" }
        #expect(Set(signIn.map(\.range.file)) == [0, 1] && Set(signIn.map(\.id)).count == 1)
    }

    /// Past its limit of names the cache starts again: every file parsed anew, numbered afresh.
    @Test func aCacheWithTooManyNamesStartsAgain() {
        let cache = ParseCache()
        let files = [ParseCacheTests.main, ParseCacheTests.signIn]
        _ = Compiler.parse(files, cache: cache)
        _ = Compiler.parse(files, cache: cache)
        #expect(cache.reusedCount == 2, "under the limit, both files are kept")
        cache.namesBeforeRenumbering = 5
        let (tree, _) = Compiler.parse(files, cache: cache)
        #expect(cache.reusedCount == 0 && cache.parsedCount == 2, "past it, both are parsed again")
        Self.expectNumbersFollowTexts(tree)
    }

    /// Names compare, hash and print by their text and place: the number follows from the text, and
    /// a file parsed again after an edit may number its names otherwise than parsed whole.
    @Test func aNameIsItsTextAndPlace() {
        let range = SourceRange(file: 0, start: 3, end: 7)
        let numbered = Name(text: "Home", range: range, id: NameID(raw: 5))
        let other = Name(text: "Home", range: range, id: NameID(raw: 9))
        #expect(numbered == other && numbered.hashValue == other.hashValue)
        #expect(String(reflecting: numbered) == String(reflecting: other))
        #expect(numbered != Name(text: "Away", range: range, id: NameID(raw: 5)))
    }

    @Test func anIndexKeepsTheFirstOfEachNumberUntilEmptied() {
        var index = NameIndex(count: 4)
        let inserted = [index.insertFirst(NameID(raw: 2), 7), index.insertFirst(NameID(raw: 2), 8), index.insertFirst(.none, 1)]
        #expect(inserted == [true, false, false], "the first of a number is kept; no number is none")
        #expect(index[NameID(raw: 2)] == 7 && index[NameID(raw: 1)] == nil && index[.none] == nil)
        index.fill(4) { NameID(raw: UInt32([3, 0, 3, 1][$0])) }
        #expect(index[NameID(raw: 2)] == nil, "filling empties it first")
        #expect([3, 0, 1].map { index[NameID(raw: UInt32($0))] } == [0, 1, 2], "positions of the distinct names, in order")
        index.removeAll()
        #expect((0..<4).allSatisfy { index[NameID(raw: UInt32($0))] == nil })
    }
}
