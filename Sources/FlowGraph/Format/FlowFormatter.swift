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
        // The first tree is let go before the formatted text is parsed again: only its digest is
        // kept to compare with (one tree in memory at a time, not two).
        let formatted: (bytes: [UInt8], digest: ProgramDigest)
        do {
            let tree = Parser.parseConcrete(source, file: file)
            guard tree.diagnostics.isEmpty else { return .refused(tree.diagnostics.sorted()) }
            var printer = FormatPrinter(tree: tree)
            let printed = printer.print()
            // A file formatted already (what `fmt --check` meets most): the text is unchanged, so
            // is its meaning; there is nothing to parse again.
            if printed == source.bytes { return .formatted(printed) }
            formatted = (printed, ProgramDigest(tree))
        }
        let again = Parser.parseConcrete(SourceFile(path: source.path, bytes: formatted.bytes), file: file)
        guard again.diagnostics.isEmpty, ProgramDigest(again) == formatted.digest else {
            return .refused([Diagnostic(.syntax, FormatMessages.wouldChangeMeaning, at: SourceRange(file: file, start: 0, end: 0))])
        }
        return .formatted(formatted.bytes)
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

    init(_ tree: ConcreteSyntaxTree) {
        var hasher = Hasher()
        for token in tree.tokens {
            hasher.combine(token.kind)
            hasher.combine(tree.texts[token])
            hasher.combine(token.isEscaped)
            let doc = tree.texts.doc(token)
            hasher.combine(doc.count)
            for line in doc { hasher.combine(line.trimmingTrailingBlanks()) }
        }
        hasher.combine(tree.root)
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
