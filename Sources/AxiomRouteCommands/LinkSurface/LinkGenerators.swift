import AxiomRouting
import AxiomURLPattern

/// One dialect's rules for one entry of the table, before they are put in order.
private struct DraftRule<Rule> {
    let entry: LinkSurface.Entry
    let rule: Rule
}

extension LinkSurface {
    // MARK: Pattern text in each dialect

    /// The path variants of `parts` (an optional group present and absent, a repeated one
    /// absent and present), each as a list of pieces: literal text or a group.
    private enum Piece {
        case text(String)
        /// A group: whether it may span `/`, whether it may be empty, its parameter type.
        case group(spans: Bool, mayBeEmpty: Bool, type: ParameterType?)
    }

    private func variants(_ parts: [Part], types: [String: ParameterType]) -> [[Piece]] {
        var variants: [[Piece]] = [[]]
        for part in parts {
            if part.kind == .fixedText {
                variants = variants.map { $0 + [.text(part.value)] }
                continue
            }
            // `/help/*` takes `/help/x` but not `/help/` where a trailing `/` is dropped first.
            let mayBeEmpty = part.kind == .fullWildcard && !router.options.ignoresTrailingSlash
            let spans = part.kind == .fullWildcard || part.modifier == .oneOrMore || part.modifier == .zeroOrMore
                || (part.kind == .regexp && types[part.name] == .path)
            let present: [Piece] = [.text(part.prefix), .group(spans: spans, mayBeEmpty: mayBeEmpty, type: types[part.name]), .text(part.suffix)]
            if part.modifier == .optional || part.modifier == .zeroOrMore {
                variants = variants.flatMap { [$0, $0 + present] }
            } else {
                variants = variants.map { $0 + present }
            }
            if variants.count > 16 { return Array(variants.prefix(16)) }
        }
        return variants
    }

    /// Apple's text for pieces: literal text as itself (a literal `*` or `?` can only be `?`),
    /// a group as `?*` (one or more characters), or `*` when it may be empty.
    private static func appleText(_ pieces: [Piece]) -> String {
        pieces.map { piece -> String in
            switch piece {
            case .text(let text): return String(text.map { $0 == "*" || $0 == "?" ? "?" : $0 })
            case .group(_, let mayBeEmpty, _): return mayBeEmpty ? "*" : "?*"
            }
        }.joined()
    }

    /// Android's `pathPattern` for pieces: literal text with `*`, `.` and `\` escaped, a
    /// group as `.*`; nil when there is no group (an `android:path` does).
    private static func androidSimple(_ pieces: [Piece]) -> AndroidPathRule {
        guard pieces.contains(where: { if case .group = $0 { true } else { false } }) else {
            return .literal(LinkURL.decoded(pieces.map { if case .text(let text) = $0 { text } else { "" } }.joined()))
        }
        return .glob(
            pieces.map { piece -> String in
                switch piece {
                case .text(let text): return LinkURL.decoded(text).map { "*.\\".contains($0) ? "\\" + String($0) : String($0) }.joined()
                case .group: return ".*"
                }
            }.joined())
    }

    /// Android's `pathAdvancedPattern` for pieces (API 31): literal text escaped, a group of one
    /// segment as `[^/]+` (`[0-9]+` for an `int`, with an optional `-`), a spanning one as `.+`
    /// (`.*` when it may be empty).
    /// (A token takes all it can and never gives back, so a group followed by text in its
    /// segment, `:name.json`, stops at the text's first character: `[^/.]+\.json`.)
    private static func androidAdvanced(_ pieces: [Piece]) -> AndroidPathRule {
        guard pieces.contains(where: { if case .group = $0 { true } else { false } }) else {
            return .literal(LinkURL.decoded(pieces.map { if case .text(let text) = $0 { text } else { "" } }.joined()))
        }
        var pattern = ""
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .text(let text): pattern += escapedAdvanced(LinkURL.decoded(text))
            case .group(let spans, let mayBeEmpty, let type):
                if spans {
                    pattern += mayBeEmpty ? ".*" : ".+"
                } else if type == .int {
                    pattern += "-{0,1}[0-9]+"
                } else if type == .uuid {
                    pattern += "[0-9a-fA-F\\-]{36}"
                } else {
                    let next = pieces[(index + 1)...].lazy.compactMap { piece -> Character? in
                        if case .text(let text) = piece { return LinkURL.decoded(text).first }
                        return nil
                    }.first
                    if let next, next != "/" {
                        pattern += "[^/" + ("]^-\\".contains(next) ? "\\" : "") + String(next) + "]+"
                    } else {
                        pattern += "[^/]+"
                    }
                }
            }
        }
        return .advanced(pattern)
    }

    private func types(_ entry: Route) -> [String: ParameterType] {
        var types: [String: ParameterType] = [:]
        for parameter in entry.parameters { types[parameter.name] = parameter.type }
        return types
    }

    /// The path variants of an entry, with a trailing `/` spelling where the table ignores one.
    private func pathVariants(_ entry: Route) -> [[Piece]] {
        guard let parts = pathParts(entry) else { return [] }
        var result: [[Piece]] = []
        for pieces in variants(parts, types: types(entry)) {
            result.append(pieces)
            let endsInSlash: Bool = { if case .text(let text)? = pieces.last { text.hasSuffix("/") } else { false } }()
            let strict = entry.rules.trailingSlash != nil || !router.options.ignoresTrailingSlash
            let endsInSpan: Bool = { if case .group(true, _, _)? = pieces.last { true } else { false } }()
            if !strict, !endsInSlash, !endsInSpan, !(pieces.count == 1 && appleTextIsRoot(pieces)) { result.append(pieces + [.text("/")]) }
        }
        return result
    }

    private func appleTextIsRoot(_ pieces: [Piece]) -> Bool { Self.appleText(pieces) == "/" }

    /// The required query items of an entry, each with Apple's value pattern.
    private func appleQuery(_ entry: Route) -> LinkComponent.Query? {
        var items: [String: String] = [:]
        for parameter in entry.query where parameter.isRequired && !parameter.mustBeAbsent { items[parameter.itemName] = "?*" }
        return items.isEmpty ? nil : .items(items)
    }

    private func fragmentVariants(_ entry: Route) -> [[Piece]]? {
        guard let parts = fragmentParts(entry) else { return nil }
        return variants(parts, types: types(entry))
    }

    /// Whether `entry` has a URL on `host` that the router sends to its route *through this
    /// entry* (an alias on another host, whose filled pattern happens to be the route's own
    /// URL, reaches nothing here).
    private func reaches(_ entry: Entry, on host: Host) -> (reached: Bool, urls: [String]) {
        let urls = trialURLs(entry.entry, host: host).filter { url in
            guard let match = try? router.resolve(url).get(), match.route.name == entry.route.name else { return false }
            switch entry.entry.kind {
            case .route: return match.alias == nil && match.redirects.isEmpty
            case .alias: return match.alias == entry.entry.fullPattern
            case .redirect: return match.redirects.first?.name == entry.entry.name
            }
        }
        return (!urls.isEmpty, urls)
    }

    // MARK: Apple's components (and Android's dynamic rules)

    /// The components for `host`, in the router's rank order: an include for each entry a
    /// universal link may open, and an exclude for each entry that must not open from a link,
    /// where an include would otherwise claim its URLs.
    func components(host: Host, forAndroid: Bool = false) -> [(component: LinkComponent, route: String)] {
        guard host.claimable else { return [] }
        let caseSensitive: Bool? = router.options.pathCaseSensitive || forAndroid ? nil : false
        func make(_ entry: Entry, exclude: Bool) -> [LinkComponent] {
            let fragments: [String?] = fragmentVariants(entry.entry)?.map { Optional(Self.appleText($0)) } ?? [nil]
            return pathVariants(entry.entry).flatMap { pieces in
                fragments.map { fragment in
                    LinkComponent(
                        path: Self.appleText(pieces), query: appleQuery(entry.entry), fragment: fragment, exclude: exclude ? true : nil,
                        caseSensitive: caseSensitive, percentEncoded: nil, comment: entry.comment + (exclude ? " (sources exclude universal links)" : ""))
                }
            }
        }
        var drafts: [(rank: Int, component: LinkComponent, route: String)] = []
        var refused: [(Entry, [String])] = []
        for entry in entries {
            let (reached, urls) = reaches(entry, on: host)
            guard reached else { continue }
            if entry.linkable {
                drafts += make(entry, exclude: false).map { (entry.rank, $0, entry.route.name) }
            } else {
                refused.append((entry, urls))
            }
        }
        let includes = ComponentList(components: drafts.map(\.component))
        for (entry, urls) in refused where urls.contains(where: { LinkURL($0).map { includes.opener(of: $0) != nil } ?? false }) {
            drafts += make(entry, exclude: true).map { (entry.rank, $0, entry.route.name) }
        }
        return drafts.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map { ($0.element.component, $0.element.route) }
    }

    // MARK: Android's intent filters

    /// The intent filter for `host` at `minimumAPI`: paths as `pathPattern` (below 31) or
    /// `pathAdvancedPattern`, and from API 35 a relative filter group for each entry, so query
    /// items, fragments and exclusions are said too.
    func intentFilter(host: Host, minimumAPI: Int) -> (filter: IntentFilterModel, routes: [String], owners: [(filter: IntentFilterModel, route: String)]) {
        let advanced = minimumAPI >= 31
        let groups = minimumAPI >= 35
        var filter = IntentFilterModel(schemes: ["https"], hosts: [host.written], paths: [])
        var routes: [String] = []
        var owners: [(filter: IntentFilterModel, route: String)] = []
        guard host.claimable else { return (IntentFilterModel(schemes: [], hosts: [], paths: []), [], []) }
        var drafts: [(rank: Int, group: IntentFilterModel.Group, route: String)] = []
        var refused: [(Entry, [String])] = []
        func rule(_ pieces: [Piece]) -> AndroidPathRule { advanced ? Self.androidAdvanced(pieces) : Self.androidSimple(pieces) }
        func groupsOf(_ entry: Entry, allow: Bool) -> [IntentFilterModel.Group] {
            let query = entry.entry.query.filter { $0.isRequired && !$0.mustBeAbsent }.map { AndroidPathRule.advanced(Self.escapedAdvanced($0.itemName) + "=.+") }
            let fragments: [AndroidPathRule?] = fragmentVariants(entry.entry)?.map { Self.androidAdvanced($0) } ?? [nil]
            return pathVariants(entry.entry).flatMap { pieces in
                fragments.map { IntentFilterModel.Group(allow: allow, path: Self.androidAdvanced(pieces), query: query, fragment: $0, comment: entry.comment) }
            }
        }
        for entry in entries {
            let (reached, urls) = reaches(entry, on: host)
            guard reached else { continue }
            guard entry.linkable else {
                refused.append((entry, urls))
                continue
            }
            routes.append(entry.route.name)
            var own = IntentFilterModel(schemes: filter.schemes, hosts: filter.hosts, paths: [])
            if groups {
                own.groups = groupsOf(entry, allow: true)
                drafts += own.groups.map { (entry.rank, $0, entry.route.name) }
            } else {
                own.paths = pathVariants(entry.entry).map(rule)
                for path in own.paths where !filter.paths.contains(path) { filter.paths.append(path) }
            }
            owners.append((own, entry.route.name))
        }
        if routes.isEmpty {
            // No path at all would claim every path: claim one no route has instead.
            filter.paths = [.literal("/.well-known/no-route")]
        }
        if groups {
            filter.groups = drafts.map(\.group)
            for (entry, urls) in refused where urls.contains(where: { LinkURL($0).map(filter.matches) ?? false }) {
                drafts += groupsOf(entry, allow: false).map { (entry.rank, $0, entry.route.name) }
            }
            filter.groups = drafts.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element.group)
        }
        return (filter, routes, owners)
    }

    static func escapedAdvanced(_ text: String) -> String { text.map { ".*+[]{}\\".contains($0) ? "\\" + String($0) : String($0) }.joined() }
}
