/// Binds every name of a syntax tree into a `FlowProgram`, reporting what does not resolve:
/// `unknown-name`, `duplicate-name`, `missing-start`, `unknown-exit`, `select-outside-tabs`,
/// `input-mismatch`, `payload-conflict`, `link-mismatch` and `unsupported-type`.
package struct Resolver {
    let tree: SyntaxTree
    var diagnostics: [Diagnostic] = []
    /// The flows by their name's number.
    private var flowIndex: NameIndex
    /// The steps and exits of the flow being resolved, by their name's number: a linear search for
    /// each target would make a flow of 1,000,000 steps take hours (and a table by text hashed each
    /// name: some 3 % of a check's instructions).
    var stepIndex: NameIndex
    private var exitIndex: NameIndex
    /// The events of the flow being resolved (`events(of:)`), by their name's number.
    private var eventIndex: NameIndex
    private var alertIndex: [String: Int] = [:]
    /// Whether the flow being resolved lost text to a syntax error, which may have declared names.
    private var isLosingDeclarations = false
    /// The text of each destinations group, by index in `FlowProgram.groups`.
    var groupSpans: [SourceRange] = []
    /// Every flow with its declarations (steps, exits, guards), before references are resolved:
    /// where `at` finds a step of another flow.
    private var declaredFlows: [Flow] = []
    /// The flows' syntax, for the flow a declared step runs, by name (`declaredRuns`).
    private var declaredSyntaxes: [FlowSyntax] = []
    /// For each flow, whether a syntax error lost text that may have declared names.
    private var lostDeclarations: [Bool] = []

    public init(tree: SyntaxTree) {
        self.tree = tree
        flowIndex = NameIndex(count: tree.names.count)
        stepIndex = NameIndex(count: tree.names.count)
        exitIndex = NameIndex(count: tree.names.count)
        eventIndex = NameIndex(count: tree.names.count)
    }

    /// Resolves the tree into a program and the diagnostics found.
    public static func resolve(_ tree: SyntaxTree) -> (program: FlowProgram, diagnostics: [Diagnostic]) {
        var resolver = Resolver(tree: tree)
        let program = resolver.run()
        return (program, resolver.diagnostics)
    }

    private mutating func run() -> FlowProgram {
        // Declarations first, so references can point forward and across files.
        var syntaxes: [FlowSyntax] = []
        var groupSyntaxes: [FlowSyntax] = []
        var groupIndex: [String: Int] = [:]
        // Flows and destinations share one namespace: each becomes a Swift type of the router.
        var firstDeclarations: [String: SourceRange] = [:]
        var duplicatedFlows = Set<String>()
        for syntax in tree.flows {
            if let first = firstDeclarations[syntax.name.text] {
                let message = syntax.isDestinations || groupIndex[syntax.name.text] != nil
                    ? SemanticMessages.duplicateDeclaration(syntax.name.text) : SemanticMessages.duplicateFlow(syntax.name.text)
                report(.duplicateName, message, at: syntax.name.range, notes: [.init(SemanticMessages.firstDeclaredHere, at: first)])
                // Which declaration was meant is unknown: the kept one may do what the other says.
                duplicatedFlows.insert(syntax.name.text)
                continue
            }
            firstDeclarations[syntax.name.text] = syntax.name.range
            if syntax.isDestinations {
                groupIndex[syntax.name.text] = groupSyntaxes.count
                groupSyntaxes.append(syntax)
            } else {
                flowIndex.insertFirst(syntax.name.id, syntaxes.count)
                syntaxes.append(syntax)
            }
        }
        groupSpans = groupSyntaxes.map { SourceRange(file: $0.range.file, start: $0.range.start, end: max($0.range.end, $0.end)) }
        // Each flow as if it declared what the groups it uses declare.
        var uses: [[Int]] = []
        let closures = Self.groupClosures(groupSyntaxes, groupIndex: groupIndex)
        for index in syntaxes.indices {
            let (expanded, used) = expand(syntaxes[index], groups: groupSyntaxes, groupIndex: groupIndex, closures: closures)
            syntaxes[index] = expanded
            uses.append(used)
        }
        var flows: [Flow] = []
        for (index, syntax) in syntaxes.enumerated() {
            var flow = inUsedGroupsOnce(uses[index]) { $0.declare(syntax) }
            flow.isIncomplete = flow.isIncomplete || duplicatedFlows.contains(flow.name)
            flow.uses = uses[index]
            flows.append(flow)
        }
        // Where `at` finds a step of another flow (a group's clauses may use it too), and for `at
        // A.B`, the flow each step runs (reported, when it does not resolve, where it is declared).
        declaredFlows = flows
        declaredSyntaxes = syntaxes
        lostDeclarations = syntaxes.map(\.hasLostDeclarations)
        // Each group on its own, once: what it declares and names is reported here, not in each use.
        // A group that uses others is resolved with their declarations, as a flow that uses them.
        var groups: [DestinationGroup] = []
        for (index, syntax) in groupSyntaxes.enumerated() {
            let (expanded, used) = expand(syntax, groups: groupSyntaxes, groupIndex: groupIndex, closures: closures, ownIndex: index)
            var declaration = inUsedGroupsOnce(used) { $0.declare(expanded) }
            declaration.isIncomplete = declaration.isIncomplete || duplicatedFlows.contains(syntax.name.text)
            declaration.uses = used
            inUsedGroupsOnce(used) { $0.resolveReferences(of: &declaration, syntax: expanded, flows: flows) }
            groups.append(DestinationGroup(declaration: declaration, users: flows.indices.filter { uses[$0].contains(index) }.map { FlowIndex($0) },
                                           span: groupSpans[index]))
        }
        // References are resolved against the declarations: one copy of the flows, taken once (a
        // copy per flow would make a program of 100,000 flows quadratic).
        let declared = declaredFlows
        // A group's own steps come first in its declaration, before those of the groups it uses.
        let stepsOfGroup = groups.indices.map { group in
            Dictionary(groups[group].declaration.steps.enumerated().filter { groupSpans[group].contains($1.range) }.map { ($1.name, $0) },
                       uniquingKeysWith: { first, _ in first })
        }
        for index in groups.indices { markShared(&groups[index].declaration, groups: groups, stepsOfGroup: stepsOfGroup) }
        for index in flows.indices {
            inUsedGroupsOnce(uses[index]) { $0.resolveReferences(of: &flows[index], syntax: syntaxes[index], flows: declared) }
            markShared(&flows[index], groups: groups, stepsOfGroup: stepsOfGroup)
        }
        declaredFlows = []
        declaredSyntaxes = []
        var runners = Array(repeating: [StepReference](), count: flows.count)
        for flowIndex in flows.indices {
            for stepIndex in flows[flowIndex].steps.indices {  // in place: `enumerated()` copied each step
                if let runs = flows[flowIndex].steps[stepIndex].runs { runners[runs].append(StepReference(flow: flowIndex, step: stepIndex)) }
            }
        }
        let roots = flows.indices.map { FlowIndex($0) }.filter { runners[$0].isEmpty }
        var program = FlowProgram(files: tree.files, flows: flows, roots: roots, runners: runners)
        program.groups = groups
        program.hasLostFlows = tree.hasLostFlows
        var imported = Set<String>()
        program.imports = tree.imports.map(\.module).filter { imported.insert($0).inserted }
        checkInputs(&program)
        checkLinks(&program)
        resolveJourneys(tree.journeys, in: &program)
        return program
    }

    // MARK: - Declarations

    /// Builds a flow's declarations (steps, exits, guards), reporting duplicates.
    private mutating func declare(_ syntax: FlowSyntax) -> Flow {
        var flow = Flow(
            name: syntax.name.text, isTabs: syntax.isTabs, doc: syntax.doc, range: syntax.name.range, start: nil,
            steps: [], exits: [], guards: [], links: [], clauses: [], events: [])
        flow.isIncomplete = syntax.isIncomplete
        flow.hasLostLinks = syntax.hasLostLinks
        flow.isDestinations = syntax.isDestinations
        flow.isSplit = syntax.isSplit
        var repeated = Set<String>()
        let owner = SemanticMessages.owner(flow)
        let steps = unique(syntax.steps.count, name: { syntax.steps[$0].name },
                           message: { SemanticMessages.duplicateStep($0, owner: owner) }, repeated: &repeated)
        flow.steps.reserveCapacity(steps.count)
        for syntaxIndex in steps {
            flow.steps.append(declaredStep(syntax.steps[syntaxIndex], isRepeated: repeated.contains(syntax.steps[syntaxIndex].name.text)))
        }
        // Alerts share the steps' namespace: `alert X` and `push X` must not be able to mean the same name.
        var stepNames = syntax.alerts.isEmpty ? [:] : syntax.steps.firstIndices { $0.name.text }.mapValues { syntax.steps[$0].name.range }
        for alert in syntax.alerts {
            if let first = stepNames[alert.name.text] {
                report(.duplicateName, SemanticMessages.duplicateAlertName(alert.name.text, owner: SemanticMessages.owner(flow)),
                       at: alert.name.range, notes: [.init(SemanticMessages.firstDeclaredHere, at: first)])
                continue
            }
            stepNames[alert.name.text] = alert.name.range
            checkInputTypes(alert.inputs, of: SemanticMessages.alertOwner(alert.style.rawValue, alert.name.text))
            var declared = Alert(style: alert.style, name: alert.name.text, doc: alert.doc, range: alert.name.range,
                                 inputs: parameters(alert.inputs), buttons: [])
            declared.isIncomplete = alert.isIncomplete
            flow.alerts.append(declared)
        }
        let exits = unique(syntax.exits.count, name: { syntax.exits[$0].name }, message: { SemanticMessages.duplicateExit($0, flow: flow.name) })
        for exit in exits.map({ syntax.exits[$0] }) {
            flow.exits.append(Exit(name: exit.name.text, inputs: parameters(exit.inputs), doc: exit.doc, range: exit.name.range))
            checkInputTypes(exit.inputs, of: SemanticMessages.exitOwner(exit.name.text))
        }
        let guards = unique(syntax.guards.count, name: { syntax.guards[$0].name },
                            message: { SemanticMessages.duplicateGuard($0, owner: SemanticMessages.owner(flow)) })
        for item in guards.map({ syntax.guards[$0] }) {
            flow.guards.append(Guard(name: item.name.text, isAsync: item.isAsync, parameters: parameters(item.parameters),
                                     doc: item.doc, range: item.name.range))
            checkArgumentTypes(item.parameters, of: item.name.text)
        }
        // A step's lock asks a guard of the flow, declared above or below it.
        // So does a tab's condition, asked as the tab bar is built, like a start's (`start-guard`).
        for (index, syntaxIndex) in steps.enumerated() {
            if let lock = syntax.steps[syntaxIndex].lock { flow.steps[index].lock = resolveLock(lock, in: flow) }
            if let condition = syntax.steps[syntaxIndex].condition { flow.steps[index].condition = startCondition(condition, in: flow) }
        }
        return flow
    }

    /// A step as declared, from its syntax, borrowed (a copy of it retains a dozen arrays).
    private mutating func declaredStep(_ step: borrowing StepSyntax, isRepeated: Bool) -> Step {
        let inputs = parameters(step.inputs)
        let name = step.name.text  // Read here: the autoclosure would copy the whole step.
        checkInputTypes(step.inputs, of: SemanticMessages.stepOwner(name))
        let receives = parameters(step.receives)
        // A tab item's step is built when it is tapped, from nothing a tap carries.
        if step.tabItem != nil, let input = step.inputs.first {
            report(.inputMismatch, SemanticMessages.tabItemWithInputs(step.name.text, input: "\(input.name.text): \(input.type.text)"),
                   at: input.name.range)
        }
        checkReceivedTypes(step.receives, of: step.name.text)
        let extras = Step.StepExtras(receivesRange: step.receivesRange, keepsLinksRange: step.keepsLinksRange, tabItem: step.tabItem,
                                     detents: step.detents, column: step.column)
        // Made with every field at once: a step set field by field was copied when returned. A step
        // declared twice may do what either declaration says.
        return Step(name: name, doc: step.doc, range: step.name.range, inputs: inputs, runs: nil, runsRange: step.runs?.range, clauses: [],
                    isIncomplete: step.isIncomplete || isRepeated, receives: receives, extrasStorage: Step.stored(extras))
    }

    /// The declarations with a name not seen before; each repeated name is a `duplicate-name`.
    private mutating func unique(_ count: Int, name: (Int) -> Name, message: (String) -> String) -> [Int] {
        var repeated = Set<String>()
        return unique(count, name: name, message: message, repeated: &repeated)
    }

    /// The same, adding each name declared more than once to `repeated`. The indices of the kept
    /// declarations, not copies of them.
    private mutating func unique(_ count: Int, name: (Int) -> Name, message: (String) -> String, repeated: inout Set<String>) -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(count)
        forEachFirst(count, name: name, message: message, repeated: { repeated.insert($0) }, keep: { kept.append($0) })
        return kept
    }

    /// Calls `keep` with the index of each declaration whose name is not declared before it, and
    /// reports each other as a `duplicate-name` (`repeated` is told its name); `name(i)` reads the
    /// `i`th's name in place: a step's syntax holds a dozen arrays, each retained by a copy.
    private mutating func forEachFirst(_ count: Int, name: (Int) -> Name, message: (String) -> String,
                                       repeated: (String) -> Void = { _ in }, keep: (Int) -> Void) {
        var earlier = EarlierMatch<NameID>(count: count)
        for index in 0..<count {
            let declared = name(index)
            if let first = earlier.first(declared.id, at: index, keyAt: { name($0).id }) {
                report(.duplicateName, message(declared.text), at: declared.range,
                       notes: [.init(SemanticMessages.firstDeclaredHere, at: name(first).range)])
                repeated(declared.text)
            } else {
                keep(index)
            }
        }
    }

    /// Converts parameter syntax, reporting a name declared twice in one list. Built in place, not
    /// through `unique`'s indices: a list of parameters is short, and most steps and clauses have one.
    private mutating func parameters(_ syntax: [ParameterSyntax]) -> [Parameter] {
        if syntax.isEmpty { return [] }
        var parameters: [Parameter] = []
        parameters.reserveCapacity(syntax.count)
        forEachFirst(syntax.count, name: { syntax[$0].name }, message: SemanticMessages.duplicateParameter) {
            parameters.append(Parameter(name: syntax[$0].name.text, type: syntax[$0].type.text, range: syntax[$0].name.range))
        }
        return parameters
    }

    // MARK: - References

    private mutating func resolveReferences(of flow: inout Flow, syntax: FlowSyntax, flows: [Flow]) {
        isLosingDeclarations = syntax.hasLostDeclarations
        // `flow.steps` and `flow.exits` hold the first declaration of each name, in order (`declare`).
        stepIndex.fill(syntax.steps.count) { syntax.steps[$0].name.id }
        exitIndex.fill(syntax.exits.count) { syntax.exits[$0].name.id }
        alertIndex = flow.alerts.firstIndices { $0.name }
        // start
        if let start = syntax.starts.first {
            flow.startChoices = start.choices.enumerated().map { index, name in
                StartChoice(step: namedStep(name, in: flow), condition: start.conditions.indices.contains(index)
                                   ? startCondition(start.conditions[index], in: flow) : nil)
            }
            flow.start = flow.startChoices[0].step
            if let launch = start.launch { flow.launch = resolveLaunch(launch, in: flow) }
            checkColumnStart(of: flow, start)
            for extra in syntax.starts.dropFirst() {
                report(.duplicateName, SemanticMessages.duplicateStart(flow.name), at: extra.range,
                       notes: [.init(SemanticMessages.firstDeclaredHere, at: start.range)])
            }
            // A tab bar shows a tab that is always there when its start's is not (`if hasLists`).
            if flow.isTabs, !flow.steps.isEmpty, flow.steps.allSatisfy({ !$0.isTab || $0.condition != nil }) {
                report(.missingStart, SemanticMessages.everyTabHasACondition(flow.name), at: syntax.name.range)
            }
            // A tab bar starts at a tab, not at an item that presents a step.
            if flow.isTabs, let start = flow.start, let item = flow.steps[start].tabItem {
                report(.missingStart, SemanticMessages.startAtTabItem(flow.steps[start].name, item: item.rawValue),
                       at: syntax.starts[0].choices[0].range)
            }
        } else if !syntax.hasLostDeclarations, !syntax.isDestinations {  // Otherwise the 'start' may be in the text a syntax error lost.
            let message = syntax.steps.isEmpty ? SemanticMessages.emptyFlow(flow.name) : SemanticMessages.missingStart(flow.name)
            report(.missingStart, message, at: syntax.name.range)
        }
        // steps: `runs`, then clauses (a clause's `at` asks what its target runs)
        // `flow.steps` are the first declarations of each name, in order (see `declare`).
        let firstDeclarations = Self.firstDeclarations(syntax.steps, of: flow)
        for (position, syntaxIndex) in firstDeclarations {  // not `stepIndex`, the table of step names
            guard let runs = syntax.steps[syntaxIndex].runs else { continue }
            var runsFlow = flowIndex[runs.id].map { FlowIndex($0) }
            if runsFlow == nil {
                runsFlow = reportUnknown(SemanticMessages.unknownFlow(runs.text), at: runs.range, name: runs.text,
                                         candidates: flows.map(\.name), mayBeLost: tree.hasLostFlows)
                    .flatMap { name in flows.firstIndex { $0.name == name }.map { FlowIndex($0) } }
            }
            flow.steps[position].runs = runsFlow
        }
        for (position, syntaxIndex) in firstDeclarations {
            let isExitHandler = syntax.steps[syntaxIndex].runs != nil
            flow.steps[position].clauses = syntax.steps[syntaxIndex].clauses.map {
                transition($0, in: flow, isExitHandler: isExitHandler)
            }
            if let runsFlow = flow.steps[position].runs {
                let subflow = flows[runsFlow]
                for handler in flow.steps[position].clauses where subflow.exit(named: handler.event) == nil {
                    report(.unknownExit, SemanticMessages.notAnExit(handler.event, step: flow.steps[position].name, flow: subflow.name),
                           at: handler.eventRange,
                           notes: [.init(SemanticMessages.exitsOfFlow(subflow.name, subflow.exits.map(\.name)), at: subflow.range)]
                               + suggestion(handler.event, subflow.exits.map(\.name)))
                }
            }
        }
        resolveLikes(of: &flow, firstDeclarations.map { ($0.position, syntax.steps[$0.syntax].like) })
        flow.clauses = syntax.clauses.map { transition($0, in: flow, isExitHandler: false) }
        // alerts: `flow.alerts` holds the first declaration of each name, in order (see `declare`).
        var position = 0
        for alertSyntax in syntax.alerts where position < flow.alerts.count && flow.alerts[position].range == alertSyntax.name.range {
            flow.alerts[position].buttons = alertSyntax.buttons.map { button in
                AlertButton(event: button.event.text, eventRange: button.event.range, payload: parameters(button.payload),
                            doc: button.doc, range: button.range,
                            clause: button.action == nil ? nil : transition(button, in: flow, isExitHandler: false), eventID: button.event.id)
            }
            position += 1
        }
        // links
        flow.links = syntax.links.map { link in
            var resolved = resolveLink(link, target: namedStep(link.target, in: flow))
            resolved.at = link.at.map { resolveAt($0, deeper: link.atDeeper, target: resolved.target, in: flow) }
            resolved.back = link.back
            resolved.otherwise = link.otherwise.map {
                let target = namedStep($0.target, in: flow)
                return LinkBranch(target: target, name: $0.target.text, range: $0.target.range, move: $0.move,
                                  at: $0.at.map { [atDeeper = $0.atDeeper] in resolveAt($0, deeper: atDeeper, target: target, in: flow) },
                                  back: $0.back)
            }
            resolved.conditions = link.conditions.map {
                Condition(guardName: $0.guardName.text, guardIndex: resolveGuard($0.guardName, in: flow), isNegated: $0.isNegated,
                          elseAction: nil, range: $0.range, testRange: $0.range)
            }
            return resolved
        }
        flow.events = events(of: flow)
        flow.clauses += linkMoves(of: flow, syntax.links)
    }

    /// Each step's syntax with its index in `flow.steps`, which holds the first declaration of each name.
    private static func firstDeclarations(_ steps: [StepSyntax], of flow: Flow) -> [(position: Int, syntax: Int)] {
        var result: [(position: Int, syntax: Int)] = []
        result.reserveCapacity(flow.steps.count)
        for index in steps.indices where result.count < flow.steps.count && flow.steps[result.count].range == steps[index].name.range {
            result.append((result.count, index))
        }
        return result
    }

    /// Resolves one `on` clause in `flow`.
    private mutating func transition(_ syntax: ClauseSyntax, in flow: Flow, isExitHandler: Bool) -> Clause {
        let condition = syntax.condition.map { resolveCondition($0, in: flow) }
        // Only an alert's button has no action (and it is not resolved as a clause).
        let written = syntax.action ?? ActionSyntax(kind: .close, target: nil, range: syntax.range)
        return Clause(
            event: syntax.event.text, eventID: syntax.event.id, eventRange: syntax.event.range, payload: parameters(syntax.payload),
            action: action(written, in: flow), condition: condition, doc: syntax.doc, range: syntax.range,
            isExitHandler: isExitHandler)
    }

    /// `, cover X if g` of a `start`: a step of the flow without inputs (nothing at launch gives
    /// any), its guard asked as a start's. (In a tabs flow it is a syntax error: `Parser.parseMember`.)
    private mutating func resolveLaunch(_ syntax: LaunchSyntax, in flow: Flow) -> Launch {
        let step = namedStep(syntax.target, in: flow)
        if let step, let input = flow.steps[step].inputs.first {
            report(.inputMismatch, SemanticMessages.launchStepWithInputs(flow.steps[step].name, input: "\(input.name): \(input.type)"),
                   at: syntax.target.range,
                   notes: [.init(SemanticMessages.declaredHere("step '\(flow.steps[step].name)'"), at: flow.steps[step].range)])
        }
        return Launch(kind: syntax.kind, targetName: syntax.target.text, step: step,
                      condition: syntax.condition.map { startCondition($0, in: flow) }, range: syntax.range)
    }

    /// `if g` of a `start`: asked at once when the flow starts, with nothing to take arguments from,
    /// so the guard must answer at once and take none (`start-guard`).
    private mutating func startCondition(_ syntax: GuardTestSyntax, in flow: Flow) -> Condition {
        let guardName = syntax.guardName
        let guardIndex = resolveGuard(guardName, in: flow)
        if let guardIndex {
            let declared = flow.guards[guardIndex]
            if declared.isAsync {
                report(.startGuard, SemanticMessages.asyncStartGuard(declared.name, flow: flow.name), at: syntax.range,
                       notes: [.init(SemanticMessages.guardDeclaredHere(declared.name), at: declared.range)])
            } else if !declared.parameters.isEmpty {
                report(.startGuard, SemanticMessages.startGuardWithArguments(declared.name, flow: flow.name), at: syntax.range,
                       notes: [.init(SemanticMessages.guardDeclaredHere(declared.name), at: declared.range)])
            }
        }
        return Condition(guardName: guardName.text, guardIndex: guardIndex, isNegated: syntax.isNegated, elseAction: nil,
                         range: syntax.range, testRange: syntax.range)
    }

    /// The step a name of a link's target, a launch or a start choice names, or its closest name
    /// (reported, as unknown-name).
    mutating func namedStep(_ name: Name, in flow: Flow) -> Int? {
        if let index = stepIndex[name.id] { return index }
        return reportUnknown(SemanticMessages.unknownStep(name.text, owner: SemanticMessages.owner(flow)), at: name.range,
                             name: name.text, candidates: flow.steps.map(\.name)).flatMap(flow.step(named:))
    }

    /// The guard a condition names, or its closest name (reported, as unknown-name).
    private mutating func resolveGuard(_ name: Name, in flow: Flow) -> Int? {
        if let index = flow.guardIndex(named: name.text) { return index }
        return reportUnknown(SemanticMessages.unknownGuard(name.text, owner: SemanticMessages.owner(flow)), at: name.range,
                             name: name.text, candidates: flow.guards.map(\.name)).flatMap { flow.guardIndex(named: $0) }
    }

    private mutating func resolveCondition(_ syntax: ConditionSyntax, in flow: Flow) -> Condition {
        let guardName = syntax.guardName
        let guardIndex = resolveGuard(guardName, in: flow)
        return Condition(
            guardName: guardName.text, guardIndex: guardIndex, isNegated: syntax.isNegated,
            elseAction: syntax.elseAction.map { action($0, in: flow) },
            elseChain: syntax.elseChain.map { resolveCondition($0, in: flow) }, range: syntax.range,
            testRange: SourceRange(file: syntax.range.file, start: syntax.range.start, end: guardName.range.end))
    }

    private mutating func action(_ syntax: ActionSyntax, in flow: Flow) -> Action {
        var target: Int?
        if let name = syntax.target {
            if let style = syntax.kind.alertStyle {
                target = alertIndex[name.text]
                if target == nil {
                    target = reportUnknown(SemanticMessages.unknownAlert(name.text, style: style.rawValue, owner: SemanticMessages.owner(flow)),
                                           at: name.range, name: name.text, candidates: flow.alerts.map(\.name)).flatMap { alertIndex[$0] }
                }
                if let found = target, flow.alerts[found].style != style {
                    let declared = flow.alerts[found].style.rawValue
                    report(.unknownName, SemanticMessages.wrongAlertStyle(name.text, declared: declared), at: syntax.range,
                           notes: [.init(SemanticMessages.declaredHere("\(declared) '\(name.text)'"), at: flow.alerts[found].range)])
                }
            } else if syntax.kind.targetRole == .payloadValue {
                target = nil  // a value of the payload, which `checkInputs` looks for
            } else if syntax.kind == .exit {
                target = exitIndex[name.id]
                if target == nil {
                    target = reportUnknown(SemanticMessages.unknownExitInAction(name.text, owner: SemanticMessages.owner(flow)), at: name.range,
                                           name: name.text, candidates: flow.exits.map(\.name)).flatMap(flow.exit(named:))
                }
            } else {
                target = stepIndex[name.id]
                // Outside a tabs flow, `select` is reported as such; its target needs no second error.
                if target == nil, !syntax.kind.selects || flow.isTabs {
                    target = reportUnknown(SemanticMessages.unknownStep(name.text, owner: SemanticMessages.owner(flow)), at: name.range,
                                           name: name.text, candidates: flow.steps.map(\.name)).flatMap(flow.step(named:))
                }
            }
        }
        if syntax.kind.selects, !flow.isTabs {
            report(.selectOutsideTabs, SemanticMessages.selectOutsideTabs(owner: SemanticMessages.owner(flow)), at: syntax.range)
        } else if syntax.kind.selects || syntax.kind == .root, let target, let item = flow.steps[target].tabItem {
            report(.selectOutsideTabs, SemanticMessages.selectTabItem(syntax.kind.rawValue, step: flow.steps[target].name, item: item.rawValue),
                   at: syntax.range)
        }
        checkColumn(of: syntax, target: target, in: flow)
        // Made with every field at once: an action set field by field was copied when returned.
        let before = syntax.before.map { action($0, in: flow) }
        let at = syntax.at.map { resolveAt($0, deeper: syntax.atDeeper, target: target, in: flow) }
        let lock = presentingLock(syntax, kind: Action.lockableKind(syntax.kind, compact: syntax.compact), target: target, in: flow)
        return Action(kind: syntax.kind, targetName: syntax.target?.text, target: target, range: syntax.range, before: before, at: at,
                      lock: lock, compact: syntax.compact)
    }

    /// The lock of a move: its own, or, for a `sheet` or `popover` that says none, its target
    /// step's (`step Editor locked while g`). A move that says another lock than its step's is
    /// `lock-conflict`: which of the two the user meant is not known.
    private mutating func presentingLock(_ syntax: ActionSyntax, kind: ActionKind, target: Int?, in flow: Flow) -> Lock? {
        let own = syntax.lock.map { resolveLock($0, in: flow) }
        guard let stepLock = flow.stepLock(presentedBy: kind, target: target) else { return own }
        guard let own else { return stepLock }
        if !own.locksAlike(stepLock), let target {  // a step's lock means the target resolved
            let step = flow.steps[target].name
            report(.lockConflict, SemanticMessages.lockConflict(move: syntax.kind.rawValue, step: step, own: own.written, steps: stepLock.written),
                   at: own.range, notes: [.init(SemanticMessages.stepLockedHere(step, stepLock.written), at: stepLock.range)])
        }
        return own
    }

    /// `locked while g`: the UI asks the guard whenever it draws the layer, with no payload to take
    /// arguments from and no time to wait, so it must answer at once and take none (`lock-guard`).
    private mutating func resolveLock(_ syntax: LockSyntax, in flow: Flow) -> Lock {
        guard let guardName = syntax.guardName else {
            return Lock(guardName: nil, guardIndex: nil, isNegated: false, range: syntax.range)
        }
        let guardIndex = resolveGuard(guardName, in: flow)
        if let guardIndex {
            let declared = flow.guards[guardIndex]
            if declared.isAsync {
                report(.lockGuard, SemanticMessages.asyncLockGuard(declared.name), at: syntax.range,
                       notes: [.init(SemanticMessages.guardDeclaredHere(declared.name), at: declared.range)])
            } else if !declared.parameters.isEmpty {
                report(.lockGuard, SemanticMessages.lockGuardWithArguments(declared.name), at: syntax.range,
                       notes: [.init(SemanticMessages.guardDeclaredHere(declared.name), at: declared.range)])
            }
        }
        return Lock(guardName: guardName.text, guardIndex: guardIndex, isNegated: syntax.isNegated, range: syntax.range)
    }

    /// `at Y` of a move to `target`: a step of the subflow `target` runs. A target that runs no flow
    /// has nowhere to open (`at-unreachable`); a name that is no step of the subflow is `unknown-name`.
    /// `at A.B`: A in the subflow the target runs, then B in the one A runs, and so on.
    mutating func resolveAt(_ name: Name, deeper: some Collection<Name>, target: Int?, in flow: Flow) -> AtTarget {
        var at = resolveAt(name, target: target, in: flow)
        var previous = at
        for next in deeper {
            guard let holder = previous.flow, let step = previous.step else { break }  // already reported
            let level = resolveAt(next, target: step, in: declaredFlows[holder], runs: declaredRuns(flow: holder, step: step))
            at.deeper.append(level)
            previous = level
        }
        return at
    }

    /// The flow a declared step runs, by its name (nil when it runs none, or one that does not
    /// resolve: reported where the step is declared). Asked only for `at A.B`, so it costs nothing
    /// to programs without one.
    private func declaredRuns(flow: FlowIndex, step: Int) -> FlowIndex? {
        let declared = declaredFlows[flow]
        let steps = declaredSyntaxes[Int(flow)].steps
        guard let syntax = Self.firstDeclarations(steps, of: declared).first(where: { $0.position == step })?.syntax,
              let name = steps[syntax].runs?.text else { return nil }
        return declaredFlows.firstIndex { $0.name == name }.map { FlowIndex($0) }
    }

    /// `at Y` after a move to step `target` of `flow`, which runs `runs` (by default, as resolved).
    mutating func resolveAt(_ name: Name, target: Int?, in flow: Flow, runs: FlowIndex?? = nil) -> AtTarget {
        var at = AtTarget(name: name.text, flow: nil, step: nil, range: name.range)
        guard let target else { return at }  // already reported
        let step = flow.steps[target]
        guard step.runsAFlow else {
            report(.atUnreachable, SemanticMessages.atWithoutSubflow(step.name, at: name.text), at: name.range,
                   notes: [.init(SemanticMessages.declaredHere("step '\(step.name)'"), at: step.range)])
            return at
        }
        guard let runs = runs ?? step.runs else { return at }  // a flow that does not resolve (already reported)
        at.flow = runs
        let subflow = declaredFlows[runs]
        at.step = subflow.step(named: name.text)
        if at.step == nil {
            at.step = reportUnknown(SemanticMessages.unknownStep(name.text, owner: SemanticMessages.owner(subflow)), at: name.range, name: name.text,
                                    candidates: subflow.steps.map(\.name), mayBeLost: lostDeclarations[runs])
                .flatMap(subflow.step(named:))
        }
        return at
    }

    /// The flow's event table; one event name with two payloads is a `payload-conflict`.
    private mutating func events(of flow: Flow) -> [Event] {
        // Where each clause that names an event is: a step's (step, clause), the flow's (-1, clause),
        // an alert's button (-2 - alert, button). Places, not copies of the clauses: a program has many.
        // An alert's buttons are events of its flow too: the app sends them when the user taps one.
        var places: [(range: SourceRange, owner: Int, index: Int)] = []
        for step in flow.steps.indices {
            for clause in flow.steps[step].clauses.indices where !flow.steps[step].clauses[clause].isExitHandler {
                places.append((flow.steps[step].clauses[clause].range, step, clause))
            }
        }
        for clause in flow.clauses.indices { places.append((flow.clauses[clause].range, -1, clause)) }
        for alert in flow.alerts.indices {
            for button in flow.alerts[alert].buttons.indices {
                let written = flow.alerts[alert].buttons[button]
                places.append((written.clause?.range ?? written.range, -2 - alert, button))
            }
        }
        typealias Named = (event: String, id: NameID, payload: [Parameter], range: SourceRange)
        func named(_ place: (range: SourceRange, owner: Int, index: Int)) -> Named {
            if place.owner >= 0 {
                let clause = flow.steps[place.owner].clauses[place.index]
                return (clause.event, clause.eventID, clause.payload, clause.eventRange)
            }
            if place.owner == -1 {
                let clause = flow.clauses[place.index]
                return (clause.event, clause.eventID, clause.payload, clause.eventRange)
            }
            let button = flow.alerts[-2 - place.owner].buttons[place.index]
            return button.clause.map { ($0.event, $0.eventID, $0.payload, $0.eventRange) }
                ?? (button.event, button.eventID, button.payload, button.eventRange)
        }
        // Each event by its name's number: every clause here has one (the parser's; the clauses of
        // links, which have none, are added after).
        var events: [Event] = []
        eventIndex.removeAll()
        for place in places.sorted(by: { $0.range < $1.range }) {
            let transition = named(place)
            assert(transition.id != .none, "an event's clause without its name's number")
            let index = eventIndex[transition.id] ?? events.count
            eventIndex.insertFirst(transition.id, index)
            if index < events.count {
                let first = events[index]
                if !first.payload.elementsEqual(transition.payload, by: { $0.name == $1.name && $0.type == $1.type }) {
                    report(.payloadConflict,
                           SemanticMessages.payloadConflict(event: transition.event, payload: transition.payload, other: first.payload),
                           at: transition.range, notes: [.init(SemanticMessages.otherPayload(transition.event), at: first.range)])
                }
                continue
            }
            events.append(Event(name: transition.event, payload: transition.payload, range: transition.range,
                                isOwn: flow.uses.isEmpty))
        }
        // Who spells each event: the flow's own event type, a used group's, or both.
        for place in places where !flow.uses.isEmpty {
            guard let index = eventIndex[named(place).id] else { continue }
            if let group = group(containing: place.range), flow.uses.contains(group) {
                if !events[index].groups.contains(group) { events[index].groups.append(group) }
            } else {
                events[index].isOwn = true
            }
        }
        return events
    }

    // MARK: - Helpers

    mutating func report(_ rule: Rule, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(rule, message, at: range, notes: notes))
    }

    /// Reports a name that does not resolve, and returns the one declared name it is a misspelling
    /// of, if exactly one is close to it: the program is then checked as if that name were
    /// written, so that the mistake hides nothing else (docs/Language.md, "Programs with errors").
    /// When the declaration may be in text a syntax error lost (`mayBeLost`, by default: the flow
    /// being resolved lost some), a name that no declared name is close to is not reported.
    mutating func reportUnknown(_ message: String, at range: SourceRange, name: String, candidates: [String],
                                        mayBeLost: Bool? = nil) -> String? {
        let close = closestNames(to: name, in: candidates)
        if mayBeLost ?? isLosingDeclarations, close.isEmpty { return nil }
        report(.unknownName, message, at: range, notes: close.first.map { [.init(SemanticMessages.similarName($0))] } ?? [])
        return close.count == 1 ? close[0] : nil
    }

    private func suggestion(_ name: String, _ candidates: [String]) -> [Diagnostic.Note] {
        guard let best = closestName(to: name, in: candidates) else { return [] }
        return [.init(SemanticMessages.similarName(best))]
    }
}
