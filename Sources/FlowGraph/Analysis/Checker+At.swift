/// `at-unreachable`: a move's `at Y` (`sheet Settings at Privacy`) opens the subflow its target runs
/// and goes on to Y along the shortest path from the subflow's start, as a deep link goes from a
/// root: forward moves only, no exit, no `else` without a guard of its own, no clause that goes
/// back first. Every step on the path after the start is built from the clause's payload (an
/// exit handler's: the exit's inputs), and every guard the path asks takes its arguments from it,
/// by name and type, as a link's values build its path.
extension Checker {
    /// The path of every `at` that has one, by the clause and branch of its action.
    mutating func checkAts(_ graph: CompositeGraph, unknownSteps: CompositeGraph.Unknowns, hasUnknowns: Bool)
        -> [ClauseReference: NavigationPath] {
        var result: [ClauseReference: NavigationPath] = [:]
        var cache: [String: CompositeGraph.Search] = [:]
        for (flowIndex, flow) in program.flows.enumerated() {
            /// Each action with an `at` of the clauses of one place, with the payload they take values from.
            func visit(_ handlers: [Transition], step: Int?) {
                for (handlerIndex, transition) in handlers.enumerated() {
                    var branch = 0
                    transition.forEachAction { action in
                        defer { branch += 1 }
                        guard let at = action.at, let subflow = at.flow, let target = at.step else { return }
                        let clause = ClauseReference(flow: flowIndex, step: step, handler: handlerIndex, branch: branch)
                        let payload = payload(of: transition, step: step, in: flow)
                        if let path = findPath(to: StepReference(flow: subflow, step: target), for: action, of: transition,
                                               payload: payload, graph: graph, cache: &cache, unknownSteps: unknownSteps,
                                               hasUnknowns: hasUnknowns) {
                            result[clause] = path
                        }
                    }
                }
            }
            for (stepIndex, step) in flow.steps.enumerated() { visit(step.handlers, step: stepIndex) }
            visit(flow.handlers, step: nil)
        }
        return result
    }

    /// The values a clause's moves are built from: its event's payload, or for an exit handler that
    /// leaves it out, the exit's inputs.
    private func payload(of transition: Transition, step: Int?, in flow: Flow) -> [Parameter] {
        guard transition.isExitHandler, transition.payload.isEmpty, let step, let runs = flow.steps[step].runs else {
            return transition.payload
        }
        let subflow = program.flows[runs]
        return subflow.exit(named: transition.event).map { subflow.exits[$0].inputs } ?? transition.payload
    }

    /// The path inside the subflow to `target`, or nil after reporting why there is none (or when
    /// a broken name or lost text could make one, or when an earlier finding already says why).
    private mutating func findPath(
        to target: StepReference, for action: Action, of transition: Transition, payload: [Parameter],
        graph: CompositeGraph, cache: inout [String: CompositeGraph.Search], unknownSteps: CompositeGraph.Unknowns,
        hasUnknowns: Bool
    ) -> NavigationPath? {
        guard let at = action.at else { return nil }
        let subflow = program.flows[target.flow]
        let step = subflow.steps[target.step]
        let isEntered = subflow.enteredSteps.contains(target.step)
        // Y's own inputs come from the payload as a push's would: input-mismatch says so already.
        if !isEntered, !Resolver.bindingProblems(step.inputs, from: payload).isEmpty { return nil }
        /// A required input the payload gives with its exact type (an optional one may be nil).
        func isGiven(_ input: Parameter) -> Bool {
            input.isOptional || payload.contains { $0.name == input.name && $0.type == input.type }
        }
        let given = Set(payload.compactMap { graph.inputID(name: $0.name, type: $0.type) })
        let key = "\(target.flow)|" + given.sorted().map(String.init).joined(separator: ",")
        let seeds = graph.seeds(entering: target.flow)
        if cache[key] == nil { cache[key] = graph.search(given: given, from: seeds) }
        let written = action.written
        if let path = cache[key]!.path(to: target, in: program) {
            // An optional input or argument on the way that the payload carries with another type.
            for hop in path.hops.dropFirst() {
                let hopStep = program[hop.step]
                if let problem = Self.mismatch(hopStep.inputs, payload) {
                    report(.atUnreachable, AnalysisMessages.atTypeMismatch(
                        written, step: step.name, event: transition.event, name: problem.needed.name, given: problem.given.type,
                        needed: problem.needed.type, owner: "step '\(program.qualifiedName(hop.step))'"),
                           at: at.range, notes: [.init(SemanticMessages.declaredHere("step '\(hopStep.name)'"), at: hopStep.range)],
                           path: path, subjects: [target])
                    return nil
                }
                guard let clause = hop.clause else { continue }
                let hopFlow = program.flows[clause.flow]
                for condition in clause.conditionsAskedByLink(in: program) {
                    guard let index = condition.guardIndex,
                          let problem = Self.mismatch(hopFlow.guards[index].parameters, payload) else { continue }
                    let item = hopFlow.guards[index]
                    report(.atUnreachable, AnalysisMessages.atTypeMismatch(
                        written, step: step.name, event: transition.event, name: problem.needed.name, given: problem.given.type,
                        needed: problem.needed.type, owner: "guard '\(item.name)'"),
                           at: at.range, notes: [.init(SemanticMessages.guardDeclaredHere(item.name), at: item.range)],
                           path: path, subjects: [target])
                    return nil
                }
            }
            return path
        }
        // Were the broken names and lost text resolved one way, a path might exist.
        if hasUnknowns {
            if cache["?" + key] == nil { cache["?" + key] = graph.search(unknowns: unknownSteps, given: given, from: seeds) }
            if cache["?" + key]!.edges(to: target) != nil { return nil }
        }
        let freeKey = "*\(target.flow)"
        if cache[freeKey] == nil { cache[freeKey] = graph.search(everyMove: true, given: nil, from: seeds) }
        guard let free = cache[freeKey]!.edges(to: target) else {
            report(.atUnreachable, AnalysisMessages.atNoPath(written, step: step.name, flow: subflow.name), at: at.range,
                   notes: [.init(SemanticMessages.declaredHere("step '\(step.name)'"), at: step.range)], subjects: [target])
            return nil
        }
        // Explain with the first thing on the shortest path that the payload cannot provide.
        var notes: [Diagnostic.Note] = []
        for hop in free.dropFirst() {
            if let blocker = hop.edge?.blocker(in: program, opener: "'at'")
                ?? hop.edge?.missingArgument(in: program, opener: "the path", isGiven: isGiven) {
                notes.append(.init(blocker))
                break
            }
            let hopStep = program[hop.step]
            if let missing = hopStep.inputs.first(where: { !isGiven($0) }) {
                notes.append(.init(AnalysisMessages.linkBlockedBy(program.qualifiedName(hop.step), parameter: missing), at: hopStep.range))
                break
            }
        }
        let freePath = NavigationPath(hops: free.map { .init(step: $0.step, via: $0.edge?.via(in: program)) })
        report(.atUnreachable, AnalysisMessages.atNeedsInput(written, step: step.name, flow: subflow.name, event: transition.event),
               at: at.range, notes: notes, path: freePath, subjects: [target])
        return nil
    }

    /// The first parameter of `needed` that the payload carries with a type that cannot supply it.
    private static func mismatch(_ needed: [Parameter], _ payload: [Parameter]) -> (needed: Parameter, given: Parameter)? {
        for problem in Resolver.bindingProblems(needed, from: payload) {
            if case .mismatch(let parameter, let given) = problem { return (parameter, given) }
        }
        return nil
    }
}
