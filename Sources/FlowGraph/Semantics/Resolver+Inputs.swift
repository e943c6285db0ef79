/// Payload and link checks: `input-mismatch` and `link-mismatch`.
extension Resolver {
    /// Every action's target gets its inputs from the event's payload, by name and type.
    mutating func checkInputs(_ program: inout FlowProgram) {
        for flowIndex in program.flowIndices {
            let flow = program.flows[flowIndex]
            // Steps read in place (a copy of a step, or of the flow it runs, retains a dozen arrays).
            for stepIndex in flow.steps.indices {
                let runs = flow.steps[stepIndex].runs
                for handler in flow.steps[stepIndex].clauses {
                    var payload = handler.payload
                    if let runs, handler.isExitHandler, let exitIndex = program.flows[runs].exit(named: handler.event) {
                        let exit = program.flows[runs].exits[exitIndex]
                        // An exit handler may omit the payload; then it is the exit's inputs.
                        if handler.payload.isEmpty {
                            payload = exit.inputs
                        } else if !sameParameters(handler.payload, exit.inputs) {
                            report(.inputMismatch,
                                   SemanticMessages.exitHandlerPayload(exit: exit.name, handler: handler.payload, exitInputs: exit.inputs),
                                   at: handler.eventRange, notes: [.init(SemanticMessages.declaredHere("exit '\(exit.name)'"), at: exit.range)])
                        }
                    }
                    checkActions(of: handler, payload: payload, in: flow, program: program)
                    checkGuardArguments(of: handler, payload: payload, in: flow)
                }
                if let runs, let runsRange = flow.steps[stepIndex].runsRange {
                    checkSubflowInputs(step: flow.steps[stepIndex], subflow: program.flows[runs], at: runsRange)
                }
            }
            // A link's move takes the URL's values, which `checkLinks` checks (`link-mismatch`).
            for handler in flow.clauses where handler.link == nil {
                checkActions(of: handler, payload: handler.payload, in: flow, program: program)
                checkGuardArguments(of: handler, payload: handler.payload, in: flow)
            }
            for alert in flow.alerts {
                for button in alert.buttons {
                    guard let clause = button.clause else { continue }
                    checkActions(of: clause, payload: clause.payload, in: flow, program: program)
                    checkGuardArguments(of: clause, payload: clause.payload, in: flow)
                }
            }
        }
    }

    /// A step's inputs identify its screen, so the router keeps them in `Hashable` values; an exit's
    /// inputs become a step's. A function or a tuple is never `Hashable`: `unsupported-type`.
    mutating func checkInputTypes(_ inputs: [ParameterSyntax], of owner: @autoclosure () -> String) {
        checkTypes(inputs) { SemanticMessages.unsupportedInputType($0, type: $1, kind: $2, owner: owner()) }
    }

    /// A step's received values are handed over in a `Hashable` value, as its inputs are: the same
    /// types are refused.
    mutating func checkReceivedTypes(_ values: [ParameterSyntax], of step: String) {
        checkTypes(values) { SemanticMessages.unsupportedReceivedType($0, type: $1, kind: $2, step: step) }
    }

    /// A guard's arguments come from the same values as inputs (an exit's, a link's), so the same
    /// types are refused.
    mutating func checkArgumentTypes(_ arguments: [ParameterSyntax], of guardName: String) {
        checkTypes(arguments) { SemanticMessages.unsupportedArgumentType($0, type: $1, kind: $2, guardName: guardName) }
    }

    /// `unsupported-type` for each parameter whose type is a function or a tuple; `message` takes
    /// the parameter's name, its type and what kind of type it is.
    private mutating func checkTypes(_ parameters: [ParameterSyntax], message: (String, String, String) -> String) {
        for parameter in parameters {
            let type = parameter.type.text
            guard let kind = Self.unsupportedKind(type) else { continue }
            report(.unsupportedType, message(parameter.name.text, type, kind), at: parameter.type.range)
        }
    }

    /// A function or a tuple: see `checkInputTypes`. One pass over the bytes: this runs for every input.
    static func isUnsupported(_ type: String) -> Bool { unsupportedKind(type) != nil }

    /// `functionKind` for a type with `->` in it, `tupleKind` for `(A, B)` or `(a: A, b: B)?`
    /// (parentheses around a list with a comma at their top level), nil otherwise.
    static func unsupportedKind(_ type: String) -> String? {
        // Over the string's bytes in place: iterating `utf8` took some 400 instructions a type.
        var type = type
        return type.withUTF8 { bytes -> String? in
            var depth = 0
            var previous: UInt8 = 0
            var isTuple = false
            let startsWithParenthesis = bytes.first == UInt8(ascii: "(")
            for byte in bytes {
                switch byte {
                case UInt8(ascii: ">") where previous == UInt8(ascii: "-"): return SemanticMessages.functionKind
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"): depth -= 1
                case UInt8(ascii: ",") where depth == 1 && startsWithParenthesis: isTuple = true
                default: break
                }
                previous = byte
            }
            return isTuple ? SemanticMessages.tupleKind : nil
        }
    }

    /// A payload of type `T` supplies an input of type `T` or, wrapped, `T?`.
    static func supplies(_ given: String, _ needed: String) -> Bool {
        given == needed || needed == given + "?"
    }

    private mutating func checkActions(of transition: Clause, payload: [Parameter], in flow: Flow, program: FlowProgram) {
        transition.forEachAction { action in
            if let at = action.at { checkAtInputs(at, of: transition, payload: payload, program: program) }
            if action.kind.targetRole == .payloadValue, let name = action.targetName {
                checkOpenedValue(name, of: transition, action, payload: payload)
            }
            guard let target = action.target else { return }
            let needed: [Parameter]
            let role = action.kind.targetRole
            switch role {
            case .newScreen:
                needed = flow.steps[target].inputs
            case .exit:
                needed = flow.exits[target].inputs
            case .alert:
                needed = flow.alerts[target].inputs  // its title and message are built from the payload
            case .shownStep, .none, .payloadValue:
                return  // The target is already shown, with its inputs; `open url` names no declaration.
            }
            if needed.isEmpty { return }
            // Built only for a finding.
            var description: String {
                switch role {
                case .exit: "exit '\(flow.exits[target].name)'"
                case .alert: "\(flow.alerts[target].style.rawValue) '\(flow.alerts[target].name)'"
                case .newScreen, .shownStep, .none, .payloadValue: "step '\(flow.steps[target].name)'"
                }
            }
            var note: Diagnostic.Note {
                let range = switch role {
                case .exit: flow.exits[target].range
                case .alert: flow.alerts[target].range
                case .newScreen, .shownStep, .none, .payloadValue: flow.steps[target].range
                }
                return .init(SemanticMessages.declaredHere(description), at: range)
            }
            for problem in Self.bindingProblems(needed, from: payload) {
                switch problem {
                case .missing(let parameter):
                    report(.inputMismatch,
                           SemanticMessages.missingInput(event: transition.event, parameter: parameter, target: description),
                           at: action.range, notes: [note])
                case .mismatch(let parameter, let given):
                    report(.inputMismatch,
                           SemanticMessages.inputTypeMismatch(
                               event: transition.event, name: parameter.name, given: given.type, needed: parameter.type,
                               target: description),
                           at: action.range, notes: [note])
                }
            }
        }
    }

    /// `open url`: the payload carries a value named `url`, which is not optional (the system is
    /// handed a URL, always): a `URL`, or a text the app writes a URL in (`String`).
    private mutating func checkOpenedValue(_ name: String, of transition: Clause, _ action: Action, payload: [Parameter]) {
        guard let value = payload.first(where: { $0.name == name }) else {
            report(.inputMismatch, SemanticMessages.openedValueMissing(event: transition.event, name: name), at: action.range)
            return
        }
        if value.isOptional {
            report(.inputMismatch, SemanticMessages.openedValueOptional(event: transition.event, value: value), at: action.range,
                   notes: [.init(SemanticMessages.declaredHere("'\(value.name): \(value.type)'"), at: value.range)])
        }
    }

    /// `at Y` builds Y from the clause's payload, like a `push Y` would, unless Y is where the
    /// subflow starts (every tab, for tabs), which its runner's inputs build.
    /// Each step of `at A.B` is checked so, in the subflow it belongs to.
    private mutating func checkAtInputs(_ at: AtTarget, of transition: Clause, payload: [Parameter], program: FlowProgram) {
        for level in at.levels { checkAtStepInputs(level, of: transition, payload: payload, program: program) }
    }

    private mutating func checkAtStepInputs(_ at: AtTarget, of transition: Clause, payload: [Parameter], program: FlowProgram) {
        guard let runs = at.flow, let target = at.step else { return }
        let subflow = program.flows[runs]
        let step = subflow.steps[target]
        guard !step.inputs.isEmpty, !subflow.enteredSteps.contains(target) else { return }
        let description = "step '\(subflow.name).\(step.name)'"
        let note = Diagnostic.Note(SemanticMessages.declaredHere(description), at: step.range)
        for problem in Self.bindingProblems(step.inputs, from: payload) {
            switch problem {
            case .missing(let parameter):
                report(.inputMismatch, SemanticMessages.missingInput(event: transition.event, parameter: parameter, target: description),
                       at: at.range, notes: [note])
            case .mismatch(let parameter, let given):
                report(.inputMismatch,
                       SemanticMessages.inputTypeMismatch(event: transition.event, name: parameter.name, given: given.type,
                                                          needed: parameter.type, target: description),
                       at: at.range, notes: [note])
            }
        }
    }

    /// Each guard a clause asks (every condition of its chain) gets its arguments from the
    /// clause's payload, by the rule of `bindingProblems`; a finding is at the condition.
    private mutating func checkGuardArguments(of transition: Clause, payload: [Parameter], in flow: Flow) {
        transition.forEachCondition { condition in
            guard let index = condition.guardIndex, !flow.guards[index].parameters.isEmpty else { return }
            let item = flow.guards[index]
            let note = Diagnostic.Note(SemanticMessages.declaredHere("guard '\(item.name)'"), at: item.range)
            for problem in Self.bindingProblems(item.parameters, from: payload) {
                switch problem {
                case .missing(let parameter):
                    report(.inputMismatch,
                           SemanticMessages.missingArgument(event: transition.event, parameter: parameter, guardName: item.name,
                                                            payload: payload),
                           at: condition.testRange, notes: [note])
                case .mismatch(let parameter, let given):
                    report(.inputMismatch,
                           SemanticMessages.inputTypeMismatch(
                               event: transition.event, name: parameter.name, given: given.type, needed: parameter.type,
                               target: "guard '\(item.name)'"),
                           at: condition.testRange, notes: [note])
                }
            }
        }
    }

    /// What goes wrong when `needed` (a target's inputs, a guard's arguments) is taken by name from
    /// `payload`: the one binding rule. A payload of type `T` supplies `T` or `T?`; an optional
    /// parameter the payload does not carry is nil; a parameter of an unsupported type is its own
    /// error (`unsupported-type`) and is not bound.
    enum BindingProblem {
        case missing(Parameter)
        case mismatch(Parameter, given: Parameter)
    }

    static func bindingProblems(_ needed: [Parameter], from payload: [Parameter]) -> [BindingProblem] {
        var problems: [BindingProblem] = []
        for parameter in needed where !isUnsupported(parameter.type) {
            guard let given = payload.first(where: { $0.name == parameter.name }) else {
                if !parameter.isOptional { problems.append(.missing(parameter)) }
                continue
            }
            if !supplies(given.type, parameter.type) { problems.append(.mismatch(parameter, given: given)) }
        }
        return problems
    }

    /// A subflow's start step (every tab, for tabs) takes its inputs from the step that runs it.
    private mutating func checkSubflowInputs(step: Step, subflow: Flow, at range: SourceRange) {
        for index in subflow.enteredSteps {
            let entry = subflow.steps[index]
            for parameter in entry.inputs where !parameter.isOptional && !Self.isUnsupported(parameter.type)
                && !step.inputs.contains(where: { $0.name == parameter.name && $0.type == parameter.type }) {
                report(.inputMismatch,
                       SemanticMessages.subflowInput(step: step.name, flow: subflow.name, start: entry.name, parameter: parameter),
                       at: range, notes: [.init(SemanticMessages.declaredHere("step '\(entry.name)'"), at: entry.range)])
            }
        }
    }

    /// Each pattern of a link names only the target's inputs, and every required one, each of a
    /// type read from text; two links whose patterns can match one URL are an error unless one
    /// pattern is more specific (it is then tried first: its precedence counts the patterns it is
    /// inside).
    mutating func checkLinks(_ program: inout FlowProgram) {
        for flowIndex in program.flowIndices {
            let flow = program.flows[flowIndex]
            for (linkIndex, link) in flow.links.enumerated() {
                // A malformed pattern was reported as a syntax error; there is nothing more to compare.
                guard !link.isBroken, let target = link.target else { continue }
                let errors = diagnostics.count
                defer { if diagnostics.count > errors { program.flows[flowIndex].links[linkIndex].isBroken = true } }
                let step = flow.steps[target]
                let named = link.allPlaceholders
                // The URL's values: the first target's inputs, then what the other targets and the
                // guards that choose between them take from the patterns, each name once.
                // A move's `at` step (`-> sheet Project at Comments`) is built from them too, unless
                // the subflow starts there (its runner's inputs build it then).
                let atSteps = link.branches.compactMap(\.at).flatMap(\.levels).compactMap { at -> Step? in
                    guard let subflow = at.flow, let inside = at.step, !program.flows[subflow].enteredSteps.contains(inside) else { return nil }
                    return program.flows[subflow].steps[inside]
                }
                // `-> select Search`: the tab is shown as the tab bar has it, its inputs not from the URL.
                let selects = link.move == .select
                let targets = link.branches.filter { $0.move != .select }.compactMap(\.target).map { flow.steps[$0] } + atSteps
                var parameters = selects ? [] : step.inputs
                let guardParameters = link.conditions.compactMap(\.guardIndex).flatMap { flow.guards[$0].parameters }
                // The way to an `at` step may need more: the inputs of the subflow's steps and its guards' arguments.
                let atFlows = Set(link.branches.compactMap(\.at).flatMap(\.levels).compactMap(\.flow)).sorted().map { program.flows[$0] }
                let wayParameters = atFlows.flatMap { $0.steps.flatMap(\.inputs) + $0.guards.flatMap(\.parameters) }
                for input in targets.dropFirst(selects ? 0 : 1).flatMap(\.inputs) + guardParameters + wayParameters where named.contains(input.name) {
                    if let same = parameters.first(where: { $0.name == input.name }) {
                        if same.wrappedType != input.wrappedType {
                            report(.linkMismatch, SemanticMessages.linkPlaceholderTypes(input.name, same.type, input.type), at: link.patternRange,
                                   notes: [.init(SemanticMessages.declaredHere("'\(input.name): \(input.type)'"), at: input.range)])
                        }
                    } else {
                        parameters.append(input)
                    }
                }
                program.flows[flowIndex].links[linkIndex].parameters = parameters
                // The flow-level clause of its moves takes them as its payload.
                if let index = flow.clauseIndex(ofLink: linkIndex) {
                    let clause = flow.clauses[index]
                    program.flows[flowIndex].clauses[index] = Clause(
                        event: clause.event, eventID: clause.eventID, eventRange: clause.eventRange, payload: parameters, action: clause.action,
                        condition: clause.condition, doc: clause.doc, range: clause.range, isExitHandler: false, link: linkIndex)
                }
                let optional = Set(parameters.filter(\.isOptional).map(\.name))
                for index in link.patterns.indices { program.flows[flowIndex].links[linkIndex].patterns[index].optionalPlaceholders = optional }
                let notes: [Diagnostic.Note] = [.init(SemanticMessages.declaredHere("step '\(step.name)'"), at: step.range)]
                for (pattern, range) in zip(link.patterns, link.patternRanges) {
                    let placeholders = pattern.placeholders
                    for placeholder in placeholders where !parameters.contains(where: { $0.name == placeholder }) {
                        report(.linkMismatch, SemanticMessages.linkPlaceholderNotInput(placeholder, step: step.name), at: range, notes: notes)
                    }
                    // A guard the link asks takes its arguments from the URL, as a target its inputs.
                    for guardIndex in link.conditions.compactMap(\.guardIndex) {
                        let asked = flow.guards[guardIndex]
                        for argument in asked.parameters where !argument.isOptional && !placeholders.contains(argument.name) {
                            report(.linkMismatch, SemanticMessages.linkMissingArgument(argument, guardName: asked.name), at: range,
                                   notes: [.init(SemanticMessages.guardDeclaredHere(asked.name), at: asked.range)])
                        }
                    }
                    // An optional input may be left out of the URL: it is nil then.
                    for target in targets {
                        for input in target.inputs where !input.isOptional && !placeholders.contains(input.name) {
                            report(.linkMismatch, SemanticMessages.linkMissingInput(input, step: target.name), at: range,
                                   notes: [.init(SemanticMessages.declaredHere("step '\(target.name)'"), at: target.range)])
                        }
                    }
                }
                for input in parameters where named.contains(input.name) && !isTextConvertible(input.type) {
                    report(.linkMismatch, SemanticMessages.linkTypeNotConvertible(input), at: link.patternRange, notes: notes)
                }
            }
        }
        checkLinkOverlaps(&program)
    }

    /// `overlapping-links`, and each pattern's precedence.
    private mutating func checkLinkOverlaps(_ program: inout FlowProgram) {
        struct Entry { let flow: FlowIndex, link: Int, pattern: Int }
        // Patterns with different numbers of segments never match one URL, nor two whose first
        // segments are different literals (even ignoring case): each pattern is compared with the
        // earlier ones of its length whose first segment is its own literal or no literal. A
        // pattern that ends with the rest of the path (`**`) matches URLs of its length and
        // longer: it is compared with every earlier pattern whose first segment may be its own.
        struct Bucket {
            var all: [Entry] = []
            var byFirst: [String: [Entry]] = [:]
            var open: [Entry] = []
        }
        var entries: [(Entry, first: String?)] = []
        for (flowIndex, flow) in program.indexedFlows {
            for (linkIndex, link) in flow.links.enumerated() where !link.isBroken && link.target != nil {
                program.flows[flowIndex].links[linkIndex].precedence = Array(repeating: 0, count: link.patterns.count)
                for (patternIndex, pattern) in link.patterns.enumerated() {
                    var first: String?
                    if case .literal(let text)? = pattern.segments.first { first = text.map { $0.lowercased() }.joined() }
                    entries.append((Entry(flow: flowIndex, link: linkIndex, pattern: patternIndex), first))
                }
            }
        }
        var buckets: [Int: Bucket] = [:]
        var rests: [(entry: Entry, first: String?, length: Int)] = []
        var reported = Set<[Int]>()
        for (number, (later, first)) in entries.enumerated() {
            let laterLink = program.flows[later.flow].links[later.link]
            let laterPattern = laterLink.patterns[later.pattern]
            let length = laterPattern.segments.count
            func mayMeet(_ other: String?) -> Bool { first == nil || other == nil || first == other }
            var candidates: [Entry]
            if laterPattern.hasRest {
                candidates = entries[..<number].filter { mayMeet($0.first) }.map(\.0)
                rests.append((later, first, length))
            } else {
                var bucket = buckets[length] ?? Bucket()
                candidates = first.map { (bucket.byFirst[$0] ?? []) + bucket.open } ?? bucket.all
                candidates += rests.filter { $0.length <= length && mayMeet($0.first) }.map(\.entry)
                if let first { bucket.byFirst[first, default: []].append(later) } else { bucket.open.append(later) }
                bucket.all.append(later)
                buckets[length] = bucket
            }
            for earlier in candidates {
                let earlierLink = program.flows[earlier.flow].links[earlier.link]
                let isSameLink = (earlier.flow, earlier.link) == (later.flow, later.link)
                // Two copies of one destinations group's link (one a flow that uses the group) are one link.
                if !isSameLink, earlierLink.range == laterLink.range { continue }
                let earlierPattern = earlierLink.patterns[earlier.pattern]
                let message: String
                switch laterPattern.overlap(with: earlierPattern) {
                case .disjoint: continue
                // Two patterns of one link open the same step: the narrower is tried first, so that
                // `/u/{id}.json` gives `id` without `.json` where `/u/{id}` is there too; others may overlap.
                case .same where isSameLink, .crossing where isSameLink: continue
                case .narrower:
                    program.flows[later.flow].links[later.link].precedence[later.pattern] += 1
                    continue
                case .wider:
                    program.flows[earlier.flow].links[earlier.link].precedence[earlier.pattern] += 1
                    continue
                case .same(let example):
                    message = SemanticMessages.sameLinks(laterPattern.text, other: earlierPattern.text, example: example)
                case .crossing(let example):
                    message = SemanticMessages.crossingLinks(laterPattern.text, other: earlierPattern.text, example: example)
                }
                // One report for a pair of links, at the later one.
                guard reported.insert([Int(earlier.flow), earlier.link, Int(later.flow), later.link]).inserted else { continue }
                report(.overlappingLinks, message, at: laterLink.patternRanges[later.pattern],
                       notes: [.init(SemanticMessages.linkDeclaredHere(earlierPattern.text), at: earlierLink.patternRanges[earlier.pattern])])
            }
        }
    }

    /// Types that can never be LosslessStringConvertible: collections, tuples, functions; an
    /// optional is fine when what it wraps is (an absent value is nil).
    private func isTextConvertible(_ type: String) -> Bool {
        // One `?`: `Int?` is read as `Int` (absent: nil); `Int??` is not.
        let type = type.hasSuffix("?") ? String(type.dropLast()) : type
        return !(type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("[") || type.hasPrefix("(") || type.contains("->")
            || type.hasPrefix("any ") || type.hasPrefix("some ") || type.hasPrefix("Optional<") || type.hasPrefix("Array<")
            || type.hasPrefix("Dictionary<") || type.hasPrefix("Set<"))
    }

    private func sameParameters(_ lhs: [Parameter], _ rhs: [Parameter]) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { parameter in rhs.contains { $0.name == parameter.name && $0.type == parameter.type } }
    }
}
