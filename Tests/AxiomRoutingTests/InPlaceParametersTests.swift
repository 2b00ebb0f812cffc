import Foundation
import TestSupport
import Testing

@testable import AxiomRouting

/// A made match of a plain route keeps its values in the path it was found in and converts
/// them when they are read (issue 33: `resolve(path:)` allocates nothing for them). Held here
/// against the general conversion: the same route with a declared query is not plain, so its
/// values are converted when matched, by the other code; every way of reading them agrees.
@Suite struct InPlaceParametersTests {
    private static let plain = """
        route post /posts/:slug/:id/:page
          param id int
        route one /one/:only
        """
    /// The same patterns, each with a query: matched by the general rules, values made then.
    private static let general = """
        route post /posts/:slug/:id/:page
          param id int
          query q string optional
        route one /one/:only
          query q string optional
        """

    private static func segment(_ random: inout SplitMix64, digits: Bool) -> String {
        let alphabet = Array(digits ? "0123456789" : "abcXYZ019-._~!$&'()*+,;=:@")
        // (A text segment starts with a letter: `.` and `..` are not values.)
        var text = digits ? (random.next() % 3 == 0 ? "-" : random.next() % 5 == 0 ? "+" : "") : "s"
        for _ in 0..<(1 + Int(random.next() % (digits ? 17 : 24))) { text.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
        return text
    }

    @Test func valuesReadFromThePathAreTheValuesTheGeneralRulesMake() throws {
        let plain = try Router(source: RouteSource(name: "plain.routes", text: Self.plain))
        let general = try Router(source: RouteSource(name: "general.routes", text: Self.general))
        var random = SplitMix64(state: 33)
        var inPlace = 0
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for round in 0..<400 {
            let path =
                round % 4 == 0
                ? "/one/" + Self.segment(&random, digits: false)
                : "/posts/\(Self.segment(&random, digits: false))/\(Self.segment(&random, digits: true))/\(Self.segment(&random, digits: false))"
            let made = try general.resolve(path: path).get().parameters
            let read = try plain.resolve(path: path).get().parameters
            if plain.withMatch(path: path, { $0.isBorrowed }) == .success(true) { inPlace += 1 }
            #expect(read == made, "\(path)")
            #expect(read.values == made.values, "\(path)")
            #expect(read.names == made.names, "\(path)")
            #expect(read.count == made.count, "\(path)")
            #expect(read.hashValue == made.hashValue, "\(path)")
            #expect(read.map { $0.value } == made.map { $0.value }, "\(path)")
            for name in made.names { #expect(read[name] == made[name], "\(path) \(name)") }
            #expect(read["absent"] == nil)
            #expect(try encoder.encode(read) == encoder.encode(made), "\(path)")
            #expect(read.description == made.description, "\(path)")
        }
        // The plain router's matches were all read in place (else this compared nothing new).
        #expect(inPlace == 400)
    }

    @Test func aMatchKeepsItsValuesAfterThePathItWasFoundInIsGone() throws {
        let router = try Router(source: RouteSource(name: "plain.routes", text: Self.plain))
        var matches: [RouteMatch] = []
        for number in 0..<50 {
            // Each path made here and dropped: the match keeps what it reads from.
            var path = "/posts/"
            path += String(repeating: "long-slug-", count: 3) + "\(number)"
            path += "/\(number * 7)/page\(number)"
            matches.append(try router.resolve(path: path).get())
        }
        for (number, match) in matches.enumerated() {
            #expect(match.parameters.values == [.string("long-slug-long-slug-long-slug-\(number)"), .int(number * 7), .string("page\(number)")])
            #expect(match.parameters.get("id", as: Int.self) == number * 7)
        }
    }
    /// A URL's match keeps its path where it lies in the URL (no copy for each lookup): the
    /// path, the values, equality and hash are those of the same path resolved alone and of
    /// the general rules, for paths short and long, after a query and a fragment, through a
    /// web URL and an app scheme's host, and after the URL string itself is gone.
    @Test func aURLsMatchReadsItsPathAndValuesWhereTheyLieInTheURL() throws {
        let plain = try Router(source: RouteSource(name: "plain.routes", text: Self.plain))
        let general = try Router(source: RouteSource(name: "general.routes", text: Self.general))
        var random = SplitMix64(state: 34)
        var matches: [(RouteMatch, path: String)] = []
        for round in 0..<300 {
            let path =
                round % 5 == 0
                ? "/one/" + Self.segment(&random, digits: false)
                : "/posts/\(Self.segment(&random, digits: false))/\(Self.segment(&random, digits: true))/\(Self.segment(&random, digits: false))"
            let tail = ["", "?utm=1", "#top", "?a=b&c=d#frag/ment", "?long=" + String(repeating: "q", count: 300)][(round / 2) % 5]
            // (An app scheme's host is the path's first segment: `myapp://posts/…`.)
            var url = round % 3 == 0 ? "myapp:/" + path + tail : "https://example.com" + path + tail
            url += ""  // a string of its own, dropped at the end of the round
            let match = try plain.resolve(url).get()
            let alone = try plain.resolve(path: path).get()
            let made = try general.resolve(path: path).get()
            #expect(match.path == path, "\(url)")
            #expect(match == alone, "\(url)")
            #expect(match.hashValue == alone.hashValue, "\(url)")
            #expect(match.parameters == made.parameters, "\(url)")
            #expect(match.parameters.values == made.parameters.values, "\(url)")
            #expect(match.parameters.count == made.parameters.count, "\(url)")
            matches.append((match, path))
        }
        // Read again once every URL string is gone: the match holds what it reads from.
        for (match, path) in matches {
            #expect(match.path == path)
            #expect(try match.parameters == general.resolve(path: path).get().parameters)
        }
    }
    /// Parameters keep where the path lies in a URL in 32 bits (`start << 16 | end`). A path
    /// that ends past the URL's first 64 KiB (a router whose input limit allows it) is made a
    /// string of its own for them: its values are still the path's.
    @Test func aPathPastTheFirst64KiBOfItsURLKeepsItsValues() throws {
        let router = try Router(source: RouteSource(name: "plain.routes", text: Self.plain), limits: MatchLimits(maxInputLength: 300_000))
        for (slug, page) in [(String(repeating: "s", count: 70_000), "p1"), ("s" + String(repeating: "x", count: 65_400), "page-at-the-edge")] {
            let path = "/posts/\(slug)/42/\(page)"
            var url = "https://example.com" + path + "?q=1"
            url += ""
            let match = try router.resolve(url).get()
            #expect(match.path == path)
            #expect(match.parameters.values == [.string(slug), .int(42), .string(page)])
            #expect(match == (try router.resolve(path: path).get()))
        }
    }
    /// What a path kept from `url` (where it starts at byte 19, after `https://example.com`)
    /// holds: the URL, or a string of the path's own.
    private static func heldText(_ url: String, pathLength: Int) -> String {
        var bytesOf = url
        return bytesOf.withUTF8 { bytes in KeptPath(19..<(19 + pathLength), of: url, bytes: bytes).compact.text }
    }

    /// A kept path holds its URL only when the URL is not much longer than the path (at most
    /// twice the path and 64 bytes): a match kept in a history never holds a long query or
    /// fragment alive, and a short path is a small string of its own.
    @Test func aKeptPathHoldsItsURLOnlyWhenTheRestIsShort() {
        let path = "/posts/slug-of-twenty/1/p"
        let near = "https://example.com" + path + "?q=" + String(repeating: "x", count: 40)
        let far = "https://example.com" + path + "?q=" + String(repeating: "x", count: 300)
        #expect(Self.heldText(near, pathLength: path.utf8.count) == near)
        #expect(Self.heldText(far, pathLength: path.utf8.count) == path)
        #expect(Self.heldText("https://example.com/a/b?q=1", pathLength: 4) == "/a/b")
    }
}
