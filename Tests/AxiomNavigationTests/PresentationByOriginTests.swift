import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Presentation by origin (`from-link` in the table): the same route shown as the app shows it for
/// a request from the app, and as a link shows it for a request from a link — decided by the
/// request's source, in the plan the gate's one commit writes (Docs/Navigation.md).
@MainActor
@Suite struct PresentationByOriginTests {
    static let table = """
        origins myapp:
        tabs feed, inbox
        route feed /
          transition tab(feed)
        route inbox /inbox
          transition tab(inbox)
        route post /posts/:id
          param id int
          parent feed
          transition modal(sheet)
          from-link push
        route story /stories/:id
          param id int
          parent feed
          from-link modal(fullScreen) alone
        route plain /plain/:id
          param id int
          parent feed
          transition modal(sheet)
        route private /private
          parent feed
          sources inApp
          from-link push
        """

    static func flow() throws -> NavigationFlow {
        NavigationFlow(
            router: try Router(source: RouteSource(name: "origin.routes", text: table)),
            state: NavigationState(tabs: ["feed": Destination("feed"), "inbox": Destination("inbox")], selected: "inbox"))
    }

    static let post7 = Destination("post", parameters: ["id": .int(7)])

    @Test func inTheAppAPostIsASheetOverTheScreenFromALinkAPageOverItsParents() async throws {
        let app = try Self.flow()
        #expect(await app.navigate(to: Self.post7) == .completed)
        #expect(app.state.selectedTab == "inbox" && app.state.modals.map(\.style) == [.sheet])
        #expect(app.state.visible?.destination == Self.post7)
        // The same URL opened by the app itself: the app's presentation.
        let inApp = try Self.flow()
        #expect(await inApp.open(url: "myapp://posts/7", source: .inApp) == .completed)
        #expect(inApp.state.outline == app.state.outline)
        // From a link, a notification or a universal link: a page, the feed below it.
        for source in [NavigationSource.deepLink, .universalLink, .pushNotification] {
            let link = try Self.flow()
            #expect(await link.open(url: "myapp://posts/7", source: source) == .completed)
            #expect(link.state.modals.isEmpty && link.state.selectedTab == "feed", "\(source)")
            #expect(link.state.activeStack.map(\.route) == ["feed", "post"], "\(source)")
            // A navigation from a link's source (a notification's action) is shown as the link is.
            let navigated = try Self.flow()
            #expect(await navigated.navigate(to: Self.post7, source: source) == .completed)
            #expect(navigated.state.outline == link.state.outline, "\(source)")
        }
    }

    /// Docs/Navigation.md, "Presentation by origin", as written.
    @Test func theGuidesExample() async throws {
        let flow = try Self.flow()
        await flow.navigate(to: Destination("post", parameters: ["id": .int(7)]))  // from the app: a sheet over the screen
        print(flow.state.modals.map(\.style))  // [sheet]
        #expect(flow.state.modals.map(\.style) == [.sheet])

        await flow.open(url: "myapp://posts/8")  // from a link: a page, the feed below
        print(flow.state.activeStack.map(\.route))  // ["feed", "post"]
        #expect(flow.state.activeStack.map(\.route) == ["feed", "post"] && flow.state.modals.isEmpty)
    }

    @Test func aLinkAloneIsShownOverTheCurrentScreenWithoutParents() async throws {
        let link = try Self.flow()
        #expect(await link.open(url: "myapp://stories/3") == .completed)
        #expect(link.state.selectedTab == "inbox" && link.state.modals.map(\.style) == [.fullScreen])
        #expect(link.state.modals.first?.stack.map(\.route) == ["story"])
        let app = try Self.flow()
        #expect(await app.navigate(to: Destination("story", parameters: ["id": .int(3)])) == .completed)
        #expect(app.state.modals.isEmpty && app.state.activeStack.map(\.route) == ["inbox", "story"])
    }

    @Test func aRouteWithoutFromLinkIsShownAsBeforeWhateverTheSource() async throws {
        // A link builds the parents and presents the sheet over them; the app's navigation presents it.
        let link = try Self.flow()
        #expect(await link.open(url: "myapp://plain/1", source: .inApp) == .completed)
        #expect(link.state.selectedTab == "feed" && link.state.modals.map(\.style) == [.sheet])
        let app = try Self.flow()
        #expect(await app.navigate(to: Destination("plain", parameters: ["id": .int(1)]), source: .deepLink) == .completed)
        #expect(app.state.selectedTab == "inbox" && app.state.modals.map(\.style) == [.sheet])
    }

    @Test func thePresentationDecidesHowNotWhetherTheGateStillDoes() async throws {
        let flow = try Self.flow()
        let before = flow.state
        #expect(await flow.open(url: "myapp://private", source: .deepLink) == .cancelled(.untrustedSource))
        #expect(flow.state == before)
        #expect(await flow.open(url: "myapp://private", source: .inApp) == .completed)
        #expect(flow.state.visible?.route == "private")
    }

    @Test func aPreviewShowsWhatTheCommitWill() async throws {
        for source in [NavigationSource.inApp, .deepLink] {
            let flow = try Self.flow()
            let preview = flow.preview(url: "myapp://posts/7", source: source)
            #expect(await flow.commit(preview) == .completed)
            #expect(preview.state == flow.state, "\(source)")
        }
    }

    @Test func theTableSaysItAndTheSnapshotKeepsIt() throws {
        let router = try Router(source: RouteSource(name: "origin.routes", text: Self.table))
        #expect(router.route(named: "post")?.metadata.linkTransition == .push)
        #expect(router.route(named: "story")?.metadata.linkTransition == .modal(.fullScreen))
        #expect(router.route(named: "story")?.metadata.linkAlone == true && router.route(named: "post")?.metadata.linkAlone == false)
        #expect(router.route(named: "plain")?.metadata.linkTransition == nil)
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        for name in ["post", "story", "plain"] {
            #expect(loaded.route(named: name)?.metadata == router.route(named: name)?.metadata, "\(name)")
        }
        func codes(_ line: String) -> [String] {
            Router.compile([RouteSource(name: "r.routes", text: "route a /a\n  \(line)\n")]).diagnostics.map { "\($0.code.rawValue)" }
        }
        #expect(codes("from-link tab(home)") == ["E308"])
        #expect(codes("from-link push later") == [DiagnosticCode.unexpectedArgument.rawValue])
        #expect(codes("from-link sideways") == ["E308"])
        #expect(codes("from-link push alone") == [])
    }
}
