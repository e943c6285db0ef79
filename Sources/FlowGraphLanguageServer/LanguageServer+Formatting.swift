import FlowGraph

/// `textDocument/formatting`: the document laid out by `flowgraph fmt` (`FlowFormatter`), sent as the
/// runs of lines that change, so that the lines formatting leaves alone keep the cursor and marks.
extension LanguageServer {
    /// The edits (nil for a document the server does not have); refused for a document with syntax
    /// errors, or one the formatter would not format.
    func formatting(_ params: DocumentParams) -> Result<[TextEditJSON]?, RequestRefusal> {
        guard let place = place(params.textDocument.uri, nil) else { return .success(nil) }
        let source = place.snapshot.compilation.files[place.file]
        switch FlowFormatter.format(source) {
        case .refused(let diagnostics):
            let first = diagnostics.first.map { diagnostic -> String in
                let location = source.location(of: diagnostic.range.start)
                return ": \(location.line):\(location.column): \(diagnostic.message)"
            } ?? ""
            return .failure(RequestRefusal(
                message: "not formatted: the file has \(diagnostics.count) syntax error\(diagnostics.count == 1 ? "" : "s")\(first)"))
        case .formatted(let bytes):
            guard bytes != source.bytes else { return .success([]) }
            let new = String(decoding: bytes, as: UTF8.self)
            let lines = place.snapshot.lines[place.file]
            // Edits by whole lines need the file's lines to be the client's: with a lone CR (a line
            // end to the client, not to a split on LF) or no line end at the end, replace it all.
            let original = source.bytes
            let hasLoneCR = original.indices.contains { original[$0] == 0x0D && ($0 + 1 == original.count || original[$0 + 1] != 0x0A) }
            guard !hasLoneCR, source.bytes.last == 0x0A else {
                return .success([TextEditJSON(range: LSPRange(start: Position(line: 0, character: 0), end: lines.position(of: source.bytes.count)),
                                            newText: new)])
            }
            let newLines = UnifiedDiff.lines(new)
            let oldLines = UnifiedDiff.lines(String(decoding: source.bytes, as: UTF8.self))
            return .success(UnifiedDiff.changes(oldLines: oldLines, newLines: newLines).map { change in
                TextEditJSON(range: LSPRange(start: Position(line: change.old.lowerBound, character: 0),
                                             end: Position(line: change.old.upperBound, character: 0)),
                             newText: newLines[change.new].map { $0 + "\n" }.joined())
            })
        }
    }
}
