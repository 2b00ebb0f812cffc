/// How far each navigation source is trusted, most trusted first. A request parked while
/// signed out is replaced only by one from a source at least as trusted (or once it expired),
/// so a link from outside cannot choose where a user who was on the way somewhere lands after
/// sign-in.
///
/// The standard order: `inApp` (the user's own taps), `universalLink` (a link to the app's
/// verified domain), `pushNotification` (the app's own server), `deepLink` (a custom-scheme
/// link any app or page can send). A source left out of the list ranks below all listed ones.
///
/// ```swift
/// let auth = AuthenticationMiddleware(loginRoute: "login", trust: SourceTrust([.inApp, .pushNotification]), clock: clock)
/// ```
public struct SourceTrust: Sendable, Hashable {
    /// Most trusted first.
    public let order: [NavigationSource]

    public init(_ order: [NavigationSource]) { self.order = order }

    /// `inApp`, `universalLink`, `pushNotification`, `deepLink`.
    public static let standard = SourceTrust([.inApp, .universalLink, .pushNotification, .deepLink])

    /// Higher is more trusted.
    public func rank(of source: NavigationSource) -> Int {
        order.firstIndex(of: source).map { order.count - $0 } ?? 0
    }

    /// Whether a request from `newer` may take the place of one parked from `parked`.
    public func allows(_ newer: NavigationSource, toReplace parked: NavigationSource) -> Bool {
        rank(of: newer) >= rank(of: parked)
    }
}
