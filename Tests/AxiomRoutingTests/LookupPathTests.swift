import Testing

@testable import AxiomRouting
@_spi(Lookup) @testable import AxiomURLPattern

/// The lookup's shortcuts — literal routes found by path, values read from whole segments,
/// possessive segments, the word-at-a-time byte helpers — each checked against what the
/// plain rule (rank order, one route's own expression, a byte loop) gives.
@Suite struct LookupPathTests {
    private func router(_ text: String) throws -> Router {
        try Router(source: RouteSource(name: "t.routes", text: text))
    }

    private func outcome(_ result: Result<RouteMatch, RouteFailure>) -> String {
        switch result {
        case .success(let match): return "\(match.route.name) \(match.parameters) \(match.query)"
        case .failure(let failure): return failure.code.rawValue
        }
    }

    @Test func literalRouteIsFoundByPathAndOutranksEveryParameterRoute() throws {
        let router = try router(
            """
            route byId /users/:id
            route any /:section/:page
            route new /users/new
            route rest /users/:path*
            """)
        #expect(outcome(router.resolve(path: "/users/new")) == "new [] []")
        #expect(outcome(router.resolve(path: "/users/7")) == "byId [id: 7] []")
        #expect(outcome(router.resolve(path: "/teams/new")) == "any [section: teams, page: new] []")
        #expect(outcome(router.resolve(path: "/users/new/x")) == "rest [path: new/x] []")
        // The literal route is not in the combined expressions, and explain says how it was found.
        let explanation = router.explain("myapp://users/new")
        #expect(explanation.literalRoute?.name == "new")
        #expect(explanation.expressions.isEmpty)
        #expect(explanation.candidates.first { $0.outcome == .taken }?.route.name == "new")
        #expect(router.explain("myapp://users/7").expressions.joined().contains("MARK") == true)
    }

    @Test func literalRouteWhoseQueryFailsFallsThroughAndReportsItsOwnFailure() throws {
        let router = try router(
            """
            route new /users/new
              query draft int
            route byId /users/:id
              param id int
            route byName /users/:name
            """)
        // Required query missing: the next candidate in rank order takes the path.
        #expect(outcome(router.resolve(path: "/users/new")) == "byName [name: new] []")
        #expect(outcome(router.resolve(path: "/users/new", query: "draft=3")) == "new [] [draft: 3]")
        // When nothing else matches, the first failure (the literal route's) is the one reported.
        let strict = try self.router(
            """
            route new /users/new
              query draft int
            route byId /users/:id
              param id int
            """)
        guard case .failure(let failure) = strict.resolve(path: "/users/new", query: "draft=x") else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.reason == .conversionFailed(route: "new", parameter: "draft", value: "x", expected: .int))
    }

    @Test func exactTieOfLiteralRoutesKeepsDeclarationOrderAndFallsBackToTheSecond() throws {
        let compilation = Router.compile([
            RouteSource(
                name: "t.routes",
                text: """
                    route first /about
                      query lang string
                    route second /about
                    """)
        ])
        let router = try #require(compilation.router)
        #expect(outcome(router.resolve(path: "/about", query: "lang=de")) == "first [] [lang: de]")
        #expect(outcome(router.resolve(path: "/about")) == "second [] []")
    }

    @Test func caseInsensitiveTablesKeepRankOrderOverLiteralRoutes() throws {
        // `/USERS/:id` ranks before `/users/likes` (the literals compare as written) and
        // matches `/users/likes` case-insensitively, so it is the one taken.
        let router = try router(
            """
            option path-case insensitive
            route likes /users/likes
            route upper /USERS/:id
            """)
        #expect(router.routes.map(\.name) == ["upper", "likes"])
        #expect(outcome(router.resolve(path: "/users/likes")) == "upper [id: likes] []")
        #expect(router.explain("myapp://users/likes").literalRoute == nil)
    }

    @Test func valuesReadFromSegmentsMatchTheRoutesOwnGroups() throws {
        // Whole-segment routes (values read from the path) beside routes that keep groups
        // (`.json` suffix, optional, repeated), in the same expression.
        let router = try router(
            """
            route file /files/:name.json
            route pair /files/:a/to/:b
              param a int
            route single /files/:id
            route optional /files/:id/v/:version?
            route deep /files/:a/:b/:c/:d/:e
            route tail /files/:a/x/:rest+
            """)
        let paths = [
            "/files/report.json", "/files/3/to/4", "/files/x/to/4", "/files/abc", "/files/abc/v", "/files/abc/v/2",
            "/files/1/2/3/4/5", "/files/a%20b/x/c/d", "/files/%E2%9C%93", "/files/1/x",
        ]
        for path in paths {
            let result = router.resolve(path: path)
            // The rule: the first route in rank order whose own expression matches and whose
            // values convert, with the values from that expression's groups.
            let expected = router.routes.indices.lazy.compactMap { rank -> RouteMatch? in
                var subject = path
                return subject.withUTF8 { bytes in
                    let scratch = MatchScratch(captures: 8, limits: MatchLimits())
                    guard let regex = router.regex(of: rank), (try? regex.match(bytes, scratch: scratch)) == true else { return nil }
                    var items: QueryItems? = nil
                    var failure: RouteFailure.Reason? = nil
                    return router.convert(
                        rank, scratch: scratch, bytes: bytes, path: path, query: nil, request: nil, items: &items, failure: &failure,
                        readsSegments: false)
                }
            }.first
            #expect((try? result.get()) == expected, "\(path)")
        }
        #expect(outcome(router.resolve(path: "/files/3/to/4")) == "pair [a: 3, b: 4] []")
        // No route takes it; the reason names the route whose pattern fits but whose value does not.
        #expect(outcome(router.resolve(path: "/files/x/to/4")) == "conversion-failed")
        #expect(outcome(router.resolve(path: "/files/1/2/3/4/5")) == "deep [a: 1, b: 2, c: 3, d: 4, e: 5] []")
        #expect(outcome(router.resolve(path: "/files/abc/v")) == "optional [id: abc] []")
        #expect(outcome(router.resolve(path: "/files/a%20b/x/c/d")) == "tail [a: a b, rest: c/d] []")
    }

    @Test func valuesReadInPlaceFallBackToTheGeneralRules() throws {
        // Strings and decimal ints in whole segments are read straight from the path; any
        // other value (an escape, a number too long, a sign alone) goes through the general
        // rules, which decode it or let the next candidate take the path.
        let router = try router(
            """
            route number /items/:id
              param id int
            route word /items/:name
            route page /lists/:list/:page
              param page int
              query sort string = name
            """)
        #expect(outcome(router.resolve(path: "/items/42")) == "number [id: 42] []")
        #expect(try router.resolve(path: "/items/42").get().parameters["id"] == .int(42))
        #expect(outcome(router.resolve(path: "/items/-7")) == "number [id: -7] []")
        #expect(outcome(router.resolve(path: "/items/4x2")) == "word [name: 4x2] []")
        #expect(outcome(router.resolve(path: "/items/-")) == "word [name: -] []")
        #expect(outcome(router.resolve(path: "/items/99999999999999999999")) == "word [name: 99999999999999999999] []")
        // Escapes are decoded in strings. An escaped unreserved character is the character
        // itself (one spelling per path, RFC 3986 §6.2.2.2): `%34%32` is `42`, the int. Any
        // other escape leaves a number's shape (`4%2B2` is not `4+2` the int), so the next
        // candidate takes it — and explain agrees with resolve on both.
        #expect(try router.resolve(path: "/items/a%20b").get().parameters["name"] == .string("a b"))
        #expect(outcome(router.resolve(path: "/items/%34%32")) == "number [id: 42] []")
        #expect(router.explain("myapp://items/%34%32").candidates.first { $0.outcome == .taken }?.route.name == "number")
        #expect(outcome(router.resolve(path: "/items/4%2b2")) == "word [name: 4+2] []")
        #expect(router.explain("myapp://items/4%2b2").candidates.first { $0.outcome == .taken }?.route.name == "word")
        // The same rule for an enum: its values as the path writes them (`caf%C3%A9`), nothing else.
        let sorts = try self.router(
            """
            route sort /sort/:by
              param by enum(top, café)
            route other /sort/:text
            """)
        #expect(outcome(sorts.resolve(path: "/sort/caf%C3%A9")) == "sort [by: café] []")
        #expect(outcome(sorts.resolve(path: "/sort/%74op")) == "sort [by: top] []")
        #expect(sorts.explain("myapp://sort/%74op").candidates.first { $0.outcome == .taken }?.route.name == "sort")
        #expect(outcome(sorts.resolve(path: "/sort/t%2Bp")) == "other [text: t+p] []")
        // A route read in place still converts its query, defaults included, and fails on it.
        #expect(outcome(router.resolve(path: "/lists/todo/3")) == "page [list: todo, page: 3] [sort: name]")
        #expect(outcome(router.resolve(path: "/lists/todo/3", query: "sort=date")) == "page [list: todo, page: 3] [sort: date]")
        // No route takes it; the reason names the value that did not convert.
        #expect(outcome(router.resolve(path: "/lists/todo/x")) == "conversion-failed")
    }

    @Test func possessiveSegmentsMatchLikeTheStandardsLazyOnes() throws {
        // `[^\/]++` in the table's expression, `[^\/]+?` in the route's own: same answers.
        let router = try router(
            """
            route two /a/:x/:y
            route one /a/:x
            route suffix /b/:x.txt
            route mixed /c/:x-:y
            """)
        #expect(outcome(router.resolve(path: "/a/1/2")) == "two [x: 1, y: 2] []")
        #expect(outcome(router.resolve(path: "/a/1")) == "one [x: 1] []")
        #expect(outcome(router.resolve(path: "/a/1/2/3")) == "no-route")
        #expect(outcome(router.resolve(path: "/b/notes.v2.txt")) == "suffix [x: notes.v2] []")
        #expect(outcome(router.resolve(path: "/c/a-b-c")) == "mixed [x: a, y: b-c] []")
    }

    @Test func canonicalCheckNeverPassesAPathTheParserWouldChange() {
        // Flagged bytes at every position of an eight-byte group, and dot segments.
        var paths: [String] = ["/", "/a", "/./a", "/a/..", "/a/.b", "/a%2e", "/%2e%2e/x", "/a b", "/a\\b", "/ä", "/a?b", "/a#b", "/a%41"]
        for offset in 1..<18 {
            for insert in [".", "%", " ", "\"", "<", "`", "{", "\u{7F}", "é", "/.", "/%2E", "/..", "-", "~"] {
                paths.append("/" + String(repeating: "a", count: offset - 1) + insert + "bcdefghij")
            }
        }
        for path in paths {
            let canonical = Canonicalizer.pathname(path)
            let accepted = Router.withUTF8(of: path, Router.isCanonical)
            // Accepting a path promises the parser would leave it as it is.
            if accepted { #expect(canonical == path, "\(path)") }
            // And the router's own canonical path is always the parser's.
            #expect(Router.canonicalPath(path) == canonical, "\(path)")
        }
        #expect(Router.withUTF8(of: "/users/profile/v123/sub1/v45", Router.isCanonical))
        #expect(!Router.withUTF8(of: "/users/profile/v123/sub1/./v45", Router.isCanonical))
    }

    @Test func wordAtATimeHelpersAgreeWithByteLoops() {
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for _ in 0..<2_000 {
            let length = next() % 40
            let bytes = (0..<length).map { _ in next() % 5 == 0 ? UInt8(ascii: "/") : UInt8(ascii: "a") + UInt8(next() % 26) }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...length {
                    let expected = (start..<length).first { bytes[$0] == UInt8(ascii: "/") } ?? length
                    #expect(PathBytes.nextSlash(in: buffer, from: start) == expected)
                }
                #expect(PathBytes.slashCount(buffer) == bytes.filter { $0 == UInt8(ascii: "/") }.count)
                let copy = Array(bytes)
                copy.withUnsafeBufferPointer { other in
                    #expect(PathBytes.hash(buffer) == PathBytes.hash(other))
                    if let a = buffer.baseAddress, let b = other.baseAddress {
                        #expect(PathBytes.equal(UnsafeRawPointer(a), UnsafeRawPointer(b), count: length, readable: length))
                        // Every prefix, read with the bytes after it: the hash of the prefix on
                        // its own, and equal to the same prefix of the copy.
                        for count in 0...length {
                            let prefix = UnsafeBufferPointer(rebasing: buffer[..<count])
                            let alone = Array(bytes[..<count])
                            #expect(PathBytes.hash(prefix, readable: length) == alone.withUnsafeBufferPointer { PathBytes.hash($0) })
                            #expect(PathBytes.equal(UnsafeRawPointer(a), UnsafeRawPointer(b), count: count, readable: length))
                        }
                    }
                }
                if length > 0 {
                    var changed = bytes
                    changed[next() % length] ^= 1
                    changed.withUnsafeBufferPointer { other in
                        if let a = buffer.baseAddress, let b = other.baseAddress {
                            #expect(!PathBytes.equal(UnsafeRawPointer(a), UnsafeRawPointer(b), count: length, readable: length))
                            // A prefix that ends before the changed byte is still equal; one that
                            // takes it in is not, however many bytes may be read.
                            let position = bytes.indices.first { bytes[$0] != changed[$0] } ?? length
                            for count in 1...length {
                                let same = PathBytes.equal(UnsafeRawPointer(a), UnsafeRawPointer(b), count: count, readable: length)
                                #expect(same == (count <= position))
                            }
                        }
                    }
                }
            }
        }
        // Hashes differ for the keys a dispatch table holds (lengths across the 8-byte step).
        let keys = (1...24).map { String(repeating: "k", count: $0) } + ["users", "posts", "photos", "settings", "groups"]
        let hashes = Set(keys.map { key in Router.withUTF8(of: key) { PathBytes.hash($0) } })
        #expect(hashes.count == keys.count)
    }

    @Test func segmentDispatchFindsKeysOfEveryLength() throws {
        // First segments of 1 to 20 bytes (below, at and above one 8-byte word).
        let text = (1...20).map { "route r\($0) /\(String(repeating: "s", count: $0))/:id" }.joined(separator: "\n")
        let router = try router(text)
        for length in 1...20 {
            #expect(outcome(router.resolve(path: "/\(String(repeating: "s", count: length))/7")) == "r\(length) [id: 7] []")
        }
        #expect(outcome(router.resolve(path: "/\(String(repeating: "s", count: 21))/7")) == "no-route")
        let caseless = try self.router("option path-case insensitive\n" + text)
        #expect(outcome(caseless.resolve(path: "/SSSSSSSSSS/7")) == "r10 [id: 7] []")
    }

    /// Found by the resolve fuzzer: Foundation's UUID parser takes other spellings, which the
    /// table's expression refused but a route's own expression (explain) accepted.
    @Test(arguments: [
        "E621E1F8-C36C-495A-93FC-0C247A3E6E+F", " 621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E-F",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E0x", "E621E1F8C36C495A93FC0C247A3E6E5F",
    ])
    func onlyTheCanonicalFormOfAUUIDConverts(text: String) throws {
        #expect(ParameterType.uuid.convert(text) == nil)
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    route story /stories/:storyId
                      param storyId uuid
                    """))
        let url = "myapp://stories/" + (text.hasPrefix(" ") ? "%20" + text.dropFirst() : text)
        #expect(router.explain(url).candidates.first { $0.outcome == .taken } == nil)
        #expect(throws: RouteFailure.self) { try router.resolve(url).get() }
        #expect(ParameterType.uuid.convert("e621e1f8-c36c-495a-93fc-0c247a3e6e5f") != nil)
    }
}
