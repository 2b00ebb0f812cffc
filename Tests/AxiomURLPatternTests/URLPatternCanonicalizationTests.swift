import Testing

@testable import AxiomURLPattern

@Suite struct URLPatternCanonicalizationTests {
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
