/// Results handed back: what the payload of a back move (`on addressPicked(address: AddressID) ->
/// pop`) does for the step it shows again, which may `receives (address: AddressID)`. One rule,
/// asked by the checker (`result-mismatch`, `unreceived-result`, `unused-receive`) and by the
/// generator (which values the router builds): see docs/Language.md, "Results handed back".
package enum ResultDelivery: Sendable, Hashable {
    /// Nothing is handed over: the step receives nothing, the payload is empty, or it carries none
    /// of the values the step receives (all of them optional).
    case none
    /// The payload gives every value the step receives, by name (an optional one it does not
    /// carry is nil), and carries at least one of them.
    case delivers
    /// The payload cannot give what the step receives: a required value it does not carry
    /// (`missing`), or one it carries with another type (`given` is the payload's).
    case mismatch(Parameter, given: Parameter?)
}

extension Step {
    /// What a back move whose event carries `payload` hands this step when it shows it again. The
    /// values bind by name, as a target's inputs do (`Resolver.bindingProblems`): a payload of type
    /// `T` gives `T` or `T?`; extra values of the payload are not received.
    public func delivery(of payload: [Parameter]) -> ResultDelivery {
        guard !receives.isEmpty, !payload.isEmpty else { return .none }
        if let problem = Resolver.bindingProblems(receives, from: payload).first {
            switch problem {
            case .missing(let parameter): return .mismatch(parameter, given: nil)
            case .mismatch(let parameter, let given): return .mismatch(parameter, given: given)
            }
        }
        let carried = payload.contains { value in receives.contains { $0.name == value.name } }
        return carried ? .delivers : .none
    }
}

extension FlowProgram {
    /// The values a clause of `step` (nil for a flow-level clause) carries: its event's payload;
    /// for a subflow's exit handler written without one, the exit's inputs.
    package func payload(of transition: Clause, in step: Step?) -> [Parameter] {
        guard transition.isExitHandler, transition.payload.isEmpty, let runs = step?.runs,
              let exit = flows[runs].exit(named: transition.event) else { return transition.payload }
        return flows[runs].exits[exit].inputs
    }
}
