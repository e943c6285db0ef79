// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileNavigatorWork = ###"""
/// A `send` or an `open` in progress: it asks the guards it needs one at a time (`Request.ask`),
/// then ends with an outcome. Written once; `Navigator+Sync` and `Navigator+Async` answer the
/// questions with the program's synchronous or asynchronous `ask`.
enum Request<Program: NavigationProgram, Outcome> {
    /// The guard's answer is needed, its arguments taken from the source.
    case ask(GuardRef, from: PayloadSource<Program>)
    case done(Outcome)
}

/// The clauses of one place (a step's, or the flow level's) for one trigger, asked in source
/// order: the first whose condition holds fires; when none does, the guard asked last blocked.
struct ClauseGroup {
    let flow: Int
    let clauses: [ProgramTable.Clause]
    private var clause = 0
    private var condition = 0
    private var lastGuard: GuardRef?

    enum Result {
        case ask(GuardRef)
        case chose(ProgramTable.Action)
        case blocked(GuardRef)
        case none
    }

    init(flow: Int, clauses: [ProgramTable.Clause]) {
        self.flow = flow
        self.clauses = clauses
    }

    /// The next question or the result, given the answer to the last question asked.
    mutating func next(_ answer: Bool?) -> Result {
        if let answer, let asked = currentCondition {
            if answer == asked.holdsWhen { return .chose(clauses[clause].actions[condition]) }
            condition += 1
        }
        while clause < clauses.count {
            let current = clauses[clause]
            if condition < current.conditions.count {
                let ref = GuardRef(flow: flow, index: current.conditions[condition].guardIndex)
                lastGuard = ref
                return .ask(ref)
            }
            if current.actions.count > current.conditions.count { return .chose(current.actions[current.actions.count - 1]) }
            clause += 1
            condition = 0
        }
        return lastGuard.map { .blocked($0) } ?? .none
    }

    private var currentCondition: ProgramTable.Condition? {
        guard clause < clauses.count, condition < clauses[clause].conditions.count else { return nil }
        return clauses[clause].conditions[condition]
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
            if index == chain.count - 1, let screen = chain[index].top.entries.last?.screen {
                let step = Program.step(of: screen)
                if step.flow == ref.flow, table.steps[step.step].runs == nil {
                    clauses = table.steps[step.step].clauses.filter { $0.trigger == ref.index }
                }
            }
            if clauses.isEmpty { clauses = table.clauses.filter { $0.trigger == ref.index } }
            group = ClauseGroup(flow: ref.flow, clauses: clauses)
            // A button of the alert on screen: its clause runs in the flow that showed the alert,
            // over the screen that showed it (the alert has no place of its own).
            if let shown = navigator.alert, let running = navigator.flows[shown.flow],
               let button = Program.events(of: event).lazy.compactMap({ candidate -> ProgramTable.Button? in
                   guard candidate.flow == shown.ref.flow, candidate.flow == running.flow.rawValue else { return nil }
                   return Program.table.flows[candidate.flow].alerts[shown.ref.index].buttons.first { $0.trigger == candidate.index }
               }).first {
                isButton = true
                level = shown.flow
                group = ClauseGroup(flow: shown.ref.flow, clauses: button.clause.map { [$0] } ?? [])
            }
        }

        /// The next question, or the outcome; a button closes its alert whatever the outcome (a
        /// move made closed it already, before it was made).
        mutating func advance(_ answer: Bool?, in navigator: Navigator) -> Request<Program, Outcome> {
            let request = decide(answer, in: navigator)
            guard isButton, case .done(let outcome) = request else { return request }
            isButton = false
            if outcome.status == .unhandled, group.clauses.isEmpty {
                return .done(Outcome(status: .applied, commands: navigator.closeAlert()))  // it only closes the alert
            }
            return .done(outcome.status == .applied ? outcome : Outcome(status: outcome.status, commands: navigator.closeAlert() + outcome.commands))
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
                        group = ClauseGroup(flow: step.flow, clauses: clauses)
                        source = .exit(exit)
                        level = parent
                        continue
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
            // Any move closes the alert on screen first (a button's, or another event's).
            var commands: [Command] = navigator.closeAlert()
            if let outermost = finished.last?.0 {
                var closing: [Stack] = []
                navigator.end(flow: outermost, closing: &closing)
                navigator.clearSubflow(outermost, of: level)
                commands += navigator.dismissals(closing) + finished.map { .finish($0.0, exit: $0.1) }
            }
            commands += navigator.apply(move, in: level)
            if !finished.isEmpty { commands += navigator.restartSubflows(of: level) }
            // A back move alone hands its payload to the screen it showed again (a move with `at`
            // shows a new screen, so a back move has no path).
            if let delivery = navigator.delivery(after: move, in: level, from: source) { commands.append(delivery) }
            guard !path.hops.isEmpty else { return Outcome(status: .applied, commands: commands) }
            let followed = navigator.follow(path.hops[..<path.reachable], from: source)
            commands += followed.commands
            if !followed.isDone { return Outcome(status: .impossible, commands: commands) }
            if let blocker = path.blocker { return Outcome(status: .blocked(by: Program.guardID(blocker)), commands: commands) }
            return Outcome(status: .applied, commands: commands)
        }
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
    func follow(_ hops: ArraySlice<ProgramTable.Hop>, from source: PayloadSource<Program>) -> (commands: [Command], isDone: Bool) {
        var commands: [Command] = []
        for hop in hops {
            switch hop {
            // A first screen that the path's values build (a link's target, with the URL's values) is shown with them.
            case .bottom(let step):
                commands += reset(rootID, to: step, showing: Program.screen(step, from: source))
            case .enter(let step):
                guard let subflow = chain.last(where: { $0.flow.rawValue == step.flow })?.id else { return (commands, false) }
                commands += reset(subflow, to: step, showing: Program.screen(step, from: source))
            case .move(let clause):
                let action = Program.table.clause(clause).actions[clause.branch]
                guard let move = move(action, in: clause.flow, from: source),
                      let level = chain.last(where: { $0.flow.rawValue == clause.flow })?.id, canApply(move, in: level) else {
                    return (commands, false)
                }
                commands += apply(move, in: level)
            }
        }
        return (commands, true)
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

    /// A clause's action as a move, its target built from the payload.
    func move(_ action: ProgramTable.Action, in flow: Int, from source: PayloadSource<Program>) -> Move? {
        if let back = action.back {
            let first: Move
            switch back.kind {
            case .popTo: first = .popTo(StepRef(flow: flow, step: back.target ?? 0))
            case .dismiss: first = .dismiss
            case .close: first = .close
            default: first = .pop
            }
            var main = action
            main.back = nil
            return move(main, in: flow, from: source).map { .then(first, $0) }
        }
        let target = action.target ?? 0
        func screen() -> Screen? { Program.screen(StepRef(flow: flow, step: target), from: source) }
        switch action.kind {
        case .push: return screen().map(Move.push)
        case .sheet: return screen().map { .present($0, .sheet, action.lock) }
        case .popover: return screen().map { .present($0, .popover, action.lock) }
        case .cover: return screen().map { .present($0, .cover, nil) }
        case .replace: return screen().map(Move.replace)
        case .root: return screen().map(Move.root)
        case .select: return .select(StepRef(flow: flow, step: target))
        case .popTo: return .popTo(StepRef(flow: flow, step: target))
        case .pop: return .pop
        case .dismiss: return .dismiss
        case .close: return .close
        case .exit: return Program.exit(ExitRef(flow: flow, index: target), from: source).map(Move.exit)
        case .alert, .dialog:
            let ref = AlertRef(flow: flow, index: target)
            return Program.alert(ref, from: source).map { Move.alert(ref, $0) }
        }
    }

    /// A deep link being opened from where the user is: the part of its path already on screen is
    /// kept; the guards of the rest are asked first, in order, up to the first that says no; then
    /// the moves up to there are made at once, so that nothing changes while a guard is asked.
    @MainActor
    struct LinkWork {
        let link: Link
        let before: Screen
        let revision: Int
        /// The link's whole path, from a root's first screen.
        let hops: [ProgramTable.Hop]
        /// The start of the path that the screens on screen already show.
        let kept: Kept?
        /// The rest of the path and the answers its guards gave so far (as an `at` path's).
        var path: InnerPath
        /// For a link with a move (`-> sheet Compose`): its flow, and the move, with its target.
        let flow: Int
        let move: ProgramTable.Action?
        /// Whether that flow runs where the user is: the move is then made there, and the path is not followed.
        let isShown: Bool
        /// The entries of the kept part (what the history records).
        var keptEntries: [EntryID] = []

        init(_ link: Link, in navigator: Navigator) {
            self.link = link
            before = navigator.current
            revision = navigator.revision
            let ref = Program.link(of: link)
            let info = Program.table.flows[ref.flow].links[ref.index]
            flow = ref.flow
            move = info.move.map { ProgramTable.Action(kind: $0, target: info.target) }
            isShown = move != nil && navigator.chain.contains { $0.flow.rawValue == ref.flow }
            if isShown {
                hops = info.path
                kept = navigator.onScreen()
            } else {
                (hops, kept) = navigator.path(of: info, from: .link(link))
            }
            path = InnerPath(isShown ? [] : Array(hops[(kept?.hops ?? 0)...]))
        }

        mutating func advance(_ answer: Bool?, in navigator: Navigator) -> Request<Program, Outcome> {
            if !isShown {
                guard case .bottom(let first)? = hops.first, navigator.flows[navigator.rootID]?.flow.rawValue == first.flow else {
                    return .done(Outcome(status: .unhandled, commands: []))
                }
            }
            if let answer { path.take(answer) }
            if let question = path.question { return .ask(question, from: .link(link)) }
            guard revision == navigator.revision else { return .done(Outcome(status: .cancelled, commands: [])) }
            if let kept { keptEntries = navigator.entries(through: kept) }
            var outcome = isShown ? Outcome(status: .applied, commands: navigator.closeAlert())
                : navigator.replay(path.hops[..<path.reachable], after: kept, link: link, blocker: path.blocker)
            if let move, outcome.status == .applied {
                // The link's own move, over whatever the innermost running instance of its flow shows.
                guard let action = navigator.move(move, in: flow, from: .link(link)),
                      let level = navigator.chain.last(where: { $0.flow.rawValue == flow })?.id,
                      navigator.canApply(action, in: level) else {
                    return .done(Outcome(status: .impossible, commands: outcome.commands))
                }
                outcome = Outcome(status: .applied, commands: outcome.commands + navigator.apply(action, in: level))
            }
            return .done(outcome)
        }
    }

    /// Makes the moves of a link's path after its kept part: closes the alert on screen and what
    /// is over that part (with nothing kept: every modal stack, and the root flow goes back to
    /// where the path starts), enters each subflow at its start, and makes the path's moves.
    func replay(_ hops: ArraySlice<ProgramTable.Hop>, after kept: Kept?, link: Link, blocker: GuardRef?) -> Outcome {
        var commands = closeAlert()
        if let kept {
            commands += cut(above: kept)
        } else {
            var closing: [Stack] = []
            for id in flows.keys.sorted(by: { $0.rawValue > $1.rawValue }) { closing += closeModals(of: id) }
            commands += dismissals(closing)
        }
        let followed = follow(hops, from: .link(link))
        commands += followed.commands
        if !followed.isDone { return Outcome(status: .impossible, commands: commands) }
        if let blocker { return Outcome(status: .blocked(by: Program.guardID(blocker)), commands: commands) }
        return Outcome(status: .applied, commands: commands)
    }

    /// Matches `url` against the program's link patterns, more specific ones first: the first
    /// whose pattern matches and whose placeholders convert.
    nonisolated static func link(matching url: String) -> Link? {
        let parsed = LinkURL(url)
        for ref in Program.table.linkOrder {
            if let link = link(ref, matching: parsed) { return link }
        }
        return nil
    }

    /// The link `url` opens from where the user is: the first the URL matches; for a link of a
    /// destinations group, which each flow that uses the group has a copy of (the same patterns
    /// and move: two different links cannot have both, the compiler refuses the overlap), the copy
    /// of the innermost flow on screen that has one, so that its move is made there.
    func link(opening url: String) -> Link? {
        guard let first = Self.link(matching: url) else { return nil }
        let ref = Program.link(of: first)
        let info = Program.table.flows[ref.flow].links[ref.index]
        guard info.move != nil else { return first }
        let parsed = LinkURL(url)
        for running in chain.reversed() {
            let flow = running.flow.rawValue
            if flow == ref.flow { return first }
            guard let index = Program.table.flows[flow].links.firstIndex(where: { $0.move == info.move && $0.text == info.text }) else { continue }
            // Whichever of the copy's patterns the URL matches (the first copy's may not be its first).
            for pattern in info.patterns.indices {
                if let copy = Self.link(ProgramTable.PatternRef(link: LinkRef(flow: flow, index: index), pattern: pattern), matching: parsed) {
                    return copy
                }
            }
        }
        return first
    }

    /// The link of `ref` if `url` matches its pattern and its placeholders convert.
    nonisolated static func link(_ ref: ProgramTable.PatternRef, matching url: LinkURL) -> Link? {
        let info = Program.table.flows[ref.link.flow].links[ref.link.index]
        guard let values = url.values(for: info.patterns[ref.pattern],
                                      inputs: Program.table.flows[ref.link.flow].steps[info.target].inputs.count) else {
            return nil
        }
        return Program.link(ref.link, values: values)
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
"""###
}
