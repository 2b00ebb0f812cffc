import AxiomRouting
import FuzzSupport

/// Route-table text: compiled (diagnostics formatted), then every route printed with sample
/// values and each printed URL resolved and explained, and the input's own lines resolved.
/// Oracles: nothing crashes, bounded time; `explain` agrees with `resolve`; `url(for:)` gives a
/// URL that resolves back to its route.
@main struct Main {
    static func main() {
        // The issue's bound, 100 ms, although a table input does more than the others: it
        // compiles a table of up to 4 KiB (invalid or non-ASCII text percent-encodes to nine
        // bytes a character: up to ~36 KB of pattern), then runs up to 50 reverse routings
        // and 90 lookups. The slowest such tables take ~70 ms under AddressSanitizer.
        runFuzzer { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            // A hundredth of the default match limit: a lookup that spends it costs what PCRE2's
            // limit allows (Docs/Performance.md, "Bounded cost"), up to 90 times per input here,
            // and tables of wildcards separated by text (`/*.*-*`) spend it on many lines; the
            // time check is for everything else, which must not grow with the input.
            // Host-less app URLs (`myapp:/` + a line, below) are routed by their path: the
            // option comes first (a table that declares it too fails E311 and is only compiled).
            let compilation = Router.compile(
                [RouteSource(name: "fuzz.routes", text: "option app-scheme-host optional\n" + text)], limits: MatchLimits(matchLimit: 10_000))
            _ = compilation.formattedDiagnostics
            guard let router = compilation.router else { return }
            var urls: [String] = []
            for route in router.routes.prefix(50) {
                let values = route.parameters.filter { !$0.isOptional }.map { parameter -> (String, RouteValue) in
                    switch parameter.type {
                    case .int: return (parameter.name, .int(7))
                    case .double: return (parameter.name, .double(1.5))
                    case .bool: return (parameter.name, .bool(true))
                    case .path: return (parameter.name, .path(["a", "b"]))
                    case .enumeration(let options): return (parameter.name, .string(options.first ?? "x"))
                    case .url(let schemes): return (parameter.name, .string((schemes.first ?? "https") + "://x/"))
                    case .rest: return (parameter.name, .fields(["x": "1"]))
                    case .list: return (parameter.name, .list([]))
                    case .uuid, .string: return (parameter.name, .string("x"))
                    }
                }
                let parameters = RouteParameters(names: values.map(\.0), values: values.map(\.1))
                if let url = try? router.url(for: route.name, parameters: parameters) {
                    // A table without a printable origin prints a path (with its query and
                    // fragment), which resolves as a path.
                    let hash = url.firstIndex(of: "#")
                    let beforeHash = url[..<(hash ?? url.endIndex)]
                    let query = beforeHash.firstIndex(of: "?")
                    let resolved =
                        url.hasPrefix("/")
                        ? router.resolve(
                            path: String(beforeHash[..<(query ?? beforeHash.endIndex)]),
                            query: query.map { String(beforeHash[beforeHash.index(after: $0)...]) }, fragment: hash.map { String(url[url.index(after: $0)...]) })
                        : router.resolve(url)
                    guard case .success(let match) = resolved, match.route.name == route.name else {
                        oracleFailed("url(for: \(route.name)) printed \(url.debugDescription), which resolves elsewhere")
                    }
                    if !url.hasPrefix("/") { urls.append(url) }
                }
            }
            urls += text.split(separator: "\n").prefix(20).map { "myapp:/" + $0 }
            for url in urls {
                let taken = router.explain(url).candidates.first { $0.outcome == .taken }?.route.name
                switch router.resolve(url) {
                case .success(let match) where match.route.name != taken:
                    oracleFailed("resolve gave '\(match.route.name)', explain took '\(taken ?? "nothing")' for \(url.debugDescription)")
                case .failure(let failure):
                    _ = failure.description
                    if let taken, failure.code != .inputTooLong {
                        oracleFailed("explain took '\(taken)', resolve failed for \(url.debugDescription)")
                    }
                default: break
                }
            }
        }
    }
}
