import AxiomNavigation
import AxiomRouting
import Foundation

/// What a new version of a route table does to what users of the old one have: their links and
/// their saved states (`axiom-route check --compat OLD NEW`, Docs/CommandLine.md).
///
/// Links are the URLs given (`--urls FILE`), or, by default, one example URL per route of the
/// old table (its reverse-routed URL with example values) and one per alias. Each is resolved by
/// both tables and classified: `same`, `values-changed` (same route, other values), `other-route`,
/// `gone` (the new table does not take it), or `new` (only the new table takes it). Saved states
/// are the states given (`--states FILE`: a saved `NavigationState` in JSON per file), or, by
/// default, for each route of the old table its screen as a deep link builds it; each is restored
/// against the new table and every entry dropped is reported with its reason.
///
/// A change is intended when a line of `--intended FILE` names it: `KIND ROUTE` (`gone
/// legacyProfile`, `other-route oldSearch`, `values-changed post`, `dropped settings`), ROUTE
/// being the old table's route. Any other change makes the check fail.
struct CompatibilityReport: Encodable {
    struct Link: Encodable {
        var url: String
        /// `same`, `values-changed`, `other-route`, `gone`, `new`.
        var change: String
        /// The route in each table (absent when that table takes no route for the URL).
        var old: String?
        var new: String?
        /// What differs, for people.
        var detail: String?
        var intended: Bool
    }

    struct Drop: Encodable {
        /// The state: its file, or `example ROUTE`.
        var state: String
        var route: String?
        var place: String
        /// The restore's code: `unknown-route`, `missing-parameter`, `wrong-type`, …
        var code: String
        var reason: String
        var intended: Bool
    }

    var links: [Link] = []
    var drops: [Drop] = []
    /// Changes no `--intended` line names.
    var unintended: Int { links.count { $0.change != "same" && $0.change != "new" && !$0.intended } + drops.count { !$0.intended } }

    /// Compares the tables on `urls` (nil: the old table's examples) and `states` (nil: the old
    /// table's examples, named), with `intended` as `KIND ROUTE` pairs.
    init(old: Router, new: Router, urls: [String]?, states: [(name: String, state: NavigationState)]?, intended: Set<String>) {
        for url in urls ?? Self.exampleURLs(old) {
            let before = try? old.resolve(url).get()
            let after = try? new.resolve(url).get()
            var link = Link(url: url, change: "same", old: before?.route.name, new: after?.route.name, detail: nil, intended: false)
            switch (before, after) {
            case (nil, nil): continue
            case (nil, .some): link.change = "new"
            case (.some, nil): link.change = "gone"
            case (.some(let before), .some(let after)):
                if before.route.name != after.route.name {
                    link.change = "other-route"
                } else if before.parameters != after.parameters || before.query != after.query {
                    link.change = "values-changed"
                    link.detail = "\(Self.describe(before)) → \(Self.describe(after))"
                }
            }
            link.intended = link.old.map { intended.contains("\(link.change) \($0)") } ?? false
            links.append(link)
        }
        for (name, state) in states ?? Self.exampleStates(old) {
            // What the old table itself drops is not the new table's doing.
            let before = Set(state.restored(against: old).dropped.compactMap { $0.entry?.id })
            for dropped in state.restored(against: new).dropped where dropped.code != .aboveDroppedEntry {
                if let id = dropped.entry?.id, before.contains(id) { continue }
                let route = dropped.entry?.route
                drops.append(
                    Drop(
                        state: name, route: route, place: dropped.place, code: dropped.code.rawValue, reason: dropped.reason,
                        intended: route.map { intended.contains("dropped \($0)") } ?? false))
            }
        }
    }

    static func describe(_ match: RouteMatch) -> String {
        (match.parameters.map { "\($0.name): \($0.value)" } + match.query.map { "?\($0.name): \($0.value)" }).joined(separator: ", ")
    }

    /// An example value of `type` (nil where there is none to make up: a URL, a rest map).
    static func example(_ type: ParameterType) -> RouteValue? {
        switch type {
        case .string: return .string("example")
        case .int: return .int(1)
        case .double: return .double(1.5)
        case .bool: return .bool(true)
        case .uuid: return .uuid(UUID(uuid: (0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F)))
        case .path: return .path(["a", "b"])
        case .enumeration(let values): return values.first.map { .string($0) }
        case .list(let element): return example(element).map { .list([$0]) }
        case .url, .rest: return nil
        }
    }

    /// Example values for every value `route` needs, path and query (nil: one cannot be made up).
    static func exampleValues(_ route: Route) -> (parameters: RouteParameters, query: RouteParameters)? {
        func values(_ needed: [(name: String, type: ParameterType)]) -> RouteParameters? {
            var names: [String] = []
            var values: [RouteValue] = []
            for (name, type) in needed {
                guard let value = example(type) else { return nil }
                names.append(name)
                values.append(value)
            }
            return RouteParameters(names: names, values: values)
        }
        guard let parameters = values(route.parameters.filter { !$0.isOptional }.map { ($0.name, $0.type) }),
            let query = values(route.query.filter(\.isRequired).map { ($0.name, $0.type) })
        else { return nil }
        return (parameters, query)
    }

    /// One URL per route of `router` (its own pattern, with example values) and one per alias.
    static func exampleURLs(_ router: Router) -> [String] {
        var urls: [String] = []
        for route in router.routes {
            guard let values = exampleValues(route), let url = try? router.url(for: route.name, parameters: values.parameters, query: values.query)
            else { continue }
            urls.append(url)
        }
        // An alias's URL: its pattern filled in the route's spelling (aliases without groups).
        for entry in router.entries where entry.kind == .alias && entry.parameters.isEmpty && !entry.fullPattern.contains("*") {
            guard let origin = router.origins.first?.description, !origin.contains("*") else { continue }
            let pattern = entry.fullPattern
            let url = pattern.hasPrefix("/") ? (origin.hasSuffix(":") ? origin + "//" + pattern.dropFirst() : origin + pattern) : pattern
            // Only a URL the old table takes to the alias's route is that alias's example.
            if (try? router.resolve(url).get())?.route.name == entry.name { urls.append(url) }
        }
        return urls
    }

    /// For each route of `router`, its screen as a deep link builds it (its parents under it).
    static func exampleStates(_ router: Router) -> [(name: String, state: NavigationState)] {
        router.routes.compactMap { route in
            guard let values = exampleValues(route) else { return nil }
            let start = NavigationState(router: router)
            let destination = Destination(route.name, parameters: values.parameters, query: values.query)
            guard case .success(let plan) = NavigationPlanner.deepLink(to: destination, router: router, in: start) else { return nil }
            return ("example \(route.name)", plan.state)
        }
    }

    var text: String {
        var lines: [String] = []
        let changed = links.filter { $0.change != "same" }
        lines.append("links: \(links.count) compared, \(links.count { $0.change == "same" }) the same, \(changed.count) changed")
        for link in changed {
            let what: String
            switch link.change {
            case "gone": what = "gone (was \(link.old ?? "-"))"
            case "other-route": what = "now \(link.new ?? "-") (was \(link.old ?? "-"))"
            case "values-changed": what = "\(link.old ?? "-"): values changed: \(link.detail ?? "")"
            default: what = "new: \(link.new ?? "-")"
            }
            lines.append("  \(link.intended ? "intended" : link.change == "new" ? "note" : "error"): \(link.url): \(what)")
        }
        let states = Set(drops.map(\.state))
        lines.append("saved states: \(drops.isEmpty ? "every one restores whole" : "\(states.count) restore with drops")")
        for drop in drops {
            lines.append(
                "  \(drop.intended ? "intended" : "error"): \(drop.state): \(drop.place): \(drop.route ?? "(empty)") dropped: \(drop.reason) [\(drop.code)]"
            )
        }
        lines.append(
            unintended == 0
                ? "compatible: no change the team did not mark as intended" : "\(unintended) unintended change\(unintended == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

    var json: String {
        struct Document: Encodable {
            var links: [Link]
            var drops: [Drop]
            var unintended: Int
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(Document(links: links, drops: drops, unintended: unintended))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
