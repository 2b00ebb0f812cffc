import ArgumentParser
import AxiomNavigation
import AxiomNavigationSimulator
import AxiomRouting
import Foundation

/// `axiom-route simulate SCRIPT`: runs a navigation script against the real flow.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a navigation script on the route table and print each step's result and state.",
        discussion: """
            Runs the real navigation flow with the built-in middleware (analytics, rate limit, \
            authentication) on a test clock that moves only with 'advance', so the output is the \
            same on every run. The script format is in Docs/Simulation.md. Exit status: 0 when \
            every 'expect' held, 1 when any failed, 2 for a bad script, table or usage.
            """
    )

    @Argument(help: "The script file ('-' for standard input).")
    var script: String

    @OptionGroup var table: RouteTableOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(help: "After each navigation: the whole state (full), or only what changed (changes), in time linear in the steps.")
    var state: SimulationReport.StateDetail = .full

    @Option(help: "Also write the session's journal (JSON lines) to this file, for 'axiom-route replay'.")
    var journal: String?

    @Option(help: "Also write what the script exercised (a coverage record, JSON) to this file, for 'axiom-route coverage'.")
    var coverage: String?

    func run() async throws {
        let router = try table.router()
        let text = try Console.text(of: script, what: "script")
        let parsed: SimulationScript
        switch SimulationScript.parse(text, file: script == "-" ? "<stdin>" : script) {
        case .success(let value): parsed = value
        case .failure(let problems):
            for problem in problems.list { Console.err(problem.description) }
            throw ExitStatus.badInput.exitCode
        }
        var writer: JournalFile? = nil
        if let journal {
            guard let file = JournalFile(path: journal) else {
                Console.err("error: cannot write the journal '\(journal)'")
                throw ExitStatus.badInput.exitCode
            }
            writer = file
        }
        // `set start ROUTE name=value …`: values the route refuses are the script's mistake.
        var start: NavigationState? = nil
        if let declared = parsed.settings.start {
            do {
                start = try NavigationState(router: router, start: Simulation.destination(declared.route, declared.values, router: router))
            } catch {
                Console.err("\(script): error: 'set start \(declared.route)': \(error)")
                throw ExitStatus.badInput.exitCode
            }
        }
        // `replace-table FILE`: each table read before the script runs (relative to the script).
        var tables: [String: Router] = [:]
        for line in parsed.steps {
            guard case .replaceTable(let path) = line.step, tables[path] == nil else { continue }
            let base = script == "-" ? "" : (script as NSString).deletingLastPathComponent
            let resolved = path.hasPrefix("/") || base.isEmpty ? path : base + "/" + path
            tables[path] = try RouteTableOptions.router(path: resolved, includeOutside: table.includeOutside)
        }
        let (report, covered) = await Simulation.run(
            parsed, router: router, printer: SimulationReport(format: format, state: state), journal: writer, start: start, tables: tables)
        if let coverage {
            do {
                try covered.json.write(to: URL(fileURLWithPath: coverage))
            } catch {
                Console.err("error: cannot write the coverage record '\(coverage)': \(error.localizedDescription)")
                throw ExitStatus.badInput.exitCode
            }
        }
        if report.failedExpectations > 0 { throw ExitStatus.noMatch.exitCode }
    }
}

/// Runs a script on a `NavigationSimulator` and reports every step.
@MainActor
enum Simulation {
    /// Lets the steps running in the background go on until each waits (on the clock or a step
    /// to come): the flow and they share the main actor. The loaders run off the main actor
    /// (in a task group), so yielding alone does not wait for them: on a busy machine a step
    /// whose loader had not yet been scheduled was called stuck and cancelled, and one script
    /// gave two reports (found by the simulation fuzzer's oracle). While loaders are in flight,
    /// this waits for them in real time; they end on their own (the simulator's answer at
    /// once), and `bound` limits the wait.
    @MainActor static func settle(_ flow: NavigationFlow, bound: Duration = .seconds(10)) async {
        for _ in 0..<64 { await Task.yield() }
        let deadline = ContinuousClock.now + bound
        while flow.isLoading, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
            for _ in 0..<64 { await Task.yield() }
        }
    }

    /// Runs the script, handing each step to `printer` as it is done; returns the printer
    /// with its totals.
    static func run(
        _ script: SimulationScript, router: Router, printer: SimulationReport, journal: JournalFile? = nil, start: NavigationState? = nil,
        tables: [String: Router] = [:]
    ) async -> (report: SimulationReport, coverage: NavigationCoverage) {
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
        if let journal { navigator.recordJournal(limit: 1) { journal.write($0) } }
        await navigator.start()
        var report = printer
        report.begin(navigator.state)
        var last: String? = nil  // the last navigation step's result code
        var elapsed: Duration = .zero
        var guardRules: [(text: String, rule: ScriptGuard.Rule)] = []
        let guardCalls = GuardCalls()
        var guardToken: MiddlewareToken? = nil
        var saved: [String: Data] = [:]
        // Steps started with `&`, in the order started.
        var running: [(line: SimulationScript.Line, task: Task<NavigationResult?, Never>, done: Finished, loadedBefore: Set<EntryID>)] = []

        /// Asks the flow for a step; nil for a sign-in with nothing to resume.
        func ask(_ line: SimulationScript.Line) async -> NavigationResult? {
            switch line.step {
            case .open(let url, let source):
                return await navigator.open(url, source: source)
            case .navigate(let url):
                switch navigator.router.resolve(url) {
                case .success(let match): return await navigator.navigate(to: Destination(match))
                case .failure(let failure): return .notFound(failure)
                }
            case .navigateTo(let route, let values):
                return await navigator.navigate(to: destination(route, values, router: navigator.router))
            case .push(let route, let values):
                return await navigator.perform(.push(destination(route, values, router: navigator.router)))
            case .replace(let route, let values):
                return await navigator.perform(.replace(destination(route, values, router: navigator.router)))
            case .popTo(let route, let inclusive):
                return await navigator.perform(.popTo(route, inclusive: inclusive))
            case .back: return await navigator.back()
            case .dismiss: return await navigator.dismiss()
            case .tab(let name): return await navigator.selectTab(name)
            case .resetTab(let name): return await navigator.perform(.resetTab(name))
            case .signIn(let principal): return await navigator.signIn(as: principal)
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
        func record(_ outcome: NavigationResult??, into step: inout SimulationReport.Step, loadedBefore: Set<EntryID>) {
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
                var finished = SimulationReport.Step(line: number ?? entry.line.number, text: "finished: \(entry.line.text)")
                record(.some(outcome), into: &finished, loadedBefore: entry.loadedBefore)
                if index < running.count - 1 { finished.state = nil }
                if waiting.contains(where: { $0.done === entry.done }) {
                    finished.passed = false
                    finished.detail =
                        "it waited (on the clock or an answer) with nothing left to move it on, and was cancelled (→ \(finished.result ?? "none")): 'advance' or 'answer' before 'await'"
                }
                report.add(finished)
            }
            running.removeAll()
        }

        for line in script.steps {
            var step = SimulationReport.Step(line: line.number, text: line.text)
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
                report.add(step)
                continue
            }
            switch line.step {
            case .open, .navigate, .navigateTo, .push, .replace, .popTo, .back, .dismiss, .tab, .resetTab, .signIn, .restore:
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
                    report.add(step)
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
                let failure = check(expectation, navigator: navigator, last: last, guardCalls: guardCalls, leaveRules: leaveRules)
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
                report.add(step)
                continue
            case .awaitAll:
                step.detail = running.isEmpty ? "nothing running" : "\(running.count) finished"
                report.add(step)
                await finishRunning(at: line.number)
                continue
            }
            record(result, into: &step, loadedBefore: loadedBefore)
            report.add(step)
        }
        // Steps still running when the script ends are finished too, so the report is whole.
        await finishRunning(at: nil)
        report.end()
        return (report, navigator.coverage)
    }

    /// A destination written in a script: a route and `name=value` pairs, as app code builds one.
    /// A destination built by hand, as app code builds one: a value named as one of the route's
    /// query parameters is a query value (`navigate-to search q=swift`), the others its parameters.
    nonisolated static func destination(_ route: String, _ values: [(String, RouteValue)], router: Router) -> Destination {
        let queryNames = Set(router.route(named: route)?.query.map(\.name) ?? [])
        let parameters = values.filter { !queryNames.contains($0.0) }
        let query = values.filter { queryNames.contains($0.0) }
        return Destination(
            route, parameters: RouteParameters(names: parameters.map(\.0), values: parameters.map(\.1)),
            query: RouteParameters(names: query.map(\.0), values: query.map(\.1)))
    }

    /// nil when the expectation holds; otherwise what was found.
    private static func check(
        _ expectation: SimulationScript.Expectation, navigator: NavigationSimulator, last: String?, guardCalls: GuardCalls, leaveRules: LeaveRules
    ) -> String? {
        let state = navigator.state
        func compare<T: Equatable>(_ actual: T, _ expected: T, _ show: (T) -> String) -> String? {
            actual == expected ? nil : "found \(show(actual)), expected \(show(expected))"
        }
        switch expectation {
        case .result(let code):
            return compare(last ?? "none", code) { $0 }
        case .visible(let route):
            return compare(state.visible?.route, route) { $0 ?? "none" }
        case .stack(let routes):
            return compare(state.activeStack.map(\.route), routes) { $0.joined(separator: " > ") }
        case .tab(let name):
            return compare(state.selectedTab, name) { $0 ?? "no tabs" }
        case .modals(let count):
            return compare(state.modals.count, count) { "\($0) modals" }
        case .signedIn(let flag):
            return compare(navigator.flow.isSignedIn ?? false, flag) { $0 ? "signed in" : "signed out" }
        case .parked(let route):
            return compare(navigator.flow.parkedRequest.map(\.action.summary), route) { $0 ?? "none" }
        case .contexts(let count):
            return compare(navigator.contexts.count, count) { "\($0) contexts" }
        case .canGoBack(let flag):
            return compare(state.canGoBack, flag) { $0 ? "can go back" : "cannot go back" }
        case .guardCalls(let count, let subject):
            let calls = subject.map { guardCalls.bySubject[$0] ?? 0 } ?? guardCalls.value
            return compare(calls, count) { "\($0) guard calls" + (subject.map { " for \($0)" } ?? "") }
        case .leaveAsked(let count, let route):
            let asked = route.map { leaveRules.asked[$0] ?? 0 } ?? leaveRules.asked.values.reduce(0, +)
            return compare(asked, count) { "\($0) questions" + (route.map { " to \($0)" } ?? "") }
        }
    }

    /// What a result says beyond its code.
    static func detail(_ result: NavigationResult) -> String? {
        switch result {
        case .redirected(let chain, let final):
            return (chain + [final]).map(\.outline).joined(separator: " → ")
        case .cancelled(.rateLimited(let retryAfter)):
            return "retry after \(format(retryAfter))"
        case .notFound(let failure):
            return "\(failure)"
        case .failed(let error):
            return error.description
        case .completed, .cancelled, .duplicated:
            return nil
        }
    }
}

/// `250ms`, `1s`, `1.5s`, `5m`.
func format(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    if milliseconds % 60_000 == 0, milliseconds >= 60_000 { return "\(milliseconds / 60_000)m" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
    if milliseconds < 1000 { return "\(milliseconds)ms" }
    return "\(Double(milliseconds) / 1000)s"
}

/// A journal written line by line as the simulation runs (nothing kept in memory).
///
/// `@unchecked Sendable`: made before the simulation, then written only by the journal's
/// writer, which runs on the main actor; the handle is never shared otherwise.
final class JournalFile: @unchecked Sendable {
    private let handle: FileHandle

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
    }

    func write(_ line: String) { handle.write(Data((line + "\n").utf8)) }

    deinit { try? handle.close() }
}
