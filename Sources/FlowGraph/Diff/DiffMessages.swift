/// Every message of `flowgraph diff`, in one place: lowercase, no final period, names in single
/// quotes, clear without the source line (the catalogue style of the other stages).
enum DiffMessages {
    // MARK: link
    static func linkRemoved(_ pattern: String, step: String, example: String) -> String {
        "link '\(pattern)' to '\(step)' was removed or changed: '\(example)' opened it and matches no link now"
    }
    static func linkTargetChanged(_ pattern: String, step: String, example: String, now: String) -> String {
        "'\(example)' opened '\(step)' by link '\(pattern)' and opens '\(now)' now"
    }
    static func linkStackChanged(_ pattern: String, step: String, before: String, now: String) -> String {
        "link '\(pattern)' opened '\(step)' \(before) and opens it \(now) now"
    }
    static func placeholderNarrowed(_ placeholder: String, pattern: String, before: String, now: String) -> String {
        "placeholder '{\(placeholder)}' of link '\(pattern)' was '\(before)' and is '\(now)' now: a URL whose text does not convert no longer opens"
    }
    static func linkGuardAdded(_ pattern: String, guards: [String]) -> String {
        let names = guards.map { "'\($0)'" }.joined(separator: ", ")
        return "link '\(pattern)' asks guard\(guards.count == 1 ? "" : "s") \(names) now, which it did not ask before: "
            + "a URL that opened may be blocked"
    }
    /// What `router-step-removed` and `link-target-changed` add when the step looks renamed: the
    /// one step its container adds with the same inputs.
    static func likelyRename(_ old: String, new: String) -> String {
        "; if '\(old)' was renamed '\(new)', say so with '// flowgraph:renamed-from \(old)' on the line above 'step \(new)'"
    }
    static func linkTargetUnreachable(_ pattern: String, step: String) -> String {
        "link '\(pattern)' could open '\(step)' and has no path to it now"
    }
    /// How a link opens its step, in a message.
    static func opening(_ move: ActionKind?, lastMove: ActionKind?) -> String {
        if let move { return "by '\(move.rawValue)' where the user is" }
        return lastMove.map { "by its path, whose last move is '\($0.rawValue)'" } ?? "by its path"
    }

    // MARK: router
    static func containerRemoved(_ name: String, isGroup: Bool) -> String {
        "\(isGroup ? "destinations" : "flow") '\(name)' was removed or renamed without a rename comment"
    }
    static func removed(_ kind: String, _ name: String, in container: String) -> String {
        "\(kind) '\(name)' of '\(container)' was removed or renamed without a rename comment"
    }
    static func inputsChanged(_ kind: String, _ name: String, in container: String, before: String, now: String) -> String {
        "inputs of \(kind) '\(container).\(name)' changed from \(before) to \(now)"
    }
    static func payloadChanged(_ kind: String, _ name: String, in container: String, before: String, now: String) -> String {
        "payload of \(kind) '\(container).\(name)' changed from \(before) to \(now)"
    }
    static func guardArgumentsChanged(_ name: String, in container: String, before: String, now: String) -> String {
        "arguments of guard '\(container).\(name)' changed from \(before) to \(now)"
    }
    static func guardAsync(_ name: String, in container: String, isAsync: Bool) -> String {
        isAsync ? "guard '\(container).\(name)' is async now: the app must answer it with an async method"
            : "guard '\(container).\(name)' is no longer async: the app must answer it at once"
    }
    static func renamed(_ kind: String, _ old: String, now new: String, swift: (before: String, now: String)) -> String {
        "\(kind) '\(old)' is '\(new)' now (a declared rename): the router's '\(swift.before)' is '\(swift.now)', "
            + "so the app's code that names it must change"
    }
    /// `()` or `(movie: MovieID, tab: Int)`.
    static func parameters(_ list: [Parameter]) -> String {
        "(" + list.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }

    // MARK: journey

    static func journeyBroken(_ name: String, _ failure: String) -> String {
        "journey '\(name)' held and does not now: \(failure)"
    }
    static func stepUnreachable(_ id: String) -> String { "step '\(id)' could be reached and cannot be now" }
    static func stepReachable(_ id: String, isNew: Bool) -> String {
        isNew ? "new step '\(id)' can be reached" : "step '\(id)' could not be reached and can be now"
    }
    static func guardAdded(_ id: String, guards: [String]) -> String {
        let names = guards.map { "'\($0)'" }.joined(separator: ", ")
        return "every way to step '\(id)' asks guard\(guards.count == 1 ? "" : "s") \(names) now, which it did not ask before: "
            + "a user for whom it blocks no longer reaches it"
    }
    static func newDeadEnd(_ message: String) -> String { "new dead end: \(message)" }
    static func newCannotFinish(_ message: String) -> String { "new: \(message)" }
    static func pathLonger(_ id: String, before: Int, now: Int, path: String) -> String {
        "the shortest way to '\(id)' takes \(now) move\(now == 1 ? "" : "s") now, \(before) before: \(path)"
    }
    static func presentationChanged(_ id: String, before: Set<ActionKind>, now: Set<ActionKind>) -> String {
        "step '\(id)' was shown by \(kinds(before)) and is shown by \(kinds(now)) now"
    }
    static func kinds(_ set: Set<ActionKind>) -> String {
        ActionKind.allCases.filter(set.contains).map { "'\($0.rawValue)'" }.joined(separator: " or ")
    }

    // MARK: renames
    static func renameAppliesToNothing(_ name: String) -> String {
        "'flowgraph:renamed-from \(name)' applies to no flow, destinations, step, exit, guard, alert or 'on' clause"
    }
    static func renameUnknown(_ name: String, kind: String) -> String {
        "'flowgraph:renamed-from \(name)': the old program has no \(kind) '\(name)' (nor the new name); the comment can go"
    }
}
