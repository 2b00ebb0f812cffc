@_spi(Lookup) import AxiomURLPattern

/// A set of ASCII bytes (routed paths are canonical: percent-encoded ASCII).
struct ByteSet: Hashable, Sendable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    static let empty = ByteSet()
    static let all = ByteSet(low: ~0, high: ~0)

    init(low: UInt64 = 0, high: UInt64 = 0) {
        self.low = low
        self.high = high
    }

    init(_ byte: UInt8) { insert(byte) }

    init(_ range: ClosedRange<UInt8>) {
        for byte in range where byte < 128 { insert(byte) }
    }

    init(_ text: String) {
        for byte in text.utf8 where byte < 128 { insert(byte) }
    }

    mutating func insert(_ byte: UInt8) {
        guard byte < 128 else { return }
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    func contains(_ byte: UInt8) -> Bool {
        guard byte < 128 else { return false }
        return byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
    }

    var isEmpty: Bool { low == 0 && high == 0 }
    var complement: ByteSet { ByteSet(low: ~low, high: ~high) }
    func union(_ other: ByteSet) -> ByteSet { ByteSet(low: low | other.low, high: high | other.high) }
    func intersection(_ other: ByteSet) -> ByteSet { ByteSet(low: low & other.low, high: high & other.high) }
    func subtracting(_ other: ByteSet) -> ByteSet { ByteSet(low: low & ~other.low, high: high & ~other.high) }

    /// The set with each ASCII letter's other case added.
    var caseFolded: ByteSet {
        var result = self
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") where contains(byte) || contains(byte + 32) {
            result.insert(byte)
            result.insert(byte + 32)
        }
        return result
    }

    var bytes: [UInt8] { (0..<128).filter { contains(UInt8($0)) }.map { UInt8($0) } }

    var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }

    /// The only byte, when there is exactly one.
    var single: UInt8? {
        guard count == 1 else { return nil }
        return low != 0 ? UInt8(low.trailingZeroBitCount) : UInt8(64 + high.trailingZeroBitCount)
    }

    static let slash = ByteSet(UInt8(ascii: "/"))
    static let digits = ByteSet(UInt8(ascii: "0")...UInt8(ascii: "9"))
    static let word = ByteSet(UInt8(ascii: "a")...UInt8(ascii: "z")).union(ByteSet(UInt8(ascii: "A")...UInt8(ascii: "Z"))).union(digits)
        .union(ByteSet(UInt8(ascii: "_")))
    static let space = ByteSet(UInt8(9)...UInt8(13)).union(ByteSet(UInt8(32)))
    /// What ECMAScript's `.` matches (without the `s` flag), in ASCII.
    static let dot = all.subtracting(ByteSet(10)).subtracting(ByteSet(13))
}

/// A nondeterministic automaton over ASCII bytes (Thompson's construction), with one start and
/// one accepting state: the language of a route's pattern, for the overlap analysis.
struct PathNFA: Sendable {
    var edges: [[(set: ByteSet, to: Int32)]] = []
    var epsilons: [[Int32]] = []
    var start: Int32 = 0
    var accept: Int32 = 0

    /// A fragment: where it starts and where it ends (one state each).
    struct Fragment {
        var start: Int32
        var end: Int32
    }

    var stateCount: Int { edges.count }

    mutating func state() -> Int32 {
        edges.append([])
        epsilons.append([])
        return Int32(edges.count - 1)
    }

    mutating func epsilon(_ from: Int32, _ to: Int32) { epsilons[Int(from)].append(to) }

    mutating func bytes(_ set: ByteSet) -> Fragment {
        let start = state()
        let end = state()
        if !set.isEmpty { edges[Int(start)].append((set, end)) }
        return Fragment(start: start, end: end)
    }

    /// The empty string.
    mutating func empty() -> Fragment {
        let start = state()
        let end = state()
        epsilon(start, end)
        return Fragment(start: start, end: end)
    }

    /// No string at all.
    mutating func nothing() -> Fragment {
        Fragment(start: state(), end: state())
    }

    mutating func sequence(_ fragments: [Fragment]) -> Fragment {
        guard var current = fragments.first else { return empty() }
        for next in fragments.dropFirst() {
            epsilon(current.end, next.start)
            current.end = next.end
        }
        return current
    }

    mutating func alternatives(_ fragments: [Fragment]) -> Fragment {
        guard fragments.count > 1 else { return fragments.first ?? nothing() }
        let start = state()
        let end = state()
        for fragment in fragments {
            epsilon(start, fragment.start)
            epsilon(fragment.end, end)
        }
        return Fragment(start: start, end: end)
    }

    mutating func optional(_ fragment: Fragment) -> Fragment {
        epsilon(fragment.start, fragment.end)
        return fragment
    }

    /// One or more (`+`); with `optional`, zero or more (`*`).
    mutating func repeated(_ fragment: Fragment, allowingNone: Bool) -> Fragment {
        let start = state()
        let end = state()
        epsilon(start, fragment.start)
        epsilon(fragment.end, end)
        epsilon(fragment.end, fragment.start)
        if allowingNone { epsilon(start, end) }
        return Fragment(start: start, end: end)
    }

    /// The bytes every accepted string starts with (`forward`) or ends with, as far as one
    /// byte follows another with no choice (at most `limit`); shorter when a state that leads
    /// nowhere offers another byte, so a filter built on it may let a pair through, never
    /// turn one away that overlaps.
    func fixedEnd(forward: Bool, limit: Int = 256) -> [UInt8] {
        // Backward: the edges reversed, from the accepting state.
        var reversed: [[(set: ByteSet, to: Int32)]] = []
        var reversedEpsilons: [[Int32]] = []
        if !forward {
            reversed = Array(repeating: [], count: stateCount)
            reversedEpsilons = Array(repeating: [], count: stateCount)
            for (from, list) in edges.enumerated() { for edge in list { reversed[Int(edge.to)].append((edge.set, Int32(from))) } }
            for (from, list) in epsilons.enumerated() { for to in list { reversedEpsilons[Int(to)].append(Int32(from)) } }
        }
        let (go, skip, first, last) = forward ? (edges, epsilons, start, accept) : (reversed, reversedEpsilons, accept, start)
        func closure(_ states: Set<Int32>) -> Set<Int32> {
            var result = states
            var stack = Array(states)
            while let state = stack.popLast() {
                for next in skip[Int(state)] where result.insert(next).inserted { stack.append(next) }
            }
            return result
        }
        var current = closure([first])
        var bytes: [UInt8] = []
        while bytes.count < limit, !current.contains(last) {
            var only: ByteSet? = nil
            var next: Set<Int32> = []
            for state in current {
                for edge in go[Int(state)] {
                    guard only == nil || only == edge.set else { return forward ? bytes : bytes.reversed() }
                    only = edge.set
                    next.insert(edge.to)
                }
            }
            guard let byte = only?.single else { break }
            bytes.append(byte)
            current = closure(next)
        }
        return forward ? bytes : bytes.reversed()
    }

    mutating func literal(_ text: String, caseless: Bool) -> Fragment {
        sequence(text.utf8.map { byte in bytes(caseless ? ByteSet(byte).caseFolded : ByteSet(byte)) })
    }
}

/// A JavaScript regular expression (the subset URLPattern groups and the types' shapes use) as
/// an automaton. What it cannot model — lookaround, back references, word boundaries, Unicode
/// property escapes, counted repetitions over ``maxCount`` — throws ``Unsupported``; the caller
/// then approximates the whole group (see ``PathLanguage``).
struct RegexAutomatonBuilder {
    struct Unsupported: Error {}

    /// Counted repetitions (`{n,m}`) are unrolled up to this many copies.
    static let maxCount = 64

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private let caseless: Bool

    private init(_ source: String, caseless: Bool) {
        scalars = Array(source.unicodeScalars)
        self.caseless = caseless
    }

    /// The automaton of `source` (a whole group's expression) added to `nfa`. What is valid is
    /// the translator's to say (one reader decides): a regexp it refuses is not read here.
    static func fragment(_ source: String, caseless: Bool, in nfa: inout PathNFA) throws(Unsupported) -> PathNFA.Fragment {
        do {
            try JavaScriptRegexTranslator.validate(source)
        } catch {
            throw Unsupported()
        }
        var builder = RegexAutomatonBuilder(source, caseless: caseless)
        let fragment = try builder.alternation(&nfa)
        guard builder.index == builder.scalars.count else { throw Unsupported() }
        return fragment
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func alternation(_ nfa: inout PathNFA) throws(Unsupported) -> PathNFA.Fragment {
        var branches = [try sequence(&nfa)]
        while current == "|" {
            index += 1
            branches.append(try sequence(&nfa))
        }
        return nfa.alternatives(branches)
    }

    private mutating func sequence(_ nfa: inout PathNFA) throws(Unsupported) -> PathNFA.Fragment {
        var items: [PathNFA.Fragment] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            // Anchors: the languages are of whole strings already.
            if scalar == "^", index == 0 || scalars[index - 1] == "(" || scalars[index - 1] == "|" {
                index += 1
                continue
            }
            if scalar == "$", index + 1 == scalars.count || scalars[index + 1] == ")" || scalars[index + 1] == "|" {
                index += 1
                continue
            }
            items.append(try quantified(&nfa))
        }
        return nfa.sequence(items)
    }

    private mutating func quantified(_ nfa: inout PathNFA) throws(Unsupported) -> PathNFA.Fragment {
        let start = index
        let atom = try self.atom(&nfa)
        let atomEnd = index
        var result = atom
        guard let scalar = current else { return result }
        var bounds: (min: Int, max: Int?)? = nil
        switch scalar {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            if let counted = countedBounds() { bounds = counted } else { return result }
        default: return result
        }
        if scalar != "{" { index += 1 }
        if current == "?" { index += 1 }  // lazy: the same language
        guard let (low, high) = bounds else { return result }
        switch (low, high) {
        case (0, nil): result = nfa.repeated(atom, allowingNone: true)
        case (1, nil): result = nfa.repeated(atom, allowingNone: false)
        case (0, 1): result = nfa.optional(atom)
        case (0, 0?):
            // `{0}`: the empty string.
            result = nfa.empty()
        default:
            guard low <= Self.maxCount, (high ?? low) <= Self.maxCount else { throw Unsupported() }
            // Unrolled: the atom again for each copy (parsed again from its text).
            var copies = [atom]
            let resume = index
            func copy(_ nfa: inout PathNFA) throws(Unsupported) -> PathNFA.Fragment {
                index = start
                let fragment = try self.atom(&nfa)
                guard index == atomEnd else { throw Unsupported() }
                return fragment
            }
            for _ in 1..<max(low, 1) {
                guard nfa.stateCount <= PathLanguage.stateLimit else { throw Unsupported() }
                copies.append(try copy(&nfa))
            }
            if low == 0 { copies = [nfa.optional(copies[0])] }
            if let high, high > max(low, 1) {
                for _ in max(low, 1)..<high {
                    guard nfa.stateCount <= PathLanguage.stateLimit else { throw Unsupported() }
                    copies.append(nfa.optional(try copy(&nfa)))
                }
            } else if high == nil {
                copies.append(nfa.repeated(try copy(&nfa), allowingNone: true))
            }
            index = resume
            result = nfa.sequence(copies)
        }
        return result
    }

    /// `{n}`, `{n,}`, `{n,m}` at the current position, consumed; nil (nothing consumed) when
    /// the brace is a literal.
    private mutating func countedBounds() -> (min: Int, max: Int?)? {
        var cursor = index + 1
        func number() -> Int? {
            var value: Int? = nil
            while cursor < scalars.count, let digit = Int(String(scalars[cursor])), scalars[cursor].isASCII {
                value = min((value ?? 0) * 10 + digit, 100_000)
                cursor += 1
            }
            return value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if cursor < scalars.count, scalars[cursor] == "," {
            cursor += 1
            high = number()
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        if let high, high < low { return nil }
        index = cursor + 1
        return (low, high)
    }

    private mutating func atom(_ nfa: inout PathNFA) throws(Unsupported) -> PathNFA.Fragment {
        // Nested counts multiply (`(?:(?:a{64}){64}){64}`): past the size the analysis compares,
        // stop building (the automaton would never be compared anyway).
        guard nfa.stateCount <= PathLanguage.stateLimit else { throw Unsupported() }
        guard let scalar = current else { throw Unsupported() }
        index += 1
        switch scalar {
        case "(":
            if current == "?" {
                // Only non-capturing and named groups: lookaround has no automaton here.
                guard index + 1 < scalars.count else { throw Unsupported() }
                if scalars[index + 1] == ":" {
                    index += 2
                } else if scalars[index + 1] == "<", index + 2 < scalars.count, scalars[index + 2] != "=", scalars[index + 2] != "!" {
                    guard let close = scalars[index...].firstIndex(of: ">") else { throw Unsupported() }
                    index = close + 1
                } else {
                    throw Unsupported()
                }
            }
            let inner = try alternation(&nfa)
            guard current == ")" else { throw Unsupported() }
            index += 1
            return inner
        case ".": return nfa.bytes(ByteSet.dot)
        case "[": return nfa.bytes(fold(try characterClass()))
        case "\\": return nfa.bytes(fold(try escape(inClass: false)))
        // An anchor anywhere but at an end (`a$b`, `$^`) is not a character: not modelled.
        case "*", "+", "?", ")", "]", "{", "}", "|", "^", "$": throw Unsupported()
        default: return nfa.bytes(fold(Self.set(of: scalar)))
        }
    }

    private func fold(_ set: ByteSet) -> ByteSet { caseless ? set.caseFolded : set }

    private static func set(of scalar: Unicode.Scalar) -> ByteSet {
        scalar.isASCII ? ByteSet(UInt8(scalar.value)) : .empty
    }

    private mutating func characterClass() throws(Unsupported) -> ByteSet {
        var negated = false
        if current == "^" {
            negated = true
            index += 1
        }
        var set = ByteSet.empty
        while let scalar = current, scalar != "]" {
            index += 1
            var low: ByteSet
            var single: Unicode.Scalar? = nil
            if scalar == "\\" {
                low = try escape(inClass: true)
                if low.bytes.count == 1, let byte = low.bytes.first { single = Unicode.Scalar(byte) }
            } else {
                // `[` inside a class starts a nested class in the `v` mode, and `&&`, `--` are its
                // set operations: not modelled (the whole group is approximated instead).
                if scalar == "[" { throw Unsupported() }
                if scalar == "&" || scalar == "-", current == scalar { throw Unsupported() }
                low = Self.set(of: scalar)
                single = scalar
            }
            if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]", let from = single {
                index += 1
                guard let toScalar = current else { throw Unsupported() }
                index += 1
                var to = toScalar
                if toScalar == "\\" {
                    let escaped = try escape(inClass: true)
                    guard escaped.bytes.count == 1, let byte = escaped.bytes.first else { throw Unsupported() }
                    to = Unicode.Scalar(byte)
                }
                guard from.value <= to.value else { throw Unsupported() }
                if from.value < 128 { low = ByteSet(UInt8(from.value)...UInt8(min(to.value, 127))) } else { low = .empty }
            }
            set = set.union(low)
        }
        guard current == "]" else { throw Unsupported() }
        index += 1
        return negated ? set.complement : set
    }

    private mutating func escape(inClass: Bool) throws(Unsupported) -> ByteSet {
        guard let scalar = current else { throw Unsupported() }
        index += 1
        switch scalar {
        case "d": return .digits
        case "D": return ByteSet.digits.complement
        case "w": return .word
        case "W": return ByteSet.word.complement
        case "s": return .space
        case "S": return ByteSet.space.complement
        case "n": return ByteSet(10)
        case "r": return ByteSet(13)
        case "t": return ByteSet(9)
        case "f": return ByteSet(12)
        case "v": return ByteSet(11)
        case "0": return ByteSet(0)
        case "b" where inClass: return ByteSet(8)
        case "x":
            guard index + 2 <= scalars.count, let value = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 2])), radix: 16)
            else { throw Unsupported() }
            index += 2
            return value < 128 ? ByteSet(UInt8(value)) : .empty
        case "u":
            guard index + 4 <= scalars.count, let value = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16)
            else { throw Unsupported() }
            index += 4
            return value < 128 ? ByteSet(UInt8(value)) : .empty
        default:
            // Letters and digits escape to something this does not model (`\b`, `\1`, `\p{…}`,
            // `\k<…>`, `\c…`); other characters stand for themselves (`\/`, `\.`).
            if scalar.properties.isAlphabetic || ("1"..."9").contains(scalar) { throw Unsupported() }
            return Self.set(of: scalar)
        }
    }
}

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
