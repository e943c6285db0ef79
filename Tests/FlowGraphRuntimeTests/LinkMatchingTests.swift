import FlowGraphRuntime
import Foundation
import Testing
@testable import FlowGraph

/// The checker's judgement of link patterns and the runtime's matcher, on the same URLs: a URL
/// the checker names as matched by two links is matched by both at run time, and where one
/// pattern is more specific, the runtime tries it first. Real apps' URLs open what they open
/// in the app.
@Suite("Link matching")
struct LinkMatchingTests {
    static func table(_ text: String) throws -> (ProgramTable, Compiler.Compilation) {
        let compilation = Compiler.compile([SourceFile(path: "test.flow", text: text)])
        let program = try #require(compilation.program)
        return (try ProgramTable(parsing: RouterTable(program, analysis: compilation.analysis).lines.joined(separator: "\n")), compilation)
    }

    static func table(file: String) throws -> ProgramTable {
        let url = TableTextTests.root.appendingPathComponent(file)
        let compilation = Compiler.compile([SourceFile(path: file, bytes: [UInt8](try Data(contentsOf: url)))])
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
        let program = try #require(compilation.program)
        return try ProgramTable(parsing: RouterTable(program, analysis: compilation.analysis).lines.joined(separator: "\n"))
    }

    /// The step the first pattern `url` matches opens, with its inputs' texts by name: as the
    /// generated router, which also refuses a match that leaves a required input without text.
    static func opens(_ url: String, in table: ProgramTable) -> String? {
        let match = table.linkMatches(url).first { match in
            let flow = table.flows[match.pattern.link.flow]
            let inputs = flow.steps[flow.links[match.pattern.link.index].target].inputs
            return zip(inputs, match.values).allSatisfy { input, value in value != nil || input.hasSuffix("?") }
        }
        guard let match else { return nil }
        let flow = table.flows[match.pattern.link.flow]
        let step = flow.steps[flow.links[match.pattern.link.index].target]
        let values = zip(step.inputs, match.values).compactMap { input, value in
            value.map { "\(input.split(separator: ":")[0])=\($0)" }
        }
        return step.name + (values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")")
    }

    static let links = """
        flow App {
            start Home
            LINKS
            step Home {
                on a(x: String) -> push A
                on b(y: String) -> push B
                on c -> push C
            }
            step A(x: String)
            step B(y: String)
            step C
        }
        """

    /// Pairs the checker refuses: the URL it names opens either link at run time.
    @Test(arguments: [
        (#""/u/@{x}" -> A"#, #""/u/{y}.json" -> B"#),
        (#""/u/{x}" -> A"#, #""/u/{y}" -> B"#),
        (#""/u/{x}.json" -> A"#, #""/U/@{y}" -> B ignoring case"#),
        (#""https://*/{x}" -> A"#, #""/h/{y}" -> B"#),
        (#""/s?q={x}" -> A"#, #""/s?r={y}" -> B"#),
        (#""/s/a{x}" -> A"#, #""/s/{y}b" -> B"#),
        (#""shop://h/{x}" -> A"#, #""SHOP://H/{y}" -> B"#),
        (#""/H/@{x}" -> A"#, #""app://h/{y}.json" -> B"#),
        (#""/{x}/a/**" -> A"#, #""/b/{y...}" -> B"#),
        (#""/u/{x}" -> A"#, #""https://**" as y -> B"#),
    ])
    func whatTheCheckerSaysBothMatchBothMatch(first: String, second: String) throws {
        let text = Self.links.replacingOccurrences(of: "LINKS", with: "link \(first)\n    link \(second)")
        let compilation = Compiler.compile([SourceFile(path: "test.flow", text: text)])
        let overlap = try #require(compilation.diagnostics.first { $0.rule == .overlappingLinks }, "\(compilation.diagnostics.map(\.message))")
        let example = try #require(overlap.message.components(separatedBy: "both match '").last?.components(separatedBy: "'").first)
        // Each link alone opens the URL.
        for (line, step) in [(first, "A"), (second, "B")] {
            let (table, _) = try Self.table(Self.links.replacingOccurrences(of: "LINKS", with: "link \(line)"))
            #expect(Self.opens(example, in: table)?.hasPrefix(step) == true, "\(line) does not match \(example)")
        }
    }

    /// Pairs the checker accepts, one more specific: the runtime tries it first, whatever the order.
    @Test(arguments: [
        (#""/u/me" -> C"#, #""/u/{y}" -> B"#, "/u/me", "/u/you"),
        (#""/u/@{x}" -> A"#, #""/u/{y}" -> B"#, "/u/@ada", "/u/ada"),
        (#""/u/ab{x}" -> A"#, #""/u/a{y}" -> B"#, "/u/abc", "/u/ac"),
        (#""shop://u/{x}" -> A"#, #""/u/{y}" -> B"#, "shop://U/1", "/u/1"),
        (#""/s?q={x}" -> A"#, #""/s/" -> C"#, "/s?q=1", "/s?r=1"),
        (#""/s?q=a{x}" -> A"#, #""/s?q={y}" -> B"#, "/s?q=ab", "/s?q=b"),
        (#""/Settings/{x}" -> A"#, #""/settings/{y}" -> B ignoring case"#, "/Settings/1", "/SETTINGS/1"),
        (#""/u/{x}" -> A"#, #""/u/{y...}" -> B"#, "/u/1", "/u/1/2"),
        (#""https://*/u/{x}" -> A"#, #""https://**" as y -> B"#, "https://h/u/1", "https://h/u/1/2"),
    ])
    func theMoreSpecificPatternIsTriedFirst(narrow: String, wide: String, narrowURL: String, wideURL: String) throws {
        for lines in [[narrow, wide], [wide, narrow]] {
            let text = Self.links.replacingOccurrences(of: "LINKS", with: lines.map { "link \($0)" }.joined(separator: "\n    "))
            let (table, compilation) = try Self.table(text)
            #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty, "\(compilation.diagnostics.map(\.message))")
            // The step a line opens: `"/u/me" -> C` opens C.
            func step(_ line: String) -> String { String(line.components(separatedBy: "-> ")[1].prefix(1)) }
            #expect(Self.opens(narrowURL, in: table)?.hasPrefix(step(narrow)) == true, "\(narrowURL)")
            #expect(Self.opens(wideURL, in: table)?.hasPrefix(step(wide)) == true, "\(wideURL)")
        }
    }

    @Test func iceCubesOpensTagsAccountsAndStatusesOfAnyInstance() throws {
        let table = try Self.table(file: "Tests/FlowGraphTests/Fixtures/real-apps/icecubes-links.flow")
        #expect(Self.opens("https://mastodon.social/tags/SwiftUI", in: table) == "HashTag(tag=SwiftUI)")
        #expect(Self.opens("icecubesapp://Mastodon.Social/tags/swift", in: table) == "HashTag(tag=swift)")
        #expect(Self.opens("https://mastodon.social/@dimillian", in: table) == "AccountDetail(account=dimillian, host=mastodon.social)")
        #expect(Self.opens("https://mastodon.social/@dimillian/109583512307352400", in: table)
            == "StatusDetail(status=109583512307352400, account=dimillian, host=mastodon.social)")
        #expect(Self.opens("https://mastodon.social/about", in: table) == nil)
        #expect(Self.opens("https://mastodon.social/@", in: table) == nil)  // an account's name is not empty
        #expect(Self.opens("https://mastodon.social/tags/swift/more", in: table) == nil)
    }

    /// Every URL IceCubesApp is handed: a status by its last segment, or by the whole URL; any web
    /// link it does not know, the browser, whose pattern is tried after every other.
    @Test func iceCubesHandsEveryOtherWebLinkToItsBrowser() throws {
        let table = try Self.table(file: "Tests/FlowGraphTests/Fixtures/real-apps/icecubes-open-url.flow")
        let status = "icecubesapp://mastodon.social/@dimillian/109583512307352400"
        #expect(Self.opens(status, in: table) == "StatusDetail(status=109583512307352400)")
        let values = try #require(table.linkMatches(status).first?.values)
        #expect(values == ["109583512307352400", status])  // the link's values: `status`, then `url`
        #expect(Self.opens("https://mastodon.social/tags/swift", in: table) == "HashTag(tag=swift)")
        #expect(Self.opens("https://pixelfed.social/discover/tags/cats?src=hash#top", in: table) == "HashTag(tag=cats)")
        #expect(Self.opens("https://mastodon.social/@dimillian", in: table) == "AccountDetail(account=dimillian, host=mastodon.social)")
        #expect(Self.opens("https://mastodon.social/tags/swift/more", in: table) == "Safari(url=https://mastodon.social/tags/swift/more)")
        #expect(Self.opens("http://example.com", in: table) == "Safari(url=http://example.com)")
        #expect(Self.opens("https://example.com/a%20b/?q=1#f", in: table) == "Safari(url=https://example.com/a%20b/?q=1#f)")
        #expect(Self.opens("mailto:ada@example.com", in: table) == nil)
    }

    /// The rest of a path is one value, its segments joined with `/` (a title may hold one).
    @Test func theRestOfAPathIsOneValue() throws {
        let (table, compilation) = try Self.table("""
            flow Wiki {
                start Home
                link "https://{host}/wiki/{title...}" -> Article
                link "app://files/**" -> Files
                step Home {
                    on articleTapped(title: String, host: String) -> push Article
                    on filesTapped -> push Files
                }
                step Article(title: String, host: String)
                step Files
            }
            """)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
        #expect(Self.opens("https://en.wikipedia.org/wiki/AC/DC", in: table) == "Article(title=AC/DC, host=en.wikipedia.org)")
        #expect(Self.opens("https://en.wikipedia.org/wiki/Caf%C3%A9", in: table) == "Article(title=Café, host=en.wikipedia.org)")
        #expect(Self.opens("https://en.wikipedia.org/wiki/", in: table) == nil)  // one segment or more
        #expect(Self.opens("app://files/a/b/c", in: table) == "Files")
        #expect(Self.opens("app://files", in: table) == nil)
    }

    @Test func mastodonOpensItsSchemeAndTheWeb() throws {
        let table = try Self.table(file: "Tests/FlowGraphTests/Fixtures/real-apps/mastodon-links.flow")
        #expect(Self.opens("mastodon://profile/@ada@mastodon.social", in: table) == "Profile(account=@ada@mastodon.social)")
        #expect(Self.opens("https://mastodon.social/@ada", in: table) == "Profile(account=ada)")
        #expect(Self.opens("mastodon://status/1234", in: table) == "Thread(status=1234)")
        #expect(Self.opens("https://mastodon.social/@ada/1234", in: table) == "Thread(status=1234, author=ada)")
        #expect(Self.opens("mastodon://statuses/1234", in: table) == nil)
        #expect(Self.opens("https://mastodon.social/ada/1234", in: table) == nil)
    }

    @Test func firefoxOpensItsActionsWhateverTheCaseOfItsDeepLinks() throws {
        let table = try Self.table(file: "Tests/FlowGraphTests/Fixtures/real-apps/firefox-links.flow")
        #expect(Self.opens("firefox://open-url?url=https%3A%2F%2Fexample.com", in: table) == "WebPage(url=https://example.com)")
        #expect(Self.opens("firefox-internal://open-url?url=https://example.com&private=true", in: table)
            == "WebPage(url=https://example.com, isPrivate=true)")
        #expect(Self.opens("FIREFOX://Open-URL?url=x", in: table) == "WebPage(url=x)")  // scheme and host: any case
        #expect(Self.opens("firefox://deep-link?url=/settings/general", in: table) == "Settings(section=general)")
        #expect(Self.opens("firefox://deep-link?url=%2FSettings%2FGeneral", in: table) == "Settings(section=General)")
        #expect(Self.opens("firefox://deep-link?url=/homepanel/bookmarks", in: table) == "HomePanel(panel=bookmarks)")
        #expect(Self.opens("firefox://deep-link?url=/settings/", in: table) == nil)
        #expect(Self.opens("firefox://deep-link?url=/wallpaper/x", in: table) == nil)
        #expect(Self.opens("firefox://share-sheet?url=https://a.b&title=Hi", in: table) == "Share(url=https://a.b, title=Hi)")
        #expect(Self.opens("firefox://share-sheet?title=Hi", in: table) == nil)  // the url is required
        #expect(table.linkMatches("firefox://share-sheet?title=Hi").count == 1)  // by text it matches, without it
        #expect(Self.opens("firefox://open-text?text=swift+testing", in: table) == "Search(text=swift testing)")
        #expect(Self.opens("https://example.com", in: table) == nil)
    }
}
