/// Prints a file's tokens and comments in the canonical layout (`FlowFormatter`).
///
/// The tree decides where lines break: a member starts a line at its depth, a body's `}` closes
/// one, a parameter list written across lines has a parameter a line. Everything else of a member
/// stays on its line, spaced by `space(before:)`, except where a comment forces a break (the file
/// had one there too, so the grammar allows it).
struct FormatPrinter {
    /// The file's tree; its nodes only until the layout is made (printing reads the tokens and
    /// the text), so that the caller's copy is the last to hold them (`fmt`'s memory).
    private var tree: ConcreteSyntaxTree
    /// For each token: the depth of the line it starts, or nil when it goes on the line before.
    private var lineDepth: PackedDepths
    /// For each token: the depth of the member it is part of (a line a comment breaks goes on one deeper).
    private var memberDepth: PackedDepths
    /// For each token: whether a blank line written before it is kept (before a member, not the
    /// first of a body; and before the comments above such a member).
    private var keepsBlankLine: PackedBools
    /// For each token: whether it is in a type, after the type's first token (spaced as a type).
    private var isInsideType: PackedBools
    /// For each token: a `(` spaced from the word before it (`receives (`).
    private var spacedParenthesis: PackedBools
    /// For each token: the `{` that opens a body (a comment before it puts it on a line of its own,
    /// at its member's depth, where its `}` will be).
    private var opensBody: PackedBools
    private var output: [UInt8] = []
    /// Whether a comment or a token is written yet (a byte-order mark is not a line).
    private var started = false
    private static let indentUnit = Array("    ".utf8)

    init(tree: ConcreteSyntaxTree) {
        self.tree = tree
        let count = tree.tokens.count
        lineDepth = PackedDepths(count: count, initial: nil)
        memberDepth = PackedDepths(count: count, initial: 0)
        keepsBlankLine = PackedBools(count: count)
        isInsideType = PackedBools(count: count)
        spacedParenthesis = PackedBools(count: count)
        opensBody = PackedBools(count: count)
        for child in tree.root.children { layOutMember(child, depth: 0, isFirstInBody: false) }
        lineDepth[count - 1] = 0
        keepsBlankLine[count - 1] = true
        self.tree = ConcreteSyntaxTree(source: tree.source, tokens: tree.tokens, texts: tree.texts,
                                       root: SyntaxNode(kind: .file, tokens: 0..<0, children: []), diagnostics: [])
    }

    // MARK: - Layout

    private mutating func layOutMember(_ node: SyntaxNode, depth: Int, isFirstInBody: Bool) {
        let first = node.tokens.lowerBound
        lineDepth[first] = depth
        keepsBlankLine[first] = !isFirstInBody
        for index in node.tokens { memberDepth[index] = depth }
        var isFirst = true
        for child in node.children {
            switch child.kind {
            case .parameters: layOutParameters(child, depth: depth)
            case .type: layOutType(child)
            case .file, .importDeclaration, .flow, .start, .step, .exit, .guardDeclaration, .link, .on, .use, .alert, .unknownMember,
                 .journey, .journeyLine:
                layOutMember(child, depth: depth + 1, isFirstInBody: isFirst)
                isFirst = false
            }
        }
        if node.hasBody { layOutBody(node, depth: depth) }
        // `receives (` is spaced, `Editor(` is not: the word before the list is a keyword, not
        // the step's name (its second token).
        // So is a journey line's `-> Category receives (filters: red)`.
        if node.kind == .step || node.kind == .journeyLine {
            for index in (first + 2)..<max(first + 2, node.tokens.upperBound) where tree.tokens[index - 1].isKeyword("receives") {
                if tree.tokens[index].isPunctuation("(") { spacedParenthesis[index] = true }
            }
        }
    }

    /// A body's `}` closes on a line of its own, unless nothing is between the braces (`{}`).
    private mutating func layOutBody(_ node: SyntaxNode, depth: Int) {
        if let open = node.tokens.first(where: { tree.tokens[$0].isPunctuation("{") && !isInChild($0, of: node) }) {
            opensBody[open] = true
        }
        let last = node.tokens.upperBound - 1
        guard tree.tokens[last].isPunctuation("}"), !isInChild(last, of: node) else { return }
        let isEmpty = tree.tokens[last - 1].isPunctuation("{") && !tree.leadingTrivia(of: last).contains(where: \.isComment)
        lineDepth[last] = isEmpty ? nil : depth
    }

    private func isInChild(_ index: Int, of node: SyntaxNode) -> Bool {
        node.children.contains { $0.tokens.contains(index) }
    }

    /// A list written across lines gets a parameter a line, one level deeper, and `)` on its own.
    private mutating func layOutParameters(_ node: SyntaxNode, depth: Int) {
        for child in node.children where child.kind == .type { layOutType(child) }
        let open = node.tokens.lowerBound, end = node.tokens.upperBound
        for index in (open + 1)..<end { memberDepth[index] = depth + 1 }
        let isAcrossLines = end - open > 2 && ((open + 1)..<end).contains { index in
            tree.leadingTrivia(of: index).contains { $0.kind == .lineBreak }
        }
        guard isAcrossLines else { return }
        lineDepth[open + 1] = depth + 1
        for index in (open + 1)..<(end - 1) where tree.tokens[index].isPunctuation(",") && !isInChild(index, of: node) {
            lineDepth[index + 1] = depth + 1
        }
        if tree.tokens[end - 1].isPunctuation(")") { lineDepth[end - 1] = depth }
    }

    private mutating func layOutType(_ node: SyntaxNode) {
        for index in node.tokens.dropFirst() { isInsideType[index] = true }
    }

    // MARK: - Printing

    mutating func print() -> [UInt8] {
        output.reserveCapacity(tree.source.bytes.count + tree.source.bytes.count / 8)
        var breaksAfterComment = false
        var lastOpensBody = false
        for index in tree.tokens.indices {
            let token = tree.tokens[index]
            let isEnd = token.kind == .end
            let trivia = Gap(tree.leadingTrivia(of: index), isFileStart: index == 0)
            if let bom = trivia.byteOrderMark { output += tree.source.bytes[bom] }
            for comment in trivia.trailing {
                output += Array(" ".utf8) + commentText(comment)
                if comment.kind != .blockComment { breaksAfterComment = true }
            }
            let depth = lineDepth[index]
            if depth != nil || breaksAfterComment || !trivia.ownLine.isEmpty {
                // The comments above a `}` are inside its body; above anything else, at its depth.
                let lineAt = depth ?? (opensBody[index] ? memberDepth[index]! : memberDepth[index]! + 1)
                let commentDepth = token.isPunctuation("}") && depth != nil ? lineAt + 1 : lineAt
                // A blank line stays above a member (not the first of a body) and between the
                // comments above it; nowhere else.
                let keepsFirstBlank = keepsBlankLine[index] && !lastOpensBody
                let keepsInnerBlank = (depth != nil && !token.isPunctuation("}")) || isEnd
                for (position, comment) in trivia.ownLine.enumerated() {
                    newLine(blank: comment.blankBefore && (position == 0 ? keepsFirstBlank : keepsInnerBlank))
                    indent(commentDepth)
                    output += commentText(comment.piece)
                    started = true
                }
                let blank = trivia.blankBeforeToken && (trivia.ownLine.isEmpty ? keepsFirstBlank : keepsInnerBlank)
                if isEnd {
                    newLine(blank: false)
                    return output
                }
                newLine(blank: blank)
                indent(lineAt)
                breaksAfterComment = false
            } else if index > 0 {
                output += space(before: index) ? Array(" ".utf8) : []
            }
            output += tree.source.bytes[token.start..<token.end]
            started = true
            lastOpensBody = token.isPunctuation("{")
        }
        return output
    }

    /// Starts a new line (after a blank one), unless nothing is written yet.
    private mutating func newLine(blank: Bool) {
        guard started else { return }
        if output.last == UInt8(ascii: " ") { output.removeLast() }
        output.append(UInt8(ascii: "\n"))
        if blank { output.append(UInt8(ascii: "\n")) }
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<depth { output += Self.indentUnit }
    }

    /// A comment's text: a line comment without the blanks at its end, a block comment as written.
    private func commentText(_ piece: TriviaPiece) -> ArraySlice<UInt8> {
        var end = piece.range.upperBound
        if piece.kind != .blockComment {
            while end > piece.range.lowerBound, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(tree.source.bytes[end - 1]) { end -= 1 }
        }
        return tree.source.bytes[piece.range.lowerBound..<end]
    }

    /// Whether a space goes between token `index - 1` and token `index` on one line.
    private func space(before index: Int) -> Bool {
        let previous = tree.tokens[index - 1], token = tree.tokens[index]
        if isInsideType[index] {
            let afterAttribute = index >= 2 && isInsideType[index - 1] && tree.tokens[index - 2].isPunctuation("@")
            return Parser.spacesInType(previous, token, afterAttribute: afterAttribute)
        }
        if token.isPunctuation(",") || token.isPunctuation(")") || token.isPunctuation(":") || token.isPunctuation(".") { return false }
        if previous.isPunctuation(":") || previous.isPunctuation(",") { return true }
        if previous.isPunctuation("(") || previous.isPunctuation("!") || previous.isPunctuation(".") { return false }
        if token.isPunctuation("(") { return spacedParenthesis[index] }
        if token.isPunctuation("}") { return !previous.isPunctuation("{") }
        return true
    }
}

/// The trivia before a token, as the printer places it: comments that end the line before (after
/// a token on it), then comments on lines of their own, each with whether a blank line was above it.
private struct Gap {
    var byteOrderMark: Range<Int>?
    var trailing: [TriviaPiece] = []
    var ownLine: [(piece: TriviaPiece, blankBefore: Bool)] = []
    /// Whether a blank line was just above the token (after the last comment, if any).
    var blankBeforeToken = false

    init(_ pieces: [TriviaPiece], isFileStart: Bool) {
        var lineBreaks = isFileStart ? 1 : 0
        for piece in pieces {
            switch piece.kind {
            case .byteOrderMark: byteOrderMark = piece.range
            case .lineBreak: lineBreaks += 1
            case .lineComment, .docComment, .blockComment:
                if lineBreaks == 0 {
                    trailing.append(piece)
                } else {
                    ownLine.append((piece, lineBreaks >= 2))
                }
                lineBreaks = 0
            case .spaces, .skipped: break
            }
        }
        blankBeforeToken = lineBreaks >= 2
    }
}

/// A depth for each token, in 8 bits (nil as -1): the formatter keeps two, 2 bytes a token
/// rather than 24 (`fmt`'s memory). The grammar nests members a few levels deep; a deeper depth,
/// which no program has, would be printed at 127.
private struct PackedDepths {
    private var values: [Int8]

    init(count: Int, initial: Int?) {
        values = Array(repeating: initial.map { Int8(clamping: $0) } ?? -1, count: count)
    }

    subscript(index: Int) -> Int? {
        get { values[index] < 0 ? nil : Int(values[index]) }
        set { values[index] = newValue.map { Int8(clamping: $0) } ?? -1 }
    }
}

/// A Boolean for each token, a bit each (`fmt`'s memory: the formatter keeps four).
private struct PackedBools {
    private var words: [UInt64]

    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    subscript(index: Int) -> Bool {
        get { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }
        set {
            if newValue {
                words[index >> 6] |= 1 << UInt64(index & 63)
            } else {
                words[index >> 6] &= ~(1 << UInt64(index & 63))
            }
        }
    }
}
