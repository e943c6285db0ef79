import Testing
@testable import FlowGraph

/// `kept-links-never-open` reports only a step no move can take off screen.
@Suite("kept-links-never-open")
struct KeptLinksRuleTests {
    /// A tab the user can leave by the tab bar, whichever tab it is, keeps links only while shown.
    @Test func aTabOfATabBarCanBeLeftByTheTabBar() {
        for step in ["Home", "Search"] {
            let text = """
                flow Tabs tabs {
                    start Home
                    step Home
                    step Search
                }
                """.replacingOccurrences(of: "step \(step)\n", with: "step \(step) keeps links\n")
            #expect(findings(text).isEmpty, "\(step)")
        }
    }

    /// The root's only screen never leaves: a link kept there never opens.
    @Test func theRootsOnlyScreenNeverLeaves() {
        #expect(findings("""
            flow App {
                start Home
                step Home keeps links
            }
            """) == [
                "3:15: warning [kept-links-never-open] step 'Home' keeps links, and no move takes it off screen: "
                    + "a link that arrives while it is shown never opens",
            ])
    }
}
