/// The deep-link search of docs/Language.md ("Deep-link search", "`at` paths") on a harness
/// program: a breadth-first search over the steps of all flows, along the forward moves a link can
/// replay, into steps whose inputs the link (or a clause's payload) gives. The generator adds a link
/// or an `at` only where this finds a path, so that neither is `link-unreachable` or `at-unreachable`.
final class HarnessLinkSearch {
    /// A step of a flow (a group's step once for each flow that uses the group).
    struct Node: Hashable {
        let flow: String
        let step: String
    }

    let program: HProgram
    private var views: [String: FlowView] = [:]
    private var steps: [Node: HStep] = [:]
    /// Each flow's flow-level clauses a link can replay (its own and its groups', not link moves).
    private var flowLevel: [String: [HClause]] = [:]
    private var guards: [String: [String: [HParam]]] = [:]
    /// What a search from the roots reached, by the values it was given (links do not change the
    /// graph: a link's move is no edge of it).
    private var cache: [Set<HParam>: Set<Node>] = [:]

    init(_ program: HProgram) {
        self.program = program
        for flow in program.flows {
            let view = program.view(of: flow)
            views[flow.name] = view
            for step in view.steps where steps[Node(flow: flow.name, step: step.name)] == nil {
                steps[Node(flow: flow.name, step: step.name)] = step
            }
            flowLevel[flow.name] = flow.clauses + view.groups.flatMap(\.clauses)
            var byName: [String: [HParam]] = [:]
            for declaration in flow.guards + view.groups.flatMap(\.guards) where byName[declaration.name] == nil {
                byName[declaration.name] = declaration.params
            }
            guards[flow.name] = byName
        }
    }

    /// Where a flow starts when it runs: every choice of its start, or every tab.
    func entered(_ flowName: String) -> [Node] {
        guard let flow = program.flow(flowName) else { return [] }
        let steps = flow.isTabs ? flow.steps.map(\.name) : flow.startSteps
        return steps.map { Node(flow: flowName, step: $0) }
    }

    /// The nodes reached from the roots' starts (or from `seeds`) with the values `given`.
    func reached(given: Set<HParam>, from seeds: [Node]? = nil) -> Set<Node> {
        if seeds == nil, let known = cache[given] { return known }
        let result = search(given: given, from: seeds)
        if seeds == nil { cache[given] = result }
        return result
    }

    private func search(given: Set<HParam>, from seeds: [Node]?) -> Set<Node> {
        let start = seeds ?? program.roots.flatMap { entered($0.name) }
        var seen = Set(start)
        var queue = start
        while let node = queue.popLast() {
            for next in successors(of: node, given: given) where seen.insert(next).inserted { queue.append(next) }
        }
        return seen
    }

    private func isEnterable(_ node: Node, given: Set<HParam>) -> Bool {
        guard let step = steps[node] else { return false }
        return step.inputs.allSatisfy { $0.isOptional || given.contains($0) }
    }

    private func successors(of node: Node, given: Set<HParam>) -> [Node] {
        guard let view = views[node.flow], let step = steps[node] else { return [] }
        var result: [Node] = []
        if let runs = step.runs {
            result += entered(runs).filter { isEnterable($0, given: given) }
        }
        // A link takes no exit handler, and no move of a link.
        let own = step.runs == nil ? step.clauses : []
        let handled = step.runs == nil ? step.events : []
        let flowLevel = flowLevel[node.flow] ?? []
        for (clauses, place) in [(own, own), (flowLevel.filter { !handled.contains($0.event) }, flowLevel)] {
            for clause in clauses {
                let earlier = place.prefix { $0 !== clause }.filter { $0.event == clause.event }
                for target in replayable(clause, earlier: earlier, in: view, given: given) {
                    let next = Node(flow: node.flow, step: target)
                    if isEnterable(next, given: given) { result.append(next) }
                }
            }
        }
        return result
    }

    /// The targets of the moves of `clause` a link can replay with the values `given`.
    private func replayable(_ clause: HClause, earlier: [HClause], in view: FlowView, given: Set<HParam>) -> [String] {
        let guarded = clause.branches.first?.condition == nil ? 1 : clause.conditions.count
        var targets: [String] = []
        var asked = earlier.flatMap(\.conditions)
        for (index, branch) in clause.branches.enumerated() {
            if let condition = branch.condition { asked.append(condition) }
            guard index < guarded, branch.action.back == nil, let target = branch.action.main.target else { continue }
            let kind = branch.action.main.kind
            guard kind.showsScreen || (kind == .select && view.flow.isTabs) else { continue }
            let arguments = asked.flatMap { guards[view.flow.name]?[$0.guardName] ?? [] }
            guard arguments.allSatisfy({ $0.isOptional || given.contains($0) }) else { continue }
            targets.append(target)
        }
        return targets
    }

    // MARK: Links and `at`

    /// What every pattern of a link gives: the target's inputs named by a placeholder in each.
    static func given(by link: HLink, target: HStep) -> Set<HParam> {
        Set(target.inputs.filter { input in
            input.name == link.wholeURL
                || link.patterns.allSatisfy { $0.contains("{\(input.name)}") || $0.contains("{\(input.name)...}") }
        })
    }

    /// Whether `link`, declared in `flow` (or in a group `flow` uses), can be opened.
    func canOpen(_ link: HLink, in flowName: String) -> Bool {
        guard let view = views[flowName], let target = view.step(link.target) else { return false }
        let reached = reached(given: Self.given(by: link, target: target))
        if link.move == nil { return reached.contains(Node(flow: flowName, step: link.target)) }
        return entered(flowName).contains { reached.contains($0) }
    }

    /// Whether `sheet X at target` (X running `subflow`) finds its path with `payload`.
    func canOpenAt(_ target: String, inside subflow: String, payload: [HParam]) -> Bool {
        reached(given: Set(payload), from: entered(subflow)).contains(Node(flow: subflow, step: target))
    }
}
