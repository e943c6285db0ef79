// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileNavigatorColumns = ###"""
/// A split view (`flow Mail split`): its base is its columns, left to right, each a stack of the
/// running flow's `tabs` (the sidebar first, with the flow's start; then the content column and the
/// detail column, each there once `show` put a screen in it). The last is the flow's top stack:
/// the detail pushes on it; the sidebar and the content hold their one screen.
extension Navigator {
    /// The column of a split view a stack is: its bottom screen's step's (0 for the sidebar, 1 the
    /// content column, 2 the detail column).
    public nonisolated static func column(of stack: Stack) -> Int {
        let step = Program.step(of: stack.entries[0].screen)
        return Program.table.flows[step.flow].steps[step.step].column
    }

    /// Whether a push or a replace can act on the split view's top column: the detail's (or a
    /// modal layer over the columns); the sidebar and the content column hold one screen each.
    static func canPushOrReplace(in running: RunningFlow) -> Bool {
        !running.isSplit || !running.layers.isEmpty || column(of: running.tabs[running.selectedTab]) == 2
    }

    /// `show X` in split view `id`: X alone in its column, the columns after it gone (with what
    /// runs in them), the flow's modal layers closed (`closing` has them). The UI gets the new
    /// list of columns (`setTabs`), then X as the new column's root.
    func show(_ screen: Screen, in id: FlowID, closing: inout [Stack]) -> [Command] {
        guard let running = flows[id] else { return [] }
        let step = Program.step(of: screen)
        let column = Program.table.flows[step.flow].steps[step.step].column
        keepColumns(running.tabs.prefix { Self.column(of: $0) < column }.count, of: id, closing: &closing)
        let stackID = StackID(rawValue: nextID())
        var starts: [Command] = []
        let entry = makeEntry(screen, in: id, at: stackID, index: 0, commands: &starts)
        flows[id]?.tabs.append(Stack(id: stackID, style: .column, entries: [entry]))
        flows[id]?.selectedTab += 1
        return [columnsCommand(id), .setRoot(screen, on: stackID)] + starts
    }

    /// Split view `id` with its sidebar alone (a `root`, a link back to the start): the other
    /// columns go, with what runs in them. The command for the UI, none when there was nothing to close.
    func closeColumns(of id: FlowID, closing: inout [Stack]) -> [Command] {
        guard let running = flows[id], running.isSplit, running.tabs.count > 1 else { return [] }
        keepColumns(1, of: id, closing: &closing)
        return [columnsCommand(id)]
    }

    /// The user went back from the first screen of a column (on a compact width, where the columns
    /// are one stack): that column and those after it go. Nil when `stack` is no such column.
    func closeColumn(_ stack: StackID, closing: inout [Stack]) -> [Command]? {
        guard case let (id, .tab(index))? = locate(stack), index > 0, let running = flows[id], running.isSplit,
              running.layers.isEmpty else { return nil }
        keepColumns(index, of: id, closing: &closing)
        return [columnsCommand(id)]
    }

    /// Split view `id` with its first `count` columns only: the others go, with what runs in them.
    private func keepColumns(_ count: Int, of id: FlowID, closing: inout [Stack]) {
        guard let running = flows[id] else { return }
        for column in running.tabs.dropFirst(count) { end(column, closing: &closing, isModal: false) }
        flows[id]?.tabs = Array(running.tabs.prefix(count))
        flows[id]?.selectedTab = count - 1
    }

    /// The UI's news of split view `id`'s columns, left to right.
    private func columnsCommand(_ id: FlowID) -> Command {
        .setTabs(id, stacks: flows[id]?.tabs.map(\.id) ?? [])
    }
}
"""###
}
