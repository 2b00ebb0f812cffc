extension NavigationFlow {
    /// How a flow is set up: how many redirects a request may follow, how much history it
    /// keeps, whether a duplicate request is refused, and what signing out does.
    public struct Configuration: Sendable, Hashable {
        /// Redirects a request may go through, the table's `redirect` chain and the middleware's
        /// together; one more ends `failed(tooManyRedirects)` with the whole chain (default 5); a
        /// redirect back to a destination already in the chain ends `failed(redirectLoop)`.
        public var maxRedirects: Int
        /// History entries kept, oldest dropped first (default 100).
        public var historyLimit: Int
        /// Whether navigating to the visible destination with equal values, or opening its link
        /// again (a notification tapped twice), is `duplicated`: nothing is rebuilt, the screen
        /// keeps its entry and context (default true).
        public var rejectsDuplicates: Bool

        /// What sign-out does to the screen on top (default: the login over an auth-only one).
        public var signOut: SignOutRule
        /// Whether navigating to the route of the visible screen with other values replaces that
        /// screen rather than stacking a second one on it (Jetpack's `launchSingleTop` with new
        /// arguments): `post 7` on top, navigate to `post 8`, and the stack ends in `post 8` alone
        /// (default false: pushed). For routes whose transition is `push` or a modal; equal values
        /// are ``rejectsDuplicates``' case.
        public var replacesTopWithNewValues: Bool
        /// Whether sign-out forgets the guarded state at once (default false): every withheld
        /// screen, the request parked for sign-in and every auth-only screen in the stacks go in the
        /// sign-out's commit (their contexts released), so nothing of the session is left for the
        /// next sign-in — whoever it is. By default they are kept for the principal who signed out
        /// (``NavigationState/owner``): signing in again as that principal brings them back, and
        /// another principal's sign-in drops them (``Principal``).
        public var forgetsGuardedStateAtSignOut: Bool

        public init(
            maxRedirects: Int = 5, historyLimit: Int = 100, rejectsDuplicates: Bool = true, signOut: SignOutRule = .presentLogin,
            replacesTopWithNewValues: Bool = false, forgetsGuardedStateAtSignOut: Bool = false
        ) {
            self.forgetsGuardedStateAtSignOut = forgetsGuardedStateAtSignOut
            self.maxRedirects = maxRedirects
            self.historyLimit = historyLimit
            self.rejectsDuplicates = rejectsDuplicates
            self.signOut = signOut
            self.replacesTopWithNewValues = replacesTopWithNewValues
        }
    }
}
