@_spi(Lookup) import AxiomURLPattern

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
