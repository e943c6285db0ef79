extension DiagramBuilder {
    /// For each flow (by index), how many elements, nodes and edges, the diagram focused on it
    /// (`Options.focus`) has: what a render's size limit compares. Computed from one diagram of
    /// the whole program, not one per flow, so a program of thousands of steps is sized at once.
    public static func focusedElementCounts(_ program: FlowProgram, options: Options = .init()) -> [Int] {
        var whole = options
        whole.focus = nil
        // Findings change attributes, never the elements (the legend follows `showsFindings`).
        let diagram = build(program, diagnostics: [], options: whole)
        let flowOfCluster = Dictionary(uniqueKeysWithValues: program.flows.indices.map { (clusterID(program.flows[$0]), $0) })
        var own = [Int](repeating: 0, count: program.flows.count)
        var flowOfNode: [String: Int] = [:]
        for cluster in diagram.clusters {
            guard let flow = flowOfCluster[cluster.id] else { continue }
            own[flow] += cluster.nodes.count
            for node in cluster.nodes { flowOfNode[node.id] = flow }
        }
        // An edge belongs to the flow of its tail: transitions stay in their flow, and a `runs`
        // edge leaves a step for a flow that every focus including that step includes too.
        for edge in diagram.edges {
            if let flow = flowOfNode[edge.tail] { own[flow] += 1 }
        }
        let legend = diagram.elementCount - own.reduce(0, +)
        return program.flows.map { flow in
            (flows(of: program, focus: flow.name) ?? []).reduce(legend) { $0 + own[$1] }
        }
    }
}

extension Diagram {
    /// What a layout's cost grows with: the nodes (steps, starts, exits, legend) and the edges.
    public var elementCount: Int { allNodes.count + edges.count }
}
