// The harness generator's builder: one instance writes one program from one random stream.
//
// It works in passes over a model (HarnessModel.swift), so that the rules of `check --strict` hold
// by construction:
// 1. plan the tree of flows (HarnessBuilder+Plan.swift): the root (a stack, a tab bar, or an app
//    shell that starts at onboarding or at a tab bar), subflows with exits, tab flows, a group;
// 2. build every flow's forward moves, top-down (HarnessBuilder+Stack.swift): pushes, sheets,
//    popovers, covers, locked sheets, replace, root, select, alerts, pickers, runners, links that
//    move; every step is created as the target of a move from a step already reachable;
// 3. find each flow's abstract states (HarnessFacts) and only then add the back moves that are
//    valid in every state of their step (HarnessBuilder+Back.swift): pop, popTo, dismiss, close,
//    back-then-show clauses, exit clauses, the way out of every cover and locked sheet, an exit
//    reachable from every base of a subflow;
// 4. add path links and `at` where the deep-link search (HarnessLinkSearch) finds a path
//    (HarnessBuilder+Links.swift).
// Event names are unique in the program, so every event carries one payload; a move's payload is
// its target's inputs (and its guards' arguments) by name and type; names of steps, flows, groups
// and alerts are unique in the program.

/// Builds one harness program from a seed: plans it, builds its flows, adds back moves and links.
final class HarnessBuilder {
    var rng: HarnessRandom
    /// The draws of `compact` presentations, apart: a construct added later should not change
    /// every other decision of the seeds (the other constructs' shares are measured on them).
    var presentationRng: HarnessRandom
    /// The draws of split views, apart for the same reason.
    var splitRng: HarnessRandom
    let program = HProgram()
    /// A smaller program with fewer constructs, for the fallback when attempts keep failing.
    let simple: Bool
    var names = Set<String>()
    var events = Set<String>()
    var guardNames = Set<String>()
    var linkKeys = Set<String>()
    /// How many guards `addDecisions` declared, to name the next one.
    var decisionGuards = 0
    /// What the plan decided about each flow, by name.
    var plans: [String: FlowPlan] = [:]
    /// The group the plan decided on, if any.
    var plannedGroup: GroupPlan?
    /// Clauses that show a step running a subflow, which may take an `at` later (`fixed`: an exit
    /// handler, whose payload is the exit's and cannot grow).
    var runnerEntries: [(flow: String, clause: HClause, runner: HStep, fixed: Bool)] = []
    /// Steps that run a subflow and handle its exits in pass 3.
    var runners: [HStep] = []
    /// Pickers: each hands `value` back to `receiver`, the only step that shows it.
    var pickers: [(picker: HStep, receiver: HStep, value: HParam)] = []
    /// The steps that show each alert, by name.
    var alertShowers: [String: [HStep]] = [:]
    /// The group's steps the flows that use it show.
    var groupEntries: [HStep] = []
    /// Steps shown by a clause that goes back first: their own back moves come in a later pass.
    var lateSteps: [HStep] = []
    /// No pass adds a step to a flow that has this many (a group's steps count apart).
    static let maxSteps = 12
    /// Why the attempt failed, when it did.
    var failure: String?

    init(seed: UInt64, simple: Bool = false) {
        rng = HarnessRandom(seed: seed)
        presentationRng = HarnessRandom(seed: seed ^ 0x5EED_C0DE_CAFE_F00D)
        splitRng = HarnessRandom(seed: seed ^ 0x5B11_7C01_0000_BEEF)
        self.simple = simple
    }

    /// Builds the program, or returns nil with `failure` set when a pass could not keep a rule.
    func build() -> HProgram? {
        let order = plan()
        if let group = plannedGroup { buildGroup(group) }
        for plan in order {
            guard let flow = program.flow(plan.name) else { continue }
            if flow.isTabs { buildTabs(flow, plan) } else { buildStack(flow, plan) }
        }
        addBackMoves()
        guard failure == nil else { return nil }
        if !simple { addOpens() }
        if !simple { addKeptLinks() }
        addLinksAndAts()
        guard failure == nil else { return nil }
        if !simple { addStepLocks() }
        if !simple { addLaunches() }
        if !simple { addRestarts() }
        if !simple { addTabConditions() }
        if !simple { addTabItems() }
        if !simple { addDetents() }
        if !simple { addLikes() }
        if !simple { addSplitView() }
        return program
    }

    func fail(_ reason: String) {
        if failure == nil { failure = reason }
    }

    // MARK: Names

    /// A name unique in the program among flows, groups, steps and alerts (whatever the case).
    func unique(_ base: String) -> String {
        var name = base
        var number = 2
        while names.contains(name.lowercased()) {
            name = base + String(number)
            number += 1
        }
        names.insert(name.lowercased())
        return name
    }

    /// An event name unique in the program, so that each event carries one payload.
    func event(_ base: String) -> String {
        var name = base
        var number = 2
        while events.contains(name.lowercased()) {
            name = base + String(number)
            number += 1
        }
        events.insert(name.lowercased())
        return name
    }

    /// A guard declared in `scope`: plain (a start or a lock may ask it), async, or with arguments
    /// taken from `payload` (which gets them when it lacks them).
    func newGuard(in scope: HScope, kind: GuardKind, payload: inout [HParam]) -> HCondition {
        var declaration: HGuard
        switch kind {
        case .plain:
            declaration = HGuard(name: guardName(rng.pick(HarnessVocabulary.plainGuards)))
        case .async:
            declaration = HGuard(name: guardName(rng.pick(HarnessVocabulary.asyncGuards)), isAsync: true)
        case .arguments:
            let argument = payload.first { !$0.isOptional } ?? rng.pick(HarnessVocabulary.required)
            if !payload.contains(argument) { payload.append(argument) }
            declaration = HGuard(name: guardName(rng.pick(HarnessVocabulary.argumentGuards)), isAsync: rng.chance(30), params: [argument])
        }
        scope.guards.append(declaration)
        return HCondition(guardName: declaration.name, negated: rng.chance(30))
    }

    /// A guard a start or a lock may ask (`plain`), an `async` one, or one asked about a value.
    enum GuardKind { case plain, async, arguments }

    /// A random kind of guard for a clause's condition.
    func anyGuardKind() -> GuardKind {
        switch rng.int(0...9) {
        case 0...3: .plain
        case 4...6: .async
        default: .arguments
        }
    }

    private func guardName(_ base: String) -> String {
        var name = base
        var number = 2
        while guardNames.contains(name.lowercased()) || events.contains(name.lowercased()) {
            name = base + String(number)
            number += 1
        }
        guardNames.insert(name.lowercased())
        return name
    }

    // MARK: Steps and clauses

    /// A new step of `scope`, named from `noun`.
    @discardableResult
    func addStep(_ noun: String, to scope: HScope, inputs: [HParam] = [], runs: String? = nil) -> HStep {
        let step = HStep(unique(noun), inputs: inputs, runs: runs)
        if let group = scope as? HGroup { step.group = group.name } else { step.flow = scope.name }
        scope.steps.append(step)
        return step
    }

    /// A clause that shows `target` with `kind`: its event is new, its payload the target's inputs.
    func show(_ target: HStep, _ kind: HMoveKind, lock: HLock? = nil, extra: [HParam] = []) -> HClause {
        let verb: String
        switch kind {
        case .push: verb = rng.pick(["open", "show", "go"])
        case .sheet, .popover: verb = rng.pick(["present", "compose", "pick"])
        case .cover: verb = "cover"
        case .replace: verb = "switch"
        case .root: verb = "restart"
        default: verb = kind.rawValue
        }
        var payload = target.inputs
        for param in extra where !payload.contains(param) { payload.append(param) }
        var move = HMove(kind, target.name, lock: lock)
        // `sheet X compact cover`: another presentation on compact widths, now and then.
        if [.sheet, .popover, .cover].contains(kind), presentationRng.chance(8) {
            move.compact = presentationRng.pick([HMoveKind.sheet, .popover, .cover].filter { $0 != kind })
        }
        return HClause(event(verb + target.name), payload: payload, move)
    }

    /// Inputs for a step shown from `parent`: often the parent's own (so that links can follow), a
    /// new required one, sometimes an optional one.
    func inputs(after parent: HStep?) -> [HParam] {
        var result: [HParam] = []
        if let parent, rng.chance(45), let inherited = rng.pickIfAny(parent.inputs.filter { !$0.isOptional }) {
            result.append(inherited)
        }
        if rng.chance(35) {
            let param = rng.pick(HarnessVocabulary.required)
            if !result.contains(where: { $0.name == param.name }) { result.append(param) }
        }
        if rng.chance(15) {
            let param = rng.pick(HarnessVocabulary.optional)
            if !result.contains(where: { $0.name == param.name }) { result.append(param) }
        }
        return result
    }

    /// The steps of `flow` that may hold a new forward clause: its screens, not its pickers.
    func anchors(of flow: HScope) -> [HStep] {
        flow.steps.filter { $0.runs == nil && !$0.isPrivate }
    }
}

/// The words the generator names things with, and the parameters it types them with.
enum HarnessVocabulary {
    static let nouns = [
        "Inbox", "Detail", "Profile", "Settings", "Search", "Results", "Cart", "Checkout", "Summary", "Receipt",
        "Photo", "Gallery", "Editor", "Composer", "Filter", "Options", "Preview", "Account", "Privacy", "Help",
        "About", "Terms", "Feed", "Thread", "Reply", "Notes", "Archive", "Player", "Share", "Report", "Password",
        "Language", "Theme", "Storage", "Topic", "Calendar", "Draft", "Contacts", "Invite", "Billing", "Plans",
        "Coupon", "Address", "Tracking", "Review", "Rating", "Media", "Story", "Banner", "Upgrade",
    ]
    static let startNouns = ["Home", "Overview", "Dashboard", "Start", "Lobby", "Main"]
    static let flowAreas = ["Shop", "Mail", "Social", "Reader", "Travel", "Music", "Photos", "Wallet", "Notes", "Health"]
    static let plainGuards = ["isSignedIn", "hasOnboarded", "isPremium", "prefersCompact", "hasUnsavedText", "isOffline"]
    static let asyncGuards = ["hasPhotoAccess", "canNotify", "isVerified", "hasLocation"]
    static let argumentGuards = ["canOpen", "canEdit", "isVisible", "canShare"]

    static let item = HParam(name: "item", type: "Int")
    static let user = HParam(name: "user", type: "String")
    static let tag = HParam(name: "tag", type: "String")
    static let code = HParam(name: "code", type: "Int")
    static let page = HParam(name: "page", type: "Int?")
    static let ref = HParam(name: "ref", type: "String?")
    static let lat = HParam(name: "lat", type: "Double?")
    static let long = HParam(name: "long", type: "Double?")
    /// What a picker hands back, and what the step it returns to receives.
    static let picked = [HParam(name: "pick", type: "Int"), HParam(name: "choice", type: "String")]
    static let exitParams = [HParam(name: "result", type: "Int"), HParam(name: "account", type: "String")]

    static let required = [item, user, tag, code]
    static let optional = [page, ref]
}
