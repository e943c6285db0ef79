import Foundation

/// `FlowGraphRuntime` built from this checkout's sources with `swiftc`, once per test process, so
/// that generated routers can be type-checked, built and run as an app that depends on it would.
public enum RuntimeModule {
    /// The package's root folder.
    public static let root = PackageFolder.root

    /// The folder with `FlowGraphRuntime.swiftmodule` and `libFlowGraphRuntime.a`, or why it could not be built.
    public static let folder: Result<URL, RuntimeModuleError> = build()

    public struct RuntimeModuleError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `-I folder`: `import FlowGraphRuntime` finds the module.
    public static func searchPath() throws -> [String] { ["-I", try folder.get().path] }

    /// The flags that link the runtime's static library.
    public static func linking() throws -> [String] { ["-L", try folder.get().path, "-lFlowGraphRuntime"] }

    /// The runtime's own source files, sorted.
    public static func sources() -> [URL] {
        let directory = root.appendingPathComponent("Sources/FlowGraphRuntime")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { directory.appendingPathComponent($0) }
    }

    private static func build() -> Result<URL, RuntimeModuleError> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-runtime-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let built = try launch("/usr/bin/env", [
                "swiftc", "-emit-module", "-emit-library", "-static", "-module-name", "FlowGraphRuntime", "-parse-as-library",
                "-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors",
                "-emit-module-path", folder.appendingPathComponent("FlowGraphRuntime.swiftmodule").path,
                "-o", folder.appendingPathComponent("libFlowGraphRuntime.a").path,
            ] + sources().map(\.path))
            guard built.status == 0 else { return .failure(RuntimeModuleError(description: built.output)) }
            return .success(folder)
        } catch {
            return .failure(RuntimeModuleError(description: "\(error)"))
        }
    }

    public static func launch(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run(path, arguments, environment: environment, mergingErrors: true)
        return (result.status, result.outputText)
    }
}
