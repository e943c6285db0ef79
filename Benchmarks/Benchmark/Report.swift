#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Markdown report of a run: the machine, the programs, the tables of each shape, the ratios and the targets.
struct Report {
    let results: BenchmarkResults

    init(_ results: BenchmarkResults) { self.results = results }

    /// Doubling a program may multiply a stage's time (or the checker's states) by at most this.
    static let linearLimit = 2.2

    func markdown() -> String {
        var text = "## Machine\n\n"
        let machine = results.machine
        text += "- CPU: \(machine.cpu), \(machine.cores) cores online; memory: \(machine.memory); \(machine.kernel)\n"
        text += "- \(machine.swift); \(machine.graphviz)\n"
        text += "- load average (1, 5, 15 min) before the run: \(machine.loadBefore); after: \(results.loadAfter)\n"
        text += "- programs from `flowgraph-program-generator --seed \(results.options.seed)`, shapes "
        text += results.shapes.map { "`\($0.shape)`" }.joined(separator: ", ") + "; "
        text += results.options.runs.map { "\($0) runs each" }
            ?? "median of 5 runs up to 10,000 steps, of 3 above (type-check: 3 up to 1,000 steps, 1 above)"
        if results.options.checkOnly { text += "; only the check (`--check-only`)" }
        text += "\n\n"
        text += programs()
        for shape in results.shapes {
            let section = ShapeSection(results: shape, titled: results.shapes.count > 1 || shape.shape != "default")
            text += section.stages()
            text += section.linearity()
            text += section.rendering()
            text += section.typecheck()
        }
        text += targets()
        return text
    }

    private func programs() -> String {
        var text = "## Programs\n\n"
        text += "Abstract states: the navigation states the checker searched over all flows (`ProgramAnalysis.stateCount`).\n\n"
        text += "| shape | steps asked | steps | flows | clauses | .flow bytes | diagram nodes | diagram edges | "
            + "abstract states | states per step |\n"
        text += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for shape in results.shapes {
            for size in shape.programs.keys.sorted() {
                let p = shape.programs[size]!
                text += "| \(p.shape) | \(Self.grouped(size)) | \(Self.grouped(p.steps)) | \(Self.grouped(p.flows)) | \(Self.grouped(p.clauses)) | "
                text += "\(Self.grouped(p.bytes)) | \(Self.grouped(p.diagramNodes)) | \(Self.grouped(p.diagramEdges)) | "
                text += "\(Self.grouped(p.states)) | \(p.steps > 0 ? Self.fixed(Double(p.states) / Double(p.steps), 1) : "–") |\n"
            }
        }
        return text + "\n"
    }

    // MARK: Targets

    private func targets() -> String {
        var text = "## Targets\n\n| target | measured | met |\n|---|---|:-:|\n"
        func line(_ target: String, _ measured: String, _ met: Bool?) {
            text += "| \(target) | \(measured) | \(met.map { $0 ? "yes" : "**no**" } ?? "not measured") |\n"
        }
        if let shape = results.shapes.first(where: { $0.shape == "default" }) {
            let section = ShapeSection(results: shape, titled: false)
            let sizes = shape.sizes
            let largest = sizes.max() ?? 0
            let label = "\(Self.grouped(largest))-step"
            func check(_ size: Int) -> Measurement? { shape.rows[Row.checkCommand]?[size] }
            let tenThousand = check(10_000)
            line("`flowgraph check` of a 10,000-step program in at most 45 ms",
                 tenThousand.map { "\(Self.time($0.wall)) wall, \(Self.time($0.cpu)) CPU" } ?? "–", tenThousand.map { $0.wall <= 0.045 })
            let hundredThousand = check(100_000)
            line("`flowgraph check` of a 100,000-step program in at most 0.5 s",
                 hundredThousand.map { "\(Self.time($0.wall)) wall, \(Self.time($0.cpu)) CPU" } ?? "–", hundredThousand.map { $0.wall <= 0.5 })
            line("… and at most 300 MB peak memory",
                 hundredThousand.map { Self.megabytes($0.peakBytes) } ?? "–", hundredThousand.map { $0.peakBytes <= 300_000_000 })
            for size in [10_000, 100_000] where sizes.contains(size) {
                let ratio = Self.ratio(shape.rows[Row.sccmapStructure]?[size], over: check(size))
                line("`flowgraph check` at least 2× faster than `sccmap -s` on the bare graph, \(Self.grouped(size)) steps",
                     ratio.map { "\(Self.ratio($0))×" } ?? "–", ratio.map { $0 >= 2 })
            }
            let oneStep = shape.oneStepCheck
            line("`flowgraph check` of a one-step program (process start) in at most 15 ms",
                 oneStep.map { "\(Self.time($0.wall)) · \(Self.megabytes($0.peakBytes))" } ?? "–", oneStep.map { $0.wall <= 0.015 })
            for (server, layout) in [(shape.languageServer[10_000], "in one file"), (shape.languageServerSplit[10_000], "in one file a flow")] {
                line("language server: diagnostics after an edit of a 10,000-step program \(layout) in at most 50 ms (median)",
                     server.map { "\(Self.time($0.wall)) (max \(Self.time($0.walls.max() ?? 0)))" } ?? "–", server.map { $0.wall <= 0.05 })
            }
            let format = shape.rows[Row.formatCommand]?[largest]
            let perByte = format.flatMap { measured in shape.programs[largest].map { Double(measured.peakBytes) / Double(max(1, $0.bytes)) } }
            line("`flowgraph fmt`: at most 8 bytes of peak memory per byte of input (\(label))",
                 perByte.map { "\(Self.fixed($0, 1)) (\(Self.megabytes(format?.peakBytes ?? 0)))" } ?? "–", perByte.map { $0 <= 8 })

            let linear = section.linearSizes
            func worst(cpu: Bool) -> (title: String, factor: Double)? {
                var worst: (title: String, factor: Double)?
                for title in shape.rowOrder where title != Stage.baseline.title && title != Row.flowgraphStart && !title.hasPrefix("peer") {
                    // Times of a few milliseconds are mostly noise and fixed costs: they do not count here.
                    for (a, b) in zip(linear, linear.dropFirst()) where (shape.rows[title]?[a]?.wall ?? 0) >= 0.01 {
                        if let factor = section.doublingFactor(title, a, b, cpu: cpu), factor > (worst?.factor ?? 0) { worst = (title, factor) }
                    }
                }
                return worst
            }
            let (wall, cpu) = (worst(cpu: false), worst(cpu: true))
            line("every stage linear: doubling the program at most \(Self.ratio(Self.linearLimit))× the time "
                 + "(measured from \(Self.grouped(linear.first ?? 0)) to \(Self.grouped(linear.last ?? 0)) steps; "
                 + "peers and times under 10 ms left out)",
                 [wall.map { "worst from wall times \(Self.ratio($0.factor)) (\($0.title))" },
                  cpu.map { "from CPU times \(Self.ratio($0.factor)) (\($0.title))" }].compactMap { $0 }.joined(separator: "; "),
                 wall.map { $0.factor <= Self.linearLimit })

            func render(cpu: Bool) -> Double? {
                results.options.renderSizes.compactMap { size in
                    Self.ratio(shape.renderRows[Row.renderCommand]?[size], over: shape.renderRows[Row.dotCommand]?[size], cpu: cpu)
                }.max()
            }
            line("`flowgraph render` at most 1.1× the time of `dot -Tsvg` on the same DOT",
                 render(cpu: false).map {
                     "at most \(Self.ratio($0))× from wall times, \(Self.ratio(render(cpu: true) ?? 0))× from CPU times"
                 } ?? "–",
                 render(cpu: false).map { $0 <= 1.1 })

            let lines = shape.routerLines[1_000].flatMap { lines in shape.programs[1_000].map { Double(lines) / Double(max(1, $0.steps)) } }
            line("generated router of 1,000 steps: at most 8 lines per step", lines.map { String(format: "%.1f", $0) } ?? "–", lines.map { $0 <= 8 })
            for (size, limit) in [(1_000, 2.0), (200, 1.0)] {
                let compile = shape.typecheckRows[Row.compileRouter]?[size]
                line("`swiftc -Onone -wmo -c` of the router of \(Self.grouped(size)) steps in at most \(Self.time(limit))",
                     compile.map { Self.time($0.wall) } ?? "–", compile.map { $0.wall <= limit })
            }
            let typecheck = shape.typecheckRows[Row.typecheck]?[1_000]
            line("`swiftc -typecheck` of the router of 1,000 steps in at most 0.8 s",
                 typecheck.map { Self.time($0.wall) } ?? "–", typecheck.map { $0.wall <= 0.8 })
            let typecheckSizes = results.options.typecheckSizes.sorted()
            let growth = zip(typecheckSizes, typecheckSizes.dropFirst()).compactMap {
                section.doublingFactor(Row.compileRouter, $0, $1, in: shape.typecheckRows)
            }
            line("… and its compile time grows linearly",
                 growth.max().map { "worst \(Self.ratio($0)) per doubling" } ?? "–", growth.max().map { $0 <= Self.linearLimit })
        }
        if let shape = results.shapes.first(where: { $0.shape == "tabs-shared" }) {
            let small = shape.rows[Row.checkCommand]?[250]
            let steps = shape.programs[250].map { " (\(Self.grouped($0.steps)) steps)" } ?? ""
            line("`flowgraph check` of a one-app `tabs-shared` program (250 steps asked) in at most 30 ms",
                 small.map { "\(Self.time($0.wall)) wall, \(Self.time($0.cpu)) CPU\(steps)" } ?? "–", small.map { $0.wall <= 0.03 })
            line("… and at most 40 MB peak memory", small.map { "\(Self.megabytes($0.peakBytes))\(steps)" } ?? "–",
                 small.map { $0.peakBytes <= 40_000_000 })
            let large = shape.rows[Row.checkCommand]?[10_000]
            line("`flowgraph check` of a 10,000-step `tabs-shared` program in at most 0.5 s",
                 large.map { "\(Self.time($0.wall)) wall, \(Self.time($0.cpu)) CPU" } ?? "–", large.map { $0.wall <= 0.5 })
        }
        for shape in results.shapes {
            let section = ShapeSection(results: shape, titled: false)
            let worst = section.statePairs.compactMap { pair in section.stateFactor(pair.0, pair.1).map { (pair, $0) } }.max { $0.1 < $1.1 }
            line("abstract states at most \(Self.ratio(Self.linearLimit))× per doubling of the program (`\(shape.shape)`)",
                 worst.map { "worst \(Self.ratio($0.1)) (\(Self.grouped($0.0.0)) → \(Self.grouped($0.0.1)) steps asked)" } ?? "–",
                 worst.map { $0.1 <= Self.linearLimit })
        }
        return text + "\n"
    }

    static func ratio(_ a: Measurement?, over b: Measurement?, cpu: Bool = false) -> Double? {
        guard let a, let b else { return nil }
        let (x, y) = cpu ? (a.cpu, b.cpu) : (a.wall, b.wall)
        return y > 0 ? x / y : nil
    }

    // MARK: Formatting

    static func time(_ seconds: Double) -> String {
        if seconds >= 1 { return fixed(seconds, 2) + " s" }
        let milliseconds = seconds * 1_000
        if milliseconds >= 100 { return fixed(milliseconds, 0) + " ms" }
        if milliseconds >= 10 { return fixed(milliseconds, 1) + " ms" }
        return fixed(milliseconds, 2) + " ms"
    }

    /// Bytes in MB of 1,000,000 bytes, the unit of the targets.
    static func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_000_000, 0) + " MB" }

    static func ratio(_ value: Double) -> String { fixed(value, 2) }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        guard decimals > 0 else { return grouped(scaled) }
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled) % Int(scale))
        return grouped(whole) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// 12345 as "12,345".
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }
}

/// The sections of the report for the programs of one shape.
struct ShapeSection {
    let results: ShapeResults
    /// Whether headings name the shape (when the report has several, or another than the default).
    let titled: Bool

    private var suffix: String { titled ? ", `\(results.shape)` programs" : "" }

    func stages() -> String {
        let sizes = results.sizes
        var text = "## Stages and peers\(suffix): median wall time · peak memory\n\n"
        text += "Peak memory is the whole process's (`ru_maxrss`): for a stage, everything up to and including it.\n\n"
        text += table(results.rows, order: results.rowOrder, sizes: sizes) { "\(Report.time($0.wall)) · \(Report.megabytes($0.peakBytes))" }
        text += "\n### CPU time (user + system), median\(suffix)\n\n"
        text += table(results.rows, order: results.rowOrder, sizes: sizes) { Report.time($0.cpu) }
        if !results.languageServer.isEmpty {
            text += "\n### Language server: a `didChange` to its diagnostics, median · max\n\n"
            text += "An edit is a range and its new text, as editors send changes to this server (it asks for them); "
                + "a whole text is what a client that sends the document each time costs.\n\n"
            text += "| | " + sizes.map { Report.grouped($0) + " steps" }.joined(separator: " | ") + " |\n"
            text += "|---|" + sizes.map { _ in "---:|" }.joined() + "\n"
            for (label, measured) in [("an edit", results.languageServer), ("the whole text", results.languageServerWholeText),
                                      ("an edit, the program in one file a flow", results.languageServerSplit)] {
                text += "| \(label) | " + sizes.map { size in
                    measured[size].map { "\(Report.time($0.wall)) · \(Report.time($0.walls.max() ?? 0))" } ?? "–"
                }.joined(separator: " | ") + " |\n"
            }
        }
        if let oneStep = results.oneStepCheck {
            text += "\n`flowgraph check` of a one-step program: \(Report.time(oneStep.wall)) · \(Report.megabytes(oneStep.peakBytes)).\n"
        }
        guard results.rows[Row.sccmapStructure] != nil else { return text + "\n" }
        text += "\n### `sccmap` ÷ `flowgraph check` (at least 2 wanted)\n\n"
        text += "| DOT read by sccmap | " + sizes.map { Report.grouped($0) }.joined(separator: " | ") + " |\n"
        text += "|---|" + sizes.map { _ in "---:|" }.joined() + "\n"
        for cpu in [false, true] {
            for row in [Row.sccmapStructure, Row.sccmapDiagram] {
                text += "| \(row), \(cpu ? "CPU" : "wall") time | " + sizes.map { size in
                    Report.ratio(results.rows[row]?[size], over: results.rows[Row.checkCommand]?[size], cpu: cpu).map { Report.ratio($0) } ?? "–"
                }.joined(separator: " | ") + " |\n"
            }
        }
        return text + "\n"
    }

    func table(_ rows: [String: [Int: Measurement]], order: [String], sizes: [Int], cell: (Measurement) -> String) -> String {
        var text = "| stage or command | " + sizes.map { Report.grouped($0) + " steps" }.joined(separator: " | ") + " |\n"
        text += "|---|" + sizes.map { _ in "---:|" }.joined() + "\n"
        for title in order {
            text += "| \(title) | " + sizes.map { size in rows[title]?[size].map(cell) ?? "–" }.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// The growth of each stage per doubling of the program, between sizes of 10,000 steps and
    /// more (all sizes when fewer than two are that large), from wall times and from CPU times.
    func linearity() -> String {
        let sizes = linearSizes
        guard sizes.count >= 2 else { return "" }
        var pairs = zip(sizes, sizes.dropFirst()).map { ($0, $1) }
        if sizes.count > 2 { pairs.append((sizes.first!, sizes.last!)) }
        var text = "## Linearity: time ratio per doubling of the program\(suffix)\n\n"
        text += "(t(m) ÷ t(n)) ^ (ln 2 ÷ ln(m ÷ n)), with n and m the programs' real step counts, from median times; "
        text += "1.0 is constant, 2.0 linear, 4.0 quadratic; above \(Report.ratio(Report.linearLimit)) is marked ⚠.\n\n"
        for (heading, cpu) in [("From wall times", false), ("From CPU times (user + system)", true)] {
            text += "### \(heading)\n\n"
            text += "| stage or command | " + pairs.map { "\(Report.grouped($0.0)) → \(Report.grouped($0.1))" }.joined(separator: " | ") + " |\n"
            text += "|---|" + pairs.map { _ in "---:|" }.joined() + "\n"
            for title in results.rowOrder where title != Stage.baseline.title && title != Row.flowgraphStart {
                text += "| \(title) | " + pairs.map { pair in
                    guard let factor = doublingFactor(title, pair.0, pair.1, cpu: cpu) else { return "–" }
                    return Report.ratio(factor) + (factor > Report.linearLimit ? " ⚠" : "")
                }.joined(separator: " | ") + " |\n"
            }
            text += "\n"
        }
        return text + states()
    }

    /// The checker's abstract states per doubling of the program: between every two consecutive
    /// sizes (a count, not a time: no noise, so small sizes count too) and from the first to the last.
    func states() -> String {
        let pairs = statePairs
        guard !pairs.isEmpty else { return "" }
        var text = "### Abstract states per doubling\(suffix)\n\n"
        text += "The same formula on the abstract states the checker searched (`ProgramAnalysis.stateCount`), between consecutive sizes "
        text += "and from the first to the last.\n\n"
        text += "| count | " + pairs.map { "\(Report.grouped($0.0)) → \(Report.grouped($0.1))" }.joined(separator: " | ") + " |\n"
        text += "|---|" + pairs.map { _ in "---:|" }.joined() + "\n"
        text += "| abstract states | " + pairs.map { pair in
            guard let factor = stateFactor(pair.0, pair.1) else { return "–" }
            return Report.ratio(factor) + (factor > Report.linearLimit ? " ⚠" : "")
        }.joined(separator: " | ") + " |\n\n"
        return text
    }

    var statePairs: [(Int, Int)] {
        let sizes = results.programs.keys.sorted().filter { (results.programs[$0]?.states ?? 0) > 0 && results.sizes.contains($0) }
        guard sizes.count >= 2 else { return [] }
        var pairs = zip(sizes, sizes.dropFirst()).map { ($0, $1) }
        if sizes.count > 2 { pairs.append((sizes.first!, sizes.last!)) }
        return pairs
    }

    func stateFactor(_ small: Int, _ large: Int) -> Double? {
        guard let a = results.programs[small], let b = results.programs[large], a.states > 0, b.states > 0, b.steps > a.steps else { return nil }
        return pow(Double(b.states) / Double(a.states), log(2) / log(Double(b.steps) / Double(a.steps)))
    }

    var linearSizes: [Int] {
        let sizes = results.sizes
        let large = sizes.filter { $0 >= 10_000 }
        return large.count >= 2 ? large : sizes
    }

    func doublingFactor(_ title: String, _ small: Int, _ large: Int, in rows: [String: [Int: Measurement]]? = nil, cpu: Bool = false) -> Double? {
        let rows = rows ?? results.rows
        guard let first = rows[title]?[small], let second = rows[title]?[large] else { return nil }
        let a = cpu ? first.cpu : first.wall
        let b = cpu ? second.cpu : second.wall
        guard a > 0, b > 0,
              let n = results.programs[small]?.steps, let m = results.programs[large]?.steps, m > n else { return nil }
        return pow(b / a, log(2) / log(Double(m) / Double(n)))
    }

    func rendering() -> String {
        let sizes = Set(results.renderRows.values.flatMap(\.keys)).sorted()
        guard !sizes.isEmpty else { return "" }
        var text = "## Graphviz rendering (SVG)\(suffix): median wall time · peak memory\n\n"
        text += table(results.renderRows, order: results.renderOrder, sizes: sizes) { "\(Report.time($0.wall)) · \(Report.megabytes($0.peakBytes))" }
        for cpu in [false, true] {
            text += "| `flowgraph render` ÷ `dot -Tsvg`, \(cpu ? "CPU" : "wall") time (at most 1.10 wanted) | " + sizes.map { size in
                Report.ratio(results.renderRows[Row.renderCommand]?[size], over: results.renderRows[Row.dotCommand]?[size], cpu: cpu)
                    .map { Report.ratio($0) } ?? "–"
            }.joined(separator: " | ") + " |\n"
        }
        return text + "\n"
    }

    func typecheck() -> String {
        let sizes = Set(results.typecheckRows.values.flatMap(\.keys)).sorted()
        guard !sizes.isEmpty else { return "" }
        var text = "## The generated router\(suffix): `swiftc -swift-version 6 -strict-concurrency=complete`, "
            + "the app's types in a module of their own\n\n"
        text += "| steps | router lines | lines per step | `flowgraph generate` | `swiftc -typecheck` | `swiftc -Onone -wmo -c` | "
            + "swiftc peak memory | compile ratio per doubling |\n"
        text += "|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        var previous: Int?
        for size in sizes {
            let steps = results.programs[size]?.steps ?? size
            let lines = results.routerLines[size] ?? 0
            let generate = results.typecheckRows[Row.generateForTypecheck]?[size]
            let check = results.typecheckRows[Row.typecheck]?[size]
            let compile = results.typecheckRows[Row.compileRouter]?[size]
            let factor = previous.flatMap { doublingFactor(Row.compileRouter, $0, size, in: results.typecheckRows) }
            text += "| \(Report.grouped(steps)) | \(Report.grouped(lines)) | \(String(format: "%.1f", Double(lines) / Double(max(1, steps)))) | "
            text += "\(generate.map { Report.time($0.wall) } ?? "–") | \(check.map { Report.time($0.wall) } ?? "–") | "
            text += "\(compile.map { Report.time($0.wall) } ?? "–") | \(compile.map { Report.megabytes($0.peakBytes) } ?? "–") | "
            text += "\(factor.map { Report.ratio($0) + ($0 > Report.linearLimit ? " ⚠" : "") } ?? "–") |\n"
            previous = size
        }
        if let runtime = results.runtimeCompile {
            text += "\nFlowGraphRuntime itself, compiled once per build of the app (`swiftc -Onone -wmo`, module and static library): "
            text += "\(Report.time(runtime.wall)) · \(Report.megabytes(runtime.peakBytes)).\n"
        }
        return text + "\n"
    }
}
