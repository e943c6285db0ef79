// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

/// The source files of FlowGraphRuntime, verbatim, for `flowgraph generate --embed-runtime`.
public enum EmbeddedRuntime {
    public static let files: [(name: String, text: String)] = [
        ("LinkURL.swift", ###"""
/// A URL split into scheme, path segments and query items, percent-decoded; no Foundation needed.
/// After a scheme the host is the first segment (`shop://items/42` has the segments `items`, `42`).
public struct LinkURL: Sendable, Hashable {
    public var scheme: String?
    public var segments: [String] = []
    public var query: [String: String] = [:]

    public init(_ text: String) {
        var rest = Substring(text)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if let separator = rest.firstRange(of: "://") {
            scheme = String(rest[..<separator.lowerBound])
            rest = rest[separator.upperBound...]
        }
        var queryText: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        segments = rest.split(separator: "/").map { LinkURL.decode($0) }
        for item in queryText.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[LinkURL.decode(pair[0])] = pair.count > 1 ? LinkURL.decode(pair[1]) : ""
        }
    }

    /// The text of each input of a link's target step that its pattern names (nil for the others
    /// and for a query item the URL leaves out), when the URL matches the pattern.
    func values(for link: ProgramTable.LinkInfo, inputs: Int) -> [String?]? {
        guard segments.count == link.segments.count, link.scheme.map({ $0 == scheme }) ?? true else { return nil }
        var values = [String?](repeating: nil, count: inputs)
        for (part, segment) in zip(link.segments, segments) {
            switch part {
            case .literal(let text): guard text == segment else { return nil }
            case .placeholder(let input): values[input] = segment
            }
        }
        for (key, part) in link.query {
            switch part {
            case .literal(let text): guard query[key] == text else { return nil }
            case .placeholder(let input): values[input] = query[key]
            }
        }
        return values
    }

    /// `%20` and `+` decode to spaces; invalid escapes are kept as written.
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
               let value = UInt8(String(decoding: utf8[index + 1 ... index + 2], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A type a link placeholder can have that is not `LosslessStringConvertible`, or that reads a
/// URL's text in its own way: the app conforms it, in its own code.
///
///     extension UUID: LinkValue {
///         public init?(linkValue: String) { self.init(uuidString: linkValue) }
///     }
///
/// A `LosslessStringConvertible` type needs nothing; one that is both is read with `LinkValue`.
public protocol LinkValue {
    init?(linkValue: String)
}

/// How the generated router reads a link's placeholders.
public enum LinkText {
    /// A required placeholder: nil when it is absent or does not convert.
    public static func read<T: LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T? {
        text.flatMap { T($0) }
    }

    public static func read<T: LinkValue>(_ text: String?, as type: T.Type) -> T? {
        text.flatMap { T(linkValue: $0) }
    }

    public static func read<T: LinkValue & LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T? {
        text.flatMap { T(linkValue: $0) }
    }

    @available(*, unavailable, message: "a link placeholder's type must be LosslessStringConvertible or LinkValue: conform it to LinkValue in your app (extension MyType: LinkValue { init?(linkValue: String) { ... } })")
    public static func read<T>(_ text: String?, as type: T.Type) -> T? { nil }

    /// An optional placeholder: absent is `.some(nil)`; present but not convertible is nil (no match).
    public static func readOptional<T: LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T?? {
        guard let text else { return .some(nil) }
        return T(text).map { .some($0) }
    }

    public static func readOptional<T: LinkValue>(_ text: String?, as type: T.Type) -> T?? {
        guard let text else { return .some(nil) }
        return T(linkValue: text).map { .some($0) }
    }

    public static func readOptional<T: LinkValue & LosslessStringConvertible>(_ text: String?, as type: T.Type) -> T?? {
        guard let text else { return .some(nil) }
        return T(linkValue: text).map { .some($0) }
    }

    @available(*, unavailable, message: "a link placeholder's type must be LosslessStringConvertible or LinkValue: conform it to LinkValue in your app (extension MyType: LinkValue { init?(linkValue: String) { ... } })")
    public static func readOptional<T>(_ text: String?, as type: T.Type) -> T?? { nil }
}

extension NavigationProgram {
    /// The link `url` matches, if any: the first of the program whose pattern matches and whose
    /// placeholders convert.
    public static func link(url: String) -> Link? { Navigator<Self>.link(matching: url) }

    /// The link `url` matches among the links of one flow, if any.
    public static func link(url: String, inFlow flow: Int) -> Link? {
        let parsed = LinkURL(url)
        for index in table.flows[flow].links.indices {
            if let link = Navigator<Self>.link(LinkRef(flow: flow, index: index), matching: parsed) { return link }
        }
        return nil
    }

    /// The screen a link opens.
    public static func screen(opening link: Link) -> Screen? {
        let ref = self.link(of: link)
        return screen(StepRef(flow: ref.flow, step: table.flows[ref.flow].links[ref.index].target), from: .link(link))
    }
}
"""###),
        ("NavigationProgram+Names.swift", ###"""
/// Names and short descriptions, for readable test failures and logs.
extension NavigationProgram {
    /// `Store.Item(item: 42)`: the step's flow and name, and its inputs.
    public static func describe(_ screen: Screen) -> String {
        let ref = step(of: screen)
        let info = table.flows[ref.flow].steps[ref.step]
        let name = table.name(ref)
        guard !info.inputs.isEmpty else { return name }
        // The screen wraps its flow's step, whose payload is the inputs: one value, or a tuple.
        let step = Mirror(reflecting: screen).children.first?.value
        let payload = step.flatMap { Mirror(reflecting: $0).children.first?.value }
        let labels = info.inputs.map { String($0.prefix { $0 != ":" }) }
        var values: [String] = []
        if let payload {
            // Labeled associated values come as a tuple, even one alone.
            let mirror = Mirror(reflecting: payload)
            values = mirror.displayStyle == .tuple ? mirror.children.map { Self.text($0.value) } : [Self.text(payload)]
        }
        guard values.count == labels.count else { return name }
        return name + "(" + zip(labels, values).map { "\($0): \($1)" }.joined(separator: ", ") + ")"
    }

    /// `Optional(42)` as `42`, nil as `nil`.
    private static func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { text($0.value) } ?? "nil"
        }
        return String(describing: value)
    }

    /// The name of a flow.
    public static func name(of flow: Flow) -> String { table.flows[flow.rawValue].name }

    /// The name of an exit.
    public static func name(of exit: Exit) -> String {
        let ref = self.exit(of: exit)
        return table.flows[ref.flow].exits[ref.index]
    }

    /// `Store.itemPicked`.
    public static func name(of event: Event) -> String {
        let ref = self.event(of: event)
        return "\(table.flows[ref.flow].name).\(table.flows[ref.flow].events[ref.index])"
    }
}
"""###),
        ("NavigationProgram.swift", ###"""
/// What a generated router tells the engine about its program: its types, and the program itself
/// as data (`table`). `flowgraph generate` writes one conforming enum per program (`FlowRouter`);
/// an app does not conform to it by hand.
///
/// The engine never needs the program's code except to build typed values: a screen or an exit
/// from the payload that reached it (`screen(_:from:)`, `exit(_:from:)`), and a guard's answer
/// (`ask`, in `SyncNavigationProgram` or `AsyncNavigationProgram`). Everything else (which
/// clause handles what, link patterns and paths, names) is in `table`.
public protocol NavigationProgram {
    /// The flows of the program: `rawValue` is the flow's index in `table.flows`.
    associatedtype Flow: RawRepresentable<Int>, Hashable, Sendable
    /// A step of any flow, with its inputs: what the UI shows.
    associatedtype Screen: Hashable, Sendable
    /// An event of any flow.
    associatedtype Event: Sendable
    /// An exit of any flow.
    associatedtype Exit: Sendable
    /// A deep link of any flow.
    associatedtype Link: Hashable, Sendable
    /// A guard of any flow, as a blocked outcome names it.
    associatedtype GuardID: Hashable, Sendable
    /// Where the app starts: a root flow, with the inputs of its first screens.
    associatedtype Root: Sendable
    /// What answers the guards: the app's object (an existential of the generated protocol).
    associatedtype AppGuards

    /// The program as data, decoded once from the generated text.
    static var table: ProgramTable { get }

    /// The step a screen shows.
    static func step(of screen: Screen) -> StepRef
    /// The flow and the index of an event among its flow's events.
    static func event(of event: Event) -> EventRef
    /// The flow and the index of an exit among its flow's exits.
    static func exit(of exit: Exit) -> ExitRef
    /// The flow and the index of a link among its flow's links.
    static func link(of link: Link) -> LinkRef
    /// The root flow a root starts.
    static func flow(of root: Root) -> Int
    /// The typed guard with this index in its flow.
    static func guardID(_ ref: GuardRef) -> GuardID

    /// `step` with its inputs taken by name from `source`; nil when the source cannot give them
    /// (the compiler never asks for such a screen).
    static func screen(_ step: StepRef, from source: PayloadSource<Self>) -> Screen?
    /// The exit with its inputs taken by name from `source`.
    static func exit(_ exit: ExitRef, from source: PayloadSource<Self>) -> Exit?
    /// The link of `ref` with its placeholders read from the URL's text (`values`, in the order of
    /// the pattern's placeholders, nil for one the URL leaves out); nil when one does not convert.
    static func link(_ ref: LinkRef, values: [String?]) -> Link?
}

/// A program whose guards all answer at once: `send` and `open` are synchronous.
public protocol SyncNavigationProgram: NavigationProgram {
    @MainActor static func ask(_ ref: GuardRef, of guards: AppGuards) -> Bool
}

/// A program with an `async` guard: `send` and `open` are `async` and serialized.
public protocol AsyncNavigationProgram: NavigationProgram {
    @MainActor static func ask(_ ref: GuardRef, of guards: AppGuards) async -> Bool
}

/// Where the values of a new screen or exit come from: inputs are taken from it by name.
public enum PayloadSource<Program: NavigationProgram> {
    /// A screen without inputs, or one whose inputs are all optional and absent.
    case none
    /// The payload of the event whose clause moves.
    case event(Program.Event)
    /// The inputs of a subflow's exit, for its runner's handler.
    case exit(Program.Exit)
    /// The values of a deep link, along its path.
    case link(Program.Link)
    /// The inputs of the step that runs a subflow, for the subflow's first screens.
    case screen(Program.Screen)
    /// The inputs of a root, for its first screens.
    case root(Program.Root)
}

/// A step of a program: its flow's index and its index in the flow.
public struct StepRef: Hashable, Sendable, Comparable {
    public let flow: Int
    public let step: Int

    public init(flow: Int, step: Int) {
        self.flow = flow
        self.step = step
    }

    public static func < (lhs: StepRef, rhs: StepRef) -> Bool { (lhs.flow, lhs.step) < (rhs.flow, rhs.step) }
}

/// An element of a flow by index: its flow's index and its index among the flow's elements of
/// that kind (`EventRef`, `ExitRef`, `LinkRef`, `GuardRef`).
public struct ElementRef<Kind>: Hashable, Sendable {
    public let flow: Int
    public let index: Int

    public init(flow: Int, index: Int) {
        self.flow = flow
        self.index = index
    }
}

/// The kinds of `ElementRef`: markers, never values.
public enum EventElement {}
public enum ExitElement {}
public enum LinkElement {}
public enum GuardElement {}

/// An event of a program: its flow's index and its index among the flow's events.
public typealias EventRef = ElementRef<EventElement>
/// An exit of a program: its flow's index and its index among the flow's exits.
public typealias ExitRef = ElementRef<ExitElement>
/// A deep link of a program: its flow's index and its index among the flow's links.
public typealias LinkRef = ElementRef<LinkElement>
/// A guard of a program: its flow's index and its index among the flow's guards.
public typealias GuardRef = ElementRef<GuardElement>

/// A step's index in its flow and its inputs, type-erased: what a generated `Step` compares and
/// hashes. Written out by hand in the generated file, one line a step, because the compiler's
/// derived `==` for an enum of many cases with payloads costs seconds of every clean build.
public struct StepKey: Hashable {
    public let index: Int
    private let values: [AnyHashable]

    public init<each Value: Hashable>(_ index: Int, _ value: repeat each Value) {
        var values: [AnyHashable] = []
        for item in repeat each value { values.append(AnyHashable(item)) }
        self.index = index
        self.values = values
    }
}
"""###),
        ("Navigator+Calls.swift", ###"""
/// `send` and `open` for a program whose guards answer at once.
extension Navigator where Program: SyncNavigationProgram {
    /// Sends an event from the screen the user sees: the step's own clauses handle it when the user
    /// is in the event's flow; that flow's flow-level clauses when the user is in a flow it runs;
    /// otherwise it is not handled.
    @discardableResult
    public func send(_ event: Event) -> Outcome {
        var work = EventWork(event, in: self)
        let outcome = run { work.advance($0, in: self) }
        record(.event(event), work.before, outcome)
        return outcome
    }

    /// Opens a deep link: from the root's first screen, along the shortest path the compiler found,
    /// asking each guard on the way; it stops where one says no.
    @discardableResult
    public func open(_ link: Link) -> Outcome {
        var work = LinkWork(link, in: self)
        let outcome = run { work.advance($0, in: self) }
        record(.link(link), work.before, outcome)
        return outcome
    }

    /// Opens the first deep link of the program that `url` matches; not handled when none does.
    @discardableResult
    public func open(url: String) -> Outcome {
        guard let link = Self.link(matching: url) else { return unmatched(url) }
        return open(link)
    }

    private func run(_ advance: (Bool?) -> Request<Outcome>) -> Outcome {
        var answer: Bool?
        while true {
            switch advance(answer) {
            case .ask(let ref): answer = Program.ask(ref, of: guards)
            case .done(let outcome): return outcome
            }
        }
    }
}

/// `send` and `open` for a program with an `async` guard: serialized, so that a second call waits
/// until the first has finished, even across a guard's `await`, then runs where the first left
/// the user.
extension Navigator where Program: AsyncNavigationProgram {
    /// Sends an event from the screen the user sees (see the synchronous `send`).
    @discardableResult
    public func send(_ event: Event) async -> Outcome {
        await serialized {
            var work = EventWork(event, in: self)
            let outcome = await run { work.advance($0, in: self) }
            record(.event(event), work.before, outcome)
            return outcome
        }
    }

    /// Opens a deep link (see the synchronous `open`).
    @discardableResult
    public func open(_ link: Link) async -> Outcome {
        await serialized {
            var work = LinkWork(link, in: self)
            let outcome = await run { work.advance($0, in: self) }
            record(.link(link), work.before, outcome)
            return outcome
        }
    }

    /// Opens the first deep link of the program that `url` matches; not handled when none does.
    @discardableResult
    public func open(url: String) async -> Outcome {
        guard let link = Self.link(matching: url) else {
            return await serialized { unmatched(url) }
        }
        return await open(link)
    }

    private func run(_ advance: (Bool?) -> Request<Outcome>) async -> Outcome {
        var answer: Bool?
        while true {
            switch advance(answer) {
            case .ask(let ref): answer = await Program.ask(ref, of: guards)
            case .done(let outcome): return outcome
            }
        }
    }

    /// Runs `body` once every earlier call has finished, even across the awaits of async guards.
    private func serialized(_ body: () async -> Outcome) async -> Outcome {
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
}

extension Navigator {
    /// A URL no link of the program matches.
    func unmatched(_ url: String) -> Outcome {
        let outcome = Outcome(status: .unhandled, commands: [])
        record(.unmatchedURL(url), current, outcome)
        return outcome
    }
}
"""###),
        ("Navigator+Tree.swift", ###"""
/// The presentation tree: how each move changes the running flows and their stacks, and the
/// commands it yields.
extension Navigator {
    /// Where a stack is in its flow.
    enum Place {
        case tab(Int)
        case layer(Int)
    }

    static func start(of root: Root) -> Start {
        let flow = Program.flow(of: root)
        return start(flow: flow, from: .root(root))
    }

    /// The first screens of the subflow a screen's step runs, from the screen's inputs.
    static func start(of screen: Screen) -> Start? {
        let step = Program.step(of: screen)
        guard let runs = Program.table.flows[step.flow].steps[step.step].runs else { return nil }
        return start(flow: runs, from: .screen(screen))
    }

    private static func start(flow: Int, from source: PayloadSource<Program>) -> Start {
        let info = Program.table.flows[flow]
        let screens = info.firstSteps.compactMap { Program.screen(StepRef(flow: flow, step: $0), from: source) }
        return Start(flow: flow, screens: screens, selected: info.isTabs ? info.start : 0)
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
        return id
    }

    private func makeEntry(_ screen: Screen, in id: FlowID, at stack: StackID, index: Int, commands: inout [Command]) -> Entry {
        let entryID = EntryID(rawValue: nextID())
        guard let start = Self.start(of: screen) else { return Entry(id: entryID, screen: screen, subflow: nil) }
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

    private func end(_ stack: Stack, closing: inout [Stack], isModal: Bool = true) {
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
            for index in entries.indices where entries[index].subflow == nil && Self.start(of: entries[index].screen) != nil {
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

    /// Brings a running flow back to `step` (its start or a tab) alone, with nothing over it.
    func reset(_ id: FlowID, to step: StepRef) -> [Command] {
        guard let running = flows[id] else { return [] }
        var closing = closeModals(of: id)
        var commands: [Command] = []
        if let tab = running.tabs.firstIndex(where: { Program.step(of: $0.entries[0].screen) == step }) {
            let stack = running.tabs[tab]
            if stack.entries.count > 1 {
                removeEntries(of: id, .tab(tab), from: 1, closing: &closing)
                commands.append(.popTo(stack.entries[0].screen, index: 0, on: stack.id))
            }
            if tab != running.selectedTab {
                flows[id]?.selectedTab = tab
                commands.append(.selectTab(stack.entries[0].screen, index: tab, in: id))
            }
        } else if let screen = startScreens(of: id).first(where: { Program.step(of: $0) == step }) {
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
                return Self.start(of: entry.screen)?.screens ?? []
            }
        }
        return []
    }

    /// Whether a move can act in flow `id` now.
    func canApply(_ move: Move, in id: FlowID) -> Bool {
        guard let running = flows[id] else { return false }
        let top = running.top.entries
        switch move {
        case .push, .sheet, .cover, .replace, .exit: return true
        case .root(let screen): return !running.isTabs || tabIndex(of: Program.step(of: screen), in: running) != nil
        case .select(let step): return tabIndex(of: step, in: running) != nil
        case .pop: return top.count > 1
        case .popTo(let step): return top.dropLast().contains { Program.step(of: $0.screen) == step }
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
        case .select(let step):
            closing = closeModals(below: id) + closeModals(of: id)
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
        case .exit:
            break
        }
        return dismissals(closing) + commands
    }
}
"""###),
        ("Navigator+Types.swift", ###"""
/// The navigator's state, commands, outcomes and records.
extension Navigator {
    public typealias Flow = Program.Flow
    public typealias Screen = Program.Screen
    public typealias Event = Program.Event
    public typealias Exit = Program.Exit
    public typealias Link = Program.Link
    public typealias GuardID = Program.GuardID
    public typealias Root = Program.Root

    /// A running flow: the root flow, or a subflow running in a shown step.
    public struct FlowID: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int
        public var description: String { "flow#\(rawValue)" }
    }

    /// A stack of screens: a flow's base stack, one tab's stack, or a modal stack.
    public struct StackID: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int
        public var description: String { "stack#\(rawValue)" }
    }

    /// One shown screen: a new id for every screen put on a stack, even one equal to a screen shown
    /// before (a second push of the same screen, `root` or `replace` to an equal one), so that a
    /// view built from state is built anew, as a UIKit coordinator would.
    public struct EntryID: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int
        public var description: String { "entry#\(rawValue)" }
    }

    public enum StackStyle: Hashable, Sendable {
        case base, tab, sheet, cover
    }

    public enum ModalStyle: Hashable, Sendable {
        case sheet, cover
    }

    /// A screen in a stack, and the subflow running in it when its step runs a flow.
    public struct Entry: Hashable, Sendable, Identifiable {
        public let id: EntryID
        public let screen: Screen
        public let subflow: FlowID?
    }

    public struct Stack: Hashable, Sendable, Identifiable {
        public let id: StackID
        public let style: StackStyle
        /// Bottom first; never empty.
        public var entries: [Entry]

        public var screens: [Screen] { entries.map(\.screen) }
    }

    /// The presentation state of one running flow.
    public struct RunningFlow: Hashable, Sendable, Identifiable {
        public let id: FlowID
        public let flow: Flow
        /// The flow whose step runs this one; nil for the root.
        public let parent: FlowID?
        /// The base stack; for a tabs flow, one stack per tab, in the order of the flow's steps.
        public var tabs: [Stack]
        public var selectedTab: Int
        /// The modal stacks presented over the flow, bottom first.
        public var layers: [Stack]

        /// The stack the user sees in this flow: the top modal stack, or the selected tab's.
        public var top: Stack { layers.last ?? tabs[selectedTab] }
        /// Whether the flow is a tab bar.
        public var isTabs: Bool { Program.table.flows[flow.rawValue].isTabs }
    }

    /// What the UI layer does after a move, in order.
    public enum Command: Hashable, Sendable, CustomStringConvertible {
        /// `screen` goes on top of the stack.
        case push(Screen, on: StackID)
        /// `screen` takes the place of the top of the stack.
        case replace(Screen, on: StackID)
        /// A new modal stack with `screen` alone is presented over everything, by flow `by`.
        case present(Screen, style: ModalStyle, stack: StackID, by: FlowID)
        /// The top of the stack goes.
        case pop(StackID)
        /// The screens above `index` go; `screen` is at `index`.
        case popTo(Screen, index: Int, on: StackID)
        /// The modal stack goes, with what it shows.
        case dismiss(StackID)
        /// The stack becomes `screen` alone.
        case setRoot(Screen, on: StackID)
        /// The tabs flow shows tab `index`, whose bottom screen is `screen`.
        case selectTab(Screen, index: Int, in: FlowID)
        /// A subflow starts in the screen at `index` of the stack `in`: a container for `flow` with
        /// the stacks `stacks` (one, or one per tab for a tabs flow). A `setRoot` for each of them
        /// and, for a tab bar, a `selectTab` follow.
        case start(FlowID, flow: Flow, stacks: [StackID], in: StackID, index: Int)
        /// The flow took an exit; the commands of its parent's exit handler follow.
        case finish(FlowID, exit: String)

        public var description: String {
            switch self {
            case .push(let screen, let stack): "push \(screen) on \(stack)"
            case .replace(let screen, let stack): "replace with \(screen) on \(stack)"
            case .present(let screen, let style, let stack, let flow): "present \(screen) as \(style) \(stack) by \(flow)"
            case .pop(let stack): "pop \(stack)"
            case .popTo(let screen, let index, let stack): "popTo \(screen) at \(index) on \(stack)"
            case .dismiss(let stack): "dismiss \(stack)"
            case .setRoot(let screen, let stack): "setRoot \(screen) on \(stack)"
            case .selectTab(let screen, let index, let flow): "selectTab \(index) (\(screen)) in \(flow)"
            case .start(let id, let flow, let stacks, let stack, let index):
                "start \(Program.table.flows[flow.rawValue].name) as \(id) with \(stacks.map(\.description).joined(separator: ", ")) in \(stack) at \(index)"
            case .finish(let flow, let exit): "finish \(flow) with \(exit)"
            }
        }
    }

    /// What came of a `send`, an `open` or a move of the user.
    public struct Outcome: Hashable, Sendable, CustomStringConvertible {
        public enum Status: Hashable, Sendable, CustomStringConvertible {
            /// The move was made.
            case applied
            /// A guard said no (for a deep link: the way up to that guard was applied).
            case blocked(by: GuardID)
            /// No clause handles the event where the user is; no link matches the URL, or no path
            /// from the root that runs opens it.
            case unhandled
            /// A clause fired, but its action cannot act now: `pop` at the bottom of a stack,
            /// `dismiss` with nothing presented, `popTo` a screen that is not below.
            case impossible
            /// The user left the screen (went back, swiped a sheet away) while a guard was asked.
            case cancelled

            public var description: String {
                switch self {
                case .applied: "applied"
                case .blocked(let guardID): "blocked by \(guardID)"
                case .unhandled: "unhandled"
                case .impossible: "impossible"
                case .cancelled: "cancelled"
                }
            }
        }

        public let status: Status
        /// The commands for the UI layer: everything that changed, in order.
        public let commands: [Command]

        public init(status: Status, commands: [Command]) {
            self.status = status
            self.commands = commands
        }

        public var isApplied: Bool { status == .applied }

        public var description: String {
            commands.isEmpty ? "\(status)" : "\(status): " + commands.map(\.description).joined(separator: "; ")
        }
    }

    /// One entry of the history.
    public struct Record: Sendable {
        public enum Cause: Sendable {
            case event(Event)
            case link(Link)
            /// `open(url:)` with a URL that no link matches.
            case unmatchedURL(String)
            case userWentBack(StackID, to: Int)
            case userDismissed(StackID)
            case userSelectedTab(Int, in: FlowID)
        }

        public let cause: Cause
        /// The screen the user saw when it happened.
        public let screen: Screen
        public let outcome: Outcome
    }

    /// A flow's first screens: its start step, or every tab.
    struct Start {
        let flow: Int
        let screens: [Screen]
        let selected: Int
    }

    /// What a clause does, with its target built from the payload.
    enum Move {
        case push(Screen), sheet(Screen), cover(Screen), replace(Screen), root(Screen)
        case select(StepRef), popTo(StepRef)
        case pop, dismiss
        case exit(Exit)
    }

    enum Decision {
        case move(Move)
        case blocked(GuardRef)
        case unhandled
        /// The clause's move needs a value its payload does not hold (never, for a checked program).
        case impossible
    }
}
"""###),
        ("Navigator+Work.swift", ###"""
/// A `send` or an `open` in progress: it asks the guards it needs one at a time (`Request.ask`),
/// then ends with an outcome. Written once; `Navigator+Sync` and `Navigator+Async` answer the
/// questions with the program's synchronous or asynchronous `ask`.
enum Request<Outcome> {
    case ask(GuardRef)
    case done(Outcome)
}

/// The clauses of one place (a step's, or the flow level's) for one trigger, asked in source
/// order: the first whose condition holds fires; when none does, the guard asked last blocked.
struct ClauseGroup {
    let flow: Int
    let clauses: [ProgramTable.Clause]
    private var clause = 0
    private var condition = 0
    private var lastGuard: GuardRef?

    enum Result {
        case ask(GuardRef)
        case chose(ProgramTable.Action)
        case blocked(GuardRef)
        case none
    }

    init(flow: Int, clauses: [ProgramTable.Clause]) {
        self.flow = flow
        self.clauses = clauses
    }

    /// The next question or the result, given the answer to the last question asked.
    mutating func next(_ answer: Bool?) -> Result {
        if let answer, let asked = currentCondition {
            if answer == asked.holdsWhen { return .chose(clauses[clause].actions[condition]) }
            condition += 1
        }
        while clause < clauses.count {
            let current = clauses[clause]
            if condition < current.conditions.count {
                let ref = GuardRef(flow: flow, index: current.conditions[condition].guardIndex)
                lastGuard = ref
                return .ask(ref)
            }
            if current.actions.count > current.conditions.count { return .chose(current.actions[current.actions.count - 1]) }
            clause += 1
            condition = 0
        }
        return lastGuard.map { .blocked($0) } ?? .none
    }

    private var currentCondition: ProgramTable.Condition? {
        guard clause < clauses.count, condition < clauses[clause].conditions.count else { return nil }
        return clauses[clause].conditions[condition]
    }
}

extension Navigator {
    /// An event being decided and made: the clause that handles it where the user is, then, for
    /// an exit, the handler of each step that runs the finished flow, up to a move.
    @MainActor
    struct EventWork {
        let event: Event
        let before: Screen
        let revision: Int
        var level: FlowID?
        var group: ClauseGroup
        var source: PayloadSource<Program>
        var finished: [(FlowID, String)] = []

        init(_ event: Event, in navigator: Navigator) {
            self.event = event
            before = navigator.current
            revision = navigator.revision
            source = .event(event)
            let ref = Program.event(of: event)
            let chain = navigator.chain
            let table = Program.table.flows[ref.flow]
            group = ClauseGroup(flow: ref.flow, clauses: [])
            guard let index = chain.lastIndex(where: { $0.flow.rawValue == ref.flow }) else { return }
            level = chain[index].id
            // Step clauses apply only in the flow the user is in; above it, flow-level ones.
            var clauses: [ProgramTable.Clause] = []
            if index == chain.count - 1, let screen = chain[index].top.entries.last?.screen {
                let step = Program.step(of: screen)
                if step.flow == ref.flow, table.steps[step.step].runs == nil {
                    clauses = table.steps[step.step].clauses.filter { $0.trigger == ref.index }
                }
            }
            if clauses.isEmpty { clauses = table.clauses.filter { $0.trigger == ref.index } }
            group = ClauseGroup(flow: ref.flow, clauses: clauses)
        }

        mutating func advance(_ answer: Bool?, in navigator: Navigator) -> Request<Outcome> {
            guard let start = level else { return .done(Outcome(status: .unhandled, commands: [])) }
            var answer = answer
            var level = start
            defer { self.level = level }
            while true {
                if answer != nil, revision != navigator.revision { return .done(Outcome(status: .cancelled, commands: [])) }
                switch group.next(answer) {
                case .ask(let ref):
                    return .ask(ref)
                case .none:
                    return .done(Outcome(status: .unhandled, commands: []))
                case .blocked(let ref):
                    return .done(Outcome(status: .blocked(by: Program.guardID(ref)), commands: []))
                case .chose(let action):
                    answer = nil
                    guard let move = navigator.move(action, in: group.flow, from: source) else {
                        return .done(Outcome(status: .impossible, commands: []))
                    }
                    if case .exit(let exit) = move {
                        // Exits go up to the step running the flow, whose handler decides next.
                        let ref = Program.exit(of: exit)
                        finished.append((level, Program.table.flows[ref.flow].exits[ref.index]))
                        guard let parent = navigator.flows[level]?.parent, let runner = navigator.flows[parent]?.top.entries.last else {
                            // The root flow finished: what comes next is the app's to decide.
                            return .done(Outcome(status: .applied, commands: finished.map { .finish($0.0, exit: $0.1) }))
                        }
                        let step = Program.step(of: runner.screen)
                        let info = Program.table.flows[step.flow].steps[step.step]
                        let clauses = info.runs == ref.flow ? info.clauses.filter { $0.trigger == ref.index } : []
                        group = ClauseGroup(flow: step.flow, clauses: clauses)
                        source = .exit(exit)
                        level = parent
                        continue
                    }
                    // The final move is made only when every step of the way allows it.
                    guard navigator.canApply(move, in: level) else { return .done(Outcome(status: .impossible, commands: [])) }
                    var commands: [Command] = []
                    if let outermost = finished.last?.0 {
                        var closing: [Stack] = []
                        navigator.end(flow: outermost, closing: &closing)
                        navigator.clearSubflow(outermost, of: level)
                        commands = navigator.dismissals(closing) + finished.map { .finish($0.0, exit: $0.1) }
                    }
                    commands += navigator.apply(move, in: level)
                    if !finished.isEmpty { commands += navigator.restartSubflows(of: level) }
                    return .done(Outcome(status: .applied, commands: commands))
                }
            }
        }
    }

    /// A clause's action as a move, its target built from the payload.
    func move(_ action: ProgramTable.Action, in flow: Int, from source: PayloadSource<Program>) -> Move? {
        let target = action.target ?? 0
        func screen() -> Screen? { Program.screen(StepRef(flow: flow, step: target), from: source) }
        switch action.kind {
        case .push: return screen().map(Move.push)
        case .sheet: return screen().map(Move.sheet)
        case .cover: return screen().map(Move.cover)
        case .replace: return screen().map(Move.replace)
        case .root: return screen().map(Move.root)
        case .select: return .select(StepRef(flow: flow, step: target))
        case .popTo: return .popTo(StepRef(flow: flow, step: target))
        case .pop: return .pop
        case .dismiss: return .dismiss
        case .exit: return Program.exit(ExitRef(flow: flow, index: target), from: source).map(Move.exit)
        }
    }

    /// A deep link being opened: the guards of its whole path are asked first, in order, up to the
    /// first that says no; then the moves up to there are made at once, so that nothing changes
    /// while a guard is asked.
    @MainActor
    struct LinkWork {
        let link: Link
        let before: Screen
        let revision: Int
        let hops: [ProgramTable.Hop]
        /// Each guard the path asks, the answer it needs, and the hop that needs it.
        let checks: [(ref: GuardRef, expected: Bool, hop: Int)]
        private var asked = 0
        private var reachable: Int
        private var blocker: GuardRef?

        init(_ link: Link, in navigator: Navigator) {
            self.link = link
            before = navigator.current
            revision = navigator.revision
            let ref = Program.link(of: link)
            hops = Program.table.flows[ref.flow].links[ref.index].path
            reachable = hops.count
            var checks: [(ref: GuardRef, expected: Bool, hop: Int)] = []
            for (index, hop) in hops.enumerated() {
                guard case .move(let clause) = hop else { continue }
                for (guardIndex, expected) in Program.table.checks(for: clause) {
                    checks.append((GuardRef(flow: clause.flow, index: guardIndex), expected, index))
                }
            }
            self.checks = checks
        }

        mutating func advance(_ answer: Bool?, in navigator: Navigator) -> Request<Outcome> {
            let root = hops.first.map { hop -> Int in
                if case .bottom(let step) = hop { return step.flow }
                return -1
            }
            guard let root, navigator.flows[navigator.rootID]?.flow.rawValue == root else {
                return .done(Outcome(status: .unhandled, commands: []))
            }
            if let answer {
                if answer == checks[asked].expected {
                    asked += 1
                } else {
                    reachable = checks[asked].hop
                    blocker = checks[asked].ref
                    asked = checks.count
                }
            }
            if asked < checks.count { return .ask(checks[asked].ref) }
            guard revision == navigator.revision else { return .done(Outcome(status: .cancelled, commands: [])) }
            return .done(navigator.replay(hops[..<reachable], link: link, blocker: blocker))
        }
    }

    /// Makes the moves of a link's path: closes every modal stack, brings the root flow back to
    /// where the path starts, enters each subflow at its start, and makes the path's moves.
    func replay(_ hops: ArraySlice<ProgramTable.Hop>, link: Link, blocker: GuardRef?) -> Outcome {
        var closing: [Stack] = []
        for id in flows.keys.sorted(by: { $0.rawValue > $1.rawValue }) { closing += closeModals(of: id) }
        var commands = dismissals(closing)
        for hop in hops {
            switch hop {
            case .bottom(let step):
                commands += reset(rootID, to: step)
            case .enter(let step):
                guard let subflow = chain.last(where: { $0.flow.rawValue == step.flow })?.id else {
                    return Outcome(status: .impossible, commands: commands)
                }
                commands += reset(subflow, to: step)
            case .move(let clause):
                let action = Program.table.clause(clause).actions[clause.branch]
                guard let move = move(action, in: clause.flow, from: .link(link)),
                      let level = chain.last(where: { $0.flow.rawValue == clause.flow })?.id, canApply(move, in: level) else {
                    return Outcome(status: .impossible, commands: commands)
                }
                commands += apply(move, in: level)
            }
        }
        if let blocker { return Outcome(status: .blocked(by: Program.guardID(blocker)), commands: commands) }
        return Outcome(status: .applied, commands: commands)
    }

    /// Matches `url` against the program's links in order: the first whose pattern matches and
    /// whose placeholders convert.
    nonisolated static func link(matching url: String) -> Link? {
        let parsed = LinkURL(url)
        for (flowIndex, flow) in Program.table.flows.enumerated() {
            for index in flow.links.indices {
                if let link = link(LinkRef(flow: flowIndex, index: index), matching: parsed) { return link }
            }
        }
        return nil
    }

    /// The link of `ref` if `url` matches its pattern and its placeholders convert.
    nonisolated static func link(_ ref: LinkRef, matching url: LinkURL) -> Link? {
        let info = Program.table.flows[ref.flow].links[ref.index]
        guard let values = url.values(for: info, inputs: Program.table.flows[ref.flow].steps[info.target].inputs.count) else {
            return nil
        }
        return Program.link(ref, values: values)
    }
}

extension ProgramTable {
    /// The guards a link asks at a clause on its path, and the answer each must give: each
    /// condition of an earlier clause for the same trigger in the same place must fail (else that
    /// clause would fire), each condition before the action in its chain must fail, and the
    /// action's own must hold.
    public func checks(for ref: ClauseRef) -> [(guardIndex: Int, expected: Bool)] {
        let place = clauses(flow: ref.flow, step: ref.step)
        let clause = place[ref.clause]
        var checks: [(guardIndex: Int, expected: Bool)] = []
        for earlier in place[..<ref.clause] where earlier.trigger == clause.trigger {
            for condition in earlier.conditions { checks.append((condition.guardIndex, !condition.holdsWhen)) }
        }
        for condition in clause.conditions.prefix(ref.branch) { checks.append((condition.guardIndex, !condition.holdsWhen)) }
        if clause.conditions.indices.contains(ref.branch) {
            let own = clause.conditions[ref.branch]
            checks.append((own.guardIndex, own.holdsWhen))
        }
        return checks
    }
}
"""###),
        ("Navigator.swift", ###"""
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
    /// The latest sends, links and moves of the user with their outcomes, oldest first.
    public internal(set) var history: [Record] = []
    /// How many records `history` keeps; lowering it drops the oldest.
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
    var lastID = 0
    /// Counts the moves of the user, which a call waiting for a guard must notice.
    var revision = 0
    var isBusy = false
    var waiting: [CheckedContinuation<Void, Never>] = []
    var observers: [(Record) -> Void] = []

    /// A navigator showing the first screens of `root`; `guards` answers the program's guards.
    public init(_ root: Root, guards: Program.AppGuards, historyLimit: Int = 100) {
        let start = Self.start(of: root)
        self.guards = guards
        self.historyLimit = max(0, historyLimit)
        rootScreens = start.screens
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
            outcome = Outcome(status: .applied, commands: [])
        }
        record(.userSelectedTab(index, in: id), before, outcome)
        return outcome
    }

    func record(_ cause: Record.Cause, _ screen: Screen, _ outcome: Outcome) {
        let entry = Record(cause: cause, screen: screen, outcome: outcome)
        history.append(entry)
        trimHistory()
        observer?(entry)
        for observer in observers { observer(entry) }
    }

    private func trimHistory() {
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
    }
}
"""###),
        ("ProgramGraph.swift", ###"""
/// A program as data for tests and tools: its roots, its steps with a shortest path from a root
/// to each, its clauses, and its deep links with the path `open` follows.
public struct ProgramGraph: Sendable {
    public struct StepInfo: Hashable, Sendable {
        public let flow: String
        public let name: String
        /// `name: Type` for each input.
        public let inputs: [String]
        /// The flow the step runs, if any.
        public let runs: String?
        /// A shortest way from a root's first screen to the step (`Flow.Step` each), empty when none exists.
        public let path: [String]
    }

    public struct TransitionInfo: Hashable, Sendable {
        public let flow: String
        /// The step whose clause it is; nil for a flow-level clause.
        public let from: String?
        /// The event, or for an exit handler the exit of the subflow.
        public let event: String
        /// `isLoggedIn` or `!isLoggedIn` for each condition of the clause, in order.
        public let conditions: [String]
        /// Which action of the clause: 0 for the main one, k for the k-th `else`.
        public let branch: Int
        public let action: String
        /// The step (or for `exit`, the exit) the action names.
        public let target: String?
    }

    public struct LinkInfo: Hashable, Sendable {
        public let flow: String
        public let pattern: String
        public let target: String
        /// The path `open` follows (`Flow.Step` each), empty when none exists.
        public let path: [String]
    }

    /// The root flows, where the app can start.
    public let roots: [String]
    public let steps: [StepInfo]
    public let transitions: [TransitionInfo]
    public let links: [LinkInfo]

    public init(_ table: ProgramTable) {
        roots = table.flows.filter(\.isRoot).map(\.name)
        var paths: [[String]] = []
        var steps: [StepInfo] = []
        var transitions: [TransitionInfo] = []
        var links: [LinkInfo] = []
        for (flowIndex, flow) in table.flows.enumerated() {
            for (stepIndex, step) in flow.steps.enumerated() {
                let name = table.name(StepRef(flow: flowIndex, step: stepIndex))
                // A step's path is its predecessor's and one more: predecessors come first in
                // breadth-first order, but not in the table's, so they are built on demand.
                let path: [String] = switch step.path {
                case .none: []
                case .start: [name]
                case .after: Self.path(to: table.global(StepRef(flow: flowIndex, step: stepIndex)), in: table, cache: &paths)
                }
                steps.append(StepInfo(flow: flow.name, name: step.name, inputs: step.inputs,
                                      runs: step.runs.map { table.flows[$0].name }, path: path))
                let triggers = step.runs.map { table.flows[$0].exits } ?? flow.events
                transitions += Self.transitions(step.clauses, flow: flow, from: step.name, triggers: triggers)
            }
            transitions += Self.transitions(flow.clauses, flow: flow, from: nil, triggers: flow.events)
            for link in flow.links {
                let path = link.path.map { hop -> String in
                    switch hop {
                    case .bottom(let step), .enter(let step): return table.name(step)
                    case .move(let clause):
                        let action = table.clause(clause).actions[clause.branch]
                        return table.name(StepRef(flow: clause.flow, step: action.target ?? 0))
                    }
                }
                links.append(LinkInfo(flow: flow.name, pattern: link.text, target: flow.steps[link.target].name, path: path))
            }
        }
        self.steps = steps
        self.transitions = transitions
        self.links = links
    }

    private static func path(to global: Int, in table: ProgramTable, cache: inout [[String]]) -> [String] {
        if cache.isEmpty { cache = Array(repeating: [], count: table.global(StepRef(flow: table.flows.count - 1, step: 0)) + table.flows[table.flows.count - 1].steps.count) }
        if !cache[global].isEmpty { return cache[global] }
        // Walk back to a step whose path is known, then build forward: no recursion on long chains.
        var chain: [Int] = []
        var cursor = global
        var known: [String] = []
        while true {
            let ref = table.step(global: cursor)
            if !cache[cursor].isEmpty {
                known = cache[cursor]
                break
            }
            chain.append(cursor)
            guard case .after(let previous) = table.flows[ref.flow].steps[ref.step].path, chain.count <= cache.count else { break }
            cursor = previous
        }
        for element in chain.reversed() {
            let ref = table.step(global: element)
            if case .none = table.flows[ref.flow].steps[ref.step].path { continue }
            known.append(table.name(ref))
            cache[element] = known
        }
        return cache[global]
    }

    private static func transitions(_ clauses: [ProgramTable.Clause], flow: ProgramTable.FlowInfo, from: String?,
                                    triggers: [String]) -> [TransitionInfo] {
        clauses.flatMap { clause in
            let conditions = clause.conditions.map { ($0.isNegated ? "!" : "") + flow.guards[$0.guardIndex].name }
            return clause.actions.enumerated().map { branch, action in
                let target = action.target.map { action.kind == .exit ? flow.exits[$0] : flow.steps[$0].name }
                return TransitionInfo(flow: flow.name, from: from, event: triggers[clause.trigger], conditions: conditions,
                                      branch: branch, action: action.kind.rawValue, target: target)
            }
        }
    }
}
"""###),
        ("ProgramTable+Text.swift", ###"""
/// The text a generated router holds its table in, one record a line, fields split by spaces, each
/// field percent-escaped (`%`, space, control characters, `"`, `\` and `=` as `%XX`):
///
///     flowgraph-table 1
///     flow NAME TABS START ROOT [guard NAME ASYNC]... [event NAME]... [exit NAME]...
///                                            TABS, ROOT, ASYNC: 0 or 1; START: a step index;
///                                            the flow's guards, events and exits in order
///     step NAME RUNS PATH [in NAME:TYPE]... [CLAUSE]...
///                                            RUNS: a flow index or -; PATH: the global index of
///                                            the step before it on a shortest path, ^ for a
///                                            first screen, - when unreachable
///     on TRIGGER [if [!]GUARD] ACTION [else [if [!]GUARD] ACTION]...
///                                            a clause; on a line of its own, a flow-level one
///     link TARGET TEXT SCHEME|- [/LITERAL | {INPUT}]... [?KEY=/LITERAL | ?KEY={INPUT}]... [path HOP...]
///
/// An ACTION is a kind (`push`, `popTo`, ...) followed by its target's index unless it is `pop` or
/// `dismiss`. A HOP is `bN` (the root shows global step N), `eN` (a subflow starts over at N) or
/// `mFLOW:STEP:CLAUSE:BRANCH` (a clause's action; STEP is `*` for a flow-level clause).
///
/// `flowgraph generate` writes it (FlowGraph's `RouterTable`); a test decodes what it writes.
extension ProgramTable {
    /// The version of the text this runtime reads; a router generated for another one must be
    /// generated again.
    public static let textVersion = 1

    /// Decodes the text of a generated router. Text this runtime cannot read is a router generated
    /// by another version of FlowGraph, or edited: the program stops with a message saying so.
    public init(text: String) {
        do {
            try self.init(parsing: text)
        } catch {
            fatalError("FlowGraphRuntime cannot read this router's program (\(error)): generate FlowRouter.swift again with the FlowGraph version of this runtime")
        }
    }

    /// Why a text could not be read: its line and what was expected there.
    public struct TextError: Error, CustomStringConvertible, Sendable {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public init(parsing text: String) throws(TextError) {
        var flows: [FlowInfo] = []
        var lineNumber = 0
        var sawHeader = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.drop { $0 == " " }
            if line.isEmpty { continue }
            var fields = Fields(line: line, number: lineNumber)
            let keyword = try fields.word()
            guard sawHeader || keyword == "flowgraph-table" else {
                throw TextError(line: lineNumber, message: "expected 'flowgraph-table \(Self.textVersion)'")
            }
            if keyword != "flowgraph-table", keyword != "flow", flows.isEmpty {
                throw TextError(line: lineNumber, message: "'\(keyword)' before the first flow")
            }
            switch keyword {
            case "flowgraph-table":
                let version = try fields.number()
                guard version == Self.textVersion else {
                    throw TextError(line: lineNumber, message: "version \(version), this runtime reads version \(Self.textVersion)")
                }
                sawHeader = true
            case "flow":
                var flow = FlowInfo(name: try fields.word(), isTabs: try fields.flag(), start: try fields.number(), isRoot: try fields.flag())
                while !fields.isAtEnd {
                    switch try fields.word() {
                    case "guard": flow.guards.append(GuardInfo(name: try fields.word(), isAsync: try fields.flag()))
                    case "event": flow.events.append(try fields.word())
                    case "exit": flow.exits.append(try fields.word())
                    case let other: throw fields.error("expected guard, event or exit, not '\(other)'")
                    }
                }
                flows.append(flow)
            case "step":
                let name = try fields.word()
                let runs = try fields.optionalNumber()
                let pathWord = try fields.word()
                let path: PathLink = switch pathWord {
                case "-": .none
                case "^": .start
                default: .after(try fields.number(pathWord))
                }
                var inputs: [String] = []
                while fields.peek() == "in" {
                    _ = try fields.word()
                    let input = try fields.word()
                    guard let colon = input.firstIndex(of: ":") else { throw fields.error("expected NAME:TYPE") }
                    inputs.append("\(input[..<colon]): \(input[input.index(after: colon)...])")
                }
                var clauses: [Clause] = []
                while !fields.isAtEnd { clauses.append(try fields.clause()) }
                flows[flows.count - 1].steps.append(StepInfo(name: name, inputs: inputs, runs: runs, path: path, clauses: clauses))
            case "on":
                fields.back()
                flows[flows.count - 1].clauses.append(try fields.clause())
            case "link":
                flows[flows.count - 1].links.append(try fields.link())
            default:
                throw TextError(line: lineNumber, message: "unknown record '\(keyword)'")
            }
            if !fields.isAtEnd { throw fields.error("unexpected '\(fields.peek() ?? "")'") }
        }
        guard sawHeader else { throw TextError(line: 1, message: "expected 'flowgraph-table \(Self.textVersion)'") }
        self.init(flows: flows)
        // Hops name steps by their global index until the offsets are known.
        let total = self.flows.reduce(0) { $0 + $1.steps.count }
        for flow in self.flows.indices {
            for link in self.flows[flow].links.indices {
                self.flows[flow].links[link].path = try self.flows[flow].links[link].path.map { hop throws(TextError) in
                    switch hop {
                    case .bottom(let global), .enter(let global):
                        guard global.step >= 0, global.step < total else {
                            throw TextError(line: 0, message: "a link's path goes through no step \(global.step)")
                        }
                        let step = self.step(global: global.step)
                        if case .bottom = hop { return .bottom(step) }
                        return .enter(step)
                    case .move:
                        return hop
                    }
                }
            }
        }
        try validate()
    }

    /// Every index in range: a table that passes never makes the engine index out of bounds.
    private func validate() throws(TextError) {
        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(TextError) {
            if !condition { throw TextError(line: 0, message: message()) }
        }
        let total = offsets.last.map { $0 + (flows.last?.steps.count ?? 0) } ?? 0
        for flow in flows {
            try check(flow.steps.indices.contains(flow.start), "flow '\(flow.name)' starts at a step it does not have")
            func checkClauses(_ clauses: [Clause], triggers: Int, targetFlow: FlowInfo) throws(TextError) {
                for clause in clauses {
                    try check(clause.trigger >= 0 && clause.trigger < triggers, "a clause of flow '\(flow.name)' has no trigger \(clause.trigger)")
                    try check(!clause.actions.isEmpty && clause.actions.count >= clause.conditions.count
                              && clause.actions.count <= clause.conditions.count + 1, "a clause of flow '\(flow.name)' has \(clause.actions.count) actions for \(clause.conditions.count) conditions")
                    for condition in clause.conditions {
                        try check(flow.guards.indices.contains(condition.guardIndex), "flow '\(flow.name)' has no guard \(condition.guardIndex)")
                    }
                    for action in clause.actions {
                        switch action.kind {
                        case .pop, .dismiss: try check(action.target == nil, "'\(action.kind.rawValue)' takes no target")
                        case .exit: try check(action.target.map(flow.exits.indices.contains) ?? false, "flow '\(flow.name)' has no such exit")
                        default: try check(action.target.map(flow.steps.indices.contains) ?? false, "flow '\(flow.name)' has no such step")
                        }
                    }
                }
                _ = targetFlow
            }
            try checkClauses(flow.clauses, triggers: flow.events.count, targetFlow: flow)
            for step in flow.steps {
                if let runs = step.runs {
                    try check(flows.indices.contains(runs), "step '\(step.name)' runs no flow \(runs)")
                    try checkClauses(step.clauses, triggers: flows[runs].exits.count, targetFlow: flow)
                } else {
                    try checkClauses(step.clauses, triggers: flow.events.count, targetFlow: flow)
                }
                if case .after(let previous) = step.path { try check(previous >= 0 && previous < total, "a path goes through no step \(previous)") }
            }
            for link in flow.links {
                try check(flow.steps.indices.contains(link.target), "a link of flow '\(flow.name)' opens no step \(link.target)")
                let inputs = flow.steps[link.target].inputs.count
                for part in link.segments + link.query.map(\.value) {
                    if case .placeholder(let index) = part { try check(index >= 0 && index < inputs, "a link names no input \(index)") }
                }
                for hop in link.path {
                    switch hop {
                    case .bottom(let step), .enter(let step):
                        try check(flows.indices.contains(step.flow) && flows[step.flow].steps.indices.contains(step.step), "a link's path goes through no step")
                    case .move(let ref):
                        try check(flows.indices.contains(ref.flow), "a link's path names no flow \(ref.flow)")
                        try check(ref.step.map(flows[ref.flow].steps.indices.contains) ?? true, "a link's path names no step")
                        let clauses = self.clauses(flow: ref.flow, step: ref.step)
                        try check(clauses.indices.contains(ref.clause) && clauses[ref.clause].actions.indices.contains(ref.branch), "a link's path names no clause")
                    }
                }
            }
        }
    }
}

/// The fields of one line of the text, read left to right.
private struct Fields {
    let words: [Substring]
    let number: Int
    var index = 0

    init(line: Substring, number: Int) {
        words = line.split(separator: " ")
        self.number = number
    }

    var isAtEnd: Bool { index >= words.count }

    func peek() -> String? { isAtEnd ? nil : String(words[index]) }

    mutating func back() { index -= 1 }

    func error(_ message: String) -> ProgramTable.TextError { ProgramTable.TextError(line: number, message: message) }

    mutating func word() throws(ProgramTable.TextError) -> String {
        guard !isAtEnd else { throw error("the line ends early") }
        defer { index += 1 }
        return TableEscaping.decode(words[index])
    }

    mutating func number(_ given: String? = nil) throws(ProgramTable.TextError) -> Int {
        let text = given == nil ? try word() : given!
        guard let value = Int(text) else { throw error("expected a number, not '\(text)'") }
        return value
    }

    mutating func optionalNumber() throws(ProgramTable.TextError) -> Int? {
        let text = try word()
        return text == "-" ? nil : try number(text)
    }

    mutating func flag() throws(ProgramTable.TextError) -> Bool {
        switch try word() {
        case "0": false
        case "1": true
        case let other: throw error("expected 0 or 1, not '\(other)'")
        }
    }

    /// `on TRIGGER [if [!]GUARD] ACTION [else ...]...`
    mutating func clause() throws(ProgramTable.TextError) -> ProgramTable.Clause {
        guard try word() == "on" else { throw error("expected 'on'") }
        var clause = ProgramTable.Clause(trigger: try number(), conditions: [], actions: [])
        while true {
            if peek() == "if" {
                _ = try word()
                var guardWord = try word()
                let isNegated = guardWord.hasPrefix("!")
                if isNegated { guardWord.removeFirst() }
                clause.conditions.append(.init(guardIndex: try number(guardWord), isNegated: isNegated))
                clause.actions.append(try action())
            } else {
                clause.actions.append(try action())
                guard clause.actions.count > clause.conditions.count, peek() != "else" else {
                    throw error("an action without a condition ends its clause")
                }
                return clause
            }
            guard peek() == "else" else { return clause }
            _ = try word()
        }
    }

    mutating func action() throws(ProgramTable.TextError) -> ProgramTable.Action {
        let word = try self.word()
        guard let kind = ProgramTable.ActionKind(rawValue: word) else { throw error("unknown action '\(word)'") }
        switch kind {
        case .pop, .dismiss: return .init(kind: kind, target: nil)
        default: return .init(kind: kind, target: try number())
        }
    }

    /// `link TARGET TEXT SCHEME|- PART... [path HOP...]` (the keyword is read).
    mutating func link() throws(ProgramTable.TextError) -> ProgramTable.LinkInfo {
        let target = try number()
        let text = try word()
        let schemeWord = try word()
        var link = ProgramTable.LinkInfo(text: text, target: target, scheme: schemeWord == "-" ? nil : schemeWord,
                                         segments: [], query: [], path: [])
        func part(_ text: Substring) throws(ProgramTable.TextError) -> ProgramTable.PatternPart {
            if text.first == "/" { return .literal(TableEscaping.decode(text.dropFirst())) }
            guard text.first == "{", text.last == "}", let index = Int(text.dropFirst().dropLast()) else {
                throw error("expected /LITERAL or {INPUT}, not '\(text)'")
            }
            return .placeholder(index)
        }
        while !isAtEnd, words[index] != "path" {
            let raw = words[index]
            index += 1
            if raw.first == "?" {
                guard let equals = raw.firstIndex(of: "=") else { throw error("expected ?KEY=VALUE") }
                link.query.append((TableEscaping.decode(raw[raw.index(after: raw.startIndex)..<equals]), try part(raw[raw.index(after: equals)...])))
            } else {
                link.segments.append(try part(raw))
            }
        }
        guard !isAtEnd else { return link }
        index += 1
        while !isAtEnd {
            let raw = words[index]
            index += 1
            let body = raw.dropFirst()
            switch raw.first {
            case "b", "e":
                guard let global = Int(body) else { throw error("expected a step index in '\(raw)'") }
                link.path.append(raw.first == "b" ? .bottom(StepRef(flow: -1, step: global)) : .enter(StepRef(flow: -1, step: global)))
            case "m":
                let parts = body.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 4, let flow = Int(parts[0]), let clause = Int(parts[2]), let branch = Int(parts[3]),
                      parts[1] == "*" || Int(parts[1]) != nil else { throw error("expected mFLOW:STEP:CLAUSE:BRANCH, not '\(raw)'") }
                link.path.append(.move(.init(flow: flow, step: Int(parts[1]), clause: clause, branch: branch)))
            default:
                throw error("unknown hop '\(raw)'")
            }
        }
        return link
    }
}

/// Percent-escaping of the table's fields (FlowGraph's `RouterTable.escape` writes it).
enum TableEscaping {
    static func decode(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
"""###),
        ("ProgramTable.swift", ###"""
/// A program as data: its flows, steps, clauses, guards, events, exits and deep links, by index.
/// The generated router holds it as text (`ProgramTable.Text`), decoded once at first use; the
/// engine reads every decision from it, so the generated code holds only typed values.
public struct ProgramTable: Sendable {
    public var flows: [FlowInfo]

    /// One flow: its steps in order, and its guards, events, exits and links, each by index.
    public struct FlowInfo: Sendable {
        public var name: String
        public var isTabs: Bool
        /// The index of the start step; for a tabs flow, the tab selected first.
        public var start: Int
        /// Whether no step runs the flow, so that the app can start there.
        public var isRoot: Bool
        public var steps: [StepInfo] = []
        public var guards: [GuardInfo] = []
        public var events: [String] = []
        public var exits: [String] = []
        /// The flow-level clauses, in source order.
        public var clauses: [Clause] = []
        public var links: [LinkInfo] = []

        /// The steps the flow shows first: the start step, or every tab.
        public var firstSteps: [Int] { isTabs ? Array(steps.indices) : [start] }
    }

    public struct StepInfo: Sendable {
        public var name: String
        /// `name: Type` of each input, as the spec writes them.
        public var inputs: [String]
        /// The flow the step runs, if it runs one.
        public var runs: Int?
        /// The step before this one on a shortest path from a root's first screen (a global
        /// index, see `ProgramTable.global`); `.start` for a first screen, `.none` when unreachable.
        public var path: PathLink
        /// The step's clauses, in source order: for a step that runs a flow, the handlers of the
        /// subflow's exits (their `trigger` is an exit of that flow).
        public var clauses: [Clause]
    }

    public enum PathLink: Hashable, Sendable {
        case none
        case start
        case after(Int)
    }

    public struct GuardInfo: Sendable {
        public var name: String
        public var isAsync: Bool
    }

    /// An `on` clause: its trigger, its conditions and one action for each, plus a final `else`.
    public struct Clause: Sendable {
        /// The event's index among the flow's events; for an exit handler, the exit's index
        /// among the exits of the flow the step runs.
        public var trigger: Int
        public var conditions: [Condition]
        /// One per condition, then the last `else` when there is one; one action without conditions.
        public var actions: [Action]
    }

    public struct Condition: Hashable, Sendable {
        /// The guard's index among the flow's guards.
        public var guardIndex: Int
        public var isNegated: Bool

        /// The answer of the guard that makes the condition hold.
        public var holdsWhen: Bool { !isNegated }
    }

    public struct Action: Hashable, Sendable {
        public var kind: ActionKind
        /// The step (or for `exit`, the exit) the action names; nil for `pop` and `dismiss`.
        public var target: Int?
    }

    public enum ActionKind: String, Hashable, Sendable, CaseIterable {
        case push, sheet, cover, replace, root, select, popTo, pop, dismiss, exit

        /// Whether the action builds a screen of its target step, with its inputs.
        public var buildsScreen: Bool {
            switch self {
            case .push, .sheet, .cover, .replace, .root: true
            case .select, .popTo, .pop, .dismiss, .exit: false
            }
        }
    }

    /// A deep link: its pattern, the step it opens, and the path from a root that opens it.
    public struct LinkInfo: Sendable {
        /// The pattern as written: `/items/{item}`.
        public var text: String
        public var target: Int
        public var scheme: String?
        public var segments: [PatternPart]
        public var query: [(key: String, value: PatternPart)]
        /// The path `open` follows; empty when no path from a root opens the link.
        public var path: [Hop]
    }

    public enum PatternPart: Hashable, Sendable {
        case literal(String)
        /// Names an input of the target step, by its index.
        case placeholder(Int)
    }

    /// One hop of a link's path.
    public enum Hop: Hashable, Sendable {
        /// The root flow shows this step (its start, or a tab) with nothing over it.
        case bottom(StepRef)
        /// The subflow just entered starts over at this step (its start, or a tab).
        case enter(StepRef)
        /// An action of a clause.
        case move(ClauseRef)
    }

    /// A clause of the program, and which action of its chain (0 for the first, k for the k-th `else`).
    public struct ClauseRef: Hashable, Sendable {
        public var flow: Int
        /// The step whose clause it is; nil for a flow-level clause.
        public var step: Int?
        public var clause: Int
        public var branch: Int

        public init(flow: Int, step: Int?, clause: Int, branch: Int) {
            self.flow = flow
            self.step = step
            self.clause = clause
            self.branch = branch
        }
    }

    /// The clauses of a place: a step's, or the flow level's.
    public func clauses(flow: Int, step: Int?) -> [Clause] {
        step.map { flows[flow].steps[$0].clauses } ?? flows[flow].clauses
    }

    public func clause(_ ref: ClauseRef) -> Clause { clauses(flow: ref.flow, step: ref.step)[ref.clause] }

    /// The step of a global index: steps numbered flow by flow, in order.
    public func step(global index: Int) -> StepRef {
        var flow = 0
        while flow + 1 < offsets.count, offsets[flow + 1] <= index { flow += 1 }
        return StepRef(flow: flow, step: index - offsets[flow])
    }

    public func global(_ step: StepRef) -> Int { offsets[step.flow] + step.step }

    /// `Flow.Step`.
    public func name(_ step: StepRef) -> String { "\(flows[step.flow].name).\(flows[step.flow].steps[step.step].name)" }

    /// The index of each flow's first step in the global numbering.
    var offsets: [Int] = []

    public init(flows: [FlowInfo]) {
        self.flows = flows
        var total = 0
        offsets = flows.map { flow in
            defer { total += flow.steps.count }
            return total
        }
    }
}
"""###),
    ]

    /// What `--embed-runtime` writes for a file: a header line, then the file as it is.
    public static func output(_ file: (name: String, text: String)) -> String {
        "\(OutputSignature.swiftPrefix) \(FlowGraphVersion.current): FlowGraphRuntime's \(file.name), verbatim below (--embed-runtime). Do not edit: generate again.\n"
            + file.text + "\n"
    }
}
