public import ArgumentParser
import AxiomURLPattern

/// `axiom-route`: the command line of Axiom Navigation.
///
/// Exit statuses are part of the interface: 0 success (matched), 1 no match, 2 bad input
/// (invalid pattern, URL or usage).
public struct AxiomRoute: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "axiom-route",
        abstract: "Resolve URLs with a route table, check and explain tables, generate typed routes, and simulate and replay navigation.",
        discussion: """
            Every command but 'match' works on a route table: the embedded default (the package's \
            Routes/), or the file or folder of .routes files given with --routes. Exit statuses: 0 \
            success; 1 when a URL did not resolve or match (resolve, explain, match), the table has \
            errors (check), an expectation failed (simulate) or a replayed step differs (replay); \
            2 for bad input: an unreadable file, a bad table, pattern, URL, script or journal, an \
            unknown route or value, or bad usage. JSON output (--format json) is described in \
            Docs/CommandLine.md.
            """,
        version: AxiomRoute.versionDescription,
        subcommands: [
            Resolve.self, Check.self, Explain.self, Routes.self, Simulate.self, Coverage.self, Replay.self, URLCommand.self, Generate.self,
            Match.self,
        ]
    )

    /// The version of `axiom-route`.
    public static let version = "0.2.0"

    /// What `axiom-route --version` prints: the version, and the PCRE2 linked in with whether it
    /// has a JIT ("0.2.0 (PCRE2 10.42 2022-12-11, JIT)"; "no JIT" for a PCRE2 built without one,
    /// as on iOS) — the engine decides some limits' outcomes (Docs/Performance.md, "Without the JIT").
    public static var versionDescription: String {
        "\(version) (PCRE2 \(URLPattern.pcre2Version), \(URLPattern.jitAvailable ? "JIT" : "no JIT"))"
    }

    public init() {}

    /// Parses `arguments` (without the program name), runs the command and returns its exit
    /// status; output goes to ``Console/current``. Every command, `simulate` included.
    public static func execute(arguments: [String]) async -> Int32 {
        defer { Console.flush() }
        do {
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            return report(error)
        }
    }

    /// The synchronous commands (every one but `simulate`), for callers without `await`.
    public static func run(arguments: [String]) -> Int32 {
        defer { Console.flush() }
        do {
            var command = try parseAsRoot(arguments)
            guard !(command is any AsyncParsableCommand) else {
                Console.err("error: '\(arguments.first ?? "")' runs asynchronously; call 'execute(arguments:)'")
                return ExitStatus.badInput.rawValue
            }
            try command.run()
            return 0
        } catch {
            return report(error)
        }
    }

    /// Prints an error the way ArgumentParser would and returns the documented status.
    private static func report(_ error: any Error) -> Int32 {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if code == .success { Console.out(message) } else { Console.err(message) }
        }
        // Usage errors are "bad input" like any other: status 2, as documented.
        return code == .validationFailure ? ExitStatus.badInput.rawValue : code.rawValue
    }
}

