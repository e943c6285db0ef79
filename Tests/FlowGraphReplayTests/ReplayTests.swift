import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph
@testable import FlowGraphRuntime

/// The checker's claims replayed on the navigator (`Replay`), on every sample, every program of
/// the fixtures that compiles without errors, and the smallest program of each defect the
/// harness was built to catch.
@MainActor
@Suite("Replay: the checker's claims on the navigator", .serialized)
struct ReplayTests {
    /// The repository's root folder.
    static let root = PackageFolder.root

    static func flowFiles(in folder: String) -> [SourceFile] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".flow") }.sorted().compactMap { relative in
            (try? Data(contentsOf: base.appendingPathComponent(relative))).map { SourceFile(path: folder + "/" + relative, bytes: [UInt8]($0)) }
        }
    }

    /// Replays `files` as one program, which must compile without errors; the report.
    @discardableResult
    static func replay(_ files: [SourceFile], limits: Replay.Limits = Replay.Limits(),
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Replay.Report {
        let compilation = Compiler.compile(files)
        let program = try #require(compilation.program, sourceLocation: sourceLocation)
        #expect(!compilation.hasAnyErrors, "\(compilation.diagnostics)", sourceLocation: sourceLocation)
        let report = try Replay.check(program, analysis: compilation.analysis, limits: limits)
        #expect(report.disagreements.isEmpty,
                "\(files.map(\.path)): \(report.summary)\n\(report.disagreements.prefix(5).joined(separator: "\n"))", sourceLocation: sourceLocation)
        return report
    }

    @discardableResult
    static func replay(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Replay.Report {
        try replay([SourceFile(path: "test.flow", text: text)], sourceLocation: sourceLocation)
    }

    @Test(arguments: ["samples/shop", "samples/movies", "samples/mail"])
    func everySampleReplays(folder: String) throws {
        let report = try Self.replay(Self.flowFiles(in: folder))
        #expect(report.states > 10 && report.links > 0)
    }

    /// Every fixture, error sample and fuzz input (the seed corpus, and the inputs that broke the
    /// fuzz harness) that compiles without errors (warnings are claims too), or
    /// whose only errors are moves that cannot be made (`invalid-pop`...): those replay to their state.
    @Test func everyFixtureWithoutErrorsReplays() throws {
        var replayed = 0
        var findingsReplayed = 0
        for folder in ["samples/errors", "Tests/FlowGraphTests/Fixtures/passing", "Tests/FlowGraphTests/Fixtures/locks",
                       "Tests/Fuzz/corpus", "Tests/Fuzz/regressions"] {
            for file in Self.flowFiles(in: folder) {
                // A fuzz input may hold several files, each after a line `%%%` (as the fuzz harness reads it).
                let parts = String(decoding: file.bytes, as: UTF8.self).components(separatedBy: "\n%%%\n")
                let compilation = Compiler.compile(parts.enumerated().map { SourceFile(path: "\(file.path)#\($0.offset)", text: $0.element) })
                guard let program = compilation.program, let findings = Replay.findings(of: compilation) else { continue }
                let report = try Replay.check(program, analysis: compilation.analysis, diagnostics: findings)
                #expect(report.disagreements.isEmpty, "\(file.path): \(report.summary)\n\(report.disagreements.prefix(5).joined(separator: "\n"))")
                replayed += 1
                findingsReplayed += report.findingsReplayed
            }
        }
        #expect(replayed > 20 && findingsReplayed > 3, "\(replayed) programs, \(findingsReplayed) findings replayed")
    }

    // MARK: The defects of issue 24, each the smallest program that showed it

    /// A link is opened from where the user is, whichever start choice they came through.
    @Test func aLinkOpensWhicheverStartTheGuardsChose() throws {
        let text = """
            flow App {
                start Intro if needsIntro else Home
                guard needsIntro
                link "/settings" -> Settings
                on settingsRequested -> sheet Settings
                step Intro {
                    on done -> root Home
                }
                step Home
                step Settings {
                    on closeTapped -> dismiss
                }
            }
            """
        try Self.replay(text)
        let driver = try Self.driver(text, answers: GuardAnswers(fallback: false))
        let outcome = driver.navigator.open(url: "/settings")
        #expect(outcome.status == .applied)
        #expect(driver.tops.map(\.description) == ["App.Settings"])
        #expect(driver.navigator.flows[driver.navigator.rootID]?.tabs[0].screens.map(\.description) == ["App.Home"])
    }

    /// A link's values for a tab's inputs reach the tab, and the subflow it runs.
    @Test func aLinksValuesReachATabAndItsSubflow() throws {
        let text = """
            flow App tabs {
                start Home
                link "wikipedia://places?lat={lat}&long={long}" -> Places
                step Home
                step Places(lat: Double?, long: Double?) runs PlacesFlow
            }
            flow PlacesFlow {
                start Map
                step Map(lat: Double?, long: Double?)
            }
            """
        try Self.replay(text)
        let driver = try Self.driver(text)
        #expect(driver.navigator.open(url: "wikipedia://places?lat=52.3&long=4.8").status == .applied)
        #expect(driver.navigator.current.description == "PlacesFlow.Map(lat: 52.3, long: 4.8)")
        let again = driver.navigator.open(url: "wikipedia://places?lat=52.3&long=4.8")
        #expect(again.status == .applied && again.commands.isEmpty)
    }

    /// An optional value a link gives a subflow's start, which the step running it does not have.
    @Test func aLinksOptionalValueReachesASubflowsStart() throws {
        let text = """
            flow App {
                start Home
                step Home {
                    on searchTapped -> push Search
                }
                step Search runs SearchFlow
            }
            flow SearchFlow {
                start Results
                link "/search?q={q}" -> Results
                step Results(q: String?)
            }
            """
        try Self.replay(text)
        let driver = try Self.driver(text)
        #expect(driver.navigator.open(url: "/search?q=swift").status == .applied)
        #expect(driver.navigator.current.description == "SearchFlow.Results(q: swift)")
    }

    /// A link of a destinations group with a move is made by the innermost flow on screen that uses it.
    @Test func aGroupsLinkMovesInTheInnermostFlowThatUsesIt() throws {
        let text = """
            destinations Shared {
                link "/status/{id}" -> push Thread
                step Thread(id: Int)
            }
            flow Home {
                start Timeline
                use Shared
                step Timeline {
                    on settingsTapped -> sheet Settings
                }
                step Settings runs SettingsFlow
            }
            flow SettingsFlow {
                start Main
                use Shared
                step Main
            }
            """
        try Self.replay(text)
        let driver = try Self.driver(text)
        driver.navigator.send(ReplayProgram.Value(owner: "home", caseName: "settingsTapped", values: []))
        #expect(driver.navigator.open(url: "/status/5").status == .applied)
        #expect(driver.navigator.current.description == "SettingsFlow.Thread(id: 5)")
        let home = try #require(driver.navigator.flows[driver.navigator.rootID])
        #expect(home.tabs[0].screens.map(\.description) == ["Home.Timeline"])
        #expect(home.layers.map { $0.screens.map(\.description) } == [["Home.Settings"]])
    }

    /// A link through `root` opened twice does nothing the second time.
    @Test func aLinkThroughRootOpenedTwiceDoesNothing() throws {
        let text = """
            flow App {
                start Splash
                link "/home" -> Home
                step Splash {
                    on ready -> root Home
                }
                step Home
            }
            """
        try Self.replay(text)
        let driver = try Self.driver(text)
        #expect(driver.navigator.open(url: "/home").status == .applied)
        let again = driver.navigator.open(url: "/home")
        #expect(again.status == .applied && again.commands.isEmpty)
    }

    /// A step reached only through an alert's button has a way in `ProgramGraph`.
    @Test func aStepReachedOnlyThroughAButtonHasAWay() throws {
        let text = """
            flow App {
                start Home
                alert SignOut {
                    on confirm -> push Accounts
                    on cancel
                }
                step Home {
                    on signOutTapped -> alert SignOut
                }
                step Accounts
            }
            """
        try Self.replay(text)
        _ = try Self.driver(text)
        let graph = ReplayNavigator.graph
        #expect(graph.steps.first { $0.name == "Accounts" }?.path == ["App.Home", "App.Accounts"])
    }

    /// A flow-level clause applies on every screen, most of which never send its event; the
    /// checker promises only that some state makes it possible (found by the fuzz harness: the
    /// replay sent `quit` from Home, where its `dismiss` cannot be made, and called it a disagreement).
    @Test func aFlowLevelMoveSentWhereNoScreenSendsItClaimsNothing() throws {
        let text = """
            flow Shop {
                start Home
                step Home {
                    on open -> cover Cart
                }
                step Cart
                on quit -> dismiss
            }
            """
        let report = try Self.replay(text)
        #expect(report.isComplete && report.states == 2)
    }

    /// A sheet locked while a guard holds is swiped away when it does not: the search tries the
    /// other answer even when the first refused the gesture.
    @Test func aSheetLockedWhileAGuardHoldsIsSwipedAwayWhenItDoesNot() throws {
        let text = """
            flow App {
                start Home
                guard isSaving
                step Home {
                    on editTapped -> sheet Editor locked while isSaving
                }
                step Editor {
                    on saved -> dismiss
                }
            }
            """
        try Self.replay(text)
        let driver = try Self.driver(text)
        driver.navigator.send(ReplayProgram.Value(owner: "app", caseName: "editTapped", values: []))
        #expect(driver.tops.map(\.description) == ["App.Editor"])
        var swiped: [String] = []
        Replay.tries(.swipe, from: NavigatorSnapshot(driver.navigator), driver: driver) { answers, outcome in
            swiped.append("\(answers): \(outcome.status)")
            return false
        }
        #expect(swiped == ["guards no: applied", "guards yes but isSaving=false: applied"])
    }

    /// Each move that cannot be made replays to its state: the step on top, the move impossible.
    @Test func aFindingsPathReplaysToTheStateItDescribes() throws {
        let text = """
            flow App {
                start Home
                step Home {
                    on detailTapped -> push Detail
                    on helpTapped -> cover Help
                    on closeTapped -> dismiss
                }
                step Detail {
                    on backTapped -> pop
                }
                step Help
            }
            """
        let compilation = Compiler.compile([SourceFile(path: "test.flow", text: text)])
        #expect(Set(compilation.diagnostics.map(\.rule)) == [.invalidDismiss, .deadEnd])
        let report = try Replay.check(#require(compilation.program), analysis: compilation.analysis, diagnostics: compilation.diagnostics)
        #expect(report.disagreements.isEmpty, "\(report.disagreements)")
        #expect(report.findingsReplayed == 2)
        // A finding the navigator does not bear out is a disagreement: Detail's pop can be made.
        let wrong = compilation.diagnostics.map { diagnostic in
            diagnostic.rule == .invalidDismiss
                ? Diagnostic(.invalidPop, "invalid pop", at: diagnostic.range, path: ["App.Home", "App.Detail"]) : diagnostic
        }
        let disagreeing = try Replay.check(#require(compilation.program), analysis: compilation.analysis, diagnostics: wrong)
        #expect(disagreeing.disagreements.count == 2, "\(disagreeing.disagreements)")
    }

    /// A handler of an exit its subflow never takes is no way to its target (found by the replay
    /// of the fuzz corpus: ProgramGraph had a way to steps the checker calls unreachable).
    @Test func anExitNeverTakenIsNoWay() throws {
        let text = """
            flow App {
                start Home
                step Home runs Inner {
                    on done -> push Next
                }
                step Next
            }
            flow Inner {
                start Page
                step Page
                exit done
            }
            """
        try Self.replay(text)
        let graph = ReplayNavigator.graph
        #expect(graph.steps.first { $0.name == "Next" }?.path == [])
        #expect(graph.steps.first { $0.name == "Page" }?.path == ["App.Home", "Inner.Page"])
    }

    /// A navigator of `text` (which must compile without errors) under `answers`.
    /// An event of the replayed program: `event("app", "accepted")`, with its payload's values as text.
    static func event(_ owner: String, _ name: String, _ values: [String] = []) -> ReplayProgram.Event {
        ReplayProgram.Value(owner: owner, caseName: name, values: values)
    }

    static func driver(_ text: String, answers: GuardAnswers = GuardAnswers(fallback: true)) throws -> ReplayDriver {
        let compilation = Compiler.compile([SourceFile(path: "test.flow", text: text)])
        let program = try #require(compilation.program)
        try ReplayProgram.load(program, analysis: compilation.analysis)
        let catalog = ReplayCatalog(program: program, model: ReplayProgram.model)
        return ReplayDriver(root: catalog.roots[0], answers: answers)
    }
}
