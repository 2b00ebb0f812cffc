/// One piece of a parsed pattern (https://urlpattern.spec.whatwg.org/#part).
///
/// A part list prints back to a canonical pattern string (``PartList/patternString``)
/// and compiles to a regular expression.
struct Part: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Literal text (already canonicalised by the component's encoder).
        case fixedText
        /// A custom regexp `(…)`; the regexp is in ``Part/value``.
        case regexp
        /// `:name` without a regexp: one segment (anything but the delimiter).
        case segmentWildcard
        /// `*` or `(.*)`: anything.
        case fullWildcard
    }

    enum Modifier: Sendable, Equatable {
        case none, optional, zeroOrMore, oneOrMore

        /// `""`, `"?"`, `"*"` or `"+"`.
        var text: String {
            switch self {
            case .none: return ""
            case .optional: return "?"
            case .zeroOrMore: return "*"
            case .oneOrMore: return "+"
            }
        }
    }

    var kind: Kind
    /// The fixed text, or the regexp of a `.regexp` part; empty otherwise.
    var value: String
    var modifier: Modifier
    /// The group name: given (`:id`) or a number for unnamed groups (`"0"`, `"1"` …).
    var name: String = ""
    var prefix: String = ""
    var suffix: String = ""
    /// Where the part's regexp token starts in the pattern string (for error positions).
    var position: Int = 0

    /// Whether the name was written by the user rather than numbered.
    var hasCustomName: Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return !first.isASCIIDigit
    }
}

/// The options a pattern string is parsed with (https://urlpattern.spec.whatwg.org/#options).
struct PatternOptions: Sendable, Equatable {
    /// The code point a segment wildcard stops at (`/` in pathnames, `.` in hostnames), or nil.
    var delimiter: Unicode.Scalar?
    /// The code point that is folded into a following group as its prefix (`/` in pathnames).
    var prefix: Unicode.Scalar?
    var ignoreCase = false

    static let `default` = PatternOptions(delimiter: nil, prefix: nil)
    static let hostname = PatternOptions(delimiter: ".", prefix: nil)
    static let pathname = PatternOptions(delimiter: "/", prefix: "/")

    var prefixString: String { prefix.map { String($0) } ?? "" }
}
