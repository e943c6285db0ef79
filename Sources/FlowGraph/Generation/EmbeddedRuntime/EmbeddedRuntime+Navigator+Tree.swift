// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileNavigatorTree = ###"""
/// The presentation tree: how each move changes the running flows and their stacks, and the
/// commands it yields.
extension Navigator {
    /// Where a stack is in its flow.
    enum Place: Equatable {
        case tab(Int)
        case layer(Int)
    }

    static func start(of root: Root, guards: Program.AppGuards) -> Start {
        let flow = Program.flow(of: root)
        return start(flow: flow, from: .root(root), guards: guards)
    }

    /// The first screens of the subflow a screen's step runs, from the screen's inputs.
    static func start(of screen: Screen, guards: Program.AppGuards) -> Start? {
        let step = Program.step(of: screen)
        guard let runs = Program.table.flows[step.flow].steps[step.step].runs else { return nil }
        return start(flow: runs, from: .screen(screen), guards: guards)
    }

    /// The step a flow starts at now: the first choice of its start whose condition holds, the
    /// guards asked at once, in order (a plain `start` asks nothing).
    static func chosenStart(flow: Int, guards: Program.AppGuards) -> Int {
        let info = Program.table.flows[flow]
        for choice in info.startChoices {
            guard let condition = choice.condition else { return choice.step }
            if holds(condition, flow: flow, guards: guards) { return choice.step }
        }
        return info.start
    }

    /// The tabs a tab bar has as it is built now: those without a condition, and those whose
    /// condition holds (`step Lists runs ListsFlow if hasLists`), the guards asked at once.
    static func presentTabs(flow: Int, guards: Program.AppGuards) -> [Int] {
        let info = Program.table.flows[flow]
        return info.steps.indices.filter { index in
            info.steps[index].tabItem == nil && info.steps[index].condition.map { holds($0, flow: flow, guards: guards) } ?? true
        }
    }

    /// Whether a condition a flow's start asks (of a choice, a launch or a tab) holds now.
    private static func holds(_ condition: ProgramTable.Condition, flow: Int, guards: Program.AppGuards) -> Bool {
        (Program.answerAtOnce(GuardRef(flow: flow, index: condition.guardIndex), of: guards) ?? false) == condition.holdsWhen
    }

    private static func start(flow: Int, from source: PayloadSource<Program>, guards: Program.AppGuards) -> Start {
        let info = Program.table.flows[flow]
        let chosen = chosenStart(flow: flow, guards: guards)
        let steps = info.isTabs ? presentTabs(flow: flow, guards: guards) : [chosen]
        let screens = steps.compactMap { Program.screen(StepRef(flow: flow, step: $0), from: source) }
        // The tab its start chooses, or when that one is not there, the first that always is.
        let selected = info.isTabs ? steps.firstIndex(of: chosen) ?? steps.firstIndex { info.steps[$0].condition == nil } ?? 0 : 0
        var start = Start(flow: flow, screens: screens, selected: selected)
        // `start Home, cover Onboarding if g`: its guard asked at once, as a start's.
        if let launch = info.launch, !info.isTabs, launch.condition.map({ holds($0, flow: flow, guards: guards) }) ?? true,
           let screen = Program.screen(StepRef(flow: flow, step: launch.step), from: source) {
            start.launch = (screen, launch.kind == .cover ? .cover : .sheet, launch.kind == .cover ? nil : info.steps[launch.step].lock)
        }
        return start
    }

    /// Every screen a flow may start at (or every tab), built from `source`: a deep link's path
    /// enters a flow at one of them, once the guards that pick it said so.
    static func possibleStartScreens(flow: Int, from source: PayloadSource<Program>) -> [Screen] {
        Program.table.flows[flow].firstSteps.compactMap { Program.screen(StepRef(flow: flow, step: $0), from: source) }
    }

    func stack(_ id: FlowID, _ place: Place) -> Stack? {
        guard let running = flows[id] else { return nil }
        switch place {
        case .tab(let index): return running.tabs.indices.contains(index) ? running.tabs[index] : nil
        case .layer(let index): return running.layers.indices.contains(index) ? running.layers[index] : nil
        }
    }

    func locate(_ stack: StackID) -> (FlowID, Place)? {
        for (id, running) in flows {
            if let index = running.tabs.firstIndex(where: { $0.id == stack }) { return (id, .tab(index)) }
            if let index = running.layers.firstIndex(where: { $0.id == stack }) { return (id, .layer(index)) }
        }
        return nil
    }

    func topPlace(of id: FlowID) -> Place {
        guard let running = flows[id] else { return .tab(0) }
        return running.layers.isEmpty ? .tab(running.selectedTab) : .layer(running.layers.count - 1)
    }

    func setEntries(_ entries: [Entry], of id: FlowID, _ place: Place) {
        switch place {
        case .tab(let index): flows[id]?.tabs[index].entries = entries
        case .layer(let index): flows[id]?.layers[index].entries = entries
        }
    }

    func nextID() -> Int {
        lastID += 1
        return lastID
    }

    /// A running flow with its first screens, each with its own subflow when it runs one.
    func startFlow(_ start: Start, parent: FlowID?, commands: inout [Command]) -> FlowID {
        let id = FlowID(rawValue: nextID())
        let isTabs = Program.table.flows[start.flow].isTabs
        var tabs: [Stack] = []
        for screen in start.screens {
            let stackID = StackID(rawValue: nextID())
            commands.append(.setRoot(screen, on: stackID))
            let entry = makeEntry(screen, in: id, at: stackID, index: 0, commands: &commands)
            tabs.append(Stack(id: stackID, style: isTabs ? .tab : .base, entries: [entry]))
        }
        if isTabs, tabs.indices.contains(start.selected) {
            commands.append(.selectTab(start.screens[start.selected], index: start.selected, in: id))
        }
        let flow = Flow(rawValue: start.flow)!
        flows[id] = RunningFlow(id: id, flow: flow, parent: parent, tabs: tabs, selectedTab: start.selected, layers: [])
        presentLaunch(of: start, in: id, commands: &commands)
        return id
    }

    /// `start Home, cover Onboarding if g`: the layer a flow shows over its first screens as it starts.
    private func presentLaunch(of start: Start, in id: FlowID, commands: inout [Command]) {
        guard let launch = start.launch else { return }
        let stackID = StackID(rawValue: nextID())
        var nested: [Command] = []
        let entry = makeEntry(launch.screen, in: id, at: stackID, index: 0, commands: &nested)
        flows[id]?.layers.append(Stack(id: stackID, style: launch.style.stackStyle, entries: [entry], lock: launch.lock))
        commands.append(.present(launch.screen, style: launch.style, stack: stackID, by: id))
        commands += nested
    }

    /// What flow `id` was started with, which builds its first screens: the root's values for the
    /// root flow, the screen of the step that runs it for a subflow.
    func startSource(of id: FlowID) -> PayloadSource<Program>? {
        guard let parent = flows[id]?.parent else { return flows[id] == nil ? nil : .root(root) }
        return flows[parent].flatMap { $0.tabs + $0.layers }?.lazy.flatMap(\.entries).first { $0.subflow == id }.map { .screen($0.screen) }
    }

    /// `restart` of flow `id`, whose modal layers are closed: its start is asked again and each of
    /// its stacks (every tab of a tab bar) shows its first screen anew, built from what the flow
    /// was started with, with a new subflow where it runs one; a tab bar keeps the tab selected.
    private func restart(_ id: FlowID, closing: inout [Stack]) -> [Command] {
        guard let running = flows[id], let source = startSource(of: id) else { return [] }
        var start = Self.start(flow: running.flow.rawValue, from: source, guards: guards)
        if startsAlongPath { start.launch = nil }
        guard !start.screens.isEmpty else { return [] }
        // What ran in the old stacks ends; a tab still there keeps its stack, a new one gets one.
        for stack in running.tabs { end(stack, closing: &closing, isModal: false) }
        let steps = running.tabs.map { Program.step(of: $0.entries[0].screen) }
        var commands: [Command] = []
        var tabs: [Stack] = []
        for screen in start.screens {
            let old = running.isTabs ? steps.firstIndex(of: Program.step(of: screen)).map { running.tabs[$0] } : running.tabs.first
            tabs.append(Stack(id: old?.id ?? StackID(rawValue: nextID()), style: old?.style ?? .tab, entries: []))
        }
        let isNewTabSet = tabs.map(\.id) != running.tabs.map(\.id)
        if isNewTabSet { commands.append(.setTabs(id, stacks: tabs.map(\.id))) }
        flows[id]?.tabs = tabs
        for (index, screen) in start.screens.enumerated() {
            commands.append(.setRoot(screen, on: tabs[index].id))
            let entry = makeEntry(screen, in: id, at: tabs[index].id, index: 0, commands: &commands)
            setEntries([entry], of: id, .tab(index))
        }
        // A tab bar stays on its tab while that tab is there.
        let shown = running.isTabs ? start.screens.firstIndex { Program.step(of: $0) == steps[running.selectedTab] } : 0
        let selected = shown ?? start.selected
        flows[id]?.selectedTab = selected
        if running.isTabs, isNewTabSet || selected != running.selectedTab {
            commands.append(.selectTab(start.screens[selected], index: selected, in: id))
        }
        presentLaunch(of: start, in: id, commands: &commands)
        return commands
    }

    func makeEntry(_ screen: Screen, in id: FlowID, at stack: StackID, index: Int, commands: inout [Command]) -> Entry {
        let entryID = EntryID(rawValue: nextID())
        guard var start = Self.start(of: screen, guards: guards) else { return Entry(id: entryID, screen: screen, subflow: nil) }
        if startsAlongPath { start.launch = nil }
        var nested: [Command] = []
        let subflow = startFlow(start, parent: id, commands: &nested)
        let stacks = flows[subflow]?.tabs.map(\.id) ?? []
        commands.append(.start(subflow, flow: Flow(rawValue: start.flow)!, stacks: stacks, in: stack, index: index))
        commands += nested
        return Entry(id: entryID, screen: screen, subflow: subflow)
    }

    /// Ends a running flow and every flow inside it; their modal stacks go into `closing`.
    func end(flow id: FlowID, closing: inout [Stack]) {
        guard let running = flows[id] else { return }
        for stack in running.tabs { end(stack, closing: &closing, isModal: false) }
        for stack in running.layers { end(stack, closing: &closing) }
        flows[id] = nil
    }

    func end(_ stack: Stack, closing: inout [Stack], isModal: Bool = true) {
        for entry in stack.entries {
            if let subflow = entry.subflow { end(flow: subflow, closing: &closing) }
        }
        if isModal { closing.append(stack) }
    }

    func removeEntries(of id: FlowID, _ place: Place, from index: Int, closing: inout [Stack]) {
        guard let entries = stack(id, place)?.entries, index <= entries.count else { return }
        for entry in entries[index...] {
            if let subflow = entry.subflow { end(flow: subflow, closing: &closing) }
        }
        setEntries(Array(entries[..<index]), of: id, place)
    }

    /// Closes the modal stacks of a flow, from the `index`-th up.
    func closeModals(of id: FlowID, from index: Int = 0) -> [Stack] {
        guard let running = flows[id], index < running.layers.count else { return [] }
        var closing: [Stack] = []
        for layer in running.layers[index...] { end(layer, closing: &closing) }
        flows[id]?.layers.removeSubrange(index...)
        return closing
    }

    /// Closes the modal stacks of the flows the user is in below `id`, which a move of `id` hides.
    private func closeModals(below id: FlowID) -> [Stack] {
        var closing: [Stack] = []
        for running in chain.reversed() {
            if running.id == id { break }
            closing += closeModals(of: running.id)
        }
        return closing
    }

    /// Dismiss commands for closed modal stacks, the one presented last first.
    func dismissals(_ closing: [Stack]) -> [Command] {
        closing.sorted { $0.id.rawValue > $1.id.rawValue }.map { .dismiss($0.id) }
    }

    func clearSubflow(_ subflow: FlowID, of id: FlowID) {
        let place = topPlace(of: id)
        guard var entries = stack(id, place)?.entries else { return }
        if let index = entries.lastIndex(where: { $0.subflow == subflow }) {
            entries[index] = Entry(id: entries[index].id, screen: entries[index].screen, subflow: nil)
            setEntries(entries, of: id, place)
        }
    }

    /// Starts again the subflow of a step whose flow finished but which is still shown.
    func restartSubflows(of id: FlowID) -> [Command] {
        guard let running = flows[id] else { return [] }
        var commands: [Command] = []
        let places = running.tabs.indices.map { Place.tab($0) } + running.layers.indices.map { Place.layer($0) }
        for place in places {
            guard let stack = stack(id, place) else { continue }
            var entries = stack.entries
            for index in entries.indices where entries[index].subflow == nil && Self.runsAFlow(entries[index].screen) {
                let restarted = makeEntry(entries[index].screen, in: id, at: stack.id, index: index, commands: &commands)
                entries[index] = Entry(id: entries[index].id, screen: restarted.screen, subflow: restarted.subflow)
            }
            setEntries(entries, of: id, place)
        }
        return commands
    }

    private func tabIndex(of step: StepRef, in running: RunningFlow) -> Int? {
        running.isTabs ? running.tabs.firstIndex { Program.step(of: $0.entries[0].screen) == step } : nil
    }

    /// Brings a running flow back to `step` (its start or a tab) alone, with nothing over it; as
    /// `screen` when given (a link's target with the URL's values), a new screen if it shows
    /// another.
    func reset(_ id: FlowID, to step: StepRef, showing screen: Screen? = nil) -> [Command] {
        guard flows[id] != nil else { return [] }
        var closing = closeModals(of: id)
        var commands = closeColumns(of: id, closing: &closing)
        guard let running = flows[id] else { return [] }
        if let tab = running.tabs.firstIndex(where: { Program.step(of: $0.entries[0].screen) == step }) {
            let stack = running.tabs[tab]
            if let screen, stack.entries[0].screen != screen {
                removeEntries(of: id, .tab(tab), from: 0, closing: &closing)
                var starts: [Command] = []
                let entry = makeEntry(screen, in: id, at: stack.id, index: 0, commands: &starts)
                setEntries([entry], of: id, .tab(tab))
                commands += [.setRoot(screen, on: stack.id)] + starts
            } else if stack.entries.count > 1 {
                removeEntries(of: id, .tab(tab), from: 1, closing: &closing)
                commands.append(.popTo(stack.entries[0].screen, index: 0, on: stack.id))
            }
            if tab != running.selectedTab {
                flows[id]?.selectedTab = tab
                commands.append(.selectTab(screen ?? stack.entries[0].screen, index: tab, in: id))
            }
        } else if let screen = screen ?? startScreens(of: id).first(where: { Program.step(of: $0) == step }) {
            let stack = running.tabs[running.selectedTab]
            removeEntries(of: id, .tab(running.selectedTab), from: 0, closing: &closing)
            var starts: [Command] = []
            let entry = makeEntry(screen, in: id, at: stack.id, index: 0, commands: &starts)
            flows[id]?.tabs[running.selectedTab].entries = [entry]
            commands += [.setRoot(screen, on: stack.id)] + starts
        }
        return dismissals(closing) + commands
    }

    private func startScreens(of id: FlowID) -> [Screen] {
        if id == rootID { return rootStartScreens }
        guard let flow = flows[id]?.flow, let source = startSource(of: id) else { return [] }
        return Self.possibleStartScreens(flow: flow.rawValue, from: source)
    }

    /// Whether the screen's step runs a flow.
    static func runsAFlow(_ screen: Screen) -> Bool {
        let step = Program.step(of: screen)
        return Program.table.flows[step.flow].steps[step.step].runs != nil
    }

    /// The guard of the tab a move (`select X`, `root X`) or a path's hop would show in tab bar
    /// `id` when the tab bar was built without it (`step Lists runs ListsFlow if hasLists`, the
    /// guard saying no then); nil for any other move, and for a tab that is there.
    func absentTab(_ move: Move, in id: FlowID) -> GuardRef? {
        switch move {
        case .select(let step), .selectBelow(let step): absentTab(step, in: id)
        case .root(let screen): absentTab(Program.step(of: screen), in: id)
        default: nil
        }
    }

    func absentTab(_ step: StepRef, in id: FlowID) -> GuardRef? {
        guard let running = flows[id], running.isTabs, running.flow.rawValue == step.flow,
              let condition = Program.table.flows[step.flow].steps[step.step].condition,
              tabIndex(of: step, in: running) == nil else { return nil }
        return GuardRef(flow: step.flow, index: condition.guardIndex)
    }

    /// Whether a move can act in flow `id` now.
    func canApply(_ move: Move, in id: FlowID) -> Bool {
        flows[id].map { canApply(move, to: $0) } ?? false
    }

    /// Whether a move can act on `running`: each move of `.then` where those before it left it.
    private func canApply(_ move: Move, to running: RunningFlow) -> Bool {
        let top = running.top.entries
        switch move {
        case .present, .exit, .alert, .openExternally, .restart: return true
        // A split view's sidebar and content column hold one screen: the detail pushes.
        case .push, .replace: return Self.canPushOrReplace(in: running)
        case .show(let screen): return running.isSplit && Program.table.flows[running.flow.rawValue].steps[Program.step(of: screen).step].column > 0
        case .root(let screen): return !running.isTabs || tabIndex(of: Program.step(of: screen), in: running) != nil
        case .select(let step), .selectBelow(let step): return tabIndex(of: step, in: running) != nil
        case .pop: return top.count > 1
        case .popTo(let step): return top.dropLast().contains { Program.step(of: $0.screen) == step }
        case .dismiss: return !running.layers.isEmpty
        case .pushBelow: return running.layers.count >= 2 || !running.layers.isEmpty && (!running.isSplit
            || Self.column(of: running.tabs[running.selectedTab]) == 2)
        case .close: return top.count > 1 || !running.layers.isEmpty
        case .then(let back, let next):
            guard canApply(back, to: running), let left = Self.afterBack(back, running) else { return false }
            return canApply(next, to: left)
        }
    }

    /// The stacks of `running` once back move `move` (one `canApply` allows) is made: what the next
    /// move of `.then` acts on. Nil for a move that is not a back move.
    private static func afterBack(_ move: Move, _ running: RunningFlow) -> RunningFlow? {
        var left = running
        func setTop(_ entries: [Entry]) {
            if left.layers.isEmpty { left.tabs[left.selectedTab].entries = entries } else { left.layers[left.layers.count - 1].entries = entries }
        }
        let top = running.top.entries
        switch move {
        case .pop: setTop(Array(top.dropLast()))
        case .popTo(let step): setTop(Array(top.prefix((top.dropLast().lastIndex { Program.step(of: $0.screen) == step } ?? 0) + 1)))
        case .dismiss: left.layers.removeLast()
        case .close: return afterBack(top.count > 1 ? .pop : .dismiss, running)
        default: return nil
        }
        return left
    }

    /// Makes a move in flow `id` (one `canApply` allows) and returns the commands for the UI.
    func apply(_ move: Move, in id: FlowID) -> [Command] {
        guard let running = flows[id] else { return [] }
        let place = topPlace(of: id)
        let top = running.top
        var closing: [Stack] = []
        var commands: [Command] = []
        switch move {
        case .push(let screen):
            closing = closeModals(below: id)
            let entry = makeEntry(screen, in: id, at: top.id, index: top.entries.count, commands: &commands)
            setEntries(top.entries + [entry], of: id, place)
            commands.insert(.push(screen, on: top.id), at: 0)
        case .pushBelow(let screen):
            // On the stack the top layer was presented from (the layer under it, or the tab's
            // stack); the top layer, and what runs in it, stay as they are.
            let layers = running.layers
            let below = layers.count >= 2 ? layers[layers.count - 2] : running.tabs[running.selectedTab]
            let place: Place = layers.count >= 2 ? .layer(layers.count - 2) : .tab(running.selectedTab)
            let entry = makeEntry(screen, in: id, at: below.id, index: below.entries.count, commands: &commands)
            setEntries(below.entries + [entry], of: id, place)
            commands.insert(.push(screen, on: below.id), at: 0)
        case .present(let screen, let style, let lock):
            let stackID = StackID(rawValue: nextID())
            let entry = makeEntry(screen, in: id, at: stackID, index: 0, commands: &commands)
            flows[id]?.layers.append(Stack(id: stackID, style: style.stackStyle, entries: [entry], lock: lock))
            commands.insert(.present(screen, style: style, stack: stackID, by: id), at: 0)
        case .replace(let screen):
            if running.layers.isEmpty, top.entries.count == 1, tabIndex(of: Program.step(of: screen), in: running) != nil {
                // At the bottom of a tab bar, the step shown instead is a tab: show that one.
                return apply(.root(screen), in: id)
            }
            removeEntries(of: id, place, from: top.entries.count - 1, closing: &closing)
            let entry = makeEntry(screen, in: id, at: top.id, index: top.entries.count - 1, commands: &commands)
            setEntries(Array(top.entries.dropLast()) + [entry], of: id, place)
            commands.insert(.replace(screen, on: top.id), at: 0)
        case .root(let screen):
            closing = closeModals(below: id) + closeModals(of: id)
            // A split view's root is its sidebar's screen, alone in the sidebar.
            let columns = closeColumns(of: id, closing: &closing)
            if !columns.isEmpty {
                let sidebar = running.tabs[0]
                removeEntries(of: id, .tab(0), from: 0, closing: &closing)
                let entry = makeEntry(screen, in: id, at: sidebar.id, index: 0, commands: &commands)
                setEntries([entry], of: id, .tab(0))
                return dismissals(closing) + columns + [.setRoot(screen, on: sidebar.id)] + commands
            }
            let tab = tabIndex(of: Program.step(of: screen), in: running) ?? running.selectedTab
            let stack = running.tabs[tab]
            removeEntries(of: id, .tab(tab), from: 0, closing: &closing)
            let entry = makeEntry(screen, in: id, at: stack.id, index: 0, commands: &commands)
            setEntries([entry], of: id, .tab(tab))
            commands.insert(.setRoot(screen, on: stack.id), at: 0)
            if tab != running.selectedTab {
                flows[id]?.selectedTab = tab
                commands.append(.selectTab(screen, index: tab, in: id))
            }
        case .restart:
            closing = closeModals(below: id) + closeModals(of: id)
            commands = restart(id, closing: &closing)
        case .show(let screen):
            closing = closeModals(below: id) + closeModals(of: id)
            commands = show(screen, in: id, closing: &closing)
        case .select(let step), .selectBelow(let step):
            if case .selectBelow = move, !running.layers.isEmpty {
                // The tab bar's layer on top stays, with what runs in it; the layers under it close,
                // and tab X is selected beneath it: the user finds it once the layer goes.
                for layer in running.layers.dropLast() { end(layer, closing: &closing) }
                flows[id]?.layers = [running.layers[running.layers.count - 1]]
            } else {
                closing = closeModals(below: id) + closeModals(of: id)
            }
            if let tab = tabIndex(of: step, in: running), tab != running.selectedTab {
                flows[id]?.selectedTab = tab
                commands.append(.selectTab(running.tabs[tab].entries[0].screen, index: tab, in: id))
            }
        case .pop:
            removeEntries(of: id, place, from: top.entries.count - 1, closing: &closing)
            commands.append(.pop(top.id))
        case .popTo(let step):
            let index = top.entries.dropLast().lastIndex { Program.step(of: $0.screen) == step } ?? 0
            removeEntries(of: id, place, from: index + 1, closing: &closing)
            commands.append(.popTo(top.entries[index].screen, index: index, on: top.id))
        case .dismiss:
            let layer = running.layers[running.layers.count - 1]
            end(layer, closing: &closing)
            flows[id]?.layers.removeLast()
        case .close:
            // Whichever way the top screen was shown: popped when pushed, else its modal stack dismissed.
            return apply(top.entries.count > 1 ? .pop : .dismiss, in: id)
        case .then(let back, let next):
            let commands = apply(back, in: id)
            return commands + apply(next, in: id)
        case .exit:
            break
        case .alert(let ref, let value):
            if let current = alert {
                // It waits for the one on screen, unless the same alert (with the same values) is
                // up or waiting already: asked twice, it shows once.
                let isSame = { (other: ShownAlert) in other.ref == ref && other.value == value }
                if !isSame(current), !queuedAlerts.contains(where: isSame) {
                    queuedAlerts.append(ShownAlert(id: nextID(), flow: id, ref: ref, value: value))
                }
            } else {
                let shown = ShownAlert(id: nextID(), flow: id, ref: ref, value: value)
                alert = shown
                commands.append(.showAlert(shown))
            }
        case .openExternally(let url):
            commands.append(.openExternally(url))
        }
        return dismissals(closing) + commands
    }
}
"""###
}
