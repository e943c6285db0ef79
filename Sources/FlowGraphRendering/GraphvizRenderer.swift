import CGraphviz
import FlowGraph
import Foundation

/// The formats Graphviz renders for FlowGraph.
public enum RenderFormat: String, Sendable, CaseIterable {
    case svg, png, pdf
    /// The laid-out graph as Graphviz writes it (DOT with positions).
    case dot
}

/// Graphviz refused a graph or failed to lay it out or render it; its own messages are kept.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    public let messages: [String]
    public var description: String { messages.joined(separator: "\n") }
}

/// Lays out and renders diagrams with Graphviz's `dot` engine, in process.
///
/// One long-lived Graphviz context; every Graphviz call is made under one lock, because Graphviz
/// keeps global state (its error handler and counters among it); every C object is freed before
/// a call returns. Graphviz's error messages are captured and returned, never printed.
public final class GraphvizRenderer: @unchecked Sendable {
    /// The renderer every caller shares (Graphviz's state is global anyway).
    public static let shared = GraphvizRenderer()

    private let lock = NSLock()
    private let context: OpaquePointer

    private init() {
        context = gvContext()
    }

    /// Renders `diagram` in `format`.
    public func render(_ diagram: Diagram, format: RenderFormat) throws(RenderError) -> [UInt8] {
        try serialized { () throws(RenderError) -> [UInt8] in
            guard let graph = build(diagram) else { throw RenderError(messages: ["Graphviz could not create the graph"]) }
            defer { agclose(graph) }
            guard gvLayout(context, graph, "dot") == 0 else { throw RenderError(messages: ["Graphviz could not lay out the graph"]) }
            defer { gvFreeLayout(context, graph) }
            var buffer: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            guard gvRenderData(context, graph, format.rawValue, &buffer, &length) == 0, let buffer else {
                throw RenderError(messages: ["Graphviz could not render \(format.rawValue)"])
            }
            defer { gvFreeRenderData(buffer) }
            let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: Int(length)))
            return format == .svg ? Self.stamp(bytes, diagram: diagram) : bytes
        }
    }

    /// Reads DOT text as Graphviz does (`agmemread`); returns Graphviz's errors, empty when it reads cleanly.
    public func read(dot: String) -> [String] {
        do {
            return try serialized { () throws(RenderError) -> [String] in
                guard let graph = agmemread(dot) else { throw RenderError(messages: ["Graphviz could not read the DOT text"]) }
                agclose(graph)
                return []
            }
        } catch {
            return error.messages
        }
    }

    // MARK: - The graph, through the cgraph API

    /// Builds `diagram` as a cgraph graph; the caller closes it.
    private func build(_ diagram: Diagram) -> UnsafeMutablePointer<Agraph_t>? {
        guard let graph = fg_open_directed(diagram.name) else { return nil }
        for attribute in diagram.graphAttributes { fg_set_default(graph, AGRAPH, attribute.name, attribute.value) }
        for attribute in diagram.nodeDefaults { fg_set_default(graph, AGNODE, attribute.name, attribute.value) }
        for attribute in diagram.edgeDefaults { fg_set_default(graph, AGEDGE, attribute.name, attribute.value) }
        var nodes: [String: UnsafeMutablePointer<Agnode_t>] = [:]
        for cluster in diagram.clusters {
            guard let subgraph = fg_subgraph(graph, cluster.id) else { continue }
            for attribute in cluster.attributes { fg_set(UnsafeMutableRawPointer(subgraph), attribute.name, attribute.value) }
            for node in cluster.nodes { nodes[node.id] = add(node, to: subgraph) }
        }
        for node in diagram.nodes { nodes[node.id] = add(node, to: graph) }
        for edge in diagram.edges {
            guard let tail = nodes[edge.tail] ?? fg_node(graph, edge.tail),
                  let head = nodes[edge.head] ?? fg_node(graph, edge.head),
                  let created = fg_edge(graph, tail, head) else { continue }
            for attribute in edge.attributes { fg_set(UnsafeMutableRawPointer(created), attribute.name, attribute.value) }
        }
        return graph
    }

    private func add(_ node: Diagram.Node, to graph: UnsafeMutablePointer<Agraph_t>) -> UnsafeMutablePointer<Agnode_t>? {
        guard let created = fg_node(graph, node.id) else { return nil }
        for attribute in node.attributes { fg_set(UnsafeMutableRawPointer(created), attribute.name, attribute.value) }
        return created
    }

    // MARK: - Serialized calls and Graphviz's messages

    /// Runs `body` holding the lock, with Graphviz's messages captured instead of printed.
    private func serialized<T>(_ body: () throws(RenderError) -> T) throws(RenderError) -> T {
        lock.lock()
        defer { lock.unlock() }
        GraphvizMessages.collected = []
        _ = agreseterrors()
        let previous = agseterrf(GraphvizMessages.collect)
        defer { agseterrf(previous) }
        let result: T
        do {
            result = try body()
        } catch {
            throw RenderError(messages: error.messages + GraphvizMessages.errors)
        }
        if agerrors() > 0 { throw RenderError(messages: GraphvizMessages.errors) }
        return result
    }

    /// Puts the diagram's digest in the SVG, so a checked-in picture can be told stale without
    /// comparing coordinates (which depend on the fonts of the machine).
    static func stamp(_ svg: [UInt8], diagram: Diagram) -> [UInt8] {
        let text = String(decoding: svg, as: UTF8.self)
        guard let svgStart = text.range(of: "<svg") else { return svg }
        let comment = "<!-- Drawn by FlowGraph \(FlowGraphVersion.current) with Graphviz; diagram digest \(diagram.digest) -->\n"
        return Array((text[..<svgStart.lowerBound] + comment + text[svgStart.lowerBound...]).utf8)
    }
}

/// Graphviz's messages, collected by the handler that `agseterrf` installs (only under the renderer's lock).
private enum GraphvizMessages {
    nonisolated(unsafe) static var collected: [String] = []

    static let collect: agusererrf = { message in
        if let message { GraphvizMessages.collected.append(String(cString: message)) }
        return 0
    }

    /// The collected messages, joined into lines, without Graphviz's own prefixes.
    static var errors: [String] {
        collected.joined().split(separator: "\n").map { line in
            line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : String(line)
        }.filter { !$0.isEmpty }
    }
}
