import ArgumentParser
import AxiomNavigation
import AxiomNavigationSimulator
import AxiomRouting
import Foundation

/// `axiom-route replay JOURNAL`: re-runs a navigation journal and reports the first difference.
struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a navigation journal on the route table and report the first step that differs.",
        discussion: """
            A journal is JSON lines, one record a step (what a NavigationJournal writes; \
            'simulate --journal FILE' records one). Replay starts from the journal's 'begin' state \
            and asks each step again at its recorded time on a test clock, with the built-in \
            middleware as 'simulate' sets them up, set up as the journal's settings say (signed in \
            or not, the rate limit, the flow's configuration). A journal recorded with an app's \
            own middleware is replayed by the library (JournalReplay) on the app's flow. See \
            Docs/Persistence.md. With --format json, the report (or the error) as one JSON \
            document (Docs/schemas/replay.schema.json). Exit status: 0 when every step matched, 1 \
            at the first step that differs (printed), 2 for a bad journal, table or usage.
            """
    )

    @Argument(help: "The journal file ('-' for standard input).")
    var journal: String

    @OptionGroup var table: RouteTableOptions

    @Flag(help: "For a format-1 journal (which does not carry its settings): the user starts signed in, as the recording did.")
    var signedIn = false

    @Flag(help: "For a format-1 journal: no rate limit, as in a recording without one.")
    var noRateLimit = false

    @Option(
        help: ArgumentHelp(
            "The source the journal's begin state is trusted as (inApp, deepLink, universalLink, pushNotification): its entries are trusted no more than this, since a journal is a file from elsewhere. Pass inApp for a journal the app recorded itself.",
            valueName: "source"))
    var beginSource = NavigationSource.deepLink.rawValue

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    /// Reports `message` as the command's error (stderr, or a JSON error document) and fails.
    private func fail(_ code: String, _ message: String) -> ExitCode {
        switch format {
        case .text: Console.err("error: \(message)")
        case .json: Console.out(ErrorReport(code: code, message: message, component: nil, position: nil).json)
        }
        return ExitStatus.badInput.exitCode
    }

    func run() async throws {
        guard let trusted = NavigationSource(rawValue: beginSource) else {
            throw fail(
                "unknown-source",
                "--begin-source \(beginSource) is not a source (one of \(NavigationSource.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let router = try table.router()
        let text = try Console.text(of: journal, what: "journal")
        let records: [JournalRecord]
        do {
            records = try NavigationJournal.records(fromJSONLines: text)
        } catch {
            throw fail("bad-journal", "\(journal): \(error)")
        }
        let carriesSettings = records.contains { if case .begin(_, .some) = $0.step { true } else { false } }
        if carriesSettings, signedIn || noRateLimit {
            throw fail(
                "usage",
                "\(journal) carries the settings it was recorded with; --signed-in and --no-rate-limit are for format-1 journals, which do not")
        }
        let report: ReplayReport
        do {
            report = try await NavigationSimulator.replay(
                records, router: router, options: carriesSettings ? nil : .init(signedIn: signedIn, rateLimit: noRateLimit ? nil : .init()),
                beginSource: trusted)
        } catch {
            throw fail("cannot-replay", "\(journal): \(error)")
        }
        switch format {
        case .text: Console.out(report.description)
        case .json: Console.out(ReplayJSON(report).json)
        }
        if report.difference != nil { throw ExitStatus.noMatch.exitCode }
    }
}

/// `replay --format json`: how many steps were replayed, and the first that differs with what the
/// recording and the replay each did (Docs/schemas/replay.schema.json).
struct ReplayJSON: Encodable {
    struct Outcome: Encodable {
        struct Decision: Encodable {
            var request: Int
            var middleware: String
            var decision: String
        }

        var result: String
        var state: String
        var requests: [Int]
        var decisions: [Decision]

        init(_ record: JournalRecord) {
            result = record.result
            state = record.state
            requests = record.requests
            decisions = record.decisions.map { Decision(request: $0.request, middleware: $0.middleware, decision: $0.decision) }
        }
    }

    struct Difference: Encodable {
        var index: Int
        var step: String
        var parts: [String]
        var recorded: Outcome
        /// nil when the step ran no request it should have.
        var replayed: Outcome?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(step, forKey: .step)
            try container.encode(parts, forKey: .parts)
            try container.encode(recorded, forKey: .recorded)
            try container.encode(replayed, forKey: .replayed)  // null, not left out
        }

        enum CodingKeys: String, CodingKey { case index, step, parts, recorded, replayed }
    }

    var steps: Int
    var matched: Bool
    var difference: Difference?

    init(_ report: ReplayReport) {
        steps = report.steps
        matched = report.difference == nil
        difference = report.difference.map {
            Difference(index: $0.index, step: $0.step.summary, parts: $0.parts, recorded: Outcome($0.expected), replayed: $0.actual.map(Outcome.init))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(steps, forKey: .steps)
        try container.encode(matched, forKey: .matched)
        try container.encode(difference, forKey: .difference)  // null when every step matched
    }

    enum CodingKeys: String, CodingKey { case steps, matched, difference }
}
