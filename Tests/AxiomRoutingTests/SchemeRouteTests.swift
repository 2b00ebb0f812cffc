import Testing

@testable import AxiomRouting

/// Routes scoped to an app scheme (`route matrixUser matrix:u/:user`, issue 30 item 2): they
/// match only that scheme's URLs, rank before the plain route of their path, print the spelling
/// their pattern uses, and the table names the default spelling (`option app-scheme-spelling`).
@Suite struct SchemeRouteTests {
    static let table = """
        origins https://matrix.example.com, matrix:, io.element:
        option app-scheme-host optional
        route webUser /u/:user
        route matrixUser matrix:u/:user
        route callback io.element:/callback
        route room matrix://r/:room
        """

    let router: Router

    init() throws { router = try cleanRouter(Self.table) }

    private func name(_ url: String) -> String? { (try? router.resolve(url).get())?.route.name }

    @Test func aSchemeScopedRouteTakesItsSchemesURLsOnly() throws {
        // Every spelling of the scheme's URL reaches it; the web URL of the same path does not.
        for url in ["matrix:u/alice", "matrix:/u/alice", "matrix://u/alice", "MATRIX:u/alice"] {
            let match = try router.resolve(url).get()
            #expect(match.route.name == "matrixUser", "\(url)")
            #expect(match.parameters["user"] == .string("alice"), "\(url)")
        }
        #expect(name("https://matrix.example.com/u/alice") == "webUser")
        #expect(name("io.element:/callback") == "callback")
        #expect(name("io.element://callback") == "callback")
        // A route scoped to a scheme, alone on its path, refuses the others and says why.
        let failure = try #require(router.resolve("https://matrix.example.com/r/x").failure)
        #expect(failure.reason == .schemeNotMatched(route: "room", scheme: "https", expected: "matrix"))
        #expect(router.resolve(path: "/r/x").failure?.reason == .schemeNotMatched(route: "room", scheme: nil, expected: "matrix"))
        #expect(router.resolve("io.element:/r/x").failure?.code == .schemeNotMatched)
        // Declaration order does not matter: the scoped route ranks first.
        let ranks = Dictionary(uniqueKeysWithValues: router.routes.map { ($0.name, $0.rank) })
        #expect(try #require(ranks["matrixUser"]) < #require(ranks["webUser"]))
    }

    @Test func reverseRoutingPrintsEachRoutesSpelling() throws {
        #expect(try router.url(for: "matrixUser", parameters: ["user": .string("alice")]) == "matrix:u/alice")
        #expect(try router.url(for: "callback") == "io.element:/callback")
        #expect(try router.url(for: "room", parameters: ["room": .string("x")]) == "matrix://r/x")
        // The scheme is printed as the pattern writes it (an app's own spelling); any case reads back.
        let written = try cleanRouter("origins ddgQuickLink:\nroute quickLink ddgQuickLink://:payload(.*)\n  param payload string\n")
        #expect(try written.url(for: "quickLink", parameters: ["payload": .string("foo.bar")]) == "ddgQuickLink://foo.bar")
        #expect(try written.resolve("DDGQUICKLINK://foo.bar").get().route.name == "quickLink")
        let reloaded = try Router(snapshot: RouterSnapshot.encode(written))
        #expect(try reloaded.url(for: "quickLink", parameters: ["payload": .string("x")]) == "ddgQuickLink://x")
        // The unscoped route prints the first origin whose URL leads back to it.
        #expect(try router.url(for: "webUser", parameters: ["user": .string("alice")]) == "https://matrix.example.com/u/alice")
        // Round trip over values, with escapes.
        for user in ["a b", "é", "x:y", "%", "a?b", "a#b", "~"] {
            for route in ["matrixUser", "webUser"] {
                let url = try router.url(for: route, parameters: ["user": .string(user)])
                let match = try router.resolve(url).get()
                #expect(match.route.name == route && match.parameters["user"] == .string(user), "\(url)")
            }
        }
    }

    @Test func theTableNamesTheDefaultSpelling() throws {
        let opaque = try #require(
            compile("origins myapp:\noption app-scheme-host optional\noption app-scheme-spelling opaque\nroute u /u/:user\nroute home /\n").router)
        #expect(try opaque.url(for: "u", parameters: ["user": .string("bo")]) == "myapp:u/bo")
        #expect(try opaque.url(for: "home") == "myapp:")
        let path = try #require(
            compile("origins myapp:\noption app-scheme-host optional\noption app-scheme-spelling path\nroute u /u/:user\n").router)
        #expect(try path.url(for: "u", parameters: ["user": .string("bo")]) == "myapp:/u/bo")
        let host = try #require(compile("origins myapp:\nroute u /u/:user\n").router)
        #expect(try host.url(for: "u", parameters: ["user": .string("bo")]) == "myapp://u/bo")
    }

    @Test func aSpellingOrSchemeTheTableRefusesIsAnError() throws {
        // A host-less spelling in a table that requires the host.
        #expect(compile("origins myapp:\nroute u myapp:u/:user\n").diagnostics.map(\.code) == [.refusedSpelling])
        #expect(compile("origins myapp:\noption app-scheme-spelling opaque\nroute u /u\n").diagnostics.map(\.code) == [.refusedSpelling])
        #expect(compile("origins myapp:\nroute u myapp://u/:user\n").diagnostics.isEmpty)
        // A scheme no origin accepts.
        let schemeRefused = compile("origins https://x.com\nroute u matrix:u/:user\n").diagnostics
        #expect(schemeRefused.map(\.code) == [.hostNotAccepted])
        // Its help names the scheme to add, not a host.
        #expect(schemeRefused.first?.help == "add the scheme to the origins ('origins matrix:'), or 'origins *:' for every app scheme")
        #expect(compile("origins *:\noption app-scheme-host optional\nroute u matrix:u/:user\n").diagnostics.isEmpty)
        // Routes of one path on different schemes do not overlap; the same scheme twice does.
        #expect(compile("origins a:, b:\noption app-scheme-host optional\nroute x a:p/:v\nroute y b:p/:v\nroute z /p/:v\n").diagnostics.isEmpty)
        #expect(
            compile("origins a:\noption app-scheme-host optional\nroute x a:p/:v\nroute y a:/p/:w\n").diagnostics.map(\.code) == [.ambiguousRoutes])
    }

    /// A redirect is another way to a route, not a way around its scope: a redirect to a route
    /// scoped to `matrix:` matches only `matrix:` URLs, and one to a route that refuses a
    /// fragment refuses it too, through every door (URL, path, snapshot).
    @Test func aRedirectToAScopedRouteKeepsItsScope() throws {
        let table = """
            origins https://matrix.example.com, matrix:
            option app-scheme-host optional
            route matrixUser matrix:u/:user
            route profile /p/:user
              option fragment none
            redirect oldUser /old/:user -> matrixUser
            redirect olderUser /older/:user -> oldUser
            redirect oldProfile /profile/:user -> profile
            """
        let router = try cleanRouter(table)
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        for router in [router, loaded] {
            for url in ["matrix:old/alice", "matrix://old/alice", "matrix:older/alice"] {
                let match = try router.resolve(url).get()
                #expect(match.route.name == "matrixUser" && match.parameters["user"] == .string("alice"), "\(url)")
            }
            // The web URL of the same path, and a path alone, do not reach the scoped route.
            for url in ["https://matrix.example.com/old/alice", "https://matrix.example.com/older/alice"] {
                #expect(router.resolve(url).failure?.code == .schemeNotMatched, "\(url)")
            }
            #expect(router.resolve(path: "/old/alice").failure?.code == .schemeNotMatched)
            #expect(try router.resolve("https://matrix.example.com/profile/bo").get().route.name == "profile")
            #expect(router.resolve("https://matrix.example.com/profile/bo#x").failure?.code == .fragmentNotAllowed)
            #expect(router.resolve(path: "/profile/bo", fragment: "").failure?.code == .fragmentNotAllowed)
        }
    }

    @Test func aSnapshotKeepsSchemesAndTheSpelling() throws {
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(loaded.routes.map(\.scheme) == router.routes.map(\.scheme))
        #expect(try loaded.url(for: "matrixUser", parameters: ["user": .string("a")]) == "matrix:u/a")
        #expect(loaded.resolve("https://matrix.example.com/r/x").failure?.code == .schemeNotMatched)
        let opaque = try #require(compile("origins myapp:\noption app-scheme-host optional\noption app-scheme-spelling opaque\nroute u /u\n").router)
        #expect(try Router(snapshot: RouterSnapshot.encode(opaque)).url(for: "u") == "myapp:u")
    }
}
