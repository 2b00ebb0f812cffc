public import AxiomNavigation
public import AxiomRouting
import Clocks

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

    /// Replays a journal on a new simulator over `router` (`JournalReplay` on the simulator's
    /// flow, its test clock advanced to each step's recorded time). The simulator is set up as the
    /// journal's settings say — whether the user was signed in, the login's time to live, the rate
    /// limit (or none), the flow's configuration — unless `options` is given; a journal recorded
    /// with middleware the simulator does not have (an app's own) is a `ReplayError`: replay
    /// that one with `JournalReplay` on the app's flow. A format-1 journal has no settings:
    /// `options` (by default, the default options) stands in for them.
    public static func replay(
        _ records: [JournalRecord], router: Router, options: Options? = nil, beginSource: NavigationSource = .deepLink
    ) async throws(ReplayError) -> ReplayReport {
        let (_, settings, _) = try JournalReplay.begin(records, router: router, source: beginSource)
        let chosen: Options
        if let options {
            chosen = options
        } else if let settings {
            chosen = try Options(recorded: settings)
        } else {
            chosen = Options()
        }
        var simulator: NavigationSimulator?
        return try await JournalReplay.replay(
            records, router: router, beginSource: beginSource,
            advance: { await simulator?.clock.advance(by: $0) },
            orchestrator: { state, _ in
                let made = NavigationSimulator(router: router, state: state, options: chosen)
                simulator = made
                return made.orchestrator
            })
    }
}

extension NavigationSimulator.Options {
    /// The middleware the simulator sets up, outermost first (the rate limit only when there is one).
    static let middlewareNames = ["AnalyticsMiddleware", "RateLimitMiddleware", "AuthenticationMiddleware"]

    /// The options a journal's settings describe: signed in or not, the login's time to live, the
    /// rate limit (none when the recording had none), the flow's configuration.
    init(recorded settings: JournalSettings) throws(ReplayError) {
        let foreign = settings.middleware.map(\.name).filter { !Self.middlewareNames.contains($0) }
        if !foreign.isEmpty {
            throw ReplayError(
                .settingsDiffer,
                description:
                    "the journal was recorded with middleware the simulator does not have (\(foreign.joined(separator: ", "))): replay it on the app's own flow with JournalReplay (Docs/Persistence.md, \"Replay\")"
            )
        }
        let middleware = Dictionary(settings.middleware.map { ($0.name, $0.settings) }, uniquingKeysWith: { first, _ in first })
        self.init(configuration: settings.configuration)
        rateLimit = nil
        if let recorded = middleware["AuthenticationMiddleware"] {
            signedIn = recorded["signedIn"] == "true"
            if let ttl = recorded["timeToLive"].flatMap(Duration.init(journalSeconds:)) { loginTimeToLive = ttl }
        }
        if let recorded = middleware["RateLimitMiddleware"] {
            var limit = RateLimit()
            if let value = recorded["limit"].flatMap({ Int($0) }) { limit.limit = value }
            if let value = recorded["window"].flatMap(Duration.init(journalSeconds:)) { limit.window = value }
            if let value = recorded["key"].flatMap(RateLimitKey.init(rawValue:)) { limit.key = value }
            if let value = recorded["sources"] {
                limit.sources = Set(value.split(separator: " ").compactMap { NavigationSource(rawValue: String($0)) })
            }
            rateLimit = limit
        }
    }
}
