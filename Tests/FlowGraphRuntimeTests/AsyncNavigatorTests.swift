import FlowGraphRuntime
import Testing

/// The runtime's asynchronous path: the same program with an async guard.
@MainActor
@Suite("Navigator, asynchronous")
struct AsyncNavigatorTests {
    typealias Nav = Navigator<AsyncShop>
    let guards = ShopGuards()
    let navigator: Nav

    init() { navigator = Nav(.root, guards: guards) }

    var main: Nav.RunningFlow { navigator.running(.main)! }

    @Test func theSameMovesAsTheSynchronousPath() async throws {
        await navigator.send(.main(.picked(item: 2)))
        #expect(await navigator.send(.main(.buy)).commands.first.map { if case .present(_, .cover, _, _) = $0 { true } else { false } } == true)
        await navigator.send(.main(.close))
        guards.signedIn = true
        await navigator.send(.main(.buy))
        let pay = try #require(main.layers[0].entries[0].subflow)
        let paid = await navigator.send(.pay(.confirm(amount: 5)))
        #expect(paid.isApplied && navigator.flows[pay] == nil)
        #expect(navigator.current == .main(.item(item: 2)))
        #expect(await navigator.open(url: "/items/8").isApplied)
        #expect(navigator.current == .main(.item(item: 8)))
    }

    @Test func aBackMoveThenAPushIsOneTransition() async {
        await navigator.send(.main(.picked(item: 1)))
        let stack = main.tabs[0].id
        #expect(await navigator.send(.main(.again(item: 2))).commands == [.pop(stack), .push(.main(.item(item: 2)), on: stack)])
        #expect(main.top.screens == [.main(.list), .main(.item(item: 2))])
    }

    @Test func aStartDecidedByAGuardIsAskedAtOnceEvenInAnAsyncProgram() {
        guards.guest = true
        #expect(Nav(.root, guards: guards).current == .root(.other))
    }

    @Test func aSecondSendWaitsForTheFirstAcrossItsGuard() async {
        await navigator.send(.main(.picked(item: 1)))
        guards.signedIn = true
        guards.holds = true
        let navigator = self.navigator
        let buy = Task { await navigator.send(.main(.buy)) }
        while !guards.isHolding { await Task.yield() }
        let close = Task { await navigator.send(.main(.close)) }
        for _ in 0..<20 { await Task.yield() }
        #expect(navigator.current == .main(.item(item: 1)))  // nothing moved while the guard was asked
        guards.release()
        #expect(await buy.value.isApplied)
        // It then runs in the checkout, whose flow does not handle it (run first, it would have been unhandled too, at the item).
        #expect(await close.value.status == .unhandled)
        #expect(navigator.current == .pay(.card))
    }

    @Test func aSendWhoseScreenTheUserLeftIsCancelled() async {
        await navigator.send(.main(.picked(item: 1)))
        guards.holds = true
        let navigator = self.navigator
        let buy = Task { await navigator.send(.main(.buy)) }
        while !guards.isHolding { await Task.yield() }
        navigator.userWentBack(in: main.tabs[0].id, to: 1)
        guards.release()
        #expect(await buy.value == .init(status: .cancelled, commands: []))
        #expect(navigator.current == .main(.list))
        #expect(main.layers.isEmpty)
    }

    @Test func anAsyncGuardIsAskedWithItsArgumentsFromTheEventOrTheLink() async {
        guards.unnotable = [2]
        await navigator.send(.main(.picked(item: 2)))
        #expect(await navigator.send(.main(.note(item: 2, text: nil))) == .init(status: .blocked(by: .canNote), commands: []))
        #expect(navigator.current == .main(.item(item: 2)))
        await navigator.send(.main(.same(item: 1)))
        #expect(await navigator.send(.main(.note(item: 1, text: "a"))).isApplied)
        #expect(navigator.current == .main(.note(item: 1, text: "a")))
        #expect(await navigator.open(url: "/items/2/note").status == .blocked(by: .canNote))
        #expect(navigator.current == .main(.item(item: 2)))
        #expect(await navigator.send(.main(.peek)).status == .unhandled)  // Item does not handle it
        navigator.userWentBack(in: main.tabs[0].id, to: 1)
        #expect(await navigator.send(.main(.peek)).status == .impossible)  // no item to ask about
        #expect(guards.notesAsked == [2, 1, 2])
    }

    @Test func linksOpenAndAnUnmatchedURLIsUnhandled() async {
        #expect(await navigator.open(url: "/items/3/note?text=a").isApplied)
        #expect(navigator.current == .main(.note(item: 3, text: "a")))
        #expect(await navigator.open(url: "/missing").status == .unhandled)
    }

    @Test func aMoveWithAtAsksThePathsGuardsAsynchronously() async {
        await navigator.send(.main(.picked(item: 2)))
        guards.hasCard = false
        let blocked = await navigator.send(.main(.quickBuy(amount: 7)))
        #expect(blocked.status == .blocked(by: .hasCard))
        #expect(navigator.current == .pay(.card))
        navigator.userDismissed(main.layers[0].id)
        guards.hasCard = true
        #expect(await navigator.send(.main(.quickBuy(amount: 7))).isApplied)
        #expect(navigator.current == .pay(.receipt(amount: 7)))
        #expect(main.layers.count == 1)
    }
}
