import Testing

@testable import AxiomRouting

/// Routes that match on their host and port (`https://:tenant.example.com/dashboard`): the
/// host's named groups are typed parameters, origins still gate every URL, ranking puts a route
/// on a host before one of the same path without, and reverse routing prints the host.
@Suite struct HostRouteTests {
    static let table = """
        origins myapp:, https://example.com, https://*.example.com, https://*.example.com:8443
        route admin https://admin.example.com/dashboard
        route tenantDashboard https://:tenant.example.com/dashboard
        route dashboard /dashboard
        route shop https://:shop.example.com:8443/items/:id
          param id int
          param shop enum(acme, globex)
        route numbered https://:n.example.com/numbers
          param n int
        """

    let router: Router

    init() throws {
        let compilation = compile(Self.table)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        router = try #require(compilation.router)
    }

    private func name(_ url: String) -> String? { (try? router.resolve(url).get())?.route.name }

    @Test func theHostDecidesBetweenRoutesOfTheSamePath() throws {
        #expect(name("https://admin.example.com/dashboard") == "admin")
        #expect(name("https://acme.example.com/dashboard") == "tenantDashboard")
        #expect(name("https://example.com/dashboard") == "dashboard")
        #expect(name("myapp://dashboard") == "dashboard")
        // A host pattern without a port takes the default port only; a route without a host, any.
        #expect(name("https://acme.example.com:8443/dashboard") == "dashboard")
        let match = try router.resolve("https://ACME.Example.com/dashboard").get()
        #expect(match.parameters["tenant"] == .string("acme"))
        // Whatever the declaration order: a literal host, then a group, then no host.
        #expect(router.routes.prefix(3).map(\.name) == ["admin", "tenantDashboard", "dashboard"])
        let reversed = try #require(
            compile(
                "origins https://*.example.com\nroute dashboard /dashboard\nroute tenant https://:t.example.com/dashboard\nroute admin https://admin.example.com/dashboard"
            ).router)
        #expect(reversed.routes.map(\.name) == ["admin", "tenant", "dashboard"])
    }

    @Test func hostGroupsAreTypedParametersAfterThePathsOnes() throws {
        let match = try router.resolve("https://acme.example.com:8443/items/5").get()
        #expect(match.route.name == "shop")
        #expect(Array(match.parameters.names) == ["id", "shop"])
        #expect(match.parameters["id"] == .int(5))
        #expect(match.parameters["shop"] == .string("acme"))
        // A value that does not convert is a miss with the reason.
        guard case .failure(let failure) = router.resolve("https://initech.example.com:8443/items/5") else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code == .conversionFailed)
        #expect(try router.resolve("https://42.example.com/numbers").get().parameters["n"] == .int(42))
    }

    @Test(arguments: [
        // Wrong port, default port, wrong scheme (an origin accepts it, the route does not).
        ("https://acme.example.com/items/5", RouteFailure.Code.hostNotMatched),
        ("myapp://items/5", .hostNotMatched),
        // The origins gate first: a host no origin accepts never reaches a route.
        ("https://evil.com/dashboard", .originNotAccepted),
        ("http://acme.example.com/dashboard", .originNotAccepted),
    ])
    func aURLOfAnotherHostOrPortDoesNotMatch(url: String, code: RouteFailure.Code) {
        guard case .failure(let failure) = router.resolve(url) else {
            Issue.record("\(url) resolved")
            return
        }
        #expect(failure.code == code, "\(url): \(failure)")
    }

    /// Other spellings of a host: the URL parser's host is what is matched, so a user name, a
    /// longer host or a trailing dot cannot pass for a tenant, and case and escapes are one host.
    @Test(
        arguments: [
            ("https://acme.example.com@evil.com/dashboard", nil),
            ("https://acme.example.com.evil.com/dashboard", nil),
            ("https://acme.example.com./dashboard", nil),
            ("https://evil.com#.example.com/dashboard", nil),
            ("https://evil.com\\.acme.example.com/dashboard", nil),
            ("https://ACME.Example.COM/dashboard", "acme"),
            ("https://acme%2Eexample.com/dashboard", "acme"),
            ("https://a.b.example.com/dashboard", "dashboard"),
        ] as [(String, String?)])
    func anotherSpellingOfAHostIsTheHostTheParserReads(url: String, tenant: String?) {
        let result = router.resolve(url)
        switch (result, tenant) {
        case (.failure(let failure), nil): #expect(failure.code == .originNotAccepted || failure.code == .invalidURL, "\(url): \(failure)")
        case (.success(let match), "dashboard"?): #expect(match.route.name == "dashboard", "\(url)")
        case (.success(let match), let tenant?): #expect(match.parameters["tenant"] == .string(tenant), "\(url)")
        default: Issue.record("\(url): \(result)")
        }
    }

    @Test func aPathAloneNeverMatchesARouteOnAHost() throws {
        guard case .failure(let failure) = router.resolve(path: "/items/5") else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code == .hostNotMatched)
        #expect(failure.description.contains("a path alone has none"))
        #expect(try router.resolve(path: "/dashboard").get().route.name == "dashboard")
    }

    @Test func reverseRoutingPrintsTheHostAndTheLawHolds() throws {
        let cases: [(String, RouteParameters, String)] = [
            ("tenantDashboard", ["tenant": .string("acme")], "https://acme.example.com/dashboard"),
            ("admin", [:], "https://admin.example.com/dashboard"),
            ("shop", ["id": .int(7), "shop": .string("globex")], "https://globex.example.com:8443/items/7"),
            ("numbered", ["n": .int(3)], "https://3.example.com/numbers"),
        ]
        for (route, parameters, expected) in cases {
            let url = try router.url(for: route, parameters: parameters)
            #expect(url == expected)
            let match = try router.resolve(url).get()
            #expect(match.route.name == route)
            #expect(
                Dictionary(uniqueKeysWithValues: zip(match.parameters.names, match.parameters.values))
                    == Dictionary(uniqueKeysWithValues: zip(parameters.names, parameters.values)))
        }
        #expect(throws: RouteURLError.self) { try router.url(for: "tenantDashboard") }
    }

    /// A regexp group of a host is not filled with `x` to find an origin: the origins' own hosts
    /// are tried on the pattern (a false E324 stopped Kickstarter's email hosts). One that no
    /// origin holds is still an error.
    @Test func aRegexpHostGroupIsCheckedAgainstTheOriginsHosts() throws {
        let accepted = Router.compile([
            RouteSource(
                name: "t.routes",
                text: "origins https://clicks.example.com, https://emails.example.com\nroute mail https://:via(clicks|emails).example.com/*")
        ])
        #expect(accepted.diagnostics.isEmpty, "\(accepted.formattedDiagnostics)")
        let router = try #require(accepted.router)
        #expect(try router.resolve("https://emails.example.com/wf/open").get().parameters["via"] == .string("emails"))
        #expect(try router.url(for: "mail", parameters: ["via": .string("clicks"), "0": .path(["a"])]) == "https://clicks.example.com/a")
        let refused = Router.compile([
            RouteSource(name: "t.routes", text: "origins https://news.example.com\nroute mail https://(clicks|emails).example.com/*")
        ])
        // Its group is unnamed too (W412), and no origin accepts its hosts.
        #expect(refused.diagnostics.map(\.code) == [.unnamedHostGroup, .hostNotAccepted])
    }

    /// An unnamed host group has no value reverse routing could print: the error says to name it.
    @Test func anUnnamedHostGroupCannotBeReverseRoutedAndTheErrorSaysWhy() throws {
        let router = try Router(
            source: RouteSource(name: "t.routes", text: "origins https://a.example.com, https://b.example.com\nroute x https://(a|b).example.com/x"))
        #expect(try router.resolve("https://b.example.com/x").get().route.name == "x")
        let error = try #require(throws: RouteURLError.self) { try router.url(for: "x") }
        #expect(error.code == .invalidHostValue)
        #expect(error.description.contains("unnamed group") && error.description.contains("name it"))
    }

    @Test(arguments: [
        ("route a 1️⃣ftp://:s.example.com/files", DiagnosticCode.unsupportedHostPattern),
        ("route a 1️⃣https://www.example.com/search?q=x", .unsupportedHostPattern),
        ("route a 1️⃣https://user@www.example.com/x", .unsupportedHostPattern),
        ("origins https://example.com\nroute a 1️⃣https://:t.example.com/", .hostNotAccepted),
        ("origins https://*.example.com\nroute a 1️⃣https://:t.example.com:8080/", .hostNotAccepted),
        ("origins https://*.example.com\nroute a 1️⃣https://:id.example.com/:id", .duplicateParameter),
        ("origins https://*.example.com\nroute a https://:t.example.com/x\n  param t 1️⃣path", .segmentTypeMismatch),
        ("route a 1️⃣https://:t(.example.com/x", .invalidPattern),
    ])
    func mistakesInAHostPatternAreReported(table: String, code: DiagnosticCode) {
        let marked = MarkedText(table)
        #expect(diagnostic(code, at: "1️⃣", in: marked) != nil, "\(compile(marked.text).formattedDiagnostics)")
    }

    // MARK: Overlaps

    @Test(arguments: [
        // The same hosts and paths: declaration order decides.
        ("origins https://*.example.com\nroute a https://:x.example.com/d\nroute b https://:y.example.com/d", "W401 3"),
        // Some hosts: the example names one.
        ("origins https://*.example.com\nroute a https://:x(a|b).example.com/d\nroute b https://:y(b|c).example.com/d", "W401 3"),
        // A wildcard path on the same host takes the longer route's URLs.
        ("origins https://*.example.com\nroute a https://:x.example.com/r/*\nroute b https://:y.example.com/r/*/x", "W402 3"),
    ])
    func overlapsAccountForHosts(table: String, expected: String) throws {
        let diagnostics = compile(table).diagnostics
        #expect(diagnostics.map { "\($0.code.rawValue) \($0.location.line)" } == [expected], "\(compile(table).formattedDiagnostics)")
        if expected.hasPrefix("W401"), let message = diagnostics.first?.message, message.contains("such as") {
            #expect(message.contains("such as 'https://b.example.com/d'"), "\(message)")
        }
    }

    @Test(arguments: [
        // Different literal hosts, or hosts no URL shares.
        "origins https://*.example.com\nroute a https://admin.example.com/d\nroute b https://shop.example.com/d",
        "origins https://*.example.com\nroute a https://:x(a|b).example.com/d\nroute b https://:y(c|d).example.com/d",
        "origins https://*.example.com, https://*.example.com:8443\nroute a https://:x.example.com/d\nroute b https://:y.example.com:8443/d",
        // A route on a host ranks before the same path without one: rank decides, nothing to report.
        "origins https://*.example.com\nroute a /d\nroute b https://:y.example.com/d",
    ])
    func disjointHostsAreNotReported(table: String) {
        #expect(compile(table).diagnostics.isEmpty, "\(compile(table).formattedDiagnostics)")
    }

    /// International names: origins, host patterns and URLs all meet in the URL parser's form
    /// (UTS #46, punycode), so each spelling of a name is one host and a value is reported in
    /// the form reverse routing takes back.
    @Test func internationalHostsAreOneHostWhicheverWayTheyAreWritten() throws {
        let compilation = compile(
            """
            origins https://bücher.example, https://*.BÜCHER.example
            route home /
            route shop https://:shop.bücher.example/books/:id
              param id int
            route sale https://sale.xn--bcher-kva.example/
            """)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        let router = try #require(compilation.router)
        #expect(router.origins.map(\.description) == ["https://xn--bcher-kva.example", "https://*.xn--bcher-kva.example"])
        for url in [
            "https://café.bücher.example/books/3", "https://CAFÉ.BÜCHER.example/books/3",
            "https://xn--caf-dma.xn--bcher-kva.example/books/3", "https://cafe\u{301}.bu\u{308}cher.example/books/3",
            "https://caf%C3%A9.b%C3%BCcher.example/books/3",
        ] {
            let match = try router.resolve(url).get()
            #expect(match.route.name == "shop", "\(url)")
            #expect(match.parameters["shop"] == .string("xn--caf-dma"), "\(url)")
        }
        #expect(try router.resolve("https://sale.bücher.example/").get().route.name == "sale")
        #expect(try router.resolve("https://BÜCHER.example/").get().route.name == "home")
        // Spellings UTS #46 maps to the name are the name (as in a browser): width, an ignored
        // soft hyphen, the ideographic full stop.
        for url in ["https://ｂüｃｈｅｒ.example/", "https://bü\u{AD}cher.example/", "https://bücher。example/"] {
            #expect(try router.resolve(url).get().route.name == "home", "\(url)")
        }
        // Another name, or no valid name at all, is not let through.
        for (url, code) in [
            ("https://bucher.example/", RouteFailure.Code.originNotAccepted),
            ("https://bü\u{441}her.example/", .originNotAccepted),  // a Cyrillic 'с': another name
            ("https://bücher.example.evil.com/", .originNotAccepted), ("https://a\u{200D}b.bücher.example/books/1", .invalidURL),
        ] {
            guard case .failure(let failure) = router.resolve(url) else {
                Issue.record("\(url) resolved")
                continue
            }
            #expect(failure.code == code, "\(url): \(failure)")
        }
        // Reverse routing takes the value as a match gives it, and says so for the Unicode form.
        #expect(
            try router.url(for: "shop", parameters: ["shop": .string("xn--caf-dma"), "id": .int(3)])
                == "https://xn--caf-dma.xn--bcher-kva.example/books/3")
        #expect {
            try router.url(for: "shop", parameters: ["shop": .string("café"), "id": .int(3)])
        } throws: { error in
            "\(error)".contains("punycode: 'xn--caf-dma'")
        }
        // An origin that is not a valid name is an error in the table, with the rule.
        let bad = compile("origins https://a\u{200D}b.example\nroute home /")
        #expect(bad.router == nil)
        #expect(bad.formattedDiagnostics.contains("ContextJ"), "\(bad.formattedDiagnostics)")
    }

    /// An unnamed group in a route's host (issue 30): URLs resolve, none can be printed, and
    /// `check` says so before `url` fails; an alias's own host may have one.
    @Test func anUnnamedGroupInARoutesHostIsReported() throws {
        let table = "origins https://*.example.com\nroute r https://(a|b).example.com/x\n"
        let compilation = Router.compile([RouteSource(name: "t.routes", text: table)])
        #expect(compilation.diagnostics.map { "\($0.code.rawValue) \($0.location.line)" } == ["W412 2"])
        let router = try #require(compilation.router)
        #expect((try? router.resolve("https://a.example.com/x").get())?.route.name == "r")
        #expect((try? router.url(for: "r")) == nil)
        let aliased = "origins https://*.example.com\nroute r https://a.example.com/x\n  alias https://(b|c).example.com/x\n"
        let fine = Router.compile([RouteSource(name: "t.routes", text: aliased)])
        #expect(fine.diagnostics.isEmpty)
        #expect(try fine.router?.url(for: "r") == "https://a.example.com/x")
        #expect((try? fine.router?.resolve("https://c.example.com/x").get())?.route.name == "r")
    }
}

/// `origins https://*` (issue 30): every host of a web scheme, for an app that opens any feed or
/// web URL — host routes are covered by it, ports and other schemes are not.
@Suite struct EveryHostOriginTests {
    static let table = """
        origins https://*, rss:
        route feed /:file(.+\\.(?:rss|xml))
        route tenant https://:team.example.com/dashboard
        route episode /episode/:id
          param id int
        """

    @Test func everyHostOfTheSchemeIsAcceptedAndHostRoutesAreCovered() throws {
        let compilation = compile(Self.table)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        let router = try #require(compilation.router)
        #expect(router.origins.map(\.description) == ["https://*", "rss:"])
        #expect(try router.resolve("https://podcast.com/feed.rss").get().route.name == "feed")
        #expect(try router.resolve("https://192.168.1.2/feed.xml").get().route.name == "feed")
        #expect(try router.resolve("https://acme.example.com/dashboard").get().parameters == ["team": .string("acme")])
        #expect(try router.resolve("rss://episode/3").get().route.name == "episode")
        // The scheme and the default port only.
        for url in ["http://podcast.com/feed.rss", "https://podcast.com:8443/feed.rss", "ftp://podcast.com/feed.rss"] {
            guard case .failure(let failure) = router.resolve(url) else {
                Issue.record("\(url) resolved")
                return
            }
            #expect(failure.code == .originNotAccepted, "\(url)")
        }
        // No host to print: reverse routing uses the next origin that has one.
        #expect(try router.url(for: "episode", parameters: ["id": .int(3)]) == "rss://episode/3")
        // A snapshot keeps it.
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(loaded.origins == router.origins)
        #expect(try loaded.resolve("https://podcast.com/feed.rss").get().route.name == "feed")
    }

    /// `*:` takes every scheme but the web's, each routed as an app scheme; it prints none.
    @Test func everyOtherSchemeIsAnAppSchemeOfAnyName() throws {
        let router = try #require(
            compile("origins https://*, *:\nroute feed /:file(.+\\.(?:rss|xml))\nroute sub /subscribe/:id\n  param id int\n").router)
        #expect(router.origins.map(\.description) == ["https://*", "*:"])
        for url in ["rss://x/feed.xml", "pcast://x/feed.rss", "https://a.example/feed.xml"] {
            #expect(try router.resolve(url).get().route.name == "feed", "\(url)")
        }
        #expect(try router.resolve("itpc://subscribe/4").get().parameters == ["id": .int(4)])
        for url in ["http://a.example/feed.xml", "file:///feed.xml"] {
            #expect(throws: RouteFailure.self, "\(url)") { try router.resolve(url).get() }
        }
        #expect(try router.url(for: "sub", parameters: ["id": .int(4)]) == "/subscribe/4")
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(try loaded.resolve("itpc://subscribe/4").get().route.name == "sub")
    }

    @Test func aPortIsItsOwnAndAnAppSchemeIsWrittenWithoutHost() throws {
        let router = try #require(compile("origins https://*:8443\nroute a /a\n").router)
        #expect(try router.resolve("https://x.example:8443/a").get().route.name == "a")
        #expect(throws: RouteFailure.self) { try router.resolve("https://x.example/a").get() }
        let appScheme = compile("origins myapp://*\nroute a /a\n")
        #expect(appScheme.diagnostics.map(\.code) == [.invalidOrigin])
        #expect(appScheme.diagnostics.first?.message.contains("is written 'myapp:'") == true)
    }
}
