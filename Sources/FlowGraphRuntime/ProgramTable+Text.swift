/// The text a generated router holds its table in, one record a line, fields split by spaces, each
/// field percent-escaped (`%`, space, control characters, `"`, `\` and `=` as `%XX`):
///
///     flowgraph-table 2
///     flow NAME TABS START ROOT [guard NAME ASYNC]... [event NAME]... [exit NAME]... [split]
///                                            TABS, ROOT, ASYNC: 0 or 1; START: a step index;
///                                            the flow's guards, events and exits in order;
///                                            split: a split view
///     launch KIND STEP [if [!]GUARD]         the flow's layer at launch: KIND cover or sheet
///     step NAME RUNS PATH [in NAME:TYPE]... [recv NAME:TYPE]... [keeps] [LOCK] [if [!]GUARD] [item KIND]
///          [col N] [detents DETENT... [interactive]] [CLAUSE]...
///                                            DETENT: medium, large, or hN (N points);
///                                            col: a split view's column, 1 content, 2 detail
///                                            RUNS: a flow index or -; PATH: the global index of
///                                            the step before it on a shortest path, ^ for a
///                                            first screen, - when unreachable; recv: a value the
///                                            step receives (none is written when it receives none)
///     on TRIGGER [if [!]GUARD] ACTION [else [if [!]GUARD] ACTION]...
///                                            a clause; on a line of its own, a flow-level one
///     link TARGET PATTERN [or PATTERN]... [move KIND] [path HOP...]...
///                                            a PATTERN is TEXT SCHEME|- [!i] [!pN] [PART]... [?KEY=PART]...;
///                                            !i: ignoring case; !pN: precedence N (0 without);
///                                            a PART is /LITERAL, {INPUT}, ~PREFIX{INPUT}SUFFIX or *;
///                                            move KIND: the link's move where the user is (push, sheet, popover, cover);
///                                            each path from a place the app may start at, the shortest first
///     alert NAME STYLE [in NAME:TYPE]... [close TRIGGER | CLAUSE]...
///                                            an alert of the flow (STYLE: alert or dialog), its
///                                            buttons in order: one that only closes it, or its clause
///
/// An ACTION is a kind (`push`, `popTo`, ...) followed by its target's index unless it is `pop`,
/// `dismiss`, `close` or `restart`; a back move and `,` may come before it (`dismiss , sheet 3`), and `at HOP...`
/// after it: the path inside the subflow its target runs (`sheet 3 at e12 m4:0:1:0`); a `sheet` or
/// `popover` the user cannot swipe away ends with `locked`, or `locked while [!]GUARD` (`sheet 3
/// locked while !1`), and one that presents otherwise on compact widths with `compact KIND`
/// (`sheet 3 locked compact cover`). A HOP is `bN` (the root shows global step N), `eN` (a subflow starts over at N) or
/// `mFLOW:STEP:CLAUSE:BRANCH` (a clause's action; STEP is `*` for a flow-level clause).
///
/// The runtime writes it too (`ProgramTable.text`, ProgramTable+Writing.swift): the compiler
/// (FlowGraph's `RouterTable`) builds the value and has it written, so that the writer and this
/// reader are one definition with one version; `TableTextTests` reads back what it writes.
extension ProgramTable {
    /// The version of the text this runtime reads; a router generated for another one must be
    /// generated again.
    public static let textVersion = 10
    /// The versions this runtime reads: version 1 is version 2 with one path a link, version 2 is
    /// version 3 without links that decide (`values`, `if`, `else` in a link record), and version
    /// 3 is version 4 without a link's `at` (`move KIND at HOP...`) and back move (`back dismiss`),
    /// version 4 is version 5 with at most one back move in an action (`pop , pop` is new), and
    /// version 5 is version 6 without the rest of a link's path (`**`, `{N...}`), whole URL (`!uN`)
    /// and steps that keep links (`keeps`), and version 6 is version 7 without a step's lock
    /// (`locked` after a step's fields) and a flow's launch (`launch KIND STEP [if [!]GUARD]`), and
    /// version 7 is version 8 without the action `restart`, a tab's condition (`if [!]GUARD`
    /// after a step's lock), an item of a tab bar that presents its step (`item KIND`) and a
    /// step's detents (`detents DETENT...`), and version 8 is version 9 without a move's other
    /// presentation on compact widths (`compact KIND` after its lock), and version 9 is version 10
    /// without split views (`split` after a flow's fields, a step's column `col N` after its tab
    /// item, the action `show`).
    public static let readableVersions = 1...textVersion

    /// Decodes the text of a generated router. Text this runtime cannot read is a router generated
    /// by another version of FlowGraph, or edited: the program stops with a message saying so.
    public init(text: String) {
        do {
            try self.init(parsing: text)
        } catch {
            fatalError("FlowGraphRuntime cannot read this router's program (\(error)): "
                + "generate FlowRouter.swift again with the FlowGraph version of this runtime")
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
            var fields = TableFields(line: line, number: lineNumber)
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
                guard Self.readableVersions.contains(version) else {
                    throw TextError(line: lineNumber, message: "version \(version), "
                        + "this runtime reads versions \(Self.readableVersions.lowerBound) to \(Self.textVersion)")
                }
                sawHeader = true
            case "flow":
                var flow = FlowInfo(name: try fields.word(), isTabs: try fields.flag(), start: try fields.number(), isRoot: try fields.flag())
                while !fields.isAtEnd {
                    switch try fields.word() {
                    case "guard": flow.guards.append(GuardInfo(name: try fields.word(), isAsync: try fields.flag()))
                    case "event": flow.events.append(try fields.word())
                    case "exit": flow.exits.append(try fields.word())
                    case "split": flow.isSplit = true
                    case let other: throw fields.error("expected guard, event, exit or split, not '\(other)'")
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
                let inputs = try fields.parameters("in")
                let receives = try fields.parameters("recv")
                let keepsLinks = fields.peek() == "keeps"
                if keepsLinks { _ = try fields.word() }
                let lock = try fields.lock()
                var condition: Condition?
                if fields.peek() == "if" {
                    _ = try fields.word()
                    condition = try fields.condition()
                }
                var tabItem: ActionKind?
                if fields.peek() == "item" {
                    _ = try fields.word()
                    let word = try fields.word()
                    guard let kind = ActionKind(rawValue: word), [.sheet, .cover, .popover].contains(kind) else {
                        throw fields.error("a tab item presents with 'sheet', 'cover' or 'popover', not '\(word)'")
                    }
                    tabItem = kind
                }
                var column = 0
                if fields.peek() == "col" {
                    _ = try fields.word()
                    column = try fields.number()
                    guard column == 1 || column == 2 else { throw fields.error("a step's column is 1 (content) or 2 (detail), not \(column)") }
                }
                var detents: [Detent] = []
                var isInteractive = false
                if fields.peek() == "detents" {
                    _ = try fields.word()
                    while let word = fields.peek(), word == "medium" || word == "large" || word.hasPrefix("h") {
                        _ = try fields.word()
                        if word == "medium" { detents.append(.medium) } else if word == "large" { detents.append(.large) } else {
                            detents.append(.height(try fields.number(String(word.dropFirst()))))
                        }
                    }
                    guard !detents.isEmpty else { throw fields.error("expected the detents after 'detents'") }
                    if fields.peek() == "interactive" {
                        _ = try fields.word()
                        isInteractive = true
                    }
                }
                var clauses: [Clause] = []
                while !fields.isAtEnd { clauses.append(try fields.clause()) }
                var step = StepInfo(name: name, inputs: inputs, receives: receives, runs: runs, path: path,
                                    clauses: clauses, keepsLinks: keepsLinks)
                step.detents = detents
                step.isInteractiveBelowDetents = isInteractive
                step.lock = lock
                step.condition = condition
                step.tabItem = tabItem
                step.column = column
                flows[flows.count - 1].steps.append(step)
            case "starts":
                flows[flows.count - 1].startChoices = try fields.startChoices()
            case "launch":
                let kind = try fields.word()
                guard kind == "cover" || kind == "sheet" else { throw fields.error("a launch is a 'cover' or a 'sheet', not '\(kind)'") }
                var launch = ProgramTable.Launch(kind: kind == "cover" ? .cover : .sheet, step: try fields.number(), condition: nil)
                if fields.peek() == "if" {
                    _ = try fields.word()
                    launch.condition = try fields.condition()
                }
                flows[flows.count - 1].launch = launch
            case "on":
                fields.back()
                flows[flows.count - 1].clauses.append(try fields.clause())
            case "link":
                flows[flows.count - 1].links.append(try fields.link())
            case "alert":
                flows[flows.count - 1].alerts.append(try fields.alert())
            default:
                throw TextError(line: lineNumber, message: "unknown record '\(keyword)'")
            }
            if !fields.isAtEnd { throw fields.error("unexpected '\(fields.peek() ?? "")'") }
        }
        guard sawHeader else { throw TextError(line: 1, message: "expected 'flowgraph-table \(Self.textVersion)'") }
        self.init(flows: flows)
        // Hops name steps by their global index until the offsets are known.
        let total = self.flows.reduce(0) { $0 + $1.steps.count }
        func located(_ hops: [Hop]) throws(TextError) -> [Hop] {
            try hops.map { hop throws(TextError) in
                switch hop {
                case .bottom(let global), .enter(let global):
                    guard global.step >= 0, global.step < total else {
                        throw TextError(line: 0, message: "a path goes through no step \(global.step)")
                    }
                    let step = self.step(global: global.step)
                    if case .bottom = hop { return .bottom(step) }
                    return .enter(step)
                case .move:
                    return hop
                }
            }
        }
        func located(_ clause: inout Clause) throws(TextError) {
            for action in clause.actions.indices where !clause.actions[action].at.isEmpty {
                clause.actions[action].at = try located(clause.actions[action].at)
            }
        }
        func located(_ clauses: inout [Clause]) throws(TextError) {
            for index in clauses.indices { try located(&clauses[index]) }
        }
        for flow in self.flows.indices {
            for link in self.flows[flow].links.indices {
                var paths: [[Hop]] = []
                for path in self.flows[flow].links[link].paths { paths.append(try located(path)) }
                self.flows[flow].links[link].paths = paths
                self.flows[flow].links[link].at = try located(self.flows[flow].links[link].at)
                for branch in self.flows[flow].links[link].otherwise.indices {
                    var branchPaths: [[Hop]] = []
                    for path in self.flows[flow].links[link].otherwise[branch].paths { branchPaths.append(try located(path)) }
                    self.flows[flow].links[link].otherwise[branch].paths = branchPaths
                    self.flows[flow].links[link].otherwise[branch].at = try located(self.flows[flow].links[link].otherwise[branch].at)
                }
            }
            var clauses = self.flows[flow].clauses
            try located(&clauses)
            self.flows[flow].clauses = clauses
            // A button's `at` (`on translateTapped -> sheet Settings at Translation`).
            for alert in self.flows[flow].alerts.indices {
                for button in self.flows[flow].alerts[alert].buttons.indices {
                    guard var clause = self.flows[flow].alerts[alert].buttons[button].clause else { continue }
                    try located(&clause)
                    self.flows[flow].alerts[alert].buttons[button].clause = clause
                }
            }
            for step in self.flows[flow].steps.indices {
                var clauses = self.flows[flow].steps[step].clauses
                try located(&clauses)
                self.flows[flow].steps[step].clauses = clauses
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
        func checkHops(_ hops: [Hop], what: String) throws(TextError) {
            for hop in hops {
                switch hop {
                case .bottom(let step), .enter(let step):
                    try check(flows.indices.contains(step.flow) && flows[step.flow].steps.indices.contains(step.step), "\(what) goes through no step")
                case .move(let ref):
                    try check(flows.indices.contains(ref.flow), "\(what) names no flow \(ref.flow)")
                    try check(ref.step.map(flows[ref.flow].steps.indices.contains) ?? true, "\(what) names no step")
                    let clauses = self.clauses(flow: ref.flow, step: ref.step)
                    try check(clauses.indices.contains(ref.clause) && clauses[ref.clause].actions.indices.contains(ref.branch),
                              "\(what) names no clause")
                }
            }
        }
        for flow in flows {
            try check(flow.steps.indices.contains(flow.start), "flow '\(flow.name)' starts at a step it does not have")
            for choice in flow.startChoices {
                try check(flow.steps.indices.contains(choice.step), "flow '\(flow.name)' starts at a step it does not have")
                if let condition = choice.condition {
                    try check(flow.guards.indices.contains(condition.guardIndex), "flow '\(flow.name)' has no guard \(condition.guardIndex)")
                }
            }
            if let launch = flow.launch {
                try check(flow.steps.indices.contains(launch.step), "flow '\(flow.name)' has no step \(launch.step) to show at launch")
                if let condition = launch.condition {
                    try check(flow.guards.indices.contains(condition.guardIndex), "flow '\(flow.name)' has no guard \(condition.guardIndex)")
                }
            }
            func checkClauses(_ clauses: [Clause], triggers: Int, targetFlow: FlowInfo) throws(TextError) {
                for clause in clauses {
                    try check(clause.trigger >= 0 && clause.trigger < triggers, "a clause of flow '\(flow.name)' has no trigger \(clause.trigger)")
                    try check(!clause.actions.isEmpty && clause.actions.count >= clause.conditions.count
                              && clause.actions.count <= clause.conditions.count + 1,
                              "a clause of flow '\(flow.name)' has \(clause.actions.count) actions for \(clause.conditions.count) conditions")
                    for condition in clause.conditions {
                        try check(flow.guards.indices.contains(condition.guardIndex), "flow '\(flow.name)' has no guard \(condition.guardIndex)")
                    }
                    for action in clause.actions {
                        if case .whileGuard(let condition)? = action.lock {
                            try check(flow.guards.indices.contains(condition.guardIndex), "flow '\(flow.name)' has no guard \(condition.guardIndex)")
                        }
                        for back in action.backs where back.kind == .popTo {
                            try check(back.target.map(flow.steps.indices.contains) ?? false, "flow '\(flow.name)' has no such step")
                        }
                        if !action.at.isEmpty {
                            let runs = action.kind.buildsScreen || action.kind == .select
                                ? action.target.flatMap { flow.steps.indices.contains($0) ? flow.steps[$0].runs : nil } : nil
                            try check(runs != nil, "'at' follows a move to a step that runs no flow")
                            if case .enter(let first) = action.at[0] {
                                try check(first.flow == runs, "an 'at' path starts outside the subflow of its move")
                            } else {
                                try check(false, "an 'at' path starts where its subflow starts")
                            }
                            try checkHops(action.at, what: "an 'at' path")
                        }
                        switch action.kind {
                        case _ where !action.kind.hasTarget: try check(action.target == nil, "'\(action.kind.rawValue)' takes no target")
                        case .exit: try check(action.target.map(flow.exits.indices.contains) ?? false, "flow '\(flow.name)' has no such exit")
                        case .alert, .dialog:
                            try check(action.target.map(flow.alerts.indices.contains) ?? false, "flow '\(flow.name)' has no such alert")
                        case .open: try check((action.target ?? -1) >= 0, "'open' names a value of the flow's 'openedValues'")
                        default: try check(action.target.map(flow.steps.indices.contains) ?? false, "flow '\(flow.name)' has no such step")
                        }
                    }
                }
                _ = targetFlow
            }
            try checkClauses(flow.clauses, triggers: flow.events.count, targetFlow: flow)
            for alert in flow.alerts {
                for button in alert.buttons {
                    try check(button.trigger >= 0 && button.trigger < flow.events.count,
                              "a button of flow '\(flow.name)' has no trigger \(button.trigger)")
                    if let clause = button.clause {
                        try check(clause.trigger == button.trigger, "a button's clause has another trigger")
                        try checkClauses([clause], triggers: flow.events.count, targetFlow: flow)
                    }
                }
            }
            for step in flow.steps {
                if let runs = step.runs {
                    try check(flows.indices.contains(runs), "step '\(step.name)' runs no flow \(runs)")
                    try checkClauses(step.clauses, triggers: flows[runs].exits.count, targetFlow: flow)
                } else {
                    try checkClauses(step.clauses, triggers: flow.events.count, targetFlow: flow)
                }
                if case .after(let previous) = step.path { try check(previous >= 0 && previous < total, "a path goes through no step \(previous)") }
                if case .whileGuard(let condition)? = step.lock {
                    try check(flow.guards.indices.contains(condition.guardIndex), "flow '\(flow.name)' has no guard \(condition.guardIndex)")
                }
                try check(flow.isTabs || step.tabItem == nil, "step '\(step.name)' is a tab item, and only a tab bar has one")
                try check(flow.isSplit || step.column == 0, "step '\(step.name)' has a column, and only a split view has them")
                if let condition = step.condition {
                    try check(flow.isTabs, "step '\(step.name)' has a condition, and only a tab has one")
                    try check(flow.guards.indices.contains(condition.guardIndex), "flow '\(flow.name)' has no guard \(condition.guardIndex)")
                }
            }
            try check(!flow.isTabs || flow.steps.contains { $0.condition == nil && $0.tabItem == nil },
                      "every tab of flow '\(flow.name)' has a condition, or flow '\(flow.name)' has no tab")
            for link in flow.links {
                for branch in link.branches {
                    try check(flow.steps.indices.contains(branch.target), "a link of flow '\(flow.name)' opens no step \(branch.target)")
                    for path in branch.paths { try checkHops(path, what: "a link's path") }
                    try checkHops(branch.at, what: "a link's 'at' path")
                    try check(branch.at.isEmpty || branch.move != nil, "a link of flow '\(flow.name)' has 'at' without a move")
                }
                try check(link.conditions.count <= link.branches.count && link.conditions.count + 1 >= link.branches.count,
                          "a link of flow '\(flow.name)' has \(link.conditions.count) conditions for \(link.branches.count) branches")
                for condition in link.conditions {
                    try check(flow.guards.indices.contains(condition.guardIndex), "a link asks no guard \(condition.guardIndex)")
                }
                let inputs = link.valueCount ?? flow.steps[link.target].inputs.count
                for pattern in link.patterns {
                    for part in pattern.segments + pattern.query.map(\.value) {
                        switch part {
                        case .placeholder(let index), .affixed(_, let index, _), .rest(let index?):
                            try check(index >= 0 && index < inputs, "a link names no input \(index)")
                        case .literal, .wildcard, .rest(nil): break
                        }
                    }
                    if let whole = pattern.wholeURL { try check(whole >= 0 && whole < inputs, "a link names no input \(whole)") }
                    try check(pattern.segments.dropLast().allSatisfy { if case .rest = $0 { false } else { true } },
                              "a link's rest of the path is not its last segment")
                }
            }
        }
    }
}

/// The fields of one line of the text, read left to right.
/// Internal rather than private so that its link reader can live in a file of its own; named for
/// the table, as an app that embeds the runtime (`--embed-runtime`) gets its top-level names.
struct TableFields {
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

    /// `[KEYWORD NAME:TYPE]...`: a step's inputs (`in`) or the values it receives (`recv`), as `name: Type`.
    mutating func parameters(_ keyword: String) throws(ProgramTable.TextError) -> [String] {
        var parameters: [String] = []
        while peek() == keyword {
            _ = try word()
            let parameter = try word()
            guard let colon = parameter.firstIndex(of: ":") else { throw error("expected NAME:TYPE") }
            parameters.append("\(parameter[..<colon]): \(parameter[parameter.index(after: colon)...])")
        }
        return parameters
    }

    /// `[if [!]GUARD STEP else]... STEP` (the keyword is read): where a flow starts, as decided by guards.
    mutating func startChoices() throws(ProgramTable.TextError) -> [ProgramTable.StartChoice] {
        var choices: [ProgramTable.StartChoice] = []
        while peek() == "if" {
            _ = try word()
            let condition = try condition()
            choices.append(.init(step: try number(), condition: condition))
            guard try word() == "else" else { throw error("expected 'else' after a start's choice") }
        }
        choices.append(.init(step: try number(), condition: nil))
        return choices
    }

    /// `alert NAME STYLE [in NAME:TYPE]... [close TRIGGER | CLAUSE]...` (the keyword is read).
    mutating func alert() throws(ProgramTable.TextError) -> ProgramTable.AlertInfo {
        let name = try word()
        let style = try word()
        guard style == "alert" || style == "dialog" else { throw error("expected alert or dialog, not '\(style)'") }
        var alert = ProgramTable.AlertInfo(name: name, isDialog: style == "dialog", inputs: try parameters("in"), buttons: [])
        while !isAtEnd {
            if peek() == "close" {
                _ = try word()
                alert.buttons.append(.init(trigger: try number(), clause: nil))
            } else {
                let clause = try clause()
                alert.buttons.append(.init(trigger: clause.trigger, clause: clause))
            }
        }
        return alert
    }

    /// `on TRIGGER [if [!]GUARD] ACTION [else ...]...`
    mutating func clause() throws(ProgramTable.TextError) -> ProgramTable.Clause {
        guard try word() == "on" else { throw error("expected 'on'") }
        var clause = ProgramTable.Clause(trigger: try number(), conditions: [], actions: [])
        while true {
            if peek() == "if" {
                _ = try word()
                clause.conditions.append(try condition())
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

    /// `KIND [TARGET]`, or back moves, each followed by `,`, and the action's own move: `dismiss ,
    /// sheet 3`, `pop , pop`.
    mutating func action() throws(ProgramTable.TextError) -> ProgramTable.Action {
        var last = try move()
        var backs: [ProgramTable.Back] = []
        while peek() == "," {
            _ = try word()
            switch last.kind {
            case .pop, .popTo, .dismiss, .close: break
            default: throw error("only a back move can come before ',', not '\(last.kind.rawValue)'")
            }
            backs.append(.init(kind: last.kind, target: last.target))
            last = try move()
            switch last.kind {
            case .push, .sheet, .popover, .cover, .replace, .pop, .dismiss, .close: break
            default: throw error("'\(last.kind.rawValue)' cannot follow a back move")
            }
        }
        last.backs = backs
        return last
    }

    private mutating func move() throws(ProgramTable.TextError) -> ProgramTable.Action {
        let word = try self.word()
        guard let kind = ProgramTable.ActionKind(rawValue: word) else { throw error("unknown action '\(word)'") }
        guard kind.hasTarget else { return .init(kind: kind, target: nil) }
        var action = ProgramTable.Action(kind: kind, target: try number())
        if peek() == "at" {
            _ = try self.word()
            while let next = peek(), let hop = try hop(next) {
                action.at.append(hop)
                index += 1
            }
            guard !action.at.isEmpty else { throw error("expected the hops of a path after 'at'") }
        }
        if peek() == "locked" {
            action.lock = try lock()
        }
        if peek() == "compact" {
            _ = try self.word()
            let word = try self.word()
            guard let other = ProgramTable.ActionKind(rawValue: word), [.sheet, .cover, .popover].contains(other),
                  [.sheet, .cover, .popover].contains(kind) else {
                throw error("a move that presents has another presentation with 'compact sheet', 'compact cover' or 'compact popover'")
            }
            action.compact = other
        }
        if action.lock != nil, !kind.canBeLocked, !(action.compact?.canBeLocked ?? false) {
            throw error("'\(kind.rawValue)' cannot be locked")
        }
        return action
    }

    /// `locked` or `locked while [!]GUARD`, when the next word is `locked`.
    mutating func lock() throws(ProgramTable.TextError) -> ProgramTable.Lock? {
        guard peek() == "locked" else { return nil }
        _ = try word()
        guard peek() == "while" else { return .always }
        _ = try word()
        return .whileGuard(try condition())
    }

    /// `[!]GUARD`: a guard's index, `!` when the condition holds when the guard says no
    /// (`TableWriting.condition` writes it).
    mutating func condition() throws(ProgramTable.TextError) -> ProgramTable.Condition {
        var guardWord = try word()
        let isNegated = guardWord.hasPrefix("!")
        if isNegated { guardWord.removeFirst() }
        return ProgramTable.Condition(guardIndex: try number(guardWord), isNegated: isNegated)
    }

    /// `bN`, `eN` or `mFLOW:STEP:CLAUSE:BRANCH` (N a global step index, resolved once the table is
    /// read); nil for a word that is no hop (`else`, `on`).
    func hop(_ raw: String) throws(ProgramTable.TextError) -> ProgramTable.Hop? {
        let body = raw.dropFirst()
        guard let first = raw.first, body.first?.isNumber == true else { return nil }
        switch first {
        case "b", "e":
            guard let global = Int(body) else { throw error("expected a step index in '\(raw)'") }
            return first == "b" ? .bottom(StepRef(flow: -1, step: global)) : .enter(StepRef(flow: -1, step: global))
        case "m":
            let parts = body.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 4, let flow = Int(parts[0]), let clause = Int(parts[2]), let branch = Int(parts[3]),
                  parts[1] == "*" || Int(parts[1]) != nil else { throw error("expected mFLOW:STEP:CLAUSE:BRANCH, not '\(raw)'") }
            return .move(.init(flow: flow, step: Int(parts[1]), clause: clause, branch: branch))
        default:
            return nil
        }
    }
}

/// Percent-escaping of the table's fields: what the writer (`ProgramTable.text`) encodes, the reader decodes.
enum TableEscaping {
    /// Percent-escapes what the text cannot hold as it is: `%`, spaces and control characters,
    /// `"` and `\` (the text sits in a Swift raw string literal), and `=`.
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if byte < 0x21 || byte == 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "=") {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

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
