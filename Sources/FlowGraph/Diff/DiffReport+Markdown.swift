/// `flowgraph diff` as Markdown for a pull-request comment: a summary table by category, the
/// findings as lists, and a Mermaid flowchart of each changed flow, which GitHub draws.
extension DiffReport {
    /// Marks the comment, so a workflow can find and replace its earlier one.
    public static let markdownMarker = "<!-- flowgraph-diff -->"

    public func markdown() -> String {
        var lines = [Self.markdownMarker, "## flowgraph diff", ""]
        lines += ["| category | findings | fails the check |", "|---|---:|---|"]
        for category in DiffCategory.allCases {
            lines.append("| \(category.rawValue) | \(count(category)) | \(failingCategories.contains(category) ? "yes" : "no") |")
        }
        lines.append("")
        if findings.isEmpty { lines += ["No change breaks a deep link or the router, and no journey changed.", ""] }
        // The lists keep to half the comment's size; the rest is for the diagrams.
        var listed = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        for category in DiffCategory.allCases {
            let found = findings.filter { $0.category == category }
            guard !found.isEmpty else { continue }
            lines += ["### \(category.rawValue)", ""]
            for (position, finding) in found.enumerated() {
                var line = "- \(isFailing(finding) ? "❌" : finding.category == .journey ? "ℹ️" : "⚠️") "
                    + "`\(finding.rule.id)` \(Self.escape(finding.message))"
                if let range = finding.new { line += " (\(place(range, newContext)))" }
                if let range = finding.old { line += " — before: \(place(range, oldContext))" }
                if let example = finding.example { line += " — URL: `\(example)`" }
                guard listed + line.utf8.count < Self.maximumCommentSize / 2 else {
                    lines.append("- … and \(found.count - position) more: `flowgraph diff` lists them all")
                    break
                }
                lines.append(line)
                listed += line.utf8.count + 1
            }
            lines.append("")
        }
        if !result.notes.isEmpty {
            lines += ["### notes", ""]
            lines += result.notes.map { "- \(Self.escape($0.message)) (\(place($0.new, newContext)))" }
            lines.append("")
        }
        let containers = result.changes.changedContainers
        if !containers.isEmpty {
            lines += ["### changed flows", "", "Green: added; yellow: changed; grey and dashed: removed.", ""]
            var size = lines.reduce(0) { $0 + $1.utf8.count + 1 }
            for (position, container) in containers.enumerated() {
                let section = ["#### \(container)", "", "```mermaid"] + flowchart(container) + ["```", ""]
                let sectionSize = section.reduce(0) { $0 + $1.utf8.count + 1 }
                // GitHub refuses a comment over 65,536 characters: the diagrams that do not fit are named.
                guard size + sectionSize <= Self.maximumCommentSize else {
                    let rest = containers[position...].joined(separator: ", ")
                    lines += ["Not drawn here, to keep the comment within GitHub's size: \(Self.escape(rest)). "
                              + "`flowgraph render --diff` draws them.", ""]
                    break
                }
                lines += section
                size += sectionSize
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The size in bytes the comment keeps to, below GitHub's 65,536 characters with room to spare.
    static let maximumCommentSize = 60_000

    /// `Shop.flow:12`.
    private func place(_ range: SourceRange, _ context: ReportContext) -> String {
        "`\(context.path(range)):\(context.start(range).line)`"
    }

    /// A Mermaid flowchart of the changed flows (`render --diff --format mermaid`): all of them,
    /// or those of `containers`, each in a subgraph.
    public func flowchartText(containers: [String]? = nil) -> String {
        let names = containers ?? result.changes.changedContainers
        guard !names.isEmpty else { return "flowchart LR\n    nothing[\"no step or move changed\"]\n" }
        return flowchart(names).joined(separator: "\n") + "\n"
    }

    /// A Mermaid flowchart of one container of the new program, with the ghosts of what it lost.
    func flowchart(_ container: String) -> [String] { flowchart([container]) }

    /// A flowchart of the containers of the new program, with the ghosts of what they lost; with
    /// several, each is a subgraph.
    func flowchart(_ containers: [String]) -> [String] {
        let changes = result.changes
        var lines = ["flowchart LR"]
        var ids: [String: String] = [:]
        var declared = Set<String>()
        func node(_ id: String) -> String {
            if let known = ids[id] { return known }
            let short = "n\(ids.count)"
            ids[id] = short
            return short
        }
        var styles: [String] = []
        var index = 0
        for (position, container) in containers.enumerated() {
            let indent = containers.count > 1 ? "    " : ""
            if containers.count > 1 { lines.append("    subgraph f\(position)[\"\(Self.label(container))\"]") }
            func declare(_ id: String, label: String, style: String?) {
                guard declared.insert(id).inserted else { return }
                lines.append(indent + "    \(node(id))[\"\(Self.label(label))\"]" + (style.map { ":::\($0)" } ?? ""))
            }
            let prefix = container + "."
            for (id, label) in changes.steps.sorted(by: { $0.key < $1.key }) where id.hasPrefix(prefix) {
                declare(id, label: label, style: changes.addedSteps.contains(id) ? "added" : changes.changedSteps.contains(id) ? "changed" : nil)
            }
            for step in changes.removedSteps where step.container == container { declare(step.id, label: step.label, style: "removed") }
            func edge(_ edge: DiagramChanges.Edge, arrow: String, style: String?) {
                for end in [edge.tail, edge.head] where !declared.contains(end) {
                    let name = end.hasPrefix(prefix) ? String(end.dropFirst(prefix.count)) : end
                    let label = name == "$any" ? "any step" : name == "$links" ? "deep links"
                        : name.hasPrefix("$exit.") ? "exit " + name.dropFirst(6) : name
                    declare(end, label: label, style: nil)
                }
                lines.append(indent + "    \(node(edge.tail)) \(arrow)|\"\(Self.label(edge.text))\"| \(node(edge.head))")
                if let style { styles.append("    linkStyle \(index) \(style)") }
                index += 1
            }
            for drawn in changes.edges where drawn.edge.tail.hasPrefix(prefix) {
                edge(drawn.edge, arrow: "-->", style: drawn.isAdded ? "stroke:#1a7f37,stroke-width:2px" : nil)
            }
            for removedEdge in changes.removedEdges where removedEdge.tail.hasPrefix(prefix) {
                edge(removedEdge, arrow: "-.->", style: "stroke:#8c959f,stroke-dasharray:4 3")
            }
            if containers.count > 1 { lines.append("    end") }
        }
        lines += styles
        lines += [
            "    classDef added fill:#dafbe1,stroke:#1a7f37,color:#1a7f37",
            "    classDef changed fill:#fff8c5,stroke:#9a6700",
            "    classDef removed fill:#f6f8fa,stroke:#8c959f,color:#8c959f,stroke-dasharray:4 3",
        ]
        return lines
    }

    /// Text inside a Mermaid label's quotes.
    private static func label(_ text: String) -> String {
        text.replacing("\"", with: "#quot;").replacing("\n", with: " ")
    }

    /// Text in a Markdown list item: no HTML, no table pipes.
    private static func escape(_ text: String) -> String {
        text.replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("|", with: "\\|")
    }
}
