import Testing

@testable import AxiomRouting

/// A list's default (`query tag [string] = [swift, ios]`) and an explicit "no value" for a
/// parameter with a default (`nullable`: `?ref=`) — Jetpack's list arguments with a default, and
/// its nullable arguments given as null, which the language could not say.
@Suite struct NullableAndListDefaultTests {
    static let table = """
        origins myapp:
        route search /search
          query ref string = home nullable
          query page int = 1 nullable
          query tag [string] = [swift, ios] nullable
          query q string optional nullable
        route feed /feed
          query tag [string] = [swift, ios]
          query ids [int] = [1, 2]
          query none [enum(a, b)] = []
        """

    func router() throws -> Router { try cleanRouter(Self.table) }

    func query(_ url: String, _ router: Router) throws -> [String: RouteValue] {
        let match = try router.resolve(url).get()
        return Dictionary(uniqueKeysWithValues: zip(match.query.names, match.query.values))
    }

    @Test func aListsDefaultIsTheListWhenTheURLCarriesNone() throws {
        let router = try router()
        let absent = try query("myapp://feed", router)
        #expect(absent["tag"] == .list([.string("swift"), .string("ios")]))
        #expect(absent["ids"] == .list([.int(1), .int(2)]))
        #expect(absent["none"] == .list([]))
        // Given, the URL's values are the list, the default none of it.
        let given = try query("myapp://feed?tag=a&ids=7&ids=8", router)
        #expect(given["tag"] == .list([.string("a")]))
        #expect(given["ids"] == .list([.int(7), .int(8)]))
        // The snapshot keeps it.
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(try query("myapp://feed", loaded)["ids"] == .list([.int(1), .int(2)]))
    }

    @Test func aListDefaultThatIsNotOfTheElementTypeIsRefusedAtTheValue() {
        let bad = compile("route feed /feed\n  query ids [int] = [1, x]\n").diagnostics
        #expect(bad.map(\.code) == [.invalidDefault])
        #expect(bad.first?.location.line == 2 && bad.first?.location.column == 25)
        #expect(bad.first?.message == "default 'x' is not a valid 'int'")
        // Not written as a list: refused, with how to write one.
        let unbracketed = compile("route feed /feed\n  query ids [int] = 1\n").diagnostics
        #expect(unbracketed.map(\.code) == [.invalidDefault])
        #expect(unbracketed.first?.help?.contains("[42, 42]") == true)
        // An unclosed list is a syntax error, not a default.
        #expect(compile("route feed /feed\n  query ids [int] = [1, 2\n").diagnostics.hasErrors)
    }

    @Test func anEmptyItemOfANullableParameterIsNoValueNotTheDefault() throws {
        let router = try router()
        let absent = try query("myapp://search", router)
        #expect(absent["ref"] == .string("home"))
        #expect(absent["page"] == .int(1))
        #expect(absent["tag"] == .list([.string("swift"), .string("ios")]))
        #expect(absent["q"] == nil)
        // Given empty: no value (an int's empty item is not a conversion failure either).
        let null = try query("myapp://search?ref=&page=&tag=&q=", router)
        #expect(null["ref"] == nil)
        #expect(null["page"] == nil)
        #expect(null["tag"] == .list([]))
        #expect(null["q"] == nil)
        // A bare item is empty too.
        #expect(try query("myapp://search?ref", router)["ref"] == nil)
        // A value is the value.
        let given = try query("myapp://search?ref=x&page=3&tag=a", router)
        #expect(given["ref"] == .string("x") && given["page"] == .int(3) && given["tag"] == .list([.string("a")]))
        // Without `nullable`, an empty item is what it always was: an empty string, a failed int.
        let plain = try cleanRouter("route s /s\n  query ref string = home\n  query page int = 1\n")
        #expect(try plain.resolve(path: "/s", query: "ref=").get().query["ref"] == .string(""))
        #expect((try? plain.resolve(path: "/s", query: "page=").get()) == nil)
    }

    @Test func reverseRoutingWritesNoValueSoItReadsBack() throws {
        let router = try router()
        // Left out, a nullable parameter with a default is no value: written empty.
        let url = try router.url(for: "search", query: ["ref": .string("x"), "tag": .list([])])
        #expect(url == "myapp://search?ref=x&tag=&page=")
        let back = try query(url, router)
        #expect(back["ref"] == .string("x") && back["page"] == nil && back["tag"] == .list([]))
        // The default given is written as a value.
        let defaults = try router.url(for: "search", query: ["ref": .string("home"), "page": .int(1), "tag": .list([.string("swift")])])
        #expect(try query(defaults, router)["page"] == .int(1))
        // Without `nullable`, an empty list whose default is not cannot be written: not reversible.
        #expect(throws: RouteURLError.self) { try router.url(for: "feed", query: ["tag": .list([])]) }
    }

    @Test func theSnapshotKeepsNullable() throws {
        let loaded = try Router(snapshot: RouterSnapshot.encode(try router()))
        #expect(loaded.route(named: "search")?.query.first { $0.name == "ref" }?.isNullable == true)
        #expect(try query("myapp://search?ref=", loaded)["ref"] == nil)
    }

    @Test func nullableWhereAValueMustBeIsRefused() {
        let required = compile("route s /s\n  query x string nullable\n").diagnostics
        #expect(required.map(\.code) == [.unexpectedArgument])
        #expect(required.first?.message == "'nullable' applies to a query parameter that may be absent; 'x' is required")
        #expect(required.first?.location.column == 18)
        let rest = compile("route s /s\n  query more rest nullable\n").diagnostics
        #expect(rest.map(\.code) == [.unexpectedArgument])
        #expect(rest.first?.message.contains("'rest' map") == true)
    }

    @Test func typedRoutesGiveANullableParameterItsDefaultAndNilForNoValue() throws {
        let generated = try SwiftRouteGenerator.generate(compile(Self.table), options: .init()).get()
        #expect(generated.contains(#"case search(ref: String? = "home", page: Int? = 1, tag: [String]? = ["swift", "ios"], q: String? = nil)"#))
        // Read back, no value stays nil: the default is not put in its place.
        #expect(generated.contains("return .search(ref: v0, page: v1, tag: v2, q: v3)"))
        // A list default of a parameter that is not nullable is the label's default.
        #expect(generated.contains(#"ids: [Int] = [1, 2]"#))
    }
}
