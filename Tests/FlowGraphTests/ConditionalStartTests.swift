import Testing
@testable import FlowGraph

/// `start Home if isSignedIn else Welcome`: where a flow starts, decided by guards when it starts.
@Suite("Starts decided by guards")
struct ConditionalStartTests {
    @Test func parsesAChainAndRefusesAConditionWithoutElse() throws {
        let result = compile("""
            flow App {
                start Terms if !acceptedTerms else Intro if isFirstLaunch else Home
                guard acceptedTerms
                guard isFirstLaunch
                step Terms { on accepted -> replace Intro }
                step Intro { on done -> replace Home }
                step Home
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let flow = try #require(result.program?.flows.first)
        #expect(flow.startChoices.map(\.step) == [0, 1, 2])
        #expect(flow.startChoices.map { $0.condition.map { ($0.isNegated ? "!" : "") + $0.guardName } } == ["!acceptedTerms", "isFirstLaunch", nil])
        #expect(flow.enteredSteps == [0, 1, 2])
        #expect(findings("""
            flow App {
                start Home if isSignedIn
                guard isSignedIn
                step Home
            }
            """) == ["2:29: error [syntax] a 'start' with a condition needs 'else' and the step to start at otherwise: "
                     + "'start Home if isSignedIn else Welcome'"])
    }

    @Test func everyChoiceIsReachableAndItsGuardUsed() {
        // Welcome is shown only when the flow starts there; isSignedIn is used by the start alone.
        #expect(rules("""
            flow App {
                start Home if isSignedIn else Welcome
                guard isSignedIn
                step Home
                step Welcome
            }
            """).isEmpty)
        #expect(rules("""
            flow App {
                start Home
                guard isSignedIn
                step Home
                step Welcome
            }
            """) == ["unused-guard", "unreachable-step"])
    }

    @Test func aPathFromAnotherChoiceStartsThere() throws {
        let result = compile("""
            flow App {
                start Home if isSignedIn else Welcome
                guard isSignedIn
                step Home
                step Welcome { on signIn -> push SignIn }
                step SignIn { on cancel -> dismiss }
            }
            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.rule == .invalidDismiss)
        #expect(diagnostic.notes.map(\.message) == ["shortest path: App.Welcome → (signIn: push) App.SignIn"])
    }

    @Test func aSubflowsPathJoinsItsRunnerAtTheChoiceItStartedAt() throws {
        let result = compile("""
            flow App {
                start Home
                step Home { on account -> push Account }
                step Account runs AccountFlow
            }
            flow AccountFlow {
                start Overview if !isLocked else Locked
                guard isLocked
                step Overview
                step Locked { on help -> push Help }
                step Help { on close -> dismiss }
            }
            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.notes.map(\.message) == [
            "shortest path: App.Home → (account: push) App.Account → (runs) AccountFlow.Locked → (help: push) AccountFlow.Help",
        ])
    }

    @Test func aStartAsksOnlyGuardsThatAnswerAtOnceWithoutArguments() {
        #expect(findings("""
            flow App {
                start Home if isSignedIn else Welcome if canOpen else Home
                guard async isSignedIn
                guard canOpen(item: ItemID)
                step Home
                step Welcome
            }
            """) == [
                "2:16: error [start-guard] the 'start' of flow 'App' asks guard 'isSignedIn', which is 'async': "
                    + "a start is decided at once, when the flow starts",
                "2:43: error [start-guard] the 'start' of flow 'App' asks guard 'canOpen', which takes arguments: "
                    + "a start has no payload to take them from",
            ])
    }

    @Test func theInputsOfEveryChoiceComeFromTheRunner() {
        #expect(rules("""
            flow App {
                start Home
                step Home { on open(item: ItemID) -> push Item }
                step Item(item: ItemID) runs ItemFlow
            }
            flow ItemFlow {
                start Detail if isAvailable else Gone
                guard isAvailable
                step Detail(item: ItemID)
                step Gone(reason: String)
            }
            """) == ["input-mismatch"])
    }
}
