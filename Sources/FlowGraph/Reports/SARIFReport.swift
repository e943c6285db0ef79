/// Diagnostics as SARIF 2.1.0, for GitHub code scanning and other analysis viewers.
///
/// Every rule is described in `tool.driver.rules`; results point at them by id and index.
/// Columns are counted in Unicode code points (`columnKind`).
public struct SARIFReport: Sendable {
    public let context: ReportContext

    public init(_ context: ReportContext) {
        self.context = context
    }

    public func render() -> String {
        let rules = Rule.allCases
        let driver = JSONValue.object([
            ("name", .string("flowgraph")),
            ("version", .string(FlowGraphVersion.current)),
            ("rules", .array(rules.map { rule in
                .object([
                    ("id", .string(rule.id)),
                    ("name", .string(Self.pascalCase(rule.id))),
                    ("shortDescription", .object([("text", .string(rule.summary))])),
                    ("fullDescription", .object([("text", .string("\(rule.summary) \(rule.fix)"))])),
                    ("help", .object([("text", .string(rule.fix))])),
                    ("defaultConfiguration", .object([("level", .string(Self.level(rule.severity)))])),
                ])
            })),
        ])
        let run = JSONValue.object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("artifacts", .array(context.files.map { .object([("location", .object([("uri", .string(Self.uri($0.path)))]))]) })),
            ("results", .array(results.map {
                result($0.diagnostic, suppression: $0.suppression, ruleIndex: rules.firstIndex(of: $0.diagnostic.rule)!)
            })),
        ])
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).serialized() + "\n"
    }

    /// Every finding in output order (no finding is both reported and suppressed), the suppressed
    /// ones with what silenced them.
    private var results: [(diagnostic: Diagnostic, suppression: SuppressedDiagnostic?)] {
        let all = context.diagnostics.map { ($0, SuppressedDiagnostic?.none) } + context.suppressed.map { ($0.diagnostic, $0) }
        return all.sorted { $0.0 < $1.0 }
    }

    /// A result; a suppressed one says what silenced it in `suppressions`: `inSource` for an
    /// ignore comment, `external` for a baseline. (A reported one has none: some consumers take
    /// any `suppressions`, even an empty one, for suppressed.)
    private func result(_ diagnostic: Diagnostic, suppression: SuppressedDiagnostic?, ruleIndex: Int) -> JSONValue {
        let unlocated = diagnostic.notes.filter { $0.range == nil }.map(\.message)
        let text = ([diagnostic.message] + unlocated).joined(separator: "\n")
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.rule.id)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(Self.level(diagnostic.severity))),
            ("message", .object([("text", .string(text))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation(diagnostic.range))])])),
        ]
        let related = diagnostic.notes.compactMap { note in note.range.map { (note.message, $0) } }
        if !related.isEmpty {
            members.append(("relatedLocations", .array(related.enumerated().map { index, note in
                .object([
                    ("id", .int(index)),
                    ("physicalLocation", physicalLocation(note.1)),
                    ("message", .object([("text", .string(note.0))])),
                ])
            })))
        }
        if !diagnostic.path.isEmpty || !diagnostic.subjects.isEmpty {
            members.append(("properties", .object([
                ("path", .array(diagnostic.path.map(JSONValue.string))),
                ("subjects", .array(diagnostic.subjects.map(JSONValue.string))),
            ])))
        }
        if let suppression {
            var suppressionMembers: [(String, JSONValue)] = [("kind", .string(suppression.kind == .inSource ? "inSource" : "external"))]
            if let justification = suppression.justification { suppressionMembers.append(("justification", .string(justification))) }
            members.append(("suppressions", .array([.object(suppressionMembers)])))
        }
        return .object(members)
    }

    private func physicalLocation(_ range: SourceRange) -> JSONValue {
        let start = context.characterLocation(range)
        let end = context.characterLocation(range, end: true)
        return .object([
            ("artifactLocation", .object([("uri", .string(Self.uri(context.path(range)))), ("index", .int(range.file))])),
            ("region", .object([
                ("startLine", .int(start.line)),
                ("startColumn", .int(start.column)),
                ("endLine", .int(end.line)),
                ("endColumn", .int(end.line == start.line ? max(end.column, start.column) : end.column)),
            ])),
        ])
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A relative URI reference for a relative path (percent-encoded), a file URI for an absolute one.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            let isUnreserved = isIdentifierStart(byte) && byte < 0x80 || isDigit(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
            encoded += isUnreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
