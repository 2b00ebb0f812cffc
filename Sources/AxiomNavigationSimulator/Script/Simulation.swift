package import AxiomNavigation
import AxiomRouting
import Foundation

/// Runs a script on a `NavigationSimulator` and hands on every step (see
/// ``SimulationScript/run(on:tables:journal:onStart:onStep:)``).
@MainActor
package enum Simulation {
    /// Lets the steps running in the background go on until each waits (on the clock or a step
    /// to come): the flow and they share the main actor. The loaders run off the main actor
    /// (in a task group), so yielding alone does not wait for them: on a busy machine a step
    /// whose loader had not yet been scheduled was called stuck and cancelled, and one script
    /// gave two reports (found by the simulation fuzzer's oracle). While loaders are in flight,
    /// this waits for them in real time; they end on their own (the simulator's answer at
    /// once), and `bound` limits the wait.
    @MainActor package static func settle(_ flow: NavigationFlow, bound: Duration = .seconds(10)) async {
        for _ in 0..<64 { await Task.yield() }
        let deadline = ContinuousClock.now + bound
        while flow.isLoading, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
            for _ in 0..<64 { await Task.yield() }
        }
    }

    /// Runs the script, handing each step to `onStep` as it is done (nothing is kept but the
    /// totals); returns the totals and what the script exercised.
    static func run(
        _ script: SimulationScript, router: Router, start: NavigationState?, tables: [String: Router], journal: (@MainActor (String) -> Void)?,
        onStart: (NavigationState) -> Void, onStep: (SimulationStep) -> Void
    ) async -> SimulationOutcome {
        var options = NavigationSimulator.Options(
            signedIn: script.settings.signedIn, loginTimeToLive: script.settings.loginTimeToLive, rateLimit: nil,
            configuration: script.settings.configuration)
        options.failingLoaders = script.settings.failingLoaders
        if let limit = script.settings.rateLimit {
            options.rateLimit = .init(limit: limit.limit, per: limit.window, key: limit.key, appliesTo: limit.sources)
        }
        // Screens ask the script's `leave` rules when it has any.
        let leaveRules = LeaveRules()
        var factories: [String: ContextFactory] = [:]
        if script.steps.contains(where: { if case .leave = $0.step { true } else { false } }) {
            for route in ([router] + tables.values).flatMap(\.routes) {
                factories[route.name] = { ScriptedContext(entry: $0.entry, rules: leaveRules) }
            }
        }
        let navigator = NavigationSimulator(router: router, state: start, options: options, factories: factories)
        /// Whether a step's task has ended.
        final class Finished {
            var value = false
        }
        if let journal { navigator.recordJournal(limit: 1, write: journal) }
        await navigator.start()
        onStart(navigator.state)
        var totals = (steps: 0, expectations: 0, failed: 0)
        /// Counts a step and hands it on.
        func add(_ step: SimulationStep) {
            totals.steps += 1
            if let passed = step.passed {
                totals.expectations += 1
                if !passed { totals.failed += 1 }
            }
            onStep(step)
        }
        var last: String? = nil  // the last navigation step's result code
        var elapsed: Duration = .zero
        var guardRules: [(text: String, rule: ScriptGuard.Rule)] = []
        let guardCalls = GuardCalls()
        var guardToken: MiddlewareToken? = nil
        var saved: [String: Data] = [:]
        var previews: [String: NavigationPreview] = [:]
        var answers: [String: Asked] = [:]
        // Steps started with `&`, in the order started.
        var running: [(line: SimulationScript.Line, task: Task<NavigationResult?, Never>, done: Finished, loadedBefore: Set<EntryID>)] = []

        /// Asks the flow for a step; nil for a sign-in with nothing to resume.
        /// Runs a request through the simulator (which records what it covers).
        func run(_ request: NavigationPreview.Request) async -> NavigationResult {
            switch request {
            case .open(let url, let source): return await navigator.open(url, source: source)
            case .openLinks(let urls, let source): return await navigator.open(urls: urls, source: source)
            case .navigate(let destination, let source): return await navigator.navigate(to: destination, source: source)
            case .perform(let command, let source): return await navigator.perform(command, source: source)
            }
        }

        func ask(_ line: SimulationScript.Line) async -> NavigationResult? {
            switch Self.request(line.step, router: navigator.router) {
            case .success(let request): return await run(request)
            case .failure(let failure): return .notFound(failure)
            case nil: break
            }
            switch line.step {
            case .signIn(let principal): return await navigator.signIn(as: principal)
            case .gestureEnd: return await navigator.flow.backGestureCompleted()
            case .commitPreview(let name):
                // Run again, as `NavigationFlow.commit(_:)` does: the preview's plan is not reused.
                guard let preview = previews[name] else { return .failed(.uiChangeNotApplicable("no preview was made as '\(name)'")) }
                return await run(preview.request)
            case .restore(let name, let source):
                guard let data = saved[name] else {
                    return .failed(.uiChangeNotApplicable("no state was saved as '\(name)' (a 'save \(name)' step comes first)"))
                }
                do {
                    let state = try JSONDecoder().decode(NavigationState.self, from: data)
                    return await navigator.restore(state, source: source).result
                } catch {
                    return .failed(.uiChangeNotApplicable("the state saved as '\(name)' does not read back: \(error)"))
                }
            default:
                return .failed(.uiChangeNotApplicable("not a step that asks the flow"))
            }
        }

        /// See ``Simulation/settle(_:bound:)``.
        func settle() async { await Simulation.settle(navigator.flow) }

        /// Fills in a navigation step's report from its result.
        func record(_ outcome: NavigationResult??, into step: inout SimulationStep, loadedBefore: Set<EntryID>) {
            guard case .some(let outcome) = outcome else { return }
            if let outcome {
                step.result = outcome.code.rawValue
                step.detail = detail(outcome)
            } else {
                step.result = "nothing-resumed"
            }
            last = step.result
            step.state = navigator.state
            // What the step's loaders produced, entry by entry.
            let loaded = navigator.flow.loaded.filter { !loadedBefore.contains($0.key) }.sorted { $0.key < $1.key }
            let loads = loaded.map { id, data in "loaded \(data.names.joined(separator: ", ")) for \(id)" }
            if !loads.isEmpty { step.detail = ([step.detail].compactMap { $0 } + loads).joined(separator: "; ") }
        }

        /// Waits for the steps started with `&`, reporting each in the order started (the state
        /// once, after the last). One still waiting once everything else has run — on the clock
        /// or an answer nothing will give — is cancelled and fails the script, rather than waited
        /// for forever.
        func finishRunning(at number: Int?) async {
            await settle()
            let waiting = running.filter { !$0.done.value }
            for entry in waiting { entry.task.cancel() }
            for (index, entry) in running.enumerated() {
                let outcome = await entry.task.value
                var finished = SimulationStep(line: number ?? entry.line.number, text: "finished: \(entry.line.text)")
                record(.some(outcome), into: &finished, loadedBefore: entry.loadedBefore)
                if index < running.count - 1 { finished.state = nil }
                if waiting.contains(where: { $0.done === entry.done }) {
                    finished.passed = false
                    finished.detail =
                        "it waited (on the clock or an answer) with nothing left to move it on, and was cancelled (→ \(finished.result ?? "none")): 'advance' or 'answer' before 'await'"
                }
                add(finished)
            }
            running.removeAll()
        }

        for line in script.steps {
            var step = SimulationStep(line: line.number, text: line.text)
            let loadedBefore = Set(navigator.flow.loaded.keys)
            var result: NavigationResult?? = .none  // .none: not a navigation step
            if line.background {
                let done = Finished()
                let task = Task { @MainActor in
                    defer { done.value = true }
                    return await ask(line)
                }
                running.append((line, task, done, loadedBefore))
                await settle()
                step.detail = "started (#\(running.count) in the background)"
                add(step)
                continue
            }
            switch line.step {
            case .open, .openLinks, .navigate, .navigateTo, .push, .switchStack, .pushRestoring, .popToSaving, .replace, .popTo, .back, .dismiss, .tab, .resetTab, .signIn, .restore, .commitPreview, .gestureEnd:
                // Run as a task: a step that waits (a guard's `wait`, a screen's `ask`) with
                // nothing to move it on is given up on rather than waited for forever.
                let done = Finished()
                let task = Task { @MainActor in
                    defer { done.value = true }
                    return await ask(line)
                }
                await settle()
                if !done.value {
                    task.cancel()
                    step.passed = false
                    let outcome = await task.value
                    step.result = outcome?.code.rawValue
                    step.detail =
                        "the step waited (on the clock or an answer) with nothing to move it on, and was cancelled (→ \(step.result ?? "none")): start it with '&', then 'advance' or 'answer'"
                    last = step.result
                    step.state = navigator.state
                    add(step)
                    continue
                }
                result = .some(await task.value)
            case .uiBack:
                // The back swipe pops the visible stack's top: the entry under it is the new top.
                let stack = navigator.flow.state.activeStack
                if stack.count > 1 {
                    result = await navigator.uiDidChange(.popped(to: stack[stack.count - 2].id))
                } else {
                    result = .failed(.uiChangeNotApplicable("the visible stack is at its root: nothing to pop"))
                }
            case .uiTab(let name): result = await navigator.uiDidChange(.selectedTab(name))
            case .uiDismiss: result = await navigator.uiDidChange(.dismissed(level: navigator.flow.state.modals.count - 1))
            case .signOut:
                // Sign-out is a commit when the gate changes the screen (the login over an
                // auth-only one): the state is printed then.
                let before = navigator.flow.state
                navigator.signOut()
                step.detail = "signed out"
                if navigator.flow.state != before { step.state = navigator.flow.state }
            case .expireSession:
                // The middleware alone is told: nothing commits now.
                navigator.authentication.signOut()
                step.detail = "the session ended (the flow was not told)"
            case .advance(let duration):
                await navigator.advance(by: duration)
                await settle()
                elapsed += duration
                step.detail = "clock at \(format(elapsed))"
            case .expect(let expectation):
                let failure = check(expectation, navigator: navigator, last: last, guardCalls: guardCalls, leaveRules: leaveRules, previews: previews, answers: answers)
                step.passed = failure == nil
                step.detail = failure
            case .addGuard(let subjectText, let action):
                // The subject: a route, every route, or one destination written as a URL.
                var subject: ScriptGuard.Subject = subjectText == "*" ? .any : .route(subjectText)
                var problem: String? = nil
                if subjectText.contains(":") || subjectText.hasPrefix("/") {
                    switch navigator.router.resolve(subjectText) {
                    case .success(let match): subject = .destination(Destination(match))
                    case .failure(let failure): problem = "the guard's subject \(subjectText) does not resolve: \(failure)"
                    }
                }
                var rule: ScriptGuard.Action? = nil
                switch action {
                case .off: break
                case .pass: rule = .pass
                case .refuse: rule = .refuse
                case .wait(let duration): rule = .wait(duration)
                case .redirect(let url):
                    switch navigator.router.resolve(url) {
                    case .success(let match): rule = .redirect(Destination(match))
                    case .failure(let failure): problem = problem ?? "the guard's URL \(url) does not resolve: \(failure)"
                    }
                }
                if let problem {
                    // A guard that cannot apply is the script's mistake.
                    step.passed = false
                    step.detail = problem
                } else if let rule {
                    guardRules.append((subjectText, ScriptGuard.Rule(text: subjectText, subject: subject, action: rule)))
                    step.detail = "guard added (\(guardRules.count) in all)"
                } else {
                    guardRules.removeAll { $0.text == subjectText }
                    step.detail = "guards of \(subjectText) removed (\(guardRules.count) left)"
                }
                if let guardToken { navigator.flow.remove(guardToken) }
                guardToken =
                    guardRules.isEmpty
                    ? nil : navigator.flow.add(ScriptGuard(rules: guardRules.map(\.rule), clock: navigator.clock, calls: guardCalls))
            case .leave(let route, let answer, let departure):
                leaveRules.set(route: route, answer: answer, departure: departure)
                let says: String
                switch answer {
                case .allow: says = "may be left"
                case .refuse: says = "may not be left"
                case .ask: says = "ask before they are left"
                }
                step.detail = "screens of \(route) \(says)" + (departure.map { " (\($0))" } ?? "")
            case .answer(let allows):
                if let route = leaveRules.answer(allows) {
                    step.detail = "\(route) answered \(allows ? "yes" : "no")"
                    await settle()
                } else {
                    step.passed = false
                    step.detail = "no screen is waiting for an answer"
                }
            case .save(let name):
                do {
                    saved[name] = try JSONEncoder().encode(navigator.state)
                    step.detail = "saved as '\(name)'"
                } catch {
                    step.passed = false
                    step.detail = "not saved: \(error)"
                }
            case .replaceTable(let path):
                guard let table = tables[path] else {
                    step.passed = false
                    step.detail = "the table '\(path)' was not read"
                    break
                }
                let restored = await navigator.replaceTable(with: table)
                result = .some(restored.result)
                record(result, into: &step, loadedBefore: loadedBefore)
                let dropped = restored.dropped.map { "dropped \($0)" }
                if !dropped.isEmpty { step.detail = ([step.detail].compactMap { $0 } + dropped).joined(separator: "; ") }
                add(step)
                continue
            case .publish(let decision):
                if let visible = navigator.flow.state.visible {
                    navigator.flow.publishLeaveDecision(decision, for: visible)
                    step.detail = "\(visible) published \(decision.rawValue)"
                } else {
                    step.passed = false
                    step.detail = "no screen is visible to publish"
                }
            case .gestureStart:
                step.detail = "a back gesture started: told \(navigator.flow.backGestureStarted().rawValue) (nothing changed)"
            case .gestureCancel:
                navigator.flow.backGestureCancelled()
                step.detail = "the back gesture was cancelled (nothing changed)"
            case .preview(let name, let asked):
                switch Self.request(asked, router: navigator.router) {
                case nil:
                    step.passed = false
                    step.detail = "only a step that makes a request can be previewed"
                case .failure(let failure):
                    step.passed = false
                    step.detail = "the URL does not resolve: \(failure)"
                case .success(let request):
                    let preview = navigator.flow.preview(request)
                    previews[name] = preview
                    step.detail = describe(preview)
                }
            case .askResult(let name, let route, let values):
                // The visible screen asks; the answer is awaited while the next steps run.
                let destination = Self.destination(route, values, router: navigator.router)
                let caller = navigator.flow.state.visible?.id
                let asked = Asked()
                answers[name]?.task?.cancel()
                answers[name] = asked
                let outcome = asked.outcome
                asked.task = Task { @MainActor in
                    outcome.value = await navigator.navigateForResult(to: destination, caller: caller)
                }
                await settle()
                if let value = outcome.value {
                    step.detail = "\(name): \(value)"
                } else {
                    let id = navigator.flow.state.results.last.map { " (result \($0.id))" } ?? ""
                    step.detail = "\(name): awaiting \(route)'s answer\(id)"
                }
                step.state = navigator.state
                last = outcome.value.map { "\($0)" } ?? last
            case .reply(let text):
                guard let visible = navigator.flow.state.visible else {
                    step.passed = false
                    step.detail = "no screen is visible to reply"
                    break
                }
                let awaited = navigator.flow.state.results.first { $0.callee == visible.id && $0.outcome == nil }
                let type = awaited.flatMap { navigator.router.route(named: $0.route)?.metadata.result }
                result = .some(await navigator.perform(.answer(visible.id, with: Self.answer(text, as: type))))
                await settle()
            case .awaitAll:
                step.detail = running.isEmpty ? "nothing running" : "\(running.count) finished"
                add(step)
                await finishRunning(at: line.number)
                continue
            }
            record(result, into: &step, loadedBefore: loadedBefore)
            add(step)
        }
        // Steps still running when the script ends are finished too, so the report is whole.
        await finishRunning(at: nil)
        // An answer still awaited is not waited for.
        for asked in answers.values { asked.task?.cancel() }
        return SimulationOutcome(
            steps: totals.steps, expectations: totals.expectations, failedExpectations: totals.failed, coverage: navigator.coverage)
    }

    /// A `reply` step's text as an answer of `type` (a list's values separated by commas); as a
    /// ``SimulationScript/Step/literal(_:)`` when the type is unknown or the text is not one of it
    /// (the flow then refuses it, `wrong-answer-type`).
    static func answer(_ text: String, as type: ParameterType?) -> RouteValue {
        switch type {
        case .list(let element):
            let items = text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let values = items.map { element.convert($0) ?? SimulationScript.Step.literal($0) }
            return .list(values)
        case let type?: return type.convert(text) ?? SimulationScript.Step.literal(text)
        case nil: return SimulationScript.Step.literal(text)
        }
    }
}
