import Foundation
import PackagePlugin

/// Generates the Swift router of a target's `.flow` files at build time.
///
/// Every `*.flow` file of the target is one input of a single build command that runs
/// `flowgraph-generate` and writes `FlowRouter.swift` into the plugin's work folder, which the
/// build then compiles with the target's own sources. The command runs again only when a
/// `.flow` file (or the tool) changed; a program with errors fails the build, with each finding
/// shown at its line and column in the `.flow` file.
///
/// An app applies it to the target that holds its `.flow` files:
///
/// ```swift
/// .target(name: "App", plugins: [.plugin(name: "FlowGraphPlugin", package: "FlowGraph")])
/// ```
///
/// SwiftPM gives a build tool plugin the files it has no rule for, so the `.flow` files need no
/// `exclude:` or `resources:` entry, and it does not warn about them. The target depends on the
/// `FlowGraphRuntime` product, which the generated file imports.
///
/// Options go in a `flowgraph.json` file in the target's folder (a build tool plugin takes no
/// arguments from the manifest): `{"access": "public", "namespace": "Navigation"}`, both optional.
///
/// A test target applies it with `{"testsFor": "App"}`: it then writes `FlowJourneyTests.swift`,
/// the journeys of the `.flow` files of the target and of the targets it depends on, as Swift
/// Testing tests that `@testable import App` and play on its router (docs/Journeys.md).
@main
struct FlowGraphPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        var flows = target.sourceFiles(withSuffix: "flow").map(\.url)
        let options = target.sourceFiles.first { $0.url.lastPathComponent == "flowgraph.json" }?.url
        let writesTests = options.map(Self.writesTests) ?? false
        if writesTests {
            // The journeys of the app the tests are for: its targets' `.flow` files.
            for dependency in target.recursiveTargetDependencies {
                guard let module = dependency as? SourceModuleTarget else { continue }
                flows += module.sourceFiles(withSuffix: "flow").map(\.url)
            }
        }
        return Self.commands(
            flows: flows, tool: try context.tool(named: "flowgraph-generate").url,
            workDirectory: context.pluginWorkDirectoryURL, options: options, writesTests: writesTests)
    }

    /// Whether the options file names a module the target's tests are for (`"testsFor"`).
    static func writesTests(_ options: URL) -> Bool {
        guard let data = try? Data(contentsOf: options),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["testsFor"] != nil
    }

    /// One command for all the `.flow` files, which are one program; none when there are none.
    static func commands(flows: [URL], tool: URL, workDirectory: URL, options: URL?, writesTests: Bool = false) -> [Command] {
        // Sorted, so that the command line, and with it the generated header, never depends on
        // the order in which the build system lists the files.
        let flows = flows.sorted { $0.path < $1.path }
        guard !flows.isEmpty else { return [] }
        let name = writesTests ? "FlowJourneyTests.swift" : "FlowRouter.swift"
        let output = workDirectory.appendingPathComponent(name)
        return [
            .buildCommand(
                displayName: "Generating \(name) from \(flows.count) .flow file\(flows.count == 1 ? "" : "s")",
                executable: tool,
                // The tool reads the options file itself, so that a change to it runs the tool again.
                arguments: ["--output", output.path] + (options.map { ["--options", $0.path] } ?? []) + flows.map(\.path),
                inputFiles: flows + [tool] + (options.map { [$0] } ?? []),
                outputFiles: [output]
            ),
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FlowGraphPlugin: XcodeBuildToolPlugin {
    /// The same command for a target of an Xcode project, from the `.flow` files among its inputs.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let flows = target.inputFiles.filter { $0.url.pathExtension == "flow" }.map(\.url)
        let options = target.inputFiles.first { $0.url.lastPathComponent == "flowgraph.json" }?.url
        return Self.commands(
            flows: flows, tool: try context.tool(named: "flowgraph-generate").url,
            workDirectory: context.pluginWorkDirectoryURL, options: options, writesTests: options.map(Self.writesTests) ?? false)
    }
}
#endif
