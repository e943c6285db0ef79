import Testing

@testable import FlowGraph

/// The editor's knowledge of names (Sources/FlowGraph/Editing), on byte ranges: what each name is
/// bound to, and renames that keep the program as it was.
@Suite("Editing: symbols and renames")
struct EditingTests {
    static let program = """
    destinations Screens {
        step Movie(movie: MovieID) {
            on trailerTapped -> sheet Trailer locked while isPlaying
        }
        step Trailer { on doneTapped -> dismiss }
        guard isPlaying
        on moviePicked(movie: MovieID) -> push Movie
    }

    flow Home tabs {
        start Discover if isNew else Profile
        guard isNew
        step Discover runs DiscoverFlow
        step Profile runs ProfileFlow
        on showProfile -> select Profile
    }

    flow DiscoverFlow {
        start Trending
        use Screens
        link "/movies/{movie}" -> Movie
        link "/settings/privacy" -> sheet `Settings` at Privacy
        step Trending {
            on settingsTapped -> sheet `Settings` at Privacy
        }
        step `Settings` runs SettingsFlow { on done -> dismiss }
    }

    flow ProfileFlow {
        start Me
        use Screens
        step Me
    }

    flow SettingsFlow {
        start General
        step General { on privacyTapped -> push Privacy }
        step Privacy { on doneTapped -> exit done }
        exit done
    }

    """

    static func compile(_ text: String = program) -> Compiler.Compilation {
        Compiler.compile([SourceFile(path: "a.flow", text: text)])
    }

    /// The texts of `symbol`'s occurrences, with whether each is its declaration.
    static func occurrences(_ symbol: EditorSymbol, _ compilation: Compiler.Compilation) -> [(String, Bool)] {
        SymbolIndex(compilation).occurrences(of: symbol).map { (compilation.files[0].text($0.range.start..<$0.range.end), $0.isDeclaration) }
    }

    @Test func theProgramChecksWithoutErrors() {
        #expect(Self.compile().diagnostics.map(\.message) == [])
    }

    @Test func aGroupsStepIsOneSymbolInEveryFlowThatUsesIt() {
        let compilation = Self.compile()
        let movie = Self.occurrences(EditorSymbol(.step, scope: "Screens", name: "Movie"), compilation)
        // Declared in the group, shown by the group's clause, opened by DiscoverFlow's link.
        #expect(movie.map(\.0) == ["Movie", "Movie", "Movie"])
        #expect(movie.map(\.1) == [true, false, false])
        #expect(Self.occurrences(EditorSymbol(.guard, scope: "Screens", name: "isPlaying"), compilation).count == 2)
    }

    @Test func atStartConditionsAndBackticksBindAsTheResolverDoes() {
        let compilation = Self.compile()
        // A link's `at` names the subflow's step too.
        #expect(Self.occurrences(EditorSymbol(.step, scope: "SettingsFlow", name: "Privacy"), compilation).map(\.0)
            == ["Privacy", "Privacy", "Privacy", "Privacy"])
        #expect(Self.occurrences(EditorSymbol(.guard, scope: "Home", name: "isNew"), compilation).count == 2)
        #expect(Self.occurrences(EditorSymbol(.step, scope: "Home", name: "Profile"), compilation).count == 3)
        #expect(Self.occurrences(EditorSymbol(.step, scope: "DiscoverFlow", name: "Settings"), compilation).map(\.0)
            == ["`Settings`", "`Settings`", "`Settings`"])
        #expect(Self.occurrences(EditorSymbol(.exit, scope: "SettingsFlow", name: "done"), compilation).count == 3)
        #expect(Self.occurrences(EditorSymbol(.flow, scope: "", name: "SettingsFlow"), compilation).count == 2)
        #expect(Self.occurrences(EditorSymbol(.group, scope: "", name: "Screens"), compilation).count == 3)
    }

    /// A link that decides names a guard and another step: a rename changes them too.
    @Test func aLinksGuardAndOtherTargetAreOccurrences() throws {
        let text = """
            flow App {
                start Home
                guard isSignedIn
                link "/pledges/{pledge}" -> Pledge if isSignedIn else sheet SignIn
                step Home { on pledgeTapped(pledge: Int) -> push Pledge }
                step Pledge(pledge: Int)
                step SignIn { on doneTapped -> dismiss }
            }
            """
        let compilation = Self.compile(text)
        #expect(compilation.diagnostics.map(\.message) == [])
        #expect(Self.occurrences(EditorSymbol(.guard, scope: "App", name: "isSignedIn"), compilation).count == 2)
        #expect(Self.occurrences(EditorSymbol(.step, scope: "App", name: "SignIn"), compilation).count == 2)
        let edits = EditorRename.edits(renaming: EditorSymbol(.guard, scope: "App", name: "isSignedIn"), to: "hasAccount",
                                       index: SymbolIndex(compilation), in: compilation)
        let renamed = String(decoding: TextEdit.apply(try edits.get(), to: compilation.files)[0].bytes, as: UTF8.self)
        #expect(renamed.contains("-> Pledge if hasAccount else sheet SignIn"))
    }

    /// Renames `symbol` and returns the program's new text, or the refusal.
    static func rename(_ symbol: EditorSymbol, to name: String) -> Result<String, EditorRename.Refusal> {
        let compilation = compile()
        return EditorRename.edits(renaming: symbol, to: name, index: SymbolIndex(compilation), in: compilation).map {
            String(decoding: TextEdit.apply($0, to: compilation.files)[0].bytes, as: UTF8.self)
        }
    }

    @Test func aRenameKeepsBackticksAndMayUseAKeyword() throws {
        let backticked = try Self.rename(EditorSymbol(.step, scope: "DiscoverFlow", name: "Settings"), to: "Preferences").get()
        #expect(backticked.contains("step `Preferences` runs SettingsFlow"))
        #expect(backticked.contains("sheet `Preferences` at Privacy"))
        // Keywords are contextual: a step may be named `tabs`, and the program means the same.
        let keyword = try Self.rename(EditorSymbol(.step, scope: "Screens", name: "Trailer"), to: "tabs").get()
        #expect(keyword.contains("sheet tabs locked while isPlaying"))
        #expect(Self.compile(keyword).diagnostics.map(\.message) == [])
    }

    @Test func aRenameThatCollidesOrBreaksIsRefused() {
        // Me is in ProfileFlow, which uses Screens: a group step named Me would clash there.
        let clash = Self.rename(EditorSymbol(.step, scope: "Screens", name: "Trailer"), to: "Me")
        #expect(clash.failure?.message.contains("already has that name") == true)
        #expect(Self.rename(EditorSymbol(.flow, scope: "", name: "Home"), to: "Screens").failure != nil)
        #expect(Self.rename(EditorSymbol(.exit, scope: "SettingsFlow", name: "done"), to: "a b").failure?.message
            .contains("not a valid name") == true)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

/// Every symbol of the samples and the real apps renamed, one at a time: the program keeps its
/// findings, rule for rule. A name the index bound differently from the resolver would be left
/// behind, and show as an unknown name.
@Suite("Editing: renaming every symbol of the real programs")
struct EditingRealProgramTests {
    static var programs: [[String]] {
        ["samples/shop", "samples/movies", "samples/mail"].map { Repository.flowFiles(in: $0) }
            + Repository.flowFiles(in: "Tests/FlowGraphTests/Fixtures/real-apps").map { [$0] }
    }

    @Test(arguments: programs)
    func everyRenameKeepsTheFindings(paths: [String]) throws {
        let files = try paths.map(Repository.source)
        let compilation = Compiler.compile(files)
        let rules = compilation.diagnostics.map(\.rule.id).sorted()
        let index = SymbolIndex(compilation)
        #expect(index.symbols.count > 5)
        for symbol in index.symbols {
            let newName = [.flow, .group, .step, .alert].contains(symbol.kind) ? "ZzRenamed" : "zzRenamed"
            switch EditorRename.edits(renaming: symbol, to: newName, index: index, in: compilation) {
            case .failure(let refusal):
                Issue.record("\(symbol.description) in \(paths): \(refusal.message)")
            case .success(let edits):
                let after = Compiler.compile(TextEdit.apply(edits, to: files))
                #expect(after.diagnostics.map(\.rule.id).sorted() == rules, "\(symbol.description) in \(paths)")
            }
        }
    }
}
