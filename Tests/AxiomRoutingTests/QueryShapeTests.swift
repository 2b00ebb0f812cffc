import Testing

@testable import AxiomRouting
@testable import TestSupport

/// Values from part of a query value (`query id like :userId(\d+)L`, issue 30 item 4): text
/// around a group, several groups in one value, a path-like rest; matching, failures, reverse
/// routing, ranking and overlaps, `check`, snapshots and typed routes.
@Suite struct QueryShapeTests {
    static let table = """
        origins myapp://, https://example.com
        option query closed
        route user /users
          query id like :userId(\\d+)L
          param userId int
        route person /people
          query who like :first([^_]+)_:last
        route page /go
          query page like :target(.+)
          param target path
        route settings /deep-link
          query url like /settings/:section/:rest* ignore-case
          param section enum(general, newTab, topSites)
        route panel /deep-link
          query url like /homepanel/:panel ignore-case
          param panel enum(bookmarks, history)
        route search /search
          query q string
          query at like :lat(-?\\d+(?:\\.\\d+)?),:lon(-?\\d+(?:\\.\\d+)?) optional also near ignore-name-case
          param lat double
          param lon double
        """

    let router: Router

    init() throws { router = try cleanRouter(Self.table) }

    private func match(_ url: String) throws -> RouteMatch { try router.resolve(url).get() }

    @Test func textAroundAGroupIsMatchedAndTheGroupIsTheValue() throws {
        let user = try match("myapp://users?id=42L")
        #expect(user.route.name == "user")
        #expect(user.query["userId"] == .int(42))
        // The item itself is not a value: only its groups are.
        #expect(user.query["id"] == nil)
        // Without the text around it, or with text the group refuses, the value is not the pattern's.
        #expect(router.resolve("myapp://users?id=42").failure?.code == .queryValueRejected)
        #expect(router.resolve("myapp://users?id=xL").failure?.code == .queryValueRejected)
        #expect(router.resolve("myapp://users?id=42LL").failure?.code == .queryValueRejected)
        // The pattern is matched against the decoded value: an escape of `L` is `L`.
        #expect(try match("myapp://users?id=42%4C").query["userId"] == .int(42))
        // A required item that is not there.
        guard case .missingQueryParameter(_, let item)? = router.resolve("myapp://users").failure?.reason else {
            Issue.record("expected missing-query-parameter")
            return
        }
        #expect(item == "id")
    }

    @Test func oneValueGivesSeveralValues() throws {
        let person = try match("https://example.com/people?who=ada_lovelace")
        #expect(person.query["first"] == .string("ada"))
        #expect(person.query["last"] == .string("lovelace"))
        // The first group stops at the first `_`; the second takes the rest.
        #expect(try match("myapp://people?who=a_b_c").query["last"] == .string("b_c"))
        #expect(router.resolve("myapp://people?who=ada").failure?.code == .queryValueRejected)
        // Several groups, some optional, in one item: a coordinate pair, by another name, in any case.
        let near = try match("myapp://search?q=cafe&NEAR=51.5,-0.12")
        #expect(near.query["lat"] == .double(51.5))
        #expect(near.query["lon"] == .double(-0.12))
        // An optional item that is not there gives no values.
        let plain = try match("myapp://search?q=cafe")
        #expect(plain.query["lat"] == nil && plain.query["lon"] == nil)
        #expect(router.resolve("myapp://search?q=cafe&at=north").failure?.code == .queryValueRejected)
    }

    @Test func aPathLikeRestSpansSlashes() throws {
        let page = try match("myapp://go?page=go/to/settings")
        #expect(page.query["target"] == .path(["go", "to", "settings"]))
        // The escaped spelling is the same value.
        #expect(try match("myapp://go?page=go%2Fto%2Fsettings").query["target"] == .path(["go", "to", "settings"]))
        // A path inside a value, its section an enum in any case, its rest optional.
        let settings = try match("myapp://deep-link?url=/SETTINGS/topsites/a/b")
        #expect(settings.route.name == "settings")
        #expect(settings.query["section"] == .string("topSites"))
        #expect(settings.query["rest"] == .path(["a", "b"]))
        #expect(try match("myapp://deep-link?url=/settings/newTab").query["rest"] == nil)
        // Two routes of one path told apart by their patterns, whatever their order.
        #expect(try match("myapp://deep-link?url=/homepanel/History").query["panel"] == .string("history"))
        // A section the enum does not list falls through both, and the URL is refused.
        #expect(router.resolve("myapp://deep-link?url=/settings/privacy").failure != nil)
        #expect(router.resolve("myapp://deep-link?url=/homepanel/settings").failure != nil)
    }

    @Test func aClosedQueryRefusesTheItemRepeatedAndOthers() {
        #expect(router.resolve("myapp://users?id=1L&id=2L").failure?.reason == .queryItemRepeated(route: "user", parameter: "id"))
        #expect(router.resolve("myapp://users?id=1L&userId=2").failure?.code == .queryItemNotAllowed)
        // Two groups of one item are one item, not a repeat.
        #expect((try? router.resolve("myapp://people?who=a_b").get())?.route.name == "person")
    }

    @Test func reverseRoutingPrintsTheItemFromItsGroupsAndRoundTrips() throws {
        #expect(try router.url(for: "user", query: ["userId": .int(7)]) == "myapp://users?id=7L")
        #expect(try router.url(for: "person", query: ["first": .string("ada"), "last": .string("lovelace")]) == "myapp://people?who=ada_lovelace")
        // A value is printed as text once, then encoded once as a query value (no `%2520`).
        #expect(try router.url(for: "page", query: ["target": .path(["a b", "c&d"])]) == "myapp://go?page=a%20b/c%26d")
        #expect(try router.url(for: "page", text: [("target", "a/b")]) == "myapp://go?page=a/b")
        // Values the pattern would not read back are refused, not printed wrong.
        #expect(throws: RouteURLError.self) { try router.url(for: "person", query: ["first": .string("a_b"), "last": .string("c")]) }
        // Random values round-trip.
        var generator = SplitMix64(state: 30)
        let alphabet = Array("abcXYZ09 -./&=?#%+é_")
        for _ in 0..<300 {
            let userId = Int.random(in: -5...1_000_000, using: &generator)
            let text = { (count: Int) in String((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "a" }) }
            let first = text(Int.random(in: 1...6, using: &generator)).filter { $0 != "_" && $0 != "/" }
            let last = text(Int.random(in: 1...6, using: &generator)).filter { $0 != "/" }
            let segments = (0..<Int.random(in: 1...3, using: &generator)).map { _ in text(Int.random(in: 1...4, using: &generator)) }
                .filter { !$0.isEmpty && !$0.contains("/") }
            if userId >= 0 {
                let url = try router.url(for: "user", query: ["userId": .int(userId)])
                #expect(try match(url).query["userId"] == .int(userId), "\(url)")
            }
            if !first.isEmpty, !last.isEmpty {
                let url = try router.url(for: "person", query: ["first": .string(first), "last": .string(last)])
                let back = try match(url)
                #expect(back.query["first"] == .string(first) && back.query["last"] == .string(last), "\(url)")
            }
            if !segments.isEmpty {
                let url = try router.url(for: "page", query: ["target": .path(segments)])
                #expect(try match(url).query["target"] == .path(segments), "\(url)")
            }
        }
    }

    @Test func theGroupsAreTheRoutesQueryParametersForValidation() throws {
        try router.validate("user", query: ["userId": .int(4)])
        #expect(throws: RouteURLError.self) { try router.validate("user", query: [:]) }
        #expect(throws: RouteURLError.self) { try router.validate("user", query: ["userId": .string("4")]) }
        // The item's name is not a value of the route.
        #expect(throws: RouteURLError.self) { try router.validate("user", query: ["userId": .int(4), "id": .string("4L")]) }
        // An optional item's groups are optional.
        try router.validate("search", query: ["q": .string("x")])
    }

    @Test func aRouteThatNeedsTheItemRanksBeforeOneThatDoesNot() throws {
        // Declared after the plain route, the `like` route still ranks first.
        let router = try cleanRouter("route all /s\nroute one /s\n  query id like :n(\\d+)L\n")
        #expect(router.resolve(path: "/s", query: "id=3L").map(\.route.name) == .success("one"))
        #expect(router.resolve(path: "/s", query: "id=3").map(\.route.name) == .success("all"))
        #expect(router.resolve(path: "/s").map(\.route.name) == .success("all"))
    }

    @Test func aTableWideLikeItemIsEveryRoutesUnlessARouteReadsTheItemItself() throws {
        let router = try cleanRouter("query ref like :campaign([^\\-]+)-:medium optional\nroute a /a\nroute b /b\n  query ref string optional\n")
        let a = try router.resolve(path: "/a", query: "ref=spring-mail").get()
        #expect(a.query["campaign"] == .string("spring") && a.query["medium"] == .string("mail"))
        #expect(router.resolve(path: "/a", query: "ref=spring").failure?.code == .queryValueRejected)
        // The route's own `ref` replaces the table's: the whole value, no groups.
        let b = try router.resolve(path: "/b", query: "ref=spring").get()
        #expect(b.query["ref"] == .string("spring") && b.query["campaign"] == nil)
    }

    @Test func checkComparesPatternsOfOneItem() {
        // Patterns that share no value: no warning.
        #expect(compile("route a /s\n  query id like :n(\\d+)L\nroute b /s\n  query id like :n(\\d+)M\n").diagnostics.isEmpty)
        // Patterns that share values: order decides, said with a URL both take.
        let tied = compile("route a /s\n  query id like :n(\\d+)L\nroute b /s\n  query id string\n").diagnostics
        #expect(tied.map(\.code) == [.ambiguousRoutes])
        #expect(tied.first?.message.contains("/s?id=0L") == true, "\(tied)")
        // Groups named like another value of the route, or in the wrong place.
        #expect(compile("route a /a/:x\n  query id like :x(\\d+)L\n").diagnostics.map(\.code) == [.duplicateParameter])
        #expect(compile("route a /a\n  query id like :v(\\d+)L\n  query v string\n").diagnostics.map(\.code) == [.duplicateParameter])
        // A group may carry the item's own name.
        #expect(compile("route a /a\n  query id like :id(\\d+)L\n  param id int\n").diagnostics.isEmpty)
    }

    @Test func badDeclarationsAreTypedErrorsAtTheirPlace() {
        func diagnostics(_ line: String) -> [String] {
            compile("route a /a\n  " + line + "\n").diagnostics.map { "\($0.location.line):\($0.location.column):\($0.code.rawValue)" }
        }
        // A group without a name, or no group: the pattern reads no value.
        #expect(diagnostics("query id like (\\d+)L") == ["2:17:E209"])
        #expect(diagnostics("query id like *.png") == ["2:17:E209"])
        #expect(diagnostics("query id like abc") == ["2:17:E209"])
        // Not a pattern (an unclosed group).
        #expect(diagnostics("query id like :x(\\d+") == ["2:17:E201"])
        // Flags a `like` item does not take.
        #expect(diagnostics("query id like :x = 4") == ["2:20:E105"])
        #expect(diagnostics("query id like :x lenient") == ["2:20:E105"])
        // Types that do not fit a group: a list, or a spanning group that is not a string or path.
        #expect(diagnostics("query id like :x\n  param x [string]") == ["3:11:E206"])
        #expect(diagnostics("query id like :x(.*)\n  param x int") == ["3:11:E206"])
        // A `param` line for a name no group has still says so, listing the `like` groups.
        let unknown = compile("route a /a\n  query id like :x\n  param y int\n").diagnostics
        #expect(unknown.map(\.code) == [.unknownParameter])
        #expect(unknown.first?.help?.contains("'x'") == true, "\(unknown)")
    }

    @Test func aSnapshotKeepsThePatterns() throws {
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        for url in ["myapp://users?id=42L", "myapp://people?who=a_b", "myapp://go?page=x/y", "myapp://deep-link?url=/SETTINGS/general"] {
            #expect(loaded.resolve(url) == router.resolve(url), "\(url)")
        }
        #expect(loaded.resolve("myapp://users?id=42").failure?.code == .queryValueRejected)
        #expect(try loaded.url(for: "user", query: ["userId": .int(1)]) == "myapp://users?id=1L")
    }

    @Test func aBacktrackingPatternIsCutOffAndFallsThrough() {
        let router = try? cleanRouter("route a /a\n  query v like :x((?:a+)+b)\nroute b /a\n")
        let long = String(repeating: "a", count: 5_000) + "c"
        #expect(router?.resolve(path: "/a", query: "v=" + long).map(\.route.name) == .success("b"))
    }
}
