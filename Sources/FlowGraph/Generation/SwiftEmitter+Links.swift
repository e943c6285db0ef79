/// Deep links: `Flow.Link` with `init?(url:)`, which matches each pattern of the flow and reads
/// its placeholders with `LosslessStringConvertible` (an optional input left out is nil).
extension SwiftEmitter {
    mutating func links(_ flow: Flow) {
        let resolved = flow.links.compactMap { link in link.target.map { (link, flow.steps[$0]) } }
        let caseNames = linkCaseNames(flow)
        output += "\n    /// The deep links of flow '\(flow.name)'.\n"
        output += "    \(access)enum Link: Hashable, Sendable {\n"
        for ((link, step), name) in zip(resolved, caseNames) {
            // Through SwiftNames.doc: a control character in the pattern (a NUL) must not reach the file.
            output += SwiftNames.doc(["`\(link.pattern.text)`"], indent: "        ")
            output += "        case \(caseDeclaration(name, step.inputs))\n"
        }
        output += "\n        /// The link a URL or path matches, if any: `\"/products/42\"`, `\"shop://products/42?ref=mail\"`.\n"
        output += "        \(access)init?(url: String) {\n"
        output += "            let url = FlowLinkURL(url)\n"
        for ((link, step), name) in zip(resolved, caseNames) {
            let text = matcher(link.pattern, step: step, caseName: name)
            output += text
        }
        output += "            return nil\n"
        output += "        }\n"
        output += "\n        /// The step the link opens.\n"
        output += "        \(access)var step: Step {\n"
        output += "            switch self {\n"
        for ((_, step), name) in zip(resolved, caseNames) {
            let values = step.inputs.indices.map { "value\($0)" }
            let bindings = values.isEmpty ? "" : "(" + values.map { "let \($0)" }.joined(separator: ", ") + ")"
            let arguments = values.isEmpty ? "" : "(" + zip(step.inputs, values).map { "\(SwiftNames.argumentLabel($0.0.name)): \($0.1)" }.joined(separator: ", ") + ")"
            output += "            case .\(SwiftNames.identifier(name))\(bindings): .\(stepCase(step))\(arguments)\n"
        }
        output += "            }\n"
        output += "        }\n"
        output += "    }\n"
    }

    /// The statements that try one pattern: literal parts compared, placeholders read.
    private mutating func matcher(_ pattern: LinkPattern, step: Step, caseName: String) -> String {
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
                    text += ",\n               let \(variable) = FlowLinkURL.optional(\(source), as: \(type(wrapped)).self)"
                } else {
                    text += ",\n               let \(variable) = FlowLinkURL.value(\(source), as: \(type(wrapped)).self)"
                }
            } else {
                arguments.append("\(SwiftNames.argumentLabel(input.name)): nil")  // An optional input the URL leaves out.
                continue
            }
            arguments.append("\(SwiftNames.argumentLabel(input.name)): \(variable)")
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
                    segments = rest.split(separator: "/").map { FlowLinkURL.decode($0) }
                    for item in queryText.split(separator: "&") {
                        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                        query[FlowLinkURL.decode(pair[0])] = pair.count > 1 ? FlowLinkURL.decode(pair[1]) : ""
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

/// `open(_:)` for each flow's links: the path the checker found from the root, hop by hop, with
/// the guards each clause on the way needs.
extension SwiftEmitter {
    mutating func opens() {
        for (flowIndex, flow) in program.flows.enumerated() where !flow.links.isEmpty {
            line()
            line("    /// Opens a deep link of flow '\(flow.name)': from the root's first screen, along the shortest path")
            line("    /// the compiler found, asking each guard on the way; it stops where one says no.")
            line("    @discardableResult")
            line("    \(access)func open(_ link: \(flowType(flow)).Link) \(asyncWord)-> Outcome {")
            line("        \(awaitWord)serialized {")
            line("            switch link {")
            let names = linkCaseNames(flow)
            var nameIndex = 0
            for (linkIndex, link) in flow.links.enumerated() {
                guard let target = link.target else { continue }
                let step = flow.steps[target]
                let values = Dictionary(uniqueKeysWithValues: step.inputs.enumerated().map { ($1.name, "value\($0)") })
                let path = linkPath(flow: flowIndex, link: linkIndex)
                let hops = path.map { linkHops($0, values: values) } ?? []
                let named = path.map(valueNames) ?? []
                let used = step.inputs.map { named.contains($0.name) }
                let pattern = used.contains(true) ? "(" + used.enumerated().map { $1 ? "let value\($0)" : "_" }.joined(separator: ", ") + ")" : ""
                line("            case .\(SwiftNames.identifier(names[nameIndex]))\(pattern):")
                nameIndex += 1
                let root = path.map { program.flows[$0.hops[0].step.flow] } ?? flow
                if hops.isEmpty {
                    line("                // No path from a root can open this link (see the link-unreachable warning).")
                    line("                return \(awaitWord)follow(.\(flowCase(flow))(link), root: .\(flowCase(root)), [])")
                } else {
                    line("                return \(awaitWord)follow(.\(flowCase(flow))(link), root: .\(flowCase(root)), [")
                    for hop in hops { line("                    \(hop),") }
                    line("                ])")
                }
            }
            line("            }")
            line("        }")
            line("    }")
        }
        guard !withLinks.isEmpty else { return }
        line()
        line("    /// Opens the first deep link of the program that `url` matches; not handled when none does.")
        line("    @discardableResult")
        line("    \(access)func open(url: String) \(asyncWord)-> Outcome {")
        for flow in withLinks {
            line("        if let link = \(flowType(flow)).Link(url: url) { return \(awaitWord)open(link) }")
        }
        line("        return unmatched(url)")
        line("    }")
    }


    /// The case name of each resolved link of a flow: the target step's, numbered when repeated.
    func linkCaseNames(_ flow: Flow) -> [String] {
        var caseNames: [String] = []
        for link in flow.links {
            guard let target = link.target else { continue }
            let base = SwiftNames.caseName(flow.steps[target].name)
            var name = base
            var counter = 2
            while caseNames.contains(name) {
                name = base + String(counter)
                counter += 1
            }
            caseNames.append(name)
        }
        return caseNames
    }

    /// The names of the link's values that the moves of a path pass on: the inputs of each step
    /// or exit a move builds (`arguments(_:values:)` takes a value by its name). Decided from the
    /// program, never by searching the generated text (a step named `Value0` is not a value).
    private func valueNames(_ path: NavigationPath) -> Set<String> {
        var names = Set<String>()
        for hop in path.hops.dropFirst() {
            guard let clause = hop.clause else { continue }
            let flow = program.flows[clause.flow]
            let action = clause.transition(in: program).actions[clause.branch]
            guard let target = action.target else { continue }
            switch action.kind {
            case .push, .sheet, .cover, .replace, .root: names.formUnion(flow.steps[target].inputs.map(\.name))
            case .exit: names.formUnion(flow.exits[target].inputs.map(\.name))
            case .select, .popTo, .pop, .dismiss: break
            }
        }
        return names
    }

    /// `.bottom(...)`, `.enter(...)`, `.move(..., in: ..., checks: [...])` for each hop of a path.
    private func linkHops(_ path: NavigationPath, values: [String: String]) -> [String] {
        path.hops.enumerated().map { index, hop in
            let flow = program.flows[hop.step.flow]
            let step = flow.steps[hop.step.step]
            guard index > 0 else { return ".bottom(\(screenKind(flow, step)))" }
            guard let clause = hop.clause else { return ".enter(\(screenKind(flow, step)))" }
            let transition = clause.transition(in: program)
            let action = transition.actions[clause.branch]
            // Earlier clauses for the event in the same place must not fire: each of their guards blocks.
            let place = clause.step.map { flow.steps[$0].handlers } ?? flow.handlers
            var checks: [String] = []
            for earlier in place[..<clause.handler] where earlier.event == transition.event {
                for condition in earlier.conditions { checks.append(check(condition, in: flow, allows: false)) }
            }
            // In a chain, each condition before the action must fail, in order, and the action's own must hold.
            let conditions = transition.conditions
            for condition in conditions.prefix(clause.branch) { checks.append(check(condition, in: flow, allows: false)) }
            if conditions.indices.contains(clause.branch) { checks.append(check(conditions[clause.branch], in: flow, allows: true)) }
            return ".move(\(move(action, in: flow, values: values)), in: .\(flowCase(flow)), checks: [\(checks.joined(separator: ", "))])"
        }
    }

    /// The answer a guard must give for `condition` to allow (or to block).
    private func check(_ condition: Condition, in flow: Flow, allows: Bool) -> String {
        let expected = allows != condition.isNegated
        return "GuardCheck(id: .\(flowCase(flow))(.\(SwiftNames.identifier(condition.guardName))), expected: \(expected))"
    }
}
