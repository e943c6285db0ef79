/// Writes the Swift router of a program (docs/GeneratedRouter.md): per flow, its steps, events,
/// exits, guards and deep links as types, and the program as data for the navigator engine of
/// `FlowGraphRuntime`. Deterministic byte for byte; compiles in Swift 6 language mode with complete
/// concurrency checking and no warnings.
///
/// ```
/// FlowProgram + ProgramAnalysis ─▶ RouterModel ─▶ RouterPrinter ─▶ FlowRouter.swift
/// ```
public enum SwiftEmitter {
    /// The access level of the generated declarations.
    public enum Access: String, Sendable, CaseIterable {
        /// For an app target: the app's own types (payloads, inputs) may be internal.
        case `internal`
        /// For a library that offers the router to other modules; its payload types must be public too.
        case `public`
    }

    /// How the router is written.
    public struct Options: Sendable, Hashable {
        public var access: Access
        /// An enum the generated types live in, so that no flow's name hides a type of the app.
        public var namespace: String?
        /// Whether the runtime's sources are compiled with the router (`--embed-runtime`), so that
        /// the file does not import `FlowGraphRuntime`.
        public var embedsRuntime: Bool

        public init(access: Access = .internal, namespace: String? = nil, embedsRuntime: Bool = false) {
            self.access = access
            self.namespace = namespace
            self.embedsRuntime = embedsRuntime
        }
    }

    /// The generated file for `program`, whose header names `sources` (the `.flow` files).
    /// `analysis` is the checker's of the same program (`Compiler.compile` gives both): the
    /// generator reads what it found (link paths) and never checks the program again.
    public static func emit(_ program: FlowProgram, analysis: ProgramAnalysis, sources: [String],
                            options: Options = Options()) -> String {
        guard !program.flows.isEmpty, !program.roots.isEmpty else {
            return "\(OutputSignature.swiftPrefix) \(FlowGraphVersion.current) from \(sources.joined(separator: ", ")).\n"
                + "// Do not edit: change the .flow files and generate again.\n\n// The program has no flows to run.\n"
        }
        let model = RouterModel(program, analysis: analysis, sources: sources, options: options)
        return RouterPrinter.print(model)
    }

    /// The generated file with the default options but `access`.
    public static func emit(_ program: FlowProgram, analysis: ProgramAnalysis, sources: [String], access: Access) -> String {
        emit(program, analysis: analysis, sources: sources, options: Options(access: access))
    }
}

extension SwiftEmitter {
    /// Whether `name` can be a Swift type's name as it is: letters, digits and `_`, not starting
    /// with a digit, not a keyword.
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isXIDStart || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isXIDContinue } && !SwiftNames.keywords.contains(name)
    }

    /// The `swift-name` errors that depend on how the router is written: without a namespace, each
    /// flow is a type of the whole module, so a flow named like a module the program imports, or
    /// like the first name of a type the program uses (`Mastodon` in `Mastodon.Entity.Account`),
    /// would hide it. `generate` refuses such a program; `--namespace` avoids the problem. A
    /// namespace must itself be a Swift identifier that hides none of them.
    public static func nameProblems(_ program: FlowProgram, options: Options) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let imports = Set(program.imports)
        var typeUsers: [String: String] = [:]
        for flow in program.flows {
            func use(_ parameters: [Parameter], _ owner: String) {
                for parameter in parameters {
                    let first = String(parameter.type.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    if !first.isEmpty, typeUsers[first] == nil { typeUsers[first] = "input '\(parameter.name)' of \(owner)" }
                }
            }
            for step in flow.steps { use(step.inputs, "step '\(step.name)'") }
            for event in flow.events { use(event.payload, "event '\(event.name)' of flow '\(flow.name)'") }
            for exit in flow.exits { use(exit.inputs, "exit '\(exit.name)' of flow '\(flow.name)'") }
        }
        // The embedded runtime's types are the module's, named without a qualifier by the router:
        // a flow of that name hides one inside a namespace too, and redeclares it without one.
        if options.embedsRuntime {
            for flow in program.flows where EmbeddedRuntime.typeNames.contains(flow.name) {
                problems.append(Diagnostic(.swiftName, AnalysisMessages.hiddenRuntimeType(flow.name), at: flow.range))
            }
        }
        if let namespace = options.namespace {
            if let reason = SwiftNames.reservedFlowName(namespace) ?? (program.flows.contains { $0.name == namespace } ? "a flow has that name" : nil)
                ?? (imports.contains(namespace) || typeUsers[namespace] != nil ? "the program uses a module or type of that name" : nil)
                ?? (options.embedsRuntime && EmbeddedRuntime.typeNames.contains(namespace)
                    ? "the embedded runtime declares a type of that name" : nil) {
                let range = program.flows.first?.range ?? SourceRange(file: 0, start: 0, end: 0)
                problems.append(Diagnostic(.swiftName, "the namespace '\(namespace)' cannot be used: \(reason)", at: range))
            }
            return problems
        }
        for flow in program.flows {
            if imports.contains(flow.name) {
                problems.append(Diagnostic(.swiftName, AnalysisMessages.hiddenModule(flow.name), at: flow.range))
            } else if let user = typeUsers[flow.name] {
                problems.append(Diagnostic(.swiftName, AnalysisMessages.hiddenType(flow.name, flow.name, user), at: flow.range))
            }
        }
        return problems
    }
}
