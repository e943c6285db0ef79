import FlowGraphRuntime
import FlowGraphUI
import Observation
import Synchronization
import Testing

// Mail and Notes are roots of their own in Mail.flow, beside Reader: the plugin generated their
// enums (and `FlowNavigator(.mail, ...)`) while this target was built.

@MainActor
@Suite("NavigationModel of a split view, as a NavigationSplitView or a UISplitViewController reads it")
struct SplitViewModelTests {
    let model: NavigationModel<FlowRouter>

    init() {
        model = NavigationModel(FlowNavigator(.mail, guards: ReaderGuards()))
    }

    var navigator: FlowNavigator { model.navigator }
    var mail: FlowNavigator.FlowID { model.rootID }
    func columns() throws -> NavigationModel<FlowRouter>.Columns { try #require(model.columns(of: mail)) }

    /// Shows the Inbox, message 1 in the detail, and its attachment 2 pushed on the detail.
    func openAttachment() async throws {
        #expect(await navigator.send(Mail.Event.mailboxPicked(mailbox: "Inbox")).isApplied)
        #expect(await navigator.send(Mail.Event.messagePicked(message: 1)).isApplied)
        #expect(await navigator.send(Mail.Event.attachmentTapped(attachment: 2)).isApplied)
    }

    @Test func startsWithTheSidebarAlone() throws {
        #expect(model.isSplit(mail))
        #expect(model.hasContentColumn(mail))
        let columns = try columns()
        #expect(columns.sidebar.screens == [.mail(.mailboxes)] && columns.sidebar.style == .base)
        #expect(columns.content == nil && columns.detail == nil)
        #expect(model.baseStacks(of: mail).map(\.id) == [columns.sidebar.id])
        #expect(model.collapsedPath(of: mail).isEmpty)
        #expect(model.root(of: columns.sidebar.id)?.screen == .mail(.mailboxes))
    }

    /// `show` fills the columns left to right; the detail column pushes, and its own path (on a
    /// regular width, the detail's `NavigationStack`) and the collapsed path (on a compact one, the
    /// one stack) both show the push.
    @Test func showFillsTheColumnsAndTheDetailPushes() async throws {
        let sidebar = try columns().sidebar
        let inbox = await navigator.send(Mail.Event.mailboxPicked(mailbox: "Inbox"))
        let content = try #require(try columns().content)
        #expect(inbox.commands == [.setTabs(mail, stacks: [sidebar.id, content.id]), .setRoot(.mail(.mailbox(mailbox: "Inbox")), on: content.id)])
        #expect(content.screens == [.mail(.mailbox(mailbox: "Inbox"))] && content.style == .column)
        #expect(try columns().detail == nil)
        #expect(model.collapsedPath(of: mail) == [content.entries[0].id])

        await navigator.send(Mail.Event.messagePicked(message: 1))
        let detail = try #require(try columns().detail)
        #expect(detail.screens == [.mail(.message(message: 1))] && detail.style == .column)
        #expect(try columns().content == content && columns().sidebar == sidebar)
        #expect(model.path(of: detail.id).isEmpty)
        #expect(model.root(of: detail.id)?.screen == .mail(.message(message: 1)))
        #expect(model.collapsedPath(of: mail) == [content.entries[0].id, detail.entries[0].id])
        #expect(model.baseStacks(of: mail).map(\.id) == [sidebar.id, content.id, detail.id])

        await navigator.send(Mail.Event.attachmentTapped(attachment: 2))
        let pushed = try #require(try columns().detail)
        #expect(pushed.id == detail.id)
        #expect(pushed.screens == [.mail(.message(message: 1)), .mail(.attachment(attachment: 2))])
        #expect(model.path(of: detail.id) == [pushed.entries[1].id])
        #expect(model.collapsedPath(of: mail) == [content.entries[0].id, detail.entries[0].id, pushed.entries[1].id])
        #expect(navigator.current == .mail(.attachment(attachment: 2)))

        // On a regular width, the detail's back button: its own path, as for any stack.
        #expect(model.setPath([], of: detail.id)?.isApplied == true)
        #expect(try columns().detail?.screens == [.mail(.message(message: 1))])
        #expect(try columns().content == content)
        #expect(navigator.current == .mail(.message(message: 1)))
    }

    /// On a compact width the columns are one stack: going back within the detail pops it, going
    /// back past a column's first screen closes that column (and those after it).
    @Test func goingBackInTheCollapsedStackPopsTheDetailThenClosesColumns() async throws {
        try await openAttachment()
        let sidebar = try columns().sidebar
        let content = try #require(try columns().content)
        let detail = try #require(try columns().detail)
        let path = model.collapsedPath(of: mail)
        #expect(path.count == 3)

        // Not a shorter path that keeps the start of the old: not a move of the user.
        #expect(model.setCollapsedPath(path.reversed(), of: mail) == nil)
        #expect(model.setCollapsedPath(path, of: mail) == nil)
        #expect(model.setCollapsedPath(path + [sidebar.entries[0].id], of: mail) == nil)
        #expect(model.setCollapsedPath([path[1]], of: mail) == nil)
        #expect(model.collapsedPath(of: mail) == path)

        // Within the detail: its attachment goes, the message stays.
        let pop = try #require(model.setCollapsedPath(Array(path.prefix(2)), of: mail))
        #expect(pop.status == .applied && pop.commands.isEmpty)
        #expect(try columns().detail?.id == detail.id && columns().detail?.screens == [.mail(.message(message: 1))])
        #expect(model.collapsedPath(of: mail) == Array(path.prefix(2)))
        #expect(navigator.current == .mail(.message(message: 1)))

        // Past the detail's first screen: the detail column goes.
        let closeDetail = try #require(model.setCollapsedPath([path[0]], of: mail))
        #expect(closeDetail.status == .applied)
        #expect(closeDetail.commands == [.setTabs(mail, stacks: [sidebar.id, content.id])])
        #expect(try columns().detail == nil && columns().content == content)
        #expect(model.stack(detail.id) == nil && model.entry(path[1]) == nil)
        #expect(model.collapsedPath(of: mail) == [path[0]])
        #expect(navigator.current == .mail(.mailbox(mailbox: "Inbox")))

        // Past the content's: the sidebar alone.
        let closeContent = try #require(model.setCollapsedPath([], of: mail))
        #expect(closeContent.status == .applied && closeContent.commands == [.setTabs(mail, stacks: [sidebar.id])])
        #expect(try columns().content == nil && columns().detail == nil)
        #expect(model.baseStacks(of: mail).map(\.id) == [sidebar.id])
        #expect(model.collapsedPath(of: mail).isEmpty)
        #expect(model.setCollapsedPath([], of: mail) == nil)
        #expect(navigator.current == .mail(.mailboxes))
    }

    /// A path cut several screens at once (SwiftUI pops to the root on a long press of the back
    /// button): one call, at the first column that goes.
    @Test func aPathCutAtOnceClosesEveryColumnAfterIt() async throws {
        try await openAttachment()
        let sidebar = try columns().sidebar
        let content = try #require(try columns().content)
        let path = model.collapsedPath(of: mail)

        // From the attachment to the mailbox: the whole detail column, in one call.
        let toList = try #require(model.setCollapsedPath([path[0]], of: mail))
        #expect(toList.status == .applied && toList.commands == [.setTabs(mail, stacks: [sidebar.id, content.id])])
        #expect(try columns().content == content && columns().detail == nil)

        try await openAttachmentAgain()
        let again = model.collapsedPath(of: mail)
        #expect(again.count == 3 && again[0] == path[0] && again[1] != path[1])
        let toSidebar = try #require(model.setCollapsedPath([], of: mail))
        #expect(toSidebar.status == .applied && toSidebar.commands == [.setTabs(mail, stacks: [sidebar.id])])
        #expect(model.baseStacks(of: mail).count == 1 && model.collapsedPath(of: mail).isEmpty)
        #expect(navigator.current == .mail(.mailboxes))
    }

    func openAttachmentAgain() async throws {
        #expect(await navigator.send(Mail.Event.messagePicked(message: 3)).isApplied)
        #expect(await navigator.send(Mail.Event.attachmentTapped(attachment: 4)).isApplied)
    }

    /// On an iPad the sidebar stays on screen: a row tapped there while the detail is up (and has
    /// pushed) is sent as any event, and `show` gives its column a new screen and closes the
    /// columns after it.
    @Test func aSidebarEventWhileTheDetailIsUpShowsItsColumn() async throws {
        try await openAttachment()
        let sidebar = try columns().sidebar
        let content = try #require(try columns().content)
        let detail = try #require(try columns().detail)
        #expect(navigator.current == .mail(.attachment(attachment: 2)))

        let sent = await navigator.send(Mail.Event.mailboxPicked(mailbox: "Sent"))
        #expect(sent.isApplied)
        let newContent = try #require(try columns().content)
        #expect(newContent.id != content.id && newContent.screens == [.mail(.mailbox(mailbox: "Sent"))])
        #expect(sent.commands == [.setTabs(mail, stacks: [sidebar.id, newContent.id]), .setRoot(.mail(.mailbox(mailbox: "Sent")), on: newContent.id)])
        #expect(try columns().detail == nil && columns().sidebar == sidebar)
        #expect(model.stack(content.id) == nil && model.stack(detail.id) == nil)
        #expect(model.collapsedPath(of: mail) == [newContent.entries[0].id])

        // The content column's row while the detail is up: a new detail column, the list kept.
        await navigator.send(Mail.Event.messagePicked(message: 5))
        await navigator.send(Mail.Event.attachmentTapped(attachment: 6))
        let firstDetail = try #require(try columns().detail)
        let picked = await navigator.send(Mail.Event.messagePicked(message: 7))
        #expect(picked.isApplied)
        let secondDetail = try #require(try columns().detail)
        #expect(secondDetail.id != firstDetail.id && secondDetail.screens == [.mail(.message(message: 7))])
        #expect(try columns().content == newContent)
        #expect(model.path(of: secondDetail.id).isEmpty)

        // The detail's own `show`: the next message in its place.
        await navigator.send(Mail.Event.nextMessageTapped(message: 8))
        #expect(try columns().detail?.screens == [.mail(.message(message: 8))])
        #expect(try columns().detail?.id != secondDetail.id)
        #expect(model.collapsedPath(of: mail).count == 2)
    }

    /// A sheet over a split view is a modal stack as any other; the columns stay under it.
    @Test func aSheetOverTheColumnsLeavesThemAsTheyAre() async throws {
        await navigator.send(Mail.Event.mailboxPicked(mailbox: "Inbox"))
        let path = model.collapsedPath(of: mail)
        await navigator.send(Mail.Event.settingsTapped)
        let sheet = try #require(model.presented(at: 0, style: .sheet))
        #expect(model.stack(sheet)?.screens == [.mail(.settings)])
        #expect(model.collapsedPath(of: mail) == path)
        #expect(model.baseStacks(of: mail).count == 2)
        await navigator.send(Mail.Event.doneTapped)
        #expect(model.presented.isEmpty && model.collapsedPath(of: mail) == path)
    }

    /// Notes has no content column: two columns, and the note comes right after the sidebar.
    @Test func aSplitViewWithoutAContentColumnHasTwo() async throws {
        let notes = NavigationModel<FlowRouter>(FlowNavigator(.notes, guards: ReaderGuards()))
        let id = notes.rootID
        #expect(notes.isSplit(id) && !notes.hasContentColumn(id))
        let sidebar = try #require(notes.columns(of: id)).sidebar
        #expect(sidebar.screens == [.notes(.folders)])

        await notes.navigator.send(Notes.Event.noteTapped(note: 5))
        let columns = try #require(notes.columns(of: id))
        let detail = try #require(columns.detail)
        #expect(columns.content == nil && detail.screens == [.notes(.note(note: 5))])
        #expect(notes.collapsedPath(of: id) == [detail.entries[0].id])

        let back = try #require(notes.setCollapsedPath([], of: id))
        #expect(back.status == .applied && back.commands == [.setTabs(id, stacks: [sidebar.id])])
        #expect(notes.columns(of: id)?.detail == nil)
        #expect(notes.navigator.current == .notes(.folders))
    }

    /// A flow that is not a split view has no columns, and its collapsed path is nothing to set.
    @Test func aFlowThatIsNotASplitViewHasNoColumns() throws {
        let reader = NavigationModel<FlowRouter>(FlowNavigator(.reader, guards: ReaderGuards()))
        #expect(!reader.isSplit(reader.rootID) && !reader.hasContentColumn(reader.rootID))
        #expect(reader.columns(of: reader.rootID) == nil)
        #expect(reader.collapsedPath(of: reader.rootID).isEmpty)
        #expect(reader.setCollapsedPath([], of: reader.rootID) == nil)
    }

    /// The adapters pick the layout by the width: a view that read it is drawn again when it changes.
    @Test func theWidthIsObservable() {
        let changes = Mutex(0)
        func observe() {
            withObservationTracking { _ = model.sizeClass } onChange: { changes.withLock { $0 += 1 } }
        }
        #expect(model.sizeClass == .compact)
        observe()
        model.sizeClass = .regular
        #expect(changes.withLock { $0 } == 1)
        #expect(navigator.sizeClass == .regular && model.sizeClass == .regular)
        observe()
        model.sizeClass = .regular  // the same width: no change
        #expect(changes.withLock { $0 } == 1)
        model.sizeClass = .compact
        #expect(changes.withLock { $0 } == 2)
    }
}
