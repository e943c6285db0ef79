/// Builds the router's model from a checked program.
extension RouterModel {
    /// Names of the types the generated file nests in each flow's enum.
    static let flowNestedNames: Set<String> = ["Step", "Event", "Exit", "Guards", "Guard", "Link", "Received", "Alert"]
    /// Names of the types nested in the program type (`FlowRouter`).
    static let programNestedNames: Set<String> = [
        "Flow", "Screen", "Event", "Exit", "Link", "GuardID", "Root", "Guards", "NoGuards", "Source", "AppGuards", "Received",
        "Alert",
    ]
    /// Names of the types nested in the runtime's `Navigator` (and its generic parameter), which
    /// its extension sees; `NavigatorNamesTests` checks the list against the runtime's declarations.
    static let navigatorNestedNames: Set<String> = [
        "Program", "Flow", "Screen", "Event", "Exit", "Link", "GuardID", "Root", "FlowID", "StackID", "EntryID",
        "StackStyle", "ModalStyle", "Entry", "Stack", "RunningFlow", "Command", "Outcome", "Record", "Alert", "ShownAlert",
    ]
    static let appTypePrefix = "FlowGraphAppType_"
    static let flowAliasPrefix = "FlowGraphFlow_"

    init(_ program: FlowProgram, analysis: ProgramAnalysis, sources: [String], options: SwiftEmitter.Options) {
        self.options = options
        self.sources = sources
        imports = program.imports
        isAsync = program.flows.contains(where: \.hasAsyncGuard)
        var shadowing = Self.flowNestedNames.union(Self.programNestedNames)
        if options.namespace != nil {
            shadowing.formUnion(program.flows.map(\.name))
            shadowing.formUnion(program.groups.map(\.name))
            shadowing.formUnion([SwiftNames.programType, SwiftNames.navigatorAlias])
        }
        var types = TypeWriter(shadowing: shadowing)
        let flowShadowing = Self.programNestedNames.union(Self.navigatorNestedNames)
        flowAliases = program.flows.map(\.name).filter(flowShadowing.contains)
        groups = program.groups.enumerated().map { index, group in
            Self.groupModel(group, index: index, types: &types)
        }
        flows = program.flows.enumerated().map { index, flow in
            Self.flowModel(flow, index: index, in: program, types: &types, isAliased: flowShadowing.contains(flow.name))
        }
        roots = program.roots.map { root in
            RootModel(flow: Int(root), caseModel: CaseModel(name: SwiftNames.caseIdentifier(program.flows[root].name), doc: [],
                                                      parameters: types.parameters(Self.rootInputs(program.flows[root]))))
        }
        table = RouterTable(program, analysis: analysis)
        let builds = BuildCollector(program: program, analysis: analysis, caseNames: flows.map(\.caseName),
                                    groupCases: groups.map(\.caseName),
                                    linkCases: flows.map { $0.links.map(\.caseModel.name) },
                                    rootCases: roots.map(\.caseModel.name))
        var groupBuilds = Array(repeating: Set<Build>(), count: groups.count)
        for index in flows.indices {
            flows[index].stepBuilds = Self.sharingGroupBuilds(builds.steps[index], of: program.flows[index],
                                                              caseName: flows[index].caseName, into: &groupBuilds)
            flows[index].exitBuilds = builds.exits[index]
            flows[index].guardBuilds = builds.guards[index]
            flows[index].receivedBuilds = builds.received[index]
            flows[index].alertBuilds = builds.alerts[index]
            flows[index].openedBuilds = builds.opened[index]
        }
        for index in groups.indices {
            // In one order whatever the set's: by step, then by the payload's pattern.
            groups[index].stepBuilds = groupBuilds[index].map { (build: $0, key: RouterPrinter.pattern($0.source)) }
                .sorted { ($0.build.target, $0.key) < ($1.build.target, $1.key) }.map(\.build)
        }
        appTypeAliases = types.aliased.sorted()
    }

    /// A flow's step builds without those of its groups' steps from payloads that are not the
    /// flow's own, which go to the group (each once): a build depends only on its step and its
    /// payload, so every flow that uses the group builds those alike.
    private static func sharingGroupBuilds(_ builds: [Build], of flow: Flow, caseName: String, into groups: inout [Set<Build>]) -> [Build] {
        guard !flow.uses.isEmpty else { return builds }
        return builds.filter { build in
            guard let shared = flow.steps[build.target].shared, case .payload(_, let flowCase, _, _, _) = build.source,
                  flowCase != caseName else { return true }
            var moved = build
            moved.target = shared.step
            groups[shared.group].insert(moved)
            return false
        }
    }

    private static func groupModel(_ group: DestinationGroup, index: Int, types: inout TypeWriter) -> GroupModel {
        let flow = group.declaration
        var model = GroupModel(
            index: index, declaration: SwiftNames.identifier(flow.name), caseName: SwiftNames.caseIdentifier(flow.name), doc: flow.doc,
            steps: group.ownSteps.map { CaseModel(name: SwiftNames.caseIdentifier($0.name), doc: $0.doc, parameters: types.parameters($0.inputs)) },
            events: eventModels(flow, types: &types).filter(\.isDeclared), users: group.users.map(Int.init))
        model.guards = flow.guards.filter { $0.group == nil }.map { guardModel($0, types: &types) }
        return model
    }

    /// A guard's requirement: its name, doc, whether it is async, its arguments.
    private static func guardModel(_ item: Guard, types: inout TypeWriter) -> GuardModel {
        GuardModel(identifier: SwiftNames.identifier(item.name), name: item.name, doc: item.doc, isAsync: item.isAsync,
                   parameters: types.parameters(item.parameters), group: item.group)
    }

    /// A flow's events as cases, each with the `///` doc of the first clause for it that has one.
    private static func eventModels(_ flow: Flow, types: inout TypeWriter) -> [CaseModel] {
        let clauses = flow.steps.flatMap { $0.runs == nil ? $0.clauses : [] } + flow.clauses
        return flow.events.map { event in
            let doc = clauses.first { $0.event == event.name && !$0.doc.isEmpty }?.doc ?? []
            return CaseModel(name: SwiftNames.caseIdentifier(event.name), doc: doc, parameters: types.parameters(event.payload),
                             isDeclared: event.isOwn)
        }
    }

    private static func flowModel(_ flow: Flow, index: Int, in program: FlowProgram, types: inout TypeWriter, isAliased: Bool) -> FlowModel {
        let events = eventModels(flow, types: &types)
        // The guards of `locked while g`: asked at once, whenever the UI draws the sheet.
        var lockGuards = Set<Int>()
        flow.forEachClause { $0.forEachAction { if let index = $0.lock?.guardIndex { lockGuards.insert(index) } } }
        let eventIndex = flow.uses.isEmpty ? [:]
            : Dictionary(flow.events.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let uses = flow.uses.map { group in
            let declaration = program.groups[group].declaration
            var steps = [Int](repeating: -1, count: program.groups[group].ownSteps.count)
            for (index, step) in flow.steps.enumerated() where step.shared?.group == group { steps[step.shared!.step] = index }
            return GroupUse(
                group: group, caseName: SwiftNames.caseIdentifier(declaration.name), declaration: SwiftNames.identifier(declaration.name),
                steps: steps, events: program.groups[group].ownEvents.map { eventIndex[$0.name] ?? -1 })
        }
        let names = linkCaseNames(flow)
        var links: [LinkModel] = []
        for (link, name) in zip(flow.links.filter { $0.target != nil }, names) {
            let named = link.allPlaceholders
            let values = flow.values(of: link)
            let reads = values.enumerated().map { index, input -> Read? in
                guard named.contains(input.name) else { return nil }
                return Read(input: index, type: types.write(input.wrappedType), isOptional: input.isOptional)
            }
            links.append(LinkModel(caseModel: CaseModel(name: SwiftNames.identifier(name),
                                                        doc: [link.patterns.map { "`\($0.text)`" }.joined(separator: ", ")
                                                                  + (link.ignoresCase ? ", ignoring case" : "")],
                                                        parameters: types.parameters(values)), reads: reads))
        }
        let declaration = SwiftNames.identifier(flow.name)
        var model = FlowModel(
            index: index, declaration: declaration,
            reference: isAliased ? flowAliasPrefix + flow.name : declaration,
            caseName: SwiftNames.caseIdentifier(flow.name), doc: flow.doc, isTabs: flow.isTabs,
            steps: flow.steps.map { step in
                CaseModel(name: SwiftNames.caseIdentifier(step.name), doc: step.doc, parameters: types.parameters(step.inputs),
                          wrapper: step.shared.map { SwiftNames.caseIdentifier(program.groups[$0.group].name) })
            },
            events: events,
            exits: flow.exits.map { CaseModel(name: SwiftNames.caseIdentifier($0.name), doc: $0.doc, parameters: types.parameters($0.inputs)) },
            guards: flow.guards.enumerated().map { guardIndex, item in
                var model = guardModel(item, types: &types)
                model.isAskedAtOnce = flow.startChoices.contains { $0.condition?.guardIndex == guardIndex }
                    || flow.launch?.condition?.guardIndex == guardIndex
                    || flow.steps.contains { $0.condition?.guardIndex == guardIndex }
                    || lockGuards.contains(guardIndex)
                return model
            },
            links: links, stepBuilds: [], exitBuilds: [], guardBuilds: [], uses: uses,
            received: flow.steps.map { step in
                step.receives.isEmpty ? nil
                    : CaseModel(name: SwiftNames.caseIdentifier(step.name), doc: step.doc, parameters: types.parameters(step.receives))
            })
        model.alerts = flow.alerts.map {
            CaseModel(name: SwiftNames.caseIdentifier($0.name), doc: $0.doc, parameters: types.parameters($0.inputs))
        }
        return model
    }

    /// The inputs of a root flow's first screens (every tab's, for tabs), each name once.
    static func rootInputs(_ flow: Flow) -> [Parameter] {
        var seen = Set<String>()
        return flow.enteredSteps.flatMap { flow.steps[$0].inputs }.filter { seen.insert($0.name).inserted }
    }

    /// The case name of each resolved link of a flow: the target step's, numbered when repeated.
    static func linkCaseNames(_ flow: Flow) -> [String] {
        var caseNames: [String] = []
        for link in flow.links {
            guard let target = link.target else { continue }
            let base = SwiftNames.caseName(flow.steps[target].name)
            var name = base
            var counter = 2
            while caseNames.contains(name) {
                name = base + String(counter)
                counter += 1
            }
            caseNames.append(name)
        }
        return caseNames
    }
}

extension Flow {
    /// Whether one of the flow's guards is async, which makes the program's calls async.
    var hasAsyncGuard: Bool { guards.contains(where: \.isAsync) }
}

/// Writes the types the spec names as the generated file must: a name that a generated type would
/// shadow is reached through a file-level alias (`FlowGraphAppType_Event`).
struct TypeWriter {
    let shadowing: Set<String>
    private(set) var aliased = Set<String>()

    init(shadowing: Set<String>) {
        self.shadowing = shadowing
    }

    mutating func parameters(_ parameters: [Parameter]) -> [(label: String, type: String)] {
        parameters.map { (SwiftNames.label($0.name), write($0.type)) }
    }

    /// The type's text, each shadowed first name (not after a `.`) replaced by its alias.
    mutating func write(_ text: String) -> String {
        var result = ""
        var word = ""
        var previous: Character = " "
        func flush() {
            if !word.isEmpty, previous != ".", shadowing.contains(word) {
                aliased.insert(word)
                result += RouterModel.appTypePrefix + word
            } else {
                result += word
            }
            if !word.isEmpty { previous = "a" }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
                if character != " " { previous = character }
            }
        }
        flush()
        return result
    }
}
