// The libFuzzer entry point: the whole pipeline (parse → resolve → check → reports, diagram →
// DOT and Mermaid, Swift router) on each input, with invariants beyond "no crash".
//
// Not a SwiftPM target: scripts/fuzz compiles the files of Tests/Fuzz together with
// Sources/FlowGraph, Sources/FlowGraphRuntime, Sources/FlowGraphRendering and the replay
// (Tests/FlowGraphReplayTests/Replay) into one module, with
// `swiftc -sanitize=fuzzer,address`, and links Graphviz (libgvc, libcgraph) through CGraphviz.
//
// Invariants, each a crash (so libFuzzer keeps the input) when broken:
// - no crash, no sanitizer report;
// - determinism: the same bytes compiled twice give byte-identical outputs;
// - a baseline of the findings silences every one of them but syntax errors;
// - the DOT text parses with Graphviz (agmemread), with as many nodes and edges as the diagram;
// - an input without errors renders in process through FlowGraphRendering, in every format, whole
//   and flow by flow, and as the page (`FuzzRender`, in FuzzRender.swift);
// - the navigator, run from the router's table, agrees with the checker's claims on every input
//   without errors (`checkReplay`, in FuzzReplay.swift);
// - the generated Swift and the Mermaid text are well formed as far as a light scan can tell
//   (brackets balanced outside strings and comments; quotes balanced on every Mermaid line);
// - the lossless syntax tree prints every file back byte for byte; the formatter refuses exactly
//   the files with syntax errors, and on the others is idempotent, keeps every comment, and the
//   formatted program has the same findings as the input (`checkFormatter`).
//
// With FLOWGRAPH_FUZZ_OUTPUT=DIR, each input without errors also writes DIR/<digest>.swift (the
// router, with every parameter type replaced by a stub type declared in the file, so that only
// FlowGraph's own code is checked) and DIR/<digest>.dot, for `scripts/fuzz --sample`, which
// type-checks the one with swiftc and lays out the other with dot.

import Glibc

/// What the pipeline writes for one input.
struct FuzzOutputs: Equatable {
    var report = ""
    var json = ""
    var dot: String?
    var mermaid: String?
    var swift: String?
}

enum FuzzPipeline {
    /// An input holds up to four files, separated by a line `%%%`, so cross-file programs are fuzzed too.
    static func files(_ bytes: [UInt8]) -> [SourceFile] {
        let separator = Array("\n%%%\n".utf8)
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, parts.count < 3 {
            if bytes[index] == separator[0], Array(bytes[index..<(index + separator.count)]) == separator {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts.enumerated().map { SourceFile(path: "input\($0.offset).flow", bytes: $0.element) }
    }

    /// Every output of every stage, for the files.
    static func run(_ files: [SourceFile]) -> (outputs: FuzzOutputs, compilation: Compiler.Compilation, diagram: Diagram?) {
        let compilation = Compiler.compile(files)
        var outputs = FuzzOutputs()
        let context = ReportContext(compilation)
        outputs.report = TextReport(context).render() + GitHubReport(context).render()
        outputs.json = JSONReport(context).render() + SARIFReport(context).render()
        var diagram: Diagram?
        if let program = compilation.program {
            // Drawn even with errors: the library's API allows it, so it must not crash.
            let built = DiagramBuilder.build(program, diagnostics: compilation.diagnostics)
            diagram = built
            outputs.dot = DOTEmitter.emit(built)
            outputs.mermaid = MermaidEmitter.emit(program, diagnostics: compilation.diagnostics)
            if !compilation.hasAnyErrors {  // Silenced errors do not make a program sound.
                outputs.swift = SwiftEmitter.emit(program, analysis: compilation.analysis, sources: files.map(\.path))
            }
        }
        return (outputs, compilation, diagram)
    }
}

/// Stops the run with a message; libFuzzer saves the input as a crash.
func fuzzFailure(_ message: String, _ detail: String = "") -> Never {
    let text = "FlowGraph fuzz invariant broken: \(message)\n\(detail.prefix(4000))\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    abort()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let files = FuzzPipeline.files(bytes)
    let first = FuzzPipeline.run(files)
    let second = FuzzPipeline.run(files)
    if first.outputs != second.outputs { fuzzFailure("two runs on the same input gave different outputs") }
    if let dot = first.outputs.dot, let diagram = first.diagram { checkDOT(dot, diagram) }
    checkFormatter(files, first.compilation)
    if let mermaid = first.outputs.mermaid { checkMermaid(mermaid) }
    // A baseline of the findings silences each of them, except syntax errors, which it never holds.
    let baselined = Baseline(first.compilation).apply(to: first.compilation)
    if baselined.diagnostics.contains(where: { $0.rule != .syntax }) {
        fuzzFailure("a baseline of the findings left some reported", TextReport(ReportContext(baselined)).render())
    }
    if let swift = first.outputs.swift {
        if let problem = SwiftScan.problem(in: swift) { fuzzFailure("generated Swift: \(problem)", swift) }
        if let program = first.compilation.program { checkTable(program, first.compilation.analysis) }
    }
    if let program = first.compilation.program, !first.compilation.hasAnyErrors { FuzzRender.check(program, first.compilation) }
    checkReplay(first.compilation)
    if let folder = getenv("FLOWGRAPH_FUZZ_OUTPUT").map({ String(cString: $0) }), let program = first.compilation.program,
       !first.compilation.hasAnyErrors, let dot = first.outputs.dot {
        FuzzSample.write(program, first.compilation, dot: dot, bytes: bytes, to: folder)
    }
    return 0
}

/// The formatter's properties (docs/CLI.md, "flowgraph fmt").
func checkFormatter(_ files: [SourceFile], _ compilation: Compiler.Compilation) {
    var formatted: [SourceFile] = []
    for file in files {
        let tree = Parser.parseConcrete(file)
        if tree.text != file.bytes { fuzzFailure("the syntax tree of \(file.path) does not print the file back") }
        switch FlowFormatter.format(file) {
        case .refused(let diagnostics):
            if tree.diagnostics.isEmpty {
                fuzzFailure("the formatter refused \(file.path), which has no syntax error", diagnostics.map(\.message).joined(separator: "\n"))
            }
        case .formatted(let bytes):
            if !tree.diagnostics.isEmpty { fuzzFailure("the formatter formatted \(file.path), which has syntax errors") }
            let output = SourceFile(path: file.path, bytes: bytes)
            guard case .formatted(let again) = FlowFormatter.format(output), again == bytes else {
                fuzzFailure("formatting \(file.path) twice changed it again", String(decoding: bytes, as: UTF8.self))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            for comment in FlowFormatter.comments(of: tree) where !text.contains(comment) {
                fuzzFailure("formatting \(file.path) lost the comment \(comment)", text)
            }
            formatted.append(output)
        }
    }
    guard formatted.count == files.count else { return }
    func findings(_ compilation: Compiler.Compilation) -> [String] {
        compilation.diagnostics.map { "\($0.rule.id) \($0.severity) \($0.message) \($0.notes.map(\.message)) \($0.path)" }.sorted()
    }
    let before = findings(compilation), after = findings(Compiler.compile(formatted))
    if before != after {
        fuzzFailure("the formatted program has other findings",
                    "before:\n\(before.joined(separator: "\n"))\nafter:\n\(after.joined(separator: "\n"))")
    }
}

/// Graphviz must read the DOT text, and find in it the diagram's nodes and edges, no more, no less.
func checkDOT(_ dot: String, _ diagram: Diagram) {
    var nodes = Set(diagram.allNodes.map(\.id))
    for edge in diagram.edges {
        nodes.insert(edge.tail)
        nodes.insert(edge.head)
    }
    guard let counts = dotCounts(dot) else { fuzzFailure("Graphviz cannot read the DOT text", dot) }
    guard counts.nodes == nodes.count, counts.edges == diagram.edges.count else {
        fuzzFailure("Graphviz read \(counts.nodes) nodes and \(counts.edges) edges; the diagram has \(nodes.count) and \(diagram.edges.count)", dot)
    }
}

/// Every Mermaid line has balanced double quotes (a label cannot end early or run on).
func checkMermaid(_ text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) where line.utf8.count(where: { $0 == UInt8(ascii: "\"") }) % 2 != 0 {
        fuzzFailure("unbalanced quotes in a Mermaid line: \(line)", text)
    }
}

/// A light scan of Swift text: brackets balance outside comments and string literals, and
/// every string literal and block comment ends. It catches text from a `.flow` file that
/// escapes its string or comment, without a compiler.
enum SwiftScan {
    static func problem(in text: String) -> String? {
        let bytes = Array(text.utf8)
        var stack: [UInt8] = []
        var index = 0
        var line = 1
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: "/"), at(1) == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
                var depth = 0
                repeat {
                    if at(0) == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") { depth += 1; index += 2; continue }
                    if at(0) == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") { depth -= 1; index += 2; continue }
                    if at(0) == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                } while depth > 0 && index < bytes.count
                if depth > 0 { return "unterminated block comment from line \(line)" }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let isMultiline = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
                let startLine = line
                index += isMultiline ? 3 : 1
                while true {
                    guard let current = at(0) else { return "unterminated string from line \(startLine)" }
                    if current == UInt8(ascii: "\\") { index += 2; continue }
                    if current == UInt8(ascii: "\n") {
                        if !isMultiline { return "line break in a string on line \(line)" }
                        line += 1
                    }
                    if current == UInt8(ascii: "\"") {
                        if !isMultiline { index += 1; break }
                        if at(1) == UInt8(ascii: "\""), at(2) == UInt8(ascii: "\"") { index += 3; break }
                    }
                    index += 1
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(byte)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opening: UInt8 = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                guard stack.last == opening else { return "unbalanced '\(UnicodeScalar(byte))' on line \(line)" }
                stack.removeLast()
            default:
                break
            }
            index += 1
        }
        return stack.isEmpty ? nil : "\(stack.count) brackets never closed"
    }
}

/// Writes what `scripts/fuzz --sample` checks with swiftc and dot.
enum FuzzSample {
    static func write(_ program: FlowProgram, _ compilation: Compiler.Compilation, dot: String, bytes: [UInt8], to folder: String) {
        var stubbed = program
        var stubs: [String: String] = [:]
        func stub(_ type: String) -> String {
            // Trailing '?' are kept: the generator treats optional inputs differently.
            let base = String(type.reversed().drop(while: { $0 == "?" }).reversed())
            let name = stubs[base] ?? "FuzzStub\(stubs.count)"
            stubs[base] = name
            return name + String(repeating: "?", count: type.count - base.count)
        }
        func stubbing(_ parameters: inout [Parameter]) {
            for index in parameters.indices { parameters[index].type = stub(parameters[index].type) }
        }
        func stubbing(_ transitions: inout [Clause]) {
            // A Clause is immutable: each is made again with its payload's types stubbed.
            transitions = transitions.map { clause in
                var payload = clause.payload
                stubbing(&payload)
                return Clause(event: clause.event, eventRange: clause.eventRange, payload: payload, action: clause.action,
                                  condition: clause.condition, doc: clause.doc, range: clause.range, isExitHandler: clause.isExitHandler)
            }
        }
        func stubbing(_ flow: inout Flow) {
            for step in flow.steps.indices {
                stubbing(&flow.steps[step].inputs)
                stubbing(&flow.steps[step].receives)
                stubbing(&flow.steps[step].clauses)
            }
            for exit in flow.exits.indices { stubbing(&flow.exits[exit].inputs) }
            // A link's values: the same types as the targets' inputs and guards' arguments they feed.
            for link in flow.links.indices { stubbing(&flow.links[link].parameters) }
            for item in flow.guards.indices { stubbing(&flow.guards[item].parameters) }
            for event in flow.events.indices { stubbing(&flow.events[event].payload) }
            stubbing(&flow.clauses)
            for alert in flow.alerts.indices {
                stubbing(&flow.alerts[alert].inputs)
                for button in flow.alerts[alert].buttons.indices {
                    stubbing(&flow.alerts[alert].buttons[button].payload)
                    guard var clauses = flow.alerts[alert].buttons[button].clause.map({ [$0] }) else { continue }
                    stubbing(&clauses)
                    flow.alerts[alert].buttons[button].clause = clauses[0]
                }
            }
        }
        // The flows, and the destinations groups whose types the flows that use them share.
        for flow in stubbed.flows.indices { stubbing(&stubbed.flows[flow]) }
        for group in stubbed.groups.indices { stubbing(&stubbed.groups[group].declaration) }
        var swift = SwiftEmitter.emit(stubbed, analysis: compilation.analysis, sources: ["input.flow"])
        swift += "\n// The app's types, as stubs.\n"
        for name in stubs.values.sorted() {
            swift += "struct \(name): Hashable, Sendable, LosslessStringConvertible {\n"
            swift += "    let description: String\n    init?(_ description: String) { self.description = description }\n}\n"
        }
        let name = folder + "/" + digest(bytes)
        save(swift, to: name + ".swift")
        save(dot, to: name + ".dot")
    }

    static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func save(_ text: String, to path: String) {
        guard let file = fopen(path, "wb") else { fuzzFailure("cannot write \(path)") }
        _ = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, file) }
        fclose(file)
    }
}

/// The program table the router holds must read back, in the runtime, as the program: the same
/// flows, steps, inputs, guards, events, exits, clauses and link patterns, whatever their names.
func checkTable(_ program: FlowProgram, _ analysis: ProgramAnalysis) {
    let text = RouterTable(program, analysis: analysis).lines.joined(separator: "\n")
    let table: ProgramTable
    do {
        table = try ProgramTable(parsing: text)
    } catch {
        fuzzFailure("the runtime cannot read the router's table: \(error)", text)
    }
    guard table.flows.count == program.flows.count else { fuzzFailure("the table has \(table.flows.count) flows", text) }
    for (info, flow) in zip(table.flows, program.flows) {
        let same = info.name == flow.name && info.isTabs == flow.isTabs
            && info.steps.map(\.name) == flow.steps.map(\.name)
            && info.steps.map(\.inputs) == flow.steps.map { $0.inputs.map { "\($0.name): \($0.type)" } }
            && info.steps.map(\.clauses.count) == flow.steps.map(\.clauses.count)
            && info.clauses.count == flow.eventClauses.count  // a link's move is its link's
            && info.guards.map(\.name) == flow.guards.map(\.name) && info.events == flow.events.map(\.name)
            && info.exits == flow.exits.map(\.name)
            && info.links.map(\.text) == flow.links.filter { $0.target != nil }.map(\.pattern.text)
            && info.links.map { $0.move?.rawValue } == flow.links.filter { $0.target != nil }.map { $0.move?.rawValue }
            && info.alerts.map(\.name) == flow.alerts.map(\.name) && info.alerts.map(\.isDialog) == flow.alerts.map { $0.style == .dialog }
            && info.alerts.map(\.inputs) == flow.alerts.map { $0.inputs.map { "\($0.name): \($0.type)" } }
            && info.alerts.map { $0.buttons.map { $0.clause != nil } } == flow.alerts.map { $0.buttons.map { $0.clause != nil } }
        if !same { fuzzFailure("the table read back differs from flow '\(flow.name)'", text) }
    }
}
