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
            } else {
                // What the lost line was, by its first word: a declaration adds no move.
                switch Self.firstWord(of: diagnostic.range, in: files) {
                case "step", "exit", "guard", "start":
                    flows[flowIndex].hasLostDeclarations = true
                case "link":
                    break  // A link adds no move and declares nothing; a broken one is its own error.
                default:
                    flows[flowIndex].isIncomplete = true
                    flows[flowIndex].hasLostDeclarations = true
                }
            }
        }
    }

    /// The first word of the line where `range` starts.
    private static func firstWord(of range: SourceRange, in files: [SourceFile]) -> Substring {
        guard files.indices.contains(range.file) else { return "" }
        let file = files[range.file]
        let line = file.lineText(file.location(of: range.start).line)
        return line.drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter }
    }
}
