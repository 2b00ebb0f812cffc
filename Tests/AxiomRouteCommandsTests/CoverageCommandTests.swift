import Foundation
import TestSupport
import Testing

@testable import AxiomRouteCommands

/// `axiom-route coverage`: records from `simulate --coverage` merged and compared with the table.
@Suite struct CoverageCommandTests {
    static let table = """
        origins myapp:
        login login
        route home /
        route post /posts/:postId
          param postId int
          parent home
          alias /p/:postId
        route secret /secret
          auth
        route password /password
          sources inApp
        route sheet /sheet
          transition modal(sheet)
        route login /login
          transition modal(fullScreen)
        redirect oldPost /article/:postId -> post
        """

    /// A temporary folder with the table and two scripts' records in `records/`.
    static func withRecords(_ body: (_ folder: String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/records", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try table.write(toFile: folder + "/t.routes", atomically: true, encoding: .utf8)
        let scripts = [
            "one": "open myapp://article/7\nopen myapp://secret\nsign-in\n",
            "two": "open myapp://p/3\nopen myapp://password\nnavigate-to sheet\nui-dismiss\n",
        ]
        for (name, script) in scripts {
            try script.write(toFile: "\(folder)/\(name).sim", atomically: true, encoding: .utf8)
            let run = await executeCommand(
                "simulate", "--routes", folder + "/t.routes", "\(folder)/\(name).sim", "--coverage", "\(folder)/records/\(name).json")
            #expect(run.status == 0, "\(run.err)")
        }
        try await body(folder)
    }

    @Test func theReportNamesExactlyWhatNoRecordExercised() async throws {
        try await Self.withRecords { folder in
            let run = runCommand("coverage", folder + "/records", "--routes", folder + "/t.routes")
            #expect(run.status == 0, "\(run.err)")
            let missing = run.out.split(separator: "\n").drop { $0 != "never exercised:" }.dropFirst().prefix { $0.hasPrefix("  ") }
            #expect(
                missing.map { $0.trimmingCharacters(in: .whitespaces) } == [
                    "route password never shown",
                    "the rate limit never reached",
                    "a duplicate navigation never made",
                    "the UI never reported a pop (a back swipe)",
                ])
            // 6 routes, the login of 'secret', the refusal of 'password', a redirect, an alias, the
            // rate limit, a duplicate, the UI's pop and its dismissal (no tabs: no tab tapped).
            #expect(run.out.hasPrefix("coverage: 10 of 14 exercised (71.4%) from 2 records\nroutes shown: 5 of 6\n"))
            // The sheet dragged down showed the post again: a way of its own, from the app.
            #expect(run.out.contains("  post: deep-link, ui-dismiss from deepLink, inApp\n"))
            // Resumed after sign-in, the parked link shows its screen as the link it was.
            #expect(run.out.contains("  secret: deep-link from deepLink\n"))
        }
    }

    @Test func jsonListsEveryItem() async throws {
        try await Self.withRecords { folder in
            let run = runCommand(
                "coverage", folder + "/records/one.json", folder + "/records/two.json", "--routes", folder + "/t.routes", "--format", "json")
            #expect(run.status == 0)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            #expect(report["records"] as? Int == 2)
            let items = try #require(report["items"] as? [[String: Any]])
            let exercised = Dictionary(uniqueKeysWithValues: items.map { ("\($0["kind"] ?? "") \($0["name"] ?? "")", $0["exercised"] as? Bool) })
            #expect(exercised["login secret"] == true)
            #expect(exercised["refused-by-trust password"] == true)
            #expect(exercised["redirect oldPost"] == true)
            #expect(exercised["alias post /p/:postId"] == true)
            #expect(exercised["ui-dismiss "] == true)
            #expect(exercised["route password"] == false)
            // Only the first script's record: the alias and the UI's dismissal are not exercised.
            let one = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(runCommand("coverage", folder + "/records/one.json", "--routes", folder + "/t.routes", "--format", "json").out.utf8))
                    as? [String: Any])
            let oneItems = try #require(one["items"] as? [[String: Any]])
            #expect(oneItems.contains { $0["kind"] as? String == "alias" && $0["exercised"] as? Bool == false })
        }
    }

    @Test func thePageHoldsTheFiguresAndTheGraph() async throws {
        try #require(Graphviz.executable != nil, "Graphviz's 'dot' is not installed (apt-get install graphviz)")
        try await Self.withRecords { folder in
            let run = runCommand("coverage", folder + "/records", "--routes", folder + "/t.routes", "--format", "html")
            #expect(run.status == 0)
            #expect(run.out.contains("<p class=\"figure\" id=\"figure\">10 of 14 exercised (71.4%) from 2 records</p>"))
            #expect(run.out.contains("<li class=\"missing\">route password never shown</li>"))
            for route in ["home", "post", "secret", "password", "sheet", "login"] { #expect(run.out.contains("<title>\(route)</title>"), "\(route)") }
        }
    }

    @Test func aFileThatIsNoRecordIsABadInput() async throws {
        try await Self.withRecords { folder in
            try "{\"format\": 9}".write(toFile: folder + "/records/bad.json", atomically: true, encoding: .utf8)
            let run = runCommand("coverage", folder + "/records", "--routes", folder + "/t.routes")
            #expect(run.status == 2)
            #expect(run.err.contains("bad.json' is not a coverage record"))
            #expect(runCommand("coverage", folder + "/nowhere").status == 2)
        }
    }
}
