/// Builds the diagram of a program: one cluster per flow, its steps, start, exits and
/// transitions, the subflows each step runs, the checker's findings, and a legend.
public struct DiagramBuilder {
    /// What to draw.
    public struct Options: Sendable {
        /// Mark the checker's findings on the picture.
        public var showsFindings: Bool
        /// Draw only this flow and the flows it runs (directly or not); nil draws all.
        public var focus: String?
        /// Draw the legend.
        public var showsLegend: Bool
        /// What changed since an older version of the program (`render --diff`): added and changed
        /// steps and moves are marked, removed ones drawn as ghosts.
        package var changes: DiagramChanges?
        /// How often the recorded moves of the app's own tests took each action (`render
        /// --coverage`): exercised moves are drawn bold, the others grey and dashed.
        package var coverage: DiagramCoverage?

        public init(showsFindings: Bool = true, focus: String? = nil, showsLegend: Bool = true) {
            self.init(showsFindings: showsFindings, focus: focus, showsLegend: showsLegend, changes: nil)
        }

        package init(showsFindings: Bool = true, focus: String? = nil, showsLegend: Bool = true, changes: DiagramChanges?) {
            self.showsFindings = showsFindings
            self.focus = focus
            self.showsLegend = showsLegend
            self.changes = changes
        }
    }

    let program: FlowProgram
    let options: Options
    var clusters: [Diagram.Cluster] = []
    var edges: [Diagram.Edge] = []
    /// Edges by the source range of the action or event that drew them, to mark findings on them.
    var edgesByRange: [SourceRange: [Int]] = [:]
    /// The actions each transition's edge draws, by edge index (several for a merged edge of "any step").
    var actionOfEdge: [Int: [SourceRange]] = [:]
    /// The edges of the flow-level clauses, by what merges them: "any step", the head and the style.
    var anyStepEdges: [String: Int] = [:]
    /// What the tooltip of a merged edge of "any step" says, one part per action it draws.
    var anyStepTooltips: [Int: [String]] = [:]
    var nodeIndex: [String: (cluster: Int, node: Int)] = [:]

    /// The flows that `focus` draws, or nil when no flow has that name.
    package static func flows(of program: FlowProgram, focus: String?) -> [FlowIndex]? {
        guard let focus else { return program.flowIndices }
        guard let first = program.flow(named: focus) else { return nil }
        var included = [first]
        var seen: Set<FlowIndex> = [first]
        var cursor = 0
        while cursor < included.count {
            for step in program.flows[included[cursor]].steps {
                if let runs = step.runs, seen.insert(runs).inserted { included.append(runs) }
            }
            cursor += 1
        }
        return included.sorted()
    }

    /// The diagram of `program`, with `diagnostics` marked on it when the options say so.
    public static func build(_ program: FlowProgram, diagnostics: [Diagnostic], options: Options = .init()) -> Diagram {
        var builder = DiagramBuilder(program: program, options: options)
        let included = flows(of: program, focus: options.focus) ?? []
        let includedSet = Set(included)
        for flowIndex in included { builder.addFlow(flowIndex) }
        // Each destinations group once, beside the flows: those that use it, or (drawing the whole
        // program) none, which the checker reports.
        let groups = program.groups.indices.filter { group in
            options.focus == nil || program.groups[group].users.contains(where: includedSet.contains)
        }
        for group in groups { builder.addGroup(group) }
        for flowIndex in included { builder.addTransitions(program.flows[flowIndex], included: includedSet) }
        for group in groups { builder.addTransitions(program.groups[group].declaration, included: includedSet) }
        for group in groups { builder.addUses(group, included: includedSet) }
        if options.showsFindings { builder.mark(diagnostics, included: includedSet) }
        if let changes = options.changes { builder.mark(changes, drawsRemovedFlows: options.focus == nil) }
        if let coverage = options.coverage { builder.mark(coverage) }
        var diagram = Diagram(
            name: "flows",
            graphAttributes: [
                .init("rankdir", "LR"), .init("compound", "true"), .init("fontname", "Helvetica"), .init("fontsize", "13"),
                .init("nodesep", "0.3"), .init("ranksep", "0.45"), .init("pad", "0.2"),
            ],
            nodeDefaults: [
                .init("shape", "box"), .init("style", "rounded,filled"), .init("fillcolor", "#ffffff"),
                .init("fontname", "Helvetica"), .init("fontsize", "11"), .init("margin", "0.15,0.06"),
            ],
            edgeDefaults: [.init("fontname", "Helvetica"), .init("fontsize", "9"), .init("arrowsize", "0.7")],
            clusters: builder.clusters, nodes: [], edges: builder.edges)
        if options.showsLegend {
            DiagramLegend.add(to: &diagram, withFindings: options.showsFindings, withChanges: options.changes != nil,
                              withCoverage: options.coverage != nil)
        }
        return diagram
    }

    // MARK: - Flows and steps

    static func clusterID(_ flow: Flow) -> String { clusterID(named: flow.name) }
    static func clusterID(named name: String) -> String { "cluster_\(name)" }
    /// A step's node: `Flow.Step`, or for a step of a destinations group, the group's `Group.Step`
    /// (drawn once, whichever flows use it).
    package static func stepID(_ flow: Flow, _ step: Step, in program: FlowProgram) -> String {
        "\(step.shared.map { program.groups[$0.group].name } ?? flow.name).\(step.name)"
    }
    func stepID(_ flow: Flow, _ step: Step) -> String { Self.stepID(flow, step, in: program) }
    /// An alert's node: `Flow.Alert`, or the group's `Group.Alert` (alerts share the steps' names).
    package static func alertID(_ flow: Flow, _ alert: Alert, in program: FlowProgram) -> String {
        "\(alert.group.map { program.groups[$0].name } ?? flow.name).\(alert.name)"
    }
    static func startID(_ flow: Flow) -> String { "\(flow.name).$start" }
    static func anyStepID(_ flow: Flow) -> String { "\(flow.name).$any" }
    static func exitID(_ flow: Flow, _ exit: Exit) -> String { "\(flow.name).$exit.\(exit.name)" }

    private mutating func addFlow(_ flowIndex: FlowIndex) {
        let flow = program.flows[flowIndex]
        var attributes = [Diagram.Attribute("label", DiagramStyle.flowTitle(flow, gap: "  "))]
        attributes += DiagramStyle.flowCluster(isTabs: flow.isTabs)
        attributes += [.init("fontname", "Helvetica-Bold"), .init("labeljust", "l")]
        if !flow.doc.isEmpty { attributes.append(.init("tooltip", flow.doc.joined(separator: "\n"))) }
        var nodes: [Diagram.Node] = [Diagram.Node(id: Self.startID(flow), attributes: DiagramStyle.startNode)]
        nodes += stepNodes(flow)
        nodes += alertNodes(flow)
        for exit in flow.exits {
            var node = Diagram.Node(id: Self.exitID(flow, exit), attributes: DiagramStyle.exitNode)
            let inputs = exit.inputs.isEmpty ? "" : "\n(" + exit.inputs.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
            node.attributes.set("label", "exit \(exit.name)\(inputs)")
            if !exit.doc.isEmpty { node.attributes.set("tooltip", exit.doc.joined(separator: "\n")) }
            nodes.append(node)
        }
        if !program.ownClauses(of: flow).isEmpty {
            nodes.append(Diagram.Node(id: Self.anyStepID(flow), attributes: DiagramStyle.anyStepNode))
        }
        for (index, node) in nodes.enumerated() { nodeIndex[node.id] = (clusters.count, index) }
        clusters.append(Diagram.Cluster(id: Self.clusterID(flow), attributes: attributes, nodes: nodes))
        // One edge a step the flow may start at, labelled with the condition that picks it.
        let startConditions = flow.startChoices.compactMap(\.condition)
        for (branch, choice) in flow.startChoices.enumerated() {
            guard let start = choice.step else { continue }
            var attributes: [Diagram.Attribute] = [.init("color", "#222222")]
            let label = DiagramStyle.conditionLabel(startConditions, branch: branch, in: flow).dropFirst()
            if !label.isEmpty { attributes.append(.init("label", String(label))) }
            edges.append(Diagram.Edge(tail: Self.startID(flow), head: stepID(flow, flow.steps[start]), attributes: attributes))
        }
        // `start Home, cover Onboarding if g`: from each first screen, drawn as its kind of move.
        if let launch = flow.launch, let target = launch.step {
            for start in flow.enteredSteps {
                let attributes = [Diagram.Attribute("label", DiagramStyle.launchLabel(launch, in: flow))] + DiagramStyle.edge(launch.kind)
                edges.append(Diagram.Edge(tail: stepID(flow, flow.steps[start]), head: stepID(flow, flow.steps[target]), attributes: attributes))
            }
        }
    }

    /// A destinations group's box: its steps, drawn once, labelled with the flows that use it.
    private mutating func addGroup(_ groupIndex: Int) {
        let group = program.groups[groupIndex]
        let flow = group.declaration
        var attributes = [Diagram.Attribute("label", DiagramStyle.destinationsTitle(group, in: program, gap: "  "))]
        attributes += DiagramStyle.destinationsCluster
        attributes += [.init("fontname", "Helvetica-Bold"), .init("labeljust", "l")]
        if !flow.doc.isEmpty { attributes.append(.init("tooltip", flow.doc.joined(separator: "\n"))) }
        var nodes = stepNodes(flow) + alertNodes(flow)
        if !program.ownClauses(of: flow).isEmpty { nodes.append(Diagram.Node(id: Self.anyStepID(flow), attributes: DiagramStyle.anyStepNode)) }
        for (index, node) in nodes.enumerated() { nodeIndex[node.id] = (clusters.count, index) }
        clusters.append(Diagram.Cluster(id: Self.clusterID(flow), attributes: attributes, nodes: nodes))
    }

    /// An edge from the box of each flow or group that uses a group to the group's box (none where
    /// it uses the group through another one it uses).
    private mutating func addUses(_ groupIndex: Int, included: Set<FlowIndex>) {
        let group = program.groups[groupIndex]
        guard let head = clusters.first(where: { $0.id == Self.clusterID(group.declaration) })?.nodes.first?.id else { return }
        let direct = program.directUsers(of: groupIndex)
        let users = direct.flows.filter(included.contains).map { (program.flows[$0], Self.startID(program.flows[$0])) }
            + direct.groups.map { program.groups[$0].declaration }.compactMap { user in
                clusters.first { $0.id == Self.clusterID(user) }?.nodes.first.map { (user, $0.id) }
            }
        for (user, tail) in users {
            var attributes = DiagramStyle.usesEdge
            attributes += [.init("ltail", Self.clusterID(user)), .init("lhead", Self.clusterID(group.declaration)),
                           .init("tooltip", "\(user.name) uses destinations \(group.name)")]
            edges.append(Diagram.Edge(tail: tail, head: head, attributes: attributes))
        }
    }

    /// The nodes of a flow's own steps (a group's steps are drawn in the group's box).
    private func stepNodes(_ flow: Flow) -> [Diagram.Node] {
        var nodes: [Diagram.Node] = []
        for step in flow.steps where step.shared == nil {
            var label = step.name
            if !step.inputs.isEmpty { label += "\n(" + step.inputs.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")" }
            label += DiagramStyle.receivesLine(step)
            // `like AccountDetail`: the same screen, another entry; its copied clauses are drawn from it.
            if let like = step.like { label += "\n≈ " + flow.steps[like].name }
            // A split view's column: where `show` puts the step.
            if let column = step.column { label += "\n▥ " + column.rawValue }
            var node = Diagram.Node(id: stepID(flow, step), attributes: [.init("label", label)])
            if flow.isTabs { node.attributes.set("shape", "tab") }
            if let runs = step.runs {
                node.attributes.set("label", label + "\n▸ " + program.flows[runs].name)
                node.attributes.set("peripheries", "2")
            }
            if !step.doc.isEmpty { node.attributes.set("tooltip", step.doc.joined(separator: "\n")) }
            nodes.append(node)
        }
        return nodes
    }

    /// The nodes of a flow's own alerts and dialogs (a group's are drawn in the group's box).
    private func alertNodes(_ flow: Flow) -> [Diagram.Node] {
        flow.alerts.filter { $0.group == nil }.map { alert in
            var node = Diagram.Node(id: Self.alertID(flow, alert, in: program), attributes: DiagramStyle.alertNode)
            node.attributes.set("label", DiagramStyle.alertLabel(alert))
            if !alert.doc.isEmpty { node.attributes.set("tooltip", alert.doc.joined(separator: "\n")) }
            return node
        }
    }

    // MARK: - Transitions

    /// The transitions of a flow's own steps and clauses, or of a destinations group's declaration.
    private mutating func addTransitions(_ flow: Flow, included: Set<FlowIndex>) {
        for step in flow.steps where step.shared == nil {
            let source = stepID(flow, step)
            if let runs = step.runs, included.contains(runs) || flow.isDestinations {
                let subflow = program.flows[runs]
                var attributes = DiagramStyle.runsEdge
                attributes.append(.init("lhead", Self.clusterID(subflow)))
                edges.append(Diagram.Edge(tail: source, head: Self.startID(subflow), attributes: attributes))
            }
            // `like AccountDetail`: one edge to the step whose clauses it has, not their copies.
            var copied = Set<SourceRange>()
            if let like = step.like {
                copied = Set(flow.steps[like].clauses.map(\.range))
                edges.append(Diagram.Edge(tail: source, head: stepID(flow, flow.steps[like]), attributes: DiagramStyle.likeEdge))
            }
            for transition in step.clauses where !copied.contains(transition.range) {
                addTransition(transition, from: source, of: step, in: flow)
            }
        }
        let ownClauses = program.ownClauses(of: flow)
        // A flow's "any step" at the rank of its start, not amid the steps its edges' heads would
        // pull it to (a group, with no start, has it before the first of those heads).
        if !ownClauses.isEmpty, !flow.isDestinations {
            edges.append(Diagram.Edge(tail: Self.startID(flow), head: Self.anyStepID(flow), attributes: DiagramStyle.anyStepAnchor))
        }
        for transition in ownClauses { addTransition(transition, from: Self.anyStepID(flow), of: nil, in: flow) }
        // A button's move is taken where the alert was shown: drawn from the alert (a back move, on it).
        for alert in flow.alerts where alert.group == nil {
            let source = Self.alertID(flow, alert, in: program)
            for button in alert.buttons { if let clause = button.clause { addTransition(clause, from: source, of: nil, in: flow) } }
        }
    }

    private mutating func addTransition(_ transition: Clause, from source: String, of step: Step?, in flow: Flow) {
        let conditions = transition.conditions
        for (branch, action) in transition.actions.enumerated() {
            let head: String
            switch action.kind {
            case .pop, .dismiss, .close, .open: head = source
            // The flow starts over: to its start, which says where it lands.
            case .restart: head = Self.startID(flow)
            case .exit:
                guard let target = action.target else { continue }
                head = Self.exitID(flow, flow.exits[target])
            case .alert, .dialog:
                guard let target = action.target else { continue }
                head = Self.alertID(flow, flow.alerts[target], in: program)
            default:
                guard let target = action.target else { continue }
                head = stepID(flow, flow.steps[target])
            }
            var label = transition.event + DiagramStyle.conditionLabel(conditions, branch: branch, in: flow)
            if let at = action.at {
                // Where the move opens the subflow its target runs: `privacyTapped: sheet at Privacy`.
                label += ": " + action.backsWritten + "\(action.kind.rawValue) at \(at.written)"
            } else if action.kind == .open {
                // Out of the app, with the value the system is handed: `linkTapped: open url`.
                label += ": open \(action.targetName ?? "")"
            } else if !action.before.isEmpty {
                label += ": \(action.backsWritten)\(action.kind.rawValue)"
            } else if action.kind == .pushBelow || action.kind == .selectBelow {
                label += ": \(action.kind.rawValue)"
            } else if action.kind.targetRole != .newScreen, action.kind != .exit, action.kind != .select, action.kind.targetRole != .alert {
                label += ": \(action.kind.rawValue)"
            }
            label += DiagramStyle.lockLabel(action)
            label += DiagramStyle.handedBack(transition, action, from: step, in: flow, program: program)
            let style = DiagramStyle.edge(action)
            let tooltip = transition.doc.isEmpty ? "on \(transition.event) → \(action.written)"
                : transition.doc.joined(separator: "\n")
            let index = source == Self.anyStepID(flow) ? anyStepEdge(from: source, to: head, style: style, label: label, transition, action)
                : edges.count
            for range in [action.range, transition.eventRange] + action.before.map(\.range)
            where edgesByRange[range]?.contains(index) != true {
                edgesByRange[range, default: []].append(index)
            }
            actionOfEdge[index, default: []].append(action.range)
            guard index == edges.count else { continue }
            let attributes = [Diagram.Attribute("label", label)] + style + [.init("tooltip", tooltip)]
            edges.append(Diagram.Edge(tail: source, head: head, attributes: attributes, clauses: [transition.range], actions: [action.range]))
        }
    }

    /// The index of the edge from a flow's "any step" (`source`) that draws `action`: a new one
    /// (`edges.count`, added by the caller), or the one already drawn to the same head with the
    /// same style, whose label gets the new line and which then stands for `transition` too.
    /// Under `render --coverage`, exercised and never exercised actions are not merged: a merged
    /// edge is bold or grey for all it stands for.
    private mutating func anyStepEdge(from source: String, to head: String, style: [Diagram.Attribute], label: String,
                                      _ transition: Clause, _ action: Action) -> Int {
        let exercised = options.coverage.map { ($0.times[action.range] ?? 0) > 0 }
        let key = ([source, head, exercised.map { "\($0)" } ?? ""] + style.map { "\($0.name)=\($0.value)" }).joined(separator: "\u{0}")
        let part = "on \(transition.event) → \(action.written)" + (transition.doc.isEmpty ? "" : ": " + transition.doc.joined(separator: " "))
        guard let index = anyStepEdges[key] else {
            anyStepEdges[key] = edges.count
            anyStepTooltips[edges.count] = [part]
            return edges.count
        }
        anyStepTooltips[index, default: []].append(part)
        edges[index].attributes.set("label", (edges[index].attributes["label"] ?? "") + "\n" + label)
        edges[index].attributes.set("tooltip", anyStepTooltips[index, default: []].joined(separator: "\n"))
        edges[index].clauses.append(transition.range)
        edges[index].actions.append(action.range)
        return index
    }
}
