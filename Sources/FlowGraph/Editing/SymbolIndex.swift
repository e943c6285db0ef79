/// A name an editor can go to, find and rename: a flow, a destinations group, or something declared
/// in one (a step, alert, event, exit or guard).
///
/// Its identity is what the resolver binds a name to, not the text: `Home` in two flows is two
/// symbols, and a step a group declares is the group's, whichever flow that uses the group names it.
package struct EditorSymbol: Hashable, Sendable, Comparable {
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case flow
        case group = "destinations"
        case step, alert, event, exit
        case `guard`

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    public let kind: Kind
    /// The flow or group whose name it belongs to ("" for flows and groups; `Flow.Alert` for a
    /// button of an alert, whose name is only the alert's).
    public let scope: String
    public let name: String

    public init(_ kind: Kind, scope: String, name: String) {
        self.kind = kind
        self.scope = scope
        self.name = name
    }

    /// `step Shop.Home`, the way hover and messages name it.
    public var description: String { scope.isEmpty ? "\(kind.rawValue) \(name)" : "\(kind.rawValue) \(scope).\(name)" }

    public static func < (lhs: EditorSymbol, rhs: EditorSymbol) -> Bool {
        (lhs.kind, lhs.scope, lhs.name) < (rhs.kind, rhs.scope, rhs.name)
    }
}

/// One place a symbol's name is written.
package struct SymbolOccurrence: Sendable, Hashable {
    public let symbol: EditorSymbol
    /// The name as written (with its backticks, when it has them).
    public let range: SourceRange
    /// Whether this is where the symbol is declared (for an event, which has no declaration, its
    /// first clause in its scope).
    public let isDeclaration: Bool
}

/// Every occurrence of every name of a compiled program, by file and offset.
///
/// Built from the syntax tree, which keeps where each name is written, and bound with the resolved
/// program's tables (`Flow.step(named:)` and the `shared`/`group` marks of what a flow has by `use`),
/// so that a name means here what it means to the resolver: the steps of a flow are its own and
/// those of the groups it uses, a runner's `on X` is exit X of the flow it runs, `at Y` a step of
/// the subflow the move's target runs. A name the resolver cannot bind keeps the symbol it would
/// have (a step of the flow that names it): finding and renaming it still work.
package struct SymbolIndex: Sendable {
    public let occurrences: [SymbolOccurrence]
    private let byFile: [Int: [Int]]
    private let bySymbol: [EditorSymbol: [Int]]

    public init(_ compilation: Compiler.Compilation) {
        var builder = Builder(program: compilation.program)
        for flow in compilation.syntax.flows { builder.add(flow) }
        for journey in compilation.syntax.journeys { builder.add(journey) }
        let all = builder.occurrences.sorted { $0.range < $1.range }
        occurrences = all
        var byFile: [Int: [Int]] = [:]
        var bySymbol: [EditorSymbol: [Int]] = [:]
        for (index, occurrence) in all.enumerated() {
            byFile[occurrence.range.file, default: []].append(index)
            bySymbol[occurrence.symbol, default: []].append(index)
        }
        self.byFile = byFile
        self.bySymbol = bySymbol
    }

    /// The occurrence whose name holds `offset` of `file` (its end included, where an editor's
    /// cursor stands just after a word).
    public func occurrence(file: Int, offset: Int) -> SymbolOccurrence? {
        guard let indices = byFile[file] else { return nil }
        var match: SymbolOccurrence?
        for index in indices {
            let range = occurrences[index].range
            if range.start > offset { break }
            if offset < range.end { return occurrences[index] }
            if offset == range.end { match = occurrences[index] }
        }
        return match
    }

    /// Every occurrence of `symbol`, in file and source order.
    public func occurrences(of symbol: EditorSymbol) -> [SymbolOccurrence] {
        bySymbol[symbol, default: []].map { occurrences[$0] }
    }

    /// Where `symbol` is declared (more than one place for a name declared twice).
    public func declarations(of symbol: EditorSymbol) -> [SymbolOccurrence] {
        occurrences(of: symbol).filter(\.isDeclaration)
    }

    /// Every symbol of the index.
    public var symbols: [EditorSymbol] { bySymbol.keys.sorted() }
}

/// Walks the syntax tree once, binding each name as the resolver does.
private struct Builder {
    let program: FlowProgram?
    var occurrences: [SymbolOccurrence] = []
    /// The events whose first clause was seen, by scope.
    var declaredEvents = Set<EditorSymbol>()

    init(program: FlowProgram?) {
        self.program = program
    }

    mutating func record(_ kind: EditorSymbol.Kind, _ scope: String, _ name: Name, declaration: Bool = false) {
        guard !name.text.isEmpty, name.range.end > name.range.start else { return }
        var symbol = EditorSymbol(kind, scope: scope, name: name.text)
        // A name written in the flows' namespace is a group's when a group declares it.
        if kind == .flow, program?.flow(named: name.text) == nil, program?.groups.contains(where: { $0.name == name.text }) == true {
            symbol = EditorSymbol(.group, scope: scope, name: name.text)
        }
        var isDeclaration = declaration
        if kind == .event { isDeclaration = declaredEvents.insert(symbol).inserted }
        occurrences.append(SymbolOccurrence(symbol: symbol, range: name.range, isDeclaration: isDeclaration))
    }

    /// The resolved flow (or group declaration) that a flow's syntax became.
    func resolved(_ syntax: FlowSyntax) -> Flow? {
        guard let program else { return nil }
        if syntax.isDestinations { return program.groups.first { $0.name == syntax.name.text }?.declaration }
        return program.flow(named: syntax.name.text).map { program.flows[$0] }
    }

    /// The scope of a step or alert named `name` in `flow`: the group that declares it when the flow
    /// has it by `use`, else the flow itself.
    func stepScope(_ name: String, in flow: Flow?, scope: String) -> String {
        guard let flow, let program else { return scope }
        if let step = flow.step(named: name), let shared = flow.steps[step].shared, program.groups.indices.contains(shared.group) {
            return program.groups[shared.group].name
        }
        if let alert = flow.alert(named: name), let group = flow.alerts[alert].group, program.groups.indices.contains(group) {
            return program.groups[group].name
        }
        return scope
    }

    func guardScope(_ name: String, in flow: Flow?, scope: String) -> String {
        guard let flow, let program, let index = flow.guardIndex(named: name), let group = flow.guards[index].group,
              program.groups.indices.contains(group) else { return scope }
        return program.groups[group].name
    }

    mutating func add(_ syntax: FlowSyntax) {
        let scope = syntax.name.text
        let flow = resolved(syntax)
        record(syntax.isDestinations ? .group : .flow, "", syntax.name, declaration: true)
        for use in syntax.uses { record(.group, "", use) }
        for start in syntax.starts {
            for choice in start.choices { record(.step, stepScope(choice.text, in: flow, scope: scope), choice) }
            for condition in start.conditions { record(.guard, guardScope(condition.guardName.text, in: flow, scope: scope), condition.guardName) }
            if let launch = start.launch {
                record(.step, stepScope(launch.target.text, in: flow, scope: scope), launch.target)
                if let condition = launch.condition {
                    record(.guard, guardScope(condition.guardName.text, in: flow, scope: scope), condition.guardName)
                }
            }
        }
        for step in syntax.steps {
            record(.step, scope, step.name, declaration: true)
            if let runs = step.runs { record(.flow, "", runs) }
            if let like = step.like { record(.step, stepScope(like.text, in: flow, scope: scope), like) }
            if let guardName = step.lock?.guardName { record(.guard, guardScope(guardName.text, in: flow, scope: scope), guardName) }
            if let guardName = step.condition?.guardName { record(.guard, guardScope(guardName.text, in: flow, scope: scope), guardName) }
            for handler in step.clauses {
                if let runs = step.runs {
                    record(.exit, runs.text, handler.event)
                } else {
                    record(.event, scope, handler.event)
                }
                add(clause: handler, flow: flow, scope: scope)
            }
        }
        for alert in syntax.alerts {
            record(.alert, scope, alert.name, declaration: true)
            for button in alert.buttons {
                record(.event, "\(scope).\(alert.name.text)", button.event)
                add(clause: button, flow: flow, scope: scope)
            }
        }
        for exit in syntax.exits { record(.exit, scope, exit.name, declaration: true) }
        for guardSyntax in syntax.guards { record(.guard, scope, guardSyntax.name, declaration: true) }
        for link in syntax.links {
            record(.step, stepScope(link.target.text, in: flow, scope: scope), link.target)
            if let at = link.at { add(at: at, of: link.target, flow: flow) }
            for other in link.otherwise {
                record(.step, stepScope(other.target.text, in: flow, scope: scope), other.target)
                if let at = other.at { add(at: at, of: other.target, flow: flow) }
            }
            for condition in link.conditions { record(.guard, guardScope(condition.guardName.text, in: flow, scope: scope), condition.guardName) }
        }
        for handler in syntax.clauses {
            record(.event, scope, handler.event)
            add(clause: handler, flow: flow, scope: scope)
        }
    }

    mutating func add(clause: ClauseSyntax, flow: Flow?, scope: String) {
        if let action = clause.action { add(action: action, flow: flow, scope: scope) }
        var condition = clause.condition
        while let current = condition {
            record(.guard, guardScope(current.guardName.text, in: flow, scope: scope), current.guardName)
            if let action = current.elseAction { add(action: action, flow: flow, scope: scope) }
            condition = current.elseCondition
        }
    }

    mutating func add(action: ActionSyntax, flow: Flow?, scope: String) {
        for before in action.before { add(action: before, flow: flow, scope: scope) }
        if let target = action.target {
            switch action.kind.targetRole {
            case .newScreen, .shownStep: record(.step, stepScope(target.text, in: flow, scope: scope), target)
            case .alert: record(.alert, stepScope(target.text, in: flow, scope: scope), target)
            case .exit: record(.exit, scope, target)
            case .none, .payloadValue: break
            }
        }
        if let at = action.at, let target = action.target {
            add(at: at, of: target, flow: flow)
            // `at A.B`: B is a step of the subflow A runs.
            var name = at
            var container = flow.flatMap { flow in flow.step(named: target.text).flatMap { flow.steps[$0].runs } }
            for deeper in action.atDeeper {
                guard let program, let runs = container, program.flows.indices.contains(Int(runs)) else { break }
                let holder = program.flows[runs]
                add(at: deeper, of: name, flow: holder)
                container = holder.step(named: name.text).flatMap { holder.steps[$0].runs }
                name = deeper
            }
        }
        if let guardName = action.lock?.guardName { record(.guard, guardScope(guardName.text, in: flow, scope: scope), guardName) }
    }

    /// A journey's names, bound as its resolver binds them: by name, in the whole program. A name
    /// that binds one symbol is an occurrence of it (renaming the symbol renames it there too); a
    /// name several flows declare stands for each, and is left as it is when one of them is renamed.
    mutating func add(_ journey: JourneySyntax) {
        guard let program else { return }
        func recordIfOne(_ kind: EditorSymbol.Kind, _ scopes: Set<String>, _ name: Name) {
            if scopes.count == 1, let scope = scopes.first { record(kind, scope, name) }
        }
        func steps(_ name: Name, in flowName: Name?) -> Set<String> {
            Set(program.flows.filter { flowName == nil || $0.name == flowName?.text }.compactMap { flow in
                flow.step(named: name.text).map { _ in stepScope(name.text, in: flow, scope: flow.name) }
            })
        }
        func guards(_ name: Name) -> Set<String> {
            Set(program.flows.compactMap { flow in flow.guardIndex(named: name.text).map { _ in guardScope(name.text, in: flow, scope: flow.name) } })
        }
        if let (step, flow) = journey.from {
            if let flow { record(.flow, "", flow) }
            recordIfOne(.step, steps(step, in: flow), step)
        }
        for line in journey.lines {
            switch line.move {
            case .given(let tests): for test in tests { recordIfOne(.guard, guards(test.guardName), test.guardName) }
            case .send(let event, _):
                var scopes = Set<String>()
                for flow in program.flows {
                    guard let declared = flow.events.first(where: { $0.name == event.text }) else { continue }
                    // A button's event is its alert's (`Shop.SignOut`), as the index names buttons.
                    let alerts = flow.alerts.filter { $0.buttons.contains { $0.event == event.text } }
                    for alert in alerts {
                        let owner = alert.group.flatMap { program.groups.indices.contains($0) ? program.groups[$0].name : nil } ?? flow.name
                        scopes.insert("\(owner).\(alert.name)")
                    }
                    if !alerts.isEmpty { continue }
                    if declared.isOwn { scopes.insert(flow.name) }
                    for group in declared.groups where program.groups.indices.contains(group) { scopes.insert(program.groups[group].name) }
                }
                recordIfOne(.event, scopes, event)
            case .select(let tab):
                recordIfOne(.step, Set(program.flows.filter(\.isTabs).compactMap { flow in flow.step(named: tab.text).map { _ in flow.name } }), tab)
            case .open, .back, .swipe, .none: break
            }
            switch line.expectation {
            case .screen(let step, let flow, _, _, _)?:
                if let flow { record(.flow, "", flow) }
                recordIfOne(.step, steps(step, in: flow), step)
            case .alert(let name)?:
                let scopes = program.flows.compactMap { flow in
                    flow.alert(named: name.text).map { _ in stepScope(name.text, in: flow, scope: flow.name) }
                }
                recordIfOne(.alert, Set(scopes), name)
            case .blocked(let name)?: recordIfOne(.guard, guards(name), name)
            case .tab(let name)?: recordIfOne(.step, steps(name, in: nil), name)
            case .stack(let tab, let names, _)?:
                if let tab { recordIfOne(.step, steps(tab, in: nil), tab) }
                for name in names { recordIfOne(.step, steps(name, in: nil), name) }
            case .notHandled?, .impossible?, nil: break
            }
        }
    }

    /// `at Y` after a move to `target`: a step of the subflow `target` runs.
    mutating func add(at: Name, of target: Name, flow: Flow?) {
        guard let program, let flow, let step = flow.step(named: target.text), let runs = flow.steps[step].runs,
              program.flows.indices.contains(Int(runs)) else { return }
        let subflow = program.flows[runs]
        record(.step, stepScope(at.text, in: subflow, scope: subflow.name), at)
    }
}
