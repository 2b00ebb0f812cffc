import AxiomNavigationTesting
import AxiomRouting
import Clocks
import Testing

@testable import AxiomNavigation

/// "Policy on every path": authentication and source trust hold for whatever a commit makes
/// visible, through every door — tabs, a deep link's parents, commands with a source, other
/// spellings of a path, the initial state — and parked requests and hand-built destinations
/// cannot be used to walk around them. Each test here failed before the rule moved into the
/// flow's commit.
@MainActor
@Suite struct PolicyTests {
    static let table = """
        origins myapp:
        tabs home, inbox, profile
        login login
        route home /
          transition tab(home)
        route inbox /inbox
          transition tab(inbox)
          auth
        route conversation /inbox/:id
          param id int
          auth
          parent inbox
        route me /me
          transition tab(profile)
          auth
        route profile /profile/:userId
          param userId int
          auth
          parent home
        route followers /profile/:userId/followers
          param userId int
          parent profile
        route post /posts/:postId
          param postId int
          query sort enum(top, new) = top
          parent home
        route account /settings/account
          parent home
        route changePassword /settings/account/password
          sources inApp
          parent account
        route passwordTips /settings/account/password/tips
          parent changePassword
        route settingsSection /settings/:section+
          param section path
          parent home
        route login /login
          transition modal(fullScreen)
        route about /about
        """

    let navigator: TestNavigator

    init() throws {
        navigator = try TestNavigator(routes: Self.table)
        navigator.exhaustive = false
    }

    var flow: NavigationFlow { navigator.flow }

    // MARK: Tabs

    @Test(arguments: ["inbox", "profile"])
    func anAuthOnlyTabWhileSignedOutGoesThroughLoginAndSignInSelectsIt(tab: String) async throws {
        await navigator.selectTab(tab, expect: "redirected")
        #expect(flow.state.visible?.route == "login")
        #expect(flow.state.selectedTab == "home")
        #expect(flow.parkedRequest?.action == .command(.selectTab(tab)))
        await navigator.signIn(expect: "completed")
        #expect(flow.state.selectedTab == tab)
        #expect(flow.state.modals.isEmpty)
        #expect(flow.state.visible?.route == (tab == "inbox" ? "inbox" : "me"))
    }

    @Test func resettingTheSelectedTabAfterSignOutDoesNotShowItsAuthOnlyRoot() async throws {
        await navigator.signIn()
        await navigator.open("myapp://inbox/3", expect: "completed")
        // Sign-out under `.withhold`: the conversation and its auth-only tab are withheld, home shows.
        let withholding = try TestNavigator(routes: Self.table, options: .init(configuration: .init(signOut: .withhold)))
        withholding.exhaustive = false
        await withholding.signIn()
        await withholding.open("myapp://inbox/3", expect: "completed")
        withholding.signOut()
        #expect(withholding.state.visible?.route == "home")
        let before = withholding.state
        #expect(before.entries.map(\.route).contains("conversation"))  // not erased
        await withholding.selectTab("inbox", expect: "redirected")
        #expect(withholding.state.visible?.route == "login")
        #expect(Array(withholding.state.entries.dropLast()) == before.entries)  // the login is a modal over it all
        await withholding.signIn(expect: "completed")
        #expect(withholding.state.activeStack.map(\.route) == ["inbox", "conversation"])
        // Under the default rule the login goes over the conversation at sign-out itself.
        navigator.signOut()
        #expect(flow.state.visible?.route == "login")
        #expect(flow.state.activeStack.count == 1 && flow.state.modals.count == 1)
    }

    // MARK: A deep link's parents

    @Test func backOntoADeepLinksAuthOnlyParentGoesThroughLoginAndResumesTheBack() async throws {
        await navigator.open("myapp://profile/42/followers", expect: "completed")
        #expect(flow.state.activeStack.map(\.route) == ["home", "profile", "followers"])
        #expect(flow.state.activeStack.allSatisfy { $0.source == .deepLink })
        await navigator.back(expect: "redirected")
        #expect(flow.state.visible?.route == "login")
        #expect(flow.parkedRequest?.action == .command(.back))
        await navigator.signIn(expect: "completed")
        #expect(flow.state.activeStack.map(\.route) == ["home", "profile"])
        #expect(flow.state.visible?.destination.parameters["userId"] == .int(42))
        #expect(flow.state.modals.isEmpty)
    }

    @Test func aDeepLinkLeavesOutParentsItsSourceMayNotOpen() async throws {
        await navigator.open("myapp://settings/account/password/tips", expect: "completed")
        #expect(flow.state.activeStack.map(\.route) == ["home", "account", "passwordTips"])
        await navigator.back(expect: "completed")
        #expect(flow.state.visible?.route == "account")
        // From inside the app the same parent chain is complete.
        await navigator.open("myapp://settings/account/password/tips", source: .inApp, expect: "completed")
        #expect(flow.state.activeStack.map(\.route) == ["home", "account", "changePassword", "passwordTips"])
    }

    @Test func anEntryPutThereByAnOutsideSourceIsCheckedAgainstThatSourceWhenItIsRevealed() async throws {
        // A stack set by a deep link's request: its entries carry the deep link's source, so
        // `back` onto the in-app-only form is refused, whatever command reveals it.
        let stack = [Destination("account"), Destination("changePassword"), Destination("passwordTips")]
        #expect(await flow.perform(.setStack(stack), source: .deepLink) == .completed)
        let before = flow.state
        #expect(await flow.back() == .cancelled(.untrustedSource))
        #expect(flow.state == before)
        // Pushing it directly from outside is refused too (a command has no requested route).
        #expect(await flow.perform(.push(Destination("changePassword")), source: .pushNotification) == .cancelled(.untrustedSource))
        #expect(await flow.perform(.present(Destination("changePassword"), style: .sheet), source: .deepLink) == .cancelled(.untrustedSource))
        #expect(flow.state == before)
        #expect(await flow.perform(.push(Destination("changePassword")), source: .inApp) == .completed)
    }

    // MARK: Other spellings

    @Test(arguments: [
        ("myapp://settings/account/pass%77ord", "cancelled.untrusted-source"),
        ("myapp://settings/account/x/%2E%2E/pass%77ord", "cancelled.untrusted-source"),
        ("myapp://settings/%61ccount/password", "cancelled.untrusted-source"),
        ("myapp://settings/account%2Fpassword", "not-found"),
        ("myapp://settings/account%2fpassword", "not-found"),
        ("myapp://settings/account/password/", "cancelled.untrusted-source"),
        ("myapp://settings/account/./password", "cancelled.untrusted-source"),
        ("myapp://settings/account/x/../password", "cancelled.untrusted-source"),
        ("myapp://settings/account/%2e/password", "cancelled.untrusted-source"),
    ])
    func anotherSpellingOfAnInAppOnlyPathIsTheSameRoute(url: String, expected: String) async throws {
        let result = await flow.open(url: url)
        #expect(result.code.rawValue == expected, "\(result)")
        #expect(flow.state.visible?.route == "home")
        // The in-app spelling still works from inside the app.
        if expected != "not-found" { #expect(await flow.open(url: url, source: .inApp) == .completed) }
    }

    @Test func anEncodedSlashIsNotAPathValue() throws {
        let failure = try #require(navigator.router.resolve("myapp://settings/account%2Fpassword").failure)
        #expect(failure.code.rawValue == "conversion-failed")
        #expect(try navigator.router.resolve("myapp://settings/privacy/ads").get().parameters["section"] == .path(["privacy", "ads"]))
    }

    // MARK: Parked requests

    @Test func aParkedRequestIsNotReplacedByALessTrustedOne() async throws {
        await navigator.navigate(to: Destination("profile", parameters: ["userId": .int(42)]), expect: "redirected")
        #expect(flow.parkedRequest?.destination?.route == "profile")
        // A push notification and a custom-scheme link arrive while the login is up.
        await navigator.open("myapp://inbox", source: .pushNotification)
        await navigator.open("myapp://inbox/7", source: .deepLink)
        await navigator.open("myapp://me", source: .universalLink)
        #expect(flow.parkedRequest?.destination?.route == "profile")
        await navigator.signIn(expect: "completed")
        #expect(flow.state.visible?.route == "profile")
        #expect(flow.state.visible?.destination.parameters["userId"] == .int(42))
    }

    @Test func anEquallyOrMoreTrustedRequestOrAnExpiredOneIsReplaced() async throws {
        await navigator.open("myapp://profile/1", source: .deepLink, expect: "redirected")
        await navigator.open("myapp://profile/2", source: .deepLink)
        #expect(flow.parkedRequest?.destination?.parameters["userId"] == .int(2))
        await navigator.open("myapp://profile/3", source: .universalLink)
        #expect(flow.parkedRequest?.destination?.parameters["userId"] == .int(3))
        await navigator.open("myapp://profile/4", source: .deepLink)
        #expect(flow.parkedRequest?.destination?.parameters["userId"] == .int(3))
        await navigator.advance(by: .seconds(301))
        await navigator.open("myapp://profile/5", source: .deepLink)
        #expect(flow.parkedRequest?.destination?.parameters["userId"] == .int(5))
    }

    @Test func theTrustOrderIsConfigurable() {
        let clock = TestClock()
        let auth = AuthenticationMiddleware(loginRoute: "login", trust: SourceTrust([.inApp, .deepLink]), clock: clock)
        let request = { (id: Int, source: NavigationSource) in
            NavigationRequest(id: RequestID(id), action: .command(.back), source: source, route: nil, url: nil, redirects: [])
        }
        #expect(auth.park(request(0, .deepLink)))
        #expect(!auth.park(request(1, .pushNotification)))  // not listed: below every listed source
        #expect(auth.park(request(2, .inApp)))
        #expect(!auth.park(request(3, .deepLink)))
        #expect(auth.parked?.id == RequestID(2))
        #expect(SourceTrust.standard.rank(of: .inApp) > SourceTrust.standard.rank(of: .universalLink))
        #expect(SourceTrust.standard.rank(of: .universalLink) > SourceTrust.standard.rank(of: .pushNotification))
        #expect(SourceTrust.standard.rank(of: .pushNotification) > SourceTrust.standard.rank(of: .deepLink))
    }

    // MARK: The initial state, and no session at all

    @Test func anInitialStateOnAnAuthOnlyScreenStartsAtTheLogin() async throws {
        var start = NavigationState(router: navigator.router)
        start = try NavigationPlanner.plan(.selectTab("inbox"), in: start).get().state
        let inbox = try #require(start.visible)
        let navigator = try TestNavigator(routes: Self.table, state: start)
        navigator.exhaustive = false
        await navigator.start()
        #expect(navigator.state.visible?.route == "login")
        #expect(!navigator.lifecycle.contains(.appear(inbox)))
        await navigator.signIn(expect: "completed")
        #expect(navigator.state.visible?.route == "inbox")
        #expect(navigator.state.modals.isEmpty)
        #expect(navigator.lifecycle.last == .appear(inbox))
    }

    @Test func withoutASessionMiddlewareAuthOnlyScreensAreNeverShown() async throws {
        let flow = NavigationFlow(router: navigator.router, state: NavigationState(router: navigator.router))
        #expect(await flow.selectTab("inbox") == .cancelled(.guardRejected))
        #expect(await flow.open(url: "myapp://profile/1") == .cancelled(.guardRejected))
        #expect(flow.state.selectedTab == "home")
        #expect(flow.history.isEmpty)
    }

    // MARK: Middleware see only what the policy lets through

    @Test func noMiddlewareSeesARequestThePolicyRefuses() async throws {
        // A loader-like plugin: it would fetch the destination's data.
        let seen = Locked<[String]>([])
        flow.add(
            MiddlewareClosure { request, next in
                seen.withLock { $0.append(request.destination?.route ?? request.action.summary) }
                return try await next(request)
            })
        await navigator.open("myapp://profile/42", expect: "redirected")  // auth, signed out: to the login
        // With the login on screen, an auth-only tab is parked in the profile's place (in-app
        // taps are trusted more than links) and nothing changes.
        await navigator.selectTab("inbox", expect: "cancelled.guard-rejected")
        #expect(flow.parkedRequest?.action == .command(.selectTab("inbox")))
        await navigator.open("myapp://settings/account/password", expect: "cancelled.untrusted-source")  // inApp only
        #expect(seen.withLock { $0 } == ["login"])
        #expect(await flow.perform(.push(Destination("changePassword")), source: .deepLink) == .cancelled(.untrustedSource))
        #expect(seen.withLock { $0 } == ["login"])
        await navigator.signIn(expect: "completed")
        #expect(seen.withLock { $0 }.last == "select-tab(inbox)")
    }

    @Test func aMiddlewarePassingOnAnotherRequestGetsThatOneCommittedAndChecked() async throws {
        let router = navigator.router
        flow.add(
            MiddlewareClosure { request, next in
                guard request.destination?.route == "about" else { return try await next(request) }
                // Hands the rest of the pipeline another destination than the one planned first.
                let swapped = request.redirected(to: Destination("account"), route: try #require(router.route(named: "account")))
                return try await next(swapped)
            })
        #expect(await flow.navigate(to: Destination("about")) == .completed)
        #expect(flow.state.visible?.route == "account")
        // And the policy holds for what it passes on.
        flow.add(
            MiddlewareClosure { request, next in
                guard request.destination?.route == "followers" else { return try await next(request) }
                return try await next(
                    request.redirected(to: Destination("changePassword"), route: try #require(router.route(named: "changePassword"))))
            })
        let before = flow.state
        let result = await flow.open(url: "myapp://profile/1/followers")
        #expect(result == .cancelled(.untrustedSource))
        #expect(flow.state == before)
    }

    // MARK: Destinations

    @Test(arguments: [
        (Destination("post"), "failed.missing-parameter", "postId"),
        (Destination("post", parameters: ["postId": .string("x")]), "failed.wrong-type", "postId"),
        (Destination("post", parameters: ["postId": .int(1), "postID": .int(1)]), "failed.unknown-parameter", "postID"),
        (Destination("post", parameters: ["postId": .int(1)], query: ["sort": .string("old")]), "failed.wrong-type", "sort"),
        (Destination("post", parameters: ["postId": .int(1)], query: ["page": .int(2)]), "failed.unknown-parameter", "page"),
        (Destination("psot", parameters: ["postId": .int(1)]), "failed.unknown-route", "psot"),
    ])
    func aDestinationThatDoesNotFitItsRouteFailsAndChangesNothing(destination: Destination, code: String, named: String) async {
        let before = flow.state
        for result in [
            await flow.navigate(to: destination),
            await flow.perform(.push(destination)),
            await flow.perform(.replace(destination)),
            await flow.perform(.present(destination, style: .sheet)),
            await flow.perform(.setStack([Destination("home"), destination])),
        ] {
            #expect(result.code.rawValue == code)
            if case .failed(let error) = result { #expect(error.description.contains("'\(named)'"), "\(error)") }
        }
        #expect(flow.state == before)
        #expect(flow.history.isEmpty)
    }

    @Test func aMiddlewareRedirectingToABadDestinationFails() async {
        flow.add(
            MiddlewareClosure { request, next in
                if request.destination?.route == "about" { return .redirected(chain: [], final: Destination("post")) }
                return try await next(request)
            })
        #expect(await flow.navigate(to: Destination("about")).code.rawValue == "failed.missing-parameter")
        #expect(flow.history.isEmpty)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
