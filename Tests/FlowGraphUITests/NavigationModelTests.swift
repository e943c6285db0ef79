import FlowGraphRuntime
import FlowGraphUI
import Foundation
import Observation
import Synchronization
import Testing

// FlowNavigator, FlowRouter, Reader, FeedFlow... exist because FlowGraphPlugin generated them
// from Reader.flow while this target was built.

/// The reader's guard, as a test sets it.
@MainActor
final class ReaderGuards: FlowRouter.Guards {
    var online = true
    func isOnline() async -> Bool { online }
    var draft = false
    func hasDraft() -> Bool { draft }
}

@MainActor
@Suite("NavigationModel, as a SwiftUI or UIKit adapter reads it")
struct NavigationModelTests {
    let guards = ReaderGuards()
    let model: NavigationModel<FlowRouter>

    init() {
        model = NavigationModel(FlowNavigator(.reader, guards: guards))
    }

    var navigator: FlowNavigator { model.navigator }
    /// The tab bar's two stacks: the feed's and the saved articles'.
    var tabs: [FlowNavigator.Stack] { model.baseStacks(of: model.rootID) }
    /// The feed flow's stack, in the first tab.
    func feedStack() throws -> FlowNavigator.StackID {
        guard case .flow(let feed)? = model.content(of: tabs[0]) else { throw TestFailure("the feed tab shows no flow") }
        return try #require(model.baseStacks(of: feed).first).id
    }

    @Test func startsWithATabBarWhoseTabsShowTheirFlows() throws {
        #expect(model.flow(model.rootID)?.isTabs == true)
        #expect(tabs.count == 2)
        #expect(tabs.map(model.tabTitle) == ["Feed", "Saved"])
        #expect(model.selectedTab(of: model.rootID) == 0)
        guard case .flow(let feed)? = model.content(of: tabs[0]) else { Issue.record("the feed tab shows no flow"); return }
        #expect(model.flow(feed)?.flow == .feedFlow)
        #expect(model.stack(try feedStack())?.screens == [.feedFlow(.articles)])
        #expect(model.path(of: try feedStack()).isEmpty)
        #expect(model.presented.isEmpty)
    }

    @Test func aPushShowsInThePathAndTheBackButtonGoesBack() async throws {
        await navigator.send(FeedFlow.Event.articlePicked(article: ArticleID(7)))
        let path = model.path(of: try feedStack())
        #expect(path.count == 1)
        let article = try #require(model.entry(path[0]))
        #expect(model.content(of: article) == .screen(.feedFlow(.article(article: ArticleID(7)))))
        await navigator.send(FeedFlow.Event.commentsTapped(article: ArticleID(7)))
        #expect(model.path(of: try feedStack()).count == 2)

        // SwiftUI sets a path that is not a shorter prefix (a reordering): not a move of the user.
        #expect(model.setPath(model.path(of: try feedStack()).reversed(), of: try feedStack()) == nil)
        #expect(model.setPath(model.path(of: try feedStack()) + path, of: try feedStack()) == nil)
        #expect(model.path(of: try feedStack()).count == 2)

        // The back button: one entry fewer, reported to the navigator.
        let back = try #require(model.setPath(path, of: try feedStack()))
        #expect(back.isApplied)
        #expect(model.path(of: try feedStack()) == path)
        #expect(navigator.current == .feedFlow(.article(article: ArticleID(7))))
        #expect(model.setPath([], of: try feedStack())?.isApplied == true)
        #expect(navigator.current == .feedFlow(.articles))
    }

    /// `replace` and `root` to an equal screen are new entries: the root a view keys its
    /// `NavigationStack`'s first screen by (`root(of:)`) has a new id, as a replaced pushed screen
    /// has a new id in the path, so that SwiftUI builds its view anew instead of keeping the old
    /// screen's `@State`. A push keeps the root.
    @Test func aReplacedOrNewRootIsANewEntryEvenForAnEqualScreen() async throws {
        let stack = try feedStack()
        let first = try #require(model.root(of: stack))
        #expect(first.screen == .feedFlow(.articles) && first.id == model.stack(stack)?.entries.first?.id)
        await navigator.send(FeedFlow.Event.refreshTapped)
        let refreshed = try #require(model.root(of: stack))
        #expect(refreshed.screen == first.screen && refreshed.id != first.id)
        #expect(model.entry(first.id) == nil && model.path(of: stack).isEmpty)

        await navigator.send(FeedFlow.Event.articlePicked(article: ArticleID(3)))
        #expect(model.root(of: stack)?.id == refreshed.id)
        let article = try #require(model.path(of: stack).first)
        await navigator.send(FeedFlow.Event.nextTapped(article: ArticleID(3)))
        let next = model.path(of: stack)
        #expect(next.count == 1 && next[0] != article)
        #expect(model.entry(next[0])?.screen == .feedFlow(.article(article: ArticleID(3))) && model.entry(article) == nil)

        await navigator.send(FeedFlow.Event.homeTapped)
        let home = try #require(model.root(of: stack))
        #expect(home.screen == first.screen && home.id != refreshed.id)
        #expect(model.path(of: stack).isEmpty)
    }

    @Test func aSheetThatRunsAFlowIsPresentedAndSwipedAway() async throws {
        await navigator.send(FeedFlow.Event.composeTapped)
        #expect(model.presented.count == 1)
        let sheet = try #require(model.presented(at: 0, style: .sheet))
        #expect(model.presented(at: 0, style: .cover) == nil)
        #expect(model.presented(at: 1) == nil)
        let stack = try #require(model.stack(sheet))
        guard case .flow(let compose)? = model.content(of: stack) else { Issue.record("the sheet shows no flow"); return }
        #expect(model.flow(compose)?.flow == .composeFlow)
        let draftStack = model.baseStacks(of: compose)[0].id
        await navigator.send(ComposeFlow.Event.attachTapped)
        #expect(model.path(of: draftStack).count == 1)

        // The user swipes the sheet away: the flow in it ends.
        #expect(model.dismissed(at: 0)?.isApplied == true)
        #expect(model.presented.isEmpty)
        #expect(model.flow(compose) == nil)
        #expect(navigator.current == .feedFlow(.articles))
        #expect(model.dismissed(at: 0) == nil)
    }

    /// `sheet Compose at Attachments`: one move presents the sheet, starts its flow and pushes the
    /// attachments on the draft; the back button shows the draft under it.
    @Test func aMoveWithAtShowsTheSheetAndThePathInsideIt() async throws {
        #expect(await navigator.send(FeedFlow.Event.attachArticleTapped).isApplied)
        #expect(model.presented.count == 1)
        let sheet = try #require(model.presented(at: 0, style: .sheet))
        let stack = try #require(model.stack(sheet))
        guard case .flow(let compose)? = model.content(of: stack) else { Issue.record("the sheet shows no flow"); return }
        let draftStack = model.baseStacks(of: compose)[0].id
        #expect(model.baseStacks(of: compose)[0].screens == [.composeFlow(.draft), .composeFlow(.attachments)])
        let path = model.path(of: draftStack)
        #expect(path.count == 1)
        #expect(model.entry(path[0]).map { model.content(of: $0) } == .screen(.composeFlow(.attachments)))
        #expect(model.setPath([], of: draftStack)?.isApplied == true)
        #expect(navigator.current == .composeFlow(.draft))
    }

    /// A dialog in the compose sheet: it goes over the topmost presented stack, its button's exit
    /// closes the sheet, and a dialog tapped around (SwiftUI sets its binding to false) only closes.
    @Test func aDialogShowsOverTheTopmostSheetAndItsButtonRunsWhereItWasShown() async throws {
        await navigator.send(FeedFlow.Event.composeTapped)
        #expect(model.presented.count == 1 && model.alert == nil)
        let shown = await navigator.send(ComposeFlow.Event.cancelTapped)
        let dialog = try #require(model.alert)
        #expect(shown.commands == [.showAlert(dialog)] && dialog.isDialog && dialog.value == .composeFlow(.discardPost))
        #expect(dialog.buttons == ["discardTapped", "keepWritingTapped"])
        // Over the sheet, not under it.
        #expect(model.alert(at: 1) == dialog && model.alert(at: 0) == nil)

        // "Keep Writing": SwiftUI runs the action, then sets the binding to false: nothing more to report.
        #expect(await navigator.send(ComposeFlow.Event.keepWritingTapped).commands == [.closeAlert(id: dialog.id)])
        #expect(model.alert == nil && model.alertClosed(dialog.id) == nil)
        #expect(model.presented.count == 1)

        // Tapped around: the binding goes false with the dialog still up, which the model reports.
        await navigator.send(ComposeFlow.Event.cancelTapped)
        let again = try #require(model.alert)
        #expect(again.id != dialog.id)
        #expect(model.alertClosed(dialog.id) == nil)  // the first one's binding: not this one
        #expect(model.alertClosed(again.id)?.isApplied == true)
        #expect(model.alert == nil && model.presented.count == 1)

        // "Delete Draft": the flow exits where the dialog was shown, and the sheet goes.
        await navigator.send(ComposeFlow.Event.cancelTapped)
        let last = try #require(model.alert)
        let discarded = await navigator.send(ComposeFlow.Event.discardTapped)
        #expect(discarded.isApplied && discarded.commands.first == .closeAlert(id: last.id))
        #expect(model.alert == nil && model.presented.isEmpty)
        #expect(navigator.current == .feedFlow(.articles))
    }

    /// SwiftUI sets the alert's binding to false right after a button's action; in a program with
    /// `async` guards the action sends from a `Task`, which runs later. The view tells the model the
    /// button was tapped first, so that close is not reported as the user's, and the button's event
    /// still finds its alert and runs its clause. The placeholder's button only closes.
    @Test func aButtonsEventThatComesAfterSwiftUIClosedTheAlertStillRunsItsClause() async throws {
        await navigator.send(FeedFlow.Event.composeTapped)
        await navigator.send(ComposeFlow.Event.cancelTapped)
        let dialog = try #require(model.alert)
        model.buttonTapped(ofAlert: dialog.id)
        #expect(model.alertClosed(dialog.id) == nil)  // the binding, before the Task sends
        #expect(model.alert == dialog)
        let discarded = await navigator.send(ComposeFlow.Event.discardTapped)  // the Task
        #expect(discarded.isApplied && discarded.commands.first == .closeAlert(id: dialog.id))
        #expect(model.alert == nil && model.presented.isEmpty)

        // The next alert's close is the user's again, and the placeholder's button closes it.
        await navigator.send(FeedFlow.Event.composeTapped)
        await navigator.send(ComposeFlow.Event.cancelTapped)
        let again = try #require(model.alert)
        model.buttonTapped(ofAlert: dialog.id)  // an alert no longer up: nothing to mark
        let placeholder = AlertContent.placeholder(again, in: model)
        model.buttonTapped(ofAlert: again.id)
        placeholder.buttons[0].action()
        #expect(model.alert == nil && model.presented.count == 1)
        await navigator.send(ComposeFlow.Event.cancelTapped)
        let third = try #require(model.alert)
        #expect(model.alertClosed(third.id)?.isApplied == true)
    }

    @Test func aSheetOfAnOuterFlowShowsOverEverythingAndClosingItShowsWhatWasThere() async throws {
        await navigator.send(FeedFlow.Event.composeTapped)
        await navigator.send(ComposeFlow.Event.photosTapped)
        let inner = model.presented.map(\.id)  // the compose sheet, and the photos sheet over it
        #expect(inner.count == 2)
        #expect(navigator.current == .composeFlow(.photos))

        // The feed's flow-level clause presents the story over the compose flow's sheets.
        await navigator.send(FeedFlow.Event.breakingNewsOpened(article: ArticleID(7)))
        #expect(model.presented.count == 3)
        #expect(Array(model.presented.map(\.id).prefix(2)) == inner)
        #expect(model.presented.last?.entries.map(\.screen) == [.feedFlow(.breaking(article: ArticleID(7)))])
        #expect(navigator.current == .feedFlow(.breaking(article: ArticleID(7))))

        // Closing it (its button, or a swipe at its level) shows the photos sheet again.
        await navigator.send(FeedFlow.Event.closeTapped)
        #expect(model.presented.map(\.id) == inner)
        #expect(navigator.current == .composeFlow(.photos))
        await navigator.send(FeedFlow.Event.breakingNewsOpened(article: ArticleID(8)))
        #expect(model.dismissed(at: 2)?.status == .applied)
        #expect(model.presented.map(\.id) == inner)
    }

    @Test func aPushOfAnOuterFlowFirstClosesTheInnerFlowsSheetsThatWouldHideIt() async throws {
        await navigator.send(FeedFlow.Event.composeTapped)
        await navigator.send(ComposeFlow.Event.photosTapped)
        let compose = try #require(model.presented.first)
        let photos = try #require(model.presented.last)
        let outcome = await navigator.send(FeedFlow.Event.articleLinkTapped(article: ArticleID(3)))
        #expect(outcome.commands == [.dismiss(photos.id), .push(.feedFlow(.article(article: ArticleID(3))), on: compose.id)])
        #expect(model.presented.map(\.id) == [compose.id])
        #expect(model.stack(compose.id)?.screens == [.feedFlow(.compose), .feedFlow(.article(article: ArticleID(3)))])
        #expect(navigator.current == .feedFlow(.article(article: ArticleID(3))))
    }

    @Test func aCoverIsPresentedAsACoverAndItsButtonClosesIt() async throws {
        await navigator.send(FeedFlow.Event.articlePicked(article: ArticleID(1)))
        await navigator.send(FeedFlow.Event.shareTapped)
        #expect(model.presented(at: 0, style: .cover) != nil)
        #expect(model.presented(at: 0, style: .sheet) == nil)
        await navigator.send(FeedFlow.Event.doneTapped)
        #expect(model.presented.isEmpty)
    }

    /// A screen of a destinations group, in the stack of whichever tab the user is in.
    @Test func aSharedScreenIsPushedInTheStackOfTheTabTheUserIsIn() async throws {
        await navigator.send(People.Event.authorTapped(name: "Ada"))
        let feedPath = model.path(of: try feedStack())
        #expect(feedPath.count == 1)
        let author = try #require(model.entry(feedPath[0]))
        #expect(model.content(of: author) == .screen(.feedFlow(.people(.author(name: "Ada")))))
        #expect(author.screen.people == .author(name: "Ada"))

        model.selectTab(1, of: model.rootID)
        await navigator.send(People.Event.authorTapped(name: "Grace"))
        guard case .flow(let saved)? = model.content(of: tabs[1]) else { throw TestFailure("the saved tab shows no flow") }
        let savedStack = try #require(model.baseStacks(of: saved).first).id
        let savedPath = model.path(of: savedStack)
        #expect(savedPath.count == 1)
        #expect(model.entry(savedPath[0])?.screen == .savedFlow(.people(.author(name: "Grace"))))
        // The feed's stack still shows its author; the back button of the saved tab pops its own.
        #expect(model.path(of: try feedStack()) == feedPath)
        #expect(model.setPath([], of: savedStack)?.isApplied == true)
        #expect(navigator.current == .savedFlow(.savedList))
        #expect(model.path(of: try feedStack()) == feedPath)
    }

    @Test func theTabBarSelectionIsTheUsersMove() async throws {
        #expect(model.selectTab(1, of: model.rootID)?.isApplied == true)
        #expect(model.selectedTab(of: model.rootID) == 1)
        #expect(navigator.current == .savedFlow(.savedList))
        #expect(model.selectTab(1, of: model.rootID) == nil)  // the same tab: nothing to report

        // Under a sheet the tab bar cannot be tapped: the navigator refuses, the selection stays.
        model.selectTab(0, of: model.rootID)
        await navigator.send(FeedFlow.Event.composeTapped)
        #expect(model.selectTab(1, of: model.rootID)?.status == .impossible)
        #expect(model.selectedTab(of: model.rootID) == 0)
    }

    /// `step Search as sheet`: an item after the tabs, which presents its step over the tab shown.
    @Test func aTabItemPresentsItsStepAndTheTabStays() async throws {
        let items = model.tabItems(of: model.rootID)
        #expect(items.map(model.tabItemTitle) == ["Search"] && tabs.count == 2)
        model.selectTab(1, of: model.rootID)
        #expect(model.tapTabItem(items[0], of: model.rootID).isApplied)
        #expect(navigator.current == .reader(.search))
        #expect(model.presented.count == 1 && model.selectedTab(of: model.rootID) == 1)
        // Under its sheet the tab bar cannot be tapped.
        #expect(model.tapTabItem(items[0], of: model.rootID).status == .impossible)
        await navigator.send(Reader.Event.closeTapped)
        #expect(navigator.current == .savedFlow(.savedList) && model.presented.isEmpty)
    }

    @Test func aDeepLinkFromAnotherTabShowsItsScreenInTheFeed() async throws {
        model.selectTab(1, of: model.rootID)
        await navigator.send(SavedFlow.Event.articlePicked(article: ArticleID(3)))
        let outcome = await navigator.open(url: "/articles/42")
        #expect(outcome.isApplied)
        #expect(model.selectedTab(of: model.rootID) == 0)
        let path = model.path(of: try feedStack())
        #expect(path.count == 1)
        #expect(model.entry(path[0])?.screen == .feedFlow(.article(article: ArticleID(42))))
        // The saved tab keeps its stack.
        guard case .flow(let saved)? = model.content(of: tabs[1]) else { Issue.record("the saved tab shows no flow"); return }
        #expect(model.path(of: model.baseStacks(of: saved)[0].id).count == 1)
    }

    @Test func aDeepLinkToTheScreenOnScreenKeepsItsEntrySoSwiftUIKeepsItsView() async throws {
        await navigator.send(FeedFlow.Event.articlePicked(article: ArticleID(42)))
        await navigator.send(FeedFlow.Event.commentsTapped(article: ArticleID(42)))
        let before = model.path(of: try feedStack())
        #expect(before.count == 2)

        // The article is on the link's path: its entry (the identity SwiftUI's path holds) stays,
        // and only the comments over it go.
        #expect(await navigator.open(url: "/articles/42").isApplied)
        #expect(model.path(of: try feedStack()) == [before[0]])
    }

    /// `step Offline detents height 200, medium, large interactive`: what the adapters apply.
    @Test func aSheetsDetentsAreItsSteps() async throws {
        guards.online = false
        await navigator.send(FeedFlow.Event.articlePicked(article: ArticleID(5)))
        let sheet = try #require(model.presented(at: 0, style: .sheet))
        #expect(model.detents(of: sheet).detents == [.height(200), .medium, .large])
        #expect(model.detents(of: sheet).isInteractive)
    }

    @Test func anAsyncGuardThatSaysNoPresentsItsElse() async throws {
        guards.online = false
        await navigator.send(FeedFlow.Event.articlePicked(article: ArticleID(5)))
        #expect(model.path(of: try feedStack()).isEmpty)
        let offline = try #require(model.presented(at: 0))
        #expect(offline.style == .sheet)
        #expect(offline.screens == [.feedFlow(.offline)])
    }

    @Test func aValueHandedBackIsKeptForTheEntryThatReceivesIt() async throws {
        await navigator.send(FeedFlow.Event.composeTapped)
        let sheet = try #require(model.presented(at: 0))
        guard case .flow(let compose)? = model.content(of: sheet) else { Issue.record("the sheet shows no flow"); return }
        let draftStack = model.baseStacks(of: compose)[0].id
        let draft = try #require(model.stack(draftStack)?.entries.first).id
        #expect(model.delivery(to: draft) == nil && model.lastDelivery == nil)

        await navigator.send(ComposeFlow.Event.attachTapped)
        await navigator.send(ComposeFlow.Event.articleAttached(article: ArticleID(8)))
        let first = try #require(model.delivery(to: draft))
        #expect(first.value == .composeFlow(.draft(article: ArticleID(8))))
        #expect(first.entry == draft && first.number == 1)
        #expect(model.lastDelivery == first)
        #expect(model.path(of: draftStack).isEmpty)

        // The same value again is a new delivery, so that a view watching it sees it; a back
        // move without a payload hands nothing and keeps the last one.
        await navigator.send(ComposeFlow.Event.attachTapped)
        await navigator.send(ComposeFlow.Event.articleAttached(article: ArticleID(8)))
        let second = try #require(model.delivery(to: draft))
        #expect(second.value == first.value && second.number == 2 && second != first)
        await navigator.send(ComposeFlow.Event.attachTapped)
        await navigator.send(ComposeFlow.Event.doneTapped)
        #expect(model.delivery(to: draft) == second)

        // Once the entry is gone, so is what it was handed.
        #expect(model.dismissed(at: 0)?.isApplied == true)
        #expect(model.delivery(to: draft) == nil)
        #expect(model.deliveries.isEmpty && model.lastDelivery == second)
    }

    /// `open url`: the model tells the view the URL (numbered, so that the same one twice is two
    /// openings), and the screens stay as they are.
    @Test func aURLHandedToTheSystemIsTheModelsLastOpened() async throws {
        await navigator.send(FeedFlow.Event.articlePicked(article: ArticleID(3)))
        let path = model.path(of: try feedStack())
        #expect(model.lastOpened == nil)
        let url = try #require(URL(string: "https://example.com/articles/3"))
        let outcome = await navigator.send(FeedFlow.Event.openInBrowserTapped(url: url))
        #expect(outcome.commands.map(\.description) == ["open https://example.com/articles/3 outside the app"])
        #expect(model.lastOpened == NavigationModel<FlowRouter>.Opened(url: "https://example.com/articles/3", number: 1))
        await navigator.send(FeedFlow.Event.openInBrowserTapped(url: url))
        #expect(model.lastOpened?.number == 2)
        #expect(model.path(of: try feedStack()) == path)
    }

    @Test func theModelReportsALockedSheetAndAPopover() async throws {
        guards.draft = true
        await navigator.send(FeedFlow.Event.composeTapped)
        let sheet = try #require(model.presented(at: 0, style: .sheet))
        #expect(model.isLocked(sheet))
        #expect(!model.isLocked(try feedStack()))
        // SwiftUI's binding set to nil while the sheet is locked: refused, the sheet stays.
        #expect(model.dismissed(at: 0)?.status == .impossible)
        #expect(model.presented(at: 0)?.id == sheet)
        guards.draft = false
        #expect(!model.isLocked(sheet))
        #expect(model.dismissed(at: 0)?.isApplied == true)
        #expect(model.presented.isEmpty)

        // Its step says no detents: the platform's.
        #expect(model.detents(of: sheet).detents.isEmpty)
        // `popover TextSize compact sheet`: a sheet on an iPhone (the navigator's width until the
        // UI says otherwise), a popover on an iPad.
        #expect(model.sizeClass == .compact)
        await navigator.send(FeedFlow.Event.textSizeTapped)
        #expect(model.presented(at: 0, style: .sheet) != nil && model.presented(at: 0, style: .popover) == nil)
        #expect(model.dismissed(at: 0)?.isApplied == true)
        model.sizeClass = .regular
        #expect(navigator.sizeClass == .regular)
        await navigator.send(FeedFlow.Event.textSizeTapped)
        let popover = try #require(model.presented(at: 0, style: .popover))
        #expect(model.presented(at: 0, style: .sheet) == nil && model.presented(at: 0, style: .cover) == nil)
        #expect(model.stack(popover)?.screens == [.feedFlow(.textSize)])
        #expect(!model.isLocked(popover))
        #expect(model.dismissed(at: 0)?.isApplied == true)
        #expect(model.presented.isEmpty)
    }

    @Test func observersOfTheModelHearOfEveryChange() async throws {
        let changes = Mutex(0)
        var changed: Int { changes.withLock { $0 } }
        let stack = try feedStack()
        func observe() {
            withObservationTracking { _ = model.path(of: stack); _ = model.presented } onChange: { changes.withLock { $0 += 1 } }
        }
        observe()
        await navigator.send(FeedFlow.Event.articlePicked(article: ArticleID(2)))
        #expect(changed == 1)
        observe()
        await navigator.send(FeedFlow.Event.shareTapped)
        #expect(changed == 2)
        let revision = model.revision
        observe()
        navigator.userDismissed(try #require(model.presented(at: 0)).id)
        #expect(changed == 3)
        #expect(model.revision == revision + 1)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
