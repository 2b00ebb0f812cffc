import Foundation
import TestSupport
import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

/// The default table from `Routes/`, read as the CLI's `--routes Routes` would.
func defaultRouter() throws -> Router {
    let sources = try RouteSource.load(from: packageRoot() + "/Routes")
    return try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
}

private func router(_ text: String) throws -> Router {
    try Router(source: RouteSource(name: "t.routes", text: text))
}

private func name(_ result: Result<RouteMatch, RouteFailure>) -> String? {
    if case .success(let match) = result { return match.route.name }
    return nil
}

private func code(_ result: Result<RouteMatch, RouteFailure>) -> String? {
    if case .failure(let failure) = result { return failure.code.rawValue }
    return nil
}

@Suite struct RouterTests {
    @Test func seedsProfileLinkResolvesWithATypedUserId() throws {
        let match = try defaultRouter().resolve("myapp://profile/42").get()
        #expect(match.route.name == "profile")
        #expect(match.parameters["userId"] == .int(42))
        #expect(match.parameters.get("userId", as: Int.self) == 42)
        #expect(match.query["tab"] == .string("posts"))  // the default
        #expect(match.route.metadata.parent == "home")
        #expect(match.route.metadata.tab == "home")
    }

    @Test func seedsSettingsLinkCapturesTheRestOfThePath() throws {
        let match = try defaultRouter().resolve("https://example.com/settings/privacy/ads").get()
        #expect(match.route.name == "settingsSection")
        #expect(match.parameters["section"] == .path(["privacy", "ads"]))
        #expect(match.route.metadata.requiresAuthentication)
        // The literal settings page still ranks first.
        #expect(name(try defaultRouter().resolve("https://example.com/settings/privacy")) == "privacy")
    }

    // Each gives a structured failure, never a crash.
    @Test(arguments: [
        ("", "empty-input"),
        ("profile/42", "invalid-url"),
        ("myapp://profile/%zz", "invalid-percent-encoding"),
        ("myapp://u/%FF%FE", "invalid-percent-encoding"),
        ("myapp://profile/4\u{7}2", "conversion-failed"),  // control characters are percent-encoded
        ("myapp://profile/\u{7}\u{1B}", "no-route"),  // trailing ones are stripped: "/profile"
        ("myapp://nowhere/\u{0}x", "no-route"),
        ("https://evil.example/profile/42", "origin-not-accepted"),
        // A user name or password never reaches a route, on an accepted origin or an app scheme.
        ("https://user:pass@example.com/profile/42", "credentials-not-allowed"),
        ("https://user@example.com/profile/42", "credentials-not-allowed"),
        ("myapp://user:pass@profile/42", "credentials-not-allowed"),
        ("https://:pass@example.com/profile/42", "credentials-not-allowed"),
        ("myapp://profile/abc", "conversion-failed"),
        ("myapp://profile/99999999999999999999999", "conversion-failed"),
        ("myapp://search", "missing-query-parameter"),
        ("myapp://search?q=x&page=two", "conversion-failed"),
        ("http://[::1/", "invalid-url"),
    ])
    func badInputGivesAStructuredFailure(url: String, expected: String) throws {
        let result = try defaultRouter().resolve(url)
        #expect(code(result) == expected)
    }

    @Test func credentialsAreRefusedThroughEveryDoor() throws {
        let router = try defaultRouter()
        let url = "https://user:pass@example.com/settings/privacy"
        #expect(code(router.resolve(url)) == "credentials-not-allowed")
        #expect(router.explain(url).result.failure?.code == .credentialsNotAllowed)
        #expect(router.matches(url).failure?.code == .credentialsNotAllowed)
        // Without the credentials the same URL is a route; an `@` in the path is not a credential.
        #expect(name(router.resolve("https://example.com/settings/privacy")) == "privacy")
        #expect(code(router.resolve("https://example.com/@user")) != "credentials-not-allowed")
        // A table without origins (every URL accepted) refuses them too.
        let open = try cleanRouter("route a /a\n")
        #expect(open.resolve("https://u:p@anywhere.example/a").failure?.code == .credentialsNotAllowed)
        #expect(open.resolve("https://anywhere.example/a").failure == nil)
    }

    @Test func oneMebibyteURLIsRejectedForItsLength() throws {
        let url = "myapp://profile/" + String(repeating: "9", count: 1 << 20)
        guard case .failure(let failure) = try defaultRouter().resolve(url) else {
            Issue.record("a 1 MiB URL resolved")
            return
        }
        #expect(failure.reason == .inputTooLong(length: url.utf8.count, limit: 8192))
    }

    @Test func failuresSayWhyAndSuggestNearRoutes() throws {
        guard case .failure(let failure) = try defaultRouter().resolve("myapp://profil/42") else {
            Issue.record("resolved")
            return
        }
        guard case .noRoute(let path, let suggestions) = failure.reason else {
            Issue.record("\(failure.reason)")
            return
        }
        #expect(path == "/profil/42")
        #expect(suggestions.first == RouteSuggestion(route: "profile", example: "/profile/42"))
        #expect(failure.description.contains("did you mean 'profile' (/profile/42)"))
    }

    @Test func literalBeatsParameterWhateverTheDeclarationOrder() throws {
        let table = try router("route byId /users/:id\nroute new /users/new")
        #expect(name(table.resolve(path: "/users/new")) == "new")
        #expect(name(table.resolve(path: "/users/7")) == "byId")
    }

    @Test func rankOrderIsIndependentOfDeclarationOrder() throws {
        // (A typed and a regexp group are both "constrained": declaration order decides
        // between them, so only one of them is in the rotation.)
        let declarations = [
            "route wildcard /files/*", "route plain /files/:name", "route typed /files/:id\n  param id int",
            "route literal /files/latest", "route optional /files/:a/:b?",
        ]
        var orders: Set<[String]> = []
        for rotation in 0..<declarations.count {
            let rotated = Array(declarations[rotation...] + declarations[..<rotation])
            orders.insert(try router(rotated.joined(separator: "\n")).routes.map(\.name))
        }
        #expect(orders == [["literal", "typed", "plain", "optional", "wildcard"]])
        let table = try router((declarations + ["route regexp /files/:v(v\\d+)"]).joined(separator: "\n"))
        #expect(name(table.resolve(path: "/files/latest")) == "literal")
        #expect(name(table.resolve(path: "/files/42")) == "typed")
        #expect(name(table.resolve(path: "/files/v2")) == "regexp")
        #expect(name(table.resolve(path: "/files/notes")) == "plain")
        #expect(name(table.resolve(path: "/files/a/b")) == "optional")
        #expect(name(table.resolve(path: "/files/a/b/c")) == "wildcard")
    }

    @Test func aValueThatDoesNotConvertFallsThroughToTheNextCandidate() throws {
        let table = try router("route byId /users/:id\n  param id int\nroute byName /users/:name")
        #expect(try table.resolve(path: "/users/42").get().parameters["id"] == .int(42))
        #expect(try table.resolve(path: "/users/bob").get().parameters["name"] == .string("bob"))
        // Matches the int shape but overflows: falls through after the regex matched.
        #expect(name(table.resolve(path: "/users/99999999999999999999")) == "byName")
    }

    @Test func everyTypeConverts() throws {
        let table = try router(
            """
            route all /t/:i/:d/:b/:u/:e
              param i int
              param d double
              param b bool
              param u uuid
              param e enum(red, green)
            """)
        let match = try table.resolve(path: "/t/-7/2.5e3/true/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/green").get()
        #expect(match.parameters["i"] == .int(-7))
        #expect(match.parameters["d"] == .double(2500))
        #expect(match.parameters["b"] == .bool(true))
        #expect(match.parameters["u"] == .uuid(try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))))
        #expect(match.parameters["e"] == .string("green"))
        for bad in [
            "/t/x/1/true/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/red", "/t/1/nan/true/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/red",
            "/t/1/1/yes/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/red", "/t/1/1/true/not-a-uuid/red",
            "/t/1/1/true/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/blue",
        ] {
            #expect(code(table.resolve(path: bad)) == "conversion-failed", "\(bad)")
        }
    }

    @Test func queryParametersMatchInAnyOrderWithDefaultsAndDecoding() throws {
        let table = try router("route search /search\n  query q string\n  query page int = 1\n  query exact bool optional")
        let one = try table.resolve(path: "/search", query: "page=2&q=swift+ui%21").get()
        let two = try table.resolve(path: "/search", query: "q=swift%20ui!&unknown=1&page=2").get()
        #expect(one.query == two.query)
        #expect(one.query["q"] == .string("swift ui!"))
        #expect(one.query["page"] == .int(2))
        #expect(one.query["exact"] == nil)
        #expect(try table.resolve(path: "/search", query: "q=x").get().query["page"] == .int(1))
    }

    @Test func percentEncodedValuesAreDecoded() throws {
        let table = try router("route tag /tags/:tag")
        #expect(try table.resolve(path: "/tags/caf%C3%A9%20au%2Flait").get().parameters["tag"] == .string("café au/lait"))
        // A raw path is canonicalised first.
        #expect(try table.resolve(path: "/tags/café au lait").get().parameters["tag"] == .string("café au lait"))
        #expect(try table.resolve(path: "/tags/./x/../b").get().parameters["tag"] == .string("b"))
    }

    @Test func trailingSlashIsIgnoredUnlessStrict() throws {
        #expect(name(try router("route a /a").resolve(path: "/a/")) == "a")
        #expect(code(try router("option trailing-slash strict\nroute a /a").resolve(path: "/a/")) == "no-route")
    }

    @Test func pathCaseIsSensitiveUnlessDeclaredOtherwise() throws {
        #expect(code(try router("route a /About").resolve(path: "/about")) == "no-route")
        let insensitive = try router("option path-case insensitive\nroute a /About/:x")
        #expect(try insensitive.resolve(path: "/ABOUT/Y").get().parameters["x"] == .string("Y"))
    }

    @Test func originsDecideWhatIsAcceptedAndHowThePathIsRouted() throws {
        let table = try router("origins myapp:, https://example.com, https://*.example.org, http://localhost:8080\nroute p /p/:id")
        #expect(name(table.resolve("myapp://p/1")) == "p")  // host is the first segment
        #expect(code(table.resolve("myapp:///p/1")) == "app-url-without-host")  // one spelling
        #expect(name(table.resolve("MYAPP://P/1")) == "p")  // scheme and host are case-insensitive
        #expect(name(table.resolve("myapp://p/P/1")) == nil)  // the path is not
        #expect(name(table.resolve("https://EXAMPLE.com/p/1")) == "p")
        #expect(name(table.resolve("https://api.example.org/p/1")) == "p")
        #expect(code(table.resolve("https://example.org/p/1")) == "origin-not-accepted")
        #expect(name(table.resolve("http://localhost:8080/p/1")) == "p")
        #expect(code(table.resolve("http://localhost/p/1")) == "origin-not-accepted")
        #expect(code(table.resolve("otherapp://p/1")) == "origin-not-accepted")
    }

    @Test func largeTablesSplitUnderPCRE2sLimitAndStillResolveEveryRoute() throws {
        var lines: [String] = []
        for index in 0..<3_000 {
            lines.append("route r\(index) /section\(index % 3)/item\(index)/:id/detail\(index)")
            lines.append("  param id int")
        }
        let table = try router(lines.joined(separator: "\n"))
        #expect(table.chunks.count > 3)  // three first segments, each split further
        for index in stride(from: 0, to: 3_000, by: 37) {
            let match = try table.resolve(path: "/section\(index % 3)/item\(index)/\(index)/detail\(index)").get()
            #expect(match.route.name == "r\(index)")
            #expect(match.parameters["id"] == .int(index))
        }
    }

    @Test func runawayRegexpsStopAtTheMatchLimit() throws {
        let table = try Router(
            source: RouteSource(name: "t.routes", text: "route bad /:x((?:a+)+)"), limits: MatchLimits(maxInputLength: 20_000))
        #expect(code(table.resolve(path: "/" + String(repeating: "a", count: 10_000) + "!")) == "limit-exceeded")
    }

    @Test func routersAreSendableAndResolveConcurrently() async throws {
        let table = try defaultRouter()
        let all = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<500 {
                group.addTask { (try? table.resolve("myapp://posts/\(index)").get().parameters["postId"]) == .int(index) }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(all)
    }

    @Test func defaultTableLoadsWithoutAnyDiagnostic() throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let compilation = Router.compile(sources, resolver: RouteSource.resolver(among: sources))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        #expect((compilation.router?.routes.count ?? 0) >= 30)
        #expect(Set(sources.map(\.name)).count > 1)
    }
}

@Suite struct RouteShapeTests {
    /// A running router drops each route's compile-time shape and derives it again from the
    /// canonical pattern; the derived shape must be the same.
    @Test func shapesDerivedFromCanonicalPatternsEqualTheCompiledOnes() throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        var loader = RouteTableLoader()
        for source in sources { loader.load(source, resolver: RouteSource.resolver(among: sources)) }
        var compiler = RouteCompiler(syntax: loader.syntax)
        let (compiled, _) = compiler.compile()
        let router = try defaultRouter()
        for (rank, route) in compiled.enumerated() {
            let derived = try #require(router.shape(of: rank))
            #expect(derived.tokens == route.shape.tokens, "\(route.route.name)")
            #expect(derived.regexSource == route.shape.regexSource, "\(route.route.name)")
            #expect(derived.parts.map(\.kind) == route.shape.parts.map(\.kind), "\(route.route.name)")
        }
    }
}

@Suite struct ExplainResultTests {
    /// `explain` parses the URL once and gives `resolve`'s result, whatever the outcome.
    @Test(arguments: [
        "myapp://profile/42?tab=likes", "myapp://profile/abc", "myapp://nowhere", "ftp://example.com/profile/1", "http:'@@@x",
        "https://example.com/settings/privacy/ads", "myapp://search?page=two", "",
    ])
    func explainGivesResolvesResult(url: String) throws {
        let router = try defaultRouter()
        let resolved = router.resolve(url)
        let explained = router.explain(url).result
        switch (resolved, explained) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure(let a), .failure(let b)): #expect(a.description == b.description)
        default: Issue.record("resolve \(resolved), explain \(explained)")
        }
    }
}

/// The router reads an optional group as URLPattern does (issue 30): a group with no prefix
/// or suffix whose regexp matched nothing takes no part — no value — while one whose prefix
/// took part keeps its empty value.
@Suite struct EmptyOptionalGroupTests {
    @Test func anOptionalGroupThatMatchedNothingHasNoValueAsInURLPattern() throws {
        let router = try #require(compile("origins myapp:\nroute x /x:name(a?)?\n  alias /old:name(a?)?\n").router)
        for (url, path) in [("myapp://x", "/x"), ("myapp://xa", "/xa"), ("myapp://old", "/x")] {
            let match = try router.resolve(url).get()
            let pattern = try URLPattern(URLPatternInit(pathname: "/x:name(a?)?"))
            let expected = try #require(pattern.exec(URLPatternInit(pathname: path)))
            #expect(match.parameters["name"].map { "\($0)" } == expected.pathname.groups["name"] ?? nil, "\(url)")
        }
        #expect(try router.resolve("myapp://x").get().parameters.isEmpty)
        // A snapshot reads it the same.
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(try loaded.resolve("myapp://x").get().parameters.isEmpty)
        #expect(try loaded.resolve("myapp://xa").get().parameters == ["name": .string("a")])
    }
}
