/// Every message of name resolution, in one place (lowercase, no final period, names quoted).
enum SemanticMessages {
    static func duplicateFlow(_ name: String) -> String { "flow '\(name)' is declared more than once" }
    static func duplicateDeclaration(_ name: String) -> String {
        "'\(name)' is declared more than once: flows and destinations share one namespace"
    }
    static func unknownDestinations(_ name: String) -> String { "no destinations named '\(name)'" }
    static func usedTwice(_ group: String, flow: String) -> String { "flow '\(flow)' uses destinations '\(group)' more than once" }
    static func sharedNameClash(_ kind: String, _ name: String, flow: String, group: String) -> String {
        "\(kind) '\(name)' is declared more than once in flow '\(flow)': destinations '\(group)', which it uses, declares it too"
    }
    static func duplicateStep(_ name: String, owner: String) -> String { "step '\(name)' is declared more than once in \(owner)" }
    static func duplicateExit(_ name: String, flow: String) -> String { "exit '\(name)' is declared more than once in flow '\(flow)'" }
    static func duplicateGuard(_ name: String, owner: String) -> String { "guard '\(name)' is declared more than once in \(owner)" }
    static func duplicateStart(_ flow: String) -> String { "flow '\(flow)' has more than one 'start'" }
    static func duplicateParameter(_ name: String) -> String { "'\(name)' is declared more than once in the same list" }
    static func sameLinks(_ pattern: String, other: String, example: String) -> String {
        "link '\(pattern)' matches the same URLs as link '\(other)' (both match '\(example)')"
    }
    static func crossingLinks(_ pattern: String, other: String, example: String) -> String {
        "links '\(pattern)' and '\(other)' both match '\(example)', and neither is more specific: make one match only URLs "
            + "the other matches too (a literal where the other has a placeholder), or make them differ"
    }
    static func linkDeclaredHere(_ pattern: String) -> String { "link '\(pattern)' declared here" }
    static let firstDeclaredHere = "first declared here"

    static func everyTabHasACondition(_ flow: String) -> String {
        "every tab of flow '\(flow)' has a condition: the tab bar may have no tab to show; give one tab none"
    }
    static func missingStart(_ flow: String) -> String { "flow '\(flow)' has no 'start' step" }
    static func emptyFlow(_ flow: String) -> String { "flow '\(flow)' has no steps, so it cannot start" }

    static func unknownFlow(_ name: String) -> String { "no flow named '\(name)'" }
    static func unknownStep(_ name: String, owner: String) -> String { "\(owner) has no step named '\(name)'" }
    static func unknownAlert(_ name: String, style: String, owner: String) -> String { "\(owner) has no \(style) named '\(name)'" }
    static func wrongAlertStyle(_ name: String, declared: String) -> String {
        "'\(name)' is declared as \(declared == "alert" ? "an alert" : "a dialog"): show it with '\(declared) \(name)'"
    }
    static func duplicateAlertName(_ name: String, owner: String) -> String {
        "'\(name)' is declared more than once in \(owner) (alerts, dialogs and steps share their names)"
    }
    static func alertOwner(_ style: String, _ name: String) -> String { "\(style) '\(name)'" }
    static func unknownExitInAction(_ name: String, owner: String) -> String { "\(owner) has no exit named '\(name)'" }
    static func unknownGuard(_ name: String, owner: String) -> String { "\(owner) declares no guard named '\(name)'" }
    static func similarName(_ name: String) -> String { "did you mean '\(name)'?" }

    static func notAnExit(_ name: String, step: String, flow: String) -> String {
        "step '\(step)' runs flow '\(flow)', which has no exit named '\(name)'; the 'on' clauses of a step that runs a flow handle only its exits"
    }
    static func exitsOfFlow(_ flow: String, _ exits: [String]) -> String {
        exits.isEmpty ? "flow '\(flow)' has no exits" : "exits of flow '\(flow)': \(exits.map { "'\($0)'" }.joined(separator: ", "))"
    }

    static func duplicateJourney(_ name: String) -> String { "journey '\(name)' is declared twice" }
    static func unknownJourneyEvent(_ name: String) -> String { "no flow has an event named '\(name)'" }
    static func unknownJourneyTab(_ name: String) -> String { "no tab bar has a tab named '\(name)'" }
    static func unknownJourneyStep(_ name: String) -> String { "no step named '\(name)'" }
    static func unknownJourneyAlert(_ name: String) -> String { "no alert or dialog named '\(name)'" }
    static func unknownJourneyGuard(_ name: String) -> String { "no guard named '\(name)'" }
    static func journeyPayload(_ event: String, payload: String) -> String {
        "event '\(event)' carries (\(payload)): give each value by name, all but the optional ones ('\(event)(name: value)')"
    }
    static func journeyReceived(_ name: String) -> String { "the screen receives no value named '\(name)' ('receives' on its step)" }
    static func journeyInput(_ name: String, step: String) -> String { "step '\(step)' has no input named '\(name)'" }
    static func showOutsideSplit(owner: String) -> String {
        "'show' puts a step in a column of a split view, and \(owner) is not a split flow: write 'push' (or 'flow Name split')"
    }
    static func showOfNoColumn(_ step: String) -> String {
        "'show' puts a step in its column, and step '\(step)' is in none: write 'step \(step) in detail' (or 'in content'), or 'push \(step)'"
    }
    static func columnStepMoved(_ move: String, step: String, column: String) -> String {
        "step '\(step)' is the \(column) column's screen: 'show \(step)' puts it there, '\(move)' would put it in another column's stack"
    }
    static func rootOutsideSidebar(_ step: String) -> String {
        "'root' in a split view shows its sidebar alone, and step '\(step)' is not where the flow starts: 'root' the start's step, "
            + "or 'show' a step of a column"
    }
    static func startInColumn(_ step: String, column: String) -> String {
        "a split view starts at its sidebar, and step '\(step)' is in the \(column) column: start at a step in no column"
    }
    static func selectOutsideTabs(owner: String) -> String { "'select' can only switch tabs, and \(owner) is not a tabs flow" }
    static func selectTabItem(_ move: String, step: String, item: String) -> String {
        "'\(move) \(step)': '\(step)' is an item of the tab bar that presents its step, not a tab: write '\(item) \(step)'"
    }
    static func startAtTabItem(_ step: String, item: String) -> String {
        "a tab bar starts at a tab, and '\(step)' is an item that presents its step ('as \(item)'): start at a tab"
    }
    static func tabItemWithInputs(_ step: String, input: String) -> String {
        "step '\(step)' is an item of the tab bar, built when it is tapped, which gives it no value: it cannot take input '\(input)'"
    }
    /// How a message names a flow or a destinations group: `flow 'Shop'`, `destinations 'Social'`.
    static func owner(_ flow: Flow) -> String { "\(flow.isDestinations ? "destinations" : "flow") '\(flow.name)'" }

    static func missingInput(event: String, parameter: Parameter, target: String) -> String {
        "event '\(event)' does not supply input '\(parameter.name): \(parameter.type)' of \(target)"
    }
    static func inputTypeMismatch(event: String, name: String, given: String, needed: String, target: String) -> String {
        "event '\(event)' supplies '\(name)' as '\(given)', but \(target) needs '\(needed)'"
    }
    static func missingArgument(event: String, parameter: Parameter, guardName: String, payload: [Parameter]) -> String {
        let carried = payload.isEmpty ? "it carries no payload" : "it carries \(show(payload))"
        return "event '\(event)' does not supply argument '\(parameter.name): \(parameter.type)' of guard '\(guardName)'; \(carried)"
    }
    static func exitHandlerPayload(exit: String, handler: [Parameter], exitInputs: [Parameter]) -> String {
        "handler of exit '\(exit)' takes \(show(handler)), but the exit gives \(show(exitInputs))"
    }
    static func subflowInput(step: String, flow: String, start: String, parameter: Parameter) -> String {
        "step '\(step)' runs flow '\(flow)', whose step '\(start)' needs input '\(parameter.name): \(parameter.type)' that '\(step)' does not have"
    }
    static func atWithoutSubflow(_ step: String, at: String) -> String {
        "'at \(at)' opens a step inside the subflow the move's target runs, and step '\(step)' runs no flow"
    }
    static func declaredHere(_ what: String) -> String { "\(what) declared here" }
    static func openedValueMissing(event: String, name: String) -> String {
        "'open \(name)' hands the system the value '\(name)' of the payload, and event '\(event)' carries none: "
            + "add it ('\(event)(\(name): URL)')"
    }
    static func openedValueOptional(event: String, value: Parameter) -> String {
        "'open \(value.name)' hands the system a URL, and '\(value.name)' of event '\(event)' is optional ('\(value.type)'): "
            + "carry one always, or decide with a guard"
    }
    static func guardDeclaredHere(_ name: String) -> String { declaredHere("guard '\(name)'") }
    static func asyncStartGuard(_ name: String, flow: String) -> String {
        "the 'start' of flow '\(flow)' asks guard '\(name)', which is 'async': a start is decided at once, when the flow starts"
    }
    static func startGuardWithArguments(_ name: String, flow: String) -> String {
        "the 'start' of flow '\(flow)' asks guard '\(name)', which takes arguments: a start has no payload to take them from"
    }
    static func asyncLockGuard(_ name: String) -> String {
        "a lock asks guard '\(name)', which is 'async': the app asks a lock at once, whenever it draws the sheet"
    }
    static func launchStepWithInputs(_ step: String, input: String) -> String {
        "step '\(step)' is shown at launch, where nothing gives its input '\(input)'"
    }
    static func lockConflict(move: String, step: String, own: String, steps: String) -> String {
        "this \(move) is '\(own)', but step '\(step)' is '\(steps)' wherever it is presented: say the lock once, on the step"
    }
    static func likeItself(_ step: String) -> String { "step '\(step)' is 'like' itself: name the step whose clauses it has" }
    static func likeFromARunner(_ step: String) -> String {
        "step '\(step)' runs a flow, whose exits its clauses handle: it cannot have another step's clauses"
    }
    static func likeARunner(_ step: String) -> String {
        "step '\(step)' runs a flow: its clauses handle that flow's exits, and a step like it runs none"
    }
    static func likeALike(_ step: String, _ next: String) -> String {
        "step '\(step)' is itself 'like \(next)': name '\(next)', whose clauses both have"
    }
    static func stepLockedHere(_ step: String, _ lock: String) -> String { "step '\(step)' is '\(lock)' here" }
    static func lockGuardWithArguments(_ name: String) -> String {
        "a lock asks guard '\(name)', which takes arguments: the app asks a lock whenever it draws the sheet, with no payload to take them from"
    }

    static func stepOwner(_ step: String) -> String { "step '\(step)'" }
    static func exitOwner(_ exit: String) -> String { "exit '\(exit)'" }
    static let functionKind = "a function"
    static let tupleKind = "a tuple"
    static func unsupportedInputType(_ name: String, type: String, kind: String, owner: String) -> String {
        "input '\(name)' of \(owner) has type '\(type)', \(kind), which cannot be an input: inputs identify a screen and must be "
            + "Hashable; pass a value (an id), and let the screen send an event for what it should do"
    }

    static func unsupportedReceivedType(_ name: String, type: String, kind: String, step: String) -> String {
        "value '\(name)' that step '\(step)' receives has type '\(type)', \(kind), which cannot be received: a value handed back "
            + "to a screen is Hashable, like its inputs; pass a value (an id)"
    }

    static func unsupportedArgumentType(_ name: String, type: String, kind: String, guardName: String) -> String {
        "argument '\(name)' of guard '\(guardName)' has type '\(type)', \(kind), which cannot be a guard argument: a guard's "
            + "arguments come from the values that identify screens and exits (a link's, an exit's), which are Hashable; pass a value (an id)"
    }

    static func payloadConflict(event: String, payload: [Parameter], other: [Parameter]) -> String {
        "event '\(event)' carries \(show(payload)) here, but \(show(other)) elsewhere in the flow"
    }
    static func otherPayload(_ event: String) -> String { "'\(event)' first declared here" }

    static func badLinkPattern(_ reason: String) -> String { reason }
    static func wholeURLNamesAPlaceholder(_ name: String) -> String {
        "'as \(name)' names the whole URL, and '{\(name)}' is a placeholder of the pattern: give one value one name"
    }
    static func linkPlaceholderNotInput(_ placeholder: String, step: String) -> String {
        "link placeholder '{\(placeholder)}' is not an input of step '\(step)'"
    }
    static func linkPlaceholderTypes(_ placeholder: String, _ first: String, _ other: String) -> String {
        "link placeholder '{\(placeholder)}' is '\(first)' for the link's first target and '\(other)' for another use of it: give both one type"
    }
    static func linkMissingArgument(_ parameter: Parameter, guardName: String) -> String {
        "link gives no value for argument '\(parameter.name): \(parameter.type)' of guard '\(guardName)', which it asks"
    }
    static func linkMissingInput(_ parameter: Parameter, step: String) -> String {
        "link gives no value for input '\(parameter.name): \(parameter.type)' of step '\(step)'"
    }
    static func linkTypeNotConvertible(_ parameter: Parameter) -> String {
        "link placeholder '{\(parameter.name)}' has type '\(parameter.type)', which cannot be read from a URL; "
            + "use a type that conforms to LosslessStringConvertible"
    }

    static func show(_ parameters: [Parameter]) -> String {
        parameters.isEmpty ? "no payload" : "(" + parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }
}
