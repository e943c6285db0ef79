import FlowGraphRuntime
import Testing

/// The runtime's synchronous path, on a program written by hand (TestProgram.swift).
@MainActor
@Suite("Navigator, synchronous")
struct SyncNavigatorTests {
    typealias Nav = Navigator<SyncShop>
    let guards = ShopGuards()
    let navigator: Nav

    init() { navigator = Nav(.root, guards: guards) }

    var main: Nav.RunningFlow { navigator.running(.main)! }
    var mainStack: Nav.StackID { main.tabs[0].id }

    @Test func startsAtTheFirstScreenOfEveryTab() {
        #expect(navigator.current == .main(.list))
        #expect(navigator.chain.map(\.flow) == [.root, .main])
        #expect(navigator.chain[0].tabs.map(\.screens) == [[.root(.home)], [.root(.other)]])
        #expect(navigator.initialCommands.count == 5)  // setRoot, start, setRoot, setRoot, selectTab
    }

    @Test func aStartDecidedByAGuardIsAskedWhenTheFlowStarts() {
        #expect(navigator.chain[0].selectedTab == 0)  // not a guest: Home
        guards.guest = true
        let guest = Nav(.root, guards: guards)
        #expect(guest.chain[0].selectedTab == 1)
        #expect(guest.current == .root(.other))
        #expect(guest.initialCommands.last == .selectTab(.root(.other), index: 1, in: guest.rootID))
    }

    @Test func pushCarriesThePayloadAndEveryPushIsANewEntry() throws {
        let first = navigator.send(.main(.picked(item: 1)))
        #expect(first == .init(status: .applied, commands: [.push(.main(.item(item: 1)), on: mainStack)]))
        let pushed = main.top.entries[1].id
        navigator.userWentBack(in: mainStack, to: 1)
        navigator.send(.main(.again(item: 1)))
        // The same screen pushed again is a new entry: a view built from state is built anew.
        let entries = main.top.entries
        #expect(entries.map(\.screen) == [.main(.list), .main(.item(item: 1))])
        #expect(entries[1].id != pushed)
    }

    @Test func aBackMoveThenAPushIsOneTransition() {
        navigator.send(.main(.picked(item: 1)))
        let records = navigator.history.count
        let outcome = navigator.send(.main(.again(item: 2)))
        #expect(outcome == .init(status: .applied, commands: [.pop(mainStack), .push(.main(.item(item: 2)), on: mainStack)]))
        #expect(main.top.screens == [.main(.list), .main(.item(item: 2))])
        #expect(navigator.history.count == records + 1)
        #expect(outcome.description.contains("pop") && outcome.description.contains("push"))
    }

    @Test func replaceAndRootToAnEqualScreenGiveANewEntryAndKeepTheOthers() throws {
        navigator.send(.main(.picked(item: 1)))
        let before = main.top.entries
        navigator.send(.main(.same(item: 1)))
        let replaced = main.top.entries
        #expect(replaced.map(\.screen) == before.map(\.screen))
        #expect(replaced[0].id == before[0].id)  // the entry that stays keeps its id
        #expect(replaced[1].id != before[1].id)
        navigator.send(.main(.restart(item: 1)))
        let rooted = main.top.entries
        #expect(rooted.map(\.screen) == [.main(.item(item: 1))])
        #expect(!before.map(\.id).contains(rooted[0].id) && rooted[0].id != replaced[1].id)
    }

    @Test func aGuardTakesItsElseAndIsAskedOnce() {
        navigator.send(.main(.picked(item: 2)))
        let login = navigator.send(.main(.buy))
        #expect(guards.asked == 1)
        let layer = main.layers[0]
        #expect(layer.style == .cover)
        #expect(login.commands == [.present(.main(.login), style: .cover, stack: layer.id, by: main.id)])
        #expect(navigator.send(.main(.close)).commands == [.dismiss(layer.id)])
        guards.signedIn = true
        navigator.send(.main(.buy))
        #expect(main.layers[0].style == .sheet)
        #expect(navigator.current == .pay(.card))
    }

    @Test func anExitGoesToTheHandlerOfTheStepThatRunsTheFlow() throws {
        guards.signedIn = true
        navigator.send(.main(.picked(item: 2)))
        navigator.send(.main(.buy))
        let sheet = main.layers[0].id
        let pay = try #require(main.layers[0].entries[0].subflow)
        let item = main.tabs[0].entries[1].id
        let paid = navigator.send(.pay(.confirm(amount: 30)))
        // Item, shown again, receives the exit's amount (DeliveryTests).
        #expect(paid.commands == [.finish(pay, exit: "paid"), .dismiss(sheet),
                                  .deliver(.main(.item(text: nil, amount: 30)), to: item, on: mainStack)])
        #expect(navigator.flows[pay] == nil)
        #expect(navigator.current == .main(.item(item: 2)))
    }

    @Test func aHandlerThatLeavesTheRunnerOnScreenStartsItsFlowAgain() throws {
        guards.signedIn = true
        navigator.send(.main(.picked(item: 2)))
        navigator.send(.main(.buy))
        let sheet = main.layers[0].id
        let pay = try #require(main.layers[0].entries[0].subflow)
        let cancelled = navigator.send(.pay(.cancel))
        let restarted = try #require(main.layers[0].entries[0].subflow)
        #expect(restarted != pay)
        let payStack = try #require(navigator.flows[restarted]?.tabs[0].id)
        #expect(cancelled.commands == [
            .finish(pay, exit: "cancelled"), .push(.main(.login), on: sheet),
            .start(restarted, flow: .pay, stacks: [payStack], in: sheet, index: 0), .setRoot(.pay(.card), on: payStack),
        ])
        #expect(navigator.current == .main(.login))
    }

    @Test func flowLevelClausesOfAParentHandleEventsFromInside() {
        navigator.userSelectedTab(1, in: navigator.rootID)
        #expect(navigator.current == .root(.other))
        #expect(navigator.send(.main(.picked(item: 1))).status == .unhandled)  // Main is in the other tab
        let home = navigator.send(.root(.homeTapped))
        #expect(home.commands == [.selectTab(.root(.home), index: 0, in: navigator.rootID)])
        #expect(navigator.current == .main(.list))
    }

    @Test func whatCannotActIsImpossibleAndWhatNothingHandlesIsUnhandled() {
        #expect(navigator.send(.main(.close)).status == .unhandled)  // List does not handle it
        navigator.send(.main(.picked(item: 1)))
        navigator.send(.main(.note(item: 1, text: nil)))
        #expect(navigator.send(.main(.close)).commands == [.pop(mainStack)])
        #expect(navigator.current == .main(.item(item: 1)))
        navigator.send(.main(.note(item: 1, text: nil)))
        #expect(navigator.send(.main(.back)).commands == [.popTo(.main(.list), index: 0, on: mainStack)])
        #expect(navigator.userWentBack(in: mainStack, to: 1).status == .impossible)
        #expect(navigator.userDismissed(mainStack).status == .impossible)
        #expect(navigator.userSelectedTab(7, in: navigator.rootID).status == .impossible)
    }

    @Test func linksOpenAlongTheirPathWithTheirValues() {
        navigator.userSelectedTab(1, in: navigator.rootID)
        let opened = navigator.open(url: "/items/4/note?text=hi%20there")
        #expect(opened.isApplied)
        #expect(main.top.screens == [.main(.list), .main(.item(item: 4)), .main(.note(item: 4, text: "hi there"))])
        #expect(navigator.chain[0].selectedTab == 0)
        navigator.open(url: "/items/5/note")  // the optional query placeholder left out
        #expect(navigator.current == .main(.note(item: 5, text: nil)))
        #expect(navigator.open(url: "/items/five").status == .unhandled)  // does not convert
        #expect(navigator.open(url: "/nowhere").status == .unhandled)
        if case .unmatchedURL("/nowhere") = navigator.history.last?.cause {} else { Issue.record("no unmatched URL in the history") }
        #expect(SyncShop.link(url: "shop://items/9") == .main(.item(item: 9)))
        #expect(SyncShop.screen(opening: .main(.note(item: 2, text: "x"))) == .main(.note(item: 2, text: "x")))
    }

    @Test func aGuardIsAskedWithItsArgumentsFromTheEventOrTheLink() {
        guards.unnotable = [2]
        navigator.send(.main(.picked(item: 1)))
        #expect(navigator.send(.main(.note(item: 1, text: nil))).isApplied)
        #expect(navigator.current == .main(.note(item: 1, text: nil)))
        navigator.send(.main(.close))
        navigator.send(.main(.same(item: 2)))
        #expect(navigator.send(.main(.note(item: 2, text: "x"))) == .init(status: .blocked(by: .canNote), commands: []))
        #expect(navigator.current == .main(.item(item: 2)))
        // A link asks it with the URL's values: it stops on the screen whose clause was refused.
        #expect(navigator.open(url: "/items/2/note?text=y").status == .blocked(by: .canNote))
        #expect(main.top.screens == [.main(.list), .main(.item(item: 2))])
        #expect(navigator.open(url: "/items/3/note?text=y").isApplied)
        #expect(guards.notesAsked == [1, 2, 2, 3])
        #expect(guards.asked == 0)  // `signedIn` was never asked
    }

    @Test func aGuardWhoseArgumentsTheSourceCannotGiveMakesTheCallImpossible() {
        // `peek` carries no item (the compiler would refuse the program): the app is not asked.
        #expect(navigator.send(.main(.peek)) == .init(status: .impossible, commands: []))
        #expect(guards.notesAsked.isEmpty && navigator.current == .main(.list))
    }

    @Test func historyCanBeClearedAndItsLimitChanged() {
        var observed = 0
        var added = 0
        navigator.observer = { _ in observed += 1 }
        navigator.addObserver { _ in added += 1 }
        for item in 1...4 {
            navigator.send(.main(.picked(item: item)))
            navigator.userWentBack(in: mainStack, to: 1)
        }
        #expect(navigator.history.count == 8)
        #expect(observed == 8 && added == 8)
        navigator.historyLimit = 3
        #expect(navigator.history.count == 3)
        #expect(navigator.history.map(\.outcome.status) == [.applied, .applied, .applied])
        navigator.historyLimit = 10
        navigator.send(.main(.close))
        #expect(navigator.history.count == 4)
        navigator.clearHistory()
        #expect(navigator.history.isEmpty)
        navigator.send(.main(.close))
        #expect(navigator.history.count == 1)
    }

    @Test func commandsOutcomesAndScreensPrintShortly() {
        let outcome = navigator.send(.main(.note(item: 1, text: nil)))
        #expect("\(outcome)" == "unhandled")
        navigator.send(.main(.picked(item: 3)))
        let note = navigator.send(.main(.note(item: 3, text: "hi")))
        #expect("\(ShopScreen.main(.note(item: 3, text: "hi")))" == "Main.Note(item: 3, text: hi)")
        #expect("\(ShopScreen.main(.note(item: 3, text: nil)))" == "Main.Note(item: 3, text: nil)")
        #expect("\(ShopScreen.main(.list))" == "Main.List")
        #expect("\(note)" == "applied: push Main.Note(item: 3, text: hi) on \(mainStack)")
        #expect("\(mainStack)".hasPrefix("stack#"))
        let blocked = Nav.Outcome(status: .blocked(by: .signedIn), commands: [])
        #expect("\(blocked)" == "blocked by Main.signedIn")
    }

    @Test func aMoveWithAtStartsTheSubflowAndFollowsItsPathAsOneTransition() throws {
        navigator.send(.main(.picked(item: 2)))
        let records = navigator.history.count
        let outcome = navigator.send(.main(.quickBuy(amount: 40)))
        let sheet = main.layers[0]
        let pay = try #require(sheet.entries[0].subflow)
        let payStack = try #require(navigator.flows[pay]?.tabs[0].id)
        #expect(outcome == .init(status: .applied, commands: [
            .present(.main(.checkout), style: .sheet, stack: sheet.id, by: main.id),
            .start(pay, flow: .pay, stacks: [payStack], in: sheet.id, index: 0), .setRoot(.pay(.card), on: payStack),
            .push(.pay(.receipt(amount: 40)), on: payStack),
        ]))
        #expect(navigator.current == .pay(.receipt(amount: 40)))
        #expect(navigator.flows[pay]?.tabs[0].screens == [.pay(.card), .pay(.receipt(amount: 40))])
        #expect(navigator.history.count == records + 1)
    }

    @Test func aGuardOnTheAtPathStopsItAfterTheMoveAndNamesTheGuard() throws {
        navigator.send(.main(.picked(item: 2)))
        guards.hasCard = false
        let outcome = navigator.send(.main(.quickBuy(amount: 40)))
        // Checkout is shown, Pay starts at Card, and the path stops before the push the guard refused.
        #expect(outcome.status == .blocked(by: .hasCard))
        #expect(outcome.commands.count == 3)
        #expect(main.layers.map(\.style) == [.sheet])
        #expect(navigator.current == .pay(.card))
    }
}
