import Testing

@testable import AxiomRouting
@testable import TestSupport

/// Routes that match on the URL's fragment (`/#/room/:roomId`, issue 30 item 1) and a route's own
/// rules (`option fragment none`, `option trailing-slash strict|ignore`, item 3): matching,
/// ranking, failures, reverse routing, `check`, snapshots, and the doors a URL could use to get
/// round them.
@Suite struct FragmentRouteTests {
    /// Element's and matrix.to's links, declared with the catch-all root first: ranking, not
    /// declaration order, puts the fragment routes before it.
    static let table = """
        origins https://app.element.io, https://matrix.to
        route home /
        route room /#/room/:roomId
        route event /#/room/:roomId/:eventId
        route user https://matrix.to/#/:userId(@[^\\/]+)
        route page /#/page/:number
          param number int
          auth
        route anyPage /#/page/:rest*
        route about /about
          option fragment none
        route aboutAnything /about
        route feed /feeds/:id/
          option trailing-slash strict
        route feedList /feeds/:id
        route info /info
          option trailing-slash strict
        """

    let router: Router

    init() throws { router = try cleanRouter(Self.table) }

    private func name(_ url: String) -> String? { (try? router.resolve(url).get())?.route.name }

    @Test func aHashRoutedAppsLinksReachTheirRoutesWithTheirValues() throws {
        let room = try router.resolve("https://app.element.io/#/room/!abc:matrix.org").get()
        #expect(room.route.name == "room")
        #expect(room.parameters["roomId"] == .string("!abc:matrix.org"))
        let event = try router.resolve("https://app.element.io/#/room/!abc:matrix.org/$ev1").get()
        #expect(event.route.name == "event")
        #expect(event.parameters["eventId"] == .string("$ev1"))
        let user = try router.resolve("https://matrix.to/#/@alice:matrix.org").get()
        #expect(user.route.name == "user")
        #expect(user.parameters["userId"] == .string("@alice:matrix.org"))
        // A route without a fragment pattern takes any fragment, or none.
        #expect(name("https://app.element.io/") == "home")
        #expect(name("https://app.element.io/#/settings") == "home")
        #expect(name("https://app.element.io/#") == "home")
        // matrix.to's pattern needs an `@`: another fragment of its host is not `user`.
        #expect(name("https://matrix.to/#/!room:matrix.org") == "home")
    }

    @Test func aTableThatIgnoresThePathsCaseIgnoresTheFragmentsToo() throws {
        // Signal's `hTTPs://sigNAL.mE/#P/+14085550123` is its phone link; the value keeps its text.
        let caseless = try cleanRouter("origins https://signal.me\noption path-case insensitive\nroute phone /#p/:number(\\+[0-9]+)\n")
        #expect(try caseless.resolve("https://signal.me/#P/+1408").get().parameters["number"] == .string("+1408"))
        // The default is one spelling: `#P/` is not `#p/`.
        let strict = try cleanRouter("origins https://signal.me\nroute phone /#p/:number(\\+[0-9]+)\n")
        #expect(strict.resolve("https://signal.me/#P/+1408").failure?.code == .fragmentNotMatched)
        // `check` compares fragments in the table's case too: these two are one fragment, so the
        // second never matches; in a table that keeps case they are two.
        let diagnostics = compile("option path-case insensitive\nroute a /#x/:id\nroute b /#X/:id\n").diagnostics
        #expect(diagnostics.map(\.code) == [.shadowedRoute], "\(diagnostics)")
        #expect(compile("route a /#x/:id\nroute b /#X/:id\n").diagnostics.isEmpty)
        // Fragments that do not start with `/` are compared as strings: two prefixes share no URL
        // (they were both empty as paths, so each looked inside the other: a false W402).
        #expect(compile("route a /#x/:id\nroute b /#y/:id\n").diagnostics.isEmpty)
        #expect(compile("route a /#p/:n\nroute b /#eu/:data\nroute c /#pack_id=:id\n").diagnostics.isEmpty)
        #expect(compile("route a /#p/:n\nroute b /#p/:m\n").diagnostics.map(\.code) == [.ambiguousRoutes])
    }

    @Test func aFragmentIsMatchedInOneSpellingAndItsValuesDecoded() throws {
        // An escape of an unreserved character is that character; a space is escaped by the parser.
        #expect(try router.resolve("https://app.element.io/#/%72oom/x").get().route.name == "room")
        #expect(try router.resolve("https://app.element.io/#/room/a b").get().parameters["roomId"] == .string("a b"))
        #expect(try router.resolve("https://app.element.io/#/room/%21abc").get().parameters["roomId"] == .string("!abc"))
        // A group stops at `/`, as a path's does; an escaped `/` stays in the value.
        #expect(try router.resolve("https://app.element.io/#/room/a%2Fb").get().parameters["roomId"] == .string("a/b"))
        #expect(name("https://app.element.io/#/room/a/b/c") == "home")
        // A typed value that does not convert falls through to the next route of the path.
        #expect(try router.resolve("https://app.element.io/#/page/7").get().parameters["number"] == .int(7))
        let other = try router.resolve("https://app.element.io/#/page/seven/eight").get()
        #expect(other.route.name == "anyPage")
        #expect(other.parameters["rest"] == .path(["seven", "eight"]))
    }

    @Test func aFragmentCannotBeSpelledIntoThePath() throws {
        // `%23` is a path byte, not a fragment: it never reaches a fragment route.
        #expect(name("https://app.element.io/%23/room/x") != "room")
        // A path resolved alone has no fragment: its `#` is escaped as the path's.
        #expect((try? router.resolve(path: "/#/room/x").get())?.route.name != "room")
        #expect(try router.resolve(path: "/", fragment: "/room/x").get().parameters["roomId"] == .string("x"))
        #expect(try router.resolve(path: "/", fragment: "/room/a b").get().parameters["roomId"] == .string("a b"))
        // The fragment counts against the input limit, through either door.
        let long = "/room/" + String(repeating: "a", count: MatchLimits().maxInputLength)
        #expect(router.resolve(path: "/", fragment: long).failure?.code == .inputTooLong)
        #expect(router.resolve("https://app.element.io/#" + long).failure?.code == .inputTooLong)
    }

    @Test func aFragmentThatIsNotTheRoutesSaysWhy() throws {
        let router = try #require(compile("origins https://x.com\nroute room /#/room/:roomId\n").router)
        let failure = try #require(router.resolve("https://x.com/#/settings").failure)
        #expect(failure.code == .fragmentNotMatched)
        #expect(failure.reason == .fragmentNotMatched(route: "room", fragment: "/settings", pattern: "/room/:roomId"))
        #expect(
            try #require(router.resolve("https://x.com/").failure).reason
                == .fragmentNotMatched(route: "room", fragment: nil, pattern: "/room/:roomId"))
        // `explain` lists the rejection; `matches` finds nothing.
        #expect(router.explain("https://x.com/#/settings").candidates.contains { $0.outcome.code.rawValue == "rejected" })
        #expect(try router.matches("https://x.com/#/settings").get().isEmpty)
    }

    @Test func aRouteThatRefusesAFragmentLetsTheURLFallThrough() throws {
        #expect(name("https://app.element.io/about") == "about")
        #expect(name("https://app.element.io/about#team") == "aboutAnything")
        // An empty fragment is a fragment.
        #expect(name("https://app.element.io/about#") == "aboutAnything")
        let alone = try #require(compile("origins https://x.com\nroute about /about\n  option fragment none\n").router)
        let failure = try #require(alone.resolve("https://x.com/about#team").failure)
        #expect(failure.reason == .fragmentNotAllowed(route: "about", fragment: "team"))
        #expect(try alone.resolve(path: "/about").get().route.name == "about")
        #expect(alone.resolve(path: "/about", fragment: "").failure?.code == .fragmentNotAllowed)
    }

    @Test func aRouteWithItsOwnTrailingSlashRuleTakesOneSpelling() throws {
        #expect(name("https://app.element.io/feeds/3/") == "feed")
        #expect(name("https://app.element.io/feeds/3") == "feedList")
        #expect(name("https://app.element.io/info") == "info")
        let alone = try #require(
            compile(
                "origins https://x.com\nroute info /info\n  option trailing-slash strict\nroute feed /feeds/:id/\n  option trailing-slash strict\n"
            ).router)
        #expect(alone.resolve("https://x.com/info/").failure?.reason == .trailingSlashMismatch(route: "info", expected: false))
        #expect(alone.resolve("https://x.com/feeds/3").failure?.reason == .trailingSlashMismatch(route: "feed", expected: true))
        // Every door: a path resolved alone, an escaped path (normalised first), `explain`, `matches`.
        #expect(alone.resolve(path: "/feeds/3").failure?.code == .trailingSlashMismatch)
        #expect(try alone.resolve(path: "/feeds/3/").get().route.name == "feed")
        #expect(try alone.resolve("https://x.com/f%65eds/3/").get().route.name == "feed")
        #expect(alone.resolve("https://x.com/f%65eds/3").failure?.code == .trailingSlashMismatch)
        #expect(alone.explain("https://x.com/feeds/3").result.failure?.code == .trailingSlashMismatch)
        #expect(try alone.matches("https://x.com/feeds/3").get().isEmpty)
        #expect(try alone.matches("https://x.com/feeds/3/").get().map(\.route.name) == ["feed"])
        #expect(try alone.url(for: "feed", parameters: ["id": .string("3")]) == "https://x.com/feeds/3/")
        #expect(try alone.url(for: "info") == "https://x.com/info")
        // No W403 for a route that keeps its own `/`; the table's other routes still get it.
        #expect(compile("route feed /feeds/:id/\n  option trailing-slash strict\n").diagnostics.isEmpty)
        #expect(compile("route feed /feeds/:id/\n").diagnostics.map(\.code) == [.trailingSlash])
    }

    @Test func aRouteThatIgnoresTheSlashInAStrictTableTakesBothSpellings() throws {
        let router = try #require(
            compile(
                "option trailing-slash strict\norigins https://x.com\nroute feed /feeds/:id\n  option trailing-slash ignore\nroute about /about\n"
            )
            .router)
        #expect(try router.resolve("https://x.com/feeds/3").get().route.name == "feed")
        let slashed = try router.resolve("https://x.com/feeds/3/").get()
        #expect(slashed.route.name == "feed")
        #expect(slashed.parameters["id"] == .string("3"))
        #expect(try router.url(for: "feed", parameters: ["id": .string("3")]) == "https://x.com/feeds/3")
        // The table's rule still holds for the others.
        #expect(router.resolve("https://x.com/about/").failure?.code == .noRoute)
        // The other spelling of a route on a fragment or a scheme takes its fragment and scheme.
        let scoped = try cleanRouter(
            "option trailing-slash strict\noption app-scheme-host optional\norigins https://x.com, m:\n"
                + "route room /rooms#/:id\n  option trailing-slash ignore\nroute user m:u/:name\n  option trailing-slash ignore\n")
        #expect(try scoped.resolve("https://x.com/rooms/#/7").get().parameters["id"] == .string("7"))
        #expect(try scoped.resolve("m:u/bo/").get().route.name == "user")
        #expect(scoped.resolve("https://x.com/u/bo/").failure?.code == .schemeNotMatched)
    }

    @Test func aHostRoutesRootWithItsOwnSlashRuleIsReached() throws {
        // The rule reads the path after the host: `https://x.com/` is the root, which has no trailing `/`.
        let router = try cleanRouter(
            "origins https://x.com\nroute home https://x.com/\n  option trailing-slash strict\nroute feed https://x.com/f/\n  option trailing-slash strict\n"
        )
        #expect(try router.resolve("https://x.com/").get().route.name == "home")
        #expect(try router.resolve("https://x.com/f/").get().route.name == "feed")
        #expect(router.resolve("https://x.com/f").failure?.code == .trailingSlashMismatch)
        #expect(try router.url(for: "home") == "https://x.com/")
    }

    @Test func rankingPutsAFragmentRouteBeforeThePlainRouteOfItsPath() throws {
        let ranks = Dictionary(uniqueKeysWithValues: router.routes.map { ($0.name, $0.rank) })
        #expect(try #require(ranks["room"]) < #require(ranks["home"]))
        #expect(try #require(ranks["page"]) < #require(ranks["anyPage"]))
        #expect(try #require(ranks["about"]) < #require(ranks["aboutAnything"]))
        #expect(try #require(ranks["feed"]) < #require(ranks["feedList"]))
    }

    @Test func reverseRoutingPrintsTheFragmentAndRoundTrips() throws {
        var random = SplitMix64(state: 30)
        let alphabet = Array("abcXYZ019!$@:;=+,-._~ /%?#é")
        for _ in 0..<300 {
            let roomId = String((0..<Int.random(in: 1...8, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
            let eventId = String((0..<Int.random(in: 1...5, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
            let number = Int.random(in: -5...100_000, using: &random)
            for (route, parameters) in [
                ("room", ["roomId": RouteValue.string(roomId)]), ("event", ["roomId": .string(roomId), "eventId": .string(eventId)]),
                ("page", ["number": .int(number)]), ("user", ["userId": .string("@x" + roomId.filter { $0 != "/" && $0 != "%" })]),
            ] {
                let values = RouteParameters(names: Array(parameters.keys), values: Array(parameters.values))
                guard let url = try? router.url(for: route, parameters: values) else {
                    // Only a value the fragment cannot hold in one segment is refused.
                    #expect(roomId.contains("/") || eventId.contains("/"), "\(route) \(parameters)")
                    continue
                }
                let match = try router.resolve(url).get()
                #expect(match.route.name == route, "\(url)")
                for (name, value) in parameters { #expect(match.parameters[name] == value, "\(url)") }
            }
        }
        #expect(try router.url(for: "room", parameters: ["roomId": .string("!abc:matrix.org")]) == "https://app.element.io/#/room/!abc:matrix.org")
        #expect(try router.url(for: "user", parameters: ["userId": .string("@bob:x.org")]) == "https://matrix.to/#/@bob:x.org")
        // A table without origins prints a path with its fragment, and resolves it back.
        let paths = try #require(compile("route room /#/room/:roomId\n").router)
        #expect(try paths.url(for: "room", parameters: ["roomId": .string("a b")]) == "/#/room/a%20b")
    }

    @Test func checkComparesFragments() throws {
        // Different fragments of one path do not overlap; the same one is reported.
        #expect(compile("route a /#/a/:x\nroute b /#/b/:x\nroute c /\n").diagnostics.isEmpty)
        #expect(compile("route a /#/a/:x\nroute b /#/a/:y\n").diagnostics.map(\.code) == [.ambiguousRoutes])
        // A fragment route another takes whole, ranked first.
        #expect(compile("route a /#/c/:a([0-9]+)\nroute b /#/c/:b([0-9]{1,3})\n").diagnostics.map(\.code) == [.shadowedRoute])
        // A route that refuses fragments does not take a fragment route's URLs, nor a strict slash route both spellings.
        #expect(compile("route a /about\n  option fragment none\nroute b /about#team\n").diagnostics.isEmpty)
    }

    @Test func aFragmentWhereNoneCanBeMatchedIsAnError() throws {
        #expect(compile("route room /#/room/:id\n  alias /#/r/:id\n").diagnostics.map(\.code) == [.unsupportedFragment])
        #expect(compile("route room /rooms/:id\nredirect old /#/old/:id -> room\n").diagnostics.map(\.code) == [.unsupportedFragment])
        #expect(compile("route room /#/room/:id\n  option fragment none\n").diagnostics.map(\.code) == [.unsupportedFragment])
        // A fragment group named like a path or host group.
        #expect(compile("route room /rooms/:id#/:id\n").diagnostics.map(\.code) == [.duplicateParameter])
        // A `param` line types a fragment group; a wrong one says so.
        #expect(compile("route room /#/room/:id\n  param id uuid\n").diagnostics.isEmpty)
        #expect(compile("route room /#/room/:id\n  param id path\n").diagnostics.map(\.code) == [.segmentTypeMismatch])
        #expect(compile("route room /#/room/:id\n  param idd int\n").diagnostics.map(\.code) == [.unknownParameter])
        // A bad fragment pattern is reported where it is.
        let bad = compile("route room /#/room/:id(\n")
        #expect(bad.diagnostics.map(\.code) == [.invalidPattern])
        #expect(bad.diagnostics.first?.location.column == 13)
        // An alias of a fragment route takes its fragment and values.
        let aliased = try #require(compile("route room /rooms#/:id\n  alias /r\n").router)
        #expect(try aliased.resolve(path: "/r", fragment: "/7").get().parameters["id"] == .string("7"))
    }

    @Test func policyIsTheRoutesWhateverTheFragment() throws {
        #expect(try router.resolve("https://app.element.io/#/page/7").get().route.metadata.requiresAuthentication)
        #expect(try !router.resolve("https://app.element.io/#/page/x/y").get().route.metadata.requiresAuthentication)
    }

    @Test func aSnapshotKeepsFragmentsAndRules() throws {
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        let urls = [
            "https://app.element.io/#/room/x", "https://app.element.io/#/room/x/y", "https://matrix.to/#/@a:b", "https://app.element.io/#/page/7",
            "https://app.element.io/about", "https://app.element.io/about#x", "https://app.element.io/feeds/3/",
            "https://app.element.io/feeds/3", "https://app.element.io/info/", "https://app.element.io/",
        ]
        for url in urls {
            #expect(
                (try? loaded.resolve(url).get()).map { "\($0.route.name) \($0.parameters)" }
                    == (try? router.resolve(url).get()).map { "\($0.route.name) \($0.parameters)" }, "\(url)")
        }
        #expect(loaded.routes.map(\.fullPattern) == router.routes.map(\.fullPattern))
        #expect(loaded.routes.map(\.rules) == router.routes.map(\.rules))
    }
}

/// The router of a table that must compile without a diagnostic (the test fails, saying which, if not).
func cleanRouter(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Router {
    let compilation = compile(text)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)", sourceLocation: sourceLocation)
    return try #require(compilation.router, sourceLocation: sourceLocation)
}

extension Result {
    /// The failure, or nil for a success.
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
