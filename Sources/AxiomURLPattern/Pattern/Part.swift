/// One piece of a parsed pattern (https://urlpattern.spec.whatwg.org/#part).
///
/// A part list prints back to a canonical pattern string (``PartList/patternString``)
/// and compiles to a regular expression.
package struct Part: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Literal text (already canonicalised by the component's encoder).
        case fixedText
        /// A custom regexp `(…)`; the regexp is in ``Part/value``.
        case regexp
        /// `:name` without a regexp: one segment (anything but the delimiter).
        case segmentWildcard
        /// `*` or `(.*)`: anything.
        case fullWildcard
    }

    package enum Modifier: Sendable, Equatable {
        case none, optional, zeroOrMore, oneOrMore

        /// ``text`` as a literal.
        package var literal: StaticString {
            switch self {
            case .none: return ""
            case .optional: return "?"
            case .zeroOrMore: return "*"
            case .oneOrMore: return "+"
            }
        }

        /// `""`, `"?"`, `"*"` or `"+"`.
        package var text: String {
            switch self {
            case .none: return ""
            case .optional: return "?"
            case .zeroOrMore: return "*"
            case .oneOrMore: return "+"
            }
        }
    }

    package var kind: Kind
    /// The fixed text, or the regexp of a `.regexp` part; empty otherwise.
    package var value: String
    package var modifier: Modifier
    /// The group name: given (`:id`) or a number for unnamed groups (`"0"`, `"1"` …).
    package var name: String = ""
    package var prefix: String = ""
    package var suffix: String = ""
    /// Where the part's regexp token starts in the pattern string (for error positions).
    package var position: Int = 0

    package init(kind: Kind, value: String, modifier: Modifier, name: String = "", prefix: String = "", suffix: String = "", position: Int = 0) {
        self.kind = kind
        self.value = value
        self.modifier = modifier
        self.name = name
        self.prefix = prefix
        self.suffix = suffix
        self.position = position
    }

    /// Whether the name was written by the user rather than numbered.
    package var hasCustomName: Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return !first.isASCIIDigit
    }
}

/// The options a pattern string is parsed with (https://urlpattern.spec.whatwg.org/#options).
package struct PatternOptions: Sendable, Hashable {
    /// The code point a segment wildcard stops at (`/` in pathnames, `.` in hostnames), or nil.
    package var delimiter: Unicode.Scalar?
    /// The code point that is folded into a following group as its prefix (`/` in pathnames).
    package var prefix: Unicode.Scalar?
    package var ignoreCase = false

    package static let `default` = PatternOptions(delimiter: nil, prefix: nil)
    package static let hostname = PatternOptions(delimiter: ".", prefix: nil)
    package static let pathname = PatternOptions(delimiter: "/", prefix: "/")

    package var prefixString: String { prefix.map { String($0) } ?? "" }
}

/// The parser's check that no two groups share a name
/// (https://urlpattern.spec.whatwg.org/#add-a-part, "duplicate group name"), for both readers
/// of a pattern string: a scan of the parts while they are few (every pattern people write),
/// a set of their names once they are many, so a pattern of tens of thousands of groups is
/// checked in linear time rather than quadratic (60,000 `/*` took seconds).
struct GroupNameCheck {
    /// The names of the parts, once there are ``scanLimit`` or more.
    private var names: Set<String>? = nil
    private static let scanLimit = 16

    /// Whether no part among `parts` is named `name`; from then on, `name` counts as taken
    /// (the caller appends its part or gives up the whole pattern).
    mutating func isNew(_ name: String, among parts: [Part]) -> Bool {
        if var names {
            self.names = nil
            defer { self.names = names }
            return names.insert(name).inserted
        }
        guard parts.count >= Self.scanLimit else { return !parts.contains { $0.name == name } }
        var all = Set(parts.lazy.map(\.name))
        let inserted = all.insert(name).inserted
        names = all
        return inserted
    }
}
