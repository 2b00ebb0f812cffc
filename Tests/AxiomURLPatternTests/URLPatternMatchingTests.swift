import Testing

@testable import AxiomURLPattern

/// One pathname pattern against one URL path: the groups, or nil for no match.
struct PathCase: Sendable, CustomTestStringConvertible {
    var pattern: String
    var path: String
    var groups: [String: String?]?
    var testDescription: String { "\(pattern) ~ \(path)" }
}

@Suite struct URLPatternMatchingTests {
    private func groups(_ pattern: String, _ path: String, ignoreCase: Bool = false) throws -> URLPatternComponentResult.Groups? {
        let compiled = try URLPattern(URLPatternInit(pathname: pattern), options: .init(ignoreCase: ignoreCase))
        return try compiled.execOrThrow(URLPatternInit(pathname: path))?.pathname.groups
    }

    /// An optional group whose regexp can match empty (issue 30): ECMAScript rejects the empty
    /// iteration of `(a?)?`, so the group is undefined, where PCRE2 alone keeps `""`. With a
    /// prefix the iteration consumes the `/`, and `""` is the value, as in ECMAScript.
    @Test func anOptionalGroupThatMatchesEmptyTakesNoPart() throws {
        let absent = URLPatternComponentResult.Groups(names: ["name"], values: [nil])
        #expect(try groups("/x:name(a?)?", "/x") == absent)
        #expect(try groups("/x:name(a?)?", "/xa") == ["name": "a"])
        #expect(try groups("/x:name(a*)?", "/x") == absent)
        #expect(try groups("/x/:name(a?)?", "/x/") == ["name": ""])
        #expect(try groups("/x/:name(a?)?", "/x") == absent)
        // `*` wraps the whole repetition in the group: zero iterations are "".
        #expect(try groups("/x:name(a)*", "/x") == ["name": ""])
        #expect(try groups("/x:name(a?)", "/x") == ["name": ""])
    }

    /// Patterns.md, "Canonicalisation": an app scheme's pattern path is canonicalised by the
    /// opaque-path rules (the standard's), the URL's path by the path set.
    @Test func anAppSchemePatternPathKeepsASpaceTheURLEncodes() throws {
        #expect(try URLPattern("myapp://host/a b").exec("myapp://host/a b") == nil)
        #expect(try URLPattern("myapp://host/a%20b").exec("myapp://host/a b")?.pathname.input == "/a%20b")
        #expect(try URLPattern("https://host/a b").exec("https://host/a b") != nil)
    }

    @Test func seedsProfileLinkGivesUserId() throws {
        let result = try #require(try URLPattern("app://profile/:userId").exec("app://profile/42"))
        #expect(result.pathname.groups == ["userId": "42"])
        #expect(result.hostname.input == "profile")
        #expect(result.protocol.input == "app")
    }

    @Test func seedsSettingsWildcardCapturesTheRestOfThePath() throws {
        let result = try #require(try URLPattern("https://example.com/settings/*").exec("https://example.com/settings/privacy/ads"))
        #expect(result.pathname.groups == ["0": "privacy/ads"])
        #expect(try URLPattern("https://example.com/settings/*").exec("https://example.com/profile/ads") == nil)
    }

    static let pathCases: [PathCase] = [
        PathCase(pattern: "/foo/bar", path: "/foo/bar", groups: [:]),
        PathCase(pattern: "/foo/bar", path: "/foo/ba", groups: nil),
        PathCase(pattern: "/foo/bar", path: "/foo/bar/", groups: nil),
        PathCase(pattern: "/foo/bar", path: "/foo/bar/baz", groups: nil),
        PathCase(pattern: "/foo/:bar", path: "/foo/bar", groups: ["bar": "bar"]),
        PathCase(pattern: "/foo/:bar", path: "/foo/index.html", groups: ["bar": "index.html"]),
        PathCase(pattern: "/foo/:bar", path: "/foo/bar/", groups: nil),
        PathCase(pattern: "/foo/:bar", path: "/foo/", groups: nil),
        PathCase(pattern: "/foo/(.*)", path: "/foo/bar/baz", groups: ["0": "bar/baz"]),
        PathCase(pattern: "/foo/(.*)", path: "/foo/", groups: ["0": ""]),
        PathCase(pattern: "/foo/(.*)", path: "/foo", groups: nil),
        PathCase(pattern: "/foo/:bar(.*)", path: "/foo/bar/baz", groups: ["bar": "bar/baz"]),
        PathCase(pattern: "/foo/:bar?", path: "/foo/bar", groups: ["bar": "bar"]),
        PathCase(pattern: "/foo/:bar?", path: "/foo", groups: ["bar": String?.none]),
        PathCase(pattern: "/foo/:bar?", path: "/foo/", groups: nil),
        PathCase(pattern: "/foo/:bar?", path: "/foobar", groups: nil),
        PathCase(pattern: "/foo/:bar+", path: "/foo/bar/baz", groups: ["bar": "bar/baz"]),
        PathCase(pattern: "/foo/:bar+", path: "/foo", groups: nil),
        PathCase(pattern: "/foo/:bar+", path: "/foo/", groups: nil),
        PathCase(pattern: "/foo/:bar*", path: "/foo/bar/baz", groups: ["bar": "bar/baz"]),
        PathCase(pattern: "/foo/:bar*", path: "/foo", groups: ["bar": String?.none]),
        PathCase(pattern: "/foo/:bar*", path: "/foobar", groups: nil),
        PathCase(pattern: "/foo/(.*)?", path: "/foo", groups: ["0": String?.none]),
        PathCase(pattern: "/foo/(.*)?", path: "/foo/", groups: ["0": ""]),
        PathCase(pattern: "/foo/*", path: "/foo/bar", groups: ["0": "bar"]),
        PathCase(pattern: "/foo{/bar}?", path: "/foo", groups: [:]),
        PathCase(pattern: "/foo{/bar}?", path: "/foo/bar", groups: [:]),
        PathCase(pattern: "/foo{/bar}?", path: "/foo/", groups: nil),
        PathCase(pattern: "/foo/:bar.html", path: "/foo/index.html", groups: ["bar": "index"]),
        PathCase(pattern: "/(\\d+)", path: "/123", groups: ["0": "123"]),
        PathCase(pattern: "/(\\d+)", path: "/12a", groups: nil),
        PathCase(pattern: "/:id(\\d{2,3})", path: "/1234", groups: nil),
        PathCase(pattern: "/:kind(book|film)/:id", path: "/film/7", groups: ["kind": "film", "id": "7"]),
        PathCase(pattern: "/:kind(book|film)/:id", path: "/song/7", groups: nil),
        PathCase(pattern: "/(\\d+)/:name/*", path: "/1/a/b/c", groups: ["0": "1", "name": "a", "1": "b/c"]),
        PathCase(pattern: "{/:id.json}?", path: "/7.json", groups: ["id": "7"]),
        PathCase(pattern: "{/:id.json}?", path: "", groups: ["id": String?.none]),
        PathCase(pattern: "/:a+.x", path: "/p/q.x", groups: ["a": "p/q"]),
        PathCase(pattern: "{/:a.x}+", path: "/p.x/q.x", groups: ["a": "p.x/q"]),
        PathCase(pattern: "/foo\\:bar", path: "/foo:bar", groups: [:]),
        PathCase(pattern: "/foo\\*", path: "/foo*", groups: [:]),
        PathCase(pattern: "/:café", path: "/x", groups: ["café": "x"]),
        PathCase(pattern: "/:$id_2", path: "/x", groups: ["$id_2": "x"]),
        PathCase(pattern: "/foo bar/:x", path: "/foo%20bar/1", groups: ["x": "1"]),
        PathCase(pattern: "/café", path: "/caf%C3%A9", groups: [:]),
        PathCase(pattern: "/(a.c)", path: "/abc", groups: ["0": "abc"]),
        PathCase(pattern: "/([^]+)", path: "/a/b", groups: ["0": "a/b"]),
        PathCase(pattern: "/:x(\\/\\w+)", path: "//ab", groups: ["x": "/ab"]),
        // Outside a regexp group "\1" is the literal "1"; inside one it is a back-reference.
        PathCase(pattern: "/(\\w+)-\\1", path: "/ab-ab", groups: nil),
        PathCase(pattern: "/(\\w+)-\\1", path: "/ab-1", groups: ["0": "ab"]),
        PathCase(pattern: "/(\\w+)-(\\1)", path: "/ab-ab", groups: ["0": "ab", "1": "ab"]),
        PathCase(pattern: "/:a-(\\w+)-(\\2)", path: "/q-ab-ab", groups: ["a": "q", "0": "ab", "1": "ab"]),
        PathCase(pattern: "/:a-(\\w+)-(\\2)", path: "/q-ab-ac", groups: nil),
        PathCase(pattern: "/book{s}?", path: "/books", groups: [:]),
        PathCase(pattern: "/book{s}?", path: "/book", groups: [:]),
        PathCase(pattern: "/:path*", path: "/", groups: nil),
        PathCase(pattern: "/:path*", path: "", groups: ["path": String?.none]),
    ]

    @Test(arguments: pathCases)
    func pathnamesMatchAsTheStandardSays(_ testCase: PathCase) throws {
        let actual = try groups(testCase.pattern, testCase.path)
        #expect(actual.map { Dictionary(uniqueKeysWithValues: zip($0.names, $0.values)) } == testCase.groups)
    }

    @Test func groupsKeepPatternOrder() throws {
        let result = try #require(try groups("/(\\d+)/:name/*", "/1/a/b"))
        #expect(Array(result.keys) == ["0", "name", "1"])
    }

    @Test func groupThatDidNotParticipateDiffersFromAnEmptyMatch() throws {
        let absent = try #require(try groups("/foo/:bar?", "/foo"))
        let empty = try #require(try groups("/foo/*", "/foo/"))
        #expect(absent["bar"] == .some(nil))
        #expect(empty["0"] == .some(""))
        #expect(absent["nope"] == nil)
    }

    @Test func ignoreCaseAppliesToPathSearchAndHashOnly() throws {
        let options = URLPattern.Options(ignoreCase: true)
        let compiled = try URLPattern("https://example.com/Foo/:bar\\?Q=*#Top", options: options)
        let result = try #require(try compiled.execOrThrow("https://EXAMPLE.com/fOO/BaZ?q=1#top"))
        #expect(result.pathname.groups == ["bar": "BaZ"])
        #expect(try URLPattern("https://example.com/Foo").exec("https://example.com/foo") == nil)
        #expect(try URLPattern(URLPatternInit(username: "Al"), options: options).exec("https://al@example.com/") == nil)
    }

    @Test func hostnameWildcardsAndSegments() throws {
        let star = try URLPattern(URLPatternInit(hostname: "*.example.com"))
        #expect(try star.execOrThrow("https://www.example.com/")?.hostname.groups == ["0": "www"])
        #expect(try star.execOrThrow("https://example.com/") == nil)
        let optional = try URLPattern(URLPatternInit(hostname: "{*.}?example.com"))
        #expect(try optional.testOrThrow("https://example.com/"))
        #expect(try optional.execOrThrow("https://a.b.example.com/")?.hostname.groups == ["0": "a.b"])
        let segment = try URLPattern(URLPatternInit(hostname: ":sub.example.com"))
        #expect(try segment.execOrThrow("https://api.example.com/")?.hostname.groups == ["sub": "api"])
        #expect(try segment.execOrThrow("https://a.b.example.com/") == nil)
    }

    @Test func protocolAlternativesAndPorts() throws {
        let compiled = try URLPattern("http{s}?://example.com\\:8080/*")
        #expect(try compiled.testOrThrow("http://example.com:8080/x"))
        #expect(try compiled.testOrThrow("https://example.com:8080/x"))
        #expect(!compiled.test("ftp://example.com:8080/x"))
        #expect(!compiled.test("https://example.com:8081/x"))
        let defaultPort = try URLPattern("https://example.com/")
        #expect(try defaultPort.testOrThrow("https://example.com:443/"))
        #expect(!defaultPort.test("https://example.com:444/"))
    }

    @Test func searchAndHashMatchTheirOwnComponents() throws {
        let compiled = try URLPattern("https://example.com/find?q=:query#:section")
        let result = try #require(try compiled.execOrThrow("https://example.com/find?q=swift#results"))
        #expect(result.search.groups == ["query": "swift"])
        #expect(result.hash.groups == ["section": "results"])
        #expect(try compiled.execOrThrow("https://example.com/find?x=swift#results") == nil)
    }

    @Test func internationalHostnamesAreWrittenInPunycodeInPatternsAndInputs() throws {
        // UTS #46 maps (case, width, compatibility forms) then writes punycode; input and
        // pattern meet in the same ASCII form, whichever way either is written.
        let compiled = try URLPattern("https://münchen.example/*")
        #expect(compiled.hostname == "xn--mnchen-3ya.example")
        for input in [
            "https://münchen.example/x", "https://MÜNCHEN.example/x", "https://xn--mnchen-3ya.example/x",
            "https://XN--MNCHEN-3YA.EXAMPLE/x", "https://mu\u{308}nchen.example/x", "https://m%C3%BCnchen.example/x",
            "https://ｍüｎｃｈｅｎ.example/x", "https://münchen。example/x",
        ] {
            let result = try #require(try compiled.execOrThrow(input), "\(input)")
            #expect(result.hostname.input == "xn--mnchen-3ya.example", "\(input)")
        }
        #expect(!compiled.test("https://munchen.example/x"))
        #expect(try URLPattern(URLPatternInit(hostname: "bücher.example")).hostname == "xn--bcher-kva.example")
        #expect(try URLPattern(URLPatternInit(hostname: ":shop.bücher.example")).test(URLPatternInit(hostname: "a.BÜCHER.example")))
        // Groups hold the input as the URL parser wrote it: punycode.
        let groups = try #require(try URLPattern(URLPatternInit(hostname: ":label.example")).execOrThrow(URLPatternInit(hostname: "café.example")))
        #expect(groups.hostname.groups == ["label": "xn--caf-dma"])
    }

    @Test func invalidInternationalLabelsAreErrorsWhereUTS46SaysSo() throws {
        // In a pattern: a constructor error naming the rule.
        for (pattern, words) in [
            ("https://a\u{FFFD}b.example/", "U+FFFD is not allowed"),  // disallowed
            ("https://\u{301}a.example/", "starts with the combining mark U+0301"),  // leading mark
            ("https://a\u{200D}b.example/", "ContextJ"),  // a joiner not after a virama
            ("https://\u{5D0}1x.example/", "bidi rule"),  // right-to-left label ending badly
            ("https://xn--ab-ｘ.example/", "not valid punycode"),  // mapped into xn--, then bad punycode
            ("https://ａ／b.example/", "'/'"),  // fullwidth solidus maps to '/'
        ] {
            #expect {
                _ = try URLPattern(pattern)
            } throws: { error in
                "\(error)".contains(words)
            }
        }
        // As input: no match (and the throwing variant gives the reason).
        let compiled = try URLPattern("https://*.example/*")
        #expect(!compiled.test("https://a\u{200D}b.example/x"))
        #expect(compiled.exec("https://\u{5D0}1x.example/x") == nil)
        #expect(throws: URLPatternMatchError.self) { try compiled.testOrThrow("https://a\u{FFFD}b.example/x") }
        // ASCII is lowercased as written, even an xn-- label UTS #46 would refuse (the URL
        // standard keeps ASCII domains for web compatibility).
        #expect(try compiled.testOrThrow("https://xn--a.example/x"))
        #expect(try URLPattern("https://xn--a.example/").hostname == "xn--a.example")
    }

    @Test func hostCaseIsIgnoredForEveryScheme() throws {
        #expect(try URLPattern("myapp://profile/:id").test("MyApp://PROFILE/7"))
        #expect(try URLPattern("myapp://PROFILE/:id").hostname == "profile")
    }

    @Test func execResolvesAgainstABaseAndReportsTheInputs() throws {
        let compiled = try URLPattern("/books/:id", baseURL: "https://example.com")
        let result = try #require(try compiled.execOrThrow("/books/7?x", baseURL: "https://example.com/shelf/"))
        #expect(result.inputs == [.string("/books/7?x"), .string("https://example.com/shelf/")])
        #expect(result.pathname.groups == ["id": "7"])
        #expect(result.search.input == "x")
    }

    @Test func componentInputIsCanonicalisedBeforeMatching() throws {
        let compiled = try URLPattern(URLPatternInit(pathname: "/a b/:x", search: "q=1 2"))
        let input = URLPatternInit(protocol: "HTTPS", hostname: "EXAMPLE.com", pathname: "/a b/./c", search: "?q=1 2")
        let result = try #require(try compiled.execOrThrow(input))
        #expect(result.pathname.input == "/a%20b/c")
        #expect(result.protocol.input == "https")
        #expect(result.hostname.input == "example.com")
        #expect(result.inputs == [.components(input)])
    }

    @Test func everyComponentHasGroupsWhenItsPatternIsAWildcard() throws {
        let result = try #require(try URLPattern("https://example.com/x").exec("https://u:p@example.com/x?s#h"))
        #expect(result.username.groups == ["0": "u"])
        #expect(result.password.groups == ["0": "p"])
        #expect(result.search.groups == ["0": "s"])
        #expect(result.hash.groups == ["0": "h"])
    }

    @Test func patternsAreSendableAndMatchConcurrently() async throws {
        let compiled = try URLPattern("https://example.com/users/:id(\\d+)")
        let matched = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask { (try? compiled.execOrThrow("https://example.com/users/\(index)")?.pathname["id"]) == String(index) }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(matched)
    }
}
