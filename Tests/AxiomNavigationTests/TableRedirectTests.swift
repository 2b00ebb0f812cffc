import AxiomNavigationTesting
import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// The table's aliases and redirects in the flow: a redirect is reported `redirected` with its
/// chain, an alias is the route itself; and neither is a way around the route's policy (auth,
/// sources) — they are other spellings of its URL, so every check is the route's own.
@MainActor
@Suite struct TableRedirectTests {
    static let table = """
        origins myapp:
        tabs home
        login login
        route home /
          transition tab(home)
        route profile /profile/:userId
          param userId int
          alias /user/:userId
          parent home
        route inbox /inbox/:id
          param id int
          auth
          alias /messages/:id
          parent home
        route changePassword /settings/password
          sources inApp
          parent home
        route login /login
          transition modal(fullScreen)
        redirect members /members/:userId -> profile
        redirect legacy /m/:userId -> members
        redirect oldInbox /mail/:id -> inbox
        redirect oldPassword /password -> changePassword
        """

    let navigator: TestNavigator

    init() throws {
        navigator = try TestNavigator(routes: Self.table)
        navigator.exhaustive = false
    }

    var flow: NavigationFlow { navigator.flow }

    @Test func aRedirectIsReportedWithItsChainAndLandsOnTheRoute() async throws {
        let result = await flow.open(url: "myapp://m/42")
        #expect(
            result
                == .redirected(
                    chain: [Destination("legacy", parameters: ["userId": .int(42)]), Destination("members", parameters: ["userId": .int(42)])],
                    final: Destination("profile", parameters: ["userId": .int(42)])))
        #expect(flow.state.activeStack.map(\.route) == ["home", "profile"])
        #expect(flow.state.visible?.destination.parameters["userId"] == .int(42))
        #expect(flow.history.last?.result.rawValue == "redirected")
    }

    /// A destination built from a resolved URL keeps the table's redirects: navigating to it
    /// reports the chain `open` reports, counts it against `maxRedirects`, and the entry it
    /// makes is the plain screen (equal to one made in code; the chain is not saved with it).
    @Test func aDestinationFromAMatchKeepsItsRedirects() async throws {
        let match = try flow.router.resolve("myapp://m/42").get()
        let destination = Destination(match)
        #expect(destination.redirects.map(\.route) == ["legacy", "members"])
        #expect(destination == Destination("profile", parameters: ["userId": .int(42)]))
        let result = await flow.navigate(to: destination)
        #expect(
            result
                == .redirected(
                    chain: [Destination("legacy", parameters: ["userId": .int(42)]), Destination("members", parameters: ["userId": .int(42)])],
                    final: Destination("profile", parameters: ["userId": .int(42)])))
        #expect(flow.state.visible?.destination.redirects == [])
        #expect(flow.history.last?.result.rawValue == "redirected")
        // The chain counts against the limit: two redirects with a limit of one fail.
        let limited = try TestNavigator(routes: Self.table, options: .init(configuration: NavigationFlow.Configuration(maxRedirects: 1)))
        guard case .failed(let error) = await limited.flow.navigate(to: destination) else {
            Issue.record("a two-step chain passed a limit of one")
            return
        }
        #expect(error.code == .tooManyRedirects)
        // In JSON (a journal's step) the chain is kept; an entry's destination has none.
        let data = try JSONEncoder().encode(destination)
        #expect(try JSONDecoder().decode(Destination.self, from: data).redirects == destination.redirects)
        #expect(String(decoding: try JSONEncoder().encode(destination.withoutRedirects), as: UTF8.self).contains("redirects") == false)
    }

    @Test func anAliasIsTheRouteItself() async throws {
        #expect(await flow.open(url: "myapp://user/7") == .completed)
        #expect(flow.state.visible?.destination == Destination("profile", parameters: ["userId": .int(7)]))
    }

    @Test(arguments: ["myapp://inbox/3", "myapp://messages/3", "myapp://mail/3", "myapp://m%65ssages/%33", "myapp://MAIL/3"])
    func anAuthOnlyRouteThroughAnAliasOrARedirectGoesThroughLogin(url: String) async throws {
        await navigator.open(url, expect: "redirected")
        #expect(flow.state.visible?.route == "login")
        #expect(!flow.state.entries.contains { $0.route == "inbox" })
        await navigator.signIn(expect: "completed")
        #expect(flow.state.visible?.destination == Destination("inbox", parameters: ["id": .int(3)]))
    }

    @Test(arguments: ["myapp://settings/password", "myapp://password"])
    func anInAppOnlyRouteIsRefusedToALinkWhateverItsSpelling(url: String) async throws {
        let before = flow.state
        #expect(await flow.open(url: url) == .cancelled(.untrustedSource))
        #expect(flow.state == before)
        #expect(await flow.open(url: url, source: .inApp) != .cancelled(.untrustedSource))
        #expect(flow.state.visible?.route == "changePassword")
    }
}

/// A middleware redirecting to a link the table redirects (`Destination(match)` of a URL that went
/// through `redirect` lines) counts those hops too: one limit for the whole chain.
@MainActor
@Suite struct MiddlewareIntoTableRedirectTests {
    static let table = "origins myapp:\nroute home /\nredirect a /a -> b\nredirect b /b -> c\nroute c /c\n"

    @Test(arguments: [(2, false), (3, true)])
    func theTablesHopsCountAgainstTheLimit(limit: Int, completes: Bool) async throws {
        let simulator = try NavigationSimulator(
            routes: Self.table, options: .init(configuration: .init(maxRedirects: limit)))
        let target = Destination(try simulator.router.resolve("myapp://a").get())
        #expect(target.redirects.map(\.route) == ["a", "b"])
        simulator.flow.add(
            MiddlewareClosure { request, next in
                request.destination?.route == "home" ? .redirected(chain: [], final: target) : try await next(request)
            })
        let result = await simulator.open("myapp:///")
        if completes {
            #expect(result == .redirected(chain: [Destination("home"), Destination("a"), Destination("b")], final: Destination("c")))
            #expect(simulator.state.visible?.route == "c")
        } else {
            guard case .failed(let error) = result else {
                Issue.record("\(result)")
                return
            }
            #expect(error.code == .tooManyRedirects)
            #expect(error.chain.map(\.route) == ["home", "a", "b", "c"])
            #expect(simulator.state.visible?.route == "home")
        }
    }
}
