import AxiomRouteCommands
import AxiomURLPattern
import Foundation
import Testing

/// A temporary route-table file, removed when the test ends.
private func withTable(_ text: String, _ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("axiom-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("app.routes")
    try text.write(to: file, atomically: true, encoding: .utf8)
    try body(file.path)
}

private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct ResolveCommandTests {
    @Test func resolvesWithTheEmbeddedTableAndPrintsTypesAndMetadata() {
        let run = runCommand("resolve", "myapp://profile/42")
        #expect(run.status == 0)
        #expect(run.out.contains("route       profile  /profile/:userId"))
        #expect(run.out.contains("userId      42  (int)"))
        #expect(run.out.contains("transition push, tab home, parent home, analytics \"Profile\", requires authentication\n"))
    }

    @Test func routesRestrictedToSomeSourcesSayWhichInTextAndJSON() {
        let text = runCommand("resolve", "https://example.com/settings/billing")
        #expect(text.out.contains("requires authentication, sources inApp/universalLink\n"))
        let json = runCommand("resolve", "--format", "json", "https://example.com/settings/billing")
        #expect(json.out.contains("\"allowedSources\" : [\n          \"inApp\",\n          \"universalLink\"\n        ]"))
        // A route without `sources` has no such key.
        #expect(!runCommand("resolve", "--format", "json", "myapp://profile/42").out.contains("allowedSources"))
    }

    @Test func settingsLinkShowsTheCapturedRestOfPath() {
        let run = runCommand("resolve", "https://example.com/settings/privacy/ads")
        #expect(run.status == 0)
        #expect(run.out.contains("section     privacy/ads  (path)"))
        #expect(run.out.contains("requires authentication"))
    }

    @Test func anyUnresolvedURLMakesTheStatusOne() {
        let run = runCommand("resolve", "myapp://profile/42", "myapp://profile/abc")
        #expect(run.status == 1)
        #expect(run.out.contains("no match [conversion-failed]: route 'profile' matched, but parameter 'userId' = 'abc' is not a valid 'int'"))
    }

    @Test(arguments: ["", "profile/42", "myapp://profile/%zz", "myapp://u/%FF", "https://evil.example/x", "myapp://profile/abc"])
    func badURLsExitOneWithAReason(url: String) {
        let run = runCommand("resolve", url)
        #expect(run.status == 1)
        #expect(run.out.contains("no match ["))
    }

    // Both commands that echo their input in text: by its start, not its mebibyte.
    @Test(arguments: ["resolve", "explain"])
    func oneMebibyteURLExitsOne(command: String) {
        let run = runCommand(command, "myapp://x/" + String(repeating: "a", count: 1 << 20))
        #expect(run.status == 1)
        #expect(run.out.contains("[input-too-long]"))
        #expect(run.out.count < 1_000)
        #expect(run.out.contains("myapp://x/aaaa"))
    }

    @Test func readsOneURLPerLineFromStandardInput() {
        let run = runCommand("resolve", input: ["myapp://posts/7", "myapp://tags/swift"])
        #expect(run.status == 0)
        #expect(run.out.contains("route       post  /posts/:postId"))
        #expect(run.out.contains("route       tag  /tags/:tag"))
        // `-` names standard input, as `check -` does (it was read as a URL).
        let dash = runCommand("resolve", "-", input: ["myapp://posts/7"])
        #expect(dash.status == 0)
        #expect(dash.out.contains("route       post  /posts/:postId"))
        #expect(!dash.out.contains("invalid-url"))
    }

    @Test func jsonIsTypedAndDocumented() throws {
        let run = runCommand("resolve", "myapp://places/1.5/-2?x=1", "myapp://nowhere", "--format", "json")
        #expect(run.status == 1)
        let results = try #require(try json(run.out)["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["matched"] as? Bool == true)
        let route = try #require(results[0]["route"] as? [String: Any])
        #expect(route["name"] as? String == "place")
        #expect(route["transition"] as? String == "modal(sheet)")
        let parameters = try #require(results[0]["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["latitude", "longitude"])
        #expect(parameters[0]["value"] as? Double == 1.5)
        #expect(parameters[1]["type"] as? String == "double")
        let failure = try #require(results[1]["failure"] as? [String: Any])
        #expect(failure["code"] as? String == "no-route")
        #expect(results[1]["matched"] as? Bool == false)
    }

    @Test func badTableExitsTwoWithDiagnostics() throws {
        try withTable("route a /:x\n  param x integer\n") { path in
            let run = runCommand("resolve", "myapp://a", "--routes", path)
            #expect(run.status == 2)
            #expect(run.err.contains("app.routes:2:11: error: unknown parameter type 'integer' [E202]"))
        }
    }

    @Test func routeTableGuideExampleResolvesAsDocumented() throws {
        try withTable(
            """
            # app.routes
            origins myapp:, https://example.com
            tabs home, profile
            login login

            route home /
              transition tab(home)

            route profile /profile/:userId
              param userId int
              query tab enum(posts, likes) = posts
              parent home
              analytics "Profile"

            route settingsSection /settings/:section+
              param section path
              auth

            route login /login
              transition modal(fullScreen)
            """
        ) { path in
            let run = runCommand("resolve", "--routes", path, "myapp://profile/42?tab=likes")
            #expect(run.status == 0)
            #expect(
                run.out == """
                    myapp://profile/42?tab=likes
                      route       profile  /profile/:userId
                      userId      42  (int)
                      ?tab        likes  (enum(posts, likes))
                      transition push, tab home, parent home, analytics "Profile"

                    """)
        }
    }

    @Test func readmeCommandPrintsTheDocumentedOutput() {
        #expect(
            runCommand("resolve", "myapp://profile/42?tab=likes").out == """
                myapp://profile/42?tab=likes
                  route       profile  /profile/:userId
                  userId      42  (int)
                  ?tab        likes  (enum(posts, likes, media))
                  transition push, tab home, parent home, analytics "Profile", requires authentication

                """)
    }

    @Test func missingTableFileExitsTwo() {
        let run = runCommand("resolve", "myapp://a", "--routes", "/nonexistent/x.routes")
        #expect(run.status == 2)
        #expect(run.err.contains("no such file or folder"))
    }
}

@Suite struct CheckCommandTests {
    @Test func embeddedAndShippedTablesHaveNoDiagnostics() {
        let run = runCommand("check")
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("ok: 39 routes, 1 alias, 1 redirect in 7 files, no diagnostics"))
    }

    @Test func loadersAreCheckedAgainstTheNamesGiven() {
        let misspelt = runCommand("check", "--loaders", "followerLst, profileData")
        #expect(misspelt.status == 1)
        #expect(misspelt.out.contains("Routes/profile.routes:29:8: error: no loader named 'followerList' is registered [E322]"))
        #expect(misspelt.out.contains("did you mean 'followerLst'?"))
        #expect(runCommand("check", "--loaders", "followerList").status == 0)
        // Without the option the names are not checked (the app's loaders are unknown).
        #expect(runCommand("check").status == 0)
    }

    @Test func tableWithSeveralMistakesListsEachWithItsPlaceAndExitsOne() throws {
        try withTable(
            """
            rout home /
            route profile /profile/:id
              param id integer
              parent hom
            route profile /other
            """
        ) { path in
            let run = runCommand("check", path)
            #expect(run.status == 1)
            #expect(run.out.contains("app.routes:1:1: error: unknown directive 'rout' [E101]\n    1 | rout home /\n      | ^~~~"))
            #expect(run.out.contains("app.routes:3:12: error: unknown parameter type 'integer' [E202]"))
            #expect(run.out.contains("app.routes:4:10: error: unknown parent route 'hom' [E302]"))
            #expect(run.out.contains("app.routes:5:7: error: duplicate route name 'profile' [E301]"))
            #expect(run.out.hasSuffix("4 errors, 0 warnings\n"))
        }
    }

    /// `check` takes the table as every other command does, `--routes PATH` (issue 30), as well
    /// as the files it always took.
    @Test func checkTakesRoutesAsEveryCommandDoes() throws {
        try withTable("route a /a\nroute b /b/:id\n  param id integer\n") { path in
            let flag = runCommand("check", "--routes", path)
            #expect(flag.status == 1)
            #expect(flag.out.contains("app.routes:3:12: error: unknown parameter type 'integer' [E202]"))
            #expect(flag.out == runCommand("check", path).out)
            #expect(runCommand("resolve", "myapp://a", "--routes", path).status == 2)
        }
    }

    /// A table `generate swift` refuses is said so by `check` (W413), before a build stops on
    /// it; `generate swift` itself still fails with the error (issue 30).
    @Test func checkWarnsOfWhatTypedRoutesWouldRefuse() throws {
        try withTable("route home /\nroute makeRouter /make\n") { path in
            let run = runCommand("check", path)
            #expect(run.status == 0)
            #expect(
                run.out.contains(
                    "app.routes:2:7: warning: typed routes cannot be generated for this table: route 'makeRouter' cannot be the Swift name 'makeRouter': the generated type has a member of that name (E502 in 'generate swift' and the GenerateRoutes plugin) [W413]"
                ))
            #expect(runCommand("check", path, "--warnings-as-errors").status == 1)
            let generate = runCommand("generate", "swift", "--routes", path)
            #expect(generate.status == 2)
            #expect(generate.err.contains("[E502]"))
        }
    }

    @Test func warningsFailOnlyWhenAskedTo() throws {
        try withTable("route a /a/\nroute b /b") { path in
            let run = runCommand("check", path)
            #expect(run.status == 0)
            #expect(run.out.contains("warning: the trailing '/' is ignored"))
            #expect(runCommand("check", path, "--warnings-as-errors").status == 1)
        }
    }

    @Test func jsonListsDiagnosticsWithLocations() throws {
        try withTable("route a /a/\nroute home /\n") { path in
            let report = try json(runCommand("check", path, "--format", "json").out)
            let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.first?["code"] as? String == "W403")
            #expect(diagnostics.first?["severity"] as? String == "warning")
            let location = try #require(diagnostics.first?["location"] as? [String: Any])
            #expect(location["line"] as? Int == 1)
            #expect(location["column"] as? Int == 11)
            #expect(report["warnings"] as? Int == 1)
        }
    }
}

@Suite struct ExplainRoutesAndURLCommandTests {
    @Test func explainListsCandidatesAndTheExpression() {
        let run = runCommand("explain", "myapp://profile/abc")
        #expect(run.status == 1)
        #expect(run.out.contains("path    /profile/abc"))
        #expect(
            run.out.contains(
                "profile                   /profile/:userId                    rejected: route 'profile' matched, but parameter 'userId' = 'abc' is not a valid 'int'"
            ))
        #expect(run.out.contains("compiled expressions tried, in order:\n  ^(?|"))
    }

    @Test func routesListsTheTableInRankOrder() throws {
        let report = try json(runCommand("routes", "--format", "json").out)
        let routes = try #require(report["routes"] as? [[String: Any]])
        #expect(routes.count == 39)
        // Aliases and redirects take places in rank order too: with the routes, every place once.
        let routeRanks = routes.compactMap { $0["rank"] as? Int }
        #expect(routeRanks == routeRanks.sorted())
        let aliasRanks = routes.flatMap { ($0["aliases"] as? [[String: Any]] ?? []).compactMap { $0["rank"] as? Int } }
        let redirects = try #require(report["redirects"] as? [[String: Any]])
        #expect(redirects.map { $0["name"] as? String } == ["hashtag"])
        #expect(redirects.first?["target"] as? String == "tag")
        #expect((routeRanks + aliasRanks + redirects.compactMap { $0["rank"] as? Int }).sorted() == Array(0..<41))
        // The route on a host ranks before the one of the same path without a host.
        #expect(routes.prefix(2).map { $0["name"] as? String } == ["teamHome", "home"])
        #expect(routes.first?["pattern"] as? String == "https://:team.teams.example.com/")
        #expect(report["tabs"] as? [String] == ["home", "discover", "inbox", "profile"])
        let text = runCommand("routes").out
        #expect(text.contains(" 33  settingsSection       /settings/:section+"))
        #expect(text.contains("  7  hashtag               /hashtags/:tag                      redirect → tag"))
        #expect(text.contains(" 37  tag                   /t/:tag                             alias of tag"))
    }

    @Test func urlPrintsAURLThatResolvesBack() {
        let run = runCommand("url", "comments", "postId=7", "sort=new")
        #expect(run.status == 0)
        #expect(run.out == "myapp://posts/7/comments?sort=new\n")
        #expect(runCommand("resolve", "myapp://posts/7/comments?sort=new").status == 0)
    }

    /// A table without origins has no scheme or host to print: `url` prints the path, and
    /// `resolve` takes a path back (issue 30), with its query.
    @Test func aTableWithoutOriginsPrintsAPathThatResolvesBack() throws {
        try withTable("route x /x/:id\n  param id int\n  query tab string optional\n") { path in
            let url = runCommand("url", "x", "id=3", "tab=a b", "--routes", path)
            #expect(url.out == "/x/3?tab=a%20b\n")
            let back = runCommand("resolve", "/x/3?tab=a%20b#top", "--routes", path)
            #expect(back.status == 0)
            #expect(back.out.contains("route       x  /x/:id") && back.out.contains("id          3  (int)") && back.out.contains("a b"))
            #expect(runCommand("resolve", "/y", "--routes", path).status == 1)
        }
    }

    /// A list value once a value, and undeclared names into the route's `rest` (issue 30): the
    /// URL printed resolves back to the same values.
    @Test func urlTakesListAndRestValues() throws {
        try withTable("origins myapp:\nroute d /d/*\n  query ids [int]\n  query more rest\n") { path in
            let run = runCommand("url", "d", "0=a", "ids=3", "ids=-1", "x=1 2", "--routes", path)
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out == "myapp://d/a?ids=3&ids=-1&x=1%202\n")
            let back = runCommand("resolve", "myapp://d/a?ids=3&ids=-1&x=1%202", "--routes", path, "--format", "json")
            #expect(back.status == 0)
            #expect(back.out.contains("\"ids\"") && back.out.contains("-1") && back.out.contains("1 2"))
            // An element its type does not read is refused, naming the element's type.
            let bad = runCommand("url", "d", "0=a", "ids=x", "--routes", path)
            #expect(bad.status == 2)
            #expect(bad.err.contains("int"))
        }
        // Without a `rest` parameter, an undeclared name is still an error.
        #expect(runCommand("url", "comments", "postId=7", "x=1").status == 2)
    }

    @Test func urlSuggestsNamesForTypos() {
        let unknownRoute = runCommand("url", "profil", "userId=1")
        #expect(unknownRoute.status == 2)
        #expect(unknownRoute.err.contains("unknown route 'profil'; did you mean 'profile' or 'profileByName'?"))
        let unknownParameter = runCommand("url", "profile", "userid=1")
        #expect(unknownParameter.status == 2)
        #expect(unknownParameter.err.contains("did you mean 'userId'?"))
        #expect(runCommand("url", "profile", "userId=abc").status == 2)
    }
}

@Suite struct GenerateCommandTests {
    @Test func printsTheDefaultTablesTypedRoutes() {
        let run = runCommand("generate", "swift")
        #expect(run.status == 0)
        #expect(run.out.contains("enum AppRoute: TypedRoute {\n"))
        #expect(run.out.contains("    case profile(userId: Int, tab: ProfileTab = .posts)\n"))
        #expect(run.out.contains("RouteSource(name: \"app.routes\""))
    }

    @Test func typeNameAccessAndOutputFileAreOptions() throws {
        try withTable("route home /\nroute post /posts/:id\n  param id int\n") { path in
            let output = path + ".swift"
            let run = runCommand("generate", "swift", "--routes", path, "--type-name", "Screen", "--access", "public", "--output", output)
            #expect(run.status == 0)
            #expect(run.out.isEmpty)
            let code = try String(contentsOfFile: output, encoding: .utf8)
            #expect(code.contains("public enum Screen: TypedRoute {\n    /// `/`\n    case home\n    /// `/posts/:id`\n    case post(id: Int)\n"))
        }
    }

    @Test func aTableErrorIsTheTablesDiagnosticAndStatusTwo() throws {
        try withTable("route home /\n  param id integer\n") { path in
            let run = runCommand("generate", "swift", "--routes", path)
            #expect(run.status == 2)
            #expect(run.out.isEmpty)
            #expect(run.err.contains("app.routes:2:12: error: unknown parameter type 'integer' [E202]\n    2 |   param id integer\n"))
        }
    }

    @Test func aTypeNameThatIsNotOneIsAUsageError() {
        let run = runCommand("generate", "swift", "--type-name", "app-route")
        #expect(run.status == 2)
        #expect(run.err.contains("'app-route' is not a Swift type name"))
    }
}

/// The command line as a whole: version, help, standard input, JSON and errors without usage.
@Suite struct CommandLineSurfaceTests {
    @Test func versionIsPrinted() {
        let run = runCommand("--version")
        #expect(run.status == 0)
        #expect(run.out == AxiomRoute.versionDescription + "\n")
        // The version, then the PCRE2 linked in and its engine.
        #expect(run.out.hasPrefix(AxiomRoute.version + " (PCRE2 10."))
        #expect(run.out.hasSuffix(URLPattern.jitAvailable ? ", JIT)\n" : ", no JIT)\n"))
    }

    @Test func theTopLevelHelpDescribesEveryCommand() {
        let run = runCommand("--help")
        #expect(run.status == 0)
        for command in ["resolve", "check", "explain", "routes", "simulate", "replay", "url", "generate", "match"] {
            #expect(run.out.contains("\n  \(command) "), "\(command)")
        }
        #expect(run.out.contains("Exit statuses: 0 success"))
    }

    @Test func checkReadsATableFromStandardInput() {
        let bad = runCommand("check", "-", input: ["route home /", "  param x integer"])
        #expect(bad.status == 1)
        #expect(bad.out.hasPrefix("<stdin>:2:11: error: unknown parameter type 'integer' [E202]\n"))
        let good = runCommand("check", "-", input: ["route home /", "route post /posts/:id", "  param id int"])
        #expect(good.status == 0)
        #expect(good.out == "ok: 2 routes in 1 file, no diagnostics\n")
        // Its includes stay inside the current folder.
        for outside in ["/etc/passwd", "../../Package.swift"] {
            let run = runCommand("check", "-", input: ["route home /", "include \(outside)"])
            #expect(run.status == 1)
            #expect(run.out.contains("cannot include '\(outside)': it is outside the table's folder"), "\(run.out)")
            #expect(!run.out.contains("root:"))
        }
    }

    @Test func urlDataErrorsAreSaidWithoutTheUsage() {
        let unknown = runCommand("url", "psot")
        #expect(unknown.status == 2)
        #expect(unknown.err == "error: unknown route 'psot'; did you mean 'post'?\n")
        let value = runCommand("url", "post", "postId=seven")
        #expect(value.status == 2)
        #expect(value.err == "error: 'seven' is not a valid 'int' for parameter 'postId'\n")
        #expect(!value.err.contains("Usage"))
    }

    @Test func urlPrintsJSON() throws {
        let run = runCommand("url", "comments", "postId=7", "sort=new", "--format", "json")
        #expect(run.status == 0)
        let object = try json(run.out)
        #expect(object["route"] as? String == "comments")
        #expect(object["url"] as? String == "myapp://posts/7/comments?sort=new")
    }

    @Test func explainJSONGivesEachOutcomeAStableCode() throws {
        let run = runCommand("explain", "--format", "json", "myapp://profile/abc")
        let candidates = try #require(try json(run.out)["candidates"] as? [[String: Any]])
        let profile = try #require(candidates.first { $0["route"] as? String == "profile" })
        #expect(profile["code"] as? String == "rejected")
        #expect(profile["reason"] as? String == "conversion-failed")
        let codes = Set(candidates.compactMap { $0["code"] as? String })
        #expect(codes.isSubset(of: ["taken", "different-first-segment", "pattern-does-not-match", "rejected", "not-reached"]))
        #expect(codes.contains("different-first-segment"))
    }
}
