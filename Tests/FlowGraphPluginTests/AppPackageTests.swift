import Foundation
import Testing

/// An app as it would use FlowGraph: a package whose `App` target has the plugin, depends on
/// `FlowGraphRuntime` and `FlowGraphUI` from this checkout, and names payload types from a
/// second module of the package (`Models`, imported by its `.flow` file); its own tests drive the
/// `@Observable` model through a deep link, a sheet, a tab switch and an async guard.
///
/// The same package has a target `Broken` with the plugin, on which `PluginBuildTests` builds
/// first (its findings in the build's log): one package, so that FlowGraph is compiled for the
/// plugin's tool once (a minute of two cores), not once per test.
/// `FLOWGRAPH_SKIP_PLUGIN_BUILD=1` skips it.
@Suite struct AppPackageTests {
    @Test(.disabled(if: PluginBuildTests.isSkipped, "FLOWGRAPH_SKIP_PLUGIN_BUILD=1"))
    func anAppsTestsDriveTheModelOfItsGeneratedRouter() async throws {
        let identity = TemporaryPackage.identity
        let package = try TemporaryPackage(manifest: """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shop",
                dependencies: [.package(path: "\(PluginBuildTests.repository.path)")],
                targets: [
                    .target(name: "Models"),
                    .target(
                        name: "App",
                        dependencies: [
                            "Models",
                            .product(name: "FlowGraphRuntime", package: "\(identity)"),
                            .product(name: "FlowGraphUI", package: "\(identity)"),
                        ],
                        swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
                        plugins: [.plugin(name: "FlowGraphPlugin", package: "\(identity)")]),
                    .testTarget(name: "AppTests", dependencies: ["App", .product(name: "FlowGraphUI", package: "\(identity)")]),
                    .target(
                        name: "Broken",
                        dependencies: [.product(name: "FlowGraphRuntime", package: "\(identity)")],
                        plugins: [.plugin(name: "FlowGraphPlugin", package: "\(identity)")]),
                ]
            )

            """)
        defer { package.remove() }
        let flow = try String(contentsOf: PluginBuildTests.repository.appendingPathComponent("Tests/FlowGraphPluginTests/App.flow"), encoding: .utf8)
        try package.write("Sources/App/App.flow", "import Models\n\n" + flow)
        let types = try String(contentsOf: PluginBuildTests.repository.appendingPathComponent("Tests/FlowGraphPluginTests/Types.swift"),
                               encoding: .utf8)
        try package.write("Sources/Models/Models.swift", types)
        try package.write("Sources/App/AppGuards.swift", """
            import Models

            /// The app's answers to its guards.
            @MainActor
            public final class AppGuards: FlowRouter.Guards {
                public var signedIn = false
                public var paymentAccepted = true
                public init() {}
                public func isSignedIn() -> Bool { signedIn }
                public func hasPasscode() -> Bool { true }
                public func isLocked() -> Bool { false }
                public func isAuthenticated() -> Bool { true }
                public func canOpenOrder(order: OrderID) -> Bool { true }
                public func hasReviewDraft() -> Bool { false }
                public func canPay() async -> Bool {
                    await Task.yield()
                    return paymentAccepted
                }
            }

            """)
        try package.write("Tests/AppTests/AppTests.swift", """
            import FlowGraphUI
            import Models
            import Testing
            @testable import App

            @MainActor
            struct AppTests {
                let guards = AppGuards()
                let model: NavigationModel<FlowRouter>

                init() { model = NavigationModel(FlowNavigator(.app, guards: guards)) }

                /// The store's stack, in the first tab of the root tab bar.
                func storeStack() throws -> FlowNavigator.StackID {
                    let tab = try #require(model.baseStacks(of: model.rootID).first)
                    guard case .flow(let store)? = model.content(of: tab) else { throw CancellationError() }
                    return try #require(model.baseStacks(of: store).first).id
                }

                @Test func aDeepLinkASheetATabSwitchAndAnAsyncGuard() async throws {
                    // A deep link: the item, pushed on the store's stack.
                    #expect(await model.navigator.open(url: "/items/42").isApplied)
                    let path = model.path(of: try storeStack())
                    #expect(path.count == 1)
                    #expect(model.entry(path[0])?.screen == .store(.item(item: ItemID(42))))

                    // A sheet that runs the login flow, then swiped away.
                    await model.navigator.send(Store.Event.buyTapped(item: ItemID(42)))
                    let sheet = try #require(model.presented(at: 0, style: .sheet))
                    guard case .flow(let login)? = model.content(of: try #require(model.stack(sheet))) else { throw CancellationError() }
                    #expect(model.flow(login)?.flow == .login)
                    #expect(model.dismissed(at: 0)?.isApplied == true)
                    #expect(model.presented.isEmpty)

                    // A tab switch, as the tab bar reports it.
                    #expect(model.selectTab(1, of: model.rootID)?.isApplied == true)
                    #expect(model.navigator.current == .account(.overview))
                    #expect(model.selectTab(0, of: model.rootID)?.isApplied == true)

                    // An async guard: the payment is declined, then accepted.
                    guards.signedIn = true
                    await model.navigator.send(Store.Event.buyTapped(item: ItemID(42)))
                    guards.paymentAccepted = false
                    await model.navigator.send(Store.Event.payTapped(item: ItemID(42), amount: 10))
                    #expect(model.navigator.current == .store(.declined))
                    #expect(model.setPath(Array(model.path(of: try storeStack()).dropLast()), of: try storeStack())?.isApplied == true)
                    guards.paymentAccepted = true
                    await model.navigator.send(Store.Event.payTapped(item: ItemID(42), amount: 10))
                    #expect(model.navigator.current == .store(.receipt(item: ItemID(42), amount: 10)))
                    #expect(model.path(of: try storeStack()).count == 3)
                }
            }

            """)
        try await PluginBuildTests.aFlowErrorFailsTheBuildAtItsLineAndColumn(in: package, target: "Broken")
        let tested = try await package.swift(["test"], minutes: 15)
        #expect(tested.status == 0, "\(tested.findings)")
        #expect(tested.output.contains("aDeepLinkASheetATabSwitchAndAnAsyncGuard() passed"), "\(tested.findings)")
    }
}
