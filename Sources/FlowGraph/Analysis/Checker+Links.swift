/// `link-unreachable`: a deep link opens its step along the shortest path from a root, and every
/// step on that path must be built from what the URL gives.
///
/// The search runs on the program's composite graph: steps of all flows, the forward transitions
/// between them (no `else` branch, no exit: a link does not fill in forms), and from a step that
/// runs a flow into that flow's start (every tab, for tabs).
extension Checker {
    mutating func checkLinks() -> [[NavigationPath?]] {
        let graph = CompositeGraph(program: program)
        var cache: [String: CompositeGraph.Search] = [:]
        var result: [[NavigationPath?]] = program.flows.map { Array(repeating: nil, count: $0.links.count) }
        for (flowIndex, flow) in program.flows.enumerated() {
            for (linkIndex, link) in flow.links.enumerated() {
                guard let targetStep = link.target else { continue }
                let target = StepReference(flow: flowIndex, step: targetStep)
                let placeholders = Set(link.pattern.placeholders)
                let given = flow.steps[targetStep].inputs.filter { placeholders.contains($0.name) }
                let key = given.map { "\($0.name):\($0.type)" }.sorted().joined(separator: ",")
                if cache[key] == nil {
                    let allowed = Set(given.map { Pair(name: $0.name, type: $0.type) })
                    cache[key] = graph.search { step in step.inputs.allSatisfy { allowed.contains(Pair(name: $0.name, type: $0.type)) } }
                }
                if let path = cache[key]!.path(to: target) {
                    result[flowIndex][linkIndex] = path
                    continue
                }
                if cache["*"] == nil { cache["*"] = graph.search { _ in true } }
                guard let free = cache["*"]!.path(to: target) else {
                    report(.linkUnreachable, AnalysisMessages.linkTargetUnreachable(link.pattern.text, step: flow.steps[targetStep].name),
                           at: link.patternRange, subjects: [target])
                    continue
                }
                let allowed = Set(given.map { Pair(name: $0.name, type: $0.type) })
                var notes: [Diagnostic.Note] = []
                for hop in free.hops.dropFirst() {
                    let step = program[hop.step]
                    if let missing = step.inputs.first(where: { !allowed.contains(Pair(name: $0.name, type: $0.type)) }) {
                        notes.append(.init(AnalysisMessages.linkBlockedBy(program.qualifiedName(hop.step), parameter: missing), at: step.range))
                        break
                    }
                }
                report(.linkUnreachable, AnalysisMessages.linkNeedsInput(link.pattern.text, step: flow.steps[targetStep].name),
                       at: link.patternRange, notes: notes, path: free, subjects: [target])
            }
        }
        return result
    }
}

private struct Pair: Hashable {
    let name: String
    let type: String
}

/// All steps of the program as one graph, with the forward moves a deep link can replay.
struct CompositeGraph {
    private let program: FlowProgram
    private let offsets: [Int]
    private let references: [StepReference]
    private let edges: [[(target: Int32, via: String)]]

    init(program: FlowProgram) {
        self.program = program
        var offsets: [Int] = []
        var references: [StepReference] = []
        for (flowIndex, flow) in program.flows.enumerated() {
            offsets.append(references.count)
            for stepIndex in flow.steps.indices { references.append(StepReference(flow: flowIndex, step: stepIndex)) }
        }
        var edges = Array(repeating: [(target: Int32, via: String)](), count: references.count)
        for (flowIndex, flow) in program.flows.enumerated() {
            let base = offsets[flowIndex]
            func forward(_ transition: Transition) -> (Int, String)? {
                let action = transition.action
                guard let target = action.target else { return nil }
                switch action.kind {
                case .push, .sheet, .cover, .replace, .root: return (target, "\(transition.event): \(action.kind.rawValue)")
                case .select where flow.isTabs: return (target, "\(transition.event): select")
                default: return nil
                }
            }
            for (stepIndex, step) in flow.steps.enumerated() {
                let node = base + stepIndex
                if let runs = step.runs {
                    let subflow = program.flows[runs]
                    let entered = subflow.isTabs ? Array(subflow.steps.indices) : (subflow.start.map { [$0] } ?? [])
                    for entry in entered { edges[node].append((Int32(offsets[runs] + entry), "runs")) }
                } else {
                    for handler in step.handlers { if let (target, via) = forward(handler) { edges[node].append((Int32(base + target), via)) } }
                }
                let handled = step.runs == nil ? Set(step.handlers.map(\.event)) : []
                for handler in flow.handlers where !handled.contains(handler.event) {
                    if let (target, via) = forward(handler) { edges[node].append((Int32(base + target), via)) }
                }
            }
        }
        self.offsets = offsets
        self.references = references
        self.edges = edges
    }

    /// A breadth-first search from the roots' starts through the steps `isAllowed` accepts.
    func search(isAllowed: (Step) -> Bool) -> Search {
        var parent = [Int32](repeating: -2, count: references.count)
        var via = [String?](repeating: nil, count: references.count)
        var queue: [Int32] = []
        for root in program.roots {
            guard let start = program.flows[root].start else { continue }
            let node = offsets[root] + start
            parent[node] = -1
            queue.append(Int32(node))
        }
        var cursor = 0
        while cursor < queue.count {
            let node = Int(queue[cursor])
            cursor += 1
            for (target, label) in edges[node] where parent[Int(target)] == -2 {
                guard isAllowed(program[references[Int(target)]]) else { continue }
                parent[Int(target)] = Int32(node)
                via[Int(target)] = label
                queue.append(target)
            }
        }
        return Search(offsets: offsets, references: references, parent: parent, via: via)
    }

    /// The result of one search: a shortest-path tree.
    struct Search {
        let offsets: [Int]
        let references: [StepReference]
        let parent: [Int32]
        let via: [String?]

        func path(to step: StepReference) -> NavigationPath? {
            var node = offsets[step.flow] + step.step
            guard parent[node] != -2 else { return nil }
            var hops: [NavigationPath.Hop] = []
            while node >= 0 {
                hops.append(.init(step: references[node], via: via[node]))
                node = Int(parent[node])
            }
            return NavigationPath(hops: hops.reversed())
        }
    }
}
