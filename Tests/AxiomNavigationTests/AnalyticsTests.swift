import AxiomNavigationTesting
import AxiomRouting
import Clocks
import Logging
import MetricsTestKit
import Testing

@testable import AxiomNavigation

/// A swift-log handler that keeps what it is given.
struct CapturingLogHandler: LogHandler {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    final class Store: Sendable {
        let entries = Locked<[Entry]>([])
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let fields = (event.metadata ?? [:]).mapValues { "\($0)" }
        store.entries.withLock { $0.append(Entry(level: event.level, message: "\(event.message)", metadata: fields)) }
    }
}

@MainActor
@Suite struct AnalyticsTests {
    let router: Router

    init() throws {
        router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    route home /
                    route profile /profile/:userId
                      param userId int
                      analytics "Profile"
                    route inbox /inbox
                    route login /login
                    """))
    }

    private func flow(_ middleware: any NavigationMiddleware...) -> NavigationFlow {
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        for each in middleware { flow.add(each) }
        return flow
    }

    @Test func exactlyOneEventPerNavigationWithItsOutcomeAndDuration() async throws {
        let sink = InMemoryAnalyticsSink()
        let redirectInbox = MiddlewareClosure { request, next in
            if request.destination?.route == "inbox" { return .redirected(chain: [], final: Destination("login")) }
            return try await next(request)
        }
        let flow = flow(AnalyticsMiddleware(sink: sink), redirectInbox)
        _ = await flow.navigate(to: Destination("profile", parameters: ["userId": .int(7)]))
        _ = await flow.navigate(to: Destination("inbox"))  // redirected to login
        _ = await flow.open(url: "myapp://profile/8")  // no parent: the stack becomes [profile]
        _ = await flow.back()  // fails: at the root
        _ = await flow.dismiss()  // fails: no modal
        let events = sink.events
        #expect(events.map(\.request.rawValue) == [0, 1, 2, 3, 4])
        #expect(events.map(\.outcome.rawValue) == ["completed", "redirected", "completed", "failed.at-root", "failed.no-modal"])
        #expect(events.map(\.screen) == ["Profile", "login", "Profile", nil, nil])
        #expect(events.map(\.route) == ["profile", "login", "profile", nil, nil])
        #expect(events.map(\.command) == [nil, nil, nil, "back", "dismiss"])
        #expect(events.map(\.source) == [.inApp, .inApp, .deepLink, .inApp, .inApp])
        #expect(events.allSatisfy { $0.duration > .zero })
        // The committed ones are in the history, with the same durations.
        #expect(Array(events.map(\.duration).prefix(3)) == flow.history.map(\.metrics.total))
    }

    @Test func everyOutcomeIsSeenWhicheverMiddlewareEndedTheNavigation() async throws {
        let sink = InMemoryAnalyticsSink()
        let clock = TestClock()
        let guardInbox = MiddlewareClosure { request, next in
            request.destination?.route == "inbox" ? .cancelled(.guardRejected) : try await next(request)
        }
        let flow = flow(RateLimitMiddleware(limit: 2, clock: clock), AnalyticsMiddleware(sink: sink), guardInbox)
        _ = await flow.navigate(to: Destination("inbox"))
        _ = await flow.navigate(to: Destination("login"))
        _ = await flow.navigate(to: Destination("profile", parameters: ["userId": .int(1)]))  // rate-limited outside
        // The analytics middleware never ran for the third, but it is in the pipeline, so it is
        // told how the navigation ended.
        #expect(sink.events.map(\.outcome.rawValue) == ["cancelled.guard-rejected", "completed", "cancelled.rate-limited"])
    }

    @Test func theLoggingSinkLogsEveryFieldThroughSwiftLog() async throws {
        let store = CapturingLogHandler.Store()
        let logger = Logger(label: "navigation") { _ in CapturingLogHandler(store: store) }
        let flow = flow(AnalyticsMiddleware(sink: LoggingAnalyticsSink(logger: logger)))
        _ = await flow.navigate(to: Destination("profile", parameters: ["userId": .int(7)]))
        let entries = store.entries.withLock { $0 }
        try #require(entries.count == 1)
        #expect(entries[0].level == .info)
        #expect(entries[0].message == "navigation")
        #expect(entries[0].metadata["screen"] == "Profile")
        #expect(entries[0].metadata["route"] == "profile")
        #expect(entries[0].metadata["outcome"] == "completed")
        #expect(entries[0].metadata["source"] == "inApp")
        #expect(entries[0].metadata["request"] == "0")
        let nanoseconds = try #require(entries[0].metadata["duration_ns"].flatMap { Int64($0) })
        #expect(nanoseconds > 0)
    }

    @Test func theMetricsSinkCountsPerScreenAndOutcomeAndTimesPerScreen() async throws {
        let metrics = TestMetrics()
        let flow = flow(AnalyticsMiddleware(sink: MetricsAnalyticsSink(factory: metrics)))
        _ = await flow.navigate(to: Destination("profile", parameters: ["userId": .int(7)]))
        _ = await flow.navigate(to: Destination("profile", parameters: ["userId": .int(7)]))  // duplicated
        _ = await flow.navigate(to: Destination("profile", parameters: ["userId": .int(8)]))
        _ = await flow.back()
        let completed = try metrics.expectCounter("axiom_navigation_total", [("screen", "Profile"), ("outcome", "completed")])
        let duplicated = try metrics.expectCounter("axiom_navigation_total", [("screen", "Profile"), ("outcome", "duplicated")])
        let back = try metrics.expectCounter("axiom_navigation_total", [("screen", "back"), ("outcome", "completed")])
        #expect(completed.totalValue == 2)
        #expect(duplicated.totalValue == 1)
        #expect(back.totalValue == 1)
        let timer = try metrics.expectTimer("axiom_navigation_duration", [("screen", "Profile")])
        #expect(timer.values.count == 3)
        #expect(timer.values.allSatisfy { $0 > 0 })
    }

    /// The example of `Docs/Middleware.md`, "Analytics".
    @Test func guideExample() async throws {
        let flow = flow()
        let sink = InMemoryAnalyticsSink()
        flow.add(AnalyticsMiddleware(sink: sink))
        flow.add(AnalyticsMiddleware(sink: LoggingAnalyticsSink(logger: Logger(label: "navigation"))))
        await flow.navigate(to: Destination("profile", parameters: ["userId": .int(7)]))
        let outcomes = sink.events.map(\.outcome)   // ["completed"]
        let screen = sink.events.first?.screen      // "Profile" — the route's `analytics "Profile"`
        #expect(outcomes == [.completed])
        #expect(screen == "Profile")
    }
}
