import DequeModule

/// At most `limit` navigations per `window` (by default 10 per second), counted per key over a
/// sliding window on an injected clock. A request over the limit ends
/// `cancelled(.rateLimited(retryAfter:))`, where `retryAfter` is when the oldest counted
/// navigation leaves the window; it is not counted itself.
///
/// ```swift
/// // Bursts of push notifications do not thrash the stack; in-app navigation is not limited.
/// flow.add(RateLimitMiddleware(limit: 3, per: .seconds(1), key: .source, appliesTo: [.pushNotification],
///                              clock: ContinuousClock()))
/// ```
///
/// Only requests the limiter passes on are counted (whatever their outcome further in), so put
/// it outside the middleware that could still refuse a request if those should not count.
/// What a ``RateLimitMiddleware`` counts navigations by.
public enum RateLimitKey: String, Sendable, Hashable, CaseIterable {
    /// One budget for every navigation.
    case global
    /// A budget per destination route (commands such as `back` share one, `command`).
    case route
    /// A budget per source: in-app, deep link, universal link, push notification.
    case source
}

public final class RateLimitMiddleware<C: Clock>: NavigationMiddleware where C.Duration == Duration {
    /// What the navigations are counted by.
    public typealias Key = RateLimitKey

    public let limit: Int
    public let window: Duration
    public let key: Key
    /// The sources that are limited; others pass without being counted.
    public let sources: Set<NavigationSource>
    private let clock: C
    /// Admission times per key, oldest first; only those inside the window are kept.
    private let admitted = Locked<[String: Deque<C.Instant>]>([:])

    /// - Parameters:
    ///   - limit: navigations allowed per window (a limit of 0 or less refuses every one).
    ///   - window: the sliding window's length.
    ///   - key: what the budget is counted by.
    ///   - sources: the sources limited; all by default.
    ///   - clock: the clock measuring the window (`ContinuousClock()` in an app, a test clock in
    ///     tests).
    public init(
        limit: Int = 10, per window: Duration = .seconds(1), key: Key = .global,
        appliesTo sources: Set<NavigationSource> = Set(NavigationSource.allCases), clock: C
    ) {
        self.limit = limit
        self.window = window
        self.key = key
        self.sources = sources
        self.clock = clock
    }

    /// The limit, the window, the key and the sources limited (sorted).
    public var journalSettings: [String: String] {
        [
            "limit": String(limit), "window": window.journalSeconds, "key": key.rawValue,
            "sources": sources.map(\.rawValue).sorted().joined(separator: " "),
        ]
    }

    public func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
        // One navigation is one slot, however many redirects it goes through (its later hops pass).
        guard sources.contains(request.source), request.hop == 0 else { return try await next(request) }
        if let retryAfter = admit(request) { return .cancelled(.rateLimited(retryAfter: retryAfter)) }
        return try await next(request)
    }

    /// Counts the request if the budget allows; otherwise returns how long until it does.
    private func admit(_ request: NavigationRequest) -> Duration? {
        let now = clock.now
        let name: String
        switch key {
        case .global: name = ""
        case .route: name = request.destination?.route ?? "command"
        case .source: name = request.source.rawValue
        }
        return admitted.withLock { admitted -> Duration? in
            var times = admitted[name, default: []]
            while let oldest = times.first, oldest.duration(to: now) >= window { times.removeFirst() }
            defer { admitted[name] = times.isEmpty ? nil : times }
            guard times.count < limit else {
                guard let oldest = times.first else { return window }
                return window - oldest.duration(to: now)
            }
            times.append(now)
            return nil
        }
    }
}
