// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileNavigatorLinks = ###"""
/// Opening a deep link: matching a URL, choosing the target of a link that decides, and making
/// the moves of its path from where the user is.
extension Navigator {
    /// A deep link being opened from where the user is. A link that decides (`-> ManagePledge if
    /// isSignedIn else sheet SignIn`) first asks its own guards, with the URL's values, to choose
    /// the target it opens, or is refused; then that target is opened (`LinkOpening`).
    @MainActor
    struct LinkWork {
        let link: Link
        let ref: LinkRef
        let before: Screen
        var choice: ConditionChain
        var opening: LinkOpening?
        /// The entries of the part of the path that was kept (what the history records).
        var keptEntries: [EntryID] { opening?.keptEntries ?? [] }

        init(_ link: Link, in navigator: Navigator) {
            self.link = link
            before = navigator.current
            ref = Program.link(of: link)
            let info = Program.table.flows[ref.flow].links[ref.index]
            choice = ConditionChain(conditions: info.conditions, branches: info.branches.count)
        }

        mutating func advance(_ answer: Bool?, in navigator: Navigator) -> Request<Program, Outcome> {
            if opening != nil { return opening!.advance(answer, in: navigator) }
            let info = Program.table.flows[ref.flow].links[ref.index]
            switch choice.next(answer) {
            case .ask(let index):
                return .ask(GuardRef(flow: ref.flow, index: index), from: .link(link))
            case .exhausted:
                let last = GuardRef(flow: ref.flow, index: info.conditions[info.conditions.count - 1].guardIndex)
                return .done(Outcome(status: .blocked(by: Program.guardID(last)), commands: []))
            case .chose(let branch):
                opening = LinkOpening(link, branch: info.branches[branch], flow: ref.flow, in: navigator)
                return opening!.advance(nil, in: navigator)
            }
        }
    }

    /// One target of a deep link being opened from where the user is: the part of its path
    /// already on screen is kept; the guards of the rest are asked first, in order, up to the
    /// first that says no; then the moves up to there are made at once, so that nothing changes
    /// while a guard is asked.
    @MainActor
    struct LinkOpening {
        let link: Link
        let before: Screen
        let revision: Int
        /// The link's whole path, from a root's first screen.
        let hops: [ProgramTable.Hop]
        /// The start of the path that the screens on screen already show.
        let kept: Kept?
        /// The rest of the path and the answers its guards gave so far (as an `at` path's).
        var path: InnerPath
        /// The path of the move's `at` (`-> sheet Project at Comments`) inside the subflow its
        /// target runs: its guards are asked after the path's, before anything moves.
        var inner: InnerPath
        /// For a link with a move (`-> sheet Compose`): its flow, and the move, with its target.
        let flow: Int
        let move: ProgramTable.Action?
        /// Whether that flow runs where the user is: the move is then made there, and the path is not followed.
        let isShown: Bool
        /// The entries of the kept part (what the history records).
        var keptEntries: [EntryID] = []

        init(_ link: Link, branch: ProgramTable.LinkBranch, flow: Int, in navigator: Navigator) {
            self.link = link
            self.flow = flow
            before = navigator.current
            revision = navigator.revision
            move = branch.action
            isShown = move != nil && navigator.chain.contains { $0.flow.rawValue == flow }
            if isShown {
                hops = branch.path
                kept = navigator.onScreen()
            } else {
                (hops, kept) = navigator.path(of: branch, from: .link(link))
            }
            path = InnerPath(isShown ? [] : Array(hops[(kept?.hops ?? 0)...]))
            inner = InnerPath(move?.at ?? [])
        }

        mutating func advance(_ answer: Bool?, in navigator: Navigator) -> Request<Program, Outcome> {
            if !isShown {
                guard case .bottom(let first)? = hops.first, navigator.flows[navigator.rootID]?.flow.rawValue == first.flow else {
                    return .done(Outcome(status: .unhandled, commands: []))
                }
            }
            if let answer {
                if path.question != nil { path.take(answer) } else { inner.take(answer) }
            }
            if let question = path.question ?? (path.blocker == nil ? inner.question : nil) { return .ask(question, from: .link(link)) }
            guard revision == navigator.revision else { return .done(Outcome(status: .cancelled, commands: [])) }
            if let kept { keptEntries = navigator.entries(through: kept) }
            var outcome = isShown ? Outcome(status: .applied, commands: navigator.closeAlert())
                : navigator.replay(path, after: kept, link: link)
            if let move, outcome.status == .applied {
                // The link's own move, over whatever the innermost running instance of its flow shows;
                // its `dismiss,` closes the flow's top sheet only when one is up.
                guard let level = navigator.chain.last(where: { $0.flow.rawValue == flow })?.id else {
                    return .done(Outcome(status: .impossible, commands: outcome.commands))
                }
                var made = move
                if navigator.flows[level]?.layers.isEmpty == true { made.backs = [] }
                if let action = navigator.move(made, in: flow, from: .link(link)), let absent = navigator.absentTab(action, in: level) {
                    return .done(Outcome(status: .blocked(by: Program.guardID(absent)), commands: outcome.commands))
                }
                guard let action = navigator.move(made, in: flow, from: .link(link)), navigator.canApply(action, in: level) else {
                    return .done(Outcome(status: .impossible, commands: outcome.commands))
                }
                // `at`: on inside the subflow the move started, as far as its guards allowed.
                outcome = navigator.follow(inner, after: outcome.commands + navigator.apply(action, in: level, enteredBy: inner.hops),
                                           from: .link(link))
            }
            return .done(outcome)
        }
    }


    /// Makes the moves of a link's path after its kept part: closes the alert on screen and what
    /// is over that part (with nothing kept: every modal stack, and the root flow goes back to
    /// where the path starts), enters each subflow at its start, and makes the path's moves.
    func replay(_ path: InnerPath, after kept: Kept?, link: Link) -> Outcome {
        var commands = closeAlert()
        if let kept {
            commands += cut(above: kept)
        } else {
            var closing: [Stack] = []
            for id in flows.keys.sorted(by: { $0.rawValue > $1.rawValue }) { closing += closeModals(of: id) }
            commands += dismissals(closing)
        }
        return follow(path, after: commands, from: .link(link))
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
        let count = info.valueCount ?? Program.table.flows[ref.link.flow].steps[info.target].inputs.count
        guard let values = url.values(for: info.patterns[ref.pattern], inputs: count) else {
            return nil
        }
        return Program.link(ref.link, values: values)
    }
}
"""###
}
