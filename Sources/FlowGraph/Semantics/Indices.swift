/// A state of a flow's `FlowStateGraph`, by its index in `states`: not a step (a state has one,
/// `State.step`), nor a node of the composite graph. -1 stands for no state (a move without a
/// target: a back move, an exit), -2 in a search's table for a state not reached yet.
struct StateIndex: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    var raw: Int32

    init(_ raw: Int32) { self.raw = raw }
    init(_ index: Int) { raw = Int32(index) }
    init(integerLiteral value: Int32) { raw = value }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }

    var description: String { "\(raw)" }
}

extension Int {
    /// The state's index in `FlowStateGraph.states`.
    init(_ state: StateIndex) { self = Int(state.raw) }
}

/// A step of a flow, by its index in `Flow.steps`, as a state of the flow's graph holds it
/// (`FlowStateGraph.State.step`): kept as narrow as a state's index, and never mistaken for one.
struct StepIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
    var raw: Int32

    init(_ index: Int) { raw = Int32(index) }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }

    var description: String { "\(raw)" }
}

extension Int {
    /// The step's index in `Flow.steps`.
    init(_ step: StepIndex) { self = Int(step.raw) }
}

/// A clause by its index among the clauses of its place: a step's (`Step.clauses`), the flow's
/// own (`Flow.clauses`), or an alert's buttons. Not a step's index, which a `ClauseID` holds beside it.
package struct ClauseIndex: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    package var raw: Int

    package init(_ index: Int) { raw = index }
    package init(integerLiteral value: Int) { raw = value }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }

    package var description: String { "\(raw)" }
}

extension Int {
    /// The clause's index among its place's clauses.
    package init(_ clause: ClauseIndex) { self = clause.raw }
}

extension Array {
    /// The clause at `index` of a place's clauses.
    package subscript(index: ClauseIndex) -> Element { self[index.raw] }
}

/// A flow, by its index in `FlowProgram.flows`: what `Step.runs`, `FlowProgram.roots`, the
/// checker's per-flow facts and their rules hold, never mistaken for a step's or a clause's index.
/// `StepReference` (the runtime's `StepRef`) keeps a plain `Int`: it is the table's, whose text
/// the runtime reads.
package struct FlowIndex: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    package var raw: Int

    package init(_ index: Int) { raw = index }
    package init(integerLiteral value: Int) { raw = value }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }

    package var description: String { "\(raw)" }
}

extension Int {
    /// The flow's index in `FlowProgram.flows`.
    package init(_ flow: FlowIndex) { self = flow.raw }
}

extension Array {
    /// The element for `flow` of an array with one element per flow (`FlowProgram.flows`,
    /// `runners`, the checker's facts).
    package subscript(flow: FlowIndex) -> Element {
        get { self[flow.raw] }
        set { self[flow.raw] = newValue }
    }
}

extension FlowProgram {
    /// Each flow's index, in declaration order.
    package var flowIndices: [FlowIndex] { flows.indices.map { FlowIndex($0) } }

    /// Each flow with its index, in declaration order.
    package var indexedFlows: Zip2Sequence<[FlowIndex], [Flow]> { zip(flowIndices, flows) }
}

extension StepReference {
    /// The step at `step` of the flow `flow`.
    package init(flow: FlowIndex, step: Int) { self.init(flow: flow.raw, step: step) }

    /// The flow the step is in.
    package var flowIndex: FlowIndex { FlowIndex(flow) }
}
