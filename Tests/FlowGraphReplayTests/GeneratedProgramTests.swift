import FlowGraphRendering
import FlowGraphTestSupport
import Foundation
import Testing
@testable import FlowGraph
@testable import FlowGraphRuntime

/// The harness on generated programs (`HarnessGenerator`): every clean program of a fixed seed set
/// is replayed on the navigator (`Replay`), and (`GeneratedProgramOutputTests`) rendered by
/// Graphviz in process in every format, and its router type-checked with `swiftc` (many programs a
/// run, each in a namespace of its own). `FLOWGRAPH_HARNESS_SEEDS=N` takes N seeds instead of the
/// default 80 (the first 40 are rendered).
@MainActor
@Suite("Replay: generated programs", .serialized)
struct GeneratedProgramTests {
    nonisolated static let seeds: [UInt64] = Array(0..<UInt64(ProcessInfo.processInfo.environment["FLOWGRAPH_HARNESS_SEEDS"].flatMap(Int.init) ?? 80))

    /// A program of the seed set, compiled.
    struct Compiled {
        let seed: UInt64
        let text: String
        let constructs: Set<HarnessConstruct>
        let compilation: Compiler.Compilation
        var program: FlowProgram { compilation.program! }
    }

    nonisolated static func compiled(_ seeds: [UInt64]) -> [Compiled] {
        seeds.map { seed in
            let generated = HarnessGenerator.clean(seed: seed)
            return Compiled(seed: seed, text: generated.text, constructs: generated.constructs,
                            compilation: Compiler.compile([SourceFile(path: "seed-\(seed).flow", text: generated.text)]))
        }
    }

    @Test func everyCleanProgramReplaysOnTheNavigator() throws {
        var totals = Replay.Report()
        var complete = 0
        for item in Self.compiled(Self.seeds) {
            #expect(item.compilation.diagnostics.isEmpty, "seed \(item.seed): \(item.compilation.diagnostics)\n\(item.text)")
            guard item.compilation.program != nil, !item.compilation.hasAnyErrors else { continue }
            let report = try Replay.check(item.program, analysis: item.compilation.analysis)
            #expect(report.disagreements.isEmpty,
                    "seed \(item.seed): \(report.summary)\n\(report.disagreements.prefix(3).joined(separator: "\n"))\n\(item.text)")
            // The ways found, as journeys: `check` runs them on the same navigator by their names.
            if !report.journeys.isEmpty {
                let text = item.text + "\n\n" + report.journeys.joined(separator: "\n\n") + "\n"
                let checked = Compiler.compileAndRunJourneys([SourceFile(path: "seed-\(item.seed).flow", text: text)])
                #expect(checked.diagnostics.isEmpty,
                        "seed \(item.seed): \(checked.diagnostics.prefix(3))\n\(report.journeys.prefix(3).joined(separator: "\n"))")
                totals.journeys += report.journeys
            }
            totals.states += report.states
            totals.moves += report.moves
            totals.links += report.links
            totals.linksOpened += report.linksOpened
            totals.reachableSteps += report.reachableSteps
            if report.isComplete { complete += 1 }
        }
        // The figures of the note and docs/Development.md.
        print("replay: \(Self.seeds.count) programs (\(complete) searched completely), \(totals.summary), "
              + "\(totals.journeys.count) journeys held (\(totals.journeys.count { $0.contains(" receives (") }) with a result handed back)")
        #expect(complete * 5 >= Self.seeds.count * 2, "the states of most programs are all searched: \(complete) of \(Self.seeds.count)")
    }

    /// `flowgraph journeys --cover`: on every clean program, the journeys written hold when `check`
    /// runs them with the program, and take nearly all there is to take; what they do not take is
    /// named with why.
    @Test func journeysWrittenToCoverEveryProgramHold() throws {
        var targets = 0, covered = 0, journeys = 0, moves = 0, fromJourneys = 0, fromWithoutAWay = 0
        var reasons: [String: Int] = [:]
        for item in Self.compiled(Self.seeds) where item.compilation.program != nil && !item.compilation.hasAnyErrors {
            let report = try #require(JourneyCover.cover(item.compilation, kinds: Set(JourneyCover.Kind.allCases)))
            // And a journey `from` each screen they showed (their names are unique or qualified): the
            // way there is found as theirs was, and the journey starts there.
            var landed: [String] = []
            for line in report.source.split(separator: "\n") {
                guard let arrow = line.range(of: " -> ") else { continue }
                let words = line[arrow.upperBound...].split(separator: " ")
                guard var name = words.first.map(String.init) else { continue }
                if ["sheet", "cover", "popover"].contains(name), words.count > 1 { name = String(words[1]) }
                name = String(name.prefix { $0 != "(" })
                guard name.first?.isUppercase == true, !landed.contains(name) else { continue }
                landed.append(name)
            }
            let starts = landed.prefix(8).enumerated().map { "journey FromStep\($0.offset) from \($0.element) {\n    expect \($0.element)\n}" }
            let checked = Compiler.compileAndRunJourneys([SourceFile(path: "seed-\(item.seed).flow", text: item.text),
                                                          SourceFile(path: "cover.flow", text: report.source),
                                                          SourceFile(path: "from.flow", text: starts.joined(separator: "\n\n") + "\n")])
            // A `from` whose way the navigator does not follow says so ("a way to X (...)"); nothing else fails.
            let failures = checked.diagnostics.filter { !$0.message.contains("expected a way to ") }
            #expect(failures.isEmpty, "seed \(item.seed): \(failures.prefix(3))\n\(report.source.prefix(3000))")
            fromJourneys += starts.count
            fromWithoutAWay += checked.diagnostics.count - failures.count
            targets += report.targets
            covered += report.covered
            journeys += report.journeys
            moves += report.moves
            for item in report.uncovered { reasons[String(item.reason.prefix(60)), default: 0] += 1 }
        }
        // The figures of the note and docs/Journeys.md.
        print("from: \(fromJourneys) journeys from a screen the cover showed, \(fromWithoutAWay) without a way the navigator follows")
        print("cover: \(Self.seeds.count) programs, \(journeys) journeys (\(moves) moves) take \(covered) of \(targets); "
              + "not taken: \(reasons.sorted { $0.value > $1.value })")
        // The generated programs are harder than apps' (moves with `at`, tab items, guards asked
        // only where a flow starts): 72 % of their targets are taken today (100 % of the samples'
        // and of the 1,000-step benchmark's); this keeps that from falling.
        #expect(covered * 100 >= targets * 70, "\(covered) of \(targets)")
    }

    /// The planted programs whose finding describes a state (`invalid-pop`, `invalid-pop-to`,
    /// `invalid-dismiss`, `invalid-close`, `dead-end`): the finding's path replays to that state
    /// on the navigator, and no move is impossible anywhere else.
    @Test func everyPlantedStackFindingReplaysToItsState() throws {
        let kinds: Set<HarnessPlanting.Kind> = [.popAtBottom, .popToNotBelow, .dismissInBase, .closeAtBase, .coverWithoutWayOut,
                                               .dismissAfterPopInBase, .pushBelowInBase]
        var programs = 0
        var replayed = 0
        for seed in GeneratorTests.plantedSeeds {
            let generated = HarnessGenerator.planted(seed: seed)
            guard let planted = generated.planted, kinds.contains(planted.kind) else { continue }
            let compilation = Compiler.compile([SourceFile(path: "planted-\(seed).flow", text: generated.text)])
            let program = try #require(compilation.program)
            let findings = try #require(Replay.findings(of: compilation), "seed \(seed): \(compilation.diagnostics)")
            let report = try Replay.check(program, analysis: compilation.analysis, diagnostics: findings)
            #expect(report.disagreements.isEmpty,
                    """
                    planted seed \(seed) (\(planted.kind)): \(report.summary)
                    \(report.disagreements.prefix(3).joined(separator: "\n"))
                    \(generated.text)
                    """)
            #expect(report.findingsReplayed > 0 || !report.isComplete,
                    "planted seed \(seed) (\(planted.kind)): no finding replayed\n\(generated.text)")
            programs += 1
            replayed += report.findingsReplayed
        }
        print("replay: \(programs) planted programs, \(replayed) findings replayed to their state")
        #expect(programs >= 3 * kinds.count)
    }

    /// Every construct of the generator is in some program of the seed set.
    @Test func theSeedSetUsesEveryConstruct() {
        let used = Self.seeds.reduce(into: Set<HarnessConstruct>()) { $0.formUnion(HarnessGenerator.clean(seed: $1).constructs) }
        #expect(Set(HarnessConstruct.allCases).subtracting(used).isEmpty, "unused: \(Set(HarnessConstruct.allCases).subtracting(used))")
    }
}

/// What the clean programs of the seed set give besides their navigator: diagrams and a router
/// that compiles. Not on the main actor, where the navigator's replay runs: these run beside it.
@Suite("Replay: generated programs drawn and compiled")
struct GeneratedProgramOutputTests {
    @Test func everyCleanProgramRendersInEveryFormat() throws {
        var renders = 0
        for item in GeneratedProgramTests.compiled(Array(GeneratedProgramTests.seeds.prefix(40))) where !item.compilation.hasAnyErrors {
            let program = item.program
            let diagram = DiagramBuilder.build(program, diagnostics: item.compilation.diagnostics)
            for format in RenderFormat.allCases {
                do {
                    let bytes = try GraphvizRenderer.shared.render(diagram, format: format)
                    #expect(!bytes.isEmpty)
                    renders += 1
                } catch {
                    Issue.record("seed \(item.seed): \(format): \(error)\n\(item.text)")
                }
            }
            for flow in program.flows {
                let focused = DiagramBuilder.build(program, diagnostics: item.compilation.diagnostics, options: .init(focus: flow.name))
                do {
                    _ = try GraphvizRenderer.shared.render(focused, format: .svg)
                    renders += 1
                } catch {
                    Issue.record("seed \(item.seed): --flow \(flow.name): \(error)\n\(item.text)")
                }
            }
            do {
                _ = try MapPage.render(program, diagnostics: item.compilation.diagnostics, settings: MapPageSettings(title: "seed \(item.seed)"))
                renders += 1
            } catch {
                Issue.record("seed \(item.seed): page: \(error)\n\(item.text)")
            }
        }
        print("render: \(renders) renders")
    }

    /// Every clean program's router type-checks (Swift 6, complete concurrency checking, warnings
    /// as errors), 40 programs to a `swiftc` run, each in a namespace of its own.
    @Test func everyCleanProgramsRouterTypeChecks() throws {
        let programs = GeneratedProgramTests.compiled(GeneratedProgramTests.seeds).filter { !$0.compilation.hasAnyErrors }
        var checked = 0
        for start in stride(from: 0, to: programs.count, by: 40) {
            let batch = Array(programs[start..<min(start + 40, programs.count)])
            var sources: [String: String] = ["Stubs.swift": SwiftCompilation.stubs(for: batch.map(\.program))]
            for item in batch {
                sources["Router\(item.seed).swift"] = SwiftEmitter.emit(item.program, analysis: item.compilation.analysis,
                                                                         sources: ["seed-\(item.seed).flow"],
                                                                         options: .init(namespace: "Program\(item.seed)"))
            }
            let result = try SwiftCompilation.typecheck(sources)
            #expect(result.status == 0, "seeds \(batch.map(\.seed)):\n\(result.output.prefix(4000))")
            checked += batch.count
        }
        print("compile: \(checked) routers type-checked")
        #expect(checked == programs.count)
    }
}
