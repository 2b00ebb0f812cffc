import Testing

@testable import AxiomURLPattern

@Suite struct ConstructorStringParserTests {
    private func components(_ pattern: String, baseURL: String? = nil) throws -> [String] {
        let compiled = try URLPattern(pattern, baseURL: baseURL)
        return URLPattern.Component.allCases.map { compiled[$0] }
    }

    /// A plain scheme is judged special without compiling it: the answer is the compiled
    /// component's for every plain spelling, and the ones that are not plain are compiled.
    @Test func aPlainSchemeIsJudgedAsItsCompiledComponentJudgesIt() throws {
        let schemes = [
            "https", "http", "ws", "wss", "ftp", "file", "myapp", "a-b.c", "x1", "httpss", "htt", "h", "https-", "file2", "w.s",
            "HTTPS", "Http", "1x", "-a", "", "http+s", "https?", "http*", "(https|ftp)", "{http}", "http\\s", ":s", "é",
        ]
        for scheme in schemes {
            guard ConstructorStringParser.isPlainScheme(scheme) else {
                #expect(
                    !"abcdefghijklmnopqrstuvwxyz".contains(scheme.first ?? "A")
                        || scheme.contains { !("a"..."z").contains($0) && !("0"..."9").contains($0) && $0 != "-" && $0 != "." },
                    "\(scheme)")
                continue
            }
            let compiled = try CompiledComponent(.protocol, pattern: scheme, options: .default, encode: Canonicalizer.protocol)
            #expect(URLRecord.isSpecialScheme(scheme) == compiled.matchesSpecialScheme, "\(scheme)")
        }
        // And through the constructor string: a special scheme's path is hierarchical.
        // Straight from the host to the search: a special scheme's path is `/`, another's empty.
        #expect(try URLPattern("https://{:a.}?example.com?q").pathname == "/")
        #expect(try URLPattern("wss://{:a.}?example.com?q").pathname == "/")
        #expect(try URLPattern("myapp://{:a.}?example.com?q").pathname == "")
        #expect(try URLPattern("HTTPS://{:a.}?example.com?q").pathname == "/")
        #expect(try URLPattern("http{s}?://{:a.}?example.com?q").pathname == "/")
    }

    @Test func splitsAFullURLIntoComponents() throws {
        #expect(
            try components("https://user\\:pass@example.com:8080/p/:id\\?q#h")
                == ["https", "user", "pass", "example.com", "8080", "/p/:id", "q", "h"])
        // Unescaped, ':pass' is a named group of the username, as in the standard.
        #expect(try components("https://user:pass@example.com/")[1...2] == ["user:pass", "*"])
        #expect(
            try components("https://example.com:8080/p/:id/?q#h")
                == ["https", "*", "*", "example.com", "8080", "/p/:id/", "q", "h"])
    }

    @Test func aQuestionMarkAfterAGroupIsAModifierNotTheSearch() throws {
        // The standard: '?' right after ':name', '(…)', '}' or '*' is the optional modifier.
        let compiled = try URLPattern("https://example.com/p/:id?q#h")
        #expect(compiled.pathname == "/p/:id?q")
        #expect(compiled.search == "")
        #expect(compiled.hash == "h")
    }

    @Test func componentsAfterTheLastOneWrittenAreWildcards() throws {
        #expect(try components("https://example.com/foo/bar") == ["https", "*", "*", "example.com", "", "/foo/bar", "*", "*"])
    }

    @Test func skippedComponentsBeforeALaterOneAreEmpty() throws {
        #expect(try components("https://example.com#top") == ["https", "*", "*", "example.com", "", "/", "", "top"])
        #expect(try components("https://example.com?q") == ["https", "*", "*", "example.com", "", "/", "q", "*"])
    }

    @Test func seedsExamplesSplitAsTheStandardSays() throws {
        #expect(try components("app://profile/:userId") == ["app", "*", "*", "profile", "", "/:userId", "*", "*"])
        #expect(
            try components("https://example.com/settings/*") == ["https", "*", "*", "example.com", "", "/settings/*", "*", "*"])
    }

    @Test func groupsAndWildcardsInTheSchemeAndHost() throws {
        let compiled = try URLPattern("http{s}?://{*.}?example.com/:product/:endpoint")
        #expect(compiled.protocol == "http{s}?")
        #expect(compiled.hostname == "{*.}?example.com")
        #expect(compiled.pathname == "/:product/:endpoint")
    }

    @Test func relativePatternsTakeTheBaseURLsEarlierComponents() throws {
        #expect(
            try components("/foo?bar#baz", baseURL: "https://example.com:8080")
                == ["https", "*", "*", "example.com", "8080", "/foo", "bar", "baz"])
        #expect(try components("bar", baseURL: "https://example.com/foo/")[5] == "/foo/bar")
    }

    @Test func nonSpecialSchemesWithoutSlashesHaveAnOpaquePathname() throws {
        let compiled = try URLPattern("data\\:*")
        #expect(compiled.protocol == "data")
        #expect(compiled.pathname == "*")
        #expect(try compiled.testOrThrow("data:text/plain,hello"))
    }

    @Test func ipv6HostnamesNeedEscapedColons() throws {
        let compiled = try URLPattern("http://[\\:\\:1]:8080/")
        #expect(compiled.hostname == "[\\:\\:1]")
        #expect(compiled.port == "8080")
        #expect(try compiled.testOrThrow("http://[::1]:8080/"))
        #expect(throws: URLPatternError.self) { try URLPattern("http://[::1]/") }
    }

    @Test func defaultPortsOfSpecialSchemesAreDropped() throws {
        #expect(try URLPattern("https://example.com:443/").port == "")
        #expect(try URLPattern(URLPatternInit(protocol: "http", port: "80")).port == "")
        #expect(try URLPattern(URLPatternInit(protocol: "http", port: "443")).port == "443")
    }
}
