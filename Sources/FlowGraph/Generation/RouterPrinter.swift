/// Prints a `RouterModel` as Swift: the flows' types, the program type that conforms to
/// `FlowGraphRuntime`'s protocol, and the navigator's typed `send` and `open` for each flow.
struct RouterPrinter {
    let model: RouterModel

    /// `public ` or nothing.
    var access: String { model.options.access == .public ? "public " : "" }
    /// `FlowGraphRuntime.`, or nothing when the runtime's sources are compiled with the router.
    var runtime: String { model.options.embedsRuntime ? "" : "FlowGraphRuntime." }
    var program: String { SwiftNames.programType }
    /// The program type as file-level code names it.
    var qualifiedProgram: String { model.options.namespace.map { "\($0).\(program)" } ?? program }
    var asyncWord: String { model.isAsync ? "async " : "" }
    var awaitWord: String { model.isAsync ? "await " : "" }

    static func print(_ model: RouterModel) -> String {
        var out = SwiftPrinter()
        RouterPrinter(model: model).file(in: &out)
        return out.text
    }

    private func file(in out: inout SwiftPrinter) {
        out.line("\(OutputSignature.swiftPrefix) \(FlowGraphVersion.current) from \(model.sources.joined(separator: ", ")).")
        out.line("// Do not edit: change the .flow files and generate again.")
        out.line()
        if !model.options.embedsRuntime { out.line("import FlowGraphRuntime") }
        for module in model.imports where module != "FlowGraphRuntime" { out.line("import \(module)") }
        out.line()
        aliases(in: &out)
        if let namespace = model.options.namespace {
            out.line("/// The navigation of the program: its flows, and the navigator that runs them.")
            out.block("\(access)enum \(namespace)") { out in declarations(in: &out) }
            out.line()
        } else {
            declarations(in: &out)
            out.line()
        }
        navigatorExtension(in: &out)
    }

    private func aliases(in out: inout SwiftPrinter) {
        if !model.appTypeAliases.isEmpty {
            out.line("// The app's own types whose names the generated types reuse.")
            for name in model.appTypeAliases { out.line("typealias \(RouterModel.appTypePrefix)\(name) = \(name)") }
            out.line()
        }
        if !model.flowAliases.isEmpty {
            out.line("// Flows whose names the program's or the navigator's own types reuse.")
            let prefix = model.options.namespace.map { "\($0)." } ?? ""
            for name in model.flowAliases {
                out.line("\(access)typealias \(RouterModel.flowAliasPrefix)\(name) = \(prefix)\(SwiftNames.identifier(name))")
            }
            out.line()
        }
    }

    /// The flows' enums, the program type and the navigator's alias.
    private func declarations(in out: inout SwiftPrinter) {
        for group in model.groups {
            groupEnum(group, in: &out)
            out.line()
        }
        for flow in model.flows {
            flowEnum(flow, in: &out)
            out.line()
        }
        programType(in: &out)
        out.line()
        out.line("/// Runs the program: `send`, `open`, the state and the commands for the UI (FlowGraphRuntime).")
        out.line("\(access)typealias \(SwiftNames.navigatorAlias) = \(runtime)Navigator<\(program)>")
    }

    // MARK: - One enum per destinations group

    /// A group's steps and events, one type each for every flow that uses the group: the app builds
    /// a shared screen's view from `Group.Step` once, and its view sends `Group.Event`.
    private func groupEnum(_ group: RouterModel.GroupModel, in out: inout SwiftPrinter) {
        out.doc(group.doc)
        out.block("\(access)enum \(group.declaration)") { out in
            let name = group.declaration.replacing("`", with: "")
            out.line("/// The steps of destinations '\(name)', shown in the stack of each flow that uses them.")
            out.block("\(access)enum Step: Hashable, Sendable") { out in
                for item in group.steps {
                    out.doc(item.doc)
                    out.line("case \(Self.declaration(item))")
                }
                stepIdentity(Array(group.steps.enumerated()),
                             doc: "The step's index in the group, or with `indices` in the flow that shows it, and its inputs.",
                             parameters: ", in indices: [Int]? = nil", index: { "indices?[\($0)] ?? \($0)" }, in: &out)
            }
            if !group.guards.isEmpty {
                out.line()
                out.line("/// The guards of destinations '\(name)', which every flow that uses them asks: the app implements each once.")
                out.line("@MainActor")
                out.block("\(access)protocol Guards: Sendable") { out in
                    for item in group.guards { guardRequirement(item, in: &out) }
                }
            }
            if !group.stepBuilds.isEmpty {
                out.line()
                out.line("/// A step of the group built from a payload that is not one flow's own, alike in every flow that uses it.")
                out.block("fileprivate static func step(_ index: Int, from source: \(program).Source) -> Step?") { out in
                    switchOverBuilds(group.stepBuilds, fallback: "nil", in: &out) { build in
                        group.steps[build.target].value(build.arguments.map { "\($0.label): \($0.variable ?? "nil")" })
                    }
                }
            }
            guard !group.events.isEmpty else { return }
            out.line()
            out.line("/// The events of destinations '\(name)': a view of a shared screen sends them, and the innermost")
            out.line("/// running flow that uses the group handles them.")
            cases("\(access)enum Event: Sendable", group.events, in: &out)
            out.line()
            out.block("fileprivate static func index(of value: Event) -> Int") { out in
                out.switchOver("value") { out in
                    for (index, item) in group.events.enumerated() { out.line("case .\(item.name): return \(index)") }
                }
            }
        }
    }

    // MARK: - One enum per flow

    private func flowEnum(_ flow: RouterModel.FlowModel, in out: inout SwiftPrinter) {
        out.doc(flow.doc)
        out.block("\(access)enum \(flow.declaration)") { out in
            out.line("/// The steps of flow '\(name(flow))': where the user can be.")
            out.block("\(access)enum Step: Hashable, Sendable, \(runtime)KeyedStep") { out in
                for item in flow.steps where item.wrapper == nil {
                    out.doc(item.doc)
                    out.line("case \(Self.declaration(item))")
                }
                for use in flow.uses {
                    out.line("/// A screen of destinations '\(use.declaration.replacing("`", with: ""))'.")
                    out.line("case \(use.caseName)(\(use.declaration).Step)")
                }
                let delegations = flow.uses.map { use in
                    "case .\(use.caseName)(let step): return \(use.declaration).Step.flowGraphKey(step, in: \(flow.declaration).\(use.caseName)Steps)"
                }
                stepIdentity(flow.steps.enumerated().filter { $0.element.wrapper == nil },
                             doc: "The step's index in the program's table, and its inputs: what `==` and `hash(into:)` use.",
                             keyed: true, first: delegations, in: &out)
            }
            let ownEvents = flow.ownEvents
            if !ownEvents.isEmpty {
                out.line()
                out.line("/// The events of flow '\(name(flow))', with their payloads.")
                cases("\(access)enum Event: Sendable", ownEvents.map(\.item), in: &out)
            }
            if !flow.exits.isEmpty {
                out.line()
                out.line("/// The outcomes that finish flow '\(name(flow))'; the step that runs it handles them.")
                cases("\(access)enum Exit: Sendable", flow.exits, in: &out)
            }
            if !flow.guards.isEmpty { guards(flow, in: &out) }
            if !flow.links.isEmpty { links(flow, in: &out) }
            if flow.receives {
                out.line()
                out.line("/// The values a back move hands the steps of flow '\(name(flow))' that receive, when it shows them again.")
                cases("\(access)enum Received: Hashable, Sendable", flow.received.compactMap { $0 }, in: &out)
            }
            if !flow.alerts.isEmpty {
                out.line()
                out.line("/// The alerts and dialogs of flow '\(name(flow))', with their inputs: what the UI shows over the screen that showed one.")
                cases("\(access)enum Alert: Hashable, Sendable", flow.alerts, in: &out)
            }
            out.line()
            indexFunctions(flow, in: &out)
            builds(flow, in: &out)
        }
    }

    /// `==` and `hash(into:)` of a flow's or a group's steps, through a key of their index and
    /// inputs (the derived ones cost seconds of compile time in a large program), and the key:
    /// `flowGraphKey(_ step: Step` with `parameters`, the `first` cases (a flow's delegation to the
    /// groups it uses), then a case per step of `steps` with `index` giving its index's expression.
    /// `keyed`: a flow's `Step`, a `KeyedStep` whose `==` and `hash(into:)` are the runtime's, from
    /// the key; a group's writes its own (its key takes the flow's indices).
    private func stepIdentity(_ steps: [(offset: Int, element: RouterModel.CaseModel)], doc: String, keyed: Bool = false,
                              parameters: String = "", first: [String] = [], index: (Int) -> String = { String($0) },
                              in out: inout SwiftPrinter) {
        out.line()
        if !keyed {
            out.line("\(access)static func == (lhs: Step, rhs: Step) -> Bool { flowGraphKey(lhs) == flowGraphKey(rhs) }")
            out.line("\(access)func hash(into hasher: inout Hasher) { hasher.combine(Step.flowGraphKey(self)) }")
            out.line()
        }
        out.line("/// \(doc)")
        let visibility = keyed ? access : "fileprivate "
        out.block("\(visibility)static func flowGraphKey(_ step: Step\(parameters)) -> \(runtime)StepKey") { out in
            out.switchOver("step") { out in
                for line in first { out.line(line) }
                for (position, item) in steps {
                    let variables = item.parameters.indices.map { "v\($0)" }
                    let pattern = variables.isEmpty ? "" : "(" + variables.map { "let \($0)" }.joined(separator: ", ") + ")"
                    out.line("case .\(item.name)\(pattern): return .init(\(([index(position)] + variables).joined(separator: ", ")))")
                }
            }
        }
    }

    func name(_ flow: RouterModel.FlowModel) -> String {
        flow.declaration.replacing("`", with: "")
    }

    private func cases(_ header: String, _ cases: [RouterModel.CaseModel], in out: inout SwiftPrinter) {
        out.block(header) { out in
            for item in cases {
                out.doc(item.doc)
                out.line("case \(Self.declaration(item))")
            }
        }
    }

    /// `product(product: ProductID)`, or `catalog`.
    static func declaration(_ item: RouterModel.CaseModel) -> String {
        guard !item.parameters.isEmpty else { return item.name }
        return item.name + "(" + item.parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + ")"
    }

    private func guards(_ flow: RouterModel.FlowModel, in out: inout SwiftPrinter) {
        out.line()
        out.line("/// The guards of flow '\(name(flow))', implemented by the app (on the main actor, like the UI).")
        out.line("@MainActor")
        // A group's guards are its own protocol's requirements, which the flow's refines.
        let inherited = ["Sendable"] + flow.uses.filter { !model.groups[$0.group].guards.isEmpty }.map { "\($0.declaration).Guards" }
        let own = flow.guards.filter { $0.group == nil }
        if own.isEmpty {
            out.line("\(access)protocol Guards: \(inherited.joined(separator: ", ")) {}")
        } else {
            out.block("\(access)protocol Guards: \(inherited.joined(separator: ", "))") { out in
                for item in own { guardRequirement(item, in: &out) }
            }
        }
        out.line()
        out.line("/// The names of the guards of flow '\(name(flow))', as blocked outcomes report them.")
        out.block("\(access)enum Guard: String, Hashable, Sendable, CaseIterable") { out in
            for item in flow.guards { out.line("case \(item.identifier) = \(SwiftNames.stringLiteral(item.name))") }
        }
    }

    private func guardRequirement(_ item: RouterModel.GuardModel, in out: inout SwiftPrinter) {
        out.doc(item.doc)
        let parameters = item.parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")
        out.line("func \(item.identifier)(\(parameters)) \(item.isAsync ? "async " : "")-> Bool")
    }

    private func links(_ flow: RouterModel.FlowModel, in out: inout SwiftPrinter) {
        out.line()
        out.line("/// The deep links of flow '\(name(flow))'.")
        out.block("\(access)enum Link: Hashable, Sendable") { out in
            for link in flow.links {
                out.doc(link.caseModel.doc)
                out.line("case \(Self.declaration(link.caseModel))")
            }
            out.line()
            out.line("/// The link a URL or path matches, if any: `\"/products/42\"`, `\"shop://products/42?ref=mail\"`.")
            out.block("\(access)init?(url: String)") { out in
                out.line("guard case .\(flow.caseName)(let link)? = \(program).link(url: url, inFlow: \(flow.index)) else { return nil }")
                out.line("self = link")
            }
        }
    }

    /// `index(of:)` for the flow's events, exits and links: their index in the table.
    private func indexFunctions(_ flow: RouterModel.FlowModel, in out: inout SwiftPrinter) {
        func function(_ type: String, _ cases: [RouterModel.CaseModel], in out: inout SwiftPrinter) {
            out.block("fileprivate static func index(of value: \(type)) -> Int") { out in
                out.switchOver("value") { out in
                    for (index, item) in cases.enumerated() { out.line("case .\(item.name): return \(index)") }
                }
            }
        }
        let ownEvents = flow.ownEvents
        if !ownEvents.isEmpty {
            out.block("fileprivate static func index(of value: Event) -> Int") { out in
                out.switchOver("value") { out in
                    for (index, item) in ownEvents { out.line("case .\(item.name): return \(index)") }
                }
            }
        }
        for use in flow.uses {
            out.line("/// Where the steps and events of destinations '\(use.declaration.replacing("`", with: ""))' are in this flow's table.")
            out.line("fileprivate static let \(use.caseName)Steps = [\(use.steps.map(String.init).joined(separator: ", "))]")
            out.line("fileprivate static let \(use.caseName)Events: [Int] = [\(use.events.map(String.init).joined(separator: ", "))]")
        }
        if !flow.exits.isEmpty { function("Exit", flow.exits, in: &out) }
        if !flow.links.isEmpty { function("Link", flow.links.map(\.caseModel), in: &out) }
    }

    /// How each step, exit and link of the flow is built from what reaches it.
    private func builds(_ flow: RouterModel.FlowModel, in out: inout SwiftPrinter) {
        // A group's step built from a payload that is not the flow's own: by the group's type.
        let delegations = flow.uses.filter { !model.groups[$0.group].stepBuilds.isEmpty }.map { use in
            "if let shared = \(use.caseName)Steps.firstIndex(of: index), let step = \(use.declaration).step(shared, from: source) "
                + "{ return .\(use.caseName)(step) }"
        }
        buildFunction("step", "Step", flow.stepBuilds, cases: flow.steps, before: delegations, in: &out)
        if !flow.exits.isEmpty { buildFunction("exit", "Exit", flow.exitBuilds, cases: flow.exits, in: &out) }
        if flow.hasGuardArguments { askFunction(flow, in: &out) }
        if flow.receives { receivedFunction(flow, in: &out) }
        if !flow.alerts.isEmpty { buildFunction("alert", "Alert", flow.alertBuilds, cases: flow.alerts, in: &out) }
        if !flow.openedBuilds.isEmpty {
            // `open url`: the value, as the text of a URL (a `URL`'s is its absolute string).
            out.block("fileprivate static func opened(_ index: Int, from source: \(program).Source) -> String?") { out in
                switchOverBuilds(flow.openedBuilds, fallback: "nil", in: &out) { build in
                    build.arguments.first?.variable.map { "String(describing: \($0))" }
                }
            }
        }
        guard !flow.links.isEmpty else { return }
        out.block("fileprivate static func link(_ index: Int, values: [String?]) -> Link?") { out in
            out.switchOver("index") { out in
                for (index, link) in flow.links.enumerated() {
                    var bindings: [String] = []
                    var arguments: [String] = []
                    for (input, read) in zip(link.caseModel.parameters, link.reads) {
                        guard let read else {
                            arguments.append("\(Self.argumentLabel(input.label)): nil")
                            continue
                        }
                        let variable = "v\(read.input)"
                        let function = read.isOptional ? "readOptional" : "read"
                        bindings.append("let \(variable) = \(runtime)LinkText.\(function)(values[\(read.input)], as: \(read.type).self)")
                        arguments.append("\(Self.argumentLabel(input.label)): \(variable)")
                    }
                    let value = "." + link.caseModel.name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
                    if bindings.isEmpty {
                        out.line("case \(index): return \(value)")
                    } else {
                        out.line("case \(index): if \(bindings.joined(separator: ", ")) { return \(value) } else { return nil }")
                    }
                }
                out.line("default: return nil")
            }
        }
    }

    /// `step(_:from:)` or `exit(_:from:)`: a case for each target with inputs and each set of
    /// payloads that give them alike; a target without inputs comes from a table.
    /// `before`: statements that may return first, where no case does.
    private func buildFunction(_ function: String, _ type: String, _ builds: [RouterModel.Build], cases: [RouterModel.CaseModel],
                               before: [String] = [], in out: inout SwiftPrinter) {
        let plain = cases.map { $0.parameters.isEmpty ? $0.value([]) : "nil" }
        out.line("private static let \(function)s: [\(type)?] = [\(plain.joined(separator: ", "))]")
        out.block("fileprivate static func \(function)(_ index: Int, from source: \(program).Source) -> \(type)?") { out in
            let fallback = "\(function)s.indices.contains(index) ? \(function)s[index] : nil"
            switchOverBuilds(builds, fallback: fallback, before: before, in: &out) { build in
                cases[build.target].value(build.arguments.map { "\($0.label): \($0.variable ?? "nil")" })
            }
        }
    }

    /// `received(_:from:)` of a flow with a step that receives: a case for each such step and each
    /// set of back moves' payloads that give its values alike; nil for any other.
    private func receivedFunction(_ flow: RouterModel.FlowModel, in out: inout SwiftPrinter) {
        out.block("fileprivate static func received(_ index: Int, from source: \(program).Source) -> Received?") { out in
            switchOverBuilds(flow.receivedBuilds, fallback: "nil", in: &out) { build in
                flow.received[build.target].map { item in
                    ".\(item.name)(\(build.arguments.map { "\($0.label): \($0.variable ?? "nil")" }.joined(separator: ", ")))"
                }
            }
        }
    }

    /// `ask(_:of:from:)` of a flow with a guard that takes arguments: a case for each such guard and
    /// each set of payloads that give its arguments alike; nil for any other (the program's `ask`
    /// asks a guard without arguments itself).
    private func askFunction(_ flow: RouterModel.FlowModel, in out: inout SwiftPrinter) {
        let isAsync = flow.asksAsync
        out.line("@MainActor")
        // `valueGuards`: a payload's values are bound under their own names, but never one starting
        // with `value` but `valueN` (see `BuildCollector.build`), so none hides it.
        out.block("fileprivate static func ask(_ index: Int, of valueGuards: \(program).AppGuards, from source: \(program).Source) "
                  + "\(isAsync ? "async " : "")-> Bool?") { out in
            switchOverBuilds(flow.guardBuilds, fallback: "nil", in: &out) { build in
                let item = flow.guards[build.target]
                let arguments = build.arguments.map { "\(Self.argumentLabel($0.label)): \($0.variable ?? "nil")" }
                return "\(item.isAsync ? "await " : "")valueGuards.\(item.identifier)(\(arguments.joined(separator: ", ")))"
            }
        }
    }

    /// `switch (index, source)` over the builds that take values from a payload: a case for each
    /// target and signature returning `value` (nil leaves the build out), then `fallback`; just
    /// `fallback` when no build takes values. The body of `step`, `exit`, `received` and `ask`.
    private func switchOverBuilds(_ builds: [RouterModel.Build], fallback: String, before: [String] = [], in out: inout SwiftPrinter,
                                  value: (RouterModel.Build) -> String?) {
        let groups = Self.grouped(builds)
        guard !groups.isEmpty else {
            for line in before { out.line(line) }
            out.line(before.isEmpty ? fallback : "return \(fallback)")
            return
        }
        out.switchOver("(index, source)") { out in
            for (build, patterns) in groups {
                guard let value = value(build) else { continue }
                out.line("case \(patterns.joined(separator: ", ")): return \(value)")
            }
            if before.isEmpty {
                out.line("default: return \(fallback)")
            } else {
                out.line("default:")
                for line in before { out.line("    " + line) }
                out.line("    return \(fallback)")
            }
        }
    }

    /// The builds that take values from a payload, those of one target with one signature as one
    /// case of several patterns.
    private static func grouped(_ builds: [RouterModel.Build]) -> [(build: RouterModel.Build, patterns: [String])] {
        var groups: [(build: RouterModel.Build, patterns: [String])] = []
        var groupIndex: [[String]: Int] = [:]
        for build in builds where build.source != .any {
            let key = [String(build.target)] + build.signature
            let pattern = "(\(build.target), \(pattern(build.source)))"
            if let existing = groupIndex[key] {
                groups[existing].patterns.append(pattern)
            } else {
                groupIndex[key] = groups.count
                groups.append((build, [pattern]))
            }
        }
        return groups
    }

    /// `_`, `.event(.store(.itemPicked(let item)))`, `.root(.app)`.
    static func pattern(_ source: RouterModel.SourcePattern) -> String {
        func bound(_ bindings: [String?]) -> String {
            guard bindings.contains(where: { $0 != nil }) else { return "" }
            return "(" + bindings.map { $0.map { "let \($0)" } ?? "_" }.joined(separator: ", ") + ")"
        }
        switch source {
        case .any: return "_"
        case .payload(let kind, let flowCase, let caseName, let bindings, let wrapper):
            let value = ".\(caseName)\(bound(bindings))"
            return ".\(kind.rawValue)(.\(flowCase)(\(wrapper.map { ".\($0)(\(value))" } ?? value)))"
        case .root(let caseName, let bindings):
            return ".root(.\(caseName)\(bound(bindings)))"
        }
    }

    /// An argument label in a call: only `inout` needs backticks there.
    static func argumentLabel(_ label: String) -> String {
        label == "`inout`" ? label : label.replacing("`", with: "")
    }
}
