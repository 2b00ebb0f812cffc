import AxiomRouting
import Testing

@testable import AxiomNavigation

/// A `nullable` parameter with a default in the flow: a destination made in code that leaves it
/// out has no value (the default is a URL's), its link says so (`ref=`), and opening the link gives
/// the same screen; a list default reaches the screen as the table writes it.
@MainActor
@Suite struct NullableNavigationTests {
    static let table = """
        origins myapp:
        route home /
        route search /search
          query ref string = home nullable
          query sort string = top
          query tag [string] = [swift, ios]
        """

    @Test func leftOutInCodeIsNoValueAndTheLinkSaysSo() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        #expect(await flow.navigate(to: Destination("search")) == .completed)
        let entry = try #require(flow.state.visible)
        // No `ref`: no value. `sort` and `tag` (not nullable) get their defaults, as from a URL.
        #expect(entry.destination.query["ref"] == nil)
        #expect(entry.destination.query["sort"] == .string("top"))
        #expect(entry.destination.query["tag"] == .list([.string("swift"), .string("ios")]))
        let link = try #require(flow.canonicalURL)
        #expect(link == "myapp://search?ref=")
        // The link opens the same screen: `ref` still no value.
        #expect(await flow.back() == .completed)
        #expect(await flow.open(url: link) == .completed)
        #expect(flow.state.visible?.destination == entry.destination)
        // The URL without the item is the default, a different screen.
        #expect(try router.resolve("myapp://search").get().query["ref"] == .string("home"))
        // Given its default, the link writes it.
        #expect(try router.canonicalURL(for: Destination("search", query: ["ref": .string("home")])) == "myapp://search?ref=home")
    }
}
