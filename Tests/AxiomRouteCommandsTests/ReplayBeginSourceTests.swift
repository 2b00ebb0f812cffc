import Foundation
import Testing

/// A journal is a file from elsewhere (issue 51): `replay` trusts its begin state no more than
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
}
