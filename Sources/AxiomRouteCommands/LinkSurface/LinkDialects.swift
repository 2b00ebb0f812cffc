import AxiomURLPattern

/// A link as the platforms' matchers read it: its host, and its path, query and fragment as
/// written (percent-encoded), with the decoded forms Android reads beside them.
struct LinkURL: Sendable, Hashable, CustomStringConvertible {
    let url: String
    let scheme: String
    let host: String
    /// The path as written (encoded), `/` for none.
    let path: String
    let query: String?
    let fragment: String?

    init?(_ text: String) {
        guard let record = try? URLRecord(text), let host = record.host else { return nil }
        url = record.href
        scheme = record.scheme
        self.host = host.serialized
        path = record.pathname.isEmpty ? "/" : record.pathname
        query = record.query
        fragment = record.fragment
    }

    var description: String { url }

    /// Percent-decoded, as Android's `Uri.getPath()`, `getQuery()` and `getFragment()` give it.
    static func decoded(_ text: String) -> String { String(decoding: percentDecode(Array(text.utf8)), as: UTF8.self) }

    /// The query's items, split at `&` and the first `=` (names and values still encoded).
    var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (String(item), "") }
            return (String(item[..<equals]), String(item[item.index(after: equals)...]))
        }
    }
}

// MARK: - Apple's components (and Android 15's dynamic rules, which share their syntax)

/// One entry of an `applinks` `components` array (Apple, iOS 13 and later), or of Android 15's
/// `dynamic_app_link_components` in `assetlinks.json` (the same keys, the same wildcards).
struct LinkComponent: Sendable, Hashable, Codable {
    /// The path pattern (`/`); nil: `*`.
    var path: String?
    /// The query: a pattern for the whole query, or a pattern for each named item.
    var query: Query?
    /// The fragment pattern (`#`); nil: `*`.
    var fragment: String?
    var exclude: Bool?
    var caseSensitive: Bool?
    var percentEncoded: Bool?
    var comment: String?

    enum Query: Sendable, Hashable, Codable {
        case whole(String)
        case items([String: String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .whole(text)
            } else {
                self = .items(try container.decode([String: String].self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .whole(let text): try container.encode(text)
            case .items(let items): try container.encode(items)
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case path = "/"
        case query = "?"
        case fragment = "#"
        case exclude, caseSensitive, percentEncoded, comment
    }

    /// Whether this component matches `url` (Apple's documented rules: every key given must
    /// match; a query item that is absent, or has no value, reads as the empty string; every
    /// instance of a repeated item must match; `percentEncoded` false compares decoded text).
    func matches(_ url: LinkURL, defaults: LinkComponent? = nil) -> Bool {
        let caseSensitive = self.caseSensitive ?? defaults?.caseSensitive ?? true
        let encoded = self.percentEncoded ?? defaults?.percentEncoded ?? true
        func text(_ raw: String) -> String { encoded ? raw : LinkURL.decoded(raw) }
        func glob(_ pattern: String?, _ subject: String) -> Bool {
            guard let pattern else { return true }
            return AppleGlob.matches(pattern, text(subject), caseSensitive: caseSensitive)
        }
        guard glob(path, url.path), glob(fragment, url.fragment ?? "") else { return false }
        switch query {
        case nil: return true
        case .whole(let pattern): return glob(pattern, url.query ?? "")
        case .items(let items):
            let present = url.queryItems.map { (name: text($0.name), value: $0.value) }
            for (name, pattern) in items {
                let values = present.filter { $0.name == name }.map(\.value)
                guard (values.isEmpty ? [""] : values).allSatisfy({ glob(pattern, $0) }) else { return false }
            }
            return true
        }
    }
}

/// Apple's wildcards: `*` matches zero or more characters (any, `/` included), `?` exactly one;
/// everything else is itself. (`?*` is one or more.)
enum AppleGlob {
    static func matches(_ pattern: String, _ text: String, caseSensitive: Bool) -> Bool {
        let pattern = Array((caseSensitive ? pattern : pattern.lowercased()).unicodeScalars)
        let text = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
        // The classic two-pointer glob with one backtrack point: linear in practice, and never
        // worse than pattern × text.
        var p = 0
        var t = 0
        var star: Int? = nil
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

/// The components of one `applinks` detail (or one Android dynamic rule set), in order: the
/// first that matches decides, and an `exclude` one keeps the link in the browser.
struct ComponentList: Sendable, Hashable {
    var components: [LinkComponent]
    var defaults: LinkComponent? = nil

    /// The index of the component that opens `url` in the app, or nil (no match, or excluded).
    func opener(of url: LinkURL) -> Int? {
        for (index, component) in components.enumerated() where component.matches(url, defaults: defaults) {
            return component.exclude == true ? nil : index
        }
        return nil
    }
}
