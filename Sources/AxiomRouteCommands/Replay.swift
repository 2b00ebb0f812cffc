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
            Docs/Persistence.md. Exit status: 0 when every step matched, 1 at the first step that \
            differs (printed), 2 for a bad journal, table or usage.
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

    func run() async throws {
        guard let trusted = NavigationSource(rawValue: beginSource) else {
            Console.err(
                "error: --begin-source \(beginSource) is not a source (one of \(NavigationSource.allCases.map(\.rawValue).joined(separator: ", ")))")
            throw ExitStatus.badInput.exitCode
        }
        let router = try table.router()
        let text = try Console.text(of: journal, what: "journal")
        let records: [JournalRecord]
        do {
            records = try NavigationJournal.records(fromJSONLines: text)
        } catch {
            Console.err("error: \(journal): \(error)")
            throw ExitStatus.badInput.exitCode
        }
        let carriesSettings = records.contains { if case .begin(_, .some) = $0.step { true } else { false } }
        if carriesSettings, signedIn || noRateLimit {
            Console.err(
                "error: \(journal) carries the settings it was recorded with; --signed-in and --no-rate-limit are for format-1 journals, which do not"
            )
            throw ExitStatus.badInput.exitCode
        }
        let report: ReplayReport
        do {
            report = try await NavigationSimulator.replay(
                records, router: router, options: carriesSettings ? nil : .init(signedIn: signedIn, rateLimit: noRateLimit ? nil : .init()),
                beginSource: trusted)
        } catch {
            Console.err("error: \(journal): \(error)")
            throw ExitStatus.badInput.exitCode
        }
        Console.out(report.description)
        if report.difference != nil { throw ExitStatus.noMatch.exitCode }
    }
}
