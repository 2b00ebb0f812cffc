@_spi(Lookup) import AxiomURLPattern

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A compiled, checked route table as text: what a build writes so that an app's launch loads
/// its router without parsing, checking or ranking the table again, and compiles each first
/// segment's expressions at the first URL that needs them.
///
/// The GenerateRoutes plugin writes one into the generated type (`routeSnapshot`), and
/// `makeRouter()` loads it; the table's diagnostics fire when the plugin compiles it, at build
/// time. By hand:
///
/// ```swift
/// let text = RouterSnapshot.encode(try Router(sources: sources))   // at build time
/// let router = try Router(snapshot: text)                           // at launch
/// ```
///
/// The text is base64 over a versioned binary form with a checksum: a snapshot that is cut
/// short, altered or written by another version of the format is refused with a
/// ``RouterSnapshotError`` that says which, never loaded half-way. It holds the table's routes,
/// options and lookup tables and the source of its expressions, not PCRE2's compiled code, so
/// it does not depend on the PCRE2 it is loaded with (Docs/Performance.md, "A table ready at
/// launch").
public enum RouterSnapshot {
    /// The version of the binary form written, and the only one read (2: a redirect's
    /// `set NAME = VALUE` values after its target; 5: a route's `start` values after its loaders;
    /// 6: the attribution parameters after the options; 7: a route's `result` type and `from-link`
    /// presentation after its loaders).
    public static let formatVersion = 8

    /// The snapshot of `router`.
    public static func encode(_ router: Router) -> String {
        var writer = SnapshotWriter()
        writer.write(router)
        return Base64.encode(writer.finished())
    }
}

extension Router {
    /// Loads a router from ``RouterSnapshot/encode(_:)``'s text, as the build made it: nothing
    /// is parsed or checked again, and each combined expression is compiled at its first use.
    /// `limits` are the matcher's limits, as ``Router/init(sources:resolver:limits:)`` takes them.
    public convenience init(snapshot: String, limits: MatchLimits = MatchLimits()) throws(RouterSnapshotError) {
        // A signed snapshot's table, its signature not checked here (``init(snapshot:limits:verifier:)`` does).
        guard let bytes = Base64.decode(String(RouterSnapshot.split(snapshot).payload)) else {
            throw RouterSnapshotError(code: .notASnapshot, message: "the text is not base64")
        }
        var reader = try SnapshotReader(bytes)
        try self.init(reading: &reader, limits: limits)
    }

    private convenience init(reading reader: inout SnapshotReader, limits: MatchLimits) throws(RouterSnapshotError) {
        let options = Options(
            pathCaseSensitive: try reader.bool(), ignoresTrailingSlash: try reader.bool(), limits: limits,
            queryPlusIsSpace: try reader.bool(), appSchemeHostRequired: try reader.bool(), collapsesEmptySegments: try reader.bool(),
            appSchemeSpelling: try reader.spelling(),
            attribution: AttributionParameters(names: Set(try reader.strings()), prefixes: try reader.strings()))
        let origins = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.origin() }
        let tabs = try reader.strings()
        let containers = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.container() }
        let loginRoute = try reader.optionalString()
        let entries = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.route() }
        for (index, entry) in entries.enumerated() where entry.rank != index {
            throw RouterSnapshotError(code: .invalid, message: "entry \(index) ('\(entry.name)') says its rank is \(entry.rank)")
        }
        let firstLiterals = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.optionalString() }
        let segmentMasks = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.int(in: 0...0x7FFF_FFFF) }
        guard firstLiterals.count == entries.count, segmentMasks.count == entries.count else {
            throw RouterSnapshotError(
                code: .invalid, message: "\(entries.count) entries but \(firstLiterals.count) first segments and \(segmentMasks.count) layouts")
        }
        let caseless = !options.pathCaseSensitive
        let chunks = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in
            RouterChunk(source: try reader.string(), caseless: caseless)
        }
        let chunkRange = 0...chunks.count
        let dispatch = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) -> (key: String, chunks: Range<Int>) in
            let key = try reader.string()
            let lower = try reader.int(in: chunkRange)
            return (key, lower..<(try reader.int(in: lower...chunks.count)))
        }
        let rankRange = 0...max(0, entries.count - 1)
        let literalRanks = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.int(in: rankRange) }
        let otherLower = try reader.int(in: chunkRange)
        let otherChunks = otherLower..<(try reader.int(in: otherLower...chunks.count))
        let ranksByName = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in Int32(try reader.int(in: rankRange)) }
        let captures = try reader.int(in: 0...65_535)
        try reader.end()
        guard entries.isEmpty ? literalRanks.isEmpty && ranksByName.isEmpty : true else {
            throw RouterSnapshotError(code: .invalid, message: "ranks of routes in a table of none")
        }
        guard captures >= entries.map(\.parameters.count).max() ?? 0 else {
            throw RouterSnapshotError(code: .invalid, message: "match data of \(captures) groups for routes of more parameters")
        }
        let tables = Tables(
            firstLiterals: firstLiterals,
            layouts: entries.indices.map { index in
                RouteLayout(
                    segmentMask: UInt32(segmentMasks[index]), parameters: Array(entries[index].pathParameters), hasQuery: entries[index].readsQuery,
                    plain: entries[index].isPlainMatch)
            },
            chunks: chunks,
            dispatch: SegmentDispatch(dispatch, caseless: caseless),
            literalIndex: LiteralIndex(literalRanks.map { ($0, entries[$0].pattern) }),
            otherChunks: otherChunks,
            ranksByName: ranksByName,
            captures: captures)
        // The routes read one by one, then copied into one table (``Route/Table/compacting(_:)``).
        self.init(
            entries: Route.Table.compacting(entries), origins: origins, tabs: tabs, containers: containers, loginRoute: loginRoute,
            options: options, tables: tables)
    }
}
