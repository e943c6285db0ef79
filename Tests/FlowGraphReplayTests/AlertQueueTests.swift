@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Several alerts in a row (issue 26): an alert asked while another is up waits its turn, as
/// FlowStack queues its dialogs; it shows when the one on screen closes without a move, and a move
/// of the screens drops it. Played on the navigator the checker's claims are replayed on.
@MainActor
@Suite("Alerts in a row", .serialized)
struct AlertQueueTests {
    /// A mail app: the network reports an error while "Delete this draft?" is up; a sync finishes
    /// and asks to reload.
    static let mail = """
        flow Mail {
            start Inbox
            step Inbox {
                on deleteDraftTapped -> alert DeleteDraft
                on networkFailed -> alert NetworkError
                on syncFinished -> dialog Reload
                on messagePicked -> push Message
            }
            step Message {
                on backTapped -> pop
            }
            alert DeleteDraft {
                on deleteTapped -> push Message
                on cancelTapped
                on moreTapped -> alert NetworkError
            }
            alert NetworkError {
                on okTapped
            }
            dialog Reload {
                on reloadTapped
            }
        }
        """

    static func send(_ driver: ReplayDriver, _ event: String) -> ReplayNavigator.Outcome {
        driver.navigator.send(ReplayProgram.Value(owner: "mail", caseName: event, values: []))
    }

    static func names(_ driver: ReplayDriver) -> [String] {
        ([driver.navigator.alert] + driver.navigator.queuedAlerts.map(Optional.some)).compactMap { $0?.name }
    }

    @Test func aSecondAlertWaitsForTheFirstToClose() throws {
        try ReplayTests.replay(Self.mail)
        let driver = try ReplayTests.driver(Self.mail)
        #expect(Self.send(driver, "deleteDraftTapped").status == .applied)
        let waiting = Self.send(driver, "networkFailed")
        #expect(waiting.status == .applied && waiting.commands.isEmpty)
        #expect(Self.names(driver) == ["DeleteDraft", "NetworkError"])
        // "Cancel" only closes the first: the second shows, over the same screen.
        let next = Self.send(driver, "cancelTapped")
        #expect(next.commands.map(\.description).count == 2)
        guard case .closeAlert = next.commands.first, case .showAlert(let shown)? = next.commands.last else {
            Issue.record("expected close, then show: \(next.commands)")
            return
        }
        #expect(shown.name == "NetworkError" && Self.names(driver) == ["NetworkError"])
        #expect(driver.navigator.current.description == "Mail.Inbox")
    }

    @Test func theUserClosingADialogShowsTheNextToo() throws {
        let driver = try ReplayTests.driver(Self.mail)
        _ = Self.send(driver, "syncFinished")
        _ = Self.send(driver, "networkFailed")
        let dialog = try #require(driver.navigator.alert)
        let outcome = driver.navigator.userClosedAlert(dialog.id)
        #expect(outcome.status == .applied)
        #expect(Self.names(driver) == ["NetworkError"])
    }

    /// A move of the screens closes the alert and drops those waiting: they were asked over a
    /// screen that is gone.
    @Test func aMoveDropsTheAlertsWaiting() throws {
        let driver = try ReplayTests.driver(Self.mail)
        _ = Self.send(driver, "deleteDraftTapped")
        _ = Self.send(driver, "networkFailed")
        #expect(Self.send(driver, "deleteTapped").status == .applied)
        #expect(Self.names(driver).isEmpty)
        #expect(driver.navigator.current.description == "Mail.Message")
    }

    /// A button's own alert shows at once (its alert closes first); those waiting still wait.
    @Test func aButtonsAlertShowsAtOnceAndTheSameAlertWaitsOnce() throws {
        let driver = try ReplayTests.driver(Self.mail)
        _ = Self.send(driver, "deleteDraftTapped")
        _ = Self.send(driver, "syncFinished")
        _ = Self.send(driver, "syncFinished")  // asked twice, it waits once
        #expect(Self.names(driver) == ["DeleteDraft", "Reload"])
        _ = Self.send(driver, "moreTapped")
        #expect(Self.names(driver) == ["NetworkError", "Reload"])
    }
}
