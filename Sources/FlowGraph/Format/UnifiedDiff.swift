/// A unified diff of two texts by lines (`--- a/PATH` / `+++ b/PATH`, hunks with three lines of
/// context), as `diff -u` and `git diff` print it, for `flowgraph fmt --diff`. The lines are
/// matched by the standard library's `CollectionDifference` (Myers' algorithm).
public enum UnifiedDiff {
    /// The diff from `old` to `new`, or "" when they are equal.
    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let oldLines = lines(old), newLines = lines(new)
        guard oldLines != newLines else { return "" }
        let rows = rows(oldLines, newLines)
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        while index < rows.count {
            guard rows[index].kind != " " else { index += 1; continue }
            // A hunk: from `context` kept lines before the first change to `context` after the
            // last change whose next change is more than twice `context` lines away.
            let start = max(0, index - context)
            var end = index
            var last = index
            while end < rows.count, end - last <= 2 * context {
                if rows[end].kind != " " { last = end }
                end += 1
            }
            end = min(rows.count, last + context + 1)
            let hunk = rows[start..<end]
            let oldCount = hunk.count { $0.kind != "+" }, newCount = hunk.count { $0.kind != "-" }
            let oldStart = oldCount == 0 ? hunk.first!.old : hunk.first { $0.kind != "+" }!.old + 1
            let newStart = newCount == 0 ? hunk.first!.new : hunk.first { $0.kind != "-" }!.new + 1
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for row in hunk { output += "\(row.kind)\(row.text)\n" }
            index = end
        }
        return output
    }

    /// A run of lines the diff replaces: old lines `old` become new lines `new` (either may be empty).
    public struct Change: Sendable, Hashable {
        public let old: Range<Int>
        public let new: Range<Int>
    }

    /// The runs of changed lines from `old` to `new`, in order (what an editor applies as edits,
    /// so that the lines formatting leaves alone keep the cursor and marks on them).
    public static func changes(old: String, new: String) -> [Change] {
        changes(oldLines: lines(old), newLines: lines(new))
    }

    /// The same, for texts already split into `lines`.
    public static func changes(oldLines: [String], newLines: [String]) -> [Change] {
        var changes: [Change] = []
        var current: (oldStart: Int, newStart: Int, oldEnd: Int, newEnd: Int)?
        for row in rows(oldLines, newLines) {
            if row.kind == " " {
                if let run = current { changes.append(Change(old: run.oldStart..<run.oldEnd, new: run.newStart..<run.newEnd)) }
                current = nil
                continue
            }
            var run = current ?? (row.old, row.new, row.old, row.new)
            if row.kind == "-" { run.oldEnd = row.old + 1 } else { run.newEnd = row.new + 1 }
            current = run
        }
        if let run = current { changes.append(Change(old: run.oldStart..<run.oldEnd, new: run.newStart..<run.newEnd)) }
        return changes
    }

    /// Both sides walked together, a line kept on both advancing both: each row is a line kept
    /// (" "), removed ("-") or inserted ("+"), with the old and new line numbers (from 0) there.
    private static func rows(_ oldLines: [String], _ newLines: [String]) -> [(kind: Character, text: String, old: Int, new: Int)] {
        var removed = Array(repeating: false, count: oldLines.count)
        var inserted = Array(repeating: false, count: newLines.count)
        for change in newLines.difference(from: oldLines) {
            switch change {
            case .remove(let offset, _, _): removed[offset] = true
            case .insert(let offset, _, _): inserted[offset] = true
            }
        }
        var rows: [(kind: Character, text: String, old: Int, new: Int)] = []
        var oldIndex = 0, newIndex = 0
        while oldIndex < oldLines.count || newIndex < newLines.count {
            if oldIndex < oldLines.count, removed[oldIndex] {
                rows.append(("-", oldLines[oldIndex], oldIndex, newIndex))
                oldIndex += 1
            } else if newIndex < newLines.count, inserted[newIndex] {
                rows.append(("+", newLines[newIndex], oldIndex, newIndex))
                newIndex += 1
            } else {
                rows.append((" ", oldLines[oldIndex], oldIndex, newIndex))
                oldIndex += 1
                newIndex += 1
            }
        }
        return rows
    }

    /// The lines of a text, without their line ends; a last line without one is a line too.
    public static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
