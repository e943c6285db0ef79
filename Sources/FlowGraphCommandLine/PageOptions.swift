import ArgumentParser
import FlowGraph
import Foundation

/// The options of the program's page, shared by `render --format html` and `preview`.
package struct PageOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The editor that the page's source links open (vscode: vscode://file/PATH:LINE:COLUMN; "
            + "xcode: file://PATH, with xed --line in the tooltip, as Xcode has no URL for a line); none shows file:line:column as text.",
        valueName: "editor"))
    package var editor: MapPageSettings.Editor = .none

    package init() {}

    /// The page's settings for a program read from `paths`, whose files are `files`.
    package func settings(paths: [String], files: [String]) -> MapPageSettings {
        MapPageSettings(title: Self.title(paths), editor: editor, absolutePaths: editor == .none ? [] : files.map(Self.absolute))
    }

    /// `shop` for `samples/shop`, `Shop` for `Shop.flow`; several paths, joined.
    package static func title(_ paths: [String]) -> String {
        let names = paths.map { path -> String in
            let url = URL(fileURLWithPath: path).standardizedFileURL
            let name = url.lastPathComponent
            return name.hasSuffix(".flow") ? String(name.dropLast(5)) : name
        }
        return names.isEmpty ? "FlowGraph" : names.joined(separator: ", ")
    }

    package static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

extension MapPageSettings.Editor: ExpressibleByArgument {}
