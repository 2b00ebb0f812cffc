import AxiomNavigationTesting
import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Guarded state belongs to who signed in (issue 51): withheld screens, screens left under a login,
/// a parked link and a saved state come back only to the principal they were taken from; another
/// principal's sign-in drops them with their contexts; sign-out can forget them at once.
@MainActor
@Suite struct PrincipalTests {
    static func navigator(
        signOut: NavigationFlow.SignOutRule = .presentLogin, forgets: Bool = false, state: NavigationState? = nil, signedIn: Bool = false
    ) throws -> TestNavigator {
        let navigator = try TestNavigator(
            routes: GateTests.table, state: state,
            options: .init(signedIn: signedIn, configuration: .init(signOut: signOut, forgetsGuardedStateAtSignOut: forgets)))
        navigator.exhaustive = false
        return navigator
    }

    /// Alice on `me > settings > privacy` (privacy auth-only), signed out.
    static func aliceOnPrivacySignedOut(signOut: NavigationFlow.SignOutRule = .presentLogin, forgets: Bool = false) async throws -> (
        TestNavigator, privacy: NavigationEntry
    ) {
        let navigator = try navigator(signOut: signOut, forgets: forgets)
        await navigator.start()
        await navigator.signIn(as: "alice")
        #expect(navigator.state.owner == "alice")
        await navigator.open("myapp://me/settings/privacy", expect: "completed")
        let privacy = try #require(navigator.state.visible)
        #expect(privacy.route == "privacy")
        navigator.signOut()
        return (navigator, privacy)
    }

    static func released(_ navigator: TestNavigator, _ entry: NavigationEntry) -> Bool {
        navigator.lifecycle.contains(.release(entry)) && navigator.contexts[entry.id] == nil
    }

    @Test func anotherPrincipalsSignInDropsTheScreensLeftUnderTheLogin() async throws {
        let (navigator, privacy) = try await Self.aliceOnPrivacySignedOut()
        #expect(navigator.state.visible?.route == "login")
        await navigator.signIn(as: "bob")
        #expect(navigator.state.activeStack.map(\.route) == ["me", "settings"])
        #expect(!navigator.state.entries.contains { $0.route == "privacy" || $0.route == "login" })
        #expect(navigator.state.owner == "bob")
        await navigator.flow.lifecycleSettled()
        #expect(Self.released(navigator, privacy))
    }

    @Test func anotherPrincipalsSignInDropsWithheldScreens() async throws {
        let (navigator, privacy) = try await Self.aliceOnPrivacySignedOut(signOut: .withhold)
        #expect(navigator.state.withheld.flatMap(\.entries) == [privacy])
        await navigator.signIn(as: "bob")
        #expect(navigator.state.activeStack.map(\.route) == ["me", "settings"])
        #expect(navigator.state.withheld.isEmpty)
        await navigator.flow.lifecycleSettled()
        #expect(Self.released(navigator, privacy))
    }

    @Test func theSamePrincipalGetsEverythingBack() async throws {
        for rule in NavigationFlow.SignOutRule.allCases {
            let (navigator, privacy) = try await Self.aliceOnPrivacySignedOut(signOut: rule)
            await navigator.signIn(as: "alice")
            #expect(navigator.state.visible == privacy)
            #expect(navigator.state.withheld.isEmpty)
        }
    }

    /// A sign-in that names nobody gets nothing a named principal left.
    @Test func anUnnamedSignInGetsNothingOfANamedPrincipals() async throws {
        let (navigator, _) = try await Self.aliceOnPrivacySignedOut(signOut: .withhold)
        await navigator.signIn()
        #expect(navigator.state.activeStack.map(\.route) == ["me", "settings"])
        #expect(navigator.state.owner == nil)
    }

    @Test func aLinkParkedAfterOnePrincipalSignedOutDoesNotOpenForTheNext() async throws {
        let (navigator, _) = try await Self.aliceOnPrivacySignedOut(signOut: .withhold)
        await navigator.open("myapp://inbox/3", expect: "redirected")  // parked, the login up
        #expect(navigator.flow.parkedRequest?.destination?.route == "conversation")
        #expect(navigator.flow.uiDidChange(.dismissed(level: navigator.state.modals.count - 1)) == .completed)
        await navigator.advance(by: .seconds(120))
        await navigator.signIn(as: "bob")
        #expect(!navigator.state.entries.contains { $0.route == "conversation" })
        #expect(navigator.flow.parkedRequest == nil)
        // The same link parked for alice opens for alice.
        navigator.signOut()
        await navigator.signIn(as: "alice")  // bob's, now: nothing of alice's is left
        navigator.signOut()
        await navigator.open("myapp://inbox/3", expect: "redirected")
        await navigator.signIn(as: "alice")
        #expect(navigator.state.visible?.route == "conversation")
    }

    /// Before anybody signed in (a link tapped at first launch), what is parked has no owner: it
    /// opens for whoever signs in.
    @Test func aLinkParkedBeforeAnyoneSignedInOpensForWhoeverSignsIn() async throws {
        let navigator = try Self.navigator()
        await navigator.start()
        await navigator.open("myapp://inbox/3", expect: "redirected")
        await navigator.signIn(as: "bob")
        #expect(navigator.state.visible?.route == "conversation")
        #expect(navigator.state.owner == "bob")
    }

    @Test func aSavedStateCarriesItsOwnerAndComesBackOnlyToThem() async throws {
        let (navigator, _) = try await Self.aliceOnPrivacySignedOut(signOut: .withhold)
        let data = try JSONEncoder().encode(navigator.state)
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(json.contains(#""owner":"alice""#))
        let saved = try JSONDecoder().decode(NavigationState.self, from: data)
        #expect(saved == navigator.state)
        // Relaunched: bob signs in.
        let relaunched = try Self.navigator(state: saved)
        await relaunched.start()
        await relaunched.signIn(as: "bob")
        #expect(!relaunched.state.entries.contains { $0.route == "privacy" })
        #expect(relaunched.state.activeStack.map(\.route) == ["me", "settings"])
        // Relaunched again: alice signs in.
        let again = try Self.navigator(state: saved)
        await again.start()
        await again.signIn(as: "alice")
        #expect(again.state.visible?.route == "privacy")
    }

    /// Restoring another principal's saved state while signed in keeps nothing guarded of theirs.
    @Test func aRestoreWhileSignedInAsAnotherPrincipalKeepsNothingGuarded() async throws {
        let (alice, _) = try await Self.aliceOnPrivacySignedOut(signOut: .withhold)
        let saved = alice.state
        let navigator = try Self.navigator()
        await navigator.start()
        await navigator.signIn(as: "bob")
        _ = await navigator.flow.restore(saved)
        #expect(!navigator.state.entries.contains { $0.route == "privacy" })
        #expect(navigator.state.owner == "bob")
    }

    @Test func signOutCanForgetEverythingAtOnce() async throws {
        let (navigator, privacy) = try await Self.aliceOnPrivacySignedOut(forgets: true)
        // Forgotten in the sign-out's commit: no login to take down, nothing withheld, no owner.
        #expect(navigator.state.activeStack.map(\.route) == ["me", "settings"])
        #expect(navigator.state.withheld.isEmpty)
        #expect(navigator.state.owner == nil)
        await navigator.flow.lifecycleSettled()
        #expect(Self.released(navigator, privacy))
        // A link parked before the sign-out is forgotten too.
        await navigator.signIn(as: "alice")
        navigator.signOut()
        #expect(navigator.state.visible?.route == "settings")
        await navigator.signIn(as: "alice")
        #expect(navigator.state.activeStack.map(\.route) == ["me", "settings"])
    }

    @Test func aParkedRequestIsForgottenBySignOutThatForgets() async throws {
        let navigator = try Self.navigator(forgets: true)
        await navigator.start()
        await navigator.open("myapp://inbox/3", expect: "redirected")
        #expect(navigator.flow.parkedRequest != nil)
        await navigator.signIn(as: "alice")
        #expect(navigator.state.visible?.route == "conversation")
        navigator.signOut()
        // Parked while signed out (the login is already up over the new inbox: nothing changes).
        await navigator.open("myapp://profile/1", expect: "cancelled.guard-rejected")
        #expect(navigator.flow.parkedRequest?.destination?.route == "profile")
        navigator.signOut()  // forgotten
        await navigator.signIn(as: "alice")
        #expect(!navigator.state.entries.contains { $0.route == "profile" })
    }

    /// Docs/Middleware.md, "Guarded state belongs to who signed in": the example as written.
    @Test func theGuidesExample() async throws {
        struct Account { let id: String }
        let account = Account(id: "alice")
        let other = Account(id: "bob")
        let navigator = try Self.navigator(signOut: .withhold)
        await navigator.start()
        let flow = navigator.flow
        await flow.open(url: "myapp://me/settings/privacy", source: .inApp)  // redirected: the login
        let journal = NavigationJournal()
        flow.journal = journal
        await flow.signIn(as: Principal(account.id))   // alice: her screens come back
        flow.signOut()
        await flow.signIn(as: Principal(other.id))     // bob: nothing of alice's is shown or resumed
        // Alice's sign-in resumed privacy; sign-out withheld it; bob's sign-in dropped it.
        let records = journal.records.dropFirst()
        #expect(records.map(\.step) == [.signIn(as: "alice"), .signOut, .signIn(as: "bob")])
        // Alice's sign-in resumed privacy; sign-out withheld it; bob's sign-in dropped it, and
        // alice's inbox (an auth-only tab root) with it: bob's inbox is a new entry.
        #expect(records.map(\.state) == [
            "tabs: home, inbox, me*\n  home: #0 home\n  inbox: #1 inbox\n  me: #4 me > #5 settings > #6 privacy",
            "tabs: home, inbox, me*\n  home: #0 home\n  inbox: #1 inbox\n  me: #4 me > #5 settings\nwithheld above #5: #6 privacy",
            "tabs: home, inbox, me*\n  home: #0 home\n  inbox: #7 inbox\n  me: #4 me > #5 settings",
        ])
        #expect(flow.state.activeStack.map(\.route) == ["me", "settings"])
        #expect(flow.principal == "bob")
    }

    /// The journal records who signed in, and replay signs in as them.
    @Test func theJournalRecordsThePrincipalAndReplayUsesIt() throws {
        let step = JournalStep.signIn(as: "alice")
        let data = try JSONEncoder().encode(step)
        #expect(String(data: data, encoding: .utf8)?.contains(#""principal":"alice""#) == true)
        #expect(try JSONDecoder().decode(JournalStep.self, from: data) == step)
        let unnamed = try JSONEncoder().encode(JournalStep.signIn(as: nil))
        #expect(String(data: unnamed, encoding: .utf8)?.contains("principal") == false)
    }
}
