import AxiomRouting
import Clocks
import Foundation
import Testing

@testable import AxiomNavigation

/// A link that spells its back stack (Jetpack's deep links that list their destinations), and a
/// navigation or redirect that says how much back stack to build under its screen (Expo Router's
/// `withAnchor`): one request, one commit, every screen through the one gate.
@MainActor
@Suite struct LinkedStackTests {
    static let table = """
        origins myapp:
        login login
        tabs home, inbox
        route home /
          transition tab(home)
        route inbox /inbox
          transition tab(inbox)
          auth
        route thread /threads/:id
          param id int
          parent inbox
          auth
        route profile /profile/:userId
          param userId int
          load profileData
          parent home
        route followers /profile/:userId/followers
          param userId int
          load followerList
          parent profile
        route settings /settings
          sources inApp
        route about /about
        route gone /gone/:userId
          param userId int
        route legacyFollowers /followers/:userId
          param userId int
        route login /login
          transition modal(fullScreen)
        """

    let router: Router
    let clock = TestClock()

    init() throws {
        router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
    }

    func makeFlow(signedIn: Bool = true) -> (NavigationFlow, LoaderLog) {
        let flow = NavigationFlow(router: router, state: NavigationState(tabs: ["home": Destination("home"), "inbox": nil]))
        flow.add(AuthenticationMiddleware(loginRoute: "login", signedIn: signedIn, clock: clock))
        let log = LoaderLog()
        for name in ["profileData", "followerList"] {
            flow.loaders[name] = { request in
                log.begin(request)
                log.end(request, cancelled: false)
                return name
            }
        }
        return (flow, log)
    }

    nonisolated func profile(_ id: Int) -> Destination { Destination("profile", parameters: ["userId": .int(id)]) }
    nonisolated func followers(_ id: Int) -> Destination { Destination("followers", parameters: ["userId": .int(id)]) }

    @Test func aLinkOfSeveralScreensBuildsExactlyThatStackInOneCommit() async throws {
        let (flow, log) = makeFlow()
        let commits = flow.history.count
        let result = await flow.open(urls: ["myapp://about", "myapp://profile/7", "myapp://profile/7/followers"], source: .pushNotification)
        #expect(result == .completed)
        // The screens it names, not the last one's parent chain (which would be home, profile).
        #expect(flow.state.activeStack.map(\.destination) == [Destination("about"), profile(7), followers(7)])
        #expect(flow.state.activeStack.allSatisfy { $0.source == .pushNotification })
        #expect(flow.state.selectedTab == "home")
        #expect(flow.history.count == commits + 1)
        // Every screen the link adds loads, as a link's parents do.
        #expect(log.calls.map(\.loader).sorted() == ["followerList", "profileData"])
        #expect(await flow.back() == .completed)
        #expect(flow.state.visible?.destination == profile(7))
    }

    @Test func theLastScreensTabIsSelectedAndModalsAreDismissed() async throws {
        let (flow, _) = makeFlow()
        _ = await flow.perform(.present(Destination("about"), style: .sheet))
        #expect(await flow.open(urls: ["myapp://inbox", "myapp://threads/9"]) == .completed)
        #expect(flow.state.selectedTab == "inbox")
        #expect(flow.state.modals.isEmpty)
        #expect(flow.state.activeStack.map(\.route) == ["inbox", "thread"])
    }

    @Test func aURLThatDoesNotResolveChangesNothing() async throws {
        let (flow, _) = makeFlow()
        let before = flow.state
        let result = await flow.open(urls: ["myapp://profile/7", "myapp://nowhere"])
        guard case .notFound = result else {
            Issue.record("expected notFound, got \(result)")
            return
        }
        #expect(flow.state == before)
        // The one below does not resolve either: the same.
        guard case .notFound = await flow.open(urls: ["myapp://profile/abc", "myapp://about"]) else {
            Issue.record("expected notFound")
            return
        }
        #expect(flow.state == before)
    }

    @Test func noURLsOrTooManyAreTypedFailures() async throws {
        let (flow, _) = makeFlow()
        let before = flow.state
        #expect(await flow.open(urls: []) == .failed(.noScreens))
        #expect(await flow.open(urls: []).code.rawValue == "failed.no-screens")
        let many = Array(repeating: "myapp://about", count: NavigationFlow.maxLinkedScreens + 1)
        #expect(await flow.open(urls: many).code.rawValue == "failed.too-many-screens")
        #expect(flow.state == before)
        // At the limit it is taken.
        #expect(await flow.open(urls: Array(many.dropLast())) == .completed)
        #expect(flow.state.activeStack.count == NavigationFlow.maxLinkedScreens)
    }

    @Test func aScreenTheLinksSourceMayNotOpenIsLeftOutNeverShown() async throws {
        let (flow, _) = makeFlow()
        // `settings` takes in-app requests only: a link cannot put it in the state, even below.
        #expect(await flow.open(urls: ["myapp://settings", "myapp://about"]) == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["about"])
        #expect(!flow.state.entries.contains { $0.route == "settings" })
        // Named last, the link is refused as the link to it alone is.
        let before = flow.state
        #expect(await flow.open(urls: ["myapp://about", "myapp://settings"]) == .cancelled(.untrustedSource))
        #expect(flow.state == before)
        // In the app, it may.
        #expect(await flow.open(urls: ["myapp://settings", "myapp://profile/2"], source: .inApp) == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["settings", "profile"])
    }

    @Test func signedOutTheLastScreenParksTheWholeLinkUntilSignIn() async throws {
        let (flow, _) = makeFlow(signedIn: false)
        let result = await flow.open(urls: ["myapp://about", "myapp://threads/9"])
        #expect(result.code.rawValue == "redirected")
        #expect(flow.state.visible?.route == "login")
        #expect(!flow.state.entries.contains { $0.route == "thread" })
        #expect(await flow.signIn(as: "alice") == .completed)
        // Resumed: the stack the link spelled, in the thread's tab.
        #expect(flow.state.selectedTab == "inbox")
        #expect(flow.state.activeStack.map(\.route) == ["about", "thread"])
    }

    @Test func aGuardedScreenBelowIsCheckedWhenBackShowsIt() async throws {
        let (flow, _) = makeFlow(signedIn: false)
        #expect(await flow.open(urls: ["myapp://threads/9", "myapp://about"]) == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["thread", "about"])
        // Going back would show an auth-only screen while signed out: the login, over it.
        _ = await flow.back()
        #expect(flow.state.visible?.route == "login")
    }

    @Test func aRedirectWithAnAnchorBuildsTheParentsAndRunsTheirLoaders() async throws {
        let (flow, log) = makeFlow()
        // An in-app guard sends `gone` to the followers screen, as a link would show it.
        flow.add(
            MiddlewareClosure { request, next in
                if let destination = request.target, destination.route == "gone", let id = destination.parameters["userId"] {
                    return .redirected(chain: [], final: Destination("followers", parameters: ["userId": id]).anchored(.parents))
                }
                return try await next(request)
            })
        _ = await flow.navigate(to: Destination("about"))
        let result = await flow.perform(.push(Destination("gone", parameters: ["userId": .int(3)])))
        #expect(result == .redirected(chain: [Destination("gone", parameters: ["userId": .int(3)])], final: followers(3)))
        // The redirect's push became the link's build: the parents below, in-app as the request was.
        #expect(flow.state.activeStack.map(\.destination) == [Destination("home"), profile(3), followers(3)])
        #expect(flow.state.activeStack.allSatisfy { $0.source == .inApp })
        // The parent's loader ran as it does for `open`.
        #expect(log.calls.map(\.loader).sorted() == ["followerList", "profileData"])
        #expect(log.calls.first { $0.loader == "profileData" }?.destination == profile(3))
    }

    @Test func withoutAnAnchorARedirectKeepsItsCommand() async throws {
        let (flow, log) = makeFlow()
        flow.add(
            MiddlewareClosure { request, next in
                if request.target?.route == "gone" { return .redirected(chain: [], final: followers(3)) }
                return try await next(request)
            })
        _ = await flow.perform(.push(Destination("gone", parameters: ["userId": .int(3)])))
        #expect(flow.state.activeStack.map(\.route) == ["home", "followers"])
        #expect(log.calls.map(\.loader) == ["followerList"])
    }

    @Test func anAnchorAtTheRootBuildsOnlyTheChainsFirstScreen() async throws {
        let (flow, _) = makeFlow()
        _ = await flow.navigate(to: Destination("about"))
        #expect(await flow.navigate(to: followers(4).anchored(.root)) == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["home", "followers"])
        #expect(await flow.navigate(to: followers(5).anchored(.parents)) == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["home", "profile", "followers"])
        // The entries keep the screen, not how it was reached.
        #expect(flow.state.visible?.destination.anchor == Destination.Anchor.none)
    }

    @Test func anchorsAndLinksOfSeveralScreensAreJournaledAndReplayed() async throws {
        let (flow, _) = makeFlow()
        var lines: [String] = []
        flow.journal = NavigationJournal(now: { .zero }, write: { lines.append($0) })
        _ = await flow.open(urls: ["myapp://about", "myapp://profile/7"])
        _ = await flow.navigate(to: followers(2).anchored(.screens([Destination("about")])))
        let text = lines.joined(separator: "\n")
        #expect(text.contains(#""kind":"openLinks""#))
        #expect(text.contains(#""anchor":"screens""#))
        let records = try NavigationJournal.records(fromJSONLines: text)
        let steps = records.map(\.step)
        #expect(steps.contains(.openLinks(urls: ["myapp://about", "myapp://profile/7"], source: .deepLink)))
        guard case .navigate(let destination, _)? = steps.last else {
            Issue.record("no navigate step last")
            return
        }
        #expect(destination.anchor == .screens([Destination("about")]))
        var replayed: NavigationFlow? = nil
        let report = try await JournalReplay.replay(records, router: router, advance: { _ in }) { state, _ in
            let orchestrator = Orchestrator(router: router, state: state, factories: [:])
            orchestrator.navigation.add(AuthenticationMiddleware(loginRoute: "login", signedIn: true, clock: clock))
            for name in ["profileData", "followerList"] { orchestrator.navigation.loaders[name] = { _ in name } }
            replayed = orchestrator.navigation
            return orchestrator
        }
        #expect(report.difference == nil, "\(report)")
        #expect(replayed?.state.activeStack.map(\.route) == ["about", "followers"])
        #expect(replayed?.state == flow.state)
    }

    @Test func aPreviewOfALinkOfSeveralScreensIsWhatItCommits() async throws {
        let (flow, log) = makeFlow()
        let urls = ["myapp://about", "myapp://profile/7/followers"]
        let preview = flow.preview(urls: urls)
        #expect(log.calls.isEmpty)
        #expect(flow.state.activeStack.map(\.route) == ["home"])
        #expect(await flow.commit(preview) == .completed)
        #expect(flow.state == preview.state)
    }

    /// Docs/Navigation.md, "A link that spells its back stack", as written.
    @Test func theGuidesLinkOfSeveralScreens() async throws {
        let (flow, _) = makeFlow()
        await flow.open(urls: ["myapp://about", "myapp://profile/7", "myapp://profile/7/followers"], source: .pushNotification)
        print(flow.state.activeStack.map(\.route))  // ["about", "profile", "followers"]
        #expect(flow.state.activeStack.map(\.route) == ["about", "profile", "followers"])
    }

    /// Docs/Navigation.md, "How much back stack: anchors", as written: a guard's redirect to a
    /// child with its parents.
    @Test func theGuidesAnchoredRedirect() async throws {
        let (flow, log) = makeFlow()
        flow.add(
            MiddlewareClosure { request, next in
                if request.target?.route == "legacyFollowers", let id = request.target?.parameters["userId"] {
                    return .redirected(chain: [], final: Destination("followers", parameters: ["userId": id]).anchored(.parents))
                }
                return try await next(request)
            })
        let result = await flow.navigate(to: Destination("legacyFollowers", parameters: ["userId": .int(8)]))
        #expect(result == .redirected(chain: [Destination("legacyFollowers", parameters: ["userId": .int(8)])], final: followers(8)))
        #expect(flow.state.activeStack.map(\.route) == ["home", "profile", "followers"])
        #expect(log.calls.map(\.loader).sorted() == ["followerList", "profileData"])
    }
}
