import FlowGraphRuntime
import Testing

// FlowNavigator, Store, Login, App and Account exist only because FlowGraphPlugin generated
// FlowRouter.swift from App.flow while this target was built: no generated file is checked in.

/// The app's guards, as a test sets them: answers, and a payment that can be held.
@MainActor
final class TestGuards: FlowRouter.Guards {
    var signedIn = false
    var passcode = true
    var authenticated = true
    var paymentAccepted = true
    /// The orders `canOpenOrder` allows, by number.
    var openableOrders: Set<Int> = []
    var holdsPayment = false
    private(set) var asked: [String] = []
    private var held: CheckedContinuation<Void, Never>?

    var isHoldingPayment: Bool { held != nil }

    func isSignedIn() -> Bool {
        asked.append("isSignedIn")
        return signedIn
    }

    func hasPasscode() -> Bool {
        asked.append("hasPasscode")
        return passcode
    }

    var locked = false
    func isLocked() -> Bool { locked }

    var reviewDraft = false
    func hasReviewDraft() -> Bool {
        asked.append("hasReviewDraft")
        return reviewDraft
    }

    func isAuthenticated() -> Bool {
        asked.append("isAuthenticated")
        return authenticated
    }

    func canOpenOrder(order: OrderID) -> Bool {
        asked.append("canOpenOrder \(order.number)")
        return openableOrders.contains(order.number)
    }

    func canPay() async -> Bool {
        asked.append("canPay")
        if holdsPayment { await withCheckedContinuation { held = $0 } }
        return paymentAccepted
    }

    func releasePayment() {
        held?.resume()
        held = nil
    }
}

@MainActor
@Suite("The generated navigator, driven as an app would")
struct NavigatorTests {
    let guards = TestGuards()
    let navigator: FlowNavigator

    init() {
        navigator = FlowNavigator(.app, guards: guards)
    }

    var app: FlowNavigator.RunningFlow { navigator.chain[0] }
    var store: FlowNavigator.RunningFlow { navigator.running(.store)! }
    var storeStack: FlowNavigator.StackID { store.tabs[0].id }

    /// Catalog → Item 1 → Checkout 1, signed in.
    func goToCheckout() async {
        guards.signedIn = true
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        await navigator.send(Store.Event.buyTapped(item: ItemID(1)))
        #expect(navigator.current == .store(.checkout(item: ItemID(1))))
    }

    @Test func startsAtTheFirstScreenOfTheRootWithEveryTabsSubflowRunning() throws {
        #expect(navigator.current == .store(.catalog))
        let account = try #require(navigator.running(.account))
        #expect(navigator.initialCommands == [
            .setRoot(.app(.shop), on: app.tabs[0].id),
            .start(store.id, flow: .store, stacks: [storeStack], in: app.tabs[0].id, index: 0),
            .setRoot(.store(.catalog), on: storeStack),
            .setRoot(.app(.profile), on: app.tabs[1].id),
            .start(account.id, flow: .account, stacks: [account.tabs[0].id], in: app.tabs[1].id, index: 0),
            .setRoot(.account(.overview), on: account.tabs[0].id),
            .selectTab(.app(.shop), index: 0, in: app.id),
        ])
        #expect(navigator.chain.map(\.flow) == [.app, .store])
        #expect(app.tabs.map(\.screens) == [[.app(.shop)], [.app(.profile)]])
        #expect(app.tabs.map(\.style) == [.tab, .tab])
        #expect(Set(navigator.flows.values.map(\.flow)) == [.app, .store, .account])
    }

    @Test func pushDeliversThePayloadIntoTheStepsInputs() async {
        let outcome = await navigator.send(Store.Event.itemPicked(item: ItemID(7)))
        #expect(outcome == .init(status: .applied, commands: [.push(.store(.item(item: ItemID(7))), on: storeStack)]))
        #expect(navigator.current == .store(.item(item: ItemID(7))))
        #expect(store.top.screens == [.store(.catalog), .store(.item(item: ItemID(7)))])
    }

    @Test func aSyncGuardAllowsOrTakesItsElse() async throws {
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        guards.signedIn = true
        let allowed = await navigator.send(Store.Event.buyTapped(item: ItemID(1)))
        #expect(allowed.commands == [.push(.store(.checkout(item: ItemID(1))), on: storeStack)])
        navigator.userWentBack(in: storeStack, to: 2)

        guards.signedIn = false
        let otherwise = await navigator.send(Store.Event.buyTapped(item: ItemID(1)))
        let sheet = try #require(store.layers.last)
        let login = try #require(sheet.entries[0].subflow)
        let loginStack = try #require(navigator.flows[login]?.tabs[0].id)
        #expect(otherwise.commands == [
            .present(.store(.signIn), style: .sheet, stack: sheet.id, by: store.id),
            .start(login, flow: .login, stacks: [loginStack], in: sheet.id, index: 0),
            .setRoot(.login(.credentials), on: loginStack),
        ])
        #expect(navigator.current == .login(.credentials))
        #expect(guards.asked == ["isSignedIn", "isSignedIn"])
    }

    @Test func aGuardWithoutElseBlocksAndNothingChanges() async {
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        let outcome = await navigator.send(Store.Event.reviewTapped)
        #expect(outcome == .init(status: .blocked(by: .store(.isSignedIn)), commands: []))
        #expect(navigator.current == .store(.item(item: ItemID(1))))
        guards.signedIn = true
        #expect(await navigator.send(Store.Event.reviewTapped).isApplied)
    }

    @Test func anAsyncGuardAllowsTakesItsElseOrBlocks() async {
        await goToCheckout()
        let paid = await navigator.send(Store.Event.payTapped(item: ItemID(1), amount: 30))
        #expect(paid.commands == [.push(.store(.receipt(item: ItemID(1), amount: 30)), on: storeStack)])
        navigator.userWentBack(in: storeStack, to: 3)

        guards.paymentAccepted = false
        let declined = await navigator.send(Store.Event.payTapped(item: ItemID(1), amount: 30))
        #expect(declined.commands == [.push(.store(.declined), on: storeStack)])
        #expect(await navigator.send(Store.Event.okTapped).commands == [.pop(storeStack)])

        let express = await navigator.send(Store.Event.expressPayTapped(item: ItemID(1), amount: 30))
        #expect(express.status == .blocked(by: .store(.canPay)))
        #expect(navigator.current == .store(.checkout(item: ItemID(1))))
    }

    @Test func replacePopToAndRoot() async {
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        let replaced = await navigator.send(Store.Event.relatedPicked(item: ItemID(2)))
        #expect(replaced.commands == [.replace(.store(.item(item: ItemID(2))), on: storeStack)])
        #expect(store.top.screens == [.store(.catalog), .store(.item(item: ItemID(2)))])

        guards.signedIn = true
        await navigator.send(Store.Event.buyTapped(item: ItemID(2)))
        let back = await navigator.send(Store.Event.cancelTapped)
        #expect(back.commands == [.popTo(.store(.catalog), index: 0, on: storeStack)])
        #expect(store.top.screens == [.store(.catalog)])

        await goToCheckout()
        await navigator.send(Store.Event.payTapped(item: ItemID(1), amount: 5))
        let root = await navigator.send(Store.Event.doneTapped)
        #expect(root.commands == [.setRoot(.store(.catalog), on: storeStack)])
        #expect(store.top.screens == [.store(.catalog)])
    }

    @Test func sheetAndCoverArePresentedAndDismissed() async throws {
        let cover = await navigator.send(Store.Event.promoTapped)
        let layer = try #require(store.layers.last)
        #expect(layer.style == .cover)
        #expect(cover.commands == [.present(.store(.promo), style: .cover, stack: layer.id, by: store.id)])
        #expect(await navigator.send(Store.Event.closeTapped).commands == [.dismiss(layer.id)])
        #expect(store.layers.isEmpty)

        await navigator.send(Store.Event.searchTapped)
        let sheet = try #require(store.layers.last)
        #expect(sheet.style == .sheet)
        let result = await navigator.send(Store.Event.closeTapped)
        #expect(result.commands == [.dismiss(sheet.id)])
        #expect(navigator.current == .store(.catalog))
    }

    @Test func aBackMoveThenAScreenIsOneTransition() async throws {
        // Dismiss, then present: the cover goes and the search sheet takes its place.
        await navigator.send(Store.Event.promoTapped)
        let cover = try #require(store.layers.last)
        let records = navigator.history.count
        let present = await navigator.send(Store.Event.searchTapped)
        let sheet = try #require(store.layers.last)
        #expect(store.layers.count == 1 && sheet.style == .sheet)
        #expect(present.commands == [.dismiss(cover.id), .present(.store(.search), style: .sheet, stack: sheet.id, by: store.id)])
        #expect(navigator.history.count == records + 1)

        // Dismiss, then push: the sheet goes and the picked item is pushed on the catalog under it.
        let pick = await navigator.send(Store.Event.resultPicked(item: ItemID(3)))
        #expect(pick.status == .applied)
        #expect(pick.commands == [.dismiss(sheet.id), .push(.store(.item(item: ItemID(3))), on: storeStack)])
        #expect(store.layers.isEmpty)
        #expect(store.tabs[0].screens == [.store(.catalog), .store(.item(item: ItemID(3)))])
    }

    @Test func closePopsAPushedScreenAndDismissesAPresentedOne() async throws {
        await navigator.send(Store.Event.helpTapped)
        let sheet = try #require(store.layers.last)
        #expect(navigator.current == .store(.help))
        #expect(await navigator.send(Store.Event.closeTapped).commands == [.dismiss(sheet.id)])
        #expect(store.layers.isEmpty)
        #expect(navigator.current == .store(.catalog))

        await navigator.send(Store.Event.itemPicked(item: ItemID(2)))
        await navigator.send(Store.Event.helpTapped)
        #expect(store.tabs[0].screens == [.store(.catalog), .store(.item(item: ItemID(2))), .store(.help)])
        #expect(await navigator.send(Store.Event.closeTapped).commands == [.pop(storeStack)])
        #expect(store.layers.isEmpty)
        #expect(navigator.current == .store(.item(item: ItemID(2))))
    }

    @Test func aSubflowsExitIsHandledByTheStepThatRunsIt() async throws {
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        await navigator.send(Store.Event.buyTapped(item: ItemID(1)))
        let sheet = try #require(store.layers.last)
        let login = try #require(sheet.entries[0].subflow)
        await navigator.send(Login.Event.forgotTapped)
        #expect(navigator.current == .login(.reset))

        let outcome = await navigator.send(Login.Event.submitted(user: UserID(name: "ada")))
        #expect(outcome == .init(status: .unhandled, commands: []))  // Reset does not handle it

        let item = try #require(store.tabs[0].entries.last).id
        await navigator.send(Login.Event.sent(email: "ada@example.com"))
        let exited = await navigator.send(Login.Event.submitted(user: UserID(name: "ada")))
        // Item, shown again, receives the exit's user (see aBackMoveHandsItsPayloadToTheScreenItShowsAgain).
        #expect(exited.commands == [.finish(login, exit: "signedIn"), .dismiss(sheet.id),
                                    .deliver(.store(.item(user: UserID(name: "ada"))), to: item, on: store.tabs[0].id)])
        #expect(navigator.flows[login] == nil)
        #expect(navigator.current == .store(.item(item: ItemID(1))))
    }

    @Test func aBackMoveHandsItsPayloadToTheScreenItShowsAgain() async throws {
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        await navigator.send(Store.Event.buyTapped(item: ItemID(1)))
        let login = try #require(store.layers.last?.entries[0].subflow)
        let loginStack = try #require(navigator.flows[login]?.tabs[0])
        let credentials = loginStack.entries[0].id
        await navigator.send(Login.Event.forgotTapped)

        // The pop shows Credentials again, which receives the address: typed, as the app reads it.
        let sent = await navigator.send(Login.Event.sent(email: "ada@example.com"))
        #expect(sent.commands == [.pop(loginStack.id), .deliver(.login(.credentials(email: "ada@example.com")), to: credentials, on: loginStack.id)])
        guard case .deliver(.login(let value), _, _)? = sent.commands.last else {
            Issue.record("no value handed back")
            return
        }
        let received: Login.Received = value
        #expect(received == .credentials(email: "ada@example.com"))

        // The exit `cancelled` carries nothing: its handler's dismiss shows Item again, handing it nothing.
        let cancelled = await navigator.send(Login.Event.cancelTapped)
        #expect(cancelled.isApplied && store.layers.isEmpty)
        #expect(navigator.current == .store(.item(item: ItemID(1))))
        #expect(!cancelled.commands.contains { if case .deliver = $0 { true } else { false } })
    }

    @Test func flowLevelEventsBubbleFromNestedFlows() async throws {
        #expect(navigator.userSelectedTab(1, in: app.id).isApplied)
        #expect(navigator.current == .account(.overview))
        await navigator.send(Account.Event.ordersTapped)
        #expect(navigator.chain.map(\.flow) == [.app, .account])

        // An event of the root tabs flow, sent from a screen of the Account flow.
        let home = await navigator.send(App.Event.homeTapped)
        #expect(home.commands == [.selectTab(.app(.shop), index: 0, in: app.id)])
        #expect(navigator.current == .store(.catalog))

        // Root in the tab bar: the store tab starts over, with a new Store flow.
        let oldStore = store.id
        await navigator.send(Store.Event.itemPicked(item: ItemID(4)))
        let signedOut = await navigator.send(App.Event.signedOut)
        #expect(signedOut.commands == [
            .setRoot(.app(.shop), on: app.tabs[0].id),
            .start(store.id, flow: .store, stacks: [storeStack], in: app.tabs[0].id, index: 0),
            .setRoot(.store(.catalog), on: storeStack),
        ])
        #expect(store.id != oldStore)
        #expect(navigator.flows[oldStore] == nil)
        #expect(navigator.current == .store(.catalog))
    }

    @Test func aGuardIsAskedWithTheArgumentThePayloadCarries() async throws {
        guards.openableOrders = [1]
        navigator.userSelectedTab(1, in: app.id)
        await navigator.send(Account.Event.ordersTapped)
        let orders = try #require(navigator.running(.account)).tabs[0].id
        let refused = await navigator.send(Account.Event.orderPicked(order: OrderID(number: 2)))
        #expect(refused == .init(status: .blocked(by: .account(.canOpenOrder)), commands: []))
        #expect(navigator.current == .account(.orders))
        let opened = await navigator.send(Account.Event.orderPicked(order: OrderID(number: 1)))
        #expect(opened == .init(status: .applied, commands: [.push(.account(.order(order: OrderID(number: 1))), on: orders)]))
        #expect(navigator.current == .account(.order(order: OrderID(number: 1))))
        #expect(guards.asked == ["canOpenOrder 2", "canOpenOrder 1"])
    }

    @Test func aSharedScreenIsOneTypeAndEachTabKeepsItsOwnStackOfIt() async throws {
        // The group's event goes to the innermost running flow that uses the group: the store tab.
        let opened = await navigator.send(Support.Event.articleTapped(article: "returns"))
        #expect(opened.commands == [.push(.store(.support(.article(article: "returns"))), on: storeStack)])
        #expect(navigator.current.support == .article(article: "returns"))
        await navigator.send(Support.Event.seeAlsoTapped(article: "refunds"))
        #expect(store.top.screens == [.store(.catalog), .store(.support(.article(article: "returns"))),
                                      .store(.support(.article(article: "refunds")))])

        // In the profile tab the same event and the same screen type land in the account's stack.
        #expect(navigator.userSelectedTab(1, in: app.id).isApplied)
        let account = try #require(navigator.running(.account))
        let inAccount = await navigator.send(Support.Event.articleTapped(article: "privacy"))
        #expect(inAccount.commands == [.push(.account(.support(.article(article: "privacy"))), on: account.tabs[0].id)])
        #expect(navigator.current.support == .article(article: "privacy"))
        #expect(navigator.current != .store(.support(.article(article: "privacy"))))
        // The store's stack of articles is where the user left it.
        #expect(store.top.screens.count == 3)

        // `close` pops the pushed article; the flow's own event of the same name still works.
        #expect(await navigator.send(Support.Event.closeTapped).commands == [.pop(account.tabs[0].id)])
        #expect(navigator.current == .account(.overview))
        #expect(FlowRouter.Screen.store(.catalog).support == nil)
    }

    @Test func aMoveWithAtOpensTheSubflowAtAStepInside() async throws {
        let records = navigator.history.count
        let outcome = await navigator.send(Store.Event.forgotPasswordTapped)
        let sheet = try #require(store.layers.last)
        let login = try #require(sheet.entries[0].subflow)
        let loginStack = try #require(navigator.flows[login]?.tabs[0].id)
        #expect(outcome == .init(status: .applied, commands: [
            .present(.store(.signIn), style: .sheet, stack: sheet.id, by: store.id),
            .start(login, flow: .login, stacks: [loginStack], in: sheet.id, index: 0),
            .setRoot(.login(.credentials), on: loginStack),
            .push(.login(.reset), on: loginStack),
        ]))
        #expect(navigator.current == .login(.reset))
        #expect(navigator.flows[login]?.tabs[0].screens == [.login(.credentials), .login(.reset)])
        #expect(navigator.history.count == records + 1)
        // The path pushed Reset over the subflow's start: going back shows the sign-in screen.
        // (The reset screen hands the address back to the form: a `deliver` follows the pop.)
        #expect(await navigator.send(Login.Event.sent(email: "ada@example.com")).commands.first == .pop(loginStack))
        #expect(navigator.current == .login(.credentials))
        #expect(FlowNavigator.graph.transitions.first { $0.event == "forgotPasswordTapped" }?.at == ["Login.Credentials", "Login.Reset"])
    }

    @Test func aMoveWithAtAsksThePathsGuardsWithThePayloadAndStopsWhereOneRefuses() async throws {
        guards.openableOrders = [1]
        let refused = await navigator.send(App.Event.orderNotificationOpened(order: OrderID(number: 2)))
        // The profile tab starts over and goes as far as the guard allowed: Orders, not the order.
        #expect(refused.status == .blocked(by: .account(.canOpenOrder)))
        #expect(app.selectedTab == 1)
        #expect(navigator.current == .account(.orders))
        let opened = await navigator.send(App.Event.orderNotificationOpened(order: OrderID(number: 1)))
        #expect(opened.isApplied)
        let account = try #require(navigator.running(.account))
        #expect(account.tabs[0].screens == [.account(.overview), .account(.orders), .account(.order(order: OrderID(number: 1)))])
        #expect(opened.commands.last == .push(.account(.order(order: OrderID(number: 1))), on: account.tabs[0].id))
        #expect(guards.asked == ["canOpenOrder 2", "canOpenOrder 1"])
    }

    // MARK: Alerts and dialogs

    /// Catalog → Item 1, with the "remove?" alert up over it.
    func showRemoveAlert() async throws -> FlowNavigator.ShownAlert {
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        let shown = await navigator.send(Store.Event.removeTapped(item: ItemID(1)))
        let alert = try #require(navigator.alert)
        #expect(shown.status == .applied)
        #expect(shown.commands == [.showAlert(alert)])
        #expect(alert.value == .store(.removeItem(item: ItemID(1))) && !alert.isDialog && alert.flow == store.id)
        #expect(alert.buttons == ["removeConfirmed", "keepTapped"])
        // No stack of its own: the item is still on top, under the alert.
        #expect(navigator.current == .store(.item(item: ItemID(1))))
        #expect(store.tabs[0].screens == [.store(.catalog), .store(.item(item: ItemID(1)))])
        return alert
    }

    @Test func anAlertButtonThatPopsClosesTheAlertThenPopsWhereItWasShown() async throws {
        let alert = try await showRemoveAlert()
        let records = navigator.history.count
        let removed = await navigator.send(Store.Event.removeConfirmed)
        #expect(removed.status == .applied)
        #expect(removed.commands == [.closeAlert(id: alert.id), .pop(storeStack)])
        #expect(navigator.alert == nil)
        #expect(navigator.current == .store(.catalog))
        #expect(navigator.history.count == records + 1)  // one record for the tap and its move
    }

    @Test func aButtonWithNoMoveOnlyClosesTheAlert() async throws {
        let alert = try await showRemoveAlert()
        let kept = await navigator.send(Store.Event.keepTapped)
        #expect(kept.status == .applied && kept.commands == [.closeAlert(id: alert.id)])
        #expect(navigator.alert == nil)
        #expect(store.tabs[0].screens == [.store(.catalog), .store(.item(item: ItemID(1)))])
        // Without the alert up, its button's event is handled by nothing.
        #expect(await navigator.send(Store.Event.keepTapped).status == .unhandled)
        #expect(await navigator.send(Store.Event.removeConfirmed).status == .unhandled)
        #expect(navigator.current == .store(.item(item: ItemID(1))))
    }

    @Test func aDialogOverASheetDismissesTheSheetItWasShownOver() async throws {
        guards.signedIn = true
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        await navigator.send(Store.Event.reviewTapped)
        let sheet = try #require(store.layers.last)
        #expect(navigator.current == .store(.review))
        let shown = await navigator.send(Store.Event.discardTapped)
        let dialog = try #require(navigator.alert)
        #expect(shown.commands == [.showAlert(dialog)] && dialog.isDialog && dialog.value == .store(.discardReview))
        let discarded = await navigator.send(Store.Event.discardConfirmed)
        #expect(discarded.commands == [.closeAlert(id: dialog.id), .dismiss(sheet.id)])
        #expect(navigator.alert == nil && store.layers.isEmpty)
        #expect(navigator.current == .store(.item(item: ItemID(1))))
    }

    @Test func anEventThatIsNotAButtonIsHandledAsIfTheAlertWereNotThereAndAMoveClosesItFirst() async throws {
        let alert = try await showRemoveAlert()
        // Not handled where the user is: the alert stays up.
        #expect(await navigator.send(Store.Event.cancelTapped).status == .unhandled)
        #expect(navigator.alert == alert)
        // The item's own clause: the alert goes first, then the help screen is pushed.
        let help = await navigator.send(Store.Event.helpTapped)
        #expect(help.commands == [.closeAlert(id: alert.id), .push(.store(.help), on: storeStack)])
        #expect(navigator.alert == nil)
    }

    @Test func theUserClosingADialogWithoutAButtonOnlyClosesIt() async throws {
        let alert = try await showRemoveAlert()
        #expect(navigator.userClosedAlert(alert.id).status == .applied)
        #expect(navigator.alert == nil)
        #expect(navigator.current == .store(.item(item: ItemID(1))))
        #expect(navigator.userClosedAlert(alert.id).status == .impossible)  // it is no longer up
        guard case .userClosedAlert(let id) = navigator.history.last?.cause else {
            Issue.record("no record of the user closing the alert")
            return
        }
        #expect(id == alert.id)
    }

    @Test func aDeepLinkClosesTheAlertFirst() async throws {
        let alert = try await showRemoveAlert()
        let opened = await navigator.open(url: "/items/7")
        #expect(opened.isApplied && opened.commands.first == .closeAlert(id: alert.id))
        #expect(navigator.alert == nil && navigator.current == .store(.item(item: ItemID(7))))
    }

    @Test func anEventNoOneHandlesIsReportedNotTrapped() async {
        let before = navigator.flows
        #expect(await navigator.send(Store.Event.cancelTapped).status == .unhandled)  // Catalog does not handle it
        #expect(await navigator.send(Account.Event.ordersTapped).status == .unhandled)  // Account is in the other tab
        #expect(await navigator.send(Login.Event.sent(email: "ada@example.com")).status == .unhandled)  // Login is not running
        #expect(navigator.flows == before)
        #expect(navigator.history.map(\.outcome.status) == [.unhandled, .unhandled, .unhandled])
    }

    @Test func aDeepLinkOpensAlongTheShortestPathFromAnywhere() async throws {
        navigator.userSelectedTab(1, in: app.id)
        await navigator.send(Account.Event.ordersTapped)
        let outcome = await navigator.open(url: "/items/42")
        #expect(outcome.status == .applied)
        #expect(outcome.commands == [
            .selectTab(.app(.shop), index: 0, in: app.id),
            .push(.store(.item(item: ItemID(42))), on: storeStack),
        ])
        #expect(navigator.current == .store(.item(item: ItemID(42))))
        #expect(store.top.screens == [.store(.catalog), .store(.item(item: ItemID(42)))])
        #expect(await navigator.open(url: "/nowhere").status == .unhandled)
        if case .unmatchedURL("/nowhere") = navigator.history.last?.cause {} else { Issue.record("the unmatched URL is not in the history") }
    }

    /// Each shape of link pattern, matched and refused by the generated router.
    @Test func linkPatternsMatchTheirShapesAndRefuseOthers() async {
        // Several patterns for one link; a wildcard segment; a literal segment is tried first.
        #expect(Store.Link(url: "/items/42") == .item(item: ItemID(42)))
        #expect(Store.Link(url: "/items/42/blue-shoes") == .item(item: ItemID(42)))
        #expect(Store.Link(url: "/items/42/checkout") == .checkout(item: ItemID(42)))
        #expect(Store.Link(url: "/items/42/blue/shoes") == nil)
        #expect(Store.Link(url: "/items/four/blue-shoes") == nil)  // does not convert
        // A placeholder inside a segment, and another scheme, whose host matches whatever its case.
        #expect(Store.Link(url: "/@ada") == .seller(seller: "ada"))
        #expect(Store.Link(url: "https://shop.example/@Ada%20L") == nil)  // three segments: the host is one
        #expect(Store.Link(url: "shop://SELLERS/Ada") == .seller(seller: "Ada"))
        #expect(Store.Link(url: "/ada") == nil)
        #expect(Store.Link(url: "/@") == nil)  // the placeholder's text is not empty
        #expect(Store.Link(url: "mail://sellers/ada") == nil)
        #expect(Store.Link(url: "/sellers/ada") == nil)
        // Ignoring case, for the link's literals.
        #expect(Store.Link(url: "/HeLp") == .help)
        #expect(Store.Link(url: "/helps") == nil)
        #expect(Store.Link(url: "/items/42/CHECKOUT") == .item(item: ItemID(42)))  // not ignoring case: the wildcard takes it
        // An optional query placeholder: nil when the URL leaves it out; given, it must convert.
        #expect(Store.Link(url: "/search?q=red+shoes") == .results(query: "red shoes", page: nil))
        #expect(Store.Link(url: "/search?page=2&q=red") == .results(query: "red", page: 2))
        #expect(Store.Link(url: "/search?q=red&page=two") == nil)
        #expect(Store.Link(url: "/search?page=2") == nil)
        // Opened, they go where their step is.
        #expect(await navigator.open(url: "shop://sellers/ada").status == .applied)
        #expect(navigator.current == .store(.seller(seller: "ada")))
        #expect(await navigator.open(url: "/search?q=red").status == .applied)
        #expect(navigator.current == .store(.results(query: "red", page: nil)))
    }

    @Test func aDeepLinkStopsWhereAGuardSaysNo() async {
        await navigator.send(Store.Event.promoTapped)
        let blocked = await navigator.open(Store.Link.checkout(item: ItemID(5)))
        #expect(blocked.status == .blocked(by: .store(.isSignedIn)))
        #expect(navigator.current == .store(.item(item: ItemID(5))))  // half way: the item, not its checkout
        #expect(store.layers.isEmpty)

        guards.signedIn = true
        let opened = await navigator.open(url: "/items/5/checkout")
        #expect(opened.isApplied)
        #expect(store.top.screens == [.store(.catalog), .store(.item(item: ItemID(5))), .store(.checkout(item: ItemID(5)))])
    }

    @Test func aDeepLinkThroughAGuardChainAsksItInOrder() async {
        // '!hasPasscode' allows (no passcode): the chain's first action would run, so the link stops before it.
        guards.passcode = false
        let first = await navigator.open(url: "/account/cards")
        #expect(first.status == .blocked(by: .account(.hasPasscode)))
        #expect(navigator.current == .account(.overview))
        #expect(guards.asked == ["hasPasscode"])

        // A passcode, but not authenticated: the 'else' with a guard of its own is not allowed.
        guards.passcode = true
        guards.authenticated = false
        let second = await navigator.open(Account.Link.cards)
        #expect(second.status == .blocked(by: .account(.isAuthenticated)))
        #expect(navigator.current == .account(.overview))
        #expect(guards.asked == ["hasPasscode", "hasPasscode", "isAuthenticated"])

        // Both say so: the link takes the first 'else', as the app's own tap would.
        guards.authenticated = true
        let opened = await navigator.open(url: "/account/cards")
        #expect(opened.isApplied)
        #expect(navigator.current == .account(.cards))
        #expect(guards.asked == ["hasPasscode", "hasPasscode", "isAuthenticated", "hasPasscode", "isAuthenticated"])
    }

    @Test func aStartDecidedByAGuardShowsTheLockScreenAndStopsALinkThere() async throws {
        guards.locked = true
        let locked = FlowNavigator(.app, guards: guards)
        #expect(locked.running(.account)?.tabs[0].screens == [.account(.locked)])
        let opened = await locked.open(url: "/account/cards")
        #expect(opened.status == .blocked(by: .account(.isLocked)))
        #expect(locked.running(.account)?.tabs[0].screens == [.account(.locked)])
        await locked.send(Account.Event.unlocked)
        #expect(locked.running(.account)?.tabs[0].screens == [.account(.overview)])

        // Unlocked, the link enters the account at its overview, as its path says.
        guards.locked = false
        #expect(await locked.open(url: "/account/cards").isApplied)
        #expect(locked.current == .account(.cards))
    }

    @Test func twoConcurrentSendsAreSerializedAcrossAnAsyncGuard() async {
        await goToCheckout()
        guards.holdsPayment = true
        let navigator = self.navigator
        let payment = Task { await navigator.send(Store.Event.payTapped(item: ItemID(1), amount: 30)) }
        while !guards.isHoldingPayment { await Task.yield() }
        let cancel = Task { await navigator.send(Store.Event.cancelTapped) }
        for _ in 0..<20 { await Task.yield() }
        // The cancel waits for the payment: nothing moved yet.
        #expect(navigator.current == .store(.checkout(item: ItemID(1))))
        guards.releasePayment()
        #expect(await payment.value.isApplied)
        // It then runs at the receipt, which does not handle it (run first, it would have gone to the catalog).
        #expect(await cancel.value.status == .unhandled)
        #expect(navigator.current == .store(.receipt(item: ItemID(1), amount: 30)))
    }

    @Test func aSendWhoseScreenTheUserLeftWhileAGuardWasAskedIsCancelled() async {
        await goToCheckout()
        guards.holdsPayment = true
        let navigator = self.navigator
        let payment = Task { await navigator.send(Store.Event.payTapped(item: ItemID(1), amount: 30)) }
        while !guards.isHoldingPayment { await Task.yield() }
        navigator.userWentBack(in: storeStack, to: 2)
        guards.releasePayment()
        #expect(await payment.value == .init(status: .cancelled, commands: []))
        #expect(navigator.current == .store(.item(item: ItemID(1))))
    }

    @Test func movesOfTheUserKeepTheStateTrue() async throws {
        await navigator.send(Store.Event.searchTapped)
        let sheet = try #require(store.layers.last)
        #expect(navigator.userDismissed(sheet.id).isApplied)
        #expect(navigator.current == .store(.catalog))
        #expect(navigator.userDismissed(sheet.id).status == .impossible)
        #expect(navigator.userWentBack(in: storeStack, to: 1).status == .impossible)
        #expect(navigator.userSelectedTab(5, in: app.id).status == .impossible)
        // Under the store's full-screen cover, the tab bar cannot be tapped.
        await navigator.send(Store.Event.promoTapped)
        #expect(navigator.userSelectedTab(1, in: app.id).status == .impossible)
        #expect(navigator.current == .store(.promo))
    }

    @Test func aLockedSheetTheUserCannotSwipeStaysUntilItsScreenClosesIt() async throws {
        let shown = await navigator.send(Store.Event.termsChanged)
        let sheet = try #require(store.layers.last)
        #expect(shown.commands == [.present(.store(.terms), style: .sheet, stack: sheet.id, by: store.id)])
        #expect(sheet.style == .sheet && sheet.lock == .always)
        #expect(navigator.isLocked(sheet.id))
        #expect(!navigator.isLocked(storeStack))
        let swiped = navigator.userDismissed(sheet.id)
        #expect(swiped == .init(status: .impossible, commands: []))
        #expect(navigator.current == .store(.terms))
        guard case .userDismissed(sheet.id)? = navigator.history.last?.cause else {
            Issue.record("the refused swipe is not in the history")
            return
        }
        #expect(navigator.history.last?.outcome.status == .impossible)
        #expect(await navigator.send(Store.Event.termsAccepted).commands == [.dismiss(sheet.id)])
        #expect(navigator.current == .store(.catalog))
    }

    @Test func aSheetLockedWhileAGuardHoldsCanBeSwipedOnceItDoesNot() async throws {
        await navigator.send(Store.Event.itemPicked(item: ItemID(4)))
        guards.reviewDraft = true
        await navigator.send(Store.Event.writeReviewTapped(item: ItemID(4)))
        let sheet = try #require(store.layers.last)
        #expect(sheet.style == .sheet)
        #expect(navigator.current == .store(.reviewEditor(item: ItemID(4))))
        // Presenting it asks nothing: the lock is asked when the UI draws the sheet.
        #expect(!guards.asked.contains("hasReviewDraft"))
        #expect(navigator.isLocked(sheet.id))
        #expect(navigator.userDismissed(sheet.id).status == .impossible)
        #expect(navigator.current == .store(.reviewEditor(item: ItemID(4))))
        guards.reviewDraft = false
        #expect(!navigator.isLocked(sheet.id))
        #expect(navigator.userDismissed(sheet.id).isApplied)
        #expect(navigator.current == .store(.item(item: ItemID(4))))
        #expect(store.layers.isEmpty)
        #expect(guards.asked == ["hasReviewDraft", "hasReviewDraft", "hasReviewDraft", "hasReviewDraft"])
    }

    @Test func aPopoverIsPresentedAsOneAndTheUserClosesIt() async throws {
        let shown = await navigator.send(Store.Event.filtersTapped)
        let popover = try #require(store.layers.last)
        #expect(shown.commands == [.present(.store(.filters), style: .popover, stack: popover.id, by: store.id)])
        #expect(popover.style == .popover && popover.lock == nil)
        #expect(!navigator.isLocked(popover.id))
        #expect(navigator.userDismissed(popover.id).isApplied)
        #expect(navigator.current == .store(.catalog))
        // Its screens close it as a sheet's do.
        await navigator.send(Store.Event.filtersTapped)
        let again = try #require(store.layers.last)
        #expect(await navigator.send(Store.Event.filtersApplied).commands == [.dismiss(again.id)])
        // Under a cover, the cover is locked by its kind.
        await navigator.send(Store.Event.promoTapped)
        #expect(navigator.isLocked(try #require(store.layers.last).id))
    }

    @Test func historyIsBoundedAndTheObserverSeesEveryRecord() async {
        let navigator = FlowNavigator(.app, guards: guards, historyLimit: 3)
        var observed: [FlowNavigator.Outcome.Status] = []
        navigator.observer = { observed.append($0.outcome.status) }
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        await navigator.send(Store.Event.reviewTapped)
        await navigator.send(Store.Event.relatedPicked(item: ItemID(2)))
        await navigator.send(Store.Event.okTapped)
        #expect(observed == [.applied, .blocked(by: .store(.isSignedIn)), .applied, .unhandled])
        #expect(navigator.history.map(\.outcome.status) == [.blocked(by: .store(.isSignedIn)), .applied, .unhandled])
        let last = navigator.history.last
        #expect(last?.screen == .store(.item(item: ItemID(2))))
        if case .event(.store(.okTapped)) = last?.cause {} else { Issue.record("the last record is not okTapped") }
    }

    @Test func theGraphIsDataTestsCanWalk() {
        let graph = FlowNavigator.graph
        #expect(graph.roots == ["App", "Session"])
        // App, Store (with Support's article), Login, Account (with its own copy of the article), and Session.flow.
        #expect(graph.steps.count == 2 + 16 + 2 + 8 + 2 + 2 + 4 + 2)
        // Every step, those only a link's move shows too (`link "/settings" -> sheet Settings`):
        // opening the link is the user's way there.
        for step in graph.steps {
            let name = "\(step.flow).\(step.name)"
            #expect(step.path.last == name, "\(name) is not reachable")
        }
        let checkout = graph.links.first { $0.pattern == "/items/{item}/checkout" }
        #expect(checkout?.path == ["App.Shop", "Store.Catalog", "Store.Item", "Store.Checkout"])
        // A link with several patterns names them all.
        let item = graph.links.first { $0.target == "Item" }
        #expect(item?.pattern == "/items/{item}, /items/{item}/*")
        let cards = graph.links.first { $0.pattern == "/account/cards" }
        #expect(cards?.path == ["App.Profile", "Account.Overview", "Account.Cards"])
        let buy = graph.transitions.filter { $0.event == "buyTapped" }
        #expect(buy.map(\.action) == ["push", "sheet"])
        #expect(buy.map(\.conditions) == [["isSignedIn"], ["isSignedIn"]])
        // Every step a transition names exists.
        let names = Set(graph.steps.map { "\($0.flow).\($0.name)" })
        for transition in graph.transitions where !["exit", "alert", "dialog"].contains(transition.action) {
            if let target = transition.target { #expect(names.contains("\(transition.flow).\(target)")) }
        }
    }
}
