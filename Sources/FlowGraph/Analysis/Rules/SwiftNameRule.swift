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
            if let reason = SwiftNames.reservedFlowName(flow.name) {
                report(.swiftName, AnalysisMessages.reservedName("flow", flow.name, reason), at: flow.range)
            } else if let other = flowCases[SwiftNames.caseName(flow.name)], other != flow.name {
                report(.swiftName, AnalysisMessages.sameCase("flows", other, flow.name, SwiftNames.caseName(flow.name)), at: flow.range)
            }
            if flowCases[SwiftNames.caseName(flow.name)] == nil { flowCases[SwiftNames.caseName(flow.name)] = flow.name }
            checkCases("steps", flow.steps.map { ($0.name, $0.range) }, reserved: SwiftNames.stepMembers)
            checkCases("events", flow.events.map { ($0.name, $0.range) }, reserved: [])
            checkCases("exits", flow.exits.map { ($0.name, $0.range) }, reserved: [])
            checkCases("alerts", flow.alerts.map { ($0.name, $0.range) }, reserved: ["hashValue", "hash"])
            for item in flow.guards where SwiftNames.guardMembers.contains(item.name) {
                let message = AnalysisMessages.reservedName("guard", item.name, "the generated enum of guards has a member named so")
                report(.swiftName, message, at: item.range)
            }
        }
    }

    /// Names of one kind in one flow must stay apart as Swift cases (`URLView` and `urlView` do
    /// not), and must not be a member the generated enum has.
    private mutating func checkCases(_ kind: String, _ names: [(String, SourceRange)], reserved: Set<String>) {
        var seen: [String: String] = [:]
        seen.reserveCapacity(names.count)
        for (name, range) in names {
            let caseName = SwiftNames.caseName(name)
            // The first name of each case, kept. (Not `seen[caseName, default: name]`: its
            // autoclosure's context was allocated for each name.)
            let other: String
            if let first = seen[caseName] {
                other = first
            } else {
                seen[caseName] = name
                other = name
            }
            if reserved.contains(caseName) {
                let message = AnalysisMessages.reservedName(String(kind.dropLast()), name, "the generated enum has a member '\(caseName)'")
                report(.swiftName, message, at: range)
            } else if other != name {
                report(.swiftName, AnalysisMessages.sameCase(kind, other, name, caseName), at: range)
            }
        }
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func reservedName(_ kind: String, _ name: String, _ reason: String) -> String {
        "\(kind) '\(name)' cannot have that name in the generated Swift router: \(reason)"
    }
    static func sameCase(_ kinds: String, _ first: String, _ second: String, _ caseName: String) -> String {
        "\(kinds) '\(first)' and '\(second)' would both be the Swift case '\(caseName)' in the generated router"
    }
}
