import AxiomNavigation
import AxiomNavigationSimulator
import AxiomNavigationTesting
import AxiomRouting
import Foundation
import Testing

/// Navigation coverage (Docs/Testing.md, "Navigation coverage"): what a navigator's steps
/// exercised, recorded as they run, merged across runs, and written as a record `axiom-route
/// coverage` reads.
@MainActor
@Suite struct CoverageTests {
    static let table = """
        origins myapp:
        tabs home, me
        login login
        route home /
          transition tab(home)
        route me /me
          transition tab(me)
        route post /posts/:postId
          param postId int
          parent home
          alias /p/:postId
        route secret /secret
          auth
          parent home
        route password /me/password
          sources inApp
          parent me
        route login /login
          transition modal(fullScreen)
        redirect oldPost /article/:postId -> post
        """

    @Test func eachStepRecordsWhatItShowedAndHowItEnded() async throws {
        let navigator = try TestNavigator(routes: Self.table)
        navigator.exhaustive = false
        await navigator.open("myapp://article/7", expect: "redirected")
        await navigator.open("myapp://p/8", expect: "completed")
        await navigator.open("myapp://secret", expect: "redirected")  // signed out: the login
        await navigator.open("myapp://me/password", expect: "cancelled.untrusted-source")
        await navigator.uiDidChange(.dismissed(level: 0), expect: "completed")
        await navigator.back(expect: "completed")
        await navigator.navigate(to: Destination("post", parameters: ["postId": .int(7)]), expect: "completed")
        await navigator.navigate(to: Destination("post", parameters: ["postId": .int(7)]), expect: "duplicated")
        let coverage = navigator.coverage
        let shown = Set(coverage.shown.map { "\($0.route) \($0.way) \($0.source)" })
        #expect(shown.isSuperset(of: ["home start inApp", "post deep-link deepLink", "login deep-link deepLink", "post navigate inApp"]))
        #expect(coverage.redirects == ["oldPost"])
        #expect(coverage.aliases == ["post /p/:postId"])
        #expect(coverage.uiChanges == ["dismiss"])
        let outcomes = Set(coverage.outcomes.map { "\($0.route ?? "-") \($0.outcome)" })
        #expect(outcomes.isSuperset(of: ["post redirected", "post completed", "secret login", "password refused-by-trust", "post duplicated"]))
        #expect(!coverage.shown.contains { $0.route == "secret" || $0.route == "password" || $0.route == "me" })
    }

    @Test func recordsMergeAndRoundTripThroughJSON() async throws {
        let first = try TestNavigator(routes: Self.table)
        first.exhaustive = false
        await first.open("myapp://posts/1")
        let second = try TestNavigator(routes: Self.table, options: .init(signedIn: true))
        second.exhaustive = false
        await second.open("myapp://secret")
        var merged = first.coverage
        merged.merge(second.coverage)
        #expect(Set(merged.shown.map(\.route)).isSuperset(of: ["home", "post", "secret"]))
        // Written to a directory and read back: the same record; written twice, the same bytes.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString)").path
        let path = try merged.write(toDirectory: directory)
        let read = try JSONDecoder().decode(NavigationCoverage.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(read == merged)
        #expect(read.json == merged.json)
        try? FileManager.default.removeItem(atPath: directory)
        // Another format version is refused, not misread.
        let other = String(decoding: merged.json, as: UTF8.self).replacingOccurrences(of: "\"format\" : 1", with: "\"format\" : 2")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NavigationCoverage.self, from: Data(other.utf8)) }
    }
}

/// Docs/Testing.md, "Navigation coverage": a test writes its record at the end, as written.
@MainActor
@Suite(.serialized) struct CoverageGuideTests {
    let table = """
        origins myapp:
        login login
        route home /
        route profile /profile/:userId
          param userId int
          auth
          parent home
        route login /login
          transition modal(fullScreen)
        """

    @Test func profileLinkSignedOut() async throws {
        let navigator = try TestNavigator(routes: table)
        navigator.exhaustive = false   // the record is the point here, not each state
        await navigator.open("myapp://profile/42", expect: "redirected")   // the login
        await navigator.signIn(expect: "completed")
        try navigator.coverage.write(toDirectory: ".build/navigation-coverage")
    }

    /// The guide's test writes a record that holds what it did.
    @Test func theGuidesTestWritesItsRecord() async throws {
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: ".build/navigation-coverage")) ?? [])
        try await profileLinkSignedOut()
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: ".build/navigation-coverage")).subtracting(before)
        let name = try #require(written.first)
        let record = try JSONDecoder().decode(
            NavigationCoverage.self, from: Data(contentsOf: URL(fileURLWithPath: ".build/navigation-coverage/" + name)))
        #expect(record.shown.contains { $0.route == "profile" })
        #expect(record.outcomes.contains { $0.route == "profile" && $0.outcome == "login" })
    }
}
