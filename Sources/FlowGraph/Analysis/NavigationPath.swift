#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// A path through the program: steps, each with how it was reached.
package struct NavigationPath: Sendable, Hashable {
    /// One step of a path: where the user is, and the move that brought them there.
    public struct Hop: Sendable, Hashable {
        public let step: StepReference
        /// `productPicked: push`, `runs`, `tab`, or nil for the first hop.
        public let via: String?
        /// The `on` clause whose action made the move, when one did (not for `runs` or the first hop).
        public var clause: ClauseReference? = nil
    }

    public var hops: [Hop]

    /// `Flow.Step` for each hop.
    func names(in program: FlowProgram) -> [String] { hops.map { program.qualifiedName($0.step) } }

    /// `Shop.Home → (productPicked: push) Shop.Product → (runs) Login.Credentials`; a path of
    /// more than 12 hops shows its first 4 and last 6 (the JSON and SARIF reports keep it whole).
    func describe(in program: FlowProgram) -> String {
        let shown = hops.map { hop in
            let name = program.qualifiedName(hop.step)
            return hop.via.map { "(\($0)) \(name)" } ?? name
        }
        guard shown.count > 12 else { return shown.joined(separator: " → ") }
        return (shown.prefix(4) + ["… \(shown.count - 10) more …"] + shown.suffix(6)).joined(separator: " → ")
    }
}

/// An `on` clause of a flow: the step whose clause it is (nil for the flow's own clauses, which
/// apply in every step) and its index there. The one identity of a clause inside its flow: the
/// state graph's moves, the checker's keys and the paths' hops all name a clause by it.
///
/// A button of an alert is a clause too (`alert` is the alert's index, `handler` the button's,
/// `step` nil): the state graph makes its move in each state whose clause shows the alert. It
/// counts as a flow-level clause when a flow-level clause shows it (`shownByFlowLevel`).
package struct ClauseID: Sendable, Hashable {
    /// In 32 bits each (-1: none): every edge and move of the checker's graphs holds one (16 bytes,
    /// not 40).
    private let storedStep: Int32
    private let storedIndex: Int32
    private let storedAlert: Int32
    /// For an alert's button: whether a flow-level clause showed the alert.
    public let shownByFlowLevel: Bool

    public var step: Int? { storedStep < 0 ? nil : Int(storedStep) }
    public var index: ClauseIndex { ClauseIndex(Int(storedIndex)) }
    /// For an alert's button: the alert, by index in `Flow.alerts`.
    public var alert: Int? { storedAlert < 0 ? nil : Int(storedAlert) }

    public init(step: Int?, index: ClauseIndex) {
        storedStep = step.map { Int32(truncatingIfNeeded: $0) } ?? -1
        storedIndex = Int32(truncatingIfNeeded: index.raw)
        storedAlert = -1
        shownByFlowLevel = false
    }

    /// Button `button` of alert `alert`, shown by a flow-level clause or a step's.
    public init(alert: Int, button: Int, shownByFlowLevel: Bool) {
        storedStep = -1
        storedIndex = Int32(truncatingIfNeeded: button)
        storedAlert = Int32(truncatingIfNeeded: alert)
        self.shownByFlowLevel = shownByFlowLevel
    }

    /// Whether it is one of the flow's own clauses rather than a step's (or a button of an alert a
    /// flow-level clause shows).
    public var isFlowLevel: Bool { alert == nil ? step == nil : shownByFlowLevel }

    /// The clause itself (for a button, its move: only buttons with a move make moves).
    public func clause(in flow: Flow) -> Clause {
        if let alert, let clause = flow.alerts[alert].buttons[index].clause { return clause }
        return step.map { flow.steps[$0].clauses[index] } ?? flow.clauses[index]
    }
}

/// A deep link of the program: its flow's index and its index among the flow's links.
package struct LinkReference: Sendable, Hashable {
    public var flow: FlowIndex
    public var link: Int

    public init(flow: FlowIndex, link: Int) {
        self.flow = flow
        self.link = link
    }
}

/// An `on` clause of a program (its flow and `ClauseID`), and which action of its chain (0 for the
/// main one, k for the k-th `else`).
package struct ClauseReference: Sendable, Hashable {
    public let flow: FlowIndex
    public let clause: ClauseID
    public let branch: Int

    public init(flow: FlowIndex, clause: ClauseID, branch: Int) {
        self.flow = flow
        self.clause = clause
        self.branch = branch
    }

    public init(flow: FlowIndex, step: Int?, index: ClauseIndex, branch: Int) {
        self.init(flow: flow, clause: ClauseID(step: step, index: index), branch: branch)
    }

    /// The step whose clause it is; nil for a flow-level clause.
    public var step: Int? { clause.step }
    /// The index of the clause among the step's (or the flow's flow-level) clauses.
    public var index: ClauseIndex { clause.index }

    /// The clause itself.
    public func clause(in program: FlowProgram) -> Clause { clause.clause(in: program.flows[flow]) }

    /// The conditions a deep link asks to take this action, in order, as the navigator's `open`
    /// asks them (`ProgramTable.checks(for:)` in FlowGraphRuntime): every condition of each earlier
    /// clause of the same place for the same event (each must fail), then those of the chain before
    /// the action (each must fail), then the action's own (it must hold). The link's values give
    /// their guards' arguments.
    public func conditionsAskedByLink(in program: FlowProgram) -> [Condition] {
        let flow = program.flows[self.flow]
        let place = step.map { flow.steps[$0].clauses } ?? flow.clauses
        let clause = place[index]
        let earlier = place[..<index.raw].filter { $0.event == clause.event }.map(\.conditions)
        return ProgramTable.conditionsAsked(earlier: earlier, chain: clause.conditions, branch: branch).map(\.condition)
    }
}

extension FlowStateGraph.Move {
    /// How the move reads in a path: `event: action`, or `tab` for the tab bar.
    func describe(in flow: Flow) -> String {
        guard let clause = origin.clause else {
            if origin == .launch { return "at launch: \(written.rawValue)" }
            return written == .select ? "tab" : "tab item: \(written.rawValue)"
        }
        let move = Self.describe(clause.clause(in: flow), branch: branch)
        // A button's move is taken where the alert was shown: `alert DiscardDraft, discardTapped: dismiss`.
        guard let alert = clause.alert else { return move }
        return "\(flow.alerts[alert].style.rawValue) \(flow.alerts[alert].name), \(move)"
    }

    /// `event: action`, with the back moves first when it has them (`event: dismiss, sheet`);
    /// `event: action (else)` for the first `else` of a chain, `(else 2)` for the second...
    static func describe(_ transition: Clause, branch: Int) -> String {
        let action = transition.actions[branch]
        let which = branch == 0 ? "" : branch == 1 ? " (else)" : " (else \(branch))"
        return "\(transition.event): \(action.writtenKinds)\(which)"
    }
}
