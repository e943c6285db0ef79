// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileNavigatorKeptLinks = ###"""
/// Links kept for later (`step Terms keeps links`): a link that arrives while such a step is on
/// screen waits in `keptLink`, and opens after the call that takes the last such step away.
extension Navigator {
    /// Whether a step that keeps links is on screen: in a stack the user sees (the selected tab of
    /// each tab bar, the sheets over it), on top or under the screens above it.
    public var isKeepingLinks: Bool {
        guard hasStepsThatKeepLinks else { return false }
        return chain.contains { running in
            ([running.tabs[running.selectedTab]] + running.layers).contains { stack in
                stack.entries.contains { entry in
                    let step = Program.step(of: entry.screen)
                    return Program.table.flows[step.flow].steps[step.step].keepsLinks
                }
            }
        }
    }

    /// Drops the kept link, if any: it will not open.
    public func discardKeptLink() {
        keptLink = nil
    }

    /// Keeps `link` when a step that keeps links is on screen: the `kept` outcome, recorded; nil
    /// when the link may open now.
    func keep(_ link: Link) -> Outcome? {
        guard isKeepingLinks else {
            keptLink = nil  // a newer link replaces one still waiting for its guards
            return nil
        }
        keptLink = link
        let outcome = Outcome(status: .kept, commands: [])
        record(.link(link), current, outcome)
        return outcome
    }

    /// Records the kept link's opening, and returns `outcome` with its commands after its own.
    func keptLinkOpened(_ link: Link, by work: LinkWork, _ opened: Outcome, after outcome: Outcome) -> Outcome {
        keptLink = nil
        record(.link(link), work.before, opened, kept: work.keptEntries)
        return Outcome(status: outcome.status, commands: outcome.commands + opened.commands)
    }

    /// After a call that made `outcome`: opens the kept link when no step that keeps links is on
    /// screen any more and every guard it asks answers at once (recorded as its own call), and
    /// returns `outcome` with the link's commands after its own.
    func openingKeptLink(after outcome: Outcome) -> Outcome {
        guard let link = keptLink, !isKeepingLinks else { return outcome }
        var work = LinkWork(link, in: self)
        var answer: Bool?
        while true {
            switch work.advance(answer, in: self) {
            case .ask(let ref, let source):
                // A guard that must be awaited: the next `send` or `open` opens the link.
                guard let value = Program.askAtOnce(ref, of: guards, from: source) else { return outcome }
                answer = value
            case .done(let opened): return keptLinkOpened(link, by: work, opened, after: outcome)
            }
        }
    }
}

extension Navigator where Program: AsyncNavigationProgram {
    /// `openingKeptLink(after:)`, awaiting the guards the link asks.
    func openingKeptLink(after outcome: Outcome) async -> Outcome {
        guard let link = keptLink, !isKeepingLinks else { return outcome }
        var work = LinkWork(link, in: self)
        let opened = await run { work.advance($0, in: self) }
        return keptLinkOpened(link, by: work, opened, after: outcome)
    }
}
"""###
}
