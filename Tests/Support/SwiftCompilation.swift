import FlowGraph
import Foundation

/// Compiles generated routers with `swiftc` as an app's build would: Swift 6, complete concurrency
/// checking, warnings as errors, `FlowGraphRuntime` importable (`RuntimeModule`).
public enum SwiftCompilation {
    /// Declarations for the app's own types a program names (`ProductID`, `[CartItem]`...), so the
    /// generated file can be type-checked on its own: each a struct that is Hashable, Sendable and
    /// LosslessStringConvertible, as step inputs and link placeholders need.
    public static func stubs(for program: FlowProgram) -> String { stubs(for: [program]) }

    /// The declarations for the app's types of several programs compiled together, each once.
    public static func stubs(for programs: [FlowProgram]) -> String {
        let known: Set<String> = [
            "String", "Int", "Bool", "Double", "Float", "Character", "UInt", "Int64", "UInt64", "Int32", "UInt8",
            "Array", "Dictionary", "Set", "Optional", "Result", "Never", "Void", "Any", "Error",
        ]
        var names = Set<String>()
        let parameters = programs.flatMap(\.flows).flatMap { flow -> [Parameter] in
            let declared: [Parameter] = flow.steps.flatMap(\.inputs) + flow.exits.flatMap(\.inputs) + flow.alerts.flatMap(\.inputs)
            return declared + flow.events.flatMap(\.payload) + flow.guards.flatMap(\.parameters)
        }
        for parameter in parameters {
            var word = ""
            for character in parameter.type + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                } else {
                    if let first = word.first, first.isUppercase, !known.contains(word) { names.insert(word) }
                    word = ""
                }
            }
        }
        return names.sorted().map { name in
            """
            public struct \(name): Hashable, Sendable, LosslessStringConvertible {
                public let description: String
                public init?(_ description: String) { self.description = description }
            }

            """
        }.joined()
    }

    /// Type-checks Swift files as an app's build would: Swift 6, complete concurrency checking,
    /// warnings as errors, with `FlowGraphRuntime` importable.
    public static func typecheck(_ sources: [String: String]) throws -> (status: Int32, output: String) {
        try swiftc(sources, arguments: ["-typecheck"] + RuntimeModule.searchPath())
    }

    /// Compiles Swift files to an object file as an app's debug build would (`-Onone -wmo -c`):
    /// unlike type-checking, this also reports the warnings of the later stages ("will never be
    /// executed"), which are errors here.
    public static func build(_ sources: [String: String]) throws -> (status: Int32, output: String) {
        let object = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-object-\(UUID().uuidString).o")
        defer { try? FileManager.default.removeItem(at: object) }
        return try swiftc(sources, arguments: ["-parse-as-library", "-Onone", "-wmo", "-c", "-module-name", "App", "-o", object.path]
                          + RuntimeModule.searchPath())
    }

    /// Builds Swift files (one of them with `@main`) with the same settings, linked with the
    /// runtime, and runs the program.
    public static func run(_ sources: [String: String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let executable = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: executable) }
        let built = try swiftc(sources, arguments: ["-parse-as-library", "-o", executable.path]
                                   + RuntimeModule.searchPath() + RuntimeModule.linking())
        guard built.status == 0 else { return built }
        return try RuntimeModule.launch(executable.path, [], environment: environment)
    }

    /// Runs `swiftc` with the settings of an app's build on files written to a temporary folder.
    public static func swiftc(_ sources: [String: String], arguments: [String]) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return try RuntimeModule.launch("/usr/bin/env", ["swiftc", "-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors"]
                                            + arguments + paths)
    }
}
