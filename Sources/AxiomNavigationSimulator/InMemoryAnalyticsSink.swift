public import AxiomNavigation

/// Keeps the events in memory, in order: for tests and debugging.
public final class InMemoryAnalyticsSink: AnalyticsSink {
    private let storage = Locked<[AnalyticsEvent]>([])

    public init() {}

    public func record(_ event: AnalyticsEvent) {
        storage.withLock { $0.append(event) }
    }

    /// Every event recorded so far.
    public var events: [AnalyticsEvent] { storage.withLock { $0 } }

    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}
