/// How bad a finding is.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A finding about a program: a value, never printed by the library itself.
public struct Diagnostic: Sendable, Hashable {
    /// A secondary message, optionally pointing at another place.
    public struct Note: Sendable, Hashable {
        public let message: String
        public let range: SourceRange?

        public init(_ message: String, at range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    public let rule: Rule
    public let message: String
    public let range: SourceRange
    public let notes: [Note]
    /// The shortest path from a root that shows the problem, as qualified step names
    /// (`Flow.Step`), when the rule has one.
    public let path: [String]
    /// Steps the finding is about, as `Flow.Step`, for tools that mark them (the reports).
    public let subjects: [String]
    /// The same steps by reference, for the back ends that draw them (diagrams, the page): no
    /// name is parsed back, and a step of a destinations group is found as the group's.
    package let steps: [StepReference]

    public var severity: Severity { rule.severity }

    package init(
        _ rule: Rule, _ message: String, at range: SourceRange,
        notes: [Note] = [], path: [String] = [], subjects: [String] = [], steps: [StepReference] = []
    ) {
        self.rule = rule
        self.message = message
        self.range = range
        self.notes = notes
        self.path = path
        self.subjects = subjects
        self.steps = steps
    }
}

extension Diagnostic: Comparable {
    /// Stable output order: by file, position, then rule and message.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.range != rhs.range { return lhs.range < rhs.range }
        if lhs.rule != rhs.rule { return lhs.rule.rawValue < rhs.rule.rawValue }
        return lhs.message < rhs.message
    }
}

extension Array where Element == Diagnostic {
    /// Sorted in output order, with exact duplicates removed.
    public func sortedUnique() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return sorted().filter { seen.insert($0).inserted }
    }

    public var hasErrors: Bool { contains { $0.severity == .error } }
}
