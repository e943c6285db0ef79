/// A move's `at Y` (`sheet Settings at Privacy`) opens the subflow its target runs and goes on to
/// Y along the shortest path from the subflow's start, as a deep link goes from a root: forward
/// moves only, no exit, no `else` without a guard of its own, no clause that goes back first.
/// Every step on the path after the start is built from the clause's payload (an exit handler's:
/// the exit's inputs), and every guard the path asks takes its arguments from it, by name and
/// type, as a link's values build its path. `at-unreachable` reports the moves without one.
struct AtMove {
    /// The clause and branch of the action.
    let clause: ClauseReference
    let action: Action
    let transition: Clause
    /// Y, in the subflow; for `at A.B`, the last step, or the first whose part of the path is
    /// missing (`outcome` then says why).
    let target: StepReference
    /// The step of `at` that `target` is, as written (its range, for a finding).
    let level: AtTarget
    /// The values the clause's moves are built from.
    let payload: [Parameter]
    let outcome: Outcome

    enum Outcome {
        /// Y's own inputs do not come from the payload: `input-mismatch` says so already.
        case inputMismatch
        /// The path to Y.
        case path(NavigationPath)
        /// A path whose step or guard needs a value the payload carries with another type.
        case typeMismatch(NavigationPath, Mismatch)
        /// No path gives Y what it needs from the payload.
        case none
    }

    /// A value a step or guard on the path needs, carried by the payload with another type.
    struct Mismatch {
        let needed: Parameter
        let given: Parameter
        let owner: Owner

        enum Owner {
            case step(StepReference)
            case `guard`(flow: FlowIndex, index: Int)
        }
    }

    /// The inputs of the composite graph's searches for moves into one subflow with one payload.
    struct Search {
        let seeds: [Int]
        let given: Set<Int32>
        /// The key of the searches from `seeds` with `given`.
        let key: String

        init(into subflow: FlowIndex, payload: [Parameter], graph: CompositeGraph) {
            seeds = graph.seeds(entering: subflow)
            given = Set(payload.compactMap { graph.inputID(name: $0.name, type: $0.type) })
            key = "\(subflow)|" + given.sorted().map(String.init).joined(separator: ",")
        }
    }

    /// A required input the payload gives with its exact type (an optional one may be nil).
    func isGiven(_ input: Parameter) -> Bool {
        input.isOptional || payload.contains { $0.name == input.name && $0.type == input.type }
    }

    /// Every action with an `at` that names a subflow's step, in order of flow, then place.
    static func all(in program: FlowProgram, links: LinkFacts) -> [AtMove] {
        var result: [AtMove] = []
        var cache: [String: CompositeGraph.Search] = [:]
        for (flowIndex, flow) in program.indexedFlows {
            /// Each action with an `at` of one clause, with the payload it takes values from.
            func visit(_ transition: Clause, step: Int?, clause: ClauseID) {
                var branch = 0
                transition.forEachAction { action in
                    defer { branch += 1 }
                    guard let at = action.at, at.levels.allSatisfy({ $0.flow != nil && $0.step != nil }) else { return }
                    let payload = payload(of: transition, step: step, in: flow, program: program)
                    // `at A.B`: the path to A inside the subflow the target runs, then, from where the
                    // subflow A runs starts, the path to B, and so on, joined by the entry into each.
                    var hops: [NavigationPath.Hop] = []
                    var found: (StepReference, AtTarget, Outcome)?
                    for level in at.levels {
                        let reference = StepReference(flow: level.flow!, step: level.step!)
                        let part = outcome(to: reference, payload: payload, in: program, graph: links.graph, cache: &cache)
                        guard case .path(let path) = part else {
                            found = (reference, level, part)
                            break
                        }
                        if hops.isEmpty {
                            hops = path.hops
                        } else if let first = path.hops.first {
                            hops += [NavigationPath.Hop(step: first.step, via: "runs")] + path.hops.dropFirst()
                        }
                        found = (reference, level, .path(NavigationPath(hops: hops)))
                    }
                    guard let (target, level, outcome) = found else { return }
                    result.append(AtMove(
                        clause: ClauseReference(flow: flowIndex, clause: clause, branch: branch),
                        action: action, transition: transition, target: target, level: level, payload: payload, outcome: outcome))
                }
            }
            for stepIndex in flow.steps.indices {  // not `enumerated()`, which copies each step
                for (index, transition) in flow.steps[stepIndex].clauses.enumerated() {
                    visit(transition, step: stepIndex, clause: ClauseID(step: stepIndex, index: ClauseIndex(index)))
                }
            }
            for (index, transition) in flow.clauses.enumerated() {
                visit(transition, step: nil, clause: ClauseID(step: nil, index: ClauseIndex(index)))
            }
            // An alert's button: its move is made over the screen that showed the alert, its path
            // built from the button's payload (one reference, whichever clause showed it).
            for (alertIndex, alert) in flow.alerts.enumerated() {
                for (index, button) in alert.buttons.enumerated() {
                    guard let transition = button.clause else { continue }
                    visit(transition, step: nil, clause: ClauseID(alert: alertIndex, button: index, shownByFlowLevel: false))
                }
            }
        }
        return result
    }

    /// The values a clause's moves are built from: its event's payload, or for an exit handler that
    /// leaves it out, the exit's inputs.
    private static func payload(of transition: Clause, step: Int?, in flow: Flow, program: FlowProgram) -> [Parameter] {
        guard transition.isExitHandler, transition.payload.isEmpty, let step, let runs = flow.steps[step].runs else {
            return transition.payload
        }
        let subflow = program.flows[runs]
        return subflow.exit(named: transition.event).map { subflow.exits[$0].inputs } ?? transition.payload
    }

    private static func outcome(to target: StepReference, payload: [Parameter], in program: FlowProgram,
                                graph: CompositeGraph, cache: inout [String: CompositeGraph.Search]) -> Outcome {
        let subflow = program.flows[target.flow]
        let step = subflow.steps[target.step]
        // Y's own inputs come from the payload as a push's would.
        if !subflow.enteredSteps.contains(target.step), !Resolver.bindingProblems(step.inputs, from: payload).isEmpty {
            return .inputMismatch
        }
        let search = Search(into: target.flowIndex, payload: payload, graph: graph)
        if cache[search.key] == nil { cache[search.key] = graph.search(given: search.given, from: search.seeds) }
        guard let path = cache[search.key]!.path(to: target, in: program) else { return .none }
        // An optional input or argument on the way that the payload carries with another type.
        for hop in path.hops.dropFirst() {
            if let problem = mismatch(program[hop.step].inputs, payload) {
                return .typeMismatch(path, Mismatch(needed: problem.needed, given: problem.given, owner: .step(hop.step)))
            }
            guard let clause = hop.clause else { continue }
            let hopFlow = program.flows[clause.flow]
            for condition in clause.conditionsAskedByLink(in: program) {
                guard let index = condition.guardIndex, let problem = mismatch(hopFlow.guards[index].parameters, payload) else { continue }
                return .typeMismatch(path, Mismatch(needed: problem.needed, given: problem.given, owner: .guard(flow: clause.flow, index: index)))
            }
        }
        return .path(path)
    }

    /// The first parameter of `needed` that the payload carries with a type that cannot supply it.
    private static func mismatch(_ needed: [Parameter], _ payload: [Parameter]) -> (needed: Parameter, given: Parameter)? {
        for problem in Resolver.bindingProblems(needed, from: payload) {
            if case .mismatch(let parameter, let given) = problem { return (parameter, given) }
        }
        return nil
    }
}

extension CheckerFacts {
    /// The path of every `at` that has one, by the clause and branch of its action.
    var atPaths: [ClauseReference: NavigationPath] {
        var result: [ClauseReference: NavigationPath] = [:]
        for move in ats { if case .path(let path) = move.outcome { result[move.clause] = path } }
        return result
    }
}
