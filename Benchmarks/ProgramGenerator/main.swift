// Generates realistic .flow programs of any size, deterministically from a seed, for
// benchmarks. The programs are built so that `flowgraph check --strict` finds nothing:
//
//   flowgraph-program-generator --steps N [--seed S] [--output FILE] [--stubs FILE]
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

// MARK: - Random numbers

/// SplitMix64: small, fast, and the same sequence on every machine.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in `range` (modulo bias is irrelevant here).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % width)
    }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

// MARK: - Vocabulary

let nouns = [
    "Product", "Category", "Order", "Review", "Address", "Payment", "Card", "Message", "Photo",
    "Album", "Playlist", "Track", "Artist", "Ticket", "Venue", "Recipe", "Workout", "Route", "Trip",
    "Booking", "Hotel", "Flight", "Invoice", "Contact", "Note", "Project", "Team", "Member",
    "Channel", "Document", "Folder", "Comment", "Coupon", "Store", "Device", "Subscription", "Badge",
    "Goal", "Lesson", "Course", "Quiz", "Story", "Podcast", "Episode", "Movie", "Reminder",
    "Meeting", "Expense", "Budget", "Shipment", "Vehicle", "Ride", "Restaurant", "Dish", "Garden",
    "Plant", "Pet", "Doctor", "Appointment", "Listing",
]
/// Second halves of flow names; disjoint from the step kinds below.
let areas = [
    "Browse", "Checkout", "Library", "Onboarding", "Profile", "Inbox", "Wallet", "Planner",
    "Support", "Sharing", "Tracker", "Studio", "Archive", "Feed", "Explorer", "Account", "Catalog",
    "Center", "Manager", "Booker",
]
let startKinds = ["Home", "Overview", "Dashboard", "Hub"]
let pushKinds = [
    "List", "Detail", "Search", "History", "Reviews", "Summary", "Editor", "Options", "Comments",
    "Stats", "Map", "Preview", "Details", "Timeline",
]
let sheetKinds = ["Filters", "Share", "Picker", "Composer", "Settings", "Info", "Report", "Sort"]
let coverKinds = ["Gallery", "Player", "Scanner", "Camera", "Viewer", "Tour", "Lock"]
let replaceKinds = ["Confirmation", "Receipt", "Result", "Done"]
let guardNames: [(name: String, isAsync: Bool)] = [
    ("isSignedIn", false), ("hasPremium", false), ("isOnline", false), ("canEdit", false),
    ("isVerified", false), ("hasCameraAccess", true), ("paymentAuthorized", true),
    ("hasConsent", true), ("locationAllowed", true), ("isOwner", false),
]

func lowerFirst(_ s: String) -> String { s.prefix(1).lowercased() + s.dropFirst() }
func words(_ s: String) -> String { slug(s).split(separator: "-").joined(separator: " ") }
func slug(_ s: String) -> String {
    var out = ""
    for c in s {
        if c.isUppercase, !out.isEmpty { out.append("-") }
        out += c.lowercased()
    }
    return out
}

// MARK: - Model

struct Param: Equatable {
    let name: String
    let type: String
    /// A non-optional type that converts from text (`Int`, `String`, an ID): can be a placeholder.
    let linkable: Bool
    static func id(_ noun: String) -> Param { Param(name: lowerFirst(noun), type: noun + "ID", linkable: true) }
    static func items(_ noun: String) -> Param { Param(name: lowerFirst(noun) + "Items", type: "[\(noun)Item]", linkable: false) }
    static func draft(_ noun: String) -> Param { Param(name: lowerFirst(noun) + "Draft", type: noun + "Draft", linkable: false) }
    static func filters(_ noun: String) -> Param { Param(name: lowerFirst(noun) + "Filters", type: noun + "Filters", linkable: false) }
    static let query = Param(name: "query", type: "String", linkable: true)
    static let index = Param(name: "index", type: "Int", linkable: true)
    static let reason = Param(name: "reason", type: "String?", linkable: false)
    static let amount = Param(name: "amount", type: "Money", linkable: false)
}

func paramList(_ params: [Param]) -> String {
    params.isEmpty ? "" : "(" + params.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
}

struct ExitSpec {
    let name: String
    let params: [Param]
}

final class FlowSpec {
    let name: String
    let noun: String
    let isTabs: Bool
    var size = 0
    var children: [FlowSpec] = []
    var depth = 0
    // Filled in by the parent before the flow is generated.
    var startInputs: [Param] = []
    var exits: [ExitSpec] = []
    /// When a link can reach the start (by moves a link replays), the inputs the steps on the way need.
    var linkNeeds: [Param]?
    init(name: String, noun: String, isTabs: Bool) {
        self.name = name
        self.noun = noun
        self.isTabs = isTabs
    }
}

enum ActionKind: String {
    case push, sheet, cover, replace, root, pop, popTo, dismiss, select, exit
}

struct Action {
    let kind: ActionKind
    let target: String?
    var text: String { target.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue }
}

struct Clause {
    var event: String
    var payload: [Param]
    var actions: [Action]
    /// `guards[i]` conditions `actions[i]`; `actions[i + 1]` is its `else`.
    var guards: [(name: String, negated: Bool)] = []
    var doc: String?
    var isExitHandler = false
    /// Index of the step the first action goes to (forward moves only).
    var targetIndex: Int?
}

enum Entry { case start, push, sheet, cover, replace, flowLevel }

final class Step {
    let name: String
    let noun: String
    var inputs: [Param]
    let group: Int
    let isBottom: Bool
    var runs: FlowSpec?
    var clauses: [Clause] = []
    var usedEvents = Set<String>()
    var parent: Int?
    var entry: Entry
    var doc: String?
    /// When a link can reach the step from the root (by moves a link replays), the inputs that the
    /// steps on the way, this one included, need: a link to it must give them all.
    var linkNeeds: [Param]?
    init(name: String, noun: String, inputs: [Param], group: Int, isBottom: Bool, entry: Entry) {
        self.name = name
        self.noun = noun
        self.inputs = inputs
        self.group = group
        self.isBottom = isBottom
        self.entry = entry
    }
    var isPlain: Bool { runs == nil }
}

struct Group {
    let kind: Entry // .start (base), .sheet or .cover
    var members: [Int]
}

// MARK: - Output

struct Output {
    var text = ""
    mutating func line(_ s: String = "") {
        text += s
        text += "\n"
    }
}

// MARK: - Generator

final class Generator {
    var rng: SplitMix64
    var out = Output()
    var usedFlowNames = Set<String>()
    var usedNouns = Set<String>()
    var stats = (flows: 0, tabsFlows: 0, steps: 0, guards: 0, links: 0, clauses: 0, maxDepth: 0)

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

    // MARK: Stack flows

    var steps: [Step] = []
    var groups: [Group] = []
    var names = Set<String>()
    var registry: [String: [Param]] = [:]
    var flowNouns: [String] = []

    func uniqueStepName(_ base: String) -> String {
        numbered(base, avoiding: &names)
    }

    /// The first of `bases` (then numbered variants) that this flow gives `payload` and the step does not use yet.
    func eventName(_ bases: [String], _ payload: [Param], in step: Step?) -> String {
        func fits(_ name: String) -> Bool {
            if let step, step.usedEvents.contains(name) { return false }
            if let known = registry[name] { return known == payload }
            return true
        }
        var chosen: String? = bases.first(where: fits)
        var n = 2
        while chosen == nil {
            let candidate = bases[0] + String(n)
            if fits(candidate) { chosen = candidate }
            n += 1
        }
        registry[chosen!] = payload
        step?.usedEvents.insert(chosen!)
        return chosen!
    }

    func inputs(forKind kind: String, noun: String) -> [Param] {
        switch kind {
        case "Detail", "Details", "Reviews", "Comments", "Stats", "Map", "Preview", "Share", "Player", "Viewer", "Timeline":
            return [.id(noun)]
        case "Search": return [.query]
        case "Editor": return [.draft(noun)]
        case "Composer": return rng.chance(50) ? [.draft(noun), .reason] : [.reason]
        case "Summary": return [.items(noun)]
        case "Gallery": return [.id(noun), .index]
        case "Report": return [.id(noun), .reason]
        case "Confirmation", "Receipt", "Result": return rng.chance(50) ? [.id(noun)] : [.id(noun), .amount]
        case "Sort": return [.filters(noun)]
        default: return []
        }
    }

    func addStep(kind: String, group: Int, isBottom: Bool, entry: Entry, parent: Int?, inputs explicit: [Param]? = nil, noun: String? = nil) -> Int {
        let noun = noun ?? rng.pick(flowNouns)
        let step = Step(
            name: uniqueStepName(noun + kind), noun: noun,
            inputs: explicit ?? inputs(forKind: kind, noun: noun),
            group: group, isBottom: isBottom, entry: entry)
        step.parent = parent
        steps.append(step)
        groups[group].members.append(steps.count - 1)
        return steps.count - 1
    }

    /// Adds `from`'s clause that moves to `to` with `kind`.
    func connect(_ from: Int, _ to: Int, _ kind: ActionKind, doc: String? = nil) {
        let target = steps[to]
        let verbs: [String]
        switch kind {
        case .push: verbs = ["Picked", "Tapped", "Selected", "Opened"]
        case .sheet: verbs = ["Requested", "Tapped", "ButtonTapped"]
        case .cover: verbs = ["Opened", "Requested", "Tapped"]
        case .replace: verbs = ["Confirmed", "Completed", "Continued"]
        default: verbs = ["Tapped"]
        }
        let base = lowerFirst(target.name)
        let event = eventName(verbs.map { base + $0 }, target.inputs, in: steps[from])
        steps[from].clauses.append(Clause(
            event: event, payload: target.inputs,
            actions: [Action(kind: kind, target: target.name)], doc: doc, targetIndex: to))
    }

    func plainSteps(where predicate: (Step) -> Bool = { _ in true }) -> [Int] {
        steps.indices.filter { steps[$0].isPlain && predicate(steps[$0]) }
    }

    func emitStack(_ spec: FlowSpec) {
        steps = []
        groups = [Group(kind: .start, members: [])]
        names = []
        registry = [:]
        flowNouns = [spec.noun] + (0..<rng.int(1...3)).map { _ in rng.pick(nouns) }
        let hasExits = !spec.exits.isEmpty
        var flowLevel: [Clause] = []

        let start = addStep(kind: rng.pick(startKinds), group: 0, isBottom: true, entry: .start, parent: nil,
                            inputs: spec.startInputs, noun: spec.noun)
        steps[start].linkNeeds = spec.linkNeeds
        /// `root Start` needs the start's inputs, which only the step that runs this flow has.
        let canRoot = spec.startInputs.isEmpty
        let plainCount = spec.size - spec.children.count

        // Plain steps: pushes in a group, new sheets and covers, replacements.
        while steps.count < plainCount {
            let roll = rng.int(0...99)
            let sources = plainSteps()
            if roll < 18 {
                let isCover = rng.chance(30)
                groups.append(Group(kind: isCover ? .cover : .sheet, members: []))
                let flowLevelSheet = !isCover && flowLevel.isEmpty && rng.chance(25)
                let kind = isCover ? rng.pick(coverKinds) : rng.pick(sheetKinds)
                let from = rng.pick(sources)
                let index = addStep(kind: kind, group: groups.count - 1, isBottom: true,
                                    entry: flowLevelSheet ? .flowLevel : (isCover ? .cover : .sheet),
                                    parent: flowLevelSheet ? nil : from,
                                    inputs: flowLevelSheet ? [] : nil)
                if flowLevelSheet {
                    let event = eventName(["helpRequested", lowerFirst(steps[index].name) + "Requested"], [], in: nil)
                    flowLevel.append(Clause(event: event, payload: [], actions: [Action(kind: .sheet, target: steps[index].name)],
                                            doc: "The help button sits in the toolbar of every screen of this flow."))
                } else {
                    connect(from, index, isCover ? .cover : .sheet)
                }
            } else if roll < 26, let from = sources.filter({ !steps[$0].isBottom }).randomElement(using: &rng) {
                let index = addStep(kind: rng.pick(replaceKinds), group: steps[from].group, isBottom: false,
                                    entry: .replace, parent: from)
                connect(from, index, .replace, doc: rng.chance(30) ? "Replaces the screen, so going back cannot repeat it." : nil)
            } else {
                let group = rng.chance(65) || groups.count == 1 ? 0 : rng.int(1...(groups.count - 1))
                let from = rng.pick(groups[group].members)
                // Often about the same thing as the screen it comes from (a product's reviews).
                let noun = steps[from].inputs.contains(.id(steps[from].noun)) && rng.chance(60) ? steps[from].noun : nil
                let index = addStep(kind: rng.pick(pushKinds), group: group, isBottom: false, entry: .push, parent: from, noun: noun)
                connect(from, index, .push)
            }
        }

        // Steps that run subflows.
        for child in spec.children {
            let roll = rng.int(0...99)
            let stepInputs: [Param] = child.isTabs || rng.chance(50) ? [] : [.id(child.noun)]
            let index: Int
            if roll < 60 {
                let modal = groups.indices.filter { $0 > 0 && groups[$0].members.contains { steps[$0].isPlain } }
                let group = rng.chance(75) || modal.isEmpty ? 0 : rng.pick(modal)
                let from = rng.pick(groups[group].members.filter { steps[$0].isPlain })
                index = addStep(kind: "", group: group, isBottom: false, entry: .push, parent: from, inputs: stepInputs, noun: child.name)
                steps[index].runs = child
                connect(from, index, .push)
            } else {
                let isCover = roll >= 90
                groups.append(Group(kind: isCover ? .cover : .sheet, members: []))
                let from = rng.pick(plainSteps())
                index = addStep(kind: "", group: groups.count - 1, isBottom: true, entry: isCover ? .cover : .sheet,
                                parent: from, inputs: stepInputs, noun: child.name)
                steps[index].runs = child
                connect(from, index, isCover ? .cover : .sheet)
            }
            child.startInputs = stepInputs
            child.exits = childExits(child)
            let runner = steps[index]
            for exit in child.exits {
                var action: Action
                if exit.name != "cancelled", hasExits, rng.chance(20) {
                    action = Action(kind: .exit, target: spec.exits[0].name)
                } else if runner.isBottom {
                    action = Action(kind: .dismiss, target: nil)
                    if exit.name != "cancelled", canRoot, rng.chance(30) { action = Action(kind: .root, target: steps[start].name) }
                } else {
                    action = Action(kind: .pop, target: nil)
                    if exit.name != "cancelled", rng.chance(50) {
                        let kind = rng.pick(replaceKinds)
                        let target = addStep(kind: kind, group: runner.group, isBottom: false, entry: .replace, parent: index,
                                             inputs: exit.params, noun: child.noun)
                        action = Action(kind: .replace, target: steps[target].name)
                    }
                }
                runner.clauses.append(Clause(event: exit.name, payload: [], actions: [action], isExitHandler: true))
            }
            if rng.chance(40) { runner.doc = "Runs \(child.name) \(runner.isBottom ? "presented over the current screen" : "pushed on the stack")." }
        }

        // Extra moves between existing steps: pushes inside a group, presentations of modal bottoms.
        let extra = spec.size / 5
        for _ in 0..<extra {
            let from = rng.pick(plainSteps())
            let sameGroup = groups[steps[from].group].members.filter { !steps[$0].isBottom && steps[$0].entry == .push }
            if rng.chance(60), let to = sameGroup.randomElement(using: &rng) {
                if !steps[from].clauses.contains(where: { $0.targetIndex == to }) { connect(from, to, .push) }
            } else {
                let bottoms = steps.indices.filter { steps[$0].isBottom && (steps[$0].entry == .sheet || steps[$0].entry == .cover) && $0 != from }
                if let to = bottoms.randomElement(using: &rng), !steps[from].clauses.contains(where: { $0.targetIndex == to }) {
                    connect(from, to, steps[to].entry == .cover ? .cover : .sheet)
                }
            }
        }

        // Which steps are below each step on every path (greatest fixpoint over push and replace).
        var indexByName: [String: Int] = [:]
        for (i, step) in steps.enumerated() { indexByName[step.name] = i }
        var below = [Set<Int>](repeating: [], count: steps.count)
        var entries = [[(from: Int, push: Bool)]](repeating: [], count: steps.count)
        for (i, step) in steps.enumerated() {
            for clause in step.clauses {
                for action in clause.actions where action.kind == .push || action.kind == .replace {
                    if let to = indexByName[action.target!] { entries[to].append((i, action.kind == .push)) }
                }
            }
        }
        for i in steps.indices where !steps[i].isBottom { below[i] = Set(groups[steps[i].group].members) }
        var changed = true
        while changed {
            changed = false
            for i in steps.indices where !steps[i].isBottom {
                var set: Set<Int>? = nil
                for entry in entries[i] {
                    var s = below[entry.from]
                    if entry.push { s.insert(entry.from) }
                    set = set.map { $0.intersection(s) } ?? s
                }
                let new = set ?? []
                if new != below[i] {
                    below[i] = new
                    changed = true
                }
            }
        }

        // Back moves, roots and exits.
        for i in plainSteps() {
            let step = steps[i]
            let modal = groups[step.group].kind != .start
            if !step.isBottom, rng.chance(35) {
                let payload: [Param] = rng.chance(40) ? [.id(step.noun)] : []
                let bases = payload.isEmpty ? ["doneTapped", "backTapped", "savedTapped"] : [lowerFirst(step.noun) + "Saved", lowerFirst(step.noun) + "Updated"]
                step.clauses.append(Clause(event: eventName(bases, payload, in: step), payload: payload, actions: [Action(kind: .pop, target: nil)]))
            }
            if !step.isBottom, rng.chance(25), let to = below[i].sorted().randomElement(using: &rng) {
                let event = eventName(["backTo\(steps[to].name)Tapped"], [], in: step)
                step.clauses.append(Clause(event: event, payload: [], actions: [Action(kind: .popTo, target: steps[to].name)],
                                           doc: rng.chance(30) ? "Straight back to \(words(steps[to].name))." : nil))
            }
            if modal, (step.isBottom && (groups[step.group].kind == .cover || rng.chance(80))) || (!step.isBottom && rng.chance(25)) {
                if step.isBottom, rng.chance(30), step.inputs.count == 1 {
                    let payload = [Param.filters(step.noun)]
                    let event = eventName([lowerFirst(step.noun) + "FiltersApplied", lowerFirst(step.name) + "Applied"], payload, in: step)
                    step.clauses.append(Clause(event: event, payload: payload, actions: [Action(kind: .dismiss, target: nil)]))
                }
                step.clauses.append(Clause(event: eventName(["closeTapped", "cancelTapped", "dismissTapped"], [], in: step), payload: [],
                                           actions: [Action(kind: .dismiss, target: nil)]))
            }
            if i != start, canRoot, rng.chance(5) {
                step.clauses.append(Clause(event: eventName(["startOverTapped", "homeTapped"], [], in: step), payload: [],
                                           actions: [Action(kind: .root, target: steps[start].name)]))
            }
        }
        if hasExits {
            for (n, exit) in spec.exits.enumerated() {
                let from = n == 0 ? start : rng.pick(plainSteps())
                let bases = exit.params.isEmpty
                    ? (exit.name == "cancelled" ? ["cancelTapped", "closeTapped"] : ["finishTapped", "doneTapped", "allSetTapped"])
                    : [lowerFirst(spec.noun) + "Confirmed", lowerFirst(spec.noun) + "Picked"]
                let event = eventName(bases, exit.params, in: steps[from])
                steps[from].clauses.append(Clause(event: event, payload: exit.params, actions: [Action(kind: .exit, target: exit.name)],
                                                  doc: n == 0 && rng.chance(40) ? "Closes the whole flow." : nil))
            }
        }

        // Guards: some forward moves get a condition, an `else`, sometimes a chain.
        let inputlessSheets = steps.indices.filter { steps[$0].isBottom && steps[$0].entry == .sheet && steps[$0].inputs.isEmpty }
        let guardCount = min(rng.chance(40) ? 0 : (rng.chance(65) ? 1 : 2), 2)
        var available = guardNames
        var declared: [(name: String, isAsync: Bool)] = []
        var usable: [(Int, Int)] = []
        for i in plainSteps() {
            for (c, clause) in steps[i].clauses.enumerated() where [.push, .sheet, .cover, .replace].contains(clause.actions[0].kind) {
                usable.append((i, c))
            }
        }
        for _ in 0..<guardCount where !usable.isEmpty {
            let g = available.remove(at: rng.int(0...(available.count - 1)))
            declared.append(g)
            for use in 0..<rng.int(1...2) where !usable.isEmpty {
                let (i, c) = usable.remove(at: rng.int(0...(usable.count - 1)))
                var clause = steps[i].clauses[c]
                let negated = rng.chance(15)
                clause.guards = [(g.name, negated)]
                let roll = rng.int(0...99)
                let sheets = inputlessSheets.filter { $0 != clause.targetIndex }
                if roll < 55, let sheet = sheets.randomElement(using: &rng) {
                    clause.actions.append(Action(kind: .sheet, target: steps[sheet].name))
                    // An else chain: a second guard asked when the first blocks.
                    if declared.count == 2, use == 0, rng.chance(60), let other = sheets.filter({ $0 != sheet }).randomElement(using: &rng) {
                        clause.guards.append((declared[0].name, false))
                        clause.actions.append(Action(kind: .sheet, target: steps[other].name))
                    }
                } else if roll < 75, !steps[i].isBottom {
                    clause.actions.append(Action(kind: .pop, target: nil))
                }
                if rng.chance(40) { clause.doc = "Asks \(g.name) first\(clause.actions.count > 1 ? "; otherwise the fallback" : "")." }
                steps[i].clauses[c] = clause
            }
        }
        stats.guards += declared.count

        // Which steps a link can open: along each step's first entry (the first action of a plain step's
        // clause: not an `else`, not an exit handler, not flow-level), collecting the inputs on the way.
        // Parents come before their children in `steps`.
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

        // Flow-level clauses.
        if canRoot, rng.chance(40) {
            let event = eventName(["sessionExpired"], [], in: nil)
            flowLevel.append(Clause(event: event, payload: [], actions: [Action(kind: .root, target: steps[start].name)],
                                    doc: "The server revoked the session."))
        }

        // Text.
        stats.steps += steps.count
        stats.links += links.count
        out.line("/// The \(words(spec.noun)) area: \(steps.count) screens.")
        if hasExits { out.line("/// Finishes with \(spec.exits.map { "`\($0.name)`" }.joined(separator: ", ")).") }
        out.line("flow \(spec.name) {")
        out.line("    start \(steps[start].name)")
        out.line()
        for g in declared {
            if rng.chance(50) { out.line("    /// \(g.isAsync ? "Asked asynchronously; the app may show a system prompt." : "Known at once from the app's state.")") }
            out.line("    guard \(g.isAsync ? "async " : "")\(g.name)")
        }
        for (pattern, target) in links { out.line("    link \"\(pattern)\" -> \(steps[target].name)") }
        if !declared.isEmpty || !links.isEmpty { out.line() }
        for step in steps {
            if let doc = step.doc { out.line("    /// \(doc)") }
            var head = "    step \(step.name)\(paramList(step.inputs))"
            if let runs = step.runs { head += " runs \(runs.name)" }
            if step.clauses.isEmpty {
                out.line(head)
                continue
            }
            out.line(head + " {")
            for clause in step.clauses { emit(clause, indent: "        ") }
            out.line("    }")
            stats.clauses += step.clauses.count
        }
        if !spec.exits.isEmpty {
            out.line()
            for exit in spec.exits { out.line("    exit \(exit.name)\(paramList(exit.params))") }
        }
        if !flowLevel.isEmpty {
            out.line()
            for clause in flowLevel { emit(clause, indent: "    ") }
        }
        out.line("}")
        out.line()
    }

    func emit(_ clause: Clause, indent: String) {
        if let doc = clause.doc { out.line(indent + "/// " + doc) }
        var text = indent + "on " + clause.event + (clause.isExitHandler ? "" : paramList(clause.payload)) + " -> "
        for (i, action) in clause.actions.enumerated() {
            if i > 0 { text += " else " }
            text += action.text
            if i < clause.guards.count { text += " if " + (clause.guards[i].negated ? "!" : "") + clause.guards[i].name }
        }
        out.line(text)
    }
}

extension Array {
    func randomElement(using rng: inout SplitMix64) -> Element? {
        isEmpty ? nil : self[rng.int(0...(count - 1))]
    }
}

// MARK: - Stubs

func stubs() -> String {
    var text = "// Generated by flowgraph-program-generator: the types the generated programs name.\n\n"
    var types = ["Money"]
    for noun in nouns { types += [noun + "ID", noun + "Item", noun + "Draft", noun + "Filters"] }
    for type in types {
        text += """
        struct \(type): Hashable, Sendable, LosslessStringConvertible {
            var description: String
            init?(_ description: String) { self.description = description }
        }

        """
    }
    return text
}

// MARK: - Command line

func fail(_ message: String) -> Never {
    FileHandleStderr.write("flowgraph-program-generator: \(message)\nusage: flowgraph-program-generator --steps N [--seed S] [--output FILE] [--stubs FILE]\n")
    exit(2)
}

enum FileHandleStderr {
    static func write(_ s: String) { writeAll(2, s) }
}

func writeAll(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n <= 0 { fail("cannot write the output") }
        offset += n
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func writeFile(_ path: String, _ text: String) {
    guard let file = fopen(path, "wb") else { fail("cannot write '\(path)'") }
    var bytes = Array(text.utf8)
    if !bytes.isEmpty, fwrite(&bytes, 1, bytes.count, file) != bytes.count { fail("cannot write '\(path)'") }
    fclose(file)
}

var stepsWanted: Int?
var seed: UInt64 = 1
var outputPath: String?
var stubsPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let v = arguments.popFirst() else { fail("\(argument) needs a value") }
        return v
    }
    switch argument {
    case "--steps": stepsWanted = Int(value())
    case "--seed": seed = UInt64(value()) ?? { fail("--seed needs a number") }()
    case "--output", "-o": outputPath = value()
    case "--stubs": stubsPath = value()
    case "--stats": break
    default: fail("unknown argument '\(argument)'")
    }
}
guard let stepsWanted, stepsWanted > 0 else { fail("--steps N is required") }

let generator = Generator(seed: seed)
let program = generator.generate(steps: stepsWanted)
if let outputPath { writeFile(outputPath, program) } else { writeAll(1, program) }
if let stubsPath { writeFile(stubsPath, stubs()) }
if CommandLine.arguments.contains("--stats") {
    let s = generator.stats
    FileHandleStderr.write("flows \(s.flows) (tabs \(s.tabsFlows)), steps \(s.steps), clauses \(s.clauses), guards \(s.guards), links \(s.links), max subflow depth \(s.maxDepth)\n")
}

/// `base`, or `base2`, `base3`... : the first not in `used`, which it joins.
func numbered(_ base: String, avoiding used: inout Set<String>) -> String {
    var name = base
    var n = 2
    while used.contains(name) {
        name = base + String(n)
        n += 1
    }
    used.insert(name)
    return name
}
