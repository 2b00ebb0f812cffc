import Testing
import TestSupport

@testable import AxiomRouting

/// The borrowed match (`withMatch(path:query:_:)`, issue 33) against `resolve(path:query:)`:
/// the same route, values, names and failure on generated tables and paths, and borrowed
/// (no `RouteMatch` made) exactly where the match is the path's plain values.
@Suite struct RouteMatchViewTests {
    /// What a lookup's answer is, as far as a caller can see it.
    private struct Answer: Equatable, CustomStringConvertible {
        var match: RouteMatch?
        var failure: String?
        var description: String { match.map { "\($0.route.name) \($0.parameters) \($0.query)" } ?? failure ?? "?" }
    }

    private static func answer(_ result: Result<RouteMatch, RouteFailure>) -> Answer {
        switch result {
        case .success(let match): return Answer(match: match)
        case .failure(let failure): return Answer(failure: "\(failure.code.rawValue) \(failure.reason)")
        }
    }

    /// The view's answer, read through each of its accessors, and whether it was borrowed.
    private static func viewed(_ router: Router, _ path: String, _ query: String?) -> (Answer, borrowed: Bool) {
        var borrowed = false
        /// What the accessors read, beside the match made for keeping.
        struct Read {
            var made: RouteMatch
            var count: Int, routeName: String, rank: Int, parameters: RouteParameters
            var names: [String] = [], values: [RouteValue] = [], byName: [RouteValue?] = [], ints: [Int?] = [], strings: [String?] = []
            var equal: [Bool] = [], unequal: [Bool] = []
        }
        let result = router.withMatch(path: path, query: query) { view -> Read in
            borrowed = view.isBorrowed
            let made = view.match()
            var read = Read(made: made, count: view.count, routeName: view.routeName, rank: view.rank, parameters: view.parameters)
            for index in 0..<view.count {
                read.names.append(view.name(at: index))
                read.values.append(view.value(at: index))
                read.byName.append(view[made.parameters[index].name])
                read.ints.append(view.int(at: index))
                read.strings.append(view.string(at: index))
                let text = view.string(at: index) ?? ""
                read.equal.append(view.value(at: index, equals: text))
                read.unequal.append(view.value(at: index, equals: text + "x"))
            }
            return read
        }
        if case .success(let read) = result {
            // Each value as the accessors read it agrees with the match made for keeping.
            let made = read.made
            #expect(read.count == made.parameters.count)
            #expect(read.routeName == made.route.name)
            #expect(read.rank == made.route.rank)
            #expect(read.parameters == made.parameters)
            #expect(read.names == made.parameters.names)
            #expect(read.values == made.parameters.values)
            #expect(read.byName.allSatisfy { $0 != nil })
            for (index, value) in made.parameters.values.enumerated() {
                if case .int(let number) = value { #expect(read.ints[index] == number) } else { #expect(read.ints[index] == nil) }
                if case .string(let text) = value {
                    #expect(read.strings[index] == text)
                    #expect(read.equal[index])
                } else {
                    #expect(read.strings[index] == nil)
                }
                #expect(!read.unequal[index])
            }
        }
        return (answer(result.map(\.made)), borrowed)
    }

    /// A random table: literal routes, parameters of every path type, catch-alls, regexp
    /// groups, optional groups, query parameters, aliases and redirects, in random order.
    private static func table(_ random: inout SplitMix64, routes: Int) -> String {
        let words = ["users", "posts", "a", "b", "files", "settings", "x", "team", "docs", "v1"]
        let types = ["string", "int", "path", "double", "bool", "uuid", "enum(a, b, new)", ""]
        var lines: [String] = []
        var names: [String] = []
        for number in 0..<routes {
            var segments: [String] = []
            var parameters: [(String, String)] = []
            for depth in 0..<Int.random(in: 1...3, using: &random) {
                let name = "p\(depth)"
                switch Int.random(in: 0..<9, using: &random) {
                case 0, 1, 2: segments.append(words.randomElement(using: &random) ?? "a")
                case 3:
                    segments.append(":\(name)")
                    parameters.append((name, "int"))
                case 4:
                    segments.append(":\(name)")
                    parameters.append((name, types.randomElement(using: &random) ?? ""))
                case 5: segments.append(":\(name)?")
                case 6: segments.append(":\(name)(\\d+)")
                case 7: segments.append(":\(name).json")
                default: segments.append("\(words.randomElement(using: &random) ?? "a")-:\(name)")
                }
            }
            var pattern = "/" + segments.joined(separator: "/")
            if Int.random(in: 0..<6, using: &random) == 0 {
                pattern += "/:rest*"
                parameters.append(("rest", "path"))
            } else if Int.random(in: 0..<8, using: &random) == 0 {
                pattern += "/*"
            }
            let name = "r\(number)"
            if let target = names.first, Int.random(in: 0..<10, using: &random) == 0 {
                // A redirect to an earlier route with no values to fill.
                lines.append("redirect old\(number) /old\(number)/\(words.randomElement(using: &random) ?? "a") -> \(target)")
                continue
            }
            lines.append("route \(name) \(pattern)")
            if !pattern.contains(":"), !pattern.contains("*") { names.append(name) }
            for (parameter, type) in parameters where !type.isEmpty { lines.append("  param \(parameter) \(type)") }
            switch Int.random(in: 0..<8, using: &random) {
            case 0: lines.append("  query q int")
            case 1: lines.append("  query tab enum(a, b) = a")
            case 2: lines.append("  alias /alias\(number)")
            default: break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A random path: words, numbers in every spelling, escapes, empty segments, a trailing `/`.
    private static func path(_ random: inout SplitMix64) -> String {
        let pieces = [
            "users", "posts", "a", "b", "new", "files", "settings", "x", "team", "docs", "v1", "42", "-7", "+3", "007", "1.5", "true",
            "12345678901234567890", "a%20b", "%34%32", "%2F", "x.json", "a-1", "team-9", "", "old3", "alias2", "E3F2C1A0-1234-4321-ABCD-1234567890AB",
            "%zz", "caf%C3%A9",
        ]
        var path = ""
        for _ in 0..<Int.random(in: 0...5, using: &random) { path += "/" + (pieces.randomElement(using: &random) ?? "") }
        if path.isEmpty { path = "/" }
        if Int.random(in: 0..<10, using: &random) == 0 { path += "/" }
        return path
    }

    @Test(arguments: 0..<24)
    func aBorrowedMatchAnswersAsResolveDoes(seed: Int) throws {
        var random = SplitMix64(state: UInt64(seed) &* 0x9E37_79B9 &+ 17)
        let compilation = Router.compile([RouteSource(name: "t.routes", text: Self.table(&random, routes: Int.random(in: 3...40, using: &random)))])
        // A generated table the compiler refuses (two routes that shadow each other) says nothing here.
        guard let router = compilation.router else { return }
        var borrowedCount = 0
        for _ in 0..<400 {
            let path = Self.path(&random)
            let query: String? = [nil, "q=5", "q=x", "tab=b", "utm_source=mail", "q=2&utm_medium=x"].randomElement(using: &random) ?? nil
            let expected = Self.answer(router.resolve(path: path, query: query))
            let (answer, borrowed) = Self.viewed(router, path, query)
            #expect(answer == expected, "\(path) \(query ?? "")")
            // Borrowed exactly where the match is the path's plain values.
            if borrowed {
                borrowedCount += 1
                let match = try #require(expected.match)
                #expect(match.route.kind == .route && match.route.query.isEmpty && match.attribution.isEmpty, "\(path)")
            }
        }
        // The fast door is the one taken most of the time, not a path never run.
        if router.entries.contains(where: { $0.kind == .route && $0.query.isEmpty }) { #expect(borrowedCount > 0) }
    }

    /// Every door of the plain lookup's rules: the table's options (case, trailing slash, empty
    /// segments), a route's own rules, routes on a host or a fragment, a closed query, and a
    /// router loaded from a snapshot (its expressions compiled at first use). `resolve(path:)`,
    /// `resolve(_:)` and `withMatch` must each answer as the general lookup does.
    @Test(arguments: [
        "", "option path-case insensitive", "option trailing-slash strict", "option empty-segments collapse", "option query closed",
    ])
    func thePlainDoorAnswersAsTheGeneralLookupUnderEveryOption(option: String) throws {
        let text = """
            origins myapp:, https://example.com, https://*.example.com
            \(option)
            route home /
            route profile /profile/:id
              param id int
            route strict /strict/:name
              option trailing-slash strict
            route nofragment /nofrag/:name
              option fragment none
            route tenant https://:tenant.example.com/dashboard/:page
            route room /#/room/:roomId
            route docs /docs/:rest*
            route post /posts/:slug
            route Upper /Users/:name
            route search /search
              query q string
            """
        let compiled = try Router(source: RouteSource(name: "t.routes", text: text))
        let snapshotted = try Router(snapshot: RouterSnapshot.encode(compiled))
        let paths = [
            "/", "/profile/42", "/profile/x", "/PROFILE/42", "/profile/42/", "/profile//42", "//profile/42", "/strict/a", "/strict/a/",
            "/nofrag/a", "/dashboard/a", "/docs/a/b", "/docs/a//b/", "/posts/hello", "/posts/a%20b", "/users/bob", "/Users/bob", "/search",
            "/missing/x", "/profile/9223372036854775808",
            // Spellings the canonical check must send to the general lookup: dot segments (plain
            // and encoded), a backslash, a space, non-ASCII, no leading `/`, the empty path.
            "/posts/./hello", "/posts/x/../hello", "/posts/%2e%2e/x", "/posts\\hello", "/posts/a b", "/posts/café", "posts/hello", "",
        ]
        let queries: [String?] = [nil, "q=swift", "utm_source=x", "other=1"]
        // Longer than the limit: refused before either lookup, through every door.
        let long = "/posts/" + String(repeating: "a", count: compiled.options.limits.maxInputLength)
        let tooLong = compiled.withMatch(path: long) { $0.rank }
        guard case .failure(let failure) = tooLong else {
            Issue.record("a path over the limit matched")
            return
        }
        #expect(failure.code == .inputTooLong)
        #expect((try? compiled.resolve(path: long).get()) == nil)
        for router in [compiled, snapshotted] {
            for path in paths {
                for query in queries {
                    // The general lookup alone, without the plain door.
                    let general = Self.answer(
                        router.made(input: path) { router.lookup(LookupContext(path: Router.canonicalPath(path), query: query, request: nil, input: path), $0) })
                    #expect(Self.answer(router.resolve(path: path, query: query)) == general, "\(option) \(path) \(query ?? "")")
                    let (viewed, _) = Self.viewed(router, path, query)
                    #expect(viewed == general, "\(option) \(path) \(query ?? "")")
                    // The URL door (read in place, then the plain door) against the full parse
                    // and the general lookup.
                    for url in ["myapp:/" + path + (query.map { "?" + $0 } ?? ""), "https://example.com" + path + (query.map { "?" + $0 } ?? "")] {
                        let expected: Answer
                        switch router.routed(url) {
                        case .success(let context):
                            expected = Self.answer(router.made(input: url) { router.lookup(context, $0) })
                        case .failure(let failure):
                            expected = Self.answer(.failure(failure))
                        }
                        #expect(Self.answer(router.resolve(url)) == expected, "\(option) \(url)")
                    }
                }
            }
        }
    }

    /// A lookup made while a view is open (a nested `withMatch`, many at once, from other
    /// threads) gets a scratch of its own: the open view's values, read from its groups after
    /// the others, are still its own.
    @Test func aViewKeepsItsValuesWhileOtherLookupsRun() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "route file /files/:name.json\nroute docs /docs/:rest*"))
        let outer = try router.withMatch(path: "/files/report.json") { view -> [String?] in
            var read: [String?] = []
            for depth in 0..<6 {
                let inner = try? router.withMatch(path: "/files/o\(depth).json") { $0.string(at: 0) }.get()
                read.append(inner ?? nil)
                read.append(view.string(at: 0))
            }
            return read
        }.get()
        #expect(outer == (0..<6).flatMap { ["o\($0)", "report"] })
        let values = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        let path = "/docs/t\(task)/r\(round)"
                        return (try? router.withMatch(path: path) { $0.value(at: 0) }.get()) == .path(["t\(task)", "r\(round)"])
                    }
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(values)
    }

    @Test func eachKindOfValueIsReadInPlaceAndOthersAreMadeInFull() throws {
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    route home /
                    route profile /profile/:id
                      param id int
                    route post /posts/:slug
                    route file /files/:name.json
                    route docs /docs/:rest*
                    route price /price/:amount
                      param amount double
                    route tab /tab/:name
                      query sort enum(new, old) = new
                      alias /t/:name
                    """))
        func borrowed(_ path: String, _ query: String? = nil) -> Bool? {
            try? router.withMatch(path: path, query: query) { $0.isBorrowed }.get()
        }
        #expect(borrowed("/") == true)
        #expect(borrowed("/profile/42") == true)
        #expect(borrowed("/posts/hello") == true)
        #expect(borrowed("/files/report.json") == true)
        #expect(borrowed("/docs/a/b/c") == true)
        // Escapes and other types are converted by the general rules: made in full.
        #expect(borrowed("/posts/a%20b") == false)
        #expect(borrowed("/price/1.5") == false)
        // A query read, an alias, attribution items: made in full.
        #expect(borrowed("/tab/x") == false)
        #expect(borrowed("/t/x") == false)
        #expect(borrowed("/profile/42", "utm_source=mail") == false)
        // A path to make canonical first is borrowed from its canonical form.
        // (`%34%32` spells `42`: its escapes of unreserved characters are decoded first.)
        #expect(borrowed("/profile/%34%32") == true)
        let spelled = try router.withMatch(path: "/profile/%34%32") { $0.int(at: 0) }.get()
        #expect(spelled == 42)
        #expect(borrowed("/posts/hello/") == true)
        // The values as read in place.
        let docs = try router.withMatch(path: "/docs/a/b/c") { $0.value(at: 0) }.get()
        #expect(docs == .path(["a", "b", "c"]))
        let id = try router.withMatch(path: "/profile/-42") { $0.int(at: 0) }.get()
        #expect(id == -42)
        let name = try router.withMatch(path: "/files/report.json") { $0["name"] }.get()
        #expect(name == .string("report"))
        // A miss is the failure resolve gives.
        let miss = router.withMatch(path: "/nowhere") { $0.rank }
        guard case .failure(let failure) = miss else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.code == .noRoute)
    }
}
