import Testing
@testable import FlowGraph

/// The preview's simulator (issue 29 §4): the runtime's navigator driven one action at a time;
/// what it shows is the navigator's, the session is a journey that holds, undo and a new version
/// of the program replay the session.
@MainActor
@Suite("The navigation simulator")
struct NavigationSimulatorTests {
    static let app = """
        flow App {
            start Home
            guard isSignedIn
            link "/items/{item}" -> Item
            step Home {
                on itemPicked(item: Int) -> push Item
                on accountTapped -> push Account if isSignedIn else sheet Login
                on moreTapped -> alert More
            }
            step Item(item: Int)
            step Account
            step Login {
                on cancelTapped -> dismiss
            }
            alert More {
                on refreshTapped
            }
        }

        """

    static func state(_ simulator: NavigationSimulator) -> [String: JSONValue] {
        guard case .object(let members) = simulator.state else { return [:] }
        return Dictionary(members, uniquingKeysWith: { first, _ in first })
    }

    @Test func eachActionIsTheNavigatorsMoveAndTheSessionIsAJourneyThatHolds() throws {
        let source = SourceFile(path: "app.flow", text: Self.app)
        let simulator = try #require(NavigationSimulator(Compiler.compile([source]), edgesByAction: [:]))
        #expect(Self.state(simulator)["top"] == .string("App.Home"))
        try simulator.perform(.send(event: "itemPicked", values: ["item": "42"]))
        #expect(Self.state(simulator)["top"] == .string("App.Item"))
        #expect(Self.state(simulator)["shows"] == .string("Item(item: 42)"))
        try simulator.perform(.back)
        try simulator.perform(.answer(guardName: "isSignedIn", holds: false))
        try simulator.perform(.send(event: "accountTapped", values: [:]))
        #expect(Self.state(simulator)["shows"] == .string("sheet Login"))
        try simulator.perform(.swipe)
        try simulator.perform(.send(event: "moreTapped", values: [:]))
        #expect(Self.state(simulator)["shows"] == .string("alert More"))
        try simulator.perform(.send(event: "refreshTapped", values: [:]))
        try simulator.perform(.open(url: "/items/7"))
        #expect(Self.state(simulator)["shows"] == .string("Item(item: 7)"))
        // Refused, and nothing changes: an event no flow on screen has, a value of the wrong type.
        #expect(throws: NavigationSimulator.Refusal.self) { try simulator.perform(.send(event: "noSuchEvent", values: [:])) }
        try simulator.perform(.back)
        #expect(throws: NavigationSimulator.Refusal.self) { try simulator.perform(.send(event: "itemPicked", values: ["item": "many"])) }
        #expect(Self.state(simulator)["top"] == .string("App.Home"))
        // The session, pasted next to the flows: `check` proves it.
        let journey = simulator.journey
        #expect(journey.contains("given !isSignedIn"))
        let checked = Compiler.compileAndRunJourneys([source, SourceFile(path: "session.flow", text: journey)])
        #expect(checked.diagnostics.isEmpty, "\(findings(checked))\n\(journey)")
        #expect(checked.program?.journeys.count == 1)
    }

    @Test func undoReplaysTheSessionWithoutItsLastActionAndASaveCarriesItOver() throws {
        let source = SourceFile(path: "app.flow", text: Self.app)
        let simulator = try #require(NavigationSimulator(Compiler.compile([source]), edgesByAction: [:]))
        try simulator.perform(.answer(guardName: "isSignedIn", holds: false))
        try simulator.perform(.send(event: "accountTapped", values: [:]))
        simulator.undo()
        #expect(Self.state(simulator)["top"] == .string("App.Home"))
        #expect(Self.state(simulator)["lines"] == .array([.string("given !isSignedIn")]))
        try simulator.perform(.send(event: "accountTapped", values: [:]))
        // The program changed: Login is now a cover; the session goes on in the new program.
        let edited = SourceFile(path: "app.flow", text: Self.app.replacingOccurrences(of: "else sheet Login", with: "else cover Login"))
        let carried = try #require(simulator.carried(to: Compiler.compile([edited]), edgesByAction: [:]))
        #expect(Self.state(carried)["shows"] == .string("cover Login"))
        #expect(Self.state(carried)["notice"] == .null)
        // A step the session went through is gone: it goes as far as it can, and says so.
        let removed = SourceFile(path: "app.flow", text: Self.app.replacingOccurrences(of: "on accountTapped", with: "on profileTapped"))
        let shortened = try #require(simulator.carried(to: Compiler.compile([removed]), edgesByAction: [:]))
        guard case .string(let notice)? = Self.state(shortened)["notice"] else { Issue.record("no notice"); return }
        #expect(notice.contains("action 2 of 2"))
        simulator.restart()
        #expect(Self.state(simulator)["lines"] == .array([]))
        #expect(Self.state(simulator)["canUndo"] == .bool(false))
    }
}
