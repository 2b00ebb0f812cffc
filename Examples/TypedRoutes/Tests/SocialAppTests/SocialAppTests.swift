import AxiomNavigation
import Foundation
import SocialApp
import Testing

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
