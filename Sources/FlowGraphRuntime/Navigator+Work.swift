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
        }

        mutating func advance(_ answer: Bool?, in navigator: Navigator) -> Request<Program, Outcome> {
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
            var commands: [Command] = []
            if let outermost = finished.last?.0 {
                var closing: [Stack] = []
                navigator.end(flow: outermost, closing: &closing)
                navigator.clearSubflow(outermost, of: level)
                commands = navigator.dismissals(closing) + finished.map { .finish($0.0, exit: $0.1) }
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
            case .bottom(let step):
                commands += reset(rootID, to: step)
            case .enter(let step):
                guard let subflow = chain.last(where: { $0.flow.rawValue == step.flow })?.id else { return (commands, false) }
                commands += reset(subflow, to: step)
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
        case .sheet: return screen().map(Move.sheet)
        case .cover: return screen().map(Move.cover)
        case .replace: return screen().map(Move.replace)
        case .root: return screen().map(Move.root)
        case .select: return .select(StepRef(flow: flow, step: target))
        case .popTo: return .popTo(StepRef(flow: flow, step: target))
        case .pop: return .pop
        case .dismiss: return .dismiss
        case .close: return .close
        case .exit: return Program.exit(ExitRef(flow: flow, index: target), from: source).map(Move.exit)
        }
    }

    /// A deep link being opened: the guards of its whole path are asked first, in order, up to the
    /// first that says no; then the moves up to there are made at once, so that nothing changes
    /// while a guard is asked.
    @MainActor
    struct LinkWork {
        let link: Link
        let before: Screen
        let revision: Int
        /// The link's path and the answers its guards gave so far (as an `at` path's).
        var path: InnerPath

        init(_ link: Link, in navigator: Navigator) {
            self.link = link
            before = navigator.current
            revision = navigator.revision
            let ref = Program.link(of: link)
            path = InnerPath(Program.table.flows[ref.flow].links[ref.index].path)
        }

        mutating func advance(_ answer: Bool?, in navigator: Navigator) -> Request<Program, Outcome> {
            let root = path.hops.first.map { hop -> Int in
                if case .bottom(let step) = hop { return step.flow }
                return -1
            }
            guard let root, navigator.flows[navigator.rootID]?.flow.rawValue == root else {
                return .done(Outcome(status: .unhandled, commands: []))
            }
            if let answer { path.take(answer) }
            if let question = path.question { return .ask(question, from: .link(link)) }
            guard revision == navigator.revision else { return .done(Outcome(status: .cancelled, commands: [])) }
            return .done(navigator.replay(path.hops[..<path.reachable], link: link, blocker: path.blocker))
        }
    }

    /// Makes the moves of a link's path: closes every modal stack, brings the root flow back to
    /// where the path starts, enters each subflow at its start, and makes the path's moves.
    func replay(_ hops: ArraySlice<ProgramTable.Hop>, link: Link, blocker: GuardRef?) -> Outcome {
        var closing: [Stack] = []
        for id in flows.keys.sorted(by: { $0.rawValue > $1.rawValue }) { closing += closeModals(of: id) }
        var commands = dismissals(closing)
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

    /// The link of `ref` if `url` matches its pattern and its placeholders convert.
    nonisolated static func link(_ ref: ProgramTable.PatternRef, matching url: LinkURL) -> Link? {
        let info = Program.table.flows[ref.link.flow].links[ref.link.index]
        guard let values = url.values(for: info.patterns[ref.pattern], inputs: Program.table.flows[ref.link.flow].steps[info.target].inputs.count) else {
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
        var checks: [(guardIndex: Int, expected: Bool)] = []
        for earlier in place[..<ref.clause] where earlier.trigger == clause.trigger {
            for condition in earlier.conditions { checks.append((condition.guardIndex, !condition.holdsWhen)) }
        }
        for condition in clause.conditions.prefix(ref.branch) { checks.append((condition.guardIndex, !condition.holdsWhen)) }
        if clause.conditions.indices.contains(ref.branch) {
            let own = clause.conditions[ref.branch]
            checks.append((own.guardIndex, own.holdsWhen))
        }
        return checks
    }
}
