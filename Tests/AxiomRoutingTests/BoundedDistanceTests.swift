import TestSupport
import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

/// The bounded edit distance behind a failure's suggestions agrees with the plain one whenever
/// the answer is within the limit, and says "not near" otherwise.
@Suite struct BoundedDistanceTests {
    /// A deterministic generator, so a failure names the strings it found.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func agreesWithTheFullDistanceWithinTheLimit() {
        var random = Generator(state: 7)
        for _ in 0..<4_000 {
            let alphabet = Array("ab/c".utf8)
            let a = (0..<random.next(24)).map { _ in alphabet[random.next(alphabet.count)] }
            // b: a few edits of a, or something unrelated.
            var b = a
            for _ in 0..<random.next(6) {
                let position = random.next(b.count + 1)
                switch random.next(3) {
                case 0: b.insert(alphabet[random.next(alphabet.count)], at: position)
                case 1 where position < b.count: b.remove(at: position)
                default: if position < b.count { b[position] = alphabet[random.next(alphabet.count)] }
                }
            }
            if random.next(5) == 0 { b = (0..<random.next(24)).map { _ in alphabet[random.next(alphabet.count)] } }
            let full = Suggestions.distance(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
            for limit in [0, 1, 2, 3, 5, 12] {
                let bounded = Suggestions.distance(a, b, atMost: limit)
                #expect(
                    bounded == (full <= limit ? full : nil),
                    "\(String(decoding: a, as: UTF8.self)) / \(String(decoding: b, as: UTF8.self)) limit \(limit)")
            }
        }
    }

    @Test func aLongSharedValueCostsNothingAndALongDifferentOneIsNotNear() {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 30_000)
        #expect(Suggestions.distance(Array("/users/".utf8) + long, Array("/posts/".utf8) + long, atMost: 12) == 4)
        #expect(Suggestions.distance(Array("/users/".utf8) + long, Array("/users".utf8), atMost: 12) == nil)
        // A difference at both ends of a long middle is judged on a window of it: the window's
        // distance (1), a lower bound of the whole one (2).
        #expect(Suggestions.distance(Array("/a".utf8) + long + [1], Array("/b".utf8) + long + [2], atMost: 12) == 1)
        #expect(Suggestions.distance(Array("/a".utf8) + long + [1], Array("/b".utf8) + long + [2], atMost: 12, window: 40_000) == 2)
    }

    @Test func failuresOfLongPathsStillSuggestNearRoutes() throws {
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    route user /users/:id
                    route post /posts/:id
                    route about /about
                    """))
        let long = String(repeating: "%FF", count: 2_000)
        #expect(router.suggestions(for: "/user/" + long).map(\.route) == ["user", "post"])
        #expect(router.suggestions(for: "/abot").map(\.route) == ["about"])
    }

    /// Suggestions skip a route whose example's length alone is further from the path than the
    /// threshold (issue 17: a miss in the CLI). They must be exactly the brute force's: every
    /// route's example built and measured with the unbounded distance.
    @Test func suggestionsAreTheBruteForcesOnTheDefaultTable() throws {
        let router = try defaultRouter()
        var generator = SplitMix64(state: 0x5_0661)
        let pieces = ["profile", "profil", "settings", "42", "posts", "x", "a", "help", "search", "privacy", "7", "comments", "", "nope"]
        var withSuggestions = 0
        for _ in 0..<1_500 {
            let count = 1 + Int(generator.next() % 4)
            let path = "/" + (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined(separator: "/")
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            let threshold = min(max(2, path.utf8.count / 3), Router.maxSuggestionDistance)
            let expected = router.entries.indices.compactMap { rank -> (distance: Int, rank: Int, name: String)? in
                guard router.entries[rank].kind == .route else { return nil }
                let example = Router.example(router.shape(of: rank)?.tokens ?? [], filling: segments)
                let distance = Suggestions.distance(path, example)
                return distance <= threshold ? (distance, rank, router.entries[rank].name) : nil
            }
            .sorted { ($0.distance, $0.rank) < ($1.distance, $1.rank) }.prefix(3).map(\.name)
            #expect(router.suggestions(for: path).map(\.route) == expected, "\(path)")
            if !expected.isEmpty { withSuggestions += 1 }
        }
        #expect(withSuggestions > 300)
    }
}
