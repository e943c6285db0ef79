// flowgraph-program-generator: writes realistic .flow programs of any size, deterministically
// from a seed, for benchmarks; `flowgraph check --strict` finds nothing in them.
//
//   flowgraph-program-generator --steps N [--seed S] [--shape default|tabs-shared [--group]] [--output FILE]
//                               [--stubs FILE] [--import MODULE] [--stats]
//
// --shape picks the kind of program: `default` (Generator.swift: a tree of stack flows of 10-40
// steps under a root tab bar) or `tabs-shared` (TabsShared.swift: apps modelled on a Mastodon
// client, whose five tabs each copy the same 30-40 screens; with --group, each app writes them once
// as a `destinations` group its tabs use). --stubs writes the Swift payload
// types the programs of that shape name, so that a generated router can be type-checked (public, to
// be a module of their own, which --import names at the top of the program); --stats
// prints counts (flows, steps, clauses...) on standard error.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints `message` and the usage on standard error, and exits with code 2.
func fail(_ message: String) -> Never {
    FileHandleStderr.write("flowgraph-program-generator: \(message)\nusage: flowgraph-program-generator --steps N [--seed S] "
        + "[--shape default|tabs-shared [--group]] [--output FILE] [--stubs FILE] [--import MODULE] [--stats]\n")
    exit(2)
}

/// Standard error, without Foundation.
enum FileHandleStderr {
    static func write(_ s: String) { writeAll(2, s) }
}

/// Writes all of `text` to the file descriptor `fd`.
func writeAll(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n <= 0 { fail("cannot write the output") }
        offset += n
    }
}

/// Writes `text` to the file at `path`, replacing it.
func writeFile(_ path: String, _ text: String) {
    guard let file = fopen(path, "wb") else { fail("cannot write '\(path)'") }
    var bytes = Array(text.utf8)
    if !bytes.isEmpty, fwrite(&bytes, 1, bytes.count, file) != bytes.count { fail("cannot write '\(path)'") }
    fclose(file)
}

var stepsWanted: Int?
var seed: UInt64 = 1
var outputPath: String?
var stubsPath: String?
var shape = "default"
var importedModule: String?
var writesGroup = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let v = arguments.popFirst() else { fail("\(argument) needs a value") }
        return v
    }
    switch argument {
    case "--steps": stepsWanted = Int(value())
    case "--seed": seed = UInt64(value()) ?? { fail("--seed needs a number") }()
    case "--output", "-o": outputPath = value()
    case "--stubs": stubsPath = value()
    case "--shape":
        shape = value()
        guard shape == "default" || shape == "tabs-shared" else { fail("--shape is 'default' or 'tabs-shared'") }
    case "--import": importedModule = value()
    case "--stats": break
    case "--group": writesGroup = true
    default: fail("unknown argument '\(argument)'")
    }
}
guard let stepsWanted, stepsWanted > 0 else { fail("--steps N is required") }
if writesGroup, shape != "tabs-shared" { fail("--group is for --shape tabs-shared") }

let program: String
let s: (flows: Int, tabsFlows: Int, steps: Int, guards: Int, links: Int, clauses: Int, maxDepth: Int)
if shape == "tabs-shared" {
    let generator = TabsSharedGenerator(seed: seed, writesGroup: writesGroup)
    program = generator.generate(steps: stepsWanted)
    s = generator.stats
} else {
    let generator = Generator(seed: seed)
    program = generator.generate(steps: stepsWanted)
    s = generator.stats
}
// `--import Stubs`: the generated router imports the module of the stubs, as an app imports its models.
let text = importedModule.map { "import \($0)\n\n" + program } ?? program
if let outputPath { writeFile(outputPath, text) } else { writeAll(1, text) }
if let stubsPath { writeFile(stubsPath, stubs(extra: shape == "tabs-shared" ? TabsSharedGenerator.types : [])) }
if CommandLine.arguments.contains("--stats") {
    FileHandleStderr.write("flows \(s.flows) (tabs \(s.tabsFlows)), steps \(s.steps), clauses \(s.clauses), guards \(s.guards), "
        + "links \(s.links), max subflow depth \(s.maxDepth)\n")
}
