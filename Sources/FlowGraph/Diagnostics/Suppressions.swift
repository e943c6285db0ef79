/// A finding that was not reported: an ignore comment or a baseline silenced it.
package struct SuppressedDiagnostic: Sendable, Hashable, Comparable {
    /// What silenced it.
    public enum Kind: String, Sendable, Hashable {
        /// A `// flowgraph:ignore` comment (SARIF's `inSource`).
        case inSource
        /// A baseline file given with `--baseline` (SARIF's `external`).
        case baseline
    }

    public let diagnostic: Diagnostic
    public let kind: Kind
    /// Why, as the ignore comment says after ` -- `.
    public let justification: String?

    public init(_ diagnostic: Diagnostic, kind: Kind, justification: String? = nil) {
        self.diagnostic = diagnostic
        self.kind = kind
        self.justification = justification
    }

    public static func < (lhs: SuppressedDiagnostic, rhs: SuppressedDiagnostic) -> Bool {
        lhs.diagnostic != rhs.diagnostic ? lhs.diagnostic < rhs.diagnostic : lhs.kind.rawValue < rhs.kind.rawValue
    }
}

extension Compiler.Compilation {
    /// Why nothing is generated or drawn from the program although no error is reported: every
    /// error is silenced, and silencing an error does not make the program sound. Nil otherwise.
    public var silencedErrorsMessage: String? {
        let silenced = suppressed.count { $0.diagnostic.severity == .error }
        return hasErrors || silenced == 0 ? nil : SuppressionMessages.silencedErrors(silenced)
    }
}

/// The last pass of `Compiler.compile`: `// flowgraph:ignore rule-id` comments silence their rules
/// in the declaration that follows them, and each one that silences nothing is reported
/// (`unused-ignore`).
///
/// A comment applies to the outermost declaration that starts on the first line after it that is
/// neither blank nor only a comment; a finding is silenced when its rule is named and its range
/// starts in that declaration's extent (see `DeclarationScopes`).
enum Suppressions {
    /// One rule id of one comment: `ids[id]` of `ignores[comment]`.
    private struct Reference: Hashable {
        let comment: Int
        let id: Int
    }

    /// A declaration that comments apply to, and the rules they name there.
    private struct Scope {
        let range: SourceRange
        var rules: [Rule: [Reference]] = [:]

        func holds(_ offset: Int) -> Bool { range.start <= offset && offset < max(range.end, range.start + 1) }
    }

    static func applyIgnores(to compilation: Compiler.Compilation) -> Compiler.Compilation {
        let ignores = compilation.syntax.ignores
        guard !ignores.isEmpty else { return compilation }
        let targets = declarations(of: ignores, in: compilation.syntax)
        let scopes = scopes(of: ignores, targets: targets)
        var result = compilation
        var used = Set<Reference>()
        (result.diagnostics, result.suppressed) = silence(compilation.diagnostics, in: scopes, ignores: ignores, used: &used)
        // With errors, a warning that what is broken could make false is withheld (docs/Language.md,
        // "Programs with errors"): an ignore of a warning then cannot tell whether it would silence something.
        let knowsEveryWarning = !compilation.diagnostics.hasErrors
        var unused: [Diagnostic] = []
        for (index, comment) in ignores.enumerated() {
            guard !comment.ids.isEmpty else {
                unused.append(Diagnostic(.unusedIgnore, SuppressionMessages.namesNoRule, at: comment.range))
                continue
            }
            guard targets[index] != nil else {
                unused.append(Diagnostic(.unusedIgnore, SuppressionMessages.appliesToNothing, at: comment.range))
                continue
            }
            for (position, id) in comment.ids.enumerated() {
                guard let rule = Rule(rawValue: id.text) else {
                    let candidates = Rule.allCases.filter(\.isIgnorable).map(\.id)
                    let notes = closestName(to: id.text, in: candidates).map { [Diagnostic.Note(SuppressionMessages.similarRule($0))] } ?? []
                    unused.append(Diagnostic(.unusedIgnore, SuppressionMessages.unknownRule(id.text), at: id.range, notes: notes))
                    continue
                }
                if !rule.isIgnorable {
                    unused.append(Diagnostic(.unusedIgnore, SuppressionMessages.notIgnorable(rule), at: id.range))
                } else if !used.contains(Reference(comment: index, id: position)), knowsEveryWarning || rule.severity == .error {
                    unused.append(Diagnostic(.unusedIgnore, SuppressionMessages.silencesNothing(rule), at: id.range))
                }
            }
        }
        result.diagnostics = (result.diagnostics + unused).sortedUnique()
        return result
    }

    /// The declaration each comment applies to, if any.
    private static func declarations(of ignores: [IgnoreComment], in syntax: SyntaxTree) -> [SourceRange?] {
        let lines = ignores.map { comment in
            comment.nextTokenStart.map {
                DeclarationScopes.FileLine(file: comment.range.file, line: syntax.files[comment.range.file].location(of: $0).line)
            }
        }
        let found = DeclarationScopes(syntax).declarations(startingOn: Set(lines.compactMap { $0 }))
        return lines.map { $0.flatMap { found[$0] } }
    }

    /// The declarations that comments apply to, in the order of their start (outer before inner),
    /// each with the rules named there.
    private static func scopes(of ignores: [IgnoreComment], targets: [SourceRange?]) -> [Scope] {
        var scopes: [Scope] = []
        var positions: [SourceRange: Int] = [:]
        for (index, comment) in ignores.enumerated() {
            guard let target = targets[index] else { continue }
            let position = positions[target] ?? scopes.count
            if position == scopes.count {
                positions[target] = position
                scopes.append(Scope(range: target))
            }
            for (id, name) in comment.ids.enumerated() {
                guard let rule = Rule(rawValue: name.text), rule.isIgnorable else { continue }
                scopes[position].rules[rule, default: []].append(Reference(comment: index, id: id))
            }
        }
        return scopes.sorted { ($0.range.file, $0.range.start, -$0.range.end) < ($1.range.file, $1.range.start, -$1.range.end) }
    }

    /// Splits `diagnostics` into those reported and those a scope silences, noting the ids used.
    ///
    /// One sweep: the findings are in source order, and the scopes that hold the current one are
    /// on a stack, so each finding looks only at the few declarations around it.
    private static func silence(
        _ diagnostics: [Diagnostic], in scopes: [Scope], ignores: [IgnoreComment], used: inout Set<Reference>
    ) -> (reported: [Diagnostic], suppressed: [SuppressedDiagnostic]) {
        var reported: [Diagnostic] = []
        var suppressed: [SuppressedDiagnostic] = []
        var open: [Int] = []
        var next = 0
        for diagnostic in diagnostics.sorted() {
            let file = diagnostic.range.file, offset = diagnostic.range.start
            // A scope that ends before a finding ends before every later one too.
            func hasEnded(_ scope: Int, before offset: Int, in file: Int) -> Bool {
                scopes[scope].range.file != file || !scopes[scope].holds(offset) && scopes[scope].range.start <= offset
            }
            while next < scopes.count, (scopes[next].range.file, scopes[next].range.start) <= (file, offset) {
                while let top = open.last, hasEnded(top, before: scopes[next].range.start, in: scopes[next].range.file) { open.removeLast() }
                open.append(next)
                next += 1
            }
            while let top = open.last, hasEnded(top, before: offset, in: file) { open.removeLast() }
            // Innermost first, so that the nearest comment's justification is kept.
            let references = open.reversed().filter { scopes[$0].holds(offset) }.flatMap { scopes[$0].rules[diagnostic.rule] ?? [] }
            guard !references.isEmpty else {
                reported.append(diagnostic)
                continue
            }
            used.formUnion(references)
            let justification = references.lazy.compactMap { ignores[$0.comment].justification }.first
            suppressed.append(SuppressedDiagnostic(diagnostic, kind: .inSource, justification: justification))
        }
        return (reported, suppressed)
    }
}
