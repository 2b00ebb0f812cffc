import ArgumentParser
import AxiomRouting

/// `axiom-route explain URL`: every candidate in rank order and why it was or was not taken.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show how a URL resolves: each route in rank order, why it was or was not taken, and the compiled expressions.",
        discussion: "Exit status: 0 when the URL resolved, 1 when it did not, 2 for a bad table or usage."
    )

    @Argument(help: "The URL to explain.")
    var url: String

    @OptionGroup var table: RouteTableOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let router = try table.router()
        let explanation = router.explain(url)
        switch format {
        case .text: Console.out(Self.text(explanation))
        case .json: Console.out(ExplainReport(explanation).json)
        }
        if case .failure = explanation.result { throw ExitStatus.noMatch.exitCode }
    }

    static func text(_ explanation: RouteExplanation) -> String {
        var lines = ["input   \(Resolve.echo(explanation.input, explanation.result))"]
        if let path = explanation.path { lines.append("path    \(path)") }
        switch explanation.result {
        case .success(let match): lines.append("result  \(match)")
        case .failure(let failure): lines.append("result  no match [\(failure.code)]: \(failure)")
        }
        if !explanation.candidates.isEmpty {
            lines.append("")
            lines.append("candidates in rank order:")
            let nameWidth = explanation.candidates.map { Self.label($0.route).count }.max() ?? 0
            let patternWidth = explanation.candidates.map(\.route.fullPattern.count).max() ?? 0
            for candidate in explanation.candidates {
                let rank = String(candidate.route.rank)
                lines.append(
                    "  \(String(repeating: " ", count: max(0, 3 - rank.count)))\(rank)  \(pad(Self.label(candidate.route), nameWidth))  \(pad(candidate.route.fullPattern, patternWidth))  \(candidate.outcome)"
                )
            }
            lines.append("")
            if let literal = explanation.literalRoute {
                lines.append("found by its path (a literal route, no expression needed): \(literal.name)")
            }
            if explanation.literalRoute == nil || !explanation.expressions.isEmpty {
                lines.append("compiled expressions tried, in order:")
                for expression in explanation.expressions { lines.append("  \(expression)") }
                if explanation.expressions.isEmpty { lines.append("  (none: no route can match this first segment)") }
            }
            if let taken = explanation.candidates.first(where: { $0.outcome == .taken }) {
                lines.append("the route's own expression:")
                lines.append("  \(taken.expression)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A candidate's name, with what it is when not a route's own pattern.
    static func label(_ entry: Route) -> String {
        switch entry.kind {
        case .route: return entry.name
        case .alias: return entry.name + " (alias)"
        case .redirect(let target): return entry.name + " (redirect → \(target))"
        }
    }
}

struct ExplainReport: Encodable {
    struct Candidate: Encodable {
        var route: String
        var pattern: String
        var rank: Int
        /// `route`, `alias` (another pattern of the route) or `redirect`.
        var kind: String
        /// A redirect's target.
        var target: String?
        /// The outcome's stable code (`taken`, `rejected` …) and, when rejected, the failure's.
        var code: String
        var reason: String?
        /// The outcome for people.
        var outcome: String
        var expression: String
    }

    var input: String
    var path: String?
    var result: ResolveReport.Entry
    var candidates: [Candidate]
    var literalRoute: String?
    var expressions: [String]

    init(_ explanation: RouteExplanation) {
        input = explanation.input
        path = explanation.path
        result = ResolveReport.Entry(input: explanation.input, result: explanation.result)
        candidates = explanation.candidates.map {
            var reason: String? = nil
            if case .rejected(let failure) = $0.outcome { reason = failure.code.rawValue }
            var kind = "route"
            var target: String? = nil
            switch $0.route.kind {
            case .route: break
            case .alias: kind = "alias"
            case .redirect(let next):
                kind = "redirect"
                target = next
            }
            return Candidate(
                route: $0.route.name, pattern: $0.route.fullPattern, rank: $0.route.rank, kind: kind, target: target, code: $0.outcome.code.rawValue,
                reason: reason,
                outcome: $0.outcome.description, expression: $0.expression)
        }
        literalRoute = explanation.literalRoute?.name
        expressions = explanation.expressions
    }
}
