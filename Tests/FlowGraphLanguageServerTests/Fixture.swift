@testable import FlowGraphLanguageServer
import Foundation

/// A two-file program: `App` in a.flow runs `LoginFlow` and `SettingsFlow` of b.flow. It has one
/// finding: `Login` does not handle `LoginFlow`'s exit `cancelled` (unhandled-exit).
enum Fixture {
    static let app = """
    /// The app's one stack.
    flow App {
        start Home

        guard isSignedIn

        step Home {
            on detailTapped(item: ItemID) -> push Detail if isSignedIn else sheet Login
            on settingsTapped -> sheet Settings
        }

        /// One item.
        step Detail(item: ItemID)

        step Login runs LoginFlow {
            on loggedIn -> dismiss
        }

        step Settings runs SettingsFlow {
            on done -> dismiss
        }
    }

    """

    static let login = """
    flow LoginFlow {
        start Credentials

        step Credentials {
            on submitted -> exit loggedIn
            on cancelTapped -> exit cancelled
        }

        exit loggedIn
        exit cancelled
    }

    flow SettingsFlow {
        start Options

        step Options {
            on doneTapped -> exit done
        }

        exit done
    }

    """

    static func workspace() throws -> TemporaryWorkspace {
        try TemporaryWorkspace(["a.flow": app, "b.flow": login])
    }

    /// `text` with LSP text edits applied (UTF-16 positions), as an editor applies them.
    static func apply(_ edits: [TextEditJSON], to text: String) -> String {
        var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        for edit in edits.sorted(by: { ($0.range.start.line, $0.range.start.character) > ($1.range.start.line, $1.range.start.character) }) {
            let (start, end) = (edit.range.start, edit.range.end)
            let before = Array(lines[start.line].prefix(start.character))
            let after = Array(lines[end.line].dropFirst(end.character))
            var replacement = edit.newText.components(separatedBy: "\n").map { Array($0.utf16) }
            replacement[0] = before + replacement[0]
            replacement[replacement.count - 1] += after
            lines.replaceSubrange(start.line...end.line, with: replacement)
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }

    /// The same, for edits as the JSON of a response.
    static func apply(_ edits: [[String: Any]], to text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: edits)) ?? Data()
        return apply((try? JSONDecoder().decode([TextEditJSON].self, from: data)) ?? [], to: text)
    }

    /// The codes (rule ids) of a list of LSP diagnostics.
    static func codes(_ diagnostics: [[String: Any]]?) -> [String] {
        (diagnostics ?? []).compactMap { $0["code"] as? String }
    }
}
