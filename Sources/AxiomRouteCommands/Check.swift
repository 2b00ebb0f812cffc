import ArgumentParser
import AxiomRouting

/// `axiom-route check [FILE|DIR...] [--routes FILE|DIR]`: a route table's diagnostics, like a compiler's.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check route tables and print every error and warning with its place.",
        discussion: """
            The files and folders given form one table (default: the embedded table). Exit status: \
            0 when there are no errors (and, with --warnings-as-errors, no warnings), 1 otherwise, \
            2 when a file cannot be read.
            """
    )

    @Argument(help: "Route-table files or folders of .routes files ('-' for a table on standard input).")
    var paths: [String] = []

    @Option(
        name: .customLong("routes"),
        help: ArgumentHelp("A route-table file or folder, as every other command takes it (with the files given, one table).", valueName: "path"))
    var routes: [String] = []

    /// The files and folders given, either way.
    var tableFiles: [String] { paths + routes }

    @Flag(help: "Fail on warnings too.")
    var warningsAsErrors = false

    @Flag(help: "Let includes read files outside the folders given (refused by default: E314).")
    var includeOutside = false

    @Option(
        help: ArgumentHelp(
            "The loaders the app registers, separated by commas: a route that names another is an error (E322).",
            valueName: "names"))
    var loaders: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        var sources: [RouteSource] = []
        var resolver = RouteSource.fileResolver(roots: tableFiles, allowingOutside: includeOutside)
        if tableFiles.isEmpty {
            (sources, resolver) = RouteTableOptions.embedded()
        } else {
            for path in tableFiles {
                // `-`: a table on standard input (its includes resolve from the current folder).
                if path == "-" {
                    sources.append(RouteSource(name: "<stdin>", text: try Console.text(of: "-", what: "table")))
                    continue
                }
                do {
                    sources += try RouteSource.load(from: path)
                } catch {
                    Console.err("error: \(error)")
                    throw ExitStatus.badInput.exitCode
                }
            }
        }
        let registered = loaders.map { Set($0.split(separator: ",").map { String($0.trimmingPrefix(" ")) }.filter { !$0.isEmpty }) }
        // With what generating typed routes would refuse (W413), and a stack the app would start
        // with nothing on (E329 for a tab, W415 for a table without tabs).
        let compilation = Router.compile(sources, resolver: resolver, loaders: registered).withTypedRouteWarnings.withStartDiagnostics
        let diagnostics = compilation.diagnostics
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count - errors
        switch format {
        case .text:
            if diagnostics.isEmpty {
                let files = compilation.sources.count
                let entries = compilation.router?.entries ?? []
                var counts = ["\(compilation.router?.routes.count ?? 0) routes"]
                let aliases = entries.count { $0.kind == .alias }
                let redirects = entries.count { if case .redirect = $0.kind { true } else { false } }
                if aliases > 0 { counts.append("\(aliases) alias\(aliases == 1 ? "" : "es")") }
                if redirects > 0 { counts.append("\(redirects) redirect\(redirects == 1 ? "" : "s")") }
                Console.out("ok: \(counts.joined(separator: ", ")) in \(files) file\(files == 1 ? "" : "s"), no diagnostics")
            } else {
                Console.out(compilation.formattedDiagnostics, terminator: "")
            }
            // What an origin of every host lets in, said where the table is checked.
            if let router = compilation.router {
                for origin in router.origins where origin.hosts == .any || origin.hosts == .everyOtherScheme {
                    let open = router.routes.count { $0.metadata.allows(source: "universalLink") || $0.metadata.allows(source: "deepLink") }
                    let from = origin.hosts == .any ? "every host" : "every scheme but the web's"
                    let by = origin.hosts == .any ? "a link from any site" : "a link of any app's scheme"
                    Console.out(
                        "note: origin '\(origin)' takes links from \(from): \(open) of \(router.routes.count) routes may be opened by \(by) (restrict the others with 'sources')"
                    )
                }
            }
        case .json:
            Console.out(CheckReport(compilation).json)
        }
        if errors > 0 || warningsAsErrors && warnings > 0 { throw ExitStatus.noMatch.exitCode }
    }
}

/// The JSON `check --format json` prints.
struct CheckReport: Encodable {
    struct Location: Encodable {
        var file: String
        var line: Int
        var column: Int
        var length: Int

        init(_ location: SourceLocation) {
            file = location.file
            line = location.line
            column = location.column
            length = location.length
        }
    }

    struct Note: Encodable {
        var message: String
        var location: Location?
    }

    struct Entry: Encodable {
        var code: String
        var severity: String
        var message: String
        var location: Location
        var notes: [Note]
        var help: String?
    }

    var diagnostics: [Entry]
    var errors: Int
    var warnings: Int
    var routes: Int?

    init(_ compilation: RouteTableCompilation) {
        diagnostics = compilation.diagnostics.sorted { $0.location < $1.location }.map {
            Entry(
                code: $0.code.rawValue, severity: $0.severity.rawValue, message: $0.message, location: Location($0.location),
                notes: $0.notes.map { Note(message: $0.message, location: $0.location.map(Location.init)) }, help: $0.help)
        }
        errors = compilation.diagnostics.count { $0.severity == .error }
        warnings = compilation.diagnostics.count - errors
        routes = compilation.router?.routes.count
    }
}
