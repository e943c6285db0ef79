import FlowGraphTestSupport
import Foundation
import Testing

/// How the tests start programs (Tests/Support/ChildProcess.swift). Foundation's `Process` let a
/// child inherit a pipe or socket another test opened while it was being spawned, and that test
/// then waited for the unrelated child to end: `aPipeNamedLikeAFlowFileIsLeftOut`, a 0.1 s run,
/// overran its one-minute limit while a `swift build` ran (issue 24, item 14).
@Suite("Child processes of the tests")
struct ChildProcessTests {
    /// A child has its standard input, output and error and nothing else, even while this process
    /// holds a descriptor that is not closed on exec (as Foundation's pipes and sockets are not).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "lists /proc"))
    func aChildGetsNoDescriptorButItsStandardOnes() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let listed = try ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"])
        #expect(listed.status == 0, "\(listed.errorsText)")
        #expect(listed.outputText.split(separator: "\n") == ["0", "1", "2"])
    }

    /// The run ends when its program does, not when a program it left running closes the output.
    @Test func aRunEndsWithItsProgramNotWithWhatItLeftRunning() throws {
        let start = Date()
        let run = try ChildProcess.run("/bin/sh", ["-c", "sleep 20 & echo started"])
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(run.status == 0)
        #expect(run.outputText == "started\n")
    }

    @Test func statusSignalOutputAndErrors() throws {
        let failed = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(failed.status == 3 && failed.signal == nil)
        #expect(failed.outputText == "out\n" && failed.errorsText == "err\n")
        let merged = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2"], mergingErrors: true)
        #expect(merged.outputText == "out\nerr\n" && merged.errors.isEmpty)
        let killed = try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"])
        #expect(killed.signal == SIGKILL && killed.status == SIGKILL)
        let folder = try ChildProcess.run("/bin/pwd", in: URL(fileURLWithPath: "/"), environment: ["A": "1"])
        #expect(folder.outputText == "/\n")
        #expect(try ChildProcess.run("/usr/bin/env", environment: ["A": "1"]).outputText == "A=1\n")
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess.run("/no/such/program") }
    }

    /// Past its time limit a program is killed, with what it started (its process group), and the
    /// run says so: the bound on a program that could hang, which a `.timeLimit` is not.
    @Test func aProgramPastItsTimeLimitIsKilledWithWhatItStarted() throws {
        let start = Date()
        let run = try ChildProcess.run("/bin/sh", ["-c", "sleep 30 & sleep 30"], timeLimit: 1)
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(run.timedOut && run.signal == SIGKILL)
        #expect(try !ChildProcess.run("/bin/true", timeLimit: 60).timedOut)
    }

    /// Awaited, the run is waited for on a thread of its own: the test's task gives its pool
    /// thread back meanwhile.
    @Test func anAwaitedRunWaitsOffThePool() async throws {
        let run = try await ChildProcess.run("/bin/sh", ["-c", "echo awaited"])
        #expect(run.status == 0 && run.outputText == "awaited\n")
    }

    /// Much output on both streams at once: neither pipe fills while the other is read.
    @Test func largeOutputOnBothStreams() throws {
        let run = try ChildProcess.run("/bin/sh", ["-c", "i=0; while [ $i -lt 4000 ]; do echo line $i; echo error $i >&2; i=$((i+1)); done"])
        #expect(run.outputText.split(separator: "\n").count == 4000)
        #expect(run.errorsText.split(separator: "\n").count == 4000)
    }
}
