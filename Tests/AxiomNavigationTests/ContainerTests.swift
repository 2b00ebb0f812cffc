import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Containers (`container NAME modal(STYLE) [tabs(…)]`): a modal presenting its own stack or tabs,
/// built by a deep link in one commit, walked by back and dismiss, switched by its tabs, saved
/// and restored, bound to by the UI.
@MainActor
@Suite struct ContainerTests {
    static let table = """
        origins myapp:
        tabs home, inbox
        container onboarding modal(fullScreen) tabs(welcome, permissions)
        container checkout modal(sheet)
        route home /
          transition tab(home)
        route inbox /inbox
          transition tab(inbox)
        route welcome /onboarding/welcome
          container onboarding
          transition tab(welcome)
        route permissions /onboarding/permissions
          container onboarding
          transition tab(permissions)
        route notificationsPermission /onboarding/permissions/notifications
          parent permissions
        route cart /checkout
          container checkout
        route pay /checkout/pay
          parent cart
        """

    final class Screen: Context {
        func onAppear() async {}
        func onDisappear() async {}
    }

    let router: Router
    let orchestrator: Orchestrator

    init() throws {
        router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let factory: ContextFactory = { _ in Screen() }
        orchestrator = Orchestrator(
            router: router, state: NavigationState(router: router),
            factories: Dictionary(uniqueKeysWithValues: router.routes.map { ($0.name, factory) }))
    }

    private var flow: NavigationFlow { orchestrator.navigation }

    private func releases(_ id: EntryID) -> Int {
        orchestrator.deliveredEvents.filter { if case .release(let entry) = $0 { entry.id == id } else { false } }.count
    }

    @Test func theTableDeclaresTheContainersAndWhichRoutesLiveInThem() throws {
        #expect(router.containers.map(\.name) == ["onboarding", "checkout"])
        #expect(router.container(named: "onboarding")?.tabs == ["welcome", "permissions"])
        #expect(router.container(named: "onboarding")?.tabRoots == ["welcome": "welcome", "permissions": "permissions"])
        #expect(router.route(named: "notificationsPermission")?.metadata.container == "onboarding")  // its parent's
        #expect(router.route(named: "pay")?.metadata.container == "checkout")
        #expect(router.route(named: "home")?.metadata.container == nil)
    }

    @Test func aDeepLinkIntoTheSecondTabBuildsTheContainerInOneCommit() async throws {
        await orchestrator.start()
        #expect(await flow.open(url: "myapp://onboarding/permissions/notifications") == .completed)
        #expect(flow.history.count == 1)
        #expect(
            flow.state.outline == """
                tabs: home*, inbox
                  home: #0 home
                  inbox: #1 inbox
                modal fullScreen onboarding: tabs: welcome, permissions*
                  welcome: #3 welcome
                  permissions: #2 permissions > #4 notificationsPermission
                """)
        // Tabs of the container switch in it; the app's tabs are under it.
        #expect(await flow.selectTab("welcome") == .completed)
        #expect(flow.state.modals.count == 1 && flow.state.visible?.route == "welcome" && flow.state.selectedTab == "home")
        #expect(await flow.navigate(to: Destination("permissions")) == .completed)  // its tab(…) transition, inside
        #expect(flow.state.modals.first?.tabs?.selected == "permissions")
        #expect(flow.state.modals.first?.stack.map(\.route) == ["permissions"])
        // Back at a tab's root dismisses the whole container; every context goes once.
        await flow.lifecycleSettled()
        let entries = flow.state.modals.first.map { $0.allStacks.flatMap(\.stack) } ?? []
        #expect(await flow.back() == .completed)
        await flow.lifecycleSettled()
        #expect(flow.state.modals.isEmpty && flow.state.visible?.route == "home")
        for entry in entries { #expect(releases(entry.id) == 1) }
        #expect(orchestrator.contexts.count == 1)
        // Selecting one of the app's tabs with no container on top works as ever.
        #expect(await flow.selectTab("inbox") == .completed)
    }

    @Test func aContainerOfOneStackIsPresentedAndPushedIn() async throws {
        await orchestrator.start()
        #expect(await flow.navigate(to: Destination("cart")) == .completed)
        #expect(flow.state.modals.first?.container == "checkout")
        #expect(await flow.navigate(to: Destination("pay")) == .completed)
        #expect(flow.state.modals.count == 1 && flow.state.activeStack.map(\.route) == ["cart", "pay"])
        #expect(await flow.dismiss() == .completed)
        #expect(flow.state.modals.isEmpty)
    }

    @Test func aContainerIsSavedAndRestoredAndDroppedWhenTheTableLosesIt() async throws {
        await orchestrator.start()
        _ = await flow.open(url: "myapp://onboarding/permissions/notifications")
        let saved = flow.state
        let data = try JSONEncoder().encode(saved)
        let read = try JSONDecoder().decode(NavigationState.self, from: data)
        #expect(read == saved)
        #expect(read.restored(against: router).dropped.isEmpty)
        // A table without the container: the modal goes whole, with a reason for each entry.
        let smaller = try Router(
            source: RouteSource(
                name: "t.routes",
                text: "origins myapp:\ntabs home, inbox\nroute home /\n  transition tab(home)\nroute inbox /inbox\n  transition tab(inbox)"))
        let restoration = saved.restored(against: smaller)
        #expect(restoration.state.modals.isEmpty)
        #expect(restoration.dropped.map(\.code) == [.unknownContainer, .unknownContainer, .unknownContainer])
        // Tabs in a saved modal that name no container are not a state.
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var modals = try #require(object["modals"] as? [[String: Any]])
        #expect(modals[0].removeValue(forKey: "container") as? String == "onboarding")
        object["modals"] = modals
        let forged = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: StateFormatError.self) { try JSONDecoder().decode(NavigationState.self, from: forged) }
    }

    /// The other tabs of a container a link built carry the link's source: a tab whose root the
    /// link could not open is refused whichever way it is selected, and the container stays.
    @Test func aTabALinkCouldNotOpenIsRefusedByCommandAndByTap() async throws {
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: Self.table.replacingOccurrences(of: "  transition tab(welcome)", with: "  transition tab(welcome)\n  sources inApp")))
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        #expect(await flow.open(url: "myapp://onboarding/permissions") == .completed)
        let state = flow.state
        #expect(await flow.selectTab("welcome") == .cancelled(.untrustedSource))
        #expect(flow.uiDidChange(.selectedTab("welcome")) == .cancelled(.untrustedSource))
        #expect(flow.bindings.setSelectedTab("welcome", inModal: 0) == .cancelled(.untrustedSource))
        #expect(flow.state == state)
        // Opened in the app, the same container's tab is the app's own: it opens.
        #expect(await flow.navigate(to: Destination("welcome")) == .completed)
        #expect(flow.state.visible?.route == "welcome")
    }

    @Test func theUIBindsToTheContainersTabsAndStacks() async throws {
        await orchestrator.start()
        _ = await flow.open(url: "myapp://onboarding/permissions/notifications")
        let bindings = flow.bindings
        #expect(bindings.selectedTab(inModal: 0) == "permissions")
        #expect(bindings.path(.modalTab(0, "permissions")).map(\.route) == ["notificationsPermission"])
        #expect(bindings.root(.modalTab(0, "welcome"))?.route == "welcome")
        // The back swipe in the container's tab, then a tap on its other tab.
        #expect(bindings.setPath([], of: .modalTab(0, "permissions")) == .completed)
        #expect(bindings.path(.modalTab(0, "permissions")).isEmpty)
        #expect(bindings.setSelectedTab("welcome", inModal: 0) == .completed)
        #expect(flow.state.visible?.route == "welcome" && flow.state.selectedTab == "home")
        #expect(bindings.setSelectedTab("welcome", inModal: 3).code == .failed(.uiChangeNotApplicable))
    }
}
