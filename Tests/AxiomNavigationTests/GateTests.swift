import AxiomNavigationTesting
import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// One gate for every change of state (issue 28): each test is a way the second edition let a
/// forbidden or erased state through a door other than a request — a change the UI reports,
/// sign-out, launch, a restore resumed after a swap, a saved state the table no longer fits.
@MainActor
@Suite struct GateTests {
    static let table = """
        origins myapp:
        tabs home, inbox, me
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
          transition tab(me)
        route settings /me/settings
          parent me
        route privacy /me/settings/privacy
          auth
          parent settings
        route profile /profile/:userId
          param userId int
          auth
          parent home
        route followers /profile/:userId/followers
          param userId int
          parent profile
        route compose /compose
          transition modal(sheet)
          auth
        route changePassword /me/password
          sources inApp
          parent me
        route about /about
          parent home
        route login /login
          transition modal(fullScreen)
        """

    /// A navigator whose rate limit counts in-app steps too (as `RateLimitMiddleware`'s
    /// defaults do): 10 a second.
    static func navigator(signedIn: Bool = false, state: NavigationState? = nil, signOut: NavigationFlow.SignOutRule = .presentLogin) throws
        -> TestNavigator
    {
        let navigator = try TestNavigator(
            routes: table, state: state,
            options: .init(
                signedIn: signedIn, rateLimit: .init(appliesTo: [.inApp, .deepLink, .universalLink, .pushNotification]),
                configuration: .init(signOut: signOut)))
        navigator.exhaustive = false
        return navigator
    }

    /// The rule the gate keeps, checked on the state as any observer reads it.
    static func visibleIsAllowed(_ flow: NavigationFlow) -> Bool {
        guard let visible = flow.state.visible, let route = flow.router.route(named: visible.route) else { return true }
        guard route.metadata.allows(source: visible.source.rawValue) else { return false }
        return !route.metadata.requiresAuthentication || flow.isSignedIn == true || route.name == "login"
    }

    // MARK: A change the UI reports

    @Test func aBackSwipeOntoAnAuthOnlyScreenAfterSignOutShowsTheLoginInTheSameCommitWhateverTheRateLimit() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.open("myapp://profile/42/followers", expect: "completed")
        let profile = navigator.state.activeStack[1]
        navigator.signOut()
        #expect(navigator.state.visible?.route == "followers")  // not auth-only: stays
        // Use up the rate limit (in-app steps count): the next request is refused.
        var steps = 0
        while await navigator.flow.selectTab("home").code != .cancelled(.rateLimited), steps < 20 { steps += 1 }
        #expect(steps < 20)
        #expect(navigator.state.visible?.route == "followers")
        // The back swipe onto `profile` (auth-only): the login is over it as soon as the call
        // returns, in the same commit — no later request a rate limit could refuse.
        let back = navigator.flow.uiDidChange(.popped(to: profile.id))
        #expect(back == .completed)
        #expect(navigator.state.visible?.route == "login")
        #expect(navigator.flow.history.last?.to?.route == "login")
        #expect(Self.visibleIsAllowed(navigator.flow))
        await navigator.flow.lifecycleSettled()
        #expect(navigator.state.visible?.route == "login")
        #expect(!navigator.lifecycle.suffix(3).contains(.appear(profile)))
        // Sign-in takes the login down onto the profile.
        await navigator.signIn()
        #expect(navigator.state.visible == profile)
        #expect(navigator.state.modals.isEmpty)
    }

    /// Pop to a named destination is one more door: the screen it reveals passes the gate
    /// (signed out, an auth-only one gets the login over it; a link's in-app-only one is not
    /// shown), as `back` does.
    @Test func popToANamedScreenRevealsItThroughTheGate() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.open("myapp://profile/42/followers", expect: "completed")
        #expect(await navigator.flow.perform(.push(Destination("about"))) == .completed)
        navigator.signOut()
        #expect(navigator.state.visible?.route == "about")
        let result = await navigator.flow.perform(.popTo("profile"))
        #expect(result.code == .redirected)
        #expect(navigator.state.visible?.route == "login")
        #expect(Self.visibleIsAllowed(navigator.flow))
        await navigator.signIn()
        #expect(navigator.state.visible?.route == "profile")
        // Not on the stack: a typed failure, nothing changes.
        let before = navigator.state
        #expect(await navigator.flow.perform(.popTo("compose")) == .failed(.plan(.notInStack("compose"))))
        #expect(navigator.state == before)
    }

    @Test func anUntrustedLinkArrivingAtTheLoginCannotUncoverTheGuardedScreen() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.open("myapp://profile/42/followers", expect: "completed")
        navigator.signOut()
        _ = navigator.flow.uiDidChange(.popped(to: navigator.state.activeStack[1].id))
        #expect(navigator.state.visible?.route == "login")
        // A link its source may not open arrives: refused, and the login is still up.
        await navigator.open("myapp://me/password", expect: "cancelled.untrusted-source")
        #expect(navigator.state.visible?.route == "login")
        #expect(Self.visibleIsAllowed(navigator.flow))
    }

    // MARK: Dragging the login down

    @Test func draggingTheLoginOffAnAuthOnlyTabKeepsTheTabsStack() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.open("myapp://inbox/3", expect: "completed")
        await navigator.selectTab("home", expect: "completed")
        navigator.signOut()
        #expect(navigator.state.visible?.route == "home")
        _ = navigator.flow.uiDidChange(.selectedTab("inbox"))
        #expect(navigator.state.visible?.route == "login")
        _ = navigator.flow.uiDidChange(.dismissed(level: 0))
        // The user sees a tab that may be shown; the inbox's stack is kept as it was.
        #expect(navigator.state.selectedTab == "home")
        guard case .tabs(let tabs) = navigator.state.root else {
            Issue.record("tabs expected")
            return
        }
        #expect(tabs.stacks["inbox"]?.map(\.route) == ["inbox", "conversation"])
        await navigator.signIn()
        await navigator.selectTab("inbox", expect: "completed")
        #expect(navigator.state.activeStack.map(\.route) == ["inbox", "conversation"])
    }

    @Test(arguments: [NavigationFlow.SignOutRule.presentLogin, .withhold])
    func draggingTheLoginOffAStackWithholdsTheGuardedScreensAndSignInPutsThemBack(rule: NavigationFlow.SignOutRule) async throws {
        let navigator = try Self.navigator(signedIn: true, signOut: rule)
        await navigator.selectTab("me", expect: "completed")
        await navigator.navigate(to: Destination("settings"), expect: "completed")
        await navigator.navigate(to: Destination("privacy"), expect: "completed")
        let privacy = try #require(navigator.state.visible)
        navigator.signOut()
        if rule == .presentLogin {
            #expect(navigator.state.visible?.route == "login")
            _ = navigator.flow.uiDidChange(.dismissed(level: 0))
        }
        // The settings screen under it shows; privacy is withheld, not erased.
        #expect(navigator.state.activeStack.map(\.route) == ["me", "settings"])
        #expect(navigator.state.withheld.map(\.entries) == [[privacy]])
        #expect(navigator.state.entries.contains(privacy))
        #expect(Self.visibleIsAllowed(navigator.flow))
        // The saved state keeps it too, and reads back.
        let data = try JSONEncoder().encode(navigator.state)
        #expect(try JSONDecoder().decode(NavigationState.self, from: data) == navigator.state)
        await navigator.signIn()
        #expect(navigator.state.activeStack.map(\.route) == ["me", "settings", "privacy"])
        #expect(navigator.state.visible == privacy)
        #expect(navigator.state.withheld.isEmpty)
    }

    @Test func aWithheldGroupWhoseScreenBelowLeftIsReleasedNotPutBackElsewhere() async throws {
        let navigator = try Self.navigator(signedIn: true, signOut: .withhold)
        await navigator.selectTab("me", expect: "completed")
        await navigator.navigate(to: Destination("settings"), expect: "completed")
        await navigator.navigate(to: Destination("privacy"), expect: "completed")
        navigator.signOut()
        #expect(navigator.state.withheld.count == 1)
        await navigator.back(expect: "completed")  // settings leaves: nothing to put privacy back on
        #expect(navigator.state.withheld.isEmpty)
        #expect(!navigator.state.entries.contains { $0.route == "privacy" })
        await navigator.signIn()
        #expect(navigator.state.activeStack.map(\.route) == ["me"])
    }

    @Test func draggingTheLoginOffAGuardedModalKeepsTheModal() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.navigate(to: Destination("compose"), expect: "completed")
        let compose = try #require(navigator.state.visible)
        navigator.signOut()
        #expect(navigator.state.visible?.route == "login")
        _ = navigator.flow.uiDidChange(.dismissed(level: 1))
        #expect(navigator.state.visible?.route == "home")
        #expect(navigator.state.modals.isEmpty)
        #expect(navigator.state.entries.contains(compose))
        await navigator.signIn()
        #expect(navigator.state.visible == compose)
        #expect(navigator.state.modals.map(\.style) == [.sheet])
    }

    // MARK: Launch

    @Test func withoutASessionMiddlewareAStartOnAnAuthOnlyScreenFailsClosedBeforeAndAfterStart() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        var saved = NavigationState(router: router)
        saved = try NavigationPlanner.plan(.selectTab("me"), in: saved).get().state
        saved = try NavigationPlanner.plan(.push(Destination("settings")), in: saved).get().state
        saved = try NavigationPlanner.plan(.push(Destination("privacy")), in: saved).get().state
        let orchestrator = Orchestrator(router: router, state: saved, factories: [:])
        // Before start(): what a UI renders first is already the gate's.
        #expect(orchestrator.navigation.state.visible?.route == "settings")
        await orchestrator.start()
        #expect(orchestrator.navigation.state.visible?.route == "settings")
        #expect(orchestrator.navigation.state.withheld.first?.entries.map(\.route) == ["privacy"])
    }

    @Test func guardedScreensWithNothingBelowAreNotShownBeforeStartAndAreShownWhenStartedSignedIn() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let saved = NavigationState(stack: [Destination("inbox"), Destination("conversation", parameters: ["id": .int(3)])])
        // No session yet: nothing may be shown, so nothing is (fail closed) — and nothing is
        // erased: the whole stack is withheld with nothing below it.
        let bare = NavigationFlow(router: router, state: saved)
        #expect(bare.state.visible == nil && bare.state.activeStack.isEmpty)
        #expect(bare.state.withheld.map(\.place) == ["at the bottom of the root"])
        #expect(bare.state.entries.map(\.route) == ["inbox", "conversation"])
        // Started with a signed-in session, the state as given is proposed again and shown.
        let navigator = TestNavigator(router: router, state: saved, options: .init(signedIn: true))
        navigator.exhaustive = false
        #expect(navigator.state.visible == nil)
        await navigator.start()
        #expect(navigator.state.activeStack.map(\.route) == ["inbox", "conversation"])
    }

    /// Guarded screens with nothing below them and nowhere else to go — a whole stack, every
    /// tab, a modal over an empty stack — are withheld like any, never erased: dismissing the
    /// login shows nothing, and sign-in puts them back.
    static let nothingBelow = """
        origins myapp:
        login login
        route vault /vault/:n
          param n int
          auth
        route docs /docs
          auth
        route open /open
        route safe /safe
          transition modal(sheet)
          auth
        route login /login
          transition modal(fullScreen)
        """

    @Test func draggingTheLoginOffAWholeGuardedStackKeepsItAndSignInPutsItBack() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.nothingBelow))
        let saved = NavigationState(stack: [Destination("docs"), Destination("vault", parameters: ["n": .int(1)])])
        let navigator = TestNavigator(router: router, state: saved)
        navigator.exhaustive = false
        await navigator.start()
        #expect(navigator.state.visible?.route == "login")
        _ = navigator.flow.uiDidChange(.dismissed(level: 0))
        #expect(navigator.state.visible == nil)
        #expect(navigator.state.withheld.map(\.place) == ["at the bottom of the root"])
        #expect(navigator.state.withheld.first?.entries.map(\.route) == ["docs", "vault"])
        // Kept through a save and a restore.
        let decoded = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(navigator.state))
        #expect(decoded == navigator.state)
        #expect(decoded.restored(against: router).state == navigator.state)
        await navigator.signIn()
        #expect(navigator.state.activeStack.map(\.route) == ["docs", "vault"])
        #expect(navigator.state.withheld.isEmpty)
    }

    @Test func aGroupWithNothingBelowIsReleasedOnceItsStackHasAScreen() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.nothingBelow))
        let navigator = TestNavigator(router: router, state: NavigationState(stack: [Destination("docs")]))
        navigator.exhaustive = false
        await navigator.start()
        _ = navigator.flow.uiDidChange(.dismissed(level: 0))
        #expect(navigator.state.withheld.count == 1)
        // The user goes elsewhere: the place the group would go back to is taken.
        await navigator.navigate(to: Destination("open"), expect: "completed")
        #expect(navigator.state.withheld.isEmpty)
        #expect(!navigator.state.entries.contains { $0.route == "docs" })
        await navigator.signIn()
        #expect(navigator.state.activeStack.map(\.route) == ["open"])
    }

    @Test func everyTabGuardedIsWithheldInItsTabAndSignInPutsItBack() async throws {
        let table = """
            origins myapp:
            tabs docs, more
            login login
            route docs /docs
              transition tab(docs)
              auth
            route more /more
              transition tab(more)
              auth
            route vault /docs/:n
              param n int
              auth
              parent docs
            route login /login
              transition modal(fullScreen)
            """
        let router = try Router(source: RouteSource(name: "t.routes", text: table))
        var saved = NavigationState(router: router)
        saved = try NavigationPlanner.plan(.push(Destination("vault", parameters: ["n": .int(2)])), in: saved).get().state
        // Without a session middleware there is no login: withheld from the first state on.
        let bare = NavigationFlow(router: router, state: saved)
        #expect(bare.state.visible == nil)
        #expect(bare.state.withheld.map(\.place) == ["at the bottom of tab docs"])
        #expect(bare.state.entries.map(\.route).sorted() == ["docs", "more", "vault"])
        let navigator = TestNavigator(router: router, state: saved)
        navigator.exhaustive = false
        await navigator.start()
        _ = navigator.flow.uiDidChange(.dismissed(level: 0))
        #expect(navigator.state.visible == nil && navigator.state.selectedTab == "docs")
        await navigator.signIn()
        #expect(navigator.state.activeStack.map(\.route) == ["docs", "vault"])
    }

    @Test func aGuardedModalOverAnEmptyStackIsWithheldWhole() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.nothingBelow))
        var saved = NavigationState()
        saved = try NavigationPlanner.plan(.present(Destination("safe"), style: .sheet), in: saved).get().state
        let navigator = TestNavigator(router: router, state: saved)
        navigator.exhaustive = false
        await navigator.start()
        #expect(navigator.state.visible?.route == "login")
        _ = navigator.flow.uiDidChange(.dismissed(level: 1))
        #expect(navigator.state.visible == nil && navigator.state.modals.isEmpty)
        #expect(navigator.state.withheld.first.map { "\($0.place) \($0.entries.map(\.route))" } == "at the bottom of the root [\"safe\"]")
        await navigator.signIn()
        #expect(navigator.state.modals.map(\.stack.first?.route) == ["safe"])
    }

    /// A saved group with nothing below it must have an empty stack to go back to.
    /// A saved group with nothing below it is trusted no more than the source it was restored
    /// from: put back at sign-in, a screen that source may not open is dropped, not shown.
    @Test func aRestoredGroupWithNothingBelowIsCheckedAgainstItsSourceWhenPutBack() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let json = """
            {"version": 1, "nextID": 3, "modals": [],
             "root": {"tabs": {"order": ["home", "inbox", "me"], "selected": "me",
                               "stacks": {"home": [{"id": 0, "route": "home", "source": "inApp"}],
                                          "inbox": [{"id": 1, "route": "inbox", "source": "inApp"}], "me": []}}},
             "withheld": [{"tab": "me", "stack": [{"id": 2, "route": "changePassword", "source": "inApp"}]}]}
            """
        let saved = try JSONDecoder().decode(NavigationState.self, from: Data(json.utf8))
        #expect(saved.withheld.first?.place == "at the bottom of tab me")
        let restored = saved.restored(against: router, source: .deepLink).state
        #expect(restored.withheld.first?.entries.map(\.source) == [.deepLink])
        let navigator = TestNavigator(router: router, state: restored, options: .init(signedIn: true))
        navigator.exhaustive = false
        await navigator.start()
        #expect(navigator.state.visible?.route != "changePassword")
        #expect(!navigator.state.entries.contains { $0.route == "changePassword" })
    }

    @Test func aSavedGroupWithNothingBelowOverAScreenIsNotAState() throws {
        let json = """
            {"version": 1, "nextID": 2, "modals": [],
             "root": {"stack": [{"id": 0, "route": "open", "source": "inApp"}]},
             "withheld": [{"stack": [{"id": 1, "route": "docs", "source": "inApp"}]}]}
            """
        #expect {
            try JSONDecoder().decode(NavigationState.self, from: Data(json.utf8))
        } throws: { error in
            (error as? StateFormatError)?.message.contains("withheld entries at the bottom of the root, which is not an empty stack") == true
        }
    }

    @Test func aStateRestoredFromALinkStartsWithoutTheScreensItsSourceMayNotOpen() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        var saved = NavigationState(router: router)
        saved = try NavigationPlanner.plan(.selectTab("me"), in: saved).get().state
        saved = try NavigationPlanner.plan(.push(Destination("changePassword")), in: saved).get().state
        let restored = saved.restored(against: router, source: .deepLink).state
        let navigator = TestNavigator(router: router, state: restored)
        navigator.exhaustive = false
        #expect(navigator.state.visible?.route == "me")
        await navigator.start()
        #expect(navigator.state.visible?.route == "me")
        #expect(!navigator.state.entries.contains { $0.route == "changePassword" })
    }

    @Test func aStartOnAnAuthOnlyScreenSignedInShowsIt() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        var saved = NavigationState(router: router)
        saved = try NavigationPlanner.plan(.selectTab("inbox"), in: saved).get().state
        let navigator = TestNavigator(router: router, state: saved, options: .init(signedIn: true))
        navigator.exhaustive = false
        #expect(navigator.state.visible?.route == "home")  // before start: no session yet
        await navigator.start()
        #expect(navigator.state.visible?.route == "inbox")
        #expect(navigator.lifecycle == [.appear(try #require(navigator.state.visible))])
    }

    // MARK: Restoration and swaps

    @Test func aRestoreParkedForSignInResumesAgainstTheTableSwappedInTheMeantime() async throws {
        let navigator = try Self.navigator()
        await navigator.start()
        var saved = navigator.state
        saved = try NavigationPlanner.plan(.selectTab("inbox"), in: saved).get().state
        saved = try NavigationPlanner.plan(.push(Destination("conversation", parameters: ["id": .int(3)])), in: saved).get().state
        let restore = await navigator.flow.restore(saved)
        #expect(restore.result.code == .redirected)
        // The table changes: `conversation` now takes a uuid.
        let next = try Router(
            source: RouteSource(
                name: "next.routes",
                text: Self.table.replacingOccurrences(
                    of: "route conversation /inbox/:id\n  param id int", with: "route conversation /inbox/:id\n  param id uuid")))
        await navigator.flow.replaceTable(with: next)
        await navigator.signIn()
        for entry in navigator.state.entries {
            #expect((try? next.validate(entry.route, parameters: entry.destination.parameters, query: entry.destination.query)) != nil, "\(entry)")
        }
        #expect(navigator.state.activeStack.map(\.route) == ["inbox"])
        await navigator.back(expect: "failed.at-root")
    }

    @Test func aSavedStateWhoseTabsTheTableNoLongerDeclaresRestoresWithTheTablesTabs() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let old = """
            {"version": 1, "nextID": 2, "modals": [],
             "root": {"tabs": {"order": ["feed", "search"], "selected": "feed",
                               "stacks": {"feed": [{"id": 0, "route": "home", "source": "inApp"}], "search": [{"id": 1, "route": "about", "source": "inApp"}]}}}}
            """
        let saved = try JSONDecoder().decode(NavigationState.self, from: Data(old.utf8))
        let restoration = saved.restored(against: router)
        guard case .tabs(let tabs) = restoration.state.root else {
            Issue.record("tabs expected")
            return
        }
        #expect(tabs.order == ["home", "inbox", "me"])
        #expect(!tabs.stacks.keys.contains(""))
        #expect(restoration.dropped.map(\.code) == [.unknownTab, .unknownTab])
        // New entries take ids from the saved nextID on.
        #expect(restoration.state.entries.allSatisfy { $0.id.rawValue >= 2 })
        let navigator = TestNavigator(router: router, state: restoration.state, options: .init(signedIn: true))
        navigator.exhaustive = false
        await navigator.start()
        await navigator.open("myapp://profile/7", expect: "completed")
        let visible = try #require(navigator.state.visible)
        #expect(navigator.state.entries.contains(visible))
        let data = try JSONEncoder().encode(navigator.state)
        #expect(try JSONDecoder().decode(NavigationState.self, from: data) == navigator.state)
    }

    @Test func withheldScreensInASavedStateAreTrustedNoMoreThanItsSource() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        // A file claims the in-app-only password form was withheld above settings, put there in-app.
        let json = """
            {"version": 1, "nextID": 3, "modals": [],
             "root": {"stack": [{"id": 0, "route": "me", "source": "inApp"}, {"id": 1, "route": "settings", "source": "inApp"}]},
             "withheld": [{"above": 1, "stack": [{"id": 2, "route": "changePassword", "source": "inApp"}]}]}
            """
        let saved = try JSONDecoder().decode(NavigationState.self, from: Data(json.utf8))
        let restored = saved.restored(against: router, source: .deepLink).state
        #expect(restored.withheld.first?.entries.map(\.source) == [.deepLink])
        // Signed in, the group would go back on top: the gate drops it instead (its source).
        let navigator = TestNavigator(router: router, state: restored, options: .init(signedIn: true))
        navigator.exhaustive = false
        await navigator.start()
        #expect(navigator.state.visible?.route == "settings")
        #expect(!navigator.state.entries.contains { $0.route == "changePassword" })
    }

    @Test func aStateWithMoreTabsThanTheBoundIsRefused() throws {
        let count = NavigationState.maxTabs + 1
        let order = (0..<count).map { "t\($0)" }
        let json: [String: Any] = [
            "version": 1, "nextID": 0, "modals": [] as [Any],
            "root": ["tabs": ["order": order, "selected": "t0", "stacks": [:] as [String: Any]]],
        ]
        let data = try JSONSerialization.data(withJSONObject: json)
        #expect {
            try JSONDecoder().decode(NavigationState.self, from: data)
        } throws: { error in
            (error as? StateFormatError)?.code == .invalidState && "\(error)".contains("at most \(NavigationState.maxTabs)")
        }
    }

    /// A state past a bound is refused from the counts the parser has, before anything of it is
    /// read: the lists here end in an entry that is not one, and the error is the bound's.
    @Test(arguments: [
        ("tabs", NavigationState.maxTabs + 1, 1, 0),
        ("entries", 1, NavigationState.maxEntries + 1, 0),
        ("entries", 2, NavigationState.maxEntries / 2 + 1, 0),
        ("values", 1, 1, NavigationState.maxValues + 1),
    ])
    func aStatePastItsBoundsIsRefusedBeforeItIsRead(bound: String, tabs: Int, entriesATab: Int, values: Int) throws {
        let order = (0..<tabs).map { "t\($0)" }
        var stacks: [String: Any] = [:]
        var id = 0
        for name in order.prefix(2) {
            var stack: [[String: Any]] = []
            for _ in 0..<entriesATab {
                stack.append(["id": id, "route": "home", "source": "inApp"])
                id += 1
            }
            // The last stack's last entry is not an entry (no source): read, it would be a
            // DecodingError.
            if name == order.prefix(2).last { stack[stack.count - 1]["source"] = nil }
            if values > 0 { stack[0]["parameters"] = (0..<values).map { ["name": "p\($0)", "value": ["int": $0]] } }
            stacks[name] = stack
        }
        let json: [String: Any] = [
            "version": 1, "nextID": id, "modals": [] as [Any],
            "root": ["tabs": ["order": order, "selected": "t0", "stacks": stacks]],
        ]
        let data = try JSONSerialization.data(withJSONObject: json)
        #expect {
            try JSONDecoder().decode(NavigationState.self, from: data)
        } throws: { error in
            guard let error = error as? StateFormatError, error.code == .invalidState else { return false }
            return error.message.contains(bound) && error.message.contains("at most 10000 are read")
        }
    }

    /// A list value's elements count as values (one list would otherwise carry any number),
    /// counted before they are read: here the list's last element is not a value.
    @Test func aListValuePastTheBoundIsRefusedBeforeItIsRead() throws {
        var elements: [Any] = (0..<NavigationState.maxValues).map { ["int": $0] }
        elements.append(["int": "not a number"])
        let json: [String: Any] = [
            "version": 1, "nextID": 1, "modals": [] as [Any],
            "root": ["stack": [["id": 0, "route": "home", "source": "inApp", "query": [["name": "ids", "value": ["list": elements]]]]]],
        ]
        let data = try JSONSerialization.data(withJSONObject: json)
        #expect {
            try JSONDecoder().decode(NavigationState.self, from: data)
        } throws: { error in
            (error as? StateFormatError)?.message.contains("more than 10000 values") == true
        }
        // A list within the bound is read, and written back the same.
        let within = NavigationState(stack: [Destination("home", query: ["ids": .list((0..<100).map { .int($0) })])])
        #expect(try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(within)) == within)
        let past = NavigationState(stack: [Destination("home", query: ["ids": .list((0..<NavigationState.maxValues).map { .int($0) })])])
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(past) }
    }

    /// The encoder never writes what the decoder refuses: at the bound a state goes both ways,
    /// past it the encoder throws.
    @Test func theEncoderWritesNoStateItsDecoderRefuses() throws {
        let atBound = NavigationState(stack: (0..<NavigationState.maxEntries).map { Destination("home", parameters: ["n": .int($0)]) })
        let data = try JSONEncoder().encode(atBound)
        #expect(try JSONDecoder().decode(NavigationState.self, from: data) == atBound)
        let past = NavigationState(stack: (0...NavigationState.maxEntries).map { _ in Destination("home") })
        #expect {
            try JSONEncoder().encode(past)
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription.contains("10001 entries (at most 10000 are read)")
        }
        let values = RouteParameters(
            names: (0...NavigationState.maxValues).map { "p\($0)" }, values: (0...NavigationState.maxValues).map { .int($0) })
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(NavigationState(stack: [Destination("home", query: values)])) }
        #expect(NavigationState(tabs: ["a": nil, "b": nil]).overBounds == nil)
    }

    @Test func aTabsRootWithoutTabsIsNotAState() throws {
        let json = #"{"version": 1, "nextID": 0, "modals": [], "root": {"tabs": {"order": [], "selected": "", "stacks": {}}}}"#
        #expect(throws: StateFormatError.self) { try JSONDecoder().decode(NavigationState.self, from: Data(json.utf8)) }
        // And no state is made with one: no tabs are one empty stack.
        let empty = NavigationState(tabs: [:])
        #expect(empty.root == .stack([]))
    }
}

/// A deep link's parents hold values of their own routes' types; the link of the screen on top
/// is a duplicate; an entry made in code is the entry a URL makes.
@MainActor
@Suite struct LinkEntryTests {
    static let table = """
        origins myapp:
        route home /
        route post /posts/:postId
          param postId int
          query sort enum(top, new) = top
          parent home
        route comments /posts/:postId/comments
          parent post
        route typedComments /p/:postId/comments
          param postId int
          parent post
        """

    @Test func aParentRefusingTheLinksValueFailsTheLinkAndCheckSaysSo() async throws {
        let navigator = try TestNavigator(routes: Self.table)
        navigator.exhaustive = false
        await navigator.start()
        let before = navigator.state
        let result = await navigator.open("myapp://posts/abc/comments")
        guard case .failed(let error) = result else {
            Issue.record("expected failed, got \(result)")
            return
        }
        #expect("\(error)".contains("parent-value-refused") || error.code.rawValue.contains("parent-value-refused"))
        #expect(navigator.state == before)
        // A value the parent takes is converted to its type.
        await navigator.open("myapp://posts/42/comments", expect: "completed")
        #expect(navigator.state.activeStack.map(\.route) == ["home", "post", "comments"])
        #expect(navigator.state.activeStack[1].destination.parameters["postId"] == .int(42))
        #expect(navigator.state.activeStack[1].destination.query["sort"] == .string("top"))
        // `check` warns at the child whose pattern lets through what the parent refuses, not at
        // the one that declares the parent's type.
        let diagnostics = Router.compile([RouteSource(name: "t.routes", text: Self.table)]).diagnostics
        #expect(diagnostics.map(\.code) == [DiagnosticCode.parentValue])
        #expect(diagnostics.first?.message.contains("'comments'") == true)
    }

    @Test func openingTheLinkOfTheScreenOnTopAgainIsADuplicateThatKeepsItsContext() async throws {
        let navigator = try TestNavigator(routes: Self.table)
        navigator.exhaustive = false
        await navigator.open("myapp://posts/7", expect: "completed")
        let entry = try #require(navigator.state.visible)
        let context = try #require(navigator.contexts[entry.id] as? RecordedContext)
        await navigator.open("myapp://posts/7", expect: "duplicated")
        #expect(navigator.state.visible == entry)
        #expect(navigator.contexts[entry.id] as? RecordedContext === context)
        #expect(context.appearances == 1)
        // Configurable: without duplicate checks the link rebuilds its target.
        let rebuilding = try TestNavigator(routes: Self.table, options: .init(configuration: .init(rejectsDuplicates: false)))
        rebuilding.exhaustive = false
        await rebuilding.open("myapp://posts/7", expect: "completed")
        let first = try #require(rebuilding.state.visible)
        await rebuilding.open("myapp://posts/7", expect: "completed")
        #expect(rebuilding.state.visible?.id != first.id)
    }

    @Test func anEntryMadeInCodeGetsItsQueryDefaultsAsOneFromAURLDoes() async throws {
        let navigator = try TestNavigator(routes: Self.table)
        navigator.exhaustive = false
        await navigator.navigate(to: Destination("post", parameters: ["postId": .int(7)]), expect: "completed")
        #expect(navigator.state.visible?.destination.query["sort"] == .string("top"))
        // So the URL of the same screen is a duplicate, not a second copy.
        await navigator.open("myapp://posts/7", expect: "duplicated")
        await navigator.navigate(to: Destination("post", parameters: ["postId": .int(7)]), expect: "duplicated")
        #expect(navigator.state.activeStack.map(\.route) == ["home", "post"])
    }
}

/// Replay's first state goes through the same checks as a restore.
@MainActor
@Suite struct ReplayBeginTests {
    @Test func aJournalWhoseBeginStateTheTableCannotHoldIsRefused() async throws {
        let recording = try NavigationSimulator(routes: GateTests.table, options: .init(signedIn: true))
        let journal = recording.recordJournal()
        _ = await recording.open("myapp://inbox/3")
        let records = Array(journal.records)
        // Replayed against the table it came from: every step matches.
        let router = try Router(source: RouteSource(name: "t.routes", text: GateTests.table))
        let same = try await NavigationSimulator.replay(records, router: router, options: .init(signedIn: true))
        #expect(same.difference == nil)
        // A begin state the table cannot hold (its tabs are gone) is refused, with what and why.
        var restart = NavigationState(router: router)
        restart = try NavigationPlanner.plan(.selectTab("me"), in: restart).get().state
        restart = try NavigationPlanner.plan(.push(Destination("settings")), in: restart).get().state
        let begin = JournalRecord(index: 0, time: 0, step: .begin(restart, settings: nil), requests: [], decisions: [], result: "none", state: restart.outline)
        let other = try Router(
            source: RouteSource(
                name: "o.routes",
                text: GateTests.table.replacingOccurrences(of: "route settings /me/settings\n", with: "route preferences /me/settings\n")
                    .replacingOccurrences(of: "parent settings", with: "parent preferences")))
        await #expect {
            try await NavigationSimulator.replay([begin], router: other)
        } throws: { error in
            "\(error)".contains("begin state does not fit") && "\(error)".contains("settings")
        }
    }
}

/// A guard on a parent covers its children when the table says so (`auth children`, `sources …
/// children`), a container carries `auth` and `sources` as a whole, and `check` warns where a
/// child of an auth-only route is open without saying so (W409).
@MainActor
@Suite struct SubtreePolicyTests {
    static let table = """
        origins myapp:
        login login
        container checkout modal(sheet) auth sources inApp, universalLink
        route home /
        route account /account
          auth children
          sources inApp, universalLink, deepLink children
          parent home
        route billing /account/billing
          parent account
        route invoice /account/billing/:id
          param id int
          parent billing
        route help /account/help
          parent account
          public
        route cart /cart
          container checkout
        route pay /cart/pay
          parent cart
        route login /login
          transition modal(fullScreen)
        """

    @Test func signedOutALinkToTheChildOfAnAuthChildrenRouteGoesToTheLogin() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        #expect(router.route(named: "invoice")?.metadata.requiresAuthentication == true)
        #expect(router.route(named: "help")?.metadata.requiresAuthentication == false)
        #expect(router.route(named: "pay")?.metadata.requiresAuthentication == true)
        #expect(router.route(named: "pay")?.metadata.allowedSources == ["inApp", "universalLink"])
        #expect(router.route(named: "invoice")?.metadata.allowedSources == ["inApp", "universalLink", "deepLink"])
        let navigator = TestNavigator(router: router)
        navigator.exhaustive = false
        await navigator.open("myapp://account/billing/7", expect: "redirected")
        #expect(navigator.state.visible?.route == "login")
        #expect(navigator.flow.parkedRequest?.destination?.route == "invoice")
        await navigator.signIn(expect: "completed")
        #expect(navigator.state.activeStack.map(\.route) == ["home", "account", "billing", "invoice"])
        // `public` opts a child out; the container's `sources` cover what is in it.
        navigator.signOut()
        await navigator.open("myapp://account/help", expect: "completed")
        await navigator.open("myapp://cart/pay", source: .deepLink, expect: "cancelled.untrusted-source")
    }

    @Test func draggingTheLoginOffAGuardedContainerKeepsTheContainerWhole() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let navigator = TestNavigator(router: router, options: .init(signedIn: true))
        navigator.exhaustive = false
        await navigator.navigate(to: Destination("cart"), expect: "completed")
        await navigator.navigate(to: Destination("pay"), expect: "completed")
        let container = try #require(navigator.state.modals.first)
        #expect(container.container == "checkout" && container.stack.map(\.route) == ["cart", "pay"])
        navigator.signOut()
        #expect(navigator.state.visible?.route == "login")
        _ = navigator.flow.uiDidChange(.dismissed(level: 1))
        // The container goes aside whole (not dismissed with everything in it): home shows.
        #expect(navigator.state.visible?.route == "home")
        #expect(navigator.state.modals.isEmpty)
        #expect(navigator.state.outline.contains("withheld above #0: modal sheet checkout: #1 cart > #2 pay"))
        let data = try JSONEncoder().encode(navigator.state)
        #expect(try JSONDecoder().decode(NavigationState.self, from: data) == navigator.state)
        await navigator.signIn()
        #expect(navigator.state.modals == [container])
        #expect(navigator.state.visible?.route == "pay")
    }

    @Test func checkWarnsWhereAChildOfAnAuthOnlyRouteIsOpenWithoutSayingSo() throws {
        let open = """
            route profile /profile/:id
              param id int
              auth
            route followers /profile/:id/followers
              param id int
              parent profile
            """
        let warned = Router.compile([RouteSource(name: "t.routes", text: open)]).diagnostics
        #expect(warned.map(\.code) == [DiagnosticCode.openUnderAuth])
        #expect(warned.first?.message.contains("'followers'") == true)
        for fix in ["auth", "public"] {
            let fixed = open + "\n  \(fix)"
            #expect(Router.compile([RouteSource(name: "t.routes", text: fixed)]).diagnostics.isEmpty, "\(fix)")
        }
        let covered = open.replacingOccurrences(of: "  auth\n", with: "  auth children\n")
        #expect(Router.compile([RouteSource(name: "t.routes", text: covered)]).diagnostics.isEmpty)
        // A word after `auth` that is not `children` is an error, not ignored.
        let typo = open.replacingOccurrences(of: "  auth\n", with: "  auth childern\n")
        #expect(Router.compile([RouteSource(name: "t.routes", text: typo)]).diagnostics.map(\.code) == [DiagnosticCode.unexpectedArgument])
    }
}

/// Sign-out checks every reachable screen in one commit.
@MainActor
@Suite struct SignOutTests {
    @Test func signOutWithholdsTheAuthOnlyTopsOfBackgroundTabsInTheSameCommit() async throws {
        let navigator = try GateTests.navigator(signedIn: true)
        await navigator.selectTab("me", expect: "completed")
        await navigator.navigate(to: Destination("settings"), expect: "completed")
        await navigator.navigate(to: Destination("privacy"), expect: "completed")
        await navigator.selectTab("home", expect: "completed")
        let commits = navigator.flow.history.count
        navigator.signOut()
        // One commit: home stays on top, privacy (auth-only, in the background) is withheld.
        #expect(navigator.flow.history.count == commits + 1)
        #expect(navigator.state.visible?.route == "home")
        guard case .tabs(let tabs) = navigator.state.root else {
            Issue.record("tabs expected")
            return
        }
        #expect(tabs.stacks["me"]?.map(\.route) == ["me", "settings"])
        #expect(navigator.state.withheld.first?.entries.map(\.route) == ["privacy"])
        // Switching to the tab shows its last public screen; sign-in puts privacy back.
        await navigator.selectTab("me", expect: "completed")
        #expect(navigator.state.visible?.route == "settings")
        await navigator.signIn()
        #expect(navigator.state.activeStack.map(\.route) == ["me", "settings", "privacy"])
    }
}
