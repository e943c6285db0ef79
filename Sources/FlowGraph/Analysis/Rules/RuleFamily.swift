/// A set of the checker's rules that one reading of the facts decides, in a file of its own under
/// `Analysis/Rules/` named for it, with the messages of its rules beside it: finding the code of
/// a rule id is one search. Add a family to `Checker.families`.
protocol RuleFamily: Sendable {
    /// The rules this family reports. No other family reports them (`RuleFamilyTests`).
    static var rules: Set<Rule> { get }
    /// Reports this family's findings about `findings.facts`.
    static func report(into findings: inout Findings)
}

extension RuleFamily {
    /// The family's findings about a program: a function of the program's facts alone.
    static func check(_ facts: CheckerFacts) -> [Diagnostic] {
        var findings = Findings(facts: facts, rules: rules)
        report(into: &findings)
        return findings.diagnostics
    }
}

/// The findings one rule family reports, and the facts it reads them from.
struct Findings {
    let facts: CheckerFacts
    /// The rules of the family that reports: it may report no other.
    let rules: Set<Rule>
    private(set) var diagnostics: [Diagnostic] = []

    init(facts: CheckerFacts, rules: Set<Rule>) {
        self.facts = facts
        self.rules = rules
    }

    var program: FlowProgram { facts.program }

    /// Reports a finding of one of the family's rules, with its witness path (from a root) in a note.
    mutating func report(_ rule: Rule, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [],
                         path: NavigationPath? = nil, subjects: [StepReference] = []) {
        assert(rules.contains(rule), "rule '\(rule.rawValue)' is reported by a family that does not declare it")
        var allNotes = notes
        if let path, path.hops.count > 1 {
            allNotes.append(.init(AnalysisMessages.shortestPath(path.describe(in: program))))
        }
        diagnostics.append(Diagnostic(
            rule, message, at: range, notes: allNotes, path: path?.names(in: program) ?? [],
            subjects: subjects.map(program.qualifiedName), steps: subjects))
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func shortestPath(_ path: String) -> String { "shortest path: \(path)" }
}
