// `--group` of the `tabs-shared` shape: each app's shared screens written once, as a
// `destinations` group its five tabs use (the same program for the checker).

extension TabsSharedGenerator {
    /// Whether `clause` names the tab's first screen (which a group's clause cannot).
    static func namesRoot(_ clause: Clause) -> Bool { clause.actions.contains { $0.target == "ROOT" } }

    /// One step and its clauses.
    func write(_ node: Screen, app k: Int, root: String) {
        if node.name != "ROOT", let doc = node.doc { out.line("    /// \(doc)") }
        var head = "    step \(node.name == "ROOT" ? root : node.name)\(paramList(node.inputs))"
        if let runs = node.runs { head += " runs \(runs)\(suffix(k))" }
        stats.clauses += node.clauses.count
        if node.clauses.isEmpty {
            out.line(head)
            return
        }
        out.line(head + " {")
        for clause in node.clauses { write(clause, indent: "        ", root: root) }
        out.line("    }")
    }

    /// `--group`: the app's shared screens, once, with their guards and the flow-level clauses that
    /// do not name a tab's first screen.
    func group(app k: Int, shared: Shared) {
        out.line("/// The screens every tab of the app shows, each tab on its own stack.")
        out.line("destinations AppScreens\(suffix(k)) {")
        for g in shared.guards { out.line("    guard \(g.isAsync ? "async " : "")\(g.name)") }
        stats.guards += shared.guards.count
        stats.steps += shared.screens.count
        out.line()
        for screen in shared.screens { write(screen, app: k, root: "") }
        out.line()
        for clause in shared.flowLevel where !Self.namesRoot(clause) {
            write(clause, indent: "    ", root: "")
            stats.clauses += 1
        }
        out.line("}")
        out.line()
    }
}
