import Foundation
import TestSupport
import Testing

@testable import AxiomRouting

/// A table's snapshot (``RouterSnapshot``) loads the router the text builds — the same routes,
/// the same answers to every URL — compiles nothing until a URL needs it, and refuses every
/// damaged or foreign snapshot with a typed error.
@Suite struct RouterSnapshotTests {
    /// Tables with every kind of thing a snapshot carries: the default table (tabs, modals,
    /// parents, auth, sources, loaders, includes), the three real apps' tables (hosts, aliases,
    /// redirects, query parameters with defaults and patterns), and small ones for the options.
    static func tables() throws -> [(name: String, router: Router)] {
        var tables: [(String, Router)] = []
        let routes = try RouteSource.load(from: packageRoot() + "/Routes")
        tables.append(("Routes/", try Router(sources: routes, resolver: RouteSource.resolver(among: routes))))
        for app in ["Firefox/firefox", "Kickstarter/kickstarter", "WordPress/wordpress"] {
            let path = packageRoot() + "/Corpus/\(app).routes"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            tables.append((app, try #require(Router.compile([RouteSource(name: app, text: text)]).router)))
        }
        let small = """
            option path-case insensitive
            option trailing-slash strict
            option query-plus plus
            option app-scheme-host optional
            option empty-segments collapse
            origins myapp:, https://*.example.com
            route home /
            route user /Users/:id
              param id int
              query tab enum(posts, likes) = posts ignore-case
              query tags [string] optional
              query next url(https) optional lenient
              query code string optional matching [A-Z]{3}
            route files /files/:rest*
            route tenant https://:tenant.example.com/dashboard
            route person /Person/:id
              param id int
              alias /people/:id
            redirect old /old/:id -> person
            """
        tables.append(("options", try Router(source: RouteSource(name: "small.routes", text: small))))
        // Literal routes only: no expression at all.
        tables.append(
            ("literal", try Router(source: RouteSource(name: "literal.routes", text: "origins myapp:\nroute home /\nroute about /about/us\n"))))
        return tables
    }

    @Test func aSnapshotLoadsTheTableTheTextBuilds() throws {
        for (name, router) in try Self.tables() {
            let loaded = try Router(snapshot: RouterSnapshot.encode(router))
            #expect(loaded.entries == router.entries, "\(name)")
            // Route's == compares what a route says; the locations and ranks too.
            #expect(loaded.entries.map(\.location) == router.entries.map(\.location), "\(name)")
            #expect(loaded.entries.map(\.metadata) == router.entries.map(\.metadata), "\(name)")
            #expect(loaded.entries.map(\.defaultQuery) == router.entries.map(\.defaultQuery), "\(name)")
            #expect(loaded.origins == router.origins && loaded.tabs == router.tabs && loaded.containers == router.containers, "\(name)")
            #expect(loaded.loginRoute == router.loginRoute && loaded.options == router.options && loaded.hasLoaders == router.hasLoaders, "\(name)")
            #expect(loaded.firstLiterals == router.firstLiterals && loaded.ranksByName == router.ranksByName, "\(name)")
            #expect(loaded.layouts.map(\.bits) == router.layouts.map(\.bits), "\(name)")
            #expect(loaded.chunks.map(\.source) == router.chunks.map(\.source) && loaded.captures == router.captures, "\(name)")
            #expect(loaded.literalIndex.ranks == router.literalIndex.ranks && loaded.otherChunks == router.otherChunks, "\(name)")
            #expect(loaded.dispatch.entries.map { "\($0.key) \($0.chunks)" } == router.dispatch.entries.map { "\($0.key) \($0.chunks)" })
            // Written again, the same text: nothing is lost or added on the way.
            #expect(RouterSnapshot.encode(loaded) == RouterSnapshot.encode(router), "\(name)")
        }
    }

    /// Every route's sample URL and a few thousand spellings around them (characters dropped,
    /// doubled, changed, segments added), as paths and as URLs of the table's first origin:
    /// the loaded router answers each exactly as the built one — route, values, or the failure
    /// and its reason — and so do `explain` and reverse routing.
    @Test func aSnapshotRouterAnswersEveryURLAsTheTextOne() throws {
        var random = SplitMix64(state: 29)
        for (name, router) in try Self.tables() {
            let loaded = try Router(snapshot: RouterSnapshot.encode(router))
            var paths = router.entries.indices.map { router.samplePath($0) }
            for path in paths.prefix(300) {
                for _ in 0..<6 { paths.append(Self.mutated(path, &random)) }
            }
            paths += ["/", "//", "/%41", "/users/42/", "/USERS/42?tab=LIKES&tags=a&tags=b&code=ABC", "/files/a/b/c"]
            for path in paths {
                #expect(Self.answer(loaded.resolve(path: path)) == Self.answer(router.resolve(path: path)), "\(name): \(path)")
                guard let url = Self.url(path, router.origins.first) else { continue }
                #expect(Self.answer(loaded.resolve(url)) == Self.answer(router.resolve(url)), "\(name): \(url)")
                #expect(
                    loaded.explain(url).candidates.map { "\($0.route.name): \($0.outcome)" }
                        == router.explain(url).candidates.map { "\($0.route.name): \($0.outcome)" }, "\(name): \(url)")
            }
            for (rank, entry) in router.entries.enumerated() where entry.kind == .route && entry.parameters.isEmpty {
                #expect((try? loaded.url(for: entry.name)) == (try? router.url(for: entry.name)), "\(name): \(rank)")
            }
        }
    }

    @Test func aLoadedRouterCompilesEachExpressionAtItsFirstUseOnce() async throws {
        let routes = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(snapshot: RouterSnapshot.encode(try Router(sources: routes, resolver: RouteSource.resolver(among: routes))))
        #expect(router.chunks.count > 1)
        #expect(router.chunks.allSatisfy { $0.regex == nil && $0.lazyCompileCount == 0 })
        // Sixteen lookups at once of one first segment: its chunks compile once; no other does.
        let url = "myapp://profile/42?tab=likes"
        let names = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<16 { group.addTask { try? router.resolve(url).get().route.name } }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(names == Array(repeating: "profile", count: 16))
        let profile = try #require(router.dispatch.entries.first { $0.key == "profile" }).chunks
        for (index, chunk) in router.chunks.enumerated() {
            #expect(chunk.lazyCompileCount == (profile.contains(index) ? 1 : 0), "chunk \(index)")
            #expect((chunk.regex != nil) == profile.contains(index), "chunk \(index)")
        }
    }

    /// A chunk that cannot be compiled where the snapshot is loaded (PCRE2 refuses it) leaves
    /// its routes to their own expressions: the same answers, found route by route.
    @Test func aChunkThatCannotBeCompiledLeavesTheRoutesToTheirOwnExpressions() throws {
        let routes = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(sources: routes, resolver: RouteSource.resolver(among: routes))
        var bytes = try #require(Base64.decode(RouterSnapshot.encode(router)))
        // Every chunk's source in the string table starts "^(?|": make each an unclosed group.
        let start = Array("^(?|".utf8)
        var replaced = 0
        for index in bytes.indices.dropLast(start.count) where Array(bytes[index..<index + start.count]) == start {
            bytes[index] = UInt8(ascii: "(")
            replaced += 1
        }
        #expect(replaced == router.chunks.count)
        Self.reseal(&bytes)
        let loaded = try Router(snapshot: Base64.encode(bytes))
        for rank in router.entries.indices {
            let path = router.samplePath(rank)
            #expect(Self.answer(loaded.resolve(path: path)) == Self.answer(router.resolve(path: path)), "\(path)")
        }
        #expect(loaded.chunks.allSatisfy { $0.regex == nil && $0.lazyCompileCount <= 1 })
    }

    // MARK: Damage

    @Test func aSnapshotCutShortOrAlteredIsRefusedWithWhatIsWrong() throws {
        let text = RouterSnapshot.encode(
            try Router(source: RouteSource(name: "t.routes", text: "origins myapp:\nroute user /users/:id\n  param id int\n")))
        let bytes = try #require(Base64.decode(text))
        // Cut at every length.
        for length in 0..<bytes.count {
            let code = Self.refusal(Array(bytes.prefix(length)))
            #expect(code == (length < 4 ? .notASnapshot : .damaged), "cut to \(length) bytes: \(String(describing: code))")
        }
        // One bit changed anywhere.
        for index in bytes.indices {
            for bit in 0..<8 {
                var altered = bytes
                altered[index] ^= 1 << UInt8(bit)
                let code = Self.refusal(altered)
                #expect(code != nil, "bit \(bit) of byte \(index)")
            }
        }
        // Not base64, or not a snapshot at all.
        for junk in ["", "not base64!", "QUJD", "AAAA" + text] {
            #expect(throws: RouterSnapshotError.self) { try Router(snapshot: junk) }
        }
        #expect(Self.refusal(Array("{\"routes\": []}".utf8)) == .notASnapshot)
    }

    @Test func anotherFormatVersionIsRefusedByName() throws {
        var bytes = try #require(Base64.decode(RouterSnapshot.encode(try Router(source: RouteSource(name: "t.routes", text: "route home /\n")))))
        bytes[4] = UInt8(RouterSnapshot.formatVersion + 1)
        Self.reseal(&bytes)
        do {
            _ = try Router(snapshot: Base64.encode(bytes))
            Issue.record("loaded")
        } catch {
            #expect(error.code == .unsupportedVersion)
            #expect(
                "\(error)".contains(
                    "written in format \(RouterSnapshot.formatVersion + 1); this version of AxiomRouting reads format \(RouterSnapshot.formatVersion)"
                ))
            #expect("\(error)".contains("write it again from the table"))
        }
    }

    /// Whole and sealed, but not a table: a rank past the routes, a flag that is not one, a
    /// count larger than the bytes left. Each found before anything is built.
    @Test func aSealedSnapshotThatIsNotATableIsInvalid() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "route home /\nroute user /users/:id\n  param id int\n"))
        let bytes = try #require(Base64.decode(RouterSnapshot.encode(router)))
        var invalid = 0
        var loadedAfterAlteration = 0
        for index in 5..<(bytes.count - 8) {
            for value: UInt8 in [0x02, 0x7F, 0xFF] {
                var altered = bytes
                altered[index] = value
                Self.reseal(&altered)
                guard let code = Self.refusal(altered) else {
                    // One that loads (a name or a pattern changed, say) is a table like any
                    // other: its lookups answer, whatever they answer, and reverse routing too.
                    let loaded = try Router(snapshot: Base64.encode(altered))
                    for path in ["/", "/users/42", "/users/x", "/users/42/more", "/nope"] {
                        _ = loaded.resolve(path: path)
                        _ = loaded.explain("myapp:/" + path)
                    }
                    for entry in loaded.routes { _ = try? loaded.url(for: entry.name, parameters: ["id": .int(1)]) }
                    loadedAfterAlteration += 1
                    continue
                }
                #expect(code == .invalid || code == .damaged, "byte \(index) = \(value): \(code)")
                invalid += 1
            }
        }
        #expect(invalid > 0 && loadedAfterAlteration > 0, "\(invalid) refused, \(loadedAfterAlteration) loaded")
    }

    @Test func base64GoesBothWaysAtEveryLength() {
        var random = SplitMix64(state: 7)
        for length in 0..<64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let text = Base64.encode(bytes)
            #expect(text == Data(bytes).base64EncodedString())
            #expect(Base64.decode(text) == bytes)
        }
        #expect(Base64.decode("QUJ") == nil && Base64.decode("QU=D") == nil && Base64.decode("Q\nJD") == nil)
    }

    // MARK: Helpers

    static func answer(_ result: Result<RouteMatch, RouteFailure>) -> String {
        switch result {
        case .success(let match): return "\(match.route.name) \(match.parameters) \(match.query)"
        case .failure(let failure): return "\(failure.code): \(failure)"
        }
    }

    static func url(_ path: String, _ origin: Origin?) -> String? {
        guard let origin else { return nil }
        switch origin.hosts {
        case .appScheme: return origin.scheme + "://" + path.dropFirst()
        case .exact(let host): return origin.scheme + "://" + host + (origin.port.map { ":\($0)" } ?? "") + path
        case .subdomains(let host): return origin.scheme + "://a." + host + (origin.port.map { ":\($0)" } ?? "") + path
        case .any: return origin.scheme + "://any.example" + (origin.port.map { ":\($0)" } ?? "") + path
        case .everyOtherScheme: return "other://" + path.dropFirst()
        }
    }

    static func mutated(_ path: String, _ random: inout SplitMix64) -> String {
        var characters = Array(path)
        let position = characters.isEmpty ? 0 : Int.random(in: 0..<characters.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !characters.isEmpty: characters.remove(at: position)
        case 1 where !characters.isEmpty: characters.insert(characters[position], at: position)
        case 2 where !characters.isEmpty: characters[position] = ["x", "9", "/", "%", "-"].randomElement(using: &random) ?? "x"
        default: characters += Array("/extra")
        }
        return String(characters)
    }

    /// The refusal's code for these bytes, or nil when they load.
    static func refusal(_ bytes: [UInt8]) -> RouterSnapshotError.Code? {
        do {
            _ = try Router(snapshot: Base64.encode(bytes))
            return nil
        } catch {
            return error.code
        }
    }

    /// Writes the checksum of altered bytes again, as a snapshot's writer would.
    static func reseal(_ bytes: inout [UInt8]) {
        let checksum = SnapshotReader.fnv1a(bytes[..<(bytes.count - 8)])
        for shift in 0..<8 { bytes[bytes.count - 8 + shift] = UInt8(truncatingIfNeeded: checksum >> UInt64(8 * shift)) }
    }
}
