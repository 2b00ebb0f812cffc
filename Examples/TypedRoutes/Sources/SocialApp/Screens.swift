import AxiomNavigation
import Foundation

/// The screens' contexts. They navigate with typed routes through the handle they were given.
@MainActor
public class Screen: Context {
    public private(set) var appearances = 0
    public func onAppear() async { appearances += 1 }
    public func onDisappear() async {}
}

public final class FeedScreen: Screen {
    let navigation: NavigationHandle
    init(navigation: NavigationHandle) { self.navigation = navigation }

    public func open(post postId: Int) async -> NavigationResult {
        await navigation.navigate(to: AppRoute.post(postId: postId))
    }
}

public final class PostScreen: Screen {
    public let postId: Int
    let navigation: NavigationHandle
    init(postId: Int, navigation: NavigationHandle) {
        self.postId = postId
        self.navigation = navigation
    }

    public func showNewestComments() async -> NavigationResult {
        await navigation.navigate(to: AppRoute.comments(postId: postId, sort: .new))
    }
}

public final class CommentsScreen: Screen {
    public let postId: Int
    public let sort: AppRoute.CommentsSort
    init(postId: Int, sort: AppRoute.CommentsSort) {
        self.postId = postId
        self.sort = sort
    }
}

public final class ProfileScreen: Screen {
    public let userID: Int
    public let tab: AppRoute.ProfileTab
    init(userID: Int, tab: AppRoute.ProfileTab) {
        self.userID = userID
        self.tab = tab
    }
}

public final class InboxScreen: Screen {}

public final class ConversationScreen: Screen {
    public let conversationId: UUID
    init(conversationId: UUID) { self.conversationId = conversationId }
}

public final class ComposeScreen: Screen {
    public let replyTo: Int?
    let navigation: NavigationHandle
    public private(set) var audience: AppRoute.ChooseAudienceResult = .everyone
    init(replyTo: Int?, navigation: NavigationHandle) {
        self.replyTo = replyTo
        self.navigation = navigation
    }

    /// Asks who may see the post, and keeps the answer (a dismissed picker keeps the old one).
    public func chooseAudience() async -> RouteResult<AppRoute.ChooseAudienceResult> {
        let result = await navigation.navigate(to: AppRoute.chooseAudience, awaiting: AppRoute.Results.chooseAudience)
        if case .completed(let audience) = result { self.audience = audience }
        return result
    }
}

/// The audience picker: it answers the composer with one of the route's values.
public final class AudienceScreen: Screen {
    let navigation: NavigationHandle
    init(navigation: NavigationHandle) { self.navigation = navigation }

    public func choose(_ audience: AppRoute.ChooseAudienceResult) async -> NavigationResult {
        await navigation.answer(AppRoute.Results.chooseAudience, with: audience)
    }
}

public final class LoginScreen: Screen {}

public final class FollowersScreen: Screen {
    public let userId: Int
    /// What the route's loader produced (`load followerList`).
    public let loaded: LoadedData
    init(userId: Int, loaded: LoadedData) {
        self.userId = userId
        self.loaded = loaded
    }
}
