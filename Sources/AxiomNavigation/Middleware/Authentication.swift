import AxiomRouting
import Synchronization

/// A middleware that holds a signed-in state and may park a request until sign-in.
/// ``NavigationFlow/signIn()`` and ``NavigationFlow/signOut()`` reach it through the flow's
/// pipeline, so the app tells the flow, not the middleware.
public protocol SessionMiddleware: NavigationMiddleware {
    var isSignedIn: Bool { get }
    /// The parked request, unless it expired.
    var parked: NavigationRequest? { get }
    /// Marks the user signed in and hands over the parked request (forgetting it), unless it
    /// expired; nil when there is none.
    func signIn() -> NavigationRequest?
    /// Marks the user signed out.
    func signOut()
}

/// Sends signed-out users to the table's login route (seed 000 "authentication middleware").
///
/// A request for a route whose metadata says `auth`, made while signed out, is *parked* and
/// redirected to `loginRoute` (the result is `redirected`, final destination the login route).
/// ``NavigationFlow/signIn()`` resumes the parked request exactly once — as the already
/// resolved internal route it was, never a URL from the login link: a `returnTo`, `next` or
/// `redirect` query value is never read. A newer parked request replaces the older one; one
/// older than `timeToLive` (default 5 minutes) is dropped. Without a login route, such requests
/// end `cancelled(guardRejected)` (and are still parked).
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
    private let clock: C
    private struct Session {
        var signedIn: Bool
        var parked: (request: NavigationRequest, at: C.Instant)?
    }
    private let session: Mutex<Session>

    /// - Parameters:
    ///   - loginRoute: where signed-out users are sent (a table's `login` directive:
    ///     `router.loginRoute`).
    ///   - signedIn: whether the user starts signed in.
    ///   - timeToLive: how long a parked request waits for sign-in.
    ///   - clock: measures the time to live (`ContinuousClock()` in an app, a test clock in tests).
    public init(loginRoute: String?, signedIn: Bool = false, timeToLive: Duration = .seconds(300), clock: C) {
        self.loginRoute = loginRoute
        self.timeToLive = timeToLive
        self.clock = clock
        self.session = Mutex(Session(signedIn: signedIn, parked: nil))
    }

    public func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
        guard let route = request.route, route.metadata.requiresAuthentication, route.name != loginRoute else {
            return try await next(request)
        }
        let now = clock.now
        let parked = session.withLock { session -> Bool in
            guard !session.signedIn else { return false }
            session.parked = (request, now)   // the newest replaces the older
            return true
        }
        guard parked else { return try await next(request) }
        guard let loginRoute else { return .cancelled(.guardRejected) }
        return .redirected(chain: [], final: Destination(loginRoute))
    }

    public var isSignedIn: Bool { session.withLock(\.signedIn) }

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
