import AxiomRouting
import Observation
import AxiomURLPattern
import Testing

@testable import AxiomNavigation

/// Back, known before the gesture (Docs/Navigation.md): each screen's leave decision is readable
/// at any moment, a gesture is decided by what the UI was told when it started, and a gesture that
/// is cancelled changes nothing.
@MainActor
@Suite struct BackDecisionTests {
    /// A form: publishes its decision through its handle; its async guard answers `answer`.
    final class FormContext: LeaveGuardingContext {
        let handle: NavigationHandle
        var answer = true
        var asked = 0
        init(handle: NavigationHandle) { self.handle = handle }
        func onAppear() async {}
        func onDisappear() async {}
        func shouldLeave(_ departure: Departure) async -> Bool {
            asked += 1
            return answer
        }
    }

    @MainActor
    final class Forms {
        var made: [String: FormContext] = [:]
    }

    let orchestrator: Orchestrator
    let forms: Forms
    var flow: NavigationFlow { orchestrator.navigation }

    init() throws {
        let router = try Router(
            source: RouteSource(
                name: "b.routes",
                text: """
                    origins myapp:
                    route home /
                    route edit /edit
                    route help /help
                    route sheet /sheet
                      transition modal(sheet)
                    """))
        let forms = Forms()
        self.forms = forms
        let form: ContextFactory = { environment in
            let context = FormContext(handle: environment.navigation)
            forms.made[environment.entry.route] = context
            return context
        }
        orchestrator = Orchestrator(router: router, state: NavigationState(stack: [Destination("home")]), factories: ["edit": form, "sheet": form])
    }

    /// What a cancelled gesture must leave alone.
    func observed() -> String { "\(flow.state) \(flow.history.count) \(flow.nextRequest) \(flow.commits) \(orchestrator.deliveredEvents.count)" }

    @Test func eachScreensDecisionIsReadableAtAnyMomentAndAUIFollowsIt() async throws {
        await orchestrator.start()
        #expect(flow.backDecision == .refused)  // the root: nothing to go back to
        _ = await flow.navigate(to: Destination("help"))
        #expect(flow.backDecision == .allowed && flow.bindings.backGestureEnabled)  // no guard
        _ = await flow.navigate(to: Destination("edit"))
        let form = try #require(forms.made["edit"])
        #expect(flow.backDecision == .ask && !flow.bindings.backGestureEnabled)  // a guard that has not said
        // A UI reading the decision is told when the form publishes one.
        let changed = Locked(false)
        withObservationTracking { _ = flow.bindings.backDecision } onChange: { changed.withLock { $0 = true } }
        form.handle.publishLeaveDecision(.refused)
        #expect(changed.withLock { $0 })
        #expect(flow.backDecision == .refused && flow.bindings.backDecision == .refused)
        form.handle.publishLeaveDecision(.allowed)
        #expect(flow.backDecision == .allowed)
        let help = try #require(flow.state.activeStack.first { $0.route == "help" })
        #expect(flow.leaveDecision(of: help) == .allowed)
    }

    /// Docs/Navigation.md, "Back, known before the gesture".
    @Test func theGuidesExampleRuns() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("edit"))
        let form = try #require(forms.made["edit"]).handle
        let flow = self.flow
        struct Form { let navigation: NavigationHandle }
        _ = Form(navigation: form)
        let before = flow.state
        do {
            let form = Form(navigation: form)
            form.navigation.publishLeaveDecision(.refused)     // unsaved changes: the form says so ahead of time
            print(flow.backDecision)                           // refused: the UI holds the swipe
            let told = flow.backGestureStarted()               // refused
            flow.backGestureCancelled()                        // the finger went back: nothing changed
            form.navigation.publishLeaveDecision(.allowed)     // saved
            print(flow.bindings.backGestureEnabled)            // true
            #expect(told == .refused)
        }
        #expect(flow.state == before && flow.bindings.backGestureEnabled)
    }

    /// A guarding context is made after the commit that shows its screen: a UI that read `allowed`
    /// before it existed is told when the decision becomes `ask`.
    @Test func aUIIsToldWhenAGuardingContextArrives() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("help"))
        let before = Locked<LeaveDecision?>(nil)
        let changed = Locked(false)
        let flow = self.flow
        // After the commit, before its lifecycle is delivered (the form's context is not made yet).
        flow.add(
            MiddlewareClosure { request, next in
                let result = try await next(request)
                await MainActor.run {
                    before.withLock { $0 = flow.backDecision }
                    withObservationTracking { _ = flow.backDecision } onChange: { changed.withLock { $0 = true } }
                }
                return result
            })
        #expect(await flow.navigate(to: Destination("edit")) == .completed)
        await flow.lifecycleSettled()
        #expect(before.withLock { $0 } == .allowed)  // no context yet: nothing may refuse
        #expect(flow.backDecision == .ask)  // the form's context is there
        #expect(changed.withLock { $0 })  // and the UI reading it was told
    }

    @Test func aGestureThatStartsAndIsCancelledChangesNothing() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("edit"))
        let form = try #require(forms.made["edit"])
        for decision in LeaveDecision.allCases {
            form.handle.publishLeaveDecision(decision)
            let before = observed()
            #expect(flow.backGestureStarted() == decision)
            flow.backGestureCancelled()
            await flow.lifecycleSettled()
            #expect(observed() == before)
            #expect(form.asked == 0)
            // A cancelled gesture is over: completing it now is not taken.
            #expect(await flow.backGestureCompleted() == .failed(.uiChangeNotApplicable("no back gesture was started (backGestureStarted())")))
        }
    }

    @Test func aGestureAllowedAtItsStartIsTheUIsPopAndAskAsksTheAsyncGuard() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("edit"))
        let form = try #require(forms.made["edit"])
        // ask: the UI held the gesture; completing it runs back(), which asks the form.
        form.answer = false
        #expect(flow.backGestureStarted() == .ask)
        #expect(await flow.backGestureCompleted() == .cancelled(.guardRejected))
        #expect(form.asked == 1 && flow.state.visible?.route == "edit")
        // refused: held, nothing asked.
        form.handle.publishLeaveDecision(.refused)
        flow.backGestureStarted()
        #expect(await flow.backGestureCompleted() == .cancelled(.guardRejected))
        #expect(form.asked == 1 && flow.state.visible?.route == "edit")
        // allowed: the UI popped it; the flow records the pop (a UI change: not asked).
        form.handle.publishLeaveDecision(.allowed)
        flow.backGestureStarted()
        #expect(await flow.backGestureCompleted() == .completed)
        #expect(form.asked == 1 && flow.state.visible?.route == "home")
        #expect(flow.history.last?.action.summary.hasPrefix("ui-") == true)
        // At a modal's root, an allowed gesture is the sheet dragged down.
        let presented = await flow.navigate(to: Destination("sheet"))
        #expect(presented == .completed)
        await flow.lifecycleSettled()
        #expect(flow.state.visible?.route == "sheet")  // (the pop's lifecycle goes out after its commit)
        try #require(forms.made["sheet"]).handle.publishLeaveDecision(.allowed)
        flow.backGestureStarted()
        #expect(await flow.backGestureCompleted() == .completed)
        #expect(flow.state.modals.isEmpty)
    }

    /// A decision published while the finger moves counts from the next gesture: the flow never
    /// disagrees with what the UI was told when the gesture started.
    @Test func aDecisionChangingDuringAGestureCountsFromTheNextOne() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("edit"))
        let form = try #require(forms.made["edit"])
        form.handle.publishLeaveDecision(.allowed)
        flow.backGestureStarted()
        form.handle.publishLeaveDecision(.refused)  // mid-gesture
        #expect(await flow.backGestureCompleted() == .completed)  // the UI popped: recorded
        #expect(flow.state.visible?.route == "home")
        _ = await flow.navigate(to: Destination("edit"))
        let second = try #require(forms.made["edit"])
        second.handle.publishLeaveDecision(.refused)
        flow.backGestureStarted()
        second.handle.publishLeaveDecision(.allowed)  // mid-gesture
        #expect(await flow.backGestureCompleted() == .cancelled(.guardRejected))  // the UI held it
        #expect(flow.state.visible?.route == "edit")
        #expect(flow.backGestureStarted() == .allowed)  // the next gesture
    }

    @Test func aGestureForAScreenNoLongerOnTopIsSuperseded() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("help"))
        #expect(flow.backGestureStarted() == .allowed)
        _ = await flow.navigate(to: Destination("edit"))  // a link arrived during the gesture
        #expect(await flow.backGestureCompleted() == .cancelled(.superseded))
        #expect(flow.state.visible?.route == "edit")
    }

    /// A decision goes with its entry: once it leaves, a screen with its id (a restore's) is
    /// another screen, with a decision of its own.
    @Test func aDecisionGoesWithItsEntry() async throws {
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("edit"))
        let form = try #require(forms.made["edit"])
        let edit = try #require(flow.state.visible)
        form.handle.publishLeaveDecision(.refused)
        _ = await flow.restore(NavigationState(stack: [Destination("home"), Destination("help")]))  // help gets edit's id
        let help = try #require(flow.state.visible)
        #expect(help.id == edit.id)
        #expect(flow.leaveDecision(of: help) == .allowed)
        form.handle.publishLeaveDecision(.refused)  // the released form publishes: nothing
        #expect(flow.backDecision == .allowed)
    }
}
