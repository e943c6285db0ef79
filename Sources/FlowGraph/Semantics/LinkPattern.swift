/// A parsed deep-link pattern: `/movies/{movie}`, `shop://product/{id}?ref={ref}`.
///
/// A placeholder is a whole path segment or a whole query value; its name is a step input.
public struct LinkPattern: Sendable, Hashable {
    /// One part of the pattern.
    public enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    public let text: String
    /// `shop` in `shop://...`, when the pattern names a scheme.
    public let scheme: String?
    /// The path segments; for `shop://product/{id}` the host `product` is the first segment.
    public let segments: [Part]
    /// Query items: key, and its value.
    public let query: [(key: String, value: Part)]

    public var placeholders: [String] {
        (segments + query.map(\.value)).compactMap {
            if case .placeholder(let name) = $0 { return name }
            return nil
        }
    }

    /// The pattern with placeholder names erased, so two links that match the same URLs compare equal.
    public var shape: String {
        func show(_ part: Part) -> String {
            switch part {
            case .literal(let text): text
            case .placeholder: "{}"
            }
        }
        var text = (scheme.map { "\($0)://" } ?? "/") + segments.map(show).joined(separator: "/")
        // Query items match in any order.
        if !query.isEmpty { text += "?" + query.map { "\($0.key)=\(show($0.value))" }.sorted().joined(separator: "&") }
        return text
    }

    public static func == (lhs: LinkPattern, rhs: LinkPattern) -> Bool { lhs.text == rhs.text }
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
                switch part(segment) {
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
                guard !key.isEmpty, !key.contains("{") else { return .failure(.queryNeedsValue(String(item))) }
                switch part(item[item.index(after: equals)...]) {
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

    private static func part(_ text: Substring) -> Result<Part, LinkPatternError> {
        if text.first == "{" {
            guard text.last == "}", text.count >= 2 else { return .failure(.unclosedPlaceholder) }
            let name = String(text.dropFirst().dropLast())
            guard isValidName(name) else { return .failure(.invalidPlaceholder(name)) }
            return .success(.placeholder(name))
        }
        guard !text.contains("{"), !text.contains("}") else { return .failure(.placeholderInsideSegment(String(text))) }
        return .success(.literal(String(text)))
    }
}

/// Why a link pattern could not be read.
public enum LinkPatternError: Error, Sendable, Equatable {
    case mustStartWithSlash
    case invalidScheme
    case unclosedPlaceholder
    case invalidPlaceholder(String)
    case placeholderInsideSegment(String)
    case queryNeedsValue(String)
    case duplicatePlaceholder(String)
    case emptySegment

    public var message: String {
        switch self {
        case .mustStartWithSlash: "a link pattern starts with '/' or with a scheme such as 'shop://'"
        case .invalidScheme: "the scheme of a link pattern is letters, digits, '+', '-' or '.', starting with a letter"
        case .unclosedPlaceholder: "'{' in a link pattern has no matching '}'"
        case .invalidPlaceholder(let name): "'{\(name)}' is not a placeholder: the name between braces must be an identifier"
        case .placeholderInsideSegment(let segment): "'\(segment)': a placeholder must be a whole path segment or a whole query value"
        case .queryNeedsValue(let item): "query item '\(item)' must be 'key=value' or 'key={placeholder}'"
        case .duplicatePlaceholder(let name): "placeholder '{\(name)}' appears twice in the link pattern"
        case .emptySegment: "a link pattern cannot have an empty path segment ('//')"
        }
    }
}
