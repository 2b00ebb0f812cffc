import AxiomNavigation
import AxiomRouting
import Foundation
import TestSupport
import Testing

@testable import AxiomRouteCommands

/// `axiom-route check --compat OLD NEW`: a pair of table versions with planted changes.
@Suite struct CompatibilityTests {
    /// The default table, and a copy with planted changes: `about`'s URL moved (`gone`),
    /// `legal` refuses `terms` (a link gone and a saved screen dropped), `search`'s default page
    /// changed (`values-changed`), `/discover/topics/music` now taken by another route (`other-route`).
    static func withVersions(_ body: (_ old: String, _ new: String, _ folder: String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compat-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = packageRoot() + "/Routes"
        let new = folder + "/new"
        try FileManager.default.createDirectory(atPath: new, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: old) where name.hasSuffix(".routes") {
            var text = try String(contentsOfFile: old + "/" + name, encoding: .utf8)
            text = text.replacingOccurrences(of: "route about /about\n", with: "route about /info\n")
            text = text.replacingOccurrences(of: "  param document enum(terms, privacy, cookies)", with: "  param document enum(privacy, cookies)")
            text = text.replacingOccurrences(of: "  query page int = 1\n", with: "  query page int = 2\n")
            if name == "system.routes" { text += "\nroute topicPage /discover/topics/music\n" }
            try text.write(toFile: new + "/" + name, atomically: true, encoding: .utf8)
        }
        try body(old, new, folder)
    }

    @Test func plantedChangesAreEachFoundAndFailTheCheck() throws {
        try Self.withVersions { old, new, _ in
            let run = runCommand("check", "--compat", old, new)
            #expect(run.status == 1, "\(run.err)")
            let lines = run.out.split(separator: "\n").map(String.init)
            #expect(lines.contains("  error: myapp://about: gone (was about)"))
            #expect(lines.contains("  error: myapp://legal/terms: gone (was legal)"))
            #expect(lines.contains { $0.hasPrefix("  error: myapp://search?q=example: search: values changed:") && $0.contains("?page: 2") })
            #expect(lines.contains("  error: myapp://discover/topics/music: now topicPage (was topic)"))
            #expect(lines.contains { $0.hasPrefix("  error: example legal: tab home: legal dropped:") && $0.hasSuffix("[wrong-type]") })
            #expect(lines.last == "5 unintended changes")
            // Nothing else changed: every other route's link is the same.
            #expect(lines.count { $0.hasPrefix("  error:") } == 5)
        }
    }

    @Test func changesMarkedIntendedPass() throws {
        try Self.withVersions { old, new, folder in
            let intended = folder + "/intended"
            try "# this release\ngone about\ngone legal\nvalues-changed search\nother-route topic\ndropped legal\n".write(
                toFile: intended, atomically: true, encoding: .utf8)
            let run = runCommand("check", "--compat", old, new, "--intended", intended)
            #expect(run.status == 0, "\(run.out)")
            #expect(run.out.hasSuffix("compatible: no change the team did not mark as intended\n"))
            // One left out: it fails again, on that one.
            try "gone about\ngone legal\nvalues-changed search\nother-route topic\n".write(toFile: intended, atomically: true, encoding: .utf8)
            let partial = runCommand("check", "--compat", old, new, "--intended", intended)
            #expect(partial.status == 1)
            #expect(partial.out.hasSuffix("1 unintended change\n"))
        }
    }

    @Test func linksAndStatesGivenAreTheOnesCompared() throws {
        try Self.withVersions { old, new, folder in
            try "myapp://about\nmyapp://profile/42\nmyapp://nowhere\n".write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
            let saved = NavigationState(stack: [Destination("home"), Destination("legal", parameters: ["document": .string("terms")])])
            try JSONEncoder().encode(saved).write(to: URL(fileURLWithPath: folder + "/state.json"))
            let run = runCommand("check", "--compat", old, new, "--urls", folder + "/urls", "--states", folder + "/state.json", "--format", "json")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            let links = try #require(report["links"] as? [[String: Any]])
            // The URL neither table takes is not a link of either.
            #expect(links.map { $0["url"] as? String } == ["myapp://about", "myapp://profile/42"])
            #expect(links.map { $0["change"] as? String } == ["gone", "same"])
            // The saved state's legal screen is dropped: its value is no longer one the route takes.
            let drops = try #require(report["drops"] as? [[String: Any]])
            #expect(drops.map { $0["route"] as? String } == ["legal"])
            #expect(drops.first?["code"] as? String == "wrong-type")
            #expect(drops.first?["state"] as? String == folder + "/state.json")
            #expect(report["unintended"] as? Int == 2)
            #expect(run.status == 1)
        }
    }

    @Test func badInputIsATypedErrorWithExitTwo() throws {
        try Self.withVersions { old, new, folder in
            #expect(runCommand("check", "--compat", old).status == 2)
            try "renamed about\n".write(toFile: folder + "/bad", atomically: true, encoding: .utf8)
            let bad = runCommand("check", "--compat", old, new, "--intended", folder + "/bad")
            #expect(bad.status == 2)
            #expect(bad.err.contains("bad:1: error: expected 'KIND ROUTE'"))
            #expect(runCommand("check", old, "--urls", folder + "/bad").status == 2)
            try "{".write(toFile: folder + "/state.json", atomically: true, encoding: .utf8)
            #expect(runCommand("check", "--compat", old, new, "--states", folder + "/state.json").status == 2)
        }
    }
}
