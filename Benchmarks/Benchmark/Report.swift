#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Markdown report of a run: the machine, the programs, the tables, the ratios and the targets.
struct Report {
    let results: BenchmarkResults

    init(_ results: BenchmarkResults) { self.results = results }

    /// Doubling a program may multiply a stage's time by at most this.
    static let linearLimit = 2.2

    func markdown() -> String {
        var text = "## Machine\n\n"
        let machine = results.machine
        text += "- CPU: \(machine.cpu), \(machine.cores) cores online; memory: \(machine.memory); \(machine.kernel)\n"
        text += "- \(machine.swift); \(machine.graphviz)\n"
        text += "- load average (1, 5, 15 min) before the run: \(machine.loadBefore); after: \(results.loadAfter)\n"
        text += "- programs from `flowgraph-program-generator --seed \(results.options.seed)`; "
        text += results.options.runs.map { "\($0) runs each" } ?? "median of 5 runs up to 10,000 steps, of 3 above (type-check: 3 up to 1,000 steps, 1 above)"
        text += "\n\n"
        text += programs()
        text += stages()
        text += linearity()
        text += rendering()
        text += typecheck()
        text += targets()
        return text
    }

    // MARK: Tables

    private func programs() -> String {
        var text = "## Programs\n\n| steps asked | steps | flows | clauses | .flow bytes | diagram nodes | diagram edges |\n|---:|---:|---:|---:|---:|---:|---:|\n"
        for size in results.programs.keys.sorted() {
            let p = results.programs[size]!
            text += "| \(Self.grouped(size)) | \(Self.grouped(p.steps)) | \(Self.grouped(p.flows)) | \(Self.grouped(p.clauses)) | \(Self.grouped(p.bytes)) | \(Self.grouped(p.diagramNodes)) | \(Self.grouped(p.diagramEdges)) |\n"
        }
        return text + "\n"
    }

    private func stages() -> String {
        let sizes = results.options.sizes.sorted()
        var text = "## Stages and peers: median wall time · peak memory\n\n"
        text += "Peak memory is the whole process's (`ru_maxrss`): for a stage, everything up to and including it.\n\n"
        text += table(results.rows, order: results.rowOrder, sizes: sizes) { "\(Self.time($0.wall)) · \(Self.megabytes($0.peakBytes))" }
        text += "\n### CPU time (user + system), median\n\n"
        text += table(results.rows, order: results.rowOrder, sizes: sizes) { Self.time($0.cpu) }
        text += "\n### `sccmap` ÷ `flowgraph check` (at least 10 wanted)\n\n"
        text += "| DOT read by sccmap | " + sizes.map { Self.grouped($0) }.joined(separator: " | ") + " |\n"
        text += "|---|" + sizes.map { _ in "---:|" }.joined() + "\n"
        for cpu in [false, true] {
            for row in [Row.sccmapStructure, Row.sccmapDiagram] {
                text += "| \(row), \(cpu ? "CPU" : "wall") time | " + sizes.map { size in
                    ratio(results.rows[row]?[size], over: results.rows[Row.checkCommand]?[size], cpu: cpu).map { Self.ratio($0) } ?? "–"
                }.joined(separator: " | ") + " |\n"
            }
        }
        return text + "\n"
    }

    private func table(_ rows: [String: [Int: Measurement]], order: [String], sizes: [Int], cell: (Measurement) -> String) -> String {
        var text = "| stage or command | " + sizes.map { Self.grouped($0) + " steps" }.joined(separator: " | ") + " |\n"
        text += "|---|" + sizes.map { _ in "---:|" }.joined() + "\n"
        for title in order {
            text += "| \(title) | " + sizes.map { size in rows[title]?[size].map(cell) ?? "–" }.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// The growth of each stage per doubling of the program, between sizes of 10,000 steps and
    /// more (all sizes when fewer than two are that large), from wall times and from CPU times.
    private func linearity() -> String {
        let sizes = linearSizes
        guard sizes.count >= 2 else { return "" }
        var pairs = zip(sizes, sizes.dropFirst()).map { ($0, $1) }
        if sizes.count > 2 { pairs.append((sizes.first!, sizes.last!)) }
        var text = "## Linearity: time ratio per doubling of the program\n\n"
        text += "(t(m) ÷ t(n)) ^ (ln 2 ÷ ln(m ÷ n)), with n and m the programs' real step counts, from median times; "
        text += "1.0 is constant, 2.0 linear, 4.0 quadratic; above \(Self.ratio(Self.linearLimit)) is marked ⚠.\n\n"
        for (heading, cpu) in [("From wall times", false), ("From CPU times (user + system)", true)] {
            text += "### \(heading)\n\n"
            text += "| stage or command | " + pairs.map { "\(Self.grouped($0.0)) → \(Self.grouped($0.1))" }.joined(separator: " | ") + " |\n"
            text += "|---|" + pairs.map { _ in "---:|" }.joined() + "\n"
            for title in results.rowOrder where title != Stage.baseline.title && title != Row.flowgraphStart {
                text += "| \(title) | " + pairs.map { pair in
                    guard let factor = doublingFactor(title, pair.0, pair.1, cpu: cpu) else { return "–" }
                    return Self.ratio(factor) + (factor > Self.linearLimit ? " ⚠" : "")
                }.joined(separator: " | ") + " |\n"
            }
            text += "\n"
        }
        return text
    }

    private var linearSizes: [Int] {
        let sizes = results.options.sizes.sorted()
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

    private func rendering() -> String {
        let sizes = results.options.renderSizes.sorted()
        guard !sizes.isEmpty else { return "" }
        var text = "## Graphviz rendering (SVG): median wall time · peak memory\n\n"
        text += table(results.renderRows, order: results.renderOrder, sizes: sizes) { "\(Self.time($0.wall)) · \(Self.megabytes($0.peakBytes))" }
        for cpu in [false, true] {
            text += "| `flowgraph render` ÷ `dot -Tsvg`, \(cpu ? "CPU" : "wall") time (at most 1.10 wanted) | " + sizes.map { size in
                ratio(results.renderRows[Row.renderCommand]?[size], over: results.renderRows[Row.dotCommand]?[size], cpu: cpu)
                    .map { Self.ratio($0) } ?? "–"
            }.joined(separator: " | ") + " |\n"
        }
        return text + "\n"
    }

    private func typecheck() -> String {
        let sizes = results.options.typecheckSizes.sorted()
        guard !sizes.isEmpty else { return "" }
        var text = "## Type-checking the generated router: `swiftc -typecheck -swift-version 6 -strict-concurrency=complete`\n\n"
        text += "| steps | router lines | `flowgraph generate` | `swiftc -typecheck` | swiftc peak memory | ratio per doubling |\n|---:|---:|---:|---:|---:|---:|\n"
        var previous: Int?
        for size in sizes {
            let generate = results.typecheckRows[Row.generateForTypecheck]?[size]
            let check = results.typecheckRows[Row.typecheck]?[size]
            let factor = previous.flatMap { doublingFactor(Row.typecheck, $0, size, in: results.typecheckRows) }
            text += "| \(Self.grouped(results.programs[size]?.steps ?? size)) | \(Self.grouped(results.routerLines[size] ?? 0)) | "
            text += "\(generate.map { Self.time($0.wall) } ?? "–") | \(check.map { Self.time($0.wall) } ?? "–") | "
            text += "\(check.map { Self.megabytes($0.peakBytes) } ?? "–") | \(factor.map { Self.ratio($0) + ($0 > Self.linearLimit ? " ⚠" : "") } ?? "–") |\n"
            previous = size
        }
        return text + "\n"
    }

    // MARK: Targets

    private func targets() -> String {
        var text = "## Targets\n\n| target | measured | met |\n|---|---|:-:|\n"
        func line(_ target: String, _ measured: String, _ met: Bool?) {
            text += "| \(target) | \(measured) | \(met.map { $0 ? "yes" : "**no**" } ?? "not measured") |\n"
        }
        let largest = results.options.sizes.max() ?? 0
        let check = results.rows[Row.checkCommand]?[largest]
        let label = "\(Self.grouped(largest))-step"
        line("`flowgraph check` of a 100,000-step program in at most 1 s",
             check.map { "\(Self.time($0.wall)) wall, \(Self.time($0.cpu)) CPU (\(label))" } ?? "–", largest >= 100_000 ? check.map { $0.wall <= 1 } : nil)
        line("… and at most 500 MB peak memory",
             check.map { "\(Self.megabytes($0.peakBytes)) (\(label))" } ?? "–", largest >= 100_000 ? check.map { $0.peakBytes <= 500_000_000 } : nil)

        let sizes = linearSizes
        func worst(cpu: Bool) -> (title: String, factor: Double)? {
            var worst: (title: String, factor: Double)?
            for title in results.rowOrder where title != Stage.baseline.title && title != Row.flowgraphStart && !title.hasPrefix("peer") {
                // Times of a few milliseconds are mostly noise and fixed costs: they do not count here.
                for (a, b) in zip(sizes, sizes.dropFirst()) where (results.rows[title]?[a]?.wall ?? 0) >= 0.01 {
                    if let factor = doublingFactor(title, a, b, cpu: cpu), factor > (worst?.factor ?? 0) { worst = (title, factor) }
                }
            }
            return worst
        }
        let (wall, cpu) = (worst(cpu: false), worst(cpu: true))
        line("every stage linear: doubling the program at most \(Self.ratio(Self.linearLimit))× the time "
             + "(measured from \(Self.grouped(sizes.first ?? 0)) to \(Self.grouped(sizes.last ?? 0)) steps; peers and times under 10 ms left out)",
             [wall.map { "worst from wall times \(Self.ratio($0.factor)) (\($0.title))" },
              cpu.map { "from CPU times \(Self.ratio($0.factor)) (\($0.title))" }].compactMap { $0 }.joined(separator: "; "),
             wall.map { $0.factor <= Self.linearLimit })

        func sccmap(cpu: Bool) -> Double? {
            results.options.sizes.compactMap { size in
                ratio(results.rows[Row.sccmapStructure]?[size], over: results.rows[Row.checkCommand]?[size], cpu: cpu)
            }.min()
        }
        line("`flowgraph check` at least 10× faster than `sccmap` on the same graph",
             sccmap(cpu: false).map { "at least \(Self.ratio($0))× from wall times, \(Self.ratio(sccmap(cpu: true) ?? 0))× from CPU times (bare graph DOT)" } ?? "–",
             sccmap(cpu: false).map { $0 >= 10 })

        func render(cpu: Bool) -> Double? {
            results.options.renderSizes.compactMap { size in
                ratio(results.renderRows[Row.renderCommand]?[size], over: results.renderRows[Row.dotCommand]?[size], cpu: cpu)
            }.max()
        }
        line("`flowgraph render` at most 1.1× the time of `dot -Tsvg` on the same DOT",
             render(cpu: false).map { "at most \(Self.ratio($0))× from wall times, \(Self.ratio(render(cpu: true) ?? 0))× from CPU times" } ?? "–",
             render(cpu: false).map { $0 <= 1.1 })

        let typecheck = results.typecheckRows[Row.typecheck]?[1_000]
        line("generated Swift for 1,000 steps type-checks in at most 10 s",
             typecheck.map { Self.time($0.wall) } ?? "–", typecheck.map { $0.wall <= 10 })
        let typecheckSizes = results.options.typecheckSizes.sorted()
        let growth = zip(typecheckSizes, typecheckSizes.dropFirst()).compactMap {
            doublingFactor(Row.typecheck, $0, $1, in: results.typecheckRows)
        }
        line("… and grows linearly", growth.max().map { "worst \(Self.ratio($0)) per doubling" } ?? "–", growth.max().map { $0 <= Self.linearLimit })
        return text + "\n"
    }

    private func ratio(_ a: Measurement?, over b: Measurement?, cpu: Bool = false) -> Double? {
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
