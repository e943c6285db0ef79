#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one child process cost, as `wait4` and a monotonic clock tell it.
struct ProcessCost {
    /// Wall-clock seconds from spawn to exit.
    var wall: Double
    /// User plus system CPU seconds of the child.
    var cpu: Double
    /// The child's peak resident memory in bytes (`ru_maxrss`).
    var peakBytes: Int
    /// The exit code, or 128 + the signal that ended it.
    var status: Int32
    /// What the child wrote on standard output and standard error (when captured).
    var output: String
    var errors: String
}

/// Starts commands and measures them through `flowgraph-benchmark-launcher`, which reports the
/// command's wall time, CPU time and peak memory (`wait4`), as `/usr/bin/time` does.
///
/// The launcher is a small C program because on Linux a child's `ru_maxrss` starts from the peak
/// of the process that forked it: started from this one, every command would seem to need at
/// least what this benchmark holds.
enum Subprocess {
    /// The launcher, beside this executable.
    static let launcher = Benchmark.executableDirectory() + "/flowgraph-benchmark-launcher"

    /// Runs `arguments` (the first is looked up in PATH) with standard input from /dev/null;
    /// returns what it cost and what it wrote (when `capture`; otherwise it is thrown away).
    static func run(_ arguments: [String], capture: Bool = true) -> ProcessCost {
        let outputPath = capture ? temporaryPath() : "/dev/null"
        let errorPath = capture ? temporaryPath() : "/dev/null"
        let reportPath = temporaryPath()
        let launcherErrorPath = temporaryPath()
        defer {
            if capture {
                unlink(outputPath)
                unlink(errorPath)
            }
            unlink(reportPath)
            unlink(launcherErrorPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, reportPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, launcherErrorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv: [UnsafeMutablePointer<CChar>?] = ([launcher, outputPath, errorPath] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, launcher, &actions, nil, argv, environ)
        guard spawned == 0 else { fatal("cannot start \(launcher): \(string(strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // "WALL_SECONDS CPU_SECONDS PEAK_KILOBYTES EXIT_STATUS"
        let fields = (readText(reportPath) ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard status == 0, fields.count == 4, let wall = Double(fields[0]), let cpu = Double(fields[1]),
              let peak = Int(fields[2]), let code = Int32(fields[3]) else {
            fatal("the launcher failed on \(arguments.joined(separator: " ")): \(readText(launcherErrorPath) ?? "")")
        }
        return ProcessCost(
            wall: wall, cpu: cpu, peakBytes: peak * 1024, status: code,
            output: capture ? readText(outputPath) ?? "" : "", errors: capture ? readText(errorPath) ?? "" : "")
    }

    private static func temporaryPath() -> String {
        var template = Array("/tmp/flowgraph-benchmark-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        if descriptor >= 0 { close(descriptor) }
        return string(template)
    }
}

/// Seconds on a clock that never goes back.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}

/// CPU seconds used by this process so far.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}

/// The whole file at `path`, or nil when it cannot be read.
func readBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}

/// The whole file at `path` as text, or nil when it cannot be read.
func readText(_ path: String) -> String? {
    readBytes(path).map { String(decoding: $0, as: UTF8.self) }
}

/// Prints `message` on standard error and exits with code 1.
func fatal(_ message: String) -> Never {
    printError("flowgraph-benchmark: error: \(message)")
    exit(1)
}

/// Prints a line on standard error (progress and errors; the table goes to standard output).
func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Writes `text` to `path`, replacing it; false when it cannot.
@discardableResult
func writeText(_ text: String, to path: String) -> Bool {
    guard let file = fopen(path, "wb") else { return false }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    return bytes.isEmpty || fwrite(bytes, 1, bytes.count, file) == bytes.count
}

/// The text of a NUL-terminated C string held in an array.
func string(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The text of a C string.
func string(_ pointer: UnsafePointer<CChar>) -> String {
    var bytes: [UInt8] = []
    var index = 0
    while pointer[index] != 0 {
        bytes.append(UInt8(bitPattern: pointer[index]))
        index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
}
