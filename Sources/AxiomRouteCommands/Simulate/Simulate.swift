import ArgumentParser
import AxiomNavigation
import AxiomNavigationSimulator
import AxiomRouting
import Foundation

/// `axiom-route simulate SCRIPT`: runs a navigation script against the real flow.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a navigation script on the route table and print each step's result and state.",
        discussion: """
            Runs the real navigation flow with the built-in middleware (analytics, rate limit, \
            authentication) on a test clock that moves only with 'advance', so the output is the \
            same on every run. The script format is in Docs/Simulation.md. Exit status: 0 when \
            every 'expect' held, 1 when any failed, 2 for a bad script, table or usage.
            """
    )

    @Argument(help: "The script file ('-' for standard input).")
    var script: String

    @OptionGroup var table: RouteTableOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(help: "After each navigation: the whole state (full), or only what changed (changes), in time linear in the steps.")
    var state: SimulationReport.StateDetail = .full

    @Option(help: "Also write the session's journal (JSON lines) to this file, for 'axiom-route replay'.")
    var journal: String?

    @Option(help: "Also write what the script exercised (a coverage record, JSON) to this file, for 'axiom-route coverage'.")
    var coverage: String?

    func run() async throws {
        let router = try table.router()
        let text = try Console.text(of: script, what: "script")
        let parsed: SimulationScript
        switch SimulationScript.parse(text, file: script == "-" ? "<stdin>" : script) {
        case .success(let value): parsed = value
        case .failure(let problems):
            for problem in problems.list { Console.err(problem.description) }
            throw ExitStatus.badInput.exitCode
        }
        var writer: JournalFile? = nil
        if let journal {
            guard let file = JournalFile(path: journal) else {
                Console.err("error: cannot write the journal '\(journal)'")
                throw ExitStatus.badInput.exitCode
            }
            writer = file
        }
        // `replace-table FILE`: each table read before the script runs (relative to the script).
        var tables: [String: Router] = [:]
        for path in parsed.tablePaths {
            let base = script == "-" ? "" : (script as NSString).deletingLastPathComponent
            let resolved = path.hasPrefix("/") || base.isEmpty ? path : base + "/" + path
            tables[path] = try RouteTableOptions.router(path: resolved, includeOutside: table.includeOutside)
        }
        var report = SimulationReport(format: format, state: state)
        let outcome: SimulationOutcome
        var write: (@MainActor (String) -> Void)? = nil
        if let writer { write = { line in writer.write(line) } }
        do {
            outcome = try await parsed.run(on: router, tables: tables, journal: write, onStart: { report.begin($0) }, onStep: { report.add($0) })
        } catch {
            for problem in error.list { Console.err(problem.description) }
            throw ExitStatus.badInput.exitCode
        }
        report.end(outcome)
        if let coverage {
            do {
                try outcome.coverage.json.write(to: URL(fileURLWithPath: coverage))
            } catch {
                Console.err("error: cannot write the coverage record '\(coverage)': \(error.localizedDescription)")
                throw ExitStatus.badInput.exitCode
            }
        }
        if !outcome.passed { throw ExitStatus.noMatch.exitCode }
    }
}

/// A journal written line by line as the simulation runs (nothing kept in memory).
///
/// `@unchecked Sendable`: made before the simulation, then written only by the journal's
/// writer, which runs on the main actor; the handle is never shared otherwise.
final class JournalFile: @unchecked Sendable {
    private let handle: FileHandle

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
    }

    func write(_ line: String) { handle.write(Data((line + "\n").utf8)) }

    deinit { try? handle.close() }
}
