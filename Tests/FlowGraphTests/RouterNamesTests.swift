import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// Names in the generated router: a name Swift could not declare as it is is refused with
/// `swift-name`; a flow that hides a type of the app is refused unless the router is generated into
/// a namespace; never a compile error inside the generated file.
@Suite("Generated names")
struct RouterNamesTests {
    private static func router(_ result: Compiler.Compilation, options: SwiftEmitter.Options = .init()) throws -> String {
        let program = try #require(result.program)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.message))")
        #expect(SwiftEmitter.nameProblems(program, options: options).isEmpty)
        return SwiftEmitter.emit(program, analysis: result.analysis, sources: ["names.flow"], options: options)
    }

    /// The byte fast path of `caseName` (ASCII names) gives what the Unicode path gives.
    @Test func caseNamesOfASCIINamesAgreeWithTheUnicodePath() {
        let names = [
            "Catalog", "URLScheme", "URL", "A", "a", "aB", "AB", "ABc", "ABC1", "A1", "_Private", "__", "x_Y",
            "IOS", "IOSApp", "PDFViewer2", "Z", "ZZ", "Zz", "9Lives", "ÉCole", "ÜBER", "Ärger", "ÀB", "Step",
        ]
        for name in names {
            #expect(SwiftNames.caseName(name) == SwiftNames.caseNameOfScalars(name), "\(name)")
        }
        #expect(SwiftNames.caseName("URLScheme") == "urlScheme")
        #expect(SwiftNames.caseName("ÉCole") == "éCole")
        #expect(SwiftNames.caseName("ABC") == "abc")
    }

    @Test func flowsNamedLikeTheProgramsAndTheNavigatorsTypesCompile() throws {
        let result = compile("""
            flow Screen tabs {
                start Outcome
                step Outcome runs Stack
                step Record runs Command
                on home -> select Outcome
            }
            flow Stack {
                start Entry
                guard Flow
                link "/entries/{entry}" -> Detail
                step Entry { on opened(entry: Int) -> push Detail if Flow }
                step Detail(entry: Int) { on done -> exit closed }
                exit closed
            }
            flow Command {
                start Event
                step Event { on next -> push Link }
                step Link
            }
            """)
        let source = try Self.router(result)
        #expect(source.contains("typealias FlowGraphFlow_Screen = Screen"))
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source])
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test func namesSwiftCannotDeclareAreRefusedByTheChecker() {
        #expect(findings("""
            flow FlowRouter {
                start URLView
                guard rawValue
                step URLView { on go -> push urlView if rawValue }
                step urlView { on back -> pop }
                step HashValue
            }
            flow String {
                start A
                step A
            }
            """) == [
                "1:6: error [swift-name] flow 'FlowRouter' cannot have that name in the generated Swift router: "
                    + "the generated router declares or imports it",
                "3:11: error [swift-name] guard 'rawValue' cannot have that name in the generated Swift router: "
                    + "the generated enum of guards has a member named so",
                "5:10: error [swift-name] steps 'URLView' and 'urlView' would both be the Swift case 'urlView' in the generated router",
                "6:10: error [swift-name] step 'HashValue' cannot have that name in the generated Swift router: "
                    + "the generated enum has a member 'hashValue'",
                "6:10: warning [unreachable-step] step 'HashValue' is unreachable: no transition from the start of flow 'FlowRouter' leads to it",
                "8:6: error [swift-name] flow 'String' cannot have that name in the generated Swift router: "
                    + "it would hide Swift's 'String', which the generated router uses",
            ])
    }

    /// The rule makes a name's case only where another name is the same but for the case of its
    /// letters (`caseFoldedHash`); a name past ASCII may have an ASCII case (a Kelvin sign lowercases
    /// to `k`), so with one, every case is made.
    @Test func namesOfOneCaseAreFoundPastASCIITooAndTheFilterMissesNone() {
        #expect(findings("""
            flow F {
                start key
                step key { on go -> push \u{212A}ey }
                step \u{212A}ey
                step Ab { on go -> push AB }
                step AB
            }
            """).filter { $0.contains("swift-name") } == [
                "4:10: error [swift-name] steps 'key' and '\u{212A}ey' would both be the Swift case 'key' in the generated router",
                "6:10: error [swift-name] steps 'Ab' and 'AB' would both be the Swift case 'ab' in the generated router",
            ])
        // Names the same but for case share the number; others do not; a name past ASCII has none.
        #expect(SwiftNames.caseFoldedHash("URLView") == SwiftNames.caseFoldedHash("urlView"))
        #expect(SwiftNames.caseFoldedHash("URLView") != SwiftNames.caseFoldedHash("URLViews"))
        #expect(SwiftNames.caseFoldedHash("\u{212A}ey") == nil)
        for name in ["Catalog", "URLScheme", "urlView", "HashValue", "A", "ABC1_x"] {
            #expect(SwiftNames.caseFoldedHash(SwiftNames.caseName(name)) == SwiftNames.caseFoldedHash(name), "\(name)")
        }
    }

    /// Flows are cases of the generated `Flow` enum: two of one case are refused at the later one,
    /// naming the first, and a flow refused for its own name is still the first of its case.
    @Test func flowsOfOneSwiftCaseAreRefusedAtTheLaterOne() {
        #expect(findings("""
            flow URLView { start A
                step A }
            flow urlView { start A
                step A }
            flow UrlView { start A
                step A }
            flow String { start A
                step A }
            flow string { start A
                step A }
            """).filter { $0.contains("swift-name") } == [
                "3:6: error [swift-name] flows 'URLView' and 'urlView' would both be the Swift case 'urlView' in the generated router",
                "5:6: error [swift-name] flows 'URLView' and 'UrlView' would both be the Swift case 'urlView' in the generated router",
                "7:6: error [swift-name] flow 'String' cannot have that name in the generated Swift router: "
                    + "it would hide Swift's 'String', which the generated router uses",
                "9:6: error [swift-name] flows 'String' and 'string' would both be the Swift case 'string' in the generated router",
            ])
    }

    /// A flow named like a namespace of the app's models (a real Mastodon client's root flow was
    /// named `Mastodon`, and its `Mastodon.Entity` types failed to build in the router).
    static let mastodon = """
        flow Mastodon tabs {
            start Home
            step Home { on profileTapped(account: Mastodon.Entity.Account) -> root Profile }
            step Profile(account: Mastodon.Entity.Account?)
        }
        """
    static let mastodonTypes = """
        enum Mastodon {
            enum Entity {
                struct Account: Hashable, Sendable {}
            }
        }
        """

    @Test func aFlowThatHidesATypeOfTheAppIsRefusedWithoutANamespace() throws {
        let result = compile(Self.mastodon)
        let program = try #require(result.program)
        let problems = SwiftEmitter.nameProblems(program, options: .init())
        #expect(problems.map(\.message) == [
            "flow 'Mastodon' would hide 'Mastodon', which input 'account' of step 'Profile' names, in the whole module: "
                + "rename the flow, or generate into a namespace (--namespace)",
        ])
        #expect(problems.allSatisfy { $0.rule == .swiftName && $0.severity == .error })
    }

    @Test func inANamespaceTheFlowAndTheAppsTypeLiveSideBySide() throws {
        let options = SwiftEmitter.Options(namespace: "Router")
        let source = try Self.router(compile(Self.mastodon), options: options)
        #expect(source.contains("typealias FlowGraphAppType_Mastodon = Mastodon"))
        #expect(source.contains("enum Router {"))
        let app = """
            import FlowGraphRuntime

            @MainActor func use() {
                let navigator = Router.FlowNavigator(.mastodon(account: nil))
                navigator.send(Router.Mastodon.Event.profileTapped(account: Mastodon.Entity.Account()))
                _ = navigator.current == .mastodon(.profile(account: Mastodon.Entity.Account()))
            }
            """
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Types.swift": Self.mastodonTypes, "App.swift": app])
        #expect(checked.status == 0, "\(checked.output)")
        #expect(SwiftEmitter.nameProblems(try #require(compile(Self.mastodon).program), options: .init(namespace: "Mastodon")).map(\.message)
                == ["the namespace 'Mastodon' cannot be used: a flow has that name"])
    }

    @Test func aFlowNamedLikeAnImportedModuleIsRefusedWithoutANamespace() throws {
        let program = try #require(compile("import Foundation\nflow Foundation {\n    start A\n    step A\n}\n").program)
        #expect(SwiftEmitter.nameProblems(program, options: .init()).map(\.message) == [
            "flow 'Foundation' would hide the module 'Foundation' that the program imports: "
                + "rename the flow, or generate into a namespace (--namespace)",
        ])
        #expect(SwiftEmitter.nameProblems(program, options: .init(namespace: "Navigation")).isEmpty)
    }
}
