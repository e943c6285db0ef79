/// The visual conventions of FlowGraph's diagrams, in one place; the legend is drawn from them.
package enum DiagramStyle {
    /// How the edge of each action kind is drawn.
    public static func edge(_ kind: ActionKind) -> [Diagram.Attribute] {
        switch kind {
        case .push: [.init("color", "#333333"), .init("style", "solid")]
        // Pushed beneath the sheet on top, which stays: a hollow dot where it leaves the sheet.
        case .pushBelow: [.init("color", "#333333"), .init("style", "solid"), .init("dir", "both"), .init("arrowtail", "odot")]
        case .sheet: [.init("color", "#1f6fb4"), .init("style", "dashed")]
        case .popover: [.init("color", "#d9730d"), .init("style", "dashed"), .init("arrowhead", "odot")]
        case .cover: [.init("color", "#7b3fa0"), .init("style", "bold,dashed"), .init("penwidth", "2")]
        case .replace: [.init("color", "#8c564b"), .init("style", "solid"), .init("arrowhead", "onormal")]
        case .root: [.init("color", "#1a7f37"), .init("style", "bold"), .init("penwidth", "2.5"), .init("arrowhead", "normalnormal")]
        // The flow starting over: root's green, dashed, since where it lands is the start's choice.
        case .restart: [.init("color", "#1a7f37"), .init("style", "bold,dashed"), .init("penwidth", "2"), .init("arrowhead", "normalnormal")]
        case .select: [.init("color", "#0e8a9e"), .init("style", "solid"), .init("arrowhead", "diamond")]
        // Selected beneath the layer on top, which stays: a hollow dot where it leaves it.
        case .selectBelow: [.init("color", "#0e8a9e"), .init("style", "solid"), .init("arrowhead", "diamond"), .init("dir", "both"),
                            .init("arrowtail", "odot")]
        // Into a split view's column: the select's teal, darker, with a box for the column.
        case .show: [.init("color", "#0f766e"), .init("style", "solid"), .init("penwidth", "1.5"), .init("arrowhead", "box")]
        case .pop, .popTo, .dismiss, .close: [.init("color", "#777777"), .init("style", "dotted"), .init("arrowhead", "open")]
        case .exit: [.init("color", "#1a7f37"), .init("style", "solid"), .init("arrowhead", "empty")]
        // Not the popover's round head: a hollow box, for the box that pops up over the screen.
        case .alert, .dialog: [.init("color", "#c2410c"), .init("style", "dashed"), .init("arrowhead", "obox")]
        // Out of the app: a loop on the screen, whose arrow leaves it.
        case .open: [.init("color", "#2563eb"), .init("style", "dotted"), .init("arrowhead", "vee")]
        }
    }

    /// A flow's title in a diagram: its name, and its container when it is not a stack (`Main
    /// (tabs)`, `Mail (split)`); `gap` between the two.
    public static func flowTitle(_ flow: Flow, gap: String = " ") -> String {
        flow.isTabs ? "\(flow.name)\(gap)(tabs)" : flow.isSplit ? "\(flow.name)\(gap)(split)" : flow.name
    }

    /// What an alert's node says: `alert DiscardDraft`, its inputs, and the buttons that only close
    /// it (`keepTapped: closes`); the buttons with a move are its edges.
    public static func alertLabel(_ alert: Alert, lineBreak: String = "\n") -> String {
        var label = "\(alert.style.rawValue) \(alert.name)"
        if !alert.inputs.isEmpty { label += lineBreak + "(" + alert.inputs.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")" }
        for button in alert.buttons where button.clause == nil { label += lineBreak + "\(button.event): closes" }
        return label
    }

    /// An alert's or dialog's node: a transient modal, drawn beside the steps of its flow.
    public static let alertNode: [Diagram.Attribute] = [
        .init("shape", "box"), .init("style", "rounded,filled,dashed"), .init("fillcolor", "#fff4e6"), .init("color", "#c2410c"),
    ]

    /// What the legend says about each kind, in the order it lists them.
    public static let actionLegend: [(ActionKind, String)] = [
        (.push, "push"), (.pushBelow, "push below (under a sheet)"), (.sheet, "sheet"), (.popover, "popover"), (.cover, "cover"),
        (.replace, "replace"), (.root, "root"), (.restart, "restart (start over)"),
        (.select, "select (tabs)"), (.selectBelow, "select below (under a sheet)"), (.show, "show (a split view's column)"),
        (.pop, "pop, popTo, dismiss, close"), (.exit, "exit"),
        (.alert, "alert, dialog"),
        (.open, "open (out of the app)"),
    ]

    /// How an action's edge is drawn: its kind's style, bold when it presents a layer the user
    /// cannot swipe away (`sheet X locked`), whose label says so (`lockLabel`).
    static func edge(_ action: Action) -> [Diagram.Attribute] {
        var attributes = edge(action.kind)
        if action.lock != nil { attributes.set("style", "bold,dashed") }
        return attributes
    }

    /// The label of the edge a flow's start shows its launch layer by: `at launch [needsOnboarding]`.
    static func launchLabel(_ launch: Launch, in flow: Flow) -> String {
        "at launch" + conditionLabel([launch.condition].compactMap { $0 }, branch: 0, in: flow)
    }

    /// What an edge's label says of a lock: ` (locked)`, ` (locked while hasDraft)`, or nothing.
    static func lockLabel(_ action: Action) -> String {
        let parts = presentationParts(action)
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    /// What an edge says of how its move presents besides its kind: ` locked while g`, ` compact
    /// cover` (empty for neither).
    static func presentationDetail(_ action: Action) -> String {
        presentationParts(action).map { " " + $0 }.joined()
    }

    /// `locked while g` and `compact cover`, as written, for those the move says.
    private static func presentationParts(_ action: Action) -> [String] {
        [action.lock?.written, action.compact.map { "compact " + $0.rawValue }].compactMap { $0 }
    }

    /// What an edge's label says of the condition of action `branch` of a clause's chain: ` [g]`,
    /// ` [!g]`, ` [else if g]`, ` [else]` or nothing; a guard with arguments shows their names,
    /// ` [canOpen(status)]` (the types are in the source, and would crowd the edge).
    /// `guardName`: how a guard is named (`flowgraph diff` names them by their old names).
    static func conditionLabel(_ conditions: [Condition], branch: Int, in flow: Flow, guardName: (Condition) -> String = \.guardName) -> String {
        guard branch < conditions.count else { return branch > 0 ? " [else]" : "" }
        let condition = conditions[branch]
        var test = (condition.isNegated ? "!" : "") + guardName(condition)
        if let index = condition.guardIndex, case let parameters = flow.guards[index].parameters, !parameters.isEmpty {
            test += "(" + parameters.map(\.name).joined(separator: ", ") + ")"
        }
        return branch == 0 ? " [\(test)]" : " [else if \(test)]"
    }

    /// The values a back move alone hands back, as its edge shows them (` ↩ address`): the names
    /// of its clause's payload that some step of the flow receives; nothing for any other action.
    /// A destinations group's move goes back to a screen of the flow that uses it, so for a
    /// group's declaration, the steps of every flow that uses it (its copies of the group's steps
    /// among them). Where it lands is the checker's to say: the edge shows what it may hand over.
    static func handedBack(_ transition: Clause, _ action: Action, from step: Step?, in flow: Flow, program: FlowProgram) -> String {
        guard action.kind.goesBack, action.back == nil else { return "" }
        let payload = program.payload(of: transition, in: step).map(\.name)
        guard !payload.isEmpty else { return "" }
        var steps = [flow.steps[...]]
        if flow.isDestinations, let group = program.groups.first(where: { $0.declaration.range == flow.range }) {
            steps += group.users.map { program.flows[$0].steps[...] }
        }
        let received = Set(steps.joined().flatMap { $0.receives.map(\.name) })
        let names = payload.filter(received.contains)
        return names.isEmpty ? "" : " ↩ " + names.joined(separator: ", ")
    }

    /// The lines a receiving step's node adds to its label: `receives address, card`, and for a
    /// step that keeps links, `keeps links`.
    static func receivesLine(_ step: Step) -> String {
        (step.receives.isEmpty ? "" : "\nreceives " + step.receives.map(\.name).joined(separator: ", "))
            + (step.keepsLinks ? "\nkeeps links" : "")
            + (step.condition.map { "\n" + $0.written } ?? "")  // a tab that is there only sometimes
            + (step.tabItem.map { "\ntab item as \($0.rawValue)" } ?? "")  // an item of the tab bar that presents it
    }

    static let runsEdge: [Diagram.Attribute] = [
        .init("color", "#999999"), .init("style", "dashed"), .init("arrowhead", "empty"), .init("label", "runs"),
        .init("fontcolor", "#777777"),
    ]

    static let startNode: [Diagram.Attribute] = [
        .init("shape", "circle"), .init("style", "filled"), .init("fillcolor", "#222222"), .init("color", "#222222"),
        .init("width", "0.18"), .init("height", "0.18"), .init("fixedsize", "true"), .init("label", ""),
    ]

    static let anyStepNode: [Diagram.Attribute] = [
        .init("shape", "plaintext"), .init("style", ""), .init("fontcolor", "#777777"), .init("label", "any step"),
    ]

    /// An invisible edge from a flow's start to its "any step" that holds the two at one rank
    /// (`minlen=0`, and a weight that outweighs the pull of the flow-level clauses' heads).
    static let anyStepAnchor: [Diagram.Attribute] = [.init("style", "invis"), .init("minlen", "0"), .init("weight", "10")]

    static let exitNode: [Diagram.Attribute] = [
        .init("shape", "cds"), .init("style", "filled"), .init("fillcolor", "#e3f4e8"), .init("color", "#1a7f37"),
    ]

    static func flowCluster(isTabs: Bool) -> [Diagram.Attribute] {
        isTabs
            ? [.init("style", "rounded,filled"), .init("fillcolor", "#eef3fb"), .init("color", "#2b5ba8"), .init("penwidth", "2")]
            : [.init("style", "rounded"), .init("color", "#4a6fa5")]
    }

    /// A destinations group: screens shared by the flows that use it, drawn once (amber, like the
    /// page's shared flows).
    static let destinationsCluster: [Diagram.Attribute] = [
        .init("style", "rounded,filled,dashed"), .init("fillcolor", "#fffaeb"), .init("color", "#a77b00"),
    ]

    /// A destinations group's title: `Name (destinations of FlowA, FlowB)`, with `gap` after the name.
    static func destinationsTitle(_ group: DestinationGroup, in program: FlowProgram, gap: String = " ") -> String {
        let users = group.users.map { program.flows[$0].name }
        return "\(group.name)\(gap)(destinations of \(users.isEmpty ? "no flow" : users.joined(separator: ", ")))"
    }

    /// From a flow's box to the box of a destinations group it uses.
    static let usesEdge: [Diagram.Attribute] = [
        .init("style", "dashed"), .init("color", "#a77b00"), .init("fontcolor", "#a77b00"), .init("label", "use"),
        .init("arrowhead", "odiamond"),
    ]

    /// `step X like Y`: from X to the step whose clauses it has (theirs are drawn once, from Y).
    /// A move the recorded tests took (bold), or never took (grey, dashed): `render --coverage`.
    static func coverageEdge(exercised: Bool) -> [Diagram.Attribute] {
        exercised ? [.init("penwidth", "2.2")]
            : [.init("style", "dashed"), .init("color", "#a0a7b0"), .init("fontcolor", "#8c959f"), .init("penwidth", "1")]
    }

    static let likeEdge: [Diagram.Attribute] = [
        .init("style", "dotted"), .init("color", "#6a6a6a"), .init("fontcolor", "#6a6a6a"), .init("label", "like"),
        .init("arrowhead", "empty"), .init("tooltip", "has the clauses of this step, besides its own"),
    ]

    /// How a step marked by a finding is drawn; later marks win over earlier ones.
    enum Mark: Int, Comparable {
        case warning, cannotFinish, unreachable, trapped, error

        static func < (lhs: Mark, rhs: Mark) -> Bool { lhs.rawValue < rhs.rawValue }

        var attributes: [Diagram.Attribute] {
            switch self {
            case .unreachable:
                [.init("style", "rounded,dashed,filled"), .init("fillcolor", "#f2f2f2"), .init("color", "#aaaaaa"),
                 .init("fontcolor", "#999999")]
            case .trapped: [.init("fillcolor", "#fde0dd"), .init("color", "#d62728"), .init("penwidth", "2")]
            case .cannotFinish: [.init("fillcolor", "#feeddc"), .init("color", "#e6550d"), .init("penwidth", "2")]
            case .error: [.init("color", "#d62728"), .init("penwidth", "2.5")]
            case .warning: [.init("color", "#e6550d"), .init("penwidth", "2")]
            }
        }

        var legend: String {
            switch self {
            case .unreachable: "unreachable"
            case .trapped: "trapped (dead end)"
            case .cannotFinish: "cannot finish"
            case .error: "error"
            case .warning: "warning"
            }
        }

        static func of(_ rule: Rule) -> Mark {
            switch rule {
            case .unreachableStep, .unreachableFlow: .unreachable
            case .deadEnd: .trapped
            case .cannotFinish: .cannotFinish
            default: rule.severity == .error ? .error : .warning
            }
        }
    }

    static let errorEdge: [Diagram.Attribute] = [.init("color", "#d62728"), .init("penwidth", "2.5"), .init("fontcolor", "#d62728")]
    static let warningEdge: [Diagram.Attribute] = [.init("color", "#e6550d"), .init("penwidth", "2"), .init("fontcolor", "#e6550d")]
}

extension DiagramStyle {
    /// How `render --diff` marks what changed: added green, changed amber, removed as a grey,
    /// dashed ghost (GitHub's diff colours, so a reviewer reads them at once).
    enum Change: String, CaseIterable {
        case added, changed, removed

        var nodeAttributes: [Diagram.Attribute] {
            switch self {
            case .added: [.init("fillcolor", "#dafbe1"), .init("color", "#1a7f37"), .init("penwidth", "2")]
            case .changed: [.init("fillcolor", "#fff8c5"), .init("color", "#9a6700"), .init("penwidth", "2")]
            case .removed: [.init("style", "rounded,dashed,filled"), .init("fillcolor", "#f6f8fa"), .init("color", "#8c959f"),
                            .init("fontcolor", "#8c959f")]
            }
        }

        var edgeAttributes: [Diagram.Attribute] {
            switch self {
            case .added: [.init("color", "#1a7f37"), .init("fontcolor", "#1a7f37"), .init("penwidth", "2")]
            case .changed: [.init("color", "#9a6700"), .init("fontcolor", "#9a6700")]
            case .removed: [.init("color", "#8c959f"), .init("fontcolor", "#8c959f"), .init("style", "dashed")]
            }
        }
    }
}
