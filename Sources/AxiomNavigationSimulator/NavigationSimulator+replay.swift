public import AxiomNavigation
public import AxiomRouting
import Clocks

/// How a replayed journal compared with its recording.
public struct ReplayReport: Sendable, Hashable, CustomStringConvertible {
    /// The first step whose outcome differs from the recording.
    public struct Difference: Sendable, Hashable {
        /// The step's number (`JournalRecord.index`).
        public let index: Int
        public let step: JournalStep
        /// What the recording says.
        public let expected: JournalRecord
        /// What the replay did (nil when the step ran no request it should have).
        public let actual: JournalRecord?
        /// Which parts differ: `result`, `state`, `decisions`, `requests`.
        public let parts: [String]
    }

    /// Steps replayed (the `begin` record not counted).
    public let steps: Int
    /// nil when every step matched.
    public let difference: Difference?

    public var description: String {
        guard let difference else { return "all \(steps) steps matched" }
        var lines = ["step \(difference.index) (\(difference.step.summary)) differs in \(difference.parts.joined(separator: ", "))"]
        let actual = difference.actual
        if difference.parts.contains("result") { lines.append("  result: recorded \(difference.expected.result), replayed \(actual?.result ?? "-")") }
        if difference.parts.contains("state") {
            lines.append("  recorded state:\n" + Self.indented(difference.expected.state))
            lines.append("  replayed state:\n" + Self.indented(actual?.state ?? "-"))
        }
        if difference.parts.contains("decisions") {
            lines.append("  recorded decisions: \(difference.expected.decisions.map { "\($0.middleware) \($0.decision)" })")
            lines.append("  replayed decisions: \(actual?.decisions.map { "\($0.middleware) \($0.decision)" } ?? [])")
        }
        return lines.joined(separator: "\n")
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

/// A journal that cannot be replayed.
public struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
}

extension NavigationSimulator {
    /// Starts recording every step into a journal on this simulator's test clock (times are
    /// the test clock's time since now).
    @discardableResult
    public func recordJournal(limit: Int = 100_000, write: (@MainActor (String) -> Void)? = nil) -> NavigationJournal {
        let clock = self.clock
        let epoch = clock.now
        let journal = NavigationJournal(limit: limit, now: { epoch.duration(to: clock.now) }, write: write)
        flow.journal = journal
        return journal
    }

    /// Replays a journal on a new simulator over `router` (with `options`, which should be the
    /// recording's): from the recorded `begin` state (checked against the table like a restore:
    /// one that does not fit is a ``ReplayError``), each step is asked again at its recorded
    /// time on the test clock, one after another in the order they were asked, and compared
    /// with the recording — the result's code, the state's outline, every middleware's
    /// decision and the requests it ran. Stops at the first step that differs.
    ///
    /// Steps that raced in the recording (a navigation superseded by a newer one) run one after
    /// another here, so such a step shows as a difference.
    public static func replay(_ records: [JournalRecord], router: Router, options: Options = Options()) async throws(ReplayError)
        -> ReplayReport
    {
        let ordered = records.sorted { $0.index < $1.index }
        guard let first = ordered.first, case .begin(let initial) = first.step else {
            throw ReplayError(description: "the journal does not start with a 'begin' record (the state the session began from)")
        }
        // The begin state is checked like a restore: against the table (routes, values, tabs,
        // containers) — a journal from another table is refused, not replayed into a state the
        // table cannot hold — and then shown through the flow's gate like any initial state.
        let restoration = initial.restored(against: router)
        if let first = restoration.dropped.first {
            let more = restoration.dropped.count > 1 ? " (and \(restoration.dropped.count - 1) more)" : ""
            throw ReplayError(description: "the journal's begin state does not fit the route table: \(first)\(more); replay it against the table it was recorded with")
        }
        let simulator = NavigationSimulator(router: router, state: restoration.state, options: options)
        let epoch = simulator.clock.now
        let journal = simulator.recordJournal(limit: ordered.count + 1)
        var replayed = 0
        for expected in ordered.dropFirst() {
            // The recorded time, to the nanosecond (times are written as seconds); a time no
            // session has (negative, not a number, past a century) is refused, not converted.
            guard expected.time.isFinite, (0...Self.longestSession).contains(expected.time) else {
                throw ReplayError(description: "step \(expected.index) has the time \(expected.time) s, which no session has")
            }
            let target = Duration.nanoseconds(Int64((expected.time * 1e9).rounded()))
            let current = epoch.duration(to: simulator.clock.now)
            if target > current { await simulator.clock.advance(by: target - current) }
            if expected.step == .replaceTable {
                throw ReplayError(description: "step \(expected.index) swapped the route table, which the journal does not hold: replay stops there")
            }
            let before = journal.records.count
            await simulator.perform(expected.step)
            replayed += 1
            let actual = journal.records.count > before ? journal.records.last : nil
            var parts: [String] = []
            if actual?.result != expected.result { parts.append("result") }
            if actual?.state != expected.state { parts.append("state") }
            if actual?.decisions != expected.decisions { parts.append("decisions") }
            if actual?.requests != expected.requests { parts.append("requests") }
            if !parts.isEmpty {
                return ReplayReport(
                    steps: replayed,
                    difference: .init(index: expected.index, step: expected.step, expected: expected, actual: actual, parts: parts))
            }
        }
        return ReplayReport(steps: replayed, difference: nil)
    }

    /// The latest step time replay accepts: a century, in seconds.
    static let longestSession = 100.0 * 365 * 24 * 3600

    /// Asks the flow for `step`, as the app did.
    private func perform(_ step: JournalStep) async {
        switch step {
        case .begin: break
        case .navigate(let destination, let source): _ = await flow.navigate(to: destination, source: source)
        case .open(let url, let source): _ = await flow.open(url: url, source: source)
        case .command(let command, let source): _ = await flow.perform(command, source: source)
        case .restore(let state, let source): _ = await flow.restore(state, source: source)
        case .start: await orchestrator.start()
        case .signIn: _ = await flow.signIn()
        case .signOut: flow.signOut()
        case .replaceTable: break
        case .ui(let change):
            flow.uiDidChange(change)
            await flow.lifecycleSettled()
        }
    }
}
