import AxiomRouting
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import AxiomRouteCommands

private func router(_ text: String) throws -> Router {
    let compilation = Router.compile([RouteSource(name: "t.routes", text: text)])
    return try #require(compilation.router, "\(compilation.formattedDiagnostics)")
}

/// The default table and every table of the corpus.
private func everyTable() throws -> [(name: String, router: Router)] {
    var tables: [(String, Router)] = [("default", try #require(RouteTableOptions.embeddedRouter))]
    let corpus = packageRoot() + "/Corpus"
    for folder in try FileManager.default.contentsOfDirectory(atPath: corpus).sorted() {
        let path = corpus + "/" + folder
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
        let sources = try RouteSource.load(from: path)
        tables.append((folder, try #require(Router.compile(sources, resolver: RouteSource.fileResolver(roots: [path])).router)))
    }
    return tables
}

/// A table with one of each thing a dialect finds hard: a typed value, a file name after a group,
/// a required query item, a route links must not open under a wider one, a fragment.
private let table = """
    origins https://example.com
    route home /
    route user /users/:id
      param id int
    route file /files/:name.json
    route search /search
      query q string
    route adminKeys /admin/keys
      sources inApp
    route admin /admin/:page
    route room /chat#/room/:room
    """

@Suite struct LinkLabelTests {
    private func labels(_ dialect: LinkDialect, minimumAPI: Int = 23) throws -> [String: LinkLabel] {
        let surface = LinkSurface(router: try router(table))
        let host = try #require(surface.hosts.first)
        let labels = surface.labels(dialect, host: host, claims: surface.generatedClaims(dialect, host: host, minimumAPI: minimumAPI))
        return Dictionary(uniqueKeysWithValues: labels.map { ($0.route, $0) })
    }

    @Test func appleLabelsAreDecidedByURLs() throws {
        let labels = try labels(.aasa)
        #expect(labels["home"]?.label == .exact)
        // `?*` takes any text where the route takes only numbers.
        #expect(labels["user"]?.label == .widened)
        #expect(labels["user"]?.widened == "https://example.com/users/abc")
        #expect(labels["search"]?.label == .exact)
        // The route that must not open from a link is excluded before the wider component.
        #expect(labels["adminKeys"]?.label == .exact)
        // A fragment group is `?*` too, which spans `/`: the route's group does not.
        #expect(labels["room"]?.label == .widened)
        #expect(labels["room"]?.widened?.hasPrefix("https://example.com/chat#/room/") == true)
        #expect(labels["room"]?.narrowed == nil)
    }

    /// An alias on another host (Kickstarter's click tracker) claims nothing on this one, though
    /// its pattern filled in (`/`) is the route's own URL here.
    @Test func anAliasOnAnotherHostClaimsOnlyThere() throws {
        let surface = LinkSurface(router: try router("origins https://example.com, https://clicks.example.com\nroute home /\n  alias https://clicks.example.com/*\n"))
        let main = try #require(surface.hosts.first { $0.written == "example.com" })
        let clicks = try #require(surface.hosts.first { $0.written == "clicks.example.com" })
        #expect(surface.components(host: main).map(\.component.path) == ["/"])
        #expect(surface.components(host: clicks).map(\.component.path).contains("/?*"))
        let labels = surface.labels(.aasa, host: main, claims: surface.generatedClaims(.aasa, host: main, minimumAPI: 23))
        #expect(labels.map(\.label) == [.exact])
    }

    @Test func androidLabelsFollowTheMinimumAPI() throws {
        // Below 31, `.*` spans `/`; the manifest cannot say a query item or exclude a path.
        let old = try labels(.intentFilters)
        #expect(old["user"]?.label == .widened)
        #expect(old["adminKeys"]?.label == .widened)
        #expect(old["adminKeys"]?.widened == "https://example.com/admin/keys")
        #expect(old["search"]?.label == .widened)
        #expect(old["search"]?.widened == "https://example.com/search")
        // From 31, `[0-9]+` is exact for the number. A token never gives back what it took, so
        // `:name.json` is `[^/.]+\.json`: a name with a `.` in it opens the browser.
        let advanced = try labels(.intentFilters, minimumAPI: 31)
        #expect(advanced["user"]?.label == .exact)
        #expect(advanced["file"]?.label == .narrowed)
        #expect(advanced["file"]?.narrowed == "https://example.com/files/x.json.json")
        // From 35, groups say the query and the exclusion.
        let groups = try labels(.intentFilters, minimumAPI: 35)
        #expect(groups["search"]?.label == .exact)
        #expect(groups["adminKeys"]?.label == .exact)
        // An Android 15 device reads the dynamic rules, which exclude what the manifest cannot.
        let dynamic = try labels(.assetlinks)
        #expect(dynamic["adminKeys"]?.label == .exact)
        #expect(dynamic["search"]?.label == .exact)
    }

    /// Every label, on every table, is shown by its example: a widened example is claimed by the
    /// dialect's model and opened by no route; a narrowed one is taken by the route and not claimed.
    /// (Two hosts a table: a table's other hosts take the same routes, and the check is costly
    /// under the thread sanitizer.)
    @Test func everyLabelOfEveryTableIsShownByItsExample() throws {
        for (name, router) in try everyTable() {
            let surface = LinkSurface(router: router)
            for host in surface.linkHosts.prefix(2) {
                for dialect in LinkDialect.allCases {
                    let claims = surface.generatedClaims(dialect, host: host, minimumAPI: 23)
                    let labels = surface.labels(dialect, host: host, claims: claims)
                    #expect(labels.count == router.routes.count, "\(name): every route has a label")
                    for label in labels {
                        if let widened = label.widened {
                            let link = try #require(LinkURL(widened))
                            #expect(claims.claims(link).claimed, "\(name) \(dialect) \(label.route): \(widened) is claimed")
                            #expect(surface.routed(widened).opens == nil, "\(name) \(dialect) \(label.route): no route opens \(widened)")
                        }
                        if let narrowed = label.narrowed {
                            let link = try #require(LinkURL(narrowed))
                            #expect(!claims.claims(link).claimed, "\(name) \(dialect) \(label.route): \(narrowed) is not claimed")
                            #expect(surface.routed(narrowed).opens == label.route, "\(name) \(dialect): \(narrowed) is \(label.route)'s")
                        }
                        #expect((label.label == .exact) == (label.widened == nil && label.narrowed == nil))
                    }
                }
            }
        }
    }
}

@Suite struct LinkGenerateTests {
    private let app = packageRoot() + "/Docs/examples/link-app.json"

    @Test func filesOfEveryTableAreWellFormedAndClaimWhatTheirLabelsSay() throws {
        for (name, router) in try everyTable() {
            let surface = LinkSurface(router: router)
            let linkApp = try LinkApp.load(app)
            for host in surface.linkHosts.prefix(2) {
                // The written AASA, read back, claims exactly what the labels were computed on.
                let aasa = surface.aasa(app: linkApp, host: host)
                let data = Data(aasa.json.utf8)
                guard case .aasa(let list, _) = try AssociationFile.read(data, source: name) else {
                    Issue.record("\(name): the AASA does not read back as one")
                    continue
                }
                let generated = surface.generatedClaims(.aasa, host: host, minimumAPI: 23)
                for url in surface.trialURLs(host: host).prefix(400) {
                    let link = try #require(LinkURL(url))
                    #expect((list.opener(of: link) != nil) == generated.claims(link).claimed, "\(name): \(url)")
                }
                let links = surface.assetlinks(app: linkApp, host: host, minimumAPI: 23)
                guard case .assetlinks = try AssociationFile.read(Data(links.json.utf8), source: name) else {
                    Issue.record("\(name): assetlinks.json does not read back")
                    continue
                }
            }
            // The manifest fragment is well-formed XML, and reads back as the filters it holds.
            for api in [23, 31, 35] {
                let xml = surface.intentFiltersXML(hosts: surface.linkHosts, minimumAPI: api, activity: ".LinkActivity")
                let filters = try IntentFilterReader.read(Data(xml.utf8), source: name)
                #expect(filters.count == surface.hosts.count, "\(name) at API \(api)")
                for (filter, host) in zip(filters, surface.hosts) {
                    let model = surface.intentFilter(host: host, minimumAPI: api).filter
                    #expect(filter.hosts == model.hosts)
                    #expect(filter.paths == model.paths, "\(name) at API \(api): the paths read back")
                    #expect(filter.groups.map(\.allow) == model.groups.map(\.allow))
                }
            }
        }
    }

    @Test func generateCommandsWriteTheFilesAndRefuseWhatTheyCannotUse() throws {
        let aasa = runCommand("generate", "aasa", "--app", app)
        #expect(aasa.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(aasa.out.utf8)) as? [String: Any])
        let details = try #require((json["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        #expect(details.first?["appIDs"] as? [String] == ["ABCDE12345.com.example.social"])
        // The file names the app: without it, a clear error.
        let missing = runCommand("generate", "aasa")
        #expect(missing.status == 2)
        #expect(missing.err.contains("give --app FILE"))
        let explain = runCommand("generate", "intent-filters", "--min-api", "31", "--explain", "--format", "json")
        #expect(explain.status == 0)
        #expect(explain.out.contains("\"dialect\" : \"intent-filters\""))
        #expect(runCommand("generate", "aasa", "--host", "other.example.org", "--app", app).err.contains("is not a host of the table's https origins"))
    }

    @Test func aBadAppFileSaysWhichFieldIsWrong() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (text, message) in [
            (#"{"apple": {"appIDs": ["com.example.app"]}}"#, "is not TEAMID.bundle.id"),
            (#"{"android": {"package": "app", "sha256CertFingerprints": ["AA"]}}"#, "is not an application ID"),
            (#"{"android": {"package": "com.example.app", "sha256CertFingerprints": ["AA:BB"]}}"#, "is not a SHA-256 fingerprint"),
            (#"{"apple": {}}"#, "missing 'apple.appIDs'"),
            ("not json", "is not the app file's JSON"),
        ] {
            let path = folder.appendingPathComponent("app.json").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let run = runCommand("generate", "aasa", "--app", path)
            #expect(run.status == 2)
            #expect(run.err.contains(message), "\(text): \(run.err)")
        }
    }
}

@Suite struct AssociationCheckTests {
    /// A team's file with one of each mistake: `home` claimed by nothing (a dead link), a
    /// component for a path no route has (a dead end), and the route links must not open claimed.
    private let planted = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
          {"/": "/users/*"},
          {"/": "/old-blog/*"},
          {"/": "/admin/*"},
          {"/": "/search", "?": {"q": "?*"}},
          {"/": "/files/*"},
          {"#": "*", "/": "/chat"}
        ]}]}}
        """

    private func withFiles(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("association-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try body(folder)
    }

    @Test func findsThePlantedDeadLinkDeadEndAndWidenedRule() throws {
        try withFiles(["app.routes": table, "apple-app-site-association": planted]) { folder in
            let run = runCommand(
                "check", folder.appendingPathComponent("app.routes").path, "--association",
                folder.appendingPathComponent("apple-app-site-association").path, "--format", "json")
            #expect(run.status == 1)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            let findings = try #require(report["findings"] as? [[String: Any]])
            func finding(_ kind: String, route: String? = nil) -> [String: Any]? {
                findings.first { $0["kind"] as? String == kind && (route == nil || $0["route"] as? String == route) }
            }
            #expect(finding("dead-link", route: "home")?["example"] as? String == "https://example.com/")
            // `/old-blog/*` claims URLs of a path no route has.
            #expect(findings.contains { $0["kind"] as? String == "dead-end" && ($0["example"] as? String)?.hasPrefix("https://example.com/old-blog/") == true })
            #expect(finding("widened", route: "adminKeys")?["example"] as? String == "https://example.com/admin/keys")
            // `/users/*` claims `/users/abc` too, which no route takes.
            #expect(findings.contains { $0["kind"] as? String == "dead-end" && ($0["example"] as? String)?.hasPrefix("https://example.com/users/") == true })
        }
    }

    @Test func theTablesOwnFilesHaveNoDeadLinks() throws {
        let app = packageRoot() + "/Docs/examples/link-app.json"
        try withFiles(["app.routes": table]) { folder in
            let routes = folder.appendingPathComponent("app.routes").path
            for (command, name) in [("aasa", "apple-app-site-association"), ("assetlinks", "assetlinks.json")] {
                let file = folder.appendingPathComponent(name).path
                #expect(runCommand("generate", command, "--routes", routes, "--app", app, "--output", file).status == 0)
                let run = runCommand("check", routes, "--association", file, "--format", "json")
                #expect(!run.out.contains("dead-link"), "\(command): \(run.out)")
            }
            let filters = folder.appendingPathComponent("filters.xml").path
            #expect(runCommand("generate", "intent-filters", "--routes", routes, "--min-api", "35", "--output", filters).status == 0)
            // What the labels say, and nothing else: a name with a `.` is not claimed.
            let run = runCommand("check", routes, "--association", filters, "--min-api", "35")
            #expect(run.status == 1)
            #expect(run.out.contains("narrowed: route 'file' takes URLs no rule claims"))
            #expect(run.out.contains("e.g. https://example.com/files/x.json.json"))
            #expect(!run.out.contains("dead-link") && !run.out.contains("dead-end") && !run.out.contains("widened"), "\(run.out)")
        }
    }

    @Test func whatAnAttackerMightHandItIsRefusedInBoundedTime() throws {
        // A host with a path, a port or a scheme is not a host.
        for host in ["evil.com/x", "example.com:443", "https://example.com", "ex ample.com"] {
            let run = runCommand("generate", "aasa", "--explain", "--host", host)
            #expect(run.status == 2)
            #expect(run.err.contains("is not a host name"), "\(host): \(run.err)")
        }
        // A file over what platforms read is refused as they refuse it, without being compared.
        let big = "{\"applinks\": {\"details\": []}, \"pad\": \"" + String(repeating: "x", count: 200_000) + "\"}"
        // A file with thousands of rules is compared within its bounds.
        let many = "{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": ["
            + (0..<3_000).map { "{\"/\": \"/p\($0)/*?*\"}" }.joined(separator: ",") + "]}]}}"
        try withFiles(["big.json": big, "many.json": many]) { folder in
            let run = runCommand("check", "--association", folder.appendingPathComponent("big.json").path)
            #expect(run.status == 1)
            #expect(run.out.contains("refused: it is over 128 KB"))
            #expect(!run.out.contains("dead-link"))
            let manyRun = runCommand("check", "--association", folder.appendingPathComponent("many.json").path, "--format", "json")
            #expect(manyRun.status == 1)
            #expect(manyRun.out.contains("\"kind\" : \"dead-end\""))
            #expect(manyRun.out.contains("\"kind\" : \"dead-link\""))
        }
    }

    @Test func unreadableOrForeignFilesAreRefusedWithTheReason() throws {
        try withFiles(["bad.xml": "<intent-filter><data android:scheme=\"https\"></intent-filter>", "odd.json": "{\"webcredentials\": {}}"]) { folder in
            let xml = runCommand("check", "--association", folder.appendingPathComponent("bad.xml").path)
            #expect(xml.status == 2)
            #expect(xml.err.contains("is not well-formed XML"))
            let json = runCommand("check", "--association", folder.appendingPathComponent("odd.json").path)
            #expect(json.status == 2)
            #expect(json.err.contains("has no applinks.details"))
        }
    }
}

/// `check --live` against an HTTPS server on loopback with a test certificate authority
/// (Tests/Fixtures/live): nothing leaves the machine.
@Suite(.serialized) struct LiveCheckTests {
    private let fixtures = packageRoot() + "/Tests/Fixtures/live"

    /// Starts the server over `folder` and runs `body` with its base URL.
    private func withServer(serving folder: URL, _ body: (String) throws -> Void) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", fixtures + "/server.py", folder.path]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        // Closing its standard input ends the server (and the launcher before it, if any).
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        // The first line is the port.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "the test server did not start")
            line.append(chunk)
        }
        let port = try #require(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        try body("https://127.0.0.1:\(port)")
    }

    @Test func findsThePlantedProblemsAndWhatPlatformsRefuse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let routes = folder.appendingPathComponent("app.routes")
        try table.write(to: routes, atomically: true, encoding: .utf8)
        // The planted AASA, and an assetlinks.json whose dynamic rules claim a dead end.
        try """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
          {"/": "/users/*"}, {"/": "/old-blog/*"}, {"/": "/admin/*"}]}]}}
        """.write(to: folder.appendingPathComponent("apple-app-site-association"), atomically: true, encoding: .utf8)
        try """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": []},
          "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/old-blog/*"}]}}}]
        """.write(to: folder.appendingPathComponent("assetlinks.json"), atomically: true, encoding: .utf8)
        try withServer(serving: folder) { base in
            let ca = fixtures + "/ca.pem"
            let good = runCommand("check", routes.path, "--live", base + "/good", "--host", "example.com", "--ca-file", ca)
            #expect(good.status == 1)
            #expect(good.out.contains("apple-app-site-association: dead-link: route 'home' opens from a universal link"))
            #expect(good.out.contains("apple-app-site-association: dead-end: component 2 ('/': /old-blog/*) claims URLs no route takes"))
            #expect(good.out.contains("apple-app-site-association: widened: a rule claims URLs of route 'adminKeys'"))
            #expect(good.out.contains("assetlinks.json: dead-end: dynamic rule 1 ('/': /old-blog/*)"))
            for (scenario, message) in [
                ("redirect", "it redirects (to " + base + "/good/.well-known/apple-app-site-association)"),
                ("wrongtype", "its content type is 'text/html'; serve it as application/json"),
                ("large", "it is over 128 KB"),
                ("invalid", "it is not valid JSON"),
            ] {
                let run = runCommand("check", routes.path, "--live", base + "/" + scenario, "--host", "example.com", "--ca-file", ca)
                #expect(run.status == 1)
                #expect(run.out.contains("apple-app-site-association: refused: " + message), "\(scenario): \(run.out)")
                #expect(!run.out.contains("dead-link"), "a refused file is not compared")
            }
            // Without the test authority the certificate is not trusted, as on any device.
            let untrusted = runCommand("check", routes.path, "--live", base + "/good", "--host", "example.com")
            #expect(untrusted.out.contains("refused: cannot fetch it: SSL certificate problem"))
        }
    }

    @Test func refusesWhatIsNotAnHTTPSDomain() {
        let run = runCommand("check", "--live", "http://example.com")
        #expect(run.status == 2)
        #expect(run.err.contains("--live takes an https URL"))
    }
}
