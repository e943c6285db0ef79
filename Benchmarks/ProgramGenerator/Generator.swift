// The generator: plans a tree of flows of the size asked for, then writes each flow. The programs
// are built so that `flowgraph check --strict` finds nothing.
//
// Shape: a root tab bar whose tabs run stack flows; every flow of 10-40 steps runs a few
// subflows (a tree, sometimes through a nested tab bar). Inside a stack flow, steps form
// "groups": the base stack (bottom: the start step) and modal layers (bottom: a step shown with
// `sheet` or `cover`), each a tree of pushes plus extra pushes between its steps. The rules hold
// by construction:
// - `pop` only in a step that is not the bottom of its group (it is always pushed or replaces
//   a pushed step); `popTo X` only to an X that is below on every path (a fixpoint over the
//   group's push and replace edges); `dismiss` only in modal groups; every cover's bottom has an
//   unguarded `dismiss`;
// - steps that run subflows handle every exit; each subflow's start takes an exit, so every state
//   can get back to it (back button, swipe, dismiss) and finish;
// - every event name carries one payload per flow (a registry), and a transition's payload
//   carries its target's inputs, by name and type (one type per parameter name, program-wide);
// - links open steps whose path from the root goes through steps without inputs, along actions
//   that are not `else` actions and not exit handlers; placeholders are the target's inputs.
//
// Files: Generator.swift (the tree of flows, tab flows), Generator+StackFlow.swift (the steps and
// forward moves of a stack flow), Generator+Moves.swift (back moves, exits, guards),
// Generator+Links.swift (deep links), Generator+Text.swift (the .flow text, the stubs).

/// Writes one program; holds the random generator, the text so far, and the stack flow being built.
final class Generator {
    var rng: SplitMix64
    var out = Output()
    var usedFlowNames = Set<String>()
    var stats = (flows: 0, tabsFlows: 0, steps: 0, guards: 0, links: 0, clauses: 0, maxDepth: 0)

    // The stack flow being built (Generator+StackFlow.swift); reset for each flow.
    var steps: [Step] = []
    var groups: [Group] = []
    var names = Set<String>()
    var registry: [String: [Param]] = [:]
    var flowNouns: [String] = []

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    func flowName(_ noun: String) -> String {
        var base = noun + rng.pick(areas)
        if usedFlowNames.contains(base) { base = noun + rng.pick(areas) }
        return numbered(base, avoiding: &usedFlowNames)
    }

    // MARK: The tree of flows

    func plan(steps total: Int) -> FlowSpec {
        let root = FlowSpec(name: "MainTabs", noun: "Store", isTabs: true)
        usedFlowNames.insert(root.name)
        let tabCount = total >= 200 ? rng.int(3...5) : 3
        let targetFlows = max(tabCount + 4, total / 22)
        var all: [FlowSpec] = []
        var stackFlows: [FlowSpec] = []
        var queue: [FlowSpec] = []
        var created = 1
        var tabSteps = tabCount
        for _ in 0..<tabCount {
            let noun = rng.pick(nouns)
            let child = FlowSpec(name: flowName(noun), noun: noun, isTabs: false)
            child.depth = 1
            root.children.append(child)
            queue.append(child)
            created += 1
        }
        root.size = tabCount
        all.append(root)
        var head = 0
        while head < queue.count {
            let spec = queue[head]
            head += 1
            all.append(spec)
            if spec.isTabs {
                for child in spec.children { queue.append(child) }
                continue
            }
            stackFlows.append(spec)
            guard created < targetFlows else { continue }
            let count = min(rng.int(1...3), targetFlows - created)
            for _ in 0..<count {
                let noun = rng.pick(nouns)
                let makeTabs = created > 20 && rng.chance(4) && targetFlows - created >= 4
                let child = FlowSpec(name: flowName(noun), noun: noun, isTabs: makeTabs)
                child.depth = spec.depth + 1
                created += 1
                if makeTabs {
                    let tabs = rng.int(2...3)
                    child.size = tabs
                    tabSteps += tabs
                    for _ in 0..<tabs {
                        let tabNoun = rng.pick(nouns)
                        let tab = FlowSpec(name: flowName(tabNoun), noun: tabNoun, isTabs: false)
                        tab.depth = child.depth + 1
                        child.children.append(tab)
                        created += 1
                    }
                }
                spec.children.append(child)
                queue.append(child)
            }
        }
        // Sizes: 10-40 steps, then nudged one step at a time towards the total.
        var sum = 0
        for spec in stackFlows {
            spec.size = max(rng.int(10...40), spec.children.count + 3)
            sum += spec.size
        }
        let wanted = max(total - tabSteps, stackFlows.count * 10)
        var guardCount = 0
        while sum != wanted, guardCount < 10 * (abs(sum - wanted) + 100) {
            guardCount += 1
            let spec = stackFlows[rng.int(0...(stackFlows.count - 1))]
            if sum < wanted, spec.size < 40 {
                spec.size += 1
                sum += 1
            } else if sum > wanted, spec.size > max(10, spec.children.count + 3) {
                spec.size -= 1
                sum -= 1
            }
        }
        return root
    }

    // MARK: Programs

    func generate(steps total: Int) -> String {
        let root = plan(steps: total)
        out.line("// Generated by flowgraph-program-generator: a benchmark program of about \(total) steps.")
        out.line("// Do not edit; generate again.")
        out.line()
        root.linkNeeds = []
        var queue = [root]
        var head = 0
        while head < queue.count {
            let spec = queue[head]
            head += 1
            stats.flows += 1
            stats.maxDepth = max(stats.maxDepth, spec.depth)
            if spec.isTabs {
                stats.tabsFlows += 1
                emitTabs(spec, isRoot: spec === root)
            } else {
                emitStack(spec)
            }
            queue.append(contentsOf: spec.children)
        }
        return out.text
    }

    func childExits(_ child: FlowSpec) -> [ExitSpec] {
        var exits = [ExitSpec(name: "cancelled", params: [])]
        if child.isTabs { return exits }
        if rng.chance(50) { exits.append(ExitSpec(name: "finished", params: [])) }
        if rng.chance(50) { exits.append(ExitSpec(name: lowerFirst(child.noun) + "Chosen", params: [.id(child.noun)])) }
        return exits
    }

    func emitTabs(_ spec: FlowSpec, isRoot: Bool) {
        let tabs = spec.children
        for tab in tabs {
            tab.linkNeeds = spec.linkNeeds
            tab.exits = isRoot ? [] : [ExitSpec(name: "cancelled", params: [])]
        }
        stats.steps += tabs.count
        out.line(isRoot
            ? "/// The root of the app: a tab bar whose tabs each run their own navigation stack."
            : "/// A tab bar presented inside the \(slug(spec.noun)) area; closing any tab finishes it.")
        out.line("flow \(spec.name) tabs {")
        out.line("    start \(tabs[0].name)")
        out.line()
        if !isRoot {
            out.line("    exit cancelled")
            out.line()
        }
        for tab in tabs {
            if rng.chance(50) { out.line("    /// The \(slug(tab.noun)) tab.") }
            if isRoot {
                out.line("    step \(tab.name) runs \(tab.name)")
            } else {
                out.line("    step \(tab.name) runs \(tab.name) {")
                out.line("        on cancelled -> exit cancelled")
                out.line("    }")
            }
        }
        out.line()
        for tab in tabs {
            out.line("    on \(lowerFirst(tab.name))TabRequested -> select \(tab.name)")
        }
        if isRoot { out.line("    on signedOut -> select \(tabs[0].name)") }
        out.line("}")
        out.line()
    }
}
