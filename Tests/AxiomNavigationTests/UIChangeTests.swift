import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Changes the UI already made (a back swipe, a tab tap, a sheet dragged down), reported through
/// the binding model the way SwiftUI's bindings would set it: applied as commits nobody can veto,
/// with the lifecycle, history and analytics of any commit, and in-flight requests cancelled.
@MainActor
@Suite struct UIChangeTests {
    /// A context that records what it is told, and (for `edit`: unsaved changes) refuses to be
    /// removed.
    final class Screen: LeaveGuardingContext {
        let entry: EntryID
        let refusesRemoval: Bool
        var asked: [Departure] = []
        var told: [Departure] = []
        var holdsAnswers = false
        var pending: [CheckedContinuation<Void, Never>] = []
        init(entry: EntryID, refusesRemoval: Bool) {
            self.entry = entry
            self.refusesRemoval = refusesRemoval
        }
        func onAppear() async {}
        func onDisappear() async {}
        func shouldLeave(_ departure: Departure) async -> Bool {
            asked.append(departure)
            if holdsAnswers { await withCheckedContinuation { pending.append($0) } }
            return !(refusesRemoval && departure == .removed)
        }
        func wasLeftByUI(_ departure: Departure) { told.append(departure) }
    }

    final class Events: AnalyticsSink {
        let recorded = Locked<[AnalyticsEvent]>([])
        func record(_ event: AnalyticsEvent) { recorded.withLock { $0.append(event) } }
    }

    static let table = """
        origins myapp:
        tabs home, inbox
        route home /
          transition tab(home)
        route inbox /inbox
          transition tab(inbox)
        route post /posts/:id
          param id int
          parent home
        route edit /edit
          parent home
        route sheet /sheet
          transition modal(sheet)
        route sheetDetail /sheet/detail
          parent sheet
        """

    let orchestrator: Orchestrator
    let screens: Box
    let events = Events()

    @MainActor
    final class Box {
        var made: [EntryID: Screen] = [:]
    }

    init() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let screens = Box()
        self.screens = screens
        let factory: ContextFactory = { environment in
            let screen = Screen(entry: environment.entry.id, refusesRemoval: environment.entry.route == "edit")
            screens.made[environment.entry.id] = screen
            return screen
        }
        orchestrator = Orchestrator(
            router: router, state: NavigationState(tabs: ["home": Destination("home"), "inbox": Destination("inbox")]),
            factories: Dictionary(uniqueKeysWithValues: router.routes.map { ($0.name, factory) }))
        orchestrator.navigation.add(AnalyticsMiddleware(sink: events))
    }

    private var flow: NavigationFlow { orchestrator.navigation }

    /// How many times the entry's context was released.
    private func releases(_ id: EntryID) -> Int {
        orchestrator.deliveredEvents.filter { if case .release(let entry) = $0 { entry.id == id } else { false } }.count
    }

    @Test func settingAShorterPathIsAPopWithTheLifecycleHistoryAndAnalytics() async throws {
        await orchestrator.start()
        #expect(await flow.navigate(to: Destination("post", parameters: ["id": .int(1)])) == .completed)
        #expect(await flow.navigate(to: Destination("post", parameters: ["id": .int(2)])) == .completed)
        let bindings = flow.bindings
        let path = bindings.path(.tab("home"))
        #expect(path.map(\.route) == ["post", "post"])
        #expect(bindings.root(.tab("home"))?.route == "home" && bindings.root(.modal(0)) == nil)
        // The back swipe: SwiftUI sets the path without its last element.
        #expect(bindings.setPath(Array(path.dropLast()), of: .tab("home")) == .completed)
        #expect(bindings.path(.tab("home")).map(\.id) == [path[0].id])
        #expect(flow.state.visible?.id == path[0].id)
        await flow.lifecycleSettled()
        #expect(releases(path[1].id) == 1)
        #expect(orchestrator.contexts[path[1].id] == nil)
        #expect(flow.history.last?.action == .ui(.popped(to: path[0].id)))
        #expect(flow.history.last?.to?.id == path[0].id)
        let last = try #require(events.recorded.withLock { $0.last })
        #expect(last.command == "ui-pop" && last.outcome == .completed)
        // Popping to the root: the path set empty.
        #expect(bindings.setPath([], of: .tab("home")) == .completed)
        await flow.lifecycleSettled()
        #expect(bindings.path(.tab("home")).isEmpty)
        #expect(releases(path[0].id) == 1 && releases(path[1].id) == 1)
    }

    @Test func selectingATabAndClearingAPresentedItem() async throws {
        await orchestrator.start()
        let bindings = flow.bindings
        bindings.selectedTab = "inbox"
        #expect(flow.state.selectedTab == "inbox")
        #expect(flow.history.last?.action == .ui(.selectedTab("inbox")))
        #expect(await flow.navigate(to: Destination("sheet")) == .completed)
        #expect(await flow.navigate(to: Destination("sheetDetail")) == .completed)
        let modal = try #require(bindings.presented(at: 0))
        let detail = bindings.path(.modal(0))
        #expect(modal.root.route == "sheet" && detail.map(\.route) == ["sheetDetail"])
        // The sheet dragged down: `.sheet(item:)` sets nil.
        #expect(bindings.setPresented(nil, at: 0) == .completed)
        await flow.lifecycleSettled()
        #expect(flow.state.modals.isEmpty)
        for entry in [modal.root.id] + detail.map(\.id) { #expect(releases(entry) == 1) }
        #expect(flow.state.visible?.route == "inbox")
        #expect(events.recorded.withLock { $0.map(\.command) }.suffix(1) == ["ui-dismiss"])
    }

    @Test func whatTheStateCannotTakeChangesNothing() async throws {
        await orchestrator.start()
        #expect(await flow.navigate(to: Destination("post", parameters: ["id": .int(1)])) == .completed)
        let bindings = flow.bindings
        let state = flow.state
        let history = flow.history
        // The same path (SwiftUI writes back what it read): nothing to do.
        #expect(bindings.setPath(bindings.path(.tab("home")), of: .tab("home")) == .duplicated)
        // A longer or another path: the UI pushing by itself is refused.
        let pushed = bindings.setPath(bindings.path(.tab("home")) + bindings.path(.tab("home")), of: .tab("home"))
        #expect(pushed.code == .failed(.uiChangeNotApplicable))
        // The UI is behind: an entry, a tab, a modal the flow does not have.
        #expect(flow.uiDidChange(.popped(to: EntryID(99))).code == .failed(.uiChangeNotApplicable))
        #expect(flow.uiDidChange(.selectedTab("settings")).code == .failed(.uiChangeNotApplicable))
        #expect(flow.uiDidChange(.dismissed(level: 0)).code == .failed(.uiChangeNotApplicable))
        #expect(bindings.setPresented(nil, at: 0) == .duplicated)
        bindings.selectedTab = "home"
        #expect(flow.state == state)
        #expect(flow.history == history)
    }

    @Test func aLeaveGuardIsToldNotAsked() async throws {
        await orchestrator.start()
        #expect(await flow.navigate(to: Destination("edit")) == .completed)
        let editor = try #require(screens.made[EntryID(2)])
        // Through the flow, the guard refuses.
        #expect(await flow.back() == .cancelled(.guardRejected))
        #expect(editor.asked == [.removed])
        // The UI already popped it: it is told, and the pop stands.
        #expect(flow.bindings.setPath([], of: .tab("home")) == .completed)
        #expect(editor.asked == [.removed])
        #expect(editor.told == [.removed])
        await flow.lifecycleSettled()
        #expect(releases(EntryID(2)) == 1)
    }

    /// A back swipe while a navigation waits on a leave guard: the navigation was planned for a
    /// screen that is gone and ends `ui-changed`; the state is the UI's, the pop is in the history
    /// once and the navigation not at all.
    @Test func aGesturePopRacingANavigationInFlightWins() async throws {
        await orchestrator.start()
        #expect(await flow.navigate(to: Destination("post", parameters: ["id": .int(1)])) == .completed)
        #expect(await flow.navigate(to: Destination("edit")) == .completed)
        let editor = try #require(screens.made[EntryID(3)])
        editor.holdsAnswers = true
        let inFlight = Task { await flow.navigate(to: Destination("sheet")) }
        while editor.pending.isEmpty { await Task.yield() }
        let post = flow.bindings.path(.tab("home"))[0]
        #expect(flow.bindings.setPath([post], of: .tab("home")) == .completed)
        for continuation in editor.pending { continuation.resume() }
        #expect(await inFlight.value == .cancelled(.uiChanged))
        await flow.lifecycleSettled()
        #expect(flow.state.visible?.id == post.id)
        #expect(flow.state.modals.isEmpty)
        #expect(flow.history.filter { $0.action == .ui(.popped(to: post.id)) }.count == 1)
        #expect(flow.history.filter { if case .navigate(let destination) = $0.action { destination.route == "sheet" } else { false } }.isEmpty)
        #expect(releases(EntryID(3)) == 1)
        #expect(orchestrator.contexts[EntryID(3)] == nil)
    }

    @Test func theJournalRecordsAndReplaysAUIChange() async throws {
        let journal = NavigationJournal(limit: 20)
        flow.journal = journal
        await orchestrator.start()
        flow.uiDidChange(.selectedTab("inbox"))
        let record = try #require(journal.records.last)
        #expect(record.step == .ui(.selectedTab("inbox")))
        #expect(record.result == "completed")
        #expect(record.step.summary == "ui-select-tab(inbox)")
        for change in [UIChange.popped(to: EntryID(4)), .selectedTab("inbox"), .dismissed(level: 1)] {
            let data = try JSONEncoder().encode(change)
            #expect(try JSONDecoder().decode(UIChange.self, from: data) == change)
        }
    }
}

/// The policy on the UI's own paths: a tab tapped or a pop that reveals an auth-only screen while
/// signed out does not show it — its context is not told it appeared, the login follows at once,
/// and sign-in resumes it.
@MainActor
@Suite struct UIChangePolicyTests {
    final class Screen: Context {
        var appeared = 0
        func onAppear() async { appeared += 1 }
        func onDisappear() async {}
    }

    @MainActor
    final class Box {
        var made: [String: [Screen]] = [:]
    }

    static let table = """
        origins myapp:
        tabs home, inbox
        login login
        route home /
          transition tab(home)
        route inbox /inbox
          transition tab(inbox)
          auth
        route post /posts/:id
          param id int
          parent home
        route secret /secret
          parent home
          auth
        route login /login
          transition modal(sheet)
        """

    let orchestrator: Orchestrator
    let screens = Box()
    let auth: AuthenticationMiddleware<ContinuousClock>

    init() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let screens = screens
        let factory: ContextFactory = { environment in
            let screen = Screen()
            screens.made[environment.entry.route, default: []].append(screen)
            return screen
        }
        orchestrator = Orchestrator(
            router: router, state: NavigationState(tabs: ["home": Destination("home"), "inbox": Destination("inbox")]),
            factories: Dictionary(uniqueKeysWithValues: router.routes.map { ($0.name, factory) }))
        auth = AuthenticationMiddleware(loginRoute: "login", signedIn: false, clock: ContinuousClock())
        orchestrator.navigation.add(auth)
    }

    private var flow: NavigationFlow { orchestrator.navigation }

    @Test func anAuthOnlyTabTappedWhileSignedOutGoesToLoginAndResumes() async throws {
        await orchestrator.start()
        flow.bindings.selectedTab = "inbox"
        await flow.lifecycleSettled()
        #expect(flow.state.selectedTab == "inbox")
        #expect(flow.state.visible?.route == "login")
        #expect(screens.made["inbox"] == nil)
        #expect(flow.parkedRequest == nil)  // nothing to resume: sign-in takes the gate's login down
        // One commit: the tab tap and the login over it (never a later request).
        #expect(flow.history.last.map { $0.action.summary } == "ui-select-tab(inbox)")
        #expect(flow.history.last?.to?.route == "login")
        // Signing in resumes it: the login goes, the inbox appears with its context.
        #expect(await flow.signIn() != nil)
        await flow.lifecycleSettled()
        #expect(flow.state.visible?.route == "inbox" && flow.state.modals.isEmpty)
        #expect(screens.made["inbox"]?.count == 1 && screens.made["inbox"]?.first?.appeared == 1)
    }

    @Test func aPopBackToAnAuthOnlyScreenAfterSignOutGoesToLogin() async throws {
        await orchestrator.start()
        _ = await flow.signIn()
        #expect(await flow.navigate(to: Destination("secret")) == .completed)
        #expect(await flow.navigate(to: Destination("post", parameters: ["id": .int(1)])) == .completed)
        await flow.lifecycleSettled()
        let secret = try #require(screens.made["secret"]?.first)
        #expect(secret.appeared == 1)
        flow.signOut()
        let path = flow.bindings.path(.tab("home"))
        #expect(flow.bindings.setPath(Array(path.dropLast()), of: .tab("home")) == .completed)
        await flow.lifecycleSettled()
        // The secret screen is under the login: never told it appeared again.
        #expect(flow.state.visible?.route == "login")
        #expect(secret.appeared == 1)
    }
}
