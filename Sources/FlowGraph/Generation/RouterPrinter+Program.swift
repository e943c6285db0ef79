/// The program type (`FlowRouter`): the wrappers of the flows' types, the program as data, and
/// the functions by which the engine of `FlowGraphRuntime` reaches the typed values.
extension RouterPrinter {
    func programType(in out: inout SwiftPrinter) {
        let conformance = model.isAsync ? "AsyncNavigationProgram" : "SyncNavigationProgram"
        let flows = model.flows
        let withEvents = flows.filter { !$0.ownEvents.isEmpty }
        let groupsWithEvents = model.groups.filter { !$0.events.isEmpty }
        let withExits = flows.filter { !$0.exits.isEmpty }
        let withLinks = flows.filter { !$0.links.isEmpty }
        let withGuards = flows.filter { !$0.guards.isEmpty }
        let withReceived = flows.filter(\.receives)
        let withAlerts = flows.filter { !$0.alerts.isEmpty }
        out.line("// MARK: - The program")
        out.line()
        out.line("/// The program as the navigator runs it: its flows and screens, and the program as data.")
        out.block("\(access)enum \(program): \(runtime)\(conformance)") { out in
            out.line("/// The flows of the program.")
            out.block("\(access)enum Flow: Int, Hashable, Sendable, CaseIterable") { out in
                for flow in flows { out.line("case \(flow.caseName)") }
            }
            out.line()
            out.line("/// A step of any flow, with its inputs: what the UI shows.")
            out.block("\(access)enum Screen: Hashable, Sendable, CustomStringConvertible") { out in
                for flow in flows { out.line("case \(flow.caseName)(\(flow.reference).Step)") }
                out.line()
                out.line("\(access)var description: String { \(program).describe(self) }")
                out.line("\(access)static func == (lhs: Screen, rhs: Screen) -> Bool { \(program).key(of: lhs) == \(program).key(of: rhs) }")
                out.line("\(access)func hash(into hasher: inout Hasher) { hasher.combine(\(program).key(of: self)) }")
                for group in model.groups { sharedScreen(group, in: &out) }
            }
            out.line()
            out.line("/// An event of any flow, or of a destinations group.")
            out.block("\(access)enum Event: Sendable") { out in
                for flow in withEvents { out.line("case \(flow.caseName)(\(flow.reference).Event)") }
                for group in groupsWithEvents { out.line("case \(group.caseName)(\(group.declaration).Event)") }
            }
            wrapper("Exit", "Sendable", "An exit of any flow.", withExits, "Exit", in: &out)
            wrapper("Link", "Hashable, Sendable", "A deep link of any flow.", withLinks, "Link", in: &out)
            if !withReceived.isEmpty {
                wrapper("Received", "Hashable, Sendable", "A value a back move hands a screen of any flow that receives, when it shows it again.",
                        withReceived, "Received", in: &out)
            }
            if !withAlerts.isEmpty {
                wrapper("Alert", "Hashable, Sendable", "An alert or dialog of any flow, with its inputs.", withAlerts, "Alert", in: &out)
            }
            out.line()
            out.line("/// A guard of any flow; it prints as `Flow.guard`.")
            out.block("\(access)enum GuardID: Hashable, Sendable, CustomStringConvertible") { out in
                for flow in withGuards { out.line("case \(flow.caseName)(\(flow.reference).Guard)") }
                out.line()
                guard !withGuards.isEmpty else {
                    out.line("\(access)var description: String { \"\" }")
                    return
                }
                out.block("\(access)var description: String") { out in
                    out.switchOver("self") { out in
                        for flow in withGuards {
                            out.line("case .\(flow.caseName)(let name): return \(SwiftNames.stringLiteral(name(flow) + ".")) + name.rawValue")
                        }
                    }
                }
            }
            out.line()
            out.line("/// Where the app starts: a root flow (one no step runs), with the inputs of its first screens.")
            out.block("\(access)enum Root: Hashable, Sendable") { out in
                for root in model.roots { out.line("case \(Self.declaration(root.caseModel))") }
            }
            out.line()
            let inherited = withGuards.map { "\($0.reference).Guards" }
            out.line("/// Every guard of the program: the app implements this one protocol.")
            out.line("@MainActor")
            out.line("\(access)protocol Guards: \(inherited.isEmpty ? "Sendable" : inherited.joined(separator: ", ")) {}")
            if withGuards.isEmpty {
                out.line()
                out.line("/// The program has no guards.")
                out.block("\(access)struct NoGuards: Guards") { out in out.line("\(access)init() {}") }
            }
            out.line()
            out.line("\(access)typealias AppGuards = any Guards")
            out.line("\(access)typealias Source = \(runtime)PayloadSource<\(program)>")
            out.line()
            table(in: &out)
            out.line()
            references(withEvents: withEvents, withExits: withExits, withLinks: withLinks, withGuards: withGuards,
                       withReceived: withReceived, withAlerts: withAlerts, in: &out)
        }
    }

    /// `screen.movieScreens`: the step of a destinations group a screen shows, whichever flow shows it.
    private func sharedScreen(_ group: RouterModel.GroupModel, in out: inout SwiftPrinter) {
        let users = group.users.map { model.flows[$0] }
        out.line()
        out.line("/// The screen as a step of destinations '\(group.declaration.replacing("`", with: ""))', in whichever flow shows it.")
        out.block("\(access)var \(group.caseName): \(group.declaration).Step?") { out in
            guard !users.isEmpty else {
                out.line("nil")
                return
            }
            out.switchOver("self") { out in
                let patterns = users.map { ".\($0.caseName)(.\(group.caseName)(let step))" }
                out.line("case \(patterns.joined(separator: ", ")): return step")
                // Exhaustive only when every flow's every step is this group's: else a default.
                let coversEveryScreen = users.count == model.flows.count
                    && users.allSatisfy { $0.uses.count == 1 && $0.uses[0].steps.count == $0.steps.count }
                if !coversEveryScreen { out.line("default: return nil") }
            }
        }
    }

    private func wrapper(_ name: String, _ conformances: String, _ doc: String, _ flows: [RouterModel.FlowModel], _ nested: String,
                         in out: inout SwiftPrinter) {
        out.line()
        out.line("/// \(doc)")
        out.block("\(access)enum \(name): \(conformances)") { out in
            for flow in flows { out.line("case \(flow.caseName)(\(flow.reference).\(nested))") }
        }
    }

    private func table(in out: inout SwiftPrinter) {
        out.line("/// The program as data: which clause handles what, link patterns and paths, names.")
        out.line("\(access)static let table = \(runtime)ProgramTable(text: #\"\"\"")
        out.indented { out in
            for line in model.table.lines { out.line(line) }
            out.line("\"\"\"#)")
        }
    }

    /// The functions of the runtime's protocol: from a typed value to its index in the table and back.
    private func references(withEvents: [RouterModel.FlowModel], withExits: [RouterModel.FlowModel],
                            withLinks: [RouterModel.FlowModel], withGuards: [RouterModel.FlowModel],
                            withReceived: [RouterModel.FlowModel], withAlerts: [RouterModel.FlowModel], in out: inout SwiftPrinter) {
        let ref = runtime
        func switchOver(_ header: String, _ subject: String, _ flows: [RouterModel.FlowModel], _ body: (RouterModel.FlowModel) -> String,
                        in out: inout SwiftPrinter) {
            out.block(header) { out in
                guard !flows.isEmpty else {
                    // A switch over a value of an enum without cases is code that "will never be executed".
                    out.line("fatalError(\"the program has no \(subject)s\")")
                    return
                }
                out.switchOver("\(subject)") { out in
                    for flow in flows { out.line("case .\(flow.caseName)(let value): return \(body(flow))") }
                }
            }
        }
        // The screen's key, written once: `step(of:)`, `==` and `hash(into:)` read it (the derived
        // `==` and `hash(into:)` of `Screen` cost more to compile than this function).
        out.line("/// The screen's flow and its step's key: its step, and what `Screen`'s `==` and `hash(into:)` compare.")
        switchOver("\(access)static func key(of screen: Screen) -> \(ref)ScreenKey", "screen", model.flows,
                   { "\(ref)ScreenKey(flow: \($0.index), step: \($0.reference).Step.flowGraphKey(value))" }, in: &out)
        out.line("\(access)static func step(of screen: Screen) -> \(ref)StepRef { key(of: screen).stepRef }")
        eventReferences(withEvents, in: &out)
        switchOver("\(access)static func exit(of exit: Exit) -> \(ref)ExitRef", "exit", withExits,
                   { "\(ref)ExitRef(flow: \($0.index), index: \($0.reference).index(of: value))" }, in: &out)
        switchOver("\(access)static func link(of link: Link) -> \(ref)LinkRef", "link", withLinks,
                   { "\(ref)LinkRef(flow: \($0.index), index: \($0.reference).index(of: value))" }, in: &out)
        out.block("\(access)static func flow(of root: Root) -> Int") { out in
            out.switchOver("root") { out in
                for root in model.roots { out.line("case .\(root.caseModel.name): return \(root.flow)") }
            }
        }
        out.block("\(access)static func guardID(_ ref: \(ref)GuardRef) -> GuardID") { out in
            out.switchOver("ref.flow") { out in
                for flow in withGuards { out.line("case \(flow.index): return .\(flow.caseName)(\(flow.reference).Guard.allCases[ref.index])") }
                out.line("default: preconditionFailure(\"the program has no guard \\(ref)\")")
            }
        }
        /// `switch ref.flow`, each flow's function called, its value wrapped in the flow's case.
        func dispatch(_ header: String, _ subject: String, _ flows: [RouterModel.FlowModel], _ call: String, _ wrapper: String,
                      in out: inout SwiftPrinter) {
            out.block(header) { out in
                guard !flows.isEmpty else {
                    out.line("nil")
                    return
                }
                out.switchOver("\(subject).flow") { out in
                    for flow in flows { out.line("case \(flow.index): return \(flow.reference).\(call).map(\(wrapper).\(flow.caseName))") }
                    out.line("default: return nil")
                }
            }
        }
        dispatch("\(access)static func screen(_ step: \(ref)StepRef, from source: Source) -> Screen?", "step", model.flows,
                 "step(step.step, from: source)", "Screen", in: &out)
        dispatch("\(access)static func exit(_ exit: \(ref)ExitRef, from source: Source) -> Exit?", "exit", withExits,
                 "exit(exit.index, from: source)", "Exit", in: &out)
        dispatch("\(access)static func link(_ ref: \(ref)LinkRef, values: [String?]) -> Link?", "ref", withLinks,
                 "link(ref.index, values: values)", "Link", in: &out)
        // Without a step that receives, the runtime's default hands nothing (`Received` is `Never`).
        if !withReceived.isEmpty {
            dispatch("\(access)static func received(_ step: \(ref)StepRef, from source: Source) -> Received?", "step", withReceived,
                     "received(step.step, from: source)", "Received", in: &out)
        }
        // Without an alert, the runtime's default shows none (`Alert` is `Never`).
        if !withAlerts.isEmpty {
            dispatch("\(access)static func alert(_ ref: \(ref)AlertRef, from source: Source) -> Alert?", "ref", withAlerts,
                     "alert(ref.index, from: source)", "Alert", in: &out)
        }
        // Without an `open`, the runtime's default opens nothing.
        let withOpened = model.flows.filter { !$0.openedBuilds.isEmpty }
        if !withOpened.isEmpty {
            out.block("\(access)static func opened(_ ref: \(ref)OpenedRef, from source: Source) -> String?") { out in
                out.switchOver("ref.flow") { out in
                    for flow in withOpened { out.line("case \(flow.index): return \(flow.reference).opened(ref.index, from: source)") }
                    out.line("default: return nil")
                }
            }
        }
        out.line("@MainActor")
        out.block("\(access)static func ask(_ ref: \(ref)GuardRef, of guards: AppGuards, from source: Source) \(asyncWord)-> Bool?") { out in
            let guards = withGuards.flatMap { flow in flow.guards.enumerated().map { (flow, $0, $1) } }
            guard !guards.isEmpty else {
                out.line("nil")
                return
            }
            out.switchOver("(ref.flow, ref.index)") { out in
                for (flow, index, item) in guards {
                    // A guard with arguments takes them from the source, in its flow's `ask`.
                    let (awaiting, call) = item.parameters.isEmpty
                        ? (item.isAsync, "guards.\(item.identifier)()")
                        : (flow.asksAsync, "\(flow.reference).ask(\(index), of: guards, from: source)")
                    out.line("case (\(flow.index), \(index)): return \(awaiting ? "await " : "")\(call)")
                }
                out.line("default: return nil")
            }
        }
        // The guards a `start` or a lock asks: the compiler lets them ask only those that answer at once.
        out.line("@MainActor")
        out.block("\(access)static func answerAtOnce(_ ref: \(ref)GuardRef, of guards: AppGuards) -> Bool?") { out in
            let asked = withGuards.flatMap { flow in
                flow.guards.enumerated().filter { $0.element.isAskedAtOnce && !$0.element.isAsync && $0.element.parameters.isEmpty }
                    .map { (flow, $0.offset, $0.element) }
            }
            guard !asked.isEmpty else {
                out.line("nil")
                return
            }
            out.switchOver("(ref.flow, ref.index)") { out in
                for (flow, index, item) in asked { out.line("case (\(flow.index), \(index)): return guards.\(item.identifier)()") }
                out.line("default: return nil")
            }
        }
    }

    /// `event(of:)`, and for the events of destinations groups `events(of:)`: every flow that uses the
    /// group, the innermost running one of which handles it.
    private func eventReferences(_ withEvents: [RouterModel.FlowModel], in out: inout SwiftPrinter) {
        let ref = runtime
        let groups = model.groups.filter { !$0.events.isEmpty }
        /// The event's reference in a flow that uses a group: the group's index mapped to the flow's.
        func used(_ group: RouterModel.GroupModel, by flow: RouterModel.FlowModel) -> String {
            "\(ref)EventRef(flow: \(flow.index), index: \(flow.reference).\(group.caseName)Events[\(group.declaration).index(of: value)])"
        }
        out.block("\(access)static func event(of event: Event) -> \(ref)EventRef") { out in
            guard !withEvents.isEmpty || !groups.isEmpty else {
                out.line("fatalError(\"the program has no events\")")
                return
            }
            out.switchOver("event") { out in
                for flow in withEvents {
                    out.line("case .\(flow.caseName)(let value): "
                             + "return \(ref)EventRef(flow: \(flow.index), index: \(flow.reference).index(of: value))")
                }
                for group in groups {
                    guard let first = group.users.first else {
                        out.line("case .\(group.caseName): preconditionFailure(\"no flow uses destinations \(group.caseName)\")")
                        continue
                    }
                    out.line("case .\(group.caseName)(let value): return \(used(group, by: model.flows[first]))")
                }
            }
        }
        guard !groups.isEmpty else { return }
        out.block("\(access)static func events(of event: Event) -> [\(ref)EventRef]") { out in
            out.switchOver("event") { out in
                for group in groups {
                    let refs = group.users.map { used(group, by: model.flows[$0]) }
                    out.line("case .\(group.caseName)(let value): return [\(refs.joined(separator: ", "))]")
                }
                if !withEvents.isEmpty { out.line("default: return [self.event(of: event)]") }
            }
        }
    }

    /// The navigator's typed `send` and `open` for each flow, and its `init` without guards.
    func navigatorExtension(in out: inout SwiftPrinter) {
        let withEvents = model.flows.filter { !$0.ownEvents.isEmpty }
        let groupsWithEvents = model.groups.filter { !$0.events.isEmpty }
        let withLinks = model.flows.filter { !$0.links.isEmpty }
        let hasGuards = model.flows.contains { !$0.guards.isEmpty }
        guard !withEvents.isEmpty || !groupsWithEvents.isEmpty || !withLinks.isEmpty || !hasGuards else { return }
        let reference = { (flow: RouterModel.FlowModel) -> String in
            // At file level, a flow in the namespace is reached through it.
            guard let namespace = model.options.namespace, flow.reference == flow.declaration else { return flow.reference }
            return "\(namespace).\(flow.declaration)"
        }
        out.block("extension \(runtime)Navigator where Program == \(qualifiedProgram)") { out in
            var first = true
            func separate(_ out: inout SwiftPrinter) {
                if !first { out.line() }
                first = false
            }
            if !hasGuards {
                separate(&out)
                out.line("/// A navigator showing the first screens of `root` (the program has no guards).")
                out.block("\(access)convenience init(_ root: Root, historyLimit: Int = 100)") { out in
                    out.line("self.init(root, guards: \(qualifiedProgram).NoGuards(), historyLimit: historyLimit)")
                }
            }
            if !withEvents.isEmpty || !groupsWithEvents.isEmpty {
                separate(&out)
                out.line("// Sends an event of a flow, or of a destinations group; see `send(_:)` of `Navigator`.")
            }
            for flow in withEvents {
                out.line("@discardableResult \(access)func send(_ event: \(reference(flow)).Event) \(asyncWord)-> Outcome { "
                         + "\(awaitWord)send(\(qualifiedProgram).Event.\(flow.caseName)(event)) }")
            }
            for group in groupsWithEvents {
                let declaration = model.options.namespace.map { "\($0).\(group.declaration)" } ?? group.declaration
                out.line("@discardableResult \(access)func send(_ event: \(declaration).Event) \(asyncWord)-> Outcome { "
                         + "\(awaitWord)send(\(qualifiedProgram).Event.\(group.caseName)(event)) }")
            }
            if !withLinks.isEmpty {
                separate(&out)
                out.line("// Opens a deep link of a flow; see `open(_:)` of `Navigator`.")
            }
            for flow in withLinks {
                out.line("@discardableResult \(access)func open(_ link: \(reference(flow)).Link) \(asyncWord)-> Outcome { "
                         + "\(awaitWord)open(\(qualifiedProgram).Link.\(flow.caseName)(link)) }")
            }
        }
    }
}
