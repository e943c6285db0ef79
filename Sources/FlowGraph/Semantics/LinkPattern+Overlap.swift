/// Whether two link patterns can match one URL, and whether one matches only URLs the other
/// matches too (it is more specific: the runtime tries it first). The runtime's matcher
/// (`FlowGraphRuntime`'s `LinkURL`) reads patterns with the same rules; tests hold them together.
extension LinkPattern {
    /// How the URLs two patterns match relate.
    public enum Overlap: Equatable, Sendable {
        /// No URL matches both.
        case disjoint
        /// Both match exactly the same URLs, `example` among them.
        case same(example: String)
        /// Every URL the first matches, the second matches too, not the other way round.
        case narrower(example: String)
        /// Every URL the second matches, the first matches too, not the other way round.
        case wider(example: String)
        /// Some URL (`example`) matches both, and each matches URLs the other does not.
        case crossing(example: String)
    }

    /// How the URLs this pattern matches relate to those `other` matches (by text: whether a
    /// placeholder's text converts to its type is not known here).
    public func overlap(with other: LinkPattern) -> Overlap {
        guard hasRest || other.hasRest || segments.count == other.segments.count else { return .disjoint }
        var inside = true, contains = true
        var schemeWitness: String?
        switch (scheme, other.scheme) {
        case (nil, nil): break
        case (let mine?, nil): schemeWitness = mine; contains = false
        case (nil, let theirs?): schemeWitness = theirs; inside = false
        case (let mine?, let theirs?):
            guard mine.lowercased() == theirs.lowercased() else { return .disjoint }
            schemeWitness = mine
        }
        // The first segment of a URL with a scheme is its host, which matches whatever its case: a
        // pattern without a scheme is compared on URLs without one and on URLs with one. URLs are
        // compared length by length: past the longer pattern and one more segment, a rest of the
        // path (`**`) only adds segments any `*` matches, so nothing changes.
        var pathWitness: [String]?
        let lengths = 0 ... Swift.max(segments.count, other.segments.count) + 1
        for hasScheme in scheme == nil && other.scheme == nil ? [false, true] : [true] {
            for length in lengths {
                switch (parts(forLength: length), other.parts(forLength: length)) {
                case (nil, nil): continue
                case (nil, _?): contains = false
                case (_?, nil): inside = false
                case (let mine?, let theirs?):
                    var witness: [String] = []
                    for index in mine.indices {
                        let lhs = TextSet(mine[index], ignoresCase: ignoresCase || (hasScheme && index == 0), inQuery: false)
                        let rhs = TextSet(theirs[index], ignoresCase: other.ignoresCase || (hasScheme && index == 0), inQuery: false)
                        inside = inside && lhs.isSubset(of: rhs)
                        contains = contains && rhs.isSubset(of: lhs)
                        if let text = lhs.intersection(rhs) { witness.append(text) }
                    }
                    if pathWitness == nil, witness.count == length {
                        pathWitness = witness
                        // Only a URL with a scheme matches both: name one.
                        if hasScheme, schemeWitness == nil { schemeWitness = "app" }
                    }
                }
            }
        }
        guard let pathWitness else { return .disjoint }
        var queryWitness: [(String, String)] = []
        var keys = query.map(\.key)
        for item in other.query where !keys.contains(item.key) { keys.append(item.key) }
        for key in keys {
            let mine = QueryItem(query.first { $0.key == key }?.value, ignoresCase: ignoresCase, optional: optionalPlaceholders)
            let theirs = QueryItem(other.query.first { $0.key == key }?.value, ignoresCase: other.ignoresCase,
                                   optional: other.optionalPlaceholders)
            guard let witness = mine.intersection(theirs) else { return .disjoint }
            if let witness { queryWitness.append((key, witness)) }
            inside = inside && mine.isSubset(of: theirs)
            contains = contains && theirs.isSubset(of: mine)
        }
        var example = (schemeWitness.map { "\($0)://" } ?? "/") + pathWitness.map { Self.encode($0, inQuery: false) }.joined(separator: "/")
        if !queryWitness.isEmpty {
            example += "?" + queryWitness.map { Self.encode($0.0, inQuery: true) + "=" + Self.encode($0.1, inQuery: true) }.joined(separator: "&")
        }
        switch (inside, contains) {
        case (true, true): return .same(example: example)
        case (true, false): return .narrower(example: example)
        case (false, true): return .wider(example: example)
        case (false, false): return .crossing(example: example)
        }
    }

    /// A URL the pattern matches, each placeholder's text `value(name)` (escaped as a URL holds it),
    /// `*` spelt `any` and an unnamed rest of the path `any/more`. A URL's texts are percent-decoded
    /// before they are matched, so a literal is written escaped (a pattern's `%22` is `%2522`).
    func sampleURL(value: (String) -> String) -> String {
        func text(_ part: Part, inQuery: Bool) -> String {
            func escaped(_ text: String) -> String { Self.encode(text, inQuery: inQuery) }
            switch part {
            case .literal(let text): return escaped(text)
            case .placeholder(let name): return value(name)
            case .affixed(let prefix, let name, let suffix): return escaped(prefix) + value(name) + escaped(suffix)
            case .wildcard: return "any"
            case .rest(let name): return name.map(value) ?? "any/more"
            }
        }
        var url = (scheme.map { $0 + "://" } ?? "/") + segments.map { text($0, inQuery: false) }.joined(separator: "/")
        if !query.isEmpty {
            url += "?" + query.map { Self.encode($0.key, inQuery: true) + "=" + text($0.value, inQuery: true) }.joined(separator: "&")
        }
        return url
    }

    /// Percent-escapes what a URL's segment or query text cannot hold as it is.
    static func encode(_ text: String, inQuery: Bool) -> String {
        // Bytes, decoded once at the end: a character of several bytes (`é`, `ü`) stays whole
        // (decoded a byte at a time, each became U+FFFD).
        var out: [UInt8] = []
        let special: Set<UInt8> = inQuery ? Set("%/?#&=+ ".utf8) : Set("%/?#+ ".utf8)
        for byte in text.utf8 {
            if byte < 0x21 || byte == 0x7F || special.contains(byte) {
                out += Array(("%" + String(byte, radix: 16, uppercase: true).leftPadded).utf8)
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}

/// Two characters a pattern compares equal: the same, or, where case is ignored, the same once
/// lowercased (the runtime compares them so).
func linkCharactersMatch(_ lhs: Character, _ rhs: Character, ignoringCase: Bool) -> Bool {
    lhs == rhs || (ignoringCase && lhs.lowercased() == rhs.lowercased())
}

/// The texts one segment or query value of a pattern matches: `prefix`, at least `minimum`
/// characters, `suffix`; or exactly `prefix` when `exact`.
private struct TextSet {
    var prefix: [Character]
    var suffix: [Character]
    var minimum: Int
    var exact: Bool
    var ignoresCase: Bool

    init(_ part: LinkPattern.Part, ignoresCase: Bool, inQuery: Bool) {
        self.ignoresCase = ignoresCase
        switch part {
        case .literal(let text): (prefix, suffix, minimum, exact) = (Array(text), [], 0, true)
        // A path segment is never empty; a query value may be.
        case .placeholder, .wildcard, .rest: (prefix, suffix, minimum, exact) = ([], [], inQuery ? 0 : 1, false)
        case .affixed(let before, _, let after): (prefix, suffix, minimum, exact) = (Array(before), Array(after), 1, false)
        }
    }

    /// Whether `short` can begin (or end) a text that begins (ends) with `long`, and the
    /// characters of that beginning: where one side ignores case, it takes the other's.
    private static func merge(_ mine: [Character], _ mineIgnores: Bool, _ theirs: [Character], _ theirsIgnores: Bool, fromEnd: Bool) -> [Character]? {
        let (long, longIgnores, short, shortIgnores) = mine.count >= theirs.count
            ? (mine, mineIgnores, theirs, theirsIgnores) : (theirs, theirsIgnores, mine, mineIgnores)
        var merged = long
        let offset = fromEnd ? long.count - short.count : 0
        for index in short.indices {
            let at = offset + index
            guard linkCharactersMatch(long[at], short[index], ignoringCase: longIgnores || shortIgnores) else { return nil }
            if longIgnores, !shortIgnores { merged[at] = short[index] }
        }
        return merged
    }

    /// A text both sets hold, if there is one.
    func intersection(_ other: TextSet) -> String? {
        if exact, other.exact {
            guard prefix.count == other.prefix.count,
                  let merged = Self.merge(prefix, ignoresCase, other.prefix, other.ignoresCase, fromEnd: false) else { return nil }
            return String(merged)
        }
        if exact || other.exact {
            let (literal, open) = exact ? (self, other) : (other, self)
            let text = literal.prefix
            guard text.count >= open.prefix.count + open.suffix.count + open.minimum,
                  var merged = Self.merge(text, literal.ignoresCase, open.prefix, open.ignoresCase, fromEnd: false),
                  let end = Self.merge(text, literal.ignoresCase, open.suffix, open.ignoresCase, fromEnd: true) else { return nil }
            // The literal's characters, with the prefix's and the suffix's where case let them differ.
            for index in text.count - open.suffix.count ..< text.count { merged[index] = end[index] }
            return String(merged)
        }
        guard let start = Self.merge(prefix, ignoresCase, other.prefix, other.ignoresCase, fromEnd: false),
              let end = Self.merge(suffix, ignoresCase, other.suffix, other.ignoresCase, fromEnd: true) else { return nil }
        return String(start) + "1" + String(end)
    }

    /// Whether the set holds every text, the empty one too (a whole query value).
    var isEveryText: Bool { !exact && prefix.isEmpty && suffix.isEmpty && minimum == 0 }

    /// Whether every text of this set is in `other`.
    func isSubset(of other: TextSet) -> Bool {
        // A text that ignores case stands for all its spellings: only a set that ignores case too holds them all.
        let caseFits = !ignoresCase || other.ignoresCase
        if other.exact {
            return exact && caseFits && prefix.count == other.prefix.count
                && zip(prefix, other.prefix).allSatisfy { linkCharactersMatch($0, $1, ignoringCase: other.ignoresCase) }
        }
        guard caseFits, prefix.count >= other.prefix.count, suffix.count >= other.suffix.count else { return false }
        let startFits = zip(prefix, other.prefix).allSatisfy { linkCharactersMatch($0, $1, ignoringCase: other.ignoresCase) }
        let endFits = zip(suffix.reversed(), other.suffix.reversed()).allSatisfy { linkCharactersMatch($0, $1, ignoringCase: other.ignoresCase) }
        guard startFits, endFits else { return false }
        if exact { return prefix.count >= other.prefix.count + other.suffix.count + other.minimum }
        return prefix.count - other.prefix.count + suffix.count - other.suffix.count + minimum >= other.minimum
    }
}

/// What a pattern asks of one query key: nothing; a value in a set; or, for a placeholder whose
/// input is optional, that value or no item at all.
private struct QueryItem {
    /// nil: any value.
    var value: TextSet?
    var mayBeAbsent: Bool

    init(_ part: LinkPattern.Part?, ignoresCase: Bool, optional: Set<String>) {
        value = part.map { TextSet($0, ignoresCase: ignoresCase, inQuery: true) }
        mayBeAbsent = part == nil || part?.placeholder.map(optional.contains) == true
    }

    /// A URL's item both accept (`.some(nil)`: the item left out), or nil when none.
    func intersection(_ other: QueryItem) -> String?? {
        if mayBeAbsent, other.mayBeAbsent { return .some(nil) }
        switch (value, other.value) {
        case (nil, nil): return .some("1")
        case (let set?, nil), (nil, let set?): return set.intersection(set).map { .some($0) }
        case (let mine?, let theirs?): return mine.intersection(theirs).map { .some($0) }
        }
    }

    func isSubset(of other: QueryItem) -> Bool {
        guard !mayBeAbsent || other.mayBeAbsent else { return false }
        guard let theirs = other.value, !theirs.isEveryText else { return true }
        guard let mine = value else { return false }
        return mine.isSubset(of: theirs)
    }
}
