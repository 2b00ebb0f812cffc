import AxiomNavigationTesting
import AxiomRouting
import Foundation
import TestSupport
import Testing

@testable import AxiomNavigation

/// The navigation journal and its replay (Docs/Persistence.md, "The journal").
@MainActor
@Suite struct JournalTests {
    static let router: Router? = try? Router(source: RouteSource(name: "t.routes", text: PersistenceTests.table))

    /// A seeded session of `count` steps of every kind: navigations (some with values that do
    /// not fit), links from every source (some unresolvable), back, dismiss, tabs (one that
    /// does not exist), sign-in and sign-out, bursts of links the rate limit stops, time passing.
    static func session(_ simulator: NavigationSimulator, count: Int, seed: UInt64) async {
        var random = SplitMix64(state: seed)
        let destinations = [
            Destination("home"), Destination("post", parameters: ["postId": .int(3)]), Destination("post", parameters: ["postId": .string("x")]),
            Destination("compose", query: ["draft": .bool(true)]), Destination("password"), Destination("inbox"), Destination("nowhere"),
            Destination("story", parameters: ["storyId": .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))]),
        ]
        let urls = ["myapp://posts/7?sort=new", "myapp://inbox", "myapp://files/a/b", "myapp://settings/password", "myapp://nope", "ftp://x"]
        let sources = NavigationSource.allCases
        var steps = 0
        while steps < count {
            switch Int(random.next() % 12) {
            case 0, 1: await simulator.navigate(to: destinations[Int(random.next() % UInt64(destinations.count))])
            case 2, 3:
                await simulator.open(urls[Int(random.next() % UInt64(urls.count))], source: sources[Int(random.next() % UInt64(sources.count))])
            case 4: await simulator.back()
            case 5: await simulator.dismiss()
            case 6: await simulator.selectTab(["home", "inbox", "settings"][Int(random.next() % 3)])
            case 7: await simulator.perform(.resetTab("home"))
            case 8: await simulator.signIn()
            case 9: simulator.signOut()
            case 10:
                // A burst from outside: the rate limit stops what is over 10 a second.
                for _ in 0..<min(12, count - steps - 1) {
                    await simulator.open("myapp://posts/\(random.next() % 100)")
                    steps += 1
                }
            default: await simulator.advance(by: .milliseconds(Int(random.next() % 1_500)))
            }
            steps += 1
        }
    }

    /// Docs/Persistence.md, "The journal", as written: a journal streamed to a file.
    @Test func guideExampleStreamsEveryRecord() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).jsonl").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let logFile = try #require(FileHandle(forWritingAtPath: path))
        let flow = NavigationFlow(router: try #require(Self.router), state: NavigationState(stack: [Destination("home")]))
        // As the guide writes it:
        let journal = NavigationJournal(limit: 500, write: { line in logFile.write(Data((line + "\n").utf8)) })
        flow.journal = journal  // records the state the session begins from
        _ = await flow.navigate(to: Destination("post", parameters: ["postId": .int(3)]))
        try logFile.close()
        let lines = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"begin\"") == true)
        #expect(lines.last?.contains("\"completed\"") == true)
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test func aRecordedSessionOfAThousandStepsReplaysWithNoDifference() async throws {
        let router = try #require(Self.router)
        let simulator = NavigationSimulator(router: router)
        var lines: [String] = []
        simulator.recordJournal { lines.append($0) }
        await Self.session(simulator, count: 1_000, seed: 42)
        let records = try NavigationJournal.records(fromJSONLines: lines.joined(separator: "\n"))
        // The steps the app asked (time passing is not a step), and the begin record.
        #expect(records.count > 700)
        // The state and the settings the session began with (signed out: it signs in later).
        guard case .begin(let state, let settings) = try #require(records.first).step else {
            Issue.record("no begin record")
            return
        }
        #expect(state == NavigationState(router: router))
        #expect(settings?.middleware.map(\.name) == ["AnalyticsMiddleware", "RateLimitMiddleware", "AuthenticationMiddleware"])
        #expect(settings?.middleware.last?.settings["signedIn"] == "false")
        #expect(simulator.flow.journalSettings.middleware.last?.settings["signedIn"] == "true")
        // Every kind of outcome is in it.
        let results = Set(records.map(\.result))
        for code in ["completed", "redirected", "not-found", "cancelled.rate-limited", "failed.wrong-type", "failed.unknown-route", "none"] {
            #expect(results.contains(code), "\(code)")
        }
        let report = try await NavigationSimulator.replay(records, router: router)
        #expect(report.difference == nil, "\(report)")
        #expect(report.steps == records.count - 1)
        // A journal saved with Windows line endings reads the same records.
        #expect(try NavigationJournal.records(fromJSONLines: lines.joined(separator: "\r\n") + "\r\n") == records)
    }

    @Test func aChangedRecordIsReportedAtItsStep() async throws {
        let router = try #require(Self.router)
        let simulator = NavigationSimulator(router: router)
        let journal = simulator.recordJournal()
        await Self.session(simulator, count: 300, seed: 7)
        var records = Array(journal.records)
        let target = records.count / 2
        let original = records[target]
        records[target] = JournalRecord(
            index: original.index, time: original.time, step: original.step, requests: original.requests, decisions: original.decisions,
            result: original.result == "completed" ? "duplicated" : "completed", state: original.state)
        let report = try await NavigationSimulator.replay(records, router: router)
        let difference = try #require(report.difference)
        #expect(difference.index == original.index)
        #expect(difference.parts == ["result"])
        #expect(difference.actual?.result == original.result)
        #expect(report.description.hasPrefix("step \(original.index) (\(original.step.summary)) differs in result"))
    }

    @Test func eachMiddlewaresDecisionIsRecorded() async throws {
        let router = try #require(Self.router)
        let simulator = NavigationSimulator(router: router)
        let journal = simulator.recordJournal()
        for _ in 0..<11 { await simulator.open("myapp://posts/1") }
        let last = try #require(journal.records.last)
        #expect(last.result == "cancelled.rate-limited")
        #expect(last.decisions.map(\.decision) == ["passed", "cancelled.rate-limited"])
        // Named without generic arguments: an app's RateLimitMiddleware<ContinuousClock> and the
        // simulator's RateLimitMiddleware<TestClock<Duration>> are one name in a journal.
        #expect(last.decisions.map(\.middleware).last == "RateLimitMiddleware")
        #expect(RateLimitMiddleware(limit: 1, per: .seconds(1), clock: ContinuousClock()).journalName == "RateLimitMiddleware")
        // The start (request 0) commits through the gate, not the pipeline: no decisions.
        let start = try #require(journal.records.dropFirst().first)
        #expect(start.step == .start)
        #expect(start.decisions.isEmpty)
        let first = try #require(journal.records.dropFirst(2).first)
        #expect(first.step == .open(url: "myapp://posts/1", source: .deepLink))
        #expect(first.decisions.map(\.decision) == ["passed", "passed", "passed"])
        #expect(first.requests == [1])
    }

    @Test func theJournalKeepsItsLimitAndAReplayNeedsABeginning() async throws {
        let router = try #require(Self.router)
        let simulator = NavigationSimulator(router: router)
        let journal = simulator.recordJournal(limit: 5)
        for _ in 0..<20 { await simulator.back() }
        #expect(journal.records.count == 5)
        await #expect(throws: ReplayError.self) { try await NavigationSimulator.replay(Array(journal.records), router: router) }
        #expect(throws: JournalFormatError.self) { try NavigationJournal.records(fromJSONLines: "{\"index\": 0}\n") }
        // A time no session has is refused (converting it to the clock's nanoseconds would trap).
        let begin = JournalRecord(
            index: 0, time: 0, step: .begin(NavigationState(router: router), settings: nil), requests: [], decisions: [], result: "none", state: "")
        for time in [1e300, -.infinity, .nan] {
            let step = JournalRecord(index: 1, time: time, step: .signOut, requests: [], decisions: [], result: "none", state: "")
            await #expect(throws: ReplayError.self) { try await NavigationSimulator.replay([begin, step], router: router) }
        }
    }
}
