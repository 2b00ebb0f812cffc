import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Push notifications' payloads: a URL or a route with values, opened as links from a
/// notification (the route's `sources` and `auth` decide), every malformed payload a typed error.
@MainActor
@Suite struct NotificationPayloadTests {
    static let table = """
        origins myapp:
        route home /
        route post /posts/:postId
          param postId int
          query highlight bool = false
        route settings /settings
          sources inApp
        """

    let flow: NavigationFlow

    init() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
    }

    @Test func aURLOrARouteWithValuesOpensAsANotification() async throws {
        let byURL = try NotificationPayload.read(["aps": ["alert": "New post"], "url": "myapp://posts/7"]).get()
        #expect(byURL.target == .url("myapp://posts/7"))
        #expect(await flow.open(notification: byURL) == .completed)
        #expect(flow.state.visible?.destination == Destination("post", parameters: ["postId": .int(7)], query: ["highlight": .bool(false)]))
        #expect(flow.history.last?.source == .pushNotification)

        let byRoute = try NotificationPayload.read(["route": "post", "parameters": ["postId": 8, "highlight": true]]).get()
        #expect(byRoute.target == .route("post", values: ["postId": "8", "highlight": "true"]))
        #expect(await flow.open(notification: byRoute) == .completed)
        #expect(flow.state.visible?.destination == Destination("post", parameters: ["postId": .int(8)], query: ["highlight": .bool(true)]))
    }

    /// A payload as it arrives on a device: JSON, numbers and booleans as `NSNumber`.
    @Test func aJSONPayloadReadsItsNumbersAndBooleans() async throws {
        let json = #"{"aps": {"alert": "x"}, "route": "post", "parameters": {"postId": 9, "highlight": true}}"#
        let userInfo = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let payload = try NotificationPayload.read(userInfo).get()
        #expect(await flow.open(notification: payload) == .completed)
        #expect(flow.state.visible?.destination.parameters["postId"] == .int(9))
        #expect(flow.state.visible?.destination.query["highlight"] == .bool(true))
    }

    /// The policy holds: a notification is not the app itself.
    @Test func aRouteForInAppOnlyIsRefusedInEverySpelling() async throws {
        let state = flow.state
        #expect(await flow.open(notification: NotificationPayload(.url("myapp://settings"))) == .cancelled(.untrustedSource))
        #expect(await flow.open(notification: NotificationPayload(.route("settings", values: [:]))) == .cancelled(.untrustedSource))
        #expect(await flow.open(notification: NotificationPayload(.url("myapp://SETTINGS/"))).committed == false)
        #expect(flow.state == state)
    }

    @Test func aMalformedPayloadIsATypedError() {
        let cases: [([AnyHashable: Any], NotificationPayloadError.Code, String)] = [
            (["aps": ["alert": "x"]], .noTarget, "url"),
            (["url": "myapp://", "route": "home"], .twoTargets, "url"),
            (["url": 42], .notText, "url"),
            (["url": ""], .notText, "url"),
            (["route": ""], .notText, "route"),
            (["route": ["post"]], .notText, "route"),
            (["route": "post", "parameters": "postId=7"], .invalidParameters, "parameters"),
            (["route": "post", "parameters": ["postId": [7]]], .invalidParameters, "parameters.postId"),
            (["route": "post", "parameters": [7: "x"]], .invalidParameters, "parameters"),
            (["route": "post", "parameters": Dictionary(uniqueKeysWithValues: (0..<65).map { ("k\($0)", $0) })], .invalidParameters, "parameters"),
            (["route": "post", "parameters": ["postId": Double.nan]], .invalidParameters, "parameters.postId"),
        ]
        for (userInfo, code, key) in cases {
            guard case .failure(let error) = NotificationPayload.read(userInfo) else {
                Issue.record("\(userInfo) must not read")
                continue
            }
            #expect(error.code == code, "\(userInfo)")
            #expect(error.key == key, "\(userInfo)")
            #expect(error.description.hasPrefix("notification payload: "))
        }
        // Other keys are the app's own: a payload under custom keys reads with them.
        let custom = NotificationPayload.read(["deep_link": "myapp://posts/1"], keys: .init(url: "deep_link"))
        #expect((try? custom.get())?.target == .url("myapp://posts/1"))
    }

    @Test func aRouteTheTableCannotPrintChangesNothing() async throws {
        let state = flow.state
        let cases: [(NotificationPayload.Target, NavigationResult.Code)] = [
            (.route("pots", values: [:]), .failed(.unknownRoute)),
            (.route("post", values: ["postId": "seven"]), .failed(.wrongType)),
            (.route("post", values: ["postID": "7"]), .failed(.unknownParameter)),
            (.route("post", values: [:]), .failed(.missingParameter)),
            (.url("https://evil.example/posts/7"), .notFound),
        ]
        for (target, code) in cases {
            #expect(await flow.open(notification: NotificationPayload(target)).code == code, "\(target)")
        }
        #expect(flow.state == state)
        #expect(flow.history.isEmpty)
    }
}
