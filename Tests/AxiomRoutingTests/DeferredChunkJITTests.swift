@_spi(Lookup) import AxiomURLPattern
import Testing

@_spi(Benchmarks) @testable import AxiomRouting

/// A router built from a table's text compiles its combined expressions ("chunks") with PCRE2
/// when it is built, and JIT-compiles each at the first lookup that tries it (issue 33: the
/// JIT's machine code, ~300 bytes a route, is not made for chunks no URL needs). Lookups
/// racing to be a chunk's first all wait for its one compile and agree.
@Suite struct DeferredChunkJITTests {
    static let table = """
        origins myapp:
        route user /users/:id
          param id int
        route userPost /users/:id/posts/:post
          param id int
        route team /teams/:team/members/:member
        route search /search/:term
        route any /:section/:item
        """

    static func compiles(_ router: Router) -> [Int] { router.chunks.map { $0.regex?.deferredJITCompileCount ?? -1 } }

    @Test func eachChunkIsJITCompiledAtItsFirstLookupOnce() async throws {
        let router = try cleanRouter(Self.table)
        #expect(router.chunks.count >= 3)
        // Built: compiled by PCRE2 (a handle for the fast lookup loop), no JIT code yet.
        #expect(router.chunkHandles.count == router.chunks.count)
        #expect(router.chunks.allSatisfy { $0.regex?.isJITCompiled == false })
        #expect(Self.compiles(router) == Array(repeating: 0, count: router.chunks.count))
        #expect(router.expressionFootprint.jit == 0)

        // The first lookup JIT-compiles the chunks it tries: those of `/users`, not `/teams`'.
        func chunks(_ path: String) -> [Int] { Array(path.utf8).withUnsafeBufferPointer { Array(router.literalChunks(for: $0)) } }
        let users = chunks("/users/42")
        let teams = chunks("/teams/a/members/b")
        #expect(!users.isEmpty && !teams.isEmpty && Set(users).isDisjoint(with: teams))
        #expect(try router.resolve("myapp://users/42").get().route.name == "user")
        let jit = CompiledRegex.jitAvailable ? 1 : 0
        for chunk in users { #expect(router.chunks[chunk].regex?.deferredJITCompileCount == jit) }
        for chunk in teams { #expect(router.chunks[chunk].regex?.deferredJITCompileCount == 0) }
        #expect((router.expressionFootprint.jit > 0) == CompiledRegex.jitAvailable)

        // Sixteen first lookups of `/teams` at once: one compile each chunk, the same answers.
        let names = await withTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                group.addTask { (try? router.resolve("myapp://teams/t\(index)/members/m\(index)").get())?.parameters["team"]?.description }
            }
            var all: [String?] = []
            for await name in group { all.append(name) }
            return all
        }
        #expect(Set(names.compactMap { $0 }) == Set((0..<16).map { "t\($0)" }))
        for chunk in teams { #expect(router.chunks[chunk].regex?.deferredJITCompileCount == jit) }

        // Every chunk tried: each compiled once, and lookups answer as before.
        for url in ["myapp://search/x", "myapp://a/b", "myapp://users/1/posts/2", "myapp://users/42"] { _ = router.resolve(url) }
        #expect(try router.resolve("myapp://users/1/posts/2").get().route.name == "userPost")
        #expect(try router.resolve("myapp://shop/hat").get().route.name == "any")
        #expect(Self.compiles(router).allSatisfy { $0 == jit || $0 == 0 })
        #expect(Self.compiles(router).allSatisfy { $0 <= 1 })
    }

    /// A snapshot's router compiles each chunk, JIT included, at its first use (as before).
    @Test func aSnapshotRouterStillCompilesAtFirstUse() throws {
        let router = try Router(snapshot: RouterSnapshot.encode(try cleanRouter(Self.table)))
        #expect(router.chunks.allSatisfy { $0.regex == nil })
        #expect(try router.resolve("myapp://users/42").get().route.name == "user")
        #expect(router.chunks.contains { $0.regex?.isJITCompiled == CompiledRegex.jitAvailable && $0.regex != nil })
    }

    /// `compileExpressionsNow()` compiles every chunk at once — JIT included, for a built
    /// router and a snapshot's — each once however often it is called, and answers stay.
    @Test func compileExpressionsNowCompilesEveryChunkOnce() async throws {
        let built = try cleanRouter(Self.table)
        let loaded = try Router(snapshot: RouterSnapshot.encode(built))
        for router in [built, loaded] {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 { group.addTask { router.compileExpressionsNow() } }
            }
            router.compileExpressionsNow()
            #expect(router.chunks.allSatisfy { $0.regex?.isJITCompiled == CompiledRegex.jitAvailable })
            #expect(router.chunks.allSatisfy { $0.lazyCompileCount <= 1 })
            #expect(try router.resolve("myapp://teams/a/members/b").get().route.name == "team")
        }
        let jit = CompiledRegex.jitAvailable ? 1 : 0
        #expect(Self.compiles(built) == Array(repeating: jit, count: built.chunks.count))
        #expect(loaded.chunks.allSatisfy { $0.lazyCompileCount == 1 })
    }

    /// Routing.md, "When expressions are compiled", as written (the detached task awaited).
    @Test func compileExpressionsNowGuideExample() async throws {
        let table = "origins myapp:\nroute user /users/:id\n  param id int\nroute team /teams/:team\n"
        let router = try Router(source: RouteSource(name: "app.routes", text: table))
        let warming = Task.detached(priority: .utility) { router.compileExpressionsNow() }
        await warming.value
        #expect(router.chunks.allSatisfy { $0.regex?.deferredJITCompileCount == (CompiledRegex.jitAvailable ? 1 : 0) })
        #expect(router.chunks.allSatisfy { $0.regex?.isJITCompiled == CompiledRegex.jitAvailable })
        #expect(try router.resolve("myapp://users/42").get().parameters["id"] == .int(42))
    }
}
