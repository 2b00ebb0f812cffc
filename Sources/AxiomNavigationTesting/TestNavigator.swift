public import AxiomNavigation
@_exported public import AxiomNavigationSimulator
public import AxiomRouting
public import Clocks
import CustomDump
import IssueReporting

/// A navigation flow for tests: built from a route-table string, on a test clock, with the
/// built-in middleware (analytics into memory, rate limiting, authentication), a recording
/// context for every route, and deterministic ids (entries #0, #1 …, requests 0, 1 …): a
/// `NavigationSimulator` (which `axiom-route simulate` also runs on) with assertions.
///
/// Each step (``open(_:source:expect:state:fileID:filePath:line:column:)``, ``back(expect:state:fileID:filePath:line:column:)`` …)
/// can check the result and the whole state; a mismatch is reported at the caller's line
/// with a diff, to Swift Testing or XCTest. With ``exhaustive`` on (the default), a step that
/// changes the state without saying what it should be is a failure too.
///
/// ```swift
/// @Test @MainActor func deepLinkBuildsTheBackStack() async throws {
///     let navigator = try TestNavigator(routes: """
///         tabs home
///         route home /
///           transition tab(home)
///         route post /posts/:id
///           param id int
///           parent home
///         """)
///     await navigator.open("myapp://posts/7", expect: "completed", state: """
///         tabs: home*
///           home: #1 home > #2 post(id: 7)
///         """)
/// }
/// ```
@MainActor
public final class TestNavigator {
    /// How the navigator is set up (the simulator's options).
    public typealias Options = NavigationSimulator.Options

    /// The flow the steps run on, without assertions.
    public let simulator: NavigationSimulator
    public var router: Router { simulator.router }
    /// The clock of the rate limit and the login's time to live; moves only with ``advance(by:)``.
    public var clock: TestClock<Duration> { simulator.clock }
    public var orchestrator: Orchestrator { simulator.orchestrator }
    /// Every navigation's analytics event, in order.
    public var analytics: InMemoryAnalyticsSink { simulator.analytics }
    public var authentication: AuthenticationMiddleware<TestClock<Duration>> { simulator.authentication }
    /// Whether every step must state the state it leads to when it changes it.
    public var exhaustive = true
    /// The result of the last step.
    public private(set) var lastResult: NavigationResult?
    /// Lifecycle events delivered and not yet checked by ``expectLifecycle(_:fileID:filePath:line:column:)``.
    private var checkedEvents = 0
    /// What each ``navigateForResult(to:named:state:fileID:filePath:line:column:)`` got, by
    /// name (nil while pending).
    private var answers: [String: (outcome: Outcome, task: Task<Void, Never>)] = [:]

    /// An awaited answer, filled in by the task awaiting it.
    private final class Outcome {
        var value: RouteResult<RouteValue>? = nil
    }

    /// A navigator over a route table given as text (its diagnostics are the error).
    /// - Parameters:
    ///   - routes: the route table, in the route-table language.
    ///   - state: where the app starts; by default the table's tabs at their root routes
    ///     (`NavigationState(router:)`).
    ///   - options: signed in or not, the login's lifetime, rate limiting, the flow's configuration.
    ///   - factories: contexts for some routes; every other route gets a `RecordedContext`.
    public convenience init(
        routes: String, state: NavigationState? = nil, options: Options = Options(), factories: [String: ContextFactory] = [:]
    ) throws(RouteTableError) {
        try self.init(router: Router(source: RouteSource(name: "routes", text: routes)), state: state, options: options, factories: factories)
    }

    public init(router: Router, state: NavigationState? = nil, options: Options = Options(), factories: [String: ContextFactory] = [:]) {
        simulator = NavigationSimulator(router: router, state: state, options: options, factories: factories)
    }

    public var flow: NavigationFlow { orchestrator.navigation }
    public var state: NavigationState { flow.state }
    /// What this navigator's steps exercised: routes shown and how, outcomes, redirects and
    /// aliases taken, changes the UI reported. Write it with `coverage.write(toDirectory:)` at
    /// the end of a test, and merge every test's with `axiom-route coverage DIRECTORY`
    /// (Docs/Testing.md, "Navigation coverage").
    public var coverage: NavigationCoverage { simulator.coverage }
    /// The live contexts by entry.
    public var contexts: [EntryID: any Context] { orchestrator.contexts }
    /// Every lifecycle event delivered, in order (the initial screen's `appear` after
    /// ``start()``, which every step calls first).
    public var lifecycle: [LifecycleEvent] { orchestrator.deliveredEvents }

    /// Brings the initial screen on (its context appears). Steps call it when needed.
    public func start() async { await simulator.start() }

    // MARK: Steps

    @discardableResult
    public func open(
        _ url: String, source: NavigationSource = .deepLink, expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult {
        await step("open \(url)", result, state, Location(fileID, filePath, line, column)) { await $0.open(url, source: source) }
    }

    @discardableResult
    public func navigate(
        to destination: Destination, source: NavigationSource = .inApp, expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult {
        await step("navigate to \(destination)", result, state, Location(fileID, filePath, line, column)) {
            await $0.navigate(to: destination, source: source)
        }
    }

    /// Navigates to a typed route (Docs/TypedRoutes.md), with the same expectations.
    @discardableResult
    public func navigate(
        to route: some TypedRoute, source: NavigationSource = .inApp, expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult {
        await navigate(
            to: Destination(route), source: source, expect: result, state: state, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    @discardableResult
    public func perform(
        _ command: NavigationCommand, expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult {
        await step(command.name, result, state, Location(fileID, filePath, line, column)) { await $0.perform(command) }
    }

    @discardableResult
    public func back(
        expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult {
        await step("back", result, state, Location(fileID, filePath, line, column)) { await $0.back() }
    }

    @discardableResult
    public func dismiss(
        expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult {
        await step("dismiss", result, state, Location(fileID, filePath, line, column)) { await $0.dismiss() }
    }

    @discardableResult
    public func selectTab(
        _ name: String, expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult {
        await step("tab \(name)", result, state, Location(fileID, filePath, line, column)) { await $0.selectTab(name) }
    }

    /// What the UI already did on screen — a back swipe (`.popped(to:)`), a tab tap
    /// (`.selectedTab`), a sheet dragged down (`.dismissed(level:)`) — with the same expectations;
    /// its lifecycle is delivered before the state is checked.
    @discardableResult
    public func uiDidChange(
        _ change: UIChange, expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult {
        await step(change.summary, result, state, Location(fileID, filePath, line, column)) { await $0.uiDidChange(change) }
    }

    /// Signs in (as `principal`, when given: see `Principal`) and resumes the parked request, if
    /// any; nil when there was none (then the state must not change).
    @discardableResult
    public func signIn(
        as principal: Principal? = nil, expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult? {
        await step("sign-in", result, state, Location(fileID, filePath, line, column)) { await $0.signIn(as: principal) }
    }

    public func signOut() { flow.signOut() }

    /// The visible screen opens a route that answers (`result TYPE`) and awaits its answer while
    /// the test goes on, kept under `name` (``expectAnswer(_:_:fileID:filePath:line:column:)``
    /// checks it); `state` is checked once the request has shown its screen (Docs/Navigation.md,
    /// "Screens that answer").
    public func navigateForResult(
        to destination: Destination, named name: String, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await start()
        let before = flow.state
        let caller = flow.state.visible?.id
        let outcome = Outcome()
        answers[name]?.task.cancel()
        let simulator = self.simulator
        let task = Task { @MainActor in outcome.value = await simulator.navigateForResult(to: destination, caller: caller) }
        answers[name] = (outcome, task)
        await Simulation.settle(flow)
        checkState("ask-result \(name)", before: before, state, Location(fileID, filePath, line, column))
    }

    /// The visible screen answers its caller with `value` and goes (`NavigationCommand.answer(_:with:)`).
    @discardableResult
    public func answer(
        with value: RouteValue, expect result: ExpectedResult? = nil, state: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> NavigationResult {
        let entry = flow.state.visible?.id ?? EntryID(-1)
        let answered = await step("answer \(value)", result, state, Location(fileID, filePath, line, column)) {
            await $0.perform(.answer(entry, with: value))
        }
        await Simulation.settle(flow)
        return answered
    }

    /// Checks what a ``navigateForResult(to:named:state:fileID:filePath:line:column:)`` got:
    /// `pending`, `completed(VALUE)`, `dismissed`, `cancelled(REASON)` or `denied(CODE)`.
    public func expectAnswer(
        _ name: String, _ outcome: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) async {
        await Simulation.settle(flow)
        let location = Location(fileID, filePath, line, column)
        guard let asked = answers[name] else {
            report("no navigateForResult(named: \"\(name)\") came before", location)
            return
        }
        compare("the answer of \(name)", expected: outcome, actual: asked.outcome.value.map(\.description) ?? "pending", location)
    }

    /// Moves the test clock (rate-limit windows, the parked request's time to live).
    public func advance(by duration: Duration) async { await simulator.advance(by: duration) }

    // MARK: Assertions

    /// Checks the whole state against its outline (`NavigationState.outline`).
    public func expectState(
        _ outline: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        compare("state", expected: outline, actual: flow.state.outline, Location(fileID, filePath, line, column))
    }

    /// Checks the lifecycle events delivered since the last check (`appear #1 post [postId: 7]`
    /// …, as `LifecycleEvent` describes them), then marks them checked.
    public func expectLifecycle(
        _ events: [String], fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let delivered = orchestrator.deliveredEvents
        let fresh = delivered.suffix(max(0, delivered.count - checkedEvents)).map(\.description)
        checkedEvents = delivered.count
        compare(
            "lifecycle", expected: events.joined(separator: "\n"), actual: fresh.joined(separator: "\n"), Location(fileID, filePath, line, column))
    }

    /// Checks the analytics recorded so far as `outcome screen` lines (`completed Post`,
    /// `redirected Profile`, `cancelled.rate-limited Post`; commands show their name).
    public func expectAnalytics(
        _ events: [String], fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let actual = analytics.events.map { "\($0.outcome) \($0.screen ?? $0.command ?? "-")" }
        compare(
            "analytics", expected: events.joined(separator: "\n"), actual: actual.joined(separator: "\n"), Location(fileID, filePath, line, column))
    }

    // MARK: Running a step

    struct Location {
        let fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
        init(_ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
            self.fileID = fileID
            self.filePath = filePath
            self.line = line
            self.column = column
        }
    }

    /// Runs one step; a nil result (sign-in with nothing to resume) fails any expected result.
    private func step<Result>(
        _ name: String, _ expected: ExpectedResult?, _ outline: String?, _ location: Location,
        _ body: (NavigationSimulator) async -> Result
    ) async -> Result where Result: OptionalNavigationResult {
        await start()
        let before = flow.state
        let result = await body(simulator)
        lastResult = result.navigationResult
        if let expected { check(name, result.navigationResult, expected, location) }
        checkState(name, before: before, outline, location)
        return result
    }

    private func check(_ step: String, _ result: NavigationResult?, _ expected: ExpectedResult, _ location: Location) {
        guard let result else {
            report("\(step) resumed nothing, expected \(expected)", location)
            return
        }
        guard !expected.matches(result) else { return }
        report("\(step): expected \(expected), got \(result.code)" + (result == .completed ? "" : " (\(result))"), location)
    }

    private func checkState(_ step: String, before: NavigationState, _ outline: String?, _ location: Location) {
        if let outline {
            compare("state after \(step)", expected: outline, actual: flow.state.outline, location)
        } else if exhaustive, flow.state != before {
            report(
                "\(step) changed the state, and the step does not say to what (pass 'state:', or set 'exhaustive' to false):\n"
                    + flow.state.outline, location)
        }
    }

    private func compare(_ what: String, expected: String, actual: String, _ location: Location) {
        let expected = expected.trimmingTrailingNewlines
        let actual = actual.trimmingTrailingNewlines
        guard expected != actual else { return }
        let difference = diff(expected, actual, format: .proportional) ?? "expected:\n\(expected)\nactual:\n\(actual)"
        report("\(what) does not match (− expected, + actual):\n\(difference)", location)
    }

    private func report(_ message: String, _ location: Location) {
        reportIssue(message, fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
    }
}

/// A step's result: a navigation result, or an optional one (sign-in), for one `step` to run both.
protocol OptionalNavigationResult {
    var navigationResult: NavigationResult? { get }
}

extension NavigationResult: OptionalNavigationResult {
    var navigationResult: NavigationResult? { self }
}

extension Optional: OptionalNavigationResult where Wrapped == NavigationResult {
    var navigationResult: NavigationResult? { self }
}

/// What a step's result should be: a code (`"completed"`, `"redirected"`,
/// `"cancelled.rate-limited"`), a code prefix ending in `.` or `*` (`"cancelled.*"`), or an
/// exact `NavigationResult`.
public struct ExpectedResult: ExpressibleByStringLiteral, Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case code(String)
        case exactly(NavigationResult)
    }
    let kind: Kind

    public init(stringLiteral code: String) { kind = .code(code) }
    public static func exactly(_ result: NavigationResult) -> ExpectedResult { ExpectedResult(kind: .exactly(result)) }
    init(kind: Kind) { self.kind = kind }

    func matches(_ result: NavigationResult) -> Bool {
        switch kind {
        case .exactly(let expected): return expected == result
        case .code(let code):
            if code.hasSuffix("*") { return result.code.rawValue.hasPrefix(code.dropLast()) }
            return result.code.rawValue == code
        }
    }

    public var description: String {
        switch kind {
        case .code(let code): return code
        case .exactly(let result): return "\(result)"
        }
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}
