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
        return resolved
    }

    /// The flow-level clause each link with a move stands for: `link "/compose" -> sheet Compose`
    /// makes `sheet Compose` in whichever step of the flow the user is, with the target's inputs
    /// from the URL (a placeholder each, or nil for an optional one: `link-mismatch` says so).
    func linkMoves(of flow: Flow, _ syntax: [LinkSyntax]) -> [Clause] {
        flow.links.enumerated().compactMap { index, link in
            guard let move = link.move, let target = link.target else { return nil }
            let payload = flow.steps[target].inputs
            let written = syntax[index]
            let action = Action(kind: move, targetName: written.target.text, target: target,
                                range: SourceRange(file: written.range.file, start: link.patternRange.start, end: written.range.end))
            // Named by its first pattern, as messages name a link: a diagram's label stays short.
            return Clause(event: "link \"\(link.pattern.text)\"", eventRange: link.patternRange, payload: payload, action: action,
                              condition: nil, doc: [], range: link.range, isExitHandler: false, link: index)
        }
    }
}
