import AxiomRouting

/// A middleware that holds a signed-in state and the request parked until sign-in.
///
/// The flow decides, not the middleware: whenever a commit would make an entry of a route
/// that requires authentication visible while ``isSignedIn`` is false, the flow offers the
/// request to ``park(_:)`` and sends the user to ``loginRoute`` instead (see "Policy on every
/// path" in Docs/Middleware.md). ``NavigationFlow/signIn(as:)`` and ``NavigationFlow/signOut()``
/// reach it through the flow's pipeline, so the app tells the flow, not the middleware.
public protocol SessionMiddleware: NavigationMiddleware {
    var isSignedIn: Bool { get }
    /// Where signed-out users are sent (nil: the table's `login`; with neither, such requests are
    /// refused, `guardRejected`).
    var loginRoute: String? { get }
    /// The parked request, unless it expired.
    var parked: NavigationRequest? { get }
    /// The order of trust between sources: which request may replace the parked one, and how far
    /// a restored state's entries are trusted (beside the standard order: another can only lower
    /// a restored entry's trust) — the flow's one order (default ``SourceTrust/standard``).
    var trust: SourceTrust { get }
    /// Offers a request to park while signed out. Returns whether it is now the parked one: a
    /// fresh request parked from a more trusted source is not replaced (``SourceTrust``).
    func park(_ request: NavigationRequest) -> Bool
    /// Marks the user signed in and hands over the parked request (forgetting it), unless it
    /// expired; nil when there is none.
    func signIn() -> NavigationRequest?
    /// Marks the user signed out.
    func signOut()
}

extension SessionMiddleware {
    /// A session middleware is its own session.
    public var session: (any SessionMiddleware)? { self }
    /// ``SourceTrust/standard``.
    public var trust: SourceTrust { .standard }
}

/// The session: signed in or not, and the request parked while signed out.
///
/// When a commit would show a route whose metadata says `auth` while signed out, the flow
/// parks the request here and redirects to `loginRoute` (the result is `redirected`, final
/// destination the login route) — whichever command made the screen visible: a link, a tab, a
/// `back` onto a deep link's parent. ``NavigationFlow/signIn(as:)`` resumes the parked request
/// exactly once — as the already resolved internal request it was, never a URL from the login
/// link: a `returnTo`, `next` or `redirect` query value is never read. A newer request replaces
/// the parked one only when its source is trusted at least as much (``SourceTrust``) or the
/// parked one expired (older than `timeToLive`, default 5 minutes). Without a login route (none
/// here, and no `login` in the table), such requests end `cancelled(guardRejected)` (and are
/// still parked).
///
/// ```swift
/// let auth = AuthenticationMiddleware(loginRoute: router.loginRoute, clock: ContinuousClock())
/// flow.add(auth)
/// await flow.open(url: "myapp://inbox")   // redirected: the login screen, inbox parked
/// await flow.signIn()                      // completed: the inbox, login taken down
/// ```
public final class AuthenticationMiddleware<C: Clock>: SessionMiddleware where C.Duration == Duration {
    public let loginRoute: String?
    public let timeToLive: Duration
    /// The order of trust: which sources may replace a parked request, and how far a restored
    /// state's entries are trusted.
    public let trust: SourceTrust
    private let clock: C
    private struct Session {
        var signedIn: Bool
        var parked: (request: NavigationRequest, at: C.Instant)?
    }
    private let session: Locked<Session>

    /// - Parameters:
    ///   - loginRoute: where signed-out users are sent (a table's `login` directive:
    ///     `router.loginRoute`; nil: the table's `login` all the same).
    ///   - signedIn: whether the user starts signed in.
    ///   - timeToLive: how long a parked request waits for sign-in.
    ///   - trust: which sources may replace a parked request (``SourceTrust/standard``).
    ///   - clock: measures the time to live (`ContinuousClock()` in an app, a test clock in tests).
    public init(
        loginRoute: String?, signedIn: Bool = false, timeToLive: Duration = .seconds(300), trust: SourceTrust = .standard, clock: C
    ) {
        self.loginRoute = loginRoute
        self.timeToLive = timeToLive
        self.trust = trust
        self.clock = clock
        self.session = Locked(Session(signedIn: signedIn, parked: nil))
    }

    /// Passes every request on: the flow applies the policy where entries become visible.
    public func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
        try await next(request)
    }

    public func park(_ request: NavigationRequest) -> Bool {
        let now = clock.now
        return session.withLock { session in
            if let parked = session.parked, parked.at.duration(to: now) <= timeToLive,
                !trust.allows(request.source, toReplace: parked.request.source)
            {
                return false
            }
            session.parked = (request, now)
            return true
        }
    }

    public var isSignedIn: Bool { session.withLock(\.signedIn) }

    /// Whether the user is signed in now, the login route, the parked request's time to live and
    /// the order of trust: what replay needs to decide as the recording did.
    public var journalSettings: [String: String] {
        [
            "signedIn": String(isSignedIn), "loginRoute": loginRoute ?? "", "timeToLive": timeToLive.journalSeconds,
            "trust": trust.order.map(\.rawValue).joined(separator: " "),
        ]
    }

    public var parked: NavigationRequest? {
        let now = clock.now
        return session.withLock { session in
            guard let parked = session.parked, parked.at.duration(to: now) <= timeToLive else { return nil }
            return parked.request
        }
    }

    public func signIn() -> NavigationRequest? {
        let now = clock.now
        return session.withLock { session in
            session.signedIn = true
            defer { session.parked = nil }
            guard let parked = session.parked, parked.at.duration(to: now) <= timeToLive else { return nil }
            return parked.request
        }
    }

    public func signOut() {
        session.withLock { $0.signedIn = false }
    }
}
