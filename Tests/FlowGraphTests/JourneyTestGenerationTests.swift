import FlowGraphFiles
import FlowGraphTestSupport
import Foundation
import Testing
@testable import FlowGraph

/// `flowgraph generate --tests` (issue 28 §5): each sample's journeys as Swift Testing tests,
/// compiled with the router as an app's test target would (Swift 6, warnings as errors) and run:
/// the compiled router does what the journeys say, as `check` found in process.
@MainActor
@Suite("Journeys as Swift tests", .serialized)
struct JourneyTestGenerationTests {
    /// What a test target adds: the app's own types (`SwiftCompilation.stubs`), a list of them
    /// made from a journey's text, and the entry point that runs Swift Testing's tests.
    static let support = """
        import FlowGraphRuntime
        import Testing

        extension Array: FlowGraphRuntime.JourneyValue where Element: LosslessStringConvertible {
            public init?(journeyText: String) { self = journeyText.split(separator: ",").compactMap { Element(String($0)) } }
            public var journeyText: String { map(\\.description).joined(separator: ",") }
        }

        @main
        struct JourneyTestsMain {
            static func main() async { await Testing.__swiftPMEntryPoint() as Never }
        }

        """

    /// Builds and runs the program's router with its generated tests; the run's status and output.
    static func run(_ files: [SourceFile], tests: String? = nil, recording: String? = nil) throws -> (status: Int32, output: String, tests: String) {
        let compilation = Compiler.compile(files)
        let program = try #require(compilation.program)
        let names = files.map { ($0.path as NSString).lastPathComponent }
        let router = SwiftEmitter.emit(program, analysis: compilation.analysis, sources: names)
        let generated = try #require(JourneyTestEmitter.emit(compilation, sources: names, options: SwiftEmitter.Options()))
        let run = try SwiftCompilation.run(["FlowRouter.swift": router, "FlowJourneyTests.swift": tests ?? generated,
                                            "Stubs.swift": SwiftCompilation.stubs(for: program), "Main.swift": support],
                                           environment: recording.map { path in
                                               ProcessInfo.processInfo.environment.merging(["FLOWGRAPH_RECORDING": path]) { _, new in new }
                                           })
        return (run.status, run.output, generated)
    }

    @Test(arguments: SampleTests.appFolders)
    func everySamplesJourneysPassOnItsCompiledRouter(folder: String) throws {
        let files = try Repository.flowFiles(in: folder).map(Repository.source)
        let run = try Self.run(files)
        #expect(run.status == 0, "\(run.output.suffix(3000))")
        let journeys = Compiler.compile(files).program?.journeys.count ?? 0
        #expect(journeys > 0)
        #expect(run.output.contains("Test run with \(journeys) test"), "\(run.output.suffix(1500))")
        if ProcessInfo.processInfo.environment["FLOWGRAPH_SHOW_RUN"] != nil { print(run.output) }
    }

    /// The journeys `journeys --cover` writes for the shop (every transition and guard answer),
    /// played on the compiled router: `check`'s navigator and the app's agree on each of their lines.
    @Test func theShopsCoverageJourneysPassOnItsCompiledRouter() throws {
        let files = try Repository.flowFiles(in: "samples/shop").map(Repository.source)
        let cover = try #require(JourneyCover.cover(Compiler.compile(files), kinds: [.transitions, .guards]))
        let run = try Self.run(files + [SourceFile(path: "ShopCoverage.flow", text: cover.source)])
        #expect(run.status == 0, "\(run.output.suffix(3000))")
        #expect(run.output.contains("Test run with \(cover.journeys + 4) tests"), "\(run.output.suffix(1500))")
    }

    /// The shop's journeys played on its compiled router with `FLOWGRAPH_RECORDING` set: the
    /// recording says what they exercised, and `flowgraph coverage` measures it on the program.
    @Test func aRecordingOfTheShopsJourneysMeasuresTheirCoverage() throws {
        let files = try Repository.flowFiles(in: "samples/shop").map(Repository.source)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-\(UUID().uuidString).flowrec").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Self.run(files, recording: path)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        // The recording `make demo` measures and draws: the same bytes (FLOWGRAPH_RECORD=1 writes them).
        let kept = Repository.url("samples/shop/ShopJourneys.flowrec")
        if ProcessInfo.processInfo.environment["FLOWGRAPH_RECORD"] != nil { try text.write(to: kept, atomically: true, encoding: .utf8) }
        #expect(try String(contentsOf: kept, encoding: .utf8) == text, "samples/shop/ShopJourneys.flowrec is stale: FLOWGRAPH_RECORD=1")
        // Every move of the four journeys, in the order Swift Testing ran them.
        #expect(lines.count == 20, "\(text)")
        #expect(text.contains(#"{"version":1,"cause":"link","flow":"Shop","link":"/products/{product}","from":"Shop.Catalog","clauses":[],"#))
        #expect(text.contains(#""cause":"event","name":"Shop.writeReviewTapped","from":"Shop.Reviews","clauses":[],"#
                              + #""guards":[{"flow":"Shop","guard":"isLoggedIn","answer":true},{"flow":"Shop","guard":"canReview","answer":false}],"#
                              + #""status":"blocked"}"#), "\(text)")
        // A button without a move is recorded too (it closes its dialog).
        #expect(text.contains(#""clauses":[{"flow":"Shop","step":null,"trigger":"keepSignedInTapped","ordinal":0,"branch":0,"#
                              + #""alert":"SignOut","button":1}]"#),
                "\(text)")
        // An exit's handler is recorded after the clause that took the exit.
        #expect(text.contains(#"{"flow":"ShopLogin","step":"SignIn","trigger":"cancelTapped","ordinal":0,"branch":0},"#
                              + #"{"flow":"Shop","step":"Login","trigger":"cancelled","ordinal":0,"branch":0}"#), "\(text)")
        #expect(text.contains(#"{"flow":"Shop","step":null,"trigger":"signOutConfirmed","ordinal":0,"branch":0,"alert":"SignOut","button":0}"#),
                "\(text)")

        let moves = try #require(try? FlowGraphFiles.RecordingFile.read(path))
        let program = try #require(Compiler.compile(files).program)
        let coverage = RecordingCoverage.measure(moves, in: program, kinds: [.transitions, .guards])
        #expect(coverage.moves == 20 && coverage.unknown.isEmpty, "\(coverage.unknown)")
        let exercised = Set(coverage.items.filter { $0.times > 0 }.map(\.what))
        #expect(exercised.contains("Shop.Catalog: productPicked: push"))
        #expect(exercised.contains("Shop.canReview: no"))
        #expect(exercised.contains("Shop.SignOut: signOutConfirmed") && exercised.contains("Shop.SignOut: keepSignedInTapped"))
        #expect(exercised.contains("Shop.Login: cancelled: dismiss"))
        #expect(exercised.contains("Shop: link /products/{product}"))
        #expect(!exercised.contains("Shop.canReview: yes"))
        #expect(coverage.exercised > 10 && coverage.exercised < coverage.items.count, "\(coverage.exercised) of \(coverage.items.count)")
    }

    /// A journey the compiled router does not follow fails its test, at its line: here the test
    /// is changed by hand to expect another screen, as a router that disagreed would show.
    @Test func aLineTheRouterDoesNotFollowFailsWithItsPlace() throws {
        let text = """
            flow Shop {
                start Catalog
                guard isSignedIn
                step Catalog {
                    on accountTapped -> push Account if isSignedIn else sheet Login
                }
                step Account
                step Login
            }
            journey Guest {
                given !isSignedIn
                accountTapped -> sheet Login
            }
            """
        let files = [SourceFile(path: "Shop.flow", text: text)]
        let holding = try Self.run(files)
        #expect(holding.status == 0, "\(holding.output.suffix(2000))")
        #expect(holding.tests.contains("guards.answers[\"isSignedIn\"] = false"))
        #expect(holding.tests.contains("navigator.send(FlowRouter.Event.shop(.accountTapped))"))
        let broken = holding.tests.replacingOccurrences(of: "guards.answers[\"isSignedIn\"] = false", with: "")
        let failing = try Self.run(files, tests: broken)
        #expect(failing.status != 0)
        #expect(failing.output.contains("Shop.flow:12: expected sheet Login; the program shows Shop.Account"), "\(failing.output.suffix(2000))")
    }
}
