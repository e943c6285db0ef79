/// `conflicting-transitions`, `overlapping-guards`, `unused-guard`, `unused-exit`, `unhandled-exit`,
/// `empty-alert`, `unused-alert`.
extension Checker {
    mutating func checkTransitions() {
        for (flowIndex, flow) in program.flows.enumerated() {
            for step in flow.steps {
                checkConflicts(step.handlers, place: AnalysisMessages.stepPlace(step.name))
            }
            checkConflicts(flow.handlers, place: AnalysisMessages.flowPlace(flow.name))
            checkAlerts(flow)
            checkUnused(flow)
            checkExitsHandled(flowIndex)
        }
    }

    /// At run time the first clause (in source order) whose condition holds fires. Two clauses for
    /// one event are fine only when they exclude each other: `if g` and `if !g`.
    private mutating func checkConflicts(_ transitions: [Transition], place placeName: @autoclosure () -> String) {
        guard transitions.count > 1 else { return }
        // The clauses of each event that has more than one, by the index of its first clause
        // (most steps have no event twice, and then nothing is built).
        var earlier = EarlierMatch<String>(count: transitions.count)
        var repeated: [Int: [Transition]] = [:]
        for (index, transition) in transitions.enumerated() {
            guard let first = earlier.first(transition.event, at: index, keyAt: { transitions[$0].event }) else { continue }
            repeated[first, default: [transitions[first]]].append(transition)
        }
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

    /// An alert with no button could never be closed (`empty-alert`); one no clause shows is dead
    /// text (`unused-alert`). Two buttons for one event conflict as two clauses of a step do.
    private mutating func checkAlerts(_ flow: Flow) {
        guard !flow.alerts.isEmpty else { return }
        var shown = [Bool](repeating: false, count: flow.alerts.count)
        var anyUnknown = flow.isIncomplete || flow.steps.contains(where: \.isIncomplete) || flow.alerts.contains(where: \.isIncomplete)
        flow.forEachTransition { transition in
            transition.forEachAction {
                guard $0.kind.targetRole == .alert else { return }
                if let target = $0.target { shown[target] = true } else { anyUnknown = true }
            }
        }
        for (index, alert) in flow.alerts.enumerated() {
            let clauses = alert.buttons.map { button in
                button.clause ?? Transition(event: button.event, eventRange: button.eventRange, payload: button.payload,
                                            action: Action(kind: .close, targetName: nil, target: nil, range: button.range),
                                            condition: nil, doc: button.doc, range: button.range, isExitHandler: false)
            }
            checkConflicts(clauses, place: AnalysisMessages.alertPlace(alert.style.rawValue, alert.name))
            if alert.buttons.isEmpty, !alert.isIncomplete {
                report(.emptyAlert, AnalysisMessages.emptyAlert(alert.style.rawValue, alert.name), at: alert.range)
            }
            if !shown[index], !anyUnknown {
                report(.unusedAlert, AnalysisMessages.unusedAlert(alert.style.rawValue, alert.name, flow: flow.name), at: alert.range)
            }
        }
    }

    private func describe(_ condition: Condition) -> String { (condition.isNegated ? "!" : "") + condition.guardName }

    /// A guard or exit named nowhere; not reported when a misspelt name, or text lost to a syntax
    /// error, could be the use.
    private mutating func checkUnused(_ flow: Flow) {
        guard !flow.guards.isEmpty || !flow.exits.isEmpty else { return }
        var usedGuards = [Bool](repeating: false, count: flow.guards.count)
        var usedExits = [Bool](repeating: false, count: flow.exits.count)
        let isLost = flow.isIncomplete || flow.steps.contains(where: \.isIncomplete) || flow.alerts.contains(where: \.isIncomplete)
        var anyGuardUnknown = isLost
        var anyExitUnknown = isLost
        for condition in flow.startChoices.compactMap(\.condition) {
            if let index = condition.guardIndex { usedGuards[index] = true } else { anyGuardUnknown = true }
        }
        flow.forEachTransition { transition in
            transition.forEachCondition {
                if let index = $0.guardIndex { usedGuards[index] = true } else { anyGuardUnknown = true }
            }
            transition.forEachAction {
                if let lock = $0.lock, lock.guardName != nil {
                    if let index = lock.guardIndex { usedGuards[index] = true } else { anyGuardUnknown = true }
                }
                guard $0.kind == .exit else { return }
                if let target = $0.target { usedExits[target] = true } else { anyExitUnknown = true }
            }
        }
        for (index, item) in flow.guards.enumerated() where !usedGuards[index] && !anyGuardUnknown {
            report(.unusedGuard, AnalysisMessages.unusedGuard(item.name, flow: flow.name), at: item.range)
        }
        for (index, exit) in flow.exits.enumerated() where !usedExits[index] && !anyExitUnknown {
            report(.unusedExit, AnalysisMessages.unusedExit(exit.name, flow: flow.name), at: exit.range)
        }
    }

    /// Every exit a flow takes must be handled by every step that runs it.
    private mutating func checkExitsHandled(_ flowIndex: Int) {
        let flow = program.flows[flowIndex]
        guard !flow.exits.isEmpty else { return }
        var taken: [Action] = []
        flow.forEachTransition { $0.forEachAction { if $0.kind == .exit, $0.target != nil { taken.append($0) } } }
        var firstTaken: [Int: SourceRange] = [:]
        for action in taken.sorted(by: { $0.range < $1.range }) where firstTaken[action.target!] == nil {
            firstTaken[action.target!] = action.range
        }
        for runner in program.runners[flowIndex] {
            let step = program[runner]
            // A handler of something that is not an exit may be this exit misspelt.
            guard !step.isIncomplete, step.handlers.allSatisfy({ flow.exit(named: $0.event) != nil }) else { continue }
            let handled = Set(step.handlers.map(\.event))
            for (exitIndex, exit) in flow.exits.enumerated() where !handled.contains(exit.name) {
                guard let takenAt = firstTaken[exitIndex] else { continue }
                var notes = [Diagnostic.Note(AnalysisMessages.exitTakenHere(exit.name), at: takenAt)]
                let parent = program.flows[runner.flow]
                if let lookalike = parent.handlers.first(where: { $0.event == exit.name }) {
                    notes.append(.init(AnalysisMessages.exitsDoNotBubble(exit.name, flow: parent.name), at: lookalike.eventRange))
                }
                report(.unhandledExit, AnalysisMessages.unhandledExit(step: step.name, flow: flow.name, exit: exit.name),
                       at: step.runsRange ?? step.range, notes: notes, subjects: [runner])
            }
        }
    }
}
