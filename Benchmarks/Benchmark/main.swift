// flowgraph-benchmark: times every stage of the compiler and its peers on generated programs,
// and writes the table of docs/Performance.md. scripts/benchmark builds and runs it.
//
//   flowgraph-benchmark [--quick] [--sizes 1000,10000,...] [--render-sizes 100,1000]
//                       [--typecheck-sizes 100,1000,5000] [--runs N] [--seed S]
//                       [--markdown FILE] [--work DIR]
//   flowgraph-benchmark --stage STAGE --input FILE [--runs N]     (the child of one measurement)
//
// Each stage runs in a child process (this program again, with --stage), so that its peak memory
// can be read with wait4; commands (flowgraph, sccmap, dot, wc, swiftc) are measured the same way.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
    usage: flowgraph-benchmark [--quick] [--sizes N,N...] [--render-sizes N,N...] [--typecheck-sizes N,N...]
                               [--runs N] [--seed S] [--markdown FILE] [--work DIR]
           flowgraph-benchmark --stage STAGE --input FILE [--runs N]
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
    case "--render-sizes": options.renderSizes = sizes(value())
    case "--typecheck-sizes": options.typecheckSizes = sizes(value())
    case "--runs": options.runs = Int(value()) ?? { fatal("--runs needs a number") }()
    case "--seed": options.seed = Int(value()) ?? { fatal("--seed needs a number") }()
    case "--markdown": options.markdownPath = value()
    case "--work": options.workDirectory = value()
    case "--stage": stage = Stage(rawValue: value()) ?? { fatal("unknown stage; stages: \(Stage.allCases.map(\.rawValue).joined(separator: ", "))") }()
    case "--input": input = value()
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
