import Foundation
import FlowGraphTestSupport
import Testing

/// The page as a person sees it, in headless Chromium: `scripts/browser-test` (Selenium), run here
/// so that `swift test`, and so `make test` and CI, run it. Where Chromium, its driver or Selenium
/// is missing the test is skipped, except under CI (`CI` set), where it fails: CI installs them
/// (scripts/install-dependencies), and a browser test that silently does not run is no test.
@Suite("The page in a real browser")
struct BrowserTests {
    static let root = PackageFolder.root
    static let python = "/usr/bin/python3"

    /// Whether Chromium, chromedriver and python3's Selenium are all there.
    static var toolsArePresent: Bool {
        let manager = FileManager.default
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains { manager.isExecutableFile(atPath: $0) }
        let driver = manager.isExecutableFile(atPath: "/usr/bin/chromedriver")
        guard chromium, driver, manager.isExecutableFile(atPath: python) else { return false }
        return run([python, "-c", "import selenium"]).status == 0
    }

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false }

    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        do {
            let result = try ChildProcess.run(arguments[0], Array(arguments.dropFirst()), in: root, mergingErrors: true)
            return (result.status, result.outputText)
        } catch {
            return (-1, "\(error)")
        }
    }

    @Test(.enabled(if: toolsArePresent || isCI, "Chromium, chromedriver or python3-selenium is missing (scripts/install-dependencies installs them)"))
    func thePagesAndThePreviewWorkInChromium() async throws {
        try #require(Self.toolsArePresent,
                     "CI is set, and Chromium, chromedriver or python3-selenium is missing: scripts/install-dependencies installs them")
        let flowgraph = try PackageFolder.Product.flowgraph.url().path
        let generator = try PackageFolder.Product.programGenerator.url().path
        let out = Self.root.appendingPathComponent(".build/browser-test").path
        let arguments = [Self.python, "scripts/browser-test", "--flowgraph", flowgraph, "--generator", generator, "--out", out]
        let result = try await offPool { Self.run(arguments) }
        #expect(result.status == 0, "scripts/browser-test failed:\n\(result.output)")
        #expect(result.output.contains("browser test: every check held"), "\(result.output)")
        print(result.output)
    }
}
