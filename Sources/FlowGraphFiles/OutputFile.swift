import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files safely: atomically (a temporary file in the same folder, then a rename),
/// and not at all when the file already holds the same bytes, so builds stay incremental.
public enum OutputFile {
    /// Writes `bytes` to `path`; returns whether the file changed.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String) throws -> Bool {
        let url = URL(fileURLWithPath: path)
        if let existing = try? Data(contentsOf: url), existing.elementsEqual(bytes) { return false }
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw InputError(description: "cannot write '\(path)': \(error.localizedDescription)")
        }
        // rename(2) replaces the file in one step: readers see the old bytes or the new ones, never
        // a part. (Foundation's replaceItemAt on Linux can fail and lose the old file.)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw InputError(description: "cannot write '\(path)': \(reason)")
        }
        return true
    }
}
