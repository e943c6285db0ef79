// flowgraph-benchmark: times every stage of the compiler and its peers on generated programs,
// and writes the table of docs/Performance.md. scripts/benchmark builds and runs it.
//
//   flowgraph-benchmark [--quick] [--shapes default,tabs-shared] [--sizes 1000,10000,...]
//                       [--render-sizes 100,1000] [--typecheck-sizes 100,1000,5000] [--runs N]
//                       [--seed S] [--check-only] [--markdown FILE] [--work DIR]
//   flowgraph-benchmark --stage STAGE --input FILE [--runs N]     (the child of one measurement)
//
// Each stage runs in a child process (this program again, with --stage), so that its peak memory
// can be read with wait4; commands (flowgraph, sccmap, dot, wc, swiftc) are measured the same way.
// Each shape of program (flowgraph-program-generator --shape) gets its own sections; the programs
// table gives the abstract states the checker searched (ProgramAnalysis.stateCount).

import FlowGraph
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
    usage: flowgraph-benchmark [--quick] [--shapes default,tabs-shared] [--sizes N,N...] [--render-sizes N,N...]
                               [--typecheck-sizes N,N...] [--runs N] [--seed S] [--check-only]
                               [--markdown FILE] [--work DIR]
           flowgraph-benchmark --stage STAGE --input FILE [--runs N]
           flowgraph-benchmark --states FILE...     (the abstract states the checker searches in each program)

      --shapes       the shapes of program, each in its own sections (default: default,tabs-shared)
      --sizes        program sizes in steps, for every shape (default: 1k,10k,20k,50k,100k for
                     default and 250,500,1k,2k,10k for tabs-shared; --quick: up to 10k)
      --check-only   only the check stage, the compile and `flowgraph check` (no peers, render, type-check)
    """

var options = BenchmarkOptions()
var stage: Stage?
var input: String?
var arguments = CommandLine.arguments.dropFirst()
/// Sizes given as `1000,10000` (or `10k`).
func sizes(_ text: String) -> [Int] {
    text.split(separator: ",").map { part in
        let lowered = part.lowercased()
        let number = lowered.hasSuffix("k") ? Int(lowered.dropLast()).map { $0 * 1000 } : Int(lowered)
        guard let number, number > 0 else { fatal("not a size: '\(part)'\n\(usage)") }
        return number
    }
}
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let value = arguments.popFirst() else { fatal("\(argument) needs a value\n\(usage)") }
        return value
    }
    switch argument {
    case "--quick": options.makeQuick()
    case "--sizes": options.sizes = sizes(value())
    case "--shapes":
        options.shapes = value().split(separator: ",").map(String.init)
        for shape in options.shapes where !BenchmarkOptions.allShapes.contains(shape) {
            fatal("unknown shape '\(shape)'; shapes: \(BenchmarkOptions.allShapes.joined(separator: ", "))")
        }
        if options.shapes.isEmpty { fatal("--shapes needs at least one shape") }
    case "--check-only": options.checkOnly = true
    case "--render-sizes": options.renderSizes = sizes(value())
    case "--typecheck-sizes": options.typecheckSizes = sizes(value())
    case "--runs": options.runs = Int(value()) ?? { fatal("--runs needs a number") }()
    case "--seed": options.seed = Int(value()) ?? { fatal("--seed needs a number") }()
    case "--markdown": options.markdownPath = value()
    case "--work": options.workDirectory = value()
    case "--stage":
        stage = Stage(rawValue: value()) ?? { fatal("unknown stage; stages: \(Stage.allCases.map(\.rawValue).joined(separator: ", "))") }()
    case "--input": input = value()
    case "--states":
        // Each file as its own program: steps, abstract states, the compile's wall time.
        var files = [value()]
        while let next = arguments.first, !next.hasPrefix("--") { files.append(arguments.removeFirst()) }
        for path in files {
            let file = Stage.load(path)
            let start = monotonicSeconds()
            let compilation = Compiler.compile([file])
            let seconds = monotonicSeconds() - start
            let steps = compilation.program?.flows.reduce(0) { $0 + $1.steps.count } ?? 0
            print("\(path): \(steps) steps, \(compilation.analysis.stateCount) abstract states, "
                  + "\(compilation.diagnostics.count) diagnostics, compiled in \(Report.time(seconds))")
        }
        exit(0)
    case "-h", "--help":
        print(usage)
        exit(0)
    default: fatal("unknown argument '\(argument)'\n\(usage)")
    }
}

if let stage {
    // The child: one stage, each run's seconds on a line.
    guard let input = input ?? (stage == .baseline ? "" : nil) else { fatal("--stage needs --input FILE") }
    for timing in stage.measure(path: input, runs: options.runs ?? 1) {
        print(timing.wall, timing.cpu)
    }
    exit(sink == 42 ? 0 : 0)
}

let results = Benchmark(options: options).run()
let markdown = Report(results).markdown()
print(markdown, terminator: "")
if let path = options.markdownPath, !writeText(markdown, to: path) { fatal("cannot write '\(path)'") }
