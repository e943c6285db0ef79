import Testing
@testable import FlowGraph

@Suite("Guard chains in links, and payloads that wrap into optionals")
struct GuardChainAndPayloadTests {
    /// A real settings screen's priority chain (a browser's credit-card settings behind a device passcode).
    static let settings = """
        flow Settings {
            start Overview
            guard hasDevicePasscode
            guard authenticated
            link "/settings/cards" -> CreditCardSettings
            link "/settings/auth" -> Authenticate
            step Overview {
                on cardsTapped -> push DevicePasscodeRequired if !hasDevicePasscode else push CreditCardSettings if authenticated \
        else sheet Authenticate
            }
            step DevicePasscodeRequired { on backTapped -> pop }
            step CreditCardSettings
            step Authenticate { on doneTapped -> dismiss }
        }
        """

    @Test func aLinkTakesAnElseThatHasAGuardOfItsOwn() throws {
        let result = compile(Self.settings)
        // The cards link opens through the chain's first 'else'; the last 'else' (no guard) a link does not take.
        #expect(result.diagnostics.map(\.rule) == [.linkUnreachable])
        let path = try #require(result.analysis.linkPaths[0][0])
        #expect(path.hops.map(\.via) == [nil, "cardsTapped: push (else)"])
        #expect(path.hops.last?.clause?.branch == 1)
        #expect(result.analysis.linkPaths[0][1] == nil)
    }

    @Test func theNoteKeepsEveryConditionOfTheChainAsWritten() throws {
        let result = compile(Self.settings)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message.hasPrefix("link '/settings/auth' cannot be opened"))
        #expect(diagnostic.notes.map(\.message) == [
            "the path takes 'else' number 2 of 'cardsTapped', which has no guard of its own "
                + "and happens only when 'if !hasDevicePasscode' and 'if authenticated' fail: a link does not take it",
            "shortest path: Settings.Overview → (cardsTapped: sheet (else 2)) Settings.Authenticate",
        ])
        // One 'else': one condition, with its negation.
        let single = compile(Self.settings.replacingOccurrences(of: " else push CreditCardSettings if authenticated", with: "")
            .replacingOccurrences(of: "    guard authenticated\n", with: "")
            .replacingOccurrences(of: "    link \"/settings/cards\" -> CreditCardSettings\n", with: "")
            .replacingOccurrences(of: "    step CreditCardSettings\n", with: ""))
        #expect(single.diagnostics.first?.notes.first?.message
            == "the path takes the 'else' of 'cardsTapped', which has no guard of its own and happens only when 'if !hasDevicePasscode' fails: "
                + "a link does not take it")
    }

    @Test func aPayloadSuppliesAnOptionalInputOfItsTypeForEventsExitsAndLinks() {
        #expect(findings("""
            flow Timeline {
                start Home
                link "/statuses/{status}" -> Detail
                step Home { on statusTapped(status: Status) -> push Thread }
                step Thread(status: Status?) {
                    on openTapped(status: Status) -> push Detail
                    on reportTapped(status: Status) -> sheet Report
                }
                step Detail(status: Status)
                step Report(status: Status) runs ReportFlow { on reported -> dismiss }
            }
            flow ReportFlow {
                start Reason
                step Reason(status: Status?) { on sent(status: Status) -> exit reported }
                exit reported(status: Status?)
            }
            """) == [])
        // The other way round an optional does not supply a value.
        #expect(rules("""
            flow A {
                start Home
                step Home { on picked(status: Status?) -> push Detail }
                step Detail(status: Status)
            }
            """) == ["input-mismatch"])
    }
}
