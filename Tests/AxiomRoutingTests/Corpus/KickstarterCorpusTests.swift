import Testing

@testable import AxiomRouting

/// Kickstarter for iOS (kickstarter/ios-oss, Apache-2.0): its route templates as
/// `Corpus/Kickstarter/kickstarter.routes`, and every URL assertion of its
/// `Library/NavigationTests.swift`, replayed through the engine. `Navigation` below mirrors the
/// app's enum (the cases and fields its tests compare); `navigation(for:)` is what the app's
/// hand-written matcher becomes: it builds the app's value from the route's name and typed values,
/// and decides nothing from the URL itself.
@Suite struct KickstarterCorpusTests {
    static let webBase = "https://www.kickstarter.com"

    struct RefInfo: Equatable, Sendable {
        var refTag: String?
        var deeplinkUrl: String?
    }

    enum Navigation: Equatable, Sendable {
        enum Payment: Equatable, Sendable {
            case applePay(payload: String)
            case new, root, useStoredCard
        }
        enum Tab: Equatable, Sendable {
            case discovery([String: String]?)
            case search, activity, login, me
        }
        enum Pledge: Equatable, Sendable { case bigPrint, changeMethod, destroy, edit, manage, new, root }
        enum Update: Equatable, Sendable {
            case root, comments
            case commentThread(String?, String?)
        }
        enum Project: Equatable, Sendable {
            case checkout(Int, thanksRacing: Bool?)
            case root, comments, creatorBio, friends, messageCreator, updates
            case commentThread(String?, String?)
            case pledge(Pledge)
            case update(Int, Update)
            case surveyWebview(String)
        }
        case checkout(Int, Payment)
        case emailClick
        case messages(messageThreadId: Int)
        case verifyEmail
        case signup
        case tab(Tab)
        case project(String, Project, refInfo: RefInfo?, secretRewardToken: String? = nil)
        case settingsNotifications(String, Bool)
        case userSurvey(String, Int)
    }

    static let app = Result { try CorpusApp("Corpus/Kickstarter/kickstarter.routes") }

    /// The engine's answer as the app's value.
    static func navigation(for url: String) -> Navigation? {
        guard let app = try? app.get(), case .success(let match) = app.router.resolve(url) else { return nil }
        let values = match.parameters
        let query = match.query
        func string(_ name: String) -> String? { values[name].map(\.description) ?? query[name].map(\.description) }
        func int(_ name: String) -> Int? { if case .int(let value) = values[name] { value } else { nil } }
        let slug = string("project_param") ?? ""
        let ref = query["ref"].map(\.description)
        // The app attaches the link to every project screen's referral info.
        let refInfo = match.path.hasPrefix("/projects/") ? RefInfo(refTag: ref, deeplinkUrl: url) : ref.map { RefInfo(refTag: $0) }
        func project(_ screen: Navigation.Project) -> Navigation { .project(slug, screen, refInfo: refInfo) }
        func comments(_ plain: Navigation.Project, thread: (String?, String?) -> Navigation.Project) -> Navigation {
            string("comment").map { project(thread($0, string("reply"))) } ?? project(plain)
        }
        switch match.route.name {
        case "emailClick": return .emailClick
        case "activity": return .tab(.activity)
        case "authorize": return .tab(.login)
        case "paymentsRoot": return int("checkout_param").map { .checkout($0, .root) }
        case "paymentsNew": return int("checkout_param").map { .checkout($0, .new) }
        case "paymentsUseStoredCard": return int("checkout_param").map { .checkout($0, .useStoredCard) }
        case "paymentsApplePay": return int("checkout_param").map { .checkout($0, .applePay(payload: string("payload") ?? "")) }
        case "discover", "discoverAdvanced", "discoverCategory", "discoverSubcategory":
            // The app's filters: every query item and the path's category ids, in one map.
            var filters: [String: String] = [:]
            if case .fields(let fields) = query["filters"] { filters = fields }
            for name in ["category_id", "parent_category_id"] { filters[name] = string(name) ?? filters[name] }
            if let ref { filters["ref"] = ref }
            return .tab(.discovery(filters.isEmpty ? nil : filters))
        case "messages": return int("message_thread_id").map { .messages(messageThreadId: $0) }
        case "me": return .tab(.me)
        case "verifyEmail": return .verifyEmail
        case "search": return .tab(.search)
        case "signup": return .signup
        case "project", "projectDescription", "projectFaqs":
            return .project(slug, .root, refInfo: refInfo, secretRewardToken: string("secret_reward_token"))
        case "projectBacking", "projectSurvey", "projectSurveyEdit", "projectSurveyEditAddress":
            // The app opens the web page of the path, with one page swapped for a reachable one.
            var path = match.path
            if path.hasSuffix("backing/details") { path = String(path.dropLast("details".count)) + "survey_responses" }
            return project(.surveyWebview(webBase + path))
        case "thanks":
            var racing: Bool? = nil
            if case .bool(let value) = query["racing"] { racing = value }
            return int("checkout_param").map { project(.checkout($0, thanksRacing: racing)) }
        case "projectComments": return comments(.comments) { .commentThread($0, $1) }
        case "creatorBio": return project(.creatorBio)
        case "friends": return project(.friends)
        case "messageCreator": return project(.messageCreator)
        case "pledgeManage": return project(.pledge(.manage))
        case "pledge": return project(.pledge(.root))
        case "pledgeBigPrint": return project(.pledge(.bigPrint))
        case "pledgeChangeMethod": return project(.pledge(.changeMethod))
        case "pledgeDestroy": return project(.pledge(.destroy))
        case "pledgeEdit": return project(.pledge(.edit))
        case "pledgeNew": return project(.pledge(.new))
        case "posts", "updates": return project(.updates)
        case "update": return int("update_param").map { project(.update($0, .root)) }
        case "updateComments":
            guard let update = int("update_param") else { return nil }
            return comments(.update(update, .comments)) { .update(update, .commentThread($0, $1)) }
        case "settingsNotifications":
            guard case .bool(let enabled) = values["enabled_param"], let name = string("notification_param") else { return nil }
            return .settingsNotifications(name, enabled)
        case "userSurvey": return int("survey_response_id").map { .userSurvey(string("user_param") ?? "", $0) }
        default: return nil
        }
    }

    /// `assertProjectMatch(path:navigation:refTag:)` of the app's tests.
    static func projectMatch(_ test: String, _ path: String, _ screen: Navigation.Project, refTag: String? = nil) -> CorpusAssertion<
        Navigation
    > {
        CorpusAssertion(test, webBase + path, .project("project", screen, refInfo: RefInfo(refTag: refTag, deeplinkUrl: webBase + path)))
    }

    static func match(_ test: String, _ path: String, _ expected: Navigation?) -> CorpusAssertion<Navigation> {
        CorpusAssertion(test, webBase + path, expected)
    }

    /// NavigationTests.swift, in its order.
    static let assertions: [CorpusAssertion<Navigation>] = {
        let urls = "testRecognizesURLs"
        return [
            CorpusAssertion("testDoesNotRecognizeNonKickstarterURLs", "http://www.face-kickstarter.com/projects/creator/project", nil),
            match(urls, "/checkouts/1/payments/new", .checkout(1, .new)),
            match(urls, "/checkouts/1/payments", .checkout(1, .root)),
            match(urls, "/checkouts/1/payments/use_stored_card", .checkout(1, .useStoredCard)),
            projectMatch(urls, "/projects/creator/project", .root),
            match(urls, "/projects/creator/project?token=4", nil),
            match(urls, "/projects/creator/project?ref=discovery&token=4", nil),
            projectMatch(urls, "/projects/creator/project/checkouts/1/thanks", .checkout(1, thanksRacing: nil)),
            projectMatch(urls, "/projects/creator/project/checkouts/1/thanks?racing=1", .checkout(1, thanksRacing: true)),
            projectMatch(urls, "/projects/creator/project?ref=discovery", .root, refTag: "discovery"),
            projectMatch(urls, "/projects/creator/project/comments", .comments),
            projectMatch(urls, "/projects/creator/project/comments?comment=dead", .commentThread("dead", nil)),
            projectMatch(urls, "/projects/creator/project/comments?comment=dead&reply=beef", .commentThread("dead", "beef")),
            projectMatch(urls, "/projects/creator/project/creator_bio", .creatorBio),
            projectMatch(urls, "/projects/creator/project/description", .root),
            projectMatch(urls, "/projects/creator/project/friends", .friends),
            projectMatch(urls, "/projects/creator/project/pledge/big_print", .pledge(.bigPrint)),
            projectMatch(urls, "/projects/creator/project/pledge/change_method", .pledge(.changeMethod)),
            projectMatch(urls, "/projects/creator/project/pledge/destroy", .pledge(.destroy)),
            projectMatch(urls, "/projects/creator/project/pledge/edit", .pledge(.edit)),
            projectMatch(urls, "/projects/creator/project/pledge/new", .pledge(.new)),
            projectMatch(urls, "/projects/creator/project/pledge", .pledge(.root)),
            projectMatch(
                urls, "/projects/creator/project/pledge?ref=ksr_email_backer_failed_transaction", .pledge(.manage),
                refTag: "ksr_email_backer_failed_transaction"),
            projectMatch(urls, "/projects/creator/project/posts", .updates),
            projectMatch(urls, "/projects/creator/project/posts/1", .update(1, .root)),
            projectMatch(urls, "/projects/creator/project/posts/2/comments", .update(2, .comments)),
            projectMatch(urls, "/projects/creator/project/posts/2/comments?comment=dead", .update(2, .commentThread("dead", nil))),
            projectMatch(urls, "/projects/creator/project/posts/2/comments?comment=dead&reply=beef", .update(2, .commentThread("dead", "beef"))),
            projectMatch(urls, "/projects/creator/project/surveys/3", .surveyWebview(webBase + "/projects/creator/project/surveys/3")),
            match(urls, "/signup", .signup),
            match(urls, "/discover?sort=newest", .tab(.discovery(["sort": "newest"]))),
            match(urls, "/discover/advanced", .tab(.discovery(nil))),
            match(urls, "/discover/categories/a", .tab(.discovery(["category_id": "a"]))),
            match(urls, "/discover/categories/b/c", .tab(.discovery(["category_id": "c", "parent_category_id": "b"]))),
            match(urls, "/search", .tab(.search)),
            match(urls, "/activity", .tab(.activity)),
            match(urls, "/profile/me", .tab(.me)),
            match(urls, "/authorize", .tab(.login)),
            projectMatch(urls, "/projects/creator/project/messages/new", .messageCreator),
            match(urls, "/users/self/surveys/3", .userSurvey("self", 3)),
            match(urls, "/profile/verify_email", .verifyEmail),
            match(
                urls, "/settings/notify_mobile_of_marketing_update/true", .settingsNotifications("notify_mobile_of_marketing_update", true)),
            match(urls, "/settings/notify_mobile_of_messages/false", .settingsNotifications("notify_mobile_of_messages", false)),
            CorpusAssertion("testRecognizesEmailClickUrls", "https://clicks.kickstarter.com/wf/click?upn=deadbeef", .emailClick),
            CorpusAssertion("testRecognizesEmailClickUrls", "https://emails.kickstarter.com/anything/?qs=deadbeef", .emailClick),
            CorpusAssertion("testRecognizesEmailClickUrls", "https://notemailhost.kickstarter.com/wf/click?upn=deadbeef", nil),
            CorpusAssertion("testRecognizesTruncatedUrl", "https://kickstarter.com/profile/verify_email", .verifyEmail),
            CorpusAssertion(
                "testRecognizesKsrUrlScheme", "ksr://www.kickstarter.com/projects/creator/project",
                .project(
                    "project", .root, refInfo: RefInfo(refTag: nil, deeplinkUrl: "ksr://www.kickstarter.com/projects/creator/project"))),
        ]
    }()

    @Test func theTableIsCleanAndItsMarksAreTheDocumentedOnes() throws {
        let app = try Self.app.get()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(app.marks == [.asWritten: 39, .workaround: 1])
        #expect(app.roundTrips() == [])
    }

    @Test func theAppsOwnAssertionsAgree() {
        #expect(Self.assertions.count == 48)
        #expect(replay(Self.assertions, Self.navigation(for:)) == 48)
    }

    /// What the app's matcher gets wrong and the table does not copy, each a URL the app routes.
    @Test func whatTheTableDoesNotCopy() {
        // The app compares hosts by prefix: this host is not Kickstarter's.
        #expect(Self.navigation(for: "https://www.kickstarter.com.evil.example/projects/creator/project") == nil)
        // The app's two matchers differ: deep links reach only some routes (`sources`).
        let flowSources = try? Self.app.get().router.resolve(Self.webBase + "/projects/a/b/friends").get().route.metadata.allowedSources
        #expect(flowSources == ["inApp"])
    }
}
