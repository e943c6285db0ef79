/// The link rules: a URL that opened a step must still open it, the same way, without new guards.
///
/// Links are compared by the URLs they open, not by their text. For each pattern of an old link,
/// URLs it matches are tried on both programs: the pattern's own example, the examples it shares
/// with every pattern of either side (where another link may now take them), and a few more
/// spellings of its placeholders. A URL the old link opened that opens nothing now, or another
/// step, is a finding, with that URL. Placeholder types are compared on the pattern that takes the
/// old pattern's URLs now (matching is by text; what converts to a type is compared by type).
extension Comparison {
    /// An openable link of one side; a group's link, which each flow that uses it has, once.
    struct LinkEntry {
        let flow: Int
        let index: Int
        let link: Link
        /// The target's step id.
        let target: String
        let path: NavigationPath?
    }

    /// Where a URL goes on one side: the link and which of its patterns took it.
    struct Opening {
        let entry: Int
        let pattern: Int
    }

    mutating func compareLinks() {
        let oldLinks = Self.links(of: old), newLinks = Self.links(of: new)
        for (entryIndex, entry) in oldLinks.enumerated() {
            var successor: Opening?
            for (patternIndex, pattern) in entry.link.patterns.enumerated() {
                let range = entry.link.patternRanges.indices.contains(patternIndex) ? entry.link.patternRanges[patternIndex] : entry.link.patternRange
                var broken = false
                var first: Opening?
                for url in Self.sampleURLs(pattern, others: (oldLinks + newLinks).flatMap(\.link.patterns)) {
                    guard let parsed = try? LinkPattern.parse(url).get(),
                          let before = Self.open(parsed, in: oldLinks), before.entry == entryIndex else { continue }
                    guard let now = Self.open(parsed, in: newLinks) else {
                        report(.linkRemoved, DiffMessages.linkRemoved(pattern.text, step: entry.target, example: url),
                               subject: pattern.text, old: range, new: newContainer(forOld: old.containers[entry.flow].name)?.range, example: url)
                        broken = true
                        break
                    }
                    let target = newLinks[now.entry].target
                    guard renames.oldStepID(target) == entry.target else {
                        let newLink = newLinks[now.entry].link
                        report(.linkTargetChanged, DiffMessages.linkTargetChanged(pattern.text, step: entry.target, example: url, now: target),
                               subject: pattern.text, old: range, new: newLink.patternRanges[safe: now.pattern] ?? newLink.patternRange, example: url)
                        broken = true
                        break
                    }
                    if first == nil { first = now }
                }
                guard !broken, let first else { continue }
                if successor == nil { successor = first }
                let newEntry = newLinks[first.entry]
                compareTypes(pattern, of: entry, with: newEntry.link.patterns[first.pattern], of: newEntry,
                             old: range, new: newEntry.link.patternRanges[safe: first.pattern] ?? newEntry.link.patternRange)
            }
            if let successor { compareOpening(entry, newLinks[successor.entry]) }
        }
    }

    /// How the link opens its step: reachable, by the same kind of move, asking no new guard.
    private mutating func compareOpening(_ before: LinkEntry, _ now: LinkEntry) {
        let pattern = before.link.pattern.text
        let ranges = (old: before.link.patternRange, new: now.link.patternRange)
        guard let newPath = now.path else {
            if before.path != nil {
                report(.linkTargetUnreachable, DiffMessages.linkTargetUnreachable(pattern, step: now.target),
                       subject: pattern, old: ranges.old, new: ranges.new)
            }
            return
        }
        guard let oldPath = before.path else { return }
        let lastBefore = Self.lastMove(oldPath, in: old.program), lastNow = Self.lastMove(newPath, in: new.program)
        if before.link.move != now.link.move || (before.link.move == nil && lastBefore != lastNow) {
            report(.linkStackChanged, DiffMessages.linkStackChanged(pattern, step: now.target,
                   before: DiffMessages.opening(before.link.move, lastMove: lastBefore),
                   now: DiffMessages.opening(now.link.move, lastMove: lastNow)),
                   subject: pattern, old: ranges.old, new: ranges.new)
        }
        let asked = Set(Self.guards(oldPath, in: old, renames: nil))
        let added = Self.guards(newPath, in: new, renames: renames).filter { !asked.contains($0) }
        if !added.isEmpty {
            var seen = Set<String>()
            report(.linkGuardAdded, DiffMessages.linkGuardAdded(pattern, guards: added.filter { seen.insert($0).inserted }),
                   subject: pattern, old: ranges.old, new: ranges.new)
        }
    }

    /// A placeholder of the old pattern whose value the new pattern takes into a narrower type.
    private mutating func compareTypes(_ before: LinkPattern, of oldEntry: LinkEntry, with now: LinkPattern, of newEntry: LinkEntry,
                                       old oldRange: SourceRange, new newRange: SourceRange) {
        let oldInputs = old.program.flows[oldEntry.flow].steps[oldEntry.link.target!].inputs
        let newInputs = new.program.flows[newEntry.flow].steps[newEntry.link.target!].inputs
        var pairs: [(String, String)] = []
        for (mine, theirs) in zip(before.segments, now.segments) {
            if let name = mine.placeholder, let other = theirs.placeholder { pairs.append((name, other)) }
        }
        for item in before.query {
            if let name = item.value.placeholder, let other = now.query.first(where: { $0.key == item.key })?.value.placeholder {
                pairs.append((name, other))
            }
        }
        for (name, other) in pairs {
            // An optional query value made required needs no look at types: the URL without it is
            // one the old pattern matched and the new does not (`link-removed`, found by text).
            guard let was = oldInputs.first(where: { $0.name == name }), let is_ = newInputs.first(where: { $0.name == other }) else { continue }
            if was.wrappedType != is_.wrappedType, is_.wrappedType != "String" {
                report(.linkPlaceholderNarrowed, DiffMessages.placeholderNarrowed(other, pattern: now.text, before: was.wrappedType, now: is_.wrappedType),
                       subject: before.text, old: oldRange, new: newRange)
            }
        }
    }

    // MARK: - Links of a side

    static func links(of side: DiffSide) -> [LinkEntry] {
        var result: [LinkEntry] = []
        var seen: [SourceRange: Int] = [:]
        for (flowIndex, flow) in side.program.flows.enumerated() {
            for (index, link) in flow.links.enumerated() where !link.isBroken {
                guard let target = link.target else { continue }
                let path = side.analysis.linkPaths[safe: flowIndex]?[safe: index] ?? nil
                if let earlier = seen[link.patternRange] {
                    // A group's link: one link, open when any flow that uses it opens it.
                    if result[earlier].path == nil, let path {
                        let entry = result[earlier]
                        result[earlier] = LinkEntry(flow: entry.flow, index: entry.index, link: entry.link, target: entry.target, path: path)
                    }
                    continue
                }
                seen[link.patternRange] = result.count
                result.append(LinkEntry(flow: flowIndex, index: index, link: link,
                                        target: side.stepID(StepReference(flow: flowIndex, step: target)), path: path))
            }
        }
        return result
    }

    /// The link a URL (parsed as a pattern of literals) opens: of the patterns that match it, the
    /// one of highest precedence (the runtime tries it first), the first written among equals.
    static func open(_ url: LinkPattern, in links: [LinkEntry]) -> Opening? {
        var best: (opening: Opening, precedence: Int)?
        for (entryIndex, entry) in links.enumerated() {
            for (patternIndex, pattern) in entry.link.patterns.enumerated() {
                switch url.overlap(with: pattern) {
                case .same, .narrower:
                    let precedence = entry.link.precedence[safe: patternIndex] ?? 0
                    if best == nil || precedence > best!.precedence {
                        best = (Opening(entry: entryIndex, pattern: patternIndex), precedence)
                    }
                case .disjoint, .wider, .crossing: continue
                }
            }
        }
        return best?.opening
    }

    /// URLs the pattern matches, to try on both sides.
    static func sampleURLs(_ pattern: LinkPattern, others: [LinkPattern]) -> [String] {
        var urls: [String] = []
        func add(_ overlap: LinkPattern.Overlap) {
            switch overlap {
            case .disjoint: break
            case .same(let url), .narrower(let url), .wider(let url), .crossing(let url): if !urls.contains(url) { urls.append(url) }
            }
        }
        add(pattern.overlap(with: pattern))
        for other in others { add(pattern.overlap(with: other)) }
        for filler in ["x", "flowgraph-7"] { if let url = spelled(pattern, filler: filler), !urls.contains(url) { urls.append(url) } }
        return urls
    }

    /// The pattern with every placeholder and `*` spelt `filler` (optional query values left out).
    private static func spelled(_ pattern: LinkPattern, filler: String) -> String? {
        func text(_ part: LinkPattern.Part) -> String {
            switch part {
            case .literal(let literal): literal
            case .placeholder, .wildcard: filler
            case .affixed(let prefix, _, let suffix): prefix + filler + suffix
            }
        }
        var url = (pattern.scheme.map { "\($0)://" } ?? "/") + pattern.segments.map(text).joined(separator: "/")
        let items = pattern.query.filter { $0.value.placeholder.map { !pattern.optionalPlaceholders.contains($0) } ?? true }
        if !items.isEmpty { url += "?" + items.map { "\($0.key)=\(text($0.value))" }.joined(separator: "&") }
        return url
    }

    /// The kind of the move that shows a link's step at the end of its path (nil for a path of one step).
    static func lastMove(_ path: NavigationPath, in program: FlowProgram) -> ActionKind? {
        guard let clause = path.hops.last?.clause else { return nil }
        let actions = clause.transition(in: program).actions
        return actions[safe: clause.branch]?.kind
    }

    /// The guards a link's path asks, as `Flow.guard` (`!` when it must block), old names on the new side.
    static func guards(_ path: NavigationPath, in side: DiffSide, renames: DiffRenames?) -> [String] {
        var result: [String] = []
        for hop in path.hops {
            guard let clause = hop.clause else { continue }
            let conditions = clause.conditionsAskedByLink(in: side.program)
            let chain = clause.transition(in: side.program).conditions
            let flow = side.program.flows[clause.flow].name
            for (position, condition) in conditions.enumerated() {
                // The conditions before the action's own must block; the last (the action's own, when it has one) must allow.
                let allows = position == conditions.count - 1 && chain.count > clause.branch
                let container = renames?.oldContainer(flow) ?? flow
                let name = renames?.old(.guardDeclaration, condition.guardName, in: flow) ?? condition.guardName
                result.append("\(allows == condition.isNegated ? "!" : "")\(container).\(name)")
            }
        }
        return result
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
