#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine a run was made on, as the table's reader needs it to compare figures.
struct Machine {
    var cpu: String
    var cores: Int
    var memory: String
    var kernel: String
    var swift: String
    var graphviz: String
    var loadBefore: String

    static func describe() -> Machine {
        let cpuinfo = readText("/proc/cpuinfo") ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingSpaces() } ?? "" } ?? "unknown"
        let meminfo = readText("/proc/meminfo") ?? ""
        let kilobytes = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let swift = Subprocess.run(["swiftc", "--version"])
        let graphviz = Subprocess.run(["dot", "-V"])
        return Machine(
            cpu: model, cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)),
            memory: String(format1: Double(kilobytes) / 1_048_576) + " GiB",
            kernel: "Linux \(release) \(machine)",
            swift: firstLine(swift.output + swift.errors, containing: "Swift version"),
            graphviz: firstLine(graphviz.errors + graphviz.output, containing: "graphviz"),
            loadBefore: loadAverage())
    }

    /// The 1, 5 and 15 minute load averages.
    static func loadAverage() -> String {
        (readText("/proc/loadavg") ?? "").split(separator: " ").prefix(3).joined(separator: " ")
    }

    private static func firstLine(_ text: String, containing word: String) -> String {
        text.split(separator: "\n").first { $0.contains(word) }.map { $0.trimmingSpaces() } ?? "not found"
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension String {
    /// A number with one decimal.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths) % 10)"
    }
}
