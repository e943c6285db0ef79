#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into its one module
@testable import FlowGraphRuntime
#endif
@testable import FlowGraph

/// The replay's ways as journeys (docs/Journeys.md): each move a line, the guards' answers as
/// `given`, and the screen the navigator showed at the end as `expect`. `check` runs them on the
/// same navigator through the journey's own names (an event by its name, a tab by its step's):
/// every one must hold, or the journeys and the navigator mean different things.
@MainActor
enum JourneyText {
    /// `given g, !h` for every guard of the program; nil when two guards of one name (a group's,
    /// in two flows) answer differently, which a journey cannot say.
    static func given(_ answers: GuardAnswers, in program: FlowProgram) -> String? {
        var holds: [String: Bool] = [:]
        var order: [String] = []
        for (flowIndex, flow) in program.flows.enumerated() {
            for (index, declared) in flow.guards.enumerated() {
                let answer = answers.answers[GuardRef(flow: flowIndex, index: index)] ?? answers.fallback
                if let earlier = holds[declared.name] {
                    if earlier != answer { return nil }
                } else {
                    holds[declared.name] = answer
                    order.append(declared.name)
                }
            }
        }
        return order.isEmpty ? "" : "given " + order.map { holds[$0]! ? $0 : "!" + $0 }.joined(separator: ", ")
    }

    /// A journey's first lines: the guards' answers the app starts with, and the screen it shows
    /// then (which starts it: a later `given` answers the first move's guards).
    static func start(_ answers: GuardAnswers, in program: FlowProgram, driver: ReplayDriver) -> [String]? {
        given(answers, in: program).map { [$0, expectation(driver)] }
    }

    /// The journey line of a move the driver just made, with what came of it when it was not
    /// made whole (a link blocked on its way); nil for one no line says.
    static func line(_ action: ReplayAction, outcome: ReplayNavigator.Outcome, driver: ReplayDriver) -> String? {
        let outcomeText: String
        switch outcome.status {
        case .applied:
            // A back move that handed the screen values: `-> Flow.Step(...) receives (...)`.
            let delivered = outcome.commands.lazy.compactMap { command -> ReplayProgram.Received? in
                if case .deliver(let value, _, _) = command { return value }
                return nil
            }.first
            if let delivered {
                let labels = ReplayProgram.table.flows[delivered.step.flow].steps[delivered.step.step].receivedLabels
                outcomeText = " -> " + expectation(driver).dropFirst("expect ".count) + " receives " + values(labels, delivered.values)
            } else {
                outcomeText = ""
            }
        case .blocked(let ref): outcomeText = " -> blocked by " + ReplayProgram.table.guardName(ref)
        case .unhandled: outcomeText = " -> not handled"
        case .impossible: outcomeText = " -> impossible"
        case .cancelled, .kept: return nil
        }
        return move(action, driver: driver).map { $0 + outcomeText }
    }

    private static func move(_ action: ReplayAction, driver: ReplayDriver) -> String? {
        switch action {
        case .send(let event):
            let model = ReplayProgram.model
            let parameters = model.flows.first { $0.caseName == event.owner }?.events.first { $0.name == event.caseName }?.parameters
                ?? model.groups.first { $0.caseName == event.owner }?.events.first { $0.name == event.caseName }?.parameters
            guard let parameters else { return nil }
            return event.caseName + values(parameters.map(\.label), event.values)
        case .open(let url): return "open " + quoted(url)
        case .back: return "back"
        case .swipe: return "swipe"
        case .selectTab(let depth, let index):
            let chain = driver.navigator.chain
            guard chain.indices.contains(depth), chain[depth].tabs.indices.contains(index) else { return nil }
            let step = ReplayProgram.step(of: chain[depth].tabs[index].entries[0].screen)
            return "select " + ReplayProgram.table.flows[step.flow].steps[step.step].name
        case .tapTabItem, .closeAlert: return nil
        }
    }

    /// The journey: its lines, then what the navigator shows now: the screen on top, the stack on
    /// top (`expect stack A, B`), and the tab selected in the innermost tab bar (`expect tab T`).
    static func journey(_ lines: [String], number: Int, driver: ReplayDriver) -> String {
        let chain = driver.navigator.chain
        let table = ReplayProgram.table
        let stack = chain.last.map { running in
            "expect stack " + running.top.entries.map { table.flows[$0.screen.step.flow].steps[$0.screen.step.step].name }.joined(separator: ", ")
        } ?? ""
        let name = { (step: StepRef) in table.flows[step.flow].steps[step.step].name }
        let bar = chain.last(where: \.isTabs)
        let tab = bar.map { "expect tab " + name($0.tabs[$0.selectedTab].entries[0].screen.step) } ?? ""
        // Each tab's stack: of the flow it runs, else its own.
        let tabStacks = bar.map { running in
            running.tabs.map { stack -> String in
                let entry = stack.entries[0]
                let entries = entry.subflow.flatMap { driver.navigator.flows[$0] }?.tabs[0].entries ?? stack.entries
                return "expect stack \(name(entry.screen.step)): " + entries.map { name($0.screen.step) }.joined(separator: ", ")
            }
        } ?? []
        return (["journey Replayed\(number) {"] + (lines + [expectation(driver), stack, tab] + tabStacks).filter { !$0.isEmpty }.map { "    " + $0 }
            + ["}"]).joined(separator: "\n")
    }

    /// `expect Flow.Step(input: "value", ...)`: the screen on top, with every input.
    static func expectation(_ driver: ReplayDriver) -> String {
        let current = driver.navigator.current
        let info = ReplayProgram.table.flows[current.step.flow]
        let labels = info.steps[current.step.step].inputLabels
        return "expect \(info.name).\(info.steps[current.step.step].name)" + values(labels, current.values)
    }

    private static func values(_ labels: [String], _ values: [String?]) -> String {
        labels.isEmpty ? "" : "(" + zip(labels, values).map { "\($0): \($1.map(quoted) ?? "nil")" }.joined(separator: ", ") + ")"
    }

    private static func quoted(_ text: String) -> String { JourneyWriter.quoted(text) }
}
