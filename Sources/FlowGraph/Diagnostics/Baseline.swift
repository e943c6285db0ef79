/// The findings a project has accepted for now, so that a check reports only new ones
/// (`flowgraph check --write-baseline FILE`, then `--baseline FILE`; docs/CLI.md#baselines).
///
/// A finding is known by names, never by position: its rule, the flow, step and `on` clause its
/// range starts in, and its message (messages carry names, not positions). So a baseline survives
/// edits elsewhere in the files, and an edit that changes the finding itself brings it back.
/// The same finding twice needs two entries. Syntax errors are never recorded nor silenced: past
/// them nothing is checked, so a baseline of them would hide every other finding.
public struct Baseline: Sendable, Equatable {
    /// What a baseline keeps of one finding.
    public struct Finding: Sendable, Hashable, Comparable {
        public let rule: String
        /// The flow whose text holds the finding (nil before the first flow of a file).
        public let flow: String?
        /// The step whose text holds the finding, if any.
        public let step: String?
        /// The event of the `on` clause whose text holds the finding, if any.
        public let event: String?
        public let message: String

        public init(rule: String, flow: String?, step: String?, event: String?, message: String) {
            self.rule = rule
            self.flow = flow
            self.step = step
            self.event = event
            self.message = message
        }

        /// By rule, then place, then message; an absent name sorts first.
        public static func < (lhs: Finding, rhs: Finding) -> Bool {
            func precedes(_ left: String?, _ right: String?) -> Bool? {
                switch (left, right) {
                case let (left?, right?): left == right ? nil : left < right
                case (nil, nil): nil
                case (nil, _): true
                case (_, nil): false
                }
            }
            return precedes(lhs.rule, rhs.rule) ?? precedes(lhs.flow, rhs.flow) ?? precedes(lhs.step, rhs.step)
                ?? precedes(lhs.event, rhs.event) ?? precedes(lhs.message, rhs.message) ?? false
        }
    }

    /// The version of the file format, written in every baseline.
    public static let formatVersion = 1

    /// The findings, sorted.
    public let findings: [Finding]

    public init(findings: [Finding]) {
        self.findings = findings.sorted()
    }

    /// The findings a compilation reports (those it silenced with ignore comments, and syntax
    /// errors, are left out).
    public init(_ compilation: Compiler.Compilation) {
        self.init(findings: Self.findings(of: compilation.diagnostics.filter { $0.rule != .syntax }, in: compilation.syntax))
    }

    /// Why no baseline should be written for `compilation`, or nil: with syntax errors, what the
    /// lost text hides is withheld (docs/Language.md, "Programs with errors"), so the baseline
    /// would miss findings that appear once the text is fixed.
    public static func reasonNotToWrite(_ compilation: Compiler.Compilation) -> String? {
        compilation.diagnostics.contains { $0.rule == .syntax } ? SuppressionMessages.baselineNotWritten : nil
    }

    /// What a baseline keeps of each of `diagnostics`, in their order.
    package static func findings(of diagnostics: [Diagnostic], in syntax: SyntaxTree) -> [Finding] {
        let scopes = DeclarationScopes(syntax)
        return diagnostics.map { diagnostic in
            let place = scopes.enclosing(diagnostic.range)
            return Finding(rule: diagnostic.rule.id, flow: place.flow?.name.text, step: place.step?.name.text,
                           event: place.clause?.event.text, message: diagnostic.message)
        }
    }

    /// The compilation with each reported finding that the baseline holds moved to `suppressed`
    /// (one entry silences one finding; a syntax error is always reported).
    public func apply(to compilation: Compiler.Compilation) -> Compiler.Compilation {
        var remaining: [Finding: Int] = [:]
        for finding in findings { remaining[finding, default: 0] += 1 }
        var result = compilation
        var reported: [Diagnostic] = []
        var suppressed = compilation.suppressed
        let keys = Self.findings(of: compilation.diagnostics, in: compilation.syntax)
        for (diagnostic, key) in zip(compilation.diagnostics, keys) {
            if diagnostic.rule != .syntax, let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                suppressed.append(SuppressedDiagnostic(diagnostic, kind: .baseline))
            } else {
                reported.append(diagnostic)
            }
        }
        result.diagnostics = reported
        result.suppressed = suppressed.sorted()
        return result
    }

    /// The baseline file's text: JSON, with the findings sorted, so that it changes only when they do.
    ///
    /// ```json
    /// {"tool": "flowgraph", "version": 1, "findings": [{"rule": …, "flow": …, "step": …, "event": …, "message": …}]}
    /// ```
    public func serialized() -> String {
        func name(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return JSONValue.object([
            ("tool", .string("flowgraph")),
            ("version", .int(Self.formatVersion)),
            ("findings", .array(findings.map { finding in
                .object([
                    ("rule", .string(finding.rule)),
                    ("flow", name(finding.flow)),
                    ("step", name(finding.step)),
                    ("event", name(finding.event)),
                    ("message", .string(finding.message)),
                ])
            })),
        ]).serialized() + "\n"
    }
}
