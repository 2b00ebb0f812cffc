import AxiomRouting
import FuzzSupport

/// Arbitrary bytes as a URL on the default table (`Routes/`). Oracles: the failure's reason and
/// suggestions are computed (in bounded time); `explain` takes the route `resolve` returns, or
/// none when it fails; a URL `url(for:)` prints resolves back to the same route and values.
@main struct Main {
    static func main() {
        let sources: [RouteSource]
        let router: Router
        do {
            sources = try RouteSource.load(from: repositoryRoot + "/Routes")
            router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        } catch {
            fatalError("the default table does not load: \(error)")  // the fuzzer's own set-up, not input
        }
        runFuzzer { bytes in check(String(decoding: bytes, as: UTF8.self), router) }
    }
}

func check(_ url: String, _ router: Router) {
    let result = router.resolve(url)
    let taken = router.explain(url).candidates.first { $0.outcome == .taken }?.route.name
    switch result {
    case .failure(let failure):
        _ = failure.description  // the reason, suggestions included
        if let taken, failure.code != .inputTooLong {
            oracleFailed("explain took '\(taken)' but resolve failed (\(failure.code)) for \(url.debugDescription)")
        }
    case .success(let match):
        guard taken == match.route.name else {
            oracleFailed("resolve gave '\(match.route.name)' but explain took '\(taken ?? "nothing")' for \(url.debugDescription)")
        }
        guard let printed = try? router.url(for: match.route.name, parameters: match.parameters, query: match.query) else { return }
        guard case .success(let again) = router.resolve(printed), again.route.name == match.route.name, again.parameters == match.parameters
        else { oracleFailed("url(for:) printed \(printed.debugDescription) for \(url.debugDescription), which does not resolve back") }
    }
}
