/// The fixes the checker can know for a finding, as edits an editor offers (code actions).
///
/// Three kinds: handle an exit a runner does not handle; use the name the resolver suggested for an
/// unknown one (its "did you mean" note); silence an ignorable finding with a `// flowgraph:ignore`
/// comment. Each fix is compiled before it is offered, and offered only when the finding is gone
/// after it: a fix that does not fix is never shown.
package struct EditorFix: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case handleExit, closestName, ignore
    }

    public let kind: Kind
    public let title: String
    public let edits: [TextEdit]
}

package enum EditorFixes {
    /// The fixes for `diagnostic`, one of `compilation`'s findings.
    public static func fixes(for diagnostic: Diagnostic, in compilation: Compiler.Compilation) -> [EditorFix] {
        var candidates: [EditorFix] = []
        if diagnostic.rule == .unhandledExit { candidates += handleExit(diagnostic, compilation) }
        if let name = suggestedName(diagnostic), let file = file(diagnostic.range, compilation),
           diagnostic.range.end <= file.bytes.count {
            let written = file.text(diagnostic.range.start..<diagnostic.range.end)
            // Only where the finding points at the name itself (not at a whole move).
            if EditorRename.isValidName(written) || written.hasPrefix("`") {
                candidates.append(EditorFix(kind: .closestName, title: "Use '\(name)'",
                                            edits: [TextEdit(range: diagnostic.range, newText: name)]))
            }
        }
        if diagnostic.rule.isIgnorable { candidates += ignore(diagnostic, compilation) }
        return candidates.filter { fixes(diagnostic, $0, compilation) }
    }

    static func file(_ range: SourceRange, _ compilation: Compiler.Compilation) -> SourceFile? {
        compilation.files.indices.contains(range.file) ? compilation.files[range.file] : nil
    }

    /// Whether the finding is gone once `fix` is applied.
    static func fixes(_ diagnostic: Diagnostic, _ fix: EditorFix, _ compilation: Compiler.Compilation) -> Bool {
        let count = { (diagnostics: [Diagnostic]) in diagnostics.filter { $0.rule == diagnostic.rule && $0.message == diagnostic.message }.count }
        let after = Compiler.compile(TextEdit.apply(fix.edits, to: compilation.files))
        return count(after.diagnostics) < count(compilation.diagnostics)
    }

    /// The name in the finding's "did you mean" note (`SemanticMessages.similarName`), if it has one.
    static func suggestedName(_ diagnostic: Diagnostic) -> String? {
        guard diagnostic.rule == .unknownName || diagnostic.rule == .unknownExit else { return nil }
        let template = SemanticMessages.similarName("\u{1}").split(separator: "\u{1}", omittingEmptySubsequences: false)
        guard template.count == 2 else { return nil }
        for note in diagnostic.notes where note.message.hasPrefix(template[0]) && note.message.hasSuffix(template[1]) {
            let name = String(note.message.dropFirst(template[0].count).dropLast(template[1].count))
            if EditorRename.isValidName(name) { return name }
        }
        return nil
    }

    /// The indentation of the line that holds `offset`.
    static func indentation(_ file: SourceFile, at offset: Int) -> (lineStart: Int, indent: String) {
        let line = file.location(of: offset).line
        var start = file.lineStarts[line - 1]
        if line == 1, file.hasByteOrderMark { start = min(3, file.bytes.count) }
        var end = start
        while end < file.bytes.count, file.bytes[end] == UInt8(ascii: " ") || file.bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return (start, file.text(start..<end))
    }

    /// `on exit(inputs) -> close` in the runner's body, for each exit of its flow it does not handle.
    static func handleExit(_ diagnostic: Diagnostic, _ compilation: Compiler.Compilation) -> [EditorFix] {
        guard let program = compilation.program, let file = file(diagnostic.range, compilation) else { return [] }
        for flowSyntax in compilation.syntax.flows {
            for step in flowSyntax.steps where step.runs != nil && step.range.contains(diagnostic.range) {
                guard let runs = step.runs, let subflow = program.flow(named: runs.text) else { return [] }
                let handled = Set(step.clauses.map(\.event.text))
                let (_, indent) = indentation(file, at: step.range.start)
                let inner = indent + (indent.contains("\t") ? "\t" : "    ")
                return program.flows[subflow].exits.filter { !handled.contains($0.name) }.map { exit in
                    let clause = "on \(exit.name)\(EditorHover.parameters(exit.inputs)) -> close"
                    let edit: TextEdit
                    let end = step.range.end
                    if end > 0, end <= file.bytes.count, file.bytes[end - 1] == UInt8(ascii: "}") {
                        let closing = indentation(file, at: end - 1)
                        let braceStartsLine = closing.lineStart + closing.indent.utf8.count == end - 1
                        edit = braceStartsLine
                            ? TextEdit(range: SourceRange(file: diagnostic.range.file, start: closing.lineStart, end: closing.lineStart),
                                       newText: "\(inner)\(clause)\n")
                            : TextEdit(range: SourceRange(file: diagnostic.range.file, start: end - 1, end: end - 1),
                                       newText: "\n\(inner)\(clause)\n\(indent)")
                    } else {
                        edit = TextEdit(range: SourceRange(file: diagnostic.range.file, start: end, end: end),
                                        newText: " {\n\(inner)\(clause)\n\(indent)}")
                    }
                    return EditorFix(kind: .handleExit, title: "Handle exit '\(exit.name)' of \(runs.text) (close)", edits: [edit])
                }
            }
        }
        return []
    }

    /// `// flowgraph:ignore rule -- ...` above the finding's line, or else above the declaration
    /// that holds it (a finding in the middle of a multi-line declaration).
    static func ignore(_ diagnostic: Diagnostic, _ compilation: Compiler.Compilation) -> [EditorFix] {
        guard let file = file(diagnostic.range, compilation) else { return [] }
        let enclosing = DeclarationScopes(compilation.syntax).enclosing(diagnostic.range)
        var offsets = [diagnostic.range.start]
        if let declaration = enclosing.clause?.range ?? enclosing.step?.range ?? enclosing.flow?.range { offsets.append(declaration.start) }
        var seen = Set<Int>()
        return offsets.compactMap { offset -> EditorFix? in
            let (lineStart, indent) = indentation(file, at: offset)
            guard seen.insert(lineStart).inserted else { return nil }
            let edit = TextEdit(range: SourceRange(file: diagnostic.range.file, start: lineStart, end: lineStart),
                                newText: "\(indent)// flowgraph:ignore \(diagnostic.rule.id) -- TODO: say why\n")
            return EditorFix(kind: .ignore, title: "Ignore '\(diagnostic.rule.id)' here (// flowgraph:ignore)", edits: [edit])
        }.filter { fixes(diagnostic, $0, compilation) }.prefix(1).map { $0 }
    }
}
