/// What the plan decides about a flow before it is built: its place in the tree of flows, the inputs
/// of its start, its exits, and how the step that runs it shows it.
final class FlowPlan {
    /// The flow's place in the program.
    enum Role {
        /// Where the app starts.
        case root
        /// A tab's flow (no exits): its start takes the tab's inputs.
        case tab
        /// A subflow with exits, shown by a step of its parent.
        case sub
        /// The flow the app shell's home step runs (no exits).
        case home
    }

    let name: String
    let isTabs: Bool
    let role: Role
    weak var parent: FlowPlan?
    var children: [FlowPlan] = []
    var startInputs: [HParam] = []
    var exits: [HExit] = []
    /// How the parent shows the step that runs this flow (`push`, `sheet`, `popover`, `cover`).
    var entry: HMoveKind = .push
    /// The parent shows it as a locked sheet.
    var entryLocked = false
    /// The runner is shown from the parent's start, by a plain clause: with `open`, a link reaches it.
    var atStart = false
    /// A deep link can reach the flow's start with no value (so links that move may live here).
    var open = false
    var startChoice = false
    var usesGroup = false
    /// The root app shell: `start Home if g else Onboarding`.
    var shell = false
    var size = 4
    var depth = 0

    init(name: String, isTabs: Bool, role: Role) {
        self.name = name
        self.isTabs = isTabs
        self.role = role
    }
}

/// The group the plan decided on: its name, the flows that use it, and whether it has a link.
struct GroupPlan {
    let name: String
    let users: [String]
    let picker: Bool
    let link: Bool
}

extension HarnessBuilder {
    /// Plans the tree of flows and declares them (empty) in the program, in build order (parents first).
    func plan() -> [FlowPlan] {
        let flowTarget = simple ? 2 : rng.int(2...6)
        var all: [FlowPlan] = []
        func declare(_ plan: FlowPlan, parent: FlowPlan?) {
            plan.parent = parent
            plan.depth = (parent?.depth ?? -1) + 1
            parent?.children.append(plan)
            all.append(plan)
            plans[plan.name] = plan
        }
        func flowName(_ suffix: String) -> String { unique(rng.pick(HarnessVocabulary.flowAreas) + suffix) }

        let shape = simple ? 2 : rng.int(0...99)
        if shape < 33 {
            // A root tab bar whose tabs run stack flows (one may take inputs from a link).
            let root = FlowPlan(name: flowName("Tabs"), isTabs: true, role: .root)
            root.open = true
            root.startChoice = rng.chance(25)
            root.size = rng.int(3...4)
            declare(root, parent: nil)
            let tabFlows = min(root.size, max(1, flowTarget - 1))
            for index in 0..<tabFlows {
                let tab = FlowPlan(name: flowName("Flow"), isTabs: false, role: .tab)
                tab.open = true
                tab.size = rng.int(3...7)
                if index == tabFlows - 1, rng.chance(70) {
                    tab.startInputs = rng.chance(50) ? [HarnessVocabulary.lat, HarnessVocabulary.long] : [HarnessVocabulary.page]
                }
                declare(tab, parent: root)
            }
        } else if shape < 58 {
            // The app shell: onboarding first, unless done, then a home that runs a tab bar or a stack.
            let root = FlowPlan(name: flowName("App"), isTabs: false, role: .root)
            root.shell = true
            root.open = true
            root.startChoice = true
            root.size = 3
            declare(root, parent: nil)
            let onboarding = FlowPlan(name: flowName("Onboarding"), isTabs: false, role: .sub)
            onboarding.size = rng.int(3...5)
            onboarding.exits = newExits(count: rng.int(1...2))
            onboarding.entry = .root
            declare(onboarding, parent: root)
            if flowTarget >= 3 {
                let homeIsTabs = rng.chance(55)
                let home = FlowPlan(name: flowName(homeIsTabs ? "Tabs" : "Home"), isTabs: homeIsTabs, role: .home)
                home.open = true
                home.size = homeIsTabs ? rng.int(3...4) : rng.int(3...7)
                declare(home, parent: root)
                if homeIsTabs {
                    for index in 0..<min(2, flowTarget - 3) {
                        let tab = FlowPlan(name: flowName("Flow"), isTabs: false, role: .tab)
                        tab.open = true
                        tab.size = rng.int(3...7)
                        if index == 0, rng.chance(50) { tab.startInputs = [HarnessVocabulary.page] }
                        declare(tab, parent: home)
                    }
                }
            }
        } else {
            let root = FlowPlan(name: flowName("App"), isTabs: false, role: .root)
            root.open = true
            root.startChoice = !simple && rng.chance(40)
            root.size = simple ? 4 : rng.int(4...9)
            declare(root, parent: nil)
        }
        // Subflows with exits under stack flows, until the program has its number of flows.
        var nestedTabs = false
        while all.count < flowTarget {
            let parents = all.filter { !$0.isTabs && $0.depth < 3 && !$0.shell }
            guard let parent = rng.pickIfAny(parents) else { break }
            let isTabs = !simple && !nestedTabs && rng.chance(25)
            nestedTabs = nestedTabs || isTabs
            let sub = FlowPlan(name: flowName(isTabs ? "Tabs" : "Flow"), isTabs: isTabs, role: .sub)
            sub.size = isTabs ? 3 : rng.int(3...6)
            sub.exits = newExits(count: isTabs ? 1 : rng.int(1...2))
            let entries: [HMoveKind] = [.push, .push, .push, .sheet, .sheet, .sheet, .cover, .popover]
            sub.entry = simple ? .sheet : rng.pick(entries)
            sub.entryLocked = sub.entry == .sheet && rng.chance(25)
            if !isTabs, rng.chance(35) { sub.startInputs = [rng.pick(HarnessVocabulary.required)] }
            sub.startChoice = !isTabs && !simple && rng.chance(30)
            sub.atStart = rng.chance(50)
            sub.open = parent.open && sub.atStart && sub.startInputs.isEmpty
            declare(sub, parent: parent)
        }
        for plan in all {
            let flow = HFlow(name: plan.name, isTabs: plan.isTabs)
            flow.exits = plan.exits
            program.flows.append(flow)
        }
        planGroup(all)
        return all
    }

    private func newExits(count: Int) -> [HExit] {
        let names = rng.shuffled(["done", "cancelled", "finished", "saved", "closed", "skipped"])
        return (0..<count).map { index in
            HExit(name: names[index], params: rng.chance(35) ? [rng.pick(HarnessVocabulary.exitParams)] : [])
        }
    }

    /// A group used by two or three stack flows, when there are that many.
    private func planGroup(_ all: [FlowPlan]) {
        let candidates = all.filter { !$0.isTabs && !$0.shell }
        guard !simple, candidates.count >= 2, rng.chance(70) else { return }
        // Flows open to links, when there are two, so that the group's link can move in each.
        let open = candidates.filter(\.open)
        let pool = open.count >= 2 && rng.chance(65) ? open : candidates
        let users = Array(rng.shuffled(pool).prefix(pool.count >= 3 && rng.chance(40) ? 3 : 2))
        for user in users { user.usesGroup = true }
        // The group's link moves where the user is: every flow that uses it must be open to links.
        let link = users.allSatisfy(\.open) && rng.chance(70)
        plannedGroup = GroupPlan(name: unique(rng.pick(["Shared", "Common", "Screens", "Destinations"]) + "Screens"),
                                 users: users.map(\.name), picker: rng.chance(65), link: link)
    }
}

extension HarnessBuilder {
    /// A tab bar: a tab for each tab flow planned under it, plain tabs for the rest; `select` from a
    /// flow-level clause or a tab; a start chosen by a guard; in a subflow, an exit from every tab.
    func buildTabs(_ flow: HFlow, _ plan: FlowPlan) {
        for child in plan.children {
            addStep(rng.pick(HarnessVocabulary.nouns), to: flow, inputs: child.startInputs, runs: child.name)
        }
        while flow.steps.count < max(3, plan.size) {
            addStep(rng.pick(HarnessVocabulary.nouns), to: flow)
        }
        let tabs = flow.steps
        flow.start = [(tabs[0].name, nil)]
        if plan.startChoice {
            var payload: [HParam] = []
            let condition = newGuard(in: flow, kind: .plain, payload: &payload)
            flow.start = [(tabs[1].name, condition), (tabs[0].name, nil)]
        }
        // A tab that runs a flow may be selected `at` a step inside it (pass 4, `addAts`).
        if rng.chance(70) {
            let target = rng.pick(tabs)
            let clause = HClause(event("show" + target.name), HMove(.select, target.name))
            flow.clauses.append(clause)
            if target.runs != nil { runnerEntries.append((flow.name, clause, target, false)) }
        }
        let plain = tabs.filter { $0.runs == nil }
        if let from = rng.pickIfAny(plain), rng.chance(50), let target = rng.pickIfAny(tabs.filter { $0 !== from }) {
            let clause = HClause(event("goTo" + target.name), HMove(.select, target.name))
            from.clauses.append(clause)
            if target.runs != nil { runnerEntries.append((flow.name, clause, target, false)) }
        }
        guard let exit = flow.exits.first else { return }
        for tab in plain {
            tab.clauses.append(HClause(event("close" + tab.name), payload: exit.params, HMove(.exit, exit.name)))
        }
        if plain.count < tabs.count {
            flow.clauses.append(HClause(event("closeRequested"), payload: exit.params, HMove(.exit, exit.name)))
        }
    }
}
