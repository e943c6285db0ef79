/// `send` and `open` for a program whose guards answer at once.
extension Navigator where Program: SyncNavigationProgram {
    /// Sends an event from the screen the user sees: the step's own clauses handle it when the user
    /// is in the event's flow; that flow's flow-level clauses when the user is in a flow it runs;
    /// otherwise it is not handled.
    @discardableResult
    public func send(_ event: Event) -> Outcome {
        var work = EventWork(event, in: self)
        let outcome = run { work.advance($0, in: self) }
        record(.event(event), work.before, outcome, clauses: work.taken)
        return openingKeptLink(after: outcome)
    }

    /// Opens a deep link along the shortest path the compiler found from the root's first screen,
    /// from where the user is: the start of that path already on screen (the same tab, the same
    /// screens with the same inputs) stays, with everything in its other tabs, and only the rest
    /// is made, asking each guard on the way; it stops where one says no. The record in `history`
    /// names the entries it kept.
    @discardableResult
    public func open(_ link: Link) -> Outcome {
        if let kept = keep(link) { return kept }
        var work = LinkWork(link, in: self)
        let outcome = run { work.advance($0, in: self) }
        record(.link(link), work.before, outcome, kept: work.keptEntries)
        return openingKeptLink(after: outcome)
    }

    /// Opens the first deep link of the program that `url` matches; not handled when none does.
    @discardableResult
    public func open(url: String) -> Outcome {
        guard let link = link(opening: url) else { return unmatched(url) }
        return open(link)
    }

    /// A guard the source cannot give arguments to makes the call impossible (the compiler never
    /// asks one so).
    private func run(_ advance: (Bool?) -> Request<Program, Outcome>) -> Outcome {
        var answer: Bool?
        while true {
            switch advance(answer) {
            case .ask(let ref, let source):
                guard let value = Program.ask(ref, of: guards, from: source) else { return Outcome(status: .impossible, commands: []) }
                askedAnswers.append(GuardAnswer(ref: ref, answer: value))
                answer = value
            case .done(let outcome): return outcome
            }
        }
    }
}

/// `send` and `open` for a program with an `async` guard: serialized, so that a second call waits
/// until the first has finished, even across a guard's `await`, then runs where the first left
/// the user.
extension Navigator where Program: AsyncNavigationProgram {
    /// Sends an event from the screen the user sees (see the synchronous `send`).
    @discardableResult
    public func send(_ event: Event) async -> Outcome {
        await serialized {
            var work = EventWork(event, in: self)
            let outcome = await run { work.advance($0, in: self) }
            record(.event(event), work.before, outcome, clauses: work.taken)
            return await openingKeptLink(after: outcome)
        }
    }

    /// Opens a deep link (see the synchronous `open`).
    @discardableResult
    public func open(_ link: Link) async -> Outcome {
        await serialized {
            if let kept = keep(link) { return kept }
            var work = LinkWork(link, in: self)
            let outcome = await run { work.advance($0, in: self) }
            record(.link(link), work.before, outcome, kept: work.keptEntries)
            return await openingKeptLink(after: outcome)
        }
    }

    /// Opens the first deep link of the program that `url` matches; not handled when none does.
    @discardableResult
    public func open(url: String) async -> Outcome {
        await serialized {
            // Which copy of a destinations group's link opens depends on what is on screen: chosen
            // once the calls before this one are done.
            guard let link = link(opening: url) else { return unmatched(url) }
            if let kept = keep(link) { return kept }
            var work = LinkWork(link, in: self)
            let outcome = await run { work.advance($0, in: self) }
            record(.link(link), work.before, outcome, kept: work.keptEntries)
            return await openingKeptLink(after: outcome)
        }
    }

    /// See the synchronous `run`.
    func run(_ advance: (Bool?) -> Request<Program, Outcome>) async -> Outcome {
        var answer: Bool?
        while true {
            switch advance(answer) {
            case .ask(let ref, let source):
                guard let value = await Program.ask(ref, of: guards, from: source) else {
                    return Outcome(status: .impossible, commands: [])
                }
                askedAnswers.append(GuardAnswer(ref: ref, answer: value))
                answer = value
            case .done(let outcome): return outcome
            }
        }
    }

    /// Runs `body` once every earlier call has finished, even across the awaits of async guards.
    private func serialized(_ body: () async -> Outcome) async -> Outcome {
        if isBusy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            isBusy = true
        }
        defer {
            if waiting.isEmpty { isBusy = false } else { waiting.removeFirst().resume() }
        }
        return await body()
    }
}

extension Navigator {
    /// A URL no link of the program matches.
    func unmatched(_ url: String) -> Outcome {
        let outcome = Outcome(status: .unhandled, commands: [])
        record(.unmatchedURL(url), current, outcome)
        return outcome
    }
}
