import AxiomRouting
import Foundation

/// The three files a link surface is written in.
enum LinkDialect: String, CaseIterable, Sendable, Codable {
    /// Apple's `apple-app-site-association` (`applinks` components).
    case aasa
    /// Android's manifest `<intent-filter>`s, at the minimum API level given.
    case intentFilters = "intent-filters"
    /// Android's `assetlinks.json` with dynamic rules, as an Android 15 device reads it with the
    /// manifest: the manifest sets the scope and the dynamic rules narrow it.
    case assetlinks
}

/// How faithfully one dialect claims one route's URLs, found by testing URLs against the router
/// and a model of the platform's matcher.
struct LinkLabel: Sendable, Encodable, Equatable {
    enum Kind: String, Sendable, Encodable {
        /// The file claims the URLs the route takes, and no other.
        case exact
        /// The file claims URLs the route refuses: the app opens and shows not-found.
        case widened
        /// Some URLs the route takes are not claimed: they open the browser.
        case narrowed
        /// No URL the route takes is claimed.
        case dropped
    }

    let route: String
    let dialect: LinkDialect
    let host: String
    let label: Kind
    /// A URL the file claims that no route opens from a link (the route's rule claimed it).
    let widened: String?
    /// A URL the route takes that the file does not claim.
    let narrowed: String?

    var text: String {
        var parts = [label.rawValue]
        if label != .widened, widened != nil { parts.append("also widened") } else if label == .widened, narrowed != nil { parts.append("also narrowed") }
        var line = "\(route)  \(dialect.rawValue)  \(host)  \(parts.joined(separator: ", "))"
        if let widened { line += "\n    claimed, but no route opens it from a link: " + widened }
        if let narrowed { line += "\n    the route takes it, the file does not claim it: " + narrowed }
        return line
    }
}

/// What a set of association files claims: for a URL, whether the app opens, and the rule (or
/// the route whose rule) that claimed it.
struct LinkClaims {
    let claims: (LinkURL) -> (claimed: Bool, by: String?)
}

extension LinkSurface {
    /// Each route's label for `dialect` on `host`, from every trial URL.
    func labels(_ dialect: LinkDialect, host: Host, claims: LinkClaims, extra: [String] = []) -> [LinkLabel] {
        var takes: [String: [String]] = [:]
        var widened: [String: String] = [:]
        var unclaimed: [String: String] = [:]
        var claimedAny: Set<String> = []
        for url in trialURLs(host: host) + extra {
            guard let link = LinkURL(url) else { continue }
            let routed = routed(url)
            let claim = claims.claims(link)
            if let route = routed.opens {
                takes[route, default: []].append(url)
                if claim.claimed { claimedAny.insert(route) } else if unclaimed[route] == nil { unclaimed[route] = url }
            } else if claim.claimed {
                // The route that refused it (its sources), else the rule's route.
                if let owner = routed.refusedBy ?? claim.by, widened[owner] == nil { widened[owner] = url }
            }
        }
        return router.routes.map { route in
            let name = route.name
            let dropped = takes[name] != nil && !claimedAny.contains(name)
            let kind: LinkLabel.Kind =
                dropped ? .dropped : widened[name] != nil ? .widened : unclaimed[name] != nil ? .narrowed : .exact
            return LinkLabel(route: name, dialect: dialect, host: host.written, label: kind, widened: widened[name], narrowed: unclaimed[name])
        }
    }

    /// The claims of the files this surface generates for `dialect`.
    func generatedClaims(_ dialect: LinkDialect, host: Host, minimumAPI: Int) -> LinkClaims {
        switch dialect {
        case .aasa:
            let components = components(host: host)
            let list = ComponentList(components: components.map(\.component))
            return LinkClaims { url in
                guard let index = list.opener(of: url) else { return (false, nil) }
                return (true, components[index].route)
            }
        case .intentFilters:
            return manifestClaims(host: host, minimumAPI: minimumAPI)
        case .assetlinks:
            let manifest = manifestClaims(host: host, minimumAPI: minimumAPI)
            let dynamic = dynamicRules(host: host, minimumAPI: minimumAPI)
            let list = ComponentList(components: dynamic.map(\.component))
            return LinkClaims { url in
                let static_ = manifest.claims(url)
                guard static_.claimed else { return (false, nil) }
                if dynamic.isEmpty { return static_ }
                guard let index = list.opener(of: url) else { return (false, nil) }
                return (true, dynamic[index].route)
            }
        }
    }

    private func manifestClaims(host: Host, minimumAPI: Int) -> LinkClaims {
        let (filter, _, owners) = intentFilter(host: host, minimumAPI: minimumAPI)
        // A claimed URL is the first entry's whose own rules take it.
        return LinkClaims { url in
            guard filter.matches(url) else { return (false, nil) }
            return (true, owners.first { $0.filter.matches(url) }?.route)
        }
    }

    /// Android 15's dynamic rules for `host`: written when the manifest at `minimumAPI` cannot
    /// say what the table needs (query items, fragments, exclusions: before API 35).
    func dynamicRules(host: Host, minimumAPI: Int) -> [(component: LinkComponent, route: String)] {
        guard minimumAPI < 35 else { return [] }
        let rules = components(host: host, forAndroid: true)
        let needed = rules.contains { $0.component.exclude == true || $0.component.query != nil || $0.component.fragment != nil }
        return needed ? rules : []
    }
}
