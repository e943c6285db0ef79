import Foundation

/// Writing to the terminal: standard output and error, and whether colour is wanted.
package enum Terminal {
    package static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    package static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set or `TERM` is `dumb`.
    package static var isColorTerminal: Bool { wantsColor(on: STDOUT_FILENO) }

    /// The same, for standard error.
    package static var isColorErrorTerminal: Bool { wantsColor(on: STDERR_FILENO) }

    private static func wantsColor(on descriptor: Int32) -> Bool {
        guard isatty(descriptor) != 0 else { return false }
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }
}
