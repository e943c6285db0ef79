import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// `--embed-runtime` and the link placeholders whose type the app converts.
@Suite("Embedded runtime and link values")
struct EmbeddedRuntimeTests {
    @Test func theEmbeddedCopyIsTheLibraryVerbatim() throws {
        let library = RuntimeModule.sources()
        #expect(EmbeddedRuntime.files.map(\.name) == library.map(\.lastPathComponent), "run scripts/embed-runtime")
        for (file, url) in zip(EmbeddedRuntime.files, library) {
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(file.text + "\n" == text, "\(file.name) differs from Sources/FlowGraphRuntime: run scripts/embed-runtime")
            let output = EmbeddedRuntime.output(file)
            #expect(output.hasPrefix(OutputSignature.swiftPrefix) && output.hasSuffix("\n" + text))
        }
    }

    @Test func aRouterWithTheEmbeddedRuntimeBuildsAndRunsWithoutTheLibrary() throws {
        let result = compile("""
            flow Main {
                start Home
                guard isSignedIn
                link "/items/{item}" -> Item
                step Home { on itemPicked(item: Int) -> push Item if isSignedIn }
                step Item(item: Int) { on back -> pop }
            }
            """)
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["main.flow"], options: .init(embedsRuntime: true))
        #expect(!source.contains("import FlowGraphRuntime") && !source.contains("FlowGraphRuntime."))
        var files = ["FlowRouter.swift": source, "Driver.swift": """
            @MainActor final class Guards: FlowRouter.Guards {
                var signedIn = false
                func isSignedIn() -> Bool { signedIn }
            }

            @main struct Driver {
                @MainActor static func main() {
                    let guards = Guards()
                    let navigator = FlowNavigator(.main, guards: guards)
                    precondition(navigator.send(Main.Event.itemPicked(item: 7)).status == .blocked(by: .main(.isSignedIn)))
                    guards.signedIn = true
                    precondition(navigator.send(Main.Event.itemPicked(item: 7)).isApplied)
                    precondition(navigator.current == .main(.item(item: 7)))
                    precondition(navigator.open(url: "/items/9").isApplied)
                    print(navigator.current)
                }
            }
            """]
        for file in EmbeddedRuntime.files { files["FlowGraphRuntime." + file.name] = EmbeddedRuntime.output(file) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-embed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = folder.appendingPathExtension("run").path
        defer { try? FileManager.default.removeItem(atPath: executable) }
        let built = try SwiftCompilation.swiftc(files, arguments: ["-parse-as-library", "-o", executable])
        #expect(built.status == 0, "\(built.output)")
        guard built.status == 0 else { return }
        let ran = try RuntimeModule.launch(executable, [])
        #expect(ran.status == 0)
        #expect(ran.output == "Main.Item(item: 9)\n")
    }

    /// With `--embed-runtime` the runtime's types are the app module's: a flow named like one would
    /// redeclare it (or hide it inside a namespace), so `generate` refuses it, and only then.
    @Test func aFlowNamedLikeATypeOfTheEmbeddedRuntimeIsRefused() throws {
        #expect(EmbeddedRuntime.typeNames.isSuperset(of: ["StepKey", "Navigator", "KeyedStep", "ProgramTable", "LinkRef", "Request"]))
        #expect(!EmbeddedRuntime.typeNames.contains("public") && !EmbeddedRuntime.typeNames.contains("extension"))
        let result = compile("""
            flow StepKey {
                start Home
                step Home { on open -> push Item }
                step Item { on back -> pop }
            }
            """)
        let program = try #require(result.program)
        #expect(result.diagnostics.isEmpty)
        #expect(SwiftEmitter.nameProblems(program, options: .init()).isEmpty)
        for namespace in [nil, "App"] {
            let problems = SwiftEmitter.nameProblems(program, options: .init(namespace: namespace, embedsRuntime: true))
            #expect(problems.map(\.message) == [AnalysisMessages.hiddenRuntimeType("StepKey")])
            #expect(problems.first?.range.start == 5)
        }
        let namespaced = SwiftEmitter.nameProblems(program, options: .init(namespace: "Navigator", embedsRuntime: true))
        #expect(namespaced.contains { $0.message.contains("the namespace 'Navigator' cannot be used: the embedded runtime declares") })
    }

    /// A placeholder of a type that is not LosslessStringConvertible (Foundation's UUID): the app
    /// conforms it to LinkValue in its own code.
    static let users = """
        import Foundation

        flow Users {
            start List
            link "/users/{user}" -> Profile
            link "/users/{user}/posts?since={since}" -> Posts
            step List { on userPicked(user: UUID) -> push Profile }
            step Profile(user: UUID) { on postsTapped(user: UUID, since: UUID?) -> push Posts }
            step Posts(user: UUID, since: UUID?)
        }
        """

    @Test func aPlaceholderTheAppConvertsWithLinkValue() throws {
        let result = compile(Self.users)
        let source = SwiftEmitter.emit(try #require(result.program), analysis: result.analysis, sources: ["users.flow"])
        let driver = """
            import Foundation
            import FlowGraphRuntime

            extension UUID: @retroactive LinkValue {
                public init?(linkValue: String) { self.init(uuidString: linkValue) }
            }

            @main struct Driver {
                static func main() {
                    let id = UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!
                    precondition(Users.Link(url: "/users/\\(id.uuidString)") == .profile(user: id))
                    precondition(Users.Link(url: "/users/\\(id.uuidString)/posts") == .posts(user: id, since: nil))
                    precondition(Users.Link(url: "/users/\\(id.uuidString)/posts?since=\\(id.uuidString)") == .posts(user: id, since: id))
                    precondition(Users.Link(url: "/users/not-a-uuid") == nil)
                    precondition(Users.Link(url: "/users/\\(id.uuidString)/posts?since=bad") == nil)
                    print("links ok")
                }
            }
            """
        let ran = try SwiftCompilation.run(["FlowRouter.swift": source, "Driver.swift": driver])
        #expect(ran.status == 0 && ran.output.contains("links ok"), "\(ran.output)")
    }

    @Test func withoutAConversionTheErrorSaysWhatTheAppMustWrite() throws {
        let result = compile(Self.users)
        let source = SwiftEmitter.emit(try #require(result.program), analysis: result.analysis, sources: ["users.flow"])
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source])
        #expect(checked.status != 0)
        #expect(checked.output.contains("a link placeholder's type must be LosslessStringConvertible or LinkValue: "
                                            + "conform it to LinkValue in your app"),
                "\(checked.output)")
    }
}
