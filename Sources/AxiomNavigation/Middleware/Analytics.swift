import AxiomRouting
public import Logging
public import Metrics

/// One navigation, as analytics see it: exactly one per navigation that went through the
/// pipeline, whatever its outcome.
public struct AnalyticsEvent: Sendable, Hashable {
    public let request: RequestID
    /// The screen: the route's `analytics` name (the route name when the table gives none);
    /// `nil` for commands such as `back`.
    public let screen: String?
    /// The destination route; `nil` for commands.
    public let route: String?
    /// For commands, which one (`back`, `dismiss`, `select-tab` …), and for changes the UI
    /// reported, which kind (`ui-pop`, `ui-select-tab`, `ui-dismiss`); `nil` otherwise.
    public let command: String?
    public let source: NavigationSource
    /// The result's stable code: `completed`, `redirected`, `cancelled.rate-limited` ….
    public let outcome: NavigationResult.Code
    /// From the request's start to its end, redirects included.
    public let duration: Duration

    public init(
        request: RequestID, screen: String?, route: String?, command: String?, source: NavigationSource, outcome: NavigationResult.Code,
        duration: Duration
    ) {
        self.request = request
        self.screen = screen
        self.route = route
        self.command = command
        self.source = source
        self.outcome = outcome
        self.duration = duration
    }
}

/// Where analytics events go.
public protocol AnalyticsSink: Sendable {
    func record(_ event: AnalyticsEvent)
}

/// Records one ``AnalyticsEvent`` per navigation into a sink, from ``NavigationMiddleware/didFinish(_:result:metrics:)``: it sees the final
/// outcome of every request that went through the pipeline — completed, redirected, refused
/// by any middleware (before or after it), superseded, failed — once, redirects included; and
/// each change the UI reported (``NavigationFlow/uiDidChange(_:)``), which no middleware runs on.
/// A URL that resolves to no route never enters the pipeline and is not recorded.
///
/// ```swift
/// flow.add(AnalyticsMiddleware(sink: LoggingAnalyticsSink(logger: Logger(label: "navigation"))))
/// ```
public struct AnalyticsMiddleware: NavigationMiddleware {
    public let sink: any AnalyticsSink

    public init(sink: any AnalyticsSink) {
        self.sink = sink
    }

    public func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
        try await next(request)
    }

    public func didFinish(_ request: NavigationRequest, result: NavigationResult, metrics: NavigationMetrics) {
        let screen = request.route?.metadata.analyticsName ?? request.destination?.route
        var command: String?
        switch request.action {
        case .command(let value): command = value.name
        case .ui(let change): command = change.name
        default: break
        }
        sink.record(
            AnalyticsEvent(
                request: request.id, screen: screen, route: request.destination?.route, command: command,
                source: request.source, outcome: result.code, duration: metrics.total))
    }
}

/// Logs each navigation through swift-log: message `navigation`, the event's fields as
/// metadata (`request`, `screen`, `route`, `command`, `source`, `outcome`, `duration_ns`).
public struct LoggingAnalyticsSink: AnalyticsSink {
    public let logger: Logger
    public let level: Logger.Level

    public init(logger: Logger, level: Logger.Level = .info) {
        self.logger = logger
        self.level = level
    }

    public func record(_ event: AnalyticsEvent) {
        var metadata: Logger.Metadata = [
            "request": "\(event.request.rawValue)",
            "source": "\(event.source.rawValue)",
            "outcome": "\(event.outcome)",
            "duration_ns": "\(event.duration.nanoseconds)",
        ]
        if let screen = event.screen { metadata["screen"] = "\(screen)" }
        if let route = event.route { metadata["route"] = "\(route)" }
        if let command = event.command { metadata["command"] = "\(command)" }
        logger.log(level: level, "navigation", metadata: metadata)
    }
}

/// Counts and times navigations through swift-metrics: a counter `<prefix>_total` per
/// `screen` and `outcome`, and a timer `<prefix>_duration` per `screen` (commands use their
/// command name as the screen).
public struct MetricsAnalyticsSink: AnalyticsSink {
    public let prefix: String
    private let factory: any MetricsFactory

    /// - Parameters:
    ///   - prefix: the metric labels' prefix (default `axiom_navigation`).
    ///   - factory: where the metrics go; by default the process's bootstrapped
    ///     `MetricsSystem.factory`.
    public init(prefix: String = "axiom_navigation", factory: any MetricsFactory = MetricsSystem.factory) {
        self.prefix = prefix
        self.factory = factory
    }

    public func record(_ event: AnalyticsEvent) {
        let screen = event.screen ?? event.command ?? "unknown"
        Counter(label: prefix + "_total", dimensions: [("screen", screen), ("outcome", event.outcome.rawValue)], factory: factory)
            .increment()
        Timer(label: prefix + "_duration", dimensions: [("screen", screen)], factory: factory)
            .recordNanoseconds(event.duration.nanoseconds)
    }
}

extension Duration {
    /// Whole nanoseconds, saturating at `Int64.max`.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return scaled.addingReportingOverflow(attoseconds / 1_000_000_000).overflow ? .max : scaled + attoseconds / 1_000_000_000
    }
}
