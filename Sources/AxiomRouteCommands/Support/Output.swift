import ArgumentParser

/// The documented exit statuses.
enum ExitStatus: Int32 {
    case matched = 0
    case noMatch = 1
    case badInput = 2

    var exitCode: ExitCode { ExitCode(rawValue) }
}

/// `--format text|json`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
