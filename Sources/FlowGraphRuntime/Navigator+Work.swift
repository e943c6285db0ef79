/// A `send` or an `open` in progress: it asks the guards it needs one at a time (`Request.ask`),
/// then ends with an outcome. Written once; `Navigator+Sync` and `Navigator+Async` answer the
/// questions with the program's synchronous or asynchronous `ask`.
enum Request<Program: NavigationProgram, Outcome> {
    /// The guard's answer is needed, its arguments taken from the source.
    case ask(GuardRef, from: PayloadSource<Program>)
    case done(Outcome)
}

/// One chain of conditions, `A if g else B if h else C`: its guards asked in order; the branch of
/// the first whose condition holds, or the last branch when it has no condition of its own. A
/// clause's actions and a deep link's targets are chosen so, by this one code.
struct ConditionChain {
    let conditions: [ProgramTable.Condition]
    let branches: Int
    private var asked = 0

    enum Step {
        /// Ask the guard of this index among the flow's.
        case ask(Int)
        case chose(Int)
        /// Every condition blocked, and no branch is left without one.
        case exhausted
    }

    init(conditions: [ProgramTable.Condition], branches: Int) {
        self.conditions = conditions
        self.branches = branches
    }

    /// The next question or the branch, given the answer to the last question asked.
    mutating func next(_ answer: Bool?) -> Step {
        if let answer, asked < conditions.count {
            if answer == conditions[asked].holdsWhen { return .chose(asked) }
            asked += 1
        }
        if asked < conditions.count { return .ask(conditions[asked].guardIndex) }
        return branches > conditions.count ? .chose(branches - 1) : .exhausted
    }
}

/// The clauses of one place (a step's, or the flow level's) for one trigger, asked in source
/// order: the first whose condition holds fires; when none does, the guard asked last blocked.
struct ClauseGroup {
    let flow: Int
    let clauses: [ProgramTable.Clause]
    /// Where the clauses are, for the clause taken (`ClauseTaken`): a step's index, or nil for the
    /// flow level's; an alert's button's.
    var place: Int?
    var trigger = ""
    var button: (alert: Int, index: Int)?
    /// The clause chosen last (its ordinal in the group) and its branch.
    private(set) var chosen: (ordinal: Int, branch: Int)?
    private var clause = 0
    private var chain: ConditionChain
    private var lastGuard: GuardRef?

    enum Result {
        case ask(GuardRef)
        case chose(ProgramTable.Action)
        case blocked(GuardRef)
        case none
    }

    init(flow: Int, clauses: [ProgramTable.Clause], place: Int? = nil, trigger: String = "") {
        self.flow = flow
        self.clauses = clauses
        self.place = place
        self.trigger = trigger
        chain = Self.chain(of: clauses.first)
    }

    /// The clause chosen last, named as a recording names it.
    var taken: ClauseTaken? {
        chosen.map { ClauseTaken(flow: flow, step: place, trigger: trigger, ordinal: $0.ordinal, branch: $0.branch, button: button) }
    }

    private static func chain(of clause: ProgramTable.Clause?) -> ConditionChain {
        ConditionChain(conditions: clause?.conditions ?? [], branches: clause?.actions.count ?? 0)
    }

    /// The next question or the result, given the answer to the last question asked.
    mutating func next(_ answer: Bool?) -> Result {
        var answer = answer
        while clause < clauses.count {
            switch chain.next(answer) {
            case .ask(let index):
                let ref = GuardRef(flow: flow, index: index)
                lastGuard = ref
                return .ask(ref)
            case .chose(let branch):
                chosen = (clause, branch)
                return .chose(clauses[clause].actions[branch])
            case .exhausted:
                clause += 1
                answer = nil
                chain = Self.chain(of: clause < clauses.count ? clauses[clause] : nil)
            }
        }
        return lastGuard.map { .blocked($0) } ?? .none
    }
}

extension Navigator {
    /// An event being decided and made: the clause that handles it where the user is, then, for
    /// an exit, the handler of each step that runs the finished flow, up to a move.
    @MainActor
    struct EventWork {
        let event: Event
        let before: Screen
        let revision: Int
        var level: FlowID?
        var group: ClauseGroup
        var source: PayloadSource<Program>
        var finished: [(FlowID, String)] = []
        /// The move chosen, when its `at` path's guards are being asked before it is made.
        var chosen: (move: Move, path: InnerPath)?
        /// Whether the event is a button of the alert on screen: it closes the alert whatever comes
        /// of its clause (and a button without one only closes it).
        var isButton = false
        /// The clauses whose actions were taken: the event's, then each exit handler's.
        var taken: [ClauseTaken] = []

        init(_ event: Event, in navigator: Navigator) {
            self.event = event
            before = navigator.current
            revision = navigator.revision
            source = .event(event)
            let chain = navigator.chain
            // The innermost running flow that has the event (several for a shared screen's event).
            var found: (ref: EventRef, index: Int)?
            for candidate in Program.events(of: event) {
                guard let index = chain.lastIndex(where: { $0.flow.rawValue == candidate.flow }) else { continue }
                if found.map({ index > $0.index }) ?? true { found = (candidate, index) }
            }
            let ref = found?.ref ?? Program.event(of: event)
            let table = Program.table.flows[ref.flow]
            group = ClauseGroup(flow: ref.flow, clauses: [])
            guard let index = found?.index else { return }
            level = chain[index].id
            // Step clauses apply only in the flow the user is in; above it, flow-level ones.
            var clauses: [ProgramTable.Clause] = []
            var place: Int?
            if index == chain.count - 1, let screen = chain[index].top.entries.last?.screen {
                let step = Program.step(of: screen)
                if step.flow == ref.flow, table.steps[step.step].runs == nil {
                    clauses = table.steps[step.step].clauses.filter { $0.trigger == ref.index }
                    place = clauses.isEmpty ? nil : step.step
                }
            }
            // A split view with nothing over it shows its other columns too: their screens' clauses
            // come next, right to left (the sidebar's `show` while the detail is on top).
            if clauses.isEmpty, chain[index].isSplit, chain[index].layers.isEmpty {
                for column in chain[index].tabs.dropLast().reversed() {
                    let step = Program.step(of: column.entries[column.entries.count - 1].screen)
                    guard step.flow == ref.flow, table.steps[step.step].runs == nil else { continue }
                    clauses = table.steps[step.step].clauses.filter { $0.trigger == ref.index }
                    place = step.step
                    if !clauses.isEmpty { break }
                }
            }
            if clauses.isEmpty {
                clauses = table.clauses.filter { $0.trigger == ref.index }
                place = nil
            }
            group = ClauseGroup(flow: ref.flow, clauses: clauses, place: place, trigger: table.events[ref.index])
            // A button of the alert on screen: its clause runs in the flow that showed the alert,
            // over the screen that showed it (the alert has no place of its own).
            if let shown = navigator.alert, let running = navigator.flows[shown.flow],
               let (button, buttonIndex, name) = Program.events(of: event).lazy.compactMap({ candidate -> (ProgramTable.Button, Int, String)? in
                   guard candidate.flow == shown.ref.flow, candidate.flow == running.flow.rawValue else { return nil }
                   let buttons = Program.table.flows[candidate.flow].alerts[shown.ref.index].buttons
                   return buttons.firstIndex { $0.trigger == candidate.index }.map {
                       (buttons[$0], $0, Program.table.flows[candidate.flow].events[candidate.index])
                   }
               }).first {
                isButton = true
                level = shown.flow
                group = ClauseGroup(flow: shown.ref.flow, clauses: button.clause.map { [$0] } ?? [], trigger: name)
                group.button = (shown.ref.index, buttonIndex)
            }
        }

        /// The next question, or the outcome; a button closes its alert whatever the outcome (a
        /// move made closed it already, before it was made).
        mutating func advance(_ answer: Bool?, in navigator: Navigator) -> Request<Program, Outcome> {
            let request = decide(answer, in: navigator)
            guard isButton, case .done(let outcome) = request else { return request }
            isButton = false
            if outcome.status == .unhandled, group.clauses.isEmpty {
                if let button = group.button {
                    taken.append(ClauseTaken(flow: group.flow, step: nil, trigger: group.trigger, ordinal: 0, branch: 0, button: button))
                }
                return .done(Outcome(status: .applied, commands: navigator.closeAlertShowingNext()))  // it only closes the alert
            }
            // Blocked or impossible: the alert closes, nothing moves, and the next one waiting shows.
            return .done(outcome.status == .applied ? outcome
                : Outcome(status: outcome.status, commands: navigator.closeAlertShowingNext() + outcome.commands))
        }

        private mutating func decide(_ answer: Bool?, in navigator: Navigator) -> Request<Program, Outcome> {
            guard let start = level else { return .done(Outcome(status: .unhandled, commands: [])) }
            var answer = answer
            var level = start
            defer { self.level = level }
            if let (move, asked) = chosen {
                if revision != navigator.revision { return .done(Outcome(status: .cancelled, commands: [])) }
                var path = asked
                if let answer { path.take(answer) }
                chosen = (move, path)
                if let question = path.question { return .ask(question, from: source) }
                return .done(make(move, in: level, path: path, navigator: navigator))
            }
            while true {
                if answer != nil, revision != navigator.revision { return .done(Outcome(status: .cancelled, commands: [])) }
                switch group.next(answer) {
                case .ask(let ref):
                    return .ask(ref, from: source)
                case .none:
                    return .done(Outcome(status: .unhandled, commands: []))
                case .blocked(let ref):
                    return .done(Outcome(status: .blocked(by: Program.guardID(ref)), commands: []))
                case .chose(let action):
                    answer = nil
                    if let clause = group.taken { taken.append(clause) }
                    guard let move = navigator.move(action, in: group.flow, from: source) else {
                        return .done(Outcome(status: .impossible, commands: []))
                    }
                    if case .exit(let exit) = move {
                        // Exits go up to the step running the flow, whose handler decides next.
                        let ref = Program.exit(of: exit)
                        finished.append((level, Program.table.flows[ref.flow].exits[ref.index]))
                        guard let parent = navigator.flows[level]?.parent, let runner = navigator.flows[parent]?.top.entries.last else {
                            // The root flow finished: what comes next is the app's to decide.
                            return .done(Outcome(status: .applied, commands: finished.map { .finish($0.0, exit: $0.1) }))
                        }
                        let step = Program.step(of: runner.screen)
                        let info = Program.table.flows[step.flow].steps[step.step]
                        let clauses = info.runs == ref.flow ? info.clauses.filter { $0.trigger == ref.index } : []
                        group = ClauseGroup(flow: step.flow, clauses: clauses, place: step.step,
                                            trigger: Program.table.flows[ref.flow].exits[ref.index])
                        source = .exit(exit)
                        level = parent
                        continue
                    }
                    // A tab the tab bar was built without (`if hasLists`): its guard said no then.
                    if let absent = navigator.absentTab(move, in: level) {
                        return .done(Outcome(status: .blocked(by: Program.guardID(absent)), commands: []))
                    }
                    // The final move is made only when every step of the way allows it.
                    guard navigator.canApply(move, in: level) else { return .done(Outcome(status: .impossible, commands: [])) }
                    // `sheet Settings at Privacy`: the guards of the path inside the subflow are asked
                    // first, before anything moves, as a deep link's are.
                    let path = InnerPath(action.at)
                    if let question = path.question {
                        chosen = (move, path)
                        return .ask(question, from: source)
                    }
                    return .done(make(move, in: level, path: path, navigator: navigator))
                }
            }
        }

        /// Makes the chosen move (after closing the flows that finished on the way), then follows its
        /// `at` path as far as its guards allowed.
        private func make(_ move: Move, in level: FlowID, path: InnerPath, navigator: Navigator) -> Outcome {
            // Any move closes the alert on screen first (a button's, or another event's), but an
            // alert asked while one is up waits its turn (`queuedAlerts`); a button's own alert
            // shows at once, its alert closing first, and those waiting still wait.
            var commands: [Command] = []
            if case .alert = move, finished.isEmpty {
                if isButton, let shown = navigator.alert {
                    navigator.alert = nil
                    commands.append(.closeAlert(id: shown.id))
                }
            } else {
                commands = navigator.closeAlert()
            }
            if let outermost = finished.last?.0 {
                var closing: [Stack] = []
                navigator.end(flow: outermost, closing: &closing)
                navigator.clearSubflow(outermost, of: level)
                commands += navigator.dismissals(closing) + finished.map { .finish($0.0, exit: $0.1) }
            }
            commands += navigator.apply(move, in: level, enteredBy: path.hops)
            if !finished.isEmpty { commands += navigator.restartSubflows(of: level) }
            // A back move alone hands its payload to the screen it showed again (a move with `at`
            // shows a new screen, so a back move has no path).
            if let delivery = navigator.delivery(after: move, in: level, from: source) { commands.append(delivery) }
            return navigator.follow(path, after: commands, from: source)
        }
    }

    /// Makes the moves of `path` as far as its guards allowed, after `commands` (what was made
    /// before it): `applied`, `blocked` by the guard that stopped it, or `impossible` when a move
    /// of it could not be made. The one ending of an `at` path, a link's path and a link's `at`.
    func follow(_ path: InnerPath, after commands: [Command], from source: PayloadSource<Program>) -> Outcome {
        let followed = follow(path.hops[..<path.reachable], from: source)
        let commands = commands + followed.commands
        if let absent = followed.absentTab { return Outcome(status: .blocked(by: Program.guardID(absent)), commands: commands) }
        if !followed.isDone { return Outcome(status: .impossible, commands: commands) }
        if let blocker = path.blocker { return Outcome(status: .blocked(by: Program.guardID(blocker)), commands: commands) }
        return Outcome(status: .applied, commands: commands)
    }

    /// The path an action's `at` follows inside the subflow its move starts, and the answers its
    /// guards gave so far: each hop's guards are asked in order, and the path stops before the hop
    /// whose guard answers otherwise.
    struct InnerPath {
        let hops: [ProgramTable.Hop]
        /// Each guard the path asks, the answer it needs, and the hop that needs it.
        let checks: [(ref: GuardRef, expected: Bool, hop: Int)]
        private var asked = 0
        /// How many hops are made: all of them, unless a guard said no.
        private(set) var reachable: Int
        private(set) var blocker: GuardRef?

        init(_ hops: [ProgramTable.Hop]) {
            self.hops = hops
            reachable = hops.count
            checks = ProgramTable.checks(along: hops, in: Program.table)
        }

        /// The guard to ask next, if any.
        var question: GuardRef? { asked < checks.count ? checks[asked].ref : nil }

        mutating func take(_ answer: Bool) {
            guard asked < checks.count else { return }
            if answer == checks[asked].expected {
                asked += 1
            } else {
                reachable = checks[asked].hop
                blocker = checks[asked].ref
                asked = checks.count
            }
        }
    }

    /// Makes the moves of a path after the flow it starts in runs: brings that flow back to its
    /// start (or selects the tab), then makes each clause's move with values from `source`.
    /// `absentTab`: the guard of a tab the path goes through that its tab bar was built without.
    func follow(_ hops: ArraySlice<ProgramTable.Hop>, from source: PayloadSource<Program>)
        -> (commands: [Command], isDone: Bool, absentTab: GuardRef?) {
        var commands: [Command] = []
        for index in hops.indices {
            let hop = hops[index]
            switch hop {
            // A first screen that the path's values build (a link's target, with the URL's values) is shown with them.
            case .bottom(let step):
                if let absent = absentTab(step, in: rootID) { return (commands, false, absent) }
                commands += reset(rootID, to: step, showing: Program.screen(step, from: source))
            case .enter(let step):
                guard let subflow = chain.last(where: { $0.flow.rawValue == step.flow })?.id else { return (commands, false, nil) }
                if let absent = absentTab(step, in: subflow) { return (commands, false, absent) }
                commands += reset(subflow, to: step, showing: Program.screen(step, from: source))
            case .move(let clause):
                let action = Program.table.clause(clause).actions[clause.branch]
                guard let move = move(action, in: clause.flow, from: source),
                      let level = chain.last(where: { $0.flow.rawValue == clause.flow })?.id else {
                    return (commands, false, nil)
                }
                if let absent = absentTab(move, in: level) { return (commands, false, absent) }
                guard canApply(move, in: level) else { return (commands, false, nil) }
                commands += apply(move, in: level, enteredBy: hops[(hops.index(after: index))...])
            }
        }
        return (commands, true, nil)
    }

    /// `apply`, for a move a path goes on from: when the path's next hop enters the subflow the
    /// move starts, that subflow shows no launch layer (the entry would take it away at once).
    func apply(_ move: Move, in level: FlowID, enteredBy rest: some Collection<ProgramTable.Hop>) -> [Command] {
        if case .enter? = rest.first { startsAlongPath = true }
        defer { startsAlongPath = false }
        return apply(move, in: level)
    }

    /// What a back move alone (`pop`, `popTo`, `dismiss`, `close`) hands the entry it showed again
    /// in flow `id`: a `deliver` when that entry's step receives and the program builds its value
    /// from the move's payload. A back move before a screen (`dismiss, push X`) hands nothing: the
    /// screen it went back to is covered at once.
    func delivery(after move: Move, in id: FlowID, from source: PayloadSource<Program>) -> Command? {
        switch move {
        case .pop, .popTo, .dismiss, .close: break
        default: return nil
        }
        guard let top = flows[id]?.top, let entry = top.entries.last else { return nil }
        let step = Program.step(of: entry.screen)
        guard !Program.table.flows[step.flow].steps[step.step].receives.isEmpty,
              let value = Program.received(step, from: source) else { return nil }
        return .deliver(value, to: entry.id, on: top.id)
    }

    /// The lock of a sheet or popover: the move's, or its step's (`step Editor locked while g`),
    /// which a link's move, saying none of its own, takes.
    func lock(of action: ProgramTable.Action, in flow: Int) -> ProgramTable.Lock? {
        guard action.lock == nil, let target = action.target, Program.table.flows[flow].steps.indices.contains(target) else {
            return action.lock
        }
        return Program.table.flows[flow].steps[target].lock
    }

    /// A clause's action as a move, its target built from the payload.
    func move(_ action: ProgramTable.Action, in flow: Int, from source: PayloadSource<Program>) -> Move? {
        if let back = action.backs.first {
            let first: Move
            switch back.kind {
            case .popTo: first = .popTo(StepRef(flow: flow, step: back.target ?? 0))
            case .dismiss: first = .dismiss
            case .close: first = .close
            default: first = .pop
            }
            var rest = action
            rest.backs.removeFirst()
            return move(rest, in: flow, from: source).map { .then(first, $0) }
        }
        let target = action.target ?? 0
        func screen() -> Screen? { Program.screen(StepRef(flow: flow, step: target), from: source) }
        switch action.kind(in: sizeClass) {
        case .push: return screen().map(Move.push)
        case .pushBelow: return screen().map(Move.pushBelow)
        case .sheet: return screen().map { .present($0, .sheet, lock(of: action, in: flow)) }
        case .popover: return screen().map { .present($0, .popover, lock(of: action, in: flow)) }
        case .cover: return screen().map { .present($0, .cover, nil) }
        case .replace: return screen().map(Move.replace)
        case .root: return screen().map(Move.root)
        case .show: return screen().map(Move.show)
        case .restart: return .restart
        case .select: return .select(StepRef(flow: flow, step: target))
        case .selectBelow: return .selectBelow(StepRef(flow: flow, step: target))
        case .popTo: return .popTo(StepRef(flow: flow, step: target))
        case .pop: return .pop
        case .dismiss: return .dismiss
        case .close: return .close
        case .exit: return Program.exit(ExitRef(flow: flow, index: target), from: source).map(Move.exit)
        case .alert, .dialog:
            let ref = AlertRef(flow: flow, index: target)
            return Program.alert(ref, from: source).map { Move.alert(ref, $0) }
        case .open:
            return Program.opened(OpenedRef(flow: flow, index: target), from: source).map(Move.openExternally)
        }
    }
}

extension ProgramTable {
    /// Each guard a path asks (a link's, or an `at`'s), the answer it needs, and the hop that needs
    /// it, in order: the start conditions of each flow it enters, the conditions of each clause it takes.
    static func checks(along hops: [Hop], in table: ProgramTable) -> [(ref: GuardRef, expected: Bool, hop: Int)] {
        var checks: [(ref: GuardRef, expected: Bool, hop: Int)] = []
        for (index, hop) in hops.enumerated() {
            switch hop {
            case .move(let clause):
                for (guardIndex, expected) in table.checks(for: clause) {
                    checks.append((GuardRef(flow: clause.flow, index: guardIndex), expected, index))
                }
            case .bottom(let step), .enter(let step):
                // A flow whose start guards decide is entered where they would start it.
                for (guardIndex, expected) in table.startChecks(flow: step.flow, step: step.step) {
                    checks.append((GuardRef(flow: step.flow, index: guardIndex), expected, index))
                }
            }
        }
        return checks
    }

    /// The guards a link asks at a clause on its path, and the answer each must give: each
    /// condition of an earlier clause for the same trigger in the same place must fail (else that
    /// clause would fire), each condition before the action in its chain must fail, and the
    /// action's own must hold.
    /// The answers a flow's start conditions must give for it to start at `step` (none for a tabs
    /// flow, whose tabs the tab bar shows, or a plain `start`): the conditions before its choice
    /// fail and its own holds.
    public func startChecks(flow: Int, step: Int) -> [(guardIndex: Int, expected: Bool)] {
        let info = flows[flow]
        guard !info.isTabs, let choice = info.startChoices.firstIndex(where: { $0.step == step }) else { return [] }
        var checks: [(guardIndex: Int, expected: Bool)] = []
        for earlier in info.startChoices[..<choice] {
            if let condition = earlier.condition { checks.append((condition.guardIndex, !condition.holdsWhen)) }
        }
        if let own = info.startChoices[choice].condition { checks.append((own.guardIndex, own.holdsWhen)) }
        return checks
    }

    public func checks(for ref: ClauseRef) -> [(guardIndex: Int, expected: Bool)] {
        let place = clauses(flow: ref.flow, step: ref.step)
        let clause = place[ref.clause]
        let earlier = place[..<ref.clause].filter { $0.trigger == clause.trigger }.map(\.conditions)
        return Self.conditionsAsked(earlier: earlier, chain: clause.conditions, branch: ref.branch).map { condition, mustHold in
            (condition.guardIndex, mustHold ? condition.holdsWhen : !condition.holdsWhen)
        }
    }

    /// The conditions asked to take action `branch` of a clause whose chain has the conditions
    /// `chain`, in the place where the clauses for the same trigger before it have the conditions
    /// `earlier`; in order, each with whether it must hold (else it must fail): every condition of
    /// each earlier clause fails (else that clause would fire), every condition of the chain
    /// before the action fails, and the action's own holds. The compiler asks it too, for the
    /// guards a link or an `at` asks (`conditionsAskedByLink`), so that both mean one thing.
    public static func conditionsAsked<Condition>(earlier: [[Condition]], chain: [Condition], branch: Int)
        -> [(condition: Condition, mustHold: Bool)] {
        var asked: [(condition: Condition, mustHold: Bool)] = []
        for conditions in earlier { asked += conditions.map { ($0, false) } }
        asked += chain.prefix(branch).map { ($0, false) }
        if chain.indices.contains(branch) { asked.append((chain[branch], true)) }
        return asked
    }
}
