extension SyntaxTree {
    /// Marks where syntax errors lost text: the step that holds an error, else the flow (a clause,
    /// or a declaration, by the first word of the line), else (text outside every flow) the whole
    /// tree. The checker treats what was lost as unknown.
    mutating func markLostText(_ diagnostics: [Diagnostic]) {
        // The flows of each file in source order, to find the one around an offset by binary search.
        var flowsOfFile: [Int: [Int]] = [:]
        for (index, flow) in flows.enumerated() { flowsOfFile[flow.range.file, default: []].append(index) }
        for diagnostic in diagnostics where diagnostic.rule == .syntax {
            let offset = diagnostic.range.start
            guard let candidates = flowsOfFile[diagnostic.range.file],
                  let position = DeclarationScopes.last(candidates, startingAtOrBefore: offset, { flows[$0].range }),
                  case let flowIndex = candidates[position], offset <= flows[flowIndex].end else {
                // A broken `import` line held no flow.
                if Self.firstWord(of: diagnostic.range, in: files) != "import" { hasLostFlows = true }
                continue
            }
            // The step whose text (up to and with its closing brace) holds the error.
            if let stepIndex = DeclarationScopes.last(flows[flowIndex].steps, startingAtOrBefore: offset, \.range),
               offset <= flows[flowIndex].steps[stepIndex].range.end {
                flows[flowIndex].steps[stepIndex].isIncomplete = true
            } else if let linkIndex = linkOnLine(of: diagnostic.range, in: flows[flowIndex].links) {
                // A link kept as far as it was read: its move (if it has one) may happen.
                flows[flowIndex].links[linkIndex].isIncomplete = true
            } else {
                // What the lost line was, by its first word: a declaration adds no move.
                switch Self.firstWord(of: diagnostic.range, in: files) {
                case "step", "exit", "guard", "start":
                    flows[flowIndex].hasLostDeclarations = true
                case "link":
                    // A link lost before its target was read declares nothing, but may show any step.
                    flows[flowIndex].hasLostLinks = true
                default:
                    flows[flowIndex].isIncomplete = true
                    flows[flowIndex].hasLostDeclarations = true
                }
            }
        }
    }

    /// The link (of a flow's, in source order) on whose lines `range` starts: from the line of
    /// `link` to its last token's, where what is left of the line is reported.
    private func linkOnLine(of range: SourceRange, in links: [LinkSyntax]) -> Int? {
        guard let index = DeclarationScopes.last(links, startingAtOrBefore: range.start, \.range),
              files.indices.contains(range.file) else { return nil }
        let file = files[range.file]
        return file.location(of: range.start).line <= file.location(of: links[index].range.end).line ? index : nil
    }

    /// The first word of the line where `range` starts.
    private static func firstWord(of range: SourceRange, in files: [SourceFile]) -> Substring {
        guard files.indices.contains(range.file) else { return "" }
        let file = files[range.file]
        let line = file.lineText(file.location(of: range.start).line)
        return line.drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter }
    }
}
