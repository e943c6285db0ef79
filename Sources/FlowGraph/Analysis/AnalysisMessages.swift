/// The checker's messages that several rule families, or other code, use (lowercase, no final
/// period, names quoted). Each family's own messages are in its file under `Rules/`.
enum AnalysisMessages {
    static func hiddenType(_ flow: String, _ type: String, _ user: String) -> String {
        "flow '\(flow)' would hide '\(type)', which \(user) names, in the whole module: rename the flow, or generate into a namespace (--namespace)"
    }
    static func hiddenRuntimeType(_ flow: String) -> String {
        "flow '\(flow)' has the name of a type of FlowGraphRuntime, which --embed-runtime writes into the module: rename the flow"
    }
    static func hiddenModule(_ flow: String) -> String {
        "flow '\(flow)' would hide the module '\(flow)' that the program imports: rename the flow, or generate into a namespace (--namespace)"
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
}
