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
            middleware as 'simulate' sets them up; give it the recording's settings. See \
            Docs/Persistence.md. Exit status: 0 when every step matched, 1 at the first step that \
            differs (printed), 2 for a bad journal, table or usage.
            """
    )

    @Argument(help: "The journal file ('-' for standard input).")
    var journal: String

    @OptionGroup var table: RouteTableOptions

    @Flag(help: "The user starts signed in (as the recording did).")
    var signedIn = false

    @Flag(help: "No rate limit (as in a recording without one; 'simulate' scripts have none unless they set 'rate-limit').")
    var noRateLimit = false

    func run() async throws {
        let router = try table.router()
        let text = try Console.text(of: journal, what: "journal")
        let report: ReplayReport
        do {
            let records = try NavigationJournal.records(fromJSONLines: text)
            report = try await NavigationSimulator.replay(
                records, router: router, options: .init(signedIn: signedIn, rateLimit: noRateLimit ? nil : .init()))
        } catch {
            Console.err("error: \(journal): \(error)")
            throw ExitStatus.badInput.exitCode
        }
        Console.out(report.description)
        if report.difference != nil { throw ExitStatus.noMatch.exitCode }
    }
}
