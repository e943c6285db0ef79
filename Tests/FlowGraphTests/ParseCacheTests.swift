import Testing
@testable import FlowGraph

/// The language server's parses kept between compilations: a file unchanged (bytes and place
/// among the files) is taken as it was; the findings are those of a compilation without it.
@Suite("Parses kept between compilations")
struct ParseCacheTests {
    static let main = SourceFile(path: "main.flow", text: """
        flow Main {
            start Home
            step Home { on signIn -> push Login }
            step Login runs SignIn { on done -> pop }
        }
        """)
    static let signIn = SourceFile(path: "signin.flow", text: """
        flow SignIn {
            start Form
            exit done
            exit cancelled
            step Form {
                on submitted -> exit done
                on cancelTapped -> exit cancelled
            }
        }
        """)

    /// The findings of each compilation, as the checker reports them without the cache.
    static func findings(_ files: [SourceFile], cache: ParseCache) -> [String] {
        let cached = Compiler.compile(files, cache: cache).diagnostics.map { "\($0.range.file):\($0.range.start) \($0.rule.id) \($0.message)" }
        let fresh = Compiler.compile(files).diagnostics.map { "\($0.range.file):\($0.range.start) \($0.rule.id) \($0.message)" }
        #expect(cached == fresh)
        return cached
    }

    @Test func anEditParsesOnlyTheFileItChanged() throws {
        let cache = ParseCache()
        let first = Self.findings([Self.main, Self.signIn], cache: cache)
        #expect(first.contains { $0.contains("unhandled-exit") })
        #expect((cache.parsedCount, cache.reusedCount) == (2, 0))
        // The exit handled: only main.flow is parsed again, and the finding about signin.flow's exit goes.
        let edited = SourceFile(path: "main.flow", text: String(decoding: Self.main.bytes, as: UTF8.self)
            .replacing("{ on done -> pop }", with: "{\n        on done -> pop\n        on cancelled -> pop\n    }"))
        #expect(Self.findings([edited, Self.signIn], cache: cache).isEmpty)
        #expect((cache.parsedCount, cache.reusedCount) == (1, 1))
        // Nothing changed: nothing parsed.
        #expect(Self.findings([edited, Self.signIn], cache: cache).isEmpty)
        #expect((cache.parsedCount, cache.reusedCount) == (0, 2))
    }

    /// A parse names its file by its place among the files: a file that moved is parsed again, so
    /// the findings point into the right file.
    @Test func aFileThatMovedIsParsedAgain() throws {
        let cache = ParseCache()
        _ = Self.findings([Self.main, Self.signIn], cache: cache)
        let swapped = Self.findings([Self.signIn, Self.main], cache: cache)
        #expect((cache.parsedCount, cache.reusedCount) == (2, 0))
        #expect(swapped.allSatisfy { $0.hasPrefix("1:") }, "\(swapped)")  // main.flow is now the second file
        // A file left out is forgotten; it is parsed again when it comes back.
        _ = Self.findings([Self.signIn], cache: cache)
        #expect((cache.parsedCount, cache.reusedCount) == (0, 1))
        _ = Self.findings([Self.signIn, Self.main], cache: cache)
        #expect((cache.parsedCount, cache.reusedCount) == (1, 1))
    }
}
