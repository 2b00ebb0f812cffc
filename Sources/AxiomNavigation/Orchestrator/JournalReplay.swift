public import AxiomRouting

/// Replays a journal (``NavigationJournal``) on a flow the app sets up as it does in production —
/// its middleware, its loaders, its contexts and its ``NavigationFlow/Configuration`` — and
/// reports the first step whose outcome differs from the recording.
///
/// ```swift
/// let records = try NavigationJournal.records(fromJSONLines: text)
/// let clock = TestClock()                       // the clock the app's middleware measure time on
/// let report = try await JournalReplay.replay(records, router: router, advance: { await clock.advance(by: $0) }) { state, settings in
///     let orchestrator = Orchestrator(router: router, state: state, factories: factories,
///                                     configuration: settings?.configuration ?? .init())
///     orchestrator.navigation.add(AnalyticsMiddleware(sink: sink))
///     orchestrator.navigation.add(RateLimitMiddleware(limit: 10, per: .seconds(1), clock: clock))
///     return orchestrator
/// }
/// report.difference      // nil: every step did what it did in the recording
/// ```
///
/// The `begin` state is checked against the table like a restore (one the table cannot hold is a
/// ``ReplayError``) and trusted no more than `beginSource` (default `deepLink`: a journal is a file
/// from elsewhere, and an entry it says was opened in-app could otherwise open a route its
/// `sources` keep from links; pass `.inApp` for a journal the app recorded itself); the flow `orchestrator` builds from it must run with the recording's settings
/// — the configuration and every middleware's ``NavigationMiddleware/journalSettings``, in the same
/// order — or replay stops before the first step with a ``ReplayError`` naming each difference.
/// Then each step is asked again at its recorded time (`advance` moves the app's clocks by the
/// time between steps), one after another in the order they were asked, and compared with the
/// recording: the result's code, the state's outline, every middleware's decision and the requests
/// it ran. Steps that raced in the recording (a navigation superseded by a newer one) run one
/// after another here, so such a step shows as a difference. A `replaceTable` step ends replay
/// with a ``ReplayError`` (the journal does not hold the table), and so does a `settings` step (the
/// app added or removed a middleware mid-session) unless the flow already runs with its settings.
@MainActor
public enum JournalReplay {
    /// The latest step time replay accepts: a century, in seconds.
    public static let longestSession = 100.0 * 365 * 24 * 3600

    /// Replays `records` (in any order; sorted by index) on the orchestrator `orchestrator` builds
    /// from the begin state and the recorded settings (nil for a format-1 journal, which has none:
    /// then nothing is checked before the first step).
    public static func replay(
        _ records: [JournalRecord], router: Router, beginSource: NavigationSource = .deepLink, advance: @MainActor (Duration) async -> Void,
        orchestrator makeOrchestrator: @MainActor (NavigationState, JournalSettings?) -> Orchestrator
    ) async throws(ReplayError) -> ReplayReport {
        let (initial, settings, steps) = try begin(records, router: router, source: beginSource)
        let orchestrator = makeOrchestrator(initial, settings)
        let flow = orchestrator.navigation
        if let settings {
            let differences = settings.differences(from: flow.journalSettings)
            if !differences.isEmpty {
                throw ReplayError(.settingsDiffer, 
                    description: "the flow is not set up as the recording's was: "
                        + differences.joined(separator: "; ") + " (replay on the configuration and middleware the journal was recorded with)")
            }
        }
        let elapsed = Elapsed()
        let journal = NavigationJournal(limit: steps.count + 1, now: { elapsed.value })
        flow.journal = journal
        var replayed = 0
        for expected in steps {
            // The recorded time, to the nanosecond (times are written as seconds); a time no
            // session has (negative, not a number, past a century) is refused, not converted.
            guard expected.time.isFinite, (0...longestSession).contains(expected.time) else {
                throw ReplayError(.invalidTime, description: "step \(expected.index) has the time \(expected.time) s, which no session has")
            }
            let target = Duration.nanoseconds(Int64((expected.time * 1e9).rounded()))
            if target > elapsed.value {
                await advance(target - elapsed.value)
                elapsed.value = target
            }
            if expected.step == .replaceTable {
                throw ReplayError(.tableReplaced, 
                    description:
                        "step \(expected.index) swapped the route table, which the journal does not hold: replay stops there (\(replayed == 1 ? "the step" : "the \(replayed) steps") before it matched)"
                )
            }
            // The app changed its middleware mid-session: replay goes on only when its flow
            // already runs with the settings from here on (it cannot add the app's middleware).
            if case .settings(let recorded) = expected.step {
                let differences = recorded.differences(from: flow.journalSettings)
                guard differences.isEmpty else {
                    throw ReplayError(.middlewareChanged, 
                        description:
                            "step \(expected.index) changed the flow's middleware (\(differences.joined(separator: "; "))), which replay cannot do: replay stops there (\(replayed == 1 ? "the step" : "the \(replayed) steps") before it matched)"
                    )
                }
                replayed += 1
                continue
            }
            let before = journal.records.count
            await perform(expected.step, on: orchestrator)
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

    /// The journal's begin state (checked against the table, its entries trusted no more than
    /// `source`), its settings and the steps after it.
    public static func begin(_ records: [JournalRecord], router: Router, source: NavigationSource = .deepLink) throws(ReplayError) -> (
        state: NavigationState, settings: JournalSettings?, steps: [JournalRecord]
    ) {
        let ordered = records.sorted { $0.index < $1.index }
        guard let first = ordered.first, case .begin(let initial, let settings) = first.step else {
            throw ReplayError(.noBegin, description: "the journal does not start with a 'begin' record (the state the session began from)")
        }
        // The begin state is checked like a restore: against the table (routes, values, tabs,
        // containers) — a journal from another table is refused, not replayed into a state the
        // table cannot hold — and then shown through the flow's gate like any initial state.
        // Trusted no more than `source` by the order the recording's flow used (its session
        // middleware's), as the flow would trust a restore: like any order, it can only lower
        // trust (`restored(against:source:trust:)`), whatever the file names.
        var trust = SourceTrust.standard
        if let recorded = (settings?.middleware ?? []).lazy.compactMap({ $0.settings["trust"] }).first {
            var order: [NavigationSource] = []
            for name in recorded.split(separator: " ") {
                guard let source = NavigationSource(rawValue: String(name)) else {
                    throw ReplayError(.unknownSource, 
                        description: "the journal's settings give an order of trust with an unknown source '\(name)' (in '\(recorded)'; "
                            + "sources are \(NavigationSource.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                order.append(source)
            }
            trust = SourceTrust(order)
        }
        let restoration = initial.restored(against: router, source: source, trust: trust)
        if let first = restoration.dropped.first {
            let more = restoration.dropped.count > 1 ? " (and \(restoration.dropped.count - 1) more)" : ""
            throw ReplayError(.beginStateMismatch, 
                description:
                    "the journal's begin state does not fit the route table: \(first)\(more); replay it against the table it was recorded with")
        }
        return (restoration.state, settings, Array(ordered.dropFirst()))
    }

    /// The replay's time since the begin record.
    private final class Elapsed {
        var value = Duration.zero
    }

    /// Asks the flow for `step`, as the app did.
    private static func perform(_ step: JournalStep, on orchestrator: Orchestrator) async {
        let flow = orchestrator.navigation
        switch step {
        case .begin: break
        case .navigate(let destination, let source): _ = await flow.navigate(to: destination, source: source)
        case .open(let url, let source): _ = await flow.open(url: url, source: source)
        case .openLinks(let urls, let source): _ = await flow.open(urls: urls, source: source)
        case .command(let command, let source): _ = await flow.perform(command, source: source)
        case .restore(let state, let source): _ = await flow.restore(state, source: source)
        case .start: await orchestrator.start()
        case .signIn(let principal): _ = await flow.signIn(as: principal)
        case .signOut: flow.signOut()
        case .replaceTable, .settings: break
        case .navigateForResult(let destination, let source, let caller):
            // The caller's waiter is attached by the commit, as it was; nobody reads it here.
            _ = await flow.requestResult(to: destination, source: source, caller: caller)
        case .awaitResult(let id): flow.attachResult(id)
        case .ui(let change):
            flow.uiDidChange(change)
            await flow.lifecycleSettled()
        }
    }
}
