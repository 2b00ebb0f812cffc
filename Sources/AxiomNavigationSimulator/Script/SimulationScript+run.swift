public import AxiomNavigation
public import AxiomRouting

/// One step of a script as it ran: its line, what it did, and (for a navigation) the state after.
public struct SimulationStep: Sendable {
    /// The script's line the step is on (for a step started with `&` and finished later, the
    /// line of the `await` that finished it, or the last line's).
    public let line: Int
    /// The step as written (`open myapp://profile/42`, `finished: …`).
    public let text: String
    /// The navigation's result code (`completed`, `redirected` …); nil for a step that does not navigate.
    public internal(set) var result: String? = nil
    /// What the step found or did, for people (a redirect chain, `clock at 1s`, why an expectation failed).
    public internal(set) var detail: String? = nil
    /// The state after a step that changed or may have changed it.
    public internal(set) var state: NavigationState? = nil
    /// For `expect`, and for a step the script got wrong: whether it held.
    public internal(set) var passed: Bool? = nil

    init(line: Int, text: String) {
        self.line = line
        self.text = text
    }
}

/// What a script's run came to.
public struct SimulationOutcome: Sendable {
    /// How many steps were handed on (a step started with `&` counts twice: started, finished).
    public let steps: Int
    public let expectations: Int
    /// Expectations that did not hold, and steps the script got wrong.
    public let failedExpectations: Int
    /// What the script exercised: routes reached, results, transitions (`axiom-route coverage`).
    public let coverage: NavigationCoverage
    /// Every expectation held.
    public var passed: Bool { failedExpectations == 0 }
}

extension SimulationScript {
    /// The tables the script's `replace-table` steps name, as written: the caller reads each
    /// (relative to the script, say) and hands them to ``run(on:tables:journal:onStart:onStep:)``.
    public var tablePaths: [String] {
        var paths: [String] = []
        for line in steps {
            if case .replaceTable(let path) = line.step, !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    /// Runs the script on a ``NavigationSimulator`` over `router` — the real flow with the
    /// built-in middleware, on a test clock that moves only with `advance` — and hands each
    /// step to `onStep` as it is done, so memory stays flat however long the script.
    ///
    /// ```swift
    /// let script = try SimulationScript.parse("open myapp://profile/42\nexpect visible profile\n", file: "t.sim").get()
    /// var steps: [SimulationStep] = []
    /// let outcome = try await script.run(on: router) { steps.append($0) }
    /// // outcome.passed, steps[0].result == "completed"
    /// ```
    ///
    /// - Parameters:
    ///   - router: the route table the simulator runs on.
    ///   - tables: the tables `replace-table` steps name, by the path written (``tablePaths``);
    ///     a step whose table is missing fails.
    ///   - journal: receives the session's journal, one JSON line at a time (for `replay`).
    ///   - onStart: receives the state before the first step.
    ///   - onStep: receives each step as it is done (the trailing closure).
    /// - Throws: ``Problems`` when the script's `set start` does not fit the table; nothing
    ///   has run then.
    @MainActor
    public func run(
        on router: Router, tables: [String: Router] = [:], journal: (@MainActor (String) -> Void)? = nil,
        onStart: (NavigationState) -> Void = { _ in }, onStep: (SimulationStep) -> Void
    ) async throws(Problems) -> SimulationOutcome {
        // `set start ROUTE name=value …`: values the route refuses are the script's mistake.
        var start: NavigationState? = nil
        if let declared = settings.start {
            do {
                start = try NavigationState(router: router, start: Simulation.destination(declared.route, declared.values, router: router))
            } catch {
                throw Problems(list: [
                    Problem(code: .invalidStart, file: file, line: startLine, message: "'set start \(declared.route)': \(error)")
                ])
            }
        }
        return await Simulation.run(self, router: router, start: start, tables: tables, journal: journal, onStart: onStart, onStep: onStep)
    }
}
