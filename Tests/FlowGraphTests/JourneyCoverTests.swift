import Testing
@testable import FlowGraph

/// `flowgraph journeys --cover` (issue 28 §3): the journeys written for a program take what was
/// asked, each from the start and as short as the program allows, and hold when `check` runs them.
@MainActor
@Suite("Journeys written to cover a program")
struct JourneyCoverTests {
    static let shop = """
        flow Shop {
            start Catalog
            guard isSignedIn
            link "/products/{product}" -> Product
            step Catalog {
                on productPicked(product: ProductID) -> push Product
                on accountTapped -> push Account if isSignedIn else sheet Login
            }
            step Product(product: ProductID) {
                on deleteTapped -> alert ConfirmDelete
            }
            step Account
            step Login {
                on cancelTapped -> dismiss
            }
            alert ConfirmDelete {
                on deleteConfirmed -> pop
                on keepTapped
            }
        }

        """

    /// The program with the journeys written for it: every one holds.
    static func expectHolding(_ files: [SourceFile], _ report: JourneyCover.Report) {
        let checked = Compiler.compileAndRunJourneys(files + [SourceFile(path: "cover.flow", text: report.source)])
        #expect(checked.diagnostics.isEmpty, "\(findings(checked))\n\(report.source)")
    }

    @Test func transitionsAndGuardsAreTakenByShortJourneysFromTheStart() throws {
        let compilation = compile(Self.shop)
        let report = try #require(JourneyCover.cover(compilation, kinds: [.transitions, .guards]))
        #expect(report.source == """
            // Journeys written by `flowgraph journeys --cover guards,transitions`: 5 journeys take 10 of 10.

            /// Takes Shop.Catalog: productPicked: push; Shop.Product: deleteTapped: alert; Shop.ConfirmDelete: deleteConfirmed.
            journey CoverShopConfirmDeleteDeleteConfirmed {
                productPicked(product: v19) -> Product(product: v19)
                deleteTapped -> alert ConfirmDelete
                deleteConfirmed -> Catalog
            }

            /// Takes Shop.ConfirmDelete: keepTapped.
            journey CoverShopConfirmDeleteKeepTapped {
                productPicked(product: v19) -> Product(product: v19)
                deleteTapped -> alert ConfirmDelete
                keepTapped -> Product(product: v19)
            }

            /// Takes Shop.Catalog: accountTapped: sheet (else); Shop.Login: cancelTapped: dismiss; Shop.isSignedIn: no.
            journey CoverShopLoginCancelTappedDismiss {
                given !isSignedIn
                accountTapped -> sheet Login
                cancelTapped -> Catalog
            }

            /// Takes Shop.Catalog: accountTapped: push; Shop.isSignedIn: yes.
            journey CoverShopCatalogAccountTappedPush {
                accountTapped -> Account
            }

            /// Takes Shop: link /products/{product}.
            journey CoverShopLinkProductsProduct {
                open "/products/v7" -> Product(product: v7)
            }

            """)
        #expect(report.journeys == 5 && report.moves == 10 && report.targets == 10 && report.covered == 10 && report.uncovered.isEmpty)
        Self.expectHolding(compilation.files, report)
    }

    @Test func eachKindTakesOnlyItsOwn() throws {
        let compilation = compile(Self.shop)
        let links = try #require(JourneyCover.cover(compilation, kinds: [.links]))
        #expect(links.targets == 1 && links.journeys == 1 && links.source.contains("open \"/products/v7\""))
        let alerts = try #require(JourneyCover.cover(compilation, kinds: [.alerts]))
        #expect(alerts.targets == 2 && alerts.covered == 2 && alerts.journeys == 2)
        let guards = try #require(JourneyCover.cover(compilation, kinds: [.guards]))
        #expect(guards.targets == 2 && guards.covered == 2)
        #expect(guards.source.contains("given !isSignedIn\n    accountTapped -> sheet Login"))
        for report in [links, alerts, guards] { Self.expectHolding(compilation.files, report) }
    }

    /// A subflow's exit taken from an alert's button, a tab selected, a launch cover closed first,
    /// a `locked while` sheet swiped under both answers.
    @Test func subflowsTabsLaunchesAndLocksAreTaken() throws {
        let text = """
            flow App tabs {
                start Home
                step Home runs HomeFlow
                step Settings runs SettingsFlow
            }
            flow HomeFlow {
                start Feed, cover WhatsNew
                guard hasDraft
                step Feed {
                    on composeTapped -> sheet Compose
                }
                step WhatsNew {
                    on doneTapped -> dismiss
                }
                step Compose runs ComposeFlow locked while hasDraft {
                    on discarded -> dismiss
                }
            }
            flow ComposeFlow {
                start Editor
                step Editor {
                    on cancelTapped -> dialog Options
                }
                dialog Options {
                    on discardTapped -> exit discarded
                    on keepTapped
                }
                exit discarded
            }
            flow SettingsFlow {
                start Root
                step Root {
                    on aboutTapped -> push About
                }
                step About
            }
            """
        let compilation = compile(text)
        #expect(compilation.diagnostics.isEmpty, "\(findings(compilation))")
        let report = try #require(JourneyCover.cover(compilation, kinds: Set(JourneyCover.Kind.allCases)))
        #expect(report.uncovered.isEmpty, "\(report.uncovered.map { "\($0.what): \($0.reason)" })")
        #expect(report.source.contains("""
                doneTapped -> Feed
                composeTapped -> sheet Editor
                cancelTapped -> dialog Options
                discardTapped -> Feed
            """), "\(report.source)")
        #expect(report.source.contains("select Settings -> Root\n    aboutTapped -> About"), "\(report.source)")
        #expect(report.source.contains("given !hasDraft\n    swipe -> Feed"), "\(report.source)")
        #expect(report.source.contains("swipe -> impossible"), "\(report.source)")
        Self.expectHolding(compilation.files, report)
    }

    /// What no journey can take is named, with why: here a step only a tab item shows.
    @Test func whatCannotBeTakenIsNamedWithWhy() throws {
        let text = """
            flow App tabs {
                start Home
                step Home
                step Post as sheet {
                    on postTapped -> dismiss
                }
            }
            """
        let compilation = compile(text)
        let report = try #require(JourneyCover.cover(compilation, kinds: [.transitions]))
        #expect(report.uncovered.map { "\($0.what): \($0.reason)" }
            == ["App.Post: postTapped: dismiss: the way to it taps the tab item App.Post, which a journey cannot yet"])
        #expect(report.covered == 0 && report.journeys == 0)
    }

    @Test func aProgramWithErrorsGetsNoJourneys() {
        #expect(JourneyCover.cover(compile("flow A {\n    start Missing\n}\n"), kinds: [.transitions]) == nil)
    }

    @Test func theSamplesAreCoveredWhole() throws {
        for folder in SampleTests.appFolders {
            let files = try Repository.flowFiles(in: folder).map(Repository.source)
            let compilation = Compiler.compile(files)
            let report = try #require(JourneyCover.cover(compilation, kinds: Set(JourneyCover.Kind.allCases)))
            #expect(report.uncovered.isEmpty, "\(folder): \(report.uncovered.map { "\($0.what): \($0.reason)" })")
            #expect(report.journeys < report.targets)
            Self.expectHolding(files, report)
        }
    }
}
