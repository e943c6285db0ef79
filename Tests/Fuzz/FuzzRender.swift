// The renderer's part of the fuzz harness (compiled with FuzzTarget.swift by scripts/fuzz, in one
// module with Sources/FlowGraph and Sources/FlowGraphRendering, under AddressSanitizer).
//
// Every input that compiles without errors is laid out and rendered in process through
// FlowGraphRendering's own Graphviz calls (GraphvizRenderer, CGraphviz/shim.h): the whole program
// (`render -o x.svg`, with the legend), each flow alone (`render --flow F --no-legend`: the legend
// is the same box in every diagram, drawn once with the program), in every format that goes
// through libgvc (svg, dot, png, pdf), and the page (`render --format html`, which lays out the
// overview and each flow again). A diagram already drawn by this process is not drawn again: the
// same calls on the same graph would only repeat themselves (an input replayed alone is drawn).
// Graphviz itself is not instrumented, but the sanitizer sees every malloc and free it makes, so
// heap corruption in our graph building, in the shim, in Graphviz's layout of our graphs or in
// freeing it is reported at the faulty free or access (issue 24: a double free in gvFreeLayout).
//
// Invariants, each a crash when broken: no crash and no sanitizer report; no Graphviz error on a
// program without errors; each format's bytes look like that format; the same diagram drawn
// twice gives the same svg.

import CGraphviz
import Glibc

enum FuzzRender {
    /// The largest diagram laid out, in nodes and edges. dot's time grows faster than the square
    /// of the diagram, and an input of 8 KB can make thousands of elements: beyond this a layout
    /// takes seconds and would starve the fuzzing (the renderer refuses it as too large, the path
    /// the command line takes beyond --max-elements).
    static let limits = RenderLimits(maximumElements: 600, timeLimit: nil)

    /// PNG at this resolution (dots per inch; Graphviz's default is 96): the layout and every call
    /// are the same, only the raster is smaller. At 96 the png of a 100-step program takes seconds.
    static let pngDPI = "8"

    /// The digests of the diagrams this process has drawn.
    nonisolated(unsafe) static var drawn: Set<String> = []

    /// What is drawn, from FLOWGRAPH_FUZZ_RENDER: `all` (the default) as above; `program`, the
    /// whole program alone, in every format; `0`, nothing (to fuzz the compiler alone, faster).
    enum Scope: String { case all, program, none = "0" }
    static let scope = getenv("FLOWGRAPH_FUZZ_RENDER").flatMap { Scope(rawValue: String(cString: $0)) } ?? .all

    static func check(_ program: FlowProgram, _ compilation: Compiler.Compilation) {
        guard scope != .none else { return }
        let diagnostics = compilation.diagnostics
        let whole = DiagramBuilder.build(program, diagnostics: diagnostics)
        guard drawn.insert(whole.digest).inserted else { return }
        var diagrams: [(what: String, diagram: Diagram)] = [("the program", whole)]
        for flow in program.flows where scope == .all {
            let diagram = DiagramBuilder.build(program, diagnostics: diagnostics, options: .init(focus: flow.name, showsLegend: false))
            if drawn.insert(diagram.digest).inserted { diagrams.append(("flow '\(flow.name)'", diagram)) }
        }
        for (index, item) in diagrams.enumerated() {
            for format in RenderFormat.allCases {
                guard let bytes = render(item.diagram, format, item.what) else { break }  // too large for every format
                if index == 0, format == .svg, render(item.diagram, .svg, item.what) != bytes {
                    fuzzFailure("the same diagram drawn twice gave different svg", DOTEmitter.emit(item.diagram))
                }
            }
        }
        guard scope == .all else { return }
        do {
            let page = try MapPage.render(program, diagnostics: diagnostics, settings: MapPageSettings(title: "fuzz"), limits: limits)
            if !String(decoding: page, as: UTF8.self).contains("<svg") { fuzzFailure("the page has no diagram") }
        } catch {
            fuzzFailure("Graphviz refused the page of a program without errors: \(error.messages)")
        }
    }

    /// The diagram drawn in `format`, or nil when it is beyond `limits`.
    static func render(_ diagram: Diagram, _ format: RenderFormat, _ what: String) -> [UInt8]? {
        var drawn = diagram
        if format == .png { drawn.graphAttributes.set("dpi", pngDPI) }
        let bytes: [UInt8]
        do {
            bytes = try GraphvizRenderer.shared.render(drawn, format: format, limits: limits)
        } catch {
            if case .tooLarge = error.reason { return nil }
            fuzzFailure("Graphviz refused \(what) of a program without errors in \(format.rawValue): \(error.messages)", DOTEmitter.emit(drawn))
        }
        let looksRight = switch format {
        case .svg: String(decoding: bytes, as: UTF8.self).contains("</svg>")
        case .dot: String(decoding: bytes, as: UTF8.self).contains("digraph")
        case .png: bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .pdf: bytes.starts(with: Array("%PDF-".utf8))
        }
        if !looksRight { fuzzFailure("\(what) in \(format.rawValue) is not \(format.rawValue)", DOTEmitter.emit(drawn)) }
        return bytes
    }
}

/// Reads DOT text with cgraph: the number of nodes and edges when it parses, nil when not.
func dotCounts(_ text: String) -> (nodes: Int, edges: Int)? {
    guard let graph = agmemread(text) else { return nil }
    defer { agclose(graph) }
    return (Int(agnnodes(graph)), Int(agnedges(graph)))
}
