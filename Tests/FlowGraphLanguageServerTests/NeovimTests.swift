import Foundation
import FlowGraphTestSupport
import Testing

/// A real client: Debian's Neovim, headless, with the editors/nvim configuration, driving the built
/// `flowgraph lsp` (Tests/Editors/nvim-lsp-test.lua). Where nvim is missing the test is skipped,
/// except under CI (`CI` set), where it fails: CI installs it (scripts/install-dependencies), and an
/// editor test that silently does not run is no test.
@Suite("The language server in Neovim")
struct NeovimTests {
    static let root = PackageFolder.root

    static var nvim: String? {
        ["/usr/bin/nvim", "/usr/local/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false }

    @Test(.enabled(if: nvim != nil || isCI, "nvim is missing (scripts/install-dependencies installs Debian's neovim)"))
    func neovimDrivesTheServer() async throws {
        let nvim = try #require(Self.nvim, "CI is set, and nvim is missing: scripts/install-dependencies installs it")
        let flowgraph = try PackageFolder.Product.flowgraph.url().path
        let environment = ProcessInfo.processInfo.environment.merging(["FLOWGRAPH": flowgraph]) { _, new in new }
        let arguments = ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile Tests/Editors/nvim-lsp-test.lua"]
        // Waited for on a thread of its own, not on one of the test pool's few.
        let result = try await ChildProcess.run(nvim, arguments, in: Self.root, environment: environment, mergingErrors: true)
        let (status, output) = (result.status, result.outputText)
        #expect(status == 0, "Tests/Editors/nvim-lsp-test.lua failed:\n\(output)")
        #expect(output.contains("nvim lsp test: every check held"), "\(output)")
    }
}
