import Foundation
import Testing
@testable import FlowGraph

/// `render --diff`: the new program drawn with what was added, changed and removed.
@Suite("flowgraph render --diff")
struct DiffRenderTests {
    static let pair = ("Tests/FlowGraphTests/Fixtures/diff/noop-rename/old.flow", "Tests/FlowGraphTests/Fixtures/diff/render/new.flow")

    static func changes() throws -> (changes: DiagramChanges, program: FlowProgram) {
        let old = Compiler.compile([try Repository.source(pair.0)]), new = Compiler.compile([try Repository.source(pair.1)])
        let program = try #require(new.program)
        return (ProgramDiff.compare(old: old, new: new).changes, program)
    }

    /// A step added, a step and a flow removed (drawn as ghosts), a step changed, moves added and removed.
    @Test func theDOTMarksAddedChangedAndRemoved() throws {
        let (changes, program) = try Self.changes()
        #expect(changes.addedSteps == ["App.Product", "App.ConfirmRemoval", "SignIn.Credentials"])
        #expect(changes.changedSteps == ["App.Login"])
        #expect(changes.removedSteps.map(\.id) == ["App.ConfirmDelete", "App.Item", "LoginFlow.Credentials"])
        #expect(changes.removedContainers == ["LoginFlow"])
        let diagram = DiagramBuilder.build(program, diagnostics: [], options: .init(changes: changes))
        let ghost = try #require(diagram.allNodes.first { $0.id == "App.Item" })
        #expect(ghost.attributes["tooltip"] == "removed")
        #expect(diagram.clusters.contains { $0.id == "cluster_LoginFlow" && $0.attributes["label"] == "LoginFlow  (removed)" })
        #expect(diagram.edges.contains { $0.head == "App.Item" && $0.attributes["style"] == "dashed" })
        try expectGolden(DOTEmitter.emit(diagram), "diff/render.dot")
    }

    /// Without changes the flows are drawn as `render` draws them (the legend has the change marks).
    @Test func noChangesDrawTheUsualDiagram() throws {
        let (_, program) = try Self.changes()
        let usual = DiagramBuilder.build(program, diagnostics: [], options: .init(showsLegend: false))
        #expect(DiagramBuilder.build(program, diagnostics: [], options: .init(showsLegend: false, changes: DiagramChanges())) == usual)
    }

    @Test func theCommandDrawsEveryFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-render-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["svg", "png", "pdf", "dot", "mmd", "html"] {
            let output = folder.appendingPathComponent("flows.\(format)").path
            let run = try CommandLineTests.run(["render", Self.pair.1, "--diff", Self.pair.0, "-o", output])
            #expect(run.status == 0, "\(format): \(run.errors)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
            #expect(bytes.count > 100, "\(format)")
            if ["svg", "dot", "html"].contains(format) {
                #expect(String(decoding: bytes, as: UTF8.self).contains("removed"), "\(format)")
            }
            if format == "mmd" {
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(text.hasPrefix("flowchart LR\n    subgraph f0[\"App\"]"))
                #expect(text.contains(":::removed"))
            }
        }
        let broken = try CommandLineTests.run(["render", Self.pair.1, "--diff", "samples/errors/invalid-pop.flow", "-o", "-", "--format", "dot"])
        #expect(broken.status == 1)
        #expect(broken.errors.contains("the older program (--diff) has errors"))
    }
}
