/// One side of a comparison: a program without errors, and what the diff asks of it.
///
/// Flows and `destinations` groups are both *containers*: each is a type of the router, and they
/// share one namespace. A flow's own members are those it declares; what it has by `use` is
/// compared once, in the group.
struct DiffSide {
    let compilation: Compiler.Compilation
    let program: FlowProgram
    /// Flows, then groups' declarations.
    let containers: [Flow]
    /// The index in `containers` of each container name.
    let containerIndex: [String: Int]

    init(_ compilation: Compiler.Compilation, program: FlowProgram) {
        self.compilation = compilation
        self.program = program
        containers = program.flows + program.groups.map(\.declaration)
        var index: [String: Int] = [:]
        for (position, flow) in containers.enumerated() where index[flow.name] == nil { index[flow.name] = position }
        containerIndex = index
    }

    var analysis: ProgramAnalysis { compilation.analysis }

    func container(named name: String) -> Flow? { containerIndex[name].map { containers[$0] } }

    /// Whether container `position` is a destinations group.
    func isGroup(_ position: Int) -> Bool { position >= program.flows.count }

    /// The steps a container declares itself (not those a flow or a group has by `use`).
    func ownSteps(_ flow: Flow) -> [Step] { flow.steps.filter { $0.shared == nil } }
    func ownGuards(_ flow: Flow) -> [Guard] { flow.guards.filter { $0.group == nil } }
    func ownAlerts(_ flow: Flow) -> [Alert] { flow.alerts.filter { $0.group == nil } }
    func ownEvents(_ flow: Flow) -> [Event] { flow.events.filter(\.isOwn) }

    /// A step's id, as the diagrams name its node: `Flow.Step`, or `Group.Step` for a group's.
    func stepID(_ reference: StepReference) -> String {
        DiagramBuilder.stepID(program.flows[reference.flow], program[reference], in: program)
    }

    /// Whether each step (by id) can be reached from a root: a group's step when some flow that
    /// uses it reaches it.
    func reachableSteps() -> Set<String> {
        var result = Set<String>()
        for (flowIndex, flow) in program.flows.enumerated() where analysis.isFlowReachable.indices.contains(flowIndex) {
            guard analysis.isFlowReachable[flowIndex] else { continue }
            for stepIndex in flow.steps.indices where analysis.isStepReachable[flowIndex][stepIndex] {
                result.insert(stepID(StepReference(flow: flowIndex, step: stepIndex)))
            }
        }
        return result
    }

    /// Every step id of the program, each with the range of its declaration.
    func stepRanges() -> [String: SourceRange] {
        var result: [String: SourceRange] = [:]
        for (flowIndex, flow) in program.flows.enumerated() {
            for stepIndex in flow.steps.indices {
                let id = stepID(StepReference(flow: flowIndex, step: stepIndex))
                if result[id] == nil { result[id] = flow.steps[stepIndex].range }
            }
        }
        for group in program.groups {
            for step in group.ownSteps where result["\(group.name).\(step.name)"] == nil {
                result["\(group.name).\(step.name)"] = step.range
            }
        }
        return result
    }

    /// Every clause of a flow that makes a move: the steps' (exit clauses too), the flow's, and
    /// the alerts' buttons.
    static func clauses(of flow: Flow) -> [Clause] {
        flow.steps.flatMap(\.clauses) + flow.clauses + flow.alerts.flatMap { $0.buttons.compactMap(\.clause) }
    }

    /// The ways each step (by id) is shown: the kinds of the moves that show it anew.
    func presentations() -> [String: Set<ActionKind>] {
        var result: [String: Set<ActionKind>] = [:]
        for (flowIndex, flow) in program.flows.enumerated() {
            for clause in Self.clauses(of: flow) {
                clause.forEachAction { action in
                    guard action.kind.targetRole == .newScreen, let target = action.target, flow.steps.indices.contains(target) else { return }
                    let id = stepID(StepReference(flow: flowIndex, step: target))
                    result[id, default: []].insert(action.kind)
                    // `sheet X compact cover`: shown both ways.
                    if let compact = action.compact { result[id, default: []].insert(compact) }
                }
            }
        }
        return result
    }
}

/// The declared renames of the new program, resolved: for each new name, the old one.
struct DiffRenames {
    /// New container name → old.
    var containers: [String: String] = [:]
    /// Per new container name, new member name → old, for each kind of member.
    var steps: [String: [String: String]] = [:]
    var events: [String: [String: String]] = [:]
    var exits: [String: [String: String]] = [:]
    var guards: [String: [String: String]] = [:]
    var alerts: [String: [String: String]] = [:]
    /// Directives that apply to nothing, or whose old name the old program does not have.
    var notes: [DiffNote] = []

    /// Reads the directives of the new side and binds each to the declaration that follows it.
    init(new: DiffSide, old: DiffSide) {
        let files = new.compilation.files
        for directive in RenameDirective.collect(files) {
            guard let next = directive.nextTokenStart else {
                notes.append(DiffNote(DiffMessages.renameAppliesToNothing(directive.oldName), at: directive.range))
                continue
            }
            let file = directive.range.file
            let line = files[file].location(of: next).line
            func isOnLine(_ range: SourceRange) -> Bool { range.file == file && files[file].location(of: range.start).line == line }
            guard let (kind, container, member) = Self.target(in: new, isOnLine: isOnLine) else {
                notes.append(DiffNote(DiffMessages.renameAppliesToNothing(directive.oldName), at: directive.range))
                continue
            }
            let oldContainer = kind == .container ? directive.oldName : (containers[container] ?? container)
            // A rename already in the old program (a later change compared with a base that has it) says nothing.
            let knowsOld = old.has(kind, oldContainer, member: kind == .container ? nil : directive.oldName)
            let knowsNew = old.has(kind, kind == .container ? member : oldContainer, member: kind == .container ? nil : member)
            if !knowsOld, !knowsNew {
                notes.append(DiffNote(DiffMessages.renameUnknown(directive.oldName, kind: kind.rawValue), at: directive.range))
            }
            guard knowsOld else { continue }
            switch kind {
            case .container: containers[member] = directive.oldName
            case .step: steps[container, default: [:]][member] = directive.oldName
            case .event: events[container, default: [:]][member] = directive.oldName
            case .exit: exits[container, default: [:]][member] = directive.oldName
            case .guardDeclaration: guards[container, default: [:]][member] = directive.oldName
            case .alert: alerts[container, default: [:]][member] = directive.oldName
            }
        }
    }

    /// What a directive can rename.
    enum Kind: String {
        case container = "flow"
        case step, event, exit
        case guardDeclaration = "guard"
        case alert
    }

    /// The outermost declaration of the new program that starts on the directive's line.
    private static func target(in side: DiffSide, isOnLine: (SourceRange) -> Bool) -> (Kind, String, String)? {
        for flow in side.containers where isOnLine(flow.range) { return (.container, flow.name, flow.name) }
        for flow in side.containers {
            if let step = side.ownSteps(flow).first(where: { isOnLine($0.range) }) { return (.step, flow.name, step.name) }
            if let exit = flow.exits.first(where: { isOnLine($0.range) }) { return (.exit, flow.name, exit.name) }
            if let found = side.ownGuards(flow).first(where: { isOnLine($0.range) }) { return (.guardDeclaration, flow.name, found.name) }
            if let alert = side.ownAlerts(flow).first(where: { isOnLine($0.range) }) { return (.alert, flow.name, alert.name) }
            let clauses = side.ownSteps(flow).flatMap(\.clauses) + flow.clauses
            if let clause = clauses.first(where: { !$0.isExitHandler && $0.link == nil && isOnLine($0.range) }) {
                return (.event, flow.name, clause.event)
            }
        }
        return nil
    }

    func oldContainer(_ new: String) -> String { containers[new] ?? new }
    /// A step's old name (or an alert's: they share the steps' names and the diagrams' ids).
    func oldStep(_ new: String, in container: String) -> String { steps[container]?[new] ?? alerts[container]?[new] ?? new }

    /// The old id (`Flow.Step`) of a new step id (or `Flow.Alert`, `Flow.$exit.name`).
    func oldStepID(_ id: String) -> String {
        guard let dot = id.firstIndex(of: ".") else { return id }
        let container = String(id[..<dot]), step = String(id[id.index(after: dot)...])
        if step.hasPrefix("$exit.") { return oldContainer(container) + ".$exit." + old(.exit, String(step.dropFirst(6)), in: container) }
        return oldContainer(container) + "." + oldStep(step, in: container)
    }

    /// The old name of a member of a new container.
    func old(_ kind: Kind, _ name: String, in container: String) -> String {
        switch kind {
        case .container: oldContainer(name)
        case .step: steps[container]?[name] ?? name
        case .event: events[container]?[name] ?? name
        case .exit: exits[container]?[name] ?? name
        case .guardDeclaration: guards[container]?[name] ?? name
        case .alert: alerts[container]?[name] ?? name
        }
    }
}

extension DiffSide {
    /// Whether the side has a container (member nil) or a member of this kind in a container.
    func has(_ kind: DiffRenames.Kind, _ container: String, member: String?) -> Bool {
        guard let flow = self.container(named: container) else { return false }
        guard let member else { return true }
        switch kind {
        case .container: return true
        case .step: return ownSteps(flow).contains { $0.name == member }
        case .event: return ownEvents(flow).contains { $0.name == member }
        case .exit: return flow.exits.contains { $0.name == member }
        case .guardDeclaration: return ownGuards(flow).contains { $0.name == member }
        case .alert: return ownAlerts(flow).contains { $0.name == member }
        }
    }
}
