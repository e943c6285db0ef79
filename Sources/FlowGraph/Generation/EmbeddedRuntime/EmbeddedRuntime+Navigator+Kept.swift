// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileNavigatorKept = ###"""
/// A deep link opens from where the user is: the part of its path that the screens on screen
/// already show (the same tab, the same screens with the same inputs) is kept, and only the rest
/// is made. docs/Language.md, "Deep links", says the same.
extension Navigator {
    /// How much of a link's path is on screen: the hops it covers, and where the last of them
    /// left the path (a stack of a running flow, and how many of its screens are the path's).
    struct Kept {
        var hops: Int
        var flow: FlowID
        var place: Place
        var depth: Int
    }

    /// The path a link follows from where the user is, and how much of it is on screen: of its
    /// paths from the places the app may start at (in the root flow that runs), the one that keeps
    /// the most; when none keeps anything, the one from where the root flow would start now.
    func path(of link: ProgramTable.LinkBranch, from source: PayloadSource<Program>) -> (hops: [ProgramTable.Hop], kept: Kept?) {
        guard let root = flows[rootID]?.flow.rawValue else { return (link.path, nil) }
        let candidates = link.paths.filter { if case .bottom(let step)? = $0.first { step.flow == root } else { false } }
        var best: (hops: [ProgramTable.Hop], kept: Kept?)?
        for hops in candidates {
            guard let kept = kept(hops, from: source) else { continue }
            if kept.hops > best?.kept?.hops ?? 0 { best = (hops, kept) }
        }
        if let best { return best }
        let start = StepRef(flow: root, step: Self.chosenStart(flow: root, guards: guards))
        let fresh = candidates.first { $0.first == .bottom(start) } ?? candidates.first ?? link.path
        return (fresh, nil)
    }

    /// The longest start of `hops` that the screens on screen already show, if any.
    func kept(_ hops: [ProgramTable.Hop], from source: PayloadSource<Program>) -> Kept? {
        guard case .bottom(let first)? = hops.first, let root = flows[rootID] else { return nil }
        // A split view's path starts at its sidebar, left of the columns it fills.
        let tab = root.isSplit ? 0 : root.selectedTab
        let (replacement, replaced) = replacement(after: 0, in: hops, from: source)
        guard let entry = root.tabs[tab].entries.first else { return nil }
        var kept: Kept
        if shows(entry, step: first, or: replacement, from: source) {
            kept = Kept(hops: 1 + replaced, flow: rootID, place: .tab(tab), depth: 1)
        } else if let consumed = rootedHops(after: 0, in: hops, showing: entry, from: source) {
            kept = Kept(hops: consumed, flow: rootID, place: .tab(tab), depth: 1)
        } else {
            return nil
        }
        while kept.hops < hops.count, let next = keep(hops, after: kept, from: source) {
            kept = next
        }
        return kept
    }

    /// The next hop (with the `replace`s right after it) if the screens on screen show it too.
    private func keep(_ hops: [ProgramTable.Hop], after kept: Kept, from source: PayloadSource<Program>) -> Kept? {
        guard let running = flows[kept.flow], let stack = stack(kept.flow, kept.place) else { return nil }
        let (replacement, replaced) = replacement(after: kept.hops, in: hops, from: source)
        let consumed = kept.hops + 1 + replaced
        // Nothing of the flow is over the kept part: it is what the user sees of the flow.
        let isTop = stack.entries.count == kept.depth && nextLayer(after: kept.place) == running.layers.count
        switch hops[kept.hops] {
        case .bottom:
            return nil
        case .enter(let step):
            guard isTop, let subflow = stack.entries[kept.depth - 1].subflow, let inner = flows[subflow] else { return nil }
            let tab = inner.isSplit ? 0 : inner.selectedTab
            guard let entry = inner.tabs[tab].entries.first else { return nil }
            if shows(entry, step: step, or: replacement, from: source) {
                return Kept(hops: consumed, flow: subflow, place: .tab(tab), depth: 1)
            }
            guard let rooted = rootedHops(after: kept.hops, in: hops, showing: entry, from: source) else { return nil }
            return Kept(hops: rooted, flow: subflow, place: .tab(tab), depth: 1)
        case .move(let clause):
            guard running.flow.rawValue == clause.flow,
                  let move = move(Program.table.clause(clause).actions[clause.branch], in: clause.flow, from: source) else { return nil }
            switch move {
            case .push(let shown):
                let screen = replacement ?? shown
                guard stack.entries.count > kept.depth, stack.entries[kept.depth].screen == screen else { return nil }
                return Kept(hops: consumed, flow: kept.flow, place: kept.place, depth: kept.depth + 1)
            case .present(let shown, let style, _):
                let screen = replacement ?? shown
                let index = nextLayer(after: kept.place)
                guard stack.entries.count == kept.depth, running.layers.indices.contains(index),
                      running.layers[index].style == style.stackStyle, running.layers[index].entries[0].screen == screen else { return nil }
                return Kept(hops: consumed, flow: kept.flow, place: .layer(index), depth: 1)
            case .select(let step):
                guard running.isTabs, Program.step(of: running.tabs[running.selectedTab].entries[0].screen) == step else { return nil }
                return Kept(hops: consumed, flow: kept.flow, place: .tab(running.selectedTab), depth: running.tabs[running.selectedTab].entries.count)
            case .show(let shown):
                // A split view's column that shows the screen, right of where the path is.
                let screen = replacement ?? shown
                guard case .tab(let index) = kept.place, running.isSplit, stack.entries.count == kept.depth,
                      let column = running.tabs.indices.first(where: { $0 > index && running.tabs[$0].entries[0].screen == screen })
                else { return nil }
                return Kept(hops: consumed, flow: kept.flow, place: .tab(column), depth: 1)
            case .root(let shown):
                let tab = running.isSplit ? 0 : running.selectedTab
                guard running.tabs[tab].entries[0].screen == replacement ?? shown else { return nil }
                return Kept(hops: consumed, flow: kept.flow, place: .tab(tab), depth: 1)
            // A link's path never takes a `push X below` (where it lands depends on what is under)
            // nor a `restart` (where it lands is the start's choice).
            case .replace, .pop, .popTo, .dismiss, .close, .exit, .then, .alert, .openExternally, .pushBelow, .restart, .selectBelow:
                return nil
            }
        }
    }

    /// The screen the `replace`s right after hop `index` (in its flow) put in the place of the
    /// screen that hop shows, and how many such `replace`s there are: nil and 0 for none.
    private func replacement(after index: Int, in hops: [ProgramTable.Hop], from source: PayloadSource<Program>) -> (Screen?, Int) {
        var screen: Screen?
        var replaced = 0
        // A `replace` after a back move is `.then`, not `.replace`: it ends the run.
        for hop in hops[(index + 1)...] {
            guard case .move(let clause) = hop,
                  case .replace(let shown)? = move(Program.table.clause(clause).actions[clause.branch], in: clause.flow, from: source)
            else { break }
            screen = shown
            replaced += 1
        }
        return (screen, replaced)
    }

    /// Whether a flow's first entry is where a path starts it: at `step`, or, when the path
    /// replaces that first screen at once, at the screen it replaces it with. A first screen that
    /// the path's values build (a tab or a subflow's start that a link opens, with the inputs the
    /// URL gives) must have those values.
    private func shows(_ entry: Entry, step: StepRef, or replacement: Screen?, from source: PayloadSource<Program>) -> Bool {
        if let replacement { return entry.screen == replacement }
        guard Program.step(of: entry.screen) == step else { return false }
        return Program.screen(step, from: source).map { $0 == entry.screen } ?? true
    }

    /// For a path that starts a flow at hop `index` and later makes `root` moves in it, before it
    /// goes anywhere else: when the flow's first entry is the screen the last of them shows (and
    /// the `replace`s right after it), the number of hops up to there, all of which the screens on
    /// screen show (a `root` drops what was under it). Nil otherwise.
    private func rootedHops(after index: Int, in hops: [ProgramTable.Hop], showing entry: Entry, from source: PayloadSource<Program>) -> Int? {
        let flow: Int
        switch hops[index] {
        case .bottom(let step), .enter(let step): flow = step.flow
        case .move: return nil
        }
        var rooted: (hop: Int, screen: Screen)?
        for hop in (index + 1)..<hops.count {
            guard case .move(let clause) = hops[hop], clause.flow == flow else { break }
            let action = Program.table.clause(clause).actions[clause.branch]
            if action.kind == .root, action.backs.isEmpty, case .root(let shown)? = move(action, in: flow, from: source) {
                rooted = (hop, shown)
            }
        }
        guard let rooted else { return nil }
        let (replacement, replaced) = replacement(after: rooted.hop, in: hops, from: source)
        guard entry.screen == replacement ?? rooted.screen else { return nil }
        return rooted.hop + 1 + replaced
    }

    /// The index of the modal stack that opens over `place`.
    private func nextLayer(after place: Place) -> Int {
        switch place {
        case .tab: 0
        case .layer(let index): index + 1
        }
    }

    /// Closes what is over the kept part of a link's path, in its flow: the modal stacks above it
    /// and the screens above it in its stack. The flows it runs stay as they are.
    func cut(above kept: Kept) -> [Command] {
        guard let stack = stack(kept.flow, kept.place) else { return [] }
        var closing = closeModals(of: kept.flow, from: nextLayer(after: kept.place))
        var commands: [Command] = []
        if stack.entries.count > kept.depth {
            removeEntries(of: kept.flow, kept.place, from: kept.depth, closing: &closing)
            commands.append(.popTo(stack.entries[kept.depth - 1].screen, index: kept.depth - 1, on: stack.id))
        }
        return dismissals(closing) + commands
    }

    /// Everything on screen, as a kept part: for a link whose move is made where the user is.
    func onScreen() -> Kept? {
        guard let last = chain.last else { return nil }
        return Kept(hops: 0, flow: last.id, place: topPlace(of: last.id), depth: last.top.entries.count)
    }

    /// The entries the user sees down to the kept part's last screen, from the root.
    func entries(through kept: Kept) -> [EntryID] {
        var entries: [EntryID] = []
        for running in chain {
            let isLast = running.id == kept.flow
            let base = running.tabs[running.selectedTab]
            let stacks = [(Place.tab(running.selectedTab), base)] + running.layers.enumerated().map { (Place.layer($0.offset), $0.element) }
            for (place, stack) in stacks {
                if isLast, place == kept.place {
                    entries += stack.entries.prefix(kept.depth).map(\.id)
                    return entries
                }
                entries += stack.entries.map(\.id)
            }
        }
        return entries
    }
}
"""###
}
