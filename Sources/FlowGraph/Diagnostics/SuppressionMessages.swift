/// Every message about ignore comments, in one place (lowercase, no final period, names quoted).
enum SuppressionMessages {
    static let namesNoRule = "'flowgraph:ignore' names no rule: write the ids of the rules to silence after it"
    static let appliesToNothing =
        "'flowgraph:ignore' applies to nothing: no flow, step, 'on', 'link', 'exit', 'guard' or 'start' declaration follows it"
    static func unknownRule(_ id: String) -> String {
        let shown = id.unicodeScalars.count > 64 ? String(String.UnicodeScalarView(id.unicodeScalars.prefix(64))) + "…" : id
        return "'\(shown)' is not a rule id, so the ignore silences nothing"
    }
    static func similarRule(_ id: String) -> String { "did you mean '\(id)'?" }
    static func notIgnorable(_ rule: Rule) -> String {
        switch rule {
        case .syntax: "'syntax' errors cannot be ignored: what they hide is not checked"
        default: "'\(rule.id)' cannot be ignored: correct or remove the ignore comment instead"
        }
    }
    static func silencesNothing(_ rule: Rule) -> String {
        "the ignore of '\(rule.id)' silences nothing: no '\(rule.id)' finding starts in the declaration below it"
    }
    static let baselineNotWritten = "the program has syntax errors, and what they hide is not checked, so the baseline was not written"
    static func silencedErrors(_ count: Int) -> String {
        "the program has \(count) error\(count == 1 ? "" : "s") that ignore comments silence; nothing is written from a program with errors"
    }
}
