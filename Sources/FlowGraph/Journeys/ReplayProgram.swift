#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into its one module
import FlowGraphRuntime
#endif

/// A compiled program run by the navigator in process, without `swiftc`: the engine reads the
/// table the generator writes (`RouterTable`, through the runtime's own reader), and every typed
/// value the generated code would build is built here from the generator's model of that code
/// (`RouterModel`: which payload gives which screen, exit, received value, alert and guard
/// argument, by name). Values are texts; a screen is its step and the text of each input.
///
/// So a defect of the table, the model or the engine shows up in a replay, and one of the printer
/// in the compile step of the harness. `flowgraph check` runs the program's journeys on it
/// (`JourneyRunner`); the replay harness's tests run the checker's claims.
enum ReplayProgram: SyncNavigationProgram {
    struct Flow: RawRepresentable, Hashable, Sendable {
        let rawValue: Int
        init(rawValue: Int) { self.rawValue = rawValue }
    }

    /// A step with the text of each of its inputs (nil for an absent optional).
    struct Screen: Hashable, Sendable, CustomStringConvertible {
        let step: StepRef
        let values: [String?]
        var description: String {
            let name = ReplayProgram.table.name(step)
            guard !values.isEmpty else { return name }
            let labels = ReplayProgram.table.flows[step.flow].steps[step.step].inputLabels
            return name + "(" + zip(labels, values).map { "\($0): \($1 ?? "nil")" }.joined(separator: ", ") + ")"
        }
    }

    /// A value of a payload enum as the generated code spells it: the enum's case in the program's
    /// type (a flow's, or a destinations group's) and its own case, with its values in order.
    struct Value: Hashable, Sendable, CustomStringConvertible {
        let owner: String
        let caseName: String
        let values: [String?]
        var description: String { ".\(owner)(.\(caseName)(\(values.map { $0 ?? "nil" }.joined(separator: ", "))))" }
    }

    typealias Event = Value
    typealias Exit = Value
    typealias Root = Value
    typealias GuardID = GuardRef
    typealias AppGuards = ReplayGuards

    /// A link: its flow and index, and the value of each input of its target.
    struct Link: Hashable, Sendable {
        let ref: LinkRef
        let values: [String?]
    }

    struct Received: Hashable, Sendable {
        let step: StepRef
        let values: [String?]
    }

    struct Alert: Hashable, Sendable {
        let ref: AlertRef
        let values: [String?]
    }

    /// The program being replayed. Set by `load` on the main actor; read by the engine there.
    nonisolated(unsafe) static var current: Loaded?

    struct Loaded {
        let program: FlowProgram
        let analysis: ProgramAnalysis
        let model: RouterModel
        let table: ProgramTable
        /// Every guard of each name, in every flow (a group's, in each flow that uses it): what a
        /// journey's `given` answers.
        let guardsByName: [String: [GuardRef]]
        /// The step names only one flow has: a journey writes them alone, the others `Flow.Step`.
        let uniqueStepNames: Set<String>
    }

    /// Makes `program` the one replayed.
    @MainActor static func load(_ program: FlowProgram, analysis: ProgramAnalysis) throws {
        let model = RouterModel(program, analysis: analysis, sources: [], options: SwiftEmitter.Options())
        let table = try ProgramTable(parsing: model.table.lines.joined(separator: "\n"))
        var guardsByName: [String: [GuardRef]] = [:]
        for (flow, info) in table.flows.enumerated() {
            for (index, item) in info.guards.enumerated() { guardsByName[item.name, default: []].append(GuardRef(flow: flow, index: index)) }
        }
        var stepNames: [String: Int] = [:]
        for flow in table.flows {
            for name in Set(flow.steps.map(\.name)) { stepNames[name, default: 0] += 1 }
        }
        current = Loaded(program: program, analysis: analysis, model: model, table: table, guardsByName: guardsByName,
                         uniqueStepNames: Set(stepNames.filter { $0.value == 1 }.keys))
    }

    static var loaded: Loaded { current! }
    static var table: ProgramTable { loaded.table }
    static var model: RouterModel { loaded.model }
    /// Every guard named `name`, in every flow.
    static func guards(named name: String) -> [GuardRef] { loaded.guardsByName[name] ?? [] }

    static func step(of screen: Screen) -> StepRef { screen.step }

    static func inputTexts(of screen: Screen) -> [String?] { screen.values }

    static func receivedTexts(of received: Received) -> [String?] { received.values }

    static func event(of event: Value) -> EventRef { events(of: event)[0] }

    /// The flow's own event, or for a group's, its index in each flow that uses the group.
    static func events(of event: Value) -> [EventRef] {
        if let flow = model.flows.first(where: { $0.caseName == event.owner }),
           let index = flow.events.firstIndex(where: { $0.name == event.caseName && $0.isDeclared }) {
            return [EventRef(flow: flow.index, index: index)]
        }
        guard let group = model.groups.first(where: { $0.caseName == event.owner }),
              let index = group.events.firstIndex(where: { $0.name == event.caseName }) else {
            preconditionFailure("no event \(event)")
        }
        return group.users.map { user in
            let use = model.flows[user].uses.first { $0.group == group.index }!
            return EventRef(flow: user, index: use.events[index])
        }
    }

    static func exit(of exit: Value) -> ExitRef {
        let flow = model.flows.first { $0.caseName == exit.owner }!
        return ExitRef(flow: flow.index, index: flow.exits.firstIndex { $0.name == exit.caseName }!)
    }

    static func link(of link: Link) -> LinkRef { link.ref }

    static func flow(of root: Value) -> Int { model.roots.first { $0.caseModel.name == root.caseName }!.flow }

    static func guardID(_ ref: GuardRef) -> GuardRef { ref }

    // MARK: Values built from payloads, as the generated code builds them

    /// The payload a source is, as the model's patterns name it, with its values in order.
    private static func payload(_ source: PayloadSource<ReplayProgram>)
        -> (kind: RouterModel.SourceKind?, owner: String, caseName: String, values: [String?])? {
        switch source {
        case .none: return nil
        case .event(let value): return (.event, value.owner, value.caseName, value.values)
        case .exit(let value): return (.exit, value.owner, value.caseName, value.values)
        case .root(let value): return (nil, "", value.caseName, value.values)
        case .link(let link):
            let flow = model.flows[link.ref.flow]
            return (.link, flow.caseName, flow.links[link.ref.index].caseModel.name, link.values)
        case .screen(let screen):
            let flow = model.flows[screen.step.flow]
            return (.screen, flow.caseName, flow.steps[screen.step.step].name, screen.values)
        }
    }

    /// The values of the first build of `target` whose pattern matches `source` (the generated
    /// `switch` takes the first case that matches); nil when none does.
    static func build(_ builds: [RouterModel.Build], target: Int, from source: PayloadSource<ReplayProgram>) -> [String?]? {
        let given = payload(source)
        for build in builds where build.target == target {
            let bindings: [String?]
            switch build.source {
            case .any: return build.arguments.map { _ in nil }
            case .payload(let kind, let flowCase, let caseName, let patternBindings, _):
                guard let given, given.kind == kind, given.owner == flowCase, given.caseName == caseName else { continue }
                bindings = patternBindings
            case .root(let caseName, let patternBindings):
                guard let given, given.kind == nil, given.caseName == caseName else { continue }
                bindings = patternBindings
            }
            guard let given else { continue }
            return build.arguments.map { argument in
                guard let variable = argument.variable, let position = bindings.firstIndex(of: variable),
                      given.values.indices.contains(position) else { return nil }
                return given.values[position]
            }
        }
        return nil
    }

    /// As the generated `step(_:from:)`: the flow's own builds, then its groups' (a group's step
    /// from a payload that is not the flow's own is built by the group's type).
    static func screen(_ step: StepRef, from source: PayloadSource<ReplayProgram>) -> Screen? {
        let flow = model.flows[step.flow]
        if let values = build(flow.stepBuilds, target: step.step, from: source) { return Screen(step: step, values: values) }
        for use in flow.uses {
            guard let shared = use.steps.firstIndex(of: step.step),
                  let values = build(model.groups[use.group].stepBuilds, target: shared, from: source) else { continue }
            return Screen(step: step, values: values)
        }
        return nil
    }

    static func exit(_ exit: ExitRef, from source: PayloadSource<ReplayProgram>) -> Value? {
        let flow = model.flows[exit.flow]
        return build(flow.exitBuilds, target: exit.index, from: source).map {
            Value(owner: flow.caseName, caseName: flow.exits[exit.index].name, values: $0)
        }
    }

    static func received(_ step: StepRef, from source: PayloadSource<ReplayProgram>) -> Received? {
        build(model.flows[step.flow].receivedBuilds, target: step.step, from: source).map { Received(step: step, values: $0) }
    }

    static func alert(_ ref: AlertRef, from source: PayloadSource<ReplayProgram>) -> Alert? {
        build(model.flows[ref.flow].alertBuilds, target: ref.index, from: source).map { Alert(ref: ref, values: $0) }
    }

    /// `open url`: the value's sample text, as the generated code's `String(describing:)` gives it.
    static func opened(_ ref: OpenedRef, from source: PayloadSource<ReplayProgram>) -> String? {
        build(model.flows[ref.flow].openedBuilds, target: ref.index, from: source).map { $0.first.flatMap { $0 } ?? "nil" }
    }

    @MainActor static func answerAtOnce(_ ref: GuardRef, of guards: ReplayGuards) -> Bool? {
        let model = model.flows[ref.flow].guards[ref.index]
        return model.isAskedAtOnce && model.parameters.isEmpty ? guards.answer(ref, arguments: []) : nil
    }

    @MainActor static func ask(_ ref: GuardRef, of guards: ReplayGuards, from source: PayloadSource<ReplayProgram>) -> Bool? {
        let flow = model.flows[ref.flow]
        guard !flow.guards[ref.index].parameters.isEmpty else { return guards.answer(ref, arguments: []) }
        guard let arguments = build(flow.guardBuilds, target: ref.index, from: source) else { return nil }
        return guards.answer(ref, arguments: arguments)
    }

    /// The link with each placeholder read as the generated code reads it: a required one must be
    /// there and convert to its type, an optional one may be absent (nil) but must convert when given.
    static func link(_ ref: LinkRef, values: [String?]) -> Link? {
        let model = model.flows[ref.flow].links[ref.index]
        var inputs: [String?] = []
        for read in model.reads {
            guard let read else {
                inputs.append(nil)
                continue
            }
            let text = values.indices.contains(read.input) ? values[read.input] : nil
            guard let text else {
                if !read.isOptional { return nil }
                inputs.append(nil)
                continue
            }
            guard ReplayValues.converts(text, to: read.type) else { return nil }
            inputs.append(text)
        }
        return Link(ref: ref, values: inputs)
    }
}

/// The guards' answers, as the replay sets them: every guard answers `answers[ref]`, else `fallback`.
@MainActor
final class ReplayGuards {
    var answers: [GuardRef: Bool] = [:]
    var fallback: Bool
    /// Every guard asked, with its arguments, in order.
    private(set) var asked: [(GuardRef, [String?])] = []

    init(fallback: Bool = true, answers: [GuardRef: Bool] = [:]) {
        self.fallback = fallback
        self.answers = answers
    }

    func answer(_ ref: GuardRef, arguments: [String?]) -> Bool {
        asked.append((ref, arguments))
        return answers[ref] ?? fallback
    }
}

/// The texts the replay gives values of each type, and whether a text converts to a type, as
/// the standard library's `LosslessStringConvertible` initializers say (an app's own types, which
/// the compile step declares as taking any text, take any).
enum ReplayValues {
    static func converts(_ text: String, to type: String) -> Bool {
        switch type {
        case "Int": Int(text) != nil
        case "Int64": Int64(text) != nil
        case "Int32": Int32(text) != nil
        case "UInt": UInt(text) != nil
        case "UInt64": UInt64(text) != nil
        case "UInt8": UInt8(text) != nil
        case "Double": Double(text) != nil
        case "Float": Float(text) != nil
        case "Bool": Bool(text) != nil
        case "Character": text.count == 1
        default: true
        }
    }

    /// The text of a value named `label` of `type` (`T?` too): the one every run gives it, the
    /// replay's catalog and a journey's start alike (the values of the root an app starts with).
    static func sample(label: String, type: String) -> String {
        sample(of: type.hasSuffix("?") ? String(type.dropLast()) : type, seed: label.unicodeScalars.reduce(0) { ($0 + Int($1.value)) % 50 })
    }

    /// A text of `type` (without `?`) that differs with `seed`, and that a URL carries as it is.
    static func sample(of type: String, seed: Int) -> String {
        switch type {
        case "Int", "Int64", "Int32", "UInt", "UInt64": String(40 + seed)
        case "UInt8": String(seed % 200)
        case "Double", "Float": "\(seed).5"
        case "Bool": seed % 2 == 0 ? "true" : "false"
        case "Character": String(UnicodeScalar(UInt8(97 + seed % 26)))
        default: "v\(seed)"
        }
    }
}
