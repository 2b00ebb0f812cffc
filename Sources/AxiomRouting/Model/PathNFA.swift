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
