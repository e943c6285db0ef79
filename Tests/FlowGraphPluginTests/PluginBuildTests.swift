import Foundation
import FlowGraphTestSupport
import Testing

/// The plugin as an app meets it: a package that depends on this one by path and applies
/// FlowGraphPlugin to a target, built with `swift build`.
///
/// One sequence, because each step needs the build before it: a `.flow` error fails the build with
/// the finding at its line and column; a warning does not; a build with no change runs nothing.
/// It runs first in `AppPackageTests`'s package, on a target of its own: the first build compiles
/// FlowGraph for the plugin's tool there, and the app's tests reuse it.
enum PluginBuildTests {
    static let isSkipped = ProcessInfo.processInfo.environment["FLOWGRAPH_SKIP_PLUGIN_BUILD"] == "1"

    /// This package's folder: three levels above this file.
    static let repository = PackageFolder.root

    /// The sequence on `target` of `package` (which has the plugin and the runtime); it leaves the
    /// target building without an error or a warning.
    static func aFlowErrorFailsTheBuildAtItsLineAndColumn(in package: TemporaryPackage, target: String) async throws {
        /// The program with its error fixed, and `more` after its last step.
        func fixed(andThen more: String = "") -> String {
            "flow Broken {\n    start Home\n    step Home {\n        on nextTapped -> push Next\n    }\n    step Next\(more)\n}\n"
        }
        let folder = "Sources/\(target)"
        try package.write("\(folder)/\(target).swift", "let firstStep: Broken.Step = .home\n")
        try package.write("\(folder)/Broken.flow", """
            flow Broken {
                start Home
                step Home {
                    on nextTapped -> push Missing
                }
            }

            """)
        let failed = try await package.build(target)
        #expect(failed.status != 0, "\(failed.findings)")
        let broken = package.root.appendingPathComponent("\(folder)/Broken.flow").path
        try #require(failed.lines.contains("\(broken):4:31: error: flow 'Broken' has no step named 'Missing' [unknown-name]"),
                     "\(failed.findings)")
        #expect(!FileManager.default.fileExists(atPath: package.router(of: target).path), "nothing is written when the program has errors")

        // A warning is shown at its place, and the generated types compile with the app's code.
        try package.write("\(folder)/Broken.flow", fixed(andThen: "\n    step Orphan"))
        let warned = try await package.build(target)
        #expect(warned.status == 0, "\(warned.findings)")
        #expect(warned.lines.contains(
            "\(broken):7:10: warning: step 'Orphan' is unreachable: no transition from the start of flow 'Broken' leads to it [unreachable-step]"),
            "\(warned.findings)")
        let generated = package.routerDate(of: target)

        // Nothing changed: the generator does not run, and FlowRouter.swift is left alone.
        let again = try await package.build(target)
        #expect(again.status == 0, "\(again.findings)")
        #expect(!again.output.contains("Generating FlowRouter.swift"), "\(again.findings)")
        #expect(!again.output.contains("warning:"), "\(again.findings)")
        #expect(generated != nil && package.routerDate(of: target) == generated)

        // Options in flowgraph.json: the generated types move into the namespace asked for.
        try package.write("\(folder)/flowgraph.json", #"{"namespace": "Navigation"}"#)
        try package.write("\(folder)/\(target).swift", "let firstStep: Navigation.Broken.Step = .home\n")
        let namespaced = try await package.build(target)
        #expect(namespaced.status == 0, "\(namespaced.findings)")
        #expect(!namespaced.output.contains("unhandled"), "\(namespaced.findings)")
        let router = try String(contentsOf: package.router(of: target), encoding: .utf8)
        #expect(router.contains("enum Navigation {"))
        try package.write("\(folder)/flowgraph.json", #"{"namspace": "Navigation"}"#)
        let misspelt = try await package.build(target)
        #expect(misspelt.status != 0)
        #expect(misspelt.output.contains("unknown option 'namspace' (known: access, namespace, testsFor)"), "\(misspelt.findings)")
        try package.write("\(folder)/flowgraph.json", #"{"namespace": "Navigation"}"#)
        try package.write("\(folder)/Broken.flow", fixed())
    }
}

/// A package in a temporary folder whose `App` target uses FlowGraphPlugin from this package.
struct TemporaryPackage {
    struct Build {
        let status: Int32
        let output: String

        var lines: [String] { output.split(separator: "\n").map(String.init) }

        /// What a failed expectation shows: the exit status and the error and warning lines, not
        /// the whole log.
        var findings: String {
            let found = lines.filter { $0.contains("error:") || $0.contains("warning:") }
            return "swift build exited with \(status):\n" + (found.isEmpty ? lines.suffix(20) : found.prefix(30)).joined(separator: "\n")
        }
    }

    let root: URL

    /// Where the plugin wrote the router of `target` (somewhere below `.build/plugins/outputs`, in a
    /// folder named as the target), or a path that does not exist.
    func router(of target: String) -> URL {
        let outputs = root.appendingPathComponent(".build/plugins/outputs")
        let found = FileManager.default.enumerator(at: outputs, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.first { $0.lastPathComponent == "FlowRouter.swift" && $0.pathComponents.contains(target) }
        return found ?? outputs.appendingPathComponent("FlowRouter.swift")
    }

    func routerDate(of target: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: router(of: target).path))?[.modificationDate] as? Date
    }

    /// A package with this manifest, in a new temporary folder.
    init(manifest: String) throws {
        let temporary = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        root = temporary.appendingPathComponent("flowgraph-plugin-\(UUID().uuidString)")
        try write("Package.swift", manifest)
    }

    /// The identity of this package as a path dependency: its folder's name.
    static var identity: String { PluginBuildTests.repository.lastPathComponent }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// `swift build --target TARGET`, standard output and error together, in the order they were written.
    func build(_ target: String) async throws -> Build { try await swift(["build", "--target", target]) }

    /// `swift ARGUMENTS` in the package's folder, standard output and error together. Waited for
    /// on a thread of its own (minutes, on two cores), not one of the pool's the other tests need;
    /// killed after `minutes`, a bound on the build itself rather than a `.timeLimit` on the test,
    /// whose clock also counts the time the test waits for a thread of the pool.
    func swift(_ arguments: [String], minutes: Int = 10) async throws -> Build {
        let result = try await ChildProcess.run("/usr/bin/env", ["swift"] + arguments, in: root, mergingErrors: true,
                                                timeLimit: TimeInterval(minutes * 60))
        let stopped = result.timedOut ? "swift \(arguments.joined(separator: " ")) ran for \(minutes) minutes and was stopped\n" : ""
        return Build(status: result.status, output: stopped + result.outputText)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
