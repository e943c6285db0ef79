/// A flow: a navigation area with its own container, a stack or tabs.
package struct Flow: Sendable {
    /// The fields that hold references, out of line and shared by copies until one of them changes:
    /// the checker reads a flow in many places (`let flow = program.flows[i]`), and a copy of a
    /// dozen arrays retained each one, where a copy of these is one retain.
    private var fields: Fields

    private final class Fields: @unchecked Sendable {  // changed only while uniquely referenced (`makeUnique`)
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var doc: [String]
        @exclusivity(unchecked) var startChoices: [StartChoice]
        @exclusivity(unchecked) var launch: Launch?
        @exclusivity(unchecked) var steps: [Step]
        @exclusivity(unchecked) var exits: [Exit]
        @exclusivity(unchecked) var guards: [Guard]
        @exclusivity(unchecked) var links: [Link]
        @exclusivity(unchecked) var clauses: [Clause]
        @exclusivity(unchecked) var events: [Event]
        @exclusivity(unchecked) var uses: [Int]
        @exclusivity(unchecked) var alerts: [Alert]

        init(name: String, doc: [String], startChoices: [StartChoice], launch: Launch?, steps: [Step], exits: [Exit],
             guards: [Guard], links: [Link], clauses: [Clause], events: [Event], uses: [Int], alerts: [Alert]) {
            self.name = name
            self.doc = doc
            self.startChoices = startChoices
            self.launch = launch
            self.steps = steps
            self.exits = exits
            self.guards = guards
            self.links = links
            self.clauses = clauses
            self.events = events
            self.uses = uses
            self.alerts = alerts
        }

        func copy() -> Fields {
            Fields(name: name, doc: doc, startChoices: startChoices, launch: launch, steps: steps, exits: exits,
                   guards: guards, links: links, clauses: clauses, events: events, uses: uses, alerts: alerts)
        }
    }

    /// What the memberwise initializer was, before the fields went out of line.
    init(name: String, isTabs: Bool, doc: [String], range: SourceRange, start: Int?, startChoices: [StartChoice] = [],
         launch: Launch? = nil, steps: [Step], exits: [Exit], guards: [Guard], links: [Link], clauses: [Clause],
         events: [Event], uses: [Int] = [], alerts: [Alert] = []) {
        self.isTabs = isTabs
        self.range = range
        self.start = start
        fields = Fields(name: name, doc: doc, startChoices: startChoices, launch: launch, steps: steps,
            exits: exits, guards: guards, links: links, clauses: clauses, events: events, uses: uses, alerts: alerts)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
    }

    public var name: String { get { fields.name } _modify { makeUnique(); yield &fields.name } }
    public var isTabs: Bool
    public var doc: [String] { get { fields.doc } _modify { makeUnique(); yield &fields.doc } }
    /// The range of the flow's name.
    public var range: SourceRange
    /// The step the flow starts at (for tabs, the tab selected first); with conditions, the first
    /// choice (see `startChoices`).
    public var start: Int?
    /// Where the flow may start, asked in order when it starts: `start Home if isSignedIn else
    /// Welcome` is Home when `isSignedIn` holds, else Welcome. One choice without a condition for a
    /// plain `start`; empty without one.
    public var startChoices: [StartChoice] { get { fields.startChoices } _modify { makeUnique(); yield &fields.startChoices } }
    /// `start Home, cover Onboarding if needsOnboarding`: the layer shown over the first screen
    /// when the flow starts (nil without one). See docs/Language.md, "Screens at launch".
    public var launch: Launch? { get { fields.launch } _modify { makeUnique(); yield &fields.launch } }
    public var steps: [Step] { get { fields.steps } _modify { makeUnique(); yield &fields.steps } }
    public var exits: [Exit] { get { fields.exits } _modify { makeUnique(); yield &fields.exits } }
    public var guards: [Guard] { get { fields.guards } _modify { makeUnique(); yield &fields.guards } }
    public var links: [Link] { get { fields.links } _modify { makeUnique(); yield &fields.links } }
    /// Flow-level transitions: they apply in every step that does not handle the event itself.
    public var clauses: [Clause] { get { fields.clauses } _modify { makeUnique(); yield &fields.clauses } }
    /// The flow-level clauses that the flow's events make: `clauses` without those of its links
    /// with a move, which come last (same indices).
    public var eventClauses: ArraySlice<Clause> { clauses.prefix { $0.link == nil } }
    /// The flow's events, each name once with its payload, in order of first appearance.
    public var events: [Event] { get { fields.events } _modify { makeUnique(); yield &fields.events } }
    /// Whether some of the flow's own text was lost (a syntax error outside its steps, or a second
    /// declaration of its name): the checker then assumes any of its steps may do anything.
    public var isIncomplete = false
    /// Whether a syntax error lost a link of the flow (or of a group it uses) before its target was read.
    public var hasLostLinks = false
    /// Whether this is a destinations group's own declaration (`DestinationGroup.declaration`).
    public var isDestinations = false
    /// `flow Mail split`: a split view. Its start is the sidebar; `show X` puts a step `in content`
    /// or `in detail` in that column (see docs/Language.md, "Split views").
    public var isSplit = false
    /// The column of step `index` in a split flow's base: 0 for the sidebar (a step no `in` marks),
    /// 1 for `in content`, 2 for `in detail`.
    public func column(of index: Int) -> Int { steps[index].column?.index ?? 0 }
    /// The destinations groups the flow uses (`use Name`), by index in `FlowProgram.groups`.
    public var uses: [Int] { get { fields.uses } _modify { makeUnique(); yield &fields.uses } }
    /// The flow's alerts and dialogs (`alert Name { ... }`): transient modals its clauses show
    /// (`alert Name`), by index; their names share the namespace of the steps.
    public var alerts: [Alert] { get { fields.alerts } _modify { makeUnique(); yield &fields.alerts } }

    /// The steps shown when the flow starts running: every tab of a tabs flow, else each step it
    /// may start at (none without a start).
    public var enteredSteps: [Int] {
        if isTabs { return steps.indices.filter { steps[$0].isTab } }
        // Most flows have one start: no set to build for them (the resolver and the link search ask
        // this for every step that runs a flow).
        if startChoices.count <= 1 { return startChoices.first?.step.map { [$0] } ?? [] }
        var seen = Set<Int>()
        return startChoices.compactMap(\.step).filter { seen.insert($0).inserted }
    }

    public func step(named name: String) -> Int? { steps.firstIndex { $0.name == name } }

    /// The items of a tabs flow's bar that present their step (`step Post as sheet`), in order.
    public var tabItems: [Int] { isTabs ? steps.indices.filter { !steps[$0].isTab } : [] }

    /// The lock a `sheet` or `popover` of `target` takes from the step when the move says none
    /// (`step Editor locked while g`); nil for other moves and unresolved targets.
    func stepLock(presentedBy kind: ActionKind, target: Int?) -> Lock? {
        guard kind.canBeLocked, let target, steps.indices.contains(target) else { return nil }
        return steps[target].lock
    }
    public func alert(named name: String) -> Int? { alerts.firstIndex { $0.name == name } }
    public func exit(named name: String) -> Int? { exits.firstIndex { $0.name == name } }
    public func guardIndex(named name: String) -> Int? { guards.firstIndex { $0.name == name } }
}
