import Testing

@testable import AxiomRouting

/// A router's routes are copied onto fresh memory once the compiler's state is let go
/// (``Router/Parts/compacted()``, issue 33's first-build memory): the copy must say everything
/// the route says and share none of its heap storage.
@Suite struct CompactedRoutesTests {
    /// The base address of a string's UTF-8 bytes when they live on the heap (nil inline).
    static func heapAddress(_ text: String) -> UInt? {
        guard text.utf8.count > 15 else { return nil }
        var copy = text
        return copy.withUTF8 { UInt(bitPattern: $0.baseAddress) }
    }

    /// Tables with every field a route holds: the snapshot tests' (the default table, three
    /// apps', the options), redirects with `set` values, app-scheme scopes, fragments and URL
    /// rules, query shapes and a closed query, a value that runs to the end.
    static func tables() throws -> [(name: String, router: Router)] {
        let more = [
            ("redirects", RedirectTests.table), ("fixed", RedirectFixedValueTests.table), ("to-end", ToEndPathValueTests.table),
            ("schemes", SchemeRouteTests.table), ("fragments", FragmentRouteTests.table), ("shapes", QueryShapeTests.table),
        ]
        return try RouterSnapshotTests.tables() + more.map { ($0.0, try cleanRouter($0.1)) }
    }

    @Test func aCompactedRouteSaysWhatTheRouteSays() throws {
        let tables = try Self.tables()
        // The tables hold what the copy must carry over (a broken copy that drops one fails).
        let entries = tables.flatMap(\.router.entries)
        #expect(entries.contains { !$0.fixedValues.isEmpty } && entries.contains { $0.scheme != nil } && entries.contains { $0.fragment != nil })
        #expect(entries.contains { $0.rules != Route.URLRules() } && entries.contains { $0.host != nil } && entries.contains { $0.closedQuery })
        #expect(entries.contains { $0.query.contains { $0.shape != nil } } && entries.contains { $0.parameters.contains(where: \.runsToEnd) })
        for (name, router) in tables {
            for entry in router.entries {
                let copy = entry.compacted()
                #expect(copy == entry, "\(name): \(entry.name)")
                // What `==` leaves out or compares only in part.
                #expect(copy.location == entry.location && copy.rank == entry.rank, "\(name): \(entry.name)")
                #expect(copy.metadata == entry.metadata && copy.defaultQuery == entry.defaultQuery, "\(name): \(entry.name)")
                #expect(copy.parameters.map(\.emptyIsAbsent) == entry.parameters.map(\.emptyIsAbsent), "\(name): \(entry.name)")
                #expect(copy.parameters.map(\.runsToEnd) == entry.parameters.map(\.runsToEnd), "\(name): \(entry.name)")
                #expect(copy.isPlainMatch == entry.isPlainMatch && copy.readsQuery == entry.readsQuery, "\(name): \(entry.name)")
                #expect(copy.storage.checksRequest == entry.storage.checksRequest, "\(name): \(entry.name)")
            }
        }
    }

    @Test func aCompactedRouteSharesNoStorage() throws {
        let long = "/organisations/:organisationWithALongName/repositories/:repository"
        let router = try Router(
            source: RouteSource(name: "t.routes", text: "route aRouteWithALongName \(long)\n  param organisationWithALongName string\n"))
        let entry = try #require(router.entries.first)
        let copy = entry.compacted()
        #expect(copy.storage !== entry.storage)
        #expect(Self.heapAddress(copy.pattern) != nil && Self.heapAddress(copy.pattern) != Self.heapAddress(entry.pattern))
        #expect(Self.heapAddress(copy.name) != Self.heapAddress(entry.name))
        let copied = copy.parameters.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let original = entry.parameters.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(copied != original)
        let parameter = try #require(entry.parameters.first?.name)
        let copiedParameter = try #require(copy.parameters.first?.name)
        #expect(Self.heapAddress(parameter) != nil && Self.heapAddress(copiedParameter) != Self.heapAddress(parameter))
        // A short string is stored inline and needs no copy.
        #expect(Self.heapAddress("/short") == nil && "/short".compacted() == "/short")
    }
}
