/// What the checker learned about a program: its findings, and the facts the back ends reuse.
public struct ProgramAnalysis: Sendable {
    public var diagnostics: [Diagnostic]
    /// Whether each flow can be run from a root.
    public var isFlowReachable: [Bool]
    /// Whether each step of each flow can be reached from its flow's start.
    public var isStepReachable: [[Bool]]
    /// Steps a move's `at` path goes through without showing them (a start the path replaces, in
    /// a flow only opened with `at`): not reachable, but on the way to what is.
    package var passedOver: Set<StepReference> = []
    /// For each flow, for each of its links, the shortest path from a root that opens it, if any.
    package var linkPaths: [[NavigationPath?]]
    /// For a link with a path, when the app may start at several places (a `start` that guards
    /// decide, several roots): a shortest path from each other place that leads there, whose first
    /// step differs from the first path's. A link opens from where the user is.
    package var otherStartLinkPaths: [LinkReference: [NavigationPath]] = [:]
    /// For each link that decides, the paths of each target after its first (`otherwise[i]`):
    /// the shortest from a root first, then one from each other place the app may start at; empty
    /// for a target no path opens.
    package var otherwiseLinkPaths: [LinkReference: [[NavigationPath]]] = [:]
    /// For each action with `at Y` that can open Y, the path inside the subflow from its start to Y,
    /// by the action's clause and branch.
    package var atPaths: [ClauseReference: NavigationPath] = [:]
    /// How many abstract navigation states the checker searched, over all flows (a measure of its work).
    public var stateCount: Int
    /// Where each clause that may hand a result back can land, in flows where some step receives
    /// one (docs/Language.md, "Results handed back"): the generator builds the received values
    /// from it. In order of flow, then as found.
    package var resultLandings: [ResultLanding] = []
}

/// Proves properties of a resolved program: reachability, stack operations, exits, conflicts, links.
///
/// Two phases. The facts phase (`CheckerFacts`) builds, once, what the rules ask about the
/// program: each flow's abstract navigation states (`FlowStateGraph`), analysed children first so
/// a parent knows which exits of its subflows can happen, then reachability and the shortest
/// paths from the roots, parents first. Then each rule family (`RuleFamily`, one file for each
/// under `Analysis/Rules/`) reads the facts and reports its rules' findings.
package enum Checker {
    /// Every rule family of the checker. Each checker rule is reported by exactly one of them
    /// (`RuleFamilyTests`); they read the facts and never write them, so their order is free.
    static let families: [any RuleFamily.Type] = [
        RecursiveFlowRule.self, UnreachableRules.self, StackMoveRules.self, EscapeRules.self,
        ConflictRules.self, AlertRules.self, UnusedDeclarationRules.self, UnhandledExitRule.self,
        SwiftNameRule.self, ResultRules.self, LinkUnreachableRule.self, AtUnreachableRule.self, KeptLinksRule.self,
        AbsentTabRule.self, ColumnRule.self,
    ]

    /// Runs every check on `program`.
    ///
    /// A program with errors is checked too. What a broken name or lost text hides is unknown, not
    /// absent: a step whose clause names no step may go anywhere, a flow that does not resolve may
    /// take any exit. A finding is reported only when no resolution of what is broken could make it
    /// false (docs/Language.md, "Programs with errors").
    public static func check(_ program: FlowProgram) -> ProgramAnalysis {
        let facts = CheckerFacts(program)
        let findings = families.flatMap { $0.check(facts) }
        let reachability = facts.analysis
        return ProgramAnalysis(
            diagnostics: SharedFindings.merge(findings, in: program),
            isFlowReachable: reachability.isFlowReachable,
            isStepReachable: reachability.isStepReachable,
            passedOver: facts.passedOver,
            linkPaths: facts.links.paths,
            otherStartLinkPaths: facts.links.otherStartPaths,
            otherwiseLinkPaths: facts.links.otherwisePaths,
            atPaths: facts.atPaths,
            stateCount: reachability.stateCount,
            resultLandings: facts.resultLandings)
    }
}

extension Flow {
    /// Every `on` clause of the flow: its steps', its own, and its alerts' buttons that make a move.
    var allClauses: [Clause] { steps.flatMap(\.clauses) + clauses + alerts.flatMap { $0.buttons.compactMap(\.clause) } }

    /// The names of the payload values the flow's `open` actions hand the system, each once, in
    /// order: the table's `open N` names the `N`th.
    var openedValues: [String] {
        var names = Set<String>()
        forEachClause { clause in
            clause.forEachAction { action in
                if action.kind.targetRole == .payloadValue, let name = action.targetName { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// Calls `body` with each clause of `allClauses`, without building the array.
    func forEachClause(_ body: (Clause) throws -> Void) rethrows {
        for step in steps { for handler in step.clauses { try body(handler) } }
        for handler in clauses { try body(handler) }
        for alert in alerts { for button in alert.buttons { if let clause = button.clause { try body(clause) } } }
    }
}
