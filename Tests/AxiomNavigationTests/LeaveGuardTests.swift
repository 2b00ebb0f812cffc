import AxiomRouting
import Testing

@testable import AxiomNavigation

/// A context with unsaved changes: it refuses to be removed, and records every question.
@MainActor
final class EditorContext: LeaveGuardingContext {
    var hasUnsavedChanges = true
    var refusesCovering = false
    var asked: [Departure] = []
    /// When set, answers wait until the test resumes them.
    var holdsAnswers = false
    var pending: [CheckedContinuation<Void, Never>] = []

    func onAppear() async {}
    func onDisappear() async {}

    func shouldLeave(_ departure: Departure) async -> Bool {
        asked.append(departure)
        if holdsAnswers { await withCheckedContinuation { pending.append($0) } }  // a real one would ask the user
        switch departure {
        case .removed: return !hasUnsavedChanges
        case .covered: return !refusesCovering
        }
    }
}

@MainActor
@Suite struct LeaveGuardTests {
    let orchestrator: Orchestrator
    let editors: EditorLog

    @MainActor
    final class EditorLog {
        var made: [EntryID: EditorContext] = [:]
    }

    init() throws {
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    route home /
                    route edit /edit
                    route help /help
                    route sheet /sheet
                      transition modal(sheet)
                    """))
        let editors = EditorLog()
        self.editors = editors
        orchestrator = Orchestrator(
            router: router, state: NavigationState(stack: [Destination("home")]),
            factories: [
                "edit": { environment in
                    let context = EditorContext()
                    editors.made[environment.entry.id] = context
                    return context
                }
            ])
    }

    private var flow: NavigationFlow { orchestrator.navigation }

    @Test func aContextWithUnsavedChangesVetoesBeingRemovedAndNothingChanges() async throws {
        await orchestrator.start()
        #expect(await flow.navigate(to: Destination("edit")) == .completed)
        let editor = try #require(editors.made[EntryID(1)])
        let state = flow.state
        let history = flow.history
        let events = orchestrator.deliveredEvents

        #expect(await flow.back() == .cancelled(.guardRejected))
        #expect(await flow.perform(.popToRoot) == .cancelled(.guardRejected))
        #expect(await flow.perform(.replace(Destination("help"))) == .cancelled(.guardRejected))
        #expect(editor.asked == [.removed, .removed, .removed])
        #expect(flow.state == state)
        #expect(flow.history == history)
        #expect(orchestrator.deliveredEvents == events)
        #expect(orchestrator.contexts[EntryID(1)] === editor)

        editor.hasUnsavedChanges = false  // saved
        #expect(await flow.back() == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["home"])
        #expect(orchestrator.contexts[EntryID(1)] == nil)
    }

    @Test func coveringAContextAsksItToo() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("edit"))
        let editor = try #require(editors.made[EntryID(1)])
        #expect(await flow.navigate(to: Destination("help")) == .completed)  // covered: allowed by default
        #expect(await flow.back() == .completed)  // help leaves; the editor is not asked
        editor.refusesCovering = true
        #expect(await flow.navigate(to: Destination("sheet")) == .cancelled(.guardRejected))
        #expect(editor.asked == [.covered, .covered])
        #expect(flow.state.modals.isEmpty)
    }

    /// Found by the back-gesture tests: a screen the UI already took away (a back swipe) is not
    /// asked about the next navigation while its release is on its way — its "no" is about nothing
    /// on screen.
    @Test func aScreenTheUIAlreadyTookAwayIsNotAskedAboutTheNextNavigation() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("edit"))
        let editor = try #require(editors.made[EntryID(1)])  // unsaved changes: it refuses
        #expect(flow.uiDidChange(.popped(to: EntryID(0))) == .completed)  // the swipe, not vetoable
        #expect(await flow.navigate(to: Destination("help")) == .completed)  // before the release is delivered
        #expect(editor.asked.isEmpty)
        #expect(flow.state.activeStack.map(\.route) == ["home", "help"])
    }

    /// A restore releases every context, so every screen is asked as `removed` — even one whose id
    /// the saved state also uses (found by the gate model's traces: the visible screen was asked as
    /// `covered`, because an entry of the saved state had its id).
    @Test func aRestoreAsksEveryGuardingScreenAsRemovedWhateverIdsTheSavedStateUses() async throws {
        await orchestrator.start()
        let saved = NavigationState(stack: [Destination("home"), Destination("edit")])  // home #0 > edit #1
        let restored = await flow.restore(NavigationState(stack: [Destination("edit")]))  // edit #0
        #expect(restored.result == .completed)
        #expect(flow.state.visible?.route == "edit")
        let editor = try #require(editors.made[EntryID(0)])
        editor.refusesCovering = true  // would refuse were it asked as covered; it has no unsaved changes
        editor.hasUnsavedChanges = false
        // The saved state's entry #0 is `home`: the editor (#0 here) is not covered by it, it is released.
        #expect(await flow.restore(saved).result == .completed)
        #expect(editor.asked == [.removed])
        #expect(flow.state.activeStack.map(\.route) == ["home", "edit"])
    }

    @Test func aNewerRequestWhileAContextDecidesSupersedesTheOlderOne() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("edit"))
        let editor = try #require(editors.made[EntryID(1)])
        editor.hasUnsavedChanges = false
        editor.holdsAnswers = true
        // back() waits for the editor's answer; a push arrives meanwhile and wins.
        let back = Task { await flow.back() }
        while editor.pending.isEmpty { await Task.yield() }
        let push = Task { await flow.navigate(to: Destination("help")) }
        // The push asks the editor too (it would be covered); then both get their answer.
        while editor.pending.count < 2 { await Task.yield() }
        for answer in editor.pending { answer.resume() }
        let first = await back.value
        #expect(first == .cancelled(.superseded))
        #expect(await push.value == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["home", "edit", "help"])
    }
}
