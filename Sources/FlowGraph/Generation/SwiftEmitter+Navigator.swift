/// The program-specific part of `FlowNavigator`: the class with its state, the program's flows,
/// screens, events, exits, links, guards and roots as types, and `send` and `open` for each flow.
extension SwiftEmitter {
    var awaitWord: String { isAsync ? "await " : "" }
    var asyncWord: String { isAsync ? "async " : "" }

    mutating func navigator() {
        navigatorClass()
        line("extension FlowNavigator {")
        flowsAndScreens()
        wrappers()
        guardsAndRoots()
        starts()
        sends()
        opens()
        exitsAndGuards()
        line("}")
        line()
        graph()
    }

    private var withEvents: [Flow] { program.flows.filter { !$0.events.isEmpty } }
    private var withExits: [Flow] { program.flows.filter { !$0.exits.isEmpty } }
    var withLinks: [Flow] { program.flows.filter { !$0.links.isEmpty } }
    private var withGuards: [Flow] { program.flows.filter { !$0.guards.isEmpty } }

    private mutating func navigatorClass() {
        line("""
            // MARK: - The navigator

            /// Runs the whole tree of flows of the program: the presentation state (stacks, modal stacks,
            /// selected tabs, running subflows), `send` for the events of each flow, `open` for deep links,
            /// the commands each move yields for the UI layer, and a bounded history.
            ///
            /// Calls are serialized: a second `send` waits for the first, even across async guards. An
            /// event is never a crash: it is applied, blocked by a guard, or reported as not handled.
            @MainActor
            \(access)final class FlowNavigator {
                /// The running flows: the root flow, and the subflow of every shown step that runs one.
                \(access)private(set) var flows: [FlowID: RunningFlow] = [:]
                /// The root flow.
                \(access)private(set) var rootID = FlowID(rawValue: 0)
                /// The latest sends, links and moves of the user with their outcomes, oldest first.
                \(access)private(set) var history: [Record] = []
                /// How many records `history` keeps.
                \(access)let historyLimit: Int
                /// Called with each new record, once the move it records is made.
                \(access)var observer: ((Record) -> Void)?
                /// The commands that build the first screens from nothing: a `setRoot` for each stack of
                /// the root flow (and a `selectTab` for a tab bar), and the subflows they run.
                \(access)private(set) var initialCommands: [Command] = []
                private let guards: any Guards
                private let rootScreens: [Screen]
                private var lastID = 0
                /// Counts the moves of the user, which a send waiting for a guard must notice.
                private var revision = 0
            """)
        if isAsync {
            line("    private var isBusy = false")
            line("    private var waiting: [CheckedContinuation<Void, Never>] = []")
        }
        line("""

                /// A navigator showing the first screen of `root`; `guards` answers the program's guards.
                \(access)init(_ root: Root, guards: any Guards\(withGuards.isEmpty ? " = NoGuards()" : ""), historyLimit: Int = 100) {
                    let start = FlowNavigator.start(of: root)
                    self.guards = guards
                    self.historyLimit = max(0, historyLimit)
                    rootScreens = start.screens
                    var commands: [Command] = []
                    rootID = startFlow(start, parent: nil, commands: &commands)
                    initialCommands = commands
                }
            }

            """)
    }

    private mutating func flowsAndScreens() {
        let flows = program.flows
        line("    /// The flows of the program.")
        line("    \(access)enum Flow: String, Hashable, Sendable, CaseIterable {")
        for flow in flows { line("        case \(flowCase(flow)) = \(SwiftNames.stringLiteral(flow.name))") }
        let tabs = flows.filter(\.isTabs).map { "self == .\(flowCase($0))" }
        line()
        line("        /// Whether the flow is a tab bar.")
        line("        \(access)var isTabs: Bool { \(tabs.isEmpty ? "false" : tabs.joined(separator: " || ")) }")
        line("    }")
        line()
        line("    /// A step of any flow, with its inputs: what the UI shows.")
        line("    \(access)enum Screen: Hashable, Sendable {")
        for flow in flows { line("        case \(flowCase(flow))(\(flowType(flow)).Step)") }
        line()
        line("        /// A step of any flow, without its inputs.")
        line("        \(access)enum Kind: Hashable, Sendable {")
        for flow in flows { line("            case \(flowCase(flow))(\(flowType(flow)).Step.Kind)") }
        line()
        line("            \(access)var flow: Flow {")
        line("                switch self {")
        for flow in flows { line("                case .\(flowCase(flow)): .\(flowCase(flow))") }
        line("                }")
        line("            }")
        line("        }")
        line()
        line("        \(access)var kind: Kind {")
        line("            switch self {")
        for flow in flows { line("            case .\(flowCase(flow))(let step): .\(flowCase(flow))(step.kind)") }
        line("            }")
        line("        }")
        line()
        line("        \(access)var flow: Flow { kind.flow }")
        line("    }")
    }

    /// `Event`, `Exit`, `Link` and `GuardID`: one case per flow that has them.
    private mutating func wrappers() {
        line()
        line("    /// An event of any flow.")
        line("    \(access)enum Event: Sendable {")
        for flow in withEvents { line("        case \(flowCase(flow))(\(flowType(flow)).Event)") }
        line("    }")
        line()
        line("    /// An exit of any flow.")
        line("    \(access)enum Exit: Sendable {")
        for flow in withExits { line("        case \(flowCase(flow))(\(flowType(flow)).Exit)") }
        if !withExits.isEmpty {
            line()
            line("        \(access)var name: String {")
            line("            switch self {")
            for flow in withExits { line("            case .\(flowCase(flow))(let exit): exit.name") }
            line("            }")
            line("        }")
        }
        line("    }")
        line()
        line("    /// A deep link of any flow.")
        line("    \(access)enum Link: Hashable, Sendable {")
        for flow in withLinks { line("        case \(flowCase(flow))(\(flowType(flow)).Link)") }
        line("    }")
        line()
        line("    /// A guard of any flow.")
        line("    \(access)enum GuardID: Hashable, Sendable {")
        for flow in withGuards { line("        case \(flowCase(flow))(\(flowType(flow)).Guard)") }
        line("    }")
    }

    private mutating func guardsAndRoots() {
        line()
        let inherited = withGuards.map { "\(flowType($0)).Guards" }
        line("    /// Every guard of the program: the app implements this one protocol.")
        line("    @MainActor")
        line("    \(access)protocol Guards\(inherited.isEmpty ? "" : ": " + inherited.joined(separator: ", ")) {}")
        if withGuards.isEmpty {
            line()
            line("    /// The program has no guards.")
            line("    \(access)struct NoGuards: Guards {")
            line("        \(access)init() {}")
            line("    }")
        }
        line()
        line("    /// Where the app starts: a root flow (one no step runs), with the inputs of its first screens.")
        line("    \(access)enum Root: Hashable, Sendable {")
        for root in program.roots {
            let flow = program.flows[root]
            line("        case \(caseDeclaration(flow.name, rootInputs(flow)))")
        }
        line("    }")
    }

    /// The inputs of a root flow's first screens (every tab's, for tabs), each name once.
    private func rootInputs(_ flow: Flow) -> [Parameter] {
        var seen = Set<String>()
        return firstSteps(of: flow).flatMap(\.inputs).filter { seen.insert($0.name).inserted }
    }

    private func firstSteps(of flow: Flow) -> [Step] {
        guard let start = flow.start else { return [] }
        return flow.isTabs ? flow.steps : [flow.steps[start]]
    }

    /// `Start` of a root, and of a screen whose step runs a flow (from the screen's inputs).
    private mutating func starts() {
        line()
        line("    static func start(of root: Root) -> Start {")
        line("        switch root {")
        for root in program.roots {
            let flow = program.flows[root]
            let inputs = rootInputs(flow)
            let values = Dictionary(uniqueKeysWithValues: inputs.enumerated().map { ($1.name, Self.isPlainIdentifier($1.name) ? $1.name : "value\($0)") })
            let pattern = inputs.isEmpty ? "" : "(" + inputs.map { "let \(values[$0.name]!)" }.joined(separator: ", ") + ")"
            line("        case .\(SwiftNames.identifier(SwiftNames.caseName(flow.name)))\(pattern):")
            line("            return \(startValue(flow, values: values))")
        }
        line("        }")
        line("    }")
        line()
        line("    static func start(of screen: Screen) -> Start? {")
        var runners: [(Flow, Step, Flow)] = []
        for flow in program.flows {
            for step in flow.steps { if let runs = step.runs { runners.append((flow, step, program.flows[runs])) } }
        }
        if runners.isEmpty {
            line("        nil")
        } else {
            line("        switch screen {")
            for (flow, step, subflow) in runners {
                let needed = Set(firstSteps(of: subflow).flatMap(\.inputs).map(\.name))
                let (pattern, values) = Self.pattern(binding: step.inputs, used: needed)
                line("        case .\(flowCase(flow))(.\(stepCase(step))\(pattern)):")
                line("            return \(startValue(subflow, values: values))")
            }
            line("        default:")
            line("            return nil")
            line("        }")
        }
        line("    }")
    }

    private func startValue(_ flow: Flow, values: [String: String]) -> String {
        let screens = firstSteps(of: flow).map { screen(flow, $0, values: values) }
        let selected = flow.isTabs ? (flow.start ?? 0) : 0
        return "Start(flow: .\(flowCase(flow)), screens: [\(screens.joined(separator: ", "))], selected: \(selected))"
    }

    private mutating func sends() {
        for flow in withEvents {
            line()
            line("""
                    /// Sends an event of flow '\(flow.name)' from the screen the user sees. The step's own clauses
                    /// handle it when the user is in '\(flow.name)'; its flow-level clauses when the user is in a
                    /// flow it runs. Otherwise it is not handled.
                    @discardableResult
                    \(access)func send(_ event: \(flowType(flow)).Event) \(asyncWord)-> Outcome {
                        \(awaitWord)serialized {
                            \(awaitWord)dispatch(.\(flowCase(flow))(event), to: .\(flowCase(flow))) { screen in
                                \(flow.hasAsyncGuard ? "await " : "")\(flowType(flow)).decide(event, on: screen\(guardsArgument(flow)))
                            }
                        }
                    }
                """)
        }
    }

    private mutating func exitsAndGuards() {
        if !withExits.isEmpty { exitDecision() }
        if !withGuards.isEmpty { guardQuestion() }
    }

    private mutating func exitDecision() {
        line()
        line("    /// What the step that ran a subflow does with its exit.")
        line("    private func decide(_ exit: Exit, from runner: Screen) \(asyncWord)-> Decision {")
        let deciding = program.flows.filter { flow in
            flow.steps.contains(where: handlesSubflowExits)
        }
        if deciding.isEmpty {
            line("        .unhandled")
        } else {
            line("        switch runner {")
            for flow in deciding {
                line("        case .\(flowCase(flow))(let step):")
                line("            \(flow.hasAsyncGuard ? "await " : "")\(flowType(flow)).decide(exit, from: step.kind\(guardsArgument(flow)))")
            }
            if deciding.count < program.flows.count {
                line("        default:")
                line("            .unhandled")
            }
            line("        }")
        }
        line("    }")
    }

    private mutating func guardQuestion() {
        line()
        line("    /// Asks a guard.")
        line("    private func ask(_ id: GuardID) \(asyncWord)-> Bool {")
        line("        switch id {")
        for flow in withGuards {
            line("        case .\(flowCase(flow))(let name): \(flow.hasAsyncGuard ? "await " : "")\(flowType(flow)).ask(name, guards)")
        }
        line("        }")
        line("    }")
    }
}
