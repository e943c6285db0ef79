/// Draws the checker's findings on the diagram: marked steps and edges, with the finding in the tooltip.
extension DiagramBuilder {
    mutating func mark(_ diagnostics: [Diagnostic], included: Set<FlowIndex>) {
        var marks: [String: DiagramStyle.Mark] = [:]
        var notes: [String: [String]] = [:]
        var clusterNotes: [FlowIndex: [String]] = [:]
        let spans = flowSpans()
        for diagnostic in diagnostics {
            let line = "\(diagnostic.severity.rawValue) [\(diagnostic.rule.id)] \(diagnostic.message)"
            var placed = false
            // By reference (a step of a destinations group is the group's one node, whichever flow's
            // copy the finding is about); a finding made without references, by its names.
            let subjects = diagnostic.steps.isEmpty ? diagnostic.subjects
                : diagnostic.steps.filter { program.flows.indices.contains($0.flow) && program.flows[$0.flow].steps.indices.contains($0.step) }
                    .map { stepID(program.flows[$0.flow], program[$0]) }
            for subject in subjects where nodeIndex[subject] != nil {
                let mark = DiagramStyle.Mark.of(diagnostic.rule)
                marks[subject] = max(marks[subject] ?? mark, mark)
                notes[subject, default: []].append(line)
                placed = true
            }
            for edge in edgesByRange[diagnostic.range] ?? [] {
                let style = diagnostic.severity == .error ? DiagramStyle.errorEdge : DiagramStyle.warningEdge
                for attribute in style { edges[edge].attributes.set(attribute.name, attribute.value) }
                let tooltip = edges[edge].attributes["tooltip"].map { $0 + "\n" } ?? ""
                edges[edge].attributes.set("tooltip", tooltip + line)
                placed = true
            }
            for flowIndex in included {
                let flow = program.flows[flowIndex]
                if diagnostic.range == flow.range {
                    clusterNotes[flowIndex, default: []].append(line)
                    if diagnostic.rule == .unreachableFlow { markUnreachable(flow) }
                    placed = true
                }
                for exit in flow.exits where exit.range == diagnostic.range {
                    let id = Self.exitID(flow, exit)
                    notes[id, default: []].append(line)
                    if diagnostic.rule == .unusedExit { marks[id] = .unreachable }
                    placed = true
                }
            }
            // Findings with no place of their own (an unused guard, say) go on their flow's box.
            if !placed,
               let flowIndex = spans.firstIndex(where: {
                   $0[diagnostic.range.file].map { $0.contains(diagnostic.range.start) && diagnostic.range.end <= $0.upperBound } ?? false
               }),
               included.contains(FlowIndex(flowIndex)) {
                clusterNotes[FlowIndex(flowIndex), default: []].append(line)
            }
        }
        for (id, mark) in marks {
            guard let (cluster, node) = nodeIndex[id] else { continue }
            for attribute in mark.attributes { clusters[cluster].nodes[node].attributes.set(attribute.name, attribute.value) }
        }
        for (id, lines) in notes {
            guard let (cluster, node) = nodeIndex[id] else { continue }
            let tooltip = clusters[cluster].nodes[node].attributes["tooltip"].map { $0 + "\n" } ?? ""
            clusters[cluster].nodes[node].attributes.set("tooltip", tooltip + lines.joined(separator: "\n"))
        }
        for (flowIndex, lines) in clusterNotes {
            let id = Self.clusterID(program.flows[flowIndex])
            guard let cluster = clusters.firstIndex(where: { $0.id == id }) else { continue }
            let tooltip = clusters[cluster].attributes["tooltip"].map { $0 + "\n" } ?? ""
            clusters[cluster].attributes.set("tooltip", tooltip + lines.joined(separator: "\n"))
            clusters[cluster].attributes.set("fontcolor", lines.contains { $0.hasPrefix("error") } ? "#d62728" : "#e6550d")
        }
    }

    private mutating func markUnreachable(_ flow: Flow) {
        let id = Self.clusterID(flow)
        guard let cluster = clusters.firstIndex(where: { $0.id == id }) else { return }
        clusters[cluster].attributes.set("style", "rounded,dashed")
        clusters[cluster].attributes.set("color", "#aaaaaa")
    }

    private func flowSpans() -> [[Int: ClosedRange<Int>]] { Self.flowSpans(of: program) }

    /// For each flow, per file, the byte span its declarations cover (to place findings that have no element).
    static func flowSpans(of program: FlowProgram) -> [[Int: ClosedRange<Int>]] {
        program.flows.map { flow in
            let ranges = [flow.range] + flow.steps.map(\.range) + flow.guards.map(\.range) + flow.exits.map(\.range)
                + flow.links.map(\.range) + flow.allClauses.map(\.range)
            var spans: [Int: ClosedRange<Int>] = [:]
            for range in ranges {
                let span = spans[range.file]
                spans[range.file] = min(span?.lowerBound ?? range.start, range.start)...max(span?.upperBound ?? range.end, range.end)
            }
            return spans
        }
    }
}
