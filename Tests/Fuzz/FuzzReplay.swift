// The replay's part of the fuzz harness (compiled by scripts/fuzz in one module with the library,
// the runtime and Tests/FlowGraphReplayTests/Replay): every fuzzed program that compiles without
// errors is run by the navigator from its table, and the checker's claims are replayed on it
// (`Replay.check`: no move impossible where the checker passed the program, reachability both
// ways, every link opens its target with its values and once only, ProgramGraph's ways). A
// disagreement is a crash, with the program, the claim and the replay.

import Glibc

/// The most states a fuzzed program's search takes, and the states each link is opened from:
/// smaller than the tests' limits, so that an input takes milliseconds.
let fuzzReplayLimits = Replay.Limits(states: 120, linkStates: 3)

/// Replays the claims of the checker on a program without errors, or whose only errors are moves
/// that cannot be made (`Replay.findings(of:)`; larger programs are skipped: the search's time
/// grows with the program, and the fuzzer's inputs stay small anyway).
func checkReplay(_ compilation: Compiler.Compilation) {
    guard getenv("FLOWGRAPH_FUZZ_REPLAY").map({ String(cString: $0) }) != "0",
          let program = compilation.program, let findings = Replay.findings(of: compilation), !program.roots.isEmpty,
          program.flows.reduce(0, { $0 + $1.steps.count }) <= 80 else { return }
    MainActor.assumeIsolated {
        let report: Replay.Report
        do {
            report = try Replay.check(program, analysis: compilation.analysis, diagnostics: findings, limits: fuzzReplayLimits)
        } catch {
            fuzzFailure("the runtime cannot read the router's table: \(error)")
        }
        if !report.disagreements.isEmpty {
            fuzzFailure("the navigator disagrees with the checker (\(report.summary))", report.disagreements.prefix(3).joined(separator: "\n"))
        }
    }
}
