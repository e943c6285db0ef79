import FlowGraph
import Foundation

/// The requests the server answers, each a translation between LSP's positions and URIs and the
/// library's `Editing` answers on byte ranges: the meaning is in FlowGraph, the protocol here.
extension LanguageServer {
    /// Where a request points: the compilation, the file's index in it, and the byte offset.
    struct Place {
        let snapshot: Workspace.Snapshot
        let file: Int
        let offset: Int
    }

    func place(_ uri: String, _ position: Position?) -> Place? {
        guard let path = Workspace.path(of: uri) else { return nil }
        let snapshot = workspace.snapshot()
        guard let file = snapshot.fileIndex[path] else { return nil }
        let offset = position.map { snapshot.lines[file].offset(of: $0) } ?? 0
        return Place(snapshot: snapshot, file: file, offset: offset)
    }

    func location(_ range: SourceRange, _ snapshot: Workspace.Snapshot) -> Location? {
        guard snapshot.lines.indices.contains(range.file) else { return nil }
        return Location(uri: workspace.uri(of: snapshot.compilation.files[range.file].path), range: snapshot.lines[range.file].range(range))
    }

    // MARK: - Diagnostics

    /// Sends the findings of every file of the program: each file that has some, each file that had
    /// some (now none), and the document that changed (so that its client hears about every version).
    func publishDiagnostics(changed uri: String?) {
        let snapshot = workspace.snapshot()
        var byURI: [String: [DiagnosticJSON]] = [:]
        for diagnostic in snapshot.compilation.diagnostics {
            guard let converted = lspDiagnostic(diagnostic, snapshot),
                  let location = location(diagnostic.range, snapshot) else { continue }
            byURI[location.uri, default: []].append(converted)
        }
        var uris = Set(byURI.keys).union(urisWithFindings)
        if let uri { uris.insert(uri) }
        for uri in uris.sorted() {
            let path = Workspace.path(of: uri)
            notify("textDocument/publishDiagnostics", PublishDiagnosticsParams(
                uri: uri, version: path.flatMap(workspace.version(of:)), diagnostics: byURI[uri] ?? []))
        }
        urisWithFindings = Set(byURI.keys)
        tellDiskProblems()
    }

    /// Tells the user, once for each new set, the files of the workspace folder that could not be
    /// read: the program is checked without them, which would otherwise go unsaid.
    private func tellDiskProblems() {
        let problems = workspace.diskProblems
        guard problems != lastToldDiskProblems else { return }
        lastToldDiskProblems = problems
        guard !problems.isEmpty else { return }
        notify("window/showMessage", ShowMessageParams(
            type: 2, message: "flowgraph: left out of the program, since they cannot be read: " + problems.joined(separator: "; ")))
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, _ snapshot: Workspace.Snapshot) -> DiagnosticJSON? {
        guard snapshot.lines.indices.contains(diagnostic.range.file) else { return nil }
        var message = diagnostic.message
        var related: [DiagnosticRelatedInformation] = []
        for note in diagnostic.notes {
            if let range = note.range, let location = location(range, snapshot) {
                related.append(DiagnosticRelatedInformation(location: location, message: note.message))
            } else {
                message += "\n\(note.message)"
            }
        }
        let severity = switch diagnostic.severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
        return DiagnosticJSON(range: snapshot.lines[diagnostic.range.file].range(diagnostic.range), severity: severity,
                              code: diagnostic.rule.id, message: message, relatedInformation: related.isEmpty ? nil : related)
    }

    // MARK: - Names

    func hover(_ params: PositionParams) -> Hover? {
        guard let place = place(params.textDocument.uri, params.position) else { return nil }
        let compilation = place.snapshot.compilation
        let occurrence = place.snapshot.index.occurrence(file: place.file, offset: place.offset)
        let symbol = occurrence.flatMap { EditorHover.markdown(for: $0.symbol, in: compilation) }
        // Over a journey's line: what the program shows after it.
        let along = EditorHover.journeyLine(file: place.file, offset: place.offset, in: compilation, states: journeyStates(compilation))
        guard let text = [symbol, along].compactMap({ $0 }).joined(separator: "\n\n").nilIfEmpty else { return nil }
        return Hover(contents: MarkupContent(value: text), range: occurrence.map { place.snapshot.lines[place.file].range($0.range) })
    }

    /// Where a journey leaves the user, as the runner plays it on the main actor: at once on the
    /// main thread (where `flowgraph lsp` answers), else there (a server run in another's process).
    func journeyStates(_ compilation: Compiler.Compilation) -> EditorCompletion.JourneyStates {
        { name, lines, move in
            let state = { MainActor.assumeIsolated { JourneyRunner.state(of: name, after: lines, then: move, in: compilation) } }
            return Thread.isMainThread ? state() : DispatchQueue.main.sync(execute: state)
        }
    }

    func definition(_ params: PositionParams) -> [Location]? {
        guard let place = place(params.textDocument.uri, params.position),
              let occurrence = place.snapshot.index.occurrence(file: place.file, offset: place.offset) else { return nil }
        let declarations = place.snapshot.index.declarations(of: occurrence.symbol)
        return declarations.compactMap { location($0.range, place.snapshot) }
    }

    func references(_ params: ReferenceParams) -> [Location]? {
        guard let place = place(params.textDocument.uri, params.position),
              let occurrence = place.snapshot.index.occurrence(file: place.file, offset: place.offset) else { return nil }
        let includeDeclaration = params.context?.includeDeclaration ?? true
        return place.snapshot.index.occurrences(of: occurrence.symbol)
            .filter { includeDeclaration || !$0.isDeclaration }
            .compactMap { location($0.range, place.snapshot) }
    }

    func prepareRename(_ params: PositionParams) -> PrepareRenameResult? {
        guard let place = place(params.textDocument.uri, params.position),
              let occurrence = place.snapshot.index.occurrence(file: place.file, offset: place.offset) else { return nil }
        return PrepareRenameResult(range: place.snapshot.lines[place.file].range(occurrence.range), placeholder: occurrence.symbol.name)
    }

    func rename(_ params: RenameParams) -> Result<WorkspaceEdit, EditorRename.Refusal> {
        guard let place = place(params.textDocument.uri, params.position),
              let occurrence = place.snapshot.index.occurrence(file: place.file, offset: place.offset) else {
            return .failure(EditorRename.Refusal(message: "no flow, step, event, exit or guard name here"))
        }
        let newName = params.newName.hasPrefix("`") && params.newName.hasSuffix("`") && params.newName.count > 2
            ? String(params.newName.dropFirst().dropLast()) : params.newName
        return EditorRename.edits(renaming: occurrence.symbol, to: newName, index: place.snapshot.index, in: place.snapshot.compilation)
            .map { workspaceEdit($0, place.snapshot) }
    }

    func workspaceEdit(_ edits: [FlowGraph.TextEdit], _ snapshot: Workspace.Snapshot) -> WorkspaceEdit {
        var changes: [String: [TextEditJSON]] = [:]
        for edit in edits {
            guard let location = location(edit.range, snapshot) else { continue }
            changes[location.uri, default: []].append(TextEditJSON(range: location.range, newText: edit.newText))
        }
        return WorkspaceEdit(changes: changes)
    }

    // MARK: - Completion, outline, fixes

    func completion(_ params: PositionParams) -> [CompletionItem]? {
        guard let place = place(params.textDocument.uri, params.position) else { return nil }
        return EditorCompletion.items(file: place.file, offset: place.offset, in: place.snapshot.compilation,
                                      journeyStates: journeyStates(place.snapshot.compilation)).map { item in
            let kind = switch item.kind {
            case .keyword: 14
            case .flow: 7
            case .group: 9
            case .step: 3
            case .alert: 8
            case .event: 23
            case .exit: 20
            case .guard: 6
            case .type: 25
            }
            return CompletionItem(label: item.label, kind: kind, detail: item.detail)
        }
    }

    func documentSymbols(_ params: DocumentParams) -> [DocumentSymbol]? {
        guard let place = place(params.textDocument.uri, nil) else { return nil }
        let lines = place.snapshot.lines[place.file]
        func symbol(_ name: Name, _ kind: Int, _ whole: SourceRange, _ detail: String?, _ children: [DocumentSymbol] = []) -> DocumentSymbol {
            // The whole range must hold the name's: a declaration's range starts at its keyword.
            let range = SourceRange(file: whole.file, start: min(whole.start, name.range.start), end: max(whole.end, name.range.end))
            return DocumentSymbol(name: name.text, detail: detail, kind: kind, range: lines.range(range),
                                  selectionRange: lines.range(name.range), children: children)
        }
        func parameters(_ list: [ParameterSyntax]) -> String? {
            list.isEmpty ? nil : "(" + list.map { "\($0.name.text): \($0.type.text)" }.joined(separator: ", ") + ")"
        }
        return place.snapshot.compilation.syntax.flows.filter { $0.range.file == place.file }.map { flow in
            var children: [DocumentSymbol] = []
            for step in flow.steps {
                children.append(symbol(step.name, 12, step.range, step.runs.map { "runs \($0.text)" } ?? parameters(step.inputs)))
            }
            for alert in flow.alerts { children.append(symbol(alert.name, 11, alert.range, alert.style.rawValue)) }
            for exit in flow.exits { children.append(symbol(exit.name, 22, exit.range, parameters(exit.inputs))) }
            for guardSyntax in flow.guards { children.append(symbol(guardSyntax.name, 17, guardSyntax.range, "guard")) }
            for handler in flow.clauses { children.append(symbol(handler.event, 24, handler.range, "on, from every step")) }
            children.sort { ($0.range.start.line, $0.range.start.character) < ($1.range.start.line, $1.range.start.character) }
            let whole = SourceRange(file: flow.range.file, start: flow.range.start, end: max(flow.range.end, flow.end))
            return symbol(flow.name, flow.isDestinations ? 3 : 5, whole,
                          flow.isDestinations ? "destinations" : flow.isTabs ? "tabs flow" : "flow", children)
        }
    }

    func codeActions(_ params: CodeActionParams) -> [CodeAction]? {
        guard let place = place(params.textDocument.uri, nil) else { return nil }
        let snapshot = place.snapshot
        let lines = snapshot.lines[place.file]
        let start = lines.offset(of: params.range.start)
        let end = lines.offset(of: params.range.end)
        var actions: [CodeAction] = []
        for diagnostic in snapshot.compilation.diagnostics where diagnostic.range.file == place.file {
            // The findings the range touches (a cursor touches the finding it stands in).
            guard diagnostic.range.start <= end, start <= diagnostic.range.end,
                  let converted = lspDiagnostic(diagnostic, snapshot) else { continue }
            for fix in EditorFixes.fixes(for: diagnostic, in: snapshot.compilation) {
                actions.append(CodeAction(title: fix.title, diagnostics: [converted], isPreferred: fix.kind != .ignore,
                                          edit: workspaceEdit(fix.edits, snapshot)))
            }
        }
        return actions
    }
}

extension String {
    /// Nil for the empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
