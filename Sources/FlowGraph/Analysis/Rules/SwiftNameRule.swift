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
            let caseName = SwiftNames.caseName(flow.name)
            let other = flowCases.firstValue(for: caseName, inserting: flow.name)  // the first flow of this case
            if let reason = SwiftNames.reservedFlowName(flow.name) {
                report(.swiftName, AnalysisMessages.reservedName("flow", flow.name, reason), at: flow.range)
            } else if other != flow.name {
                report(.swiftName, AnalysisMessages.sameCase("flows", other, flow.name, caseName), at: flow.range)
            }
            checkCases("steps", flow.steps.count, { flow.steps[$0].name }, { flow.steps[$0].range }, reserved: SwiftNames.stepMembers)
            checkCases("events", flow.events.count, { flow.events[$0].name }, { flow.events[$0].range }, reserved: [])
            checkCases("exits", flow.exits.count, { flow.exits[$0].name }, { flow.exits[$0].range }, reserved: [])
            checkCases("alerts", flow.alerts.count, { flow.alerts[$0].name }, { flow.alerts[$0].range }, reserved: ["hashValue", "hash"])
            for item in flow.guards where SwiftNames.guardMembers.contains(item.name) {
                let message = AnalysisMessages.reservedName("guard", item.name, "the generated enum of guards has a member named so")
                report(.swiftName, message, at: item.range)
            }
        }
    }

    /// Names of one kind in one flow must stay apart as Swift cases (`URLView` and `urlView` do
    /// not), and must not be a member the generated enum has.
    /// The `count` names are `name(i)`, each at `range(i)`. Two different names are one case only
    /// when one of them is not its own case (`URLView`): where every name is (`urlView`, as events
    /// and exits mostly are), only `reserved` is asked, and no table of cases is built.
    private mutating func checkCases(_ kind: String, _ count: Int, _ name: (Int) -> String, _ range: (Int) -> SourceRange,
                                     reserved: Set<String>) {
        func reportReserved(_ name: String, case caseName: String, at range: SourceRange) {
            let message = AnalysisMessages.reservedName(String(kind.dropLast()), name, "the generated enum has a member '\(caseName)'")
            report(.swiftName, message, at: range)
        }
        if (0..<count).allSatisfy({ SwiftNames.isOwnCaseName(name($0)) }) {
            for index in 0..<count where !reserved.isEmpty && reserved.contains(name(index)) {
                reportReserved(name(index), case: name(index), at: range(index))
            }
            return
        }
        // A name's case (a string) is made only where another name, or a reserved one, is the same
        // but for the case of its letters (`caseFoldedHash`): two names of a flow rarely are, and
        // making every case was a twentieth of a check. With a name past ASCII (whose case may be
        // ASCII: a Kelvin sign lowercases to `k`), every case is made.
        let hashes = (0..<count).compactMap { SwiftNames.caseFoldedHash(name($0)) }
        let filters = hashes.count == count
        var isShared: [UInt64: Bool] = [:]
        if filters {
            isShared.reserveCapacity(count + reserved.count)
            for case let hash? in reserved.map(SwiftNames.caseFoldedHash) { isShared[hash] = true }
            for hash in hashes { isShared[hash] = isShared[hash] != nil }
        }
        var seen: [String: String] = [:]
        for index in 0..<count where !filters || isShared[hashes[index]] == true {
            let name = name(index), range = range(index)
            let caseName = SwiftNames.caseName(name)
            // The first name of each case, kept: one lookup. (Not `seen[caseName, default: name]`
            // read: its autoclosure's context was allocated for each name.)
            let other = seen.firstValue(for: caseName, inserting: name)
            if !reserved.isEmpty, reserved.contains(caseName) {
                reportReserved(name, case: caseName, at: range)
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
