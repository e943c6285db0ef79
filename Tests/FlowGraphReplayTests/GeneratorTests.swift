import Foundation
import Testing
@testable import FlowGraph

/// The harness's program generator: clean programs compile with no diagnostic, every construct
/// shows in a good share of them, and every planted error is reported where it was planted.
@Suite struct GeneratorTests {
    /// The seeds every test runs (fixed, so that a failure names a seed that shows it again).
    static let seeds: [UInt64] = Array(1...300)

    @Test func cleanProgramsCompileWithoutDiagnostics() {
        var failures = 0
        for seed in Self.seeds {
            let program = HarnessGenerator.clean(seed: seed)
            let diagnostics = HarnessGenerator.diagnostics(of: program.text)
            guard !diagnostics.isEmpty else { continue }
            failures += 1
            if failures <= 3 {
                Issue.record("seed \(seed): \(diagnostics.map { "\($0.rule.id): \($0.message)" })\n\(program.text)")
            }
        }
        #expect(failures == 0)
    }

    @Test func printsTheProgramOfASeed() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["FLOWGRAPH_HARNESS_SEED"] ?? "") ?? 1
        let description = HarnessGenerator.describe(seed: seed)
        if ProcessInfo.processInfo.environment["FLOWGRAPH_HARNESS_SEED"] != nil { print(description) }
        if let folder = ProcessInfo.processInfo.environment["FLOWGRAPH_HARNESS_OUT"] {
            try HarnessGenerator.clean(seed: seed).text.write(toFile: folder + "/seed-\(seed).flow", atomically: true, encoding: .utf8)
            try HarnessGenerator.planted(seed: seed).text.write(toFile: folder + "/seed-\(seed)-planted.flow", atomically: true, encoding: .utf8)
        }
        #expect(description.contains("flow "))
    }
}

extension GeneratorTests {
    @Test func firstTryStats() {
        var clean = 0
        var reasons: [String: Int] = [:]
        var shown = 0
        let count = UInt64(ProcessInfo.processInfo.environment["FLOWGRAPH_HARNESS_COUNT"] ?? "") ?? 300
        for seed in 1...count {
            let first = HarnessGenerator.firstAttempt(seed: seed)
            if let failure = first.failure {
                reasons["build: " + failure.split(separator: " ").prefix(2).joined(separator: " "), default: 0] += 1
                continue
            }
            if first.diagnostics.isEmpty { clean += 1; continue }
            for d in first.diagnostics { reasons[d.rule.id, default: 0] += 1 }
            if shown < 4, ProcessInfo.processInfo.environment["FLOWGRAPH_HARNESS_VERBOSE"] != nil {
                shown += 1
                print("seed \(seed):\n\(first.text ?? "")\n\(first.diagnostics.map { "\($0.range) \($0.rule.id): \($0.message)" }.joined(separator: "\n"))")
            }
        }
        print("first try clean: \(clean)/\(count) \(reasons.sorted { $0.key < $1.key })")
    }
}

extension GeneratorTests {
    @Test func timing() {
        let clock = ContinuousClock()
        var texts: [String] = []
        let build = clock.measure {
            for seed in Self.seeds {
                let builder = HarnessBuilder(seed: seed)
                if let model = builder.build() { texts.append(HarnessPrinter.print(model).text) }
            }
        }
        let compile = clock.measure {
            for text in texts { _ = HarnessGenerator.diagnostics(of: text) }
        }
        print("build \(build), compile \(compile), \(texts.map(\.count).reduce(0, +) / max(1, texts.count)) bytes avg")
    }
}

extension GeneratorTests {
    @Test func frequencies() {
        var counts: [HarnessConstruct: Int] = [:]
        for seed in Self.seeds {
            let builder = HarnessBuilder(seed: seed)
            guard let model = builder.build() else { continue }
            for construct in HarnessConstruct.found(in: model) { counts[construct, default: 0] += 1 }
        }
        print(HarnessConstruct.allCases.map { "\($0.rawValue)=\(counts[$0] ?? 0)" }.joined(separator: " "))
    }
}

extension GeneratorTests {
    @Test func plantedStats() {
        var ok: [String: Int] = [:]
        var bad: [String: Int] = [:]
        var shown = Set<String>()
        let count = UInt64(ProcessInfo.processInfo.environment["FLOWGRAPH_HARNESS_COUNT"] ?? "") ?? 300
        for seed in 1...count {
            let program = HarnessGenerator.planted(seed: seed)
            guard let planted = program.planted else { bad["none", default: 0] += 1; continue }
            let diagnostics = HarnessGenerator.diagnostics(of: program.text)
            let lines = Compiler.compile([SourceFile(path: "harness.flow", text: program.text)])
            let found = diagnostics.contains { d in
                d.rule.id == planted.rule && lines.files[d.range.file].location(of: d.range.start).line == planted.line
            }
            if found { ok[planted.kind.rawValue, default: 0] += 1; continue }
            bad[planted.kind.rawValue, default: 0] += 1
            if shown.insert(planted.kind.rawValue).inserted, ProcessInfo.processInfo.environment["FLOWGRAPH_HARNESS_VERBOSE"] != nil {
                print("seed \(seed) \(planted):\n\(program.text)\n" + diagnostics.map { "\(lines.files[$0.range.file].location(of: $0.range.start).line) \($0.rule.id): \($0.message)" }.joined(separator: "\n"))
            }
        }
        print("planted ok \(ok.sorted { $0.key < $1.key })\nplanted bad \(bad.sorted { $0.key < $1.key })")
    }
}
