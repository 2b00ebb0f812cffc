import AxiomNavigationTesting
import AxiomRouting
import Testing

@testable import AxiomNavigation

/// What peers' navigation tests need of the start and of the top: a declared start with its
/// values, start values given by the app, and replacing the top when only its values differ.
@MainActor
@Suite struct StartStateTests {
    @Test func aTableWithoutTabsStartsAtItsPlainRootNotAtAnotherHostsRoot() throws {
        let router = try Router(
            source: RouteSource(
                name: "t", text: "origins https://www.first.com, https://www.second.com\nroute other https://www.second.com/\nroute home /\n"))
        #expect(NavigationState(router: router).activeStack.map(\.route) == ["home"])
    }

    @Test func aDeclaredStartAndItsValuesAreTheFirstScreen() async throws {
        let navigator = try TestNavigator(
            routes: """
                route post /posts/:postId
                  param postId int
                  query sort enum(new, top) = new
                  start postId = 7
                route about /about
                """)
        await navigator.start()
        #expect(navigator.state.visible?.destination == Destination("post", parameters: ["postId": .int(7)], query: ["sort": .string("new")]))
        #expect(navigator.contexts.count == 1)
    }

    @Test func aTabStartsAtItsRootWithTheValuesItsStartGives() throws {
        let router = try Router(
            source: RouteSource(
                name: "t",
                text: """
                    tabs home, feed
                    route home /
                      transition tab(home)
                    route feed /feed/:sort
                      param sort enum(recent, popular)
                      transition tab(feed)
                      start sort = popular
                    """))
        let state = NavigationState(router: router)
        guard case .tabs(let tabs) = state.root else {
            Issue.record("no tabs")
            return
        }
        #expect(tabs.selected == "home")
        #expect(tabs.stacks["feed"]?.map(\.destination) == [Destination("feed", parameters: ["sort": .string("popular")])])
    }

    @Test func startValuesFromTheAppReplaceTheTablesStart() async throws {
        let router = try Router(
            source: RouteSource(
                name: "t",
                text: """
                    tabs home, profile
                    route home /
                      transition tab(home)
                    route profile /u/:userId
                      param userId int
                      transition tab(profile)
                    route post /posts/:postId
                      param postId int
                      parent home
                    route comment /u/:userId/comment
                      param userId int
                      parent profile
                    """))
        // The profile tab's root needs a value: with the app's, it starts there and is selected.
        let state = try NavigationState(router: router, start: Destination("profile", parameters: ["userId": .int(42)]))
        #expect(state.selectedTab == "profile")
        #expect(state.visible?.destination == Destination("profile", parameters: ["userId": .int(42)]))
        #expect(NavigationState(router: router).visible?.route == "home")
        // A screen that is no tab's root is shown as a deep link builds it: its tab, its parents.
        let onTop = try NavigationState(router: router, start: Destination("post", parameters: ["postId": .int(3)]))
        #expect(onTop.selectedTab == "home")
        #expect(onTop.activeStack.map(\.route) == ["home", "post"])
        let deeper = try NavigationState(router: router, start: Destination("comment", parameters: ["userId": .int(5)]))
        #expect(deeper.selectedTab == "profile")
        #expect(
            deeper.activeStack.map(\.destination) == [
                Destination("profile", parameters: ["userId": .int(5)]), Destination("comment", parameters: ["userId": .int(5)]),
            ])
        #expect(deeper.entries.allSatisfy { $0.source == .inApp })
        // Without tabs, the stack starts at the app's destination.
        let plain = try Router(source: RouteSource(name: "t", text: "route home /\nroute post /posts/:postId\n  param postId int\n"))
        #expect(try NavigationState(router: plain, start: Destination("post", parameters: ["postId": .int(3)])).activeStack.map(\.route) == ["post"])
        // Values the route refuses, or a route the table does not have: a typed error.
        #expect(throws: RouteURLError.self) { try NavigationState(router: plain, start: Destination("post", parameters: ["postId": .string("x")])) }
        #expect(throws: RouteURLError.self) { try NavigationState(router: plain, start: Destination("post")) }
        #expect(throws: RouteURLError.self) { try NavigationState(router: plain, start: Destination("psot")) }
        // The test navigator starts there, its context created.
        let navigator = TestNavigator(router: router, state: onTop)
        await navigator.start()
        #expect(navigator.state.visible?.route == "post")
        #expect(navigator.contexts.count == 1)
    }

    @Test(arguments: [false, true])
    func replacingTheTopWhenOnlyItsValuesDifferIsASetting(replaces: Bool) async throws {
        let navigator = try TestNavigator(
            routes: "route home /\nroute post /posts/:postId\n  param postId int\nroute sheet /sheet/:n\n  param n int\n  transition modal(sheet)\n",
            options: .init(configuration: .init(replacesTopWithNewValues: replaces)))
        navigator.exhaustive = false
        await navigator.navigate(to: Destination("post", parameters: ["postId": .int(7)]), expect: "completed")
        let first = try #require(navigator.state.visible)
        await navigator.navigate(to: Destination("post", parameters: ["postId": .int(8)]), expect: "completed")
        #expect(navigator.state.activeStack.map(\.route) == (replaces ? ["home", "post"] : ["home", "post", "post"]))
        #expect(navigator.state.visible?.destination.parameters["postId"] == .int(8))
        // The replaced screen's context is released; equal values stay a duplicate either way.
        #expect(navigator.contexts[first.id] == nil || !replaces)
        await navigator.navigate(to: Destination("post", parameters: ["postId": .int(8)]), expect: "duplicated")
        // Another route is pushed as ever.
        await navigator.navigate(to: Destination("home"), expect: "completed")
        #expect(navigator.state.activeStack.count == (replaces ? 3 : 4))
        // A modal route on top of its own modal: replaced in that modal's stack, not presented again.
        await navigator.navigate(to: Destination("sheet", parameters: ["n": .int(1)]), expect: "completed")
        await navigator.navigate(to: Destination("sheet", parameters: ["n": .int(2)]), expect: "completed")
        #expect(navigator.state.modals.count == (replaces ? 1 : 2))
        #expect(navigator.state.visible?.destination.parameters["n"] == .int(2))
    }
}
