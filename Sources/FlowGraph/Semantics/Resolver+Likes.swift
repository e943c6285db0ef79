/// `step X like Y`: one screen with several entries, each a step with Y's clauses.
extension Resolver {
    /// `step X like Y`: X has Y's clauses after its own, but for the events it handles itself (one
    /// screen with several entries). Y is a step of the flow (a group's too) that runs no flow and
    /// is like no other; X runs no flow (`invalid-like`). The copies are Y's resolved clauses, with
    /// Y's ranges: what is wrong in one is reported where it is written.
    /// `declarations`: each step's position in `flow.steps` and the `like` its syntax says.
    mutating func resolveLikes(of flow: inout Flow, _ declarations: [(position: Int, like: Name?)]) {
        var likes: [Int: Name] = [:]
        for (position, like) in declarations { if let like { likes[position] = like } }
        guard !likes.isEmpty else { return }
        for (position, like) in declarations {
            guard let name = like else { continue }
            guard let target = namedStep(name, in: flow) else { continue }
            let step = flow.steps[position]
            let other = flow.steps[target]
            let reason: String? = if target == position {
                SemanticMessages.likeItself(step.name)
            } else if step.runsAFlow {
                SemanticMessages.likeFromARunner(step.name)
            } else if other.runsAFlow {
                SemanticMessages.likeARunner(other.name)
            } else if let next = likes[target], stepIndex[next.id] != nil {
                SemanticMessages.likeALike(other.name, next.text)
            } else {
                nil
            }
            if let reason {
                report(.invalidLike, reason, at: name.range)
                continue
            }
            flow.steps[position].like = target
            let own = Set(step.clauses.map(\.event))
            flow.steps[position].clauses += other.clauses.filter { !own.contains($0.event) }
        }
    }
}
