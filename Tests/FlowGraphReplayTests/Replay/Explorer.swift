#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into its one module
@testable import FlowGraphRuntime
#endif
@testable import FlowGraph

typealias ReplayNavigator = Navigator<ReplayProgram>

/// What the user (or the app) can do on a screen, as the replay does it: send an event, open a
/// URL, go back in the stack on top, swipe the sheet on top away, pick a tab, close an alert.
enum ReplayAction: Hashable, CustomStringConvertible {
    case send(ReplayProgram.Value)
    case open(String)
    case back
    case swipe
    /// Tab `index` of the tab bar of the `depth`-th flow of the chain.
    case selectTab(depth: Int, index: Int)
    /// The item of a tab bar that presents `step` (`step Post as sheet`), where that tab bar runs.
    case tapTabItem(StepRef)
    case closeAlert

    var description: String {
        switch self {
        case .send(let event): "send \(event)"
        case .open(let url): "open \(url)"
        case .back: "back"
        case .swipe: "swipe down"
        case .selectTab(let depth, let index): "select tab \(index) of chain[\(depth)]"
        case .tapTabItem(let step): "tap the tab item \(ReplayProgram.table.name(step))"
        case .closeAlert: "close alert"
        }
    }
}

/// The guards' answers for one step of a replay: every guard answers `fallback`, but those named.
struct GuardAnswers: Hashable, CustomStringConvertible {
    var fallback: Bool
    var answers: [GuardRef: Bool] = [:]

    var description: String {
        let named = answers.sorted { ($0.key.flow, $0.key.index) < ($1.key.flow, $1.key.index) }
            .map { "\(ReplayProgram.table.guardName($0.key))=\($0.value)" }
        return "guards \(fallback ? "yes" : "no")" + (named.isEmpty ? "" : " but " + named.joined(separator: ", "))
    }
}

/// The navigator's whole state, to go back to it (the engine's own fields, through `@testable`).
@MainActor
struct NavigatorSnapshot {
    let flows: [ReplayNavigator.FlowID: ReplayNavigator.RunningFlow]
    let alert: ReplayNavigator.ShownAlert?
    let queuedAlerts: [ReplayNavigator.ShownAlert]
    let keptLink: ReplayProgram.Link?
    let lastID: Int
    let sizeClass: ProgramTable.SizeClass

    init(_ navigator: ReplayNavigator) {
        sizeClass = navigator.sizeClass
        flows = navigator.flows
        alert = navigator.alert
        queuedAlerts = navigator.queuedAlerts
        keptLink = navigator.keptLink
        lastID = navigator.lastID
    }

    func restore(_ navigator: ReplayNavigator) {
        navigator.flows = flows
        navigator.alert = alert
        navigator.queuedAlerts = queuedAlerts
        navigator.keptLink = keptLink
        navigator.lastID = lastID
        navigator.sizeClass = sizeClass
    }
}

/// A navigator driven through a program's table, with what the user can do from each state.
@MainActor
final class ReplayDriver {
    let navigator: ReplayNavigator
    let guards: ReplayGuards
    let root: ReplayProgram.Value

    /// `sizeClass`: the width the navigator presents by (`sheet X compact cover`), kept by each state.
    init(root: ReplayProgram.Value, answers: GuardAnswers, sizeClass: ProgramTable.SizeClass = .compact) {
        guards = ReplayGuards(fallback: answers.fallback, answers: answers.answers)
        self.root = root
        navigator = ReplayNavigator(root, guards: guards, historyLimit: 0)
        navigator.sizeClass = sizeClass
    }

    func set(_ answers: GuardAnswers) {
        guards.fallback = answers.fallback
        guards.answers = answers.answers
    }

    /// Whether a running tab bar was built without a tab that guard `ref` decides (`step Lists runs
    /// ListsFlow if hasLists`): a move or a link's path to that tab is blocked by `ref` whatever
    /// the guard answers now.
    func lacksTab(ofGuard ref: ReplayProgram.GuardID) -> Bool {
        // The navigator's own answer (`absentTab`), for each tab of each running tab bar.
        navigator.flows.values.contains { running in
            ReplayProgram.table.flows[running.flow.rawValue].steps.indices.contains { step in
                navigator.absentTab(StepRef(flow: running.flow.rawValue, step: step), in: running.id).map(ReplayProgram.guardID) == ref
            }
        }
    }

    /// Does `action`; nil when it cannot be done on this screen (no stack to go back in...).
    @discardableResult
    func perform(_ action: ReplayAction) -> ReplayNavigator.Outcome? {
        let chain = navigator.chain
        switch action {
        case .send(let event): return navigator.send(event)
        case .open(let url): return navigator.open(url: url)
        case .back:
            guard let innermost = chain.last else { return nil }
            let top = innermost.top
            if top.entries.count > 1 { return navigator.userWentBack(in: top.id, to: top.entries.count - 1) }
            // A split view on a compact width is one stack: back from a column's first screen closes it.
            guard navigator.sizeClass == .compact, innermost.isSplit, innermost.layers.isEmpty, innermost.selectedTab > 0 else { return nil }
            return navigator.userWentBack(in: top.id, to: 0)
        case .swipe:
            guard let layer = chain.last(where: { !$0.layers.isEmpty })?.layers.last, !navigator.isLocked(layer.id) else { return nil }
            return navigator.userDismissed(layer.id)
        case .selectTab(let depth, let index):
            // The tab bar must be on screen: nothing presented over it.
            guard chain.indices.contains(depth), chain[depth].isTabs, chain[depth].tabs.indices.contains(index),
                  chain[depth].selectedTab != index, chain[depth...].allSatisfy(\.layers.isEmpty) else { return nil }
            return navigator.userSelectedTab(index, in: chain[depth].id)
        case .tapTabItem(let step):
            // The tab bar must be on screen: nothing presented over it.
            guard let depth = chain.firstIndex(where: { $0.flow.rawValue == step.flow }), chain[depth...].allSatisfy(\.layers.isEmpty) else {
                return nil
            }
            return navigator.userTappedTabItem(step, in: chain[depth].id)
        case .closeAlert:
            guard let alert = navigator.alert else { return nil }
            return navigator.userClosedAlert(alert.id)
        }
    }

    /// The state as text: every running flow from the root, its stacks and their screens (with
    /// inputs), which tab is selected, locks, and the alert. Equal texts are equal states.
    var signature: String {
        var text = screens
        if let alert = navigator.alert { text += " alert \(alert.ref.flow).\(alert.ref.index) \(alert.value.values)" }
        for queued in navigator.queuedAlerts { text += " then \(queued.ref.flow).\(queued.ref.index) \(queued.value.values)" }
        if let kept = navigator.keptLink { text += " keeps \(kept.ref.flow).\(kept.ref.index) \(kept.values)" }
        return text
    }

    /// `signature` without the alert: every flow, stack and screen.
    var screens: String {
        var text = ""
        func describe(_ id: ReplayNavigator.FlowID) {
            guard let running = navigator.flows[id] else { return text += "?" }
            text += "\(running.flow.rawValue)[\(running.selectedTab)"
            for stack in running.tabs + running.layers {
                text += "|\(stack.style)" + (stack.lock.map { "\($0)" } ?? "")
                for entry in stack.entries {
                    text += " \(entry.screen)"
                    if let subflow = entry.subflow { describe(subflow) }
                }
            }
            text += "]"
        }
        describe(navigator.rootID)
        return text
    }

    /// The state, coarsely: the steps shown in each stack style, with the screen on top of the
    /// chain and the alert. The search of states goes by it, so that it ends: states that differ
    /// only in how deep or in which order the same screens are stacked, or in the inputs of screens
    /// under the top, are searched once.
    var key: String {
        var shown = Set<String>()
        for running in navigator.flows.values {
            for (index, stack) in (running.tabs + running.layers).enumerated() {
                let place = index < running.tabs.count
                    ? (index == running.selectedTab ? "selected" : "tab") : "\(stack.style)\(stack.lock.map { "\($0)" } ?? "")"
                for entry in stack.entries { shown.insert("\(entry.screen.step.flow).\(entry.screen.step.step)@\(place)") }
            }
        }
        var text = shown.sorted().joined(separator: " ") + " top " + tops.map(\.description).joined(separator: " ")
        if let alert = navigator.alert { text += " alert \(alert.ref.flow).\(alert.ref.index)" }
        for queued in navigator.queuedAlerts { text += " then \(queued.ref.flow).\(queued.ref.index)" }
        return text + " width \(navigator.sizeClass)"
    }

    /// Whether an event can be handled at all now: some flow that declares it runs (else the
    /// navigator answers `not handled` at once, which the search need not ask).
    func mayHandle(_ event: ReplayProgram.Value) -> Bool {
        let running = Set(navigator.flows.values.map(\.flow.rawValue))
        return ReplayProgram.events(of: event).contains { running.contains($0.flow) }
    }

    /// Every screen of every stack of every running flow.
    var screensShown: [ReplayProgram.Screen] {
        navigator.flows.values.flatMap { running in (running.tabs + running.layers).flatMap(\.screens) }
    }

    /// The clauses of the screens on top (their own, not their flows' flow-level ones) and of the
    /// shown alert's buttons when a screen's own clause showed it (`alertIsOwn`), each with the
    /// event it handles: what the user can do there, beyond a flow-level clause's event.
    func ownClauses(alertIsOwn: Bool = true) -> [(event: EventRef, clause: ProgramTable.Clause)] {
        let table = ReplayProgram.table
        // A step that runs a flow handles its exits (its clauses' triggers number them), not events.
        var clauses = tops.filter { table.flows[$0.step.flow].steps[$0.step.step].runs == nil }.flatMap { screen in
            table.flows[screen.step.flow].steps[screen.step.step].clauses.map { (EventRef(flow: screen.step.flow, index: $0.trigger), $0) }
        }
        if let alert = navigator.alert, alertIsOwn {
            for button in table.flows[alert.ref.flow].alerts[alert.ref.index].buttons {
                if let clause = button.clause { clauses.append((EventRef(flow: alert.ref.flow, index: button.trigger), clause)) }
            }
        }
        return clauses
    }

    /// The screen on top of each running flow of the chain (its top stack's last), innermost last.
    var tops: [ReplayProgram.Screen] { navigator.chain.compactMap { $0.top.entries.last?.screen } }
}
