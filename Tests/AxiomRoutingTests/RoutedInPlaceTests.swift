import TestSupport
import Testing

@testable import AxiomRouting

/// `resolve(_:)` routes a URL in the common shape from its bytes, without a URL record
/// (issue 17). Wherever that fast path answers, it must answer as the URL parser's path does:
/// the same routed path and query, under every kind of origin list.
@Suite struct RoutedInPlaceTests {
    static let tables = [
        "",
        "origins myapp:\n",
        "origins https://example.com\n",
        "origins https://*.example.com:8443, myapp:, other://h.example\n",
        "option app-scheme-host optional\norigins myapp:, https://example.com:8080\n",
        // A route on a host: the routes read the URL's scheme, host and port.
        "origins https://*.example.com, https://example.com, myapp:\nroute team https://:team.example.com/t/*\n",
        // Every host of a scheme (and of one port of another).
        "origins https://*, http://*:8080, myapp:\nroute team https://:team.example.com/t/*\n",
        "origins *:, https://example.com\n",
    ]
    static let schemes = ["myapp", "MyApp", "https", "HTTP", "http", "ftp", "other", "ws", "wss", "file", "my+app", " https", "\tmyapp"]
    static let separators = ["://", ":/", ":///", ":"]
    static let hosts = [
        "profile", "Profile", "example.com", "EXAMPLE.com", "a.example.com", "xexample.com", ".example.com", "", "h.example",
        "example.com:443", "example.com:", "x.example.com:8443", "example.com:8080", "profile:80", "a%41", "127.0.0.1", "u@h",
        // Other spellings of a host an origin names: a trailing dot, whitespace, a backslash,
        // userinfo in front, non-ASCII, an encoded dot.
        "example.com.", "exa\tmple.com", "example.com\\@evil.com", "evil.com@example.com", "ex\u{E4}mple.com", "example%2Ecom",
    ]
    static let paths = ["", "/", "/42", "/a/b", "/a/./b", "/%2e", "/a%2Fb", "/a b", "/\u{E4}", "/a/", "//x", "/x/../y"]
    static let queries = ["", "?", "?q=1", "?a=1&b=x+y", "?x=\u{E4}", "?a'b"]
    static let fragments = ["", "#", "#f", "#a b"]

    private static let routers: [Router] = tables.compactMap { text in
        try? Router(source: RouteSource(name: "t.routes", text: text + "route any /*\nroute root /\n"))
    }

    @Test func theFastPathAnswersAsTheParsersPathDoes() throws {
        #expect(Self.routers.count == Self.tables.count)
        var generator = SplitMix64(state: 0x1A_9_1ACE)
        var inPlace = 0
        for _ in 0..<40_000 {
            let url = [Self.schemes, Self.separators, Self.hosts, Self.paths, Self.queries, Self.fragments]
                .map { $0.randomElement(using: &generator) ?? "" }.joined()
            for router in Self.routers {
                guard let fast = router.routedInPlace(url) else { continue }
                inPlace += 1
                let slow = try router.routed(url).get()
                #expect(fast.path == slow.path && fast.query == slow.query && fast.request == slow.request, "\(url): \(fast) against \(slow)")
            }
        }
        // Ordinary URLs must actually take it.
        #expect(inPlace > 1_500)
    }

    @Test(arguments: [
        ("myapp://profile/42?tab=posts", "/profile/42", "tab=posts"),
        ("myapp://profile", "/profile", nil),
        ("https://example.com", "/", nil),
        ("https://example.com/a/b#frag", "/a/b", nil),
    ])
    func ordinaryURLsAreRoutedInPlace(url: String, path: String, query: String?) throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "origins myapp:, https://example.com\nroute any /*\n"))
        let fast = try #require(router.routedInPlace(url))
        #expect(fast.path == path)
        #expect(fast.query == query)
    }

    /// What the fast path leaves to the parser: upper case to lower, a port between an app
    /// scheme's host and path, a refused origin (whose error names it).
    @Test func whatItCannotAnswerFallsBackAndResolvesTheSame() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "origins myapp:, https://example.com\nroute p /profile/:id\n"))
        for url in ["myapp://Profile/42", "MYAPP://profile/42", "myapp://profile:99/42", "myapp://profile:/42", "https://EXAMPLE.com/profile/42"] {
            #expect(router.routedInPlace(url) == nil, "\(url)")
            #expect(try router.resolve(url).get().parameters["id"] == .string("42"), "\(url)")
        }
        #expect(router.routedInPlace("https://evil.com/profile/42") == nil)
        // Past the length limit the in-place path does not answer; the parser's path refuses.
        let long = "myapp://profile/" + String(repeating: "4", count: router.options.limits.maxInputLength)
        #expect(router.routedInPlace(long) == nil)
        #expect(router.resolve(long).failure?.code == .inputTooLong)
        let failure = try #require(router.resolve("https://evil.com/profile/42").failure)
        #expect(failure.reason == .originNotAccepted(origin: "https://evil.com", accepted: ["myapp:", "https://example.com"]))
        // A host the routes read is read in place too, and gives the route its value.
        let hosts = try Router(source: RouteSource(name: "t.routes", text: "origins https://*.example.com\nroute p https://:team.example.com/p\n"))
        #expect(hosts.routedInPlace("https://a.example.com/p")?.request?.host == RequestHost(scheme: "https", host: "a.example.com", port: nil))
        #expect(try hosts.resolve("https://a.example.com/p").get().parameters["team"] == .string("a"))
        #expect(try hosts.resolve("https://A.example.com:443/p").get().parameters["team"] == .string("a"))
    }
    /// `resolve(_:)` looks a URL's path up where it lies in the URL (the plain lookup on its
    /// bytes, the path's string made only for the match): every answer, match or failure, is
    /// the general lookup's on the parser's routed path.
    @Test func theURLDoorAnswersAsTheGeneralLookup() throws {
        let routes = """
            route profile /profile/:id
              param id int
            route post /posts/:slug
            route docs /docs/*
            route settings /settings/privacy
            route tab /tabs/:name?tab
            route root /

            """
        let tables = ["origins myapp:\n", "origins myapp:, https://example.com\noption trailing-slash strict\n", "origins *:\n"]
        let routers = try tables.map { try Router(source: RouteSource(name: "t.routes", text: $0 + routes)) }
        let urls = [
            "myapp://profile/42", "myapp://profile/x", "myapp://profile/42/", "myapp://posts/hello-world", "myapp://posts/a%20b",
            "myapp://docs/a/b/c.pdf", "myapp://settings/privacy", "myapp://settings/privacy?utm_source=x", "myapp://tabs/a?tab=2",
            "myapp://nosuch/route", "myapp://profile", "myapp://", "https://example.com/profile/7", "https://example.com/",
            "https://example.com/posts/x#frag", "other://profile/9", "myapp://posts/with.dot/x",
            // What the scan lets through that the plain lookup's canonical check may refuse: a
            // `.` or `%` in the path or the host (an app scheme's host is the path's first
            // segment), bytes a host may hold and a path encodes; long paths read in groups.
            "myapp://posts/.hidden", "myapp://posts/a%2Fb", "myapp://posts/%41", "myapp://pro%66ile/42", "myapp://.profile/42",
            "myapp://po{s}ts/x", "myapp://po\"sts/x", "myapp://po`sts/x", "myapp://profile./42", "myapp://a.b/42",
            "https://example.com/posts/%7E", "https://example.com/posts/.x", "https://example.com/docs/a.b/c",
            "myapp://docs/abcdefghijklmnop/q.r", "myapp://docs/abcdefgh/%2e/x",
            // A host spelling a dot segment once routed as the first one (both doors match
            // `/../profile/42` as it stands), and escapes past the scan's first group.
            "myapp://../profile/42", "myapp://./profile/42", "myapp://%2e%2e/profile/42", "myapp://.%2e/profile/42",
            "myapp://docs/abcdefghijklmnopqrs%41", "myapp://docs/abcdefghijklmnopqrst/%7e",
        ]
        var answered = 0
        for router in routers {
            for url in urls {
                let door = router.resolve(url)
                guard case .success(let routed) = router.routed(url) else {
                    #expect(door.failure != nil, "\(url)")
                    continue
                }
                answered += 1
                let general = router.made(input: url) { body in
                    router.lookup(routed, body)
                }
                switch (door, general) {
                case (.success(let a), .success(let b)): #expect(a == b && a.path == b.path, "\(url)")
                case (.failure(let a), .failure(let b)): #expect(a.reason == b.reason && a.input == b.input, "\(url)")
                default: Issue.record("\(url): \(door) against \(general)")
                }
            }
        }
        #expect(answered > 30)
    }
    /// An origin's scheme is compared from an inline key up to 16 bytes and as a string past
    /// them (reverse-DNS app schemes are long): both accept their own scheme and nothing one
    /// byte off, on the in-place door and the parser's alike.
    @Test(arguments: [
        "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "com.example.averylongappname", "a", "abcdefg", "abcdefgh", "abcdefghi",
    ])
    func originSchemesOfEveryLengthAcceptOnlyThemselves(scheme: String) throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "origins \(scheme):\nroute p /profile/:id\n"))
        #expect(router.routedInPlace("\(scheme)://profile/42")?.path == "/profile/42")
        #expect(try router.resolve("\(scheme)://profile/42").get().parameters["id"] == .string("42"))
        var last = Array(scheme.utf8)
        last[last.count - 1] = last[last.count - 1] == UInt8(ascii: "z") ? UInt8(ascii: "y") : last[last.count - 1] + 1
        let offByOne = String(decoding: last, as: UTF8.self)
        let firstOff = (scheme.first == "z" ? "y" : "z") + scheme.dropFirst()
        // A URL shorter than a word from its scheme on is compared byte by byte: same answers.
        #expect(router.resolve("\(scheme)://p").failure?.code == .noRoute)
        #expect(router.resolve("\(firstOff)://p").failure?.code == .originNotAccepted)
        for other in [offByOne, firstOff, scheme + "x", String(scheme.dropLast())] where !other.isEmpty {
            #expect(router.routedInPlace("\(other)://profile/42") == nil, "\(other)")
            #expect(router.resolve("\(other)://profile/42").failure?.code == .originNotAccepted, "\(other)")
        }
    }
}
