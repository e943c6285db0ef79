/// Every rule the compiler reports, with its stable id, severity and description.
///
/// The ids are public API: CI configurations, SARIF consumers and suppressions name them.
public enum Rule: String, Sendable, CaseIterable, Hashable {
    // Errors.
    case syntax
    case unknownName = "unknown-name"
    case duplicateName = "duplicate-name"
    case missingStart = "missing-start"
    case inputMismatch = "input-mismatch"
    case payloadConflict = "payload-conflict"
    case conflictingTransitions = "conflicting-transitions"
    case recursiveFlow = "recursive-flow"
    case selectOutsideTabs = "select-outside-tabs"
    case unknownExit = "unknown-exit"
    case invalidPop = "invalid-pop"
    case invalidPopTo = "invalid-pop-to"
    case invalidDismiss = "invalid-dismiss"
    case invalidClose = "invalid-close"
    case invalidPushBelow = "invalid-push-below"
    case startGuard = "start-guard"
    case atUnreachable = "at-unreachable"
    case linkMismatch = "link-mismatch"
    case overlappingLinks = "overlapping-links"
    case unsupportedType = "unsupported-type"
    case swiftName = "swift-name"
    case resultMismatch = "result-mismatch"
    case lockGuard = "lock-guard"
    case lockConflict = "lock-conflict"
    case invalidLike = "invalid-like"
    case invalidColumn = "invalid-column"
    case journeyFails = "journey-fails"
    case emptyAlert = "empty-alert"
    // Warnings.
    case unreachableStep = "unreachable-step"
    case unreachableFlow = "unreachable-flow"
    case deadEnd = "dead-end"
    case cannotFinish = "cannot-finish"
    case unhandledExit = "unhandled-exit"
    case unusedGuard = "unused-guard"
    case unusedExit = "unused-exit"
    case linkUnreachable = "link-unreachable"
    case overlappingGuards = "overlapping-guards"
    case unusedIgnore = "unused-ignore"
    case unreceivedResult = "unreceived-result"
    case unusedReceive = "unused-receive"
    case unusedAlert = "unused-alert"
    case keptLinksNeverOpen = "kept-links-never-open"
    case absentTab = "absent-tab"

    /// Whether a `// flowgraph:ignore` comment may silence it: not a syntax error (nothing is read
    /// past it), and not an ignore comment that silences nothing (remove the comment instead).
    public var isIgnorable: Bool { self != .syntax && self != .unusedIgnore }

    /// The stable id, as written in output (`unreachable-step`).
    public var id: String { rawValue }

    public var severity: Severity {
        switch self {
        case .syntax, .unknownName, .duplicateName, .missingStart, .inputMismatch, .payloadConflict,
             .conflictingTransitions, .recursiveFlow, .selectOutsideTabs, .unknownExit, .invalidPop,
             .invalidPopTo, .invalidDismiss, .invalidClose, .invalidPushBelow, .startGuard, .atUnreachable, .linkMismatch, .overlappingLinks,
             .unsupportedType, .swiftName,
             .resultMismatch, .lockGuard, .lockConflict, .emptyAlert, .invalidLike, .invalidColumn, .journeyFails:
            .error
        case .unreachableStep, .unreachableFlow, .deadEnd, .cannotFinish, .unhandledExit, .unusedGuard,
             .unusedExit, .linkUnreachable, .overlappingGuards, .unusedIgnore, .unreceivedResult, .unusedReceive, .unusedAlert,
             .keptLinksNeverOpen, .absentTab:
            .warning
        }
    }

    /// A one-line summary, for SARIF `shortDescription` and the docs' table.
    public var summary: String {
        switch self {
        case .syntax: "The text is not a valid .flow program."
        case .unknownName: "A name refers to a flow, step, guard or exit that does not exist."
        case .duplicateName: "A name is declared twice where it must be unique."
        case .missingStart: "A flow does not say which step it starts at."
        case .inputMismatch: "A transition does not supply the inputs its target needs, or the arguments its guards need, with the same types."
        case .payloadConflict: "One event name carries two different payloads in one flow."
        case .conflictingTransitions: "One step has two transitions for one event that can both fire."
        case .recursiveFlow: "A flow runs itself, directly or through other flows."
        case .selectOutsideTabs: "'select' is used in a flow that is not a tabs flow."
        case .unknownExit: "A step that runs a flow handles something that is not an exit of that flow."
        case .invalidPop: "A 'pop' can run when nothing is under the current step."
        case .invalidPopTo: "A 'popTo' can run when its target is not below the current step."
        case .invalidDismiss: "A 'dismiss' can run when the current step is not presented modally."
        case .invalidClose: "A 'close' can run at the bottom of the flow's own stack, where there is nothing to pop or dismiss."
        case .invalidPushBelow: "A 'push X below' can run when the current step is not presented modally: there is no stack beneath it."
        case .startGuard: "A 'start' asks a guard that cannot answer at once, without a payload: an async guard, or one with arguments."
        case .atUnreachable: "A move's 'at' cannot open its step inside the subflow: the target runs no flow, no path leads there, "
            + "or the payload does not give what the path needs."
        case .linkMismatch: "A deep link's placeholders do not match the inputs of the step it opens."
        case .overlappingLinks: "Two deep links' patterns can match one URL, and neither is more specific than the other."
        case .unsupportedType: "A step's or exit's input, a value a step receives, or a guard's argument, "
            + "has a type that cannot identify a screen: a function or a tuple."
        case .swiftName: "A name would collide with another name, or hide a type, in the generated Swift router."
        case .resultMismatch: "A back move hands a step values other than those it receives: a value it needs is missing, or of another type."
        case .lockGuard: "A sheet is 'locked while' a guard that cannot answer at once, without a payload: an async guard, or one with arguments."
        case .lockConflict: "A sheet or popover says another lock than the step it presents, which is locked wherever it is presented."
        case .invalidLike: "A step is 'like' a step whose clauses it cannot have: itself, one that is like another, or one that runs a flow "
            + "(or it runs a flow itself)."
        case .emptyAlert: "An alert or dialog has no button, so nothing could close it."
        case .journeyFails: "A journey does not hold: at one of its lines the program does not make the move, or shows another screen."
        case .invalidColumn: "A move breaks a split view's columns: 'show' outside a split flow or of a step in no column, "
            + "a column's step pushed, replaced or made the root (or a root outside the sidebar), "
            + "or a push or replace where the sidebar or the content column is on top."
        case .unreachableStep: "No path from the flow's start leads to this step."
        case .unreachableFlow: "No path from a root flow leads to this flow."
        case .deadEnd: "A step presented as a cover, or as a sheet or popover that may be locked, has no way out: the user is trapped."
        case .cannotFinish: "From this step of a flow with exits, no exit can be reached."
        case .unhandledExit: "A step that runs a flow does not handle one of the flow's exits."
        case .unusedGuard: "A guard is declared but no transition or lock uses it."
        case .unusedExit: "An exit is declared but no transition takes it."
        case .linkUnreachable: "A deep link cannot be opened: every path to its step needs an input the URL does not give."
        case .overlappingGuards: "Two guarded transitions of one step for one event can both be allowed."
        case .unusedIgnore: "An ignore comment silences nothing: no finding of its rule is in the declaration below, or the rule is unknown."
        case .unreceivedResult: "A back move hands a value back to a step that receives it, but on another path shows a step that does not."
        case .unusedReceive: "A step receives a value that no back move hands it."
        case .unusedAlert: "An alert or dialog is declared but no clause shows it."
        case .keptLinksNeverOpen: "A step keeps links, and no move takes it off screen: a link kept there never opens."
        case .absentTab: "A 'select' or 'root' of a tab that is there only sometimes does not ask its condition first: it may be refused."
        }
    }

    /// How to fix a finding of this rule, for SARIF `help` and the docs.
    public var fix: String {
        switch self {
        case .syntax: "Correct the text at the marked place; the message says what was expected."
        case .unknownName: "Declare the missing flow, step, guard or exit, or correct the spelling."
        case .duplicateName: "Rename or remove one of the two declarations."
        case .missingStart: "Add 'start StepName' to the flow."
        case .inputMismatch: "Give the event a payload with every input of the target and every argument of its guards, by the same name and type."
        case .payloadConflict: "Use one payload for the event everywhere in the flow, or give the events different names."
        case .conflictingTransitions: "Guard the transitions with complementary conditions ('if g' and 'if !g'), or remove one."
        case .recursiveFlow: "Break the cycle: a flow cannot run itself; go back to an earlier step with 'popTo' or an exit instead."
        case .selectOutsideTabs: "Move the 'select' into the tabs flow (a flow-level 'on' there works from every tab), or use another action."
        case .unknownExit: "Handle only the exits the flow declares, or declare the exit in the flow."
        case .invalidPop: "Reach the step with 'push' on every path, or use 'dismiss', an exit or 'root' instead of 'pop'."
        case .invalidPopTo: "Make sure the target is pushed below this step on every path, or use 'root'."
        case .invalidDismiss: "Present the step with 'sheet' or 'cover' on every path, or use 'pop' or an exit instead."
        case .invalidClose: "Reach the step with 'push', 'sheet' or 'cover' on every path, or use an exit or 'root' instead."
        case .invalidPushBelow: "Present the step with 'sheet' or 'cover' on every path, or use 'push X' (over the step) instead."
        case .startGuard: "Ask a guard that answers at once from the app's state (no 'async', no arguments), "
            + "or start at a step that asks it in a clause."
        case .atUnreachable: "Name a step the subflow reaches from its start by forward moves, "
            + "and carry in the event's payload every input (and guard argument) the steps on the way need."
        case .linkMismatch: "Give the link one placeholder per input of the step it opens, named like the inputs, with types that convert from text."
        case .overlappingLinks: "Make one pattern match only URLs the other matches too (a literal where the other has a placeholder), "
            + "or make them differ."
        case .unsupportedType: "Pass a Hashable value instead (an id, a struct), and let the screen send an event for what a callback would do."
        case .swiftName: "Rename it; a flow that hides a type of the app can also be generated into a namespace (--namespace)."
        case .resultMismatch: "Give the event the values the step receives, by the same name and type, "
            + "or make the received value optional ('address: AddressID?') when another back move does not carry it."
        case .lockGuard: "Lock the sheet while a guard that answers at once from the app's state (no 'async', no arguments) holds."
        case .lockConflict: "Say the lock once: on the step (every move that presents it is locked so), or on each move and not on the step."
        case .invalidLike: "Name a screen's step that runs no flow and is like no other; a step that runs a flow handles its exits itself."
        case .emptyAlert: "Give it at least one button ('on cancelTapped' only closes it)."
        case .journeyFails: "Change the program where it does not do what the journey says, or the journey where the app is meant to do otherwise."
        case .invalidColumn: "Show a column's step with 'show X' (written 'step X in detail'); push only in the detail column, "
            + "and from the sidebar or the content, 'show' the next column's step."
        case .unreachableStep: "Add a transition to the step, or remove it."
        case .unreachableFlow: "Run the flow from a reachable step, or remove it."
        case .deadEnd: "Add a 'dismiss', an exit or a 'root' to a step of the cover or locked sheet (or do not lock the sheet)."
        case .cannotFinish: "Add a transition that leads to an exit, or let the user go back to a step that has one."
        case .unhandledExit: "Add 'on exitName -> action' to the step that runs the flow."
        case .unusedGuard: "Use the guard in a transition ('if name'), or remove it."
        case .unusedExit: "Take the exit in a transition ('exit name'), or remove it."
        case .linkUnreachable: "Add the missing inputs to the link's URL, or link to a step that can be reached with what the URL gives."
        case .overlappingGuards: "Make the guards exclusive ('if g' and 'if !g'), or merge the transitions."
        case .unusedIgnore: "Remove the ignore comment (or the rule id that silences nothing), correct the rule id, "
            + "or put the comment on the line before the declaration."
        case .unreceivedResult: "Let the other step receive the value too, or make sure the back move shows only steps that receive it."
        case .unusedReceive: "Carry the value in the payload of a back move that shows the step again ('on picked(address: AddressID) -> pop'), "
            + "or remove it from 'receives'."
        case .unusedAlert: "Show it from a clause ('on deleteTapped -> alert Name'), or remove it."
        case .keptLinksNeverOpen: "Write 'keeps links' on a screen the user leaves (a first-launch cover, a locked sheet), not on one that stays."
        case .absentTab: "Ask the tab's condition in the clause first ('-> select Lists if hasLists else ...'), or show the tab always."
        }
    }
}
