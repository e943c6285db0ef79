@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Split views (issue 27 §4), played on the navigator the checker's claims are replayed on: Mail
/// on an iPad (the mail sample's layout): mailboxes in the sidebar, a mailbox's messages in the
/// content column, the message in the detail, which pushes an attachment; a sidebar row tapped
/// while a message is shown; an iPhone's back button from a column's first screen.
@MainActor
@Suite("Split views, on the navigator", .serialized)
struct SplitViewReplayTests {
    static let app = """
        flow Mail split {
            start Mailboxes
            step Mailboxes {
                on mailboxPicked(mailbox: MailboxID) -> show Mailbox
                on settingsTapped -> sheet Settings
            }
            step Mailbox(mailbox: MailboxID) in content {
                on messagePicked(message: MessageID) -> show Message
            }
            step Message(message: MessageID) in detail {
                on attachmentTapped(attachment: AttachmentID) -> push Attachment
                on nextMessageTapped(message: MessageID) -> show Message
                on startOverTapped -> root Mailboxes
            }
            step Attachment(attachment: AttachmentID) {
                on doneTapped -> pop
            }
            step Settings {
                on doneTapped -> dismiss
                on showMailboxTapped(mailbox: MailboxID) -> show Mailbox
            }
        }
        """

    /// The columns of the root split view, each as its screens.
    static func columns(_ navigator: ReplayNavigator) -> [String] {
        navigator.flows[navigator.rootID]!.tabs.map { $0.screens.map(\.description).joined(separator: " > ") }
    }

    @Test func theCheckersClaimsHold() throws {
        let report = try ReplayTests.replay(Self.app)
        #expect(report.isComplete)
        #expect(report.reachableSteps == 5)
        #expect(report.disagreements.isEmpty)
    }

    @Test func showFillsAColumnAndEmptiesTheOnesAfterIt() throws {
        let navigator = try ReplayTests.driver(Self.app).navigator
        #expect(Self.columns(navigator) == ["Mail.Mailboxes"])
        #expect(navigator.send(ReplayTests.event("mail", "mailboxPicked", ["inbox"])).status == .applied)
        #expect(navigator.send(ReplayTests.event("mail", "messagePicked", ["7"])).status == .applied)
        #expect(navigator.send(ReplayTests.event("mail", "attachmentTapped", ["a"])).status == .applied)
        #expect(Self.columns(navigator) == ["Mail.Mailboxes", "Mail.Mailbox(mailbox: inbox)",
                                             "Mail.Message(message: 7) > Mail.Attachment(attachment: a)"])
        #expect(navigator.flows[navigator.rootID]!.tabs.map(\.style) == [.base, .column, .column])
        // The next message takes the detail column, and what it pushed goes.
        #expect(navigator.send(ReplayTests.event("mail", "doneTapped")).status == .applied)
        let next = navigator.send(ReplayTests.event("mail", "nextMessageTapped", ["8"]))
        #expect(next.status == .applied)
        #expect(next.commands.contains { if case .setTabs = $0 { true } else { false } })
        #expect(Self.columns(navigator).last == "Mail.Message(message: 8)")
        // The sidebar's row, tapped while the message is shown (an iPad): a new content, no detail.
        #expect(navigator.send(ReplayTests.event("mail", "mailboxPicked", ["sent"])).status == .applied)
        #expect(Self.columns(navigator) == ["Mail.Mailboxes", "Mail.Mailbox(mailbox: sent)"])
        #expect(navigator.current.description == "Mail.Mailbox(mailbox: sent)")
    }

    @Test func onlyTheDetailPushesAndItsFirstScreenHasNothingToPop() throws {
        let navigator = try ReplayTests.driver(Self.app).navigator
        _ = navigator.send(ReplayTests.event("mail", "mailboxPicked", ["inbox"]))
        _ = navigator.send(ReplayTests.event("mail", "messagePicked", ["7"]))
        let detail = navigator.flows[navigator.rootID]!.tabs[2].id
        // The detail column's first screen: the user's back within it is impossible (an iPad has none).
        #expect(navigator.userWentBack(in: detail, to: 1).status == .impossible)
        // On an iPhone the columns are one stack: back from the message closes the detail column.
        let back = navigator.userWentBack(in: detail, to: 0)
        #expect(back.status == .applied)
        #expect(Self.columns(navigator) == ["Mail.Mailboxes", "Mail.Mailbox(mailbox: inbox)"])
        let content = navigator.flows[navigator.rootID]!.tabs[1].id
        #expect(navigator.userWentBack(in: content, to: 0).status == .applied)
        #expect(Self.columns(navigator) == ["Mail.Mailboxes"])
        // The sidebar is no column the user can close.
        #expect(navigator.userWentBack(in: navigator.flows[navigator.rootID]!.tabs[0].id, to: 0).status == .impossible)
    }

    @Test func showFromASheetClosesItAndRootKeepsTheSidebarAlone() throws {
        let navigator = try ReplayTests.driver(Self.app).navigator
        _ = navigator.send(ReplayTests.event("mail", "settingsTapped"))
        #expect(navigator.current.description == "Mail.Settings")
        #expect(navigator.send(ReplayTests.event("mail", "showMailboxTapped", ["drafts"])).status == .applied)
        #expect(navigator.flows[navigator.rootID]!.layers.isEmpty)
        #expect(navigator.current.description == "Mail.Mailbox(mailbox: drafts)")
        _ = navigator.send(ReplayTests.event("mail", "messagePicked", ["1"]))
        #expect(navigator.send(ReplayTests.event("mail", "startOverTapped")).status == .applied)
        #expect(Self.columns(navigator) == ["Mail.Mailboxes"])
        #expect(navigator.current.description == "Mail.Mailboxes")
    }
}
