import FlowGraphRuntime
import Foundation
import Testing

/// What an app passes to `open(url:)` for the URLs it is given (docs/GeneratedRouter.md, "Deep
/// links"), on the hand-written program, whose link `/items/{item}/note?text={text}` is a path
/// with an optional query item.
@MainActor
@Suite("What an app passes to open(url:)")
struct URLFormTests {
    typealias Nav = Navigator<SyncShop>
    let navigator = Nav(.root, guards: ShopGuards())

    /// The helper docs/GeneratedRouter.md gives, as it is written there.
    func linkText(_ url: URL) -> String {
        guard url.scheme == "https" || url.scheme == "http",
              let parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        return parts.percentEncodedPath + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    @Test func aUniversalLinkToPathPatternsIsPassedAsItsPathAndQuery() throws {
        let universal = try #require(URL(string: "https://shop.example.com/items/4/note?text=hi%20there&ref=mail"))
        // Whole, its host is taken for the first segment: no pattern written as a path matches.
        #expect(navigator.open(url: universal.absoluteString).status == .unhandled)
        // Its path and query, still percent-encoded: the link opens with the query's value.
        #expect(linkText(universal) == "/items/4/note?text=hi%20there&ref=mail")
        #expect(navigator.open(url: linkText(universal)).isApplied)
        #expect(navigator.current == .main(.note(item: 4, text: "hi there")))
        // `url.path` drops the query: the optional value is lost.
        #expect(universal.path == "/items/4/note")
        #expect(navigator.open(url: universal.path).isApplied)
        #expect(navigator.current == .main(.note(item: 4, text: nil)))
    }

    @Test func aCustomSchemeIsPassedWhole() throws {
        let custom = try #require(URL(string: "shop://items/5/note?text=hello"))
        #expect(linkText(custom) == "shop://items/5/note?text=hello")
        // The host, `items`, is the first segment: the path pattern matches.
        #expect(navigator.open(url: linkText(custom)).isApplied)
        #expect(navigator.current == .main(.note(item: 5, text: "hello")))
        #expect(navigator.open(url: "shop://items/6").isApplied)
        #expect(navigator.current == .main(.item(item: 6)))
    }

    /// A value holding a `/` (`%2F`): kept encoded by `linkText`, it stays one segment; decoded by
    /// `url.path`, it splits the path and nothing matches.
    @Test func anEncodedSlashStaysInItsSegment() throws {
        let url = try #require(URL(string: "https://shop.example.com/items/7/note?text=a%2Fb"))
        #expect(navigator.open(url: linkText(url)).isApplied)
        #expect(navigator.current == .main(.note(item: 7, text: "a/b")))
        let slashed = try #require(URL(string: "https://shop.example.com/items/7%2F8"))
        #expect(slashed.path == "/items/7/8")
        #expect(navigator.open(url: slashed.path).status == .unhandled)
    }
}
