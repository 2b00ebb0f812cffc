import Foundation
import Testing

@testable import AxiomRouting

/// How query values and URL spellings read (issue 20): `+` as the table chooses, `1`/`0` as
/// booleans, lenient optional values, empty path segments — each failing on the first edition.
@Suite struct URLSpellingTests {
    private func router(_ text: String) throws -> Router { try Router(source: RouteSource(name: "t.routes", text: text)) }

    @Test func plusInAQueryValueReadsAsTheTableChooses() throws {
        let table = "origins myapp:\nroute open /open\n  query url string\n"
        let url = "myapp://open?url=https://x.com/s?q=swift+ios"
        // The default: form decoding, `+` is a space.
        #expect(try router(table).resolve(url).get().query["url"] == .string("https://x.com/s?q=swift ios"))
        // As `URLComponents.queryItems` reads it.
        #expect(try router("option query-plus plus\n" + table).resolve(url).get().query["url"] == .string("https://x.com/s?q=swift+ios"))
        // Names too.
        #expect(
            try router("option query-plus plus\norigins myapp:\nroute s /s\n  query q string").resolve("myapp://s?q=a+b").get().query["q"]
                == .string("a+b"))
    }

    @Test(arguments: [true, false])
    func reverseRoutingWritesWhatReadsBackUnderEitherChoice(plusIsSpace: Bool) throws {
        let router = try router((plusIsSpace ? "" : "option query-plus plus\n") + "origins myapp:\nroute s /s\n  query q string")
        for value in ["a+b", "a b", "+", " + ", "c++ & c#", "x=1+2", "%2B", "a%20b"] {
            let url = try router.url(for: "s", query: ["q": .string(value)])
            #expect(try router.resolve(url).get().query["q"] == .string(value), "\(url)")
        }
    }

    @Test func booleansAcceptOneAndZero() throws {
        let router = try router("origins myapp:\nroute s /s/:flag\n  param flag bool\n  query safe bool = true")
        let match = try router.resolve("myapp://s/1?safe=0").get()
        #expect(match.parameters["flag"] == .bool(true))
        #expect(match.query["safe"] == .bool(false))
        #expect(try router.resolve("myapp://s/0").get().parameters["flag"] == .bool(false))
        #expect(throws: RouteFailure.self) { try router.resolve("myapp://s/2").get() }
        #expect(throws: RouteFailure.self) { try router.resolve("myapp://s/yes").get() }
        // Printed as `true`/`false`.
        #expect(try router.url(for: "s", parameters: ["flag": .bool(true)]) == "myapp://s/true")
    }

    @Test func aLenientOptionalValueThatDoesNotConvertIsAbsent() throws {
        let router = try router(
            """
            origins myapp:
            route list /list
              query page int = 1 lenient
              query ref int optional lenient
              query size int optional
            """)
        let match = try router.resolve("myapp://list?page=two&ref=x").get()
        #expect(match.query["page"] == .int(1))
        #expect(match.query["ref"] == nil)
        #expect(try router.resolve("myapp://list?page=3&ref=%zz").get().query["page"] == .int(3))
        // The strict default stays.
        guard case .failure(let failure) = router.resolve("myapp://list?size=big") else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code == .conversionFailed)
        // Only where the value may be absent.
        let marked = MarkedText("route a /a\n  query q int 1️⃣lenient")
        #expect(diagnostic(.unexpectedArgument, at: "1️⃣", in: marked) != nil, "\(compile(marked.text).formattedDiagnostics)")
        // A lenient typed query never makes a route fall through: with an identical route after
        // it, the two take the same URLs (a strict one may fall through: only some are shared).
        let lenient = compile("route a /a/:x\n  query p int = 1 lenient\nroute b /a/:y").diagnostics
        #expect(lenient.map(\.code) == [.ambiguousRoutes])
        #expect(lenient.first?.message.contains("match the same URLs") == true)
        let strict = compile("route a /a/:x\n  query p int = 1\nroute b /a/:y").diagnostics
        #expect(strict.first?.message.contains("such as") == true)
    }

    @Test func emptySegmentsAreSignificantUnlessTheTableCollapsesThem() throws {
        let table = "origins myapp:\nroute post /posts/:id/comments\n"
        #expect(throws: RouteFailure.self) { try router(table).resolve("myapp://posts//7//comments").get() }
        let collapsing = try router("option empty-segments collapse\n" + table)
        #expect(try collapsing.resolve("myapp://posts//7//comments").get().parameters["id"] == .string("7"))
        #expect(try collapsing.resolve(path: "//posts/7///comments/").get().route.name == "post")
    }
}

/// Table-wide query parameters (issue 20): declared once at the top, read on every route.
@Suite struct SharedQueryTests {
    static let table = """
        origins myapp:
        query ref string optional
        query source enum(mail, push, web) optional lenient
        route home /
        route post /posts/:id
          param id int
        route campaign /c/:ref
        route search /search
          query ref int = 0
        """

    @Test func everyRouteReadsThemUnlessItDeclaresItsOwn() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let post = try router.resolve("myapp://posts/7?ref=newsletter&source=mail").get()
        #expect(post.query["ref"] == .string("newsletter"))
        #expect(post.query["source"] == .string("mail"))
        #expect(try router.resolve("myapp://?source=fax").get().query["source"] == nil)  // lenient
        // A route's own declaration wins (an int here), and a path group of that name too.
        #expect(try router.resolve("myapp://search?ref=3").get().query["ref"] == .int(3))
        let campaign = try router.resolve("myapp://c/spring?ref=other").get()
        #expect(campaign.parameters["ref"] == .string("spring"))
        #expect(campaign.query["ref"] == nil)
        // Reverse routing writes them.
        #expect(try router.url(for: "post", parameters: ["id": .int(7)], query: ["ref": .string("x")]) == "myapp://posts/7?ref=x")
        #expect(router.route(named: "home")?.query.map(\.name) == ["ref", "source"])
    }

    @Test func mistakesAreReportedOnceAtTheDeclaration() {
        let twice = compile("query ref string optional\nroute a /a\nroute b /b\nquery ref int optional\n").diagnostics
        #expect(twice.map { "\($0.code.rawValue) \($0.location.line)" } == ["E204 4"])
        let badDefault = compile("query page int = one\nroute a /a\nroute b /b\n").diagnostics
        #expect(badDefault.map { "\($0.code.rawValue) \($0.location.line)" } == ["E205 1"])
    }

    @Test func theGeneratedTypedRoutesCarryThem() throws {
        let compilation = compile("origins myapp:\nquery ref string optional\nroute post /posts/:id\n  param id int\n")
        let source = try SwiftRouteGenerator.generate(compilation, options: .init()).get()
        #expect(source.contains("case post(id: Int, ref: String? = nil)") || source.contains("case post(id: Int, ref: String?)"), "\(source)")
    }
}

/// A failure names the first route that rejected the path and says how many more did (issue 20:
/// with many routes of one pattern, the message named the first candidate as if it were the only one).
@Suite struct RejectedCandidatesTests {
    @Test func theFailureCountsEveryRouteThatRejectedThePath() throws {
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    origins myapp:
                    route byNumber /p/:id
                      param id int
                    route byUUID /p/:id
                      param id uuid
                    route byKind /p/:id
                      param id enum(new, old)
                    route other /q/:x
                      param x int
                    """))
        guard case .failure(let failure) = router.resolve("myapp://p/zzz") else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code == .conversionFailed)
        #expect(failure.rejectedCandidates == 3)
        #expect(failure.description.hasSuffix("(2 more routes of this path rejected it too; 'explain' lists them all)"))
        // One candidate: nothing added.
        guard case .failure(let single) = router.resolve("myapp://q/zzz") else {
            Issue.record("resolved")
            return
        }
        #expect(single.rejectedCandidates == 1)
        #expect(!single.description.contains("more route"))
        #expect(router.explain("myapp://p/zzz").candidates.filter { if case .rejected = $0.outcome { true } else { false } }.count == 3)
    }
}

/// Richer query parameters (issue 20, part of item 2): an item that must be absent, enums in any
/// case, a regexp on a value, and absolute URLs of listed schemes — each with its diagnostics,
/// its overlap rule and reverse routing.
@Suite struct RicherQueryTests {
    static let table = """
        origins myapp:
        route open /open
          query url url(http, https)
        route settings /settings/:page
          query tab enum(newTab, privacy) ignore-case optional
        route code /code
          query value string matching [A-Z]{3}-[0-9]{4}
        route shared /shared/:id
          query token absent
        route sharedWithToken /shared/:id
          query token string
        """

    let router: Router

    init() throws {
        let compilation = compile(Self.table)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        router = try #require(compilation.router)
    }

    private func code(_ url: String) -> RouteFailure.Code? {
        if case .failure(let failure) = router.resolve(url) { return failure.code }
        return nil
    }

    @Test func aURLParameterTakesAbsoluteURLsOfItsSchemesOnly() throws {
        #expect(try router.resolve("myapp://open?url=https%3A%2F%2Fx.com%2Fs%3Fq%3Dswift").get().query["url"] == .string("https://x.com/s?q=swift"))
        #expect(try router.resolve("myapp://open?url=HTTP://EXAMPLE.com").get().query["url"] == .string("http://example.com/"))
        // Every spelling of a script URL the parser reads as one: case, tabs and newlines inside
        // the scheme, leading spaces and controls.
        for bad in [
            "javascript:alert(1)", "JavaScript%3Aalert(1)", "java%09script:alert(1)", "java%0Ascript:alert(1)", "%20javascript:alert(1)",
            "%01javascript:alert(1)", "data:text/html,x", "/relative", "//evil.com/x", "ftp://x.com/", "",
        ] {
            #expect(code("myapp://open?url=" + bad) == .conversionFailed, "\(bad)")
        }
        #expect(
            try router.url(for: "open", query: ["url": .string("https://x.com/a?b=c&d=e+f")]) == "myapp://open?url=https://x.com/a?b%3Dc%26d%3De%2Bf")
        #expect(throws: RouteURLError.self) { try router.url(for: "open", query: ["url": .string("javascript:alert(1)")]) }
    }

    @Test func anEnumMayIgnoreCaseAndReadsInItsDeclaredSpelling() throws {
        #expect(try router.resolve("myapp://settings/x?tab=newtab").get().query["tab"] == .string("newTab"))
        #expect(try router.resolve("myapp://settings/x?tab=PRIVACY").get().query["tab"] == .string("privacy"))
        #expect(code("myapp://settings/x?tab=other") == .conversionFailed)
        // Table-wide.
        let wide = try Router(
            source: RouteSource(name: "t", text: "origins myapp:\noption enum-case insensitive\nroute s /s\n  query sort enum(top, new)"))
        #expect(try wide.resolve("myapp://s?sort=TOP").get().query["sort"] == .string("top"))
        // Only for enums.
        let marked = MarkedText("route a /a\n  query q string 1️⃣ignore-case")
        #expect(diagnostic(.unexpectedArgument, at: "1️⃣", in: marked) != nil)
    }

    @Test func aValueMustMatchItsRegexp() throws {
        #expect(try router.resolve("myapp://code?value=ABC-1234").get().query["value"] == .string("ABC-1234"))
        guard case .failure(let failure) = router.resolve("myapp://code?value=ABC-12345") else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code == .queryValueRejected)
        #expect(failure.description.contains("does not match '[A-Z]{3}-[0-9]{4}'"))
        let bad = MarkedText("route a /a\n  query q string matching 1️⃣[a-")
        #expect(diagnostic(.invalidPattern, at: "1️⃣", in: bad) != nil, "\(compile(bad.text).formattedDiagnostics)")
    }

    @Test func anItemThatMustBeAbsentSeparatesTwoRoutesOfOnePath() throws {
        #expect(try router.resolve("myapp://shared/7").get().route.name == "shared")
        #expect(try router.resolve("myapp://shared/7?token=abc").get().route.name == "sharedWithToken")
        // Declared in the other order, the same.
        let reversed = try Router(
            source: RouteSource(name: "t", text: "origins myapp:\nroute b /s/:id\n  query token string\nroute a /s/:id\n  query token absent"))
        #expect(try reversed.resolve("myapp://s/1").get().route.name == "a")
        #expect(try reversed.resolve("myapp://s/1?token=x").get().route.name == "b")
        // Not a value reverse routing takes.
        #expect(throws: RouteURLError.self) { try router.url(for: "shared", parameters: ["id": .string("7")], query: ["token": .string("x")]) }
        #expect(try router.url(for: "shared", parameters: ["id": .string("7")]) == "myapp://shared/7")
        // No overlap reported: the query tells their URLs apart; alone it is not dead either.
        #expect(compile("route a /s/:id\n  query token absent\nroute b /s/:x").diagnostics.map(\.code) != [.shadowedRoute])
    }
}

/// A query value that runs to the end of the query (issue 20: an unencoded nested URL was cut at
/// its first `&`).
@Suite struct ToEndQueryTests {
    @Test func aNestedURLKeepsItsOwnQuery() throws {
        let router = try Router(
            source: RouteSource(name: "t", text: "origins myapp:\nroute open /open\n  query ref string optional\n  query url url(http, https) to-end")
        )
        let match = try router.resolve("myapp://open?ref=mail&url=https://x.com/s?q=swift&page=2").get()
        #expect(match.query["url"] == .string("https://x.com/s?q=swift&page=2"))
        #expect(match.query["ref"] == .string("mail"))
        // Without `to-end`, the first `&` ends it.
        let plain = try Router(source: RouteSource(name: "t", text: "origins myapp:\nroute open /open\n  query url url(http, https)"))
        #expect(try plain.resolve("myapp://open?url=https://x.com/s?q=swift&page=2").get().query["url"] == .string("https://x.com/s?q=swift"))
        // Reverse routing writes it last, and it reads back.
        let url = try router.url(for: "open", query: ["url": .string("https://x.com/s?q=a&b=c"), "ref": .string("r")])
        #expect(url.hasPrefix("myapp://open?ref=r&url="))
        #expect(try router.resolve(url).get().query["url"] == .string("https://x.com/s?q=a&b=c"))
    }
}

/// The law `resolve(url(for: r, v)) == (r, v)` for the query kinds issue 20 added, over generated
/// values (characters a URL escapes or a form reads differently included), under both readings of
/// `+`: `url(…)`, `ignore-case` enums and regexps, `matching`, `to-end`, `lenient`, `bool`, lists
/// and the rest-of-query map.
@Suite struct NewQueryKindsRoundTripTests {
    @Test(arguments: [true, false])
    func reverseRoutingRoundTripsEveryNewKind(plusIsSpace: Bool) throws {
        let router = try Router(
            source: RouteSource(
                name: "t",
                text: (plusIsSpace ? "" : "option query-plus plus\n") + """
                    origins myapp:
                    route r /r/:flag
                      param flag bool
                      query link url(http, https) optional
                      query kind enum(newTab, Old) ignore-case optional
                      query code string matching "[a-z+ &=%]{1,12}" optional
                      query shout string matching "[a-c]+" ignore-case optional
                      query page int = 1 lenient
                      query tags [string]
                      query ids [int]
                      query extra rest
                      query next string optional to-end
                    """))
        var seed: UInt64 = plusIsSpace ? 1 : 2
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        let alphabet = Array("ab +&=%?#/:xé")
        func text(_ count: Int) -> String { String((0..<count).map { _ in alphabet[next(alphabet.count)] }) }
        let codeAlphabet = Array("az+ &=%")
        for _ in 0..<300 {
            var names: [String] = []
            var values: [RouteValue] = []
            if next(2) == 0 {
                names.append("link")
                values.append(.string((next(2) == 0 ? "https" : "http") + "://x.com/" + text(next(6)).addingPercentEncodingForTest()))
            }
            if next(2) == 0 {
                names.append("kind")
                values.append(.string(next(2) == 0 ? "newTab" : "Old"))
            }
            if next(2) == 0 {
                names.append("code")
                values.append(.string(String((0..<(1 + next(10))).map { _ in codeAlphabet[next(codeAlphabet.count)] })))
            }
            if next(2) == 0 {
                names.append("shout")
                values.append(.string(String((0..<(1 + next(5))).map { _ in Array("abcABC")[next(6)] })))
            }
            names.append("page")
            values.append(.int(next(1_000) - 500))
            if next(2) == 0 {
                names.append("tags")
                values.append(.list((0..<(1 + next(3))).map { _ in .string(text(next(6))) }))
            }
            if next(2) == 0 {
                names.append("ids")
                values.append(.list((0..<(1 + next(3))).map { _ in .int(next(100_000) - 50_000) }))
            }
            if next(2) == 0 {
                // Undeclared items: names no route parameter has.
                var fields: [String: String] = [:]
                for _ in 0..<(1 + next(3)) { fields["x" + text(1 + next(4))] = text(next(6)) }
                names.append("extra")
                values.append(.fields(fields))
            }
            if next(2) == 0 {
                names.append("next")
                values.append(.string(text(next(12))))
            }
            let flag = next(2) == 0
            let query = RouteParameters(names: names, values: values)
            let url = try router.url(for: "r", parameters: ["flag": .bool(flag)], query: query)
            let match = try router.resolve(url).get()
            #expect(match.parameters["flag"] == .bool(flag), "\(url)")
            for (name, value) in query {
                // `url` values come back as the parser writes them.
                let expected = name == "link" ? ParameterType.url(["http", "https"]).convert(value.description) : value
                #expect(match.query[name] == expected, "\(name) in \(url)")
            }
        }
    }
}

extension String {
    /// Path-safe text for a generated URL's path (the parser would otherwise read `?` and `#`).
    fileprivate func addingPercentEncodingForTest() -> String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || "-._~".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true).leftPadded() }
            }
        }
        return result
    }

    fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}

/// A map of every query item a route does not declare (issue 20: the filters a search screen
/// forwards were lost).
@Suite struct RestOfQueryTests {
    static let table = """
        origins myapp:
        route search /search
          query q string
          query page int = 1
          query filters rest
        """

    @Test func theUndeclaredItemsAreTheMap() throws {
        let router = try Router(source: RouteSource(name: "t", text: Self.table))
        let match = try router.resolve("myapp://search?q=swift&color=red+blue&page=2&size=%31%30&color=green&bad=%zz").get()
        #expect(match.query["q"] == .string("swift"))
        #expect(match.query["page"] == .int(2))
        // The first of each name, decoded; an item that does not decode is left out, and the
        // route still matches.
        #expect(match.query["filters"] == .fields(["color": "red blue", "size": "10"]))
        #expect(try router.resolve("myapp://search?q=x").get().query["filters"] == .fields([:]))
        #expect(match.query.value("filters", as: [String: String].self) == ["color": "red blue", "size": "10"])
    }

    @Test func reverseRoutingWritesTheMapsItemsAndTheyReadBack() throws {
        let router = try Router(source: RouteSource(name: "t", text: Self.table))
        let fields = ["color": "red & blue", "size+x": "10%", "é": "ü"]
        let url = try router.url(for: "search", query: ["q": .string("a"), "filters": .fields(fields)])
        #expect(try router.resolve(url).get().query["filters"] == .fields(fields))
        // A declared name is not one of the map's.
        #expect(throws: RouteURLError.self) { try router.url(for: "search", query: ["q": .string("a"), "filters": .fields(["page": "3"])]) }
    }

    @Test func aRestMapIsAQueryTypeAndNeverMakesARouteFallThrough() {
        let marked = MarkedText("route a /a/:x\n  param x 1️⃣rest")
        #expect(diagnostic(.segmentTypeMismatch, at: "1️⃣", in: marked) != nil)
        // Two routes of one path, the first with a map: the map cannot reject a URL, so the two
        // take the same URLs (a typed query would let some fall through: only "some URLs").
        let diagnostics = compile("route a /a/:x\n  query f rest\nroute b /a/:y\n  query g string optional").diagnostics
        #expect(diagnostics.map(\.code) == [.ambiguousRoutes])
        #expect(diagnostics.first?.message.contains("match the same URLs") == true)
    }
}

/// Lists from repeated items (issue 20: `?tag=a&tag=b` could not be a list).
@Suite struct ListQueryTests {
    static let table = """
        origins myapp:
        route posts /posts
          query tag [string]
          query id [int]
          query sort [enum(top, new)] ignore-case
        """

    @Test func aRepeatedItemIsAListOfItsValues() throws {
        let router = try Router(source: RouteSource(name: "t", text: Self.table))
        let match = try router.resolve("myapp://posts?tag=swift&id=3&tag=ios+dev&id=-1&sort=TOP").get()
        #expect(match.query["tag"] == .list([.string("swift"), .string("ios dev")]))
        #expect(match.query["id"] == .list([.int(3), .int(-1)]))
        #expect(match.query["sort"] == .list([.string("top")]))
        #expect(match.query.value("id", as: [Int].self) == [3, -1])
        // Absent: an empty list.
        #expect(try router.resolve("myapp://posts").get().query["tag"] == .list([]))
        // One value that does not convert fails the route (a lenient list leaves it out).
        guard case .failure(let failure) = router.resolve("myapp://posts?id=1&id=x") else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code == .conversionFailed)
        let lenient = try Router(source: RouteSource(name: "t", text: "origins myapp:\nroute p /p\n  query id [int] lenient"))
        #expect(try lenient.resolve("myapp://p?id=1&id=x&id=2").get().query["id"] == .list([.int(1), .int(2)]))
    }

    @Test func reverseRoutingRepeatsTheItemAndItReadsBack() throws {
        let router = try Router(source: RouteSource(name: "t", text: Self.table))
        let query: RouteParameters = ["tag": .list([.string("a&b"), .string("c+d"), .string("")]), "id": .list([.int(1), .int(2)])]
        let url = try router.url(for: "posts", query: query)
        #expect(url == "myapp://posts?tag=a%26b&tag=c%2Bd&tag=&id=1&id=2")
        let match = try router.resolve(url).get()
        #expect(match.query["tag"] == query["tag"])
        #expect(match.query["id"] == query["id"])
        #expect(throws: RouteURLError.self) { try router.url(for: "posts", query: ["id": .list([.string("x")])]) }
    }

    @Test func aListIsAQueryTypeOfSimpleValues() {
        #expect(diagnostic(.segmentTypeMismatch, at: "1️⃣", in: MarkedText("route a /a/:x\n  param x 1️⃣[int]")) != nil)
        #expect(diagnostic(.unknownType, at: "1️⃣", in: MarkedText("route a /a\n  query x [1️⃣path]")) != nil)
        #expect(
            diagnostic(.invalidEnum, at: "1️⃣", in: MarkedText("route a /a\n  query x [int1️⃣")) != nil,
            "\(compile("route a /a\n  query x [int").formattedDiagnostics)")
    }
}

/// The new values persist as what they are (Docs/Persistence.md): a list stays a list of typed
/// values, a map stays a map.
@Suite struct NewValueCodingTests {
    @Test func listsAndMapsRoundTripThroughJSON() throws {
        let values: [RouteValue] = [
            .list([.int(1), .string("a"), .bool(true), .list([.double(1.5)])]), .fields(["color": "red", "": "empty name"]), .list([]), .fields([:]),
        ]
        for value in values {
            let data = try JSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(RouteValue.self, from: data) == value, "\(String(decoding: data, as: UTF8.self))")
        }
        #expect(String(decoding: try JSONEncoder().encode(RouteValue.list([.int(1)])), as: UTF8.self) == #"{"list":[{"int":1}]}"#)
        // Not a path: the key says which.
        #expect(try JSONDecoder().decode(RouteValue.self, from: Data(#"{"path":["a"]}"#.utf8)) == .path(["a"]))
    }
}

/// The expressions a table adds outside paths run under the match limit too: a `matching` regexp
/// and a host's regexp that backtrack without end end in a failure, not a hang.
@Suite struct NewExpressionLimitTests {
    @Test func aRunawayMatchingRegexpIsARejection() throws {
        let router = try Router(source: RouteSource(name: "t", text: "origins myapp:\nroute s /s\n  query v string matching (?:a+)+b"))
        guard case .failure(let failure) = router.resolve("myapp://s?v=" + String(repeating: "a", count: 5_000) + "c") else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code == .queryValueRejected)
        #expect(try router.resolve("myapp://s?v=aaab").get().query["v"] == .string("aaab"))
    }

    @Test func aRunawayHostRegexpIsAMismatch() throws {
        let router = try Router(
            source: RouteSource(name: "t", text: "origins https://*.example.com\nroute t https://:t((?:a+)+b).example.com/x"))
        guard case .failure(let failure) = router.resolve("https://" + String(repeating: "a", count: 60) + "c.example.com/x") else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code == .hostNotMatched)
        #expect(try router.resolve("https://aab.example.com/x").get().parameters["t"] == .string("aab"))
    }
}

/// A host (or an opaque path) that spells a dot segment: the URL parser resolves `.` and `..`
/// in a path but not in a host, so `myapp://../profile/42` would route `/../profile/42` and
/// give a route a `..` value no path can. Refused through every door, every spelling.
@Suite struct DotSegmentHostTests {
    private let table = """
        origins myapp:
        route profile /profile/:id
          param id int
        route section /:section/items/:item
        route well /.well-known/:name
        """

    @Test(arguments: [
        "myapp://../profile/42", "myapp://./profile/42", "myapp://%2e%2e/profile/42", "myapp://%2E./profile/42", "myapp://.%2e/profile/42",
        "myapp://%2e/profile/42", "myapp://../items/1", "myapp://..", "myapp://../", "myapp://..?q=1", "myapp://..#f",
        // Spellings the in-place scan leaves to the URL parser: upper case, a port, a tab the
        // parser drops, upper-case escapes.
        "MyApp://../profile/42", "myapp://..:80/profile/42", "myapp://.\t./profile/42", "myapp://%2E%2E/profile/42", "MYAPP://%2e./items/1",
    ])
    func aDotSegmentHostIsRefusedThroughEveryDoor(url: String) throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: table))
        #expect(router.resolve(url).failure?.code == .appURLDotSegment, "\(url)")
        #expect(router.explain(url).result.failure?.code == .appURLDotSegment, "\(url)")
        #expect(router.matches(url).failure?.code == .appURLDotSegment, "\(url)")
        #expect(router.routedInPlace(url) == nil, "\(url)")
        // A table that routes host-less URLs by their path refuses it too.
        let optional = try Router(source: RouteSource(name: "t.routes", text: "option app-scheme-host optional\n" + table))
        #expect(optional.resolve(url).failure?.code == .appURLDotSegment, "\(url)")
    }

    @Test func anOpaquePathWithADotSegmentIsRefusedAndItsReasonSaysWhere() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "option app-scheme-host optional\n" + table))
        for url in ["myapp:../profile/42", "myapp:profile/../items/1", "myapp:./profile/42", "myapp:a/%2e%2e/items/1"] {
            let failure = try #require(router.resolve(url).failure, "\(url)")
            #expect(failure.code == .appURLDotSegment, "\(url)")
        }
        let failure = try #require(router.resolve("myapp://%2e%2e/items/1").failure)
        #expect(failure.reason == .appURLDotSegment(scheme: "myapp", segment: "%2e%2e"))
        #expect(failure.description.contains("'%2e%2e'") && failure.description.contains("dot segment"))
    }

    @Test func segmentsThatOnlyStartWithADotStillRoute() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: table))
        #expect(try router.resolve("myapp://.well-known/assetlinks").get().route.name == "well")
        #expect(try router.resolve("myapp://.../items/1").get().parameters["section"] == .string("..."))
        #expect(try router.resolve("myapp://.a/items/1").get().parameters["section"] == .string(".a"))
        #expect(try router.resolve("myapp://profile/42").get().route.name == "profile")
        // In a path the parser resolves them, as before (never above the host, which is not
        // part of the path it resolves): `myapp://profile/x/../42` is `/profile/42`, and
        // `myapp://a/../profile/42` is `/a/profile/42`.
        #expect(try router.resolve("myapp://profile/x/../42").get().route.name == "profile")
        #expect(router.resolve("myapp://a/../profile/42").failure?.reason == .noRoute(path: "/a/profile/42", suggestions: []))
    }
}
