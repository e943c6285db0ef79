/// What each flow's clauses decide: for an event where the user is, and for an exit of a subflow,
/// the move to make, the guard that blocked, or that nothing handles it. Plain `switch`es and
/// `if`s over enums, cheap for the compiler to check.
extension SwiftEmitter {
    mutating func decisions(_ flow: Flow) {
        let runners = flow.steps.filter(handlesSubflowExits)
        guard !flow.events.isEmpty || !runners.isEmpty || !flow.guards.isEmpty else { return }
        let effects = flow.hasAsyncGuard ? "async " : ""
        let guardsParameter = flow.guards.isEmpty ? "" : ", asking guards: any Guards"
        line("extension \(flowType(flow)) {")
        if !flow.events.isEmpty {
            line("    /// What `event` does where the user is: `screen` is the step on top when the user is in")
            line("    /// this flow, nil when the user is in a flow it runs (then only flow-level clauses apply).")
            line("    @MainActor")
            line("    fileprivate static func decide(_ event: Event, on screen: FlowNavigator.Screen?\(guardsParameter)) \(effects)-> FlowNavigator.Decision {")
            if flow.steps.contains(where: { !$0.handlers.isEmpty && $0.runs == nil }) {
                line("        let step: Step.Kind? = if case .\(flowCase(flow))(let step)? = screen { step.kind } else { nil }")
            }
            line("        switch event {")
            for event in flow.events { eventCase(event, in: flow) }
            line("        }")
            line("    }")
        }
        if !runners.isEmpty {
            if !flow.events.isEmpty { line() }
            exitDecision(flow, runners: runners, effects: effects, guardsParameter: guardsParameter)
        }
        if !flow.guards.isEmpty {
            if !flow.events.isEmpty || !runners.isEmpty { line() }
            line("    @MainActor")
            line("    fileprivate static func ask(_ name: Guard, _ guards: any Guards) \(effects)-> Bool {")
            line("        switch name {")
            for item in flow.guards {
                let call = "guards.\(SwiftNames.identifier(item.name))()"
                line("        case .\(SwiftNames.identifier(item.name)): \(item.isAsync ? "await " : "")\(call)")
            }
            line("        }")
            line("    }")
        }
        line("}")
        line()
    }

    /// `case .productPicked(let product):` and what each step, then the flow level, does with it.
    private mutating func eventCase(_ event: Event, in flow: Flow) {
        let stepClauses = flow.steps.enumerated().compactMap { index, step -> (Int, [Transition])? in
            guard step.runs == nil else { return nil }
            let clauses = step.handlers.filter { $0.event == event.name }
            return clauses.isEmpty ? nil : (index, clauses)
        }
        let flowClauses = flow.handlers.filter { $0.event == event.name }
        let all = stepClauses.flatMap(\.1) + flowClauses
        let values = bind(event.payload, usedBy: all, in: flow)
        line("        case .\(SwiftNames.identifier(SwiftNames.caseName(event.name)))\(values.pattern):")
        if !stepClauses.isEmpty {
            // Steps whose clauses do the same share one case.
            var bodies: [(steps: [String], body: String)] = []
            var bodyIndex: [String: Int] = [:]  // a linear search would be quadratic in the steps
            for (index, clauses) in stepClauses {
                let start = output.endIndex
                clauseGroup(clauses, in: flow, values: values.names, indent: "                ")
                let body = String(output[start...])
                output.removeSubrange(start...)
                let name = ".\(stepCase(flow.steps[index]))?"
                if let same = bodyIndex[body] {
                    bodies[same].steps.append(name)
                } else {
                    bodyIndex[body] = bodies.count
                    bodies.append(([name], body))
                }
            }
            line("            switch step {")
            for (steps, body) in bodies {
                line("            case \(steps.joined(separator: ", ")):")
                output += body
            }
            line("            default:")
            line("                break")
            line("            }")
        }
        if flowClauses.isEmpty {
            line("            return .unhandled")
        } else {
            clauseGroup(flowClauses, in: flow, values: values.names, indent: "            ")
        }
    }

    /// For a flow whose steps run subflows: what the handler of each exit does.
    private mutating func exitDecision(_ flow: Flow, runners: [Step], effects: String, guardsParameter: String) {
        line("    /// What the step that ran a subflow does when the subflow takes `exit`.")
        line("    @MainActor")
        line("    fileprivate static func decide(_ exit: FlowNavigator.Exit, from step: Step.Kind\(guardsParameter)) \(effects)-> FlowNavigator.Decision {")
        line("        switch step {")
        for step in runners {
            guard let runs = step.runs else { continue }
            let subflow = program.flows[runs]
            line("        case .\(stepCase(step)):")
            line("            guard case .\(flowCase(subflow))(let exit) = exit else { return .unhandled }")
            line("            switch exit {")
            var handled = Set<String>()
            for exit in subflow.exits {
                let clauses = step.handlers.filter { $0.event == exit.name }
                guard !clauses.isEmpty else { continue }
                handled.insert(exit.name)
                let values = bind(exit.inputs, usedBy: clauses, in: flow)
                line("            case .\(SwiftNames.identifier(SwiftNames.caseName(exit.name)))\(values.pattern):")
                clauseGroup(clauses, in: flow, values: values.names, indent: "                ")
            }
            if handled.count < subflow.exits.count {
                line("            default:")
                line("                return .unhandled")
            }
            line("            }")
        }
        if runners.count < flow.steps.count {
            line("        default:")
            line("            return .unhandled")
        }
        line("        }")
        line("    }")
    }

    /// The pattern that binds the payload values the clauses use (`(let order, _)`), and the
    /// variable of each bound name.
    private func bind(_ payload: [Parameter], usedBy clauses: [Transition], in flow: Flow) -> (pattern: String, names: [String: String]) {
        var used = Set<String>()
        for clause in clauses {
            for action in clause.actions {
                guard let target = action.target else { continue }
                switch action.kind {
                case .push, .sheet, .cover, .replace, .root: used.formUnion(flow.steps[target].inputs.map(\.name))
                case .exit: used.formUnion(flow.exits[target].inputs.map(\.name))
                case .select, .popTo, .pop, .dismiss: break
                }
            }
        }
        return Self.pattern(binding: payload, used: used)
    }

    /// `(let order, _)`: binds the parameters in `used` to variables (their names, or `valueN`
    /// for a name that cannot be one), and returns the variable of each bound name.
    static func pattern(binding payload: [Parameter], used: Set<String>) -> (pattern: String, names: [String: String]) {
        var names: [String: String] = [:]
        var parts: [String] = []
        for (index, parameter) in payload.enumerated() {
            guard used.contains(parameter.name) else {
                parts.append("_")
                continue
            }
            let variable = Self.isPlainIdentifier(parameter.name) ? parameter.name : "value\(index)"
            names[parameter.name] = variable
            parts.append("let \(variable)")
        }
        return (names.isEmpty ? "" : "(" + parts.joined(separator: ", ") + ")", names)
    }

    static func isPlainIdentifier(_ name: String) -> Bool {
        !SwiftNames.keywords.contains(name) && !name.hasPrefix("value") && name.unicodeScalars.allSatisfy { $0.isASCII }
    }

    /// The clauses for one event in one place, in source order: the first whose condition holds
    /// fires; when none does, the guard asked last blocked.
    private mutating func clauseGroup(_ clauses: [Transition], in flow: Flow, values: [String: String], indent: String) {
        var lastGuard: Condition?
        for clause in clauses {
            let actions = clause.actions
            let conditions = clause.conditions
            if conditions.isEmpty {
                line("\(indent)return .move(\(move(actions[0], in: flow, values: values)))")
                return
            }
            for (index, condition) in conditions.enumerated() {
                line("\(indent)if \(test(condition, in: flow)) { return .move(\(move(actions[index], in: flow, values: values))) }")
                lastGuard = condition
            }
            if actions.count > conditions.count {
                line("\(indent)return .move(\(move(actions[actions.count - 1], in: flow, values: values)))")
                return
            }
        }
        if let lastGuard {
            line("\(indent)return .blocked(.\(flowCase(flow))(.\(SwiftNames.identifier(lastGuard.guardName))))")
        }
    }

    /// `guards.isLoggedIn()`, `!(await guards.hasAccess())`.
    private func test(_ condition: Condition, in flow: Flow) -> String {
        let isAsync = condition.guardIndex.map { flow.guards[$0].isAsync } ?? false
        let call = "\(isAsync ? "await " : "")guards.\(SwiftNames.identifier(condition.guardName))()"
        guard condition.isNegated else { return call }
        return isAsync ? "!(\(call))" : "!\(call)"
    }

    /// `.push(.shop(.product(product: product)))`: a `FlowNavigator.Move`.
    func move(_ action: Action, in flow: Flow, values: [String: String]) -> String {
        let target = action.target ?? 0
        switch action.kind {
        case .push, .sheet, .cover, .replace, .root:
            return ".\(action.kind.rawValue)(\(screen(flow, flow.steps[target], values: values)))"
        case .select, .popTo:
            return ".\(action.kind.rawValue)(\(screenKind(flow, flow.steps[target])))"
        case .pop, .dismiss:
            return ".\(action.kind.rawValue)"
        case .exit:
            let exit = flow.exits[target]
            let name = SwiftNames.identifier(SwiftNames.caseName(exit.name))
            return ".exit(.\(flowCase(flow))(.\(name)\(arguments(exit.inputs, values: values))))"
        }
    }
}
