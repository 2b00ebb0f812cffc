import AxiomRouting
import Testing

/// What a client reads of a failure — its stable code and the accessors — for each kind of
/// failure, with no `switch` over the package's reasons (this file imports the library as an
/// app does, without `@testable`).
@Suite struct RouteFailureAccessorsTests {
    static let router: Router? = try? Router(
        source: RouteSource(
            name: "t.routes",
            text: """
                origins myapp:, https://example.com
                route profile /profile/:id
                  param id int
                route search /search
                  query q string
                route posts /posts
                """))

    static func failure(_ url: String) throws -> RouteFailure {
        let router = try #require(router)
        guard case .failure(let failure) = router.resolve(url) else { throw Unexpected(url: url) }
        return failure
    }

    struct Unexpected: Error { let url: String }

    @Test func aValueThatDoesNotConvertNamesItsRouteParameterValueAndType() throws {
        let failure = try Self.failure("myapp://profile/abc")
        #expect(failure.code == .conversionFailed)
        #expect(failure.route == "profile")
        #expect(failure.parameter == "id")
        #expect(failure.value == "abc")
        #expect(failure.expectedType == .int)
        #expect(failure.suggestions.isEmpty && failure.urlError == nil && failure.origin == nil)
    }

    @Test func aMissingQueryParameterNamesItsRouteAndParameterOnly() throws {
        let failure = try Self.failure("myapp://search")
        #expect(failure.code == .missingQueryParameter)
        #expect(failure.route == "search" && failure.parameter == "q")
        #expect(failure.value == nil && failure.expectedType == nil)
    }

    @Test func noRouteSuggestsTheNearestAndNamesNoRoute() throws {
        let failure = try Self.failure("myapp://post")
        #expect(failure.code == .noRoute)
        #expect(failure.suggestions.map(\.route).contains("posts"))
        #expect(failure.route == nil && failure.parameter == nil)
    }

    @Test func anOriginTheTableDoesNotAcceptNamesBoth() throws {
        let failure = try Self.failure("https://evil.example/posts")
        #expect(failure.code == .originNotAccepted)
        #expect(failure.origin?.found == "https://evil.example")
        #expect(failure.origin?.accepted == ["myapp:", "https://example.com"])
    }

    @Test func anInputThatIsNotAURLCarriesTheParsersErrorAndWhere() throws {
        let failure = try Self.failure("https://exa mple.com/posts")
        #expect(failure.code == .invalidURL)
        let error = try #require(failure.urlError)
        #expect(error.description.contains("host"))
        #expect(failure.route == nil)
    }
}
