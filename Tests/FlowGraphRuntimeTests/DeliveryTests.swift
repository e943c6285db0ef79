import FlowGraphRuntime
import Testing

/// Results handed back, on the program written by hand (TestProgram.swift): Item receives the
/// text Note saves and the amount the payment subflow's exit carries, when a back move shows it
/// again.
@MainActor
@Suite("Navigator, results handed back")
struct DeliveryTests {
    typealias Nav = Navigator<SyncShop>
    let guards = ShopGuards()
    let navigator: Nav

    init() { navigator = Nav(.root, guards: guards) }

    var main: Nav.RunningFlow { navigator.running(.main)! }
    var mainStack: Nav.StackID { main.tabs[0].id }

    /// List, then Item 4, then its note on top.
    func openNote() throws -> Nav.EntryID {
        navigator.send(.main(.picked(item: 4)))
        let item = main.top.entries[1].id
        try #require(navigator.send(.main(.note(item: 4, text: nil))).isApplied)
        #expect(navigator.current == .main(.note(item: 4, text: nil)))
        return item
    }

    @Test func aPopWithAPayloadHandsTheScreenBelowWhatItReceives() throws {
        let item = try openNote()
        let saved = navigator.send(.main(.saved(text: "Great")))
        #expect(saved == .init(status: .applied, commands: [
            .pop(mainStack), .deliver(.main(.item(text: "Great", amount: nil)), to: item, on: mainStack),
        ]))
        #expect(navigator.current == .main(.item(item: 4)))
        #expect(saved.description.contains("; deliver ") && saved.description.hasSuffix(" to \(item) on \(mainStack)"))
    }

    @Test func aBackMoveWithoutAPayloadOrTheBackButtonHandsNothing() throws {
        _ = try openNote()
        #expect(navigator.send(.main(.close)).commands == [.pop(mainStack)])
        _ = navigator.send(.main(.note(item: 4, text: nil)))
        #expect(navigator.userWentBack(in: mainStack, to: 2).commands.isEmpty)
        #expect(navigator.current == .main(.item(item: 4)))
    }

    @Test func aSubflowsExitHandsItsValuesToTheStepItsHandlerShowsAgain() throws {
        guards.signedIn = true
        navigator.send(.main(.picked(item: 2)))
        let item = main.top.entries[1].id
        navigator.send(.main(.buy))
        let sheet = main.layers[0].id
        let pay = try #require(main.layers[0].entries[0].subflow)
        let paid = navigator.send(.pay(.confirm(amount: 12)))
        #expect(paid.commands == [
            .finish(pay, exit: "paid"), .dismiss(sheet), .deliver(.main(.item(text: nil, amount: 12)), to: item, on: mainStack),
        ])
        // `cancelled` carries nothing: its handler's push hands nothing over either.
        navigator.send(.main(.buy))
        #expect(!navigator.send(.pay(.cancel)).commands.contains { if case .deliver = $0 { true } else { false } })
    }

    @Test func aBackMoveThatCannotBeMadeHandsNothing() {
        // On List, `saved` is handled by no clause: nothing moves, nothing is handed over.
        #expect(navigator.send(.main(.saved(text: "x"))) == .init(status: .unhandled, commands: []))
    }

    @Test func theTableSaysWhichStepsReceive() {
        let steps = SyncShop.table.flows[1].steps
        #expect(steps.map(\.receives) == [[], ["text: String?", "amount: Int?"], [], [], []])
        let item = Nav.graph.steps.first { $0.flow == "Main" && $0.name == "Item" }
        #expect(item?.receives == ["text: String?", "amount: Int?"])
    }
}
