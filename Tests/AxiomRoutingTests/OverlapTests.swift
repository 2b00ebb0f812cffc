import Foundation
import Testing

@testable import AxiomRouting
@_spi(Lookup) @testable import AxiomURLPattern

/// The overlap analysis (W401, W402) and ranking within a segment: every pair where a route can
/// never match, or where two routes match the same URL and only declaration order decides —
/// across segment counts, wildcards, optional and repeated parts, `{}` groups and regexps —
/// and nothing else.
@Suite struct OverlapTests {
    private func warnings(_ table: String) -> [String] {
        compile(table).diagnostics.map { "\($0.code.rawValue) \($0.location.line)" }
    }

    /// The route `url` (a path, with a query after `?`) resolves to.
    private func resolved(_ table: String, _ url: String) -> String? {
        let parts = url.split(separator: "?", maxSplits: 1).map(String.init)
        return (try? compile(table).router?.resolve(path: parts[0], query: parts.count > 1 ? parts[1] : nil).get())?.route.name
    }

    // MARK: Query specificity (issue 30)

    /// `both` asks for more: it ranks first, whatever the order the table declares them in, and
    /// a URL without `b` falls through to `one`. (It used to rank by declaration: `both` never
    /// matched, and `check` said nothing.)
    @Test func theRouteThatRequiresMoreQueryItemsRanksFirst() {
        let one = "route one /s\n  query a string\n"
        let both = "route both /s\n  query a string\n  query b string\n"
        for table in [one + both, both + one] {
            #expect(warnings(table).isEmpty)
            #expect(resolved(table, "/s?a=1&b=2") == "both")
            #expect(resolved(table, "/s?b=2&a=1") == "both")
            #expect(resolved(table, "/s?a=1") == "one")
            #expect(resolved(table, "/s?b=2") == nil)
        }
        // An item required absent counts as one required: the route that says more ranks first.
        let absent = "route plain /s\nroute noDraft /s\n  query draft absent\n"
        #expect(compile(absent).router?.routes.map(\.name) == ["noDraft", "plain"])
        #expect(resolved(absent, "/s") == "noDraft")
        #expect(resolved(absent, "/s?draft=1") == "plain")
    }

    /// `qa` and `qb` ask for as many items: a URL that carries both is taken by declaration order
    /// alone, and `check` says so, with such a URL.
    @Test func routesThatRequireAsManyDifferentItemsAreReportedWithAURLBothTake() throws {
        let table = "route qa /s\n  query a string\nroute qb /s\n  query b int\n"
        let diagnostics = compile(table).diagnostics
        #expect(diagnostics.map { "\($0.code.rawValue) \($0.location.line)" } == ["W401 3"])
        let message = try #require(diagnostics.first?.message)
        #expect(message.contains("such as '/s?a=x&b=1'"), "\(message)")
        #expect(resolved(table, "/s?a=1&b=2") == "qa")
        #expect(resolved(table, "/s?b=2") == "qb")
        // One that needs an item the other refuses never shares a URL with it.
        let apart = "route withA /s\n  query a string\nroute withoutA /s\n  query a absent\n"
        #expect(warnings(apart).isEmpty)
        #expect(resolved(apart, "/s?a=1") == "withA")
        #expect(resolved(apart, "/s") == "withoutA")
    }

    /// A route whose every URL an earlier one takes, query included, is reported as never
    /// matching; one a typed value of the earlier one lets through is not.
    @Test func aRouteTheQueryCannotReachIsReportedAsNeverMatching() {
        let dead = "route anyPage /pages\n  query page string\nroute numberedPage /pages\n  query page int\n"
        #expect(warnings(dead) == ["W402 3"])
        #expect(resolved(dead, "/pages?page=2") == "anyPage")
        let live = "route numberedPage /pages\n  query page int\nroute anyPage /pages\n  query page string\n"
        #expect(warnings(live) == ["W401 3"])
        #expect(resolved(live, "/pages?page=2") == "numberedPage")
        #expect(resolved(live, "/pages?page=two") == "anyPage")
        // A required item the later route does not require: it can match without it.
        let reachable = "route withQ /pages\n  query q string\nroute any /:name\n"
        #expect(warnings(reachable).isEmpty)
        #expect(resolved(reachable, "/pages") == "any")
    }

    /// `/:code?` is empty when `code` is absent, and a URL's path is never empty: the root URL
    /// never reaches it, and `check` says so (issue 30), unless an alias takes `/`.
    @Test func aPatternThatIsEmptyWithoutItsOptionalPartsIsReportedForTheRoot() {
        #expect(warnings("route invite /:code?\n") == ["W410 1"])
        #expect(resolved("route invite /:code?\n", "/") == nil)
        #expect(resolved("route invite /:code?\n", "/abc") == "invite")
        // `/*?` takes `/` (the wildcard matches the empty rest): nothing to report.
        #expect(warnings("route any /*?\n").isEmpty)
        #expect(resolved("route any /*?\n", "/") == "any")
        let aliased = "route invite /:code?\n  alias /\n"
        #expect(warnings(aliased).isEmpty)
        #expect(resolved(aliased, "/") == "invite")
        // Patterns with a fixed part, or whose optional part keeps the root, are not reported.
        #expect(warnings("route x /x/:code?\n").isEmpty)
        #expect(warnings("route home /\n").isEmpty)
        #expect(warnings("route root {/}?\n").isEmpty)
    }

    /// `$` or `^` in a group's regexp anchors the whole path (issue 30): reported at the group;
    /// escaped, or inside a class, it is a character and is not.
    @Test func anAnchorInAGroupsRegexpIsReported() throws {
        let dead = "route raw /files/:name([a-z]+$)/raw\n"
        let diagnostics = compile(dead).diagnostics
        #expect(diagnostics.map { "\($0.code.rawValue) \($0.location.line):\($0.location.column)" } == ["W411 1:23"])  // at the regexp
        #expect(diagnostics.first?.message.contains("anchors the end of the whole path") == true)
        #expect(resolved(dead, "/files/abc/raw") == nil)
        #expect(warnings("route a /a/:x(^b)\n") == ["W411 1"])
        for fine in ["route a /a/:x([$^]b)\n", "route a /a/:x(\\$b)\n", "route a /a/:x([a-z]+)/raw\n"] {
            #expect(warnings(fine).isEmpty, "\(fine)")
        }
    }

    // MARK: The examples: decided by rank now

    @Test func aRegexpThatSpansSegmentsRanksAsAWildcard() {
        let table = "route greedy /m/:a(.+)\nroute one /m/:x\nroute two /m/:x/:y\n"
        #expect(warnings(table).isEmpty)
        #expect(resolved(table, "/m/a") == "one")
        #expect(resolved(table, "/m/a/b") == "two")
        #expect(resolved(table, "/m/a/b/c") == "greedy")
        // Whatever the declaration order.
        #expect(resolved("route one /m/:x\nroute two /m/:x/:y\nroute greedy /m/:a(.+)\n", "/m/a") == "one")
    }

    @Test func fixedTextBeatsAGroupWithinASegment() {
        let table = "route fileAny /f/:name.:ext\nroute fileJson /f/:file.json\n"
        #expect(warnings(table).isEmpty)
        #expect(resolved(table, "/f/a.json") == "fileJson")
        #expect(resolved(table, "/f/a.txt") == "fileAny")
        #expect(resolved("route fileJson /f/:file.json\nroute fileAny /f/:name.:ext\n", "/f/a.json") == "fileJson")
        // A constrained group before a plain one, fixed text before both, longer before shorter.
        let order = compile("route c /g/:x.:y\nroute b /g/:x(\\d+).png\nroute a /g/:x.png\n").router?.routes.map(\.name)
        #expect(order == ["b", "a", "c"])
    }

    // MARK: Never matching (W402)

    @Test(arguments: [
        // Different segment counts: a wildcard that ends first ranks first and takes the longer route's URLs.
        ("route a /r/*\nroute b /r/*/x", "W402 2"),
        ("route a /m/:a(.+)\nroute b /m/*/x", "W402 2"),
        // A repeated group after a wildcard of the same rank, declared later.
        ("route a /g/*\nroute b /g/:x+", "W402 2"),
        // Regexps: one language inside the other.
        ("route a /t/:a(\\d+)\nroute b /t/:b(\\d{1,3})", "W402 2"),
        ("route a /t/:a([a-z]+)\nroute b /t/:b(abc|xyz)", "W402 2"),
        // A type's shape: every value of the second is an enum value of the first.
        ("route a /v/:kind\n  param kind enum(new, old)\nroute b /v/:k(new)", "W402 3"),
        // An optional query on the second does not save it: the first takes every path.
        ("route a /a/:x/:y\nroute b /a/:p/:q\n  query z int optional", "W402 2"),
    ])
    func aRouteThatCanNeverMatchIsReported(table: String, expected: String) {
        #expect(warnings(table) == [expected], "\(compile(table).formattedDiagnostics)")
    }

    @Test func theShadowedRoutesURLsReallyGoToTheWinner() throws {
        let router = try #require(compile("route a /r/*\nroute b /r/*/x").router)
        for path in ["/r/x", "/r/a/x", "/r/a/b/x"] { #expect(try router.resolve(path: path).get().route.name == "a") }
    }

    // MARK: Declaration order decides (W401)

    @Test(arguments: [
        // The same URLs.
        ("route a /c/:id(\\d+)\nroute b /c/:n([0-9]+)", "same"),
        ("route a /e{/:x}?\nroute b /e/:y?", "same"),
        ("option path-case insensitive\nroute a /k/:x(FOO)\nroute b /k/:y(foo)", "same"),
        // Some URLs, with one as the example.
        ("route a /t/:b(\\d{1,3})\nroute b /t/:a(\\d+)", "/t/0"),
        ("route a /u/:a(x|y)\nroute b /u/:b(y|z)", "/u/y"),
        ("route a /g/:x+\nroute b /g/*", "/g/a"),
        // An int converts values of up to 18 digits for sure; longer ones may not fit, and fall
        // through to the regexp: the routes share the shorter ones.
        ("route a /s/:id\n  param id int\nroute b /s/:n(\\d+)", "/s/0"),
        // The first may fall through (a page that is not an int), so the second is not dead —
        // but where both match, the order decides.
        ("route a /q/:x\n  query page int = 1\nroute b /q/:y", "/q/a"),
    ])
    func routesOnlyDeclarationOrderSeparatesAreReported(table: String, example: String) throws {
        let diagnostics = compile(table).diagnostics
        #expect(diagnostics.map(\.code) == [.ambiguousRoutes], "\(compile(table).formattedDiagnostics)")
        let message = try #require(diagnostics.first?.message)
        if example == "same" {
            #expect(message.contains("match the same URLs"))
        } else {
            #expect(message.contains("such as '\(example)'"), "\(message)")
            // The example is real: it goes to the first, and the second's own pattern takes it too.
            let router = try #require(compile(table).router)
            #expect(try router.resolve(path: example).get().route.name == "a")
            let second = try #require(router.entries.firstIndex { $0.name == "b" })
            var scratch = example
            let matches = scratch.withUTF8 { bytes in
                (try? router.regex(of: second)?.match(bytes, scratch: MatchScratch(captures: 8, limits: MatchLimits()))) ?? false
            }
            #expect(matches == true)
        }
    }

    // MARK: Nothing else

    @Test(arguments: [
        // Rank decides: literal before parameter, typed before untyped, ending before going on.
        "route a /u/:id\nroute b /u/new",
        "route a /u/:slug\nroute b /u/:id\n  param id int",
        "route a /u/:x/:y\nroute b /u/:x/b",
        // Disjoint regexps of the same rank.
        "route a /d/:a(\\d+)\nroute b /d/:b([a-z]+)",
        // Different query requirements: the query tells the URLs apart.
        "route a /a/:x\n  query q string\nroute b /a/:y",
        // So do 'matching' regexps of one item that share no value (in any case, when they ignore it).
        "route a /m\n  query u string matching /settings/.*\nroute b /m\n  query u string matching /homepanel/.*",
        "route a /m\n  query u string matching /S/(a|b) ignore-case\nroute b /m\n  query u string matching /t/.* ignore-case",
        // A trailing '/' is never part of a routed path: '/g/' is not a URL of both.
        "route a /g/{:x}?\nroute b /g",
        // Case matters unless the table says otherwise.
        "route a /k/:x(FOO)\nroute b /k/:y(foo)",
        // What the builder cannot model is never reported (lookahead): neither way round.
        "route a /l/:a((?=\\d)\\w+)\nroute b /l/:b(\\d+)",
        "route a /l/:a(\\w+)\nroute b /l/:b((?=\\d)\\w+)",
    ])
    func overlapsRankDecidesAreNotReported(table: String) {
        #expect(compile(table).diagnostics.isEmpty, "\(compile(table).formattedDiagnostics)")
    }

    /// Regexps of one query item that share a value leave the order to decide: still W401, and
    /// the first declared takes a value both accept. A case-insensitive one shares with either case.
    @Test(arguments: [
        ("route a /m\n  query u string matching a.*\nroute b /m\n  query u string matching .*b", "ab"),
        ("route a /m\n  query u string matching /s/x ignore-case\nroute b /m\n  query u string matching /S/X", "/S/X"),
    ])
    func queryRegexpsThatShareAValueAreReported(table: String, shared: String) throws {
        #expect(compile(table).diagnostics.map(\.code) == [.ambiguousRoutes], "\(compile(table).formattedDiagnostics)")
        let router = try #require(compile(table).router)
        #expect(try router.resolve(path: "/m", query: "u=" + shared).get().route.name == "a")
    }

    @Test func aComparisonTooLargeToFinishSaysSoAndReportsNoOverlap() {
        // The deterministic automaton of this expression has 2^13 states: over the budget.
        let hard = "((?:a|b)*a" + String(repeating: "(?:a|b)", count: 12) + ")"
        let table = "route a /p/:a\(hard)\nroute b /p/:b\(hard)\n"
        #expect(compile(table).diagnostics.map { "\($0.code.rawValue) \($0.location.line)" } == ["W407 2"])
        #expect(compile(table).diagnostics.first?.message.contains("was not decided") == true)
        // Many of them: the table's budget runs out, once, and the rest is not compared.
        let many = (0..<12).map { "route r\($0) /p/:a\(hard)" }.joined(separator: "\n")
        let warnings = compile(many).diagnostics
        #expect(warnings.allSatisfy { $0.code == .overlapsNotChecked })
        #expect(warnings.filter { $0.message.contains("stopped at") }.count == 1)
        #expect(warnings.count < 12)
    }

    @Test func theDefaultTableAndGeneratedTablesHaveNoReports() throws {
        var lines: [String] = []
        let sections = ["users", "posts", "photos", "settings", "groups", "events", "messages", "search", "products", "orders"]
        for index in 0..<1_000 {
            var segments = [sections[index % sections.count], "w\(index / sections.count)"]
            if index % 10 < 6 { for number in 1...(1 + index % 3) { segments += [":p\(number)", "s\(number)"] } }
            lines.append("route r\(index) /" + segments.joined(separator: "/"))
        }
        #expect(compile(lines.joined(separator: "\n")).diagnostics.isEmpty)
    }

    // MARK: Soundness on random tables

    /// Random small tables: every W402 is checked against the router on every path up to a
    /// length (none of them reaches the route reported dead), and every W401's example goes
    /// to the first route while the second's own pattern takes it too.
    @Test func reportsOnRandomTablesAreTrue() throws {
        let pieces = ["/a", "/b", "/:x", "/:x(a|b)", "/:x(a+)", "/*", "{/:x}?", "/:x+", "/:x.b", "/a.:x", "/:x(\\w+)"]
        var seed: UInt64 = 0xA5A5
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        // Every path over these characters up to 7 long.
        var paths = ["/"]
        var frontier = ["/"]
        for _ in 0..<6 {
            frontier = frontier.flatMap { path in ["a", "b", "/", "."].map { path + $0 } }
            paths += frontier
        }
        var reports = 0
        for _ in 0..<120 {
            let count = 2 + next(4)
            let table = (0..<count).map { index in
                "route r\(index) " + (0..<(1 + next(2))).map { _ in pieces[next(pieces.count)] }.joined()
            }.joined(separator: "\n")
            let compilation = compile(table)
            guard let router = compilation.router else { continue }
            for diagnostic in compilation.diagnostics where diagnostic.code == .shadowedRoute {
                reports += 1
                let dead = try #require(router.entries.first { $0.location == diagnostic.location })
                for path in paths {
                    let winner = try? router.resolve(path: path).get().route.name
                    #expect(winner != dead.name, "\(table)\n\(diagnostic.message)\n\(path) resolves to it")
                }
            }
            for diagnostic in compilation.diagnostics where diagnostic.code == .ambiguousRoutes {
                reports += 1
                guard let start = diagnostic.message.range(of: "such as '"), let end = diagnostic.message[start.upperBound...].firstIndex(of: "'")
                else { continue }
                let example = String(diagnostic.message[start.upperBound..<end])
                let second = try #require(router.entries.firstIndex { $0.location == diagnostic.location })
                #expect(try router.resolve(path: example).get().route.name != router.entries[second].name, "\(table)\n\(example)")
            }
        }
        #expect(reports > 10)
    }
}

/// W414 (issue 30): a route on no host that takes some of a host route's URLs on its host.
@Suite struct HostRouteTakenTests {
    @Test func aMoreSpecificRouteOnNoHostIsReportedWithAURLOnTheHost() throws {
        let compilation = compile("origins https://*.example.com\nroute post /posts/:id\nroute blogPost https://blog.example.com/:section/:id\n")
        let warning = try #require(compilation.diagnostics.first)
        #expect(compilation.diagnostics.count == 1)
        #expect(warning.code == .hostRouteTaken)
        #expect(warning.message.contains("'https://blog.example.com/posts/"))
        // And it does take it: the example resolves to the route on no host.
        let router = try #require(compilation.router)
        #expect(try router.resolve("https://blog.example.com/posts/7").get().route.name == "post")
        #expect(try router.resolve("https://blog.example.com/news/7").get().route.name == "blogPost")
    }

    @Test func aHostsFallbackAnAliasOfTheSameRouteAndDisjointPathsAreNotReported() {
        for table in [
            // `/*` on a host: what no other route takes.
            "origins https://*.example.com\nroute post /posts/:id\nroute mail https://mail.example.com/*\n",
            // An alias on its route's own host.
            "origins https://*.example.com\nroute click /c/:id\n  alias https://mail.example.com/:id\n",
            // Paths that never meet.
            "origins https://*.example.com\nroute post /posts/:id\nroute blogPost https://blog.example.com/articles/:id\n",
        ] {
            let compilation = compile(table)
            #expect(!compilation.diagnostics.contains { $0.code == .hostRouteTaken }, "\(compilation.formattedDiagnostics)")
        }
    }
}
