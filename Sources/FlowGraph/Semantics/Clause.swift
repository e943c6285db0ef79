// What a resolved clause does: its actions (`Action`), where they go (`AtTarget`, `LinkBranch`),
// what locks them (`Lock`) and the guards that choose among them (`Condition`).

/// `on event(payload) -> action if guard else action`.
///
/// A class, though immutable: the analyses pass clauses around a great deal, and a reference
/// is one retain to copy where the fields were a dozen.
package final class Clause: Sendable {
    public let event: String
    /// The event's name's number in the program (`Name.id`); `NameID.none` for a link's clause.
    package let eventID: NameID
    public let eventRange: SourceRange
    public let payload: [Parameter]
    public let action: Action
    /// `if g`, out of line: most clauses have none, and a condition is 160 bytes.
    private let conditionStorage: [Condition]
    public var condition: Condition? { conditionStorage.first }
    public let doc: [String]
    public let range: SourceRange
    /// Whether this handles an exit of the flow its step runs (rather than an event).
    public let isExitHandler: Bool
    /// For the flow-level clause a link with a move stands for (`link "/compose" -> sheet
    /// Compose`), that link's index in its flow: the link, not an event, makes its move. Such
    /// clauses come after the flow's own in `clauses`, are no event of the flow, and a path
    /// (another link's, an `at`'s) never goes through them.
    public let link: Int?

    public init(event: String, eventID: NameID = .none, eventRange: SourceRange, payload: [Parameter], action: Action,
                condition: Condition?, doc: [String], range: SourceRange, isExitHandler: Bool, link: Int? = nil) {
        self.link = link
        self.event = event
        self.eventID = eventID
        self.eventRange = eventRange
        self.payload = payload
        self.action = action
        conditionStorage = condition.map { [$0] } ?? []
        self.doc = doc
        self.range = range
        self.isExitHandler = isExitHandler
    }

    /// The actions this transition can take, in order: the main one, then each `else` one.
    /// Action `k` is taken when the guards of conditions `0..<k` block and condition `k` (if any) allows.
    public var actions: [Action] {
        var result = [action]
        var next = condition
        while let current = next {
            if let elseAction = current.elseAction { result.append(elseAction) }
            next = current.elseCondition
        }
        return result
    }

    /// Calls `body` with each action of `actions`, in order, without building the array.
    @inline(__always)
    public func forEachAction(_ body: (Action) throws -> Void) rethrows {
        try body(action)
        guard condition != nil else { return }
        var next = condition
        while let current = next {
            if let elseAction = current.elseAction { try body(elseAction) }
            next = current.elseCondition
        }
    }

    /// Calls `body` with each condition of `conditions`, in order, without building the array.
    @inline(__always)
    public func forEachCondition(_ body: (Condition) throws -> Void) rethrows {
        var next = condition
        while let current = next {
            try body(current)
            next = current.elseCondition
        }
    }

    /// The conditions of the chain, in order: condition `k` guards action `k`.
    public var conditions: [Condition] {
        var result: [Condition] = []
        var next = condition
        while let current = next {
            result.append(current)
            next = current.elseCondition
        }
        return result
    }
}

/// What a transition does to navigation: one move, or a back move and then one that shows a
/// screen (`dismiss, sheet Settings`), made as one transition.
package struct Action: Sendable, Hashable {
    /// The kind of the move (for `dismiss, sheet X`, the `sheet`).
    public var kind: ActionKind
    /// The target's name as written (a step, or an exit for `exit`).
    public var targetName: String?
    /// The target's index in the flow (a step, or an exit for `exit`); nil when unresolved.
    public var target: Int?
    /// The move's own range (for `dismiss, sheet X`, that of `sheet X`).
    public var range: SourceRange
    /// The back moves made first, in order (`dismiss` in `dismiss, sheet Settings`; the first `pop`
    /// in `pop, pop`), each without back moves of its own; at most `SourceLimits.backMoves`. See `back`.
    public var before: [Action] = []
    /// `at Privacy` in `sheet Settings at Privacy`: where the move opens the subflow its target runs.
    public var at: AtTarget? {
        get { atStorage.first }
        set { atStorage = newValue.map { [$0] } ?? [] }
    }
    /// `at`, held out of line (at most one element): actions are copied all over the checker, and
    /// the few that have an `at` should not make every copy larger.
    private var atStorage: [AtTarget] = []
    /// `locked` or `locked while g` of a `sheet` or `popover`: when the user cannot swipe the layer
    /// away. Nil for a layer the user can always swipe away, and for every other move (a cover is
    /// locked by its kind: see `isLocked`).
    public var lock: Lock? {
        get { lockStorage.first }
        set { lockStorage = newValue.map { [$0] } ?? [] }
    }
    /// `lock`, held out of line like `at`.
    private var lockStorage: [Lock] = []
    /// `compact cover` in `sheet Compose compact cover`: how the move presents on compact widths,
    /// where `kind` is how it presents on regular ones; nil when it presents one way.
    public var compact: ActionKind?

    public init(kind: ActionKind, targetName: String?, target: Int?, range: SourceRange, before: [Action] = [],
                at: AtTarget? = nil, lock: Lock? = nil, compact: ActionKind? = nil) {
        self.kind = kind
        self.targetName = targetName
        self.target = target
        self.range = range
        self.before = before
        atStorage = at.map { [$0] } ?? []
        lockStorage = lock.map { [$0] } ?? []
        self.compact = compact
    }

    /// Whether the layer the move presents may be one the user cannot swipe away: a cover, or a
    /// sheet or popover `locked` always or while a guard holds (the checker, not knowing the
    /// guard's answers, takes it as locked). See docs/Language.md, "Sheets the user cannot swipe away".
    public var mayBeLocked: Bool {
        // A cover on one width and a sheet or popover on the other.
        if let compact, (compact == .cover) != (kind == .cover) { return true }
        return switch kind {
        case .cover: true
        case .sheet, .popover: lock != nil
        case .push, .replace, .root, .select, .exit, .popTo, .pop, .dismiss, .close, .alert, .dialog, .open, .pushBelow, .restart,
             .selectBelow, .show: false
        }
    }

    /// The kind the checker follows: a move that is a cover on one width and a sheet or popover on
    /// the other is a sheet that may be locked (`mayBeLocked`), judged as a cover where the user
    /// may be unable to leave and as a sheet for every other rule.
    public var checkedKind: ActionKind { kind == .cover && compact != nil && compact != .cover ? compact! : kind }

    /// The presentation a lock applies to: the sheet or popover among `kind` and `compact`.
    public var lockableKind: ActionKind { Self.lockableKind(kind, compact: compact) }

    /// `lockableKind` of an action of `kind` that presents as `compact` on compact widths.
    static func lockableKind(_ kind: ActionKind, compact: ActionKind?) -> ActionKind {
        kind.canBeLocked ? kind : compact.flatMap { $0.canBeLocked ? $0 : nil } ?? kind
    }

    /// The back move made first, if any: where the clause is taken, the one that must be possible
    /// (the others are made where it and those before it went back to).
    public var back: Action? { before.first }

    /// The action as written: `push X`, `dismiss, sheet X`, `sheet X at Y`, `sheet X locked while g`.
    public var written: String {
        let move = kind == .pushBelow ? "push \(targetName ?? "") below"
            : kind.rawValue + (targetName.map { " " + $0 } ?? "") + (at.map { " at " + $0.written } ?? "")
            + (lock.map { " " + $0.written } ?? "") + (compact.map { " compact " + $0.rawValue } ?? "")
        return (before.map(\.written) + [move]).joined(separator: ", ")
    }

    /// The back moves made first as written, each followed by `, ` (`popTo Cart, `); empty without.
    public var backsWritten: String { before.map { $0.written + ", " }.joined() }

    /// The kinds of its moves as written: `push`, `dismiss, sheet`, `pop, pop`.
    public var writtenKinds: String { (before.map(\.kind.rawValue) + [kind.rawValue]).joined(separator: ", ") }

    /// Whether the action only goes back, in one or more moves (`pop`, `popTo Cart, pop`): it shows
    /// no screen, and the last move is a back move too.
    public var onlyGoesBack: Bool { kind.goesBack }

    /// Every back move the action makes, in order: `before`, and the action itself when it only
    /// goes back (`pop, pop`: both `pop`s).
    public var backMoves: [Action] { onlyGoesBack ? before + [self] : before }
}

/// `locked`, or `locked while g` / `locked while !g`, of a `sheet` or `popover`: the user cannot
/// swipe the layer away (or tap outside a popover) always, or while the guard's answer makes the
/// lock hold. The guard answers at once and takes no arguments (`lock-guard`): the UI asks it
/// whenever it draws the layer.
package struct Lock: Sendable, Hashable {
    /// The guard's name as written; nil for `locked` alone (always).
    public var guardName: String?
    /// The guard's index in the flow; nil when unresolved, or for `locked` alone.
    public var guardIndex: Int?
    public var isNegated: Bool
    /// From `locked` to the guard's name.
    public var range: SourceRange

    public init(guardName: String?, guardIndex: Int?, isNegated: Bool, range: SourceRange) {
        self.guardName = guardName
        self.guardIndex = guardIndex
        self.isNegated = isNegated
        self.range = range
    }

    /// Whether two locks lock the same way: both always, or both while the same answer of the same guard.
    public func locksAlike(_ other: Lock) -> Bool { guardName == other.guardName && isNegated == other.isNegated }

    /// `locked`, `locked while g` or `locked while !g`.
    public var written: String { "locked" + (guardName.map { " while \(isNegated ? "!" : "")\($0)" } ?? "") }
}

/// `at Y` of a move that shows a step running a subflow: the step of that subflow the navigator
/// goes on to, along the path the checker finds from the subflow's start (as a deep link does).
package struct AtTarget: Sendable, Hashable {
    /// The step's name as written.
    public var name: String
    /// The subflow the move's target runs; nil when the target runs none, or one that does not resolve.
    public var flow: FlowIndex?
    /// The step's index in `flow`; nil when unresolved.
    public var step: Int?
    /// The range of the step's name.
    public var range: SourceRange
    /// `Profile` in `at Notifications.Profile`: each next step, in the subflow the one before it
    /// runs (its `flow`); empty for one step.
    public var deeper: [AtTarget] = []

    /// The step the path ends at: the last of `deeper`, or this one.
    public var last: AtTarget { deeper.last ?? self }
    /// Every step named, in order: this one, then `deeper`.
    public var levels: [AtTarget] { [self] + deeper }
    /// As written: `Privacy`, `Notifications.Profile`.
    public var written: String { levels.map(\.name).joined(separator: ".") }
}

extension Flow {
    /// The values a URL of `link` (one of this flow's) gives, by name: its `parameters` once the
    /// resolver has checked its targets; before that, or for a broken link, its first target's inputs.
    package func values(of link: Link) -> [Parameter] {
        guard link.parameters.isEmpty else { return link.parameters }
        return link.target.map { steps[$0].inputs } ?? []
    }
}

/// A target a deep link may open: a step of its flow, opened along a path from a root, or with a
/// move (`sheet SignIn`) made where the flow runs.
package struct LinkBranch: Sendable {
    /// The step; nil when its name does not resolve (already an error).
    public var target: Int?
    public var name: String
    public var range: SourceRange
    public var move: ActionKind?
    /// `at Y` after the move's target.
    public var at: AtTarget?
    /// `dismiss` before the move: the flow's top sheet, when one is up, closes first.
    public var back: ActionKind?
}

/// `if guard` / `if !guard`, with an optional `else` action, which may have a condition of its own.
package struct Condition: Sendable {
    public var guardName: String
    public var guardIndex: Int?
    public var isNegated: Bool
    public var elseAction: Action?
    /// The condition of the `else` action, when it has one (at most one element).
    public var elseChain: [Condition] = []
    public var range: SourceRange
    /// `if g` or `if !g` alone, without what follows: where a finding about the guard's use goes.
    public var testRange: SourceRange

    public var elseCondition: Condition? { elseChain.first }

    /// `if g` or `if !g`, as written.
    public var written: String { "if \(isNegated ? "!" : "")\(guardName)" }
}
