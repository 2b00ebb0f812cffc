import AxiomURLPattern
import Foundation
import Testing

@testable import AxiomRouteCommands

/// Runs any command (`simulate` included) in process.
func executeCommand(_ arguments: String..., input: [String] = []) async -> (status: Int32, out: String, err: String) {
    let captured = CapturedConsole(input: input)
    let status = await Console.$current.withValue(captured.console) {
        await AxiomRoute.execute(arguments: arguments)
    }
    return (status, captured.standardOutput, captured.standardError)
}

private let simulations: String = {
    var path = #filePath
    while let slash = path.lastIndex(of: "/") {
        path = String(path[..<slash])
        if path.hasSuffix("/Tests") { return String(path.dropLast("/Tests".count)) + "/Simulations" }
    }
    return "Simulations"
}()

/// `axiom-route simulate` against the recorded output of the scenarios in `Simulations/`.
/// To record again after an intended change: `AXIOM_RECORD_GOLDENS=1 swift test --filter Simulate`,
/// then read the diff before committing it.
@Suite struct SimulateCommandTests {
    static let scenarios = [
        "stack", "modal", "tab", "deep-link", "auth-resume", "rate-limit", "untrusted-source",
        // Policy on every path (each one a way around auth or source trust before it held).
        "tab-auth", "parent-policy", "spellings", "parked-trust", "destinations",
        // The table's redirects, aliases and loaders (issue 14).
        "redirects", "loaders", "loader-failure", "hosts",
        // Changes the UI already made, and containers (issue 15).
        "ui-changes", "containers",
        // What peers' navigation tests need (issue 31): start values, pop-to, push and replace
        // per call, the top replaced when only its values differ, the flow's settings.
        "pop-to",
        // Guards and screens a script declares, overlapping steps, save and restore, a table swap.
        "script-policy",
        // Previews: what a step would do, with nothing done, retired by a change of session.
        "preview",
        // Screens that answer: awaited, answered, dismissed, refused, and a caller that left.
        "results",
        // A link that spells its back stack: exactly its screens, one left out, one parked until sign-in.
        "linked-stack",
        // Multiple back stacks: switched, saved, restored as they were; a saved auth-only screen through the login.
        "back-stacks",
    ]

    /// A scenario runs on the default table, or on its own when a `NAME.routes` sits next to it.
    @Test(arguments: scenarios)
    func scenarioMatchesItsRecordedOutput(name: String) async throws {
        let script = "\(simulations)/\(name).sim"
        let table = "\(simulations)/\(name).routes"
        let run =
            FileManager.default.fileExists(atPath: table)
            ? await executeCommand("simulate", "--routes", table, script) : await executeCommand("simulate", script)
        #expect(run.status == 0, "\(run.err)")
        try compare(run.out.replacingOccurrences(of: simulations + "/", with: ""), golden: "\(simulations)/\(name).expected")
    }

    /// A script and its table saved with Windows line endings (CR LF) run as they do with line
    /// feeds: the same output, line for line. (Before, a CR LF script was one long line.)
    @Test(arguments: scenarios)
    func aScenarioSavedWithCRLFEndingsRunsTheSame(name: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("crlf-\(name)-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let table = "\(simulations)/\(name).routes"
        let hasTable = FileManager.default.fileExists(atPath: table)
        // The script, its table and any table it swaps in (`NAME.next.routes`).
        let files = try FileManager.default.contentsOfDirectory(atPath: simulations).filter {
            $0.hasPrefix(name + ".") && ($0.hasSuffix(".sim") || $0.hasSuffix(".routes"))
        }
        for file in files {
            let text = try String(contentsOfFile: "\(simulations)/\(file)", encoding: .utf8)
            #expect(!text.contains("\r"))
            try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: "\(directory)/\(file)", atomically: true, encoding: .utf8)
        }
        func run(_ folder: String) async -> (status: Int32, out: String, err: String) {
            hasTable
                ? await executeCommand("simulate", "--routes", "\(folder)/\(name).routes", "\(folder)/\(name).sim")
                : await executeCommand("simulate", "\(folder)/\(name).sim")
        }
        let lineFeeds = await run(simulations)
        let crlf = await run(directory)
        #expect(crlf.status == lineFeeds.status, "\(crlf.err)")
        #expect(
            crlf.out.replacingOccurrences(of: directory + "/", with: "") == lineFeeds.out.replacingOccurrences(of: simulations + "/", with: ""))
    }

    @Test func jsonOutputMatchesItsRecordedOutput() async throws {
        let run = await executeCommand("simulate", "--format", "json", "\(simulations)/deep-link.sim")
        #expect(run.status == 0)
        try compare(run.out, golden: "\(simulations)/deep-link.json.expected")
    }

    /// `set start` with values its route refuses is the script's mistake: exit 2, nothing run.
    @Test func aStartTheRouteRefusesIsABadScript() async throws {
        let table = "\(simulations)/pop-to.routes"
        let bad = await executeCommand("simulate", "--routes", table, "-", input: ["set start item id=x", "back"])
        #expect(bad.status == 2)
        #expect(bad.out.isEmpty)
        #expect(bad.err.contains("'set start item'") && bad.err.contains("id"))
        let good = await executeCommand("simulate", "--routes", table, "-", input: ["set start item id=4", "expect stack item"])
        #expect(good.status == 0, "\(good.out)")
        #expect(await executeCommand("simulate", "-", input: ["set max-redirects many", "back"]).status == 2)
        #expect(await executeCommand("simulate", "-", input: ["pop-to home sideways"]).status == 2)
    }

    /// Peers' navigation tests translated as scripts (Simulations/peers/README.md): each suite a
    /// folder with its table (`SUITE.routes`), each test a script whose `expect` lines are the
    /// peer's assertions, run against its recorded output.
    static let peerScripts: [String] = {
        let folder = simulations + "/peers"
        let suites = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return suites.sorted().flatMap { suite in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + suite)) ?? [])
                .filter { $0.hasSuffix(".sim") }.sorted().map { "\(suite)/\($0.dropLast(4))" }
        }
    }()

    @Test(arguments: peerScripts)
    func peerTestAgreesAndMatchesItsRecordedOutput(name: String) async throws {
        let suite = String(name.prefix { $0 != "/" })
        let run = await executeCommand(
            "simulate", "--routes", "\(simulations)/peers/\(suite)/\(suite).routes", "\(simulations)/peers/\(name).sim")
        #expect(run.status == 0, "\(run.out)\(run.err)")
        try compare(run.out, golden: "\(simulations)/peers/\(name).expected")
    }

    /// The translations are all there (a folder that could not be read would run none).
    @Test func thePeerSuitesAreThere() {
        let suites = Set(Self.peerScripts.map { String($0.prefix { $0 != "/" }) })
        #expect(suites == ["go-router-on-exit", "go-router-redirect", "go-router-shared-limit", "vue-router"])
        #expect(Self.peerScripts.count >= 45)
    }

    /// Every scenario in the folder is one the suite runs.
    @Test func everyScenarioInTheFolderIsRun() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: simulations).filter { $0.hasSuffix(".sim") }
        #expect(Set(files.map { String($0.dropLast(4)) }) == Set(Self.scenarios))
    }

    /// A step that waits on the clock or an answer nothing will give — in the foreground, at an
    /// `await`, or still running when the script ends — is cancelled and fails the script: a
    /// script never hangs.
    @Test(arguments: [
        ["guard * wait 1h", "open myapp://posts/1"],
        ["guard * wait 1h", "open myapp://posts/1 &", "await"],
        ["guard * wait 1h", "open myapp://posts/1 &"],
        ["set signed-in", "leave home ask", "navigate myapp://about"],
        ["leave home ask", "navigate myapp://about &", "await"],
        ["leave home ask", "navigate myapp://about &"],
    ])
    func aStepLeftWaitingIsCancelledAndFailsTheScript(script: [String]) async {
        let run = await executeCommand("simulate", "-", input: script)
        #expect(run.status == 1, "\(run.out)")
        #expect(run.out.contains("with nothing") && run.out.contains("cancelled (→ cancelled.task-cancelled)"), "\(run.out)")
        #expect(run.out.contains("home: #0 home\n"))
    }

    /// `#` inside a word is the word's (a URL's fragment); at a line's start or after a space it
    /// starts a comment.
    @Test func aFragmentInAURLIsNotAComment() async throws {
        let table = FileManager.default.temporaryDirectory.appendingPathComponent("fragment-\(UInt64.random(in: 0...UInt64.max)).routes").path
        try "origins https://matrix.to\nroute home /\nroute user https://matrix.to/#/:userId(@[^\\/]+)\n"
            .write(toFile: table, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: table) }
        let run = await executeCommand(
            "simulate", "--routes", table, "-",
            input: ["# a comment line", "open https://matrix.to/#/@alice:matrix.org   # the user's link", "expect visible user #done"])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("user(userId: @alice:matrix.org)"), "\(run.out)")
    }

    @Test func theScenariosTheIssueAsksForAreThere() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: simulations)
        for name in Self.scenarios {
            #expect(files.contains("\(name).sim") && files.contains("\(name).expected"), "\(name)")
        }
    }

    @Test func aFailedExpectationExitsOneAndSaysWhatWasFound() async {
        let run = await executeCommand(
            "simulate", "-",
            input: [
                "open myapp://posts/7",
                "expect stack home > post > comments",
                "expect visible post",
            ])
        #expect(run.status == 1)
        #expect(run.out.contains("2: expect stack home > post > comments\n  FAILED: found home > post, expected home > post > comments\n"))
        #expect(run.out.contains("3: expect visible post\n  ok\n"))
        #expect(run.out.hasSuffix("FAILED: 1 of 2 expectations did not hold\n"))
    }

    @Test func aBadScriptExitsTwoAndReportsEveryProblemWithItsLine() async {
        let run = await executeCommand(
            "simulate", "-",
            input: [
                "opne myapp://posts/7",
                "open myapp://posts/7 fax",
                "advance soon",
                "expect colour blue",
                "back",
                "set signed-in",
            ])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        let lines = run.err.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "<stdin>:1: error: unknown step 'opne' (open, open-links, navigate, navigate-to, push, replace, pop-to, pop-to-saving, push-restoring, switch-stack, back, dismiss, tab, reset-tab, ui-back, ui-tab, ui-dismiss, sign-in, sign-out, expire-session, advance, expect, guard, leave, answer, save, restore, replace-table, await, preview, commit, publish, gesture-start, gesture-cancel, gesture-end, ask-result, reply)",
                "<stdin>:2: error: unknown source 'fax' (inApp, deepLink, universalLink, pushNotification)",
                "<stdin>:3: error: 'soon' is not a duration (e.g. 250ms, 1s, 1.5s, 5m, 1h)",
                "<stdin>:4: error: unknown expectation 'colour' (result, visible, stack, tab, modals, signed-in, parked, contexts, can-go-back, guard-calls, leave-asked, preview, back-decision, answer)",
                "<stdin>:6: error: settings come before the first step",
            ])
    }

    @Test func aMissingScriptOrTableIsBadInput() async {
        #expect(await executeCommand("simulate", "/nonexistent/x.sim").status == 2)
        #expect(await executeCommand("simulate", "--routes", "/nonexistent", "-", input: ["back"]).status == 2)
    }

    @Test func theLoginTimeToLiveAndRateLimitCanBeSet() async {
        let run = await executeCommand(
            "simulate", "-",
            input: [
                "set login-ttl 10s",
                "set rate-limit 1 per 1m by route for deepLink",
                "open myapp://profile/1",
                "dismiss",
                "advance 11s",
                "sign-in",
                "expect result nothing-resumed",
                "open myapp://posts/1",
                "open myapp://posts/2",
                "expect result cancelled.rate-limited",
                "open myapp://about",
                "expect result completed",
            ])
        #expect(run.status == 0, "\(run.out)")
        #expect(run.out.contains("→ cancelled.rate-limited: retry after 1m\n"))
    }

    private func compare(_ output: String, golden path: String) throws {
        if ProcessInfo.processInfo.environment["AXIOM_RECORD_GOLDENS"] == "1" {
            try output.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let data = try #require(FileManager.default.contents(atPath: path), "no recorded output at \(path)")
        let expected = String(decoding: data, as: UTF8.self)
        #expect(output == expected)
    }
}

@Suite struct StreamingTests {
    @Test func resolveAnswersEachLineBeforeReadingTheNext() async {
        // A console whose input checks, at every read, that the answer to the line before is out.
        let lines = ["myapp://posts/1", "myapp://nope", "myapp://posts/3"]
        let written = Locked<String>("")
        let reads = Locked(0)
        let answeredInTime = Locked(true)
        let console = Console(
            write: { stream, text in if stream == .standardOutput { written.withLock { $0 += text } } },
            readLine: {
                reads.withLock { count -> String? in
                    if count > 0, !written.withLock({ $0.contains(lines[count - 1] + "\n") }) { answeredInTime.withLock { $0 = false } }
                    defer { count += 1 }
                    return count < lines.count ? lines[count] : nil
                }
            })
        let status = await Console.$current.withValue(console) { await AxiomRoute.execute(arguments: ["resolve"]) }
        #expect(status == 1)
        #expect(answeredInTime.withLock { $0 })
        #expect(written.withLock { $0 }.contains("myapp://posts/3\n  route       post"))
    }

    @Test func streamedJSONIsOneReportWithEveryResult() async throws {
        let run = await executeCommand("resolve", "--format", "json", input: ["myapp://posts/1", "myapp://nope"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.map { $0["matched"] as? Bool } == [true, false])
        #expect(run.out.hasPrefix("{\n  \"results\" : [\n    {\n"))
        #expect(run.out.hasSuffix("\n  ]\n}\n"))
    }

    @Test func theLineReaderKeepsLinesBoundedAndReadsEveryFormOfEnd() {
        var chunks: [[UInt8]] = [Array("a\r\nb\n".utf8), Array(repeating: UInt8(ascii: "x"), count: LineReader.maxLine + 10), Array("y\nlast".utf8)]
        var reader = LineReader { chunks.isEmpty ? [] : chunks.removeFirst() }
        #expect(reader.next() == "a")
        #expect(reader.next() == "b")
        let long = reader.next()
        #expect(long?.utf8.count == LineReader.maxLine)
        #expect(long?.utf8.allSatisfy { $0 == UInt8(ascii: "x") } == true)
        #expect(reader.next() == "last")
        #expect(reader.next() == nil)
    }

    /// The console writes out its buffered answers just before the reader may wait for input:
    /// before every read, and never while a line is still buffered.
    @Test func theLineReaderSaysWhenItIsAboutToWait() {
        final class Events: @unchecked Sendable {  // used from this test's thread only
            var log: [String] = []
        }
        let events = Events()
        var chunks: [[UInt8]] = [Array("a\nb\n".utf8), Array("c\n".utf8)]
        var reader = LineReader(
            read: {
                events.log.append("read")
                return chunks.isEmpty ? [] : chunks.removeFirst()
            },
            beforeWaiting: { events.log.append("flush") })
        #expect(reader.next() == "a")
        #expect(events.log == ["flush", "read"])
        #expect(reader.next() == "b")
        #expect(events.log == ["flush", "read"])
        #expect(reader.next() == "c")
        #expect(reader.next() == nil)
        #expect(events.log == ["flush", "read", "flush", "read", "flush", "read"])
    }

    @Test func simulateCanPrintOnlyWhatChanged() async {
        let run = await executeCommand(
            "simulate", "--state", "changes", "-",
            input: [
                "open myapp://posts/7/comments", "back", "navigate myapp://share?url=x", "dismiss", "tab discover", "back",
            ])
        #expect(run.status == 0)
        #expect(
            run.out == """
                start
                  tabs: home*, discover, inbox, profile
                    home: #0 home
                    discover: #1 discover
                    inbox: #2 inbox
                    profile: #3 me
                1: open myapp://posts/7/comments
                  → completed
                    home: #4 home > #5 post(postId: 7) > #6 comments(postId: 7)?sort=top
                2: back
                  → completed
                    home: … > #5 post(postId: 7)
                3: navigate myapp://share?url=x
                  → completed
                  modal sheet: #7 share?url=x
                4: dismiss
                  → completed
                  modal sheet: dismissed
                5: tab discover
                  → completed
                  tabs: home, discover*, inbox, profile
                6: back
                  → failed.at-root: already at the root: nothing to go back to
                  (no change)
                passed: 6 steps, 0 expectations held

                """)
    }
}

/// `simulate --journal` records a session; `replay` re-runs it and finds the first difference.
@Suite struct ReplayCommandTests {
    private func journal(of scenario: String) async throws -> (path: String, lines: [String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).jsonl").path
        let run = await executeCommand("simulate", simulations + "/\(scenario).sim", "--journal", path)
        #expect(run.status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return (path, text.split(separator: "\n").map(String.init))
    }

    @Test(arguments: ["auth-resume", "parked-trust", "rate-limit", "tab-auth"])
    func aRecordedScenarioReplaysWithNoDifference(scenario: String) async throws {
        let (path, lines) = try await journal(of: scenario)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let replay = await executeCommand("replay", path)
        #expect(replay.status == 0, "\(replay.out)\(replay.err)")
        #expect(replay.out == "all \(lines.count - 1) steps matched\n")
    }

    @Test func aChangedStepIsPrintedWithStatusOne() async throws {
        let (path, lines) = try await journal(of: "auth-resume")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The sign-in (after begin, start and the link) recorded as if it had ended otherwise.
        let signIn = try #require(lines.firstIndex { $0.contains("signIn") })
        #expect(signIn == 3)
        var changed = lines
        changed[signIn] = changed[signIn].replacingOccurrences(of: #""result":"completed""#, with: #""result":"cancelled.superseded""#)
        #expect(changed[signIn] != lines[signIn])
        let replay = await executeCommand("replay", "-", input: changed)
        #expect(replay.status == 1)
        #expect(replay.out.hasPrefix("step 3 (sign-in) differs in result\n  result: recorded cancelled.superseded, replayed completed\n"))
    }

    @Test func aJournalThatIsNotOneIsStatusTwo() async {
        let notJSON = await executeCommand("replay", "-", input: ["{\"index\": 0, \"step\": 3}"])
        #expect(notJSON.status == 2)
        #expect(notJSON.err.contains("line 1: not a journal record"))
        let noBegin = await executeCommand(
            "replay", "-",
            input: [#"{"decisions":[],"index":1,"requests":[],"result":"none","state":"","step":{"signOut":{}},"time":0}"#])
        #expect(noBegin.status == 2)
        #expect(noBegin.err.contains("does not start with a 'begin' record"))
    }
}
