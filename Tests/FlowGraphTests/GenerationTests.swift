import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

@Suite("Generated Swift")
struct GenerationTests {
    static let apps = ["shop", "movies", "mail"]

    @Test(arguments: apps)
    func generatedCodeOfEverySampleMatchesItsGoldenFileAndTypeChecks(app: String) throws {
        let files = try Repository.flowFiles(in: "samples/\(app)").map(Repository.source)
        let result = Compiler.compile(files)
        let program = try #require(result.program)
        let names = files.map { ($0.path as NSString).lastPathComponent }
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: names)
        try expectGolden(source, "swift/\(app).swift")
        #expect(SwiftEmitter.emit(program, analysis: result.analysis, sources: names) == source)
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test func keywordsDocsAndStringsStillCompile() throws {
        let result = compile(#"""
            /// A doc with */ and "quotes" and a \ backslash.
            flow default {
                start `class`
                guard `func`
                guard async `return`
                link "/class/{self}" -> `class`
                /// Another */ doc.
                step `class`(self: Int, `protocol`: String?) {
                    on `switch`(self: Int) -> push `if` if `func` else push `if` if `return`
                }
                step `if`
                exit `in`(`case`: Int)
                on `defer`(`case`: Int) -> exit `in`
            }
            flow Runner {
                start Host
                step Host(self: Int, `protocol`: String?) runs default {
                    on `in` -> push Done
                }
                step Done
            }
            """#)
        try Self.expectRouterCompiles(result, source: "keywords.flow")
    }

    /// The router of an error-free compilation type-checks with warnings as errors.
    private static func expectRouterCompiles(_ result: Compiler.Compilation, source name: String,
                                             sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let program = try #require(result.program, sourceLocation: sourceLocation)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: [name])
        let checked = try SwiftCompilation.build(["FlowRouter.swift": source])
        #expect(checked.status == 0, "\(checked.output)\n\(source)", sourceLocation: sourceLocation)
    }

    @Test func stepsNamedLikeGeneratedValuesAndTypesCompileWithoutWarnings() throws {
        // The link enters Sub at S, whose optional input the URL names but the path does not pass:
        // 'value0' must not be bound because a step on the path is called Value0.
        let result = compile("""
            flow App {
                start Home
                step Home { on open -> push Value0 }
                step Value0 runs Sub { on done -> push Screen }
                step Screen { on next -> push Step }
                step Step { on next -> push Command }
                step Command
            }
            flow Sub {
                start S
                link "/s/{item}" -> S
                step S(item: Int?) { on finish -> exit done }
                exit done
            }
            """)
        try Self.expectRouterCompiles(result, source: "names.flow")
    }

    @Test func importsAreCarriedIntoTheRouterOnceEach() throws {
        // URL comes from Foundation: without the import, the router would not compile.
        let result = Compiler.compile([
            SourceFile(path: "a.flow", text: """
                import Foundation
                import Dispatch

                flow Browser {
                    start Home
                    step Home { on pageTapped(page: URL) -> push Page }
                    step Page(page: URL)
                }
                """),
            SourceFile(path: "b.flow", text: "import Foundation\n"),
        ])
        let program = try #require(result.program)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(program.imports == ["Foundation", "Dispatch"])
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["a.flow", "b.flow"])
        #expect(source.contains("\n\nimport FlowGraphRuntime\nimport Foundation\nimport Dispatch\n\n"))
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// Programs without events, guards, exits, links or flows, a tabs root whose tabs take inputs,
    /// and payload types named like the generated types: the parts of the navigator that could
    /// never run are left out, so each still compiles without a warning.
    static let shapes: [(name: String, flow: String, types: String)] = [
        ("one step", "flow Solo {\n    start Only\n    step Only\n}\n", ""),
        ("an exit, no guard, no link", """
            flow Main {
                start Home
                step Home {
                    on go -> push Sub
                }
                step Sub runs Child {
                    on done -> pop
                }
            }
            flow Child {
                start A
                step A {
                    on finish -> exit done
                }
                exit done
            }
            """, ""),
        ("links with an optional input, no guard", """
            flow Main {
                start Home
                link "/x/{id}" -> Detail
                link "/home" -> Home
                step Home {
                    on open(id: Int) -> push Detail
                }
                step Detail(id: Int, note: String?)
            }
            """, ""),
        ("a tabs root whose tabs take inputs", """
            flow Tabs tabs {
                start A
                step A(user: String)
                step B(user: String, count: Int)
                on toB -> select B
            }
            """, ""),
        ("no flows at all", "// nothing\n", ""),
        ("payload types named Event and Link", """
            flow Calendar {
                start Day
                guard canEdit
                link "/events/{event}" -> Detail
                step Day {
                    on eventPicked(event: Event) -> push Detail
                }
                step Detail(event: Event) {
                    on editTapped(event: Event, link: Link?) -> push Edit if canEdit
                }
                step Edit(event: Event, link: Link?)
            }
            """, """
            struct Event: Hashable, Sendable, LosslessStringConvertible {
                let description: String
                init?(_ description: String) { self.description = description }
            }
            struct Link: Hashable, Sendable {}
            """),
    ]

    @Test(arguments: shapes.indices)
    func everyShapeOfProgramCompiles(shape: Int) throws {
        let (name, text, types) = Self.shapes[shape]
        let result = compile(text)
        let program = try #require(result.program)
        #expect(!result.hasErrors, "\(name): \(result.diagnostics.map(\.message))")
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["shape.flow"])
        let checked = try SwiftCompilation.build(["FlowRouter.swift": source, "Types.swift": types])
        #expect(checked.status == 0, "\(name):\n\(checked.output)")
    }

    /// Values handed back, with names that are Swift keywords, from an event and from a subflow's
    /// exit, in a flow named like the generated `Received`: the router compiles however it is
    /// written, and builds each value from the payloads that hand it over, and only those.
    @Test func receivedValuesCompileWithEveryOptionAndComeFromTheirBackMoves() throws {
        let result = compile("""
            flow Received {
                start Home
                step Home receives (`default`: Int?, user: String?) {
                    on pickTapped -> push Picker
                    on loginTapped -> sheet Login
                }
                step Picker {
                    on picked(`default`: Int) -> pop
                    on skipped -> pop
                }
                step Login runs Sub {
                    on done -> dismiss
                }
            }
            flow Sub {
                start Form
                step Form { on submitted(user: String) -> exit done }
                exit done(user: String)
            }
            """)
        let program = try #require(result.program)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["received.flow"])
        #expect(source.contains("case (0, .event(.received(.picked(let value0)))): return .home(default: value0, user: nil)"))
        #expect(source.contains("case (0, .exit(.sub(.done(let user)))): return .home(default: nil, user: user)"))
        #expect(!source.contains(".skipped)))"))
        for options in [SwiftEmitter.Options(), .init(access: .public), .init(namespace: "Navigation")] {
            let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["received.flow"], options: options)
            let checked = try SwiftCompilation.build(["FlowRouter.swift": source])
            #expect(checked.status == 0, "\(options):\n\(checked.output)\n\(source)")
        }
    }

    @Test func publicAccessCompilesForALibraryTarget() throws {
        let compilation = try Compiler.compile(Repository.flowFiles(in: "samples/movies").map(Repository.source))
        let program = try #require(compilation.program)
        let source = SwiftEmitter.emit(program, analysis: compilation.analysis, sources: ["movies"], access: .public)
        #expect(source.contains("public typealias FlowNavigator = FlowGraphRuntime.Navigator<FlowRouter>"))
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program)])
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test func linksParseURLsAndTheirPlaceholders() throws {
        let result = try Compiler.compile(Repository.flowFiles(in: "samples/shop").map(Repository.source))
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["Shop.flow"])
        let driver = """
            import FlowGraphRuntime

            func screen(_ url: String) -> FlowRouter.Screen? { Shop.Link(url: url).flatMap { FlowRouter.screen(opening: .shop($0)) } }

            @main struct Driver {
                static func main() {
                    precondition(screen("/products/42") == .shop(.product(product: ProductID("42")!)))
                    precondition(screen("/products/a%20b") == .shop(.product(product: ProductID("a b")!)))
                    precondition(screen("/search?q=red+shoes") == .shop(.searchResults(query: "red shoes")))
                    precondition(screen("/cart") == .shop(.cart))
                    precondition(Shop.Link(url: "/nowhere") == nil)
                    print("links ok")
                }
            }
            """
        let ran = try SwiftCompilation.run(["FlowRouter.swift": source, "Stubs.swift": SwiftCompilation.stubs(for: program), "Driver.swift": driver])
        #expect(ran.status == 0, "\(ran.output)")
        #expect(ran.output.contains("links ok"))
    }
}
