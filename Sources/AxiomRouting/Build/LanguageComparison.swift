/// Compares two route languages (``PathLanguage``) exactly, over the paths a router can be
/// asked to match: inclusion ("every path the second takes, the first takes too") and
/// intersection ("some path both take", with that path as the example).
///
/// Both automata are turned into deterministic ones on the fly, together, one state pair at a
/// time (the product of the subset constructions), over the characters a routed path can hold
/// (canonical: printable ASCII without `"#<>?` `` ` `` `{}`), grouped into the classes the two
/// automata tell apart. Paths start with `/`, and when the table ignores a trailing `/`, only
/// `/` itself ends with one. The search stops after ``stateBudget`` state pairs: the answer is
/// then ``Verdict/unknown`` (never a guess).
struct LanguageComparison {
    enum Verdict: Equatable {
        case yes
        /// With a path that shows it (for inclusion: one the first does not take).
        case no(example: String)
        case unknown
    }

    static let stateBudget = 4_096
    /// Work one comparison may do (states of the two automata stepped over, summed), and the
    /// whole table's analysis.
    static let workPerComparison = 20_000
    static let workPerTable = 100_000
    static let workPerRoute = 500

    /// The work done so far, shared by the comparisons of one table (about 25 units a
    /// microsecond, more with AddressSanitizer: a table of `n` routes spends a few ms + 20 µs × n on it).
    final class Meter {
        var used = 0
        let limit: Int
        var exhausted: Bool { used >= limit }

        init(routes: Int) { limit = LanguageComparison.workPerTable + LanguageComparison.workPerRoute * routes }
    }

    let meter: Meter

    init(ignoresTrailingSlash: Bool, routes: Int) {
        self.ignoresTrailingSlash = ignoresTrailingSlash
        meter = Meter(routes: routes)
    }

    /// The bytes a canonical routed path can hold.
    static let pathBytes = ByteSet(UInt8(0x21)...UInt8(0x7E)).subtracting(ByteSet("\"#<>?`{}"))

    let ignoresTrailingSlash: Bool
    /// What the strings compared are: routed paths, or hostnames (canonical: lowercase
    /// letters, digits, `-`, `.` and `_`, any string of them).
    var domain: Domain = .path

    enum Domain {
        /// Routed paths; hostnames; query values (any ASCII string: a value that holds other
        /// characters is not compared, so an overlap only they could show is not found).
        case path, host, value
    }

    static let valueBytes = ByteSet(UInt8(0)...UInt8(0x7F))

    /// The bytes the strings of the domain are made of.
    var alphabet: ByteSet {
        switch domain {
        case .path: Self.pathBytes
        case .host: Self.hostBytes
        case .value: Self.valueBytes
        }
    }

    /// The same comparison (and the same budget) over query values.
    var forValues: LanguageComparison {
        var copy = self
        copy.domain = .value
        return copy
    }

    static let hostBytes = ByteSet(UInt8(ascii: "a")...UInt8(ascii: "z")).union(ByteSet(UInt8(ascii: "0")...UInt8(ascii: "9"))).union(ByteSet("-._"))

    /// The same comparison (and the same budget) over hostnames.
    var forHosts: LanguageComparison {
        var copy = self
        copy.domain = .host
        return copy
    }

    /// Whether every path `inner` takes, `outer` takes too.
    func includes(_ outer: PathNFA, _ inner: PathNFA) -> Verdict {
        switch search(inner, outer, goal: { innerAccepts, outerAccepts in innerAccepts && !outerAccepts }) {
        case .found(let example): return .no(example: example)
        case .exhausted: return .yes
        case .overBudget: return .unknown
        }
    }

    enum Overlap: Equatable {
        case disjoint
        case overlapping(example: String)
        case unknown
    }

    /// Whether some path is taken by both, with one such path.
    func overlap(_ a: PathNFA, _ b: PathNFA) -> Overlap {
        switch search(a, b, goal: { $0 && $1 }) {
        case .found(let example): return .overlapping(example: example)
        case .exhausted: return .disjoint
        case .overBudget: return .unknown
        }
    }

    /// The shortest path `nfa` takes, if any: a breadth-first walk of the automaton's own
    /// states (no subsets), each with where the path stands against the domain — linear in
    /// the automaton's size.
    func sample(_ nfa: PathNFA) -> String? {
        guard nfa.stateCount <= PathLanguage.stateLimit else { return nil }
        let alphabet = self.alphabet
        let preferred = Array("abcdefghijklmnopqrstuvwxyz0123456789-_.~/".utf8)
        // A node is a state and a place (nothing read, exactly `/`, last `/`, other).
        func node(_ state: Int32, _ place: Place) -> Int { Int(state) * 4 + Int(place.rawValue) }
        var parents = [(Int, UInt8?)?](repeating: nil, count: nfa.stateCount * 4)
        let first = node(nfa.start, .start)
        parents[first] = (-1, nil)
        var layer = [first]
        var work = 0
        defer { meter.used += work }
        // Layer by layer (paths of one length), each closed under epsilon moves first.
        while !layer.isEmpty {
            var stack = layer
            var closed: [Int] = []
            while let current = stack.popLast() {
                work += 1
                closed.append(current)
                for next in nfa.epsilons[current / 4] {
                    let target = node(next, Place(rawValue: UInt8(current % 4)) ?? .other)
                    guard parents[target] == nil else { continue }
                    parents[target] = (current, nil)
                    stack.append(target)
                }
            }
            for current in closed {
                let place = Place(rawValue: UInt8(current % 4)) ?? .other
                guard Int32(current / 4) == nfa.accept,
                    domain != .path || place == .root || place == .other || (place == .slash && !ignoresTrailingSlash)
                else { continue }
                var bytes: [UInt8] = []
                var at = current
                while let (parent, byte) = parents[at], parent >= 0 {
                    if let byte { bytes.append(byte) }
                    at = parent
                }
                return String(decoding: bytes.reversed(), as: UTF8.self)
            }
            var next: [Int] = []
            for current in closed {
                let place = Place(rawValue: UInt8(current % 4)) ?? .other
                for edge in nfa.edges[current / 4] {
                    let usable = edge.set.intersection(alphabet)
                    guard let byte = preferred.first(where: usable.contains) ?? usable.bytes.first else { continue }
                    let isSlash = byte == UInt8(ascii: "/")
                    if domain == .path, place == .start, !isSlash { continue }
                    let nextPlace: Place = isSlash ? (place == .start ? .root : .slash) : .other
                    let target = node(edge.to, nextPlace)
                    guard parents[target] == nil else { continue }
                    parents[target] = (current, byte)
                    next.append(target)
                }
            }
            layer = next
        }
        return nil
    }

    /// Whether `nfa` takes `path`.
    static func accepts(_ nfa: PathNFA, _ path: String) -> Bool {
        var closure = Closure(nfa)
        var states = closure.of([nfa.start])
        for byte in path.utf8 {
            states = closure.of(move(nfa, states, byte))
            if states.isEmpty { return false }
        }
        return states.contains(nfa.accept)
    }

    private enum Outcome {
        case found(String)
        case exhausted
        case overBudget
    }

    /// Where a path read so far stands against the domain: nothing read, exactly `/`, last
    /// byte `/`, last byte something else.
    private enum Place: UInt8 {
        case start, root, slash, other
    }

    private struct Key: Hashable {
        var first: [Int32]
        var second: [Int32]
        var place: UInt8
    }

    private func search(_ first: PathNFA, _ second: PathNFA, goal: (Bool, Bool) -> Bool) -> Outcome {
        guard first.stateCount <= PathLanguage.stateLimit, second.stateCount <= PathLanguage.stateLimit else { return .overBudget }
        let classes = Self.classes(first, second, alphabet: alphabet)
        var firstClosure = Closure(first)
        var secondClosure = Closure(second)
        let start = Key(first: firstClosure.of([first.start]), second: secondClosure.of([second.start]), place: Place.start.rawValue)
        var keys = [start]
        var parents: [(Int, UInt8)] = [(-1, 0)]
        var seen: [Key: Int] = [start: 0]
        var next = 0
        var work = 0
        defer { meter.used += work + firstClosure.visited + secondClosure.visited }
        while next < keys.count {
            let key = keys[next]
            work += classes.count * (key.first.count + key.second.count + 1)
            guard work + firstClosure.visited + secondClosure.visited <= Self.workPerComparison, !meter.exhausted else { return .overBudget }
            let current = next
            next += 1
            let place = Place(rawValue: key.place) ?? .other
            let inDomain = domain != .path || place == .root || place == .other || (place == .slash && !ignoresTrailingSlash)
            if inDomain, goal(key.first.contains(first.accept), key.second.contains(second.accept)) {
                var bytes: [UInt8] = []
                var at = current
                while parents[at].0 >= 0 {
                    bytes.append(parents[at].1)
                    at = parents[at].0
                }
                return .found(String(decoding: bytes.reversed(), as: UTF8.self))
            }
            for byte in classes {
                let isSlash = byte == UInt8(ascii: "/")
                if domain == .path, place == .start, !isSlash { continue }
                let nextFirst = firstClosure.of(Self.move(first, key.first, byte))
                // Nothing left of the first automaton: no goal can be reached from here.
                if nextFirst.isEmpty { continue }
                let nextSecond = secondClosure.of(Self.move(second, key.second, byte))
                let nextPlace: Place = isSlash ? (place == .start ? .root : .slash) : .other
                let successor = Key(first: nextFirst, second: nextSecond, place: nextPlace.rawValue)
                guard seen[successor] == nil else { continue }
                guard keys.count < Self.stateBudget else { return .overBudget }
                seen[successor] = keys.count
                keys.append(successor)
                parents.append((current, byte))
            }
        }
        return .exhausted
    }

    private static func move(_ nfa: PathNFA, _ states: [Int32], _ byte: UInt8) -> [Int32] {
        var targets: [Int32] = []
        for state in states {
            for edge in nfa.edges[Int(state)] where edge.set.contains(byte) { targets.append(edge.to) }
        }
        return targets
    }

    /// One byte for each class of path bytes the two automata cannot tell apart (a readable
    /// one where the class has one, for the examples).
    private static func classes(_ first: PathNFA, _ second: PathNFA, alphabet: ByteSet) -> [UInt8] {
        var sets: Set<ByteSet> = [.slash]
        for nfa in [first, second] {
            for edges in nfa.edges { for edge in edges { sets.insert(edge.set) } }
        }
        var classes = [alphabet]
        for set in sets {
            classes = classes.flatMap { part in [part.intersection(set), part.subtracting(set)].filter { !$0.isEmpty } }
        }
        // Readable examples: the classes tried in this order, by their most readable byte.
        let preferred = Array("abcdefghijklmnopqrstuvwxyz0123456789-_.~/".utf8)
        let representatives = classes.compactMap { part in
            preferred.first(where: part.contains) ?? part.bytes.first(where: { $0 != UInt8(ascii: "%") }) ?? part.bytes.first
        }
        return representatives.sorted { (preferred.firstIndex(of: $0) ?? 1_000 + Int($0)) < (preferred.firstIndex(of: $1) ?? 1_000 + Int($1)) }
    }

    /// Epsilon closures of state sets, sorted (so equal sets are equal keys).
    private struct Closure {
        let nfa: PathNFA
        var marks: [Bool]
        /// States visited so far, epsilon moves included: the work done.
        var visited = 0

        init(_ nfa: PathNFA) {
            self.nfa = nfa
            marks = Array(repeating: false, count: nfa.stateCount)
        }

        mutating func of(_ states: [Int32]) -> [Int32] {
            var result: [Int32] = []
            var stack = states
            while let state = stack.popLast() {
                visited += 1
                guard !marks[Int(state)] else { continue }
                marks[Int(state)] = true
                result.append(state)
                stack += nfa.epsilons[Int(state)]
            }
            for state in result { marks[Int(state)] = false }
            // Only states that read something or accept matter for what follows.
            return result.filter { !nfa.edges[Int($0)].isEmpty || $0 == nfa.accept }.sorted()
        }
    }
}
