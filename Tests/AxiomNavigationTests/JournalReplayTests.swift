import AxiomNavigationTesting
import AxiomRouting
import Clocks
import Foundation
import Testing

@testable import AxiomNavigation

/// Replay of a journal on the app's own flow (``JournalReplay``), the settings the journal carries,
/// and the journal's versioned format (Docs/Persistence.md, "Replay", "The journal's format").
@MainActor
@Suite struct JournalReplayTests {
    static let router: Router? = try? Router(source: RouteSource(name: "t.routes", text: PersistenceTests.table))

    /// An app's own guard: refuses `compose` after a set hour of the app's day.
    struct QuietHours: NavigationMiddleware {
        let startsAt: Int
        var hour: @Sendable () -> Int = { 0 }

        func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
            if request.destination?.route == "compose", hour() >= startsAt { return .cancelled(.guardRejected) }
            return try await next(request)
        }

        var journalSettings: [String: String] { ["startsAt": String(startsAt)] }
    }

    /// The app's flow as production sets it up: its configuration, its own guard, a rate limit
    /// on every source, authentication, contexts for every route, all on `clock`.
    static func appFlow(
        router: Router, state: NavigationState, clock: TestClock<Duration>, limit: Int = 2,
        configuration: NavigationFlow.Configuration = .init(maxRedirects: 2, rejectsDuplicates: false, replacesTopWithNewValues: true)
    ) -> Orchestrator {
        var factories: [String: ContextFactory] = [:]
        for route in router.routes { factories[route.name] = { RecordedContext(entry: $0.entry, loaded: $0.loaded) } }
        let orchestrator = Orchestrator(router: router, state: state, factories: factories, configuration: configuration)
        let flow = orchestrator.navigation
        let epoch = clock.now
        flow.add(QuietHours(startsAt: 22, hour: { Int(epoch.duration(to: clock.now).components.seconds / 3600) % 24 }))
        flow.add(RateLimitMiddleware(limit: limit, per: .seconds(1), clock: clock))
        flow.add(AuthenticationMiddleware(loginRoute: router.loginRoute, signedIn: true, clock: clock))
        return orchestrator
    }

    /// Records a session on the app's flow: pushes with new values on top (replaced, by the
    /// configuration), a repeat (not a duplicate, by the configuration), bursts the limit stops,
    /// the guard refusing after 22:00, sign-out and a parked link, time passing.
    static func record(router: Router) async -> [JournalRecord] {
        let clock = TestClock<Duration>()
        let orchestrator = appFlow(router: router, state: NavigationState(router: router), clock: clock)
        let flow = orchestrator.navigation
        let epoch = clock.now
        let journal = NavigationJournal(now: { epoch.duration(to: clock.now) })
        flow.journal = journal
        await orchestrator.start()
        _ = await flow.navigate(to: Destination("post", parameters: ["postId": .int(1)]))
        _ = await flow.navigate(to: Destination("post", parameters: ["postId": .int(2)]))
        _ = await flow.navigate(to: Destination("post", parameters: ["postId": .int(2)]))
        for id in 3...5 { _ = await flow.open(url: "myapp://posts/\(id)", source: .deepLink) }
        await clock.advance(by: .seconds(2))
        _ = await flow.navigate(to: Destination("compose"))
        _ = await flow.perform(.dismiss)
        await clock.advance(by: .seconds(23 * 3600))
        _ = await flow.navigate(to: Destination("compose"))
        _ = await flow.perform(.popTo("home", inclusive: false))
        flow.signOut()
        _ = await flow.open(url: "myapp://inbox", source: .universalLink)
        _ = await flow.signIn()
        _ = await flow.perform(.selectTab("home"))
        return Array(journal.records)
    }

    @Test func aJournalFromTheAppsOwnFlowReplaysCleanOnThatFlow() async throws {
        let router = try #require(Self.router)
        let records = await Self.record(router: router)
        // The session went through what its settings decide.
        let results = records.map(\.result)
        #expect(results.contains("cancelled.rate-limited"))
        #expect(results.contains("cancelled.guard-rejected"))
        #expect(results.contains("redirected"))
        #expect(records.contains { $0.decisions.contains { $0.middleware == "QuietHours" && $0.decision == "cancelled.guard-rejected" } })
        // Replayed on the same set-up (a new clock, advanced to each step's time): no difference.
        let clock = TestClock<Duration>()
        let report = try await JournalReplay.replay(records, router: router, advance: { await clock.advance(by: $0) }) { state, settings in
            Self.appFlow(router: router, state: state, clock: clock, configuration: settings?.configuration ?? .init())
        }
        #expect(report.difference == nil, "\(report)")
        #expect(report.steps == records.count - 1)
    }

    /// Docs/Persistence.md, "Replay", as written: a journal of the app's flow (its guard and a rate
    /// limit of 2 a second), streamed as text, replayed on that flow.
    @Test func guideExampleReplaysOnTheAppsFlow() async throws {
        let router = try #require(Self.router)
        var factories: [String: ContextFactory] = [:]
        for route in router.routes { factories[route.name] = { RecordedContext(entry: $0.entry, loaded: $0.loaded) } }
        // The recording, set up as the app is.
        let recordingClock = TestClock<Duration>()
        let app = Orchestrator(router: router, state: NavigationState(router: router), factories: factories)
        app.navigation.add(QuietHours(startsAt: 22))
        app.navigation.add(RateLimitMiddleware(limit: 2, per: .seconds(1), clock: recordingClock))
        var lines: [String] = []
        let epoch = recordingClock.now
        app.navigation.journal = NavigationJournal(now: { epoch.duration(to: recordingClock.now) }, write: { lines.append($0) })
        await app.start()
        for id in 1...3 { _ = await app.navigation.open(url: "myapp://posts/\(id)") }
        await recordingClock.advance(by: .seconds(1))
        _ = await app.navigation.open(url: "myapp://posts/4")
        let text = lines.joined(separator: "\n")
        #expect(lines.count == 6)
        // As the guide writes it:
        let records = try NavigationJournal.records(fromJSONLines: text)
        let clock = TestClock<Duration>()
        let report = try await JournalReplay.replay(records, router: router, advance: { await clock.advance(by: $0) }) { state, settings in
            let orchestrator = Orchestrator(
                router: router, state: state, factories: factories,
                configuration: settings?.configuration ?? .init())
            orchestrator.navigation.add(QuietHours(startsAt: 22))
            orchestrator.navigation.add(RateLimitMiddleware(limit: 2, per: .seconds(1), clock: clock))
            return orchestrator
        }
        let difference = report.difference     // nil, or the first step whose result, state, decisions or requests differ
        #expect(difference == nil, "\(report)")
        #expect(report.steps == 5)
        #expect(records.map(\.result).filter { $0 == "cancelled.rate-limited" }.count == 1)
    }

    @Test func aFlowSetUpOtherwiseIsRefusedBeforeTheFirstStepNamingEachDifference() async throws {
        let router = try #require(Self.router)
        let records = await Self.record(router: router)
        let clock = TestClock<Duration>()
        await #expect {
            _ = try await JournalReplay.replay(records, router: router, advance: { await clock.advance(by: $0) }) { state, _ in
                // Another limit and the default configuration.
                Self.appFlow(router: router, state: state, clock: clock, limit: 3, configuration: .init())
            }
        } throws: { error in
            let text = "\(error)"
            return text.contains("RateLimitMiddleware's limit was 2, here 3") && text.contains("the flow's maxRedirects was 2, here 5")
                && text.contains("the flow's rejectsDuplicates was false, here true")
                && text.contains("the flow's replacesTopWithNewValues was true, here false")
        }
        // The simulator has no QuietHours: it says so and where to replay instead.
        await #expect {
            _ = try await NavigationSimulator.replay(records, router: router)
        } throws: { error in
            "\(error)".contains("middleware the simulator does not have (QuietHours)") && "\(error)".contains("JournalReplay")
        }
    }

    /// The simulator takes its set-up from the journal: a session recorded signed in, with a rate
    /// limit of 3 per 2 s on deep links and a changed configuration, replays with no options given.
    @Test func theSimulatorReplaysWithTheSettingsTheJournalCarries() async throws {
        let router = try #require(Self.router)
        let options = NavigationSimulator.Options(
            signedIn: true, loginTimeToLive: .seconds(30), rateLimit: .init(limit: 3, per: .seconds(2), appliesTo: [.deepLink]),
            configuration: .init(maxRedirects: 1, rejectsDuplicates: false))
        let simulator = NavigationSimulator(router: router, options: options)
        let journal = simulator.recordJournal()
        await simulator.open("myapp://inbox")
        for id in 0..<5 { await simulator.open("myapp://posts/\(id)") }
        await simulator.open("myapp://posts/9", source: .universalLink)
        await simulator.navigate(to: Destination("post", parameters: ["postId": .int(9)]))
        simulator.signOut()
        await simulator.open("myapp://inbox", source: .pushNotification)
        await simulator.advance(by: .seconds(31))
        await simulator.signIn()
        let records = Array(journal.records)
        #expect(records.map(\.result).filter { $0 == "cancelled.rate-limited" }.count == 3)
        let report = try await NavigationSimulator.replay(records, router: router)
        #expect(report.difference == nil, "\(report)")
        // With the default options instead, the set-up differs and replay says how.
        await #expect {
            _ = try await NavigationSimulator.replay(records, router: router, options: .init())
        } throws: { error in
            "\(error)".contains("AuthenticationMiddleware's signedIn was true, here false")
                && "\(error)".contains("RateLimitMiddleware's limit was 3, here 10")
        }
    }

    /// Settings are input: the largest history limit a journal can name replays (it trapped
    /// in the orchestrator's arithmetic), and a negative one keeps no history.
    @Test(arguments: ["9223372036854775807", "-9223372036854775808"])
    func extremeSettingsReplayWithoutTrapping(historyLimit: String) async throws {
        let router = try #require(Self.router)
        let simulator = NavigationSimulator(router: router)
        let journal = simulator.recordJournal()
        await simulator.open("myapp://posts/1")
        await simulator.back()
        var records = Array(journal.records)
        guard case .begin(let state, var settings?) = records[0].step else {
            Issue.record("no settings")
            return
        }
        settings.flow["historyLimit"] = historyLimit
        let first = records[0]
        records[0] = JournalRecord(
            index: first.index, time: first.time, step: .begin(state, settings: settings), requests: first.requests,
            decisions: first.decisions, result: first.result, state: first.state)
        let report = try await NavigationSimulator.replay(records, router: router)
        #expect(report.difference == nil, "\(report)")
        #expect(report.steps == records.count - 1)
    }

    /// Every step and every command survives the format: written and read back equal.
    @Test func everyStepRoundTripsThroughTheFormat() throws {
        let router = try #require(Self.router)
        let post = Destination("post", parameters: ["postId": .int(7)], query: ["sort": .string("new")])
        let configuration = NavigationFlow.Configuration(
            maxRedirects: 3, historyLimit: 9, rejectsDuplicates: false, signOut: .withhold, replacesTopWithNewValues: true)
        let settings = JournalSettings(
            flow: configuration.journalFields, middleware: [.init(name: "RateLimitMiddleware", settings: ["limit": "4"]), .init(name: "Mine")])
        // The configuration reads back from its fields, every setting of it.
        #expect(settings.configuration == configuration)
        #expect(NavigationFlow.Configuration(journalFields: [:]) == NavigationFlow.Configuration())
        let commands: [NavigationCommand] = [
            .push(post), .pop, .popToRoot, .popTo("home", inclusive: true), .popTo("post", inclusive: false), .replace(post),
            .present(Destination("compose"), style: .sheet), .dismiss, .selectTab("inbox"), .resetTab("home"),
            .setStack([Destination("home"), post]), .back,
        ]
        let steps: [JournalStep] =
            [
                .begin(NavigationState(router: router), settings: settings), .begin(NavigationState(router: router), settings: nil),
                .navigate(post, source: .pushNotification), .open(url: "myapp://posts/7", source: .universalLink),
                .restore(NavigationState(router: router), source: .deepLink), .start, .signIn(as: nil), .signIn(as: "alice"), .signOut, .replaceTable,
                .ui(.popped(to: EntryID(3))), .ui(.selectedTab("inbox")), .ui(.dismissed(level: 1)), .settings(settings),
            ] + commands.map { .command($0, source: .inApp) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for step in steps {
            let data = try encoder.encode(step)
            let text = String(decoding: data, as: UTF8.self)
            #expect(try JSONDecoder().decode(JournalStep.self, from: data) == step, "\(text)")
            // Format 2: every step names its kind; a begin names the format.
            #expect(text.hasPrefix("{") && text.contains("\"kind\":"), "\(text)")
            if case .begin = step { #expect(text.contains("\"format\":2"), "\(text)") }
        }
        #expect(
            String(decoding: try encoder.encode(JournalStep.command(.popTo("home", inclusive: true), source: .inApp)), as: UTF8.self)
                == #"{"command":{"inclusive":true,"name":"popTo","route":"home"},"kind":"command","source":"inApp"}"#)
    }

    /// A middleware added while the journal records is a `settings` step; replay, which cannot
    /// add the app's middleware, stops there saying so (and runs the steps before it).
    @Test func aMiddlewareAddedMidSessionIsRecordedAndReplayStopsThere() async throws {
        let router = try #require(Self.router)
        let simulator = NavigationSimulator(router: router)
        let journal = simulator.recordJournal()
        await simulator.open("myapp://posts/1")
        let token = simulator.flow.add(QuietHours(startsAt: 0))
        await simulator.navigate(to: Destination("compose"))
        simulator.flow.remove(token)
        simulator.flow.remove(token)  // removing it again changes nothing, and records nothing
        let records = Array(journal.records)
        let changes = records.compactMap { record -> JournalSettings? in
            if case .settings(let settings) = record.step { settings } else { nil }
        }
        #expect(changes.map { $0.middleware.map(\.name).last } == ["QuietHours", "AuthenticationMiddleware"])
        #expect(records.first { $0.step.summary == "navigate compose" }?.result == "cancelled.guard-rejected")
        await #expect {
            _ = try await NavigationSimulator.replay(records, router: router)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("step 3 changed the flow's middleware") && text.contains("QuietHours") && text.contains("replay stops there")
        }
    }

    /// Journals written before format 2 (steps keyed by their name, no settings) still read, and
    /// replay as before.
    @Test func aFormatOneJournalStillReads() throws {
        let lines = #"""
            {"decisions":[],"index":0,"requests":[],"result":"none","state":"","step":{"begin":{"_0":{"modals":[],"nextID":1,"root":{"stack":[{"id":0,"route":"home","source":"inApp"}]},"version":1}}},"time":0}
            {"decisions":[],"index":1,"requests":[1],"result":"completed","state":"","step":{"command":{"_0":{"popTo":{"_0":"home","inclusive":true}},"source":"inApp"}},"time":0.5}
            {"decisions":[],"index":2,"requests":[2],"result":"completed","state":"","step":{"navigate":{"_0":{"route":"post","parameters":[{"name":"postId","value":{"int":7}}]},"source":"deepLink"}},"time":1}
            {"decisions":[],"index":3,"requests":[],"result":"none","state":"","step":{"signOut":{}},"time":2}
            """#
        let records = try NavigationJournal.records(fromJSONLines: lines)
        #expect(
            records.map(\.step) == [
                .begin(NavigationState(stack: [Destination("home")]), settings: nil),
                .command(.popTo("home", inclusive: true), source: .inApp),
                .navigate(Destination("post", parameters: ["postId": .int(7)]), source: .deepLink),
                .signOut,
            ])
    }

    /// A journal of a newer format, an unknown step or command: a typed error naming the line.
    @Test func whatThisVersionCannotReadIsNamed() {
        let cases: [(String, String)] = [
            (
                #"{"decisions":[],"index":0,"requests":[],"result":"none","state":"","step":{"kind":"begin","format":3,"state":{"modals":[],"nextID":0,"root":{"stack":[]},"version":1}},"time":0}"#,
                "line 2: not a journal record: the journal is format 3; this version reads formats 1 to 2"
            ),
            (
                #"{"decisions":[],"index":1,"requests":[],"result":"none","state":"","step":{"kind":"teleport"},"time":0}"#,
                "line 2: not a journal record: 'teleport' is not a step"
            ),
            (
                #"{"decisions":[],"index":1,"requests":[],"result":"none","state":"","step":{"kind":"command","command":{"name":"jump"},"source":"inApp"},"time":0}"#,
                "line 2: not a journal record: 'jump' is not a command"
            ),
            (
                #"{"decisions":[],"index":1,"requests":[],"result":"none","state":"","step":{"kind":"open","source":"inApp"},"time":0}"#,
                "line 2: not a journal record: at step: no 'url'"
            ),
        ]
        for (line, message) in cases {
            #expect {
                _ = try NavigationJournal.records(fromJSONLines: "\n" + line)
            } throws: { error in
                "\(error)".hasPrefix(message)
            }
        }
    }
}
