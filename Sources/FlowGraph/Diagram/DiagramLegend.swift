/// The legend: one sample edge per kind of action, and one sample step per kind of finding.
enum DiagramLegend {
    static func add(to diagram: inout Diagram, withFindings: Bool, withChanges: Bool = false, withCoverage: Bool = false) {
        var nodes: [Diagram.Node] = []
        // One straight sample edge per action, labelled, between two invisible points.
        let point: [Diagram.Attribute] = [.init("shape", "point"), .init("style", "invis"), .init("width", "0.01")]
        for (index, (kind, text)) in DiagramStyle.actionLegend.enumerated() {
            let from = "$legend.\(index).from"
            let to = "$legend.\(index).to"
            nodes.append(Diagram.Node(id: from, attributes: point))
            nodes.append(Diagram.Node(id: to, attributes: point))
            diagram.edges.append(Diagram.Edge(tail: from, head: to, attributes: DiagramStyle.edge(kind) + [
                .init("label", text), .init("fontsize", "9"), .init("minlen", "1"),
            ]))
        }
        // `step MyProfile like AccountDetail`: not a move, an entry of the same screen.
        nodes.append(Diagram.Node(id: "$legend.like.from", attributes: point))
        nodes.append(Diagram.Node(id: "$legend.like.to", attributes: point))
        var like = DiagramStyle.likeEdge
        for attribute in [Diagram.Attribute("label", "like (another entry of a screen)"), .init("fontsize", "9"), .init("minlen", "1")] {
            like.set(attribute.name, attribute.value)
        }
        diagram.edges.append(Diagram.Edge(tail: "$legend.like.from", head: "$legend.like.to", attributes: like))
        // `render --coverage`: a move the recorded tests took, and one they never did.
        if withCoverage {
            for exercised in [true, false] {
                let from = "$legend.coverage.\(exercised).from", to = "$legend.coverage.\(exercised).to"
                nodes += [Diagram.Node(id: from, attributes: point), Diagram.Node(id: to, attributes: point)]
                diagram.edges.append(Diagram.Edge(tail: from, head: to, attributes: DiagramStyle.coverageEdge(exercised: exercised) + [
                    .init("label", exercised ? "exercised by the recorded tests" : "never exercised"), .init("fontsize", "9"), .init("minlen", "1"),
                ]))
            }
        }
        // Sample nodes in a column of their own, each held level with one row by an invisible edge.
        var samples: [Diagram.Node] = []
        if withFindings {
            for mark in [DiagramStyle.Mark.unreachable, .trapped, .cannotFinish, .error, .warning] {
                samples.append(Diagram.Node(id: "$legend.mark.\(mark.rawValue)",
                                            attributes: [.init("label", mark.legend), .init("fontsize", "10")] + mark.attributes))
            }
        }
        if withChanges {
            for change in DiagramStyle.Change.allCases {
                samples.append(Diagram.Node(id: "$legend.change.\(change.rawValue)",
                                            attributes: [.init("label", change.rawValue), .init("fontsize", "10")] + change.nodeAttributes))
            }
        }
        samples.append(Diagram.Node(id: "$legend.runs", attributes: [
            .init("label", "step that runs a flow"), .init("peripheries", "2"), .init("fontsize", "10"),
        ]))
        samples.append(Diagram.Node(id: "$legend.exit", attributes: DiagramStyle.exitNode + [.init("label", "exit"), .init("fontsize", "10")]))
        samples.append(Diagram.Node(id: "$legend.alert",
                                    attributes: DiagramStyle.alertNode + [.init("label", "alert or dialog"), .init("fontsize", "10")]))
        let compact: [Diagram.Attribute] = [.init("fontsize", "9"), .init("height", "0.25"), .init("margin", "0.08,0.02")]
        samples = samples.map { sample in
            var sample = sample
            for attribute in compact { sample.attributes.set(attribute.name, attribute.value) }
            return sample
        }
        for (index, sample) in samples.enumerated() {
            let row = min(index, DiagramStyle.actionLegend.count - 1)
            diagram.edges.append(Diagram.Edge(tail: "$legend.\(row).to", head: sample.id, attributes: [.init("style", "invis")]))
        }
        nodes += samples
        diagram.clusters.append(Diagram.Cluster(
            id: "cluster_$legend",
            attributes: [
                .init("label", "Legend"), .init("style", "rounded,filled"), .init("fillcolor", "#fafafa"), .init("color", "#cccccc"),
                .init("fontname", "Helvetica-Bold"), .init("labeljust", "l"), .init("fontsize", "11"),
            ],
            nodes: nodes))
    }
}
