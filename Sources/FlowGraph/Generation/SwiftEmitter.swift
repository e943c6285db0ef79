/// Writes the Swift router for a program (see docs/GeneratedRouter.md): per flow, its steps,
/// events, exits, guards and deep links as types, and one `FlowNavigator` that runs the whole
/// tree of flows. Deterministic byte for byte; needs only the standard library; compiles in
/// Swift 6 language mode with complete concurrency checking and no warnings.
public struct SwiftEmitter {
    /// The access level of the generated declarations.
    public enum Access: String, Sendable, CaseIterable {
        /// For an app target: the app's own types (payloads, inputs) may be internal.
        case `internal`
        /// For a library that offers the router to other modules; its payload types must be public too.
        case `public`
    }

    let program: FlowProgram
    let analysis: ProgramAnalysis
    let sources: [String]
    /// `public ` or nothing.
    let access: String
    /// Whether some guard is async, which makes `send` and `open` async.
    let isAsync: Bool
    var output = ""
    /// User type names that a generated nested type would shadow, reached through a file-level alias.
    var shadowed = Set<String>()

    /// The generated file for `program`, whose header names `sources` (the `.flow` files).
    public static func emit(_ program: FlowProgram, analysis: ProgramAnalysis? = nil, sources: [String], access: Access = .internal) -> String {
        var emitter = SwiftEmitter(
            program: program,
            analysis: analysis ?? Checker.check(program),
            sources: sources,
            access: access == .public ? "public " : "",
            isAsync: program.flows.contains(where: \.hasAsyncGuard))
        guard !program.flows.isEmpty, !program.roots.isEmpty else {
            return emitter.header() + "// The program has no flows to run.\n"
        }
        for flow in program.flows {
            emitter.flowNamespace(flow)
            emitter.decisions(flow)
        }
        emitter.navigator()
        emitter.output += runtime(access: emitter.access, features: emitter.features)
        emitter.linkSupport()
        return emitter.header() + emitter.output
    }

    mutating func line(_ text: String = "") { output += text + "\n" }

    /// What the program has, which decides the parts of the runtime written (see `runtime`).
    var features: Set<String> {
        let flows = program.flows
        return [
            isAsync ? "async" : "sync",
            flows.contains { !$0.guards.isEmpty } ? "guards" : "noguards",
            flows.contains { !$0.exits.isEmpty } ? "exits" : "noexits",
            flows.contains { !$0.links.isEmpty } ? "links" : "nolinks",
            flows.contains { !$0.events.isEmpty } ? "events" : "noevents",
        ]
    }

    private func header() -> String {
        var text = "\(OutputSignature.swiftPrefix) \(FlowGraphVersion.current) from \(sources.joined(separator: ", ")).\n"
        text += "// Do not edit: change the .flow files and generate again.\n\n"
        if !program.imports.isEmpty {
            for module in program.imports { text += "import \(module)\n" }
            text += "\n"
        }
        if !shadowed.isEmpty {
            text += "// The app's own types whose names the generated types reuse.\n"
            for name in shadowed.sorted() { text += "typealias \(Self.aliasPrefix)\(name) = \(name)\n" }
            text += "\n"
        }
        let renamed = program.flows.map(\.name).filter { Self.nestedNames.contains($0) }
        if !renamed.isEmpty {
            text += "// Flows whose names the navigator's own types reuse.\n"
            for name in renamed { text += "\(access)typealias \(Self.flowAliasPrefix)\(name) = \(name)\n" }
            text += "\n"
        }
        return text
    }

    // MARK: - Names

    /// `Shop`, as a type; through a file-level alias when a type nested in the navigator has its
    /// name (a flow called `Root` or `Screen`).
    func flowType(_ flow: Flow) -> String {
        Self.nestedNames.contains(flow.name) ? Self.flowAliasPrefix + flow.name : SwiftNames.identifier(flow.name)
    }
    /// `shop`, the flow's case in `FlowNavigator.Screen`, `Flow`, `Event`...
    func flowCase(_ flow: Flow) -> String { SwiftNames.identifier(SwiftNames.caseName(flow.name)) }
    /// Whether the step runs a subflow that has exits, and handles some of them.
    func handlesSubflowExits(_ step: Step) -> Bool {
        step.runs.map { !program.flows[$0].exits.isEmpty && !step.handlers.isEmpty } ?? false
    }

    /// `, asking: guards` when the flow's `decide` functions take its guards.
    func guardsArgument(_ flow: Flow) -> String { flow.guards.isEmpty ? "" : ", asking: guards" }

    /// The path the checker found for a flow's link, if any.
    func linkPath(flow: Int, link: Int) -> NavigationPath? {
        analysis.linkPaths.indices.contains(flow) && analysis.linkPaths[flow].indices.contains(link)
            ? analysis.linkPaths[flow][link] : nil
    }

    /// `product`, a step's case in `Step` and `Step.Kind`.
    func stepCase(_ step: Step) -> String { SwiftNames.identifier(SwiftNames.caseName(step.name)) }

    /// `.shop(.product)`: a `FlowNavigator.Screen.Kind`.
    func screenKind(_ flow: Flow, _ step: Step) -> String { ".\(flowCase(flow))(.\(stepCase(step)))" }

    /// `.shop(.product(product: product))`: a `FlowNavigator.Screen` built from named values;
    /// an optional input without a value is nil.
    func screen(_ flow: Flow, _ step: Step, values: [String: String]) -> String {
        ".\(flowCase(flow))(.\(stepCase(step))\(arguments(step.inputs, values: values)))"
    }

    /// `(product: product, photo: nil)`, or nothing for no parameters.
    func arguments(_ parameters: [Parameter], values: [String: String]) -> String {
        guard !parameters.isEmpty else { return "" }
        return "(" + parameters.map { "\(SwiftNames.argumentLabel($0.name)): \(values[$0.name] ?? "nil")" }.joined(separator: ", ") + ")"
    }

    /// The names generated types nest in the flows and the navigator: a user type with one of these
    /// names, used as a payload type inside them, would resolve to the generated type.
    static let nestedNames: Set<String> = [
        "Step", "Kind", "Event", "Exit", "Guards", "Guard", "Link", "Flow", "Screen", "Root", "GuardID", "NoGuards",
        "FlowID", "StackID", "StackStyle", "ModalStyle", "Entry", "Stack", "RunningFlow", "Command", "Outcome",
        "Record", "Start", "Move", "Decision", "GuardCheck", "LinkHop", "Place", "Graph",
    ]
    static let aliasPrefix = "FlowGraphAppType_"
    static let flowAliasPrefix = "FlowGraphFlow_"

    /// A type as written in the spec, with the names a generated type would shadow replaced by their alias.
    mutating func type(_ text: String) -> String {
        var result = ""
        var word = ""
        var previous: Character = " "
        func flush() {
            if !word.isEmpty, previous != ".", Self.nestedNames.contains(word) {
                shadowed.insert(word)
                result += Self.aliasPrefix + word
            } else {
                result += word
            }
            if !word.isEmpty { previous = "a" }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
                if character != " " { previous = character }
            }
        }
        flush()
        return result
    }

    /// `product(product: ProductID)`, or `catalog`.
    mutating func caseDeclaration(_ name: String, _ parameters: [Parameter]) -> String {
        let caseName = SwiftNames.identifier(SwiftNames.caseName(name))
        guard !parameters.isEmpty else { return caseName }
        return caseName + "(" + parameters.map { "\(SwiftNames.label($0.name)): \(type($0.type))" }.joined(separator: ", ") + ")"
    }

    // MARK: - One namespace per flow

    private mutating func flowNamespace(_ flow: Flow) {
        output += SwiftNames.doc(flow.doc, indent: "")
        line("\(access)enum \(SwiftNames.identifier(flow.name)) {")
        steps(flow)
        events(flow)
        if !flow.exits.isEmpty { exits(flow) }
        if !flow.guards.isEmpty { guards(flow) }
        if !flow.links.isEmpty { links(flow) }
        line("}")
        line()
    }

    private mutating func steps(_ flow: Flow) {
        line("    /// The steps of flow '\(flow.name)': where the user can be.")
        line("    \(access)enum Step: Hashable, Sendable {")
        for step in flow.steps {
            output += SwiftNames.doc(step.doc, indent: "        ")
            line("        case \(caseDeclaration(step.name, step.inputs))")
        }
        line()
        line("        /// A step without its inputs.")
        line("        \(access)enum Kind: String, Hashable, Sendable, CaseIterable {")
        for step in flow.steps {
            line("            case \(stepCase(step)) = \(SwiftNames.stringLiteral(step.name))")
        }
        line("        }")
        line()
        line("        \(access)var kind: Kind {")
        line("            switch self {")
        for step in flow.steps { line("            case .\(stepCase(step)): .\(stepCase(step))") }
        line("            }")
        line("        }")
        line("    }")
    }

    private mutating func events(_ flow: Flow) {
        guard !flow.events.isEmpty else { return }
        line()
        line("    /// The events of flow '\(flow.name)', with their payloads.")
        line("    \(access)enum Event: Sendable {")
        let clauses = flow.steps.flatMap { $0.runs == nil ? $0.handlers : [] } + flow.handlers
        for event in flow.events {
            // The `///` doc of the first clause for the event that has one.
            let doc = clauses.first { $0.event == event.name && !$0.doc.isEmpty }?.doc ?? []
            output += SwiftNames.doc(doc, indent: "        ")
            line("        case \(caseDeclaration(event.name, event.payload))")
        }
        line("    }")
    }

    private mutating func exits(_ flow: Flow) {
        line()
        line("    /// The outcomes that finish flow '\(flow.name)'; the step that runs it handles them.")
        line("    \(access)enum Exit: Sendable {")
        for exit in flow.exits {
            output += SwiftNames.doc(exit.doc, indent: "        ")
            line("        case \(caseDeclaration(exit.name, exit.inputs))")
        }
        line()
        line("        /// The exit's name in the spec.")
        line("        \(access)var name: String {")
        line("            switch self {")
        for exit in flow.exits {
            line("            case .\(SwiftNames.identifier(SwiftNames.caseName(exit.name))): \(SwiftNames.stringLiteral(exit.name))")
        }
        line("            }")
        line("        }")
        line("    }")
    }

    private mutating func guards(_ flow: Flow) {
        line()
        line("    /// The guards of flow '\(flow.name)', implemented by the app (on the main actor, like the UI).")
        line("    @MainActor")
        line("    \(access)protocol Guards: Sendable {")
        for item in flow.guards {
            output += SwiftNames.doc(item.doc, indent: "        ")
            line("        func \(SwiftNames.identifier(item.name))() \(item.isAsync ? "async " : "")-> Bool")
        }
        line("    }")
        line()
        line("    /// The names of the guards of flow '\(flow.name)', as blocked outcomes report them.")
        line("    \(access)enum Guard: String, Hashable, Sendable, CaseIterable {")
        for item in flow.guards {
            line("        case \(SwiftNames.identifier(item.name)) = \(SwiftNames.stringLiteral(item.name))")
        }
        line("    }")
    }
}

extension Flow {
    /// Whether one of the flow's guards is async, which makes its `decide` functions async.
    var hasAsyncGuard: Bool { guards.contains(where: \.isAsync) }
}
