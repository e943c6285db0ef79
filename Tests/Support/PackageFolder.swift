import Foundation

/// Where the tests find the package's files and the products SwiftPM built: one definition for
/// every test target.
public enum PackageFolder {
    /// The package's root folder (this file is `Tests/Support/PackageFolder.swift`).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file or folder of the package, by its path relative to the root.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The folder SwiftPM built the test bundle and the executables into (on macOS the bundle's
    /// `Contents/MacOS` is three levels below it); `.build/debug` when no `flowgraph` is there.
    public static var products: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" { folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("flowgraph").path) { return folder }
        return url(".build/debug")
    }

    /// The package's executables the tests run as a user would: every one a test runs is listed
    /// here. SwiftPM cannot link an executable into a test bundle that another test target links
    /// too, so the tests cannot depend on them in Package.swift; `swift build --build-tests`
    /// (`make test`) builds them with the tests.
    public enum Product: String, CaseIterable, Sendable {
        case flowgraph
        case render = "flowgraph-render"
        case preview = "flowgraph-preview"
        case generate = "flowgraph-generate"
        case programGenerator = "flowgraph-program-generator"

        /// The built executable, or an error that says how to build it.
        public func url() throws -> URL {
            let url = PackageFolder.products.appendingPathComponent(rawValue)
            guard FileManager.default.isExecutableFile(atPath: url.path) else { throw NotBuilt(product: rawValue, path: url.path) }
            return url
        }
    }

    public struct NotBuilt: Error, CustomStringConvertible {
        public let product: String
        public let path: String
        public var description: String { "'\(product)' is not built at \(path): run `swift build --build-tests` (make test does)" }
    }
}
