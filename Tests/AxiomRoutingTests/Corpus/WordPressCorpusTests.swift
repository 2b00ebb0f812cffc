import Testing

@testable import AxiomRouting

/// WordPress for iOS (wordpress-mobile/WordPress-iOS, GPL-2.0): the 43 universal-link routes of
/// `UniversalLinkRouter.defaultRoutes` as `Corpus/WordPress/wordpress.routes`, and the URL
/// assertions of its `RouteMatcherTests.swift` and `MBarRouteTests.swift`, replayed through the
/// engine. The app's matcher runs every route that matches a URL: the adapters below use
/// `Router.matches(_:)`, which lists them all in rank order, where the app's tests expect more
/// than one.
@Suite struct WordPressCorpusTests {
    static let app = Result { try CorpusApp("Corpus/WordPress/wordpress.routes") }

    // MARK: RouteMatcherTests: the matcher on the tests' own routes

    /// What the app's `RouteMatcher.routesMatching(_:)` returns: each matched route (its index in
    /// the list given) with its values, the URL among them (`matched-route-url`).
    struct Matched: Equatable, Sendable {
        var route: Int
        var values: [String: String]
    }

    /// The tests' route list as a table (`r0`, `r1`… in their order; the app's matcher also reads a
    /// `source` item on every route), and every route the engine finds for `url`.
    static func routesMatching(_ paths: [String], _ url: String) -> [Matched]? {
        let text =
            "query source string optional\n" + paths.enumerated().map { "route r\($0.offset) \"\($0.element)\"" }.joined(separator: "\n")
        guard let router = try? Router(source: RouteSource(name: "test.routes", text: text)) else { return nil }
        let relative = url.hasPrefix("/")
        let parts = url.split(separator: "?", maxSplits: 1).map(String.init)
        let found = relative ? router.matches(path: parts[0], query: parts.count > 1 ? parts[1] : nil) : router.matches(url)
        guard case .success(let matches) = found else { return nil }
        return matches.compactMap { match in
            guard let index = Int(match.route.name.dropFirst()) else { return nil }
            var values = ["matched-route-url": url]
            for (name, value) in match.parameters { values[name] = value.description }
            if let source = match.query["source"] { values["matched-route-source"] = source.description }
            return Matched(route: index, values: values)
        }
    }

    struct MatcherCase: Sendable {
        let test: String
        let routes: [String]
        let url: String
        let expected: [Matched]
    }

    static let matcherCases: [MatcherCase] = [
        MatcherCase(test: "testNoMatchingRoutes", routes: ["/me"], url: "/hello", expected: []),
        MatcherCase(
            test: "testMatchingRouteWithSingleComponent", routes: ["/me", "/me/account"], url: "/me",
            expected: [Matched(route: 0, values: ["matched-route-url": "/me"])]),
        MatcherCase(
            test: "testMatchingRouteWithManyComponents", routes: ["/me", "/me/account"], url: "/me/account",
            expected: [Matched(route: 1, values: ["matched-route-url": "/me/account"])]),
        // Both routes of one path: the app runs both (`check` warns that a table would take only the first).
        MatcherCase(
            test: "testMultipleMatchingRoutes", routes: ["/me", "/me"], url: "/me",
            expected: [Matched(route: 0, values: ["matched-route-url": "/me"]), Matched(route: 1, values: ["matched-route-url": "/me"])]),
        MatcherCase(
            test: "testMatchingRouteWithSingleFinalPlaceholder", routes: ["/me/:placeholder"], url: "/me/hello",
            expected: [Matched(route: 0, values: ["matched-route-url": "/me/hello", "placeholder": "hello"])]),
        MatcherCase(
            test: "testMatchedRoutesHaveTheOriginalURLAsAValue", routes: ["/me"], url: "https://wordpress.com/me",
            expected: [Matched(route: 0, values: ["matched-route-url": "https://wordpress.com/me"])]),
        MatcherCase(
            test: "testMatchedRouteWithSinglePlaceholdersHasPopulatedValue", routes: ["/me/:account"], url: "/me/bobsmith",
            expected: [Matched(route: 0, values: ["matched-route-url": "/me/bobsmith", "account": "bobsmith"])]),
        MatcherCase(test: "testLongerRouteDoesntMatchPartial", routes: ["/me/:account/share/:type"], url: "/me/bobsmith", expected: []),
        MatcherCase(
            test: "testMatchedRouteWithManyPlaceholders", routes: ["/me/:account/share/:type"], url: "/me/bobsmith/share/group",
            expected: [Matched(route: 0, values: ["matched-route-url": "/me/bobsmith/share/group", "account": "bobsmith", "type": "group"])]),
        MatcherCase(
            test: "testMultipleMatchedRouteWithManyPlaceholders",
            routes: ["/me/:account/share/:type", "/me/:account/share/", "/me/:account/share/:test"], url: "/me/bobsmith/share/group",
            expected: [
                Matched(route: 0, values: ["matched-route-url": "/me/bobsmith/share/group", "account": "bobsmith", "type": "group"]),
                Matched(route: 2, values: ["matched-route-url": "/me/bobsmith/share/group", "account": "bobsmith", "test": "group"]),
            ]),
        MatcherCase(
            test: "testRouteWithNoSourceQueryItem", routes: ["/stats"], url: "https://wordpress.com/stats",
            expected: [Matched(route: 0, values: ["matched-route-url": "https://wordpress.com/stats"])]),
        MatcherCase(
            test: "testRouteWithSourceQueryItem", routes: ["/stats"], url: "https://wordpress.com/stats?source=widget",
            expected: [
                Matched(route: 0, values: ["matched-route-url": "https://wordpress.com/stats?source=widget", "matched-route-source": "widget"])
            ]),
    ]

    // MARK: MBarRouteTests: the app's mbar route, followed

    /// Where the app sends an mbar link: the URL it routes next (its last path component, which
    /// the tests compare) and the email campaign it reports.
    struct Handed: Equatable, Sendable {
        var lastPathComponent: String
        var campaign: String
    }

    /// The `redirect_to` of a wp-login.php link, read by the engine too (a table of one route).
    static let login = Result {
        try Router(
            source: RouteSource(
                name: "login.routes",
                text:
                    "origins https://wordpress.com\noption query-plus plus\nroute login /wp-login.php\n  query redirect_to string\n  query login_reason string optional"
            ))
    }

    static func handed(_ url: String) -> Handed? {
        guard let app = try? app.get(), case .success(let match) = app.router.resolve(url), match.route.name == "mbar",
            var target = match.query["redirect_to"]?.description
        else { return nil }
        var campaign = "unknown"
        // A wp-login.php link: its own redirect_to is the destination, its login_reason the campaign.
        if let login = try? login.get(), case .success(let inner) = login.resolve(target), let next = inner.query["redirect_to"] {
            campaign = inner.query["login_reason"]?.description ?? campaign
            target = next.description
        }
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        return Handed(lastPathComponent: String(path.split(separator: "/").last ?? ""), campaign: campaign)
    }

    static let loginLink =
        "https://public-api.wordpress.com/mbar/?stat=groovemails-events&bin=wpcom_email_click&redirect_to=https://wordpress.com/wp-login.php?action=immediate-login%26timestamp=1617470831%26login_reason=user_first_flow%26user_id=123456789%26token=abcdef%26login_email=test%40example.com%26login_locale=en%26redirect_to=https%3A%2F%2Fwordpress.com%2Fstart%26sr=1%26signature=abcdef%26user=123456"

    static let mbarAssertions: [CorpusAssertion<Handed>] = [
        CorpusAssertion(
            "testSingleLevelPostRedirect", "https://public-api.wordpress.com/mbar?redirect_to=/post",
            Handed(lastPathComponent: "post", campaign: "unknown")),
        CorpusAssertion(
            "testSingleLevelStartRedirectWithOtherParameters",
            "https://public-api.wordpress.com/mbar?redirect_to=/start&stat=groovemails-events&bin=wpcom_email_click",
            Handed(lastPathComponent: "start", campaign: "unknown")),
        CorpusAssertion("testMultiLevelWPLoginRedirect", loginLink, Handed(lastPathComponent: "start", campaign: "user_first_flow")),
        CorpusAssertion("testExtractEmailCampaignFromURL", loginLink, Handed(lastPathComponent: "start", campaign: "user_first_flow")),
    ]

    @Test func theTableIsCleanAndItsMarksAreTheDocumentedOnes() throws {
        let app = try Self.app.get()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(app.marks == [.asWritten: 41, .workaround: 2])
        #expect(app.roundTrips(samples: ["post_year": .string("2024"), "post_month": .string("05"), "post_day": .string("17")]) == [])
    }

    @Test func theMatcherAssertionsAgree() {
        var agreeing = 0
        for test in Self.matcherCases {
            let found = Self.routesMatching(test.routes, test.url)
            #expect(found == test.expected, "\(test.test)")
            if found == test.expected { agreeing += 1 }
        }
        #expect(agreeing == 12)
    }

    @Test func theMbarAssertionsAgree() {
        #expect(replay(Self.mbarAssertions, Self.handed) == 4)
    }

    /// The routes the app's matcher would both run, told apart here by the pattern.
    @Test func aDateIsAPostAndAnythingElseIsNot() throws {
        let router = try Self.app.get().router
        #expect(try router.resolve("https://wordpress.com/2024/05/17/hello-world").get().route.name == "readerWpcomPost")
        #expect(try router.matches("https://wordpress.com/stats/day/visits/example.com").get().map(\.route.name) == ["statsDayCategory"])
        #expect(try router.matches("https://wordpress.com/1850/05/17/old").get().isEmpty)
        #expect(try router.matches("https://wordpress.com/2024/13/17/x").get().isEmpty)
    }
}
