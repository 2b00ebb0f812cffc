import AxiomNavigationTesting
import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Multiple back stacks on one stack (Jetpack's `saveState` / `restoreState`): a saved back stack
/// per destination, its screens (and contexts) kept while another is shown, put back as they were —
/// and, being screens of the state, decided by the same gate and owned as the others are.
@MainActor
@Suite struct MultipleBackStacksTests {
    func navigator(signedIn: Bool = true, forgets: Bool = false) throws -> TestNavigator {
        let navigator = try TestNavigator(
            routes: GateTests.table, state: NavigationState(stack: [Destination("home")]),
            options: .init(signedIn: signedIn, configuration: .init(forgetsGuardedStateAtSignOut: forgets)))
        navigator.exhaustive = false
        return navigator
    }

    func profile(_ id: Int) -> Destination { Destination("profile", parameters: ["userId": .int(id)]) }
    func followers(_ id: Int) -> Destination { Destination("followers", parameters: ["userId": .int(id)]) }

    @Test func switchingStacksKeepsEachStackAndItsContexts() async throws {
        let navigator = try navigator()
        await navigator.start()
        await navigator.perform(.push(profile(1)), expect: "completed")
        await navigator.perform(.push(followers(1)), expect: "completed")
        let kept = navigator.state.activeStack
        // Another stack: the profile's is saved, the settings one starts.
        await navigator.perform(.switchStack(to: Destination("me")), expect: "completed")
        #expect(navigator.state.activeStack.map(\.route) == ["home", "me"])
        #expect(navigator.state.savedStacks == [Array(kept.dropFirst())])
        await navigator.perform(.push(Destination("settings")), expect: "completed")
        // Back to the first: exactly its screens, the same entries, contexts never released.
        await navigator.perform(.switchStack(to: profile(1)), expect: "completed")
        #expect(navigator.state.activeStack == kept)
        #expect(navigator.state.savedStacks.map { $0.map(\.route) } == [["me", "settings"]])
        await navigator.flow.lifecycleSettled()
        for entry in kept { #expect(!navigator.lifecycle.contains(.release(entry))) }
        #expect(navigator.contexts[kept[2].id] != nil)
        // The root's own route: back to the root, what was above it saved.
        await navigator.perform(.switchStack(to: Destination("home")), expect: "completed")
        #expect(navigator.state.activeStack.map(\.route) == ["home"])
        #expect(Set(navigator.state.savedStacks.map { $0.first?.route }) == ["me", "profile"])
        #expect(navigator.state.outline.contains("saved: #1 profile(userId: 1) > #2 followers(userId: 1)"))
    }

    @Test func popToSavingThenPushRestoringIsJetpacksSaveAndRestoreState() async throws {
        let navigator = try navigator()
        await navigator.start()
        await navigator.perform(.push(Destination("about")), expect: "completed")
        await navigator.perform(.push(profile(2)), expect: "completed")
        let above = Array(navigator.state.activeStack.dropFirst())
        await navigator.perform(.popToSaving("home"), expect: "completed")
        #expect(navigator.state.activeStack.map(\.route) == ["home"])
        #expect(navigator.state.savedStacks == [above])
        // Found by any of its screens' routes, and put back whole.
        await navigator.perform(.pushRestoring(profile(2)), expect: "completed")
        #expect(navigator.state.activeStack == [navigator.state.activeStack[0]] + above)
        #expect(navigator.state.savedStacks.isEmpty)
        // Nothing saved for the route: a push.
        await navigator.perform(.pushRestoring(Destination("me")), expect: "completed")
        #expect(navigator.state.visible?.route == "me")
        #expect(navigator.state.visible.map { !above.map(\.id).contains($0.id) } == true)
        // Inclusive, to the root: nothing may stay below.
        await navigator.perform(.popToSaving("home", inclusive: true), expect: "failed.at-root")
        await navigator.perform(.popToSaving("nowhere"), expect: "failed.not-in-stack")
    }

    @Test func savingAStackThatSharesARouteReleasesTheOlderOne() async throws {
        let navigator = try navigator()
        await navigator.start()
        await navigator.perform(.push(Destination("about")), expect: "completed")
        let first = try #require(navigator.state.visible)
        await navigator.perform(.popToSaving("home"), expect: "completed")
        await navigator.perform(.push(Destination("about")), expect: "completed")
        await navigator.perform(.popToSaving("home"), expect: "completed")
        // One route, one saved stack: the older one left the state, its context released.
        #expect(navigator.state.savedStacks.count == 1)
        #expect(navigator.state.savedStacks.first?.first?.id != first.id)
        await navigator.flow.lifecycleSettled()
        #expect(navigator.lifecycle.contains(.release(first)))
        #expect(navigator.contexts[first.id] == nil)
    }

    @Test func aSavedGuardedScreenShowsThroughTheGate() async throws {
        let navigator = try navigator()
        await navigator.start()
        await navigator.signIn(as: "alice")
        await navigator.perform(.push(profile(3)), expect: "completed")
        await navigator.perform(.switchStack(to: Destination("about")), expect: "completed")
        navigator.signOut()
        // Signed out, showing the saved auth-only profile again brings the login over it.
        await navigator.perform(.switchStack(to: profile(3)))
        #expect(navigator.state.visible?.route == "login")
        #expect(navigator.state.entries.contains { $0.route == "profile" })
        await navigator.signIn(as: "alice")
        #expect(navigator.state.visible?.destination == profile(3))
    }

    @Test func anotherPrincipalsSignInDropsTheGuardedScreensOfSavedStacks() async throws {
        let navigator = try navigator()
        await navigator.start()
        await navigator.signIn(as: "alice")
        await navigator.perform(.push(Destination("about")), expect: "completed")
        await navigator.perform(.push(profile(4)), expect: "completed")
        let alices = try #require(navigator.state.visible)
        await navigator.perform(.switchStack(to: Destination("me")), expect: "completed")
        navigator.signOut()
        await navigator.signIn(as: "bob")
        // Bob never sees alice's profile, not even by switching back: it left the state.
        #expect(!navigator.state.entries.contains { $0.id == alices.id })
        #expect(navigator.state.savedStacks.map { $0.map(\.route) } == [["about"]])
        await navigator.flow.lifecycleSettled()
        #expect(navigator.lifecycle.contains(.release(alices)))
        // Switching to the profile makes a new one, bob's; his saved `about` stack comes back whole.
        await navigator.perform(.switchStack(to: profile(4)), expect: "completed")
        #expect(navigator.state.activeStack.map(\.route) == ["home", "profile"])
        #expect(navigator.state.visible?.id != alices.id)
        await navigator.perform(.switchStack(to: Destination("about")), expect: "completed")
        #expect(navigator.state.activeStack.map(\.route) == ["home", "about"])
    }

    @Test func forgettingAtSignOutForgetsTheSavedGuardedScreens() async throws {
        let navigator = try navigator(forgets: true)
        await navigator.start()
        await navigator.signIn(as: "alice")
        await navigator.perform(.push(profile(5)), expect: "completed")
        await navigator.perform(.switchStack(to: Destination("about")), expect: "completed")
        navigator.signOut()
        #expect(!navigator.state.entries.contains { $0.route == "profile" })
        #expect(navigator.state.savedStacks.isEmpty)
    }

    @Test func savedStacksAreSavedCheckedAndRestored() async throws {
        let navigator = try navigator()
        await navigator.start()
        await navigator.perform(.push(Destination("about")), expect: "completed")
        await navigator.perform(.push(profile(6)), expect: "completed")
        await navigator.perform(.switchStack(to: Destination("me")), expect: "completed")
        let state = navigator.state
        let data = try JSONEncoder().encode(state)
        #expect(String(decoding: data, as: UTF8.self).contains(#""saved":[{"stack":"#))
        #expect(try JSONDecoder().decode(NavigationState.self, from: data) == state)
        // Against a table without `profile`: the saved stack keeps what is below it.
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: GateTests.table.replacingOccurrences(of: "route profile ", with: "route person ").replacingOccurrences(
                    of: "parent profile", with: "parent person")))
        let restored = try JSONDecoder().decode(NavigationState.self, from: data).restored(against: router, source: .inApp)
        #expect(restored.state.savedStacks.map { $0.map(\.route) } == [["about"]])
        #expect(restored.dropped.map(\.entry?.route) == ["profile"])
        // An entry id used twice (in a stack and a saved stack) is refused.
        var json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        json["saved"] = [["stack": [["id": 0, "route": "home", "source": "inApp"]]]]
        #expect(throws: StateFormatError.self) { try JSONDecoder().decode(NavigationState.self, from: JSONSerialization.data(withJSONObject: json)) }
        json["saved"] = [["stack": [] as [Any]]]
        #expect(throws: StateFormatError.self) { try JSONDecoder().decode(NavigationState.self, from: JSONSerialization.data(withJSONObject: json)) }
    }

    @Test func theCommandsAreJournaledAndReplayed() throws {
        for command: NavigationCommand in [
            .popToSaving("home", inclusive: true), .pushRestoring(Destination("about")), .switchStack(to: Destination("me")),
        ] {
            let step = JournalStep.command(command, source: .inApp)
            let data = try JSONEncoder().encode(step)
            #expect(try JSONDecoder().decode(JournalStep.self, from: data) == step)
        }
        #expect(NavigationCommand.switchStack(to: Destination("me")).name == "switch-stack")
    }

    /// Docs/Navigation.md, "Multiple back stacks", as written.
    @Test func theGuidesExample() async throws {
        let navigator = try navigator()
        let flow = navigator.flow
        await navigator.start()
        await flow.perform(.push(Destination("profile", parameters: ["userId": .int(1)])))
        await flow.perform(.push(Destination("followers", parameters: ["userId": .int(1)])))
        await flow.perform(.switchStack(to: Destination("me")))  // home > me; profile > followers saved
        await flow.perform(.switchStack(to: Destination("profile", parameters: ["userId": .int(1)])))
        print(flow.state.activeStack.map(\.route))  // ["home", "profile", "followers"], the same entries
        // The same entries as before the switch: home #0, profile #1, followers #2.
        #expect(flow.state.activeStack.map(\.id) == [EntryID(0), EntryID(1), EntryID(2)])
    }
}
