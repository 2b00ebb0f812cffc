import AxiomNavigation

/// The app's navigation, wired with typed routes: contexts are made by one function whose
/// `switch` must handle every route of the table, links open as `AppRoute` values, and screens
/// navigate with `AppRoute` cases (a missing or mistyped parameter does not compile).
@MainActor
public final class SocialApp {
    public let router: Router
    public let orchestrator: Orchestrator
    public var navigation: NavigationFlow { orchestrator.navigation }

    public init() throws {
        router = try AppRoute.makeRouter()
        let state = NavigationState(tabs: ["feed": Destination(AppRoute.feed), "inbox": Destination(AppRoute.inbox)])
        orchestrator = Orchestrator(router: router, state: state) { (route: AppRoute, environment) in
            // Leaving a route out of this switch is a compile error: every screen has a context.
            switch route {
            case .feed: FeedScreen(navigation: environment.navigation)
            case .post(let postId): PostScreen(postId: postId, navigation: environment.navigation)
            case .comments(let postId, let sort): CommentsScreen(postId: postId, sort: sort)
            case .profile(let userID, let tab): ProfileScreen(userID: userID, tab: tab)
            case .inbox: InboxScreen()
            case .conversation(let conversationId): ConversationScreen(conversationId: conversationId)
            case .compose(let replyTo): ComposeScreen(replyTo: replyTo, navigation: environment.navigation)
            case .login: LoginScreen()
            case .followers(let userId): FollowersScreen(userId: userId, loaded: environment.loaded)
            case .chooseAudience: AudienceScreen(navigation: environment.navigation)
            }
        }
    }

    /// What a link names, typed (nil when it names no route of the app).
    public func route(for url: String) -> AppRoute? {
        guard case .success(let match) = router.resolve(url) else { return nil }
        return AppRoute(match)
    }

    /// The app's entry point for deep links and notifications.
    public func open(_ url: String, source: NavigationSource = .deepLink) async -> NavigationResult {
        await orchestrator.open(url: url, source: source)
    }

    /// The screen on top, typed.
    public var visibleRoute: AppRoute? { navigation.state.visible?.route(as: AppRoute.self) }

    /// A link to share for a route (typed reverse routing).
    public func shareLink(for route: AppRoute) throws -> String { try router.url(for: route) }
}
