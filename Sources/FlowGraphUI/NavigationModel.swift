import FlowGraphRuntime
import Observation

/// What a UI shows of a running program, kept current by the navigator: the running flows, each
/// stack's entries, the presented modal stacks, the selected tabs. Every decision a UI makes
/// (which path a navigation stack shows, which sheet is up at which level, what a swipe or a
/// back button means) is here, so that the SwiftUI view and the UIKit coordinator stay thin and
/// this, the part that can be wrong, is tested on any platform.
///
/// The model observes its navigator (`addObserver`): whatever moves it, the app's `send` and
/// `open` or the UI's reports, the model republishes its state, and SwiftUI views that read it
/// are drawn again.
@MainActor
@Observable
public final class NavigationModel<Program: NavigationProgram> {
    public typealias Nav = Navigator<Program>

    /// The navigator the model shows; send events and open links through it.
    @ObservationIgnored public let navigator: Nav
    /// Every running flow by id, as the navigator holds them.
    public private(set) var flows: [Nav.FlowID: Nav.RunningFlow] = [:]
    /// The root flow.
    public private(set) var rootID: Nav.FlowID
    /// The modal stacks on screen, the first presented first, each presented over the one before:
    /// those of the flows from the root to the one the user is in, and those of flows a flow
    /// around them presented over them (a sheet an outer flow shows while an inner one has its
    /// own up comes last, over everything, and closing it shows the inner one's again).
    public private(set) var presented: [Nav.Stack] = []
    /// How many times the state changed: a cheap value for a view to depend on.
    public private(set) var revision = 0
    /// The last value a back move handed each entry still shown (`Command.deliver`): a screen that
    /// `receives` reads its own, by its entry.
    public private(set) var deliveries: [Nav.EntryID: Delivery] = [:]
    /// The last value a back move handed any screen, if any: one value a view can watch.
    public private(set) var lastDelivery: Delivery?
    /// The alert or dialog on screen, if any (`Navigator.alert`).
    public private(set) var alert: Nav.ShownAlert?
    /// The last URL an `open` action handed the system, numbered like deliveries: a view opens it
    /// when it changes (`FlowGraphView` with SwiftUI's `openURL`).
    public private(set) var lastOpened: Opened?

    /// A URL an `open url` action handed the system, as text.
    public struct Opened: Equatable {
        public let url: String
        /// Counts the URLs opened, from 1: the same URL opened twice is two openings.
        public let number: Int

        public init(url: String, number: Int) {
            self.url = url
            self.number = number
        }
    }
    /// The alert whose button the user tapped, while its event is on its way.
    @ObservationIgnored private var answered: Int?

    /// A value a back move handed a screen it showed again.
    public struct Delivery: Equatable {
        /// The value, typed: `.checkout(.summary(address: ...))`.
        public let value: Program.Received
        /// The entry that shows the screen.
        public let entry: Nav.EntryID
        /// Counts the deliveries of the model, from 1: the same value handed over twice makes two
        /// deliveries that differ, so that a view's `onChange` sees both.
        public let number: Int
    }

    /// A model of `navigator`, current from now on.
    public init(_ navigator: Nav) {
        self.navigator = navigator
        rootID = navigator.rootID
        republish(after: nil)
        navigator.addObserver { [weak self] record in self?.republish(after: record) }
    }

    private func republish(after record: Nav.Record?) {
        flows = navigator.flows
        rootID = navigator.rootID
        presented = Self.onScreen(navigator)
        alert = navigator.alert
        if answered != alert?.id { answered = nil }
        var deliveries = self.deliveries.filter { entry($0.key) != nil }
        for command in record?.outcome.commands ?? [] {
            if case .openExternally(let url) = command { lastOpened = Opened(url: url, number: (lastOpened?.number ?? 0) + 1) }
            guard case .deliver(let value, let entry, _) = command else { continue }
            let delivery = Delivery(value: value, entry: entry, number: (lastDelivery?.number ?? 0) + 1)
            deliveries[entry] = delivery
            lastDelivery = delivery
        }
        self.deliveries = deliveries
        revision += 1
    }

    /// The last value a back move handed the screen of this entry, if any.
    public func delivery(to entry: Nav.EntryID) -> Delivery? { deliveries[entry] }

    /// The modal stacks of every flow on screen, in the order they were presented (stack ids grow
    /// with time): from the root, each flow running in the top screen of a stack the flow shows (its
    /// selected tab, and each of its modal stacks).
    private static func onScreen(_ navigator: Nav) -> [Nav.Stack] {
        var result: [Nav.Stack] = []
        var pending = [navigator.rootID]
        while let id = pending.popLast(), let running = navigator.flows[id] {
            result += running.layers
            for stack in [running.tabs[running.selectedTab]] + running.layers {
                if let subflow = stack.entries.last?.subflow { pending.append(subflow) }
            }
        }
        return result.sorted { $0.id.rawValue < $1.id.rawValue }
    }

    // MARK: Reading the state

    /// The running flow with this id.
    public func flow(_ id: Nav.FlowID) -> Nav.RunningFlow? { flows[id] }

    /// The stack with this id, in any running flow.
    public func stack(_ id: Nav.StackID) -> Nav.Stack? {
        for running in flows.values {
            if let stack = running.tabs.first(where: { $0.id == id }) ?? running.layers.first(where: { $0.id == id }) { return stack }
        }
        return nil
    }

    /// The entry with this id, in any stack of any running flow.
    public func entry(_ id: Nav.EntryID) -> Nav.Entry? {
        for running in flows.values {
            for stack in running.tabs + running.layers {
                if let entry = stack.entries.first(where: { $0.id == id }) { return entry }
            }
        }
        return nil
    }

    /// What an entry shows: its screen, or, when its step runs a flow, that flow's container.
    public enum Content: Equatable {
        case screen(Program.Screen)
        case flow(Nav.FlowID)
    }

    public func content(of entry: Nav.Entry) -> Content {
        entry.subflow.map(Content.flow) ?? .screen(entry.screen)
    }

    /// What a stack shows as a whole: a flow when its only entry runs one (a tab or a sheet whose
    /// step runs a flow shows that flow's own stacks), else a navigation stack of its entries.
    public func content(of stack: Nav.Stack) -> Content? {
        if stack.entries.count == 1, let subflow = stack.entries[0].subflow { return .flow(subflow) }
        return nil
    }

    /// The entry at the bottom of a stack: the root view of its `NavigationStack`, which a view keys
    /// by its id (`.id(root.id)`). A `root` or a `replace` at the bottom puts a new entry there even
    /// for an equal screen, and its view must be built anew, with new `@State`, as a pushed entry's
    /// is (the path holds entry ids).
    public func root(of stack: Nav.StackID) -> Nav.Entry? { self.stack(stack)?.entries.first }

    /// The stacks a flow shows at its base: one, or one per tab.
    public func baseStacks(of flow: Nav.FlowID) -> [Nav.Stack] { flows[flow]?.tabs ?? [] }

    /// The modal stack presented at `level` (0 the first), if any.
    public func presented(at level: Int) -> Nav.Stack? {
        presented.indices.contains(level) ? presented[level] : nil
    }

    /// The modal stack at `level` when it has this style (a sheet, a popover, or a full-screen
    /// cover): what a `.sheet`, `.popover` or `.fullScreenCover` at that level shows.
    public func presented(at level: Int, style: Nav.ModalStyle) -> Nav.StackID? {
        guard let stack = presented(at: level) else { return nil }
        switch (stack.style, style) {
        case (.sheet, .sheet), (.popover, .popover), (.cover, .cover): return stack.id
        default: return nil
        }
    }

    /// Whether the user cannot swipe the modal stack away now (nor tap outside a popover): a
    /// `locked` sheet, or one `locked while` a guard holds, asked now (`Navigator.isLocked(_:)`).
    /// A view disables the gesture with it (`.interactiveDismissDisabled(model.isLocked(id))`);
    /// drawn in a view's body, it is asked again when what the guard reads changes, if the app's
    /// guards read observable state.
    public func isLocked(_ stack: Nav.StackID) -> Bool {
        navigator.isLocked(stack)
    }

    /// The alert to show over the content at `level` (0 the flows' base, `k` the modal stack at
    /// `k - 1`): the alert on screen goes over the topmost presented stack, the one the user sees
    /// (an alert attached under a sheet would not show).
    public func alert(at level: Int) -> Nav.ShownAlert? {
        level == presented.count ? alert : nil
    }

    /// The user tapped a button of the alert with this id: the button's action sends its event,
    /// at once or, for a program with `async` guards, from a `Task` that runs later. Until the
    /// alert goes, its close is not the user's (`alertClosed` reports nothing), so that the
    /// button's event still finds the alert up and runs the button's clause.
    public func buttonTapped(ofAlert id: Int) {
        if navigator.alert?.id == id { answered = id }
    }

    /// The UI closed the alert with this id: a button's action already sent its event, which
    /// closed it in the navigator or is on its way (`buttonTapped(ofAlert:)`), so only an alert
    /// still up whose button was not tapped was closed by the user without one (a dialog tapped
    /// around); that is reported. Nil when nothing was reported.
    @discardableResult
    public func alertClosed(_ id: Int) -> Nav.Outcome? {
        guard navigator.alert?.id == id, answered != id else { return nil }
        return navigator.userClosedAlert(id)
    }

    // MARK: Paths and the user's moves

    /// The entries a navigation stack shows above its bottom one, as a SwiftUI
    /// `NavigationStack(path:)` binds them.
    public func path(of stack: Nav.StackID) -> [Nav.EntryID] {
        self.stack(stack).map { $0.entries.dropFirst().map(\.id) } ?? []
    }

    /// The UI's new path for a stack: a shorter one that keeps the bottom of the old (the back
    /// button, the swipe back) is the user going back; any other is not a move of the user and
    /// changes nothing. Returns the navigator's outcome, nil when nothing was reported.
    @discardableResult
    public func setPath(_ path: [Nav.EntryID], of stack: Nav.StackID) -> Nav.Outcome? {
        let current = self.path(of: stack)
        guard path.count < current.count, Array(current.prefix(path.count)) == path else { return nil }
        return navigator.userWentBack(in: stack, to: path.count + 1)
    }

    /// The user swiped the modal stack at `level` away (SwiftUI set its item to nil); impossible for
    /// a locked one, which stays.
    @discardableResult
    public func dismissed(at level: Int) -> Nav.Outcome? {
        guard let stack = presented(at: level) else { return nil }
        return navigator.userDismissed(stack.id)
    }

    /// The tab a tabs flow shows.
    public func selectedTab(of flow: Nav.FlowID) -> Int { flows[flow]?.selectedTab ?? 0 }

    /// The user picked a tab in the tab bar of `flow`; the same tab again changes nothing.
    @discardableResult
    public func selectTab(_ index: Int, of flow: Nav.FlowID) -> Nav.Outcome? {
        guard index != selectedTab(of: flow) else { return nil }
        return navigator.userSelectedTab(index, in: flow)
    }

    /// The width the UI lays the app out in: a move written `sheet Compose compact cover` presents
    /// as a cover in `.compact` (`Navigator.sizeClass`), and a split view is one navigation stack
    /// there (`collapsedPath(of:)`), its columns side by side in `.regular`. `FlowGraphView` keeps
    /// it the environment's horizontal size class; another UI sets it. Observable: a view that read
    /// it is drawn again when the model's setter changes it (not when the navigator's is set directly).
    public var sizeClass: ProgramTable.SizeClass {
        get {
            access(keyPath: \.sizeClass)
            return navigator.sizeClass
        }
        set {
            guard newValue != navigator.sizeClass else { return }
            withMutation(keyPath: \.sizeClass) { navigator.sizeClass = newValue }
        }
    }

    /// The heights a modal stack stops at (`step Translate detents medium, large`), from the step
    /// at its bottom, and whether what is under it takes touches at the smallest; no detents: the
    /// platform's. The SwiftUI adapter applies them with `presentationDetents`, UIKit's with the
    /// sheet presentation controller.
    public func detents(of stack: Nav.StackID) -> (detents: [ProgramTable.Detent], isInteractive: Bool) {
        guard let entry = self.stack(stack)?.entries.first else { return ([], false) }
        let step = Program.table.flows[Program.step(of: entry.screen).flow].steps[Program.step(of: entry.screen).step]
        return (step.detents, step.isInteractiveBelowDetents)
    }

    /// The items of the tab bar of `flow` that present their step instead of selecting a tab
    /// (`step Post as sheet`), in order: shown after the tabs.
    public func tabItems(of flow: Nav.FlowID) -> [StepRef] {
        guard let running = flows[flow] else { return [] }
        return Program.table.flows[running.flow.rawValue].tabItems.map { StepRef(flow: running.flow.rawValue, step: $0) }
    }

    /// The user tapped an item of the tab bar of `flow` that presents its step: the tab shown stays.
    @discardableResult
    public func tapTabItem(_ step: StepRef, of flow: Nav.FlowID) -> Nav.Outcome {
        navigator.userTappedTabItem(step, in: flow)
    }

    /// A name for a tab item: its step's name (replace it with your own title).
    public func tabItemTitle(_ step: StepRef) -> String { Program.table.flows[step.flow].steps[step.step].name }

    /// A name for a tab: the name of the step at its bottom (replace it with your own title).
    public func tabTitle(_ stack: Nav.Stack) -> String {
        let step = Program.step(of: stack.entries[0].screen)
        return Program.table.flows[step.flow].steps[step.step].name
    }

    // MARK: Split views

    /// The columns a split view (`flow Mail split`) shows, from its base stacks: the sidebar, with
    /// the flow's start, always; the content column (`step Inbox in content`) and the detail column
    /// (`step Message in detail`) once a `show` filled them. The sidebar and the content column
    /// hold one screen each; the detail column pushes.
    public struct Columns: Hashable {
        /// The sidebar: the first column, the flow's start.
        public let sidebar: Nav.Stack
        /// The content column, if a `show` filled it (and no later move emptied it).
        public let content: Nav.Stack?
        /// The detail column, if a `show` filled it: its own navigation stack, whose path is
        /// `path(of: detail.id)`.
        public let detail: Nav.Stack?

        public init(sidebar: Nav.Stack, content: Nav.Stack?, detail: Nav.Stack?) {
            self.sidebar = sidebar
            self.content = content
            self.detail = detail
        }
    }

    /// Whether the running flow is a split view (`flow Mail split`), whose base stacks are its
    /// columns: a `NavigationSplitView` on a regular width, one navigation stack on a compact one.
    public func isSplit(_ flow: Nav.FlowID) -> Bool { flows[flow]?.isSplit ?? false }

    /// The columns the split view `flow` shows now; nil for a flow that is not a split view (or
    /// not running).
    public func columns(of flow: Nav.FlowID) -> Columns? {
        guard let running = flows[flow], running.isSplit, let sidebar = running.tabs.first else { return nil }
        var content: Nav.Stack?
        var detail: Nav.Stack?
        for stack in running.tabs.dropFirst() {
            switch Nav.column(of: stack) {
            case 1: content = stack
            case 2: detail = stack
            default: break
            }
        }
        return Columns(sidebar: sidebar, content: content, detail: detail)
    }

    /// Whether the split view `flow` has a content column at all, shown now or not: a step of the
    /// flow is `in content`. A three-column layout when it does (SwiftUI's
    /// `NavigationSplitView(sidebar:content:detail:)`, UIKit's `.tripleColumn`), else two.
    public func hasContentColumn(_ flow: Nav.FlowID) -> Bool {
        guard let running = flows[flow], running.isSplit else { return false }
        return Program.table.flows[running.flow.rawValue].steps.contains { $0.column == 1 }
    }

    /// The split view `flow` on a compact width, where its columns are one navigation stack: the
    /// entries of every column in order, after the sidebar's first one, which is the stack's root
    /// (`root(of: columns.sidebar.id)`), as a SwiftUI `NavigationStack(path:)` binds them. Empty
    /// for a flow that is not a split view.
    public func collapsedPath(of flow: Nav.FlowID) -> [Nav.EntryID] {
        guard let running = flows[flow], running.isSplit else { return [] }
        return running.tabs.flatMap(\.entries).dropFirst().map(\.id)
    }

    /// The UI's new collapsed path for the split view `flow` (`collapsedPath(of:)`): a shorter one
    /// that keeps the start of the old is the user going back, which the navigator is told column
    /// by column: within a column, `userWentBack(in: column, to: n)` with the `n` screens of it
    /// that stay; past a column's first screen, `userWentBack(in: column, to: 0)`, which closes
    /// that column and those after it. Any other path is not a move of the user and changes
    /// nothing. Returns the navigator's outcome (the commands of every call made, in order), nil
    /// when nothing was reported.
    @discardableResult
    public func setCollapsedPath(_ path: [Nav.EntryID], of flow: Nav.FlowID) -> Nav.Outcome? {
        let current = collapsedPath(of: flow)
        guard path.count < current.count, Array(current.prefix(path.count)) == path, let columns = flows[flow]?.tabs else {
            return nil
        }
        // How many entries stay, counted from the sidebar's first, which always does.
        var kept = path.count + 1
        for (index, column) in columns.enumerated() {
            guard kept < column.entries.count else {
                kept -= column.entries.count
                continue
            }
            // The first entry that goes is in this column: the column goes, or its top does.
            if kept == 0 { return navigator.userWentBack(in: column.id, to: 0) }
            guard index + 1 < columns.count else { return navigator.userWentBack(in: column.id, to: kept) }
            // Only the detail column pushes, so this is not expected: the columns after this one
            // go first, then its own top.
            let closed = navigator.userWentBack(in: columns[index + 1].id, to: 0)
            guard closed.isApplied else { return closed }
            let back = navigator.userWentBack(in: column.id, to: kept)
            return Nav.Outcome(status: back.status, commands: closed.commands + back.commands)
        }
        return nil
    }
}
