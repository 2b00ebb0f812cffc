import AxiomNavigationTesting
import AxiomRouting
import Testing

@testable import AxiomNavigation

/// Nothing guarded is erased, in any shape (issue 51, "Nothing guarded is erased"): several
/// withheld groups above one entry, a sheet withheld above a screen withheld in its turn, a login
/// still on top at sign-in, a whole container, and sheets over a root without a tab bar.
@MainActor
@Suite struct WithheldShapesTests {
    static let stackTable = """
        origins myapp:
        login login
        route home /
        route profile /profile/:userId
          param userId int
          auth
          parent home
        route settings /settings
          parent home
        route privacy /settings/privacy
          auth
          parent settings
        route compose /compose
          transition modal(sheet)
          auth
        route share /share
          transition modal(sheet)
        route login /login
          transition modal(fullScreen)
        """

    static func navigator(_ table: String = GateTests.table, signOut: NavigationFlow.SignOutRule = .presentLogin) throws -> TestNavigator {
        let navigator = try TestNavigator(routes: table, options: .init(signedIn: true, configuration: .init(signOut: signOut)))
        navigator.exhaustive = false
        return navigator
    }

    /// The login the gate put up is dragged down.
    static func dragLoginDown(_ navigator: TestNavigator) async {
        let level = navigator.state.modals.count - 1
        #expect(navigator.state.visible?.route == "login")
        #expect(navigator.flow.uiDidChange(.dismissed(level: level)) == .completed)
        await navigator.flow.lifecycleSettled()
    }

    /// The ids of every entry, by stack, as a string to compare whole.
    static func shape(_ state: NavigationState) -> String {
        var parts: [String] = []
        switch state.root {
        case .stack(let stack): parts.append("root: " + stack.map { "\($0.route)#\($0.id.rawValue)" }.joined(separator: " > "))
        case .tabs(let tabs):
            for name in tabs.order { parts.append("\(name): " + (tabs.stacks[name] ?? []).map { "\($0.route)#\($0.id.rawValue)" }.joined(separator: " > ")) }
        }
        for (level, modal) in state.modals.enumerated() {
            parts.append("modal \(level): " + modal.allStacks.flatMap(\.stack).map { "\($0.route)#\($0.id.rawValue)" }.joined(separator: " > "))
        }
        return parts.joined(separator: " | ")
    }

    @Test func aSheetWithheldAboveAScreenThatIsWithheldInItsTurnComesBackOverIt() async throws {
        let navigator = try Self.navigator()
        await navigator.open("myapp://profile/42", expect: "completed")
        await navigator.navigate(to: Destination("compose"), expect: "completed")
        let before = Self.shape(navigator.state)
        let contexts = Set(navigator.contexts.keys)
        navigator.signOut()
        await Self.dragLoginDown(navigator)  // compose withheld, then profile, home shows
        #expect(navigator.state.visible?.route == "home")
        #expect(navigator.state.withheld.flatMap(\.entries).map(\.route).sorted() == ["compose", "profile"])
        // Their contexts are kept while withheld.
        #expect(contexts.isSubset(of: Set(navigator.contexts.keys)))
        await navigator.signIn()
        #expect(Self.shape(navigator.state) == before)
        #expect(navigator.state.withheld.isEmpty)
        #expect(navigator.state.visible?.route == "compose")
    }

    @Test func twoGroupsWithheldAboveOneEntryBothComeBackInOrder() async throws {
        let navigator = try Self.navigator(Self.stackTable, signOut: .withhold)
        await navigator.start()
        _ = await navigator.flow.navigate(to: Destination("settings"))
        _ = await navigator.flow.navigate(to: Destination("privacy"))
        navigator.signOut()  // privacy withheld above settings
        #expect(navigator.state.visible?.route == "settings")
        // Signed out: a second auth-only screen pushed on settings, refused at the login, the login
        // dragged down: a second group above settings.
        #expect(await navigator.flow.navigate(to: Destination("profile", parameters: ["userId": .int(1)])).code == .redirected)
        await Self.dragLoginDown(navigator)
        #expect(navigator.state.visible?.route == "settings")
        await navigator.signIn()
        // The parked profile resumes on top of what came back.
        #expect(navigator.state.activeStack.map(\.route) == ["home", "settings", "privacy", "profile"])
    }

    @Test func aLoginStillOnTopAtSignInDoesNotCostTheGroupsWithheldBelowIt() async throws {
        let navigator = try Self.navigator()
        await navigator.open("myapp://profile/42", expect: "completed")
        await navigator.navigate(to: Destination("compose"), expect: "completed")
        let before = Self.shape(navigator.state)
        navigator.signOut()
        await Self.dragLoginDown(navigator)
        // The user opens the login again from the home screen, and signs in there.
        await navigator.navigate(to: Destination("login"), expect: "completed")
        await navigator.signIn()
        // Everything is back under the login the user opened (the app takes that one down).
        #expect(navigator.state.modals.map { $0.stack.map(\.route) } == [["compose"], ["login"]])
        #expect(navigator.state.withheld.isEmpty)
        #expect(await navigator.flow.dismiss() == .completed)
        #expect(Self.shape(navigator.state) == before)
    }

    @Test func aWholeContainerAndTheScreenUnderItComeBack() async throws {
        let table = """
            origins myapp:
            login login
            container checkout modal(sheet)
            route home /
            route account /account
              auth
              parent home
            route cart /checkout
              container checkout
              auth
            route pay /checkout/pay
              parent cart
              auth
            route login /login
              transition modal(fullScreen)
            """
        let navigator = try Self.navigator(table, signOut: .withhold)
        await navigator.start()
        _ = await navigator.flow.navigate(to: Destination("account"))
        _ = await navigator.flow.navigate(to: Destination("pay"))
        let before = Self.shape(navigator.state)
        #expect(before.contains("cart") && before.contains("pay") && before.contains("account"))
        navigator.signOut()
        #expect(navigator.state.visible?.route == "home")
        #expect(navigator.state.withheld.flatMap(\.entries).map(\.route).sorted() == ["account", "cart", "pay"])
        await navigator.signIn()
        #expect(Self.shape(navigator.state) == before)
    }

    /// With no tab bar, an auth-only screen under a sheet is withheld at sign-out as it is with
    /// one: dismissing the sheet never shows it.
    @Test func anAuthOnlyScreenUnderASheetIsWithheldWithoutATabBar() async throws {
        let navigator = try Self.navigator(Self.stackTable)
        await navigator.start()
        _ = await navigator.flow.navigate(to: Destination("profile", parameters: ["userId": .int(1)]))
        _ = await navigator.flow.navigate(to: Destination("share"))
        let before = Self.shape(navigator.state)
        navigator.signOut()
        #expect(navigator.state.visible?.route == "share")  // not auth-only: stays
        #expect(!navigator.state.stackEntries.contains { $0.route == "profile" })
        // The sheet dragged down: home, not the profile.
        #expect(navigator.flow.uiDidChange(.dismissed(level: 0)) == .completed)
        #expect(navigator.state.visible?.route == "home")
        await navigator.signIn()
        // The profile is back; the sheet the user dragged down is not.
        #expect(navigator.state.activeStack.map(\.route) == ["home", "profile"])
        #expect(navigator.state.modals.isEmpty)
        #expect(before.contains("share"))
    }

    /// A lower sheet's auth-only screen under a sheet that may be shown is withheld too.
    @Test func aLowerSheetsAuthOnlyScreenIsWithheldAtSignOut() async throws {
        let navigator = try Self.navigator(Self.stackTable)
        await navigator.start()
        _ = await navigator.flow.navigate(to: Destination("compose"))
        _ = await navigator.flow.perform(.present(Destination("share"), style: .sheet))
        navigator.signOut()
        #expect(navigator.state.visible?.route == "share")
        #expect(!navigator.state.stackEntries.contains { $0.route == "compose" })
        #expect(navigator.flow.uiDidChange(.dismissed(level: navigator.state.modals.count - 1)) == .completed)
        #expect(navigator.state.visible?.route == "home")
        await navigator.signIn()
        #expect(navigator.state.visible?.route == "compose")
    }
}
