/// What `flowgraph test` writes: each journey passed or failed, in text for people, JSON for
/// tools, JUnit XML for CI test dashboards, GitHub annotations for pull requests.
public struct JourneyReport: Sendable {
    public let context: ReportContext
    public let results: [JourneyResult]

    public init(_ context: ReportContext, results: [JourneyResult]) {
        self.context = context
        self.results = results
    }

    public var failed: Int { results.count { !$0.holds } }

    /// `✓ ReadAMessage (7 lines)` or `✗ Name` and its finding, then the summary.
    public func text(isColored: Bool = false) -> String {
        var output = ""
        for result in results {
            let location = context.start(result.range)
            let place = "\(context.path(result.range)):\(location.line)"
            if let failure = result.failure {
                output += (isColored ? "\u{1B}[31m✗\u{1B}[0m" : "✗") + " \(result.name) (\(place))\n"
                let finding = TextReport(ReportContext(files: context.files, diagnostics: [failure]), isColored: isColored).render()
                output += finding.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
                    .joined(separator: "\n")
            } else {
                let lines = "\(result.lines) line\(result.lines == 1 ? "" : "s")"
                output += (isColored ? "\u{1B}[32m✓\u{1B}[0m" : "✓") + " \(result.name) (\(lines), \(place))\n"
            }
        }
        output += "\(results.count - failed) of \(results.count) journey\(results.count == 1 ? "" : "s") held\n"
        return output
    }

    public func json() -> String {
        JSONValue.object([
            ("schemaVersion", .int(1)),
            ("tool", .object([("name", .string("flowgraph")), ("version", .string(FlowGraphVersion.current))])),
            ("summary", .object([("journeys", .int(results.count)), ("passed", .int(results.count - failed)), ("failed", .int(failed))])),
            ("journeys", .array(results.map { result in
                let location = context.start(result.range)
                var fields: [(String, JSONValue)] = [
                    ("name", .string(result.name)), ("file", .string(context.path(result.range))), ("line", .int(location.line)),
                    ("lines", .int(result.lines)), ("passed", .bool(result.holds)),
                ]
                if let failure = result.failure {
                    let at = context.start(failure.range)
                    fields.append(("failure", .object([
                        ("message", .string(failure.message)), ("line", .int(at.line)), ("column", .int(at.column)),
                    ])))
                }
                return .object(fields)
            })),
        ]).serialized() + "\n"
    }

    /// A JUnit XML test suite, a test case a journey (its class name the file's path).
    public func junit() -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<testsuites name=\"flowgraph journeys\" tests=\"\(results.count)\" failures=\"\(failed)\">\n"
        output += "  <testsuite name=\"journeys\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
        for result in results {
            let path = Self.escapeXML(context.path(result.range))
            output += "    <testcase classname=\"\(path)\" name=\"\(Self.escapeXML(result.name))\""
            if let failure = result.failure {
                let at = context.start(failure.range)
                output += ">\n      <failure message=\"\(Self.escapeXML(failure.message))\" type=\"\(failure.rule.id)\">"
                output += Self.escapeXML("\(context.path(failure.range)):\(at.line):\(at.column): \(failure.message)")
                output += "</failure>\n    </testcase>\n"
            } else {
                output += "/>\n"
            }
        }
        return output + "  </testsuite>\n</testsuites>\n"
    }

    /// A GitHub annotation for each journey that failed.
    public func github() -> String {
        GitHubReport(ReportContext(files: context.files, diagnostics: results.compactMap(\.failure))).render()
    }

    static func escapeXML(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += "&#10;"
            // XML 1.0 has no other control characters.
            case _ where character.value < 0x20 && character != "\t": escaped += "?"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
