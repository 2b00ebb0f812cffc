/// A step of the navigation pipeline.
///
/// Middleware form an onion in the order they were added: each gets the request and a
/// `next` that runs the rest (and finally the commit). It may call `next` (and wrap it, to
/// time it), return early (`.cancelled(…)`, `.failed(…)`), or redirect by returning
/// `.redirected(chain: [], final: destination)` — the pipeline then starts again with the
/// new destination. A middleware that throws ends the navigation `failed`; the flow keeps
/// working.
///
/// ```swift
/// struct BlockAdmin: NavigationMiddleware {
///     func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
///         if request.destination?.route == "admin" { return .cancelled(.guardRejected) }
///         return try await next(request)
///     }
/// }
/// ```
public protocol NavigationMiddleware: Sendable {
    func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult

    /// Called once a navigation this middleware took part in has ended, with its final result
    /// and its metrics (e.g. to report how long
    /// navigations take) — and once for each change the UI reported
    /// (``NavigationFlow/uiDidChange(_:)``, action ``NavigationRequest/Action/ui(_:)``), which no
    /// middleware can refuse. Runs on the flow's main actor; the default does nothing.
    func didFinish(_ request: NavigationRequest, result: NavigationResult, metrics: NavigationMetrics)

    /// This middleware as the flow's session (sign-in state and the request parked until
    /// sign-in), when it is one: every ``SessionMiddleware`` is, through its default; others
    /// are not (nil). The flow reads it once, when the middleware is added.
    var session: (any SessionMiddleware)? { get }

    /// The name the journal records this middleware's decisions under (`JournalRecord.Decision`),
    /// and replay compares: by default its type's name without generic arguments
    /// (`RateLimitMiddleware`, whatever its clock), so the same middleware is named the same in an
    /// app, a test and the simulator. Give two middleware of one type their own names.
    var journalName: String { get }

    /// The settings that decide this middleware's decisions (a limit, a window, whether the user
    /// starts signed in), as the journal's `begin` record carries them and replay checks before
    /// the first step: a replay on a middleware set up otherwise stops with a ``ReplayError``
    /// naming the setting, instead of differing at some later step. Durations are written in
    /// seconds. By default none.
    var journalSettings: [String: String] { get }
}

extension NavigationMiddleware {
    public func didFinish(_ request: NavigationRequest, result: NavigationResult, metrics: NavigationMetrics) {}
    public var session: (any SessionMiddleware)? { nil }
    public var journalName: String {
        let full = String(describing: type(of: self))
        return String(full.prefix { $0 != "<" })
    }
    public var journalSettings: [String: String] { [:] }
}

/// The rest of the pipeline, from a middleware's point of view.
public struct NavigationNext: Sendable {
    /// Runs on the caller's actor (the flow's main actor), so a pipeline makes no thread hops.
    let run: nonisolated(nonsending) @Sendable (NavigationRequest) async throws -> NavigationResult

    public init(_ run: nonisolated(nonsending) @escaping @Sendable (NavigationRequest) async throws -> NavigationResult) {
        self.run = run
    }

    public func callAsFunction(_ request: NavigationRequest) async throws -> NavigationResult {
        try await run(request)
    }
}

/// A middleware from a closure.
public struct MiddlewareClosure: NavigationMiddleware {
    let body: nonisolated(nonsending) @Sendable (NavigationRequest, NavigationNext) async throws -> NavigationResult

    public init(_ body: nonisolated(nonsending) @escaping @Sendable (NavigationRequest, NavigationNext) async throws -> NavigationResult) {
        self.body = body
    }

    public func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
        try await body(request, next)
    }
}

/// Names a middleware added to a flow, to remove it later.
public struct MiddlewareToken: Sendable, Hashable {
    let rawValue: Int
}
