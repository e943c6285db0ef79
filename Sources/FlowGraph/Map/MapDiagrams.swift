/// The diagrams of a program's page: an overview (one node per flow), and one diagram per flow
/// with the flows it runs and the flows that run it as stubs. Every flow's diagram is cut from one
/// diagram of the whole program, built once (`DiagramBuilder`), so each looks as `render` draws it.
///
/// Ids, which the page finds elements by (Graphviz writes them as the SVG elements' `id`): a step's
/// node is `Flow.Step`; a transition's edge `e:Flow:N` (the flow or group whose step it leaves); a stub `runs:Flow` or `runner:Flow.Step`; a
/// flow of the overview `flow:Name`. Stubs and overview nodes link to `#flow/Name`.
package struct MapDiagrams: Sendable {
    /// The program's diagram, with the ids set; no legend.
    public let whole: Diagram
    private let program: FlowProgram
    /// For each flow, the index of its cluster in `whole` and the indices of the edges leaving its nodes.
    private let clusterOfFlow: [Int?]
    private let edgesOfFlow: [[Int]]
    /// The same for each destinations group: drawn in the diagram of each flow that uses it.
    private let clusterOfGroup: [Int?]
    private let edgesOfGroup: [[Int]]

    /// Builds the whole diagram once, with `diagnostics` marked on it when `showsFindings`, and
    /// what changed since an older version when `changes` is given (`render --diff`).
    public init(_ program: FlowProgram, diagnostics: [Diagnostic], showsFindings: Bool = true, changes: DiagramChanges? = nil,
                coverage: DiagramCoverage? = nil) {
        var options = DiagramBuilder.Options(showsFindings: showsFindings, showsLegend: false, changes: changes)
        options.coverage = coverage
        var diagram = DiagramBuilder.build(program, diagnostics: diagnostics, options: options)
        for cluster in diagram.clusters.indices {
            for node in diagram.clusters[cluster].nodes.indices {
                diagram.clusters[cluster].nodes[node].attributes.set("id", diagram.clusters[cluster].nodes[node].id)
            }
        }
        var clusterOfFlow = [Int?](repeating: nil, count: program.flows.count)
        var flowOfNode: [String: Int] = [:]
        let flowOfCluster = Dictionary(uniqueKeysWithValues: program.flows.indices.map { (DiagramBuilder.clusterID(program.flows[$0]), $0) })
        for (index, cluster) in diagram.clusters.enumerated() {
            guard let flow = flowOfCluster[cluster.id] else { continue }
            clusterOfFlow[flow] = index
            for node in cluster.nodes { flowOfNode[node.id] = flow }
        }
        var clusterOfGroup = [Int?](repeating: nil, count: program.groups.count)
        var groupOfNode: [String: Int] = [:]
        let groupOfCluster = Dictionary(uniqueKeysWithValues: program.groups.indices.map {
            (DiagramBuilder.clusterID(program.groups[$0].declaration), $0)
        })
        for (index, cluster) in diagram.clusters.enumerated() {
            guard let group = groupOfCluster[cluster.id] else { continue }
            clusterOfGroup[group] = index
            for node in cluster.nodes { groupOfNode[node.id] = group }
        }
        var edgesOfFlow = [[Int]](repeating: [], count: program.flows.count)
        var edgesOfGroup = [[Int]](repeating: [], count: program.groups.count)
        var other = 0
        for (index, edge) in diagram.edges.enumerated() {
            // An edge's id is its flow's (or group's) name and its place among that flow's edges, so
            // that a change in one flow leaves the other flows' diagrams as they were, to the byte
            // (the preview lays out again only the diagrams that changed).
            let id: String
            if let flow = flowOfNode[edge.tail] {
                id = "e:\(program.flows[flow].name):\(edgesOfFlow[flow].count)"
                edgesOfFlow[flow].append(index)
            } else if let group = groupOfNode[edge.tail] {
                id = "e:\(program.groups[group].name):\(edgesOfGroup[group].count)"
                edgesOfGroup[group].append(index)
            } else {
                id = "e::\(other)"
                other += 1
            }
            diagram.edges[index].attributes.set("id", id)
        }
        self.whole = diagram
        self.program = program
        self.clusterOfFlow = clusterOfFlow
        self.edgesOfFlow = edgesOfFlow
        self.clusterOfGroup = clusterOfGroup
        self.edgesOfGroup = edgesOfGroup
    }

    /// The ids of the edges drawn for each `on` clause, by the clause's source range.
    public var edgesByClause: [SourceRange: [String]] {
        var result: [SourceRange: [String]] = [:]
        for edge in whole.edges {
            guard let id = edge.attributes["id"] else { continue }
            for clause in edge.clauses where result[clause]?.last != id { result[clause, default: []].append(id) }
        }
        return result
    }

    /// The ids of the edges drawn for each action of an `on` clause, by the action's source range.
    public var edgesByAction: [SourceRange: [String]] {
        var result: [SourceRange: [String]] = [:]
        for edge in whole.edges {
            guard let id = edge.attributes["id"] else { continue }
            for action in edge.actions { result[action, default: []].append(id) }
        }
        return result
    }

    /// The diagram of one flow: its box, its steps and transitions, a stub for each flow it runs
    /// and one for each step that runs it.
    public func flow(_ flowIndex: Int) -> Diagram {
        let flow = program.flows[flowIndex]
        var diagram = whole
        diagram.name = flow.name
        diagram.clusters = clusterOfFlow[flowIndex].map { [whole.clusters[$0]] } ?? []
        // The destinations it uses, with their own transitions: where its clauses lead.
        diagram.clusters += flow.uses.compactMap { clusterOfGroup[$0].map { whole.clusters[$0] } }
        diagram.edges = []
        var stubs: [String: Diagram.Node] = [:]
        var stubOrder: [String] = []
        func addStub(_ id: String, label: String, target: Flow, tooltip: String) {
            guard stubs[id] == nil else { return }
            stubOrder.append(id)
            stubs[id] = Diagram.Node(id: id, attributes: Self.stubStyle + [
                .init("id", id), .init("label", label), .init("href", "#flow/\(target.name)"), .init("tooltip", tooltip),
            ])
        }
        for edgeIndex in edgesOfFlow[flowIndex] + flow.uses.flatMap({ edgesOfGroup[$0] }) {
            diagram.edges.append(stubbed(whole.edges[edgeIndex]) { addStub($0, label: $1, target: $2, tooltip: $3) })
        }
        for runner in program.runners[flowIndex] {
            let runnerFlow = program.flows[runner.flow]
            let name = program.qualifiedName(runner)
            let stub = "runner:\(name)"
            addStub(stub, label: "◂ \(name)", target: runnerFlow,
                    tooltip: "open flow \(runnerFlow.name), whose step \(program[runner].name) runs \(flow.name)")
            var attributes = DiagramStyle.runsEdge
            attributes.append(.init("lhead", DiagramBuilder.clusterID(flow)))
            diagram.edges.append(Diagram.Edge(tail: stub, head: DiagramBuilder.startID(flow), attributes: attributes))
        }
        diagram.nodes = stubOrder.compactMap { stubs[$0] }
        return diagram
    }

    /// `edge`, or for a `runs` edge, one to a stub of the subflow (made by `addStub`) instead of its box.
    private func stubbed(_ edge: Diagram.Edge, addStub: (String, String, Flow, String) -> Void) -> Diagram.Edge {
        guard let subflowName = edge.attributes["lhead"].map({ String($0.dropFirst("cluster_".count)) }),
              let subflow = program.flow(named: subflowName) else { return edge }
        let stub = "runs:\(subflowName)"
        addStub(stub, "▸ \(subflowName)", program.flows[subflow], "open flow \(subflowName)")
        return Diagram.Edge(tail: edge.tail, head: stub, attributes: edge.attributes.filter { $0.name != "lhead" },
                            clauses: edge.clauses, actions: edge.actions)
    }

    /// The diagram of a destinations group: its box with its transitions, the boxes of the groups
    /// it uses, a stub for each flow it runs and one for each flow that uses it.
    public func group(_ groupIndex: Int) -> Diagram {
        let group = program.groups[groupIndex]
        var diagram = whole
        diagram.name = group.name
        diagram.clusters = ([groupIndex] + group.uses).compactMap { clusterOfGroup[$0].map { whole.clusters[$0] } }
        diagram.edges = []
        var stubs: [Diagram.Node] = []
        var seen = Set<String>()
        func addStub(_ id: String, _ label: String, _ target: String, _ tooltip: String) {
            guard seen.insert(id).inserted else { return }
            stubs.append(Diagram.Node(id: id, attributes: Self.stubStyle + [
                .init("id", id), .init("label", label), .init("href", "#flow/\(target)"), .init("tooltip", tooltip),
            ]))
        }
        for edgeIndex in ([groupIndex] + group.uses).flatMap({ edgesOfGroup[$0] }) {
            diagram.edges.append(stubbed(whole.edges[edgeIndex]) { addStub($0, $1, $2.name, $3) })
        }
        if let head = clusterOfGroup[groupIndex].flatMap({ whole.clusters[$0].nodes.first?.id }) {
            for user in program.directUsers(of: groupIndex).flows {
                let name = program.flows[user].name
                addStub("user:\(name)", "◂ \(name)", name, "open flow \(name), which uses \(group.name)")
                var attributes = DiagramStyle.usesEdge
                attributes.append(.init("lhead", DiagramBuilder.clusterID(group.declaration)))
                diagram.edges.append(Diagram.Edge(tail: "user:\(name)", head: head, attributes: attributes))
            }
        }
        diagram.nodes = stubs
        return diagram
    }

    static let stubStyle: [Diagram.Attribute] = [
        .init("shape", "box"), .init("style", "rounded,dashed,filled"), .init("fillcolor", "#f4f6fa"),
        .init("color", "#4a6fa5"), .init("fontcolor", "#2b5ba8"),
    ]

    /// The overview: one node per flow (tabs flows, shared groups and roots drawn apart), with its
    /// step and finding counts; an edge per flow a flow runs (tabs as `select` edges), and the deep
    /// links into each flow.
    public static func overview(_ map: ProgramMap) -> Diagram {
        var nodes: [Diagram.Node] = []
        for flow in map.flows {
            let findings = flow.findings.count
            // A group's steps are counted with the group, once: `+ MovieScreens`.
            let shared = Set(flow.uses.flatMap { map.groups[$0].steps })
            let own = flow.steps.filter { !shared.contains($0.name) }.count
            var label = "\(flow.name)\n\(own) step\(own == 1 ? "" : "s")"
                + flow.uses.map { "\n+ \(map.groups[$0].name) (\(map.groups[$0].steps.count))" }.joined()
            if findings > 0 { label += " · \(findings) finding\(findings == 1 ? "" : "s")" }
            var attributes: [Diagram.Attribute] = [.init("id", "flow:\(flow.name)"), .init("label", label), .init("href", "#flow/\(flow.name)")]
            switch flow.kind {
            case .tabs: attributes += [.init("fillcolor", "#eef3fb"), .init("color", "#2b5ba8"), .init("penwidth", "2"), .init("shape", "tab")]
            case .shared: attributes += [.init("fillcolor", "#fff6dc"), .init("color", "#a77b00"), .init("peripheries", "2")]
            // A split view: its columns side by side.
            case .split: attributes += [.init("fillcolor", "#ecf7f4"), .init("color", "#0f766e"), .init("penwidth", "2"), .init("shape", "component")]
            case .stack: attributes += [.init("color", "#4a6fa5")]
            }
            if flow.isRoot { attributes.append(.init("fontname", "Helvetica-Bold")) }
            let errors = flow.findings.contains { map.findings[$0].severity == "error" }
            if findings > 0 { attributes.append(.init("fontcolor", errors ? "#c62828" : "#b85000")) }
            let kind = flow.kind == .tabs ? "tabs flow" : flow.kind == .split ? "split view"
                : flow.kind == .shared ? "shared flow, run from \(flow.runners.count) steps" : "flow"
            attributes.append(.init("tooltip", ([kind] + (flow.doc.isEmpty ? [] : [flow.doc])).joined(separator: "\n")))
            nodes.append(Diagram.Node(id: "flow:\(flow.name)", attributes: attributes))
        }
        var edges: [Diagram.Edge] = []
        // Each destinations group once, with a `use` edge from each flow or group that uses it.
        for group in map.groups {
            nodes.append(Diagram.Node(id: "group:\(group.name)", attributes: [
                .init("id", "group:\(group.name)"),
                .init("label", "\(group.name)\n\(group.steps.count) step\(group.steps.count == 1 ? "" : "s")"),
                .init("href", "#flow/\(group.name)"), .init("style", "rounded,dashed,filled"), .init("fillcolor", "#fff8e6"),
                .init("color", "#a77b00"),
                .init("tooltip", (["destinations, used by \(group.users.count) flows"] + (group.doc.isEmpty ? [] : [group.doc]))
                    .joined(separator: "\n")),
            ]))
            for tail in group.directUsers.map({ "flow:\(map.flows[$0].name)" }) + group.directGroupUsers.map({ "group:\(map.groups[$0].name)" }) {
                var attributes = DiagramStyle.usesEdge
                attributes.set("tooltip", "\(tail.split(separator: ":").last ?? "") uses \(group.name)")
                edges.append(Diagram.Edge(tail: tail, head: "group:\(group.name)", attributes: attributes))
            }
        }
        for edge in map.overview {
            let label = edge.steps.count <= 2 ? edge.steps.joined(separator: ", ") : "\(edge.steps[0]) +\(edge.steps.count - 1)"
            var attributes: [Diagram.Attribute] = edge.isTab ? DiagramStyle.edge(.select) : DiagramStyle.runsEdge
            attributes.set("label", label)
            attributes.set("tooltip", "\(map.flows[edge.from].name) \(edge.isTab ? "tab" : "runs") \(map.flows[edge.to].name) "
                               + "from \(edge.steps.joined(separator: ", "))")
            edges.append(Diagram.Edge(tail: "flow:\(map.flows[edge.from].name)", head: "flow:\(map.flows[edge.to].name)", attributes: attributes))
        }
        let linked = map.flows.filter { !$0.links.isEmpty }
        if !linked.isEmpty {
            nodes.append(Diagram.Node(id: "$links", attributes: [
                .init("id", "links"), .init("label", "deep links"), .init("shape", "note"), .init("fillcolor", "#f0f7f0"), .init("color", "#1a7f37"),
            ]))
            for flow in linked {
                edges.append(Diagram.Edge(tail: "$links", head: "flow:\(flow.name)", attributes: [
                    .init("color", "#1a7f37"), .init("style", "dotted"), .init("fontcolor", "#1a7f37"),
                    .init("label", "\(flow.links.count) link\(flow.links.count == 1 ? "" : "s")"),
                    .init("tooltip", flow.links.map(\.name).joined(separator: "\n")),
                ]))
            }
        }
        return Diagram(
            name: "overview",
            graphAttributes: [
                .init("rankdir", "LR"), .init("fontname", "Helvetica"), .init("nodesep", "0.25"), .init("ranksep", "0.6"), .init("pad", "0.2"),
            ],
            nodeDefaults: [
                .init("shape", "box"), .init("style", "rounded,filled"), .init("fillcolor", "#ffffff"),
                .init("fontname", "Helvetica"), .init("fontsize", "12"), .init("margin", "0.15,0.08"),
            ],
            edgeDefaults: [.init("fontname", "Helvetica"), .init("fontsize", "9"), .init("arrowsize", "0.7")],
            clusters: [], nodes: nodes, edges: edges)
    }

    /// The legend alone, drawn once for the page.
    public static func legend(withCoverage: Bool = false) -> Diagram {
        var diagram = Diagram(
            name: "legend", graphAttributes: [.init("rankdir", "LR"), .init("fontname", "Helvetica"), .init("pad", "0.1")],
            nodeDefaults: [.init("shape", "box"), .init("style", "rounded,filled"), .init("fillcolor", "#ffffff"),
                           .init("fontname", "Helvetica"), .init("fontsize", "11")],
            edgeDefaults: [.init("fontname", "Helvetica"), .init("fontsize", "9"), .init("arrowsize", "0.7")],
            clusters: [], nodes: [], edges: [])
        DiagramLegend.add(to: &diagram, withFindings: true, withCoverage: withCoverage)
        return diagram
    }
}
