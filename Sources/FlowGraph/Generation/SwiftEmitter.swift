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
    public static func emit(_ program: FlowProgram, analysis: ProgramAnalysis? = nil, sources: [String],
                            options: Options = Options()) -> String {
        guard !program.flows.isEmpty, !program.roots.isEmpty else {
            return "\(OutputSignature.swiftPrefix) \(FlowGraphVersion.current) from \(sources.joined(separator: ", ")).\n"
                + "// Do not edit: change the .flow files and generate again.\n\n// The program has no flows to run.\n"
        }
        let model = RouterModel(program, analysis: analysis ?? Checker.check(program), sources: sources, options: options)
        return RouterPrinter.print(model)
    }

    /// The generated file with the default options but `access`.
    public static func emit(_ program: FlowProgram, analysis: ProgramAnalysis? = nil, sources: [String], access: Access) -> String {
        emit(program, analysis: analysis, sources: sources, options: Options(access: access))
    }
}
