import FlowGraphRuntime
import FlowGraphTestSupport
import Foundation
import Testing
@testable import FlowGraph

/// The program table's text: what the compiler writes, the runtime reads back as the program it
/// was; text it cannot read is an error with its line.
@Suite("Program table text")
struct TableTextTests {
    static let root = PackageFolder.root

    static func program(_ folder: String) throws -> (FlowProgram, ProgramAnalysis) {
        let directory = root.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".flow") }.sorted()
        let files = try names.map { SourceFile(path: $0, bytes: [UInt8](try Data(contentsOf: directory.appendingPathComponent($0)))) }
        let compilation = Compiler.compile(files)
        return (try #require(compilation.program), compilation.analysis)
    }

    /// Version 2: a link has a path from each place the app may start at; version 1 is read too.
    @Test func aLinkHasAPathFromEachStart() throws {
        let text = """
            flowgraph-table 2
            flow A 0 0 1 guard g 0 event e
            starts if 0 0 else 1
            step S - ^ on 0 push 2
            step T - ^ on 0 push 2
            step U - 0
            link 2 /u - /u path b0 m0:0:0:0 path b1 m0:1:0:0
            """
        let table = try ProgramTable(parsing: text)
        #expect(table.flows[0].links[0].paths.count == 2)
        #expect(table.flows[0].links[0].path == [.bottom(StepRef(flow: 0, step: 0)), .move(.init(flow: 0, step: 0, clause: 0, branch: 0))])
        #expect(table.flows[0].links[0].paths[1].first == .bottom(StepRef(flow: 0, step: 1)))
        let old = try ProgramTable(parsing: text.replacingOccurrences(of: "flowgraph-table 2", with: "flowgraph-table 1")
            .replacingOccurrences(of: " path b1 m0:1:0:0", with: ""))
        #expect(old.flows[0].links[0].paths.count == 1)
    }

    @Test(arguments: ["samples/shop", "samples/movies", "samples/mail", "Tests/FlowGraphPluginTests", "Tests/FlowGraphUITests"])
    func whatTheCompilerWritesTheRuntimeReadsAsTheProgram(folder: String) throws {
        let (program, analysis) = try Self.program(folder)
        // The compiler builds the runtime's value and the runtime writes it: read back, it writes
        // the same text again (one writer, one reader, one version).
        let built = RouterTable(program, analysis: analysis).table
        #expect(built.text.hasPrefix("flowgraph-table \(ProgramTable.textVersion)\n"))
        let table = try ProgramTable(parsing: built.text)
        #expect(table.text == built.text)
        #expect(table.flows.map(\.name) == program.flows.map(\.name))
        if folder == "Tests/FlowGraphPluginTests" {  // '/items/{item}/checkout' before '/items/{item}/*'
            #expect(table.flows.flatMap(\.links).flatMap(\.patterns).contains { $0.precedence > 0 && $0.text == "/items/{item}/checkout" })
            #expect(table.linkMatches("/items/4/checkout").map { table.flows[$0.pattern.link.flow].links[$0.pattern.link.index].text }
                == ["/items/{item}/checkout", "/items/{item}"])
        }
        for (info, flow) in zip(table.flows, program.flows) {
            #expect(info.isTabs == flow.isTabs && info.start == flow.start)
            #expect(info.isRoot == program.roots.contains(program.flow(named: flow.name)!))
            #expect(info.guards.map(\.name) == flow.guards.map(\.name) && info.guards.map(\.isAsync) == flow.guards.map(\.isAsync))
            #expect(info.events == flow.events.map(\.name) && info.exits == flow.exits.map(\.name))
            #expect(info.steps.map(\.name) == flow.steps.map(\.name))
            #expect(info.steps.map(\.runs) == flow.steps.map { $0.runs.map(Int.init) })
            #expect(info.steps.map(\.inputs) == flow.steps.map { $0.inputs.map { "\($0.name): \($0.type)" } })
            #expect(info.steps.map(\.receives) == flow.steps.map { $0.receives.map { "\($0.name): \($0.type)" } })
            for (stepInfo, step) in zip(info.steps, flow.steps) {
                Self.expectSame(stepInfo.clauses, step.clauses,
                                triggers: step.runs.map { program.flows[$0].exits.map(\.name) } ?? flow.events.map(\.name), in: flow)
            }
            // A link's move is the link's, not a clause of the table.
            Self.expectSame(info.clauses, Array(flow.eventClauses), triggers: flow.events.map(\.name), in: flow)
            let links = flow.links.filter { $0.target != nil }
            #expect(info.links.map(\.text) == links.map(\.pattern.text))
            #expect(info.links.map(\.target) == links.map { $0.target! })
            #expect(info.links.map { $0.move?.rawValue } == links.map { $0.move?.rawValue })
            // A move's `at` has its path inside the subflow, which the text locates (`.enter` of the subflow's start first).
            #expect(info.links.map { $0.branches.map { !$0.at.isEmpty } }
                == links.map { $0.branches.filter { $0.target != nil }.map { $0.at?.step != nil } })
            for branch in info.links.flatMap(\.branches) where !branch.at.isEmpty {
                guard case .enter(let start) = branch.at[0] else {
                    Issue.record("an 'at' path starts where its subflow starts: \(branch.at)")
                    continue
                }
                #expect(start.flow == info.steps[branch.target].runs)
            }
            #expect(info.alerts.map(\.name) == flow.alerts.map(\.name))
            #expect(info.alerts.map(\.isDialog) == flow.alerts.map { $0.style == .dialog })
            #expect(info.alerts.map(\.inputs) == flow.alerts.map { $0.inputs.map { "\($0.name): \($0.type)" } })
            for (alertInfo, alert) in zip(info.alerts, flow.alerts) {
                #expect(alertInfo.buttons.map { flow.events[$0.trigger].name } == alert.buttons.map(\.event))
                Self.expectSame(alertInfo.buttons.compactMap(\.clause), alert.buttons.compactMap(\.clause),
                                triggers: flow.events.map(\.name), in: flow)
            }
            // Every pattern, part by part, with its case and precedence.
            for (read, link) in zip(info.links, links) {
                let inputs = flow.values(of: link).map(\.name)
                #expect(read.patterns.map(\.text) == link.patterns.map(\.text))
                #expect(read.patterns.map(\.ignoresCase) == link.patterns.map(\.ignoresCase))
                #expect(read.patterns.map(\.precedence) == link.precedence)
                for (readPattern, pattern) in zip(read.patterns, link.patterns) {
                    #expect(readPattern.scheme == pattern.scheme)
                    func same(_ lhs: ProgramTable.PatternPart, _ rhs: LinkPattern.Part) -> Bool {
                        switch (lhs, rhs) {
                        case (.literal(let a), .literal(let b)): a == b
                        case (.placeholder(let a), .placeholder(let b)): inputs[a] == b
                        case (.affixed(let p, let a, let q), .affixed(let p2, let b, let q2)): p == p2 && inputs[a] == b && q == q2
                        case (.wildcard, .wildcard): true
                        default: false
                        }
                    }
                    #expect(readPattern.segments.count == pattern.segments.count && zip(readPattern.segments, pattern.segments).allSatisfy(same))
                    #expect(readPattern.query.map(\.key) == pattern.query.map(\.key)
                        && zip(readPattern.query.map(\.value), pattern.query.map(\.value)).allSatisfy(same))
                }
            }
        }
    }

    private static func expectSame(_ clauses: [ProgramTable.Clause], _ transitions: [Clause], triggers: [String], in flow: Flow,
                                   sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(clauses.map { triggers[$0.trigger] } == transitions.map(\.event), sourceLocation: sourceLocation)
        #expect(clauses.map { $0.conditions.map { flow.guards[$0.guardIndex].name } } == transitions.map { $0.conditions.map(\.guardName) },
                sourceLocation: sourceLocation)
        #expect(clauses.map { $0.conditions.map(\.isNegated) } == transitions.map { $0.conditions.map(\.isNegated) }, sourceLocation: sourceLocation)
        #expect(clauses.map { $0.actions.map(\.kind.rawValue) } == transitions.map { $0.actions.map(\.kind.rawValue) },
                sourceLocation: sourceLocation)
        // `open url` names the value's index among the flow's `openedValues`.
        let opened = flow.openedValues
        #expect(clauses.map { $0.actions.map(\.target) }
            == transitions.map { $0.actions.map { $0.kind == .open ? opened.firstIndex(of: $0.targetName ?? "") : $0.target } },
                sourceLocation: sourceLocation)
    }

    @Test func namesWithSpacesAndQuotesSurviveTheText() throws {
        let compilation = Compiler.compile([SourceFile(path: "a.flow", text: """
            flow A {
                start `class`
                link "/a%20b/{x}?q=\\"quoted\\"" -> `class`
                step `class`(x: [String: Int])
            }
            """)])
        let program = try #require(compilation.program)
        let text = RouterTable(program, analysis: compilation.analysis).lines.joined(separator: "\n")
        #expect(!text.contains("\""))
        let table = try ProgramTable(parsing: text)
        #expect(table.flows[0].steps[0].name == "class")
        #expect(table.flows[0].steps[0].inputs == ["x: [String: Int]"])
        #expect(table.flows[0].links[0].text == #"/a%20b/{x}?q="quoted""#)
    }

    @Test(arguments: [
        ("flow A 0 0 1\nstep S - ^", 1, "expected 'flowgraph-table 10'"),
        ("flowgraph-table 11", 1, "version 11, this runtime reads versions 1 to 10"),
        ("flowgraph-table 4\nflow A 0 0 1\nstep S - ^\nlink 0 /a - /a move sheet at", 4, "expected the hops of a path after 'at'"),
        ("flowgraph-table 3\nflow A 0 0 1\nstep S - ^\nlink 0 /a - /a else 0", 4, "a link's branch without a condition ends it"),
        ("flowgraph-table 3\nflow A 0 0 1\nstep S - ^\nlink 0 /a - /a if 0 if 0", 4, "expected 'else' after a link's condition"),
        ("flowgraph-table 3\nflow A 0 0 1\nstep S - ^\nlink 0 /a - /a if 3", 0, "a link asks no guard 3"),
        ("flowgraph-table 1\nstep S - ^", 2, "'step' before the first flow"),
        ("flowgraph-table 1\nflow A 0 0 1\nstep S - ^ on 0 fly 1", 3, "unknown action 'fly'"),
        ("flowgraph-table 1\nflow A 0 0 1\nwidget", 3, "unknown record 'widget'"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 push 4", 0, "flow 'A' has no such step"),
        ("flowgraph-table 1\nflow A 0 0 1\nstep S - ^ on 0 pop", 0, "a clause of flow 'A' has no trigger 0"),
        ("flowgraph-table 1\nflow A 0 0 1\nstep S - 9", 0, "a path goes through no step 9"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 push 0 , push 0", 3, "only a back move can come before ',', not 'push'"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 dismiss , exit 0", 3, "'exit' cannot follow a back move"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 popTo 7 , push 0", 0, "flow 'A' has no such step"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 push 0 at", 3, "expected the hops of a path after 'at'"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 push 0 at e0", 0, "'at' follows a move to a step that runs no flow"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 push 1 at e0\nstep T 1 0\nflow B 0 0 0\nstep U - 1", 0,
         "an 'at' path starts outside the subflow of its move"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 push 1 at e9\nstep T 1 0\nflow B 0 0 0\nstep U - 1", 0,
         "a path goes through no step 9"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 push 1 at e2 m1:0:4:0\nstep T 1 0\nflow B 0 0 0\nstep U - 1", 0,
         "an 'at' path names no clause"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 cover 0 locked", 3, "'cover' cannot be locked"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 sheet 0 locked while", 3, "the line ends early"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 popover 0 locked while !3", 0, "flow 'A' has no guard 3"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 alert 3", 0, "flow 'A' has no such alert"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^\nalert Q popup", 4, "expected alert or dialog, not 'popup'"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^\nalert Q alert close 4", 0, "a button of flow 'A' has no trigger 4"),
        ("flowgraph-table 1\nflow A 0 0 1 event e\nstep S - ^ on 0 dismiss , alert 0\nalert Q alert close 0", 3, "'alert' cannot follow a back move"),
    ])
    func textItCannotReadIsAnErrorWithItsLine(text: String, line: Int, message: String) {
        #expect(throws: ProgramTable.TextError.self) { try ProgramTable(parsing: text) }
        do {
            _ = try ProgramTable(parsing: text)
        } catch {
            #expect(error.line == line)
            #expect(error.message == message)
        }
    }

    @Test func anActionsAtPathReadsBackWithItsStepsLocated() throws {
        let table = try ProgramTable(parsing: """
            flowgraph-table 1
            flow A 0 0 1 guard g 0 event e event f
            step S - ^ on 0 if 0 sheet 1 at e2 m1:0:0:0 else push 1 on 1 push 1
            step T 1 0
            flow B 0 0 0 event g
            step U - 1 on 0 push 1
            step V - 2
            """)
        let action = table.flows[0].steps[0].clauses[0].actions[0]
        #expect(action.kind == .sheet && action.target == 1)
        #expect(action.at == [.enter(StepRef(flow: 1, step: 0)), .move(.init(flow: 1, step: 0, clause: 0, branch: 0))])
        #expect(table.flows[0].steps[0].clauses[0].actions[1].at.isEmpty)
        #expect(table.flows[0].steps[0].clauses.count == 2)
        #expect(ProgramGraph(table).transitions.first?.at == ["B.U", "B.V"])
    }

    @Test func aPopoverAndALockReadBack() throws {
        let table = try ProgramTable(parsing: """
            flowgraph-table 1
            flow A 0 0 1 guard g 0 event e event f event h
            step S - ^ on 0 popover 1 on 1 sheet 1 locked on 2 if 0 dismiss , sheet 2 at e3 m1:0:0:0 locked while !0 else popover 1 locked
            step T - 0
            step R 1 0
            flow B 0 0 0 event e
            step U - 2 on 0 push 1
            step V - 3
            """)
        let clauses = table.flows[0].steps[0].clauses
        #expect(clauses[0].actions[0] == .init(kind: .popover, target: 1))
        #expect(clauses[1].actions[0] == .init(kind: .sheet, target: 1, lock: .always))
        let guarded = clauses[2].actions[0]
        #expect(guarded.kind == .sheet && guarded.backs.map(\.kind) == [.dismiss] && guarded.at.count == 2)
        guard case .whileGuard(let condition)? = guarded.lock else {
            Issue.record("no lock while a guard: \(String(describing: guarded.lock))")
            return
        }
        #expect(condition.guardIndex == 0 && condition.isNegated)
        #expect(clauses[2].actions[1] == .init(kind: .popover, target: 1, lock: .always))
    }

    /// A step's lock (version 7), after `keeps` when the step keeps links; read back, it writes the same.
    @Test func aStepsLockReadsBackAndWritesTheSame() throws {
        let text = """
            flowgraph-table 7
            flow A 0 0 1 guard g 0 event e
            step S - ^ on 0 sheet 1 on 0 popover 2
            step T - 0 locked while !0 on 0 dismiss
            step R - 0 keeps locked
            """
        let table = try ProgramTable(parsing: text)
        #expect(table.flows[0].steps.map(\.lock) == [nil, .whileGuard(.init(guardIndex: 0, isNegated: true)), .always])
        #expect(table.flows[0].steps[1].clauses.count == 1 && table.flows[0].steps[2].keepsLinks)
        #expect(try ProgramTable(parsing: table.text).flows[0].steps.map(\.lock) == table.flows[0].steps.map(\.lock))
        #expect(throws: ProgramTable.TextError.self) {
            try ProgramTable(parsing: "flowgraph-table 7\nflow A 0 0 1\nstep S - ^ locked while 3")
        }
    }

    /// Version 8: a tab's condition after its step's fields, and the action `restart`.
    @Test func aTabsConditionAndARestartReadBackAndWriteTheSame() throws {
        let text = """
            flowgraph-table 8
            flow A 1 0 1 guard g 0 event e
            step S - ^ on 0 restart
            step T - ^ keeps if !0
            step R - ^ if 0 on 0 if 0 restart else select 0
            """
        let table = try ProgramTable(parsing: text)
        #expect(table.flows[0].steps.map(\.condition) == [nil, .init(guardIndex: 0, isNegated: true), .init(guardIndex: 0, isNegated: false)])
        #expect(table.flows[0].steps[0].clauses[0].actions[0].kind == .restart && table.flows[0].steps[0].clauses[0].actions[0].target == nil)
        #expect(table.flows[0].steps[1].keepsLinks && table.flows[0].steps[2].clauses[0].actions.map(\.kind) == [.restart, .select])
        #expect(try ProgramTable(parsing: table.text).text == table.text)
        // A tab item and detents read back and write the same.
        let items = try ProgramTable(parsing: "flowgraph-table 8\nflow A 1 0 1 event e\nstep S - ^\n"
                                        + "step P - - item sheet detents h120 medium interactive")
        #expect(items.flows[0].steps[1].tabItem == .sheet && items.flows[0].steps[1].detents == [.height(120), .medium])
        #expect(items.flows[0].steps[1].isInteractiveBelowDetents)
        #expect(try ProgramTable(parsing: items.text).text == items.text)
        // Only a tab has a condition; a tab bar has a tab that always is; `restart` names nothing.
        #expect(throws: ProgramTable.TextError.self) { try ProgramTable(parsing: "flowgraph-table 8\nflow A 0 0 1 guard g 0\nstep S - ^ if 0") }
        #expect(throws: ProgramTable.TextError.self) { try ProgramTable(parsing: "flowgraph-table 8\nflow A 1 0 1 guard g 0\nstep S - ^ if 0") }
        #expect(throws: ProgramTable.TextError.self) {
            try ProgramTable(parsing: "flowgraph-table 8\nflow A 0 0 1 event e\nstep S - ^ on 0 restart 0")
        }
        // Version 9: a move's presentation on compact widths, after its lock; a cover's lock is the
        // sheet's it is there.
        let compact = try ProgramTable(parsing: "flowgraph-table 9\nflow A 0 0 1 guard g 0 event e event f\n"
                                          + "step S - ^ on 0 sheet 1 locked while 0 compact cover on 1 cover 1 locked compact sheet\nstep T - 0")
        #expect(compact.flows[0].steps[0].clauses.map { $0.actions[0].compact } == [.cover, .sheet])
        #expect(compact.flows[0].steps[0].clauses[1].actions[0].kind(in: .compact) == .sheet)
        #expect(compact.flows[0].steps[0].clauses[1].actions[0].kind(in: .regular) == .cover)
        #expect(try ProgramTable(parsing: compact.text).text == compact.text)
        for wrong in ["push 0 compact sheet", "cover 0 locked compact cover"] {
            let text = "flowgraph-table 9\nflow A 0 0 1 event e\nstep S - ^ on 0 " + wrong
            #expect(throws: ProgramTable.TextError.self) { try ProgramTable(parsing: text) }
        }
    }

    @Test func anAlertRecordReadsBackWithItsButtons() throws {
        let table = try ProgramTable(parsing: """
            flowgraph-table 1
            flow A 0 0 1 guard g 0 event e event yes event no
            step S - ^ on 0 dialog 1 on 1 push 1
            step T - 0
            alert Plain alert on 1 pop
            alert Ask dialog in post:PostID on 1 if 0 push 1 else pop close 2
            """)
        let flow = table.flows[0]
        #expect(flow.alerts.map(\.name) == ["Plain", "Ask"] && flow.alerts.map(\.isDialog) == [false, true])
        #expect(flow.alerts[1].inputs == ["post: PostID"])
        #expect(flow.alerts[1].buttons.map(\.trigger) == [1, 2])
        #expect(flow.alerts[1].buttons[0].clause?.actions.map(\.kind) == [.push, .pop])
        #expect(flow.alerts[1].buttons[1].clause == nil)
        #expect(flow.steps[0].clauses[0].actions[0].kind == .dialog && flow.steps[0].clauses[0].actions[0].target == 1)
        #expect(ProgramGraph(table).transitions.first?.target == "Ask")
    }

    @Test func theGraphOfADeepChainIsBuiltWithoutRecursion() throws {
        var lines = ["flowgraph-table 1", "flow Chain 0 0 1 event next"]
        let depth = 5_000
        for index in 0..<depth {
            lines.append("step S\(index) - \(index == 0 ? "^" : String(index - 1))" + (index + 1 < depth ? " on 0 push \(index + 1)" : ""))
        }
        let graph = ProgramGraph(try ProgramTable(parsing: lines.joined(separator: "\n")))
        #expect(graph.roots == ["Chain"])
        #expect(graph.steps.count == depth)
        #expect(graph.steps.last?.path.count == depth)
        #expect(graph.steps.last?.path.first == "Chain.S0")
        #expect(graph.steps[2].path == ["Chain.S0", "Chain.S1", "Chain.S2"])
        #expect(graph.transitions.count == depth - 1)
        let first = try #require(graph.transitions.first)
        #expect([first.flow, first.from, first.event, first.action, first.target] == ["Chain", "S0", "next", "push", "S1"])
        #expect(first.conditions.isEmpty && first.branch == 0)
    }
}
