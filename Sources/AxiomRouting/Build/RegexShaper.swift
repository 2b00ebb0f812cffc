@_spi(Lookup) import AxiomURLPattern

/// Builds trie-shaped PCRE2 expressions over routes in rank order.
///
/// Shape: `^(?|A|B|…)$` where routes sharing a prefix are factored,
/// `^(?|\/users(?|\/new(*MARK:0)|\/[^\/]++(*MARK:3))|\/posts…)$`. PCRE2 tries
/// alternatives in order, so the first route that matches is the first in rank order —
/// provided factoring never reorders routes that can match the same URL. It therefore only
/// merges *adjacent* routes and only on symbols that match exactly one way: literal
/// characters and whole one-segment parameters. `(*MARK:n)` says which route matched.
///
/// A route whose segments are each literal or one whole parameter (the common case) has
/// no groups: its values are whole path segments, read from the path once the route is
/// known. Other routes keep a group per parameter; branch reset `(?|…)` numbers each
/// route's groups 1…n along its own path.
enum RegexShaper {
    /// One step of a route's path in the trie.
    struct Symbol: Hashable {
        var pcre: String
        var factorable: Bool
    }

    struct Item {
        var route: Int
        var symbols: [Symbol]
    }

    /// Largest expression source tried in one piece; bigger groups are split first.
    static let sourceBudget = 40_000

    static func symbols(of route: CompiledRoute) -> [Symbol] {
        var symbols: [Symbol] = []
        // Values read from the path's segments need no group.
        let uncaptured = route.segmentMask != 0
        for token in route.tokens {
            if let literal = token.literal {
                for scalar in literal.unicodeScalars {
                    symbols.append(Symbol(pcre: PatternRegexGenerator.escapeRegexpScalar(scalar), factorable: true))
                }
            } else {
                symbols.append(Symbol(pcre: uncaptured ? token.uncapturedPCRE ?? token.pcre : token.pcre, factorable: token.isPureParameter))
            }
        }
        return symbols
    }

    /// The expression for `items` (already in rank order).
    static func expression(_ items: ArraySlice<Item>) -> String {
        var output = "^(?|"
        alternatives(items, depth: 0, into: &output)
        output += ")$"
        return output
    }

    private static func alternatives(_ items: ArraySlice<Item>, depth: Int, into output: inout String) {
        var index = items.startIndex
        var first = true
        while index < items.endIndex {
            if !first { output += "|" }
            first = false
            let item = items[index]
            guard depth < item.symbols.count else {
                output += "(*MARK:\(item.route))"
                index += 1
                continue
            }
            let symbol = item.symbols[depth]
            var end = index + 1
            if symbol.factorable {
                while end < items.endIndex, depth < items[end].symbols.count, items[end].symbols[depth] == symbol { end += 1 }
            }
            if end - index == 1 {
                for rest in item.symbols[depth...] { output += rest.pcre }
                output += "(*MARK:\(item.route))"
            } else {
                // Emit the run's whole common prefix, then branch once.
                let run = items[index..<end]
                var next = depth + 1
                output += symbol.pcre
                while let shared = run.first?.symbols.dropFirst(next).first, shared.factorable,
                    run.allSatisfy({ $0.symbols.count > next && $0.symbols[next] == shared })
                {
                    output += shared.pcre
                    next += 1
                }
                output += "(?|"
                alternatives(run, depth: next, into: &output)
                output += ")"
            }
            index = end
        }
    }

    /// Compiles `items` into as few expressions ("chunks") as fit PCRE2's size limit, in
    /// order; each one's `(*MARK:n)` names say which route matched.
    static func chunks(_ items: ArraySlice<Item>, caseless: Bool) throws(RegexCompileError) -> [CompiledRegex] {
        guard !items.isEmpty else { return [] }
        let source = expression(items)
        if source.utf8.count <= sourceBudget || items.count == 1 {
            do {
                return [try CompiledRegex(source, caseless: caseless, deferJIT: true)]
            } catch  where error.isTooLarge && items.count > 1 {
                // Fall through to splitting.
            }
        }
        let middle = items.startIndex + items.count / 2
        return try chunks(items[..<middle], caseless: caseless) + chunks(items[middle...], caseless: caseless)
    }
}
