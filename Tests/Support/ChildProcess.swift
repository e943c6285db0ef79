import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs a program for a test and waits for it, sharing no descriptor with another test's child.
///
/// The tests run in parallel in one process, and many start programs: `flowgraph`, `swift build`,
/// `swiftc`, `git`, `nvim`, Python. Foundation's `Process` on Linux closes in the child only the
/// descriptors that were open when it listed `/proc/self/fd`; one that another thread opens between
/// that listing and the spawn (another test's pipe, or the socket pair by which `Process` learns
/// that its child ended) is inherited by the child, and held until it exits. The test that opened
/// it then waits, for the end of its output or in `waitUntilExit`, as long as an unrelated
/// `swift build` runs: that is how `aPipeNamedLikeAFlowFileIsLeftOut`, whose `flowgraph check` takes
/// a tenth of a second, overran its one-minute limit (issue 24, item 14).
///
/// Here nothing is left to timing: every pipe is made close-on-exec at once (`pipe2`), the child
/// starts with only its standard input, output and error (closefrom in the spawn itself, or
/// `POSIX_SPAWN_CLOEXEC_DEFAULT`), its standard input is `/dev/null`, its signals are the defaults
/// (the language server's tests ignore SIGPIPE in this process), and its end is `waitpid`'s: once it
/// has exited, what it wrote is read and the run returns, even if a program it started in the
/// background still holds its output.
public struct ChildProcess: Sendable {
    /// How the program ended, and what it wrote.
    public struct Result: Sendable {
        public let processID: pid_t
        /// The exit status; for a program killed by a signal, the signal's number (as `Process`'s
        /// `terminationStatus`).
        public let status: Int32
        /// The signal that killed the program, if one did.
        public let signal: Int32?
        /// Its standard output, and its standard error too when they were merged.
        public let output: Data
        /// Its standard error (empty when merged into `output`).
        public let errors: Data
        /// Whether it was killed (with what it started, its process group) for running past its
        /// time limit.
        public let timedOut: Bool

        public var outputText: String { String(decoding: output, as: UTF8.self) }
        public var errorsText: String { String(decoding: errors, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `executable` (an absolute path) with `arguments` in `directory` (the test's own when
    /// nil), with `environment` (this process's when nil), and returns once it has exited. Past
    /// `timeLimit` seconds it is killed (`timedOut`): a bound on what the program itself takes,
    /// which a test that guards against a hang needs. Swift Testing's `.timeLimit` is not that
    /// bound: its clock runs until the test's task next gets one of the cooperative pool's threads
    /// (two on a 2-core machine), which other tests may hold for minutes (a `swift build`, a
    /// `swiftc`, a large input checked), so a test done in 0.1 s was reported over its minute.
    public static func run(
        _ executable: String, _ arguments: [String] = [], in directory: URL? = nil,
        environment: [String: String]? = nil, mergingErrors: Bool = false, timeLimit: TimeInterval? = nil
    ) throws -> Result {
        let output = try makePipe()
        let errors = mergingErrors ? nil : try makePipe()
        defer {
            close(output.read)
            if let errors { close(errors.read) }
        }
        let pid: pid_t
        do {
            pid = try spawn(executable, arguments, in: directory, environment: environment,
                            output: output.write, errors: errors?.write ?? output.write)
        } catch {
            close(output.write)
            if let errors { close(errors.write) }
            throw error
        }
        close(output.write)
        if let errors { close(errors.write) }
        let deadline = timeLimit.map { Date(timeIntervalSinceNow: $0) }
        let (outputData, errorData, status, timedOut) = collect(pid, output: output.read, errors: errors?.read, deadline: deadline)
        // The wait status: the low 7 bits are the signal that ended the program, if any; the exit
        // status is the next byte (WIFSIGNALED, WTERMSIG and WEXITSTATUS are macros Swift does not see).
        let signal = status & 0x7f
        return Result(processID: pid, status: signal == 0 ? (status >> 8) & 0xff : signal,
                      signal: signal == 0 ? nil : signal, output: outputData, errors: errorData, timedOut: timedOut)
    }

    /// The same, waited for on a thread of its own instead of one of the cooperative pool's few:
    /// for a program that runs for long (`swift build`, a browser), so that every other test, and
    /// Swift Testing's own bookkeeping, keeps the threads it needs.
    public static func run(
        _ executable: String, _ arguments: [String] = [], in directory: URL? = nil,
        environment: [String: String]? = nil, mergingErrors: Bool = false, timeLimit: TimeInterval? = nil
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    try run(executable, arguments, in: directory, environment: environment, mergingErrors: mergingErrors, timeLimit: timeLimit)
                })
            }.start()
        }
    }

    /// A pipe whose two ends are closed on exec from the moment they exist.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Darwin)
        // No pipe2 here; every spawn on Darwin (Foundation's too) closes what it does not pass on.
        guard pipe(&ends) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #else
        guard let makePipe = Self.makePipeClosedOnExec else { throw Failure(description: "this C library has no pipe2") }
        guard makePipe(&ends, O_CLOEXEC) == 0 else { throw Failure(description: "pipe2: \(String(cString: strerror(errno)))") }
        #endif
        return (ends[0], ends[1])
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], in directory: URL?, environment: [String: String]?,
        output: Int32, errors: Int32
    ) throws -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        #if canImport(Darwin)
        let flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_CLOEXEC_DEFAULT)
        if let directory { posix_spawn_file_actions_addchdir_np(&actions, directory.path) }
        #else
        let flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        guard let closeFrom = Self.closeFrom, let changeDirectory = Self.changeDirectory else {
            throw Failure(description: "this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later)")
        }
        _ = closeFrom(&actions, 3)
        if let directory { _ = directory.path.withCString { changeDirectory(&actions, $0) } }
        #endif
        var allSignals = sigset_t(), noSignals = sigset_t()
        sigfillset(&allSignals)
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard error == 0 else { throw Failure(description: "cannot run \(executable): \(String(cString: strerror(error)))") }
        return pid
    }

    #if !canImport(Darwin)
    private typealias FileAction = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias PathAction = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias PipeCall = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    // glibc declares these three only for _GNU_SOURCE, which Swift's Glibc module is not built with.
    private static let closeFrom: FileAction? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: FileAction.self) }
    private static let changeDirectory: PathAction? = dlsym(nil, "posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: PathAction.self) }
    private static let makePipeClosedOnExec: PipeCall? = dlsym(nil, "pipe2").map { unsafeBitCast($0, to: PipeCall.self) }
    #endif

    /// Reads both pipes until the child has exited and they hold nothing more, and reaps it. A
    /// program the child left running in the background may keep the pipes open: it is not waited
    /// for. Past `deadline`, the child's process group is killed.
    private static func collect(_ pid: pid_t, output: Int32, errors: Int32?, deadline: Date?) -> (Data, Data, Int32, Bool) {
        var buffers = [Data(), Data()]
        var live = [output, errors ?? -1]
        var status: Int32 = 0
        var exited = false
        var timedOut = false
        func killIfLate() {
            guard !exited, !timedOut, let deadline, Date() >= deadline else { return }
            timedOut = true
            kill(-pid, SIGKILL)  // its process group (POSIX_SPAWN_SETPGROUP): what it started too
            kill(pid, SIGKILL)
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        func readAvailable(_ index: Int) {
            let count = chunk.withUnsafeMutableBytes { read(live[index], $0.baseAddress, $0.count) }
            if count > 0 {
                buffers[index].append(contentsOf: chunk[..<count])
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                live[index] = -1
            }
        }
        while live.contains(where: { $0 >= 0 }) {
            var polled = live.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            // A short timeout: the child's end is noticed even while a descendant holds the pipes.
            let ready = poll(&polled, nfds_t(polled.count), exited ? 0 : 100)
            if ready < 0 && errno == EINTR { continue }
            if ready > 0 {
                for index in polled.indices where live[index] >= 0 && polled[index].revents != 0 { readAvailable(index) }
            } else if exited {
                break  // exited, and nothing more is readable now: what it wrote has been read
            }
            if !exited {
                let waited = waitpid(pid, &status, WNOHANG)
                exited = waited == pid || (waited == -1 && errno == ECHILD)
                killIfLate()
            }
        }
        // The pipes are closed (the child closed its output) but it may still run.
        while !exited {
            killIfLate()
            let waited = waitpid(pid, &status, deadline == nil || timedOut ? 0 : WNOHANG)
            if waited == pid || (waited == -1 && errno != EINTR) {
                exited = true
            } else if waited == 0 {
                usleep(50_000)
            }
        }
        return (buffers[0], buffers[1], status, timedOut)
    }
}
