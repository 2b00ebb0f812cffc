/// One committed transition, recorded when the state changed.
public struct HistoryRecord: Sendable, Hashable {
    public let request: RequestID
    public let source: NavigationSource
    public let action: NavigationRequest.Action
    /// The result's code (`completed`, `redirected`).
    public internal(set) var result: NavigationResult.Code
    /// The entry on screen just before and just after this commit.
    public let from: NavigationEntry?
    public let to: NavigationEntry?
    /// The whole navigation's metrics, once it ended (until then, the commit's time only).
    public internal(set) var metrics: NavigationMetrics
}

/// Where one navigation's time went.
public struct NavigationMetrics: Sendable, Hashable {
    /// Time in middleware (everything but the commit and the lifecycle).
    public let middleware: Duration
    /// Time creating contexts for newly visible entries.
    public let contextCreation: Duration
    /// Planning and committing the state.
    public let commit: Duration
    public let total: Duration
    /// Time the route's loaders took (`load NAME`), all at once: the slowest of them.
    public let loading: Duration

    init(middleware: Duration, contextCreation: Duration, commit: Duration, total: Duration, loading: Duration = .zero) {
        self.middleware = middleware
        self.contextCreation = contextCreation
        self.commit = commit
        self.total = total
        self.loading = loading
    }
}
