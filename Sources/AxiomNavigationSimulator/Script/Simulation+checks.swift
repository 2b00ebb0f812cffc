package import AxiomNavigation
package import AxiomRouting

/// What a script's steps are checked and described with: a destination written by hand, an
/// `expect` line against the simulator, a result's detail, a duration.
extension Simulation {
    /// A destination written in a script: a route and `name=value` pairs, as app code builds one.
    /// A destination built by hand, as app code builds one: a value named as one of the route's
    /// query parameters is a query value (`navigate-to search q=swift`), the others its parameters.
    nonisolated package static func destination(_ route: String, _ values: [(String, RouteValue)], router: Router) -> Destination {
        let queryNames = Set(router.route(named: route)?.query.map(\.name) ?? [])
        let parameters = values.filter { !queryNames.contains($0.0) }
        let query = values.filter { queryNames.contains($0.0) }
        return Destination(
            route, parameters: RouteParameters(names: parameters.map(\.0), values: parameters.map(\.1)),
            query: RouteParameters(names: query.map(\.0), values: query.map(\.1)))
    }

    /// nil when the expectation holds; otherwise what was found.
    static func check(
        _ expectation: SimulationScript.Expectation, navigator: NavigationSimulator, last: String?, guardCalls: GuardCalls, leaveRules: LeaveRules,
        previews: [String: NavigationPreview] = [:], answers: [String: Asked] = [:]
    ) -> String? {
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
        case .guardCalls(let count, let subject):
            let calls = subject.map { guardCalls.bySubject[$0] ?? 0 } ?? guardCalls.value
            return compare(calls, count) { "\($0) guard calls" + (subject.map { " for \($0)" } ?? "") }
        case .leaveAsked(let count, let route):
            let asked = route.map { leaveRules.asked[$0] ?? 0 } ?? leaveRules.asked.values.reduce(0, +)
            return compare(asked, count) { "\($0) questions" + (route.map { " to \($0)" } ?? "") }
        case .backDecision(let decision):
            return compare(navigator.flow.backDecision, decision) { "back meets \($0.rawValue)" }
        case .answer(let name, let outcome):
            guard let asked = answers[name] else { return "no 'ask-result \(name) …' step came before" }
            return compare(asked.outcome.value.map(\.description) ?? "pending", outcome) { "\(name) \($0)" }
        case .preview(let name, let what):
            guard let preview = previews[name] else { return "no preview was made as '\(name)'" }
            switch what {
            case .status(let status): return compare(navigator.flow.status(of: preview), status) { "preview \(name) \($0.rawValue)" }
            case .shows(let route): return compare(preview.visible?.route, route) { "preview \(name) showing \($0 ?? "none")" }
            case .result(let code): return compare(preview.result.code.rawValue, code) { "preview \(name) ending \($0)" }
            case .resumes(let route): return compare(preview.resumes?.route, route) { "preview \(name) resuming \($0 ?? "none")" }
            }
        }
    }

    /// The request a step that makes one asks of the flow — run, or previewed (`preview NAME STEP`)
    /// — or nil for the other steps; a `navigate` URL that does not resolve is its failure.
    static func request(_ step: SimulationScript.Step, router: Router) -> Result<NavigationPreview.Request, RouteFailure>? {
        switch step {
        case .open(let url, let source): return .success(.open(url: url, source: source))
        case .openLinks(let urls, let source): return .success(.openLinks(urls: urls, source: source))
        case .navigate(let url): return router.resolve(url).map { .navigate(Destination($0), source: .inApp) }
        case .navigateTo(let route, let values): return .success(.navigate(destination(route, values, router: router), source: .inApp))
        case .push(let route, let values): return .success(.perform(.push(destination(route, values, router: router)), source: .inApp))
        case .switchStack(let route, let values): return .success(.perform(.switchStack(to: destination(route, values, router: router)), source: .inApp))
        case .pushRestoring(let route, let values): return .success(.perform(.pushRestoring(destination(route, values, router: router)), source: .inApp))
        case .popToSaving(let route, let inclusive): return .success(.perform(.popToSaving(route, inclusive: inclusive), source: .inApp))
        case .replace(let route, let values): return .success(.perform(.replace(destination(route, values, router: router)), source: .inApp))
        case .popTo(let route, let values, let inclusive): return .success(.perform(popTo(route, values, inclusive: inclusive, router: router), source: .inApp))
        case .back: return .success(.perform(.back, source: .inApp))
        case .dismiss: return .success(.perform(.dismiss, source: .inApp))
        case .tab(let name): return .success(.perform(.selectTab(name), source: .inApp))
        case .resetTab(let name): return .success(.perform(.resetTab(name), source: .inApp))
        default: return nil
        }
    }

    /// `pop-to ROUTE [NAME=VALUE …] [inclusive]`: by route, or with values by destination.
    static func popTo(_ route: String, _ values: [(String, RouteValue)], inclusive: Bool, router: Router) -> NavigationCommand {
        values.isEmpty ? .popTo(route, inclusive: inclusive) : .popToDestination(destination(route, values, router: router), inclusive: inclusive)
    }

    /// A preview step's report: how the request would end, what it would show, what it would resume.
    static func describe(_ preview: NavigationPreview) -> String {
        var text = "would end \(preview.result.code.rawValue), showing \(preview.visible.map { "\($0.destination.outline)" } ?? "nothing")"
        if let resumes = preview.resumes { text += "; a sign-in resumes \(resumes.outline)" }
        return text + " (nothing changed)"
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
package func format(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    if milliseconds % 60_000 == 0, milliseconds >= 60_000 { return "\(milliseconds / 60_000)m" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
    if milliseconds < 1000 { return "\(milliseconds)ms" }
    return "\(Double(milliseconds) / 1000)s"
}


/// An `ask-result` step's request: its outcome once it has one (written by the task awaiting it).
@MainActor
final class Asked {
    let outcome = Outcome()
    var task: Task<Void, Never>? = nil

    @MainActor
    final class Outcome {
        var value: RouteResult<RouteValue>? = nil
    }
}
