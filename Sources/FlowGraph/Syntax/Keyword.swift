/// Every word the grammar gives a meaning: the one table of keywords, which the parser's sets, the
/// language server's completion and the editors' grammars (editors/, regenerated from it by
/// `EditorGrammarTests`) read.
///
/// The words are keywords only where the grammar expects them (a step may be named `tabs`), so the
/// lexer makes every one an identifier and the parser asks `Token.isKeyword`.
package enum Keyword {
    /// What a keyword does, which an editor colours differently.
    public enum Role: String, Sendable, CaseIterable {
        /// Begins a top-level declaration: `flow`, `destinations`, `import`.
        case declaration
        /// Begins a member of a flow (or of a step, an alert): `step`, `on`, `guard`, ...
        case member
        /// A move after `->`: `push`, `sheet`, `pop`, ... (`ActionKind`).
        case action
        /// A word inside a declaration: `tabs`, `runs`, `if`, `else`, `locked`, ...
        case modifier
    }

    /// The words that begin a top-level declaration.
    public static let declarations = ["flow", "destinations", "import", "journey"]
    /// The words that begin a member of a flow (`on` also begins a step's clause and an alert's button).
    public static let members = ["start", "step", "exit", "guard", "link", "on", "use", "alert", "dialog"]
    /// The members a `destinations` group may have.
    public static let destinationMembers = ["step", "guard", "on", "alert", "dialog", "link", "use"]
    /// The words of a journey's lines (`given`, `expect`, the user's gestures, the outcomes).
    public static let journeyWords = ["given", "expect", "back", "swipe", "blocked", "by", "not", "handled", "impossible", "tab", "stack", "from"]
    /// The moves, as written after `->`.
    public static let actions = ActionKind.allCases.map(\.rawValue).filter { !$0.contains(" ") }
    /// The words inside a declaration.
    public static let modifiers = [
        "tabs", "receives", "runs", "if", "else", "at", "locked", "while", "ignoring", "case", "async", "below", "as", "keeps", "links",
        "detents", "medium", "large", "height", "interactive", "compact", "like", "split", "in", "content", "detail",
    ] + journeyWords

    /// Every keyword with its role, each word once (a word with two roles, such as `exit`, which
    /// declares an exit and is a move, is listed with the first of `Role.allCases` that has it).
    public static var all: [(word: String, role: Role)] {
        var seen = Set<String>()
        return Role.allCases.flatMap { role in words(role).filter { seen.insert($0).inserted }.map { ($0, role) } }
    }

    /// The words of one role, in the table's order.
    public static func words(_ role: Role) -> [String] {
        switch role {
        case .declaration: declarations
        case .member: members
        case .action: actions
        case .modifier: modifiers
        }
    }
}
