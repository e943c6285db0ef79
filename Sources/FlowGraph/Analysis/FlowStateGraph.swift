/// The navigation states of one flow, abstracted so that the set is finite, and the moves between them.
///
/// A concrete state of a flow is its stack of layers: the base stack (or the tab bar, for tabs),
/// then each modal stack presented over it. An abstract state keeps what the stack rules need:
/// the step on top, the step directly below it (or none), the kind of the top layer and the step
/// at the bottom of that layer. Back actions (`pop`, `popTo`, `dismiss`) only ever return to a
/// configuration seen earlier on the same path, so the states reachable without them are all the
/// reachable states, and a breadth-first search over forward moves finds them with shortest paths.
/// See docs/Language.md, "How the checker decides".
struct FlowStateGraph {
    /// The kind of the layer a step is shown in.
    enum Layer: UInt8 {
        case base, sheet, cover
    }

    struct State: Hashable {
        var step: Int32
        /// The step directly below in the same stack, or -1 at the bottom.
        var below: Int32
        var layer: Layer
        /// The bottom step of the modal layer, or -1 for the base layer.
        var layerRoot: Int32

        var isBottom: Bool { below < 0 }
    }

    /// Which `on` clause a move comes from.
    enum Origin: Hashable {
        /// Handler `handler` of step `step`.
        case step(Int, handler: Int)
        /// Flow-level handler `handler`.
        case flow(handler: Int)
        /// The user tapping a tab of a tabs flow.
        case tabBar
    }

    /// One thing the user can do in a state: a forward move to `target`, or a back action or exit (target -1).
    struct Move {
        var target: Int32
        var kind: ActionKind
        /// For `popTo`, `select` and the forward kinds, the step; for `exit`, the exit index.
        var actionTarget: Int
        var origin: Origin
        /// Which action of the clause's chain: 0 for the main one, k for the k-th `else`.
        var branch: Int
    }

    let flow: Flow
    private(set) var states: [State] = []
    private var index = PackedTable()
    /// How each state was first reached: the state before, and the move taken.
    private(set) var parent: [(state: Int32, move: Move)?] = []
    private(set) var moves: [[Move]] = []
    /// The reachable states of each step.
    private(set) var statesOfStep: [[Int32]]
    /// Exits some reachable state can take.
    private(set) var producedExits = Set<Int>()

    /// Builds the graph from the flow's start.
    ///
    /// - Parameters:
    ///   - exitsOfSubflow: for a step that runs a flow, the exits that flow can produce; its exit
    ///     handlers fire only for those.
    init(flow: Flow, exitsOfSubflow: (Int) -> Set<String>) {
        self.flow = flow
        statesOfStep = Array(repeating: [], count: flow.steps.count)
        guard let start = flow.start else { return }
        // For a step that runs a flow, the exits that flow can produce.
        let produced: [Set<String>?] = flow.steps.map { $0.runs.map(exitsOfSubflow) }

        let initial = State(step: Int32(start), below: -1, layer: .base, layerRoot: -1)
        _ = add(initial, from: nil)
        var cursor = 0
        while cursor < states.count {
            let current = Int32(cursor)
            let state = states[cursor]
            var outgoing: [Move] = []
            if flow.isTabs, state.layer == .base, cursor == 0 {
                for tab in flow.steps.indices where tab != start {
                    var move = Move(target: -1, kind: .select, actionTarget: tab, origin: .tabBar, branch: 0)
                    move.target = add(State(step: Int32(tab), below: -1, layer: .base, layerRoot: -1), from: (current, move))
                    outgoing.append(move)
                }
            }
            let stepIndex = Int(state.step)
            let handlers = flow.steps[stepIndex].handlers
            let runsFlow = flow.steps[stepIndex].runsRange != nil
            // A step's own clauses: for a step that runs a flow, the handlers of the exits it can produce.
            if !runsFlow || produced[stepIndex] != nil {
                for (handlerIndex, handler) in handlers.enumerated() where produced[stepIndex]?.contains(handler.event) ?? true {
                    addMoves(of: handler, origin: .step(stepIndex, handler: handlerIndex), from: current, into: &outgoing)
                }
            }
            // Flow-level handlers apply where the step does not handle the event itself; in a step
            // that runs a flow they receive the events bubbling up from it.
            if !flow.handlers.isEmpty {
                let handled = HandledEvents(handlers)
                for (handlerIndex, handler) in flow.handlers.enumerated() where runsFlow || !handled.contains(handler.event) {
                    addMoves(of: handler, origin: .flow(handler: handlerIndex), from: current, into: &outgoing)
                }
            }
            moves[cursor] = outgoing
            cursor += 1
        }
    }

    /// Adds the moves of each action of `transition` from state `current`, and the states they reach.
    private mutating func addMoves(of transition: Transition, origin: Origin, from current: Int32, into outgoing: inout [Move]) {
        let state = states[Int(current)]
        var branch = 0
        transition.forEachAction { action in
            defer { branch += 1 }
            guard let actionTarget = action.target ?? (action.kind.hasTarget ? nil : -1) else { return }
            var move = Move(target: -1, kind: action.kind, actionTarget: actionTarget, origin: origin, branch: branch)
            if let next = successor(of: state, action.kind, actionTarget) {
                move.target = add(next, from: (current, move))
            }
            if action.kind == .exit { producedExits.insert(actionTarget) }
            outgoing.append(move)
        }
    }

    /// The state a forward move leads to; nil for back actions and exits.
    private func successor(of state: State, _ kind: ActionKind, _ target: Int) -> State? {
        let step = Int32(target)
        switch kind {
        case .push: return State(step: step, below: state.step, layer: state.layer, layerRoot: state.layerRoot)
        case .replace: return State(step: step, below: state.below, layer: state.layer, layerRoot: state.layerRoot)
        case .sheet: return State(step: step, below: -1, layer: .sheet, layerRoot: step)
        case .cover: return State(step: step, below: -1, layer: .cover, layerRoot: step)
        case .root: return State(step: step, below: -1, layer: .base, layerRoot: -1)
        case .select: return flow.isTabs ? State(step: step, below: -1, layer: .base, layerRoot: -1) : nil
        case .pop, .popTo, .dismiss, .exit: return nil
        }
    }

    private mutating func add(_ state: State, from origin: (Int32, Move)?) -> Int32 {
        let id = Int32(states.count)
        if let existing = index.insert(state.key, id) { return existing }
        states.append(state)
        parent.append(origin)
        moves.append([])
        statesOfStep[Int(state.step)].append(id)
        return id
    }

    var isReachable: (Int) -> Bool { { !statesOfStep[$0].isEmpty } }

    /// The moves from the flow's start to `state`, shortest first found.
    func path(to state: Int32) -> [(state: Int32, move: Move?)] {
        var result: [(Int32, Move?)] = []
        var cursor = state
        while let (previous, move) = parent[Int(cursor)] {
            result.append((cursor, move))
            cursor = previous
        }
        result.append((cursor, nil))
        return result.reversed()
    }
}

/// The events a step's own clauses are for: a scan for the usual few clauses, a set for many.
struct HandledEvents {
    private let handlers: [Transition]
    private let set: Set<String>?

    init(_ handlers: [Transition]) {
        self.handlers = handlers
        set = handlers.count > 16 ? Set(handlers.map(\.event)) : nil
    }

    func contains(_ event: String) -> Bool { set?.contains(event) ?? handlers.contains { $0.event == event } }
}

/// A hash table from a key of two words to an `Int32`, with open addressing and a multiplicative
/// hash. The analyses index states and frames with it: a `Dictionary` spent most of their time hashing.
struct PackedTable {
    typealias Key = (UInt64, UInt64)
    private var keys: [Key]
    /// The value plus one; 0 is an empty slot.
    private var values: [Int32]
    private var count = 0

    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = Array(repeating: (0, 0), count: size)
        values = Array(repeating: 0, count: size)
    }

    /// The value stored for `key`.
    func value(for key: Key) -> Int32? {
        let mask = values.count - 1
        var slot = Self.slot(key, mask)
        while values[slot] != 0 {
            if keys[slot] == key { return values[slot] - 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `value` for `key` unless the key has one; returns the value it already had.
    mutating func insert(_ key: Key, _ value: Int32) -> Int32? {
        let mask = values.count - 1
        var slot = Self.slot(key, mask)
        while values[slot] != 0 {
            if keys[slot] == key { return values[slot] - 1 }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = value + 1
        count += 1
        if count * 2 > values.count { grow() }
        return nil
    }

    /// Stores `value` for `key`, replacing any value it had.
    mutating func update(_ key: Key, _ value: Int32) {
        let mask = values.count - 1
        var slot = Self.slot(key, mask)
        while values[slot] != 0 {
            if keys[slot] == key {
                values[slot] = value + 1
                return
            }
            slot = (slot + 1) & mask
        }
        _ = insert(key, value)
    }

    private static func slot(_ key: Key, _ mask: Int) -> Int {
        let mixed = (key.0 &* 0x9E37_79B9_7F4A_7C15) ^ (key.1 &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: mixed >> 29 ^ mixed) & mask
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: (0, 0), count: oldValues.count * 2)
        values = Array(repeating: 0, count: oldValues.count * 2)
        let mask = values.count - 1
        for position in oldValues.indices where oldValues[position] != 0 {
            var slot = Self.slot(oldKeys[position], mask)
            while values[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[position]
            values[slot] = oldValues[position]
        }
    }
}

extension PackedTable {
    /// Four 32-bit values as a key.
    static func key(_ a: Int32, _ b: Int32, _ c: UInt8, _ d: Int32) -> Key {
        (UInt64(UInt32(bitPattern: a)) << 32 | UInt64(UInt32(bitPattern: b)), UInt64(c) << 32 | UInt64(UInt32(bitPattern: d)))
    }
}

extension FlowStateGraph.State {
    /// The state as a key of `PackedTable`.
    var key: PackedTable.Key { PackedTable.key(step, below, layer.rawValue, layerRoot) }
}
