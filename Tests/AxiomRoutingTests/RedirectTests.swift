import Testing

@testable import AxiomRouting

/// Aliases and redirects in the table (`alias PATTERN`, `redirect NAME PATTERN -> TARGET`):
/// both lead to a route, values mapped by name; a redirect is recorded, an alias is a spelling.
@Suite struct RedirectTests {
    static let table = """
        origins myapp:
        route profile /profile/:userId
          param userId int
          alias /user/:userId
          alias /p/:userId/*
          query tab enum(posts, likes) = posts
        route comment /posts/:postId/comments/:commentId
          param postId int
          param commentId int
        redirect members /members/:userId -> profile
        redirect legacy /old/:userId/x -> members
        redirect oldComment /c/:commentId/on/:postId -> comment
        redirect withLanguage /(en|de)/people/:userId -> profile
        """

    let router: Router

    init() throws {
        let compilation = compile(Self.table)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        router = try #require(compilation.router)
    }

    @Test func anAliasResolvesToItsRouteAndIsRecorded() throws {
        let match = try router.resolve("myapp://user/42").get()
        #expect(match.route.name == "profile")
        #expect(match.route.kind == .route)
        #expect(match.route.pattern == "/profile/:userId")
        #expect(match.parameters["userId"] == .int(42))
        #expect(match.query["tab"] == .string("posts"))
        #expect(match.alias == "/user/:userId")
        #expect(match.redirects.isEmpty)
        // An unnamed group of an alias is read and dropped.
        let other = try router.resolve("myapp://p/7/anything/else").get()
        #expect(other.route.name == "profile")
        #expect(Array(other.parameters.names) == ["userId"])
        #expect(other.alias == "/p/:userId/*")
    }

    @Test func reverseRoutingPrintsTheCanonicalPattern() throws {
        #expect(try router.url(for: "profile", parameters: ["userId": .int(42)]) == "myapp://profile/42")
        // The route list holds routes only; entries hold every pattern in rank order.
        #expect(Set(router.routes.map(\.name)) == ["profile", "comment"])
        #expect(router.routes.count == 2)
        #expect(router.entries.count == 8)
        #expect(router.entries.filter { $0.kind == .alias }.map(\.pattern).sorted() == ["/p/:userId/*", "/user/:userId"])
        #expect(router.entries.map(\.rank) == Array(0..<8))
        #expect(router.route(named: "members") == nil)
    }

    @Test func aRedirectMapsItsValuesByNameAndIsRecorded() throws {
        let match = try router.resolve("myapp://c/9/on/3").get()
        #expect(match.route.name == "comment")
        #expect(match.parameters["postId"] == .int(3))
        #expect(match.parameters["commentId"] == .int(9))
        // In the route's own order, not the redirect's.
        #expect(Array(match.parameters.names) == ["postId", "commentId"])
        #expect(match.redirects.map(\.name) == ["oldComment"])
        #expect(match.redirects.first?.pattern == "/c/:commentId/on/:postId")
        #expect(match.alias == nil)
    }

    @Test func aChainOfRedirectsIsFollowedToTheRouteAndTheQueryReachesIt() throws {
        let match = try router.resolve("myapp://old/7/x?tab=likes").get()
        #expect(match.route.name == "profile")
        #expect(match.parameters["userId"] == .int(7))
        #expect(match.query["tab"] == .string("likes"))
        #expect(match.redirects.map(\.name) == ["legacy", "members"])
        #expect(match.redirects.map { $0.parameters["userId"] } == [.int(7), .int(7)])
    }

    @Test func aRedirectsGroupsTakeTheTargetsTypesAndADeclaredOneMustConvert() {
        // `userId` is an int at the target: a redirect that reads `x` is a miss with a reason.
        guard case .failure(let failure) = router.resolve("myapp://members/abc") else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code == .conversionFailed)
        // An unnamed group constrains the old URL and is dropped: profile has no language.
        let match = try? router.resolve("myapp://de/people/5").get()
        #expect(match?.redirects.map(\.name) == ["withLanguage"])
        #expect(match?.parameters.names == ["userId"])
        #expect((try? router.resolve("myapp://fr/people/5").get()) == nil)
    }

    @Test func aRedirectOrAliasRanksByItsOwnPatternAndDeclarationOrderBreaksTies() throws {
        // A literal route beats a redirect's parameter, whatever the declaration order.
        let compilation = compile(
            """
            redirect old /m/:userId -> profile
            route profile /profile/:userId
            route me /m/me
            """)
        let router = try #require(compilation.router)
        #expect(try router.resolve(path: "/m/me").get().route.name == "me")
        #expect(try router.resolve(path: "/m/5").get().redirects.map(\.name) == ["old"])
    }

    // MARK: Mistakes

    @Test(arguments: [
        ("route p /p/:userId\nredirect members /members/:userId -> 1️⃣profle", DiagnosticCode.unknownRedirectTarget),
        ("route p /p/:id\nredirect a /a/:id -> 1️⃣b\nredirect b /b/:id -> a", .redirectCycle),
        ("redirect a /a -> 1️⃣a\nroute p /p", .redirectCycle),
        ("route p /p/:id\n  alias /q/1️⃣:userId", .unmappedGroup),
        ("route p /p/:id\nredirect a /a/:id/1️⃣:lang -> p", .unmappedGroup),
        ("route p /p/:id\n  alias 1️⃣/q", .missingTargetParameter),
        ("route p /p/:id\nredirect a 1️⃣/a -> p", .missingTargetParameter),
        // An optional group does not supply a required parameter.
        ("route p /p/:id\nredirect a 1️⃣/a/:id? -> p", .missingTargetParameter),
        // Through a chain: the next redirect's groups are what must be supplied.
        ("route p /p/:id\nredirect a 1️⃣/a -> b\nredirect b /b/:id -> p", .missingTargetParameter),
        ("route p /p/:id\n  param id int\nredirect a /a/:id -> p\n  param id 1️⃣string", .incompatibleParameterType),
        ("route p /p/:id\n  param id int\nredirect a /a/:id -> p\n  param id 1️⃣enum(x, 2)", .incompatibleParameterType),
        ("route p /p/:id\nredirect a /a/:id -> p\n  param 1️⃣other int", .unknownParameter),
        ("route p /p\nredirect 1️⃣p /q -> p", .duplicateRouteName),
        ("route p /p\nredirect a /q -> p\nredirect 1️⃣a /r -> p", .duplicateRouteName),
        ("route p /p\nredirect a /q -> p\n  1️⃣auth", .unknownProperty),
        ("route p /p\nredirect a /q 1️⃣p", .missingArgument),
        ("route p /p\n  alias 1️⃣q", .invalidPattern),
    ])
    func eachMistakeIsReportedAtItsPlace(table: String, code: DiagnosticCode) {
        let marked = MarkedText(table)
        #expect(diagnostic(code, at: "1️⃣", in: marked) != nil, "\(compile(marked.text).formattedDiagnostics)")
        #expect(compile(marked.text).router == nil)
    }

    @Test func compatibleDeclaredTypesAreAccepted() throws {
        let compilation = compile(
            """
            route p /p/:x/:y/:z
              param x double
              param y enum(a, b, c)
            redirect a /a/:x/:y/:z -> p
              param x int
              param y enum(a, b)
              param z int
            """)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        let match = try #require(compilation.router).resolve(path: "/a/3/b/4").get()
        // The redirect read `x` as an int and `z` as an int; the route keeps what was read.
        #expect(match.parameters["x"] == .int(3))
        #expect(match.parameters["z"] == .int(4))
        #expect(match.parameters["y"] == .string("b"))
    }

    @Test func aCycleIsReportedOnceAndNothingOfItCompiles() {
        let compilation = compile("route p /p\nredirect a /a -> b\nredirect b /b -> c\nredirect c /c -> a\nredirect d /d -> a\n")
        #expect(compilation.diagnostics.map(\.code) == [.redirectCycle])
        #expect(compilation.diagnostics.first?.message == "redirect cycle: a → b → c → a")
    }

    /// Each hop is compiled after the next: a chain of thousands would exhaust the stack, so a
    /// chain is cut at the limit, and reported.
    @Test func aVeryLongChainIsAnErrorNotACrash() {
        let lines = ["route p /p"] + (0..<5_000).map { "redirect r\($0) /r\($0) -> " + ($0 < 4_999 ? "r\($0 + 1)" : "p") }
        let compilation = compile(lines.joined(separator: "\n"))
        #expect(compilation.router == nil)
        #expect(compilation.diagnostics.allSatisfy { $0.code == .redirectCycle })
        #expect(compilation.diagnostics.first?.message.contains("more than 32 redirects") == true)
        // Within the limit, a chain is fine.
        let short = ["route p /p"] + (0..<32).map { "redirect r\($0) /r\($0) -> " + ($0 < 31 ? "r\($0 + 1)" : "p") }
        #expect(compile(short.joined(separator: "\n")).diagnostics.isEmpty)
    }

    // MARK: Overlaps

    @Test func anAliasThatTiesWithAnotherRouteIsReported() {
        let compilation = compile("route a /x/:id\nroute b /y/:id\n  alias /x/:id\n")
        #expect(compilation.diagnostics.map(\.code) == [.ambiguousRoutes])
    }

    @Test func aRedirectShadowedByARouteIsReported() {
        let compilation = compile("route a /x/:id\nroute b /y/:userId\nredirect old /x/:userId -> b\n")
        #expect(compilation.diagnostics.map(\.code) == [.ambiguousRoutes])
    }
}

/// An alias on a host of its own (`alias https://(clicks|emails).example.com/*`): a mail or
/// short-link domain that opens a route of the main one. The route's policy holds through it.
@Suite struct AliasOnItsOwnHostTests {
    static let table = """
        origins https://www.example.com, https://clicks.example.com, https://emails.example.com, https://x.example
        route emailClick /
          alias https://(clicks|emails).example.com/*
        route post /posts/:id
          param id int
          alias https://x.example/:id
          sources inApp
        """

    @Test func theAliasMatchesOnItsHostOnlyAndLeadsToTheRoute() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let click = try router.resolve("https://clicks.example.com/wf/click?upn=1").get()
        #expect(click.route.name == "emailClick" && click.route.kind == .route)
        #expect(click.alias == "https://(clicks|emails).example.com/*")
        // The same path on the main host is not the alias's.
        #expect(throws: RouteFailure.self) { try router.resolve("https://www.example.com/wf/click").get() }
        // A short link: the value is mapped by name and typed by the route; the route's sources hold.
        let short = try router.resolve("https://x.example/42").get()
        #expect(short.route.name == "post" && short.parameters["id"] == .int(42))
        #expect(short.route.metadata.allowedSources == ["inApp"])
        // Reverse routing prints the route's own pattern.
        #expect(try router.url(for: "post", parameters: ["id": .int(42)]) == "https://www.example.com/posts/42")
    }

    @Test(arguments: [
        // A named group in the alias's own host: its value would have nowhere to go.
        ("origins https://*.example.com\nroute r /\n  alias 1️⃣https://:who.example.com/*", DiagnosticCode.unsupportedHostPattern),
        // A route that reads a value from its own host: an alias on another host cannot give it.
        (
            "origins https://*.example.com, https://x.example\nroute r https://:team.example.com/\n  alias 1️⃣https://x.example/",
            .missingTargetParameter
        ),
        // No origin accepts the alias's host.
        ("origins https://www.example.com\nroute r /\n  alias 1️⃣https://clicks.example.com/*", .hostNotAccepted),
    ])
    func anAliasHostThatCannotWorkIsAnError(table: String, code: DiagnosticCode) throws {
        let marked = MarkedText(table)
        let compilation = Router.compile([RouteSource(name: "t.routes", text: marked.text)])
        #expect(compilation.diagnostics.map(\.code) == [code], "\(compilation.formattedDiagnostics)")
        #expect(compilation.diagnostics.first?.location.line == marked.location("1️⃣")?.line)
        #expect(compilation.diagnostics.first?.location.column == marked.location("1️⃣")?.column)
    }
}

/// A redirect may give its target a value the old URL does not carry (`set NAME = VALUE`, issue
/// 30): `/old-swift` is `tag` with `tag = swift`.
@Suite struct RedirectFixedValueTests {
    static let table = """
        origins myapp:
        route tag /tags/:tag
          query sort enum(top, new) = top
        route post /posts/:postId/comments/:commentId
          param postId int
          param commentId int
        redirect oldSwift /old-swift -> tag
          set tag = swift
        redirect oldest /oldest -> oldSwift
        redirect firstComment /posts/:postId/first -> post
          set commentId = 1
        redirect viaFirst /p/:postId -> firstComment
        """

    @Test func aSetValueReachesTheTargetThroughAChainAndIsRecorded() throws {
        let compilation = compile(Self.table)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        let router = try #require(compilation.router)
        let swift = try router.resolve("myapp://old-swift?sort=new").get()
        #expect(swift.route.name == "tag")
        #expect(swift.parameters == ["tag": .string("swift")])
        #expect(swift.query["sort"] == .string("new"))
        #expect(swift.redirects.map(\.parameters) == [["tag": .string("swift")]])
        let chained = try router.resolve("myapp://oldest").get()
        #expect(chained.route.name == "tag" && chained.parameters == ["tag": .string("swift")])
        #expect(chained.redirects.map(\.name) == ["oldest", "oldSwift"])
        // A set value converted by the target's type, beside a value from the URL, in the route's order.
        let comment = try router.resolve("myapp://p/7").get()
        #expect(comment.parameters == ["postId": .int(7), "commentId": .int(1)])
        #expect(Array(comment.parameters.names) == ["postId", "commentId"])
        #expect(router.entries.first { $0.name == "firstComment" }?.fixedValues == ["commentId": .int(1)])
        // The URL it leads to is the target's own, and resolves back to the same values.
        #expect(try router.url(for: "tag", parameters: swift.parameters) == "myapp://tags/swift")
        // A snapshot keeps the values.
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(try loaded.resolve("myapp://p/7").get().parameters == comment.parameters)
        #expect(try loaded.resolve("myapp://oldest").get().parameters == ["tag": .string("swift")])
    }

    @Test(arguments: [
        ("redirect r /r -> post\n  set commentId = 1\n", "E320"),  // postId still has no value
        ("redirect r /r/:postId/:commentId -> post\n  set commentId = 1\n", "E319"),  // both read and set
        ("redirect r /r/:postId -> post\n  set commentId = one\n", "E205"),
        ("redirect r /r/:postId -> post\n  set commentID = 1\n", "E319"),
        ("redirect r /r/:postId -> post\n  set commentId = 1\n  set commentId = 2\n", "E319"),
        ("redirect r /r/:postId -> post\n  set commentId 1\n", "E104"),
        ("redirect r /r/:postId -> post\n  set commentId = 1 2\n", "E105"),
    ])
    func aSetValueThatCannotBeIsAnErrorAtItsPlace(redirect: String, code: String) throws {
        let compilation = compile(
            "origins myapp:\nroute post /posts/:postId/comments/:commentId\n  param postId int\n  param commentId int\n" + redirect)
        #expect(compilation.router == nil)
        // (A line that does not parse is dropped, so its redirect is then short of the value too.)
        #expect(compilation.diagnostics.first?.code.rawValue == code, "\(compilation.formattedDiagnostics)")
    }
}

/// A value that is the rest of the URL with its raw query (issue 30): `pktc://subscribe/host/rss/123?key=value`
/// carries the feed `host/rss/123?key=value`.
@Suite struct ToEndPathValueTests {
    static let table = """
        origins pktc:
        query ref string optional
        route subscribe /subscribe/:feed+
          param feed string to-end
          alias /s/:feed+
        route other /other
        redirect oldSubscribe /sub/:feed+ -> subscribe
        """

    @Test func theLastValueRunsToTheEndOfTheURLThroughAliasesRedirectsAndSnapshots() throws {
        let compilation = compile(Self.table)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        let router = try #require(compilation.router)
        let feed: RouteParameters = ["feed": .string("host/rss/123?key=value&x=1")]
        #expect(try router.resolve("pktc://subscribe/host/rss/123?key=value&x=1").get().parameters == feed)
        #expect(try router.resolve("pktc://s/host/rss/123?key=value&x=1").get().parameters == feed)
        #expect(try router.resolve("pktc://sub/host/rss/123?key=value&x=1").get().parameters == feed)
        // No query: the path alone; the query is raw (still encoded), the path decoded.
        #expect(try router.resolve("pktc://subscribe/host/rss").get().parameters == ["feed": .string("host/rss")])
        // The fragment is the rest of the URL too, after the query (a quick link's payload
        // `foo.bar/baz#top?a=1` is the page and its fragment).
        #expect(try router.resolve("pktc://subscribe/host/rss?k=v#top").get().parameters == ["feed": .string("host/rss?k=v#top")])
        #expect(try router.resolve("pktc://subscribe/host/rss#top?a=1").get().parameters == ["feed": .string("host/rss#top?a=1")])
        #expect(try router.resolve(path: "/subscribe/a", fragment: "b").get().parameters == ["feed": .string("a#b")])
        // An alias and a redirect hand it on the same way.
        #expect(try router.resolve("pktc://s/host/rss?k=v#top").get().parameters == ["feed": .string("host/rss?k=v#top")])
        #expect(try router.resolve("pktc://sub/host/rss#top").get().parameters == ["feed": .string("host/rss#top")])
        // The other routes of the table are not given the fragment.
        #expect(try router.resolve("pktc://other#top").get().parameters.isEmpty)
        #expect(try router.resolve("pktc://subscribe/a%20b?q=a%20b").get().parameters == ["feed": .string("a b?q=a%20b")])
        // It reads no query: the table-wide `ref` is not its, but another route's.
        #expect(router.route(named: "subscribe")?.query.isEmpty == true)
        #expect(router.route(named: "other")?.query.map(\.name) == ["ref"])
        // Reverse routing prints the value in the path; it resolves back to the same value.
        let url = try router.url(for: "subscribe", parameters: feed)
        #expect(try router.resolve(url).get().parameters == feed)
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(try loaded.resolve("pktc://sub/host/rss/123?key=value&x=1").get().parameters == feed)
    }

    @Test(arguments: [
        "route r /r/:feed+/x\n  param feed string to-end\n",  // not the last part
        "route r /r/:id\n  param id int to-end\n",  // not a string
        "route r /r/:feed+\n  param feed string to-end\n  query q string\n",  // reads the query
        "route r /r/:feed+\n  param feed string to-end\n  option query closed\n",  // refuses it
        "route r /r/:feed+\n  param feed string to-end\nredirect s /s/:feed+ -> r\n  param feed string to-end\n",  // on a redirect
    ])
    func aValueThatCannotRunToTheEndIsE208(table: String) {
        let compilation = compile("origins pktc:\n" + table)
        #expect(compilation.diagnostics.map(\.code) == [.toEndMisplaced], "\(compilation.formattedDiagnostics)")
    }
}
