import Testing
@testable import FlowGraph

/// Guards with arguments (`guard canOpen(status: StatusID)`): bound by name from the payload of
/// the clause that asks them, as a step's inputs are.
@Suite("Guards with arguments")
struct GuardArgumentTests {
    @Test func theParserKeepsAGuardsParameters() throws {
        let (tree, diagnostics) = Compiler.parse([SourceFile(path: "a.flow", text: """
            flow Home {
                start A
                guard canOpen(status: Status.ID)
                guard async canReply(status: Status.ID, author: [String: Int]?)
                guard plain
                guard empty()
                step A
            }
            """)])
        #expect(diagnostics.isEmpty)
        let guards = try #require(tree.flows.first).guards
        #expect(guards.map(\.name.text) == ["canOpen", "canReply", "plain", "empty"])
        #expect(guards.map(\.isAsync) == [false, true, false, false])
        #expect(guards.map { $0.parameters.map { "\($0.name.text): \($0.type.text)" } }
            == [["status: Status.ID"], ["status: Status.ID", "author: [String: Int]?"], [], []])
    }

    @Test func aBrokenParameterListIsASyntaxErrorAndTheGuardIsKept() throws {
        let result = compile("""
            flow Home {
                start A
                guard canOpen(status: [Int, other: Int)
                guard canReply(status Int)
                step A {
                    on tapped(status: [Int]) -> push B if canOpen
                    on replied(status: Int) -> push B if canReply
                }
                step B
            }
            """)
        // The guards are declared, so their uses resolve and nothing else is reported.
        #expect(findings(result) == [
            "3:43: error [syntax] expected ']' to close '[' in type, found ')'",
            "4:27: error [syntax] expected ':' after the parameter name, found 'Int'",
        ])
        let guards = try #require(result.program).flows[0].guards
        #expect(guards.map(\.name) == ["canOpen", "canReply"])
        #expect(guards.map(\.parameters.count) == [0, 0])
    }

    static let timeline = """
        flow Timeline {
            start Home
            guard canOpen(status: StatusID)
            guard async canReply(status: StatusID, draft: String?)
            step Home {
                on statusTapped(status: StatusID) -> push Detail if canOpen
                on replyTapped(status: StatusID, draft: String) -> sheet Reply if canReply else push Detail if !canOpen
            }
            step Detail(status: StatusID)
            step Reply(status: StatusID)
        }
        """

    @Test func argumentsBindByNameFromThePayloadLikeInputs() throws {
        let result = compile(Self.timeline)
        #expect(findings(result) == [])
        let guards = try #require(result.program).flows[0].guards
        #expect(guards[0].parameters.map(\.name) == ["status"] && guards[1].parameters.map(\.type) == ["StatusID", "String?"])
    }

    @Test func aClauseThatCannotSupplyAnArgumentIsAnInputMismatchAtItsCondition() throws {
        let result = compile("""
            flow Timeline {
                start Home
                guard canOpen(status: StatusID)
                guard canReply(status: StatusID, draft: String?)
                step Home {
                    on refreshTapped -> push Detail if canOpen
                    on idTapped(status: Int) -> push Detail if !canOpen else push Other if canReply
                    on otherTapped(other: Int) -> push Other if canReply
                }
                step Detail
                step Other
            }
            """)
        #expect(findings(result) == [
            "6:41: error [input-mismatch] event 'refreshTapped' does not supply argument 'status: StatusID' of guard 'canOpen'; it carries no payload",
            "7:49: error [input-mismatch] event 'idTapped' supplies 'status' as 'Int', but guard 'canOpen' needs 'StatusID'",
            "7:77: error [input-mismatch] event 'idTapped' supplies 'status' as 'Int', but guard 'canReply' needs 'StatusID'",
            "8:50: error [input-mismatch] event 'otherTapped' does not supply argument 'status: StatusID' of guard 'canReply'; it carries (other: Int)",
        ])
        // At the condition (`if !canOpen`), with a note at the guard.
        let negated = try #require(result.diagnostics.first { $0.message.contains("'idTapped' supplies 'status' as 'Int', but guard 'canOpen'") })
        #expect(try #require(result.program).files[0].text(negated.range.start ..< negated.range.end) == "if !canOpen")
        #expect(negated.notes.map(\.message) == ["guard 'canOpen' declared here"])
    }

    @Test func anExitHandlerSuppliesTheExitsValues() {
        #expect(findings("""
            flow App {
                start Home
                guard canShow(order: OrderID)
                guard canTrack(tracking: TrackingID)
                step Home runs Checkout {
                    on placed -> push Order if canShow
                    on cancelled -> push Order if canTrack
                }
                step Order(order: OrderID?)
            }
            flow Checkout {
                start Pay
                step Pay {
                    on paid(order: OrderID) -> exit placed
                    on cancelTapped -> exit cancelled
                }
                exit placed(order: OrderID)
                exit cancelled
            }
            """) == [
                "7:36: error [input-mismatch] event 'cancelled' does not supply argument 'tracking: TrackingID' of guard 'canTrack'; it carries no payload",
            ])
    }

    @Test func aFlowLevelClauseSuppliesItsPayloadAndAnOptionalArgumentMayBeAbsent() {
        #expect(findings("""
            flow App {
                start Home
                guard canOpen(status: StatusID, referrer: String?)
                step Home
                step Detail(status: StatusID)
                on statusOpened(status: StatusID) -> push Detail if canOpen
                on homeTapped(referrer: Int) -> root Home if canOpen
            }
            """) == [
                "7:47: error [input-mismatch] event 'homeTapped' does not supply argument 'status: StatusID' of guard 'canOpen'; it carries (referrer: Int)",
                "7:47: error [input-mismatch] event 'homeTapped' supplies 'referrer' as 'Int', but guard 'canOpen' needs 'String?'",
            ])
    }

    @Test func functionAndTupleArgumentsAreUnsupportedAndNotBound() {
        #expect(findings("""
            flow App {
                start Home
                guard canRun(action: @Sendable () -> Void, pair: (Int, Int))
                step Home { on tapped -> push Home if canRun }
            }
            """) == [
                "3:26: error [unsupported-type] argument 'action' of guard 'canRun' has type '@Sendable () -> Void', a function, which cannot be a guard argument: a guard's arguments come from the values that identify screens and exits (a link's, an exit's), which are Hashable; pass a value (an id)",
                "3:54: error [unsupported-type] argument 'pair' of guard 'canRun' has type '(Int, Int)', a tuple, which cannot be a guard argument: a guard's arguments come from the values that identify screens and exits (a link's, an exit's), which are Hashable; pass a value (an id)",
            ])
    }
}
