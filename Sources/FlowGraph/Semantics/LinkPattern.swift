/// A parsed deep-link pattern: `/movies/{movie}`, `shop://product/{id}?ref={ref}`, `https://*/@{account}`.
///
/// A path segment is a literal, `*` (any one segment), a placeholder (`{id}`), or a placeholder
/// with a literal prefix and/or suffix (`@{user}`, `{id}.json`); the last may be the rest of the
/// path, ignored (`**`) or a value (`{path...}`). A query value is a literal or a placeholder, with
/// or without affixes. A placeholder's name is a step input; so is the name of the whole URL
/// (`link "https://**" as url -> ...`).
package struct LinkPattern: Sendable, Hashable {
    /// One part of the pattern.
    public enum Part: Sendable, Hashable {
        case literal(String)
        /// A whole segment or query value.
        case placeholder(String)
        /// `@{user}`, `{id}.json`: one placeholder between a literal prefix and suffix (one may be
        /// empty, not both); the placeholder's text is not empty.
        case affixed(prefix: String, name: String, suffix: String)
        /// `*`: any one path segment.
        case wildcard
        /// `**` (nil) or `{path...}`: the rest of the path, one segment or more, as the last
        /// segment; a placeholder's value is the segments' texts joined with `/`.
        case rest(String?)
    }

    public let text: String
    /// `shop` in `shop://...`, when the pattern names a scheme.
    public let scheme: String?
    /// The path segments; for `shop://product/{id}` the host `product` is the first segment.
    public let segments: [Part]
    /// Query items: key, and its value.
    public let query: [(key: String, value: Part)]
    /// `ignoring case`: the pattern's literals match whatever their case (placeholder values keep
    /// theirs), query keys aside. A scheme, and the host of a URL with a scheme (its first
    /// segment), match whatever their case anyway (RFC 3986).
    public var ignoresCase = false
    /// The placeholders whose inputs are optional: a query item they fill may be left out. The
    /// resolver sets them from the target step.
    public var optionalPlaceholders: Set<String> = []
    /// `url` in `link "https://**" as url -> Browser`: the input that gets the whole URL, as `open`
    /// received it. The resolver sets it from the link.
    public var wholeURL: String?

    public init(text: String, scheme: String?, segments: [Part], query: [(key: String, value: Part)], ignoresCase: Bool = false) {
        self.text = text
        self.scheme = scheme
        self.segments = segments
        self.query = query
        self.ignoresCase = ignoresCase
    }

    /// The names of the values the pattern gives: its placeholders, then the whole URL's.
    public var placeholders: [String] {
        (segments + query.map(\.value)).compactMap(\.placeholder) + (wholeURL.map { [$0] } ?? [])
    }

    /// Whether the last segment is the rest of the path (`**`, `{path...}`).
    public var hasRest: Bool {
        if case .rest = segments.last { true } else { false }
    }

    /// The parts that match a URL of `length` segments, one per segment (the rest of the path
    /// stands for as many `*` as it takes), or nil when the pattern matches no URL that long.
    func parts(forLength length: Int) -> [Part]? {
        guard hasRest else { return length == segments.count ? segments : nil }
        guard length >= segments.count else { return nil }
        return segments.dropLast() + Array(repeating: .wildcard, count: length - segments.count + 1)
    }

    public static func == (lhs: LinkPattern, rhs: LinkPattern) -> Bool { lhs.text == rhs.text && lhs.ignoresCase == rhs.ignoresCase }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Parses a pattern; on failure, returns the reason.
    public static func parse(_ text: String) -> Result<LinkPattern, LinkPatternError> {
        var rest = Substring(text)
        var scheme: String?
        if let separator = rest.firstRange(of: "://") {
            let name = rest[..<separator.lowerBound]
            guard let first = name.first, first.isLetter,
                  name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else {
                return .failure(.invalidScheme)
            }
            scheme = String(name)
            rest = rest[separator.upperBound...]
        } else {
            guard rest.first == "/" else { return .failure(.mustStartWithSlash) }
            rest = rest.dropFirst()
        }
        var queryText: Substring?
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var segments: [Part] = []
        if rest.hasSuffix("/") { rest = rest.dropLast() }  // A trailing slash is allowed.
        if !rest.isEmpty {
            for segment in rest.split(separator: "/", omittingEmptySubsequences: false) {
                guard !segment.isEmpty else { return .failure(.emptySegment) }
                if case .rest = segments.last { return .failure(.restNotLast(String(segments.last.map(restText) ?? ""))) }
                if segment == "*" {
                    segments.append(.wildcard)
                    continue
                }
                if segment == "**" {
                    segments.append(.rest(nil))
                    continue
                }
                switch part(segment, inPath: true) {
                case .success(let parsed): segments.append(parsed)
                case .failure(let error): return .failure(error)
                }
            }
        }
        var query: [(key: String, value: Part)] = []
        if let queryText {
            for item in queryText.split(separator: "&") {
                guard let equals = item.firstIndex(of: "=") else { return .failure(.queryNeedsValue(String(item))) }
                let key = String(item[..<equals])
                guard !key.isEmpty, !key.contains("{"), !key.contains("}") else { return .failure(.queryNeedsValue(String(item))) }
                guard !query.contains(where: { $0.key == key }) else { return .failure(.duplicateQueryKey(key)) }
                let value = item[item.index(after: equals)...]
                guard value != "*" else { return .failure(.wildcardInQuery(key)) }
                switch part(value, inPath: false) {
                case .success(let parsed): query.append((key, parsed))
                case .failure(let error): return .failure(error)
                }
            }
        }
        let pattern = LinkPattern(text: text, scheme: scheme, segments: segments, query: query)
        var seen = Set<String>()
        for name in pattern.placeholders where !seen.insert(name).inserted {
            return .failure(.duplicatePlaceholder(name))
        }
        return .success(pattern)
    }

    /// `**` or `{path...}`, as written.
    private static func restText(_ part: Part) -> String {
        if case .rest(let name?) = part { "{\(name)...}" } else { "**" }
    }

    /// A segment or query value: a literal, or at most one placeholder with a literal around it.
    /// In a path, `*` is a whole segment, never part of one (`*.example.com` is not a pattern);
    /// `{path...}`, the rest of the path, is a whole segment.
    private static func part(_ text: Substring, inPath: Bool) -> Result<Part, LinkPatternError> {
        guard let open = text.firstIndex(where: { $0 == "{" || $0 == "}" }) else {
            guard !inPath || !text.contains("*") else { return .failure(.wildcardInsideSegment(String(text))) }
            return .success(.literal(String(text)))
        }
        guard text[open] == "{", let close = text[open...].firstIndex(of: "}") else { return .failure(.unclosedPlaceholder) }
        let prefix = text[..<open], suffix = text[text.index(after: close)...]
        let name = String(text[text.index(after: open)..<close])
        if suffix.contains("{") || suffix.contains("}") { return .failure(.twoPlaceholdersInSegment(String(text))) }
        if name.hasSuffix("?"), isValidName(String(name.dropLast())) { return .failure(.optionalMark(String(name.dropLast()))) }
        if name.hasSuffix("..."), isValidName(String(name.dropLast(3))) {
            guard inPath else { return .failure(.restInQuery(String(name.dropLast(3)))) }
            guard prefix.isEmpty, suffix.isEmpty else { return .failure(.restInsideSegment(String(text))) }
            return .success(.rest(String(name.dropLast(3))))
        }
        guard isValidName(name) else { return .failure(.invalidPlaceholder(name)) }
        guard !inPath || (!prefix.contains("*") && !suffix.contains("*")) else { return .failure(.wildcardInsideSegment(String(text))) }
        if prefix.isEmpty, suffix.isEmpty { return .success(.placeholder(name)) }
        return .success(.affixed(prefix: String(prefix), name: name, suffix: String(suffix)))
    }
}

extension LinkPattern.Part {
    /// The name of the placeholder in the part, if it has one.
    public var placeholder: String? {
        switch self {
        case .placeholder(let name), .affixed(_, let name, _), .rest(let name?): name
        case .literal, .wildcard, .rest(nil): nil
        }
    }
}

/// Why a link pattern could not be read.
package enum LinkPatternError: Error, Sendable, Equatable {
    case mustStartWithSlash
    case invalidScheme
    case unclosedPlaceholder
    case invalidPlaceholder(String)
    case twoPlaceholdersInSegment(String)
    case wildcardInsideSegment(String)
    case wildcardInQuery(String)
    case optionalMark(String)
    case queryNeedsValue(String)
    case duplicateQueryKey(String)
    case duplicatePlaceholder(String)
    case emptySegment
    /// `**` or `{path...}` before another segment.
    case restNotLast(String)
    /// `x{path...}`: a rest of the path with a literal around it.
    case restInsideSegment(String)
    /// `?q={q...}`.
    case restInQuery(String)

    /// Where in `pattern` the mistake is, as UTF-8 offsets, when it is one part of it.
    public func culprit(in pattern: String) -> Range<Int>? {
        let text = Array(pattern.utf8)
        let query = text.firstIndex(of: UInt8(ascii: "?")) ?? text.count
        let path = text.count >= 3 ? (0 ..< text.count - 2).first { text[$0 ..< $0 + 3].elementsEqual("://".utf8) }.map { $0 + 3 } ?? 0 : 0
        /// The first (or last) place `part` is written, from `start` on.
        func find(_ part: String, from start: Int = 0, last: Bool = false) -> Range<Int>? {
            let needle = Array(part.utf8)
            guard !needle.isEmpty, text.count >= needle.count, start <= text.count - needle.count else { return nil }
            let starts = (start ... text.count - needle.count).filter { text[$0 ..< $0 + needle.count].elementsEqual(needle) }
            return (last ? starts.last : starts.first).map { $0 ..< $0 + needle.count }
        }
        switch self {
        case .mustStartWithSlash, .unclosedPlaceholder: return nil
        case .invalidScheme: return path >= 3 ? 0 ..< path - 3 : nil
        case .invalidPlaceholder(let name): return find("{\(name)}")
        case .optionalMark(let name): return find("{\(name)?}")
        case .twoPlaceholdersInSegment(let part), .wildcardInsideSegment(let part): return find(part, from: path)
        case .wildcardInQuery(let key): return find("\(key)=*", from: query)
        case .queryNeedsValue(let item): return find(item, from: query)
        case .duplicateQueryKey(let key): return find("\(key)=", from: query, last: true)
        case .duplicatePlaceholder(let name): return find("{\(name)}", last: true)
        case .emptySegment: return find("//", from: path)
        case .restNotLast(let part), .restInsideSegment(let part): return find(part, from: path)
        case .restInQuery(let name): return find("{\(name)...}", from: query)
        }
    }

    public var message: String {
        switch self {
        case .mustStartWithSlash: "a link pattern starts with '/' or with a scheme such as 'shop://'"
        case .invalidScheme: "the scheme of a link pattern is letters, digits, '+', '-' or '.', starting with a letter"
        case .unclosedPlaceholder: "'{' in a link pattern has no matching '}'"
        case .invalidPlaceholder(let name): "'{\(name)}' is not a placeholder: the name between braces must be an identifier"
        case .twoPlaceholdersInSegment(let segment): "'\(segment)': a path segment or query value holds at most one placeholder"
        case .wildcardInsideSegment(let segment): "'\(segment)': '*' is a whole path segment (any one segment); it cannot be part of one"
        case .wildcardInQuery(let key): "query item '\(key)=*': a query item the pattern leaves out may have any value; leave it out"
        case .optionalMark(let name): "'{\(name)?}': a placeholder is optional when its input is ('\(name): T?'); write '{\(name)}'"
        case .queryNeedsValue(let item): "query item '\(item)' must be 'key=value' or 'key={placeholder}'"
        case .duplicateQueryKey(let key): "query key '\(key)' appears twice in the link pattern"
        case .duplicatePlaceholder(let name): "placeholder '{\(name)}' appears twice in the link pattern"
        case .emptySegment: "a link pattern cannot have an empty path segment ('//')"
        case .restNotLast(let part): "'\(part)' is the rest of the path: it is the pattern's last segment"
        case .restInsideSegment(let part): "'\(part)': the rest of the path is a whole segment, without a literal around it"
        case .restInQuery(let name): "'{\(name)...}': the rest of a path is not a query value; write '{\(name)}'"
        }
    }
}
