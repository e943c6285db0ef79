/// A graph to draw: clusters, nodes and edges with Graphviz attributes, in a fixed order.
///
/// The library builds it (`DiagramBuilder`) and writes it as DOT text (`DOTEmitter`); the
/// rendering target builds the same graph through Graphviz's cgraph API. Both read this one value,
/// so the DOT text in the golden files is exactly what Graphviz is given.
public struct Diagram: Sendable, Equatable {
    /// One `name=value` attribute.
    public struct Attribute: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public struct Node: Sendable, Equatable {
        public let id: String
        public var attributes: [Attribute]
    }

    public struct Edge: Sendable, Equatable {
        public let tail: String
        public let head: String
        public var attributes: [Attribute]
        /// For a transition's edge, the source of its `on` clause (not drawn; the page of the
        /// program links the edge to its clause and findings with it). Several for the one edge
        /// that moves from a flow's "any step" to one head, drawn alike, stand for.
        public var clauses: [SourceRange] = []
        /// For a transition's edge, the source of the action it draws (which of the clause's
        /// chain), one for each of `clauses`.
        public var actions: [SourceRange] = []
    }

    /// A subgraph whose name starts with `cluster`, drawn as a box around its nodes.
    public struct Cluster: Sendable, Equatable {
        public let id: String
        public var attributes: [Attribute]
        public var nodes: [Node]
    }

    public var name: String
    public var graphAttributes: [Attribute]
    public var nodeDefaults: [Attribute]
    public var edgeDefaults: [Attribute]
    public var clusters: [Cluster]
    public var nodes: [Node]
    public var edges: [Edge]

    /// Every node, in clusters or not, in drawing order.
    public var allNodes: [Node] { clusters.flatMap(\.nodes) + nodes }
}

extension Array where Element == Diagram.Attribute {
    /// The value of an attribute, if set.
    public subscript(name: String) -> String? { last { $0.name == name }?.value }

    /// Sets an attribute, replacing an earlier value.
    mutating func set(_ name: String, _ value: String) {
        if let index = firstIndex(where: { $0.name == name }) {
            self[index] = Diagram.Attribute(name, value)
        } else {
            append(Diagram.Attribute(name, value))
        }
    }
}

extension Diagram {
    /// A stable digest of the diagram's DOT text (64-bit FNV-1a, in hex): equal diagrams, equal digests.
    public var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in DOTEmitter.emit(self).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
