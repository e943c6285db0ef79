/// Every message of the lexer and parser, in one place (lowercase, no final period, names quoted).
enum SyntaxMessages {
    static let invalidUTF8 = "invalid UTF-8 byte"
    static func unexpectedCharacter(_ character: String) -> String {
        let shown = character.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
            ? character.unicodeScalars.map { "U+" + hex($0.value) }.joined(separator: " ")
            : "'\(character)'"
        return "unexpected character \(shown)"
    }
    static let invalidEscapedName = "a name in backticks must be a plain identifier, like `default`"
    static let invalidEscape = "only \\\" and \\\\ can be escaped in a string"
    static let unterminatedString = "unterminated string: a string must end with a double quote on the same line"
    static let unterminatedComment = "unterminated block comment: '/*' has no matching '*/'"

    static func expected(_ what: String, found: String) -> String { "expected \(what), found \(found)" }
    static let memberKinds = "'start', 'step', 'alert', 'dialog', 'exit', 'guard', 'link', 'on', 'use' or '}' in a flow"
    static let destinationMemberKinds = "'step', 'alert', 'dialog', 'guard', 'on', 'link', 'use' or '}' in destinations"
    static func linkInDestinationsNeedsAMove(_ target: String) -> String {
        "a link of destinations is made in the flow on screen that uses them, so it says its move: "
            + "'-> push \(target)' (or 'sheet', 'popover', 'cover')"
    }
    static func notInDestinations(_ word: String) -> String {
        "'\(word)' belongs in a flow: destinations declare only steps, alerts, guards, 'on' clauses, links with a move "
            + "and the destinations they use, which each flow that uses them gets"
    }
    static let useInTabs = "a tabs flow's steps are its tabs: 'use' belongs in the flows the tabs run"
    static func unclosedDestinations(_ name: String) -> String { "expected '}' to close destinations '\(name)'" }
    static func unclosedFlow(_ name: String) -> String { "expected '}' to close flow '\(name)'" }
    static func unclosedStep(_ name: String) -> String { "expected '}' to close the body of step '\(name)'" }
    static func unclosedAlert(_ name: String) -> String { "expected '}' to close the buttons of '\(name)'" }
    static func unknownAction(_ word: String) -> String {
        "unknown action '\(word)'; expected one of \(Keyword.actions.joined(separator: ", "))"
    }
    static let elseWithoutIf = "'else' needs a condition: write 'if guardName' before it"
    static func notABackMove(_ action: String) -> String {
        "only a back move ('pop', 'popTo', 'dismiss' or 'close') can come before ',' in a clause, not '\(action)'"
    }
    static func cannotFollowABackMove(_ action: String) -> String {
        "after a back move a clause goes back further ('pop', 'dismiss', 'close') or shows one screen "
            + "with 'push', 'sheet', 'popover', 'cover' or 'replace', not '\(action)'"
    }
    static let receivesOnARunner =
        "a step that runs a flow cannot declare 'receives': a value handed back goes to the screen that becomes visible, "
            + "and this step shows its flow's screens"
    static let secondReceives = "a step has one 'receives' list: 'receives (address: AddressID, card: CardID?)'"
    static let startNeedsElse = "a 'start' with a condition needs 'else' and the step to start at otherwise: 'start Home if isSignedIn else Welcome'"
    static let tooManyStartChoices = "a 'start' can have at most \(SourceLimits.elseActions) conditions"
    static let tooManyBackMoves = "a clause makes at most \(SourceLimits.backMoves) back moves, then one screen shown"
    static let popToComesFirst = "'popTo' goes back to a step below where the clause is taken: it is a clause's first move ('popTo Cart, pop')"
    static func atAfterMove(_ action: String) -> String {
        "'at' opens a step inside the subflow of a screen shown anew or of a tab: "
            + "it follows 'push', 'sheet', 'popover', 'cover', 'replace', 'root' or 'select', not '\(action)'"
    }
    static let atTooDeep = "'at' names at most \(SourceLimits.atDepth) steps, each inside the subflow the one before it runs"
    static func notALinkMove(_ action: String) -> String {
        "a link opens its step ('-> Compose'), shows it where the user is ('-> push Compose', 'sheet', 'popover' or 'cover') "
            + "or selects a tab ('-> select Search'), not with '\(action)'"
    }
    static func backMoveInALink(_ back: String) -> String {
        "a link may close what its flow presents first ('-> dismiss, sheet Project'), not go back with '\(back),'"
    }
    static func dismissBeforeALinkTarget(_ target: String) -> String {
        "after 'dismiss,' a link shows its target where the user is, with a move: '-> dismiss, sheet \(target)' or '-> dismiss, push \(target)'"
    }
    static let atInALink = "a link opens its own step along its path; to open a subflow inside, link to the step inside it, "
        + "or give the link a move ('-> sheet Project at Comments')"
    static let conditionOutsideTabs = "'if' after a step makes a tab that is there only sometimes, and this is not a tabs flow: "
        + "decide where the flow goes with the clauses that show the step ('-> push Lists if hasLists')"
    static let tabItemOutsideTabs = "'as' after a step makes an item of a tab bar that presents the step, and this is not a tabs flow: "
        + "present it from a clause ('-> sheet Compose')"
    static let journeyLineKinds = "an event, 'open', 'back', 'swipe', 'select', 'given', 'expect' or '}' in a journey"
    static func unclosedJourney(_ name: String) -> String { "journey '\(name)' is not closed: expected '}'" }
    static let columnOutsideSplit = "'in' after a step puts it in a column of a split view, and this is not a split flow: "
        + "write 'flow Name split', or show the step with a clause ('-> push Message')"
    static let launchInTabs = "a tabs flow shows its tabs when it starts, and every step of it is a tab: "
        + "show the screen at launch from a stack flow whose start runs the tab bar"
    static let lockedCover = "a cover is always locked: the user can never swipe it away, so 'locked' is for 'sheet' and 'popover'"
    static func lockedAfterMove(_ action: String) -> String {
        "'locked' follows 'sheet' or 'popover', whose layer the user could otherwise swipe away, not '\(action)'"
    }
    static func compactAfterMove(_ action: String) -> String {
        "'compact' is for a move that presents ('sheet', 'cover', 'popover'), not '\(action)'"
    }
    static func compactSameKind(_ action: String) -> String {
        "'compact \(action)' after '\(action)' changes nothing: name the other presentation, or leave 'compact' out"
    }
    static let lockedBeforeAt = "'locked' comes last, after 'at': 'sheet Settings at Privacy locked'"
    static func actionTakesNoTarget(_ action: String) -> String { "'\(action)' takes no target" }
    static func unbalancedType(_ closing: String) -> String { "unbalanced '\(closing)' in type" }
    static func mismatchedType(open: String, found: String) -> String {
        let closing = open == "(" ? ")" : open == "[" ? "]" : ">"
        return "expected '\(closing)' to close '\(open)' in type, found '\(found)'"
    }
    static func unclosedType(_ opening: String) -> String { "'\(opening)' in type is never closed" }
    static let nameTooLong = "name is longer than \(SourceLimits.nameLength) bytes"
    static func fileTooLarge(_ size: Int) -> String {
        "file is too large: \(size) bytes, more than the limit of \(SourceLimits.fileSize) bytes (32 MiB)"
    }
    static let typeTooDeep = "type is nested more than \(SourceLimits.typeNesting) levels deep"
    static let tooManyLinkChoices = "a link can have at most \(SourceLimits.elseActions) conditions"
    static let tooManyElses = "an 'on' clause can have at most \(SourceLimits.elseActions) 'else' actions"

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
