// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileLinkURL = ###"""
/// A URL split into scheme, path segments and query items, percent-decoded; no Foundation needed.
/// After a scheme the host is the first segment (`shop://items/42` has the segments `items`, `42`).
public struct LinkURL: Sendable, Hashable {
    public var scheme: String?
    public var segments: [String] = []
    public var query: [String: String] = [:]

    public init(_ text: String) {
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

    /// The text of each input of a link's target step that its pattern names (nil for the others
    /// and for a query item the URL leaves out), when the URL matches the pattern.
    func values(for link: ProgramTable.LinkInfo, inputs: Int) -> [String?]? {
        guard segments.count == link.segments.count, link.scheme.map({ $0 == scheme }) ?? true else { return nil }
        var values = [String?](repeating: nil, count: inputs)
        for (part, segment) in zip(link.segments, segments) {
            switch part {
            case .literal(let text): guard text == segment else { return nil }
            case .placeholder(let input): values[input] = segment
            }
        }
        for (key, part) in link.query {
            switch part {
            case .literal(let text): guard query[key] == text else { return nil }
            case .placeholder(let input): values[input] = query[key]
            }
        }
        return values
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

    @available(*, unavailable, message: "a link placeholder's type must be LosslessStringConvertible or LinkValue: conform it to LinkValue in your app (extension MyType: LinkValue { init?(linkValue: String) { ... } })")
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

    @available(*, unavailable, message: "a link placeholder's type must be LosslessStringConvertible or LinkValue: conform it to LinkValue in your app (extension MyType: LinkValue { init?(linkValue: String) { ... } })")
    public static func readOptional<T>(_ text: String?, as type: T.Type) -> T?? { nil }
}

extension NavigationProgram {
    /// The link `url` matches, if any: the first of the program whose pattern matches and whose
    /// placeholders convert.
    public static func link(url: String) -> Link? { Navigator<Self>.link(matching: url) }

    /// The link `url` matches among the links of one flow, if any.
    public static func link(url: String, inFlow flow: Int) -> Link? {
        let parsed = LinkURL(url)
        for index in table.flows[flow].links.indices {
            if let link = Navigator<Self>.link(LinkRef(flow: flow, index: index), matching: parsed) { return link }
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
