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
        /// The screen a URL of the link lands on: its flow, the step's name, and the container that
        /// declares the step (the flow, or a destinations group it uses). A step moved into a group
        /// the flow uses is the same screen for a URL, though another type of the router.
        let flowName: String
        let stepName: String
        let stepContainer: String
    }

    /// The screen of a link, by old names on the new side.
    func screen(_ entry: LinkEntry, isNew: Bool) -> String {
        guard isNew else { return entry.flowName + "." + entry.stepName }
        return renames.oldContainer(entry.flowName) + "." + renames.old(.step, entry.stepName, in: entry.stepContainer)
    }

    /// Where a URL goes on one side: the link and which of its patterns took it.
    struct Opening {
        let entry: Int
        let pattern: Int
    }

    mutating func compareLinks() {
        let oldLinks = Self.links(of: old), newLinks = Self.links(of: new)
        let oldIndex = LinkIndex(oldLinks), newIndex = LinkIndex(newLinks)
        let oldPatterns = Set(oldLinks.flatMap { $0.link.patterns.map(\.text) })
        for (entryIndex, entry) in oldLinks.enumerated() {
            var successor: (opening: Opening, url: String)?
            for (patternIndex, pattern) in entry.link.patterns.enumerated() {
                let range = entry.link.patternRanges.indices.contains(patternIndex) ? entry.link.patternRanges[patternIndex] : entry.link.patternRange
                var broken = false
                var first: (opening: Opening, url: String)?
                let others = (oldIndex.candidates(for: pattern) + newIndex.candidates(for: pattern)).map(\.pattern)
                for url in Self.sampleURLs(pattern, others: others) {
                    guard let parsed = try? LinkPattern.parse(url).get(),
                          let before = oldIndex.open(parsed), before.entry == entryIndex else { continue }
                    guard let now = newIndex.open(parsed) else {
                        report(.linkRemoved, DiffMessages.linkRemoved(pattern.text, step: entry.target, example: url),
                               subject: pattern.text, old: range, new: anchor(for: pattern, of: entry, among: newLinks, oldPatterns: oldPatterns),
                               example: url)
                        broken = true
                        break
                    }
                    let target = newLinks[now.entry].target
                    guard screen(newLinks[now.entry], isNew: true) == screen(entry, isNew: false) else {
                        let newLink = newLinks[now.entry].link
                        // A step that looks renamed without a rename comment: say which comment would declare it.
                        let hint = likelyRenames[entry.target] == target
                            ? DiffMessages.likelyRename(entry.stepName, new: newLinks[now.entry].stepName) : ""
                        report(.linkTargetChanged, DiffMessages.linkTargetChanged(pattern.text, step: entry.target, example: url, now: target) + hint,
                               subject: pattern.text, old: range, new: newLink.patternRanges[safe: now.pattern] ?? newLink.patternRange, example: url)
                        broken = true
                        break
                    }
                    if first == nil { first = (now, url) }
                }
                guard !broken, let first else { continue }
                if successor == nil { successor = first }
                let newEntry = newLinks[first.opening.entry]
                compareTypes(pattern, of: entry, with: newEntry.link.patterns[first.opening.pattern], of: newEntry,
                             old: range, new: newEntry.link.patternRanges[safe: first.opening.pattern] ?? newEntry.link.patternRange)
            }
            if let successor { compareOpening(entry, newLinks[successor.opening.entry], example: successor.url) }
        }
    }

    /// Where a removed or changed pattern is shown on the new side: the same pattern text of a link
    /// to the same step; else a link to the same step that is the old link changed (it keeps
    /// another of its patterns, or has none that the old program had); else the flow. Never
    /// another link that was there already: that one did not change.
    private func anchor(for pattern: LinkPattern, of entry: LinkEntry, among newLinks: [LinkEntry], oldPatterns: Set<String>) -> SourceRange? {
        let sameStep = newLinks.filter { screen($0, isNew: true) == screen(entry, isNew: false) }
        for link in sameStep {
            if let index = link.link.patterns.firstIndex(where: { $0.text == pattern.text }) {
                return link.link.patternRanges[safe: index] ?? link.link.patternRange
            }
        }
        let siblings = Set(entry.link.patterns.map(\.text))
        let changed = sameStep.first { link in
            link.link.patterns.contains { siblings.contains($0.text) } || !link.link.patterns.contains { oldPatterns.contains($0.text) }
        }
        return changed?.link.patternRange ?? newContainer(forOld: old.containers[entry.flow].name)?.range
    }

    /// How the link opens its step: reachable, by the same kind of move, asking no new guard.
    /// `example`: a URL of the link that opened its step before and opens it now (another way, or not at all).
    private mutating func compareOpening(_ before: LinkEntry, _ now: LinkEntry, example: String) {
        let pattern = before.link.pattern.text
        let ranges = (old: before.link.patternRange, new: now.link.patternRange)
        guard let newPath = now.path else {
            if before.path != nil {
                report(.linkTargetUnreachable, DiffMessages.linkTargetUnreachable(pattern, step: now.target),
                       subject: pattern, old: ranges.old, new: ranges.new, example: example)
            }
            return
        }
        guard let oldPath = before.path else { return }
        let lastBefore = Self.lastMove(oldPath, in: old.program), lastNow = Self.lastMove(newPath, in: new.program)
        if before.link.move != now.link.move || (before.link.move == nil && lastBefore != lastNow) {
            report(.linkStackChanged, DiffMessages.linkStackChanged(pattern, step: now.target,
                   before: DiffMessages.opening(before.link.move, lastMove: lastBefore),
                   now: DiffMessages.opening(now.link.move, lastMove: lastNow)),
                   subject: pattern, old: ranges.old, new: ranges.new, example: example)
        }
        // The link's own guard before its first target (`-> Pledge if isSignedIn else ...`) is asked first.
        let asked = Set(Self.ownGuard(of: before, in: old, renames: nil) + Self.guards(oldPath, in: old, renames: nil))
        let added = (Self.ownGuard(of: now, in: new, renames: renames) + Self.guards(newPath, in: new, renames: renames))
            .filter { !asked.contains($0) }
        if !added.isEmpty {
            var seen = Set<String>()
            report(.linkGuardAdded, DiffMessages.linkGuardAdded(pattern, guards: added.filter { seen.insert($0).inserted }),
                   subject: pattern, old: ranges.old, new: ranges.new, example: example)
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
                // The old pattern with its placeholders spelt `x`: text no number, Boolean or UUID converts from.
                report(.linkPlaceholderNarrowed,
                       DiffMessages.placeholderNarrowed(other, pattern: now.text, before: was.wrappedType, now: is_.wrappedType),
                       subject: before.text, old: oldRange, new: newRange, example: Self.spelled(before, filler: "x", capitals: false))
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
                        result[earlier] = LinkEntry(flow: entry.flow, index: entry.index, link: entry.link, target: entry.target, path: path,
                                                    flowName: entry.flowName, stepName: entry.stepName, stepContainer: entry.stepContainer)
                    }
                    continue
                }
                seen[link.patternRange] = result.count
                result.append(LinkEntry(flow: flowIndex, index: index, link: link,
                                        target: side.stepID(StepReference(flow: flowIndex, step: target)), path: path,
                                        flowName: flow.name, stepName: flow.steps[target].name,
                                        stepContainer: flow.steps[target].shared.map { side.program.groups[$0.group].name } ?? flow.name))
            }
        }
        return result
    }

    /// The patterns of a side's links, by what a URL must have to match them: its number of
    /// segments and its first segment (the host of a URL with a scheme). A URL or pattern is
    /// compared only with the patterns it could overlap, so a program of thousands of links is
    /// compared in about linear time.
    struct LinkIndex {
        struct Item {
            let opening: Opening
            let pattern: LinkPattern
            let precedence: Int
        }

        /// By segment count and first literal segment, lowercased (hosts match whatever their case).
        private var byFirst: [Int: [String: [Item]]] = [:]
        /// By segment count, those whose first segment is not a plain literal (or that have none).
        private var open: [Int: [Item]] = [:]

        init(_ links: [LinkEntry]) {
            for (entryIndex, entry) in links.enumerated() {
                for (patternIndex, pattern) in entry.link.patterns.enumerated() {
                    let item = Item(opening: Opening(entry: entryIndex, pattern: patternIndex), pattern: pattern,
                                    precedence: entry.link.precedence[safe: patternIndex] ?? 0)
                    if let first = Self.firstLiteral(pattern) {
                        byFirst[pattern.segments.count, default: [:]][first, default: []].append(item)
                    } else {
                        open[pattern.segments.count, default: []].append(item)
                    }
                }
            }
        }

        private static func firstLiteral(_ pattern: LinkPattern) -> String? {
            guard case .literal(let text)? = pattern.segments.first else { return nil }
            return text.lowercased()
        }

        /// The patterns that may match a URL `pattern` matches, in the order of the links.
        func candidates(for pattern: LinkPattern) -> [Item] {
            let count = pattern.segments.count
            let found: [Item]
            if let first = Self.firstLiteral(pattern) {
                found = (byFirst[count]?[first] ?? []) + (open[count] ?? [])
            } else {
                found = (byFirst[count]?.values.flatMap { $0 } ?? []) + (open[count] ?? [])
            }
            return found.sorted { ($0.opening.entry, $0.opening.pattern) < ($1.opening.entry, $1.opening.pattern) }
        }

        /// The link a URL (parsed as a pattern of literals) opens: of the patterns that match it,
        /// the one of highest precedence (the runtime tries it first), the first written among equals.
        func open(_ url: LinkPattern) -> Opening? {
            var best: Item?
            for item in candidates(for: url) {
                switch url.overlap(with: item.pattern) {
                case .same, .narrower:
                    if best == nil || item.precedence > best!.precedence { best = item }
                case .disjoint, .wider, .crossing: continue
                }
            }
            return best?.opening
        }
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
        var spellings = [("x", false), ("flowgraph-7", false)]
        // A pattern that ignores case opened its literals in any case: try them in capitals too.
        if pattern.ignoresCase { spellings.append(("X", true)) }
        for (filler, capitals) in spellings {
            let url = spelled(pattern, filler: filler, capitals: capitals)
            if !urls.contains(url) { urls.append(url) }
        }
        return urls
    }

    /// The pattern with every placeholder and `*` spelt `filler` (optional query values left out),
    /// its literals in capitals when asked (query keys aside: they match as written).
    static func spelled(_ pattern: LinkPattern, filler: String, capitals: Bool) -> String {
        func text(_ part: LinkPattern.Part) -> String {
            switch part {
            case .literal(let literal): capitals ? literal.uppercased() : literal
            case .placeholder, .wildcard, .rest: filler
            case .affixed(let prefix, _, let suffix): capitals ? prefix.uppercased() + filler + suffix.uppercased() : prefix + filler + suffix
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
        let actions = clause.clause(in: program).actions
        return actions[safe: clause.branch]?.kind
    }

    /// The guards a link's path asks, as `Flow.guard` (`!` when it must block), old names on the new side.
    /// The guard a link that decides asks before its first target, as `guards` names one
    /// (`Flow.isSignedIn`, `!Flow.isComposing`); none for a link that does not decide.
    static func ownGuard(of entry: LinkEntry, in side: DiffSide, renames: DiffRenames?) -> [String] {
        guard let condition = entry.link.conditions.first else { return [] }
        let flow = side.program.flows[entry.flow]
        let container = renames?.oldContainer(flow.name) ?? flow.name
        let name = renames?.old(.guardDeclaration, condition.guardName, in: flow.name) ?? condition.guardName
        return ["\(condition.isNegated ? "!" : "")\(container).\(name)"]
    }

    static func guards(_ path: NavigationPath, in side: DiffSide, renames: DiffRenames?) -> [String] {
        var result: [String] = []
        for hop in path.hops {
            guard let clause = hop.clause else {
                // Entering a flow (the root, or a subflow a step runs) at one of its start choices
                // asks the conditions of the choices before it (each must fail) and its own.
                let flow = side.program.flows[hop.step.flow]
                // A tab that is there only sometimes (`step Inbox if isSignedIn`) asks its condition.
                if flow.isTabs, let condition = flow.steps[hop.step.step].condition {
                    let container = renames?.oldContainer(flow.name) ?? flow.name
                    let name = renames?.old(.guardDeclaration, condition.guardName, in: flow.name) ?? condition.guardName
                    result.append("\(condition.isNegated ? "!" : "")\(container).\(name)")
                }
                guard !flow.isTabs, let chosen = flow.startChoices.firstIndex(where: { $0.step == hop.step.step }) else { continue }
                for (position, choice) in flow.startChoices.prefix(chosen + 1).enumerated() {
                    guard let condition = choice.condition else { continue }
                    let container = renames?.oldContainer(flow.name) ?? flow.name
                    let name = renames?.old(.guardDeclaration, condition.guardName, in: flow.name) ?? condition.guardName
                    result.append("\((position == chosen) == condition.isNegated ? "!" : "")\(container).\(name)")
                }
                continue
            }
            let conditions = clause.conditionsAskedByLink(in: side.program)
            let chain = clause.clause(in: side.program).conditions
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
