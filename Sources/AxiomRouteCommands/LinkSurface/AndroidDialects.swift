import AxiomURLPattern

/// Android's `PatternMatcher`: the five ways a `<data>` element matches a path (or, inside a
/// `<uri-relative-filter-group>`, a query item or the fragment), as the platform implements them.
enum AndroidPathRule: Sendable, Hashable {
    /// `android:path`: the whole path.
    case literal(String)
    /// `android:pathPrefix`.
    case prefix(String)
    /// `android:pathSuffix` (API 31).
    case suffix(String)
    /// `android:pathPattern`: `.` any character, `X*` zero or more of X, `\` escapes. Its `.*`
    /// consumes up to the *first* occurrence of the character after it, without backtracking.
    case glob(String)
    /// `android:pathAdvancedPattern` (API 31): `.`, sets `[a-z]` `[^/]`, and `*`, `+`, `{m,n}`
    /// after a token; each token takes as many characters as it can and never gives them back.
    case advanced(String)

    var attribute: String {
        switch self {
        case .literal: return "path"
        case .prefix: return "pathPrefix"
        case .suffix: return "pathSuffix"
        case .glob: return "pathPattern"
        case .advanced: return "pathAdvancedPattern"
        }
    }

    var pattern: String {
        switch self {
        case .literal(let text), .prefix(let text), .suffix(let text), .glob(let text), .advanced(let text): return text
        }
    }

    static func make(attribute: String, _ pattern: String) -> AndroidPathRule? {
        switch attribute {
        case "path", "query", "fragment": return .literal(pattern)
        case "pathPrefix", "queryPrefix", "fragmentPrefix": return .prefix(pattern)
        case "pathSuffix", "querySuffix", "fragmentSuffix": return .suffix(pattern)
        case "pathPattern", "queryPattern", "fragmentPattern": return .glob(pattern)
        case "pathAdvancedPattern", "queryAdvancedPattern", "fragmentAdvancedPattern": return .advanced(pattern)
        default: return nil
        }
    }

    /// The lowest API level that reads this attribute.
    var minimumAPI: Int {
        switch self {
        case .literal, .prefix, .glob: return 1
        case .suffix, .advanced: return 31
        }
    }

    func matches(_ subject: String) -> Bool {
        switch self {
        case .literal(let text): return subject == text
        case .prefix(let text): return subject.hasPrefix(text)
        case .suffix(let text): return subject.hasSuffix(text)
        case .glob(let pattern): return AndroidGlob.matchesSimple(pattern, subject)
        case .advanced(let pattern): return AndroidGlob.matchesAdvanced(pattern, subject) ?? false
        }
    }
}

/// Android's two glob dialects, written from AOSP's `PatternMatcher` (the platform's own
/// behaviour, quirks included: neither backtracks).
enum AndroidGlob {
    /// `PATTERN_SIMPLE_GLOB` (`android:pathPattern`).
    static func matchesSimple(_ patternText: String, _ matchText: String) -> Bool {
        let pattern = Array(patternText.utf16)
        let match = Array(matchText.utf16)
        let star = UInt16(UInt8(ascii: "*")), dot = UInt16(UInt8(ascii: ".")), backslash = UInt16(UInt8(ascii: "\\"))
        let np = pattern.count, nm = match.count
        if np == 0 { return nm == 0 }
        var ip = 0, im = 0
        var next = pattern[0]
        while ip < np && im < nm {
            var c = next
            ip += 1
            next = ip < np ? pattern[ip] : 0
            let escaped = c == backslash
            if escaped {
                c = next
                ip += 1
                next = ip < np ? pattern[ip] : 0
            }
            if next == star {
                if !escaped && c == dot {
                    if ip >= np - 1 { return true }
                    ip += 1
                    next = pattern[ip]
                    if next == backslash {
                        ip += 1
                        next = ip < np ? pattern[ip] : 0
                    }
                    repeat {
                        if match[im] == next { break }
                        im += 1
                    } while im < nm
                    if im == nm { return false }
                    ip += 1
                    next = ip < np ? pattern[ip] : 0
                    im += 1
                } else {
                    repeat {
                        if match[im] != c { break }
                        im += 1
                    } while im < nm
                    ip += 1
                    next = ip < np ? pattern[ip] : 0
                }
            } else {
                if c != dot && match[im] != c { return false }
                im += 1
            }
        }
        if ip >= np && im >= nm { return true }
        if ip == np - 2 && pattern[ip] == dot && pattern[ip + 1] == star { return true }
        return false
    }

    /// One token of an advanced pattern, with how many times it repeats.
    private struct Token {
        enum Kind {
            case any
            case literal(UInt16)
            /// Inclusive ranges; `inverse` for `[^…]`.
            case set([(UInt16, UInt16)], inverse: Bool)
        }
        var kind: Kind
        var min = 1
        var max = 1

        func takes(_ unit: UInt16) -> Bool {
            switch kind {
            case .any: return true
            case .literal(let c): return unit == c
            case .set(let ranges, let inverse): return ranges.contains { $0.0 <= unit && unit <= $0.1 } != inverse
            }
        }
    }

    /// `PATTERN_ADVANCED_GLOB` (`android:pathAdvancedPattern`); nil for a pattern the platform
    /// refuses (a modifier with no token before it, an unterminated set or range).
    static func matchesAdvanced(_ pattern: String, _ subject: String) -> Bool? {
        guard let tokens = parseAdvanced(pattern) else { return nil }
        let match = Array(subject.utf16)
        var im = 0
        for token in tokens {
            var taken = 0
            while taken < token.max, im + taken < match.count, token.takes(match[im + taken]) { taken += 1 }
            if taken < token.min { return false }
            im += taken
        }
        return im >= match.count
    }

    /// Whether the platform accepts `pattern` as an advanced pattern.
    static func isValidAdvanced(_ pattern: String) -> Bool { parseAdvanced(pattern) != nil }

    private static func parseAdvanced(_ text: String) -> [Token]? {
        let p = Array(text.utf16)
        func unit(_ c: Character) -> UInt16 { UInt16(c.asciiValue ?? 0) }
        var tokens: [Token] = []
        var i = 0
        func modifierAllowed() -> Bool { !tokens.isEmpty && tokens[tokens.count - 1].min == 1 && tokens[tokens.count - 1].max == 1 }
        while i < p.count {
            let c = p[i]
            switch c {
            case unit("["):
                var j = i + 1
                var inverse = false
                if j < p.count, p[j] == unit("^") {
                    inverse = true
                    j += 1
                }
                var ranges: [(UInt16, UInt16)] = []
                while j < p.count, p[j] != unit("]") {
                    var low = p[j]
                    if low == unit("\\"), j + 1 < p.count {
                        j += 1
                        low = p[j]
                    }
                    if j + 2 < p.count, p[j + 1] == unit("-"), p[j + 2] != unit("]") {
                        ranges.append((low, p[j + 2]))
                        j += 3
                    } else {
                        ranges.append((low, low))
                        j += 1
                    }
                }
                guard j < p.count, !ranges.isEmpty else { return nil }
                tokens.append(Token(kind: .set(ranges, inverse: inverse)))
                i = j + 1
                continue
            case unit("*"), unit("+"):
                guard modifierAllowed() else { return nil }
                tokens[tokens.count - 1].min = c == unit("*") ? 0 : 1
                tokens[tokens.count - 1].max = Int.max
            case unit("{"):
                guard modifierAllowed(), let close = p[i...].firstIndex(of: unit("}")) else { return nil }
                let body = String(decoding: p[(i + 1)..<close], as: UTF16.self)
                let bounds = body.split(separator: ",", omittingEmptySubsequences: false)
                guard let low = Int(bounds[0]) else { return nil }
                let high: Int
                if bounds.count == 1 {
                    high = low
                } else if bounds.count == 2 {
                    if bounds[1].isEmpty {
                        high = Int.max
                    } else {
                        guard let value = Int(bounds[1]) else { return nil }
                        high = value
                    }
                } else {
                    return nil
                }
                guard low <= high else { return nil }
                tokens[tokens.count - 1].min = low
                tokens[tokens.count - 1].max = high
                i = close + 1
                continue
            case unit("."):
                tokens.append(Token(kind: .any))
            case unit("\\"):
                guard i + 1 < p.count else { return nil }
                i += 1
                tokens.append(Token(kind: .literal(p[i])))
            default:
                tokens.append(Token(kind: .literal(c)))
            }
            i += 1
        }
        return tokens
    }
}

/// One `<intent-filter>` for https App Links: its schemes, hosts and paths, and (API 35) its
/// `<uri-relative-filter-group>`s, which are tried in order after the path and the first
/// that matches allows or blocks the link.
struct IntentFilterModel: Sendable, Hashable {
    var schemes: [String]
    var hosts: [String]
    /// Empty: any path.
    var paths: [AndroidPathRule]
    var groups: [Group] = []
    var comment: String? = nil

    struct Group: Sendable, Hashable {
        var allow: Bool
        var path: AndroidPathRule?
        /// Each must match one `name=value` item of the decoded query.
        var query: [AndroidPathRule] = []
        var fragment: AndroidPathRule?
        var comment: String? = nil

        func matches(_ url: LinkURL) -> Bool {
            if let path, !path.matches(LinkURL.decoded(url.path)) { return false }
            if !query.isEmpty {
                guard let raw = url.query else { return false }
                let decoded = LinkURL.decoded(raw)
                var items = decoded.split(separator: "&", omittingEmptySubsequences: false).map(String.init)
                if items.count == 1 { items = decoded.split(separator: ";", omittingEmptySubsequences: false).map(String.init) }
                for rule in query where !items.contains(where: rule.matches) { return false }
            }
            if let fragment {
                guard let raw = url.fragment, fragment.matches(LinkURL.decoded(raw)) else { return false }
            }
            return true
        }
    }

    /// Whether the filter takes `url` (scheme, host with a leading `*.` for subdomains, path;
    /// then the groups, of which one must allow it).
    func matches(_ url: LinkURL) -> Bool {
        guard schemes.contains(url.scheme), hosts.contains(where: { Self.host($0, takes: url.host) }) else { return false }
        let path = LinkURL.decoded(url.path)
        if !paths.isEmpty, !paths.contains(where: { $0.matches(path) }) { return false }
        if groups.isEmpty { return true }
        for group in groups where group.matches(url) { return group.allow }
        return false
    }

    static func host(_ pattern: String, takes host: String) -> Bool {
        if pattern.hasPrefix("*") {
            let suffix = pattern.dropFirst().lowercased()
            return host.count >= suffix.count && host.lowercased().hasSuffix(suffix)
        }
        return pattern.lowercased() == host.lowercased()
    }
}
