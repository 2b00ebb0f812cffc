import Foundation
import Testing

/// A journal is a file from elsewhere: `replay` trusts its begin state no more than
/// `--begin-source` (default `deepLink`), so a begin state that says an in-app-only screen was
/// opened in-app does not show it unless the replay is told to trust the journal as the app's own.
@Suite struct ReplayBeginSourceTests {
    @Test func theBeginStateIsTrustedAsTheSourceGiven() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-source-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let table = folder + "/t.routes"
        try "origins myapp:\nroute home /\nroute secret /secret\n  sources inApp\n  parent home\nroute about /about\n  parent home\n"
            .write(toFile: table, atomically: true, encoding: .utf8)
        let script = folder + "/s.sim"
        try "set start secret\nnavigate myapp://about\nback\n".write(toFile: script, atomically: true, encoding: .utf8)
        let journal = folder + "/j.jsonl"
        let recorded = await executeCommand("simulate", "--routes", table, "--journal", journal, script)
        #expect(recorded.status == 0, "\(recorded.err)")
        // By default: the in-app-only screen of the begin state is not shown.
        let untrusted = await executeCommand("replay", "--routes", table, journal)
        #expect(untrusted.status == 1)
        #expect(untrusted.out.contains("step 1 (start) differs in state"), "\(untrusted.out)")
        // Trusted as the app's own recording: every step matches.
        let trusted = await executeCommand("replay", "--routes", table, "--begin-source", "inApp", journal)
        #expect(trusted.status == 0, "\(trusted.out)\(trusted.err)")
        #expect(trusted.out.contains("all 3 steps matched"))
        // A source that is none: a usage error naming the sources.
        let bad = await executeCommand("replay", "--routes", table, "--begin-source", "fax", journal)
        #expect(bad.status == 2)
        #expect(bad.err.contains("inApp, deepLink, universalLink, pushNotification"))
    }

    /// `replay --format json`: the report as one document — every step matched, or the first that
    /// differs with what the recording and the replay each did — and errors as documents too.
    @Test func theReportAsJSON() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-json-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let table = folder + "/t.routes"
        try "origins myapp:\nroute home /\nroute about /about\n  parent home\n".write(toFile: table, atomically: true, encoding: .utf8)
        let script = folder + "/s.sim"
        try "navigate myapp://about\nback\n".write(toFile: script, atomically: true, encoding: .utf8)
        let journal = folder + "/j.jsonl"
        #expect(await executeCommand("simulate", "--routes", table, "--journal", journal, script).status == 0)
        func document(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let matched = await executeCommand("replay", "--format", "json", "--routes", table, "--begin-source", "inApp", journal)
        #expect(matched.status == 0)
        let report = try document(matched.out)
        #expect(report["matched"] as? Bool == true)
        #expect(report["steps"] as? Int == 3)
        #expect(report["difference"] is NSNull)
        // The navigation's recorded result changed: the first difference, both outcomes.
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"kind\":\"navigate\"") })
        lines[index] = lines[index].replacingOccurrences(of: "\"result\":\"completed\"", with: "\"result\":\"cancelled.superseded\"")
        try (lines.joined(separator: "\n") + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
        let differs = await executeCommand("replay", "--format", "json", "--routes", table, "--begin-source", "inApp", journal)
        #expect(differs.status == 1)
        let changed = try document(differs.out)
        #expect(changed["matched"] as? Bool == false)
        let difference = try #require(changed["difference"] as? [String: Any])
        #expect(difference["parts"] as? [String] == ["result"])
        #expect((difference["recorded"] as? [String: Any])?["result"] as? String == "cancelled.superseded")
        #expect((difference["replayed"] as? [String: Any])?["result"] as? String == "completed")
        #expect((difference["step"] as? String)?.contains("about") == true)
        // Not a journal: an error document, status 2.
        let bad = await executeCommand("replay", "--format", "json", "--routes", table, "-", input: ["not a journal"])
        #expect(bad.status == 2)
        #expect((try document(bad.out)["error"] as? [String: Any])?["code"] as? String == "bad-journal")
    }
}
