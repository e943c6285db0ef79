import Testing
@testable import FlowGraph

/// Results handed back (docs/Language.md, "Results handed back"): `receives`, parsed and resolved,
/// and where the checker says back moves land, for its three rules and for the generator.
@Suite("Results handed back")
struct ResultTests {
    // MARK: - Parsing

    @Test func receivesFollowsTheInputsAndIsKeptOnTheStep() throws {
        let result = compile("""
            flow Shop {
                start Summary
                step Summary(items: [Item]) receives (address: AddressID?, note: String?) {
                    on addressTapped -> push Addresses
                }
                step Addresses {
                    on addressPicked(address: AddressID, note: String) -> pop
                }
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let summary = try #require(result.program?.flows[0].steps[0])
        #expect(summary.inputs.map(\.name) == ["items"])
        #expect(summary.receives.map { "\($0.name): \($0.type)" } == ["address: AddressID?", "note: String?"])
        #expect(summary.receivesRange != nil)
        #expect(result.program?.flows[0].steps[1].receives.isEmpty == true)
    }

    @Test func receivesIsAKeywordOnlyAfterAStepsInputs() {
        // A step, an event and a parameter named `receives` are names, as every keyword can be.
        #expect(findings("""
            flow Shop {
                start receives
                step receives receives (receives: Int) {
                    on picked -> push Other
                }
                step Other {
                    on receives(receives: Int) -> pop
                }
            }
            """).isEmpty)
    }

    @Test func aBrokenReceivesIsASyntaxErrorAtItsPlace() {
        #expect(findings("""
            flow Shop {
                start Home
                step Home receives {
                    on picked -> push Login
                }
                step Login receives (user: User) runs LoginFlow
                step Other runs LoginFlow receives (user: User)
                step Twice receives (a: Int) receives (b: Int)
            }
            flow LoginFlow {
                start Form
                step Form
            }
            """) == [
                "3:24: error [syntax] expected '(' and the values the step receives after 'receives', found '{'",
                "6:16: error [syntax] a step that runs a flow cannot declare 'receives': "
                    + "a value handed back goes to the screen that becomes visible, and this step shows its flow's screens",
                "7:31: error [syntax] a step that runs a flow cannot declare 'receives': "
                    + "a value handed back goes to the screen that becomes visible, and this step shows its flow's screens",
                // A line with a syntax error reports nothing else (Twice is unreachable too).
                "8:34: error [syntax] a step has one 'receives' list: 'receives (address: AddressID, card: CardID?)'",
            ])
    }

    @Test func aFunctionCannotBeReceived() {
        #expect(rules("""
            flow Shop {
                start Home
                step Home receives (done: () -> Void) {
                    on pickTapped -> push Picker
                }
                step Picker {
                    on picked(done: () -> Void) -> pop
                }
            }
            """) == ["unsupported-type"])
    }

    // MARK: - Where back moves land

    @Test func everyBackMoveLandsOnTheStepItShowsAgain() {
        // pop, popTo, dismiss, and close as a pop and as a dismiss: each hands its value to the
        // step that becomes visible, so each value is received and nothing is reported.
        #expect(findings("""
            flow Shop {
                start Home
                step Home receives (a: Int?, b: Int?, c: Int?, d: Int?) {
                    on pushTapped -> push Pushed
                    on sheetTapped -> sheet Presented
                }
                step Pushed {
                    on aPicked(a: Int) -> pop
                    on deeperTapped -> push Deeper
                    on dPicked(d: Int) -> close
                }
                step Deeper {
                    on bPicked(b: Int) -> popTo Home
                }
                step Presented {
                    on cPicked(c: Int) -> dismiss
                    on dPicked(d: Int) -> close
                }
            }
            """).isEmpty)
    }

    @Test func aBackMoveBeforeAScreenHandsNothingBack() {
        // The screen the `dismiss` goes back to is covered at once by the pushed one.
        #expect(findings("""
            flow Shop {
                start Home
                step Home receives (item: Int) {
                    on searchTapped -> sheet Search
                }
                step Search {
                    on picked(item: Int) -> dismiss, push Item
                }
                step Item(item: Int)
            }
            """) == [
                "3:15: warning [unused-receive] step 'Home' receives (item: Int), but no back move that shows it again hands it a value",
            ])
    }

    @Test func anExitHandlerHandsTheExitsInputsBack() throws {
        let result = compile("""
            flow Shop {
                start Cart
                step Cart receives (user: User) {
                    on checkoutTapped -> sheet Login
                }
                step Login runs LoginFlow {
                    on loggedIn -> dismiss
                }
            }
            flow LoginFlow {
                start Form
                step Form {
                    on submitted(user: User) -> exit loggedIn
                }
                exit loggedIn(user: User)
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        #expect(result.analysis.resultLandings == [
            ResultLanding(clause: ClauseReference(flow: 0, step: 1, index: 0, branch: 0), steps: [0]),
        ])
    }

    @Test func aMismatchIsReportedForEachStepTheMoveCanShowWithAPathToIt() {
        #expect(findings("""
            flow Shop {
                start Home
                step Home receives (item: ItemID) {
                    on listTapped -> push List
                    on pickTapped -> push Picker
                }
                step List receives (item: String) {
                    on pickTapped -> push Picker
                }
                step Picker {
                    on picked(item: ItemID) -> pop
                }
                step Counter receives (count: Int) {
                    on countTapped -> push Picker
                }
            }
            """) == [
                // Home gets the item; List is handed one of another type (which feeds its value once fixed).
                "11:36: error [result-mismatch] 'pop' on 'picked' can show step 'List' again, which receives 'item: String', "
                    + "but 'picked' carries it as 'ItemID'",
                // An unreachable step is not judged: what could land on it is unknown.
                "13:10: warning [unreachable-step] step 'Counter' is unreachable: no transition from the start of flow 'Shop' leads to it",
            ])
        let result = compile("""
            flow Shop {
                start Home
                step Home {
                    on listTapped -> push List
                }
                step List receives (item: String) {
                    on pickTapped -> push Picker
                }
                step Picker {
                    on picked(item: ItemID) -> pop
                }
            }
            """)
        let mismatch = result.diagnostics.first { $0.rule == .resultMismatch }
        #expect(mismatch?.path == ["Shop.Home", "Shop.List", "Shop.Picker", "Shop.List"])
        #expect(mismatch?.subjects == ["Shop.List"])
    }

    @Test func aValueOfTypeTGivesAReceivedTOptional() {
        #expect(findings("""
            flow Shop {
                start Home
                step Home receives (item: ItemID?) {
                    on pickTapped -> push Picker
                }
                step Picker {
                    on picked(item: ItemID) -> pop
                }
            }
            """).isEmpty)
    }

    @Test func theWitnessOfAnUnreceivedResultGoesThroughTheStepsBelow() {
        // The picker is pushed over Other by a `dismiss, push`: the path shows how Other got there.
        let result = compile("""
            flow Shop {
                start Home
                step Home receives (item: Int) {
                    on pickTapped -> push Picker
                    on menuTapped -> sheet Menu
                }
                step Menu {
                    on otherTapped -> dismiss, push Other
                }
                step Other {
                    on pickTapped -> push Picker
                }
                step Picker {
                    on picked(item: Int) -> pop
                }
            }
            """)
        #expect(findings(result) == [
            "14:33: warning [unreceived-result] 'pop' on 'picked' hands (item: Int) back to step 'Home', "
                + "but can also show step 'Other', which receives none of it",
        ])
        #expect(result.diagnostics.first?.path == ["Shop.Home", "Shop.Menu", "Shop.Other", "Shop.Picker", "Shop.Other"])
        #expect(result.diagnostics.first?.notes.last?.message
                == "shortest path: Shop.Home → (menuTapped: sheet) Shop.Menu → (otherTapped: dismiss, push) Shop.Other "
                    + "→ (pickTapped: push) Shop.Picker → (picked: pop) Shop.Other")
    }

    @Test func aFlowLevelBackMoveFeedsAReceiveButIsNotJudgedWhereItLands() throws {
        // Assumed sent from every step, it lands on Home too, which needs something else: most
        // steps never send it, so that is no error; it still feeds List's value.
        let result = compile("""
            flow Shop {
                start Home
                step Home receives (count: Int) {
                    on listTapped -> push List
                    on countTapped -> push Counter
                }
                step Counter {
                    on counted(count: Int) -> pop
                }
                step List receives (item: ItemID) {
                    on pickTapped -> push Picker
                }
                step Picker
                on picked(item: ItemID) -> pop
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let landing = try #require(result.analysis.resultLandings.first { $0.clause.step == nil })
        #expect(landing.clause == ClauseReference(flow: 0, step: nil, index: 0, branch: 0))
        #expect(landing.steps == [0, 2])  // Home (from Counter, List or Picker) and List (from Picker)
    }

    @Test func aStepThatMayDoAnythingWithholdsUnusedReceive() {
        // `push Qqqq` resolves to nothing: that clause could be the back move that feeds Home.
        #expect(rules("""
            flow Shop {
                start Home
                step Home receives (item: Int) {
                    on pickTapped -> push Picker
                }
                step Picker {
                    on picked -> push Qqqq
                }
            }
            """) == ["unknown-name"])
    }

    /// `landings` are found forward for every state at once; `statesUnder` finds them state by
    /// state, as the witness paths do. Both must agree: on the samples, the broken app, and
    /// programs drawn at random with every back move, alone and before a screen.
    @Test func landingsFoundForEveryStateAtOnceAreThoseFoundOneByOne() throws {
        var programs: [[SourceFile]] = try ["samples/shop", "samples/mail", "samples/movies", "Tests/FlowGraphTests/Fixtures/broken-app"]
            .map { try Repository.flowFiles(in: $0).map(Repository.source) }
        var random = RandomFlow(seed: 7)
        for number in 0..<60 { programs.append([SourceFile(path: "random\(number).flow", text: random.flow(steps: 4 + number % 9))]) }
        var compared = 0
        for files in programs {
            let (tree, _) = Compiler.parse(files)
            let (program, _) = Resolver.resolve(tree)
            let facts = CheckerFacts(program)
            for graph in facts.graphs.compactMap({ $0 }) where !graph.landings.isEmpty {
                let fast = graph.landings.map { "\($0.from) \($0.move.origin) \($0.move.branch): \($0.under)" }
                let slow = graph.landingsOneByOne().map { "\($0.from) \($0.move.origin) \($0.move.branch): \($0.under)" }
                #expect(fast == slow, "\(files.map(\.path))")
                compared += fast.count
            }
        }
        #expect(compared > 200)
    }

    @Test func programsWithoutReceivesFindNoLandings() {
        let result = compile("""
            flow Shop {
                start Home
                step Home {
                    on pickTapped -> push Picker
                }
                step Picker {
                    on picked(item: Int) -> pop
                }
            }
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.analysis.resultLandings.isEmpty)
    }
}

/// Small flows drawn from a seed: every step receives and pushes, presents, replaces and goes back
/// with payloads, alone and before a screen, so that back moves land in many shapes.
private struct RandomFlow {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func flow(steps: Int) -> String {
        var lines = ["flow Random {", "    start S0"]
        for step in 0..<steps {
            lines.append("    step S\(step) receives (v: Int?) {")
            for clause in 0..<(1 + next(4)) {
                let target = "S\(next(steps))"
                let action: String
                switch next(11) {
                case 0: action = "push \(target)"
                case 1: action = "sheet \(target)"
                case 2: action = "cover \(target)"
                case 3: action = "replace \(target)"
                case 4: action = "pop"
                case 5: action = "popTo \(target)"
                case 6: action = "dismiss"
                case 7: action = "close"
                case 8: action = "dismiss, push \(target)"
                case 9: action = "pop, push \(target)"
                default: action = "push \(target)"
                }
                lines.append("        on e\(step)x\(clause)(v: Int) -> \(action)")
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
