/// One file as a lossless syntax tree: its tokens, the trivia between them (white space, line
/// breaks, comments, doc comments), and the grammar's nodes over them, so that the file can be
/// printed back byte for byte (`text`) and a tool can rewrite it knowing what each token is part
/// of (the formatter, the language server's edits).
///
/// The parser records the nodes only when asked (`Parser.parseConcrete`): checking a program needs
/// the `SyntaxTree` alone, and pays nothing for this one.
package struct ConcreteSyntaxTree: Sendable {
    public let source: SourceFile
    /// The file's tokens; the last is `.end`.
    public let tokens: [Token]
    /// The tokens' texts and docs.
    public let texts: TokenTexts
    /// The whole file: its children are its `flow`, `destinations` and `import` declarations.
    public let root: SyntaxNode
    /// The file's syntax errors (the lexer's and the parser's).
    public let diagnostics: [Diagnostic]

    /// The trivia before token `index` (for `.end`, the trivia at the end of the file).
    public func leadingTrivia(of index: Int) -> [TriviaPiece] {
        Trivia.pieces(source.bytes, in: triviaRange(before: index))
    }

    /// The bytes between token `index - 1` and token `index`.
    public func triviaRange(before index: Int) -> Range<Int> {
        let start = index == 0 ? 0 : tokens[index - 1].end
        return start..<max(start, tokens[index].start)
    }

    /// The token's own bytes (a string's quotes and escapes, a name's backticks).
    public func tokenText(_ index: Int) -> Substring {
        Substring(decoding: source.bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }

    /// The file printed back from the tree: every token with the trivia before it, then the
    /// trivia at the end. Equal to the file's bytes, whatever they hold.
    public var text: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.bytes.count)
        for index in tokens.indices {
            bytes += source.bytes[triviaRange(before: index)]
            bytes += source.bytes[tokens[index].start..<tokens[index].end]
        }
        return bytes
    }
}

/// A node of the grammar over a run of tokens (`ConcreteSyntaxTree`). Its tokens that no child
/// holds are its own: keywords, names, braces, arrows.
package struct SyntaxNode: Sendable, Hashable {
    public enum Kind: UInt8, Sendable, Hashable {
        case file
        /// `import Module`
        case importDeclaration
        /// `flow Name tabs? { ... }` or `destinations Name { ... }`
        case flow
        /// `journey Name { ... }`, and each of its lines
        case journey, journeyLine
        /// A member of a flow, by its first word.
        case start, step, exit, guardDeclaration, link, on, use, alert
        /// A line of a flow that is none of its members (a syntax error).
        case unknownMember
        /// `(name: Type, ...)`
        case parameters
        /// A Swift type in a parameter list.
        case type
    }

    public let kind: Kind
    /// Token indices in 32 bits, as `Token`'s offsets: a node is 24 bytes, not 32.
    private let lower: UInt32
    private let upper: UInt32
    /// Its nodes, in source order, each inside `tokens`.
    public let children: [SyntaxNode]

    public init(kind: Kind, tokens: Range<Int>, children: [SyntaxNode]) {
        self.kind = kind
        lower = UInt32(truncatingIfNeeded: tokens.lowerBound)
        upper = UInt32(truncatingIfNeeded: tokens.upperBound)
        self.children = children
    }

    /// The tokens it spans, by index.
    public var tokens: Range<Int> { Int(lower)..<Int(upper) }

    /// Whether the node holds a brace-delimited body of members (a flow, a step, an alert).
    public var hasBody: Bool { kind == .flow || kind == .step || kind == .alert || kind == .journey }
}

extension SyntaxNode {
    /// Combines each node under this one (not this one), children before parents: the order the
    /// parser finishes them in, which `Parser.digestConcrete` hashes as it goes.
    func combinePostorder(into hasher: inout Hasher) {
        for child in children {
            child.combinePostorder(into: &hasher)
            Self.combine(child.kind, child.tokens, into: &hasher)
        }
    }

    /// What a node adds to a digest of the nodes.
    static func combine(_ kind: Kind, _ tokens: Range<Int>, into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(tokens.lowerBound)
        hasher.combine(tokens.upperBound)
    }

    /// Adds the node `kind` over `tokens`, which the parser has just finished, to `finished`: the
    /// nodes finished before it inside its tokens, at the end of the list, become its children.
    /// The parser finishes children before parents, so the list holds only the nodes whose
    /// parent is not finished yet, and the whole tree once the file is read. Empty nodes (a
    /// declaration that read nothing) are left out.
    static func finish(_ kind: Kind, tokens: Range<Int>, in finished: inout [SyntaxNode]) {
        guard !tokens.isEmpty else { return }
        var first = finished.count
        while first > 0, finished[first - 1].tokens.lowerBound >= tokens.lowerBound { first -= 1 }
        let children = Array(finished[first...])
        finished.removeSubrange(first...)
        finished.append(SyntaxNode(kind: kind, tokens: tokens, children: children))
    }
}

extension Parser {
    /// Lexes and parses one file into its lossless syntax tree.
    public static func parseConcrete(_ source: SourceFile, file: Int = 0) -> ConcreteSyntaxTree {
        concrete(source, file: file, hashingNodes: false).tree
    }

    /// Records the node `kind` over the tokens read since `start`, when the tree is being built
    /// (or only hashed: `digestConcrete`).
    mutating func finishNode(_ kind: SyntaxNode.Kind, from start: Int) {
        guard recordsNodes else { return }
        if nodeDigest != nil {
            if index > start { SyntaxNode.combine(kind, start..<index, into: &nodeDigest!) }
        } else {
            SyntaxNode.finish(kind, tokens: start..<max(start, index), in: &finishedNodes)
        }
    }

    /// Lexes and parses one file as `parseConcrete` does, but keeps of its nodes only their hash in
    /// the order they are finished (`SyntaxNode.combinePostorder` of the tree it would build): the
    /// tree returned has no nodes. What `fmt` needs to compare its result with the file.
    static func digestConcrete(_ source: SourceFile, file: Int = 0) -> (tree: ConcreteSyntaxTree, nodes: Int) {
        let parsed = concrete(source, file: file, hashingNodes: true)
        return (parsed.tree, parsed.nodes)
    }

    /// The lossless tree of one file, with its nodes (or, `hashingNodes`, only their hash).
    private static func concrete(_ source: SourceFile, file: Int, hashingNodes: Bool) -> (tree: ConcreteSyntaxTree, nodes: Int) {
        guard source.bytes.count <= SourceLimits.fileSize else {
            let message = SyntaxMessages.fileTooLarge(source.bytes.count)
            let end = Token(kind: .end, start: source.bytes.count, end: source.bytes.count, textID: 0, isAtLineStart: true)
            let tree = ConcreteSyntaxTree(source: source, tokens: [end], texts: TokenTexts(),
                                          root: SyntaxNode(kind: .file, tokens: 0..<1, children: []),
                                          diagnostics: [Diagnostic(.syntax, message, at: SourceRange(file: file, start: 0, end: 0))])
            return (tree, 0)
        }
        var lexer = Lexer(file: file, bytes: source.bytes)
        let tokens = lexer.tokenize()
        var parser = Parser(file: file, tokens: tokens, texts: lexer.texts)
        parser.recordsNodes = true
        if hashingNodes { parser.nodeDigest = Hasher() }
        _ = parser.parseFile()
        let root = SyntaxNode(kind: .file, tokens: 0..<(hashingNodes ? 0 : tokens.count), children: parser.finishedNodes)
        let tree = ConcreteSyntaxTree(source: source, tokens: tokens, texts: lexer.texts, root: root,
                                      diagnostics: lexer.diagnostics + parser.diagnostics)
        return (tree, parser.nodeDigest?.finalize() ?? 0)
    }
}
