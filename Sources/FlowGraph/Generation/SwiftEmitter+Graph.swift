/// `FlowNavigator.graph`: the program as data, so tests can walk it: steps with the shortest
/// path from a root to each, clauses, and deep links with their paths.
extension SwiftEmitter {
    mutating func graph() {
        let search = CompositeGraph(program: program).search(everyMove: true, given: nil)
        line("""
            // MARK: - The program as data

            extension FlowNavigator {
                \(access)struct Graph: Sendable {
                    \(access)struct StepInfo: Hashable, Sendable {
                        \(access)let flow: String
                        \(access)let name: String
                        /// `name: Type` for each input.
                        \(access)let inputs: [String]
                        /// The flow the step runs, if any.
                        \(access)let runs: String?
                        /// A shortest way from a root's first screen to the step (`Flow.Step` each), empty when none exists.
                        \(access)let path: [String]
                    }

                    \(access)struct TransitionInfo: Hashable, Sendable {
                        \(access)let flow: String
                        /// The step whose clause it is; nil for a flow-level clause.
                        \(access)let from: String?
                        /// The event, or for an exit handler the exit of the subflow.
                        \(access)let event: String
                        /// `isLoggedIn` or `!isLoggedIn` for each condition of the clause, in order.
                        \(access)let conditions: [String]
                        /// Which action of the clause: 0 for the main one, k for the k-th `else`.
                        \(access)let branch: Int
                        \(access)let action: String
                        /// The step (or for `exit`, the exit) the action names.
                        \(access)let target: String?
                    }

                    \(access)struct LinkInfo: Hashable, Sendable {
                        \(access)let flow: String
                        \(access)let pattern: String
                        \(access)let target: String
                        /// The path `open` follows (`Flow.Step` each), empty when none exists.
                        \(access)let path: [String]
                    }

                    /// The root flows, where the app can start.
                    \(access)let roots: [String]
                    \(access)let steps: [StepInfo]
                    \(access)let transitions: [TransitionInfo]
                    \(access)let links: [LinkInfo]
                }

                /// The program as data.
                \(access)nonisolated static let graph = Graph(roots: graphRoots, steps: graphSteps(), transitions: graphTransitions(), links: graphLinks())

                // The data is built by one statement per element: a large array literal would cost the
                // compiler far more time to type-check (90 s instead of 2 s for 1,000 steps).

            """)
        let roots = program.roots.map { SwiftNames.stringLiteral(program.flows[$0].name) }
        line("    private nonisolated static let graphRoots: [String] = [\(roots.joined(separator: ", "))]")
        var steps: [String] = []
        // A path of more than `longPath` hops is built from the one before it, after the literals,
        // so that a deep chain of steps or subflows keeps the file linear in size.
        let lengths = Self.pathLengths(search.parent)
        var longPaths: [(length: Int, element: Int, previous: Int, last: String)] = []
        for (flowIndex, flow) in program.flows.enumerated() {
            for (stepIndex, step) in flow.steps.enumerated() {
                let inputs = step.inputs.map { SwiftNames.stringLiteral("\($0.name): \($0.type)") }
                let runs = step.runs.map { SwiftNames.stringLiteral(program.flows[$0].name) } ?? "nil"
                let reference = StepReference(flow: flowIndex, step: stepIndex)
                var path: [String] = []
                // Steps are numbered as in the search, flow by flow.
                let element = steps.count
                if lengths[element] > Self.longPath {
                    longPaths.append((lengths[element], element, Int(search.parent[element]), program.qualifiedName(reference)))
                } else {
                    path = search.path(to: reference, in: program)?.names(in: program) ?? []
                }
                steps.append(".init(flow: \(SwiftNames.stringLiteral(flow.name)), name: \(SwiftNames.stringLiteral(step.name)), inputs: [\(inputs.joined(separator: ", "))], runs: \(runs), path: \(Self.stringArray(path)))")
            }
        }
        let extended = longPaths.sorted { ($0.length, $0.element) < ($1.length, $1.element) }.map {
            "graphPath(&steps, \($0.element), after: \($0.previous), \(SwiftNames.stringLiteral($0.last)))"
        }
        dataFunction("graphSteps", "Graph.StepInfo", "steps", steps, then: extended)
        if !extended.isEmpty {
            line()
            line("    /// Sets the path of step `element` to the path of step `previous`, then `last`.")
            line("    private nonisolated static func graphPath(_ steps: inout [Graph.StepInfo], _ element: Int, after previous: Int, _ last: String) {")
            line("        let step = steps[element]")
            line("        steps[element] = .init(flow: step.flow, name: step.name, inputs: step.inputs, runs: step.runs, path: steps[previous].path + [last])")
            line("    }")
        }
        var transitions: [String] = []
        for flow in program.flows {
            let clauses = flow.steps.flatMap { step in step.handlers.map { (Optional(step.name), $0) } } + flow.handlers.map { (nil as String?, $0) }
            for (from, clause) in clauses {
                let conditions = clause.conditions.map { ($0.isNegated ? "!" : "") + $0.guardName }
                for (branch, action) in clause.actions.enumerated() {
                    let target = action.targetName.map(SwiftNames.stringLiteral) ?? "nil"
                    transitions.append(".init(flow: \(SwiftNames.stringLiteral(flow.name)), from: \(from.map(SwiftNames.stringLiteral) ?? "nil"), event: \(SwiftNames.stringLiteral(clause.event)), conditions: \(Self.stringArray(conditions)), branch: \(branch), action: \(SwiftNames.stringLiteral(action.kind.rawValue)), target: \(target))")
                }
            }
        }
        dataFunction("graphTransitions", "Graph.TransitionInfo", "transitions", transitions)
        var links: [String] = []
        for (flowIndex, flow) in program.flows.enumerated() {
            for (linkIndex, link) in flow.links.enumerated() {
                guard let target = link.target else { continue }
                let path = linkPath(flow: flowIndex, link: linkIndex)?.names(in: program) ?? []
                links.append(".init(flow: \(SwiftNames.stringLiteral(flow.name)), pattern: \(SwiftNames.stringLiteral(link.pattern.text)), target: \(SwiftNames.stringLiteral(flow.steps[target].name)), path: \(Self.stringArray(path)))")
            }
        }
        dataFunction("graphLinks", "Graph.LinkInfo", "links", links)
        line("}")
        line()
    }

    /// Paths of more hops than this are written as the path before them and one more hop.
    static let longPath = 8

    /// The number of hops of the path to each node of a search's tree (0 when there is none), in linear time.
    static func pathLengths(_ parent: [Int32]) -> [Int] {
        var lengths = [Int](repeating: -1, count: parent.count)
        for node in parent.indices where lengths[node] < 0 {
            var chain: [Int] = []
            var cursor = node
            while lengths[cursor] < 0, parent[cursor] >= 0 {
                chain.append(cursor)
                cursor = Int(parent[cursor])
            }
            if lengths[cursor] < 0 { lengths[cursor] = parent[cursor] == -1 ? 1 : 0 }
            var length = lengths[cursor]
            for element in chain.reversed() {
                length += 1
                lengths[element] = length
            }
        }
        return lengths
    }

    static func stringArray(_ items: [String]) -> String {
        "[" + items.map(SwiftNames.stringLiteral).joined(separator: ", ") + "]"
    }

    /// A function that builds an array one `append` at a time (an empty one returns `[]`).
    /// `then`: statements run after the appends.
    private mutating func dataFunction(_ name: String, _ type: String, _ variable: String, _ elements: [String], then: [String] = []) {
        line()
        line("    private nonisolated static func \(name)() -> [\(type)] {")
        if elements.isEmpty {
            line("        []")
        } else {
            line("        var \(variable): [\(type)] = []")
            line("        \(variable).reserveCapacity(\(elements.count))")
            for element in elements { line("        \(variable).append(\(element))") }
            for statement in then { line("        \(statement)") }
            line("        return \(variable)")
        }
        line("    }")
    }
}
