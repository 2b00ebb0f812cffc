import Testing

@testable import AxiomRouting

/// Where the app starts (`start` under a route, ``Router/start(tab:)``), and what the compiler
/// (E329) and `check` (E329, W415) say of a start that cannot be used.
@Suite struct StartTests {
    @Test func aTableWithoutTabsStartsAtItsPlainRootNotAHostsRoot() throws {
        // Ranked first, the host's root used to be the start (`other`, on www.second.com).
        let router = try cleanRouter("origins https://www.first.com, https://www.second.com\nroute other https://www.second.com/\nroute home /\n")
        #expect(router.routes.first?.name == "other")
        #expect(router.start()?.route.name == "home")
        // A root that needs a value is no start; nor is a fragment's or a scheme's root.
        let needs = try cleanRouter("route search /\n  query q string\nroute item /items/:id\n")
        #expect(needs.start() == nil)
        #expect(try cleanRouter("route search /\n  query q string = swift\n").start()?.route.name == "search")
        #expect(try cleanRouter("origins matrix:, https://x.com\noption app-scheme-host optional\nroute m matrix:/\nroute x /x\n").start() == nil)
    }

    @Test func aDeclaredStartWithValuesIsWhereTheAppStarts() throws {
        let router = try cleanRouter(
            """
            route home /
            route post /posts/:postId
              param postId int
              query sort enum(new, top) = new
              start postId = 7, sort = top
            """)
        let start = try #require(router.start())
        #expect(start.route.name == "post")
        #expect(start.values == ["postId": .int(7), "sort": .string("top")])
        // A snapshot keeps it.
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(loaded.start()?.route.name == "post")
        #expect(loaded.start()?.values == start.values)
    }

    @Test func eachTabStartsAtItsRootOrItsStart() throws {
        let router = try cleanRouter(
            """
            tabs home, profile
            route home /
              transition tab(home)
            route profile /profile/:userId
              param userId int
              transition tab(profile)
              start userId = 1
            """)
        #expect(router.start(tab: "home")?.route.name == "home")
        #expect(router.start(tab: "profile")?.values == ["userId": .int(1)])
        #expect(router.start(tab: "nope") == nil)
    }

    @Test func aStartThatCannotBeUsedIsAnErrorAtItsPlace() throws {
        func codes(_ text: String) -> [DiagnosticCode] { compile(text).diagnostics.map(\.code) }
        // A value that is not the route's, does not convert, is given twice, or a needed one missing.
        #expect(codes("route p /p/:id\n  param id int\n  start idd = 1\n") == [.unmappedGroup])
        #expect(codes("route p /p/:id\n  param id int\n  start id = x\n") == [.invalidDefault])
        #expect(codes("route p /p/:id\n  param id int\n  start id = 1, id = 2\n") == [.unmappedGroup])
        #expect(codes("route p /p/:id/:x\n  param id int\n  start id = 1\n") == [.unusableStart])
        #expect(codes("route p /p\n  query q string\n  start\n") == [.unusableStart])
        // Two starts for one stack; a start off a tab's root in a table with tabs; in a container.
        #expect(codes("route a /a\n  start\nroute b /b\n  start\n") == [.unusableStart])
        #expect(codes("tabs home\nroute home /\n  transition tab(home)\nroute a /a\n  start\n") == [.unusableStart])
        #expect(
            codes("container c modal(sheet)\nroute a /a\n  container c\n  start\n") == [.unusableStart])
        // Parsing: 'start' twice, a value without '='.
        #expect(codes("route a /a\n  start\n  start\n") == [.duplicateProperty])
        #expect(codes("route a /a/:x\n  start x\n") == [.missingArgument])
        // A quoted value may hold a comma.
        #expect(try cleanRouter("route a /a/:x\n  start x = \"a, b\"\n").start()?.values == ["x": .string("a, b")])
    }

    /// The app's start is in-app: a route its `sources` close to the app is no start, declared
    /// (E329) or found (the next root is taken, or none).
    @Test func aRouteClosedToTheAppIsNoStart() throws {
        #expect(compile("route home /\n  sources deepLink\n  start\n").diagnostics.map(\.code) == [.unusableStart])
        let found = try cleanRouter("route home /\n  sources deepLink\nroute about /about\n")
        #expect(found.start() == nil)
        let tabs = try cleanRouter(
            "tabs home\nroute linked /\n  transition tab(home)\n  sources universalLink\nroute feed /feed\n  transition tab(home)\n")
        #expect(tabs.start(tab: "home")?.route.name == "feed")
    }

    /// Start values a route refuses cannot come from a table (E205, E329); `Router.start` also
    /// holds a declared start's values to the route (`acceptsStart`), so one that does not fit
    /// (only a damaged snapshot could hold it) is not used. The split into path and query values.
    @Test func aStartsValuesAreHeldToTheRoute() throws {
        let router = try cleanRouter("route home /\nroute post /posts/:postId\n  param postId int\n  start postId = 7\n")
        #expect(router.startDestination()?.parameters == ["postId": .int(7)])
        #expect(router.startDestination()?.route.name == "post")
        let post = try #require(router.route(named: "post"))
        #expect(post.acceptsStart(["postId": .int(7)]))
        #expect(!post.acceptsStart(["postId": .string("x")]))
        #expect(!post.acceptsStart([:]))
    }

    @Test func checkReportsAStackWithNothingToStartAt() {
        func codes(_ text: String) -> [DiagnosticCode] { compile(text).withStartDiagnostics.diagnostics.map(\.code) }
        // A tab whose root needs a value, or has no root: an error, though the router builds.
        let tabRoot = compile("tabs home, profile\nroute home /\n  transition tab(home)\nroute profile /p/:id\n  transition tab(profile)\n")
        #expect(tabRoot.router != nil)
        #expect(tabRoot.withStartDiagnostics.diagnostics.map(\.code) == [.unusableStart])
        #expect(tabRoot.withStartDiagnostics.diagnostics.first?.message.contains("'profile' needs a value for 'id'") == true)
        #expect(codes("tabs home, inbox\nroute home /\n  transition tab(home)\n") == [.unusableStart])
        // A table without tabs and nothing to start at: a warning; with a start, nothing.
        #expect(codes("route post /posts/:id\nroute other https://www.second.com/\n") == [.emptyStart])
        #expect(codes("route post /posts/:id\n  start id = 1\n").isEmpty)
        #expect(codes("route home /\n").isEmpty)
    }
}
