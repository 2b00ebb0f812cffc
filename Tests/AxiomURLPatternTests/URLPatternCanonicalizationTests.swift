import Testing

@testable import AxiomURLPattern

@Suite struct URLPatternCanonicalizationTests {
    /// A special scheme's hostname that ends in a number is an IPv4 address, read as the URL
    /// parser reads one (issue 30): written back in dotted decimal, and matching the URLs that
    /// spell it any other way; one that is not an address is refused. A non-special scheme's
    /// host is opaque: its numbers stay as written.
    @Test func aSpecialSchemesNumericHostnameIsReadAsAnIPv4Address() throws {
        for (written, canonical) in [("0x7f.1", "127.0.0.1"), ("127.1", "127.0.0.1"), ("017.0.0.1", "15.0.0.1"), ("4294967295", "255.255.255.255")] {
            let pattern = try URLPattern("http://\(written)/x")
            #expect(pattern.hostname == canonical, "\(written)")
            #expect(pattern.test("http://127.1/x") == (canonical == "127.0.0.1"), "\(written)")
            #expect(pattern.test("http://\(canonical)/x"), "\(written)")
        }
        for bad in ["1.2.3.4.5", "1.256.0.0.0", "4294967296", "0x100000000", "1.2.3.09"] {
            #expect(throws: URLPatternError.self, "\(bad)") { try URLPattern("https://\(bad)/") }
        }
        // Not a number at the end: a domain.
        #expect(try URLPattern("http://1.2.3.x/").hostname == "1.2.3.x")
        // An app scheme's host is opaque: as written, and the URL's host is read the same way.
        let app = try URLPattern("myapp://0x7f.1/x")
        #expect(app.hostname == "0x7f.1")
        #expect(app.test("myapp://0x7f.1/x"))
        #expect(!app.test("myapp://127.0.0.1/x"))
    }

    @Test(arguments: [
        (URLPatternInit(protocol: "HTTPS"), URLPattern.Component.protocol, "https"),
        (URLPatternInit(protocol: "https:"), .protocol, "https"),
        (URLPatternInit(hostname: "EXAMPLE.com"), .hostname, "example.com"),
        (URLPatternInit(hostname: "[\\:\\:AB]"), .hostname, "[\\:\\:ab]"),
        (URLPatternInit(port: "080"), .port, "80"),
        (URLPatternInit(pathname: "/foo bar"), .pathname, "/foo%20bar"),
        (URLPatternInit(pathname: "/café/:x"), .pathname, "/caf%C3%A9/:x"),
        (URLPatternInit(pathname: "/foo/../bar"), .pathname, "/bar"),
        (URLPatternInit(pathname: "/a/./b"), .pathname, "/a/b"),
        (URLPatternInit(pathname: "/a{b}?c"), .pathname, "/a{b}?c"),
        (URLPatternInit(search: "?q=a b"), .search, "q=a%20b"),
        (URLPatternInit(hash: "#a b`"), .hash, "a%20b%60"),
        (URLPatternInit(username: "a@b"), .username, "a%40b"),
        (URLPatternInit(password: "p\\:w"), .password, "p%3Aw"),
    ])
    func fixedTextIsCanonicalisedPerComponent(input: URLPatternInit, component: URLPattern.Component, canonical: String) throws {
        #expect(try URLPattern(input)[component] == canonical)
    }

    @Test func absentComponentsAreWildcards() throws {
        let compiled = try URLPattern(URLPatternInit(pathname: "/x"))
        #expect(URLPattern.Component.allCases.map { compiled[$0] } == ["*", "*", "*", "*", "*", "/x", "*", "*"])
    }

    @Test func baseURLFillsComponentsBeforeTheFirstOneGivenAndIsEscaped() throws {
        let compiled = try URLPattern(URLPatternInit(pathname: "/foo/bar", baseURL: "https://example.com?query#hash"))
        #expect(URLPattern.Component.allCases.map { compiled[$0] } == ["https", "*", "*", "example.com", "", "/foo/bar", "*", "*"])
        let escaped = try URLPattern(URLPatternInit(baseURL: "https://example.com/(foo)*"))
        #expect(escaped.pathname == "/\\(foo\\)\\*")
        #expect(try escaped.testOrThrow("https://example.com/(foo)*"))
        #expect(!escaped.test("https://example.com/foo"))
    }

    @Test func relativePathnameIsResolvedAgainstTheBasePath() throws {
        #expect(try URLPattern(URLPatternInit(pathname: ":id", baseURL: "https://example.com/books/")).pathname == "/books/:id")
    }

    @Test func nonSpecialSchemesKeepOpaquePathnamesAsWritten() throws {
        let compiled = try URLPattern(URLPatternInit(protocol: "myapp", pathname: "a b/../c"))
        #expect(compiled.pathname == "a b/../c")
    }

    @Test func hasRegExpGroupsReportsCustomRegexpsOnly() throws {
        #expect(try !URLPattern("https://example.com/:id/*").hasRegExpGroups)
        #expect(try URLPattern("https://example.com/:id(\\d+)").hasRegExpGroups)
    }
}
