/// A lock on the screen (`step Editor locked while g`): a step that every sheet and popover of
/// its flow presents with the same lock may say it once; some of those moves then leave it out,
/// and the resolver gives them the step's. The model keeps each move's lock (what the program
/// means, which `HarnessFacts` reads); only what is printed changes.
extension HarnessBuilder {
    func addStepLocks() {
        for flow in program.flows {
            let clauses = flow.steps.flatMap(\.clauses) + flow.clauses + flow.alerts.flatMap(\.buttons)
            for step in flow.steps where step.group == nil {
                // A link's sheet or popover says no lock: the step's would lock it, so such a step is left alone.
                guard !flow.links.contains(where: { $0.target == step.name && ($0.move == .sheet || $0.move == .popover) }) else { continue }
                var presenting: [(clause: HClause, branch: Int)] = []
                for clause in clauses {
                    for (index, branch) in clause.branches.enumerated()
                    where branch.action.main.target == step.name && (branch.action.main.kind == .sheet || branch.action.main.kind == .popover) {
                        presenting.append((clause, index))
                    }
                }
                guard let first = presenting.first?.clause.branches[presenting[0].branch].action.main.lock,
                      presenting.allSatisfy({ $0.clause.branches[$0.branch].action.main.lock == first }), rng.chance(70) else { continue }
                step.lock = first
                for (clause, index) in presenting where rng.chance(70) {
                    clause.branches[index].action.main.writesLock = false
                }
            }
        }
    }
}
