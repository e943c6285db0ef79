import Foundation
import FlowGraphTestSupport
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
            "6:41: error [input-mismatch] event 'refreshTapped' does not supply argument 'status: StatusID' of guard 'canOpen'; "
                + "it carries no payload",
            "7:49: error [input-mismatch] event 'idTapped' supplies 'status' as 'Int', but guard 'canOpen' needs 'StatusID'",
            "7:77: error [input-mismatch] event 'idTapped' supplies 'status' as 'Int', but guard 'canReply' needs 'StatusID'",
            "8:50: error [input-mismatch] event 'otherTapped' does not supply argument 'status: StatusID' of guard 'canReply'; "
                + "it carries (other: Int)",
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
                "7:36: error [input-mismatch] event 'cancelled' does not supply argument 'tracking: TrackingID' of guard 'canTrack'; "
                    + "it carries no payload",
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
                "7:47: error [input-mismatch] event 'homeTapped' does not supply argument 'status: StatusID' of guard 'canOpen'; "
                    + "it carries (referrer: Int)",
                "7:47: error [input-mismatch] event 'homeTapped' supplies 'referrer' as 'Int', but guard 'canOpen' needs 'String?'",
            ])
    }

    @Test func aLinkGivesTheArgumentsOfTheGuardsOnItsPathFromItsURL() throws {
        let result = compile("""
            flow Timeline {
                start Home
                guard canOpen(status: StatusID)
                guard canList(account: AccountID)
                guard isMuted(status: StatusID?)
                link "/statuses/{status}" -> Detail
                link "/statuses/{status}/thread" -> Thread
                link "/statuses/{status}/replies" -> Replies
                step Home {
                    on statusTapped(status: StatusID) -> push Detail if canOpen
                    on accountTapped(account: AccountID, status: StatusID) -> push Thread if canList
                    on repliesTapped(account: AccountID, status: StatusID) -> push Detail if canList
                    on repliesTapped(account: AccountID, status: StatusID) -> push Replies if isMuted
                }
                step Detail(status: StatusID) { on repliesTapped(account: AccountID, status: StatusID) -> push Replies }
                step Thread(status: StatusID) { on backTapped -> pop }
                step Replies(status: StatusID) { on backTapped -> pop }
            }
            """)
        // `canOpen` takes the URL's status; `canList` needs an account it does not give, on the
        // clause itself or on an earlier one for the same event (asked first): the link to Replies
        // goes through Detail instead.
        #expect(findings(result) == [
            "7:10: warning [link-unreachable] link '/statuses/{status}/thread' cannot be opened: "
                + "every path to step 'Thread' needs an input the URL does not give, or a move only the user can make",
            "13:12: warning [overlapping-guards] step 'Home' has two transitions for 'repliesTapped' "
                + "whose guards 'canList' and 'isMuted' can both allow them; the first one written wins",
        ])
        let thread = try #require(result.diagnostics.first)
        #expect(thread.notes.map(\.message) == [
            "on 'accountTapped' the link asks guard 'canList', which needs 'account: AccountID'",
            "shortest path: Timeline.Home → (accountTapped: push) Timeline.Thread",
        ])
        #expect(result.analysis.linkPaths[0][0]?.hops.map(\.via) == [nil, "statusTapped: push"])
        #expect(result.analysis.linkPaths[0][2]?.hops.map(\.via) == [nil, "statusTapped: push", "repliesTapped: push"])
    }

    @Test func diagramsShowAGuardsArgumentsByName() throws {
        let result = compile(Self.timeline)
        let program = try #require(result.program)
        let dot = DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: result.diagnostics))
        #expect(dot.contains(#"label="statusTapped [canOpen(status)]""#))
        #expect(dot.contains(#"label="replyTapped [canReply(status, draft)]""#))
        #expect(dot.contains(#"label="replyTapped [else if !canOpen(status)]""#))
        let mermaid = MermaidEmitter.emit(program, diagnostics: result.diagnostics)
        #expect(mermaid.contains("Timeline_Home --> Timeline_Detail: statusTapped [canOpen(status)]\n"))
        #expect(mermaid.contains("Timeline_Home --> Timeline_Reply: replyTapped [canReply(status, draft)] (sheet)\n"))
        #expect(mermaid.contains("Timeline_Home --> Timeline_Detail: replyTapped [else if !canOpen(status)]\n"))
    }

    @Test func reportsCarryTheFindingAtTheConditionWithItsNote() throws {
        let result = compile("""
            flow Timeline {
                start Home
                guard canOpen(status: StatusID)
                step Home { on refreshTapped -> push Home if canOpen }
            }
            """, path: "t.flow")
        let context = ReportContext(files: result.files, diagnostics: result.diagnostics)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport(context).render().utf8)) as? [String: Any])
        let diagnostic = try #require((json["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["rule"] as? String == "input-mismatch")
        #expect(diagnostic["message"] as? String
            == "event 'refreshTapped' does not supply argument 'status: StatusID' of guard 'canOpen'; it carries no payload")
        let location = try #require(diagnostic["location"] as? [String: Any])
        #expect(location["line"] as? Int == 4 && location["column"] as? Int == 47 && location["endColumn"] as? Int == 57)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReport(context).render().utf8)) as? [String: Any])
        let results = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["input-mismatch"])
        #expect(((results[0]["relatedLocations"] as? [[String: Any]])?.first?["message"] as? [String: Any])?["text"] as? String
            == "guard 'canOpen' declared here")
    }

    @Test func functionAndTupleArgumentsAreUnsupportedAndNotBound() {
        #expect(findings("""
            flow App {
                start Home
                guard canRun(action: @Sendable () -> Void, pair: (Int, Int))
                step Home { on tapped -> push Home if canRun }
            }
            """) == [
                "3:26: error [unsupported-type] argument 'action' of guard 'canRun' has type '@Sendable () -> Void', a function, "
                    + "which cannot be a guard argument: "
                    + "a guard's arguments come from the values that identify screens and exits (a link's, an exit's), which are Hashable; "
                    + "pass a value (an id)",
                "3:54: error [unsupported-type] argument 'pair' of guard 'canRun' has type '(Int, Int)', a tuple, which cannot be a guard argument: "
                    + "a guard's arguments come from the values that identify screens and exits (a link's, an exit's), which are Hashable; "
                    + "pass a value (an id)",
            ])
    }
}

/// The router of a program whose guards take arguments: it builds under Swift 6 with warnings as
/// errors, and a driver runs it.
@Suite("Guards with arguments in the generated router")
struct GuardArgumentRouterTests {
    /// A guard asked from an event (plain, negated, in an `else` chain, async), from a subflow's
    /// exit, and from a link's values along its path (with an earlier clause's guard asked too).
    static let program = """
        flow Timeline {
            start Home
            guard canOpen(status: StatusID)
            guard async canReply(status: StatusID, draft: String?)
            guard isMuted(status: StatusID)
            guard isLoggedIn
            link "/statuses/{status}" -> Detail
            link "/statuses/{status}/reply" -> Reply
            step Home {
                on statusTapped(status: StatusID) -> push Detail if canOpen else push Blocked
                on replyTapped(status: StatusID, draft: String) -> push Blocked if isMuted
                on replyTapped(status: StatusID, draft: String) -> sheet Reply if canReply
                on reportTapped(status: StatusID) -> push Report
                on loginTapped -> push Login if !isLoggedIn
            }
            step Detail(status: StatusID) { on backTapped -> pop }
            step Reply(status: StatusID) { on closeTapped -> dismiss }
            step Blocked { on backTapped -> pop }
            step Login { on backTapped -> pop }
            step Report(status: StatusID) runs ReportFlow {
                on reported(status: StatusID) -> replace Detail if !isMuted else pop
                on cancelled -> pop
            }
        }
        flow ReportFlow {
            start Form
            step Form(status: StatusID) {
                on sendTapped(status: StatusID) -> exit reported
                on cancelTapped -> exit cancelled
            }
            exit reported(status: StatusID)
            exit cancelled
        }
        """

    /// Arguments named like the generated functions' parameters, or like keywords, still compile.
    @Test func argumentsNamedLikeGeneratedParametersOrKeywordsCompile() throws {
        let result = compile("""
            flow App {
                start Home
                guard async `guard`(guards: Int, source: Int, index: Int, `default`: String?, valueGuards: Int)
                guard plain
                link "/x/{guards}/{source}/{index}/{valueGuards}" -> Detail
                step Home {
                    on tapped(guards: Int, source: Int, index: Int, `default`: String, valueGuards: Int) \
            -> push Detail if `guard` else push Other if !plain
                }
                step Detail(guards: Int, source: Int, index: Int, valueGuards: Int) { on backTapped -> pop }
                step Other { on backTapped -> pop }
            }
            """)
        #expect(findings(result) == [])
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["names.flow"])
        #expect(source.contains("func `guard`(guards: Int, source: Int, index: Int, default: String?, valueGuards: Int) async -> Bool"))
        let built = try SwiftCompilation.build(["FlowRouter.swift": source])
        #expect(built.status == 0, "\(built.output)\n\(source)")
    }

    /// With `guard async canReply` the program is asynchronous; without, synchronous.
    @Test(arguments: [true, false])
    func theRouterDeclaresTheArgumentsAndAsksWithThePayloads(isAsync: Bool) throws {
        let result = compile(isAsync ? Self.program : Self.program.replacingOccurrences(of: "guard async", with: "guard"))
        let (async, awaiting) = isAsync ? ("async ", "await ") : ("", "")
        // The two clauses for `replyTapped` are a priority on purpose.
        #expect(findings(result).map { $0.prefix(30) } == ["12:12: warning [overlapping-gu"])
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["timeline.flow"])
        #expect(source.contains("func canOpen(status: StatusID) -> Bool"))
        #expect(source.contains("func canReply(status: StatusID, draft: String?) \(async)-> Bool"))
        #expect(source.contains("func isLoggedIn() -> Bool"))
        // The link to Reply asks `isMuted` (the chain before it) and `canReply`, with the URL's status
        // (`draft` is optional: nil); the one to Detail asks `canOpen` with it.
        #expect(source.contains("case (1, .event(.timeline(.replyTapped(let status, let draft)))): "
                                + "return \(awaiting)valueGuards.canReply(status: status, draft: draft)"))
        #expect(source.contains("case (1, .link(.timeline(.reply(let status)))): return \(awaiting)valueGuards.canReply(status: status, draft: nil)"))
        #expect(source.contains("(0, .link(.timeline(.detail(let status)))): return valueGuards.canOpen(status: status)"))
        #expect(source.contains("(2, .exit(.reportFlow(.reported(let status))))"))
        #expect(source.contains("case (0, 3): return guards.isLoggedIn()"))
        #expect(source.contains("case (0, 1): return \(awaiting)Timeline.ask(1, of: guards, from: source)"))
        let driver = """
            import FlowGraphRuntime

            @MainActor final class AppGuards: FlowRouter.Guards {
                var asked: [String] = []
                func canOpen(status: StatusID) -> Bool { asked.append("canOpen \\(status)"); return status.description != "7" }
                func canReply(status: StatusID, draft: String?) \(async)-> Bool {
                    asked.append("canReply \\(status) \\(draft ?? "nil")")
                    return status.description != "8"
                }
                func isMuted(status: StatusID) -> Bool { asked.append("isMuted \\(status)"); return status.description == "9" }
                func isLoggedIn() -> Bool { true }
            }

            @main struct Driver {
                @MainActor static func main() \(async){
                    let guards = AppGuards()
                    let navigator = FlowNavigator(.timeline, guards: guards)
                    let id = { (text: String) in StatusID(text)! }
                    let opened = \(awaiting)navigator.send(.statusTapped(status: id("1")))
                    precondition(opened.isApplied)
                    precondition(navigator.current == .timeline(.detail(status: id("1"))))
                    \(awaiting)navigator.send(.backTapped)
                    \(awaiting)navigator.send(.statusTapped(status: id("7")))
                    precondition(navigator.current == .timeline(.blocked), "the else of a guard that said no")
                    \(awaiting)navigator.send(.backTapped)
                    let replied = \(awaiting)navigator.send(.replyTapped(status: id("2"), draft: "hi"))
                    precondition(replied.isApplied)
                    precondition(navigator.current == .timeline(.reply(status: id("2"))))
                    \(awaiting)navigator.send(.closeTapped)
                    let refused = \(awaiting)navigator.send(.replyTapped(status: id("8"), draft: "no"))
                    precondition(refused.status == .blocked(by: .timeline(.canReply)), "\\(refused)")
                    \(awaiting)navigator.send(.reportTapped(status: id("9")))
                    \(awaiting)navigator.send(.sendTapped(status: id("9")))
                    precondition(navigator.current == .timeline(.home), "a muted status's report is popped")
                    \(awaiting)navigator.send(.reportTapped(status: id("3")))
                    \(awaiting)navigator.send(.sendTapped(status: id("3")))
                    precondition(navigator.current == .timeline(.detail(status: id("3"))), "\\(navigator.current)")
                    let reply = \(awaiting)navigator.open(url: "/statuses/4/reply")
                    precondition(reply.isApplied)
                    precondition(navigator.current == .timeline(.reply(status: id("4"))))
                    let link = \(awaiting)navigator.open(url: "/statuses/7")
                    precondition(link.status == .blocked(by: .timeline(.canOpen)) && navigator.current == .timeline(.home))
                    precondition(guards.asked == [
                        "canOpen 1", "canOpen 7", "isMuted 2", "canReply 2 hi", "isMuted 8", "canReply 8 no",
                        "isMuted 9", "isMuted 3", "isMuted 4", "canReply 4 nil", "canOpen 7",
                    ], "\\(guards.asked)")
                    print("guards ok")
                }
            }
            """
        let ran = try SwiftCompilation.run(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program),
                                           "Driver.swift": driver])
        #expect(ran.status == 0, "\(ran.output)")
        #expect(ran.output.contains("guards ok"))
    }
}
