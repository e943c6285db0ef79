#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What to measure and how often.
struct BenchmarkOptions {
    /// The shapes of program measured (`flowgraph-program-generator --shape`), each in its own sections.
    static let allShapes = ["default", "tabs-shared"]
    var shapes = allShapes
    /// Program sizes (steps asked of the generator) for the stages and their command-line peers;
    /// nil for each shape's own (`sizes(for:)`).
    var sizes: [Int]?
    /// Sizes for Graphviz's layout and rendering, which grow much faster than the rest.
    var renderSizes = [100, 1_000]
    /// Sizes whose generated router `swiftc` type-checks and compiles.
    var typecheckSizes = [200, 1_000, 5_000]
    /// Runs of each measurement; by default 5 up to 10,000 steps and 3 above.
    var runs: Int?
    var seed = 1
    var markdownPath: String?
    /// Where the programs and outputs go; a new temporary folder, removed at the end, by default.
    var workDirectory: String?
    /// Only what the checker's work shows in: the check stage, the compile, `flowgraph check`.
    var checkOnly = false
    var quick = false

    /// Sizes up to 10,000 steps and fewer runs: a check that everything works, in a few minutes.
    mutating func makeQuick() {
        quick = true
        typecheckSizes = [200, 1_000]
        runs = runs ?? 3
    }

    /// The sizes measured for `shape`: `--sizes` when given; otherwise up to 100,000 steps for the
    /// default shape, and from one app (250 steps) to 10,000 for `tabs-shared`.
    func sizes(for shape: String) -> [Int] {
        if let sizes { return sizes.sorted() }
        switch (shape, quick) {
        case ("tabs-shared", false): return [250, 500, 1_000, 2_000, 10_000]
        case ("tabs-shared", true): return [250, 1_000, 2_000, 10_000]
        case (_, false): return [1_000, 10_000, 20_000, 50_000, 100_000]
        case (_, true): return [1_000, 2_000, 5_000, 10_000]
        }
    }

    func runs(forSize size: Int) -> Int { runs ?? (size <= 10_000 ? 5 : 3) }
}

/// The runs of one measurement at one size.
struct Measurement {
    var walls: [Double] = []
    var cpus: [Double] = []
    /// The highest peak resident memory of the runs' processes, in bytes.
    var peakBytes = 0

    var wall: Double { median(walls) }
    var cpu: Double { median(cpus) }
}

/// The median (the mean of the two middle values for an even count); 0 for none.
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// One generated program and what it holds.
struct ProgramInfo {
    var shape: String
    var size: Int
    var path: String
    var steps = 0
    var flows = 0
    var clauses = 0
    var bytes = 0
    var diagramNodes = 0
    var diagramEdges = 0
    /// The abstract navigation states the checker searched (`ProgramAnalysis.stateCount`).
    var states = 0
    /// The diagram's DOT text (what `flowgraph render` hands Graphviz), and its bare structure.
    var diagramDOT = ""
    var structureDOT = ""
}

/// Everything one run of the benchmark measured.
struct BenchmarkResults {
    var options: BenchmarkOptions
    var machine: Machine
    /// One per shape, in the order of `--shapes`.
    var shapes: [ShapeResults] = []
    var loadAfter = ""
}

/// What was measured on the programs of one shape.
struct ShapeResults {
    var shape: String
    var sizes: [Int]
    var programs: [Int: ProgramInfo] = [:]
    /// Rows (a stage or a command) by title, then size.
    var rows: [String: [Int: Measurement]] = [:]
    var rowOrder: [String] = []
    var renderRows: [String: [Int: Measurement]] = [:]
    var renderOrder: [String] = []
    var typecheckRows: [String: [Int: Measurement]] = [:]
    var typecheckOrder: [String] = []
    /// Lines of the generated router per type-check size.
    var routerLines: [Int: Int] = [:]
    /// `swiftc -Onone -wmo` of FlowGraphRuntime itself, which an app's build compiles once.
    var runtimeCompile: Measurement?
    /// `flowgraph check` of a one-step program: what every command pays to start.
    var oneStepCheck: Measurement?
    /// The language server: seconds from a `didChange` to its diagnostics, per size: the change
    /// as an edit (a range and its text, as editors send it to this server), and as a whole text.
    var languageServer: [Int: Measurement] = [:]
    var languageServerWholeText: [Int: Measurement] = [:]
    /// An edit of the program kept as apps keep it, one file a flow (the others' parses are kept).
    var languageServerSplit: [Int: Measurement] = [:]

    mutating func record(_ title: String, size: Int, _ measurement: Measurement,
                         in table: WritableKeyPath<ShapeResults, [String: [Int: Measurement]]>,
                         order: WritableKeyPath<ShapeResults, [String]>) {
        if self[keyPath: table][title] == nil {
            self[keyPath: table][title] = [:]
            self[keyPath: order].append(title)
        }
        self[keyPath: table][title]![size] = measurement
    }
}

/// Row titles of the command-line measurements, used by the report to compute the ratios.
enum Row {
    static let flowgraphStart = "`flowgraph --version` (process start)"
    static let checkCommand = "`flowgraph check` (whole command)"
    static let generateCommand = "`flowgraph generate` (whole command)"
    static let formatCommand = "`flowgraph fmt` (whole command)"
    static let sccmapStructure = "peer: `sccmap -s`, bare graph DOT"
    static let sccmapDiagram = "peer: `sccmap -s`, diagram DOT"
    static let wc = "peer: `wc -c` on the .flow file"
    static let renderCommand = "`flowgraph render -o x.svg` (whole command)"
    static let dotCommand = "peer: `dot -Tsvg` on our DOT"
    static let typecheck = "`swiftc -typecheck` of the router"
    static let compileRouter = "`swiftc -Onone -wmo -c` of the router"
    static let generateForTypecheck = "`flowgraph generate` (whole command)"
}

/// Runs every measurement: generates the programs, spawns the stages and the commands.
struct Benchmark {
    let options: BenchmarkOptions
    let binaries: String
    let work: String
    let isTemporary: Bool

    init(options: BenchmarkOptions) {
        self.options = options
        binaries = Self.executableDirectory()
        if let directory = options.workDirectory {
            mkdir(directory, 0o755)
            work = directory
            isTemporary = false
        } else {
            var template = Array("/tmp/flowgraph-benchmark-work-XXXXXX".utf8CString)
            guard mkdtemp(&template) != nil else { fatal("cannot make a temporary folder") }
            work = string(template)
            isTemporary = true
        }
    }

    var flowgraph: String { binaries + "/flowgraph" }
    var generator: String { binaries + "/flowgraph-program-generator" }
    var this: String { binaries + "/flowgraph-benchmark" }

    func run() -> BenchmarkResults {
        for tool in [flowgraph, generator, Subprocess.launcher] where access(tool, X_OK) != 0 {
            fatal("\(tool) is missing: swift build -c release (scripts/benchmark does)")
        }
        var results = BenchmarkResults(options: options, machine: Machine.describe())
        for shape in options.shapes {
            results.shapes.append(run(shape: shape))
        }
        results.loadAfter = Machine.loadAverage()
        if isTemporary { _ = Subprocess.run(["rm", "-rf", work], capture: false) }
        return results
    }

    /// Every measurement on the programs of one shape.
    func run(shape: String) -> ShapeResults {
        var results = ShapeResults(shape: shape, sizes: options.sizes(for: shape))
        let stubs = work + "/Stubs-\(shape).swift"
        let stages = options.checkOnly ? [Stage.baseline, .check, .compile] : Stage.allCases.filter { $0 != .render }

        for size in results.sizes {
            let program = makeProgram(shape: shape, size: size, stubs: stubs)
            results.programs[size] = program
            let runs = options.runs(forSize: size)
            printError("\(shape), \(size) steps (\(program.steps) steps, \(program.bytes) bytes, \(program.states) abstract states), \(runs) runs:")
            for stage in stages {
                results.record(stage.title, size: size, measure(stage, program: program.path, runs: runs), in: \.rows, order: \.rowOrder)
            }
            var commands: [(String, [String], Int32)] = [
                (Row.flowgraphStart, [flowgraph, "--version"], 0),
                (Row.checkCommand, [flowgraph, "check", program.path], 0),
                (Row.generateCommand, [flowgraph, "generate", program.path, "-o", work + "/router-\(shape)-\(size)"], 0),
                (Row.formatCommand, [flowgraph, "fmt", program.path], 0),
                (Row.sccmapStructure, ["sccmap", "-s", program.structureDOT], 0),
                (Row.sccmapDiagram, ["sccmap", "-s", program.diagramDOT], 0),
                (Row.wc, ["wc", "-c", program.path], 0),
            ]
            if options.checkOnly { commands = commands.filter { $0.0 == Row.checkCommand } }
            for (title, command, expected) in commands {
                results.record(title, size: size, measure(command, runs: runs, expecting: expected), in: \.rows, order: \.rowOrder)
            }
            if !options.checkOnly {
                results.languageServer[size] = measureLanguageServer(program: program.path, changes: 4 * runs)
                results.languageServerWholeText[size] = measureLanguageServer(program: program.path, changes: 4 * runs, wholeText: true)
                results.languageServerSplit[size] = measureLanguageServer(program: program.path, changes: 4 * runs, split: true)
            }
        }
        let oneStep = work + "/one-step.flow"
        _ = writeText("flow App {\n    start Home\n    step Home\n}\n", to: oneStep)
        results.oneStepCheck = measure([flowgraph, "check", oneStep], runs: 20, expecting: 0)
        if options.checkOnly { return results }

        for size in options.renderSizes.sorted() {
            let program = results.programs[size] ?? makeProgram(shape: shape, size: size, stubs: stubs)
            results.programs[size] = program
            let runs = options.runs(forSize: size)
            printError("\(shape), render, \(size) steps (\(program.steps) steps), \(runs) runs:")
            results.record(Stage.render.title + ", in process", size: size, measure(.render, program: program.path, runs: runs),
                           in: \.renderRows, order: \.renderOrder)
            results.record(Row.renderCommand, size: size,
                           measure([flowgraph, "render", program.path, "-o", work + "/render-\(shape)-\(size).svg"], runs: runs, expecting: 0),
                           in: \.renderRows, order: \.renderOrder)
            results.record(Row.dotCommand, size: size,
                           measure(["dot", "-Tsvg", program.diagramDOT, "-o", work + "/dot-\(shape)-\(size).svg"], runs: runs, expecting: 0),
                           in: \.renderRows, order: \.renderOrder)
        }

        // The app's models and the runtime as modules of their own, built once, as an app's build would.
        let modules = work + "/modules-\(shape)"
        var modulesBuilt = false
        for size in options.typecheckSizes.sorted() {
            let program = results.programs[size] ?? makeProgram(shape: shape, size: size, stubs: stubs)
            results.programs[size] = program
            let runs = options.runs ?? (size <= 1_000 ? 3 : 1)
            if !modulesBuilt {
                modulesBuilt = true
                _ = Subprocess.run(["mkdir", "-p", modules], capture: false)
                let stubsBuilt = Subprocess.run(["swiftc", "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "Stubs",
                                                 "-emit-module-path", modules + "/Stubs.swiftmodule", stubs])
                guard stubsBuilt.status == 0 else { fatal("the stubs did not build: \(stubsBuilt.errors)") }
                let runtime = Self.runtimeSources()
                guard !runtime.isEmpty else { fatal("run the benchmark from the repository: Sources/FlowGraphRuntime is missing") }
                printError("\(shape), FlowGraphRuntime, \(runs) runs:")
                results.runtimeCompile = measure(["swiftc", "-Onone", "-wmo", "-swift-version", "6", "-parse-as-library", "-emit-module",
                                                  "-emit-library", "-static", "-module-name", "FlowGraphRuntime",
                                                  "-emit-module-path", modules + "/FlowGraphRuntime.swiftmodule",
                                                  "-o", modules + "/libFlowGraphRuntime.a"] + runtime, runs: runs, expecting: 0)
            }
            printError("\(shape), Swift router, \(size) steps (\(program.steps) steps), \(runs) runs:")
            let folder = work + "/typecheck-\(shape)-\(size)"
            results.record(Row.generateForTypecheck, size: size,
                           measure([flowgraph, "generate", program.path, "-o", folder], runs: 1, expecting: 0),
                           in: \.typecheckRows, order: \.typecheckOrder)
            let router = folder + "/FlowRouter.swift"
            results.routerLines[size] = (readText(router) ?? "").split(separator: "\n", omittingEmptySubsequences: false).count - 1
            let swiftc = ["swiftc", "-swift-version", "6", "-strict-concurrency=complete", "-I", modules]
            results.record(Row.typecheck, size: size, measure(swiftc + ["-typecheck", router], runs: runs, expecting: 0),
                           in: \.typecheckRows, order: \.typecheckOrder)
            results.record(Row.compileRouter, size: size,
                           measure(swiftc + ["-Onone", "-wmo", "-c", "-parse-as-library", "-module-name", "App", router, "-o", folder + "/App.o"],
                                   runs: runs, expecting: 0),
                           in: \.typecheckRows, order: \.typecheckOrder)
        }
        return results
    }

    /// `flowgraph lsp` through pipes (scripts/benchmark-lsp): the program opened, then `changes`
    /// edits (or `wholeText`s), each timed from its `didChange` to the diagnostics of that version;
    /// `split`: the program in one file a flow.
    func measureLanguageServer(program: String, changes: Int, wholeText: Bool = false, split: Bool = false) -> Measurement? {
        let script = "scripts/benchmark-lsp"
        guard access(script, X_OK) == 0 else { return nil }
        let result = Subprocess.run(["python3", script, "--no-build", "--program", program, "--flowgraph", flowgraph,
                                     "--changes", String(changes), "--times"] + (wholeText ? ["--full-text"] : []) + (split ? ["--split"] : []))
        guard result.status == 0 else { fatal("\(script) failed (\(result.status)): \(result.errors.prefix(2_000))") }
        var measurement = Measurement(peakBytes: 0)
        measurement.walls = result.output.split(separator: "\n").compactMap { Double($0).map { $0 / 1_000 } }
        measurement.cpus = measurement.walls
        printError("  language server, didChange (\(wholeText ? "whole text" : split ? "edit, one file a flow" : "edit")) to diagnostics: "
                   + "\(Report.time(measurement.wall)) (max \(Report.time(measurement.walls.max() ?? 0)))")
        return measurement
    }

    /// The source files of FlowGraphRuntime, from the repository the benchmark runs in.
    static func runtimeSources() -> [String] {
        let listed = Subprocess.run(["sh", "-c", "ls Sources/FlowGraphRuntime/*.swift"])
        return listed.status == 0 ? listed.output.split(separator: "\n").map(String.init).sorted() : []
    }

    /// Generates the program of `size` steps of `shape`, its stubs, and the DOT files the peers read.
    func makeProgram(shape: String, size: Int, stubs: String) -> ProgramInfo {
        let name = work + "/program-\(shape)-\(size)"
        var info = ProgramInfo(shape: shape, size: size, path: name + ".flow")
        let generated = Subprocess.run([generator, "--steps", String(size), "--seed", String(options.seed), "--shape", shape,
                                        "--output", info.path, "--stubs", stubs, "--import", "Stubs", "--stats"])
        guard generated.status == 0 else { fatal("the generator failed: \(generated.errors)") }
        // "flows 909 (tabs 26), steps 20322, clauses 38940, guards 773, ..."
        func count(_ name: String) -> Int {
            let words = generated.errors.split(whereSeparator: { $0 == " " || $0 == "," })
            guard let index = words.firstIndex(of: Substring(name)), index + 1 < words.count else { return 0 }
            return Int(words[index + 1]) ?? 0
        }
        info.steps = count("steps")
        info.flows = count("flows")
        info.clauses = count("clauses")
        info.bytes = readBytes(info.path)?.count ?? 0
        info.diagramDOT = name + ".dot"
        info.structureDOT = name + "-structure.dot"
        let counts = PeerFiles.write(program: info.path, diagramPath: info.diagramDOT, structurePath: info.structureDOT)
        info.diagramNodes = counts.nodes
        info.diagramEdges = counts.edges
        info.states = counts.states
        return info
    }

    /// One stage in a child process: its runs' times, and the child's peak memory.
    func measure(_ stage: Stage, program: String, runs: Int) -> Measurement {
        let cost = Subprocess.run([this, "--stage", stage.rawValue, "--input", program, "--runs", String(runs)])
        guard cost.status == 0 else { fatal("stage \(stage.rawValue) failed (\(cost.status)): \(cost.errors)") }
        var measurement = Measurement(peakBytes: cost.peakBytes)
        if stage == .baseline {
            // Nothing to time inside: the process's own start and exit.
            measurement.walls = [cost.wall]
            measurement.cpus = [cost.cpu]
        } else {
            for line in cost.output.split(separator: "\n") {
                let parts = line.split(separator: " ").compactMap { Double($0) }
                guard parts.count == 2 else { continue }
                measurement.walls.append(parts[0])
                measurement.cpus.append(parts[1])
            }
        }
        printError("  \(stage.title): \(Report.time(measurement.wall)), \(Report.megabytes(measurement.peakBytes))")
        return measurement
    }

    /// A whole command, `runs` times: wall and CPU time, and its peak memory.
    func measure(_ command: [String], runs: Int, expecting expected: Int32) -> Measurement {
        var measurement = Measurement()
        for _ in 0..<runs {
            let cost = Subprocess.run(command)
            guard cost.status == expected else {
                fatal("\(command.joined(separator: " ")) exited with \(cost.status):\n\(cost.errors.prefix(2_000))")
            }
            measurement.walls.append(cost.wall)
            measurement.cpus.append(cost.cpu)
            measurement.peakBytes = max(measurement.peakBytes, cost.peakBytes)
        }
        printError("  \(command.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.prefix(3).joined(separator: " ")): "
                   + "\(Report.time(measurement.wall)), \(Report.megabytes(measurement.peakBytes))")
        return measurement
    }

    /// The folder of this executable, where `swift build` also put flowgraph and the generator.
    static func executableDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { fatal("cannot find this executable's folder") }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}
