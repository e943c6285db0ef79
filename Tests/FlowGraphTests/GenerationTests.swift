import Foundation
import Testing
@testable import FlowGraph

@Suite("Generated Swift")
struct GenerationTests {
    static let apps = ["shop", "movies", "mail"]

    /// Declarations for the app's own types a program names (`ProductID`, `[CartItem]`...), so the
    /// generated file can be type-checked on its own: each a struct that is Hashable, Sendable and
    /// LosslessStringConvertible, as step inputs and link placeholders need.
    static func stubs(for program: FlowProgram) -> String {
        let known: Set<String> = [
            "String", "Int", "Bool", "Double", "Float", "Character", "UInt", "Int64", "UInt64", "Int32", "UInt8",
            "Array", "Dictionary", "Set", "Optional", "Result", "Never", "Void", "Any", "Error",
        ]
        var names = Set<String>()
        let parameters = program.flows.flatMap { flow -> [Parameter] in
            let declared: [Parameter] = flow.steps.flatMap(\.inputs) + flow.exits.flatMap(\.inputs) + flow.alerts.flatMap(\.inputs)
            return declared + flow.events.flatMap(\.payload) + flow.guards.flatMap(\.parameters)
        }
        for parameter in parameters {
            var word = ""
            for character in parameter.type + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                } else {
                    if let first = word.first, first.isUppercase, !known.contains(word) { names.insert(word) }
                    word = ""
                }
            }
        }
        return names.sorted().map { name in
            """
            public struct \(name): Hashable, Sendable, LosslessStringConvertible {
                public let description: String
                public init?(_ description: String) { self.description = description }
            }

            """
        }.joined()
    }

    /// Type-checks Swift files as an app's build would: Swift 6, complete concurrency checking,
    /// warnings as errors, with `FlowGraphRuntime` importable.
    static func typecheck(_ sources: [String: String]) throws -> (status: Int32, output: String) {
        try swiftc(sources, arguments: ["-typecheck"] + RuntimeModule.searchPath())
    }

    /// Compiles Swift files to an object file as an app's debug build would (`-Onone -wmo -c`):
    /// unlike type-checking, this also reports the warnings of the later stages ("will never be
    /// executed"), which are errors here.
    static func build(_ sources: [String: String]) throws -> (status: Int32, output: String) {
        let object = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-object-\(UUID().uuidString).o")
        defer { try? FileManager.default.removeItem(at: object) }
        return try swiftc(sources, arguments: ["-parse-as-library", "-Onone", "-wmo", "-c", "-module-name", "App", "-o", object.path]
                          + RuntimeModule.searchPath())
    }

    /// Builds Swift files (one of them with `@main`) with the same settings, linked with the
    /// runtime, and runs the program.
    static func run(_ sources: [String: String]) throws -> (status: Int32, output: String) {
        let executable = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: executable) }
        let built = try swiftc(sources, arguments: ["-parse-as-library", "-o", executable.path] + RuntimeModule.searchPath() + RuntimeModule.linking())
        guard built.status == 0 else { return built }
        return try RuntimeModule.launch(executable.path, [])
    }

    /// Runs `swiftc` with the settings of an app's build on files written to a temporary folder.
    static func swiftc(_ sources: [String: String], arguments: [String]) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return try RuntimeModule.launch("/usr/bin/env", ["swiftc", "-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors"] + arguments + paths)
    }

    @Test(arguments: apps)
    func generatedCodeOfEverySampleMatchesItsGoldenFileAndTypeChecks(app: String) throws {
        let files = try Repository.flowFiles(in: "samples/\(app)").map(Repository.source)
        let result = Compiler.compile(files)
        let program = try #require(result.program)
        let names = files.map { ($0.path as NSString).lastPathComponent }
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: names)
        try expectGolden(source, "swift/\(app).swift")
        #expect(SwiftEmitter.emit(program, analysis: result.analysis, sources: names) == source)
        let checked = try Self.typecheck(["FlowRouter.swift": source, "Stubs.swift": Self.stubs(for: program)])
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
        let checked = try build(["FlowRouter.swift": source])
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
        let checked = try Self.typecheck(["FlowRouter.swift": source])
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
        let checked = try Self.build(["FlowRouter.swift": source, "Types.swift": types])
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
            let checked = try Self.build(["FlowRouter.swift": source])
            #expect(checked.status == 0, "\(options):\n\(checked.output)\n\(source)")
        }
    }

    @Test func publicAccessCompilesForALibraryTarget() throws {
        let compilation = try Compiler.compile(Repository.flowFiles(in: "samples/movies").map(Repository.source))
        let program = try #require(compilation.program)
        let source = SwiftEmitter.emit(program, analysis: compilation.analysis, sources: ["movies"], access: .public)
        #expect(source.contains("public typealias FlowNavigator = FlowGraphRuntime.Navigator<FlowRouter>"))
        let checked = try Self.typecheck(["FlowRouter.swift": source, "Stubs.swift": Self.stubs(for: program)])
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
        let ran = try Self.run(["FlowRouter.swift": source, "Stubs.swift": Self.stubs(for: program), "Driver.swift": driver])
        #expect(ran.status == 0, "\(ran.output)")
        #expect(ran.output.contains("links ok"))
    }
}
