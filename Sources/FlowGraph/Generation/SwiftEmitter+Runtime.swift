/// The part of the navigator that is the same for every program: the presentation tree, how
/// moves change it, the commands they yield, serialized sends, deep-link replay, history.
///
/// It is written into each generated file (an app depends on nothing of FlowGraph). In the text,
/// `ASYNC ` and `AWAIT ` become `async ` and `await ` when some guard of the program is async, and
/// disappear otherwise; `public ` becomes the access level asked for.
extension SwiftEmitter {
    /// The runtime for a program with these features: lines between `//#if feature` and
    /// `//#endif` are kept only when the program has the feature (code that could never run
    /// would be a warning).
    static func runtime(access: String, features: Set<String>) -> String {
        var lines: [Substring] = []
        var skipping: [Bool] = []
        for line in runtimeTemplate.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("//#if ") {
                skipping.append(!features.contains(String(trimmed.dropFirst(6))))
            } else if trimmed == "//#endif" {
                _ = skipping.popLast()
            } else if !skipping.contains(true) {
                lines.append(line)
            }
        }
        let isAsync = features.contains("async")
        return lines.joined(separator: "\n")
            .replacing("ASYNC ", with: isAsync ? "async " : "")
            .replacing("AWAIT ", with: isAsync ? "await " : "")
            .replacing("public ", with: access)
    }

    private static var runtimeTemplate: String { runtimeTypes + runtimeBehaviour }

    private static let runtimeBehaviour = #"""
        // MARK: - The navigator at work

        extension FlowNavigator {
            /// The running flows from the root to the one the user is in: the responder chain.
            public var chain: [RunningFlow] {
                var result: [RunningFlow] = []
                var next: FlowID? = rootID
                while let id = next, let running = flows[id] {
                    result.append(running)
                    next = running.top.entries.last?.subflow
                }
                return result
            }

            /// The screen the user sees.
            public var current: Screen {
                chain.last?.top.entries.last?.screen ?? rootScreens[0]
            }

            /// A running instance of `flow`: the one in the chain if the user is in it, else the oldest.
            public func running(_ flow: Flow) -> RunningFlow? {
                chain.last { $0.flow == flow } ?? flows.values.filter { $0.flow == flow }.min { $0.id.rawValue < $1.id.rawValue }
            }

            /// The stack with this id, if it is still shown.
            public func stack(_ id: StackID) -> Stack? {
                locate(id).flatMap { stack($0.0, $0.1) }
            }

            // MARK: Moves of the user

            /// The user went back in a stack (back button, swipe), which now has `count` screens.
            /// Returns what else must go: modal stacks of subflows that were in the popped screens.
            @discardableResult
            public func userWentBack(in stack: StackID, to count: Int) -> Outcome {
                let before = current
                var outcome = Outcome(status: .impossible, commands: [])
                if case let (id, place)? = locate(stack), count >= 1, count < self.stack(id, place)?.entries.count ?? 0 {
                    revision += 1
                    var closing: [Stack] = []
                    removeEntries(of: id, place, from: count, closing: &closing)
                    outcome = Outcome(status: .applied, commands: dismissals(closing))
                }
                record(.userWentBack(stack, to: count), before, outcome)
                return outcome
            }

            /// The user swiped a sheet away. Returns what else must go.
            @discardableResult
            public func userDismissed(_ stack: StackID) -> Outcome {
                let before = current
                var outcome = Outcome(status: .impossible, commands: [])
                if case let (id, place)? = locate(stack), case .layer(let index) = place {
                    revision += 1
                    let closing = closeModals(of: id, from: index)
                    outcome = Outcome(status: .applied, commands: dismissals(closing.filter { $0.id != stack }))
                }
                record(.userDismissed(stack), before, outcome)
                return outcome
            }

            /// The user picked tab `index` in the tab bar of a tabs flow; impossible when that tab bar
            /// is not on screen (not in the chain, or under a modal stack).
            @discardableResult
            public func userSelectedTab(_ index: Int, in id: FlowID) -> Outcome {
                let before = current
                var outcome = Outcome(status: .impossible, commands: [])
                // The tab bar must be on screen: its flow in the chain, nothing presented over it.
                let shown = chain.drop { $0.id != id }
                if let running = flows[id], running.flow.isTabs, running.tabs.indices.contains(index),
                   !shown.isEmpty, shown.allSatisfy(\.layers.isEmpty) {
                    revision += 1
                    flows[id]?.selectedTab = index
                    outcome = Outcome(status: .applied, commands: [])
                }
                record(.userSelectedTab(index, in: id), before, outcome)
                return outcome
            }

            // MARK: Sending events

            /// Runs `body` once every earlier call has finished, even across the awaits of async guards.
            //#if async
            func serialized(_ body: () async -> Outcome) async -> Outcome {
                if isBusy {
                    await withCheckedContinuation { waiting.append($0) }
                } else {
                    isBusy = true
                }
                defer {
                    if waiting.isEmpty { isBusy = false } else { waiting.removeFirst().resume() }
                }
                return await body()
            }
            //#endif
            //#if sync
            func serialized(_ body: () -> Outcome) -> Outcome {
                body()
            }
            //#endif

            //#if events
            /// Finds the running flow of the event in the chain, asks it what to do, and does it.
            func dispatch(_ event: Event, to flow: Flow, _ decide: (Screen?) ASYNC -> Decision) ASYNC -> Outcome {
                let before = current
                let chain = self.chain
                var outcome = Outcome(status: .unhandled, commands: [])
                if let level = chain.lastIndex(where: { $0.flow == flow }) {
                    // Step clauses apply only in the flow the user is in; above it, flow-level ones.
                    let screen = level == chain.count - 1 ? chain[level].top.entries.last?.screen : nil
                    let revision = self.revision
                    let decision = AWAIT decide(screen)
                    outcome = revision == self.revision
                        ? AWAIT resolve(decision, in: chain[level].id, revision: revision)
                        : Outcome(status: .cancelled, commands: [])
                }
                record(.event(event), before, outcome)
                return outcome
            }

            //#if noexits
            /// Makes the move decided, if it can act now.
            private func resolve(_ decision: Decision, in level: FlowID, revision: Int) ASYNC -> Outcome {
                switch decision {
                case .unhandled:
                    return Outcome(status: .unhandled, commands: [])
                case .blocked(let guardID):
                    return Outcome(status: .blocked(by: guardID), commands: [])
                case .move(let move):
                    guard canApply(move, in: level) else { return Outcome(status: .impossible, commands: []) }
                    return Outcome(status: .applied, commands: apply(move, in: level))
                }
            }
            //#endif
            //#if exits
            /// Follows a decision: exits go up to the step running the flow, whose handler decides
            /// next; the final move is made only when every step of the way allows it.
            private func resolve(_ first: Decision, in id: FlowID, revision: Int) ASYNC -> Outcome {
                var decision = first
                var level = id
                var finished: [(FlowID, String)] = []
                while true {
                    switch decision {
                    case .unhandled:
                        return Outcome(status: .unhandled, commands: [])
                    case .blocked(let guardID):
                        return Outcome(status: .blocked(by: guardID), commands: [])
                    case .move(.exit(let exit)):
                        finished.append((level, exit.name))
                        guard let parent = flows[level]?.parent, let runner = flows[parent]?.top.entries.last else {
                            // The root flow finished: what comes next is the app's to decide.
                            return Outcome(status: .applied, commands: finished.map { .finish($0.0, exit: $0.1) })
                        }
                        decision = AWAIT decide(exit, from: runner.screen)
                        guard revision == self.revision else { return Outcome(status: .cancelled, commands: []) }
                        level = parent
                    case .move(let move):
                        guard canApply(move, in: level) else { return Outcome(status: .impossible, commands: []) }
                        var commands: [Command] = []
                        if let outermost = finished.last?.0 {
                            var closing: [Stack] = []
                            end(flow: outermost, closing: &closing)
                            clearSubflow(outermost, of: level)
                            commands = dismissals(closing) + finished.map { .finish($0.0, exit: $0.1) }
                        }
                        commands += apply(move, in: level)
                        commands += restartSubflows(of: level)
                        return Outcome(status: .applied, commands: commands)
                    }
                }
            }
            //#endif
            //#endif

            //#if links
            // MARK: Deep links

            /// Replays a deep link's path from the root, asking the guards on the way.
            func follow(_ link: Link, root: Flow, _ hops: [LinkHop]) ASYNC -> Outcome {
                let before = current
                let outcome = AWAIT replay(root: root, hops)
                record(.link(link), before, outcome)
                return outcome
            }

            /// Asks the guards of the whole path first, in order, up to the first that says no; then
            /// makes the moves up to there at once, so that nothing changes while a guard is asked.
            private func replay(root: Flow, _ hops: [LinkHop]) ASYNC -> Outcome {
                guard !hops.isEmpty, flows[rootID]?.flow == root else { return Outcome(status: .unhandled, commands: []) }
                //#if guards
                var reachable = hops.count
                var blocker: GuardID?
                let revision = self.revision
                asking: for (index, hop) in hops.enumerated() {
                    guard case .move(_, _, let checks) = hop else { continue }
                    for check in checks {
                        if AWAIT ask(check.id) != check.expected {
                            reachable = index
                            blocker = check.id
                            break asking
                        }
                    }
                }
                guard revision == self.revision else { return Outcome(status: .cancelled, commands: []) }
                //#endif
                //#if noguards
                let reachable = hops.count
                //#endif
                var closing: [Stack] = []
                for id in flows.keys.sorted(by: { $0.rawValue > $1.rawValue }) { closing += closeModals(of: id) }
                var commands = dismissals(closing)
                for hop in hops[..<reachable] {
                    switch hop {
                    case .bottom(let kind):
                        commands += reset(rootID, to: kind)
                    case .enter(let kind):
                        guard let subflow = chain.last(where: { $0.flow == kind.flow })?.id else {
                            return Outcome(status: .impossible, commands: commands)
                        }
                        commands += reset(subflow, to: kind)
                    case .move(let move, let flow, _):
                        guard let level = chain.last(where: { $0.flow == flow })?.id, canApply(move, in: level) else {
                            return Outcome(status: .impossible, commands: commands)
                        }
                        commands += apply(move, in: level)
                    }
                }
                //#if guards
                if let blocker { return Outcome(status: .blocked(by: blocker), commands: commands) }
                //#endif
                return Outcome(status: .applied, commands: commands)
            }

            /// A URL no link of the program matches.
            func unmatched(_ url: String) -> Outcome {
                let outcome = Outcome(status: .unhandled, commands: [])
                record(.unmatchedURL(url), current, outcome)
                return outcome
            }

            /// Brings a running flow back to `kind` (its start or a tab) alone, with nothing over it.
            private func reset(_ id: FlowID, to kind: Screen.Kind) -> [Command] {
                guard let running = flows[id] else { return [] }
                var closing = closeModals(of: id)
                var commands: [Command] = []
                if let tab = running.tabs.firstIndex(where: { $0.entries[0].screen.kind == kind }) {
                    let stack = running.tabs[tab]
                    if stack.entries.count > 1 {
                        removeEntries(of: id, .tab(tab), from: 1, closing: &closing)
                        commands.append(.popTo(stack.entries[0].screen, index: 0, on: stack.id))
                    }
                    if tab != running.selectedTab {
                        flows[id]?.selectedTab = tab
                        commands.append(.selectTab(stack.entries[0].screen, index: tab, in: id))
                    }
                } else if let screen = startScreens(of: id).first(where: { $0.kind == kind }) {
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
                if id == rootID { return rootScreens }
                guard let parent = flows[id]?.parent, let running = flows[parent] else { return [] }
                for stack in running.tabs + running.layers {
                    if let entry = stack.entries.first(where: { $0.subflow == id }) {
                        return FlowNavigator.start(of: entry.screen)?.screens ?? []
                    }
                }
                return []
            }
            //#endif

            // MARK: The presentation tree

            /// Where a stack is in its flow.
            enum Place {
                case tab(Int)
                case layer(Int)
            }

            private func stack(_ id: FlowID, _ place: Place) -> Stack? {
                guard let running = flows[id] else { return nil }
                switch place {
                case .tab(let index): return running.tabs.indices.contains(index) ? running.tabs[index] : nil
                case .layer(let index): return running.layers.indices.contains(index) ? running.layers[index] : nil
                }
            }

            private func locate(_ stack: StackID) -> (FlowID, Place)? {
                for (id, running) in flows {
                    if let index = running.tabs.firstIndex(where: { $0.id == stack }) { return (id, .tab(index)) }
                    if let index = running.layers.firstIndex(where: { $0.id == stack }) { return (id, .layer(index)) }
                }
                return nil
            }

            private func topPlace(of id: FlowID) -> Place {
                guard let running = flows[id] else { return .tab(0) }
                return running.layers.isEmpty ? .tab(running.selectedTab) : .layer(running.layers.count - 1)
            }

            private func setEntries(_ entries: [Entry], of id: FlowID, _ place: Place) {
                switch place {
                case .tab(let index): flows[id]?.tabs[index].entries = entries
                case .layer(let index): flows[id]?.layers[index].entries = entries
                }
            }

            private func nextID() -> Int {
                lastID += 1
                return lastID
            }

            /// A running flow with its first screens, each with its own subflow when it runs one.
            func startFlow(_ start: Start, parent: FlowID?, commands: inout [Command]) -> FlowID {
                let id = FlowID(rawValue: nextID())
                var tabs: [Stack] = []
                for screen in start.screens {
                    let stackID = StackID(rawValue: nextID())
                    commands.append(.setRoot(screen, on: stackID))
                    let entry = makeEntry(screen, in: id, at: stackID, index: 0, commands: &commands)
                    tabs.append(Stack(id: stackID, style: start.flow.isTabs ? .tab : .base, entries: [entry]))
                }
                if start.flow.isTabs, let selected = tabs.indices.contains(start.selected) ? start.selected : nil {
                    commands.append(.selectTab(start.screens[selected], index: selected, in: id))
                }
                flows[id] = RunningFlow(id: id, flow: start.flow, parent: parent, tabs: tabs, selectedTab: start.selected, layers: [])
                return id
            }

            private func makeEntry(_ screen: Screen, in id: FlowID, at stack: StackID, index: Int, commands: inout [Command]) -> Entry {
                guard let start = FlowNavigator.start(of: screen) else { return Entry(screen: screen, subflow: nil) }
                var nested: [Command] = []
                let subflow = startFlow(start, parent: id, commands: &nested)
                let stacks = flows[subflow]?.tabs.map(\.id) ?? []
                commands.append(.start(subflow, flow: start.flow, stacks: stacks, in: stack, index: index))
                commands += nested
                return Entry(screen: screen, subflow: subflow)
            }

            /// Ends a running flow and every flow inside it; their modal stacks go into `closing`.
            private func end(flow id: FlowID, closing: inout [Stack]) {
                guard let running = flows[id] else { return }
                for stack in running.tabs { end(stack, closing: &closing, isModal: false) }
                for stack in running.layers { end(stack, closing: &closing) }
                flows[id] = nil
            }

            private func end(_ stack: Stack, closing: inout [Stack], isModal: Bool = true) {
                for entry in stack.entries {
                    if let subflow = entry.subflow { end(flow: subflow, closing: &closing) }
                }
                if isModal { closing.append(stack) }
            }

            private func removeEntries(of id: FlowID, _ place: Place, from index: Int, closing: inout [Stack]) {
                guard let entries = stack(id, place)?.entries, index <= entries.count else { return }
                for entry in entries[index...] {
                    if let subflow = entry.subflow { end(flow: subflow, closing: &closing) }
                }
                setEntries(Array(entries[..<index]), of: id, place)
            }

            /// Closes the modal stacks of a flow, from the `index`-th up.
            private func closeModals(of id: FlowID, from index: Int = 0) -> [Stack] {
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
            private func dismissals(_ closing: [Stack]) -> [Command] {
                closing.sorted { $0.id.rawValue > $1.id.rawValue }.map { .dismiss($0.id) }
            }

            private func clearSubflow(_ subflow: FlowID, of id: FlowID) {
                let place = topPlace(of: id)
                guard var entries = stack(id, place)?.entries else { return }
                if let index = entries.lastIndex(where: { $0.subflow == subflow }) {
                    entries[index] = Entry(screen: entries[index].screen, subflow: nil)
                    setEntries(entries, of: id, place)
                }
            }

            /// Starts again the subflow of a step whose flow finished but which is still shown.
            private func restartSubflows(of id: FlowID) -> [Command] {
                guard let running = flows[id] else { return [] }
                var commands: [Command] = []
                let places = running.tabs.indices.map { Place.tab($0) } + running.layers.indices.map { Place.layer($0) }
                for place in places {
                    guard let stack = stack(id, place) else { continue }
                    var entries = stack.entries
                    for index in entries.indices where entries[index].subflow == nil {
                        entries[index] = makeEntry(entries[index].screen, in: id, at: stack.id, index: index, commands: &commands)
                    }
                    setEntries(entries, of: id, place)
                }
                return commands
            }

            private func tabIndex(of kind: Screen.Kind, in running: RunningFlow) -> Int? {
                running.flow.isTabs ? running.tabs.firstIndex { $0.entries[0].screen.kind == kind } : nil
            }

            /// Whether a move can act in flow `id` now.
            func canApply(_ move: Move, in id: FlowID) -> Bool {
                guard let running = flows[id] else { return false }
                let top = running.top.entries
                switch move {
                case .push, .sheet, .cover, .replace, .exit: return true
                case .root(let screen): return !running.flow.isTabs || tabIndex(of: screen.kind, in: running) != nil
                case .select(let kind): return tabIndex(of: kind, in: running) != nil
                case .pop: return top.count > 1
                case .popTo(let kind): return top.dropLast().contains { $0.screen.kind == kind }
                case .dismiss: return !running.layers.isEmpty
                }
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
                case .sheet(let screen), .cover(let screen):
                    let isSheet = if case .sheet = move { true } else { false }
                    let stackID = StackID(rawValue: nextID())
                    let entry = makeEntry(screen, in: id, at: stackID, index: 0, commands: &commands)
                    flows[id]?.layers.append(Stack(id: stackID, style: isSheet ? .sheet : .cover, entries: [entry]))
                    commands.insert(.present(screen, style: isSheet ? .sheet : .cover, stack: stackID, by: id), at: 0)
                case .replace(let screen):
                    if running.layers.isEmpty, top.entries.count == 1, tabIndex(of: screen.kind, in: running) != nil {
                        // At the bottom of a tab bar, the step shown instead is a tab: show that one.
                        return apply(.root(screen), in: id)
                    }
                    removeEntries(of: id, place, from: top.entries.count - 1, closing: &closing)
                    let entry = makeEntry(screen, in: id, at: top.id, index: top.entries.count - 1, commands: &commands)
                    setEntries(Array(top.entries.dropLast()) + [entry], of: id, place)
                    commands.insert(.replace(screen, on: top.id), at: 0)
                case .root(let screen):
                    closing = closeModals(below: id) + closeModals(of: id)
                    let tab = tabIndex(of: screen.kind, in: running) ?? running.selectedTab
                    let stack = running.tabs[tab]
                    removeEntries(of: id, .tab(tab), from: 0, closing: &closing)
                    let entry = makeEntry(screen, in: id, at: stack.id, index: 0, commands: &commands)
                    setEntries([entry], of: id, .tab(tab))
                    commands.insert(.setRoot(screen, on: stack.id), at: 0)
                    if tab != running.selectedTab {
                        flows[id]?.selectedTab = tab
                        commands.append(.selectTab(screen, index: tab, in: id))
                    }
                case .select(let kind):
                    closing = closeModals(below: id) + closeModals(of: id)
                    if let tab = tabIndex(of: kind, in: running), tab != running.selectedTab {
                        flows[id]?.selectedTab = tab
                        commands.append(.selectTab(running.tabs[tab].entries[0].screen, index: tab, in: id))
                    }
                case .pop:
                    removeEntries(of: id, place, from: top.entries.count - 1, closing: &closing)
                    commands.append(.pop(top.id))
                case .popTo(let kind):
                    let index = top.entries.dropLast().lastIndex { $0.screen.kind == kind } ?? 0
                    removeEntries(of: id, place, from: index + 1, closing: &closing)
                    commands.append(.popTo(top.entries[index].screen, index: index, on: top.id))
                case .dismiss:
                    let layer = running.layers[running.layers.count - 1]
                    end(layer, closing: &closing)
                    flows[id]?.layers.removeLast()
                case .exit:
                    break
                }
                return dismissals(closing) + commands
            }

            private func record(_ cause: Record.Cause, _ screen: Screen, _ outcome: Outcome) {
                let entry = Record(cause: cause, screen: screen, outcome: outcome)
                history.append(entry)
                if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
                observer?(entry)
            }
        }

        """#
}
