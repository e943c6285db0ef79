@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// Going back more than one screen in one clause (issue 26): `pop, pop` and an inclusive `popTo`
/// (`popTo Product, pop`), as FlowStack's tests 19 and 20 go back several screens at once, and
/// `dismiss, dismiss` closing two sheets. Played on the navigator the checker's claims are
/// replayed on.
@MainActor
@Suite("Several back moves", .serialized)
struct BackSequenceTests {
    static let shop = """
        flow Shop {
            start Home
            step Home {
                on productTapped -> push Product
                on settingsTapped -> sheet Settings
            }
            step Product {
                on addTapped -> push Cart
            }
            step Cart {
                on checkoutTapped -> push Checkout
                /// FlowStack's test 19: two screens back at once.
                on doneTapped -> pop, pop
            }
            step Checkout {
                /// FlowStack's test 20: back to the product, and the product too.
                on paidTapped -> popTo Product, pop
                on restartTapped -> pop, pop, push Product
            }
            step Settings {
                on aboutTapped -> sheet About
            }
            step About {
                on closeAll -> dismiss, dismiss
            }
            /// Only where two screens are pushed: elsewhere it cannot be made, and nothing moves.
            on backTwice -> pop, pop
        }
        """

    static func send(_ driver: ReplayDriver, _ event: String) -> ReplayNavigator.Outcome {
        driver.navigator.send(ReplayProgram.Value(owner: "shop", caseName: event, values: []))
    }

    static func stack(_ driver: ReplayDriver) -> [String] { stacks(driver, flow: "Shop") }

    /// The stacks of the innermost running flow, the selected tab's first, each as `A > B`, its
    /// screens' names without the flow's.
    static func stacks(_ driver: ReplayDriver, flow: String) -> [String] {
        driver.navigator.chain.last.map { running in (running.tabs[running.selectedTab..<running.selectedTab + 1] + running.layers).map {
            $0.entries.map { "\($0.screen)".replacingOccurrences(of: flow + ".", with: "") }.joined(separator: " > ")
        } } ?? []
    }

    @Test func popPopGoesBackTwoScreensAsOneTransition() throws {
        try ReplayTests.replay(Self.shop)
        let driver = try ReplayTests.driver(Self.shop)
        for event in ["productTapped", "addTapped"] { _ = Self.send(driver, event) }
        #expect(Self.stack(driver) == ["Home > Product > Cart"])
        let outcome = Self.send(driver, "doneTapped")
        #expect(outcome.status == .applied && outcome.commands.count == 2)
        #expect(Self.stack(driver) == ["Home"])
    }

    @Test func popToThenPopIsAnInclusivePopTo() throws {
        let driver = try ReplayTests.driver(Self.shop)
        for event in ["productTapped", "addTapped", "checkoutTapped"] { _ = Self.send(driver, event) }
        #expect(Self.send(driver, "paidTapped").status == .applied)
        #expect(Self.stack(driver) == ["Home"])
    }

    @Test func aScreenShownAfterTwoBackMovesLandsTwoBelow() throws {
        let driver = try ReplayTests.driver(Self.shop)
        for event in ["productTapped", "addTapped", "checkoutTapped", "restartTapped"] { _ = Self.send(driver, event) }
        #expect(Self.stack(driver) == ["Home > Product > Product"])
    }

    @Test func dismissDismissClosesTwoSheets() throws {
        let driver = try ReplayTests.driver(Self.shop)
        for event in ["settingsTapped", "aboutTapped"] { _ = Self.send(driver, event) }
        #expect(Self.stack(driver) == ["Home", "Settings", "About"])
        #expect(Self.send(driver, "closeAll").status == .applied)
        #expect(Self.stack(driver) == ["Home"])
    }

    /// When a later move cannot be made, none is: the stack is as it was.
    @Test func aSequenceThatCannotFinishMovesNothing() throws {
        let driver = try ReplayTests.driver(Self.shop)
        _ = Self.send(driver, "productTapped")
        #expect(Self.send(driver, "backTwice").status == .impossible)
        #expect(Self.stack(driver) == ["Home > Product"])
        _ = Self.send(driver, "addTapped")
        #expect(Self.send(driver, "backTwice").status == .applied)
        #expect(Self.stack(driver) == ["Home"])
    }
}
