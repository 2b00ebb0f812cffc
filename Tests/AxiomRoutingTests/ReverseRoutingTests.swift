import Foundation
import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

@Suite struct ReverseRoutingTests {
    /// A value of each type, unlike any literal segment of the table.
    static func sample(_ type: ParameterType, _ name: String) -> RouteValue {
        switch type {
        case .string: return .string("sample \(name)/ä%")
        case .int: return .int(4711)
        case .double: return .double(-12.75)
        case .bool: return .bool(false)
        case .uuid: return .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))
        case .path: return .path(["deep", "sample path", "x"])
        case .enumeration(let values): return .string(values.last ?? "")
        case .url(let schemes): return .string((schemes.last ?? "https") + "://example.com/a?b=c+d&e=%20f")
        case .rest: return .fields(["color": "red & blue", "size+x": "10%"])
        case .list(let element): return .list([sample(element, name), sample(element, name + "2")])
        }
    }

    /// The law `resolve(url(for: r, p)) == (r, p)`, for every route of every table in
    /// `Routes/`, with every path and query parameter given.
    @Test func roundTripLawHoldsForEveryRouteOfTheDefaultTable() throws {
        let router = try defaultRouter()
        for route in router.routes {
            // A host's string groups are host labels: a sample of what a host can hold.
            let hostNames = Set(route.parameters.suffix(route.host?.parameterCount ?? 0).map(\.name))
            let parameters = RouteParameters(
                names: route.parameters.map(\.name),
                values: route.parameters.map { hostNames.contains($0.name) && $0.type == .string ? .string("acme-2") : Self.sample($0.type, $0.name) }
            )
            let query = RouteParameters(names: route.query.map(\.name), values: route.query.map { Self.sample($0.type, $0.name) })
            let url = try router.url(for: route.name, parameters: parameters, query: query)
            let match = try router.resolve(url).get()
            #expect(match.route.name == route.name, "\(url)")
            #expect(match.parameters == parameters, "\(url)")
            #expect(match.query == query, "\(url)")
        }
    }

    /// The same law for issue 30's query constructs: other names, names in any case, closed
    /// queries (with a `rest` map and a list), bare items, and an origin of every host before a
    /// printable one.
    @Test func roundTripLawHoldsForTheNewQueryConstructs() throws {
        let router = try #require(
            compile(
                """
                origins https://*, myapp:
                route map /map
                  query lat double also latitude ignore-name-case
                  query lon double also lng
                route profile /u/:name
                  option query closed
                  query tab enum(posts, likes) = posts
                  query tag [string]
                  query filters rest
                route theme /theme
                  option query closed
                  query mode enum(dark, light) bare
                route stats /stats/:id
                  param id int
                  query metric enum(views, likes) = views lenient
                """
            ).router)
        for route in router.routes {
            let parameters = RouteParameters(names: route.parameters.map(\.name), values: route.parameters.map { Self.sample($0.type, $0.name) })
            let query = RouteParameters(names: route.query.map(\.name), values: route.query.map { Self.sample($0.type, $0.name) })
            let url = try router.url(for: route.name, parameters: parameters, query: query)
            #expect(url.hasPrefix("myapp://"), "\(url)")
            let match = try router.resolve(url).get()
            #expect(match.route.name == route.name, "\(url)")
            #expect(match.parameters == parameters, "\(url)")
            #expect(match.query == query, "\(url)")
            #expect(match.droppedQuery.isEmpty, "\(url)")
        }
    }

    @Test func aRouteOnAHostPrintsItsHostAndRefusesValuesNoHostCanHold() throws {
        let router = try defaultRouter()
        #expect(try router.url(for: "teamHome", parameters: ["team": .string("acme")]) == "https://acme.teams.example.com/")
        for value in ["Zoë Smith", "a.b", "a/b", "", "ACME"] {
            #expect(throws: RouteURLError.self) { try router.url(for: "teamHome", parameters: ["team": .string(value)]) }
            do {
                _ = try router.url(for: "teamHome", parameters: ["team": .string(value)])
            } catch {
                #expect(error.code == .invalidHostValue, "\(value): \(error)")
                #expect(error.parameter == "team")
            }
        }
    }

    @Test func aRegexpGroupThatSpansPrintsItsSlashesAndDots() throws {
        // A path group whose regexp takes `/` keeps its `/`s (each segment encoded); it was
        // printed `%2F`, which no route reads back, so `url` refused it.
        let router = try cleanRouter(
            "origins https://*, https://example.com\nroute file /files/:path(.+)\nroute dir /d/:dir((?:[^\\/]+\\/)*)end\n"
                + "route account https://:host((?:(?!www)[a-z0-9]+(?:\\.[a-z0-9]+)*))/u/:user\n")
        #expect(try router.url(for: "file", parameters: ["path": .string("a b/c.txt")]) == "https://example.com/files/a%20b/c.txt")
        #expect(try router.url(for: "dir", parameters: ["dir": .string("x/y/")]) == "https://example.com/d/x/y/end")
        // A host group whose regexp takes dots prints a host of several labels; one its regexp
        // refuses (`www…`) is still refused: the URL must read back.
        #expect(
            try router.url(for: "account", parameters: ["host": .string("mastodon.social"), "user": .string("ada")])
                == "https://mastodon.social/u/ada")
        #expect(throws: RouteURLError.self) {
            try router.url(for: "account", parameters: ["host": .string("www.example.com"), "user": .string("ada")])
        }
        #expect(throws: RouteURLError.self) { try router.url(for: "account", parameters: ["host": .string("a/b"), "user": .string("ada")]) }
    }

    @Test func optionalPartsAreLeftOutWhenNotGiven() throws {
        let router = try defaultRouter()
        #expect(try router.url(for: "profile", parameters: ["userId": .int(42)]) == "myapp://profile/42")
        #expect(try router.url(for: "compose") == "myapp://compose")
        #expect(try router.url(for: "home") == "myapp://")
        #expect(try router.resolve("myapp://").get().route.name == "home")
    }

    @Test func valuesAreEncodedSoTheyComeBackUnchanged() throws {
        let router = try defaultRouter()
        let url = try router.url(for: "tag", parameters: ["tag": .string("a/b c%d#e?")])
        #expect(url == "myapp://tags/a%2Fb%20c%25d%23e%3F")
        #expect(try router.resolve(url).get().parameters["tag"] == .string("a/b c%d#e?"))
    }

    @Test func webOriginsPrintWhenTheyComeFirst() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "origins https://example.com:8443, myapp:\nroute p /p/:id"))
        #expect(try router.url(for: "p", parameters: ["id": .string("x")]) == "https://example.com:8443/p/x")
    }

    @Test func mistakesAreTypedErrorsWithSuggestions() throws {
        let router = try defaultRouter()
        #expect(throws: RouteURLError.unknownRoute("profil", suggestions: ["profile", "profileByName"])) {
            try router.url(for: "profil")
        }
        #expect(throws: RouteURLError.missingParameter(route: "profile", parameter: "userId")) {
            try router.url(for: "profile")
        }
        #expect(throws: RouteURLError.unknownParameter(route: "profile", parameter: "userID", suggestions: ["userId"])) {
            try router.url(for: "profile", parameters: ["userID": .int(1)])
        }
        #expect(throws: RouteURLError.wrongType(route: "profile", parameter: "userId", expected: .int, value: .string("bob"))) {
            try router.url(for: "profile", parameters: ["userId": .string("bob")])
        }
        #expect(throws: RouteURLError.self) {
            try router.url(for: "topic", parameters: ["topic": .string("cooking")])
        }
    }

    @Test func aURLThatAnotherRouteWouldTakeIsRefused() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "route byName /users/:name\nroute new /users/new"))
        #expect(throws: RouteURLError.notReversible(route: "byName", url: "/users/new", resolvesTo: "route 'new'")) {
            try router.url(for: "byName", parameters: ["name": .string("new")])
        }
    }
}

@Suite struct ExplainTests {
    @Test func explainsEveryCandidateInRankOrder() throws {
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    route byId /users/:id
                      param id int
                    route byName /users/:name
                    route about /about
                    """))
        let explanation = router.explain("https://example.com/users/99999999999999999999")
        #expect(explanation.path == "/users/99999999999999999999")
        #expect(explanation.candidates.map(\.route.name) == ["about", "byId", "byName"])
        let outcomes = explanation.candidates.map(\.outcome)
        #expect(outcomes.first == .differentFirstSegment(expected: "about"))
        #expect(outcomes.last == .taken)
        guard case .rejected(let failure)? = outcomes.dropFirst().first else {
            Issue.record("byId was not rejected: \(outcomes)")
            return
        }
        // What a client reads of a failure: its code and accessors.
        #expect(failure.code == .conversionFailed)
        #expect(failure.route == "byId" && failure.parameter == "id" && failure.value == "99999999999999999999" && failure.expectedType == .int)
        #expect(explanation.expressions.count == 1)
        #expect(explanation.expressions[0].contains("(*MARK:"))
        #expect(try explanation.result.get().route.name == "byName")
    }

    @Test func inputThatFailsBeforeRoutingHasNoCandidates() throws {
        let explanation = try defaultRouter().explain("https://evil.example/x")
        #expect(explanation.path == nil)
        #expect(explanation.candidates.isEmpty)
        guard case .failure(let failure) = explanation.result else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code.rawValue == "origin-not-accepted")
    }
}
