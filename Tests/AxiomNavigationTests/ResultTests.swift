import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Screens that answer: a caller opens a route that declares `result TYPE` and awaits its answer —
/// completed, dismissed, cancelled or denied — delivered once, never to a caller that has left,
/// and kept across a restore (Docs/Navigation.md, "Screens that answer").
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ResultTests {
    static let table = """
        origins myapp:
        tabs feed, inbox
        login login
        route feed /
          transition tab(feed)
        route inbox /inbox
          transition tab(inbox)
        route post /posts/:id
          param id int
          parent feed
        route pickPhoto /photos/pick
          transition modal(sheet)
          result string
        route chooseTags /tags/choose
          result [enum(swift, rust, go)]
        route pickSecret /secret/pick
          transition modal(sheet)
          auth
          result int
        route settings /settings
        route login /login
          transition modal(fullScreen)
        """

    static func router() throws -> Router { try Router(source: RouteSource(name: "results.routes", text: table)) }

    static func flow(configuration: NavigationFlow.Configuration = .init()) throws -> NavigationFlow {
        NavigationFlow(
            router: try router(), state: NavigationState(tabs: ["feed": Destination("feed"), "inbox": Destination("inbox")]),
            configuration: configuration)
    }

    /// Yields until `condition` holds (the awaiting task has reached the state it waits in).
    static func until(_ condition: @MainActor () -> Bool) async throws {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
        try #require(condition())
    }

    @Test func theAnswerIsDeliveredAndTheScreenGoes() async throws {
        let flow = try Self.flow()
        let caller = Task { await flow.navigateForResult(to: Destination("pickPhoto")) }
        try await Self.until { flow.state.visible?.route == "pickPhoto" }
        let record = try #require(flow.state.results.first)
        #expect(record.route == "pickPhoto" && record.callee == flow.state.visible?.id && record.caller == nil && record.outcome == nil)
        #expect(await flow.answer(record.callee, with: .string("IMG_0001")) == .completed)
        #expect(await caller.value == .completed(.string("IMG_0001")))
        #expect(flow.state.visible?.route == "feed")
        #expect(flow.state.results.isEmpty)
    }

    /// A caller that attaches to a result while the request that made it is still on its way back
    /// (a middleware awaiting after the commit) replaces the request's waiter: the request ends
    /// `cancelled(replaced)` and the newer caller gets the answer — it is not left waiting for ever
    /// (the request used to look its waiter up again by result and take the newer one's place; the
    /// long model-fuzz run hung on it: "result() leaked its continuation").
    @Test func aCallerAttachingWhileTheRequestReturnsDoesNotWaitForEver() async throws {
        let flow = try Self.flow()
        let hold = Locked(true)
        flow.add(
            MiddlewareClosure { request, next in
                let result = try await next(request)
                // After the commit, before the request's caller awaits: held until released.
                while request.destination?.route == "pickPhoto", hold.withLock({ $0 }) { await Task.yield() }
                return result
            })
        let requester = Task { await flow.navigateForResult(to: Destination("pickPhoto")) }
        try await Self.until { !flow.state.results.isEmpty }
        let record = try #require(flow.state.results.first)
        let attached = Task { await flow.awaitResult(record.id) }
        try await Self.until { flow.resultWaiters.all[record.id] != nil && flow.resultWaiters.all[record.id]?.record != nil }
        for _ in 0..<50 { await Task.yield() }
        hold.withLock { $0 = false }
        #expect(await requester.value == .cancelled(.replaced))
        #expect(await flow.answer(record.callee, with: .string("IMG_0002")) == .completed)
        #expect(await attached.value == .completed(.string("IMG_0002")))
        #expect(flow.state.results.isEmpty)
    }

    @Test func leavingWithoutAnAnswerIsDismissedByEveryDoor() async throws {
        // back, dismiss, the UI's own dismissal, a pop past it, a tab switch under it.
        let doors: [(String, @MainActor (NavigationFlow) async -> Void)] = [
            ("back", { _ = await $0.back() }),
            ("dismiss", { _ = await $0.dismiss() }),
            ("ui dismiss", { flow in _ = flow.uiDidChange(.dismissed(level: 0)) }),
            ("select tab", { _ = await $0.selectTab("inbox") }),
        ]
        for (name, door) in doors {
            let flow = try Self.flow()
            let caller = Task { await flow.navigateForResult(to: Destination("pickPhoto")) }
            try await Self.until { flow.state.visible?.route == "pickPhoto" }
            await door(flow)
            #expect(await caller.value == .dismissed, "\(name)")
            #expect(flow.state.results.isEmpty, "\(name)")
        }
    }

    @Test func aPushedScreenAnswersAndIsPoppedWithWhatIsAboveIt() async throws {
        let flow = try Self.flow()
        let caller = Task { await flow.navigateForResult(to: Destination("chooseTags")) }
        try await Self.until { flow.state.visible?.route == "chooseTags" }
        let callee = try #require(flow.state.visible?.id)
        _ = await flow.navigate(to: Destination("settings"))
        // A list of strings written as a path is the same answer as a list.
        #expect(await flow.answer(callee, with: .list([.string("swift"), .string("go")])) == .completed)
        #expect(await caller.value == .completed(.list([.string("swift"), .string("go")])))
        #expect(flow.state.activeStack.map(\.route) == ["feed"])
    }

    @Test func anAnswerOfAnotherTypeFailsAndChangesNothing() async throws {
        let flow = try Self.flow()
        let caller = Task { await flow.navigateForResult(to: Destination("chooseTags")) }
        try await Self.until { flow.state.visible?.route == "chooseTags" }
        let before = flow.state
        let callee = try #require(before.visible?.id)
        #expect(await flow.answer(callee, with: .int(3)).code == .failed(.wrongAnswerType))
        #expect(await flow.answer(callee, with: .list([.string("java")])).code == .failed(.wrongAnswerType))
        #expect(flow.state == before)
        _ = await flow.back()
        #expect(await caller.value == .dismissed)
    }

    @Test func aScreenNobodyAwaitsCannotAnswer() async throws {
        let flow = try Self.flow()
        _ = await flow.navigate(to: Destination("pickPhoto"))
        let before = flow.state
        let entry = try #require(before.visible?.id)
        #expect(await flow.answer(entry, with: .string("x")).code == .failed(.noPendingResult))
        #expect(flow.state == before)
    }

    @Test func aRouteThatGivesNoAnswerIsDeniedBeforeAnythingRuns() async throws {
        let flow = try Self.flow()
        let before = flow.state
        let result = await flow.navigateForResult(to: Destination("settings"))
        #expect(result == .denied(.failed(.givesNoAnswer("settings"))))
        #expect(flow.state == before && flow.history.isEmpty)
    }

    @Test func thePolicyRefusingTheScreenIsDenied() async throws {
        let flow = try Self.flow()
        flow.add(AuthenticationMiddleware(loginRoute: "login", signedIn: false, clock: ContinuousClock()))
        _ = await flow.start()
        let result = await flow.navigateForResult(to: Destination("pickSecret"))
        guard case .denied(let refused) = result else {
            Issue.record("expected denied, got \(result)")
            return
        }
        // Sent to the login (parked for sign-in): the answer is not awaited through it.
        #expect(refused.code == .redirected)
        #expect(flow.state.results.isEmpty)
        #expect(flow.state.visible?.route == "login")
    }

    @Test func aCallerThatLeavesNeverGetsTheAnswer() async throws {
        let flow = try Self.flow()
        _ = await flow.navigate(to: Destination("post", parameters: ["id": .int(7)]))
        let post = try #require(flow.state.visible)
        var delivered: [RouteResult<RouteValue>] = []
        flow.onResultDelivered = { _, result, _ in delivered.append(result) }
        let caller = Task { await flow.navigateForResult(to: Destination("pickPhoto"), caller: post.id) }
        try await Self.until { flow.state.visible?.route == "pickPhoto" }
        let callee = try #require(flow.state.visible?.id)
        // The feed tab's stack goes back to its root under the sheet: the post that asked leaves.
        #expect(await flow.resetTab("feed") == .completed)
        #expect(flow.state.visible?.id == callee)
        #expect(await caller.value == .cancelled(.callerLeft))
        #expect(flow.state.results.isEmpty)
        #expect(await flow.answer(callee, with: .string("late")).code == .failed(.noPendingResult))
        #expect(delivered == [.cancelled(.callerLeft)])
    }

    @Test func aSignOutThatForgetsRemovesTheScreenAndCancelsTheResult() async throws {
        let flow = try Self.flow(configuration: .init(forgetsGuardedStateAtSignOut: true))
        let auth = AuthenticationMiddleware(loginRoute: "login", signedIn: true, clock: ContinuousClock())
        flow.add(auth)
        _ = await flow.start()
        let caller = Task { await flow.navigateForResult(to: Destination("pickSecret")) }
        try await Self.until { flow.state.visible?.route == "pickSecret" }
        flow.signOut()
        #expect(await caller.value == .cancelled(.screenRemoved))
        #expect(flow.state.results.isEmpty)
    }

    @Test func aSupersededRequestIsCancelledWithItsReason() async throws {
        let flow = try Self.flow()
        flow.loaders["slow"] = { _ in
            try await Task.sleep(for: .seconds(30))
            return 0
        }
        let text = Self.table.replacingOccurrences(of: "route pickPhoto /photos/pick\n", with: "route pickPhoto /photos/pick\n  load slow\n")
        _ = await flow.replaceTable(with: try Router(source: RouteSource(name: "slow.routes", text: text)))
        let caller = Task { await flow.navigateForResult(to: Destination("pickPhoto")) }
        try await Self.until { flow.loading != nil }
        _ = await flow.navigate(to: Destination("settings"))
        #expect(await caller.value == .cancelled(ResultEnd(.superseded)))
        #expect(flow.state.results.isEmpty)
    }

    // MARK: Restoration

    static func saved(_ state: NavigationState) throws -> NavigationState {
        try JSONDecoder().decode(NavigationState.self, from: try JSONEncoder().encode(state))
    }

    @Test func aPendingResultSurvivesARestoreAndIsDeliveredOnceAttached() async throws {
        let first = try Self.flow()
        _ = await first.navigate(to: Destination("post", parameters: ["id": .int(7)]))
        let post = try #require(first.state.visible)
        _ = Task { await first.navigateForResult(to: Destination("pickPhoto"), caller: post.id) }
        try await Self.until { first.state.visible?.route == "pickPhoto" }
        let saved = try Self.saved(first.state)
        #expect(saved == first.state)
        // The app is killed; the next launch restores the saved state.
        let second = NavigationFlow(router: try Self.router(), state: saved)
        _ = await second.start()
        let record = try #require(second.state.results.first)
        #expect(record.caller == post.id && record.outcome == nil)
        let waiter = Task { await second.awaitResult(record.id) }
        try await Self.until { second.resultWaiters.all[record.id] != nil }
        #expect(await second.answer(record.callee, with: .string("IMG_7")) == .completed)
        #expect(await waiter.value == .completed(.string("IMG_7")))
        #expect(second.state.results.isEmpty)
        // Never twice.
        #expect(await second.awaitResult(record.id) == .cancelled(.noSuchResult))
    }

    @Test func anAnswerGivenBeforeTheCallerAttachesWaitsInTheStateAndIsTakenOnce() async throws {
        let first = try Self.flow()
        _ = Task { await first.navigateForResult(to: Destination("pickPhoto")) }
        try await Self.until { first.state.visible?.route == "pickPhoto" }
        let second = NavigationFlow(router: try Self.router(), state: try Self.saved(first.state))
        _ = await second.start()
        let record = try #require(second.state.results.first)
        #expect(await second.answer(record.callee, with: .string("IMG_8")) == .completed)
        // Ended, kept for its caller, saved with the state.
        #expect(second.state.results.first?.outcome == .completed(.string("IMG_8")))
        let third = NavigationFlow(router: try Self.router(), state: try Self.saved(second.state))
        _ = await third.start()
        #expect(await third.awaitResult(record.id) == .completed(.string("IMG_8")))
        #expect(third.state.results.isEmpty)
        #expect(third.history.last?.action == .takeResult(record.id))
        #expect(await third.awaitResult(record.id) == .cancelled(.noSuchResult))
    }

    /// Taking an ended result changes nothing on screen: a request in flight is not superseded,
    /// and its commit does not bring the taken result back.
    @Test func takingAnEndedResultLeavesARequestInFlightStanding() async throws {
        let first = try Self.flow()
        _ = Task { await first.navigateForResult(to: Destination("pickPhoto")) }
        try await Self.until { first.state.visible?.route == "pickPhoto" }
        let text = Self.table.replacingOccurrences(of: "route settings /settings\n", with: "route settings /settings\n  load slow\n")
        let second = NavigationFlow(router: try Router(source: RouteSource(name: "slow.routes", text: text)), state: try Self.saved(first.state))
        let gate = AsyncGate()
        second.loaders["slow"] = { _ in
            await gate.wait()
            return 0
        }
        _ = await second.start()
        let record = try #require(second.state.results.first)
        // Answered after the restore, before its caller attaches: ended, kept in the state.
        #expect(await second.answer(record.callee, with: .string("IMG_5")) == .completed)
        #expect(second.state.results.first?.outcome == .completed(.string("IMG_5")))
        let request = Task { await second.navigate(to: Destination("settings")) }
        try await Self.until { second.loading != nil }
        #expect(await second.awaitResult(record.id) == .completed(.string("IMG_5")))
        #expect(second.state.results.isEmpty)
        await gate.open()
        #expect(await request.value == .completed)
        #expect(second.state.visible?.route == "settings")
        #expect(second.state.results.isEmpty)
        #expect(await second.awaitResult(record.id) == .cancelled(.noSuchResult))
    }

    /// Lets a loader go on when the test says so.
    actor AsyncGate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }
        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    @Test func aRestoreWhoseCallerIsGoneEndsTheResultUndelivered() async throws {
        let first = try Self.flow()
        _ = await first.navigate(to: Destination("post", parameters: ["id": .int(7)]))
        let post = try #require(first.state.visible)
        _ = Task { await first.navigateForResult(to: Destination("pickPhoto"), caller: post.id) }
        try await Self.until { first.state.visible?.route == "pickPhoto" }
        // The next version's table has no `post`: the caller is dropped by the restore.
        let table = Self.table.replacingOccurrences(of: "route post /posts/:id\n  param id int\n  parent feed\n", with: "")
        let router = try Router(source: RouteSource(name: "next.routes", text: table))
        let second = NavigationFlow(router: router, state: NavigationState(tabs: ["feed": Destination("feed"), "inbox": Destination("inbox")]))
        let restored = await second.restore(try Self.saved(first.state))
        #expect(restored.dropped.compactMap(\.entry?.route).contains("post"))
        #expect(second.state.results.isEmpty)
    }

    /// A saved state edited by hand: its result names a screen of another route as the one that
    /// answers, and a typed key of another type. Neither gets through.
    @Test func anEditedSavedResultEndsAndAWrongKeyIsRefused() async throws {
        var edited = NavigationState(tabs: ["feed": Destination("feed"), "inbox": Destination("inbox")])
        edited = try NavigationPlanner.plan(.push(Destination("settings")), in: edited).get().state
        let settings = try #require(edited.visible)
        edited.results = [PendingResult(id: edited.makeResultID(), route: "pickPhoto", caller: nil, callee: settings.id)]
        let flow = NavigationFlow(router: try Self.router(), state: try Self.saved(edited))
        _ = await flow.start()
        #expect(flow.state.results.first?.outcome == .cancelled(.screenRemoved))
        // The settings screen is no answering screen.
        #expect(await flow.answer(settings.id, with: .string("x")).code == .failed(.noPendingResult))
        let id = try #require(flow.state.results.first?.id)
        #expect(await flow.awaitResult(id) == .cancelled(.screenRemoved))

        // An answer the key's type does not hold (the table and the generated type disagree).
        let second = try Self.flow()
        _ = Task { await second.navigateForResult(to: Destination("pickPhoto")) }
        try await Self.until { second.state.visible?.route == "pickPhoto" }
        let third = NavigationFlow(router: try Self.router(), state: try Self.saved(second.state))
        _ = await third.start()
        let record = try #require(third.state.results.first)
        #expect(await third.answer(record.callee, with: .string("IMG")) == .completed)
        let typed = await third.awaitResult(record.id, as: RouteResultKey<Int>(route: "pickPhoto"))
        guard case .denied(let refused) = typed else {
            Issue.record("expected denied, got \(typed)")
            return
        }
        #expect(refused.code == .failed(.wrongAnswerType))
        #expect("\(refused)".contains("which is not of type Int"))
    }

    @Test func aSavedResultIsCheckedWhenRead() throws {
        var state = NavigationState(stack: [Destination("feed")])
        state.results = [PendingResult(id: ResultID(0), route: "pickPhoto", caller: nil, callee: EntryID(0))]
        // Its number is the entry's: refused.
        #expect(throws: (any Error).self) { try Self.saved(state) }
        state.results = [PendingResult(id: ResultID(7), route: "pickPhoto", caller: nil, callee: EntryID(0))]
        // Not below nextID (1): refused.
        #expect(throws: (any Error).self) { try Self.saved(state) }
    }

    /// Results count against a saved state's bound on values, each one and its answer's elements,
    /// on both sides: the encoder writes no state the decoder would refuse (one with more than
    /// 10,000 results), and the decoder refuses one written by hand before reading past the bound.
    @Test func resultsPastTheBoundAreNeitherWrittenNorRead() throws {
        var state = NavigationState(stack: [Destination("feed"), Destination("pickPhoto")])
        state.nextID = 3 * NavigationState.maxValues
        func results(_ count: Int, answer: RouteValue? = nil) -> [PendingResult] {
            (0..<count).map {
                PendingResult(id: ResultID(2 + $0), route: "pickPhoto", caller: EntryID(0), callee: EntryID(1), value: answer, outcome: nil)
            }
        }
        // At the bound: written and read back the same.
        state.results = results(NavigationState.maxValues)
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(NavigationState.self, from: data).results.count == NavigationState.maxValues)
        // One more: the encoder refuses it, saying which bound.
        state.results = results(NavigationState.maxValues + 1)
        #expect {
            try JSONEncoder().encode(state)
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription.contains("10001 values (at most 10000 are read)")
        }
        // Answers' elements count too: half the results, each answering a list of one.
        state.results = results(NavigationState.maxValues / 2 + 1, answer: .list([.string("a")]))
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(state) }
        // Written by hand past the bound, the state is refused by the bound, not read through.
        var json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var list = try #require(json["results"] as? [[String: Any]])
        list.append(["id": 2 + NavigationState.maxValues, "route": "pickPhoto", "caller": 0, "callee": 1])
        json["results"] = list
        #expect {
            try JSONDecoder().decode(NavigationState.self, from: JSONSerialization.data(withJSONObject: json))
        } throws: { error in
            (error as? StateFormatError)?.message.contains("more than 10000 values") == true
        }
    }

    // MARK: Journal

    @Test func aJournalOfResultsReplaysToTheSameStates() async throws {
        let router = try Self.router()
        let flow = try Self.flow()
        var lines: [String] = []
        flow.journal = NavigationJournal(write: { lines.append($0) })
        _ = await flow.navigate(to: Destination("post", parameters: ["id": .int(7)]))
        let caller = Task { await flow.navigateForResult(to: Destination("pickPhoto"), caller: flow.state.visible?.id) }
        try await Self.until { flow.state.visible?.route == "pickPhoto" }
        let callee = try #require(flow.state.visible?.id)
        #expect(await flow.answer(callee, with: .string("IMG_9")) == .completed)
        #expect(await caller.value == .completed(.string("IMG_9")))
        let records = try NavigationJournal.records(fromJSONLines: lines.joined(separator: "\n"))
        #expect(records.map(\.step.summary) == ["begin", "navigate post", "navigate pickPhoto for its result", "answer"])
        let report = try await JournalReplay.replay(records, router: router, beginSource: .inApp, advance: { _ in }) { state, settings in
            Orchestrator(router: router, state: state, factories: [:], configuration: settings?.configuration ?? .init())
        }
        #expect(report.difference == nil, "\(report)")
        #expect(report.steps == 3)
    }
}

/// The guide's example (Docs/Navigation.md, "Screens that answer"), run as written.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ResultGuideTests {
    final class Picker: Context {
        func onAppear() async {}
        func onDisappear() async {}
    }

    @Test func theGuidesPickerAnswersItsCaller() async throws {
        let router = try ResultTests.router()
        var environments: [ContextEnvironment] = []
        let orchestrator = Orchestrator(
            router: router, state: NavigationState(tabs: ["feed": Destination("feed"), "inbox": Destination("inbox")]),
            factories: [
                "pickPhoto": {
                    environments.append($0)
                    return Picker()
                }
            ])
        await orchestrator.start()
        let flow = orchestrator.navigation
        // The caller, in a task of its own (a context's handle makes its own screen the caller):
        async let picked = flow.navigateForResult(to: Destination("pickPhoto"))

        try await ResultTests.until { !environments.isEmpty }
        let environment = try #require(environments.first)
        #expect(environment.entry.route == "pickPhoto" && flow.state.results.first?.callee == environment.entry.id)

        // The picker's context, when the user taps a photo:
        await environment.navigation.answer(with: .string("IMG_0001"))
        print(await picked)  // completed(IMG_0001), and the sheet is gone
        #expect(await picked == .completed(.string("IMG_0001")))
        #expect(flow.state.modals.isEmpty && flow.state.visible?.route == "feed")
    }
}
