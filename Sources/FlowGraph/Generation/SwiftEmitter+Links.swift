/// Deep links: `Flow.Link` with `init?(url:)`, which matches each pattern of the flow and reads
/// its placeholders with `LosslessStringConvertible` (an optional input left out is nil).
extension SwiftEmitter {
    mutating func links(_ flow: Flow) {
        let resolved = flow.links.compactMap { link in link.target.map { (link, flow.steps[$0]) } }
        var caseNames: [String] = []
        for (_, step) in resolved {
            var name = SwiftNames.caseName(step.name)
            var counter = 2
            while caseNames.contains(name) {
                name = SwiftNames.caseName(step.name) + String(counter)
                counter += 1
            }
            caseNames.append(name)
        }
        output += "\n    /// The deep links of flow '\(flow.name)'.\n"
        output += "    public enum Link: Hashable, Sendable {\n"
        for ((link, step), name) in zip(resolved, caseNames) {
            output += "        /// `\(link.pattern.text)`\n"
            output += "        case \(Self.caseDeclaration(name, step.inputs))\n"
        }
        output += "\n        /// The link a URL or path matches, if any: `\"/products/42\"`, `\"shop://products/42?ref=mail\"`.\n"
        output += "        public init?(url: String) {\n"
        output += "            let url = FlowLinkURL(url)\n"
        for ((link, step), name) in zip(resolved, caseNames) {
            output += matcher(link.pattern, step: step, caseName: name)
        }
        output += "            return nil\n"
        output += "        }\n"
        output += "\n        /// The step the link opens.\n"
        output += "        public var step: Step {\n"
        output += "            switch self {\n"
        for ((_, step), name) in zip(resolved, caseNames) {
            let values = step.inputs.indices.map { "value\($0)" }
            let bindings = values.isEmpty ? "" : "(" + values.map { "let \($0)" }.joined(separator: ", ") + ")"
            let arguments = values.isEmpty ? "" : "(" + zip(step.inputs, values).map { "\(SwiftNames.label($0.0.name)): \($0.1)" }.joined(separator: ", ") + ")"
            output += "            case .\(SwiftNames.identifier(name))\(bindings): .\(SwiftNames.identifier(SwiftNames.caseName(step.name)))\(arguments)\n"
        }
        output += "            }\n"
        output += "        }\n"
        output += "    }\n"
    }

    /// The statements that try one pattern: literal parts compared, placeholders read.
    private func matcher(_ pattern: LinkPattern, step: Step, caseName: String) -> String {
        var conditions: [String] = ["url.segments.count == \(pattern.segments.count)"]
        if let scheme = pattern.scheme {
            conditions.append("url.scheme == \(SwiftNames.stringLiteral(scheme))")
        }
        var reads: [String: String] = [:]
        for (index, part) in pattern.segments.enumerated() {
            switch part {
            case .literal(let text): conditions.append("url.segments[\(index)] == \(SwiftNames.stringLiteral(text))")
            case .placeholder(let name): reads[name] = "url.segments[\(index)]"
            }
        }
        for (key, value) in pattern.query {
            switch value {
            case .literal(let text): conditions.append("url.query[\(SwiftNames.stringLiteral(key))] == \(SwiftNames.stringLiteral(text))")
            case .placeholder(let name): reads[name] = "url.query[\(SwiftNames.stringLiteral(key))]"
            }
        }
        var text = "            if \(conditions.joined(separator: ", "))"
        var arguments: [String] = []
        for (index, input) in step.inputs.enumerated() {
            let variable = "value\(index)"
            let isOptional = input.type.hasSuffix("?")
            let wrapped = isOptional ? String(input.type.dropLast()) : input.type
            if let source = reads[input.name] {
                if isOptional {
                    text += ",\n               let \(variable) = FlowLinkURL.optional(\(source), as: \(wrapped).self)"
                } else {
                    text += ",\n               let \(variable) = FlowLinkURL.value(\(source), as: \(wrapped).self)"
                }
            } else {
                arguments.append("\(SwiftNames.label(input.name)): nil")  // An optional input the URL leaves out.
                continue
            }
            arguments.append("\(SwiftNames.label(input.name)): \(variable)")
        }
        let call = arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")"
        text += " {\n                self = .\(SwiftNames.identifier(caseName))\(call)\n                return\n            }\n"
        return text
    }

    /// The URL splitting the links use, written once per generated file (no Foundation needed).
    mutating func linkSupport() {
        guard program.flows.contains(where: { !$0.links.isEmpty }) else { return }
        output += """
            /// A URL split into scheme, path segments and query items, percent-decoded.
            struct FlowLinkURL: Sendable {
                var scheme: String?
                var segments: [String] = []
                var query: [String: String] = [:]

                init(_ text: String) {
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
                    segments = rest.split(separator: "/").map { Self.decode($0) }
                    for item in queryText.split(separator: "&") {
                        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                        query[Self.decode(pair[0])] = pair.count > 1 ? Self.decode(pair[1]) : ""
                    }
                }

                /// Reads a required placeholder; nil when it is absent or does not convert.
                static func value<T: LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T? {
                    text.flatMap { T($0) }
                }

                /// Reads an optional placeholder: absent is `.some(nil)`; present but not convertible is nil (no match).
                static func optional<T: LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T?? {
                    guard let text else { return .some(nil) }
                    return T(text).map { .some($0) }
                }

                /// `%20` and `+` in a query decode to spaces; invalid escapes are kept as written.
                static func decode(_ text: Substring) -> String {
                    var bytes: [UInt8] = []
                    var index = text.utf8.startIndex
                    let utf8 = text.utf8
                    while index < utf8.endIndex {
                        let byte = utf8[index]
                        if byte == UInt8(ascii: "%"),
                           let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), high < utf8.endIndex,
                           let low = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), low < utf8.endIndex,
                           let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16) {
                            bytes.append(value)
                            index = utf8.index(index, offsetBy: 3)
                        } else {
                            bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                            index = utf8.index(after: index)
                        }
                    }
                    return String(decoding: bytes, as: UTF8.self)
                }
            }

            """
    }
}
