public import AxiomRouting

/// What a push notification asks to open, read from its payload (the `userInfo` dictionary):
/// a URL, or a route by name with its values. ``NavigationFlow/open(notification:)`` opens it as
/// a link from a notification (source `pushNotification`), through the same resolution and policy
/// as any link.
///
/// ```swift
/// // { "aps": { … }, "url": "myapp://posts/7" }  or  { "aps": { … }, "route": "post", "parameters": { "postId": 7 } }
/// switch NotificationPayload.read(userInfo) {
/// case .success(let payload): await orchestrator.open(notification: payload)
/// case .failure(let error): logger.warning("\(error)")   // what is wrong with the payload, and where
/// }
/// ```
public struct NotificationPayload: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        /// A URL, opened as it is.
        case url(String)
        /// A route by name, with its values as text (`"postId": "7"`), printed as a URL by the
        /// table (reverse routing) and opened.
        case route(String, values: [String: String])
    }

    public let target: Target

    public init(_ target: Target) { self.target = target }

    /// The keys a payload is read from: `url` (a string), or `route` (a string) with
    /// `parameters` (a dictionary of strings, numbers and booleans; query parameters too).
    public struct Keys: Sendable, Hashable {
        public var url: String
        public var route: String
        public var parameters: String

        public init(url: String = "url", route: String = "route", parameters: String = "parameters") {
            self.url = url
            self.route = route
            self.parameters = parameters
        }
    }

    /// The most values a payload may carry (a payload is at most 4 KB on APNs anyway).
    public static let maxValues = 64

    /// Reads a notification's payload; every way it can be wrong is a typed
    /// ``NotificationPayloadError`` that names the key. Other keys (`aps`, the app's own) are
    /// ignored.
    public static func read(_ userInfo: [AnyHashable: Any], keys: Keys = Keys()) -> Result<NotificationPayload, NotificationPayloadError> {
        let url = userInfo[AnyHashable(keys.url)]
        let route = userInfo[AnyHashable(keys.route)]
        switch (url, route) {
        case (nil, nil):
            return .failure(NotificationPayloadError(.noTarget, key: keys.url, "the payload has neither '\(keys.url)' nor '\(keys.route)'"))
        case (.some, .some):
            return .failure(
                NotificationPayloadError(.twoTargets, key: keys.url, "the payload has both '\(keys.url)' and '\(keys.route)'; give one"))
        case (let url?, nil):
            guard let text = url as? String else {
                return .failure(NotificationPayloadError(.notText, key: keys.url, "'\(keys.url)' is not a string"))
            }
            guard !text.isEmpty else { return .failure(NotificationPayloadError(.notText, key: keys.url, "'\(keys.url)' is empty")) }
            return .success(NotificationPayload(.url(text)))
        case (nil, let route?):
            guard let name = route as? String, !name.isEmpty else {
                return .failure(NotificationPayloadError(.notText, key: keys.route, "'\(keys.route)' is not a route name (a non-empty string)"))
            }
            guard let given = userInfo[AnyHashable(keys.parameters)] else { return .success(NotificationPayload(.route(name, values: [:]))) }
            guard let dictionary = given as? [AnyHashable: Any] else {
                return .failure(NotificationPayloadError(.invalidParameters, key: keys.parameters, "'\(keys.parameters)' is not a dictionary"))
            }
            guard dictionary.count <= maxValues else {
                return .failure(
                    NotificationPayloadError(
                        .invalidParameters, key: keys.parameters, "'\(keys.parameters)' has \(dictionary.count) values (at most \(maxValues))"))
            }
            var values: [String: String] = [:]
            for (key, value) in dictionary {
                guard let name = key.base as? String else {
                    return .failure(
                        NotificationPayloadError(.invalidParameters, key: keys.parameters, "a key of '\(keys.parameters)' is not a string"))
                }
                guard let text = text(of: value) else {
                    return .failure(
                        NotificationPayloadError(
                            .invalidParameters, key: keys.parameters + "." + name,
                            "'\(keys.parameters).\(name)' is not a string, a number or a boolean"))
                }
                values[name] = text
            }
            return .success(NotificationPayload(.route(name, values: values)))
        }
    }

    /// A payload value as text: strings as they are, integers and booleans as a URL writes them.
    private static func text(of value: Any) -> String? {
        switch value {
        case let string as String: return string
        case let bool as Bool where type(of: value) == Bool.self: return bool ? "true" : "false"
        case let int as Int: return String(int)
        case let double as Double: return double.isFinite ? String(double) : nil
        default: return nil
        }
    }
}

/// Why a notification's payload names nothing to open. Compare ``code`` with the static members.
public struct NotificationPayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// Neither a URL nor a route.
        public static let noTarget = Code(rawValue: "no-target")
        /// Both a URL and a route: which one was meant is not guessed.
        public static let twoTargets = Code(rawValue: "two-targets")
        /// The URL or route name is not a non-empty string.
        public static let notText = Code(rawValue: "not-text")
        /// The parameters are not a dictionary of strings, numbers and booleans (or too many).
        public static let invalidParameters = Code(rawValue: "invalid-parameters")
    }

    public let code: Code
    /// The payload key at fault (`url`, `parameters.postId`).
    public let key: String
    public let description: String

    init(_ code: Code, key: String, _ description: String) {
        self.code = code
        self.key = key
        self.description = "notification payload: " + description
    }
}

extension NavigationFlow {
    /// Opens what a notification asks for, as a link from a notification (source
    /// `pushNotification`, so the route's `sources` and `auth` decide as for any link): a URL
    /// through ``open(url:source:)``; a route through the table's reverse routing, then the same.
    /// A route the table does not have ends `failed(unknown-route)`, a value its parameter does
    /// not read `failed(wrong-type)`, a name the route does not declare
    /// `failed(unknown-parameter)`, a required value missing `failed(missing-parameter)` —
    /// nothing changes in any of them.
    public func open(notification payload: NotificationPayload) async -> NavigationResult {
        switch payload.target {
        case .url(let url):
            return await open(url: url, source: .pushNotification)
        case .route(let name, let values):
            do {
                let url = try router.url(for: name, text: values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
                return await open(url: url, source: .pushNotification)
            } catch {
                return .failed(error.code == .unknownRoute ? .unknownRoute(name) : .invalidDestination(error))
            }
        }
    }
}
