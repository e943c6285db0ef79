/// Writes a `Diagram` as DOT text, deterministically.
package enum DOTEmitter {
    public static func emit(_ diagram: Diagram) -> String {
        var output = "digraph \(quote(diagram.name)) {\n"
        output += statement("graph", diagram.graphAttributes, indent: 1)
        output += statement("node", diagram.nodeDefaults, indent: 1)
        output += statement("edge", diagram.edgeDefaults, indent: 1)
        for cluster in diagram.clusters {
            output += "\n    subgraph \(quote(cluster.id)) {\n"
            output += statement("graph", cluster.attributes, indent: 2)
            for node in cluster.nodes { output += statement(quote(node.id), node.attributes, indent: 2) }
            output += "    }\n"
        }
        if !diagram.nodes.isEmpty { output += "\n" }
        for node in diagram.nodes { output += statement(quote(node.id), node.attributes, indent: 1) }
        if !diagram.edges.isEmpty { output += "\n" }
        for edge in diagram.edges {
            output += statement("\(quote(edge.tail)) -> \(quote(edge.head))", edge.attributes, indent: 1)
        }
        return output + "}\n"
    }

    private static func statement(_ head: String, _ attributes: [Diagram.Attribute], indent: Int) -> String {
        let padding = String(repeating: "    ", count: indent)
        guard !attributes.isEmpty else { return head == "graph" || head == "node" || head == "edge" ? "" : padding + head + "\n" }
        let list = attributes.map { "\($0.name)=\(quote($0.value))" }.joined(separator: ", ")
        return padding + head + " [" + list + "]\n"
    }

    /// A DOT double-quoted string: quotes and backslashes escaped, line ends as `\n`.
    public static func quote(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": break
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: output += " "
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
