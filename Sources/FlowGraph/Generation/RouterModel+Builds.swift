/// Which typed values the engine asks the generated code to build, and from which payloads: every
/// screen or exit a clause's action makes (from its event, or its subflow's exit), every screen on
/// a deep link's path (from the link's values), every subflow's and root's first screens (from the
/// inputs of the step that runs it, or of the root). And which guards with arguments it asks with
/// which payloads: those of every clause's conditions (from its event or exit), and those a deep
/// link asks on its path (from the link's values). And which values it hands the steps that
/// receive: from the payload of every back move that the checker found can show such a step again
/// and hand it a value (`ProgramAnalysis.resultLandings`).
struct BuildCollector {
    typealias Build = RouterModel.Build
    private(set) var steps: [[Build]]
    private(set) var exits: [[Build]]
    /// For each flow, how its guards with arguments are asked (a build's target is a guard's index).
    private(set) var guards: [[Build]]
    /// For each flow, how the values its receiving steps are handed are built (a build's target is a step's index).
    private(set) var received: [[Build]]
    /// For each flow, how its alerts are built from the payloads of the clauses that show them.
    private(set) var alerts: [[Build]]
    /// For each flow, how the URLs its `open` actions hand the system are read from their payloads
    /// (a build's target is the value's index in `Flow.openedValues`).
    private(set) var opened: [[Build]]
    private var seen: [Set<Build>]
    private var seenExits: [Set<Build>]
    private var seenGuards: [Set<Build>]
    private let program: FlowProgram

    init(program: FlowProgram, analysis: ProgramAnalysis, caseNames: [String], groupCases: [String], linkCases: [[String]],
         rootCases: [String]) {
        self.program = program
        steps = Array(repeating: [], count: program.flows.count)
        exits = steps
        guards = steps
        received = steps
        alerts = steps
        opened = steps
        seen = Array(repeating: [], count: program.flows.count)
        seenExits = seen
        seenGuards = seen
        for (flowIndex, flow) in program.flows.enumerated() {
            let events = Dictionary(flow.events.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            func eventSources(_ name: String) -> [Source] {
                events[name].map { Self.eventSources(flow.events[$0], flowCase: caseNames[flowIndex], groupCases: groupCases) } ?? []
            }
            for step in flow.steps {
                for clause in step.clauses {
                    let sources: [Source]
                    if let runs = step.runs {
                        let subflow = program.flows[runs]
                        sources = subflow.exits.first { $0.name == clause.event }.map {
                            [Source(kind: .exit, flowCase: caseNames[runs], parameters: $0.inputs, caseName: SwiftNames.caseIdentifier($0.name))]
                        } ?? []
                    } else {
                        sources = eventSources(clause.event)
                    }
                    for source in sources { add(clause, in: flowIndex, from: source) }
                }
            }
            for clause in flow.clauses {
                for source in eventSources(clause.event) { add(clause, in: flowIndex, from: source) }
            }
            // An alert's buttons are events of the flow, whose clauses run where the alert was shown.
            for alert in flow.alerts {
                for clause in alert.buttons.compactMap(\.clause) {
                    for source in eventSources(clause.event) { add(clause, in: flowIndex, from: source) }
                }
            }
            // `at`: each screen on the path inside the subflow, and each guard it asks, from the clause's payload.
            func addAtPaths(_ clauses: [Clause], step: Int?) {
                for (index, clause) in clauses.enumerated() {
                    let sources = atSources(clause, step: step)
                    var branch = 0
                    clause.forEachAction { action in
                        defer { branch += 1 }
                        let reference = ClauseReference(flow: FlowIndex(flowIndex), step: step, index: ClauseIndex(index), branch: branch)
                        guard action.at != nil, let path = analysis.atPaths[reference] else { return }
                        for source in sources { addPath(path, from: source) }
                    }
                }
            }
            /// The payloads a clause's moves are built from: its event's (as each type that declares
            /// it spells it), or its subflow's exit's.
            func atSources(_ clause: Clause, step: Int?) -> [Source] {
                guard let step, let runs = flow.steps[step].runs else { return eventSources(clause.event) }
                return program.flows[runs].exits.first { $0.name == clause.event }.map {
                    [Source(kind: .exit, flowCase: caseNames[runs], parameters: $0.inputs, caseName: SwiftNames.caseIdentifier($0.name))]
                } ?? []
            }
            for (index, step) in flow.steps.enumerated() where step.clauses.contains(where: { $0.actions.contains { $0.at != nil } }) {
                addAtPaths(step.clauses, step: index)
            }
            if flow.clauses.contains(where: { $0.actions.contains { $0.at != nil } }) { addAtPaths(flow.clauses, step: nil) }
            // An alert's button with `at`: its path, from the button's payload.
            for (alertIndex, alert) in flow.alerts.enumerated() {
                for (buttonIndex, button) in alert.buttons.enumerated() {
                    guard let clause = button.clause, clause.actions.contains(where: { $0.at != nil }) else { continue }
                    let id = ClauseID(alert: alertIndex, button: buttonIndex, shownByFlowLevel: false)
                    for branch in clause.actions.indices {
                        guard let path = analysis.atPaths[ClauseReference(flow: FlowIndex(flowIndex), clause: id, branch: branch)] else { continue }
                        for source in eventSources(clause.event) { addPath(path, from: source) }
                    }
                }
            }
            // Deep links: the target from the link's values, and each screen on the path.
            var linkNumber = 0
            for (linkIndex, link) in flow.links.enumerated() {
                guard link.target != nil else { continue }
                let values = flow.values(of: link)
                let source = Source(kind: .link, flowCase: caseNames[flowIndex], parameters: values,
                                    caseName: SwiftNames.identifier(linkCases[flowIndex][linkNumber]))
                linkNumber += 1
                for branch in link.branches { if let target = branch.target { addStep(target, in: flowIndex, from: source) } }
                for condition in link.conditions { addGuard(condition, in: flowIndex, from: source) }
                let path = analysis.linkPaths.indices.contains(flowIndex) && analysis.linkPaths[flowIndex].indices.contains(linkIndex)
                    ? analysis.linkPaths[flowIndex][linkIndex] : nil
                if let path { addPath(path, from: source) }
                let reference = LinkReference(flow: FlowIndex(flowIndex), link: linkIndex)
                // The paths from the other first screens of a start decided by guards, which the table holds too.
                for path in analysis.otherStartLinkPaths[reference] ?? [] { addPath(path, from: source) }
                for path in (analysis.otherwiseLinkPaths[reference] ?? []).joined() { addPath(path, from: source) }
                // A move's `at` (`-> sheet Project at Comments`): its path, from the link's values too.
                if let clause = flow.clauseIndex(ofLink: linkIndex) {
                    for branch in 0 ..< flow.clauses[clause].actions.count {
                        let at = ClauseReference(flow: FlowIndex(flowIndex), step: nil, index: ClauseIndex(clause), branch: branch)
                        if let path = analysis.atPaths[at] { addPath(path, from: source) }
                    }
                }
            }
            // A subflow's first screens, from the inputs of each step that runs it.
            for step in flow.steps {
                guard let runs = step.runs else { continue }
                let source = Source(kind: .screen, flowCase: caseNames[flowIndex], parameters: step.inputs,
                                    caseName: SwiftNames.caseIdentifier(step.name),
                                    wrapper: step.shared.map { groupCases[$0.group] })
                for first in program.flows[runs].enteredSteps + Self.launchSteps(program.flows[runs]) { addStep(first, in: Int(runs), from: source) }
            }
        }
        var seenReceived = seen
        for landing in analysis.resultLandings {
            let clause = landing.clause
            let flow = program.flows[clause.flow]
            let owner = clause.step.map { flow.steps[$0] }
            let transition = clause.clause(in: program)
            let sources: [Source]
            if let runs = owner?.runs {
                sources = program.flows[runs].exits.first { $0.name == transition.event }.map {
                    [Source(kind: .exit, flowCase: caseNames[runs], parameters: $0.inputs, caseName: SwiftNames.caseIdentifier($0.name))]
                } ?? []
            } else {
                // A group's event is spelt by the group's `Event` (and by the flow's, when it has one too).
                sources = flow.events.first { $0.name == transition.event }.map {
                    Self.eventSources($0, flowCase: caseNames[clause.flow], groupCases: groupCases)
                } ?? []
            }
            let payload = program.payload(of: transition, in: owner)
            for source in sources {
                for step in landing.steps where flow.steps[step].delivery(of: payload) == .delivers {
                    guard let build = Self.build(step, inputs: flow.steps[step].receives, from: source),
                          seenReceived[clause.flow].insert(build).inserted else { continue }
                    received[clause.flow].append(build)
                }
            }
        }
        for (number, root) in program.roots.enumerated() {
            let flow = program.flows[root]
            let source = Source(kind: nil, flowCase: "", parameters: RouterModel.rootInputs(flow), caseName: rootCases[number])
            for first in flow.enteredSteps + Self.launchSteps(flow) { addStep(first, in: Int(root), from: source) }
        }
        for index in steps.indices {
            steps[index].sort { $0.target < $1.target }
            exits[index].sort { $0.target < $1.target }
            guards[index].sort { $0.target < $1.target }
            received[index].sort { $0.target < $1.target }
            alerts[index].sort { $0.target < $1.target }
            opened[index].sort { $0.target < $1.target }
        }
    }

    /// The event as each type that declares it spells it: the flow's own `Event`, and the `Event`
    /// of each used group whose clauses handle it.
    private static func eventSources(_ event: Event, flowCase: String, groupCases: [String]) -> [Source] {
        let owners = (event.isOwn ? [flowCase] : []) + event.groups.map { groupCases[$0] }
        return owners.map { Source(kind: .event, flowCase: $0, parameters: event.payload, caseName: SwiftNames.caseIdentifier(event.name)) }
    }

    /// A payload: an event, a subflow's exit, a link or a runner step of a flow, or a root (no kind).
    private struct Source {
        let kind: RouterModel.SourceKind?
        let flowCase: String
        let parameters: [Parameter]
        let caseName: String
        /// The group case around a shared screen's case (a `.screen` source only).
        var wrapper: String? = nil
    }

    /// Each screen a path's moves show, and each guard they ask, from the values that follow the
    /// path (a link's, or the payload of a clause whose move has `at`).
    private mutating func addPath(_ path: NavigationPath, from source: Source) {
        for hop in path.hops.dropFirst() {
            guard let clause = hop.clause else { continue }
            add(clause.clause(in: program).actions[clause.branch], in: Int(clause.flow), from: source)
            for condition in clause.conditionsAskedByLink(in: program) { addGuard(condition, in: Int(clause.flow), from: source) }
        }
    }

    /// Every action of a clause, and every guard its chain asks, from the clause's payload.
    private mutating func add(_ clause: Clause, in flow: Int, from source: Source) {
        clause.forEachAction { add($0, in: flow, from: source) }
        clause.forEachCondition { addGuard($0, in: flow, from: source) }
    }

    private mutating func addGuard(_ condition: Condition, in flow: Int, from source: Source) {
        guard let index = condition.guardIndex else { return }
        let parameters = program.flows[flow].guards[index].parameters
        guard !parameters.isEmpty, let build = Self.build(index, inputs: parameters, from: source),
              seenGuards[flow].insert(build).inserted else { return }
        guards[flow].append(build)
    }

    private mutating func add(_ action: Action, in flow: Int, from source: Source) {
        if action.kind.targetRole == .payloadValue, let name = action.targetName,
           let index = program.flows[flow].openedValues.firstIndex(of: name),
           let value = source.parameters.first(where: { $0.name == name }),
           let build = Self.build(index, inputs: [value], from: source), !opened[flow].contains(build) {
            opened[flow].append(build)
        }
        guard let target = action.target else { return }
        switch action.kind.targetRole {
        case .newScreen: addStep(target, in: flow, from: source)
        case .exit: addExit(target, in: flow, from: source)
        case .alert:
            guard let build = Self.build(target, inputs: program.flows[flow].alerts[target].inputs, from: source),
                  !alerts[flow].contains(build) else { return }
            alerts[flow].append(build)
        case .shownStep, .none, .payloadValue: break
        }
    }

    /// The step a flow shows at launch (`start Home, cover Onboarding if g`) and the steps its tab
    /// bar's items present (`step Post as sheet`), built from what builds its first screens.
    private static func launchSteps(_ flow: Flow) -> [Int] {
        guard !flow.isTabs, let step = flow.launch?.step else { return flow.tabItems }
        return [step]
    }

    private mutating func addStep(_ target: Int, in flow: Int, from source: Source) {
        guard let build = Self.build(target, inputs: program.flows[flow].steps[target].inputs, from: source),
              seen[flow].insert(build).inserted else { return }
        steps[flow].append(build)
    }

    private mutating func addExit(_ target: Int, in flow: Int, from source: Source) {
        guard let build = Self.build(target, inputs: program.flows[flow].exits[target].inputs, from: source),
              seenExits[flow].insert(build).inserted else { return }
        exits[flow].append(build)
    }

    /// The target's inputs (or a guard's arguments) taken by name from the source; nil when a
    /// required one is missing (the checker reports such a program, so the engine never asks for it).
    private static func build(_ target: Int, inputs: [Parameter], from source: Source) -> Build? {
        guard !inputs.isEmpty else { return Build(target: target, source: .any, arguments: [], signature: []) }
        let wanted = Set(inputs.map(\.name))
        var variables: [String: String] = [:]
        var signature: [String] = []
        let bindings = source.parameters.enumerated().map { index, parameter -> String? in
            guard wanted.contains(parameter.name), variables[parameter.name] == nil else { return nil }
            let variable = SwiftNames.isPlainIdentifier(parameter.name) ? parameter.name : "value\(index)"
            variables[parameter.name] = variable
            signature.append("\(variable): \(parameter.type)")
            return variable
        }
        var arguments: [RouterModel.Argument] = []
        for input in inputs {
            let variable = variables[input.name]
            if variable == nil, !input.isOptional { return nil }
            arguments.append(.init(label: SwiftNames.argumentLabel(input.name), variable: variable))
        }
        let pattern: RouterModel.SourcePattern = if let kind = source.kind {
            .payload(kind, flowCase: source.flowCase, caseName: source.caseName, bindings: bindings, wrapper: source.wrapper)
        } else {
            .root(caseName: source.caseName, bindings: bindings)
        }
        return Build(target: target, source: pattern, arguments: arguments, signature: signature.sorted())
    }
}
