import ArgumentParser
import AxiomNavigation
import AxiomNavigationSimulator
import AxiomRouting
import Foundation

/// `axiom-route simulate SCRIPT`: runs a navigation script against the real flow.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a navigation script on the route table and print each step's result and state.",
        discussion: """
            Runs the real navigation flow with the built-in middleware (analytics, rate limit, \
            authentication) on a test clock that moves only with 'advance', so the output is the \
            same on every run. The script format is in Docs/Simulation.md. Exit status: 0 when \
            every 'expect' held, 1 when any failed, 2 for a bad script, table or usage.
            """
    )

    @Argument(help: "The script file ('-' for standard input).")
    var script: String

    @OptionGroup var table: RouteTableOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(help: "After each navigation: the whole state (full), or only what changed (changes), in time linear in the steps.")
    var state: SimulationReport.StateDetail = .full

    func run() async throws {
        let router = try table.router()
        let text: String
        if script == "-" {
            var lines: [String] = []
            while let line = Console.current.readLine() { lines.append(line) }
            text = lines.joined(separator: "\n")
        } else {
            guard let data = FileManager.default.contents(atPath: script) else {
                Console.err("error: cannot read the script '\(script)'")
                throw ExitStatus.badInput.exitCode
            }
            text = String(decoding: data, as: UTF8.self)
        }
        let parsed: SimulationScript
        switch SimulationScript.parse(text, file: script == "-" ? "<stdin>" : script) {
        case .success(let value): parsed = value
        case .failure(let problems):
            for problem in problems.list { Console.err(problem.description) }
            throw ExitStatus.badInput.exitCode
        }
        let report = await Simulation.run(parsed, router: router, printer: SimulationReport(format: format, state: state))
        if report.failedExpectations > 0 { throw ExitStatus.noMatch.exitCode }
    }
}

/// Runs a script on a `NavigationSimulator` and reports every step.
@MainActor
enum Simulation {
    /// Runs the script, handing each step to `printer` as it is done; returns the printer
    /// with its totals.
    static func run(_ script: SimulationScript, router: Router, printer: SimulationReport) async -> SimulationReport {
        var options = NavigationSimulator.Options(
            signedIn: script.settings.signedIn, loginTimeToLive: script.settings.loginTimeToLive, rateLimit: nil)
        if let limit = script.settings.rateLimit {
            options.rateLimit = .init(limit: limit.limit, per: limit.window, key: limit.key, appliesTo: limit.sources)
        }
        let navigator = NavigationSimulator(router: router, options: options)
        await navigator.start()
        var report = printer
        report.begin(navigator.state)
        var last: String? = nil  // the last navigation step's result code
        var elapsed: Duration = .zero
        for line in script.steps {
            var step = SimulationReport.Step(line: line.number, text: line.text)
            var result: NavigationResult?? = .none  // .none: not a navigation step
            switch line.step {
            case .open(let url, let source):
                result = await navigator.open(url, source: source)
            case .navigate(let url):
                switch router.resolve(url) {
                case .success(let match): result = await navigator.navigate(to: Destination(match))
                case .failure(let failure): result = .notFound(failure)
                }
            case .navigateTo(let route, let values):
                let destination = Destination(route, parameters: RouteParameters(names: values.map(\.0), values: values.map(\.1)))
                result = await navigator.navigate(to: destination)
            case .back: result = await navigator.back()
            case .dismiss: result = await navigator.dismiss()
            case .tab(let name): result = await navigator.selectTab(name)
            case .resetTab(let name): result = await navigator.perform(.resetTab(name))
            case .signIn: result = .some(await navigator.signIn())
            case .signOut:
                navigator.signOut()
                step.detail = "signed out"
            case .advance(let duration):
                await navigator.advance(by: duration)
                elapsed += duration
                step.detail = "clock at \(format(elapsed))"
            case .expect(let expectation):
                let failure = check(expectation, navigator: navigator, last: last)
                step.passed = failure == nil
                step.detail = failure
            }
            if case .some(let outcome) = result {
                if let outcome {
                    step.result = outcome.code.rawValue
                    step.detail = detail(outcome)
                } else {
                    step.result = "nothing-resumed"
                }
                last = step.result
                step.state = navigator.state
            }
            report.add(step)
        }
        report.end()
        return report
    }

    /// nil when the expectation holds; otherwise what was found.
    private static func check(_ expectation: SimulationScript.Expectation, navigator: NavigationSimulator, last: String?) -> String? {
        let state = navigator.state
        func compare<T: Equatable>(_ actual: T, _ expected: T, _ show: (T) -> String) -> String? {
            actual == expected ? nil : "found \(show(actual)), expected \(show(expected))"
        }
        switch expectation {
        case .result(let code):
            return compare(last ?? "none", code) { $0 }
        case .visible(let route):
            return compare(state.visible?.route, route) { $0 ?? "none" }
        case .stack(let routes):
            return compare(state.activeStack.map(\.route), routes) { $0.joined(separator: " > ") }
        case .tab(let name):
            return compare(state.selectedTab, name) { $0 ?? "no tabs" }
        case .modals(let count):
            return compare(state.modals.count, count) { "\($0) modals" }
        case .signedIn(let flag):
            return compare(navigator.flow.isSignedIn ?? false, flag) { $0 ? "signed in" : "signed out" }
        case .parked(let route):
            return compare(navigator.flow.parkedRequest.map(\.action.summary), route) { $0 ?? "none" }
        case .contexts(let count):
            return compare(navigator.contexts.count, count) { "\($0) contexts" }
        case .canGoBack(let flag):
            return compare(state.canGoBack, flag) { $0 ? "can go back" : "cannot go back" }
        }
    }

    /// What a result says beyond its code.
    static func detail(_ result: NavigationResult) -> String? {
        switch result {
        case .redirected(let chain, let final):
            return (chain + [final]).map(\.outline).joined(separator: " → ")
        case .cancelled(.rateLimited(let retryAfter)):
            return "retry after \(format(retryAfter))"
        case .notFound(let failure):
            return "\(failure)"
        case .failed(let error):
            return error.description
        case .completed, .cancelled, .duplicated:
            return nil
        }
    }
}

/// `250ms`, `1s`, `1.5s`, `5m`.
func format(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    if milliseconds % 60_000 == 0, milliseconds >= 60_000 { return "\(milliseconds / 60_000)m" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
    if milliseconds < 1000 { return "\(milliseconds)ms" }
    return "\(Double(milliseconds) / 1000)s"
}

/// What a simulation did, written step by step as it happens (nothing is kept but the
/// totals and the last state shown): text, or JSON streamed in the same shape.
struct SimulationReport {
    /// How much of the state each navigation prints.
    enum StateDetail: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// The whole state outline.
        case full
        /// Only the lines that changed, each stack cut to what changed: linear in the steps.
        case changes
    }

    struct Step {
        let line: Int
        let text: String
        var result: String? = nil
        var detail: String? = nil
        var state: NavigationState? = nil
        /// For `expect`: whether it held.
        var passed: Bool? = nil
    }

    let format: OutputFormat
    let detail: StateDetail
    private(set) var steps = 0
    private(set) var expectations = 0
    private(set) var failedExpectations = 0
    /// The state printed last (for `changes`).
    private var shown: NavigationState?

    init(format: OutputFormat, state: StateDetail) {
        self.format = format
        self.detail = state
    }

    mutating func begin(_ initial: NavigationState) {
        shown = initial
        switch format {
        case .text: Console.out((["start"] + Self.indent(initial.outline)).joined(separator: "\n"))
        case .json: Console.out("{\n  \"initial\" : " + JSONState(initial).json.indented(by: 2).dropFirst(2) + ",\n  \"steps\" : [", terminator: "")
        }
    }

    mutating func add(_ step: Step) {
        if let passed = step.passed {
            expectations += 1
            if !passed { failedExpectations += 1 }
        }
        let changes = step.state.flatMap { state in detail == .changes ? Self.changes(from: shown, to: state) : nil }
        switch format {
        case .text:
            var lines = ["\(step.line): \(step.text)"]
            if let passed = step.passed {
                lines.append(passed ? "  ok" : "  FAILED: " + (step.detail ?? ""))
            } else if let result = step.result {
                lines.append("  → " + result + (step.detail.map { ": " + $0 } ?? ""))
            } else if let detail = step.detail {
                lines.append("  " + detail)
            }
            if let state = step.state { lines += changes.map { $0.map { "  " + $0 } } ?? Self.indent(state.outline) }
            Console.out(lines.joined(separator: "\n"))
        case .json:
            let json = JSONStep(
                line: step.line, step: step.text, result: step.result, detail: step.detail,
                state: detail == .full ? step.state.map(JSONState.init) : nil, changes: changes, passed: step.passed)
            Console.out((steps == 0 ? "\n" : ",\n") + json.json.indented(by: 4), terminator: "")
        }
        if let state = step.state { shown = state }
        steps += 1
    }

    func end() {
        switch format {
        case .text:
            Console.out(
                failedExpectations == 0
                    ? "passed: \(steps) steps, \(expectations) expectations held"
                    : "FAILED: \(failedExpectations) of \(expectations) expectations did not hold")
        case .json:
            Console.out(
                (steps == 0 ? "" : "\n  ")
                    + "],\n  \"expectations\" : \(expectations),\n  \"failedExpectations\" : \(failedExpectations),\n  \"passed\" : \(failedExpectations == 0)\n}"
            )
        }
    }

    private static func indent(_ outline: String) -> [String] {
        outline.split(separator: "\n").map { "  " + $0 }
    }

    /// The outline lines that changed from `old` to `new`, each stack shown from the last entry
    /// it still shares with before (`home: … > #4 post(postId: 7) > #5 comments(postId: 7)`);
    /// `(no change)` when nothing did.
    static func changes(from old: NavigationState?, to new: NavigationState) -> [String] {
        var lines: [String] = []
        func stack(_ label: String, _ before: [NavigationEntry]?, _ after: [NavigationEntry]) {
            let old = before ?? []
            var shared = 0
            while shared < old.count, shared < after.count, old[shared].id == after[shared].id { shared += 1 }
            guard before == nil || shared != old.count || shared != after.count else { return }
            let from = max(0, shared - 1)
            let shown = after[from...].map(\.outline).joined(separator: " > ")
            lines.append(label + ": " + (from > 0 ? "… > " : "") + (after.isEmpty ? "(empty)" : shown))
        }
        switch (old?.root, new.root) {
        case (.tabs(let before)?, .tabs(let after)):
            if before.selected != after.selected || before.order != after.order {
                lines.append("tabs: " + after.order.map { $0 == after.selected ? $0 + "*" : $0 }.joined(separator: ", "))
            }
            for name in after.order { stack("  " + name, before.stacks[name], after.stacks[name] ?? []) }
        case (_, .tabs):
            lines += new.outline.split(separator: "\n").prefix { !$0.hasPrefix("modal ") }.map(String.init)
        case (.stack(let before)?, .stack(let after)):
            stack("stack", before, after)
        case (_, .stack(let after)):
            stack("stack", nil, after)
        }
        let oldModals = old?.modals ?? []
        for (index, modal) in new.modals.enumerated() {
            let before = index < oldModals.count && oldModals[index].style == modal.style ? oldModals[index].stack : nil
            stack("modal \(modal.style.rawValue)", before, modal.stack)
        }
        for modal in oldModals.dropFirst(new.modals.count) { lines.append("modal \(modal.style.rawValue): dismissed") }
        return lines.isEmpty ? ["(no change)"] : lines
    }

    struct JSONStep: Encodable {
        let line: Int
        let step: String
        let result: String?
        let detail: String?
        let state: JSONState?
        /// With `--state changes`: the outline lines that changed.
        let changes: [String]?
        let passed: Bool?
    }
}

/// A navigation state as JSON: `{"tabs": [{"name", "selected", "stack"}]}` or
/// `{"stack": [...]}`, plus `"modals": [{"style", "stack"}]` and `"visible"` (an entry id).
struct JSONState: Encodable {
    struct Entry: Encodable {
        let id: Int
        let route: String
        let parameters: [String: JSONRouteValue]
        let query: [String: JSONRouteValue]

        init(_ entry: NavigationEntry) {
            id = entry.id.rawValue
            route = entry.route
            parameters = Dictionary(entry.destination.parameters.map { ($0.name, JSONRouteValue(value: $0.value)) }, uniquingKeysWith: { $1 })
            query = Dictionary(entry.destination.query.map { ($0.name, JSONRouteValue(value: $0.value)) }, uniquingKeysWith: { $1 })
        }
    }
    struct Tab: Encodable {
        let name: String
        let selected: Bool
        let stack: [Entry]
    }
    struct Modal: Encodable {
        let style: String
        let stack: [Entry]
    }

    let stack: [Entry]?
    let tabs: [Tab]?
    let modals: [Modal]
    let visible: Int?

    init(_ state: NavigationState) {
        switch state.root {
        case .stack(let entries):
            stack = entries.map(Entry.init)
            tabs = nil
        case .tabs(let value):
            stack = nil
            tabs = value.order.map { Tab(name: $0, selected: $0 == value.selected, stack: (value.stacks[$0] ?? []).map(Entry.init)) }
        }
        modals = state.modals.map { Modal(style: $0.style.rawValue, stack: $0.stack.map(Entry.init)) }
        visible = state.visible?.id.rawValue
    }
}
