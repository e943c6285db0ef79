// A stack flow's deep links, and what a link to each step must give.

extension Generator {
    /// Which steps a link can open: along each step's first entry (the first action of a plain step's
    /// clause: not an `else`, not an exit handler, not flow-level), collecting the inputs on the way.
    /// Parents come before their children in `steps`. Returns the links, and hands each subflow
    /// what a link to its start needs.
    func addLinks(_ spec: FlowSpec, start: Int) -> [(String, Int)] {
        for (i, step) in steps.enumerated() where i != start {
            guard let parent = step.parent, steps[parent].isPlain, var needs = steps[parent].linkNeeds else { continue }
            for input in step.inputs where !needs.contains(input) { needs.append(input) }
            step.linkNeeds = needs
        }
        var links: [(String, Int)] = []
        do {
            let candidates = steps.indices.filter { i in
                let step = steps[i]
                guard i != start, let needs = step.linkNeeds, step.inputs.allSatisfy(\.linkable) else { return false }
                return needs.allSatisfy { step.inputs.contains($0) } && (!step.inputs.isEmpty || step.isPlain && step.name.hasSuffix("List"))
            }
            let count = candidates.isEmpty ? 0 : min(candidates.count, rng.int(1...3))
            var pool = candidates
            for _ in 0..<count {
                let target = pool.remove(at: rng.int(0...(pool.count - 1)))
                var pattern = "/" + slug(spec.name) + "/" + slug(steps[target].name)
                for (n, input) in steps[target].inputs.enumerated() {
                    if n == 0 {
                        pattern += "/{\(input.name)}"
                    } else if n < steps[target].inputs.count - 1 || rng.chance(50) {
                        pattern += "/\(input.name)s/{\(input.name)}"
                    } else {
                        pattern += "?\(input.name)={\(input.name)}"
                    }
                }
                links.append((pattern, target))
            }
        }
        for child in spec.children {
            if let runner = steps.firstIndex(where: { $0.runs === child }) {
                child.linkNeeds = steps[runner].linkNeeds
            }
        }
        return links
    }
}
