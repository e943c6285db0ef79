/// A replacement of a byte range of one of the program's files.
package struct TextEdit: Sendable, Hashable {
    public let range: SourceRange
    public let newText: String

    public init(range: SourceRange, newText: String) {
        self.range = range
        self.newText = newText
    }

    /// `files` with `edits` applied (each file's edits must not overlap).
    static func apply(_ edits: [TextEdit], to files: [SourceFile]) -> [SourceFile] {
        var result = files
        for (index, file) in files.enumerated() {
            let mine = edits.filter { $0.range.file == index }.sorted { $0.range.start > $1.range.start }
            guard !mine.isEmpty else { continue }
            var bytes = file.bytes
            for edit in mine where edit.range.start >= 0 && edit.range.end <= bytes.count {
                bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
            }
            result[index] = SourceFile(path: file.path, bytes: bytes)
        }
        return result
    }
}

/// Renaming a symbol everywhere it is written, across files, or saying why not.
package enum EditorRename {
    /// Why a rename was refused: the message an editor shows.
    public struct Refusal: Error, Sendable, Equatable {
        public let message: String

        public init(message: String) {
            self.message = message
        }
    }

    /// Whether `name` can be written as a name: the lexer's rule (`isValidName`, which backticked
    /// names are held to), within the length the lexer allows. Keywords are contextual, so they are
    /// names too (whether one fits where it goes is for the recompilation to tell).
    public static func isValidName(_ name: String) -> Bool {
        name.utf8.count <= SourceLimits.nameLength && FlowGraph.isValidName(name)
    }

    /// The edits that rename `symbol` to `newName` everywhere `index` has it, or why not: an invalid
    /// name, a name another symbol of the same namespace already has, or a program that would
    /// compile with more errors than before (a keyword where the parser reads one, say).
    public static func edits(renaming symbol: EditorSymbol, to newName: String, index: SymbolIndex,
                             in compilation: Compiler.Compilation) -> Result<[TextEdit], Refusal> {
        guard isValidName(newName) else { return .failure(Refusal(message: "'\(newName)' is not a valid name")) }
        let occurrences = index.occurrences(of: symbol)
        guard !occurrences.isEmpty else { return .failure(Refusal(message: "nothing to rename")) }
        if newName == symbol.name { return .success([]) }
        if let other = collision(symbol, newName, index: index, in: compilation) {
            return .failure(Refusal(message: "cannot rename \(symbol.description) to '\(newName)': \(other) already has that name"))
        }
        let edits = occurrences.map { occurrence -> TextEdit in
            let file = compilation.files.indices.contains(occurrence.range.file) ? compilation.files[occurrence.range.file] : nil
            let isEscaped = file.map {
                $0.bytes.indices.contains(occurrence.range.start) && $0.bytes[occurrence.range.start] == UInt8(ascii: "`")
            } ?? false
            return TextEdit(range: occurrence.range, newText: isEscaped ? "`\(newName)`" : newName)
        }
        let before = compilation.diagnostics.filter { $0.severity == .error }.count
        let after = Compiler.compile(TextEdit.apply(edits, to: compilation.files))
        let errors = after.diagnostics.filter { $0.severity == .error }
        if errors.count > before,
           let first = errors.first(where: { new in
               !compilation.diagnostics.contains { $0.rule == new.rule && $0.message == new.message }
           }) ?? errors.first {
            return .failure(Refusal(
                message: "cannot rename \(symbol.description) to '\(newName)': the program would have an error: \(first.message)"))
        }
        return .success(edits)
    }

    /// The symbol of the same namespace that is already named `newName`, described, if any.
    static func collision(_ symbol: EditorSymbol, _ newName: String, index: SymbolIndex, in compilation: Compiler.Compilation) -> String? {
        let program = compilation.program
        switch symbol.kind {
        case .flow, .group:
            // Flows and groups share one namespace: each is a Swift type of the router.
            return compilation.syntax.flows.first { $0.name.text == newName }
                .map { "\($0.isDestinations ? "destinations" : "flow") \($0.name.text)" }
        case .step, .alert, .guard:
            // A flow's steps and alerts share a namespace, which holds those of the groups it uses; a
            // group's names are in the namespace of each flow that uses it.
            guard let program else { return nil }
            var flows: [Flow] = []
            if let flow = program.flow(named: symbol.scope) { flows.append(program.flows[flow]) }
            if let group = program.groups.firstIndex(where: { $0.name == symbol.scope }) {
                flows.append(program.groups[group].declaration)
                flows += program.groups[group].users.map { program.flows[$0] }
            }
            for flow in flows {
                let names = symbol.kind == .guard ? flow.guards.map(\.name) : flow.steps.map(\.name) + flow.alerts.map(\.name)
                if names.contains(newName) { return "\(symbol.kind == .guard ? "guard" : "step or alert") \(flow.name).\(newName)" }
            }
            return nil
        case .exit, .event:
            let taken = index.symbols.first { $0.kind == symbol.kind && $0.scope == symbol.scope && $0.name == newName }
            return taken?.description
        }
    }
}
