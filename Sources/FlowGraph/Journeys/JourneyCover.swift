#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// Journeys written to cover a program (`flowgraph journeys --cover`): a small set that together
/// take every transition (every `on` clause's action, every alert button, every link) or both
/// answers of every guard, each as short as the program allows, from the app's start.
///
/// Each thing to take is taken where it is nearest the start: the shortest way to a step (the
/// search the router's table uses for its paths, `CompositeGraph`), then its move. The deepest are
/// written first, so that the ways to them take most of the shallow ones on the way. Every line is
/// made on the runtime's navigator over the program's table (`ReplayProgram`), as `check` runs a
/// journey, and what it shows is written as the line's expectation: a journey written holds, and
/// a move the navigator does not make as the search said is named, with what it did, instead.
@MainActor
public enum JourneyCover {
    /// What the journeys are to take.
    public enum Kind: String, CaseIterable, Sendable {
        /// Every action of every `on` clause (each `else` too), every alert button, every link.
        case transitions
        case links, alerts
        /// Both answers of every guard.
        case guards
    }

    public struct Report: Sendable {
        /// The journeys, as `.flow` source a team can keep and edit.
        public var source: String
        public var journeys: Int
        /// Their moves: every line but `given` and `expect`.
        public var moves: Int
        /// How many things there were to take, and how many the journeys take.
        public var targets: Int
        public var covered: Int
        /// What no journey takes, with why.
        public var uncovered: [Uncovered]
    }

    public struct Uncovered: Sendable {
        /// `Shop.Product: addTapped -> sheet Cart`, `link "/products/{product}"`, `guard isSignedIn: no`.
        public var what: String
        public var reason: String
        public var range: SourceRange
    }

    /// Journeys that take every target of `kinds` that can be taken; nil for a program with errors.
    public static func cover(_ compilation: Compiler.Compilation, kinds: Set<Kind>, namePrefix: String = "Cover") -> Report? {
        guard let program = compilation.program, !compilation.hasErrors,
              (try? ReplayProgram.load(program, analysis: compilation.analysis)) != nil else { return nil }
        var planner = CoverPlanner(program: program, analysis: compilation.analysis, kinds: kinds)
        return planner.run(namePrefix: namePrefix, taken: Set(program.journeys.map(\.name)))
    }
}

/// One line a journey is to make, and what must come of it.
struct PlannedLine {
    enum Move {
        case send(String)
        case open(String)
        case select(StepRef, name: String)
        case swipe, back
        /// Nothing: the app started, the line says what it shows.
        case none
    }

    enum Check {
        /// The move is made and `step` shows (on top, or running a subflow that is).
        case lands(StepRef)
        case alert(flow: Int, index: Int)
        /// The move is made.
        case applied
        /// No action of the clause is taken: a guard says no.
        case blocked
        /// Whatever comes of it (a gesture a guard may refuse).
        case any
    }

    var move: Move
    /// The answers the line needs of guards, by name (every other keeps the answer it has).
    var answers: [String: Bool] = [:]
    var check: Check
    /// What it takes when it holds.
    var takes: [CoverTarget] = []
}

@MainActor
struct CoverPlanner {
    let program: FlowProgram
    let kinds: Set<JourneyCover.Kind>
    private let graph: CompositeGraph
    private let within: [[Bool]]
    private let search: CompositeGraph.Search
    /// The ways that start by opening a link (to the steps no way from the start reaches), and the
    /// link that opens each of their first steps.
    private let linkSearch: CompositeGraph.Search
    private let linkSeeds: [StepReference: (flow: FlowIndex, link: Int)]
    /// Searches from the start of a subflow, for the way to one of its exits.
    private var subflowSearches: [FlowIndex: CompositeGraph.Search] = [:]
    private let atPaths: [ClauseReference: NavigationPath]

    init(program: FlowProgram, analysis: ProgramAnalysis, kinds: Set<JourneyCover.Kind>) {
        self.program = program
        atPaths = analysis.atPaths
        self.kinds = kinds
        graph = CompositeGraph(program: program)
        within = analysis.isStepReachable
        search = graph.search(everyMove: true, userMoves: true, given: nil, within: within)
        var seeds: [StepReference: (flow: FlowIndex, link: Int)] = [:]
        for (flowIndex, flow) in program.indexedFlows {
            for (index, link) in flow.links.enumerated() where !link.isBroken && link.move == nil {
                guard let target = link.target else { continue }
                let step = StepReference(flow: flowIndex.raw, step: target)
                if seeds[step] == nil { seeds[step] = (flowIndex, index) }
            }
        }
        linkSeeds = seeds
        linkSearch = graph.search(everyMove: true, userMoves: true, given: nil, from: seeds.keys.map(graph.node).sorted(), within: within)
    }

    // MARK: What there is to take

    /// A place a target is taken: after the way to `step`, the lines `lines` (nil: cannot be planned).
    private struct Site {
        var step: StepReference?
        var depth: Int
        var take: Take

        enum Take {
            /// A clause's action, where the user is (`take`).
            case clause(ClauseReference)
            case lines([PlannedLine])
        }
    }

    /// How many moves from the start each step is (nil: none reaches it), by the search's tree.
    private func depth(of step: StepReference) -> Int? {
        search.edges(to: step).map { $0.count - 1 } ?? linkSearch.edges(to: step).map { $0.count }
    }

    /// The sites of every target: each clause's actions in each step where the clause applies, the
    /// buttons of the alerts they show, the links (from the start), the guards' answers where a
    /// clause asks them.
    private func sites() -> [CoverTarget: Site] {
        var best: [CoverTarget: Site] = [:]
        func offer(_ target: CoverTarget, _ site: Site) {
            if let known = best[target], known.depth <= site.depth { return }
            best[target] = site
        }
        for (flowIndex, flow) in program.indexedFlows {
            for (stepIndex, step) in flow.steps.enumerated() {
                let reference = StepReference(flow: flowIndex, step: stepIndex)
                guard let depth = depth(of: reference) else { continue }
                var applying: [(clause: Clause, step: Int?, index: Int)] = step.clauses.enumerated().map { ($1, stepIndex, $0) }
                flow.forEachFlowLevelClause(in: step, handling: HandledEvents(step.clauses)) { index, clause in
                    if clause.link == nil { applying.append((clause, nil, index)) }
                }
                for (clause, place, index) in applying {
                    // Each action, and for a chain that may take none (no `else` at its end), none.
                    let branches = clause.conditions.count == clause.actions.count ? clause.actions.count + 1 : clause.actions.count
                    for branch in 0 ..< branches {
                        let ref = ClauseReference(flow: flowIndex, step: place, index: ClauseIndex(index), branch: branch)
                        guard let line = clauseLine(ref) else { continue }
                        let isTaken = branch < clause.actions.count
                        if isTaken { offer(.clause(ref), Site(step: reference, depth: depth + 1, take: .clause(ref))) }
                        if kinds.contains(.guards) {
                            for (condition, mustHold) in asked(ref) {
                                guard let guardIndex = condition.guardIndex else { continue }
                                offer(.answer(GuardRef(flow: flowIndex.raw, index: guardIndex), holds: mustHold != condition.isNegated),
                                      Site(step: reference, depth: depth + 1, take: .clause(ref)))
                            }
                        }
                        // The buttons of the alert the action shows.
                        guard isTaken, clause.actions[branch].kind.targetRole == .alert, let alert = clause.actions[branch].target,
                              flow.alerts.indices.contains(alert) else { continue }
                        for (button, item) in flow.alerts[alert].buttons.enumerated() {
                            let target = CoverTarget.button(flow: flowIndex, alert: alert, button: button)
                            var buttonLine = PlannedLine(move: .send(item.event), check: .applied, takes: [target])
                            if item.clause != nil {
                                let id = ClauseID(alert: alert, button: button, shownByFlowLevel: place == nil)
                                let ref = ClauseReference(flow: flowIndex, clause: id, branch: 0)
                                guard let own = clauseLine(ref) else { continue }
                                buttonLine = own
                                buttonLine.takes.append(target)
                            }
                            offer(target, Site(step: reference, depth: depth + 2, take: .lines([line, buttonLine])))
                        }
                    }
                }
            }
            for (linkIndex, link) in flow.links.enumerated() where link.target != nil && !link.isBroken {
                guard let url = sampleURL(link, in: flow) else { continue }
                offer(.link(flow: flowIndex, link: linkIndex),
                      Site(step: nil, depth: 1,
                           take: .lines([PlannedLine(move: .open(url), check: .applied, takes: [.link(flow: flowIndex, link: linkIndex)])])))
            }
            // A sheet `locked while g`: the guard is asked when the user swipes it down, in each way to it.
            for (stepIndex, step) in flow.steps.enumerated() where kinds.contains(.guards) {
                guard let lock = step.lock, let name = lock.guardName, let guardIndex = lock.guardIndex,
                      let depth = depth(of: StepReference(flow: flowIndex.raw, step: stepIndex)) else { continue }
                for holds in [true, false] {
                    offer(.answer(GuardRef(flow: flowIndex.raw, index: guardIndex), holds: holds),
                          Site(step: StepReference(flow: flowIndex.raw, step: stepIndex), depth: depth + 1,
                               take: .lines([PlannedLine(move: .swipe, answers: [name: holds], check: .any)])))
                }
            }
            // The guards a root asks as the app starts (its start's choice, what it shows at
            // launch, its tabs): a journey that only starts, under each answer.
            guard kinds.contains(.guards), program.roots.contains(flowIndex) else { continue }
            let conditions = flow.startChoices.compactMap(\.condition) + [flow.launch?.condition].compactMap { $0 }
                + flow.steps.compactMap(\.condition)
            for condition in conditions {
                guard let guardIndex = condition.guardIndex else { continue }
                for holds in [true, false] {
                    offer(.answer(GuardRef(flow: flowIndex.raw, index: guardIndex), holds: holds),
                          Site(step: nil, depth: 0, take: .lines([PlannedLine(move: .none, answers: [condition.guardName: holds],
                                                                              check: .applied)])))
                }
            }
        }
        return best
    }

    /// The conditions the navigator asks to take the action `ref.branch` of a clause (every
    /// condition of the earlier clauses of its place for its event, then its chain's), with the
    /// answer each must give: the runtime's own rule (`ProgramTable.conditionsAsked`).
    private func asked(_ ref: ClauseReference) -> [(condition: Condition, mustHold: Bool)] {
        let flow = program.flows[ref.flow]
        let clause = ref.clause(in: program)
        var earlier: [[Condition]] = []
        if ref.clause.alert == nil {
            let place = ref.step.map { flow.steps[$0].clauses } ?? flow.clauses
            earlier = place[..<ref.index.raw].filter { $0.event == clause.event }.map(\.conditions)
        }
        return ProgramTable.conditionsAsked(earlier: earlier, chain: clause.conditions, branch: ref.branch)
    }

    /// The line that takes action `ref.branch` of a clause where it applies (a branch past the
    /// last: none of them); nil when its guards cannot answer so (one guard asked both ways).
    private func clauseLine(_ ref: ClauseReference) -> PlannedLine? {
        let clause = ref.clause(in: program)
        var answers: [String: Bool] = [:]
        var holds: [String: Bool] = [:]
        for (condition, mustHold) in asked(ref) {
            let answer = mustHold != condition.isNegated
            if let earlier = holds[condition.guardName], earlier != answer { return nil }
            holds[condition.guardName] = answer
            answers[condition.guardName] = answer
        }
        guard clause.actions.indices.contains(ref.branch) else {
            return PlannedLine(move: .send(clause.event), answers: answers, check: .blocked)
        }
        let action = clause.actions[ref.branch]
        let check: PlannedLine.Check
        switch action.kind.targetRole {
        case .newScreen:
            check = action.target.map { .lands(StepRef(flow: ref.flow.raw, step: $0)) } ?? .applied
        case .alert:
            check = action.target.map { .alert(flow: ref.flow.raw, index: $0) } ?? .applied
        case .shownStep, .exit, .payloadValue, .none:
            check = .applied
        }
        return PlannedLine(move: .send(clause.event), answers: answers, check: check, takes: [.clause(ref)])
    }

    /// A URL the link opens, each placeholder a sample of its input's type.
    private func sampleURL(_ link: Link, in flow: Flow) -> String? {
        guard let pattern = link.patterns.first else { return nil }
        let inputs = flow.values(of: link)
        return pattern.sampleURL { name in
            inputs.firstIndex { $0.name == name }.map { ReplayValues.sample(of: inputs[$0].wrappedType, seed: 7 + $0) } ?? "x"
        }
    }

    // MARK: The way to a step

    /// The lines that bring the app from its start to `step` by the search's way; nil when a move
    /// on it is none a journey makes (a tab item), with why.
    private mutating func way(to step: StepReference, in tree: CompositeGraph.Search, depth: Int = 0) -> Result<[PlannedLine], WayError> {
        guard let hops = tree.edges(to: step) else { return .failure(.unreachable) }
        var lines: [PlannedLine] = []
        // Answers a flow's start needs: on the line that starts it, or the next when none did.
        var pending: [String: Bool] = [:]
        func require(_ answers: [String: Bool]) -> Bool {
            for (name, answer) in answers {
                if lines.isEmpty {
                    if let other = pending[name], other != answer { return false }
                    pending[name] = answer
                } else {
                    if let other = lines[lines.count - 1].answers[name], other != answer { return false }
                    lines[lines.count - 1].answers[name] = answer
                }
            }
            return true
        }
        func append(_ new: [PlannedLine]) -> Bool {
            var new = new
            if !pending.isEmpty, !new.isEmpty {
                for (name, answer) in pending {
                    if let other = new[0].answers[name], other != answer { return false }
                    new[0].answers[name] = answer
                }
                pending = [:]
            }
            lines += new
            return true
        }
        // After a move with `at` (`sheet Filter at Address`), the hops it made itself, up to its step;
        // or, when the way goes on by the subflow's exit, where the subflow's way starts.
        var skipTo: StepReference?
        var exitStart: StepReference?
        for (position, hop) in hops.enumerated() {
            if let target = skipTo {
                if hop.step == target { skipTo = nil }
                continue
            }
            let flow = program.flows[hop.step.flow]
            let launches = hops.indices.contains(position + 1) && hops[position + 1].edge?.isLaunch == true
            guard let edge = hop.edge else {
                // Where the search started: a link opened (the step no way from the start reaches)...
                if position == 0, let (linkFlow, link) = linkSeeds[hop.step], search.edges(to: hop.step) == nil {
                    guard let url = sampleURL(program.flows[linkFlow].links[link], in: program.flows[linkFlow]) else { return .failure(.noAnswers) }
                    _ = append([PlannedLine(move: .open(url), check: .lands(hop.step), takes: [.link(flow: linkFlow, link: link)])])
                    continue
                }
                // ...or the root's start, or a tab other than the first, selected: first, what the
                // first tab's flows show at launch is closed (it covers the tab bar).
                guard require(entryAnswers(flow, at: hop.step.step, launches: launches)) else { return .failure(.noAnswers) }
                if flow.isTabs, hop.step.step != flow.start {
                    var running = flow.start.flatMap { flow.steps[$0].runs }
                    var seen = Set<FlowIndex>()
                    while let subflow = running, seen.insert(subflow).inserted {
                        let started = program.flows[subflow]
                        if let condition = started.launch?.condition {
                            guard require([condition.guardName: condition.isNegated]) else { return .failure(.noAnswers) }
                        } else {
                            guard append(closeLaunch(subflow, launches: false)) else { return .failure(.noAnswers) }
                        }
                        running = started.start.flatMap { started.steps[$0].runs }
                    }
                    guard append([selectLine(hop.step)]) else { return .failure(.noAnswers) }
                }
                guard append(closeLaunch(FlowIndex(hop.step.flow), launches: launches)) else { return .failure(.noAnswers) }
                continue
            }
            guard let clause = edge.clause else {
                if edge.isTabItem { return .failure(.tabItem(hop.step)) }
                if edge.isLaunch { continue }
                // `runs`: the subflow starts where its start's choice says; a tab other than its first is selected.
                guard require(entryAnswers(flow, at: hop.step.step, launches: launches)) else { return .failure(.noAnswers) }
                if flow.isTabs, hop.step.step != flow.start, !append([selectLine(hop.step)]) { return .failure(.noAnswers) }
                guard append(closeLaunch(FlowIndex(hop.step.flow), launches: launches)) else { return .failure(.noAnswers) }
                continue
            }
            let startsAt = exitStart
            exitStart = nil
            switch take(clause, at: hops[position - 1].step, depth: depth, subflowAt: startsAt) {
            case .success(let taken):
                guard append(taken) else { return .failure(.noAnswers) }
                if let at = clause.clause(in: program).actions[safe: clause.branch]?.at?.last, let atFlow = at.flow, let atStep = at.step {
                    let landed = StepReference(flow: atFlow.raw, step: atStep)
                    // The way goes on from the step the move opened, or from the subflow's first
                    // screen, back along the path the move pushed; else it assumed another stack.
                    if hops[(position + 1)...].contains(where: { $0.step == landed }) {
                        skipTo = landed
                    } else if hops.indices.contains(position + 1), let next = hops[position + 1].edge?.clause, next.flow.raw == hop.step.flow,
                              next.step == hop.step.step, next.clause(in: program).isExitHandler {
                        // The subflow's exit, taken from where the move opened it.
                        exitStart = landed
                    } else if hops.last?.step != hop.step {
                        let pushed = atPaths[clause]?.hops.filter { $0.step.flow == atFlow.raw }.count ?? 0
                        guard hops.indices.contains(position + 1), hops[position + 1].step.flow == atFlow.raw, pushed > 0,
                              hops[position + 1].step.step == program.flows[atFlow].start else { return .failure(.atMove) }
                        guard append(Array(repeating: PlannedLine(move: .back, check: .applied), count: pushed - 1)) else {
                            return .failure(.noAnswers)
                        }
                    }
                }
            case .failure(let error):
                return .failure(error)
            }
        }
        guard append([]), pending.isEmpty || lines.isEmpty else { return .failure(.noAnswers) }
        if !pending.isEmpty { lines = [PlannedLine(move: .none, answers: pending, check: .applied)] }
        return .success(lines)
    }

    /// The answers that start `flow` at `step` (its start's choice: the conditions of the choices
    /// before it fail, its own holds) and show what it shows at launch only when the way goes
    /// there (`launches`).
    private func entryAnswers(_ flow: Flow, at step: Int, launches: Bool) -> [String: Bool] {
        var answers: [String: Bool] = [:]
        if !flow.isTabs, flow.startChoices.count > 1, let chosen = flow.startChoices.firstIndex(where: { $0.step == step }) {
            for (index, choice) in flow.startChoices[...chosen].enumerated() {
                guard let condition = choice.condition else { continue }
                answers[condition.guardName] = (index == chosen) != condition.isNegated
            }
        }
        if let condition = flow.launch?.condition { answers[condition.guardName] = launches != condition.isNegated }
        return answers
    }

    /// The lines that close what a flow shows at launch whatever the guards say (`start Home, cover
    /// WhatsNew`) when the way goes on under it: a clause of its step that dismisses it, or a swipe.
    private func closeLaunch(_ flowIndex: FlowIndex, launches: Bool) -> [PlannedLine] {
        let flow = program.flows[flowIndex]
        guard !launches, let launch = flow.launch, launch.condition == nil, let step = launch.step else { return [] }
        for (index, clause) in flow.steps[step].clauses.enumerated() {
            for (branch, action) in clause.actions.enumerated() where action.kind == .dismiss || action.kind == .close {
                if let line = clauseLine(ClauseReference(flow: flowIndex, step: step, index: ClauseIndex(index), branch: branch)) { return [line] }
            }
        }
        return launch.kind == .cover ? [] : [PlannedLine(move: .swipe, check: .applied)]
    }

    /// The lines that take a clause's action where the user is (`previous`): its event; for an
    /// alert's button, the clause that shows the alert, then the button; for a link's move, the
    /// link opened; for a subflow's exit, the way in the subflow to a clause that takes the exit.
    private mutating func take(_ clause: ClauseReference, at previous: StepReference, depth: Int,
                               subflowAt: StepReference? = nil) -> Result<[PlannedLine], WayError> {
        let flow = program.flows[clause.flow]
        if let alert = clause.clause.alert {
            guard let shows = showing(alert, flow: clause.flow, at: previous), let showLine = clauseLine(shows),
                  var buttonLine = clauseLine(clause) else { return .failure(.noAnswers) }
            buttonLine.takes.append(.button(flow: clause.flow, alert: alert, button: clause.index.raw))
            return .success([showLine, buttonLine])
        }
        let written = clause.clause(in: program)
        if let link = written.link {
            guard let url = sampleURL(flow.links[link], in: flow) else { return .failure(.noAnswers) }
            return .success([PlannedLine(move: .open(url), check: .applied, takes: [.link(flow: clause.flow, link: link), .clause(clause)])])
        }
        guard written.isExitHandler, let step = clause.step, let subflow = flow.steps[step].runs else {
            return clauseLine(clause).map { .success([$0]) } ?? .failure(.noAnswers)
        }
        guard depth < 6 else { return .failure(.exitTooDeep) }
        var lines: [PlannedLine]
        switch exitWay(subflow, exit: written.event, depth: depth + 1, from: subflowAt) {
        case .success(let exitLines): lines = exitLines
        case .failure(let error): return .failure(error)
        }
        // The handler's move is made as the subflow exits: the exit's line takes it, its guards answering there too.
        guard var last = lines.popLast(), let handler = clauseLine(clause) else { return .failure(.noAnswers) }
        last.takes += handler.takes
        last.check = handler.check
        for (name, answer) in handler.answers {
            if let other = last.answers[name], other != answer { return .failure(.noAnswers) }
            last.answers[name] = answer
        }
        return .success(lines + [last])
    }

    /// The lines of the shortest way from the app's start to `step` (or from a link, when none from the start reaches it).
    mutating func way(to step: StepReference) -> Result<[PlannedLine], WayError> {
        way(to: step, in: search.edges(to: step) == nil ? linkSearch : search)
    }

    enum WayError: Error {
        case unreachable, tabItem(StepReference), noAnswers, exitTooDeep, noExit(String), atMove
        /// The navigator did not follow the way found (what it did instead).
        case notFollowed(String)
    }

    private func selectLine(_ step: StepReference) -> PlannedLine {
        PlannedLine(move: .select(step, name: JourneyWriter.stepName(step)), check: .applied)
    }

    /// The clause of `step` (or of its flow) that shows alert `alert` by its first action that does.
    private func showing(_ alert: Int, flow flowIndex: FlowIndex, at step: StepReference) -> ClauseReference? {
        let flow = program.flows[flowIndex]
        func find(_ clauses: [Clause], place: Int?) -> ClauseReference? {
            for (index, clause) in clauses.enumerated() {
                for (branch, action) in clause.actions.enumerated() where action.kind.targetRole == .alert && action.target == alert {
                    return ClauseReference(flow: flowIndex, step: place, index: ClauseIndex(index), branch: branch)
                }
            }
            return nil
        }
        guard step.flow == flowIndex.raw else { return find(flow.clauses, place: nil) }
        return find(flow.steps[step.step].clauses, place: step.step) ?? find(flow.clauses, place: nil)
    }

    /// The way, from a subflow's start, to a clause that takes its exit `exit`, and that clause's line.
    private mutating func exitWay(_ subflow: FlowIndex, exit name: String, depth: Int,
                                  from start: StepReference? = nil) -> Result<[PlannedLine], WayError> {
        let flow = program.flows[subflow]
        guard let exit = flow.exits.firstIndex(where: { $0.name == name }) else { return .failure(.noExit(name)) }
        let tree: CompositeGraph.Search
        if let start {
            // From the step a move's `at` opened (not cached: one per such move).
            tree = graph.search(everyMove: true, userMoves: true, given: nil, from: [graph.node(start)], within: within)
        } else {
            tree = subflowSearches[subflow] ?? graph.search(everyMove: true, userMoves: true, given: nil,
                                                            from: graph.seeds(entering: subflow), within: within)
            subflowSearches[subflow] = tree
        }
        var best: (step: StepReference, ref: ClauseReference, depth: Int)?
        for (stepIndex, step) in flow.steps.enumerated() {
            let reference = StepReference(flow: subflow, step: stepIndex)
            guard let hops = tree.edges(to: reference), best.map({ hops.count < $0.depth }) ?? true else { continue }
            var candidates = step.clauses.enumerated().map { (clause: $1, place: Optional(stepIndex), index: $0) }
            flow.forEachFlowLevelClause(in: step, handling: HandledEvents(step.clauses)) { index, clause in
                if clause.link == nil { candidates.append((clause, nil, index)) }
            }
            for (clause, place, index) in candidates {
                let ref = ClauseReference(flow: subflow, step: place, index: ClauseIndex(index), branch: 0)
                if let branch = clause.actions.firstIndex(where: { $0.kind == .exit && $0.target == exit }) {
                    best = (reference, ClauseReference(flow: subflow, clause: ref.clause, branch: branch), hops.count)
                    break
                }
                // A button of an alert the clause shows (`dialog DraftOptions { on deleteDraftTapped -> exit discarded }`).
                for action in clause.actions where action.kind.targetRole == .alert {
                    guard let alert = action.target, flow.alerts.indices.contains(alert) else { continue }
                    for (button, item) in flow.alerts[alert].buttons.enumerated() {
                        guard let branch = item.clause?.actions.firstIndex(where: { $0.kind == .exit && $0.target == exit }) else { continue }
                        let id = ClauseID(alert: alert, button: button, shownByFlowLevel: place == nil)
                        best = (reference, ClauseReference(flow: subflow, clause: id, branch: branch), hops.count + 1)
                    }
                }
            }
        }
        guard let best else { return .failure(.noExit(name)) }
        switch way(to: best.step, in: tree, depth: depth) {
        case .success(let lines):
            switch take(best.ref, at: best.step, depth: depth) {
            case .success(let taken): return .success(lines + taken)
            case .failure(let error): return .failure(error)
            }
        case .failure(let error): return .failure(error)
        }
    }

    // MARK: Writing the journeys

    mutating func run(namePrefix: String, taken: Set<String>) -> JourneyCover.Report {
        let all = CoverTarget.all(in: program, kinds: kinds)
        let sites = sites()
        var covered = Set<CoverTarget>()
        var reasons: [CoverTarget: String] = [:]
        // The deepest first: their ways take the shallow ones.
        let order = all.indices.sorted { first, second in
            let a = sites[all[first].0]?.depth ?? -1, b = sites[all[second].0]?.depth ?? -1
            return a != b ? a > b : first < second
        }
        var journeys: [String] = []
        var moves = 0
        var names = taken
        let wanted = Set(all.map(\.0))
        for index in order {
            let (target, what, _) = all[index]
            guard !covered.contains(target) else { continue }
            guard let site = sites[target] else {
                reasons[target] = CoverMessages.neverReached
                continue
            }
            var lines: [PlannedLine] = []
            if let step = site.step {
                switch way(to: step) {
                case .success(let way): lines = way
                case .failure(let error):
                    reasons[target] = CoverMessages.reason(error, in: program)
                    continue
                }
            }
            switch site.take {
            case .lines(let taken):
                lines += taken
            case .clause(let ref):
                switch site.step.map({ take(ref, at: $0, depth: 0) }) ?? .failure(.unreachable) {
                case .success(let taken): lines += taken
                case .failure(let error):
                    reasons[target] = CoverMessages.reason(error, in: program)
                    continue
                }
            }
            // Answers the start needs, on the first move rather than a line of their own.
            if lines.count > 1, case .none = lines[0].move,
               lines[0].answers.allSatisfy({ name, answer in lines[1].answers[name].map { $0 == answer } ?? true }) {
                lines[1].answers.merge(lines[0].answers) { first, _ in first }
                lines.removeFirst()
            }
            let played = CoverPlayer(root: rootFlow(of: site.step)).play(lines)
            let new = played.taken.filter { wanted.contains($0) && !covered.contains($0) }
            if !played.taken.contains(target) { reasons[target] = played.failure ?? CoverMessages.notTaken }
            guard !new.isEmpty else { continue }
            covered.formUnion(new)
            let name = Self.name(namePrefix, for: what, taken: &names)
            let firsts = all.filter { new.contains($0.0) }.prefix(3).map(\.what)
            let more = new.count > firsts.count ? " (and \(new.count - firsts.count) more)" : ""
            journeys.append((["/// Takes " + firsts.joined(separator: "; ") + more + ".", "journey \(name) {"]
                + played.text.map { "    " + $0 } + ["}"]).joined(separator: "\n"))
            moves += played.moves
        }
        for target in covered { reasons[target] = nil }
        let uncovered = all.filter { !covered.contains($0.0) }.map {
            JourneyCover.Uncovered(what: $0.what, reason: reasons[$0.0] ?? CoverMessages.notTaken, range: $0.range)
        }
        let header = OutputSignature.journeysPrefix + " --cover \(kinds.map(\.rawValue).sorted().joined(separator: ","))`: "
            + "\(journeys.count) journeys take \(covered.count) of \(all.count).\n"
        return JourneyCover.Report(source: header + (journeys.isEmpty ? "" : "\n" + journeys.joined(separator: "\n\n") + "\n"),
                                   journeys: journeys.count, moves: moves, targets: all.count, covered: covered.count,
                                   uncovered: uncovered)
    }

    /// The root a journey to `step` starts at: the root whose flows the way starts in.
    private func rootFlow(of step: StepReference?) -> Int? {
        guard let step, let first = search.edges(to: step)?.first else { return nil }
        return first.step.flow
    }

    /// A journey's name: the prefix and what it is first to take, in letters (`CoverProductAddTapped`), unique.
    private static func name(_ prefix: String, for what: String, taken: inout Set<String>) -> String {
        let words = what.split { !$0.isLetter && !$0.isNumber }.prefix(4).map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let base = prefix + words.joined()
        var name = base
        var number = 2
        while taken.contains(name) {
            name = base + String(number)
            number += 1
        }
        taken.insert(name)
        return name
    }
}
