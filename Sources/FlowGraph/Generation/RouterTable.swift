#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// The program as data for the engine of `FlowGraphRuntime`: flows, steps with their clauses and a
/// shortest path to each, guards, events, exits, links with the paths `open` follows. Built as the
/// runtime's own `ProgramTable` value, and written by the runtime's writer in the text its reader
/// reads (`ProgramTable.text`; the grammar is on `ProgramTable.init(parsing:)`): one definition,
/// one version (`ProgramTable.textVersion`).
struct RouterTable {
    let table: ProgramTable

    /// The table's text, a record a line.
    var lines: [String] { table.lines }

    init(_ program: FlowProgram, analysis: ProgramAnalysis) {
        // The user's shortest way to each step, through the steps the checker calls reachable only,
        // and those an `at` path goes through without showing them (which have no way of their own).
        let reachable = program.flows.indices.map { flow in
            program.flows[flow].steps.indices.map { analysis.isFlowReachable[flow] && analysis.isStepReachable[flow][$0] }
        }
        var passable = reachable
        for step in analysis.passedOver where analysis.isFlowReachable[step.flow] { passable[step.flow][step.step] = true }
        let search = CompositeGraph(program: program).search(everyMove: true, userMoves: true, given: nil, within: passable)
        let roots = Set(program.roots)
        var global = 0
        var offsets: [Int] = []
        for flow in program.flows {
            offsets.append(global)
            global += flow.steps.count
        }
        /// The path of each branch's `at`, if it has one.
        func atPaths(_ flow: Int, _ step: Int?, _ index: Int) -> (Int) -> [ProgramTable.Hop] {
            { branch in
                analysis.atPaths[ClauseReference(flow: FlowIndex(flow), step: step, index: ClauseIndex(index), branch: branch)]
                    .map { Self.hops($0, first: ProgramTable.Hop.enter) } ?? []
            }
        }
        var flows: [ProgramTable.FlowInfo] = []
        for (flowIndex, flow) in program.flows.enumerated() {
            let events = Self.indices(flow.events.map(\.name))
            let opened = flow.openedValues
            var info = ProgramTable.FlowInfo(
                name: flow.name, isTabs: flow.isTabs, start: flow.start ?? 0, isRoot: roots.contains(FlowIndex(flowIndex)),
                guards: flow.guards.map { ProgramTable.GuardInfo(name: $0.name, isAsync: $0.isAsync) },
                events: flow.events.map(\.name), exits: flow.exits.map(\.name))
            info.isSplit = flow.isSplit
            if flow.startChoices.count > 1 {
                info.startChoices = flow.startChoices.map { choice in
                    ProgramTable.StartChoice(step: choice.step ?? 0, condition: choice.condition.map(Self.condition))
                }
            }
            if let launch = flow.launch, let step = launch.step {
                info.launch = ProgramTable.Launch(kind: Self.kind(launch.kind), step: step, condition: launch.condition.map(Self.condition))
            }
            for (stepIndex, step) in flow.steps.enumerated() {
                let parent = search.parent[offsets[flowIndex] + stepIndex]
                let triggers = step.runs.map { Self.indices(program.flows[$0].exits.map(\.name)) } ?? events
                info.steps.append(ProgramTable.StepInfo(
                    name: step.name, inputs: step.inputs.map { "\($0.name): \($0.type)" }, receives: step.receives.map { "\($0.name): \($0.type)" },
                    runs: step.runs.map(Int.init),
                    path: !reachable[flowIndex][stepIndex] ? .none : parent == -1 ? .start : parent < 0 ? .none : .after(Int(parent)),
                    clauses: step.clauses.enumerated().map { index, clause in
                        Self.clause(clause, triggers: triggers, opened: opened, paths: atPaths(flowIndex, stepIndex, index))
                    }, keepsLinks: step.keepsLinks))
                info.steps[info.steps.count - 1].lock = step.lock.map(Self.lock)
                info.steps[info.steps.count - 1].condition = step.condition.map(Self.condition)
                info.steps[info.steps.count - 1].tabItem = step.tabItem.map(Self.kind)
                if flow.isSplit { info.steps[info.steps.count - 1].column = step.column?.index ?? 0 }
                if let detents = step.detents {
                    info.steps[info.steps.count - 1].detents = detents.detents.map { detent in
                        switch detent {
                        case .medium: .medium
                        case .large: .large
                        case .height(let points): .height(points)
                        }
                    }
                    info.steps[info.steps.count - 1].isInteractiveBelowDetents = detents.isInteractive
                }
            }
            info.clauses = flow.eventClauses.enumerated().map { index, clause in
                Self.clause(clause, triggers: events, opened: opened, paths: atPaths(flowIndex, nil, index))
            }
            // A button's `at` has one path, whichever clause showed its alert.
            info.alerts = flow.alerts.enumerated().map { alertIndex, alert in
                ProgramTable.AlertInfo(
                    name: alert.name, isDialog: alert.style == .dialog, inputs: alert.inputs.map { "\($0.name): \($0.type)" },
                    buttons: alert.buttons.enumerated().map { buttonIndex, button in
                        button.clause.map { clause in
                            let id = ClauseID(alert: alertIndex, button: buttonIndex, shownByFlowLevel: false)
                            let clause = Self.clause(clause, triggers: events, opened: opened) { branch in
                                analysis.atPaths[ClauseReference(flow: FlowIndex(flowIndex), clause: id, branch: branch)]
                                    .map { Self.hops($0, first: ProgramTable.Hop.enter) } ?? []
                            }
                            return ProgramTable.Button(trigger: clause.trigger, clause: clause)
                        } ?? ProgramTable.Button(trigger: events[button.event] ?? 0, clause: nil)
                    })
            }
            for (linkIndex, link) in flow.links.enumerated() {
                guard let target = link.target else { continue }
                let path = analysis.linkPaths.indices.contains(flowIndex) && analysis.linkPaths[flowIndex].indices.contains(linkIndex)
                    ? analysis.linkPaths[flowIndex][linkIndex] : nil
                let others = analysis.otherStartLinkPaths[LinkReference(flow: FlowIndex(flowIndex), link: linkIndex)] ?? []
                let paths = (path.map { [$0] } ?? []) + others
                var linkInfo = Self.link(link, values: flow.values(of: link), target: flow.steps[target], targetIndex: target,
                                         paths: paths.map { Self.hops($0, first: ProgramTable.Hop.bottom) })
                // A move's `at` path is that of its branch of the link's flow-level clause.
                let movePaths = flow.clauseIndex(ofLink: linkIndex).map { atPaths(flowIndex, nil, $0) }
                func at(_ branch: Int) -> [ProgramTable.Hop] {
                    guard link.branches[branch].at != nil, let movePaths, let clauseBranch = link.clauseBranch(ofTarget: branch) else { return [] }
                    return movePaths(clauseBranch)
                }
                linkInfo.at = at(0)
                linkInfo.back = link.back.map(Self.kind)
                let otherwise = analysis.otherwiseLinkPaths[LinkReference(flow: FlowIndex(flowIndex), link: linkIndex)] ?? []
                linkInfo.otherwise = zip(link.otherwise.indices, otherwise).compactMap { index, paths in
                    let branch = link.otherwise[index]
                    return branch.target.map {
                        ProgramTable.LinkBranch(target: $0, move: branch.move.map(Self.kind),
                                                paths: paths.map { Self.hops($0, first: ProgramTable.Hop.bottom) }, at: at(index + 1),
                                                back: branch.back.map(Self.kind))
                    }
                }
                linkInfo.conditions = link.conditions.map { ProgramTable.Condition(guardIndex: $0.guardIndex ?? 0, isNegated: $0.isNegated) }
                info.links.append(linkInfo)
            }
            flows.append(info)
        }
        table = ProgramTable(flows: flows)
    }

    private static func indices(_ names: [String]) -> [String: Int] {
        Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func condition(_ condition: Condition) -> ProgramTable.Condition {
        ProgramTable.Condition(guardIndex: condition.guardIndex ?? 0, isNegated: condition.isNegated)
    }

    private static func kind(_ kind: ActionKind) -> ProgramTable.ActionKind {
        // The runtime's kinds are the language's, spelled the same (`push X below` as one word).
        switch kind {
        case .pushBelow: .pushBelow
        case .selectBelow: .selectBelow
        default: ProgramTable.ActionKind(rawValue: kind.rawValue)!
        }
    }

    /// A clause: its trigger, the condition of each action of its chain, and the actions, each
    /// with its back move, the path of its `at` and its lock.
    /// `opened`: the flow's `openedValues`, which an `open` action's target indexes.
    /// `locked` or `locked while g` in the table.
    private static func lock(_ written: Lock) -> ProgramTable.Lock {
        written.guardName == nil ? .always : .whileGuard(ProgramTable.Condition(guardIndex: written.guardIndex ?? 0, isNegated: written.isNegated))
    }

    private static func clause(_ clause: Clause, triggers: [String: Int], opened: [String],
                               paths: (Int) -> [ProgramTable.Hop]) -> ProgramTable.Clause {
        var actions: [ProgramTable.Action] = []
        for (index, action) in clause.actions.enumerated() {
            let lock = action.lock.map(Self.lock)
            actions.append(ProgramTable.Action(
                kind: kind(action.kind),
                target: action.kind.targetRole == .payloadValue ? opened.firstIndex(of: action.targetName ?? "") ?? 0
                    : action.kind.hasTarget ? action.target ?? 0 : nil,
                backs: action.before.map { ProgramTable.Back(kind: kind($0.kind), target: $0.kind.hasTarget ? $0.target ?? 0 : nil) },
                at: action.at != nil ? paths(index) : [], lock: lock, compact: action.compact.map(kind)))
        }
        return ProgramTable.Clause(trigger: triggers[clause.event] ?? 0, conditions: clause.conditions.map(condition), actions: actions)
    }

    /// The hops of a path: its first step (a root's first screen, or a subflow's start), then each
    /// clause's move, or a subflow entered.
    private static func hops(_ path: NavigationPath, first: (StepRef) -> ProgramTable.Hop) -> [ProgramTable.Hop] {
        path.hops.enumerated().map { index, hop in
            if index == 0 { return first(hop.step) }
            if let clause = hop.clause {
                return .move(ProgramTable.ClauseRef(flow: Int(clause.flow), step: clause.step, clause: Int(clause.index), branch: clause.branch))
            }
            return .enter(hop.step)
        }
    }

    /// A link: the step it opens, its patterns (each placeholder by the target's input it names),
    /// its move, and its paths.
    /// `values`: the URL's values (`Flow.values(of:)`), which the placeholders index.
    private static func link(_ link: Link, values: [Parameter], target: Step, targetIndex: Int,
                             paths: [[ProgramTable.Hop]]) -> ProgramTable.LinkInfo {
        let inputs = indices(values.map(\.name))
        func part(_ part: LinkPattern.Part) -> ProgramTable.PatternPart {
            switch part {
            case .literal(let text): .literal(text)
            case .placeholder(let name): .placeholder(inputs[name] ?? 0)
            case .affixed(let prefix, let name, let suffix): .affixed(prefix: prefix, input: inputs[name] ?? 0, suffix: suffix)
            case .wildcard: .wildcard
            case .rest(let name): .rest(input: name.map { inputs[$0] ?? 0 })
            }
        }
        let patterns = link.patterns.enumerated().map { index, pattern in
            var table = ProgramTable.LinkPattern(
                text: pattern.text, scheme: pattern.scheme, segments: pattern.segments.map(part),
                query: pattern.query.map { (key: $0.key, value: part($0.value)) }, ignoresCase: pattern.ignoresCase,
                precedence: link.precedence.indices.contains(index) ? link.precedence[index] : 0)
            table.wholeURL = pattern.wholeURL.map { inputs[$0] ?? 0 }
            return table
        }
        var info = ProgramTable.LinkInfo(text: patterns.first?.text ?? "", target: targetIndex, patterns: patterns, paths: paths,
                                         move: link.move.map(kind))
        if values.count != target.inputs.count { info.valueCount = values.count }
        return info
    }
}
