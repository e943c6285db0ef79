import Testing
@testable import FlowGraph

/// Journeys (issue 28): each kind of line and expectation, run on the program's meaning as
/// `flowgraph check` runs them, holding and failing; their names resolved as everywhere.
@MainActor
@Suite("Journeys")
struct JourneyTests {
    static let shop = """
        flow Shop {
            start Catalog
            guard isSignedIn
            guard canReview
            link "/products/{product}" -> Product
            step Catalog {
                on productPicked(product: ProductID) -> push Product
                on accountTapped -> push Account if isSignedIn else sheet Login
                on galleryTapped -> cover Gallery
                on filterTapped -> popover Filter
            }
            step Product(product: ProductID) {
                on reviewTapped(product: ProductID) -> sheet Review if canReview
                on deleteTapped -> alert ConfirmDelete
            }
            step Review(product: ProductID) {
                on doneTapped -> dismiss
            }
            step Account
            step Login {
                on cancelTapped -> dismiss
            }
            step Gallery {
                on closeTapped -> dismiss
            }
            step Filter {
                on applied -> dismiss
            }
            alert ConfirmDelete {
                on deleteConfirmed -> pop
                on keepTapped
            }
            /// The toolbar's back button: at the catalog, nothing is under it.
            on backTapped -> pop
        }

        """

    /// The findings of the shop with `journeys` after it, as `line: message` (lines of the journeys' text, from 1).
    static func findings(_ journeys: String) -> [String] {
        let text = shop + journeys
        let offset = shop.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let result = check(text)
        return result.diagnostics.map { diagnostic in
            let line = result.files[0].location(of: diagnostic.range.start).line - offset
            return "\(line): [\(diagnostic.rule.id)] \(diagnostic.message)"
        }
    }

    @Test func everyKindOfLineAndExpectationHolds() {
        #expect(Self.findings("""
            journey Browsing {
                expect Catalog
                productPicked(product: 3) -> Product(product: 3)
                back -> Catalog
                open "/products/4" -> Product(product: 4)
                reviewTapped(product: 4) -> sheet Review(product: 4)
                swipe -> Product
                deleteTapped -> alert ConfirmDelete
                keepTapped -> Product(product: 4)
                deleteTapped
                deleteConfirmed -> Catalog
                galleryTapped -> cover Gallery
                closeTapped
                filterTapped -> popover Filter
                applied -> Catalog
                backTapped -> impossible
                doneTapped -> not handled
            }

            journey Guest {
                given !isSignedIn, !canReview
                accountTapped -> sheet Login
                cancelTapped -> Catalog
                productPicked(product: 3)
                reviewTapped(product: 3) -> blocked by canReview
                given canReview
                reviewTapped(product: 3) -> sheet Review
            }
            """) == [])
    }

    @Test func aJourneyFailsAtItsFirstLineThatDoesNotHold() {
        #expect(Self.findings("""
            journey WrongScreen {
                productPicked(product: 3) -> Product(product: 4)
                back -> Account
            }

            journey WrongPresentation {
                reviewTapped(product: 3) -> not handled
                productPicked(product: 3)
                reviewTapped(product: 3) -> cover Review
            }

            journey NotMade {
                given !canReview
                productPicked(product: 3)
                reviewTapped(product: 3)
            }

            journey WrongOutcome {
                backTapped -> not handled
                accountTapped -> blocked by isSignedIn
            }

            journey NoAlert {
                productPicked(product: 3) -> alert ConfirmDelete
            }
            """) == [
            "2: [journey-fails] journey 'WrongScreen' does not hold here: expected Product(product: 4); the program shows Shop.Product(product: 3)",
            "9: [journey-fails] journey 'WrongPresentation' does not hold here: expected cover Review; "
                + "the program shows sheet Shop.Review(product: 3)",
            "15: [journey-fails] journey 'NotMade' does not hold here: expected 'reviewTapped' to be made; "
                + "'reviewTapped' is blocked by canReview",
            "19: [journey-fails] journey 'WrongOutcome' does not hold here: expected not handled; "
                + "'backTapped' is impossible where the user is (Shop.Catalog)",
            "24: [journey-fails] journey 'NoAlert' does not hold here: expected alert ConfirmDelete; "
                + "the program shows Shop.Product(product: 3)",
        ])
    }

    /// `journey X from Step`: the shortest way there first (as `journeys --cover` finds it), then its lines.
    @Test func aJourneyStartsFromANamedStep() throws {
        let result = check(Self.shop + """
            journey ReviewAProduct from Product {
                expect stack Catalog, Product
                reviewTapped(product: 3) -> sheet Review(product: 3)
            }

            journey AccountFromTheStart from Shop.Account {
                expect Account
            }

            """)
        #expect(FlowGraphTests.findings(result).isEmpty, "\(FlowGraphTests.findings(result))")
        let lost = check("flow Lost {\n    start Home\n    step Home\n    step Orphan\n}\n\n"
                         + "journey NoWayThere from Orphan {\n    expect Orphan\n}\n")
        #expect(FlowGraphTests.findings(lost).filter { $0.contains("error") } == [
            "7:9: error [journey-fails] journey 'NoWayThere' does not hold here: expected a way to Lost.Orphan "
                + "(no user's way reaches where it is taken); the program shows Lost.Home",
        ])
        let unknown = check(Self.shop + "journey Nowhere from Missing {\n    back\n}\n")
        #expect(FlowGraphTests.findings(unknown) == ["36:22: error [unknown-name] no step named 'Missing'"])
        let unformatted = SourceFile(path: "a.flow", text: "journey   A from  Shop.Product {\nback\n}\n")
        guard case .formatted(let bytes) = FlowFormatter.format(unformatted) else {
            Issue.record("the formatter refused a journey with 'from'")
            return
        }
        let formatted = String(decoding: bytes, as: UTF8.self)
        #expect(formatted.hasPrefix("journey A from Shop.Product {\n    back\n}"), "\(formatted)")
    }

    /// `tab T`: the tab selected in the innermost tab bar; `stack A, B`: the stack on top, from its bottom.
    @Test func theTabAndTheStackOnTopAreExpected() {
        let app = """
            flow App tabs {
                start Home
                step Home runs HomeFlow
                step Profile runs ProfileFlow
            }
            flow HomeFlow {
                start Feed
                step Feed {
                    on postTapped(post: Int) -> push Post
                }
                step Post(post: Int) {
                    on authorTapped -> push Author
                }
                step Author
            }
            flow ProfileFlow {
                start Me
                step Me
            }

            """
        let result = check(app + """
            journey EachTabKeepsItsStack {
                expect tab Home
                postTapped(post: 3) -> Post(post: 3)
                authorTapped -> stack Feed, Post, Author
                select Profile -> tab Profile
                select Home -> stack Feed, Post
            }
            """)
        #expect(FlowGraphTests.findings(result) == [
            "25:5: error [journey-fails] journey 'EachTabKeepsItsStack' does not hold here: expected stack Feed, Post; "
                + "the stack on top is Feed, Post, Author",
        ])
        let unknown = check(app + "journey NoSuchTab {\n    expect tab Feed\n}\n")
        #expect(FlowGraphTests.findings(unknown) == ["21:16: error [unknown-name] no tab bar has a tab named 'Feed'"])
    }

    /// The answer of a guard the line asked, else another event of the flows on screen.
    @Test func aFailingLineSaysTheAnswerThatWouldMakeItHold() throws {
        let result = check(Self.shop + """
            journey SignedInSeesTheAccount {
                given !isSignedIn
                accountTapped -> Account
            }

            journey AnotherEventHelps {
                productPicked(product: 3) -> Account
            }

            journey NothingHelps {
                productPicked(product: 3) -> Review(product: 3)
            }
            """)
        #expect(result.diagnostics.map { $0.notes.first?.message } == [
            "it holds here with 'given isSignedIn' before this line",
            "it holds here with 'accountTapped' instead of 'productPicked'",
            "journey 'NothingHelps' declared here",
        ])
    }

    @Test func aResultHandedBackIsExpectedWithReceives() {
        let result = check("""
            flow Shop {
                start Catalog
                step Catalog receives (filters: Filters) {
                    on filtersTapped -> sheet Filters
                }
                step Filters {
                    on applied(filters: Filters) -> dismiss
                    on cancelTapped -> dismiss
                }
            }

            journey Picked {
                filtersTapped -> sheet Filters
                applied(filters: red) -> Catalog receives (filters: red)
            }

            journey Cancelled {
                filtersTapped
                cancelTapped -> Catalog receives (filters: red)
            }
            """)
        #expect(result.diagnostics.map(\.message) == [
            "journey 'Cancelled' does not hold here: expected it to receive (filters: red); it received nothing",
        ])
    }

    @Test func namesResolveAsEverywhere() {
        #expect(Self.findings("""
            journey Typos {
                given isSignedOn
                productPicked(item: 3) -> Product
                productPicked(product: 3) -> Prodct
                select Home
                deleteTapped -> alert Confirm
                accountTapped -> Product(id: 3)
            }
            """) == [
            "2: [unknown-name] no guard named 'isSignedOn'",
            "3: [input-mismatch] event 'productPicked' carries (product: ProductID): give each value by name, "
                + "all but the optional ones ('productPicked(name: value)')",
            "4: [unknown-name] no step named 'Prodct'",
            "5: [unknown-name] no tab bar has a tab named 'Home'",
            "6: [unknown-name] no alert or dialog named 'Confirm'",
            "7: [input-mismatch] step 'Product' has no input named 'id'",
        ])
    }

    /// `-> alert` alone is a screen named `alert` (a word is a keyword only where the grammar
    /// expects it); `-> alert Name` and `-> dialog Name` are alerts.
    @Test func alertWithoutANameIsAScreensName() {
        let result = Compiler.compileAndRunJourneys([SourceFile(path: "a.flow", text: """
            flow App {
                start Home
                step Home {
                    on go -> push alert
                }
                step alert
            }
            journey ToAStepNamedAlert {
                go -> alert
            }
            """)])
        #expect(!result.diagnostics.contains { $0.rule == .syntax || $0.rule == .journeyFails }, "\(result.diagnostics.map(\.message))")
    }

    @Test func aProgramWithErrorsRunsNoJourney() {
        let result = check(Self.shop.replacingOccurrences(of: "-> push Account", with: "-> push Acount") + """
            journey Wrong {
                productPicked(product: 3) -> Catalog
            }
            """)
        #expect(result.diagnostics.map(\.rule) == [.unknownName])
    }

    @Test func aJourneyStartsAtTheRootWhoseFlowsItNames() {
        let result = check("""
            flow Mail {
                start Inbox
                step Inbox
            }

            flow Notes {
                start Folders
                step Folders {
                    on folderTapped -> push Folder
                }
                step Folder
            }

            journey OpenAFolder {
                folderTapped -> Folder
            }

            journey WrongFolder {
                folderTapped -> Inbox
            }
            """)
        #expect(result.diagnostics.map(\.message) == [
            "journey 'WrongFolder' does not hold here: expected Inbox; the program shows Notes.Folder",
        ])
    }

    @Test func theFormatterLaysJourneysOutAndKeepsThem() throws {
        let text = "flow A {\n    start B\n    step B\n}\n\n   journey  J {\nexpect   B\n  given  !g ,h\n}\n"
        guard case .formatted(let bytes) = FlowFormatter.format(SourceFile(path: "a.flow", text: text)) else {
            Issue.record("not formatted")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("journey J {\n    expect B\n    given !g, h\n}\n"))
    }
}
