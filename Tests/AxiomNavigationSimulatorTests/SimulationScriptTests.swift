import AxiomNavigation
import AxiomNavigationSimulator
import AxiomRouting
import Testing

/// An app's test target running navigation scripts with the simulator library alone (this
/// target depends on no command-line module): parse, run, read each step and the outcome.
@MainActor
@Suite struct SimulationScriptTests {
    static let table = "origins myapp:\nroute home /\nroute profile /profile/:id\n  param id int\n  parent home\nroute settings /settings\n  auth\n"

    @Test func theGuidesExampleRuns() async throws {
        // Docs/Simulation.md, "Scripts in your tests".
        let router = try Router(source: RouteSource(name: "app.routes", text: "route home /\nroute profile /profile/:id\n  param id int\n  parent home\n"))
        let script = try SimulationScript.parse("open myapp://profile/42\nexpect visible profile\nback\nexpect visible home\n", file: "profile.sim").get()
        var results: [String] = []
        let outcome = try await script.run(on: router) { step in
            if let result = step.result { results.append(result) }
        }
        // outcome.passed == true, results == ["completed", "completed"]
        #expect(outcome.passed)
        #expect(outcome.expectations == 2)
        #expect(results == ["completed", "completed"])
    }

    @Test func eachStepIsHandedOnWithItsStateAndAFailedExpectationIsCounted() async throws {
        let router = try Router(source: RouteSource(name: "app.routes", text: Self.table))
        let text = "open myapp://profile/7\nexpect stack home > profile\nopen myapp://settings\nexpect visible settings\n"
        let script = try SimulationScript.parse(text, file: "s.sim").get()
        var initial: NavigationState? = nil
        var steps: [SimulationStep] = []
        let outcome = try await script.run(on: router, onStart: { initial = $0 }, onStep: { steps.append($0) })
        #expect(initial?.visible?.route == "home")
        #expect(steps.map(\.line) == [1, 2, 3, 4])
        #expect(steps[0].result == "completed")
        #expect(steps[0].state?.activeStack.map(\.route) == ["home", "profile"])
        #expect(steps[1].passed == true)
        // `settings` is auth-only and the script is signed out: the login is not in this table,
        // so the flow refuses it, and the expectation fails with what was found.
        #expect(steps[2].result != "completed")
        #expect(steps[3].passed == false)
        #expect(steps[3].detail?.contains("expected settings") == true)
        #expect(!outcome.passed)
        #expect(outcome.failedExpectations == 1)
        #expect(outcome.steps == 4)
    }

    @Test func everyProblemOfAScriptIsReportedWithACode() throws {
        let problems = try #require(
            {
                if case .failure(let problems) = SimulationScript.parse("open\nfly away\nrestore never\n", file: "bad.sim") { return problems }
                return nil
            }())
        #expect(problems.list.map(\.line) == [1, 2, 3])
        #expect(problems.list.map(\.code) == [.invalidLine, .invalidLine, .invalidScript])
        #expect(problems.list[1].description.hasPrefix("bad.sim:2: error: "))
    }

    @Test func aPreviewStepPreviewsOnlyRequestsAndIsNamedBeforeItIsUsed() throws {
        let text = """
            preview p sign-out
            preview q
            expect preview q colour blue
            expect preview q status fresh
            commit r
            expect preview r shows home
            preview s open myapp://profile/7
            expect preview s shows profile
            commit s
            """
        guard case .failure(let problems) = SimulationScript.parse(text, file: "p.sim") else {
            Issue.record("a script with bad preview steps parsed")
            return
        }
        #expect(problems.list.map(\.line) == [1, 2, 3, 4, 5, 6])
        #expect(problems.list.map(\.code) == [.invalidLine, .invalidLine, .invalidLine, .invalidLine, .invalidScript, .invalidScript])
        #expect(problems.list[0].message.contains("a step that makes a request"))
        #expect(problems.list[4].message.contains("no earlier step makes a preview named 'r'"))
    }

    @Test func aPreviewChangesNothingAndItsCommitIsCheckedAgain() async throws {
        let router = try Router(source: RouteSource(name: "app.routes", text: Self.table + "login login\nroute login /login\n  transition modal(fullScreen)\n"))
        let text = """
            set signed-in
            preview p open myapp://settings
            expect preview p shows settings
            expect visible home
            expect contexts 1
            sign-out
            expect preview p status retired
            commit p
            expect visible login
            """
        let script = try SimulationScript.parse(text, file: "p.sim").get()
        var details: [String] = []
        let outcome = try await script.run(on: router) { step in details.append(step.detail ?? "") }
        #expect(outcome.passed && outcome.expectations == 5)
        #expect(details[0] == "would end completed, showing settings (nothing changed)")
    }

    @Test func popToWithValuesNamesTheScreenOfThoseValues() async throws {
        let router = try Router(source: RouteSource(name: "app.routes", text: Self.table))
        let text = """
            push profile id=1
            push profile id=2
            push profile id=3
            pop-to profile id=2 inclusive
            expect stack home > profile
            pop-to profile id=9
            expect result failed.not-in-stack
            """
        var stacks: [[String]] = []
        let outcome = try await SimulationScript.parse(text, file: "p.sim").get().run(on: router) { step in
            if let state = step.state { stacks.append(state.activeStack.map { "\($0.route)\($0.destination.parameters["id"].map { " \($0)" } ?? "")" }) }
        }
        #expect(outcome.passed)
        #expect(stacks[3] == ["home", "profile 1"])
    }

    @Test func aStartTheTableRefusesThrowsBeforeAnyStepRuns() async throws {
        let router = try Router(source: RouteSource(name: "app.routes", text: Self.table))
        let script = try SimulationScript.parse("set start profile id=abc\nback\n", file: "start.sim").get()
        var ran = 0
        do {
            _ = try await script.run(on: router) { _ in ran += 1 }
            Issue.record("a start with a value the route refuses ran")
        } catch {
            #expect(error.list.map(\.code) == [.invalidStart])
            #expect(error.list.first?.line == 1)
        }
        #expect(ran == 0)
    }

    @Test func theTablesAScriptReplacesAreTheCallersToRead() async throws {
        let router = try Router(source: RouteSource(name: "app.routes", text: Self.table))
        let script = try SimulationScript.parse("open myapp://profile/7\nreplace-table next.routes\nreplace-table next.routes\n", file: "r.sim").get()
        #expect(script.tablePaths == ["next.routes"])
        // Not given: the step fails, and says which table.
        var details: [String?] = []
        let outcome = try await script.run(on: router) { details.append($0.detail) }
        #expect(!outcome.passed)
        #expect(details[1] == "the table 'next.routes' was not read")
        // Given: the flow moves to it.
        let next = try Router(source: RouteSource(name: "next.routes", text: "origins myapp:\nroute home /\nroute profile /people/:id\n  param id int\n"))
        var results: [String?] = []
        let replaced = try await script.run(on: router, tables: ["next.routes": next]) { results.append($0.result) }
        #expect(replaced.passed)
        #expect(results[1] == "completed")
    }
}
