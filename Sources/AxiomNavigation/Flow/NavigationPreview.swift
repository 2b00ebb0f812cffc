import AxiomRouting

/// What a navigation would do, made without doing it (``NavigationFlow/preview(url:source:)``):
/// the state the gate would commit, the lifecycle that commit would deliver, how the request
/// would end, and — when it would go to the login first — what a sign-in would resume to.
///
/// Making one changes nothing: no commit, no history, no journal record, no request number (a
/// request in flight is not superseded), no middleware (so no rate-limit count and no analytics),
/// no loader and no context. It is the gate's answer and the table's, not the middleware's: a
/// middleware that would redirect or refuse the real request is not asked.
///
/// A preview is keyed by the session and table it was made under: a sign-in, a sign-out, a
/// table swap, or the session ending behind the flow's back (``NavigationFlow/status(of:)``)
/// retires it, and a retired preview must not be shown. Going ahead with one
/// (``NavigationFlow/commit(_:)``) runs the request it was made for as a new request, through the
/// whole pipeline and the gate of that moment: the preview's plan is never committed as it is.
public struct NavigationPreview: Sendable, Hashable {
    /// The request a preview was made for.
    public enum Request: Sendable, Hashable {
        /// ``NavigationFlow/open(url:source:)``.
        case open(url: String, source: NavigationSource)
        /// ``NavigationFlow/open(urls:source:)``.
        case openLinks(urls: [String], source: NavigationSource)
        /// `NavigationFlow.navigate(to:source:)` with a `Destination`.
        case navigate(Destination, source: NavigationSource)
        /// ``NavigationFlow/perform(_:source:)``.
        case perform(NavigationCommand, source: NavigationSource)
    }

    /// Whether a preview may still be shown (``NavigationFlow/status(of:)``).
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Nothing has changed since it was made: it is what the request would commit now (middleware aside).
        case current
        /// The state has changed (a commit since), under the same session and table: what it
        /// shows may still be shown, but its plan is no longer the state's.
        case stale
        /// Made under another session or table (a sign-in, a sign-out, a swap, or the session
        /// ended since): never show it; make a new one.
        case retired
    }

    /// What the session and table were when it was made.
    struct Key: Sendable, Hashable {
        let flow: ObjectIdentifier
        /// ``NavigationFlow/sessionChanges`` then: a sign-in, sign-out or swap since retires it.
        let sessionChanges: Int
        let signedIn: Bool
        let principal: Principal?
        let commits: Int
    }

    /// The request it was made for.
    public let request: Request
    /// How the request would end if no middleware acts on it: `completed`, `redirected` (a
    /// table redirect, or to the login when what it shows needs a sign-in), `duplicated`,
    /// `not-found`, `failed`, or `cancelled` (a source the route does not allow).
    public let result: NavigationResult
    /// The state the gate would commit, or nil when nothing would be.
    public let state: NavigationState?
    /// The lifecycle that commit would deliver, in order (empty when nothing would be committed).
    public let events: [LifecycleEvent]
    /// What a sign-in would resume to, when the request would go to the login first.
    public let resumes: Destination?
    let key: Key

    /// The screen the commit would show (nil when nothing would be committed).
    public var visible: NavigationEntry? { state?.visible }
}
