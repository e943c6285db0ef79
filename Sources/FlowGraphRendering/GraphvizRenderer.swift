import CGraphviz
import FlowGraph
import Foundation

/// The formats Graphviz renders for FlowGraph.
public enum RenderFormat: String, Sendable, CaseIterable {
    case svg, png, pdf
    /// The laid-out graph as Graphviz writes it (DOT with positions).
    case dot
}

/// Why nothing was rendered: Graphviz refused the graph or failed (its own messages are kept),
/// or the diagram was beyond the render's limits.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Graphviz could not build, lay out or render the graph.
        case graphviz
        /// The diagram has more elements than `RenderLimits.maximumElements`; nothing was laid out.
        case tooLarge(elements: Int, maximum: Int)
        /// Graphviz did not finish within `RenderLimits.timeLimit` seconds.
        case timedOut(seconds: Double)
    }

    public let reason: Reason
    public let messages: [String]

    public init(reason: Reason = .graphviz, messages: [String]) {
        self.reason = reason
        self.messages = messages
    }

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

    /// Renders `diagram` in `format`, within `limits`.
    ///
    /// Beyond the size limit nothing is laid out. With a time limit the work runs on a thread of
    /// its own, and the caller is answered at the deadline; Graphviz cannot be stopped, so it goes
    /// on to the end of that layout (later renders wait for it), which suits a command that exits.
    public func render(_ diagram: Diagram, format: RenderFormat, limits: RenderLimits = .init()) throws(RenderError) -> [UInt8] {
        if let maximum = limits.maximumElements, diagram.elementCount > maximum {
            throw RenderError(reason: .tooLarge(elements: diagram.elementCount, maximum: maximum), messages: [
                "the diagram has \(diagram.elementCount) nodes and edges, more than the limit of \(maximum) for Graphviz's dot layout, "
                    + "whose time grows much faster than the diagram",
            ])
        }
        guard let seconds = limits.timeLimit else { return try layOutAndRender(diagram, format: format) }
        let outcome = PendingRender()
        let thread = Thread { [self] in
            outcome.finish(Result { () throws(RenderError) -> [UInt8] in try layOutAndRender(diagram, format: format) })
        }
        // dot recurses deeply on large graphs: as much stack as a main thread has.
        thread.stackSize = 16 << 20
        thread.start()
        guard let result = outcome.wait(seconds: seconds) else {
            throw RenderError(reason: .timedOut(seconds: seconds), messages: [
                "Graphviz's dot layout did not finish within \(Self.format(seconds: seconds))",
            ])
        }
        return try result.get()
    }

    /// Lays out and renders `diagram` on the calling thread, with no limit.
    private func layOutAndRender(_ diagram: Diagram, format: RenderFormat) throws(RenderError) -> [UInt8] {
        try serialized { () throws(RenderError) -> [UInt8] in
            guard let graph = build(diagram) else { throw RenderError(messages: ["Graphviz could not create the graph"]) }
            defer { agclose(graph) }
            guard gvLayout(context, graph, "dot") == 0 else { throw RenderError(messages: ["Graphviz could not lay out the graph"]) }
            // Not gvFreeLayout alone: Graphviz 2.42's dot can leave a rank list it moved to be freed twice (CGraphviz/shim.h).
            defer { fg_free_layout(context, graph) }
            var buffer: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            guard gvRenderData(context, graph, format.rawValue, &buffer, &length) == 0, let buffer else {
                throw RenderError(messages: ["Graphviz could not render \(format.rawValue)"])
            }
            defer { gvFreeRenderData(buffer) }
            let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: Int(length)))
            return Self.sign(bytes, format: format, diagram: diagram)
        }
    }

    /// `2.5 s`, `60 s`.
    static func format(seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
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
}

/// The result of a render running on its own thread, handed over once.
private final class PendingRender: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<[UInt8], RenderError>?

    func finish(_ result: Result<[UInt8], RenderError>) {
        condition.lock()
        self.result = result
        condition.broadcast()
        condition.unlock()
    }

    /// The result, or nil when it did not come within `seconds`.
    func wait(seconds: Double) -> Result<[UInt8], RenderError>? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while result == nil, condition.wait(until: deadline) {}
        return result
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
