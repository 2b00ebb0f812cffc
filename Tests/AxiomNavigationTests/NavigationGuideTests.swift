import AxiomRouting
import Testing
@testable import AxiomNavigation

/// The examples of `Docs/Navigation.md` and the documentation comments, run as written.
@Suite struct NavigationGuideTests {
    @Test func stateExample() throws {
        var state = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])
        state = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .int(7)])), in: state).get().state
        #expect(state.visible?.route == "post")
        #expect(state.canGoBack)
    }

    @Test func eventsExample() throws {
        let start = NavigationState(stack: [Destination("home")])
        let plan = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .int(7)])), in: start).get()
        #expect(plan.events.map(\.description) == ["disappear #0 home", "appear #1 post [postId: 7]"])
    }

    @Test func deepLinkExample() throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let state = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])
        let match = try router.resolve("myapp://posts/7/comments").get()
        let plan = try NavigationPlanner.deepLink(to: Destination(match), router: router, in: state).get()
        #expect(plan.state.activeStack.map(\.route) == ["home", "post", "comments"])
    }
}

/// The package's root folder, found from this file's path.
func packageRoot(file: String = #filePath) -> String {
    var path = file
    while let slash = path.lastIndex(of: "/") {
        path = String(path[..<slash])
        if path.hasSuffix("/Tests") { return String(path.dropLast("/Tests".count)) }
    }
    return "."
}
