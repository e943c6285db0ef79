// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileLinkURL = ###"""
/// A URL split into scheme, path segments and query items, percent-decoded; no Foundation needed.
/// A URL is tried on the patterns of the program's links in the order of `ProgramTable.linkOrder`.
/// After a scheme the host is the first segment (`shop://items/42` has the segments `items`, `42`).
public struct LinkURL: Sendable, Hashable {
    /// The URL as it was given.
    public var text: String
    public var scheme: String?
    public var segments: [String] = []
    public var query: [String: String] = [:]

    public init(_ text: String) {
        self.text = text
        var rest = Substring(text)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if let separator = rest.firstRange(of: "://") {
            scheme = String(rest[..<separator.lowerBound])
            rest = rest[separator.upperBound...]
        }
        var queryText: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        segments = rest.split(separator: "/").map { LinkURL.decode($0) }
        for item in queryText.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[LinkURL.decode(pair[0])] = pair.count > 1 ? LinkURL.decode(pair[1]) : ""
        }
    }

    /// The text of each input of a link's target step that `pattern` names (nil for the others
    /// and for a query item the URL leaves out), when the URL matches the pattern.
    func values(for pattern: ProgramTable.LinkPattern, inputs: Int) -> [String?]? {
        // `**`, `{path...}`: the last part takes one segment or more.
        let rest: Int?? = if case .rest(let input) = pattern.segments.last { .some(input) } else { nil }
        guard rest == nil ? segments.count == pattern.segments.count : segments.count >= pattern.segments.count else { return nil }
        if let wanted = pattern.scheme {
            // Schemes match whatever their case (RFC 3986).
            guard let scheme, LinkURL.same(scheme, wanted, ignoringCase: true) else { return nil }
        }
        var values = [String?](repeating: nil, count: inputs)
        for (index, (part, segment)) in zip(pattern.segments, segments).enumerated() {
            // After a scheme the first segment is the host, which matches whatever its case.
            let ignoringCase = pattern.ignoresCase || (scheme != nil && index == 0)
            switch part {
            case .literal(let text): guard LinkURL.same(segment, text, ignoringCase: ignoringCase) else { return nil }
            case .placeholder(let input): values[input] = segment
            case .affixed(let prefix, let input, let suffix):
                guard let middle = LinkURL.middle(of: segment, prefix: prefix, suffix: suffix, ignoringCase: ignoringCase) else { return nil }
                values[input] = middle
            case .wildcard: break
            case .rest(let input):
                if let input { values[input] = segments[index...].joined(separator: "/") }
            }
        }
        if let whole = pattern.wholeURL { values[whole] = text }
        for (key, part) in pattern.query {
            let value = query[key]
            switch part {
            case .literal(let text): guard let value, LinkURL.same(value, text, ignoringCase: pattern.ignoresCase) else { return nil }
            case .placeholder(let input): values[input] = value
            case .affixed(let prefix, let input, let suffix):
                // Left out, it is nil (the input must be optional); given, it must fit.
                guard let value else { continue }
                guard let middle = LinkURL.middle(of: value, prefix: prefix, suffix: suffix, ignoringCase: pattern.ignoresCase) else { return nil }
                values[input] = middle
            case .wildcard, .rest: break
            }
        }
        return values
    }

    /// Whether two texts are the same, character by character; where case is ignored, two
    /// characters that are the same once lowercased are (FlowGraph's checker compares so).
    static func same(_ text: String, _ pattern: String, ignoringCase: Bool) -> Bool {
        guard ignoringCase else { return text == pattern }
        var lhs = text.makeIterator(), rhs = pattern.makeIterator()
        while true {
            switch (lhs.next(), rhs.next()) {
            case (nil, nil): return true
            case (let a?, let b?): guard a == b || a.lowercased() == b.lowercased() else { return false }
            default: return false
            }
        }
    }

    /// The text between `prefix` and `suffix` when `text` starts and ends with them and holds at
    /// least one character more.
    static func middle(of text: String, prefix: String, suffix: String, ignoringCase: Bool) -> String? {
        let characters = Array(text), before = Array(prefix), after = Array(suffix)
        guard characters.count > before.count + after.count else { return nil }
        func same(_ a: Character, _ b: Character) -> Bool { a == b || (ignoringCase && a.lowercased() == b.lowercased()) }
        guard zip(characters, before).allSatisfy(same), zip(characters.reversed(), after.reversed()).allSatisfy(same) else { return nil }
        return String(characters[before.count ..< characters.count - after.count])
    }

    /// `%20` and `+` decode to spaces; invalid escapes are kept as written.
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
               let value = UInt8(String(decoding: utf8[index + 1 ... index + 2], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A type a link placeholder can have that is not `LosslessStringConvertible`, or that reads a
/// URL's text in its own way: the app conforms it, in its own code.
///
///     extension UUID: LinkValue {
///         public init?(linkValue: String) { self.init(uuidString: linkValue) }
///     }
///
/// A `LosslessStringConvertible` type needs nothing; one that is both is read with `LinkValue`.
public protocol LinkValue {
    init?(linkValue: String)
}

/// How the generated router reads a link's placeholders.
public enum LinkText {
    /// A required placeholder: nil when it is absent or does not convert.
    public static func read<T: LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T? {
        text.flatMap { T($0) }
    }

    public static func read<T: LinkValue>(_ text: String?, as type: T.Type) -> T? {
        text.flatMap { T(linkValue: $0) }
    }

    public static func read<T: LinkValue & LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T? {
        text.flatMap { T(linkValue: $0) }
    }

    @available(*, unavailable, message: """
        a link placeholder's type must be LosslessStringConvertible or LinkValue: \
        conform it to LinkValue in your app (extension MyType: LinkValue { init?(linkValue: String) { ... } })
        """)
    public static func read<T>(_ text: String?, as type: T.Type) -> T? { nil }

    /// An optional placeholder: absent is `.some(nil)`; present but not convertible is nil (no match).
    public static func readOptional<T: LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T?? {
        guard let text else { return .some(nil) }
        return T(text).map { .some($0) }
    }

    public static func readOptional<T: LinkValue>(_ text: String?, as type: T.Type) -> T?? {
        guard let text else { return .some(nil) }
        return T(linkValue: text).map { .some($0) }
    }

    public static func readOptional<T: LinkValue & LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T?? {
        guard let text else { return .some(nil) }
        return T(linkValue: text).map { .some($0) }
    }

    @available(*, unavailable, message: """
        a link placeholder's type must be LosslessStringConvertible or LinkValue: \
        conform it to LinkValue in your app (extension MyType: LinkValue { init?(linkValue: String) { ... } })
        """)
    public static func readOptional<T>(_ text: String?, as type: T.Type) -> T?? { nil }
}

extension ProgramTable {
    /// The link patterns `url` matches by text, in the order they are tried, each with the text
    /// of each input of its target (nil for one it does not give); whether the texts convert to
    /// the inputs' types is the generated router's to say.
    public func linkMatches(_ url: String) -> [(pattern: PatternRef, values: [String?])] {
        let parsed = LinkURL(url)
        return linkOrder.compactMap { ref in
            let link = flows[ref.link.flow].links[ref.link.index]
            return parsed.values(for: link.patterns[ref.pattern], inputs: link.valueCount ?? flows[ref.link.flow].steps[link.target].inputs.count)
                .map { (ref, $0) }
        }
    }
}

extension NavigationProgram {
    /// The link `url` matches, if any: the first of the program whose pattern matches and whose
    /// placeholders convert.
    public static func link(url: String) -> Link? { Navigator<Self>.link(matching: url) }

    /// The link `url` matches among the links of one flow, if any.
    public static func link(url: String, inFlow flow: Int) -> Link? {
        let parsed = LinkURL(url)
        for ref in table.linkOrder where ref.link.flow == flow {
            if let link = Navigator<Self>.link(ref, matching: parsed) { return link }
        }
        return nil
    }

    /// The screen a link opens.
    public static func screen(opening link: Link) -> Screen? {
        let ref = self.link(of: link)
        return screen(StepRef(flow: ref.flow, step: table.flows[ref.flow].links[ref.index].target), from: .link(link))
    }
}
"""###
}
