import AxiomRouting
import DequeModule
import Observation

/// Running a request: the pipeline (latest wins, checked before every middleware and at the
/// commit), the loaders, and the commit through the gate.
extension NavigationFlow {
    // MARK: Running a request

    func run(
        _ action: NavigationRequest.Action, source: NavigationSource, route: Route?, url: String?, redirects: [Destination] = [],
        resumed: Bool = false, answering: ResultRequest? = nil
    ) async -> NavigationResult {
        let clock = ContinuousClock()
        let started = clock.now
        let id = RequestID(nextRequest)
        nextRequest += 1
        latest = id
        // A request for an answer: the commit that shows its screen makes the result.
        if let answering { resultRequests[id] = answering }
        defer { if answering != nil { resultRequests[id] = nil } }
        // Latest wins: an older request's loaders are no longer wanted.
        cancelLoading()
        JournalStepCollector.current?.requests.append(id.rawValue)
        var request = NavigationRequest(id: id, action: action, source: source, route: route, url: url, redirects: redirects, isResumed: resumed)
        let pipeline = middleware.map(\.middleware)
        var timing = Timing()
        var result: NavigationResult
        // A command redirected (to the login) has no destination in the chain: remember it.
        var wasRedirected = !redirects.isEmpty
        while true {
            if let ended = endedBeforeRunning(request) {
                result = ended.result
                break
            }
            do {
                switch preflight(request) {
                case .failure(let refusal): result = refusal.result
                case .success(let prepared): result = try await runPipeline(request, pipeline, prepared: prepared, timing: &timing)
                }
            } catch is CancellationError {
                result = .cancelled(.taskCancelled)
            } catch {
                result = .failed(.middleware(error: error))
            }
            // A middleware (or the policy, sending a signed-out user to login) asked for a
            // redirect: start again with the new destination.
            guard case .redirected(_, let final) = result, !timing.committed else { break }
            switch following(request, to: final) {
            case .failure(let ended):
                result = ended.result
            case .success(let next):
                request = next
                wasRedirected = true
                continue
            }
            break
        }
        // A request a newer one took over while it waited (in a middleware, a guard's question)
        // ends superseded, whatever its middleware decided afterwards: that decision is moot,
        // as Vue Router's cancelled navigations are.
        if !timing.committed, !isLatest(id) { result = staleResult(id) }
        if timing.committed, case .completed = result, wasRedirected, let final = request.target {
            result = .redirected(chain: request.redirects, final: final)
        }
        let total = clock.now - started
        let metrics = NavigationMetrics(
            middleware: total - timing.commit - timing.contexts - timing.delivery - timing.loading, contextCreation: timing.contexts,
            commit: timing.commit, total: total, loading: timing.loading)
        lastMetrics = metrics
        for middleware in pipeline { middleware.didFinish(request, result: result, metrics: metrics) }
        if timing.committed { completeHistory(of: id, result: result, metrics: metrics) }
        return result
    }

    /// How `request` ends before anything runs, or nil when it may run. One limit for every
    /// redirect, the table's chain (`redirect` lines, followed when the URL resolved) and the
    /// middleware's alike: past `maxRedirects`, the request fails (a negative limit allows none, as
    /// 0 does). Every destination is checked against its route: a `Destination` built by hand, and
    /// every redirect target.
    func endedBeforeRunning(_ request: NavigationRequest) -> Ended? {
        let limit = max(0, configuration.maxRedirects)
        if request.redirects.count > limit {
            return Ended(result: .failed(.tooManyRedirects(request.redirects + (request.target.map { [$0] } ?? []), limit: limit)))
        }
        if case .command(.answer(let entry, let value)) = request.action, let error = invalidAnswer(value, from: entry) {
            return Ended(result: .failed(error))
        }
        return invalidDestination(in: request.action, route: request.route).map { Ended(result: .failed($0)) }
    }

    /// Why `value` is not an answer the screen of `entry` may give: its route's `result` type
    /// does not hold it (nil when it does, or when no caller awaits the entry: the plan says so).
    func invalidAnswer(_ value: RouteValue, from entry: EntryID) -> NavigationError? {
        guard let record = state.results.first(where: { $0.callee == entry && $0.outcome == nil }) else { return nil }
        guard let type = router.route(named: record.route)?.metadata.result else { return .givesNoAnswer(record.route) }
        return type.answer(value) == nil ? .invalidAnswer(value, route: record.route, type: type) : nil
    }

    /// `request` sent on to `final` (a middleware's redirect, or the policy's to the login), or how
    /// it ends: a loop back to a destination of its chain, or a route the table does not have. The
    /// login the policy sends a signed-out user to is shown as its route says.
    func following(_ request: NavigationRequest, to final: Destination) -> Result<NavigationRequest, Ended> {
        let chain = request.redirects + (request.target.map { [$0] } ?? [])
        if chain.contains(final) { return .failure(Ended(result: .failed(.redirectLoop(chain + [final])))) }
        guard let target = router.route(named: final.route) else { return .failure(Ended(result: .failed(.unknownRoute(final.route)))) }
        return .success(request.redirected(to: final.withQueryDefaults(of: target), route: target, keepingCommand: final.route != gate.login))
    }

    /// The first destination of `action` that does not fit its route.
    func invalidDestination(in action: NavigationRequest.Action, route: Route?) -> NavigationError? {
        for destination in action.destinations {
            do {
                // The request's own route is already looked up (navigate, a resolved link, a redirect).
                if let route, route.name == destination.route {
                    try Router.validate(route, parameters: destination.parameters, query: destination.query)
                } else {
                    try router.validate(destination.route, parameters: destination.parameters, query: destination.query)
                }
            } catch {
                return error.code == .unknownRoute ? .unknownRoute(error.route) : .invalidDestination(error)
            }
        }
        return nil
    }

    /// Fills in the final result and metrics of the record the commit appended (unless newer
    /// commits have already pushed it out of the capped history).
    func completeHistory(of id: RequestID, result: NavigationResult, metrics: NavigationMetrics) {
        guard let index = history.lastIndex(where: { $0.request == id }) else { return }
        history[index].result = result.code
        history[index].metrics = metrics
    }

    /// What a request's run measured.
    struct Timing {
        var committed = false
        var commit: Duration = .zero
        var contexts: Duration = .zero
        var delivery: Duration = .zero
        var loading: Duration = .zero
    }

    func runPipeline(
        _ request: NavigationRequest, _ pipeline: [any NavigationMiddleware], prepared: Prepared?, timing: inout Timing
    ) async throws -> NavigationResult {
        // The onion is built inside out: the commit, then each middleware around it.
        // The steps are `@MainActor` closures: a plain closure literal here runs as
        // nonisolated(nonsending) but returns from its main-actor calls to the global executor,
        // two thread hops per step (measured ~30 µs each on Linux).
        let box = TimingBox()
        var next = NavigationNext { @MainActor [weak self] request in
            guard let self else { return .cancelled(.superseded) }
            return await self.commit(request, prepared: prepared, box: box)
        }
        for middleware in pipeline.reversed() {
            let inner = next
            next = NavigationNext { @MainActor [weak self] request in
                // Before every step: still the latest request, and still wanted?
                try Task.checkCancellation()
                guard let self else { return .cancelled(.superseded) }
                guard self.isLatest(request.id) else { return self.staleResult(request.id) }
                guard let collector = JournalStepCollector.current else { return try await middleware.process(request, next: inner) }
                return try await collector.decide(request, middleware) {
                    try await middleware.process(request, next: $0)
                } next: {
                    try await inner($0)
                }
            }
        }
        let result = try await next(request)
        timing.committed = timing.committed || box.committed
        timing.commit += box.commit
        timing.loading += box.loading
        if box.committed {
            // Deliver the lifecycle (this commit's, and any queued before it) in order.
            let clock = ContinuousClock()
            let started = clock.now
            let created = await deliverPendingEvents()
            timing.contexts += created
            timing.delivery += clock.now - started - created
        }
        return result
    }

    func isLatest(_ id: RequestID) -> Bool { latest == id }

    /// The one decision made after the request's last await (``commit(_:prepared:box:)``): what
    /// the gate admits of `plan`, or how the request ends instead. A newer request, a sign-out or
    /// a swap took the turn (superseded); the task was cancelled; the state changed under the plan
    /// (superseded: it was planned on another state); or the gate, against the session and table
    /// of now, refuses what the plan would show.
    func decidedAtCommit(
        _ plan: NavigationPlan, for request: NavigationRequest, plannedAfter planCommits: Int
    ) -> Result<NavigationGate.Admission, Ended> {
        guard latest == request.id else { return .failure(Ended(result: staleResult(request.id))) }
        guard !Task.isCancelled else { return .failure(Ended(result: .cancelled(.taskCancelled))) }
        guard commits == planCommits else { return .failure(Ended(result: .cancelled(.superseded))) }
        return decided(plan, for: request).mapError { Ended(result: $0.result) }
    }

    /// How a request that is no longer the latest ends: `ui-changed` when the UI changed the
    /// screen after it started, otherwise `superseded` (a newer request).
    func staleResult(_ id: RequestID) -> NavigationResult {
        if let lastUIChange, lastUIChange > id { return .cancelled(.uiChanged) }
        return .cancelled(.superseded)
    }

    /// Delivers queued events in commit order, unless another request is already doing so
    /// (it will deliver these too, after its own). Returns the time spent creating contexts.
    func deliverPendingEvents() async -> Duration {
        guard let host else {
            pendingEvents.removeAll()  // no host: nobody to tell
            return .zero
        }
        guard !delivering else { return .zero }
        delivering = true
        defer { delivering = false }
        var created: Duration = .zero
        while let events = pendingEvents.popFirst() { created += await host.flow(self, deliver: events) }
        return created
    }

    /// The innermost step: checks once more, plans, applies the policy to the entry the plan
    /// would make visible, asks the contexts that would leave (when the orchestrator has any),
    /// and commits in one main-actor turn.
    func commit(_ request: NavigationRequest, prepared: Prepared?, box: TimingBox) async -> NavigationResult {
        guard latest == request.id else { return staleResult(request.id) }
        guard !Task.isCancelled else { return .cancelled(.taskCancelled) }
        let clock = ContinuousClock()
        var started = clock.now
        // The preflight's plan still holds when nothing committed since and the request is the
        // one it planned (a middleware may pass on another); the policy is checked again either
        // way (a session may have changed meanwhile).
        let plan: NavigationPlan
        let planCommits = commits
        if let prepared, prepared.commits == commits, prepared.request == request {
            plan = prepared.plan
        } else {
            switch self.plan(for: request) {
            case .success(let value): plan = value
            case .failure(let ended): return ended.result
            }
        }
        // The loaders of the entries this commit adds, all at once (none: nothing awaited) —
        // only of those the policy would show now: a deep link's auth-only parent, added while
        // signed out, gets no data fetched (its context loads for itself once it is shown).
        // Entries are numbered as they are made, so a commit's new entries are those from the
        // state's next number on — except a restore's, whose entries keep their saved numbers
        // and are all new to this flow.
        var added: [NavigationEntry] = []
        let restoring = if case .restore = request.action { true } else { false }
        if router.hasLoaders, restoring || plan.state.nextID > state.nextID {
            let firstNew = restoring ? Int.min : state.nextID
            added = plan.state.entries.filter {
                $0.id.rawValue >= firstNew && !(router.route(named: $0.route)?.metadata.loaders.isEmpty ?? true)
                    && gate.mayShow($0)
            }
        }
        // The contexts that must agree to be left (none: nothing to ask).
        var questions: [LeaveQuestion] = []
        // A restore releases every entry of the state (its entries are the saved state's, whatever
        // their ids): each screen is removed, none covered.
        if let host, plan.events.contains(where: { $0.isLeaving }) {
            questions = host.flow(self, leaveQuestionsFrom: state, to: restoring ? NavigationState() : plan.state)
        }
        // Before anything is awaited (loaders, leave questions): no loader fetches, and no context
        // is asked, for a screen the policy refuses now. (Nothing to await: the check at the
        // commit below is the one.)
        if !added.isEmpty || !questions.isEmpty, case .failure(let refusal) = decided(plan, for: request) { return refusal.result }
        var data: [EntryID: LoadedData] = [:]
        if !added.isEmpty {
            let waited = clock.now
            switch await load(for: request, adding: added) {
            case .ended(let result): return result
            case .loaded(let loadedData, let duration):
                data = loadedData
                box.loading = duration
            }
            started += clock.now - waited
        }
        if !questions.isEmpty {
            // (Asked only of a request still wanted once its loaders are done.)
            guard latest == request.id else { return staleResult(request.id) }
            // A context may refuse to be left (unsaved changes). While it decides, only a newer
            // request can change the state, and that one supersedes this.
            let waited = clock.now
            var allowed = true
            for question in questions where allowed { allowed = await question.context.shouldLeave(question.departure, toward: question.destination) }
            started += clock.now - waited
            // A context's "no" counts only for a request still wanted.
            guard latest == request.id else { return staleResult(request.id) }
            guard !Task.isCancelled else { return .cancelled(.taskCancelled) }
            guard allowed else { return .cancelled(.guardRejected) }
        }
        // The decision that counts, after the last await and in the same main-actor turn as the
        // write: still the latest request, still planned on the state it commits over, and the
        // policy for the session and table of now (a session may have signed out, or signed out
        // behind the flow's back, while the loaders or a leave question ran).
        let admission: NavigationGate.Admission
        switch decidedAtCommit(plan, for: request, plannedAfter: planCommits) {
        case .failure(let ended): return ended.result
        case .success(let admitted): admission = admitted
        }
        // The history is written in the same main-actor turn as the state, so it is in commit
        // order with the true before and after, whatever the lifecycle does next; the result
        // and metrics are filled in when the request ends. Events go out in commit order, after
        // those of earlier commits.
        commitThroughGate(
            plan.state, action: request.action, id: request.id, source: request.source, presentingLogin: true, started: started,
            admitted: admission, loadedData: data, recordedAs: request.redirects.isEmpty ? .completed : .redirected
        ) { _, _ in plan.events }
        box.committed = true
        box.commit = clock.now - started
        return .completed
    }
}

/// Timing written by the commit step (on the main actor) and read after the pipeline.
@MainActor
final class TimingBox: Sendable {
    var committed = false
    var commit: Duration = .zero
    var loading: Duration = .zero
}
