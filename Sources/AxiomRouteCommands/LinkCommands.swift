import ArgumentParser
import AxiomRouting
import Foundation

/// The options every `generate aasa|assetlinks|intent-filters` takes.
struct LinkGenerateOptions: ParsableArguments {
    @OptionGroup var table: RouteTableOptions

    @Option(help: ArgumentHelp("The app file: team and bundle IDs, package name, certificate fingerprints (Docs/LinkSurface.md).", valueName: "file"))
    var app: String?

    @Option(help: ArgumentHelp("The host to write the file for (default: the table's first https host; intent-filters: every host).", valueName: "host"))
    var host: String?

    @Option(help: ArgumentHelp("The lowest Android API level the app supports: what intent filters can say (31: advanced patterns; 35: query, fragment, exclusions).", valueName: "level"))
    var minApi = 23

    @Flag(help: "Print each route's label (exact, widened, narrowed, dropped) with example URLs instead of the file.")
    var explain = false

    @Option(help: "Output format of --explain: text or json.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Write the file to this path instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        guard (1...100).contains(minApi) else { throw ValidationError("--min-api \(minApi) is not an Android API level (1 to 100)") }
    }

    func surface() throws -> LinkSurface { LinkSurface(router: try table.router()) }

    /// The app file, which must name the app on `platform` (nil: the manifest fragment, which
    /// names no app).
    func loadApp(for platform: String?) throws -> LinkApp {
        guard let app else {
            guard let platform else { return LinkApp() }
            Console.err("error: the file names the app: give --app FILE with its \(platform) identity (Docs/LinkSurface.md, \"The app file\"; --explain needs none)")
            throw ExitStatus.badInput.exitCode
        }
        let loaded: LinkApp
        do {
            loaded = try LinkApp.load(app)
        } catch {
            Console.err("error: \(error)")
            throw ExitStatus.badInput.exitCode
        }
        if platform == "apple", loaded.apple == nil || loaded.apple?.appIDs.isEmpty == true {
            Console.err("error: app file '\(app)' has no apple.appIDs: an apple-app-site-association names the apps it lets open links")
            throw ExitStatus.badInput.exitCode
        }
        if platform == "android", loaded.android == nil {
            Console.err("error: app file '\(app)' has no android section: assetlinks.json names the package and its signing certificates")
            throw ExitStatus.badInput.exitCode
        }
        return loaded
    }

    func hosts(_ surface: LinkSurface, all: Bool) throws -> [LinkSurface.Host] {
        switch surface.hosts(named: host) {
        case .success(let hosts):
            if hosts.contains(where: { !$0.claimable }) {
                Console.err(
                    "note: the table has no https host a file can claim (origins: \(surface.router.origins.map(\.description).joined(separator: ", "))): the file claims nothing; name the app's domain with 'origins https://DOMAIN' (or --host DOMAIN for 'https://*')"
                )
            }
            return all || host != nil ? hosts : Array(hosts.prefix(1))
        case .failure(let error):
            Console.err("error: \(error)")
            throw ExitStatus.badInput.exitCode
        }
    }

    /// Prints the labels of `dialect` on `hosts`.
    func explain(_ surface: LinkSurface, _ dialect: LinkDialect, hosts: [LinkSurface.Host]) {
        let labels = hosts.flatMap { surface.labels(dialect, host: $0, claims: surface.generatedClaims(dialect, host: $0, minimumAPI: minApi)) }
        switch format {
        case .json: Console.out(LinkLabelReport(dialect: dialect, minimumAPI: minApi, labels: labels).json)
        case .text:
            for label in labels { Console.out(label.text) }
            let counts = Dictionary(grouping: labels, by: \.label).mapValues(\.count)
            Console.out(
                LinkLabel.Kind.allKinds.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ") + " (\(dialect.rawValue), minimum API \(minApi))")
        }
    }

    func write(_ text: String) throws { try Generate.emit(text, to: output) }
}

extension LinkLabel.Kind {
    static let allKinds: [LinkLabel.Kind] = [.exact, .widened, .narrowed, .dropped]
}

/// `generate --explain --format json`.
struct LinkLabelReport: Encodable {
    let dialect: LinkDialect
    let minimumAPI: Int
    let labels: [LinkLabel]
}

/// `axiom-route generate aasa`.
struct GenerateAASA: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Write the apple-app-site-association file for a host: applinks components for every route a universal link may open.",
        discussion: """
            Routes whose sources refuse universal links are excluded where a wider component would \
            claim them. The components are in the router's rank order, so the first match is the \
            route's. See Docs/LinkSurface.md.
            """)

    @OptionGroup var options: LinkGenerateOptions

    func run() throws {
        let surface = try options.surface()
        let hosts = try options.hosts(surface, all: false)
        if options.explain { return options.explain(surface, .aasa, hosts: hosts) }
        let app = try options.loadApp(for: "apple")
        try options.write(surface.aasa(app: app, host: hosts[0]).json + "\n")
    }
}

/// `axiom-route generate assetlinks`.
struct GenerateAssetLinks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Write assetlinks.json for a host, with Android 15 dynamic rules where the manifest cannot say what the table needs.",
        discussion: "See Docs/LinkSurface.md.")

    @OptionGroup var options: LinkGenerateOptions

    func run() throws {
        let surface = try options.surface()
        let hosts = try options.hosts(surface, all: false)
        if options.explain { return options.explain(surface, .assetlinks, hosts: hosts) }
        let app = try options.loadApp(for: "android")
        try options.write(surface.assetlinks(app: app, host: hosts[0], minimumAPI: options.minApi).json + "\n")
    }
}

/// `axiom-route generate intent-filters`.
struct GenerateIntentFilters: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intent-filters",
        abstract: "Write the manifest's <intent-filter> blocks for App Links, one a host, for a minimum API level.",
        discussion: """
            Below API 31 paths are pathPattern globs; from 31, pathAdvancedPattern; from 35, a \
            uri-relative-filter-group a route, with its query items, fragment and exclusions. See \
            Docs/LinkSurface.md.
            """)

    @OptionGroup var options: LinkGenerateOptions

    func run() throws {
        let surface = try options.surface()
        let hosts = try options.hosts(surface, all: true)
        if options.explain { return options.explain(surface, .intentFilters, hosts: hosts) }
        let app = try options.loadApp(for: nil)
        try options.write(surface.intentFiltersXML(hosts: hosts, minimumAPI: options.minApi, activity: app.android?.activity))
    }
}

// MARK: - check --association

/// What `check --association` and `check --live` found.
struct AssociationReport: Encodable {
    struct Finding: Encodable {
        /// `dead-link`, `dead-end`, `widened`, `narrowed`, or a platform refusal (`refused`).
        let kind: String
        let file: String
        let route: String?
        let example: String?
        let message: String
    }
    var findings: [Finding] = []

    var text: String {
        findings.map { finding in
            "\(finding.file): \(finding.kind): \(finding.message)" + (finding.example.map { "\n    e.g. " + $0 } ?? "")
        }.joined(separator: "\n")
    }
}

extension LinkSurface {
    /// Compares one association file with the table on `host`.
    func compare(_ file: AssociationFile, host: Host, minimumAPI: Int) -> [AssociationReport.Finding] {
        let claims: LinkClaims
        let dialect: LinkDialect
        switch file {
        case .aasa(let list, _):
            dialect = .aasa
            claims = LinkClaims { url in
                guard let index = list.opener(of: url) else { return (false, nil) }
                return (true, "component \(index + 1) ('/': \(list.components[index].path ?? "*"))")
            }
        case .assetlinks(let list, _):
            dialect = .assetlinks
            guard let list else {
                return [
                    .init(
                        kind: "note", file: file.source, route: nil, example: nil,
                        message: "no dynamic rules: on every Android version the manifest's intent filters decide which paths open the app (check them too)")
                ]
            }
            claims = LinkClaims { url in
                guard let index = list.opener(of: url) else { return (false, nil) }
                return (true, "dynamic rule \(index + 1) ('/': \(list.components[index].path ?? "*"))")
            }
        case .intentFilters(let filters, _):
            dialect = .intentFilters
            claims = LinkClaims { url in
                guard let index = filters.firstIndex(where: { $0.matches(url) }) else { return (false, nil) }
                return (true, "intent filter \(index + 1)")
            }
        }
        var findings: [AssociationReport.Finding] = []
        var rules: [String: String] = [:]
        // The file's own rules, each filled in a few ways (the first 2,000: bounded time for a
        // file of any size).
        let probes = Array(file.probes(host: host.sample).prefix(2_000))
        for url in trialURLs(host: host) + probes {
            guard let link = LinkURL(url) else { continue }
            let claim = claims.claims(link)
            if claim.claimed, routed(url).opens == nil, let rule = claim.by, rules[rule] == nil {
                rules[rule] = url
            }
        }
        for label in labels(dialect, host: host, claims: claims, extra: probes) {
            switch label.label {
            case .dropped:
                findings.append(
                    .init(
                        kind: "dead-link", file: file.source, route: label.route, example: label.narrowed,
                        message: "route '\(label.route)' opens from a universal link, but no rule claims its URLs: they open the browser"))
            case .narrowed:
                findings.append(
                    .init(
                        kind: "narrowed", file: file.source, route: label.route, example: label.narrowed,
                        message: "route '\(label.route)' takes URLs no rule claims: they open the browser"))
            case .widened, .exact: break
            }
            if let widened = label.widened, routed(widened).refusedBy == label.route {
                findings.append(
                    .init(
                        kind: "widened", file: file.source, route: label.route, example: widened,
                        message: "a rule claims URLs of route '\(label.route)', whose sources refuse universal links: the app opens and refuses them"))
            }
        }
        // In the file's order: "component 2" before "component 10".
        func position(_ rule: String) -> Int { Int(rule.drop { !$0.isNumber }.prefix { $0.isNumber }) ?? 0 }
        for (rule, url) in rules.sorted(by: { (position($0.key), $0.key) < (position($1.key), $1.key) }) where routed(url).refusedBy == nil {
            findings.append(
                .init(
                    kind: "dead-end", file: file.source, route: nil, example: url,
                    message: "\(rule) claims URLs no route takes: the app opens and shows not-found"))
        }
        return findings
    }
}

extension Check {
    /// `check --association FILE…`: a team's own association files against the table.
    func runAssociation(router: Router) throws {
        let surface = LinkSurface(router: router)
        let hosts: [LinkSurface.Host]
        switch surface.hosts(named: host) {
        case .success(let found): hosts = host == nil ? Array(found.prefix(1)) : found
        case .failure(let error):
            Console.err("error: \(error)")
            throw ExitStatus.badInput.exitCode
        }
        var report = AssociationReport()
        for path in association {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= 4 << 20, let data = FileManager.default.contents(atPath: path) else {
                Console.err(
                    size > 4 << 20
                        ? "error: association file '\(path)' is \(size) bytes: over 4 MiB, it is not an association file (a platform reads at most 128 KB of one)"
                        : "error: cannot read association file '\(path)'")
                throw ExitStatus.badInput.exitCode
            }
            // The platforms read at most 128 KB of a well-known file: a larger one claims nothing.
            if data.count > WellKnownFetch.sizeLimit, data.first.map({ $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) ?? false {
                report.findings.append(
                    .init(kind: "refused", file: path, route: nil, example: nil, message: "it is over 128 KB; the platforms read no more of a well-known file"))
                continue
            }
            do {
                let file = try AssociationFile.read(data, source: path)
                for host in hosts { report.findings += surface.compare(file, host: host, minimumAPI: minApi) }
            } catch {
                Console.err("error: \(error)")
                throw ExitStatus.badInput.exitCode
            }
        }
        try finish(report)
    }

    func finish(_ report: AssociationReport) throws {
        switch format {
        case .json: Console.out(report.json)
        case .text:
            if !report.findings.isEmpty { Console.out(report.text) }
            let problems = report.findings.count { $0.kind != "note" }
            Console.out(problems == 0 ? "ok: the association files claim what the table opens" : "\(problems) problem\(problems == 1 ? "" : "s")")
        }
        if report.findings.contains(where: { $0.kind != "note" }) { throw ExitStatus.noMatch.exitCode }
    }
}
