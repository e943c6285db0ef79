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
}
