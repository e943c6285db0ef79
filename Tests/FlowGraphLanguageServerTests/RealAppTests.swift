import FlowGraph
import FlowGraphTestSupport
@testable import FlowGraphLanguageServer
import Foundation
import Testing

/// The server on the team's real programs: the real-app fixtures (each a program of its own) and
/// the samples, in temporary copies.
@Suite("The language server on real programs")
struct RealAppTests {
    static let root = PackageFolder.root

    static var realApps: [String] {
        let folder = root.appendingPathComponent("Tests/FlowGraphTests/Fixtures/real-apps")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".flow") }.sorted()
    }

    /// Every declaration of each real app's outline hovers, goes to itself and has references; the
    /// findings are `check`'s.
    @Test(arguments: realApps)
    func everyDeclarationOfARealAppAnswers(name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Tests/FlowGraphTests/Fixtures/real-apps/\(name)"), encoding: .utf8)
        let workspace = try TemporaryWorkspace([name: text])
        defer { workspace.remove() }
        let client = LSPClient()
        client.initialize(root: workspace.url)
        let url = workspace.file(name)
        client.open(url, text)
        let expected = Compiler.compile([SourceFile(path: url.path, text: text)]).diagnostics.map(\.rule.id)
        #expect(Fixture.codes(client.diagnostics(url.absoluteString)) == expected)
        let outline = client.symbols(url)
        #expect(!outline.isEmpty)
        var declarations = 0
        for symbol in outline + outline.flatMap(\.children) {
            let start = symbol.selectionRange.start
            declarations += 1
            let value = client.hover(url, start)?.contents.value ?? ""
            #expect(value.contains(symbol.name), "hover of \(symbol.name) in \(url.lastPathComponent): \(value)")
            #expect(client.definition(url, start).map(\.range.start.line).contains(start.line), "definition of \(symbol.name)")
            #expect(client.references(url, start, includeDeclaration: true).count >= 1)
        }
        #expect(declarations >= 3)
        #expect(client.shutDown() == 0)
    }

    /// A copy of a sample's folder, its files by name.
    static func copy(_ sample: String) throws -> (TemporaryWorkspace, [String: String]) {
        let folder = root.appendingPathComponent("samples/\(sample)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".flow") {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return (try TemporaryWorkspace(files), files)
    }

    /// Renames the name that ends `needle` in `file` to `newName`, applies the edits to every file, and
    /// returns the new texts and the files the rename touched.
    static func rename(_ sample: String, file: String, needle: String, to newName: String) throws -> ([String: String], Set<String>) {
        let (workspace, files) = try copy(sample)
        defer { workspace.remove() }
        let client = LSPClient()
        client.initialize(root: workspace.url)
        let url = workspace.file(file)
        client.open(url, files[file] ?? "")
        #expect(client.diagnostics(url.absoluteString)?.isEmpty == true)
        let changes = client.rename(url, LSPClient.marker(needle, in: files[file] ?? "", plus: needle.utf16.count - 1),
                                    to: newName)?.result?.changes ?? [:]
        var result = files
        var touched = Set<String>()
        for (uri, edits) in changes {
            let name = URL(string: uri)?.lastPathComponent ?? ""
            touched.insert(name)
            result[name] = Fixture.apply(edits, to: files[name] ?? "")
        }
        #expect(client.shutDown() == 0)
        return (result, touched)
    }

    static func findings(_ files: [String: String]) -> [Diagnostic] {
        Compiler.compile(files.sorted { $0.key < $1.key }.map { SourceFile(path: $0.key, text: $0.value) }).diagnostics
    }

    @Test func renamingAFlowOfTheMailSampleEditsEveryFile() throws {
        let (renamed, touched) = try Self.rename("mail", file: "Mail.flow", needle: "runs ComposeFlow", to: "WriteFlow")
        // The mail's journeys name the flow too (`sheet ComposeFlow.Editor`).
        #expect(touched == ["Mail.flow", "Compose.flow", "Journeys.flow"])
        #expect(renamed["Journeys.flow"]?.contains("sheet WriteFlow.Editor(draft: reply)") == true)
        #expect(renamed["Compose.flow"]?.contains("flow WriteFlow {") == true)
        #expect(renamed["Mail.flow"]?.contains("runs WriteFlow") == true)
        #expect(Self.findings(renamed).isEmpty)
    }

    @Test func renamingAnExitOfTheMailSampleRenamesItsHandler() throws {
        let (renamed, touched) = try Self.rename("mail", file: "Compose.flow", needle: "exit sent", to: "delivered")
        #expect(touched == ["Mail.flow", "Compose.flow"])
        #expect(renamed["Mail.flow"]?.contains("on delivered") == true)
        #expect(Self.findings(renamed).isEmpty)
    }

    @Test func renamingAGroupsStepRenamesItInEveryFlowThatUsesIt() throws {
        let (renamed, touched) = try Self.rename("movies", file: "MovieScreens.flow", needle: "step MovieDetail", to: "Film")
        #expect(touched.contains("MovieScreens.flow"))
        #expect(touched.count >= 2, "\(touched)")
        #expect(renamed.values.allSatisfy { !$0.contains("MovieDetail") })
        #expect(Self.findings(renamed).isEmpty)
    }
}
