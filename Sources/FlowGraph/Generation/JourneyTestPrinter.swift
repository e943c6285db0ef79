#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// The journeys of a program as a Swift Testing file (`flowgraph generate --tests`): each journey a
/// test that plays its lines on the app's compiled router, with the guards' answers the journey
/// gives, and compares each line's expectation with the runtime's own comparison
/// (`Navigator.journeyMismatch`), the one `flowgraph check` makes in process. So the app's build
/// proves that the router it compiled does what its journeys say.
@MainActor
public enum JourneyTestEmitter {
    /// The file, or nil for a program with errors. `testableImport`: the module that holds the
    /// router, when the tests are compiled in another (`@testable import App`).
    public static func emit(_ compilation: Compiler.Compilation, sources: [String], options: SwiftEmitter.Options,
                            testableImport: String? = nil) -> String? {
        guard let program = compilation.program, !compilation.hasErrors, !program.roots.isEmpty,
              (try? ReplayProgram.load(program, analysis: compilation.analysis)) != nil else { return nil }
        let model = ReplayProgram.model
        let journeys = JourneyRunner.expanded(program.journeys.filter(\.isRunnable), in: compilation)
        return JourneyTestPrinter(program: program, model: model, options: options, journeys: journeys)
            .file(sources: sources, testableImport: testableImport)
    }
}

extension RouterModel {
    /// The payload enum case of an event named `name` (of `owner`, a flow's or a group's case,
    /// when given): the first flow that declares one, else the first group; nil when none does.
    func eventCase(named name: String, owner: String? = nil) -> (owner: String, parameters: [(label: String, type: String)])? {
        for flow in flows {
            if let item = flow.events.first(where: { $0.name == name && $0.isDeclared }), owner == nil || owner == flow.caseName {
                return (flow.caseName, item.parameters)
            }
        }
        for group in groups {
            if let item = group.events.first(where: { $0.name == name }), owner == nil || owner == group.caseName {
                return (group.caseName, item.parameters)
            }
        }
        return nil
    }
}

@MainActor
struct JourneyTestPrinter {
    let program: FlowProgram
    let model: RouterModel
    let options: SwiftEmitter.Options
    /// The runnable journeys, each with the way to its `from` first.
    let journeys: [Journey]

    init(program: FlowProgram, model: RouterModel, options: SwiftEmitter.Options, journeys: [Journey]) {
        self.program = program
        self.model = model
        self.options = options
        self.journeys = journeys
    }

    private var runtime: String { options.embedsRuntime ? "" : "FlowGraphRuntime." }
    private var programType: String { options.namespace.map { "\($0).\(SwiftNames.programType)" } ?? SwiftNames.programType }
    private var navigatorType: String { "\(runtime)Navigator<\(programType)>" }
    private var awaitWord: String { model.isAsync ? "await " : "" }

    func file(sources: [String], testableImport: String?) -> String {
        var out = SwiftPrinter()
        out.line("\(OutputSignature.swiftPrefix) \(FlowGraphVersion.current) from \(sources.joined(separator: ", ")): the journeys as tests.")
        out.line("// Do not edit: change the .flow files and generate again.")
        out.line()
        if !options.embedsRuntime { out.line("import FlowGraphRuntime") }
        out.line("import Testing")
        if let testableImport { out.line("@testable import \(testableImport)") }
        out.line()
        guards(in: &out)
        out.line()
        values(in: &out)
        out.line()
        out.line("/// The program's journeys (docs/Journeys.md), each played on the compiled router, one after another")
        out.line("/// (so that a recording of them, `NavigatorRecording`, is in their order).")
        out.line("@MainActor")
        out.line("@Suite(\"Journeys\", .serialized)")
        out.block("struct FlowJourneyTests") { out in
            var names = Set<String>()
            for (index, journey) in journeys.enumerated() {
                if index > 0 { out.line() }
                test(journey, names: &names, in: &out)
            }
            if journeys.isEmpty { out.line("@Test(\"The program has no journeys\") func none() {}") }
        }
        out.line()
        out.line("/// Records a line that does not hold, with where it is written.")
        out.block("private func expectLine(_ mismatch: String?, _ place: String)") { out in
            out.line("if let mismatch { Issue.record(Comment(rawValue: place + \": \" + mismatch)) }")
        }
        return out.text
    }

    /// A class answering every guard: yes, but those a journey's `given` names.
    private func guards(in out: inout SwiftPrinter) {
        out.line("/// The guards' answers a journey gives: every guard says yes but those `given` says no.")
        out.line("@MainActor")
        out.block("private final class JourneyGuards: \(programType).Guards") { out in
            out.line("var answers: [String: Bool] = [:]")
            var written = Set<String>()
            let all = model.flows.flatMap { $0.guards.filter { $0.group == nil } } + model.groups.flatMap(\.guards)
            for item in all {
                let parameters = item.parameters.map { "\(SwiftNames.label($0.label)): \($0.type)" }.joined(separator: ", ")
                let signature = "func \(item.identifier)(\(parameters)) \(item.isAsync ? "async " : "")-> Bool"
                guard written.insert(signature).inserted else { continue }
                out.line("\(signature) { answers[\(SwiftNames.stringLiteral(item.name))] ?? true }")
            }
        }
    }

    /// The helpers that make a journey's texts the app's values.
    private func values(in out: inout SwiftPrinter) {
        out.line("/// A journey's value (`42`, `swift`) as a value of the app: any `LosslessStringConvertible`")
        out.line("/// type, or one of the app's that conforms to `JourneyValue`.")
        out.block("private func journeyValue<T: LosslessStringConvertible>(_ text: String, as type: T.Type) -> T") { out in
            out.line("guard let value = T(text) else { preconditionFailure(\"'\\(text)' is no \\(T.self)\") }")
            out.line("return value")
        }
        out.line()
        out.block("private func journeyValue<T: \(runtime)JourneyValue>(_ text: String, as type: T.Type) -> T") { out in
            out.line("guard let value = T(journeyText: text) else { preconditionFailure(\"'\\(text)' is no \\(T.self)\") }")
            out.line("return value")
        }
    }

    private func value(_ text: String?, type: String) -> String {
        guard let text else { return "nil" }
        let wrapped = type.hasSuffix("?") ? String(type.dropLast()) : type
        return "journeyValue(\(SwiftNames.stringLiteral(text)), as: \(wrapped).self)"
    }

    /// `(label: value, ...)`, or nothing.
    private func arguments(_ parameters: [(label: String, type: String)], _ values: [String: String?]) -> String {
        guard !parameters.isEmpty else { return "" }
        return "(" + parameters.map { "\(SwiftNames.argumentLabel($0.label)): \(value(values[$0.label] ?? nil, type: $0.type))" }
            .joined(separator: ", ") + ")"
    }

    private func test(_ journey: Journey, names: inout Set<String>, in out: inout SwiftPrinter) {
        var name = SwiftNames.caseName(journey.name)
        while !names.insert(name).inserted { name += "_" }
        let file = program.files[journey.range.file]
        let owners = JourneyRunner.sentEvents(of: journey)
        out.block("@Test(\(SwiftNames.stringLiteral(journey.name))) func \(SwiftNames.identifier(name))() async") { out in
        out.line("let guards = JourneyGuards()")
        var started = false
        for (index, line) in journey.lines.enumerated() {
            let place = SwiftNames.stringLiteral("\(file.path):\(file.location(of: line.range.start).line)")
            if case .given(let answers) = line.move {
                for (refs, holds) in answers {
                    guard let ref = refs.first else { continue }
                    out.line("guards.answers[\(SwiftNames.stringLiteral(program.flows[ref.flow].guards[ref.index].name))] = \(holds)")
                }
                continue
            }
            if !started {
                started = true
                let root = model.roots.first { $0.flow == journey.root } ?? model.roots[0]
                let values = Dictionary(root.caseModel.parameters.map { ($0.label, Optional(ReplayValues.sample(label: $0.label, type: $0.type))) },
                                        uniquingKeysWith: { first, _ in first })
                out.line("let navigator = \(navigatorType)(.\(root.caseModel.name)\(arguments(root.caseModel.parameters, values)), guards: guards)")
            }
            let call: String?
            let move: String
            switch line.move {
            case .given, .none:
                call = nil
                move = ""
            case .send(let event, let values):
                move = "'\(event)'"
                call = send(event, values, owner: owners[index])
            case .open(let url):
                move = "opening \(url)"
                call = "\(awaitWord)navigator.open(url: \(SwiftNames.stringLiteral(url)))"
            case .back:
                move = "going back"
                call = "navigator.journeyBack()"
            case .swipe:
                move = "swiping the sheet away"
                call = "navigator.journeySwipe()"
            case .select(let tabs):
                move = "selecting the tab"
                call = "navigator.journeySelect([\(tabs.map(stepRef).joined(separator: ", "))])"
            }
            let expectation = line.expectation.map(literal) ?? "nil"
            let received = line.received.map(dictionary).map { ", received: \($0)" } ?? ""
            let check = "navigator.journeyMismatch(\(expectation), after: \(call == nil ? "nil" : "outcome"), "
                + "move: \(SwiftNames.stringLiteral(move))\(received))"
            if let call {
                out.block("do") { out in
                    out.line("let outcome = \(call)")
                    out.line("expectLine(\(check), \(place))")
                }
            } else {
                out.line("expectLine(\(check), \(place))")
            }
        }
        if !started { out.line("_ = guards") }
        }
    }

    /// The event as the program's payload enum: the case the navigator resolved its name to (or,
    /// for one no flow on screen had, the first flow that declares it: the router refuses it too).
    private func send(_ event: String, _ values: [String: String?], owner: String?) -> String {
        guard let found = model.eventCase(named: event, owner: owner) else { return "\(navigatorType).Outcome(status: .unhandled, commands: [])" }
        return "\(awaitWord)navigator.send(\(programType).Event.\(found.owner)(.\(event)\(arguments(found.parameters, values))))"
    }

    private func stepRef(_ ref: StepRef) -> String { "StepRef(flow: \(ref.flow), step: \(ref.step))" }

    private func dictionary(_ values: [String: String?]) -> String {
        guard !values.isEmpty else { return "[:]" }
        return "[" + values.sorted { $0.key < $1.key }
            .map { "\(SwiftNames.stringLiteral($0.key)): \($0.value.map(SwiftNames.stringLiteral) ?? "nil")" }
            .joined(separator: ", ") + "]"
    }

    private func literal(_ expectation: Journey.Expectation) -> String {
        switch expectation {
        case .screen(let steps, let values, let presented, let written):
            let kind = presented.map { ".\($0)" } ?? "nil"
            return ".screen(steps: [\(steps.sorted().map(stepRef).joined(separator: ", "))], values: \(dictionary(values)), "
                + "presented: \(kind), written: \(SwiftNames.stringLiteral(written)))"
        case .alert(let name): return ".alert(\(SwiftNames.stringLiteral(name)))"
        case .blocked(let refs, let written):
            return ".blocked([\(refs.map { "GuardRef(flow: \($0.flow), index: \($0.index))" }.joined(separator: ", "))], "
                + "written: \(SwiftNames.stringLiteral(written)))"
        case .tab(let steps, let written):
            return ".tab([\(steps.sorted().map(stepRef).joined(separator: ", "))], written: \(SwiftNames.stringLiteral(written)))"
        case .stack(let tab, let screens, let written):
            let set = { (steps: Set<StepRef>) in "[" + steps.sorted().map(stepRef).joined(separator: ", ") + "]" }
            return ".stack(tab: \(tab.map(set) ?? "nil"), [\(screens.map(set).joined(separator: ", "))], "
                + "written: \(SwiftNames.stringLiteral(written)))"
        case .notHandled: return ".notHandled"
        case .impossible: return ".impossible"
        }
    }
}
