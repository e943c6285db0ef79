/// Every message of the checker, in one place (lowercase, no final period, names quoted).
enum AnalysisMessages {
    static func reservedName(_ kind: String, _ name: String, _ reason: String) -> String {
        "\(kind) '\(name)' cannot have that name in the generated Swift router: \(reason)"
    }
    static func sameCase(_ kinds: String, _ first: String, _ second: String, _ caseName: String) -> String {
        "\(kinds) '\(first)' and '\(second)' would both be the Swift case '\(caseName)' in the generated router"
    }
    static func hiddenType(_ flow: String, _ type: String, _ user: String) -> String {
        "flow '\(flow)' would hide '\(type)', which \(user) names, in the whole module: rename the flow, or generate into a namespace (--namespace)"
    }
    static func hiddenModule(_ flow: String) -> String {
        "flow '\(flow)' would hide the module '\(flow)' that the program imports: rename the flow, or generate into a namespace (--namespace)"
    }
    static func recursiveFlow(_ cycle: [String]) -> String {
        "flow '\(cycle[0])' runs itself: \(cycle.joined(separator: " → "))"
    }
    static func unreachableFlow(_ flow: String) -> String { "flow '\(flow)' is never run: no reachable step runs it" }
    static func runByUnreachable(_ step: String) -> String { "run by step '\(step)', which is unreachable" }
    static func runByNeverRun(_ step: String, flow: String) -> String { "run by step '\(step)', whose flow '\(flow)' is never run" }
    static func runByRecursive(_ step: String, flow: String) -> String { "run by step '\(step)', whose flow '\(flow)' runs itself" }
    static func unreachableStep(_ step: String, flow: String) -> String {
        "step '\(step)' is unreachable: no transition from the start of flow '\(flow)' leads to it"
    }
    static func invalidPop(_ step: String) -> String { "'pop' in step '\(step)' can run with nothing under '\(step)' in its stack" }
    static func invalidPopFlowLevel(_ event: String, flow: String) -> String {
        "flow-level 'pop' on '\(event)' can never run: no reachable step of flow '\(flow)' has anything under it"
    }
    static func invalidPopTo(_ target: String, step: String) -> String {
        "'popTo \(target)' in step '\(step)' can run when '\(target)' is not below '\(step)'"
    }
    static func invalidPopToFlowLevel(_ target: String, event: String, flow: String) -> String {
        "flow-level 'popTo \(target)' on '\(event)' can never run: '\(target)' is never below a reachable step of flow '\(flow)'"
    }
    static func invalidDismiss(_ step: String, flow: String) -> String {
        "'dismiss' in step '\(step)' can run when '\(step)' is not presented modally in flow '\(flow)'"
    }
    static func invalidDismissFlowLevel(_ event: String, flow: String) -> String {
        "flow-level 'dismiss' on '\(event)' can never run: no reachable step of flow '\(flow)' is presented modally"
    }
    static func invalidClose(_ step: String, flow: String) -> String {
        "'close' in step '\(step)' can run at the bottom of the base stack of flow '\(flow)', with nothing to pop or dismiss"
    }
    static func invalidCloseFlowLevel(_ event: String, flow: String) -> String {
        "flow-level 'close' on '\(event)' can never run: no reachable step of flow '\(flow)' is pushed or presented modally"
    }
    static func useExitToLeave(_ flow: String) -> String {
        "to leave flow '\(flow)', take an exit and let the step that runs it handle it"
    }
    static func deadEnd(_ step: String, layer: LockedLayer) -> String {
        "step '\(step)' is presented as a \(layer.phrase) with no way out: no step in it can dismiss it, exit, or go to a root"
    }
    static func deadEndInside(_ trapped: String, layer: LockedLayer, cover: String) -> String {
        "step '\(trapped)' in the \(layer.phrase) that presents '\(cover)' has no way out: it cannot dismiss the \(layer.kind), exit, or go to a root"
    }

    /// How a `dead-end` names the layer its move presents: `cover`, `locked sheet`, `popover
    /// locked while 'hasDraft'`.
    struct LockedLayer {
        /// `cover`, `sheet` or `popover`.
        let kind: String
        let phrase: String

        init(_ action: Action?) {
            kind = switch action?.kind {
            case .sheet?: "sheet"
            case .popover?: "popover"
            default: "cover"
            }
            if kind == "cover" || action?.lock == nil {
                phrase = "cover"
            } else if let lock = action?.lock, let guardName = lock.guardName {
                phrase = "\(kind) locked while '\(lock.isNegated ? "!" : "")\(guardName)'"
            } else {
                phrase = "locked \(kind)"
            }
        }
    }
    static func trappedSteps(_ steps: [String], more: Int = 0) -> String {
        "trapped: \(steps.map { "'\($0)'" }.joined(separator: ", "))" + (more > 0 ? " and \(more) more" : "")
    }
    static func cannotFinish(_ step: String, flow: String) -> String {
        "no exit of flow '\(flow)' can be reached from step '\(step)'"
    }
    static func cannotFinishOnPath(_ step: String, flow: String) -> String {
        "no exit of flow '\(flow)' can be reached from step '\(step)' when the user gets there by the path below"
    }
    static func appWideWayOut(_ event: String) -> String {
        "flow-level '\(event)' would also lead out, but only if the app sends it from the cover's steps"
    }
    static func ancestorWayOut(_ event: String, flow: String) -> String {
        "flow-level '\(event)' of enclosing flow '\(flow)' could also close this flow, if the app sends it from the cover's steps"
    }
    static func handlerNeverRuns(_ exit: String, flow: String) -> String {
        "flow '\(flow)' never takes exit '\(exit)', so this handler never runs"
    }
    static func exitsDoNotBubble(_ event: String, flow: String) -> String {
        "flow-level 'on \(event)' of flow '\(flow)' does not handle it: exits go only to the step that runs the flow"
    }
    static func isATab(_ step: String, flow: String) -> String {
        "'\(step)' is a tab of tabs flow '\(flow)', since every step of a tabs flow is a tab; to show a screen over the tab bar, declare it in a stack flow that runs '\(flow)'"
    }
    static func unhandledExit(step: String, flow: String, exit: String) -> String {
        "step '\(step)' runs flow '\(flow)' but does not handle its exit '\(exit)'"
    }
    static func exitTakenHere(_ exit: String) -> String { "'\(exit)' is taken here" }
    static func unusedGuard(_ name: String, flow: String) -> String { "guard '\(name)' of flow '\(flow)' is never used" }
    static func unusedSharedGuard(_ name: String, group: String) -> String {
        "guard '\(name)' of destinations '\(group)' is never used, in any flow that uses them"
    }
    static func unreachableSharedStep(_ step: String, group: String) -> String {
        "step '\(step)' is unreachable: no flow that uses destinations '\(group)' leads to it"
    }
    static func unusedDestinations(_ step: String, group: String) -> String {
        "step '\(step)' is unreachable: no flow uses destinations '\(group)'"
    }
    static func showsIn(_ flows: [String], group: String) -> String {
        let names = flows.map { "'\($0)'" }
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "shows in \(flows.count == 1 ? "flow" : "flows") \(list), which \(flows.count == 1 ? "uses" : "use") destinations '\(group)'"
    }
    static func unusedExit(_ name: String, flow: String) -> String { "exit '\(name)' of flow '\(flow)' is never taken" }
    static func linkTargetUnreachable(_ pattern: String, step: String) -> String {
        "link '\(pattern)' cannot be opened: step '\(step)' cannot be reached from a root flow"
    }
    static func linkNeedsInput(_ pattern: String, step: String) -> String {
        "link '\(pattern)' cannot be opened: every path to step '\(step)' needs an input the URL does not give, or a move only the user can make"
    }
    static func linkMoveNeedsInput(_ pattern: String, flow: String) -> String {
        "link '\(pattern)' cannot be opened where flow '\(flow)' does not run: every path to where it starts needs an input the URL does not give, or a move only the user can make"
    }
    static func linkNeedsAPath(_ pattern: String) -> String {
        "link '\(pattern)' opens it along a path from the root, so it needs a transition too: for example an event the app sends when the link arrives"
    }
    static func linkBlockedByExit(_ exit: String, flow: String) -> String {
        "the path goes through exit '\(exit)' of flow '\(flow)', which only the user can take"
    }
    /// `failing`: the conditions before the `else`, as written (`if !hasPasscode`), every one of which must fail.
    /// `opener`: what follows the path, `a link` or `'at'`.
    static func linkBlockedByElse(_ event: String, failing: [String], opener: String = "a link") -> String {
        let conditions = failing.map { "'\($0)'" }
        let which = failing.count == 1 ? "the 'else'" : "'else' number \(failing.count)"
        let when = conditions.count == 1 ? "\(conditions[0]) fails"
            : conditions.dropLast().joined(separator: ", ") + " and \(conditions.last!) fail"
        return "the path takes \(which) of '\(event)', which has no guard of its own and happens only when \(when): \(opener) does not take it"
    }
    static func linkBlockedByGuard(_ guardName: String, event: String, parameter: Parameter, opener: String = "the link") -> String {
        "on '\(event)' \(opener) asks guard '\(guardName)', which needs '\(parameter.name): \(parameter.type)'"
    }
    static func linkBlockedBy(_ step: String, parameter: Parameter) -> String {
        "step '\(step)' needs '\(parameter.name): \(parameter.type)'"
    }
    static func atNoPath(_ action: String, step: String, flow: String) -> String {
        "'\(action)' cannot open '\(step)': no forward move inside flow '\(flow)' leads there from its start"
    }
    static func atNeedsInput(_ action: String, step: String, flow: String, event: String) -> String {
        "'\(action)' cannot open '\(step)': every path to it inside flow '\(flow)' needs a value event '\(event)' does not carry, or a move only the user can make"
    }
    static func atTypeMismatch(_ action: String, step: String, event: String, name: String, given: String, needed: String, owner: String) -> String {
        "'\(action)' cannot open '\(step)': on the way, \(owner) needs '\(name): \(needed)', and event '\(event)' carries '\(name): \(given)'"
    }
    static func conflicting(_ event: String, where place: String) -> String {
        "\(place) has two transitions for '\(event)' that can both fire"
    }
    static let otherTransition = "the other transition is here"
    static func overlapping(_ event: String, where place: String, _ first: String, _ second: String) -> String {
        "\(place) has two transitions for '\(event)' whose guards '\(first)' and '\(second)' can both allow them; the first one written wins"
    }
    static func resultMismatch(_ action: String, event: String, step: String, needed: Parameter, given: Parameter?) -> String {
        let carried = given.map { "carries it as '\($0.type)'" } ?? "does not carry it"
        return "'\(action)' on '\(event)' can show step '\(step)' again, which receives '\(needed.name): \(needed.type)', but '\(event)' \(carried)"
    }
    static func receivesHere(_ step: String) -> String { "step '\(step)' receives here" }
    static func unreceivedResult(_ action: String, event: String, payload: [Parameter], receiver: String, others: [String]) -> String {
        let steps = others.count == 1 ? "step '\(others[0])', which receives" : "steps \(others.map { "'\($0)'" }.joined(separator: ", ")), which receive"
        return "'\(action)' on '\(event)' hands \(SemanticMessages.show(payload)) back to step '\(receiver)', but can also show \(steps) none of it"
    }
    static func unusedReceive(_ step: String, _ values: [Parameter]) -> String {
        "step '\(step)' receives \(SemanticMessages.show(values)), but no back move that shows it again hands it a value"
    }
    static func unusedReceivedValue(_ step: String, _ value: Parameter) -> String {
        "step '\(step)' receives '\(value.name): \(value.type)', but no back move that shows it again carries '\(value.name)'"
    }
    static func stepPlace(_ step: String) -> String { "step '\(step)'" }
    static func flowPlace(_ flow: String) -> String { "flow '\(flow)'" }
    static func buttonOfAlert(_ button: String, style: String, alert: String, step: String) -> String {
        "'\(button)' is a button of \(style) '\(alert)', which step '\(step)' shows: its move is made there"
    }
    static func alertPlace(_ style: String, _ name: String) -> String { "\(style) '\(name)'" }
    static func emptyAlert(_ style: String, _ name: String) -> String {
        "\(style) '\(name)' has no button: the user could never close it"
    }
    static func unusedAlert(_ style: String, _ name: String, flow: String) -> String {
        "\(style) '\(name)' of flow '\(flow)' is never shown: no clause says '\(style) \(name)'"
    }
    static func shortestPath(_ path: String) -> String { "shortest path: \(path)" }
}
