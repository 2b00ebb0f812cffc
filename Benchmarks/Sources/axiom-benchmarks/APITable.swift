import BenchmarkSupport
/// The second table generator for memory (issue 17 asks for two, not only our own): routes
/// shaped like a large REST API's (GitHub's, Stripe's), nested resources with an identifier
/// after each (`/orgs/:org/teams/:team_slug/discussions/:discussion_number/comments`), two to
/// seven segments, longer patterns and longer parameter names than `GeneratedTable`'s.
struct APITable {
    static let resources = [
        "repos", "orgs", "users", "teams", "projects", "issues", "pulls", "commits", "branches", "releases",
        "deployments", "environments", "discussions", "comments", "reviews", "labels", "milestones", "hooks",
        "installations", "invitations", "packages", "versions", "runners", "workflows", "artifacts", "secrets",
        "variables", "checks", "statuses", "assets",
    ]
    static let actions = ["", "events", "timeline", "reactions", "subscribers", "permissions", "settings", "logs", "stats", "history"]

    let patterns: [String]

    init(count: Int) {
        var patterns: [String] = []
        var seen = Set<String>()
        var index = 0
        while patterns.count < count {
            // Nested resources from a mixed-radix reading of the index: depth 1 to 3, each with
            // its identifier, then an optional action; a version prefix when combinations run out.
            var rest = index
            let depth = 1 + rest % 3
            rest /= 3
            var segments: [String] = []
            for level in 0..<depth {
                let resource = Self.resources[rest % Self.resources.count]
                rest /= Self.resources.count
                segments.append(resource)
                segments.append(":\(resource.dropLast())\(level == 0 ? "_id" : "_number\(level)")")
            }
            let action = Self.actions[rest % Self.actions.count]
            rest /= Self.actions.count
            if !action.isEmpty { segments.append(action) }
            if rest > 0 { segments.insert("v\(rest)", at: 0) }
            let pattern = "/" + segments.joined(separator: "/")
            if seen.insert(pattern).inserted { patterns.append(pattern) }
            index += 1
        }
        self.patterns = patterns
    }

    /// The table in Axiom's format.
    var tableText: String {
        patterns.enumerated().map { "route r\($0.offset) \($0.element)" }.joined(separator: "\n")
    }

    var averagePatternLength: Double {
        Double(patterns.reduce(0) { $0 + $1.utf8.count }) / Double(max(patterns.count, 1))
    }
}
