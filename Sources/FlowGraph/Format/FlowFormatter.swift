/// `flowgraph fmt`: one canonical layout of a `.flow` file, with no options (as gofmt and buf
/// format have none), so that every file of every team reads the same and a diff shows only
/// what changed. See docs/CLI.md, "flowgraph fmt".
///
/// - one member a line, indented four spaces a level; a body's `{` ends its header's line and its
///   `}` has a line of its own (`{}` when it is empty);
/// - one space between words and around `->`; none inside `( )` or before `,` and `:`; types
///   spaced as the compiler spells them (`[String: Int]`);
/// - a parameter list stays on one line, or has a parameter a line when it was written across lines;
/// - blank lines between members kept, at most one, none just inside a body's braces;
/// - every comment and doc comment kept where it was: on its own line before what follows it, or
///   at the end of its line; a comment inside a declaration's line breaks it there, and the rest
///   goes on one level deeper (a body's `{` at the declaration's depth, above its `}`).
///
/// A file with a syntax error is refused (its layout is not known). A result that differs from
/// the file is parsed again and must hold the same tokens in the same tree, with the same
/// comments: a formatter that changed a program's meaning would be worse than none, so that is
/// refused too.
public enum FlowFormatter {
    public enum Outcome: Sendable {
        /// The file's canonical text (equal to its bytes when it is formatted already).
        case formatted([UInt8])
        /// The file could not be formatted: its syntax errors, or the formatter's own failure.
        case refused([Diagnostic])
    }

    /// Formats one file; `file` is its index in diagnostics' ranges.
    public static func format(_ source: SourceFile, file: Int = 0) -> Outcome {
        var errors: [Diagnostic] = []
        guard let formatted = firstPass(source, file: file, errors: &errors) else { return .refused(errors) }
        // A file formatted already (what `fmt --check` meets most): the text is unchanged, so is
        // its meaning; there is nothing to parse again.
        if formatted.bytes == source.bytes { return .formatted(formatted.bytes) }
        // Parsed for its digest alone: no tree of nodes is built (a fifth of `fmt`'s peak).
        let again = Parser.digestConcrete(SourceFile(path: source.path, bytes: formatted.bytes), file: file)
        guard again.tree.diagnostics.isEmpty, ProgramDigest(again.tree, nodes: again.nodes) == formatted.digest else {
            return .refused([Diagnostic(.syntax, FormatMessages.wouldChangeMeaning, at: SourceRange(file: file, start: 0, end: 0))])
        }
        return .formatted(formatted.bytes)
    }

    /// The file parsed and printed in the canonical layout, with the digest of its tree; nil (and
    /// `errors`) when it has syntax errors. The tree's nodes are let go once the layout is made,
    /// before the text is printed, and its tokens once it is: the formatted text is parsed again
    /// with only the digest kept of the first tree (one tree in memory at a time, not two).
    private static func firstPass(_ source: SourceFile, file: Int, errors: inout [Diagnostic]) -> (bytes: [UInt8], digest: ProgramDigest)? {
        var printer: FormatPrinter
        let digest: ProgramDigest
        do {
            let tree = Parser.parseConcrete(source, file: file)
            guard tree.diagnostics.isEmpty else {
                errors = tree.diagnostics.sorted()
                return nil
            }
            digest = ProgramDigest(tree)
            printer = FormatPrinter(tree: tree)
        }
        #if os(Linux)
        // The nodes are let go now; glibc keeps the pages they held, which the formatted text
        // (mapped on its own) cannot use: give them back first.
        _ = glibcMallocTrim(0)
        #endif
        return (printer.print(), digest)
    }

    /// Whether two trees hold the same tokens (kind, text, escaping, docs), the same nodes over
    /// them, and the same comments in the same order (the blanks at a comment's end aside: the
    /// formatter drops them).
    static func sameProgram(_ old: ConcreteSyntaxTree, _ new: ConcreteSyntaxTree) -> Bool {
        ProgramDigest(old) == ProgramDigest(new)
    }

    /// Every comment of a file in order, each without the blanks at its end.
    package static func comments(of tree: ConcreteSyntaxTree) -> [String] {
        tree.tokens.indices.flatMap { index in
            tree.leadingTrivia(of: index).filter(\.isComment).map { tree.source.text($0.range).trimmingTrailingBlanks() }
        }
    }
}

/// What `FlowFormatter.sameProgram` compares, as a count and a hash (SipHash, seeded once per
/// process, so digests compare only within one): the tokens' kinds, texts, escaping and docs, the
/// nodes over them, and the comments in order without the blanks at their ends.
struct ProgramDigest: Equatable {
    let tokens: Int
    let hash: Int

    /// The digest of a whole tree.
    init(_ tree: ConcreteSyntaxTree) {
        var nodes = Hasher()
        tree.root.combinePostorder(into: &nodes)
        self.init(tree, nodes: nodes.finalize())
    }

    /// The digest of a tree's tokens and comments, and `nodes`, the hash of its nodes in the order
    /// the parser finishes them (`SyntaxNode.combinePostorder`, or `Parser.digestConcrete`).
    init(_ tree: ConcreteSyntaxTree, nodes: Int) {
        var hasher = Hasher()
        for token in tree.tokens {
            hasher.combine(token.kind)
            hasher.combine(tree.texts[token])
            hasher.combine(token.isEscaped)
            let doc = tree.texts.doc(token)
            hasher.combine(doc.count)
            for line in doc { hasher.combine(line.trimmingTrailingBlanks()) }
        }
        hasher.combine(nodes)
        for index in tree.tokens.indices {
            for piece in tree.leadingTrivia(of: index) where piece.isComment {
                hasher.combine(tree.source.text(piece.range).trimmingTrailingBlanks())
            }
        }
        tokens = tree.tokens.count
        hash = hasher.finalize()
    }
}

enum FormatMessages {
    static let wouldChangeMeaning =
        "the formatter would change this file's meaning, so it leaves it as it is (please report it with the file)"
}

extension String {
    /// Without spaces and tabs at its end.
    func trimmingTrailingBlanks() -> String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

#if os(Linux)
/// glibc's `malloc_trim`, which the Glibc module does not export (`<malloc.h>`).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
