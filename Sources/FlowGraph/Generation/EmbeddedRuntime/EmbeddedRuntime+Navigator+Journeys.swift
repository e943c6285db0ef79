// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileNavigatorJourneys = ###"""
/// What a journey line expects after its move (docs/Journeys.md). `flowgraph check` compares it on
/// the navigator over the program's table, in process; the Swift tests `flowgraph generate --tests`
/// writes compare it on the app's compiled router: one comparison, so the two cannot differ.
public enum JourneyExpectation: Sendable {
    /// The screen on top: one of `steps`, with the inputs given (by label, as text), presented as
    /// `presented` says when it says.
    case screen(steps: Set<StepRef>, values: [String: String?], presented: JourneyPresentation?, written: String)
    /// That alert or dialog, by name, on screen.
    case alert(String)
    /// A guard of one of these said no.
    case blocked([GuardRef], written: String)
    /// The tab selected in the innermost tab bar on screen is one of these steps.
    case tab(Set<StepRef>, written: String)
    /// The stack on top (or with `tab`, that tab's stack in the innermost tab bar that has it)
    /// holds these screens, from its bottom (each one of its set of steps).
    case stack(tab: Set<StepRef>?, [Set<StepRef>], written: String)
    case notHandled, impossible
}

/// How a journey says a screen is presented: `sheet X`, `cover X`, `popover X`.
public enum JourneyPresentation: Sendable {
    case sheet, cover, popover
}

extension Navigator {
    /// Nil when a journey line holds after its move came out as `outcome` (nil: no move was
    /// made); else what the program does instead, as the end of a sentence. A move without an
    /// expectation must simply be made. `received`: the values the move's back move must have
    /// handed the screen it shows (`receives (filters: red)`), by label.
    public func journeyMismatch(_ expectation: JourneyExpectation?, after outcome: Outcome?, move: String,
                                received: [String: String?]? = nil) -> String? {
        check(expectation, after: outcome, move: move) ?? received.flatMap { receivedMismatch(outcome, expected: $0) }
    }

    /// What the program did with a move that came out as `outcome` (nil: none was made), as a
    /// journey's message says it: `the program shows sheet Shop.Cart`, `'x' is blocked by g`.
    public func journeyOutcome(_ outcome: Outcome?, move: String) -> String {
        let status = outcome?.status ?? .applied
        return status == .applied ? JourneyLineText.shows(journeyScreen) : JourneyLineText.status(move, status, self)
    }

    private func check(_ expectation: JourneyExpectation?, after outcome: Outcome?, move: String) -> String? {
        let status = outcome?.status ?? .applied
        let did = journeyOutcome(outcome, move: move)
        switch expectation {
        case nil:
            return status == .applied ? nil : JourneyLineText.expectedMove(move, did)
        case .screen(let steps, let values, let presented, let written)?:
            let step = Program.step(of: current)
            let inputs = Program.table.flows[step.flow].steps[step.step].inputLabels
            let texts = Program.inputTexts(of: current)
            let holds = status == .applied && steps.contains(step)
                && values.allSatisfy { name, text in inputs.firstIndex(of: name).map { texts.indices.contains($0) && texts[$0] == text } ?? false }
                && presented.map { journeyPresentation == $0 } ?? true
            return holds ? nil : JourneyLineText.expected(written, did)
        case .alert(let name)?:
            let shown = alert.map { Program.table.flows[$0.ref.flow].alerts[$0.ref.index].name }
            return shown == name ? nil : JourneyLineText.expected("alert \(name)", shown.map { "alert \($0)" } ?? did)
        case .blocked(let refs, let written)?:
            if case .blocked(let id) = status, refs.contains(where: { Program.guardID($0) == id }) { return nil }
            return JourneyLineText.expected("blocked by \(written)", did)
        case .tab(let steps, let written)?:
            let selected = chain.last(where: \.isTabs).map { $0.tabs[$0.selectedTab] }.map { Program.step(of: $0.entries[0].screen) }
            if status == .applied, let selected, steps.contains(selected) { return nil }
            let shown = selected.map { "the tab selected is \(Program.table.name($0))" }
            return JourneyLineText.expected(written, shown ?? (status == .applied ? "no tab bar is on screen" : did))
        case .stack(let tab, let screens, let written)?:
            let shown = tab.map { stackOfTab($0) } ?? chain.last.map { $0.top.entries.map { Program.step(of: $0.screen) } } ?? []
            let holds = status == .applied && shown.count == screens.count && zip(shown, screens).allSatisfy { $1.contains($0) }
            let names = shown.map { Program.table.flows[$0.flow].steps[$0.step].name }.joined(separator: ", ")
            return holds ? nil : JourneyLineText.expected(written, status == .applied
                ? (tab == nil ? "the stack on top is " : "the tab's stack is ") + names : did)
        case .notHandled?:
            return status == .unhandled ? nil : JourneyLineText.expected("not handled", did)
        case .impossible?:
            return status == .impossible ? nil : JourneyLineText.expected("impossible", did)
        }
    }

    /// Nil when the move handed the screen it shows the values expected; else what it handed.
    private func receivedMismatch(_ outcome: Outcome?, expected: [String: String?]) -> String? {
        let written = "(" + expected.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value ?? "nil")" }.joined(separator: ", ") + ")"
        let delivered = outcome?.commands.lazy.compactMap { command -> (Program.Received, EntryID)? in
            if case .deliver(let value, let entry, _) = command { return (value, entry) }
            return nil
        }.first
        guard let (value, entry) = delivered, let screen = self.screen(of: entry) else {
            return JourneyLineText.expected("it to receive \(written)", "it received nothing")
        }
        let step = Program.step(of: screen)
        let labels = Program.table.flows[step.flow].steps[step.step].receivedLabels
        let texts = Program.receivedTexts(of: value)
        let holds = expected.allSatisfy { name, text in labels.firstIndex(of: name).map { texts.indices.contains($0) && texts[$0] == text } ?? false }
        let got = "(" + zip(labels, texts).map { "\($0): \($1 ?? "nil")" }.joined(separator: ", ") + ")"
        return holds ? nil : JourneyLineText.expected("it to receive \(written)", "it received \(got)")
    }

    /// The screen of an entry of any running flow's stacks.
    private func screen(of entry: EntryID) -> Program.Screen? {
        for running in flows.values {
            for stack in running.tabs + running.layers {
                if let found = stack.entries.first(where: { $0.id == entry }) { return found.screen }
            }
        }
        return nil
    }

    /// The screens of a tab's stack, from its bottom: the stack of the flow the tab runs (its base
    /// stack), or the tab's own; the innermost tab bar that has one of `tabs`; empty when none does.
    private func stackOfTab(_ tabs: Set<StepRef>) -> [StepRef] {
        for running in chain.reversed() where running.isTabs {
            guard let tab = running.tabs.first(where: { tabs.contains(Program.step(of: $0.entries[0].screen)) }) else { continue }
            if let subflow = tab.entries[0].subflow, let inner = flows[subflow] {
                return inner.tabs[0].entries.map { Program.step(of: $0.screen) }
            }
            return tab.entries.map { Program.step(of: $0.screen) }
        }
        return []
    }

    /// A journey's `back`: the back button, one screen back in the stack on top; at a split view's
    /// column's first screen (an iPhone's), that column closes.
    @discardableResult
    public func journeyBack() -> Outcome {
        guard let innermost = chain.last else { return Outcome(status: .impossible, commands: []) }
        let top = innermost.top
        return userWentBack(in: top.id, to: top.entries.count > 1 ? top.entries.count - 1 : 0)
    }

    /// A journey's `swipe`: the sheet on top swiped down (refused while it is locked).
    @discardableResult
    public func journeySwipe() -> Outcome {
        guard let layer = chain.last(where: { !$0.layers.isEmpty })?.layers.last else { return Outcome(status: .impossible, commands: []) }
        return userDismissed(layer.id)
    }

    /// A journey's `select Tab`: the tab whose step is one of `tabs`, in the innermost tab bar that has one.
    @discardableResult
    public func journeySelect(_ tabs: Set<StepRef>) -> Outcome {
        for running in chain.reversed() where running.isTabs {
            if let index = running.tabs.firstIndex(where: { tabs.contains(Program.step(of: $0.entries[0].screen)) }) {
                return userSelectedTab(index, in: running.id)
            }
        }
        return Outcome(status: .impossible, commands: [])
    }

    /// How the screen on top is presented: the modal stack it is in (directly, or in a subflow
    /// that runs in that stack's top screen); nil in a base stack or a column.
    public var journeyPresentation: JourneyPresentation? {
        switch chain.last(where: { !$0.layers.isEmpty })?.layers.last?.style {
        case .sheet?: .sheet
        case .cover?: .cover
        case .popover?: .popover
        default: nil
        }
    }

    /// The screen on top as a journey's message writes it: `sheet Shop.Cart`, with its inputs, and
    /// the alert over it.
    public var journeyScreen: String {
        let kind = journeyPresentation.map { "\($0) " } ?? ""
        let shown = alert.map { " under alert \(Program.table.flows[$0.ref.flow].alerts[$0.ref.index].name)" } ?? ""
        return kind + Program.describe(current) + shown
    }
}

/// The messages of a journey that does not hold (lowercase, no final period, names quoted).
enum JourneyLineText {

    /// The name of the guard a blocked outcome names.
    static func guardName<Program: NavigationProgram>(_ id: Program.GuardID, _: Program.Type) -> String {
        for (flow, info) in Program.table.flows.enumerated() {
            for index in info.guards.indices where Program.guardID(GuardRef(flow: flow, index: index)) == id {
                return Program.table.guardName(GuardRef(flow: flow, index: index))
            }
        }
        return "\(id)"
    }

    static func expected(_ expected: String, _ did: String) -> String { "expected \(expected); \(did)" }
    static func expectedMove(_ move: String, _ did: String) -> String { "expected \(move) to be made; \(did)" }
    static func shows(_ screen: String) -> String { "the program shows \(screen)" }
    @MainActor
    static func status<Program: NavigationProgram>(_ move: String, _ status: Navigator<Program>.Outcome.Status,
                                                   _ navigator: Navigator<Program>) -> String {
        switch status {
        case .blocked(let id): "\(move) is blocked by \(guardName(id, Program.self))"
        case .unhandled: "\(move) is not handled where the user is (\(Program.describe(navigator.current)))"
        case .impossible: "\(move) is impossible where the user is (\(Program.describe(navigator.current)))"
        default: "\(move) is \(status)"
        }
    }
}

/// A type of the app whose values a journey writes as text (`items: "3"`, `at: "2026-11-28T09:00"`)
/// and that is not `LosslessStringConvertible` (an array, `Date`): the Swift tests `flowgraph
/// generate --tests` writes make its values from the text, and compare the screens' values by
/// `journeyText`. Conform it in the test target (`extension Date: JourneyValue { ... }`).
public protocol JourneyValue {
    init?(journeyText: String)
    /// The text a journey writes for the value.
    var journeyText: String { get }
}
"""###
}
