import Testing
@testable import FlowGraph

/// Link patterns: each shape read, and refused with its reason; which URLs two patterns share
/// (the checker's `overlapping-links` and the precedence the runtime follows).
@Suite("Link patterns")
struct LinkPatternTests {
    static func pattern(_ text: String, ignoringCase: Bool = false, optional: Set<String> = []) throws -> LinkPattern {
        var pattern = try LinkPattern.parse(text).get()
        pattern.ignoresCase = ignoringCase
        pattern.optionalPlaceholders = optional
        return pattern
    }

    @Test func eachShapeIsRead() throws {
        let profile = try Self.pattern("https://*/@{account}/{status}.json?ref=a{ref}")
        #expect(profile.scheme == "https")
        #expect(profile.segments == [.wildcard, .affixed(prefix: "@", name: "account", suffix: ""),
                                     .affixed(prefix: "", name: "status", suffix: ".json")])
        #expect(profile.query.map(\.key) == ["ref"] && profile.query.map(\.value) == [.affixed(prefix: "a", name: "ref", suffix: "")])
        #expect(profile.placeholders == ["account", "status", "ref"])
        #expect(try Self.pattern("/tags/{tag}").segments == [.literal("tags"), .placeholder("tag")])
        #expect(try Self.pattern("/a/*/b").segments == [.literal("a"), .wildcard, .literal("b")])
        // The rest of the path: ignored, or a value.
        #expect(try Self.pattern("https://**").segments == [.rest(nil)])
        let web = try Self.pattern("/web/{page...}?theme={theme}")
        #expect(web.segments == [.literal("web"), .rest("page")] && web.hasRest && web.placeholders == ["page", "theme"])
        #expect(try !Self.pattern("/web/{page}").hasRest)
    }

    @Test(arguments: [
        ("/p/{a}{b}", "'{a}{b}': a path segment or query value holds at most one placeholder"),
        ("/p/x{a}y{b}", "'x{a}y{b}': a path segment or query value holds at most one placeholder"),
        ("/p/a*", "'a*': '*' is a whole path segment (any one segment); it cannot be part of one"),
        ("/p/*{a}", "'*{a}': '*' is a whole path segment (any one segment); it cannot be part of one"),
        ("/p?q=*", "query item 'q=*': a query item the pattern leaves out may have any value; leave it out"),
        ("/p?q={q?}", "'{q?}': a placeholder is optional when its input is ('q: T?'); write '{q}'"),
        ("/p?q=1&q=2", "query key 'q' appears twice in the link pattern"),
        ("/p/@{a", "'{' in a link pattern has no matching '}'"),
        ("/p/a}", "'{' in a link pattern has no matching '}'"),
        ("/p/@{1a}", "'{1a}' is not a placeholder: the name between braces must be an identifier"),
        ("/p/@{a}/{a}.json", "placeholder '{a}' appears twice in the link pattern"),
        ("p", "a link pattern starts with '/' or with a scheme such as 'shop://'"),
        ("/a/**/b", "'**' is the rest of the path: it is the pattern's last segment"),
        ("/a/{p...}/{q}", "'{p...}' is the rest of the path: it is the pattern's last segment"),
        ("/a/x{p...}", "'x{p...}': the rest of the path is a whole segment, without a literal around it"),
        ("/a?q={q...}", "'{q...}': the rest of a path is not a query value; write '{q}'"),
        ("/a/***", "'***': '*' is a whole path segment (any one segment); it cannot be part of one"),
        ("/a/{p}/{p...}", "placeholder '{p}' appears twice in the link pattern"),
    ])
    func eachMistakeIsRefusedWithItsReason(text: String, message: String) {
        guard case .failure(let error) = LinkPattern.parse(text) else { Issue.record("'\(text)' was read"); return }
        #expect(error.message == message)
    }

    enum Expected: Equatable { case disjoint, same, narrower, wider, crossing }

    static func relation(_ overlap: LinkPattern.Overlap) -> (Expected, String?) {
        switch overlap {
        case .disjoint: (.disjoint, nil)
        case .same(let example): (.same, example)
        case .narrower(let example): (.narrower, example)
        case .wider(let example): (.wider, example)
        case .crossing(let example): (.crossing, example)
        }
    }

    @Test(arguments: [
        // A literal is narrower than a placeholder or a wildcard, which match the same segments.
        ("/u/me", "/u/{id}", Expected.narrower, "/u/me"),
        ("/u/*", "/u/{id}", .same, "/u/1"),
        ("/u/@{user}", "/u/{id}", .narrower, "/u/@1"),
        ("/u/@{user}", "/u/@me", .wider, "/u/@me"),
        ("/u/@{user}", "/u/me", .disjoint, nil),
        ("/u/@{user}", "/u/{id}.json", .crossing, "/u/@1.json"),
        ("/u/ab{x}", "/u/a{y}", .narrower, "/u/ab1"),
        ("/u/a{x}", "/u/a", .disjoint, nil),
        ("/u/{x}b", "/u/a{y}", .crossing, "/u/a1b"),
        // Different lengths, different schemes never meet; no scheme is any scheme.
        ("/u/{id}", "/u/{id}/more", .disjoint, nil),
        ("shop://u/{id}", "mail://u/{id}", .disjoint, nil),
        ("shop://u/{id}", "/u/{id}", .narrower, "shop://u/1"),
        ("SHOP://U/{id}", "shop://u/{id}", .same, "SHOP://U/1"),  // schemes and hosts ignore case
        ("shop://u/A", "shop://u/a", .disjoint, nil),  // a path does not
        // Ignoring case: a literal that does stands for every spelling.
        ("/a/Settings/{x}", "/a/settings/{x}", .disjoint, nil),
        // The first segment is the host of a URL with a scheme: it matches whatever its case there.
        ("/Settings/{x}", "/settings/{x}", .crossing, "app://Settings/1"),
        ("/settings/{x}", "/settings/{x}", .same, "/settings/1"),
        // Query items: a URL may hold more; a required item narrows; an optional one does not.
        ("/s?q={q}", "/s", .narrower, "/s?q=1"),
        ("/s?q=a", "/s?q={q}", .narrower, "/s?q=a"),
        ("/s?q=a", "/s?q=b", .disjoint, nil),
        ("/s?q=a", "/s?r=b", .crossing, "/s?q=a&r=b"),
        ("/s?q=@{q}", "/s?q={q}.x", .crossing, "/s?q=@1.x"),
        // The rest of the path: one segment or more, so any fixed pattern under it is narrower.
        ("/web/{page}", "/web/{path...}", .narrower, "/web/1"),
        ("/web/a/b/c", "/web/**", .narrower, "/web/a/b/c"),
        ("/web", "/web/**", .disjoint, nil),
        ("/web/**", "/web/{path...}", .same, "/web/1"),
        ("/web/a/**", "/web/**", .narrower, "/web/a/1"),
        ("/web/a/**", "/web/*/b/**", .crossing, "/web/a/b/1"),
        ("/{x}/a/**", "/web/**", .crossing, "/web/a/1"),
        ("https://*/@{account}", "https://**", .narrower, "https://1/@1"),
        ("https://**", "/tags/{tag}", .crossing, "https://tags/1"),
        ("app://**", "https://**", .disjoint, nil),
        ("/u/{id}/more", "/u/**", .narrower, "/u/1/more"),
    ] as [(String, String, Expected, String?)])
    func howTwoPatternsMeet(lhs: String, rhs: String, expected: Expected, example: String?) throws {
        let result = Self.relation(try Self.pattern(lhs).overlap(with: try Self.pattern(rhs)))
        #expect(result.0 == expected)
        #expect(result.1 == example)
        // The other way round, the relation turns over and the URL is the same.
        let flipped = Self.relation(try Self.pattern(rhs).overlap(with: try Self.pattern(lhs))).0
        let turned: [Expected: Expected] = [.narrower: .wider, .wider: .narrower]
        #expect(flipped == turned[expected] ?? expected)
    }

    @Test func ignoringCaseWidensALiteral() throws {
        let exact = try Self.pattern("/Settings/{x}"), loose = try Self.pattern("/settings/{x}", ignoringCase: true)
        #expect(exact.overlap(with: loose) == .narrower(example: "/Settings/1"))
        #expect(loose.overlap(with: exact) == .wider(example: "/Settings/1"))
        let other = try Self.pattern("/SETTINGS/{y}", ignoringCase: true)
        #expect(loose.overlap(with: other) == .same(example: "/settings/1"))
    }

    @Test func anOptionalQueryItemMayBeLeftOut() throws {
        let optional = try Self.pattern("/s?q={q}", optional: ["q"])
        #expect(optional.overlap(with: try Self.pattern("/s")) == .same(example: "/s"))
        #expect(try Self.pattern("/s?q={q}").overlap(with: optional) == .narrower(example: "/s?q=1"))
        #expect(try Self.pattern("/s?q=a{q}", optional: ["q"]).overlap(with: try Self.pattern("/s")) == .narrower(example: "/s"))
    }

    @Test func theExampleIsEscaped() throws {
        #expect(try Self.pattern("/a%20b/{x}").overlap(with: try Self.pattern("/{y}/{x}")) == .narrower(example: "/a%2520b/1"))
    }

    @Test func aMistakeIsReportedAtItsPartOfThePattern() {
        #expect(findings("""
            flow App {
                start Home
                link "/p/x{a}y{b}" -> Home
                link "/p?q=1&q=2" -> Home
                link "shop://a//b" -> Home
                link "/a/{x}/@{x}" -> Home
                link "/ok", "/p/a*" -> Home
                link "/say\\"hi\\"/{a}{b}" -> Home
                step Home
            }
            """) == [
                "3:14: error [syntax] 'x{a}y{b}': a path segment or query value holds at most one placeholder",
                "4:18: error [syntax] query key 'q' appears twice in the link pattern",
                "5:19: error [syntax] a link pattern cannot have an empty path segment ('//')",
                "6:19: error [syntax] placeholder '{x}' appears twice in the link pattern",
                "7:21: error [syntax] 'a*': '*' is a whole path segment (any one segment); it cannot be part of one",
                // A string with escapes: the whole pattern.
                "8:10: error [syntax] '{a}{b}': a path segment or query value holds at most one placeholder",
            ])
    }

    @Test func aLinkHasSeveralPatternsAndMayIgnoreCase() throws {
        let result = compile("""
            flow App {
                start Home
                link "/u/@{account}", "app://u/{account}?host={host}" -> Profile ignoring case
                step Home {
                    on tapped(account: String, host: String?) -> push Profile
                }
                step Profile(account: String, host: String?)
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(findings(result))")
        let link = try #require(result.program?.flows[0].links.first)
        #expect(link.patterns.map(\.text) == ["/u/@{account}", "app://u/{account}?host={host}"])
        #expect(link.ignoresCase && link.patterns.allSatisfy(\.ignoresCase))
        #expect(link.commonPlaceholders == ["account"] && link.allPlaceholders == ["account", "host"])
    }

    @Test func eachPatternGivesEveryRequiredInput() {
        #expect(findings("""
            flow App {
                start Home
                link "/u/{account}", "/v/{name}", "/w/{account}/{extra}" -> Profile
                link "/n/{n}" -> Numbers
                step Home {
                    on tapped(account: String) -> push Profile
                    on numbers(n: Int??) -> push Numbers
                }
                step Profile(account: String)
                step Numbers(n: Int??)
            }
            """) == [
                "3:26: error [link-mismatch] link gives no value for input 'account: String' of step 'Profile'",
                "3:26: error [link-mismatch] link placeholder '{name}' is not an input of step 'Profile'",
                "3:39: error [link-mismatch] link placeholder '{extra}' is not an input of step 'Profile'",
                "4:10: error [link-mismatch] link placeholder '{n}' has type 'Int??', which cannot be read from a URL; "
                    + "use a type that conforms to LosslessStringConvertible",
            ])
    }

    @Test func aBrokenListOfPatternsIsReportedOnce() {
        #expect(findings("""
            flow App {
                start Home
                link "/a", -> Home
                link "/b" -> Home ignoring
                link "/c" -> Home ignoring case
                step Home
            }
            """) == [
                "3:16: error [syntax] expected a URL pattern in quotes after ',', found '->'",
                "4:31: error [syntax] expected 'case' after 'ignoring', found the end of the line",
            ])
    }

    @Test func twoLinksThatMeetAreReportedAtTheLaterWithAURLBothMatch() throws {
        let result = compile("""
            flow App {
                start Home
                link "/u/@{account}" -> Profile
                link "/x/{id}", "/u/{id}.json" -> Raw
                link "/u/me" -> Me
                step Home {
                    on a(account: String) -> push Profile
                    on r(id: Int) -> push Raw
                    on m -> push Me
                }
                step Profile(account: String)
                step Raw(id: Int)
                step Me
            }
            """)
        #expect(findings(result) == [
            "4:21: error [overlapping-links] links '/u/{id}.json' and '/u/@{account}' both match '/u/@1.json', and neither is more specific: "
                + "make one match only URLs the other matches too (a literal where the other has a placeholder), or make them differ",
        ])
        let note = try #require(result.diagnostics.first?.notes.first)
        #expect(note.message == "link '/u/@{account}' declared here")
        #expect(note.range.map { result.files[0].location(of: $0.start).line } == 3)
    }

    /// The example URL of a finding keeps a literal that is not ASCII whole (each of its bytes
    /// was U+FFFD: `'/caf\u{FFFD}\u{FFFD}/1'`).
    @Test func anExampleURLKeepsALiteralThatIsNotASCII() {
        let result = compile("""
            flow App {
                start Home
                link "/café/{a}" -> A
                link "/café/{b}" -> B
                step Home {
                    on a(a: Int) -> push A
                    on b(b: Int) -> push B
                }
                step A(a: Int)
                step B(b: Int)
            }
            """)
        #expect(findings(result).first?.contains("both match '/café/1'") == true, "\(findings(result))")
    }
}
