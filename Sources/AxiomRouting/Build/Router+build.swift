@_spi(Lookup) import AxiomURLPattern

/// The last step of building: ranked, checked routes in, a frozen ``Router`` out. Everything
/// the lookup reads is made here — the chunks' expressions, the first-segment dispatch, the
/// literal index, the value layouts — so `Lookup/` never sees a ``CompiledRoute``, a shape
/// being ranked or the table's syntax (the builder-to-frozen split of hummingbird's
/// `RouterBuilder` and `RouterTrie`).
extension Router {
    /// What a router is made of: the routes in rank order and the frozen tables a lookup reads.
    struct Parts: Sendable {
        var entries: [Route]
        var origins: [Origin]
        var tabs: [String]
        var containers: [RouteContainer]
        var loginRoute: String?
        var options: Options
        var tables: Tables

        /// The same parts, the routes copied into one table (``Route/Table/compacting(_:)``):
        /// their fields in one buffer, their patterns in one string, their parameters in one
        /// array. Made one by one while the compiler's intermediate state (declarations, shapes,
        /// expressions being built) filled the heap around them, a few small objects a page,
        /// they pinned nearly every page that state used after it was freed; a few large
        /// buffers cannot be scattered (what an app's resident memory grows by on the first build:
        /// Docs/Performance.md).
        func compacted() -> Parts {
            var parts = self
            parts.entries = Route.Table.compacting(entries)
            return parts
        }
    }

    /// A router made of `parts`.
    convenience init(_ parts: Parts) {
        self.init(
            entries: parts.entries, origins: parts.origins, tabs: parts.tabs, containers: parts.containers, loginRoute: parts.loginRoute,
            options: parts.options, tables: parts.tables)
    }

    /// The parts of a router over `compiled` (rank order). The routes' shapes are used to
    /// build the expressions and are not kept (the router derives them again on its rare paths).
    static func parts(compiled: [CompiledRoute], origins: [Origin], syntax: RouteTableSyntax, limits: MatchLimits) throws(RegexCompileError) -> Parts
    {
        let caseless = !syntax.pathCaseSensitive
        // Literal routes found by path need no expression (not in case-insensitive tables:
        // see ``LiteralIndex``).
        let literalPaths = caseless ? [] : Self.literalPaths(compiled)
        let indexed = Set(literalPaths.map(\.rank))

        // Dispatch: the literal-first routes of each first segment get their own chunks
        // (the path's first segment picks them, so their expressions need no alternation
        // over other segments); then the others, in rank order.
        var chunks: [CompiledRegex] = []
        var firstLevel: [(key: String, chunks: Range<Int>)] = []
        var index = 0
        while index < compiled.count {
            guard let key = compiled[index].firstLiteral else {
                index += 1
                continue
            }
            var group: [RegexShaper.Item] = []
            while index < compiled.count, compiled[index].firstLiteral == key {
                if !indexed.contains(index) { group.append(RegexShaper.Item(route: index, symbols: RegexShaper.symbols(of: compiled[index]))) }
                index += 1
            }
            guard !group.isEmpty else { continue }
            let first = chunks.count
            chunks += try RegexShaper.chunks(group[...], caseless: caseless)
            firstLevel.append((key, first..<chunks.count))
        }
        let others = compiled.indices.filter { compiled[$0].firstLiteral == nil && !indexed.contains($0) }
            .map { RegexShaper.Item(route: $0, symbols: RegexShaper.symbols(of: compiled[$0])) }
        let firstOther = chunks.count
        chunks += try RegexShaper.chunks(others[...], caseless: caseless)

        let tables = Tables(
            firstLiterals: compiled.map(\.firstLiteral),
            layouts: compiled.map {
                RouteLayout(
                    segmentMask: $0.segmentMask, parameters: Array($0.route.pathParameters), hasQuery: $0.route.readsQuery,
                    plain: $0.route.isPlainMatch)
            },
            chunks: chunks.map { RouterChunk($0, caseless: caseless) },
            dispatch: SegmentDispatch(firstLevel, caseless: caseless),
            literalIndex: LiteralIndex(literalPaths),
            otherChunks: firstOther..<chunks.count,
            ranksByName: compiled.indices.filter { compiled[$0].route.kind == .route }.sorted { compiled[$0].route.name < compiled[$1].route.name }
                .map { Int32($0) },
            captures: max(compiled.map(\.route.parameters.count).max() ?? 0, chunks.map(\.captureCount).max() ?? 0))
        return Parts(
            entries: compiled.map(\.route), origins: origins, tabs: syntax.tabs?.value.map(\.value) ?? [],
            containers: Self.containers(syntax, compiled), loginRoute: syntax.login?.value,
            options: Options(
                pathCaseSensitive: syntax.pathCaseSensitive, ignoresTrailingSlash: syntax.ignoresTrailingSlash, limits: limits,
                queryPlusIsSpace: syntax.queryPlusIsSpace, appSchemeHostRequired: syntax.appSchemeHostRequired,
                collapsesEmptySegments: syntax.collapsesEmptySegments, appSchemeSpelling: syntax.appSchemeSpelling,
                attribution: syntax.attributionParameters),
            tables: tables)
    }

    /// The table's containers, each tab with its root route (one whose transition is the tab's
    /// and that needs no values).
    static func containers(_ syntax: RouteTableSyntax, _ compiled: [CompiledRoute]) -> [RouteContainer] {
        var seen: Set<String> = []
        return syntax.containers.compactMap { declaration in
            guard seen.insert(declaration.name.value).inserted else { return nil }
            var roots: [String: String] = [:]
            for tab in declaration.tabs {
                let root = compiled.first {
                    $0.route.kind == .route && $0.route.metadata.container == declaration.name.value
                        && $0.route.metadata.transition == .tab(tab.value)
                        && $0.route.parameters.allSatisfy(\.isOptional)
                }
                if let root { roots[tab.value] = root.route.name }
            }
            return RouteContainer(name: declaration.name.value, style: declaration.style, tabs: declaration.tabs.map(\.value), tabRoots: roots)
        }
    }

    /// The routes for the ``LiteralIndex``, in rank order: those whose tokens are all literal
    /// and whose pattern is exactly that text, the first of each path only (of two identical
    /// paths, an exact tie, the expressions take the first and keep the second as a fallback).
    static func literalPaths(_ compiled: [CompiledRoute]) -> [(rank: Int, text: String)] {
        var seen: Set<String> = []
        return compiled.indices.compactMap { rank in
            let tokens = compiled[rank].tokens
            let literals = tokens.compactMap { $0.kind == .literal ? $0.literal : nil }
            // A pattern that escapes a character (`/a\*b`) differs from its text: such
            // rare routes stay with the expressions.
            let text = literals.joined()
            guard !tokens.isEmpty, literals.count == tokens.count, text == compiled[rank].route.pattern, seen.insert(text).inserted
            else { return nil }
            return (rank, text)
        }
    }
}
