extension DiagramBuilder {
    /// For each flow (by index), how many elements, nodes and edges, the diagram focused on it
    /// (`Options.focus`) has: what a render's size limit compares. Computed from one diagram of
    /// the whole program, not one per flow, so a program of thousands of steps is sized at once.
    public static func focusedElementCounts(_ program: FlowProgram, options: Options = .init()) -> [Int] {
        var whole = options
        whole.focus = nil
        // Findings change attributes, never the elements (the legend follows `showsFindings`).
        let diagram = build(program, diagnostics: [], options: whole)
        let flowOfCluster = Dictionary(uniqueKeysWithValues: program.flowIndices.map { (clusterID(program.flows[$0]), $0) })
        let groupOfCluster = Dictionary(uniqueKeysWithValues: program.groups.indices.map {
            (clusterID(program.groups[$0].declaration), $0)
        })
        var own = [Int](repeating: 0, count: program.flows.count)
        var ownOfGroup = [Int](repeating: 0, count: program.groups.count)
        var flowOfNode: [String: FlowIndex] = [:]
        var groupOfNode: [String: Int] = [:]
        for cluster in diagram.clusters {
            if let flow = flowOfCluster[cluster.id] {
                own[flow] += cluster.nodes.count
                for node in cluster.nodes { flowOfNode[node.id] = flow }
            } else if let group = groupOfCluster[cluster.id] {
                ownOfGroup[group] += cluster.nodes.count
                for node in cluster.nodes { groupOfNode[node.id] = group }
            }
        }
        // An edge belongs to the flow (or destinations group) of its tail: transitions stay in
        // their flow, a `runs` edge leaves a step for a flow that every focus including that step
        // includes too, and a group is drawn with every focus that includes a flow using it.
        for edge in diagram.edges {
            if let flow = flowOfNode[edge.tail] { own[flow] += 1 }
            if let group = groupOfNode[edge.tail] { ownOfGroup[group] += 1 }
        }
        let legend = diagram.elementCount - own.reduce(0, +) - ownOfGroup.reduce(0, +)
        return program.flows.map { flow in
            let included = flows(of: program, focus: flow.name) ?? []
            let groups = Set(included.flatMap { program.flows[$0].uses })
            return included.reduce(legend) { $0 + own[$1] } + groups.reduce(0) { $0 + ownOfGroup[$1] }
        }
    }
}

extension Diagram {
    /// What a layout's cost grows with: the nodes (steps, starts, exits, legend) and the edges.
    public var elementCount: Int { allNodes.count + edges.count }
}
