/// `swift-name`: names that the generated router could not declare as they are, whatever the
/// options it is generated with. (A flow that hides a type of the app is found when generating,
/// since a namespace avoids it: `SwiftEmitter.nameProblems`.)
enum SwiftNameRule: RuleFamily {
    static let rules: Set<Rule> = [.swiftName]

    static func report(into findings: inout Findings) {
        findings.checkSwiftNames()
    }
}

extension Findings {
    fileprivate mutating func checkSwiftNames() {
        var flowCases: [String: String] = [:]
        for flow in program.flows {
            if let reason = SwiftNaming.reservedFlowName(flow.name) {
                report(.swiftName, AnalysisMessages.reservedName("flow", flow.name, reason), at: flow.range)
            } else if let other = flowCases[SwiftNames.caseName(flow.name)], other != flow.name {
                report(.swiftName, AnalysisMessages.sameCase("flows", other, flow.name, SwiftNames.caseName(flow.name)), at: flow.range)
            }
            if flowCases[SwiftNames.caseName(flow.name)] == nil { flowCases[SwiftNames.caseName(flow.name)] = flow.name }
            checkCases("steps", flow.steps.map { ($0.name, $0.range) }, reserved: SwiftNaming.stepMembers)
            checkCases("events", flow.events.map { ($0.name, $0.range) }, reserved: [])
            checkCases("exits", flow.exits.map { ($0.name, $0.range) }, reserved: [])
            checkCases("alerts", flow.alerts.map { ($0.name, $0.range) }, reserved: ["hashValue", "hash"])
            for item in flow.guards where SwiftNaming.guardMembers.contains(item.name) {
                report(.swiftName, AnalysisMessages.reservedName("guard", item.name, "the generated enum of guards has a member named so"), at: item.range)
            }
        }
    }

    /// Names of one kind in one flow must stay apart as Swift cases (`URLView` and `urlView` do
    /// not), and must not be a member the generated enum has.
    private mutating func checkCases(_ kind: String, _ names: [(String, SourceRange)], reserved: Set<String>) {
        var seen: [String: String] = [:]
        for (name, range) in names {
            let caseName = SwiftNames.caseName(name)
            if reserved.contains(caseName) {
                report(.swiftName, AnalysisMessages.reservedName(String(kind.dropLast()), name, "the generated enum has a member '\(caseName)'"), at: range)
            } else if let other = seen[caseName], other != name {
                report(.swiftName, AnalysisMessages.sameCase(kind, other, name, caseName), at: range)
            }
            if seen[caseName] == nil { seen[caseName] = name }
        }
    }
}

/// The names the generated router uses for itself, which the program's names must leave alone.
enum SwiftNaming {
    /// Types and modules the generated file names at its top level or in every flow's scope.
    static let generatedTypes: Set<String> = [
        RouterModel.programType, RouterModel.navigatorAlias, "FlowGraphRuntime", "Swift",
    ]
    /// Standard types and protocols the generated code names: a flow named so would hide them.
    static let standardTypes: Set<String> = [
        "Int", "String", "Bool", "Optional", "Array", "Never", "Hashable", "Hasher", "Equatable", "Sendable",
        "CaseIterable", "CustomStringConvertible", "MainActor", "AnyHashable",
    ]
    /// Parameters and variables of the generated functions that name flows' types.
    static let parameters: Set<String> = [
        "screen", "event", "exit", "link", "step", "source", "ref", "root", "values", "guards", "value", "index",
        "lhs", "rhs", "hasher", "url",
    ]
    /// Members of the enums whose cases are flows (`Flow`, `Screen`, `Event`, ...).
    static let flowCaseMembers: Set<String> = ["description", "rawValue", "allCases", "hashValue", "hash"]
    /// Members of a flow's `Step`.
    static let stepMembers: Set<String> = ["hashValue", "hash", "flowGraphKey"]
    /// Members of a flow's `Guard` (`String` raw values, `CaseIterable`).
    static let guardMembers: Set<String> = ["rawValue", "allCases", "hashValue", "hash"]

    /// Why a flow cannot have this name, if it cannot.
    static func reservedFlowName(_ name: String) -> String? {
        if generatedTypes.contains(name) { return "the generated router declares or imports it" }
        if standardTypes.contains(name) { return "it would hide Swift's '\(name)', which the generated router uses" }
        if parameters.contains(name) { return "the generated functions have a parameter of that name" }
        let caseName = SwiftNames.caseName(name)
        if flowCaseMembers.contains(caseName) { return "its case '\(caseName)' would collide with a member of the generated enums" }
        return nil
    }
}
