import Testing

@testable import AxiomRouting

/// A router keeps its routes in one table (``Route/Table/compacting(_:)``, issue 33's
/// first-build memory): their fields in one buffer, their patterns in one string, their
/// parameters in one array. A route read from the table must say everything the route made
/// alone says, and outlive the router that made it.
@Suite struct CompactedRoutesTests {
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

    /// The route made again on its own: a table of one.
    static func alone(_ route: Route) -> Route {
        Route(
            name: route.name, pattern: route.pattern, parameters: route.parameters, query: route.query, metadata: route.metadata,
            location: route.location, rank: route.rank, kind: route.kind, host: route.host, fixed: route.fixedValues,
            closedQuery: route.closedQuery, fragment: route.fragment, rules: route.rules, scheme: route.scheme)
    }

    /// Everything a route says, `==`'s fields and what it leaves out.
    static func expectSame(_ copy: Route, _ entry: Route, _ context: String) {
        #expect(copy == entry, "\(context)")
        #expect(copy.name == entry.name && copy.pattern == entry.pattern && copy.fullPattern == entry.fullPattern, "\(context)")
        #expect(copy.parameters == entry.parameters && Array(copy.parameterList) == entry.parameters, "\(context)")
        #expect(copy.location == entry.location && copy.rank == entry.rank, "\(context)")
        #expect(copy.metadata == entry.metadata && copy.defaultQuery == entry.defaultQuery, "\(context)")
        #expect(copy.parameters.map(\.emptyIsAbsent) == entry.parameters.map(\.emptyIsAbsent), "\(context)")
        #expect(copy.parameters.map(\.runsToEnd) == entry.parameters.map(\.runsToEnd), "\(context)")
        #expect(copy.pathParameterCount == entry.pathParameters.count, "\(context)")
        #expect(copy.isPlainMatch == entry.isPlainMatch && copy.readsQuery == entry.readsQuery, "\(context)")
        #expect(copy.storage.checksRequest == entry.storage.checksRequest, "\(context)")
    }

    @Test func aRouteInTheTableSaysWhatTheRouteMadeAloneSays() throws {
        let tables = try Self.tables()
        // The tables hold what the copy must carry over (a broken copy that drops one fails).
        let entries = tables.flatMap(\.router.entries)
        #expect(entries.contains { !$0.fixedValues.isEmpty } && entries.contains { $0.scheme != nil } && entries.contains { $0.fragment != nil })
        #expect(entries.contains { $0.rules != Route.URLRules() } && entries.contains { $0.host != nil } && entries.contains { $0.closedQuery })
        #expect(entries.contains { $0.query.contains { $0.shape != nil } } && entries.contains { $0.parameters.contains(where: \.runsToEnd) })
        for (name, router) in tables {
            let alone = router.entries.map(Self.alone)
            let compacted = Route.Table.compacting(alone)
            #expect(compacted.count == alone.count)
            for (copy, entry) in zip(compacted, alone) {
                Self.expectSame(copy, entry, "\(name): \(entry.name)")
                Self.expectSame(entry, copy, "\(name): \(entry.name) (the other way)")
            }
            // Every route of a router, built or read from its snapshot, lies in one table.
            #expect(router.entries.allSatisfy { $0.table === router.entries[0].table }, "\(name)")
            let read = try Router(snapshot: RouterSnapshot.encode(router))
            #expect(read.entries.allSatisfy { $0.table === read.entries[0].table }, "\(name)")
            #expect(read.entries == router.entries, "\(name)")
        }
    }

    @Test func aRoutersRoutesShareOneTableAndTheirEqualParts() throws {
        let long = "/organisations/:organisationWithALongName/repositories/:repository"
        let text = """
            route first \(long)
              param organisationWithALongName string
            route second /other/:organisationWithALongName/x/:repository
            route third /é/:organisationWithALongName/(\\d+)/:repository
            route fourth /
            """
        let router = try Router(source: RouteSource(name: "t.routes", text: text))
        let entries = router.entries
        let table = try #require(entries.first?.table)
        #expect(entries.allSatisfy { $0.table === table })
        // One string holds every pattern; each route reads its own.
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
        #expect(byName["first"]?.pattern == long)
        #expect(byName["second"]?.pattern == "/other/:organisationWithALongName/x/:repository")
        #expect(byName["third"]?.pattern.hasPrefix("/%C3%A9/:organisationWithALongName/") == true)
        #expect(byName["fourth"]?.pattern == "/")
        #expect(table.header.text.utf8.count == entries.reduce(0) { $0 + $1.pattern.utf8.count })
        // Equal parameter lists are kept once; a long name equal in two lists is one string.
        let first = try #require(byName["first"])
        let second = try #require(byName["second"])
        let third = try #require(byName["third"])
        #expect(first.storage.parameterRange == second.storage.parameterRange)
        #expect(third.storage.parameterRange != first.storage.parameterRange && third.parameters.count == 3)
        var firstName = first.parameters[0].name
        var thirdName = third.parameters[0].name
        #expect(firstName == "organisationWithALongName" && thirdName == firstName)
        let shared = firstName.withUTF8 { UInt(bitPattern: $0.baseAddress) } == thirdName.withUTF8 { UInt(bitPattern: $0.baseAddress) }
        #expect(shared)
        #expect(table.header.parameters.count == 2 + 3)
    }

    @Test func aRouteOutlivesItsRouter() throws {
        var router: Router? = try Router(source: RouteSource(name: "t.routes", text: "route profile /users/:userIdentifierLong/profile/settings\n"))
        let match = try #require(try router?.resolve(path: "/users/ada/profile/settings").get())
        let route = try #require(router?.entries.first)
        router = nil
        #expect(route.pattern == "/users/:userIdentifierLong/profile/settings" && route.parameters.map(\.name) == ["userIdentifierLong"])
        #expect(match.route == route && match.parameters["userIdentifierLong"] == .string("ada"))
    }
}
