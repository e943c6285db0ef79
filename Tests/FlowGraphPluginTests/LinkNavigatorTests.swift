import FlowGraphRuntime
import Testing

/// Deep links on the generated navigator: a link opens from where the user is.
@MainActor
@Suite("Deep links open from where the user is")
struct LinkNavigatorTests {
    let guards = TestGuards()
    let navigator: FlowNavigator

    init() {
        navigator = FlowNavigator(.app, guards: guards)
    }

    var app: FlowNavigator.RunningFlow { navigator.chain[0] }
    var store: FlowNavigator.RunningFlow { navigator.running(.store)! }
    var account: FlowNavigator.RunningFlow { navigator.running(.account)! }
    var storeStack: FlowNavigator.StackID { store.tabs[0].id }

    /// Every entry of every stack of every running flow, and every modal stack.
    var everything: Set<FlowNavigator.EntryID> {
        Set(navigator.flows.values.flatMap { ($0.tabs + $0.layers).flatMap { $0.entries.map(\.id) } })
    }

    @Test func aLinkIntoTheCurrentTabKeepsItsScreensAndEveryOtherTab() async throws {
        // The profile tab: the orders pushed over the overview, and an article over them.
        navigator.userSelectedTab(1, in: app.id)
        await navigator.send(Account.Event.ordersTapped)
        await navigator.send(Support.Event.articleTapped(article: "returns"))
        let profileEntries = account.tabs[0].entries.map(\.id)
        #expect(profileEntries.count == 3)

        // The store tab: an item, and its help pushed over it.
        navigator.userSelectedTab(0, in: app.id)
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        await navigator.send(Store.Event.helpTapped)
        let shown = store.tabs[0].entries.map(\.id)
        let before = everything

        guards.signedIn = true
        let opened = await navigator.open(url: "/items/1/checkout")
        #expect(opened.status == .applied)
        // Only what the link's path does not share goes: the help; only the rest is made: the checkout.
        #expect(opened.commands == [
            .popTo(.store(.item(item: ItemID(1))), index: 1, on: storeStack),
            .push(.store(.checkout(item: ItemID(1))), on: storeStack),
        ])
        #expect(store.tabs[0].entries.prefix(2).map(\.id) == Array(shown.prefix(2)))
        #expect(store.top.screens == [.store(.catalog), .store(.item(item: ItemID(1))), .store(.checkout(item: ItemID(1)))])
        // The other tab is exactly as it was: the same entries, not rebuilt ones.
        #expect(account.tabs[0].entries.map(\.id) == profileEntries)
        #expect(before.subtracting(everything) == [shown[2]])
        // The history says what was kept: the store tab, the catalog, the item.
        let record = try #require(navigator.history.last)
        #expect(record.kept == [app.tabs[0].entries[0].id] + shown.prefix(2))
        #expect(guards.asked == ["isSignedIn"])
    }

    @Test func aLinkKeepsOnlyTheScreensWithTheSameInputs() async throws {
        guards.signedIn = true
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        await navigator.send(Store.Event.buyTapped(item: ItemID(1)))
        let catalog = store.tabs[0].entries[0].id

        // Item 2 is not item 1: the link keeps the catalog and pushes item 2 there.
        let opened = await navigator.open(url: "/items/2")
        #expect(opened.commands == [
            .popTo(.store(.catalog), index: 0, on: storeStack),
            .push(.store(.item(item: ItemID(2))), on: storeStack),
        ])
        #expect(store.tabs[0].entries[0].id == catalog)
        #expect(navigator.history.last?.kept.last == catalog)
    }

    @Test func aLinkToAScreenOnScreenClosesWhatIsOverItAndChangesNothingElse() async throws {
        guards.signedIn = true
        await navigator.send(Store.Event.itemPicked(item: ItemID(3)))
        await navigator.send(Store.Event.reviewTapped)
        let review = try #require(store.layers.last)
        let item = store.tabs[0].entries[1].id

        let opened = await navigator.open(Store.Link.item(item: ItemID(3)))
        #expect(opened == .init(status: .applied, commands: [.dismiss(review.id)]))
        #expect(navigator.current == .store(.item(item: ItemID(3))))
        #expect(store.tabs[0].entries[1].id == item)

        // Opened again where it already is, the link does nothing at all.
        #expect(await navigator.open(url: "/items/3") == .init(status: .applied, commands: []))
        #expect(store.tabs[0].entries[1].id == item)
    }

    @Test func aLinkOfADestinationsGroupPushesInTheTabOnScreen() async throws {
        // Support's link: each tab that uses the group has it; the tab on screen makes the move.
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        let inStore = await navigator.open(url: "/help/articles/returns")
        #expect(inStore == .init(status: .applied, commands: [.push(.store(.support(.article(article: "returns"))), on: storeStack)]))

        navigator.userSelectedTab(1, in: app.id)
        let profile = account.tabs[0].id
        let inProfile = await navigator.open(url: "/help/articles/privacy")
        #expect(inProfile == .init(status: .applied, commands: [.push(.account(.support(.article(article: "privacy"))), on: profile)]))
        #expect(navigator.current.support == .article(article: "privacy"))
        // By its second pattern too: the copy of the tab on screen, whichever pattern matched.
        let bySecond = await navigator.open(url: "shop://support/cookies")
        #expect(bySecond == .init(status: .applied, commands: [.push(.account(.support(.article(article: "cookies"))), on: profile)]))
        await navigator.send(Support.Event.closeTapped)
        // The store tab keeps its article, under the tab bar's other tab.
        #expect(store.tabs[0].screens == [.store(.catalog), .store(.item(item: ItemID(1))), .store(.support(.article(article: "returns")))])
    }

    @Test func aLinkIntoAnotherTabRebuildsItsPathThere() async throws {
        // The link's tab is not the one on screen: as when nothing is kept, its path is made from
        // the root's first screen, and the history keeps nothing.
        await navigator.send(Store.Event.itemPicked(item: ItemID(1)))
        navigator.userSelectedTab(1, in: app.id)
        let opened = await navigator.open(url: "/items/1")
        #expect(opened.isApplied)
        #expect(navigator.current == .store(.item(item: ItemID(1))))
        #expect(navigator.history.last?.kept == [])
    }
}

/// The same, under a root whose first screen runs the tab bar (Session.flow).
@MainActor
@Suite("Deep links under a root whose first screen runs the tab bar")
struct SessionLinkTests {
    let navigator = FlowNavigator(.session, guards: TestGuards())

    var tabs: FlowNavigator.RunningFlow { navigator.running(.homeTabs)! }
    var feed: FlowNavigator.RunningFlow { navigator.running(.feedStack)! }
    var inbox: FlowNavigator.RunningFlow { navigator.running(.inboxStack)! }

    @Test func aLinkIntoTheTabOnScreenKeepsTheTabBarAndTheOtherTab() async throws {
        // The inbox tab has a thread open; the feed tab shows post 1.
        #expect(navigator.userSelectedTab(1, in: tabs.id).isApplied)
        await navigator.send(InboxStack.Event.threadTapped(thread: 7))
        #expect(navigator.userSelectedTab(0, in: tabs.id).isApplied)
        await navigator.send(FeedStack.Event.postTapped(post: 1))
        let tabBar = tabs.id
        let inboxEntries = inbox.tabs[0].entries.map(\.id)
        let post = feed.tabs[0].entries[1].id

        let opened = await navigator.open(url: "/posts/1/authors/ada")
        #expect(opened == .init(status: .applied, commands: [.push(.feedStack(.author(post: 1, author: "ada")), on: feed.tabs[0].id)]))
        // The same tab bar, the same inbox stack, the same post: nothing was rebuilt.
        #expect(tabs.id == tabBar)
        #expect(inbox.tabs[0].entries.map(\.id) == inboxEntries)
        #expect(inbox.tabs[0].screens == [.inboxStack(.threads), .inboxStack(.thread(thread: 7))])
        #expect(feed.tabs[0].entries[1].id == post)
        #expect(navigator.current == .feedStack(.author(post: 1, author: "ada")))
        #expect(navigator.history.last?.kept.count == 4)  // Home, Feed, Posts, Post 1
    }

    @Test func aLinkIntoTheOtherTabSelectsItAndKeepsTheTabBar() async throws {
        #expect(navigator.userSelectedTab(1, in: tabs.id).isApplied)
        await navigator.send(InboxStack.Event.threadTapped(thread: 7))
        let tabBar = tabs.id
        let inboxEntries = inbox.tabs[0].entries.map(\.id)

        // Only the root's first screen is on the link's path: the tab bar stays, the feed tab is
        // selected and its stack made; the inbox keeps its thread.
        let opened = await navigator.open(url: "/posts/2")
        #expect(opened.isApplied)
        #expect(tabs.id == tabBar)
        #expect(tabs.selectedTab == 0)
        #expect(inbox.tabs[0].entries.map(\.id) == inboxEntries)
        #expect(navigator.current == .feedStack(.post(post: 2)))
    }
}

/// Links that make their move where the user is (`link "/settings" -> sheet Settings`), Session.flow.
@MainActor
@Suite("Deep links that make their move where the user is")
struct LinkMoveTests {
    let navigator = FlowNavigator(.session, guards: TestGuards())

    var session: FlowNavigator.RunningFlow { navigator.chain[0] }
    var tabs: FlowNavigator.RunningFlow { navigator.running(.homeTabs)! }
    var feed: FlowNavigator.RunningFlow { navigator.running(.feedStack)! }
    var inbox: FlowNavigator.RunningFlow { navigator.running(.inboxStack)! }

    /// The inbox tab, showing thread 7.
    func openThread() async {
        navigator.userSelectedTab(1, in: tabs.id)
        await navigator.send(InboxStack.Event.threadTapped(thread: 7))
        #expect(navigator.current == .inboxStack(.thread(thread: 7)))
    }

    @Test func aLinkOfTheRootPresentsOverWhateverIsOnScreenAndMovesNothingElse() async throws {
        await openThread()
        let shown = navigator.chain.flatMap { ($0.tabs + $0.layers).flatMap { $0.entries.map(\.id) } }
        let opened = await navigator.open(url: "/settings")
        let sheet = try #require(session.layers.last)
        #expect(opened == .init(status: .applied, commands: [.present(.session(.settings), style: .sheet, stack: sheet.id, by: session.id)]))
        #expect(navigator.current == .session(.settings))
        // Under the sheet, the inbox still shows thread 7; the history keeps all that was on screen.
        #expect(inbox.tabs[0].screens == [.inboxStack(.threads), .inboxStack(.thread(thread: 7))])
        let onScreen: [FlowNavigator.EntryID] = [session.tabs[0].entries[0].id, tabs.tabs[1].entries[0].id] + inbox.tabs[0].entries.map(\.id)
        #expect(navigator.history.last?.kept == onScreen)
        let after: [FlowNavigator.EntryID] = navigator.flows.values.flatMap { ($0.tabs + $0.layers).flatMap { $0.entries.map(\.id) } }
        #expect(Set(shown).isSubset(of: Set(after)))
        // It closes as any sheet does, back to the thread.
        await navigator.send(Session.Event.doneTapped)
        #expect(navigator.current == .inboxStack(.thread(thread: 7)))
    }

    @Test func aPushLinkPushesOnTheStackOfItsFlowOnScreen() async throws {
        await openThread()
        let opened = await navigator.open(url: "/threads/9")
        #expect(opened == .init(status: .applied, commands: [.push(.inboxStack(.thread(thread: 9)), on: inbox.tabs[0].id)]))
        #expect(inbox.tabs[0].screens == [.inboxStack(.threads), .inboxStack(.thread(thread: 7)), .inboxStack(.thread(thread: 9))])
    }

    @Test func whereItsFlowDoesNotRunTheLinkFirstOpensItAlongItsPath() async throws {
        await openThread()
        // The feed tab is not on screen: the link selects it (its stack back at its start, as a
        // link's path does), then presents the editor there.
        let opened = await navigator.open(url: "/compose")
        #expect(opened.isApplied)
        #expect(tabs.selectedTab == 0)
        #expect(navigator.current == .feedStack(.compose))
        #expect(feed.layers.map(\.style) == [.sheet])
        // The inbox keeps its thread.
        #expect(inbox.tabs[0].screens == [.inboxStack(.threads), .inboxStack(.thread(thread: 7))])
        #expect(FlowNavigator.graph.links.first { $0.pattern == "/compose" }?.path == ["Session.Home", "HomeTabs.Feed", "FeedStack.Posts"])
    }
}
