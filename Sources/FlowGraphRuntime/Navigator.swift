/// Runs the whole tree of flows of a program: the presentation state (stacks, modal stacks,
/// selected tabs, running subflows), `send` for events, `open` for deep links, the commands each
/// move yields for the UI layer, and a bounded history.
///
/// `send` and `open` are synchronous for a `SyncNavigationProgram` and `async` (serialized: a
/// second call waits for the first, even across a guard's `await`) for an
/// `AsyncNavigationProgram`. A call never traps: it is applied, blocked by a guard, not handled,
/// impossible, or cancelled.
@MainActor
public final class Navigator<Program: NavigationProgram> {
    /// The running flows: the root flow, and the subflow of every shown step that runs one.
    public internal(set) var flows: [FlowID: RunningFlow] = [:]
    /// The root flow.
    public private(set) var rootID = FlowID(rawValue: 0)
    /// The alert or dialog on screen, if any.
    public internal(set) var alert: ShownAlert?
    /// The alerts asked while another was up, oldest first: each waits its turn and shows when the
    /// one before it closes without a move (a button that only closes it, a blocked button, the
    /// user tapping around a dialog); a move of the screens (another event's, a button's, a link,
    /// the user's back, swipe or tab) closes the alert and drops them, since they were asked over
    /// the screen that goes.
    public internal(set) var queuedAlerts: [ShownAlert] = []
    /// A deep link that arrived while a step that keeps links (`step Terms keeps links`) was on
    /// screen: it opens once none is, after the call that takes the last one away. A newer link
    /// replaces it; `discardKeptLink()` drops it.
    public internal(set) var keptLink: Link?
    /// The latest sends, links and moves of the user with their outcomes, oldest first.
    public internal(set) var history: [Record] = []
    /// The guards asked by the move being made, with their answers, for its record.
    var askedAnswers: [GuardAnswer] = []
    /// How many records `history` keeps; lowering it drops the oldest.
    /// The width the UI lays the app out in (its horizontal size class): a move written `sheet
    /// Compose compact cover` presents as a sheet in `.regular` and as a cover in `.compact`. The UI
    /// sets it (`FlowGraphUI` does, from the environment or the trait collection) before the user
    /// acts; a layer keeps the presentation it was made with. `.compact` until set.
    public var sizeClass: ProgramTable.SizeClass = .compact

    public var historyLimit: Int {
        didSet {
            historyLimit = max(0, historyLimit)
            trimHistory()
        }
    }
    /// Called with each new record, once the move it records is made.
    public var observer: ((Record) -> Void)?
    /// The commands that build the first screens from nothing: a `setRoot` for each stack of the
    /// root flow (and a `selectTab` for a tab bar), and the subflows they run.
    public private(set) var initialCommands: [Command] = []
    /// What answers the program's guards.
    public let guards: Program.AppGuards

    let rootScreens: [Screen]
    /// What the app started with: a `restart` of the root flow builds its first screens from it again.
    let root: Root
    /// Every screen the root flow may start at: a deep link's path may begin at any of them.
    let rootStartScreens: [Screen]
    var lastID = 0
    /// While a move is made that a path then follows into the subflow it starts (`at`, a link's
    /// path): that subflow shows no launch layer, which the path's entry would take away at once.
    var startsAlongPath = false
    /// Counts the moves of the user, which a call waiting for a guard must notice.
    var revision = 0
    var isBusy = false
    var waiting: [CheckedContinuation<Void, Never>] = []
    var observers: [(Record) -> Void] = []
    /// Whether some step of the program keeps links (most programs: none, and nothing is looked up).
    let hasStepsThatKeepLinks = Program.table.flows.contains { $0.steps.contains(where: \.keepsLinks) }

    /// A navigator showing the first screens of `root`; `guards` answers the program's guards.
    public init(_ root: Root, guards: Program.AppGuards, historyLimit: Int = 100) {
        let start = Self.start(of: root, guards: guards)
        self.guards = guards
        self.root = root
        self.historyLimit = max(0, historyLimit)
        rootScreens = start.screens
        rootStartScreens = Self.possibleStartScreens(flow: start.flow, from: .root(root))
        var commands: [Command] = []
        rootID = startFlow(start, parent: nil, commands: &commands)
        initialCommands = commands
    }

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

    /// Empties the history.
    public func clearHistory() {
        history.removeAll()
    }

    /// Adds an observer of every new record, called after `observer` (for an adapter that keeps
    /// a view model current; the app keeps `observer` for itself).
    public func addObserver(_ body: @escaping (Record) -> Void) {
        observers.append(body)
    }

    /// The program as data, for tests and tools: steps with a shortest path to each, clauses,
    /// links with the path `open` follows.
    public nonisolated static var graph: ProgramGraph { ProgramGraph(Program.table) }

    // MARK: Moves of the user

    /// The user went back in a stack (back button, swipe), which now has `count` screens.
    /// Returns what else must go: modal stacks of subflows that were in the popped screens. With
    /// `count` 0, the user went back from the first screen of a split view's column, on a compact
    /// width where the columns are one stack: that column and those after it go (`setTabs`).
    @discardableResult
    public func userWentBack(in stack: StackID, to count: Int) -> Outcome {
        let before = current
        var outcome = Outcome(status: .impossible, commands: [])
        var closing: [Stack] = []
        if count == 0, let columns = closeColumn(stack, closing: &closing) {
            revision += 1
            outcome = Outcome(status: .applied, commands: closeAlert() + dismissals(closing) + columns)
        } else if case let (id, place)? = locate(stack), count >= 1, count < self.stack(id, place)?.entries.count ?? 0 {
            revision += 1
            removeEntries(of: id, place, from: count, closing: &closing)
            outcome = Outcome(status: .applied, commands: closeAlert() + dismissals(closing))
        }
        record(.userWentBack(stack, to: count), before, outcome)
        return openingKeptLink(after: outcome)
    }

    /// The user swiped a sheet away (or tapped outside a popover). Returns what else must go.
    /// Impossible for a sheet or popover whose lock holds now (`isLocked(_:)`): the UI should not
    /// have let the user do it, and the sheet stays.
    @discardableResult
    public func userDismissed(_ stack: StackID) -> Outcome {
        let before = current
        var outcome = Outcome(status: .impossible, commands: [])
        if case let (id, place)? = locate(stack), case .layer(let index) = place,
           flows[id]?.layers[index].lock.map({ !isHeld($0, in: id) }) ?? true {
            revision += 1
            let closing = closeModals(of: id, from: index)
            outcome = Outcome(status: .applied, commands: closeAlert() + dismissals(closing.filter { $0.id != stack }))
        }
        record(.userDismissed(stack), before, outcome)
        return openingKeptLink(after: outcome)
    }

    /// Whether the user cannot swipe the modal stack away now (nor tap outside it, for a popover):
    /// a cover always; a sheet or popover `locked`, or `locked while` a guard whose answer, asked
    /// now, makes its condition hold. The UI asks it whenever it draws the stack, to disable the
    /// gesture (`interactiveDismissDisabled`, `isModalInPresentation`). False for a stack that is
    /// not modal or not shown. (A cover the app's own code dismissed is still reported by
    /// `userDismissed`; a locked sheet's is refused.)
    public func isLocked(_ stack: StackID) -> Bool {
        guard case let (id, place)? = locate(stack), case .layer(let index) = place, let layer = flows[id]?.layers[index] else {
            return false
        }
        if layer.style == .cover { return true }
        return layer.lock.map { isHeld($0, in: id) } ?? false
    }

    /// Whether a lock of a layer of flow `id` holds now: the guard of `locked while` is asked at
    /// once (the compiler lets a lock ask only a guard that answers so; one it cannot ask holds).
    func isHeld(_ lock: ProgramTable.Lock, in id: FlowID) -> Bool {
        switch lock {
        case .always: return true
        case .whileGuard(let condition):
            guard let flow = flows[id]?.flow.rawValue,
                  let answer = Program.answerAtOnce(GuardRef(flow: flow, index: condition.guardIndex), of: guards) else { return true }
            return answer == condition.holdsWhen
        }
    }

    /// The user closed the alert with this id without tapping a button (a confirmation dialog
    /// tapped around, on iPad): it only closes. Impossible when it is no longer up.
    @discardableResult
    public func userClosedAlert(_ id: Int) -> Outcome {
        var outcome = Outcome(status: .impossible, commands: [])
        if alert?.id == id {
            alert = nil
            // The UI closed it already: the next one waiting shows.
            outcome = Outcome(status: .applied, commands: showNextAlert())
        }
        record(.userClosedAlert(id: id), current, outcome)
        return outcome
    }

    /// Closes the alert on screen, if any, before a move of the screens, and drops the alerts
    /// waiting (asked over the screen that goes), returning the command that says so.
    func closeAlert() -> [Command] {
        queuedAlerts = []
        guard let shown = alert else { return [] }
        alert = nil
        return [.closeAlert(id: shown.id)]
    }

    /// Closes the alert on screen when nothing else moves (a button that only closes it, or whose
    /// move was blocked): the next one waiting, if any, shows.
    func closeAlertShowingNext() -> [Command] {
        guard let shown = alert else { return [] }
        alert = nil
        return [.closeAlert(id: shown.id)] + showNextAlert()
    }

    /// The first alert waiting, shown now that none is up.
    private func showNextAlert() -> [Command] {
        guard alert == nil, !queuedAlerts.isEmpty else { return [] }
        let next = queuedAlerts.removeFirst()
        alert = next
        return [.showAlert(next)]
    }

    /// The user picked tab `index` in the tab bar of a tabs flow; impossible when that tab bar is
    /// not on screen (not in the chain, or under a modal stack).
    @discardableResult
    public func userSelectedTab(_ index: Int, in id: FlowID) -> Outcome {
        let before = current
        var outcome = Outcome(status: .impossible, commands: [])
        // The tab bar must be on screen: its flow in the chain, nothing presented over it.
        let shown = chain.drop { $0.id != id }
        if let running = flows[id], running.isTabs, running.tabs.indices.contains(index),
           !shown.isEmpty, shown.allSatisfy(\.layers.isEmpty) {
            revision += 1
            flows[id]?.selectedTab = index
            outcome = Outcome(status: .applied, commands: closeAlert())
        }
        record(.userSelectedTab(index, in: id), before, outcome)
        return openingKeptLink(after: outcome)
    }

    /// The user tapped the item of a tab bar that presents `step` over it (`step Post as sheet`):
    /// the step is presented as its item says, built from what the tab bar was started with;
    /// impossible when that tab bar is not on screen, or has no such item.
    @discardableResult
    public func userTappedTabItem(_ step: StepRef, in id: FlowID) -> Outcome {
        let before = current
        var outcome = Outcome(status: .impossible, commands: [])
        let shown = chain.drop { $0.id != id }
        if let running = flows[id], running.isTabs, running.flow.rawValue == step.flow,
           Program.table.flows[step.flow].steps.indices.contains(step.step),
           let kind = Program.table.flows[step.flow].steps[step.step].tabItem, !shown.isEmpty, shown.allSatisfy(\.layers.isEmpty),
           let source = startSource(of: id),
           // The item's move is its kind's, as a clause's would be (a sheet takes its step's lock).
           let present = move(ProgramTable.Action(kind: kind, target: step.step), in: step.flow, from: source) {
            revision += 1
            outcome = Outcome(status: .applied, commands: closeAlert() + apply(present, in: id))
        }
        record(.userTappedTabItem(step, in: id), before, outcome)
        return openingKeptLink(after: outcome)
    }

    func record(_ cause: Record.Cause, _ screen: Screen, _ outcome: Outcome, kept: [EntryID] = [], clauses: [ClauseTaken] = []) {
        var entry = Record(cause: cause, screen: screen, outcome: outcome, kept: kept)
        entry.clauses = clauses
        entry.answers = askedAnswers
        askedAnswers = []
        if let recording = NavigatorRecording.current { recording.write(entry, of: self) }
        history.append(entry)
        trimHistory()
        observer?(entry)
        for observer in observers { observer(entry) }
    }

    private func trimHistory() {
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
    }
}
