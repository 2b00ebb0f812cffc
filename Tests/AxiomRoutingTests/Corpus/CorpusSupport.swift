import Foundation
import TestSupport
import Testing

@testable import AxiomRouting

/// A real app's route table from `Corpus/`, and the tools its tests share: the marks that say how
/// faithfully each of the app's routes is written, and the replay of the app's own assertions.
struct CorpusApp {
    let router: Router
    let diagnostics: [Diagnostic]
    let text: String

    /// How faithfully a route of the app is written (a `#! KIND: why` line above it).
    enum Mark: String, CaseIterable {
        case asWritten = "as-written"
        case workaround
        case notExpressible = "not-expressible"
    }

    init(_ relativePath: String) throws {
        let path = packageRoot() + "/" + relativePath
        text = try String(contentsOfFile: path, encoding: .utf8)
        let compilation = Router.compile([RouteSource(name: relativePath, text: text)])
        diagnostics = compilation.diagnostics
        router = try #require(compilation.router, "\(compilation.formattedDiagnostics)")
    }

    /// How many routes of the app carry each mark.
    var marks: [Mark: Int] {
        var counts: [Mark: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("#! ") {
            let kind = line.dropFirst(3).prefix { $0 != ":" && $0 != " " }
            if let mark = Mark(rawValue: String(kind)) { counts[mark, default: 0] += 1 }
        }
        return counts
    }

    /// Every route of the table, written by reverse routing with a sample value of each path
    /// parameter and required query parameter (`samples` by `route.parameter` or by parameter
    /// name, where `x`, `1`… would not do), resolves back to itself.
    func roundTrips(samples: [String: RouteValue] = [:]) -> [String] {
        var failures: [String] = []
        for (rank, entry) in router.entries.enumerated() where entry.kind == .route {
            let path = router.samplePath(rank)
            var query: [(String, RouteValue)] = []
            for parameter in entry.query where parameter.isRequired {
                guard let value = samples[entry.name + "." + parameter.name] ?? samples[parameter.name] ?? Self.sample(parameter.type) else {
                    continue
                }
                query.append((parameter.name, value))
            }
            let parameters = RouteParameters(names: query.map(\.0), values: query.map(\.1))
            let url: String
            do {
                url = try router.url(for: entry.name, parameters: Self.pathParameters(of: entry, in: path, router, samples), query: parameters)
            } catch {
                failures.append("\(entry.name): no URL (\(error))")
                continue
            }
            let resolved = entry.host != nil || url.contains("://") ? router.resolve(url) : router.resolve(Self.anyOrigin(of: router) + url)
            switch resolved {
            case .success(let match) where match.route.name == entry.name: continue
            case .success(let match): failures.append("\(entry.name): \(url) resolves to \(match.route.name)")
            case .failure(let failure): failures.append("\(entry.name): \(url) fails: \(failure)")
            }
        }
        return failures
    }

    /// The values `samplePath` wrote, read back from the path by the route itself.
    private static func pathParameters(of entry: Route, in path: String, _ router: Router, _ samples: [String: RouteValue]) -> RouteParameters {
        if case .success(let match) = router.resolve(path: path), match.route.name == entry.name { return match.parameters }
        var names: [String] = []
        var values: [RouteValue] = []
        for parameter in entry.parameters {
            guard let value = samples[entry.name + "." + parameter.name] ?? samples[parameter.name] ?? sample(parameter.type) else { continue }
            names.append(parameter.name)
            values.append(value)
        }
        return RouteParameters(names: names, values: values)
    }

    /// The first origin of the table, as a URL prefix (`myapp:` gives `myapp:/`).
    private static func anyOrigin(of router: Router) -> String {
        guard let origin = router.origins.first else { return "https://example.com" }
        if case .appScheme = origin.hosts { return origin.scheme + ":/" }
        return origin.description
    }

    static func sample(_ type: ParameterType) -> RouteValue? {
        switch type {
        case .string: return .string("x")
        case .int: return .int(1)
        case .double: return .double(1)
        case .bool: return .bool(true)
        case .uuid: return .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)))
        case .path: return .path(["x", "y"])
        case .enumeration(let options): return options.first.map(RouteValue.string)
        case .url(let schemes): return .string((schemes.first ?? "https") + "://x.example/")
        case .rest: return nil
        case .list(let element): return sample(element).map { .list([$0]) }
        }
    }
}

/// One assertion of an app's own unit tests: a URL and the app's expected result (nil: the app
/// routes it nowhere). `difference` is nil when the engine must agree, or says why it does not.
struct CorpusAssertion<Value: Equatable & Sendable>: Sendable, CustomTestStringConvertible {
    let test: String
    let url: String
    let expected: Value?
    let difference: String?

    init(_ test: String, _ url: String, _ expected: Value?, differs difference: String? = nil) {
        self.test = test
        self.url = url
        self.expected = expected
        self.difference = difference
    }

    var testDescription: String { "\(test): \(url)" }
}

/// Replays `assertions` through `adapter` (the engine's match turned into the app's value):
/// each one marked as agreeing must agree, each known difference must still be one. Returns
/// how many agree.
func replay<Value>(_ assertions: [CorpusAssertion<Value>], _ adapter: (String) -> Value?) -> Int {
    var agreeing = 0
    for assertion in assertions {
        let actual = adapter(assertion.url)
        if assertion.difference == nil {
            #expect(actual == assertion.expected, "\(assertion.test): \(assertion.url)")
            if actual == assertion.expected { agreeing += 1 }
        } else {
            #expect(actual != assertion.expected, "\(assertion.test): \(assertion.url) now agrees; drop its difference")
        }
    }
    return agreeing
}
