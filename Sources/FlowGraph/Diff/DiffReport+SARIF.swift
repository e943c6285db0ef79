/// `flowgraph diff` as SARIF 2.1.0: one result per finding at its new place, its old place as a
/// related location, and every rule described with its category.
extension DiffReport {
    public func sarif() -> String {
        let rules = DiffRule.allCases
        let driver = JSONValue.object([
            ("name", .string("flowgraph-diff")),
            ("version", .string(FlowGraphVersion.current)),
            ("rules", .array(rules.map { rule in
                .object([
                    ("id", .string(rule.id)),
                    ("name", .string(SARIFReport.pascalCase(rule.id))),
                    ("shortDescription", .object([("text", .string(rule.summary))])),
                    ("defaultConfiguration", .object([("level", .string(failingCategories.contains(rule.category) ? "error" : "warning"))])),
                    ("properties", .object([("category", .string(rule.category.rawValue)), ("tags", .array([.string(rule.category.rawValue)]))])),
                ])
            })),
        ])
        let results: [JSONValue] = findings.compactMap { finding in
            guard let anchor = newAnchor(finding) else { return nil }
            var text = finding.message
            if let example = finding.example { text += "\na URL that opened before: \(example)" }
            var members: [(String, JSONValue)] = [
                ("ruleId", .string(finding.rule.id)),
                ("ruleIndex", .int(rules.firstIndex(of: finding.rule)!)),
                ("level", .string(SARIFReport.level(severity(finding)))),
                ("message", .object([("text", .string(text))])),
                ("locations", .array([.object([("physicalLocation", physicalLocation(anchor, newContext, index: anchor.file))])])),
            ]
            if let old = finding.old {
                members.append(("relatedLocations", .array([.object([
                    ("id", .int(0)),
                    ("physicalLocation", physicalLocation(old, oldContext, index: nil)),
                    ("message", .object([("text", .string("before the change"))])),
                ])])))
            }
            members.append(("properties", .object([
                ("category", .string(finding.category.rawValue)), ("subject", .string(finding.subject)),
                ("fails", .bool(isFailing(finding))),
            ] + (finding.example.map { [("example", JSONValue.string($0))] } ?? []))))
            return .object(members)
        }
        let run = JSONValue.object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("artifacts", .array(newFiles.map { .object([("location", .object([("uri", .string(SARIFReport.uri($0.path)))]))]) })),
            ("results", .array(results)),
        ])
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).serialized() + "\n"
    }

    /// A place; new files are the run's artifacts (by index), old ones are named by URI only.
    private func physicalLocation(_ range: SourceRange, _ context: ReportContext, index: Int?) -> JSONValue {
        let start = context.characterLocation(range), end = context.characterLocation(range, end: true)
        var artifact: [(String, JSONValue)] = [("uri", .string(SARIFReport.uri(context.path(range))))]
        if let index { artifact.append(("index", .int(index))) }
        return .object([
            ("artifactLocation", .object(artifact)),
            ("region", .object([
                ("startLine", .int(start.line)), ("startColumn", .int(start.column)),
                ("endLine", .int(end.line)), ("endColumn", .int(end.line == start.line ? max(end.column, start.column) : end.column)),
            ])),
        ])
    }
}
