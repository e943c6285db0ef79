@testable import FlowGraph
@testable import FlowGraphRuntime
import Testing

/// `push X below` (issue 26): IceCubesApp's About sheet lists the accounts, and a tap pushes the
/// profile on the tab's stack under the sheet, which stays up (SwiftUI hands the sheet the tab's
/// router); FlowStack's test 28 pushes under a presented sheet and keeps it. Played on the
/// navigator the checker's claims are replayed on.
@MainActor
@Suite("push X below", .serialized)
struct PushBelowTests {
    static let timeline = """
        flow Timeline {
            start Home
            step Home {
                on aboutTapped -> sheet About
                on postTapped -> push Post
            }
            step Post {
                on backTapped -> pop
            }
            /// The accounts, in a sheet over the timeline.
            step About {
                on accountTapped -> push Profile below
                on licensesTapped -> push Licenses
                on doneTapped -> dismiss
            }
            step Licenses {
                on accountTapped -> push Profile below
                on backTapped -> pop
            }
            step Profile {
                on backTapped -> pop
                on composeTapped -> sheet Composer
            }
            step Composer {
                on mentionTapped -> push Profile below
                on draftsTapped -> sheet Drafts
                on sent -> dismiss
            }
            step Drafts {
                on draftPicked -> push Composer below
                on closeTapped -> dismiss
            }
        }
        """

    static func send(_ driver: ReplayDriver, _ event: String) -> ReplayNavigator.Outcome {
        driver.navigator.send(ReplayProgram.Value(owner: "timeline", caseName: event, values: []))
    }

    static func stacks(_ driver: ReplayDriver) -> [String] { BackSequenceTests.stacks(driver, flow: "Timeline") }

    @Test func theProfileIsPushedUnderTheSheetWhichStays() throws {
        try ReplayTests.replay(Self.timeline)
        let driver = try ReplayTests.driver(Self.timeline)
        _ = Self.send(driver, "aboutTapped")
        let outcome = Self.send(driver, "accountTapped")
        #expect(outcome.status == .applied)
        #expect(Self.stacks(driver) == ["Home > Profile", "About"])
        #expect(driver.navigator.current.description == "Timeline.About")
        // The user closes the sheet and finds the profile, with Back to the timeline.
        #expect(Self.send(driver, "doneTapped").status == .applied)
        #expect(Self.stacks(driver) == ["Home > Profile"])
        #expect(Self.send(driver, "backTapped").status == .applied)
        #expect(Self.stacks(driver) == ["Home"])
    }

    /// From a screen pushed inside the sheet, the same: the stack beneath is the tab's.
    @Test func fromDeeperInTheSheetTheStackBeneathIsTheSame() throws {
        let driver = try ReplayTests.driver(Self.timeline)
        for event in ["aboutTapped", "licensesTapped", "accountTapped"] { _ = Self.send(driver, event) }
        #expect(Self.stacks(driver) == ["Home > Profile", "About > Licenses"])
    }

    /// With two sheets up, the stack beneath the top one is the first sheet's.
    @Test func underTheTopSheetIsTheSheetBelowIt() throws {
        let driver = try ReplayTests.driver(Self.timeline)
        for event in ["aboutTapped", "accountTapped", "doneTapped", "composeTapped", "draftsTapped", "draftPicked"] { _ = Self.send(driver, event) }
        #expect(Self.stacks(driver) == ["Home > Profile", "Composer > Composer", "Drafts"])
    }
}
