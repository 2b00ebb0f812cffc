import AxiomNavigation
import AxiomNavigationTesting
import Foundation
import Testing

@testable import SocialApp

@MainActor @Suite struct SocialAppTests {
    @Test func screensNavigateWithTypedRoutes() async throws {
        let app = try SocialApp()
        await app.orchestrator.start()
        let feed = try #require(app.orchestrator.contexts.values.first as? FeedScreen)
        #expect(await feed.open(post: 7) == .completed)
        #expect(app.visibleRoute == .post(postId: 7))
        let post = try #require(app.orchestrator.contexts.values.compactMap { $0 as? PostScreen }.first)
        #expect(post.postId == 7)
        #expect(await post.showNewestComments() == .completed)
        #expect(app.visibleRoute == .comments(postId: 7, sort: .new))
        let comments = try #require(app.orchestrator.contexts.values.compactMap { $0 as? CommentsScreen }.first)
        #expect(comments.sort == .new)
    }

    @Test func openedLinksAreTypedRoutes() async throws {
        let app = try SocialApp()
        #expect(app.route(for: "https://social.example/users/12?tab=likes") == .profile(userID: 12, tab: .likes))
        #expect(app.route(for: "myapp://posts/3/comments") == .comments(postId: 3, sort: .top))
        #expect(app.route(for: "myapp://posts/three") == nil)
        await app.orchestrator.start()
        #expect(await app.open("myapp://users/12") == .completed)
        #expect(app.visibleRoute == .profile(userID: 12))
        // The deep link built the parent stack: back shows the feed.
        #expect(await app.navigation.back() == .completed)
        #expect(app.visibleRoute == .feed)
    }

    @Test func shareLinksRoundTrip() throws {
        let app = try SocialApp()
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
        for route: AppRoute in [
            .feed, .post(postId: 1), .comments(postId: 2, sort: .new), .profile(userID: 3, tab: .likes),
            .inbox, .conversation(conversationId: id), .compose(replyTo: 4), .compose(), .login,
        ] {
            let link = try app.shareLink(for: route)
            #expect(app.route(for: link) == route, "\(link)")
        }
    }

    /// A screen that answers (`result enum(…)`): the composer awaits the picker's answer, typed at
    /// both ends by `AppRoute.Results.chooseAudience` (Docs/Navigation.md, "Screens that answer").
    @Test func aScreenAnswersItsCallerTyped() async throws {
        let app = try SocialApp()
        // The composer is auth-only: signed in.
        app.navigation.add(AuthenticationMiddleware(loginRoute: "login", signedIn: true, clock: ContinuousClock()))
        await app.orchestrator.start()
        #expect(await app.navigation.navigate(to: AppRoute.compose()) == .completed)
        let compose = try #require(app.orchestrator.contexts.values.compactMap { $0 as? ComposeScreen }.first)
        async let asked = compose.chooseAudience()
        var picker: AudienceScreen? = nil
        for _ in 0..<10_000 where picker == nil {
            await Task.yield()
            picker = app.orchestrator.contexts.values.compactMap { $0 as? AudienceScreen }.first
        }
        #expect(app.visibleRoute == .chooseAudience)
        #expect(await picker?.choose(.followers) == .completed)
        #expect(await asked == .completed(.followers))
        #expect(compose.audience == .followers)
        #expect(app.visibleRoute == .compose())
        // Dismissed without an answer: the composer keeps what it had.
        async let again = compose.chooseAudience()
        for _ in 0..<10_000 where app.visibleRoute != .chooseAudience { await Task.yield() }
        #expect(await app.navigation.dismiss() == .completed)
        #expect(await again == .dismissed)
        #expect(compose.audience == .followers)
    }

    /// The string API stays for dynamic use, checked at run time with a stable code.
    @Test func theStringAPIsMistakesFailAtRunTime() async throws {
        let app = try SocialApp()
        await app.orchestrator.start()
        let missing = await app.navigation.navigate(to: Destination("post"))
        #expect(missing.code == .failed(.missingParameter))
        let mistyped = await app.navigation.navigate(to: Destination("post", parameters: ["postId": .string("seven")]))
        #expect(mistyped.code == .failed(.wrongType))
        #expect(app.visibleRoute == .feed)
    }
}

/// Contexts for every route from a conformance (Docs/TypedRoutes.md, as written).
struct Screens: AppRouteContexts {
    func feed(environment: ContextEnvironment) -> any Context { FeedScreen(navigation: environment.navigation) }
    func post(postId: Int, environment: ContextEnvironment) -> any Context { PostScreen(postId: postId, navigation: environment.navigation) }
    func comments(postId: Int, sort: AppRoute.CommentsSort, environment: ContextEnvironment) -> any Context {
        CommentsScreen(postId: postId, sort: sort)
    }
    func profile(userID: Int, tab: AppRoute.ProfileTab, environment: ContextEnvironment) -> any Context { ProfileScreen(userID: userID, tab: tab) }
    func inbox(environment: ContextEnvironment) -> any Context { InboxScreen() }
    func conversation(conversationId: UUID, environment: ContextEnvironment) -> any Context { ConversationScreen(conversationId: conversationId) }
    func compose(replyTo: Int?, environment: ContextEnvironment) -> any Context {
        ComposeScreen(replyTo: replyTo, navigation: environment.navigation)
    }
    func login(environment: ContextEnvironment) -> any Context { LoginScreen() }
    func followers(userId: Int, environment: ContextEnvironment) -> any Context {
        FollowersScreen(userId: userId, loaded: environment.loaded)
    }
    func chooseAudience(environment: ContextEnvironment) -> any Context { AudienceScreen(navigation: environment.navigation) }
}

/// A user, and the service the followers' loader asks (a stand-in).
struct User: Sendable, Equatable {
    let id: Int
}

struct FollowersAPI: Sendable {
    func followers(of userId: Int) async throws -> [User] { [User(id: userId + 1), User(id: userId + 2)] }
}

let api = FollowersAPI()

/// The loaders for every `load` of the table, from a conformance (Docs/TypedRoutes.md, as written).
struct Loaders: AppRouteLoaders {
    func followerList(for route: AppRoute, request: LoadRequest) async throws -> any Sendable {
        guard case .followers(let userId) = route else { return [User]() }
        return try await api.followers(of: userId)
    }
}

/// Docs/TypedRoutes.md's examples on this app's table, as written.
@MainActor @Suite struct TypedRoutesGuideTests {
    /// "Navigation": the flow, a context's handle, a state, the screen on top, a test navigator.
    @Test func navigationTakesTypedRoutes() async throws {
        let app = try SocialApp()
        let flow = app.navigation
        await app.orchestrator.start()
        let navigation = try #require(app.orchestrator.contexts.values.compactMap { $0 as? FeedScreen }.first).navigation
        let navigator = TestNavigator(router: app.router)
        navigator.exhaustive = false
        // As the guide writes it:
        await flow.navigate(to: AppRoute.comments(postId: 7, sort: .new))
        await navigation.navigate(to: AppRoute.post(postId: 7))       // NavigationHandle, in a context
        let state = NavigationState(tabs: ["feed": Destination(AppRoute.feed), "inbox": Destination(AppRoute.inbox)])
        let top = flow.state.visible?.route(as: AppRoute.self)         // the screen on top, typed
        await navigator.navigate(to: AppRoute.post(postId: 7), expect: "completed")   // TestNavigator, in tests
        #expect(top == .post(postId: 7))
        #expect(state.selectedTab == "feed")
        #expect(navigator.state.visible?.route(as: AppRoute.self) == .post(postId: 7))
    }

    /// "Contexts for every route", the second way: a conformance to the generated
    /// `AppRouteContexts` (a route left out does not compile).
    @Test func contextsFromAConformance() async throws {
        let router = try AppRoute.makeRouter()
        let state = NavigationState(tabs: ["feed": Destination(AppRoute.feed), "inbox": Destination(AppRoute.inbox)])
        let orchestrator = Orchestrator(router: router, state: state, contexts: Screens())
        await orchestrator.start()
        #expect(await orchestrator.open(url: "myapp://posts/7") == .completed)
        let post = try #require(orchestrator.contexts.values.compactMap { $0 as? PostScreen }.first)
        #expect(post.postId == 7)
    }

    /// "Loaders": one requirement a loader, registered under its table name.
    @Test func loadersFromAConformance() async throws {
        let app = try SocialApp()
        let orchestrator = app.orchestrator
        Loaders().register(on: orchestrator.navigation)
        await orchestrator.start()
        #expect(AppRoute.loaderNames == ["followerList"])
        #expect(await orchestrator.open(url: "myapp://users/12/followers") == .completed)
        let screen = try #require(orchestrator.contexts.values.compactMap { $0 as? FollowersScreen }.first)
        #expect(screen.userId == 12)
        #expect(screen.loaded["followerList", as: [User].self] == [User(id: 13), User(id: 14)])
    }
}
