import AxiomNavigation
import AxiomRouting
public import Foundation

/// What navigation tests exercised: which routes were shown, by which way (a navigation, a deep
/// link, a command, a change the UI reported, a restore …) and from which source; which outcomes
/// each request had (the login, refused by trust, rate limited, redirected, duplicated …);
/// which of the table's redirects and aliases URLs went through; which changes the UI reported.
///
/// ``NavigationSimulator`` (and so `TestNavigator` and `axiom-route simulate`) records one as it
/// runs. Records of several runs ``merge(_:)``; `axiom-route coverage` compares them with the
/// table and reports what no test reached (Docs/Testing.md, "Navigation coverage").
///
/// As JSON (``write(toDirectory:)``, `simulate --coverage FILE`): `{"format": 1, "shown": […],
/// "outcomes": […], "redirects": […], "aliases": […], "uiChanges": […]}`, each list sorted, so
/// equal records are equal files. Described by `Docs/schemas/coverage-record.schema.json`.
public struct NavigationCoverage: Sendable, Hashable, Codable {
    /// The version of the JSON written, and the only one read.
    public static let formatVersion = 1

    /// A route on screen after a commit, the way it got there and the request's source.
    public struct Shown: Sendable, Hashable, Codable, Comparable {
        public let route: String
        /// `navigate`, `deep-link`, a command's name (`push`, `back`, `pop-to`, `select-tab` …),
        /// `ui-pop`, `ui-select-tab`, `ui-dismiss` (a change the UI reported), `start`, `restore`,
        /// `replace-table`, `sign-in`, `sign-out`.
        public let way: String
        /// `inApp`, `deepLink`, `universalLink`, `pushNotification`.
        public let source: String

        public init(route: String, way: String, source: String) {
            self.route = route
            self.way = way
            self.source = source
        }

        public static func < (lhs: Shown, rhs: Shown) -> Bool { (lhs.route, lhs.way, lhs.source) < (rhs.route, rhs.way, rhs.source) }
    }

    /// How a request for a route ended.
    public struct Outcome: Sendable, Hashable, Codable, Comparable {
        /// The route asked for (nil when a URL named none).
        public let route: String?
        /// `completed`, `login` (redirected to the login), `redirected`, `refused-by-trust`,
        /// `rate-limited`, `duplicated`, `not-found`, or a result code (`failed.missing-parameter`,
        /// `cancelled.guard-rejected`).
        public let outcome: String

        public init(route: String?, outcome: String) {
            self.route = route
            self.outcome = outcome
        }

        public static func < (lhs: Outcome, rhs: Outcome) -> Bool { (lhs.route ?? "", lhs.outcome) < (rhs.route ?? "", rhs.outcome) }
    }

    public var shown: Set<Shown> = []
    public var outcomes: Set<Outcome> = []
    /// The table's redirects a URL went through, by name.
    public var redirects: Set<String> = []
    /// The aliases a URL matched, as `ROUTE PATTERN`.
    public var aliases: Set<String> = []
    /// The kinds of change the UI reported: `pop`, `select-tab`, `dismiss`.
    public var uiChanges: Set<String> = []

    public init() {}

    /// Everything `other` exercised added to this record.
    public mutating func merge(_ other: NavigationCoverage) {
        shown.formUnion(other.shown)
        outcomes.formUnion(other.outcomes)
        redirects.formUnion(other.redirects)
        aliases.formUnion(other.aliases)
        uiChanges.formUnion(other.uiChanges)
    }

    // MARK: Recording

    /// Records a request's outcome (the route it asked for, how it ended, the login route of its table).
    mutating func record(_ result: NavigationResult, route: String?, login: String?) {
        let outcome: String
        switch result {
        case .completed: outcome = "completed"
        case .redirected(_, let final): outcome = final.route == login && login != nil && route != login ? "login" : "redirected"
        case .cancelled(.untrustedSource): outcome = "refused-by-trust"
        case .cancelled(.rateLimited): outcome = "rate-limited"
        case .duplicated: outcome = "duplicated"
        case .notFound: outcome = "not-found"
        case .cancelled, .failed: outcome = result.code.rawValue
        }
        outcomes.insert(Outcome(route: route, outcome: outcome))
    }

    /// Records the commits of `records` (the flow's history since the last step).
    mutating func record(_ records: some Sequence<HistoryRecord>) {
        for record in records {
            let way: String
            switch record.action {
            case .navigate: way = "navigate"
            case .deepLink: way = "deep-link"
            case .command(let command): way = command.name
            case .start: way = "start"
            case .restore: way = "restore"
            case .replaceTable: way = "replace-table"
            case .ui(let change):
                way = "ui-" + Self.kind(of: change)
                uiChanges.insert(Self.kind(of: change))
            case .signIn: way = "sign-in"
            case .signOut: way = "sign-out"
            case .takeResult: way = "take-result"
            }
            if let route = record.to?.route { shown.insert(Shown(route: route, way: way, source: record.source.rawValue)) }
        }
    }

    /// Records the table's redirects and alias a URL went through.
    mutating func record(_ match: RouteMatch) {
        for redirect in match.redirects { redirects.insert(redirect.name) }
        if let alias = match.alias { aliases.insert(match.route.name + " " + alias) }
    }

    /// A change's kind, without its values: `pop`, `select-tab`, `dismiss`.
    static func kind(of change: UIChange) -> String {
        switch change {
        case .popped: return "pop"
        case .selectedTab: return "select-tab"
        case .dismissed: return "dismiss"
        }
    }

    // MARK: JSON

    private enum Key: String, CodingKey {
        case format, shown, outcomes, redirects, aliases, uiChanges
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Self.formatVersion, forKey: .format)
        try container.encode(shown.sorted(), forKey: .shown)
        try container.encode(outcomes.sorted(), forKey: .outcomes)
        try container.encode(redirects.sorted(), forKey: .redirects)
        try container.encode(aliases.sorted(), forKey: .aliases)
        try container.encode(uiChanges.sorted(), forKey: .uiChanges)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let format = try container.decode(Int.self, forKey: .format)
        guard format == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container,
                debugDescription: "a coverage record of format \(format); this version reads format \(Self.formatVersion)")
        }
        shown = Set(try container.decode([Shown].self, forKey: .shown))
        outcomes = Set(try container.decode([Outcome].self, forKey: .outcomes))
        redirects = Set(try container.decode([String].self, forKey: .redirects))
        aliases = Set(try container.decode([String].self, forKey: .aliases))
        uiChanges = Set(try container.decode([String].self, forKey: .uiChanges))
    }

    /// The record as JSON (keys and lists sorted).
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Writes the record as `coverage-UUID.json` in `directory` (made if missing), for
    /// `axiom-route coverage DIRECTORY` to merge with the other runs' records; returns the path.
    @discardableResult
    public func write(toDirectory directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let url = URL(fileURLWithPath: directory).appendingPathComponent("coverage-\(UUID().uuidString).json")
        try json.write(to: url)
        return url.path
    }
}
