import Testing

@testable import AxiomRouting

/// Query names as apps read them (issue 30): other names for an item, names in any case, a
/// closed query, and the text of a value a `lenient` declaration dropped.
@Suite struct QueryNameTests {
    static let table = """
        origins myapp:
        route map /map
          query lat double also latitude ignore-name-case
          query lon double also lng, longitude ignore-name-case
          query zoom int = 10
        route profile /u/:name
          option query closed
          query tab enum(posts, likes) = posts
          query tag [string]
        route anyProfile /u/:name
        route stats /stats
          query metric enum(views, likes) = views lenient
          query ids [int] lenient
          query from string optional lenient matching [0-9]{4}
        """

    let router: Router

    init() throws {
        let compilation = compile(Self.table)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        router = try #require(compilation.router)
    }

    @Test func anItemIsReadUnderItsOtherNamesAndInAnyCase() throws {
        for url in ["myapp://map?Lat=51.5&LON=-0.12", "myapp://map?latitude=51.5&lng=-0.12", "myapp://map?LATITUDE=51.5&Longitude=-0.12"] {
            let match = try router.resolve(url).get()
            #expect(match.query == ["lat": .double(51.5), "lon": .double(-0.12), "zoom": .int(10)], "\(url)")
        }
        // The first item of the parameter's names, in the URL's order.
        #expect(try router.resolve("myapp://map?latitude=1&lat=2&lon=0").get().query["lat"] == .double(1))
        // ASCII letters only: a dotless `ı` is not an `i`, `@` (0x40) is not a backquote (0x60).
        #expect(Route.QueryParameter.equalIgnoringASCIICase("LaT", "lat"))
        #expect(!Route.QueryParameter.equalIgnoringASCIICase("latıtude", "latitude"))
        #expect(!Route.QueryParameter.equalIgnoringASCIICase("a@", "a`"))
        // Only the declared names: `Zoom` is not `zoom` (that item ignores no case).
        #expect(try router.resolve("myapp://map?lat=1&lon=2&Zoom=3").get().query["zoom"] == .int(10))
        // Reverse routing writes the declared name.
        #expect(try router.url(for: "map", parameters: [:], query: ["lat": .double(1.5), "lon": .double(2)]) == "myapp://map?lat=1.5&lon=2.0")
    }

    /// A route's item takes the place of a table-wide one that has one of its names.
    @Test func aRoutesOtherNameTakesThePlaceOfATableWideItem() throws {
        let router = try #require(
            compile("origins myapp:\nquery latitude double optional\nroute map /map\n  query lat double also latitude\nroute other /o\n").router)
        #expect(router.route(named: "map")?.query.map(\.name) == ["lat"])
        #expect(router.route(named: "other")?.query.map(\.name) == ["latitude"])
        #expect(try router.resolve("myapp://map?latitude=1").get().query == ["lat": .double(1)])
    }

    @Test func aTableCanIgnoreTheCaseOfEveryName() throws {
        let router = try #require(compile("origins myapp:\noption query-name-case insensitive\nroute s /s\n  query q string\n").router)
        #expect(try router.resolve("myapp://s?Q=swift").get().query["q"] == .string("swift"))
        let strict = try #require(compile("origins myapp:\nroute s /s\n  query q string\n").router)
        #expect(throws: RouteFailure.self) { try strict.resolve("myapp://s?Q=swift").get() }
    }

    @Test func aClosedQueryRefusesAnUndeclaredOrRepeatedItemAndTheNextRouteMayTakeIt() throws {
        let plain = try router.resolve("myapp://u/ada?tab=likes&tag=a&tag=b").get()
        #expect(plain.route.name == "profile")
        #expect(plain.query["tag"] == .list([.string("a"), .string("b")]))
        // An item the route does not declare, or one it reads once given twice: the route
        // refuses the URL, and the next route of the path takes it.
        // Names compare decoded, in every spelling: an escaped undeclared name, the declared one
        // in another case (this item ignores none), a declared one repeated under an escape.
        for url in [
            "myapp://u/ada?foo=bar", "myapp://u/ada?tab=likes&tab=posts", "myapp://u/ada?%66oo=bar", "myapp://u/ada?TAB=likes",
            "myapp://u/ada?tab=likes&t%61b=posts",
        ] {
            #expect(try router.resolve(url).get().route.name == "anyProfile", "\(url)")
        }
        #expect(try router.resolve("myapp://u/ada?t%61b=likes").get().route.name == "profile")
        let alone = try #require(compile("origins myapp:\nroute profile /u/:name\n  option query closed\n").router)
        #expect(try alone.resolve("myapp://u/ada").get().route.name == "profile")
        guard case .failure(let failure) = alone.resolve("myapp://u/ada?foo=bar") else {
            Issue.record("a closed query took an undeclared item")
            return
        }
        #expect(failure.code == .queryItemNotAllowed)
        #expect(failure.description.contains("carries 'foo'"))
        guard case .failure(let repeated) = alone.resolve("myapp://u/ada?x=1&x=2") else {
            Issue.record("a closed query took an undeclared repeated item")
            return
        }
        #expect(repeated.code == .queryItemNotAllowed)
    }

    @Test func aTableWideClosedQueryIsOpenedPerRouteAndARestMapOrToEndItemTakesTheRest() throws {
        let router = try #require(
            compile(
                """
                origins myapp:
                option query closed
                route a /a
                route b /b
                  option query open
                route c /c
                  query filters rest
                route d /d
                  query next url(http, https) to-end
                """
            ).router)
        #expect(throws: RouteFailure.self) { try router.resolve("myapp://a?x=1").get() }
        #expect(try router.resolve("myapp://a").get().route.name == "a")
        #expect(try router.resolve("myapp://b?x=1").get().route.name == "b")
        #expect(try router.resolve("myapp://c?x=1&y=2").get().query["filters"] == .fields(["x": "1", "y": "2"]))
        #expect(try router.resolve("myapp://d?next=https://x.com/s?q=1&page=2").get().route.name == "d")
        #expect(throws: RouteFailure.self) { try router.resolve("myapp://d?x=1&next=https://x.com").get() }
    }

    @Test func aLenientValueThatWasDroppedKeepsItsText() throws {
        let match = try router.resolve("myapp://stats?metric=futureMetric&ids=1&ids=x&ids=3&from=20x4").get()
        #expect(match.query == ["metric": .string("views"), "ids": .list([.int(1), .int(3)])])
        #expect(match.droppedQuery == ["metric": .string("futureMetric"), "ids": .list([.string("x")]), "from": .string("20x4")])
        // Nothing dropped: nothing kept.
        #expect(try router.resolve("myapp://stats?metric=likes&ids=2&from=2024").get().droppedQuery.isEmpty)
        // Decoded as the value would have been.
        #expect(try router.resolve("myapp://stats?metric=future%20metric").get().droppedQuery == ["metric": .string("future metric")])
    }

    /// A bare item is a value (issue 30): `?dark` for `mode = dark`, as Jetpack's deep links read
    /// it — only an item with no `=`, only one of the enum's values, after a named item.
    @Test func aBareItemNamingAnEnumValueIsThatValue() throws {
        let router = try #require(
            compile(
                """
                origins myapp:
                route theme /theme
                  query mode enum(dark, light) = light bare
                route strict /strict
                  option query closed
                  query mode enum(dark, light) bare ignore-case
                  query filters rest
                """
            ).router)
        #expect(try router.resolve("myapp://theme?dark").get().query["mode"] == .string("dark"))
        #expect(try router.resolve("myapp://theme?x=1&dark").get().query["mode"] == .string("dark"))
        // A named item wins; an item with '=' or a name that is no value is not the value.
        #expect(try router.resolve("myapp://theme?dark&mode=light").get().query["mode"] == .string("light"))
        for url in ["myapp://theme?dark=1", "myapp://theme?dark=", "myapp://theme?DARK", "myapp://theme?dim"] {
            #expect(try router.resolve(url).get().query["mode"] == .string("light"), "\(url)")
        }
        // With `ignore-case`, the value's case rules hold for the bare item too; a closed
        // query takes the bare item it reads, and a `rest` map does not get it.
        let strict = try router.resolve("myapp://strict?DARK&x=1").get()
        #expect(strict.query == ["mode": .string("dark"), "filters": .fields(["x": "1"])])
        #expect(throws: RouteFailure.self) { try router.resolve("myapp://strict?mode=light&dark").get() }
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(try loaded.resolve("myapp://theme?dark").get().query["mode"] == .string("dark"))
    }

    @Test func aSnapshotKeepsNamesCaseAndClosedQueries() throws {
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        for url in ["myapp://map?LATITUDE=51.5&lng=-0.12", "myapp://u/ada?foo=bar", "myapp://u/ada?tab=likes", "myapp://stats?metric=x"] {
            #expect(loaded.resolve(url) == router.resolve(url), "\(url)")
        }
        #expect(loaded.routes == router.routes)
    }

    @Test(arguments: [
        ("route m /m\n  query lat double also lon\n  query lon double\n", "E204"),
        ("route m /m/:lat\n  query latitude double also lat\n", "E204"),
        ("route m /m\n  option query sideways\n", "E309"),
        ("route m /m\n  option path-case insensitive\n", "E309"),
        ("route m /m\n  option query closed\n  option query open\n", "E108"),
        ("route m /m\n  query dark bool bare\n", "E105"),
    ])
    func namesAndOptionsThatCannotBeAreErrors(table: String, code: String) {
        let compilation = compile("origins myapp:\n" + table)
        #expect(compilation.diagnostics.first?.code.rawValue == code, "\(compilation.formattedDiagnostics)")
    }

    /// A closed route takes fewer URLs than an open one of its path: it ranks first, whatever
    /// the declaration order, and the open one after it is not dead (no W401 or W402).
    @Test func aClosedRouteRanksBeforeAnOpenOneOfItsPathAndLeavesItAlive() throws {
        let open = compile("origins myapp:\nroute a /x\nroute b /x\n")
        #expect(open.diagnostics.map(\.code) == [.ambiguousRoutes])
        let closed = compile("origins myapp:\nroute b /x\nroute a /x\n  option query closed\n")
        #expect(closed.diagnostics.isEmpty, "\(closed.formattedDiagnostics)")
        let router = try #require(closed.router)
        #expect(try router.resolve("myapp://x").get().route.name == "a")
        #expect(try router.resolve("myapp://x?utm=1").get().route.name == "b")
    }
}
