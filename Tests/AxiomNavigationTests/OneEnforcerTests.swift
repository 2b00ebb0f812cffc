import AxiomNavigationSimulator
import AxiomNavigationTesting
import AxiomRouting
import Clocks
import Testing

@testable import AxiomNavigation

/// The gate is the one enforcer: what a refusal leads to (fail closed, park, the login) is the
/// gate's answer, requests and state doors get the same one, and the order of trust between
/// sources is the session's one order wherever the flow needs it.
@MainActor
@Suite struct OneEnforcerTests {
    static let table = """
        origins myapp:
        login login
        route home /
        route profile /profile/:id
          param id int
          auth
          parent home
        route about /about
          sources inApp
          parent home
        route verified /verified
          sources universalLink
          parent home
        route linked /linked
          sources deepLink
          parent home
        route login /login
          transition modal(fullScreen)
        """

    static func router() throws -> Router { try Router(source: RouteSource(name: "t.routes", text: table)) }

    static func request(_ destination: Destination, source: NavigationSource = .deepLink, back: Bool = false) -> NavigationRequest {
        NavigationRequest(
            id: RequestID(1), action: back ? .command(.back) : .deepLink(destination), source: source, route: nil, url: nil, redirects: [])
    }

    @Test func theGatesAnswerToARequestIsWhatARefusalLeadsTo() throws {
        let router = try Self.router()
        let clock = TestClock()
        let signedOut = AuthenticationMiddleware(loginRoute: nil, clock: clock)
        var state = NavigationState(router: router)
        let home = try #require(state.visible)
        state = try NavigationPlanner.plan(.push(Destination("profile", parameters: ["id": .int(7)])), in: state).get().state
        let profile = try #require(state.visible)
        let atHome = NavigationState(router: router)

        // Guarded, a session and a login (the table's, as the fallback): the login, and parked.
        let gate = NavigationGate(router: router, sessions: [signedOut])
        #expect(gate.login == "login")
        let guarded = gate.refusal(showing: profile, over: atHome, for: Self.request(profile.destination))
        #expect(guarded == NavigationGate.Refusal(result: .redirected(chain: [], final: Destination("login")), parks: true))
        // No session middleware: nobody can sign in — refused, nothing parked (fail closed).
        let closed = NavigationGate(router: router, sessions: [])
        #expect(
            closed.refusal(showing: profile, over: atHome, for: Self.request(profile.destination))
                == NavigationGate.Refusal(result: .cancelled(.guardRejected), parks: false))
        // The login already on screen: refused, still parked for sign-in.
        let underLogin = try #require(gate.loginPresented(over: atHome))
        #expect(
            gate.refusal(showing: profile, over: underLogin, for: Self.request(profile.destination))
                == NavigationGate.Refusal(result: .cancelled(.guardRejected), parks: true))
        // Going back off the login onto what it guarded: not parked (resuming would go back again).
        let loginOverProfile = try #require(gate.loginPresented(over: state))
        #expect(gate.refusal(showing: profile, over: loginOverProfile, for: Self.request(profile.destination, source: .inApp, back: true))?.parks == false)
        // A source the route excludes: no sign-in helps — refused, not parked, no login.
        let about = NavigationEntry(id: EntryID(40), destination: Destination("about"), source: .deepLink)
        #expect(
            gate.refusal(showing: about, over: atHome, for: Self.request(about.destination))
                == NavigationGate.Refusal(result: .cancelled(.untrustedSource), parks: false))
        // Allowed: no refusal, and the plan is admitted as proposed.
        #expect(gate.refusal(showing: home, over: state, for: Self.request(home.destination)) == nil)
        let admitted = try gate.decide(Self.request(home.destination), proposing: atHome, over: state).get()
        #expect(admitted.state == atHome)
        // A plan that shows what is on screen already is not re-decided — except a restore's.
        let restore = NavigationRequest(id: RequestID(2), action: .restore(state), source: .inApp, route: nil, url: nil, redirects: [])
        #expect((try? gate.decide(Self.request(profile.destination), proposing: state, over: state).get()) != nil)
        #expect((try? gate.decide(restore, proposing: state, over: state).get()) == nil)
    }

    @Test func aRequestRefusedByTheGateIsParkedOnceAndEndsAsTheGateSaid() async throws {
        let router = try Self.router()
        let auth = AuthenticationMiddleware(loginRoute: "login", clock: TestClock())
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        flow.add(auth)
        let result = await flow.open(url: "myapp://profile/7")
        #expect(result == .redirected(chain: [Destination("profile", parameters: ["id": .int(7)])], final: Destination("login")))
        #expect(flow.state.visible?.route == "login")
        #expect(auth.parked?.destination == Destination("profile", parameters: ["id": .int(7)]))
        // Without a session middleware the same link is refused and nothing is shown or kept.
        let closed = NavigationFlow(router: router, state: NavigationState(router: router))
        #expect(await closed.open(url: "myapp://profile/7") == .cancelled(.guardRejected))
        #expect(closed.state.visible?.route == "home")
        #expect(closed.parkedRequest == nil)
    }

    /// The session's order of trust is the flow's one order: a restore trusts a saved entry no
    /// more than its source by that order — beside the standard one, so an order can lower trust,
    /// never raise it. Here an app ranks deep links above notifications: a screen a deep link
    /// opened, in a state a notification sent, is capped to the notification (and `linked`, open
    /// to deep links only, is refused); by the standard order it is kept.
    @Test(arguments: [false, true])
    func aRestoreTrustsEntriesByTheSessionsOrder(custom: Bool) async throws {
        let router = try Self.router()
        let order = custom ? SourceTrust([.inApp, .deepLink, .pushNotification]) : .standard
        let auth = AuthenticationMiddleware(loginRoute: "login", signedIn: true, trust: order, clock: TestClock())
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        flow.add(auth)
        #expect(flow.gate.trust == order)
        var saved = NavigationState(router: router)
        saved = try NavigationPlanner.plan(.push(Destination("linked")), in: saved, source: .deepLink).get().state
        let restored = await flow.restore(saved, source: .pushNotification)
        if custom {
            #expect(restored.result == .cancelled(.untrustedSource))
            #expect(flow.state.visible?.route == "home")
        } else {
            #expect(restored.result == .completed)
            #expect(flow.state.visible?.route == "linked")
            #expect(flow.state.visible?.source == .deepLink)
        }
        // Parking ranks sources by the same order.
        #expect(auth.trust.allows(.deepLink, toReplace: .pushNotification) == custom)
    }

    /// An order that ranks deep links above the app's own taps does not let a link's state keep an
    /// entry saved as in-app: the standard order still caps it, and the in-app-only screen is refused.
    @Test func anOrderCannotRaiseARestoredEntrysTrust() async throws {
        let router = try Self.router()
        let auth = AuthenticationMiddleware(loginRoute: "login", signedIn: true, trust: SourceTrust([.deepLink, .inApp]), clock: TestClock())
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        flow.add(auth)
        var saved = NavigationState(router: router)
        saved = try NavigationPlanner.plan(.push(Destination("about")), in: saved).get().state
        #expect(saved.visible?.source == .inApp)
        let restored = await flow.restore(saved, source: .deepLink)
        #expect(restored.result == .cancelled(.untrustedSource))
        #expect(flow.state.visible?.route == "home")
        #expect(saved.restored(against: router, source: .deepLink, trust: SourceTrust([.deepLink, .inApp])).state.visible?.source == .deepLink)
    }

    @Test func aJournalsBeginStateIsTrustedByTheRecordedOrderOnlyToLowerTrustAndAnUnknownSourceIsRefused() throws {
        let router = try Self.router()
        var saved = NavigationState(router: router)
        saved = try NavigationPlanner.plan(.push(Destination("verified")), in: saved, source: .universalLink).get().state
        func settings(_ trust: String) -> JournalSettings {
            JournalSettings(flow: [:], middleware: [.init(name: "authentication", settings: ["trust": trust])])
        }
        func begin(_ trust: String) throws(ReplayError) -> NavigationState {
            let record = JournalRecord(index: 0, time: 0, step: .begin(saved, settings: settings(trust)), requests: [], decisions: [], result: "none", state: "")
            return try JournalReplay.begin([record], router: router, source: .deepLink).state
        }
        // The recorded order can lower trust: a screen opened from a deep link, in a push
        // notification's journal, stays a deep link's by the standard order, and becomes the
        // notification's by an order that ranks deep links above notifications…
        var fromLink = NavigationState(router: router)
        fromLink = try NavigationPlanner.plan(.push(Destination("home")), in: fromLink, source: .deepLink).get().state
        func beginFromPush(_ trust: String) throws(ReplayError) -> NavigationState {
            let record = JournalRecord(
                index: 0, time: 0, step: .begin(fromLink, settings: settings(trust)), requests: [], decisions: [], result: "none", state: "")
            return try JournalReplay.begin([record], router: router, source: .pushNotification).state
        }
        #expect(try beginFromPush("inApp universalLink pushNotification deepLink").visible?.source == .deepLink)
        #expect(try beginFromPush("inApp deepLink pushNotification universalLink").visible?.source == .pushNotification)
        #expect(try begin("inApp deepLink pushNotification universalLink").visible?.source == .deepLink)
        #expect(try begin("inApp universalLink pushNotification deepLink").visible?.source == .deepLink)
        #expect(try begin("").visible?.source == .deepLink)
        let error = #expect(throws: ReplayError.self) { try begin("inApp telepathy") }
        #expect(error?.description.contains("unknown source 'telepathy'") == true)
    }
}

/// The login the gate presented is known by its entry's id only while that entry is the login: a
/// restore brings entries numbered by the saved state, and one of them may have the login's old
/// id — sign-in must not take that screen down.
@MainActor
@Suite struct GateLoginIdentityTests {
    @Test func aRestoredScreenWithTheGatesOldLoginIdIsNotTakenDownAtSignIn() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: OneEnforcerTests.table))
        let simulator = NavigationSimulator(router: router, options: .init(signedIn: true, configuration: .init(signOut: .withhold)))
        await simulator.start()
        let atStart = simulator.state
        // A state whose visible screen is entry #3 (a plain screen).
        for destination in [Destination("about"), Destination("profile", parameters: ["id": .int(1)]), Destination("about")] {
            #expect(await simulator.perform(.push(destination)) == .completed)
        }
        let saved = simulator.state
        #expect(saved.visible?.id == EntryID(3))
        // Back to the start; then the gate presents the login as entry #3 over a guarded screen.
        #expect(await simulator.restore(atStart).result == .completed)
        #expect(await simulator.perform(.push(Destination("profile", parameters: ["id": .int(2)]))) == .completed)
        #expect(await simulator.perform(.push(Destination("about"))) == .completed)
        simulator.signOut()
        #expect(await simulator.uiDidChange(.popped(to: EntryID(1))) == .completed)
        #expect(simulator.state.visible?.route == "login")
        #expect(simulator.state.visible?.id == EntryID(3))
        // The user leaves the login; a restore brings the saved state, whose #3 is `about`.
        #expect(await simulator.uiDidChange(.dismissed(level: 0)) == .completed)
        #expect(await simulator.restore(saved).result == .completed)
        #expect(simulator.state.visible == saved.visible)
        // Signing in keeps it: it is not the gate's login.
        _ = await simulator.signIn()
        #expect(simulator.state.visible?.id == EntryID(3))
        #expect(simulator.state.visible?.route == "about")
        #expect(simulator.state.activeStack.map(\.route) == ["home", "about", "profile", "about"])
    }
}
