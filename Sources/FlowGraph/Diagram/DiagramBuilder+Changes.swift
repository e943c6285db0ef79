/// `render --diff`: what changed since an older version, drawn on the new program's diagram.
///
/// Added steps and moves are green, changed steps amber; removed steps come back as ghosts (grey,
/// dashed, "removed" in the tooltip) in their flow's box, or in a dashed box of their own for a
/// flow that is gone, and removed moves as grey dashed edges between what is still drawn.
extension DiagramBuilder {
    mutating func mark(_ changes: DiagramChanges, drawsRemovedFlows: Bool) {
        for cluster in clusters.indices {
            for node in clusters[cluster].nodes.indices {
                let id = clusters[cluster].nodes[node].id
                let change: DiagramStyle.Change? = changes.addedSteps.contains(id) ? .added : changes.changedSteps.contains(id) ? .changed : nil
                guard let change else { continue }
                for attribute in change.nodeAttributes { clusters[cluster].nodes[node].attributes.set(attribute.name, attribute.value) }
                let tooltip = clusters[cluster].nodes[node].attributes["tooltip"]
                clusters[cluster].nodes[node].attributes.set("tooltip", change.rawValue + (tooltip.map { ": " + $0 } ?? ""))
            }
        }
        // A drawn edge is new when every move it may stand for between its two nodes is new.
        var isAdded: [String: Bool] = [:]
        for drawn in changes.edges {
            let key = drawn.edge.tail + "\u{0}" + drawn.edge.head
            isAdded[key] = (isAdded[key] ?? true) && drawn.isAdded
        }
        for index in edges.indices where !edges[index].clauses.isEmpty && isAdded[edges[index].tail + "\u{0}" + edges[index].head] == true {
            for attribute in DiagramStyle.Change.added.edgeAttributes { edges[index].attributes.set(attribute.name, attribute.value) }
        }
        for removed in changes.removedSteps {
            let clusterID = Self.clusterID(named: removed.container)
            var cluster = clusters.firstIndex { $0.id == clusterID }
            if cluster == nil, drawsRemovedFlows {
                cluster = clusters.count
                clusters.append(Diagram.Cluster(id: clusterID, attributes: [
                    .init("label", "\(removed.container)  (removed)"), .init("style", "rounded,dashed"), .init("color", "#8c959f"),
                    .init("fontcolor", "#8c959f"), .init("fontname", "Helvetica-Bold"), .init("labeljust", "l"),
                ], nodes: []))
            }
            guard let cluster else { continue }
            var node = Diagram.Node(id: removed.id, attributes: [.init("label", removed.label), .init("tooltip", "removed")])
            for attribute in DiagramStyle.Change.removed.nodeAttributes { node.attributes.set(attribute.name, attribute.value) }
            nodeIndex[node.id] = (cluster, clusters[cluster].nodes.count)
            clusters[cluster].nodes.append(node)
        }
        for removed in changes.removedEdges where nodeIndex[removed.tail] != nil && nodeIndex[removed.head] != nil {
            let label = removed.text.firstRange(of: " → ").map { String(removed.text[..<$0.lowerBound]) } ?? removed.text
            edges.append(Diagram.Edge(tail: removed.tail, head: removed.head, attributes: [
                .init("label", label), .init("tooltip", "removed: on \(removed.text)"),
            ] + DiagramStyle.Change.removed.edgeAttributes))
        }
    }
}

/// What the app's own tests exercised (`render --coverage`, from `RecordingCoverage`): how many
/// recorded moves took each action, by the action's source range.
package struct DiagramCoverage: Sendable {
    public var times: [SourceRange: Int]

    public init(times: [SourceRange: Int]) { self.times = times }
}

extension DiagramBuilder {
    /// Each transition's edge: bold with how many times the recordings took it, or grey and dashed
    /// when they never did. An edge of "any step" that stands for several actions is only merged
    /// from actions alike in this (`addTransition`): all exercised, with the sum of their times,
    /// or none.
    mutating func mark(_ coverage: DiagramCoverage) {
        for (index, actions) in actionOfEdge {
            let times = actions.reduce(0) { $0 + (coverage.times[$1] ?? 0) }
            let tooltip = edges[index].attributes["tooltip"].map { $0 + "\n" } ?? ""
            for attribute in DiagramStyle.coverageEdge(exercised: times > 0) { edges[index].attributes.set(attribute.name, attribute.value) }
            edges[index].attributes.set("tooltip", tooltip + (times > 0 ? "exercised \(times) time\(times == 1 ? "" : "s") by the recorded tests"
                : "never exercised by the recorded tests"))
        }
    }
}
