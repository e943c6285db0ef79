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
    static func apply(_ edits: [[String: Any]], to text: String) -> String {
        var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        func offset(_ position: [String: Any]) -> (Int, Int) {
            (position["line"] as? Int ?? 0, position["character"] as? Int ?? 0)
        }
        let sorted = edits.sorted {
            let a = offset(($0["range"] as? [String: Any])?["start"] as? [String: Any] ?? [:])
            let b = offset(($1["range"] as? [String: Any])?["start"] as? [String: Any] ?? [:])
            return a > b
        }
        for edit in sorted {
            let range = edit["range"] as? [String: Any] ?? [:]
            let (startLine, startCharacter) = offset(range["start"] as? [String: Any] ?? [:])
            let (endLine, endCharacter) = offset(range["end"] as? [String: Any] ?? [:])
            let before = Array(lines[startLine].prefix(startCharacter))
            let after = Array(lines[endLine].dropFirst(endCharacter))
            let inserted = (edit["newText"] as? String ?? "").components(separatedBy: "\n").map { Array($0.utf16) }
            var replacement = inserted
            replacement[0] = before + replacement[0]
            replacement[replacement.count - 1] += after
            lines.replaceSubrange(startLine...endLine, with: replacement)
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }

    /// The codes (rule ids) of a list of LSP diagnostics.
    static func codes(_ diagnostics: [[String: Any]]?) -> [String] {
        (diagnostics ?? []).compactMap { $0["code"] as? String }
    }
}
