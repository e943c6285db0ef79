/// What a change to a program breaks, and for whom (docs/CLI.md, "flowgraph diff").
public enum DiffCategory: String, Sendable, CaseIterable, Comparable {
    /// A deep link's URL is a promise to the outside world: emails, push notifications, QR codes
    /// and other apps keep URLs long after the app changed.
    case link
    /// The generated router's types are a promise to the app's own code: its views switch over
    /// the steps, send the events, implement the guards.
    case router
    /// What a reviewer wants to know about the journeys through the app; it fails nothing by default.
    case journey

    public static func < (lhs: DiffCategory, rhs: DiffCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A rule of `flowgraph diff`: one kind of change, with a stable id and its category.
///
/// The category of each rule is written in one place, `category`, a switch the compiler checks,
/// so that a new rule cannot be added without deciding whom it breaks.
package enum DiffRule: String, Sendable, CaseIterable, Comparable {
    case linkRemoved = "link-removed"
    case linkTargetChanged = "link-target-changed"
    case linkStackChanged = "link-stack-changed"
    case linkPlaceholderNarrowed = "link-placeholder-narrowed"
    case linkGuardAdded = "link-guard-added"
    case linkTargetUnreachable = "link-target-unreachable"
    case routerFlowRemoved = "router-flow-removed"
    case routerStepRemoved = "router-step-removed"
    case routerInputChanged = "router-input-changed"
    case routerEventRemoved = "router-event-removed"
    case routerExitRemoved = "router-exit-removed"
    case routerPayloadChanged = "router-payload-changed"
    case routerGuardRemoved = "router-guard-removed"
    case routerGuardArgumentsChanged = "router-guard-arguments-changed"
    case routerGuardAsync = "router-guard-async"
    case routerAlertRemoved = "router-alert-removed"
    case routerRenamed = "router-renamed"
    case journeyStepUnreachable = "journey-step-unreachable"
    case journeyStepReachable = "journey-step-reachable"
    case journeyGuardAdded = "journey-guard-added"
    case journeyDeadEnd = "journey-dead-end"
    case journeyCannotFinish = "journey-cannot-finish"
    case journeyPathLonger = "journey-path-longer"
    case journeyPresentationChanged = "journey-presentation-changed"
    case journeyBroken = "journey-broken"

    public var id: String { rawValue }

    public var category: DiffCategory {
        switch self {
        case .linkRemoved, .linkTargetChanged, .linkStackChanged, .linkPlaceholderNarrowed, .linkGuardAdded, .linkTargetUnreachable:
            .link
        case .routerFlowRemoved, .routerStepRemoved, .routerInputChanged, .routerEventRemoved, .routerExitRemoved,
             .routerPayloadChanged, .routerGuardRemoved, .routerGuardArgumentsChanged, .routerGuardAsync, .routerAlertRemoved,
             .routerRenamed:
            .router
        case .journeyStepUnreachable, .journeyStepReachable, .journeyGuardAdded, .journeyDeadEnd, .journeyCannotFinish,
             .journeyPathLonger, .journeyPresentationChanged, .journeyBroken:
            .journey
        }
    }

    /// One sentence: what the rule reports (SARIF's rule description, the docs' table).
    public var summary: String {
        switch self {
        case .linkRemoved: "A URL that opened a link before matches no link now."
        case .linkTargetChanged: "A URL that opened a step before opens another step now."
        case .linkStackChanged: "A URL opens the same step, but shown another way (pushed, presented as a sheet, a cover...)."
        case .linkPlaceholderNarrowed: "A link placeholder's type accepts fewer texts now (or an optional query value became required)."
        case .linkGuardAdded: "Opening a link asks a guard it did not ask before: a URL that opened may be blocked now."
        case .linkTargetUnreachable: "A link that could be opened before has no path to its step now."
        case .routerFlowRemoved: "A flow or destinations group was removed or renamed without a declared rename."
        case .routerStepRemoved: "A step was removed or renamed without a declared rename."
        case .routerInputChanged: "The inputs of a step or an alert changed: the router's case for it changed."
        case .routerEventRemoved: "An event was removed or renamed without a declared rename."
        case .routerExitRemoved: "An exit was removed or renamed without a declared rename."
        case .routerPayloadChanged: "The payload of an event or an exit changed."
        case .routerGuardRemoved: "A guard was removed or renamed without a declared rename."
        case .routerGuardArgumentsChanged: "The arguments of a guard changed: the app's implementation must change."
        case .routerGuardAsync: "A guard became async, or stopped being async: the app's implementation must change."
        case .routerAlertRemoved: "An alert or dialog was removed or renamed without a declared rename."
        case .routerRenamed: "A declared rename changed a name the generated router spells: the app's code that uses it must change."
        case .journeyStepUnreachable: "A step that could be reached cannot be reached now."
        case .journeyStepReachable: "A step can be reached now that could not be before (or a new step is reachable)."
        case .journeyGuardAdded: "Every way to a step asks a guard it did not ask before: a user for whom it blocks no longer reaches the step."
        case .journeyDeadEnd: "A new dead end: a cover or locked sheet with no way out."
        case .journeyCannotFinish: "A new step from which its flow cannot finish."
        case .journeyPathLonger: "The shortest way from the app's start to a step takes more moves now."
        case .journeyPresentationChanged: "A step is shown another way now (push, sheet, popover, cover...)."
        case .journeyBroken: "A journey (a `journey` declaration) that held in the old program does not hold in the new one."
        }
    }

    public static func < (lhs: DiffRule, rhs: DiffRule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One change that `flowgraph diff` reports, with where it is on each side.
package struct DiffFinding: Sendable, Hashable, Comparable {
    public let rule: DiffRule
    public let message: String
    /// What it is about, qualified (`Flow.Step`, `Flow.event`, a link's pattern): the key that
    /// reports and tests use, free of positions.
    public let subject: String
    /// Where it was in the old program (a range in the old side's files), when it was there.
    public let old: SourceRange?
    /// Where it is in the new program (a range in the new side's files), when it still is; for
    /// something removed, the nearest enclosing declaration that still exists, if any.
    public let new: SourceRange?
    /// For a link finding: a URL that opened before and does not open the same way now.
    public let example: String?

    public var category: DiffCategory { rule.category }

    public init(_ rule: DiffRule, _ message: String, subject: String, old: SourceRange?, new: SourceRange?, example: String? = nil) {
        self.rule = rule
        self.message = message
        self.subject = subject
        self.old = old
        self.new = new
        self.example = example
    }

    /// By category, then rule, subject and message: the reports' order, free of positions.
    public static func < (lhs: DiffFinding, rhs: DiffFinding) -> Bool {
        (lhs.rule, lhs.subject, lhs.message) < (rhs.rule, rhs.subject, rhs.message)
    }
}

/// Something `flowgraph diff` tells but that is no change: a declared rename whose old name is
/// in neither program.
package struct DiffNote: Sendable, Hashable {
    public let message: String
    public let new: SourceRange

    public init(_ message: String, at new: SourceRange) {
        self.message = message
        self.new = new
    }
}
