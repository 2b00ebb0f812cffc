@_spi(Lookup) import AxiomURLPattern

/// The language of a route's pattern — every routed path it matches, its typed groups checked
/// by their types' shapes — as automata the overlap analysis compares (`check`'s W401, W402).
///
/// Two automata: ``under`` accepts only paths the route certainly takes, ``over`` every path it
/// might. They are the same automaton unless a group's expression has something the builder
/// cannot model (lookaround, back references, …: ``isExact`` false) or a type converts fewer
/// values than its shape admits (an `int` of 19 digits or more may not fit; a `double` may
/// overflow), where ``under`` leaves those values out. A route is reported as never matching
/// only when the winner's ``under`` takes all of its ``over``, so an approximation can hide an
/// overlap but never invent one.
struct PathLanguage: Sendable {
    var under: PathNFA
    var over: PathNFA
    /// Whether every group was modelled exactly (then ``under`` and ``over`` differ only by
    /// the numeric types' ranges).
    var isExact: Bool

    /// Automata this large are not compared (a pattern of thousands of parts).
    static let stateLimit = 4_000

    /// `parts` (typed: single-segment typed groups carry their type's expression).
    /// `parts` (typed: single-segment typed groups carry their type's expression); `delimiter`
    /// is what a plain group stops at (`/` in a path, `.` in a hostname).
    init(parts: [Part], caseless: Bool, delimiter: UInt8 = UInt8(ascii: "/")) {
        var exact = true
        under = Self.automaton(parts, caseless: caseless, under: true, delimiter: delimiter, exact: &exact)
        over = Self.automaton(parts, caseless: caseless, under: false, delimiter: delimiter, exact: &exact)
        isExact = exact
    }

    /// Whether the group expression `source` can match a `/` (a group that spans segments).
    static func canMatchSlash(_ source: String) -> Bool {
        var nfa = PathNFA()
        guard let fragment = try? RegexAutomatonBuilder.fragment(source, caseless: false, in: &nfa) else { return false }
        nfa.start = fragment.start
        nfa.accept = fragment.end
        return nfa.edges.contains { $0.contains { $0.set.contains(UInt8(ascii: "/")) } }
    }

    private static let intShape = ParameterType.int.segmentRegexp
    private static let doubleShape = ParameterType.double.segmentRegexp
    /// Values of these shapes that always convert (an `Int` has at least 18 digits; a double
    /// of at most 15 + 15 digits without exponent is finite).
    private static let safeInt = "[\\-+]?[0-9]{1,18}"
    private static let safeDouble = "[\\-+]?(?:[0-9]{1,15}(?:\\.[0-9]{0,15})?|\\.[0-9]{1,15})"

    private static func automaton(_ parts: [Part], caseless: Bool, under: Bool, delimiter: UInt8, exact: inout Bool) -> PathNFA {
        var nfa = PathNFA()
        var fragments: [PathNFA.Fragment] = []
        for part in parts {
            if part.kind == .fixedText {
                let text = nfa.literal(part.value, caseless: caseless)
                fragments.append(Self.modified(text, part.modifier, in: &nfa))
                continue
            }
            func value(_ nfa: inout PathNFA) -> PathNFA.Fragment {
                switch part.kind {
                case .segmentWildcard: return nfa.repeated(nfa.bytes(ByteSet(delimiter).complement), allowingNone: false)
                case .fullWildcard: return nfa.repeated(nfa.bytes(.dot), allowingNone: true)
                default:
                    var source = part.value
                    if under, source == intShape { source = safeInt }
                    if under, source == doubleShape { source = safeDouble }
                    do {
                        return try RegexAutomatonBuilder.fragment(source, caseless: caseless, in: &nfa)
                    } catch {
                        exact = false
                        return under ? nfa.nothing() : nfa.repeated(nfa.bytes(.all), allowingNone: true)
                    }
                }
            }
            let prefix = part.prefix.isEmpty ? nil : part.prefix
            let suffix = part.suffix.isEmpty ? nil : part.suffix
            if part.modifier == .none || part.modifier == .optional || (prefix == nil && suffix == nil) {
                var pieces: [PathNFA.Fragment] = []
                if let prefix { pieces.append(nfa.literal(prefix, caseless: caseless)) }
                pieces.append(value(&nfa))
                if let suffix { pieces.append(nfa.literal(suffix, caseless: caseless)) }
                fragments.append(Self.modified(nfa.sequence(pieces), part.modifier, in: &nfa))
                continue
            }
            // `(?:P((?:V)(?:S P (?:V))*) S)` and `?` for `*`: the repeats joined by suffix and prefix.
            let first = value(&nfa)
            var joint: [PathNFA.Fragment] = []
            if let suffix { joint.append(nfa.literal(suffix, caseless: caseless)) }
            if let prefix { joint.append(nfa.literal(prefix, caseless: caseless)) }
            joint.append(value(&nfa))
            let more = nfa.repeated(nfa.sequence(joint), allowingNone: true)
            var pieces: [PathNFA.Fragment] = []
            if let prefix { pieces.append(nfa.literal(prefix, caseless: caseless)) }
            pieces += [first, more]
            if let suffix { pieces.append(nfa.literal(suffix, caseless: caseless)) }
            let whole = nfa.sequence(pieces)
            fragments.append(part.modifier == .zeroOrMore ? nfa.optional(whole) : whole)
        }
        let all = nfa.sequence(fragments)
        nfa.start = all.start
        nfa.accept = all.end
        return nfa
    }

    private static func modified(_ fragment: PathNFA.Fragment, _ modifier: Part.Modifier, in nfa: inout PathNFA) -> PathNFA.Fragment {
        switch modifier {
        case .none: return fragment
        case .optional: return nfa.optional(fragment)
        case .zeroOrMore: return nfa.repeated(fragment, allowingNone: true)
        case .oneOrMore: return nfa.repeated(fragment, allowingNone: false)
        }
    }
}
