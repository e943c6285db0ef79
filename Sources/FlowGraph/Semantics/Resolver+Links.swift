/// Resolving a `link`: its patterns, and the flow-level clause a link with a move stands for.
extension Resolver {
    /// A link whose target (resolved by the caller, or nil) is `target`: its patterns parsed, a
    /// broken one reported at the part that is wrong, and the link marked broken.
    mutating func resolveLink(_ link: LinkSyntax, target: Int?) -> Link {
        var patterns: [LinkPattern] = [], ranges: [SourceRange] = []
        var isBroken = false
        for written in link.patterns {
            switch LinkPattern.parse(written.text) {
            case .success(var pattern):
                pattern.ignoresCase = link.ignoresCase
                if let whole = link.wholeURL {
                    // One name, one value: `{url}` in the pattern and `as url` would be two.
                    guard !pattern.placeholders.contains(whole.text) else {
                        report(.syntax, SemanticMessages.wholeURLNamesAPlaceholder(whole.text), at: whole.range)
                        isBroken = true
                        continue
                    }
                    pattern.wholeURL = whole.text
                }
                patterns.append(pattern)
                ranges.append(written.range)
            case .failure(let error):
                // At the part that is wrong, when the string has no escapes (its bytes are the text's).
                var range = written.range
                if range.end - range.start == written.text.utf8.count + 2, let culprit = error.culprit(in: written.text) {
                    range = SourceRange(file: range.file, start: range.start + 1 + culprit.lowerBound, end: range.start + 1 + culprit.upperBound)
                }
                report(.syntax, error.message, at: range)
                isBroken = true
            }
        }
        let first = link.patterns[0].range, last = link.patterns[link.patterns.count - 1].range
        var resolved = Link(patterns: patterns, patternRanges: ranges, text: link.patterns.map(\.text).joined(separator: ", "),
                            target: target, range: link.range,
                            patternRange: SourceRange(file: first.file, start: first.start, end: last.end),
                            ignoresCase: link.ignoresCase, isBroken: isBroken)
        resolved.move = link.move
        resolved.isIncomplete = link.isIncomplete
        resolved.targetName = link.target.text
        resolved.targetRange = link.target.range
        return resolved
    }

    /// The flow-level clause each link with a move stands for: `link "/compose" -> sheet Compose`
    /// makes `sheet Compose` in whichever step of the flow the user is, with the target's inputs
    /// from the URL (a placeholder each, or nil for an optional one: `link-mismatch` says so).
    ///
    /// A link that decides has a move for each target with one, each under its own guard, in
    /// order (`-> sheet Compose if !isComposing`: `sheet Compose if !isComposing`); a target it
    /// opens along a path is not a move here (`LinkFacts` searches its path), so `-> Pledge if
    /// isSignedIn else sheet SignIn` stands for `sheet SignIn`, which may happen whenever the link
    /// arrives, as far as the checker knows (the guard before it is the app's to answer).
    func linkMoves(of flow: Flow, _ syntax: [LinkSyntax]) -> [Clause] {
        flow.links.enumerated().compactMap { index, link in
            let written = syntax[index]
            let moves = link.branches.enumerated().compactMap { number, branch -> (Action, Condition?)? in
                guard branch.makesAMove, let move = branch.move, let target = branch.target else { return nil }
                let range = SourceRange(file: written.range.file, start: link.patternRange.start, end: written.range.end)
                // `dismiss,` first: made only where a sheet of the flow is up (`FlowStateGraph`, the navigator's `LinkOpening`).
                let back = branch.back.map { [Action(kind: $0, targetName: nil, target: nil, range: range)] } ?? []
                // A link says no lock of its own: a sheet or popover of a locked step is locked so.
                let action = Action(kind: move, targetName: branch.name, target: target, range: range, before: back, at: branch.at,
                                    lock: flow.stepLock(presentedBy: move, target: target))
                return (action, link.conditions.indices.contains(number) ? link.conditions[number] : nil)
            }
            guard let first = moves.first else { return nil }
            // `a if g else b if h else c`: each condition holds the next action in its `else`, and
            // the next condition in its chain; only the last move may have none.
            var next: Condition?
            for number in moves.indices.reversed() {
                guard var condition = moves[number].1 else {
                    next = nil
                    continue
                }
                let hasNext = number + 1 < moves.count
                condition.elseAction = hasNext ? moves[number + 1].0 : nil
                condition.elseChain = hasNext ? next.map { [$0] } ?? [] : []
                next = condition
            }
            let payload = flow.values(of: link)
            // Named by its first pattern, as messages name a link: a diagram's label stays short.
            return Clause(event: "link \"\(link.pattern.text)\"", eventRange: link.patternRange, payload: payload, action: first.0,
                          condition: next, doc: [], range: link.range, isExitHandler: false, link: index)
        }
    }
}

extension LinkBranch {
    /// Whether the target is a move of the link's flow-level clause (`Resolver.linkMoves`): it
    /// has a move, and its step resolved.
    package var makesAMove: Bool { move != nil && target != nil }
}

extension Link {
    /// The branch of its flow-level clause that makes target `branch`'s move: its place among the
    /// targets that make one, as `Resolver.linkMoves` builds the clause; nil for one that makes none.
    package func clauseBranch(ofTarget branch: Int) -> Int? {
        let all = branches
        guard all[branch].makesAMove else { return nil }
        return all[..<branch].filter(\.makesAMove).count
    }
}

extension Flow {
    /// The index in `clauses` of the flow-level clause that link `link` (one of this flow's)
    /// stands for; nil for a link without a move.
    package func clauseIndex(ofLink link: Int) -> Int? { clauses.firstIndex { $0.link == link } }
}
