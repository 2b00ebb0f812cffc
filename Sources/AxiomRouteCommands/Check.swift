import ArgumentParser
import AxiomNavigation
import AxiomRouting
import Foundation

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

    @Flag(
        help: ArgumentHelp(
            "Compare two versions of a table: 'check --compat OLD NEW' reports what NEW does to OLD's links and saved states, and fails on a change not marked intended."
        ))
    var compat = false

    @Option(
        help: ArgumentHelp("With --compat: the links to compare, one URL a line (default: an example URL for each route of OLD).", valueName: "file"))
    var urls: String?

    @Option(
        help: ArgumentHelp(
            "With --compat: saved states to restore against NEW, a NavigationState's JSON a file (default: each route of OLD as a deep link builds it).",
            valueName: "file"))
    var states: [String] = []

    @Option(
        help: ArgumentHelp(
            "With --compat: the changes the team intends, 'KIND ROUTE' a line (gone, other-route, values-changed, dropped).", valueName: "file"))
    var intended: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Compare association files the team has (apple-app-site-association, assetlinks.json, intent filters) with the table: dead links, dead ends, rules whose scope differs.",
            valueName: "file"))
    var association: [String] = []

    @Option(
        help: ArgumentHelp(
            "Fetch https://DOMAIN/.well-known/apple-app-site-association and assetlinks.json, report what platforms refuse, and compare them with the table.",
            valueName: "https://domain"))
    var live: String?

    @Option(help: ArgumentHelp("With --live: trust the certificate authorities in this PEM file (a test server's).", valueName: "file"))
    var caFile: String?

    @Option(help: ArgumentHelp("With --association: the host the files are for (default: the table's first https host).", valueName: "host"))
    var host: String?

    @Option(help: ArgumentHelp("With --association: the app's lowest Android API level.", valueName: "level"))
    var minApi = 23

    func run() throws {
        if !association.isEmpty || live != nil {
            let router: Router
            if tableFiles.isEmpty {
                guard let embedded = RouteTableOptions.embeddedRouter else { throw ExitStatus.badInput.exitCode }
                router = embedded
            } else {
                guard tableFiles.count == 1 else {
                    Console.err("error: --association and --live check one table: name one file or folder")
                    throw ExitStatus.badInput.exitCode
                }
                router = try RouteTableOptions.router(path: tableFiles[0], includeOutside: includeOutside)
            }
            if let live { return try runLive(live, router: router) }
            return try runAssociation(router: router)
        }
        guard caFile == nil, host == nil else {
            Console.err("error: --ca-file goes with --live, --host with --association")
            throw ExitStatus.badInput.exitCode
        }
        if compat {
            try runCompatibility()
            return
        }
        guard urls == nil, states.isEmpty, intended == nil else {
            Console.err("error: --urls, --states and --intended go with --compat OLD NEW")
            throw ExitStatus.badInput.exitCode
        }
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

    /// `check --compat OLD NEW`: what NEW does to OLD's links and saved states.
    private func runCompatibility() throws {
        guard tableFiles.count == 2 else {
            Console.err("error: --compat compares two tables: 'axiom-route check --compat OLD NEW' (files or folders)")
            throw ExitStatus.badInput.exitCode
        }
        let old = try RouteTableOptions.router(path: tableFiles[0], includeOutside: includeOutside)
        let new = try RouteTableOptions.router(path: tableFiles[1], includeOutside: includeOutside)
        let links = try urls.map { path in try Self.lines(of: path, what: "URL list") }
        var saved: [(name: String, state: NavigationState)]? = nil
        if !states.isEmpty {
            saved = []
            for path in states {
                guard let data = FileManager.default.contents(atPath: path) else {
                    Console.err("error: cannot read the saved state '\(path)'")
                    throw ExitStatus.badInput.exitCode
                }
                do {
                    saved?.append((path, try JSONDecoder().decode(NavigationState.self, from: data)))
                } catch {
                    Console.err("error: '\(path)' is not a saved navigation state: \(Coverage.describe(error))")
                    throw ExitStatus.badInput.exitCode
                }
            }
        }
        var marked: Set<String> = []
        if let intended {
            for (number, line) in try Self.lines(of: intended, what: "list of intended changes").enumerated() {
                let words = line.split(separator: " ").map(String.init)
                guard words.count == 2, ["gone", "other-route", "values-changed", "dropped"].contains(words[0]) else {
                    Console.err(
                        "\(intended):\(number + 1): error: expected 'KIND ROUTE' (KIND: gone, other-route, values-changed, dropped), found '\(line)'")
                    throw ExitStatus.badInput.exitCode
                }
                marked.insert(words.joined(separator: " "))
            }
        }
        let report = CompatibilityReport(old: old, new: new, urls: links, states: saved, intended: marked)
        Console.out(format == .json ? report.json : report.text, terminator: format == .json ? "\n" : "")
        if report.unintended > 0 { throw ExitStatus.noMatch.exitCode }
    }

    /// The lines of a file that are not blank or comments (`#`).
    private static func lines(of path: String, what: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            Console.err("error: cannot read the \(what) '\(path)'")
            throw ExitStatus.badInput.exitCode
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
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
