/// `conflicting-transitions`, `overlapping-guards`: two clauses for one event, of one step, of a
/// flow (its flow-level clauses) or of an alert (its buttons), that can both fire.
enum ConflictRules: RuleFamily {
    static let rules: Set<Rule> = [.conflictingTransitions, .overlappingGuards]

    static func report(into findings: inout Findings) {
        for flow in findings.program.flows { findings.checkConflicts(in: flow) }
    }
}

extension Findings {
    /// The flow's steps', its own and its alerts' clauses, each set on its own.
    fileprivate mutating func checkConflicts(in flow: Flow) {
        // The place's name is read before the call: an autoclosure that read it from `flow` would
        // copy the whole flow for each step (a retain of each of its arrays), most of this family's time.
        for step in flow.steps.indices {  // not copies of the steps
            let name = flow.steps[step].name
            checkConflicts(flow.steps[step].clauses, place: AnalysisMessages.stepPlace(name))
        }
        let name = flow.name
        checkConflicts(flow.clauses, place: AnalysisMessages.flowPlace(name))
        // Two buttons for one event conflict as two clauses of a step do; a button without a move closes its alert.
        for alert in flow.alerts {
            let clauses = alert.buttons.map { button in
                button.clause ?? Clause(event: button.event, eventID: button.eventID, eventRange: button.eventRange, payload: button.payload,
                                        action: Action(kind: .close, targetName: nil, target: nil, range: button.range),
                                        condition: nil, doc: button.doc, range: button.range, isExitHandler: false)
            }
            checkConflicts(clauses, place: AnalysisMessages.alertPlace(alert.style.rawValue, alert.name))
        }
    }

    /// At run time the first clause (in source order) whose condition holds fires. Two clauses for
    /// one event are fine only when they exclude each other: `if g` and `if !g`.
    fileprivate mutating func checkConflicts(_ transitions: [Clause], place placeName: @autoclosure () -> String) {
        guard transitions.count > 1 else { return }
        // The clauses of each event that has more than one, by the index of its first clause
        // (most steps have no event twice, and then nothing is built); events told apart by their
        // name's number, or by text where a clause has none (a link's).
        func repeatedEvents<Key: Hashable>(_ key: (Clause) -> Key) -> [Int: [Clause]] {
            var earlier = EarlierMatch<Key>(count: transitions.count)
            var repeated: [Int: [Clause]] = [:]
            for (index, transition) in transitions.enumerated() {
                guard let first = earlier.first(key(transition), at: index, keyAt: { key(transitions[$0]) }) else { continue }
                repeated[first, default: [transitions[first]]].append(transition)
            }
            return repeated
        }
        let repeated = transitions.allSatisfy { $0.eventID != .none } ? repeatedEvents(\.eventID) : repeatedEvents(\.event)
        for first in repeated.keys.sorted() {
            let group = repeated[first]!
            let event = group[0].event
            let place = placeName()
            for later in 1..<group.count {
                for earlier in 0..<later {
                    let first = group[earlier]
                    let second = group[later]
                    let note = Diagnostic.Note(AnalysisMessages.otherTransition, at: first.eventRange)
                    guard let a = first.condition, a.elseAction == nil, let b = second.condition, b.elseAction == nil else {
                        report(.conflictingTransitions, AnalysisMessages.conflicting(event, where: place), at: second.eventRange, notes: [note])
                        break
                    }
                    if a.guardName == b.guardName {
                        if a.isNegated == b.isNegated {
                            report(.conflictingTransitions, AnalysisMessages.conflicting(event, where: place), at: second.eventRange, notes: [note])
                            break
                        }
                        continue  // `if g` and `if !g` exclude each other.
                    }
                    report(.overlappingGuards,
                           AnalysisMessages.overlapping(event, where: place, describe(a), describe(b)),
                           at: second.eventRange, notes: [note])
                    break
                }
            }
        }
    }

    private func describe(_ condition: Condition) -> String { (condition.isNegated ? "!" : "") + condition.guardName }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func conflicting(_ event: String, where place: String) -> String {
        "\(place) has two transitions for '\(event)' that can both fire"
    }
    static let otherTransition = "the other transition is here"
    static func overlapping(_ event: String, where place: String, _ first: String, _ second: String) -> String {
        "\(place) has two transitions for '\(event)' whose guards '\(first)' and '\(second)' can both allow them; the first one written wins"
    }
    static func stepPlace(_ step: String) -> String { "step '\(step)'" }
    static func flowPlace(_ flow: String) -> String { "flow '\(flow)'" }
    static func alertPlace(_ style: String, _ name: String) -> String { "\(style) '\(name)'" }
}
