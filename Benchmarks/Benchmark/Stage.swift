import FlowGraph
import FlowGraphRendering

/// One stage of the pipeline, timed in a child process of its own.
///
/// The child reads the program and runs the stages before the measured one untimed, keeping
/// their results as the command line does; then it runs the measured stage `runs` times and
/// prints each run's wall and CPU seconds. The parent reads the child's peak memory, which is
/// therefore cumulative: everything up to and including the measured stage.
enum Stage: String, CaseIterable {
    /// The process alone: start, nothing read, exit. Its peak memory is the baseline of every stage.
    case baseline
    /// Reading the file and finding its line starts (`SourceFile`).
    case read
    /// Lexing and parsing (`Compiler.parse`).
    case parse
    /// Names to references (`Resolver.resolve`).
    case resolve
    /// Every rule (`Checker.check`).
    case check
    /// The three above as the command line runs them, with diagnostics sorted (`Compiler.compile`).
    case compile
    /// The Swift router (`SwiftEmitter.emit`).
    case generate
    /// The diagram and its DOT text (`DiagramBuilder.build`, `DOTEmitter.emit`).
    case dot
    /// Mermaid text (`MermaidEmitter.emit`).
    case mermaid
    /// Layout and SVG through Graphviz in process (`GraphvizRenderer.render`), from the diagram.
    case render

    /// What the table calls it.
    var title: String {
        switch self {
        case .baseline: "benchmark process start and exit (baseline)"
        case .read: "read"
        case .parse: "parse"
        case .resolve: "resolve"
        case .check: "check"
        case .compile: "parse + resolve + check"
        case .generate: "generate Swift"
        case .dot: "diagram + DOT"
        case .mermaid: "Mermaid"
        case .render: "render SVG (Graphviz)"
        }
    }

    /// Runs the stage on the program at `path` `runs` times; returns each run's (wall, CPU) seconds.
    func measure(path: String, runs: Int) -> [(wall: Double, cpu: Double)] {
        var timings: [(wall: Double, cpu: Double)] = []
        /// Times `body` once and keeps something of its result, so that no run is optimized away.
        func time(_ body: () -> Int) {
            let wall = monotonicSeconds()
            let cpu = processCPUSeconds()
            let kept = body()
            timings.append((monotonicSeconds() - wall, processCPUSeconds() - cpu))
            sink &+= kept
        }
        if self == .baseline {
            for _ in 0..<runs { time { 0 } }
            return timings
        }
        if self == .read {
            for _ in 0..<runs { time { Self.load(path).lineStarts.count } }
            return timings
        }
        let files = [Self.load(path)]
        switch self {
        case .baseline, .read:
            break
        case .parse:
            for _ in 0..<runs { time { Compiler.parse(files).0.flows.count } }
        case .resolve:
            let (syntax, _) = Compiler.parse(files)
            for _ in 0..<runs { time { Resolver.resolve(syntax).program.flows.count } }
        case .check:
            let (syntax, _) = Compiler.parse(files)
            let (program, _) = Resolver.resolve(syntax)
            for _ in 0..<runs {
                time { Checker.check(program).diagnostics.count }
            }
        case .compile:
            for _ in 0..<runs { time { Compiler.compile(files).diagnostics.count } }
        case .generate, .dot, .mermaid, .render:
            // As `flowgraph generate` and `flowgraph render` do: one compilation, then the backend.
            let compilation = Compiler.compile(files)
            guard let program = compilation.program else { fatal("the program has syntax errors") }
            let sources = files.map { $0.path.split(separator: "/").last.map(String.init) ?? $0.path }
            switch self {
            case .generate:
                for _ in 0..<runs {
                    time { SwiftEmitter.emit(program, analysis: compilation.analysis, sources: sources).utf8.count }
                }
            case .dot:
                for _ in 0..<runs {
                    time { DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: compilation.diagnostics)).utf8.count }
                }
            case .mermaid:
                for _ in 0..<runs {
                    time { MermaidEmitter.emit(program, diagnostics: compilation.diagnostics).utf8.count }
                }
            default:
                let diagram = DiagramBuilder.build(program, diagnostics: compilation.diagnostics)
                for _ in 0..<runs {
                    time {
                        do {
                            return try GraphvizRenderer.shared.render(diagram, format: .svg).count
                        } catch {
                            fatal("Graphviz: \(error)")
                        }
                    }
                }
            }
        }
        return timings
    }

    /// The program file, as the command line reads it.
    static func load(_ path: String) -> SourceFile {
        guard let text = readBytes(path) else { fatal("cannot read '\(path)'") }
        return SourceFile(path: path, bytes: text)
    }
}

/// Where the stages leave a number from each result, so that none is optimized away.
nonisolated(unsafe) var sink = 0

/// The DOT files that the peers read, written from the program at `path`.
enum PeerFiles {
    /// Writes the diagram's DOT text, exactly what `flowgraph render` hands Graphviz, to
    /// `diagramPath`; and the same graph's nodes and edges alone, without clusters or attributes,
    /// to `structurePath`. Returns the diagram's node and edge counts, and the abstract states the
    /// checker searched.
    static func write(program path: String, diagramPath: String, structurePath: String) -> (nodes: Int, edges: Int, states: Int) {
        let files = [Stage.load(path)]
        let compilation = Compiler.compile(files)
        guard let program = compilation.program, !compilation.hasErrors else { fatal("'\(path)' has errors") }
        let diagram = DiagramBuilder.build(program, diagnostics: compilation.diagnostics)
        guard writeText(DOTEmitter.emit(diagram), to: diagramPath) else { fatal("cannot write '\(diagramPath)'") }
        var structure = "digraph structure {\n"
        let nodes = diagram.allNodes
        for node in nodes { structure += "    \(DOTEmitter.quote(node.id))\n" }
        for edge in diagram.edges { structure += "    \(DOTEmitter.quote(edge.tail)) -> \(DOTEmitter.quote(edge.head))\n" }
        structure += "}\n"
        guard writeText(structure, to: structurePath) else { fatal("cannot write '\(structurePath)'") }
        return (nodes.count, diagram.edges.count, compilation.analysis.stateCount)
    }
}
