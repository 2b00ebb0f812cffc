import AxiomRouting

/// Screens that answer (Docs/Navigation.md, "Screens that answer"). A result is a
/// ``PendingResult`` in the state, made by the commit that shows the answering screen and ended by
/// the commit that takes it away — one rule in ``NavigationFlow/commitThroughGate(_:action:id:source:presentingLogin:started:recordsUnchanged:admitted:loadedData:recordedAs:events:)``,
/// whichever door that commit came through — and delivered to its caller in that same commit, or
/// kept until the caller attaches (after a restore). Delivered at most once, never once the caller
/// has left the state.
extension NavigationFlow {
    /// How a request for an answer went: the result it made, to await, or how it ended at once.
    enum Requested {
        /// The result made, with the waiter its commit attached for this request's caller.
        case awaiting(ResultWaiter)
        case ended(RouteResult<RouteValue>)
    }

    /// Navigates to `destination`, a route that answers (`result TYPE` in the table), and awaits
    /// its answer: `completed` with the value its screen answered
    /// (``NavigationHandle/answer(with:)``), `dismissed` when the screen left without one,
    /// `cancelled` when the flow ended it (the request cancelled, the `caller` gone, the session or
    /// the table took the screen away), `denied` when the request did not show the screen (the
    /// policy refused it or sent it to the login, a route that gives no answer, a failure).
    ///
    /// `caller`, when given, is the entry whose screen asks (a context's handle names its own):
    /// once it leaves the state the answer is never delivered (`cancelled(caller-left)`).
    public func navigateForResult(
        to destination: Destination, source: NavigationSource = .inApp, caller: EntryID? = nil
    ) async -> RouteResult<RouteValue> {
        switch await requestResult(to: destination, source: source, caller: caller) {
        case .ended(let result): return result
        case .awaiting(let waiter): return await attachedResult(waiter)
        }
    }

    /// Navigates to a typed route that answers and awaits its answer, typed by the route's key
    /// (`AppRoute.Results.pickPhoto`): the compiler checks the type of the answer. A key of
    /// another route is `denied(failed(wrong-answer-type))`.
    public func navigate<Value>(
        to route: some TypedRoute, awaiting key: RouteResultKey<Value>, source: NavigationSource = .inApp, caller: EntryID? = nil
    ) async -> RouteResult<Value> {
        guard route.routeName == key.route else { return .denied(.failed(.wrongAnswerType(route: route.routeName, key: key.route))) }
        return Self.typed(await navigateForResult(to: Destination(route), source: source, caller: caller), route: key.route)
    }

    /// Awaits the answer of result `id`: one the caller asked for before a restore
    /// (``NavigationState/results``; a context finds its own with
    /// ``NavigationHandle/awaitedResults``). Already ended, it is taken now (out of the state, in a
    /// commit); still pending, it is delivered by the commit that ends it. One waiter a result: a
    /// newer one replaces an older (`cancelled(replaced)`). No such result (taken already, or never
    /// there): `cancelled(no-such-result)`.
    public func awaitResult(_ id: ResultID) async -> RouteResult<RouteValue> {
        journal?.append(step: .awaitResult(id), state: state)
        return await attachedResult(attachResult(id))
    }

    /// ``awaitResult(_:)`` typed by the route's key.
    public func awaitResult<Value>(_ id: ResultID, as key: RouteResultKey<Value>) async -> RouteResult<Value> {
        if let record = state.results.first(where: { $0.id == id }), record.route != key.route {
            return .denied(.failed(.wrongAnswerType(route: record.route, key: key.route)))
        }
        return Self.typed(await awaitResult(id), route: key.route)
    }

    /// The screen of `entry` answers `value` and goes (``NavigationCommand/answer(_:with:)``).
    @discardableResult
    public func answer(_ entry: EntryID, with value: RouteValue) async -> NavigationResult {
        await perform(.answer(entry, with: value))
    }

    // MARK: The parts

    /// The request part of ``navigateForResult(to:source:caller:)``: the navigation, journaled as
    /// one step, and the result its commit made (a waiter is attached in that commit).
    func requestResult(to destination: Destination, source: NavigationSource, caller: EntryID?) async -> Requested {
        var requested = Requested.ended(.cancelled(.init(.superseded)))
        _ = await journaled(.navigateForResult(destination, source: source, caller: caller)) {
            guard let route = router.route(named: destination.route) else {
                let result = NavigationResult.failed(.unknownRoute(destination.route))
                requested = .ended(.denied(result))
                return result
            }
            guard route.metadata.result != nil else {
                let result = NavigationResult.failed(.givesNoAnswer(route.name))
                requested = .ended(.denied(result))
                return result
            }
            let request = ResultRequest(route: route.name, caller: caller)
            let result = await run(
                .navigate(destination.withQueryDefaults(of: route).withoutRedirects), source: source, route: route, url: nil,
                redirects: destination.redirects, answering: request)
            if let waiter = request.waiter {
                requested = .awaiting(waiter)
            } else if case .cancelled(let reason) = result {
                requested = .ended(.cancelled(ResultEnd(reason)))
            } else {
                // Completed without showing the route's screen (a middleware's redirect elsewhere,
                // the login, a duplicate), or refused, or failed.
                requested = .ended(.denied(result))
            }
            return result
        }
        return requested
    }

    /// Attaches a waiter to result `id` (replacing any) and returns it: a result already ended is
    /// delivered to it now, in a commit that takes it out of the state; one still pending waits for
    /// the commit that ends it. No such result: the waiter gets `cancelled(no-such-result)`.
    @discardableResult
    func attachResult(_ id: ResultID) -> ResultWaiter {
        if let old = resultWaiters.all[id] {
            resultWaiters.all[id] = nil
            old.deliver(.cancelled(.replaced))
        }
        guard let record = state.results.first(where: { $0.id == id }) else {
            let waiter = ResultWaiter(record: nil)
            waiter.deliver(.cancelled(.noSuchResult))
            return waiter
        }
        let waiter = ResultWaiter(record: record)
        resultWaiters.all[id] = waiter
        guard record.outcome != nil else { return waiter }
        // Ended before anyone waited (its caller was restored after it ended): taken now, in a
        // commit that changes nothing on screen — so it takes no turn and leaves the plans of the
        // requests in flight standing (their commits drop what was taken since they planned).
        let number = RequestID(nextRequest)
        nextRequest += 1
        commitThroughGate(
            state, action: .takeResult(record.id), id: number, presentingLogin: false, started: ContinuousClock().now, movesPlans: false)
        return waiter
    }

    /// What `waiter` — the one this caller attached, never one attached since by another — is
    /// given, once it is (then it is forgotten). A waiting task that is cancelled stops waiting
    /// (`cancelled(task-cancelled)`) and the result stays in the state, to be awaited again: its
    /// answer is not lost. (Looking the waiter up by result instead would hand a caller whose
    /// waiter was replaced the newer caller's, and the newer caller's task would wait for ever.)
    func attachedResult(_ waiter: ResultWaiter) async -> RouteResult<RouteValue> {
        let result = await withTaskCancellationHandler {
            await waiter.result()
        } onCancel: {
            Task { @MainActor in waiter.detach() }
        }
        if let id = waiter.record?.id, resultWaiters.all[id] === waiter { resultWaiters.all[id] = nil }
        return result
    }

    /// The rule every commit applies to the results of the state it writes, whatever door it came
    /// through: a new result for the screen a request for an answer shows; a result whose caller
    /// left the state is dropped, never delivered (its waiter told `caller-left`); one whose
    /// answering screen left is ended — `completed` with the answer it gave, otherwise `dismissed`
    /// (the user or the app took it away) or `cancelled(screen-removed)` (a sign-in, sign-out,
    /// swap or restore did); an ended one with a waiter is delivered and leaves the state. Returns
    /// the deliveries, made once the state is written.
    func settlingResults(
        _ next: inout NavigationState, old: NavigationState, action: NavigationRequest.Action, id: RequestID
    ) -> [(ResultWaiter, RouteResult<RouteValue>)] {
        // A plan made before a result was taken (a take moves no plan) does not bring it back.
        if !action.isRestore, next.results.contains(where: { record in !old.results.contains { $0.id == record.id } }) {
            next.results.removeAll { record in !old.results.contains { $0.id == record.id } }
        }
        if !resultRequests.isEmpty, let request = resultRequests[id], request.made == nil, let callee = shownCallee(of: request, in: next, old: old) {
            let record = PendingResult(id: next.makeResultID(), route: request.route, caller: request.caller, callee: callee)
            next.results.append(record)
            request.made = record.id
            let waiter = ResultWaiter(record: record)
            request.waiter = waiter
            resultWaiters.all[record.id] = waiter
        }
        guard !next.results.isEmpty || !resultWaiters.all.isEmpty else { return [] }
        let waiters = resultWaiters.all
        let ended = next.settleResults(endsByChoice: action.endsByChoice, waiting: isAwaited)
        var deliveries: [(ResultWaiter, RouteResult<RouteValue>)] = []
        for (record, result) in ended {
            if let waiter = waiters[record.id] { deliveries.append((waiter, result)) }
        }
        // Waiters whose result is no longer in the state (a restore replaced it) are told so.
        for (resultID, waiter) in waiters where !waiter.isDelivered && !waiter.isDetached {
            let kept = next.results.contains { $0.id == resultID && waiter.record.map($0.isSame) == true }
            if !kept, !deliveries.contains(where: { $0.0 === waiter }) { deliveries.append((waiter, .cancelled(.screenRemoved))) }
        }
        return deliveries
    }

    /// Whether a caller waits for `record` now (a waiter attached to it, not cancelled).
    func isAwaited(_ record: PendingResult) -> Bool {
        resultWaiters.all[record.id].map { !$0.isDetached && $0.record.map(record.isSame) == true } ?? false
    }

    /// The entry the commit of `request` shows for its route: a new one (numbered from the old
    /// state's next number), the visible one when it is, otherwise the topmost such.
    private func shownCallee(of request: ResultRequest, in next: NavigationState, old: NavigationState) -> EntryID? {
        let shown = next.entries.filter { $0.id.rawValue >= old.nextID && $0.route == request.route }
        if let visible = next.visible, shown.contains(visible) { return visible.id }
        return shown.last?.id
    }

    /// Hands each delivery to its waiter (after the state is written).
    func deliver(_ deliveries: [(ResultWaiter, RouteResult<RouteValue>)]) {
        for (waiter, result) in deliveries {
            waiter.deliver(result)
            onResultDelivered?(waiter.record, result, state)
        }
    }

    /// An untyped result of `route` as `Value` (a value that does not convert — the table and the
    /// generated type disagree, or a saved state was edited: `denied(failed(wrong-answer-type))`).
    static func typed<Value: RouteValueConvertible>(_ result: RouteResult<RouteValue>, route: String) -> RouteResult<Value> {
        if let typed = result.map({ Value(routeValue: $0) }) { return typed }
        guard case .completed(let value) = result else { return .cancelled(.noSuchResult) }
        return .denied(.failed(.answerNotOfTheKeysType(value, route: route, type: "\(Value.self)")))
    }
}

/// A request that asks for a screen's answer: the route and the caller, and the result its commit
/// made (nil until then).
@MainActor
final class ResultRequest {
    let route: String
    let caller: EntryID?
    var made: ResultID? = nil
    /// The waiter the commit that made the result attached for this request's caller.
    var waiter: ResultWaiter? = nil

    init(route: String, caller: EntryID?) {
        self.route = route
        self.caller = caller
    }
}

/// One caller awaiting one result: the record it attached to, and its answer once delivered —
/// kept until the caller's task reads it (a delivery before the task awaits is not lost).
@MainActor
final class ResultWaiter {
    let record: PendingResult?
    private(set) var delivered: RouteResult<RouteValue>? = nil
    private var continuation: CheckedContinuation<RouteResult<RouteValue>, Never>? = nil

    init(record: PendingResult?) { self.record = record }

    var isDelivered: Bool { delivered != nil }
    /// Its task stopped waiting (cancelled): it takes nothing, and the result stays in the state.
    private(set) var isDetached = false

    /// Stops waiting: the task is told `cancelled(task-cancelled)`; nothing is delivered to it.
    func detach() {
        guard delivered == nil, !isDetached else { return }
        isDetached = true
        continuation?.resume(returning: .cancelled(ResultEnd(.taskCancelled)))
        continuation = nil
    }

    /// Delivers `result` (the first delivery counts; there is never a second).
    func deliver(_ result: RouteResult<RouteValue>) {
        guard delivered == nil, !isDetached else { return }
        delivered = result
        continuation?.resume(returning: result)
        continuation = nil
    }

    /// The answer: now when delivered, otherwise when it is.
    func result() async -> RouteResult<RouteValue> {
        if let delivered { return delivered }
        if isDetached { return .cancelled(ResultEnd(.taskCancelled)) }
        return await withCheckedContinuation { (continuation: CheckedContinuation<RouteResult<RouteValue>, Never>) in
            MainActor.assumeIsolated {
                if let delivered {
                    continuation.resume(returning: delivered)
                } else if isDetached || Task.isCancelled {
                    isDetached = true
                    continuation.resume(returning: .cancelled(ResultEnd(.taskCancelled)))
                } else {
                    // One task awaits a waiter; a second (which the flow never makes) would
                    // otherwise drop the first's continuation and leave it suspended for ever.
                    self.continuation?.resume(returning: .cancelled(.replaced))
                    self.continuation = continuation
                }
            }
        }
    }

    /// A waiter whose flow is gone is told so (its task does not wait for ever).
    func abandon() {
        continuation?.resume(returning: .cancelled(.flowGone))
        continuation = nil
    }
}

/// The flow's waiters, by result. A class of its own so that a flow that goes away tells every
/// waiter still waiting (`cancelled(flow-gone)`) instead of leaving its task suspended for ever.
final class ResultWaiters {
    var all: [ResultID: ResultWaiter] = [:]

    deinit {
        let waiters = Array(all.values)
        guard !waiters.isEmpty else { return }
        // (The flow's last reference may go on any thread; the waiters are the main actor's.)
        Task { @MainActor in
            for waiter in waiters { waiter.abandon() }
        }
    }
}

extension NavigationHandle {
    /// Navigates to a typed route that answers and awaits its answer, this context's screen the
    /// caller (``NavigationFlow/navigateForResult(to:source:caller:)``): once it has left the state
    /// the answer is never delivered.
    public func navigate<Value>(to route: some TypedRoute, awaiting key: RouteResultKey<Value>) async -> RouteResult<Value> {
        guard let flow else { return .cancelled(.flowGone) }
        return await flow.navigate(to: route, awaiting: key, caller: entry?.id)
    }

    /// Navigates to a route that answers and awaits its answer, untyped.
    public func navigateForResult(to destination: Destination) async -> RouteResult<RouteValue> {
        guard let flow else { return .cancelled(.flowGone) }
        return await flow.navigateForResult(to: destination, caller: entry?.id)
    }

    /// This context's screen answers its caller with `value` and goes (``NavigationCommand/answer(_:with:)``),
    /// typed by its route's key: a value of another type does not compile, a key of another route
    /// fails (`wrong-answer-type`). No caller awaits this screen: `failed(no-pending-result)`.
    @discardableResult
    public func answer<Value>(_ key: RouteResultKey<Value>, with value: Value) async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        guard let entry else { return .failed(.plan(.noPendingResult(EntryID(-1)))) }
        guard entry.route == key.route else { return .failed(.wrongAnswerType(route: entry.route, key: key.route)) }
        return await answer(with: value.routeValue, flow: flow, entry: entry)
    }

    /// This context's screen answers `value` (of its route's `result` type) and goes, untyped.
    @discardableResult
    public func answer(with value: RouteValue) async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        guard let entry else { return .failed(.plan(.noPendingResult(EntryID(-1)))) }
        return await answer(with: value, flow: flow, entry: entry)
    }

    private func answer(with value: RouteValue, flow: NavigationFlow, entry: NavigationEntry) async -> NavigationResult {
        // (A list of strings written as a path is the same answer as a list.)
        let normalized = flow.router.route(named: entry.route)?.metadata.result?.answer(value) ?? value
        return await flow.answer(entry.id, with: normalized)
    }

    /// The answers this context's screen asked for that are still in the state — to await again
    /// after a restore (``awaitResult(_:as:)``): pending, or ended and not yet taken.
    public var awaitedResults: [PendingResult] {
        guard let flow, let entry else { return [] }
        return flow.state.results.filter { $0.caller == entry.id }
    }

    /// Awaits result `id` (``NavigationFlow/awaitResult(_:)``), typed by its route's key.
    public func awaitResult<Value>(_ id: ResultID, as key: RouteResultKey<Value>) async -> RouteResult<Value> {
        guard let flow else { return .cancelled(.flowGone) }
        return await flow.awaitResult(id, as: key)
    }
}
