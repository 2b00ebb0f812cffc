import AxiomNavigation
import AxiomRouting
import Clocks

/// The guards a script declared (`guard SUBJECT …`), as one middleware after the built-in ones:
/// a snapshot of the rules, replaced whenever a `guard` step changes them (requests in flight
/// keep the pipeline they started with). Each rule whose subject the request's destination fits
/// runs, in the order declared, as separate guards do (Vue Router's `beforeEach`, go_router's
/// `redirect`): `pass` lets it on, `wait` lets it on after a time on the test clock, `refuse`
/// and `redirect` end it.
struct ScriptGuard: NavigationMiddleware {
    enum Action: Sendable {
        case pass
        case refuse
        case redirect(Destination)
        case wait(Duration)
    }

    /// What a rule applies to: every request for a route (`*`: any route), or for one
    /// destination, written as its URL.
    enum Subject: Sendable, Equatable {
        case route(String)
        case any
        case destination(Destination)
    }

    struct Rule: Sendable {
        /// As the script wrote it (`post`, `*`, `myapp://posts/7`): what `guard-calls` counts by.
        let text: String
        let subject: Subject
        let action: Action
    }

    let rules: [Rule]
    let clock: TestClock<Duration>
    let calls: GuardCalls

    var journalName: String { "ScriptGuard" }

    var journalSettings: [String: String] {
        var settings: [String: String] = [:]
        for (index, rule) in rules.enumerated() {
            let subject: String
            switch rule.subject {
            case .route(let name): subject = name
            case .any: subject = "*"
            case .destination(let destination): subject = destination.outline
            }
            let action: String
            switch rule.action {
            case .pass: action = "pass"
            case .refuse: action = "refuse"
            case .redirect(let destination): action = "redirect \(destination.outline)"
            case .wait(let duration): action = "wait \(duration.journalSeconds)"
            }
            settings[String(index)] = "\(subject) \(action)"
        }
        return settings
    }

    /// The destination a request asks for: its own, or the one a command pushes, replaces or
    /// presents (Vue Router's and go_router's guards see every navigation to a route).
    static func destination(of request: NavigationRequest) -> Destination? {
        if let destination = request.destination { return destination }
        switch request.action {
        case .command(.push(let destination)), .command(.replace(let destination)), .command(.present(let destination, _)):
            return destination
        default:
            return nil
        }
    }

    func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
        guard let destination = Self.destination(of: request) else { return try await next(request) }
        // Counted once a request (and once for each subject that applies), as one guard
        // function is called once a navigation.
        let applying = rules.filter { rule in
            switch rule.subject {
            case .any: return true
            case .route(let name): return destination.route == name
            case .destination(let subject): return destination == subject
            }
        }
        await calls.count(subjects: Set(applying.map(\.text)))
        for rule in applying {
            switch rule.action {
            case .pass: continue
            case .refuse: return .cancelled(.guardRejected)
            case .redirect(let target):
                // A redirect's own target is let through (a guard that sends every route but
                // one to that one).
                if destination == target { continue }
                return .redirected(chain: [], final: target)
            case .wait(let duration):
                try await clock.sleep(for: duration)
            }
        }
        return try await next(request)
    }
}

/// How many requests the script's guards were asked about (`expect guard-calls N`).
@MainActor
final class GuardCalls: Sendable {
    /// Requests for a route the guards were asked about.
    private(set) var value = 0
    /// Of those, the ones each subject's rules applied to.
    private(set) var bySubject: [String: Int] = [:]

    func count(subjects: Set<String>) {
        value += 1
        for subject in subjects { bySubject[subject, default: 0] += 1 }
    }
}

/// Whether screens let the user leave (`leave ROUTE|* allow|refuse|ask [covered|removed]`): the
/// latest rule for the route (or `*`) and the departure decides; none: allowed. `ask` waits for
/// the script's `answer yes|no` (a dialog the user answers).
@MainActor
final class LeaveRules {
    enum Answer: Equatable {
        case allow, refuse, ask
    }

    private var rules: [(route: String, answer: Answer, departure: Departure?)] = []
    /// Questions waiting for `answer`, oldest first.
    private var pending: [(id: Int, route: String, reply: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0
    /// How many questions a rule answered, by route.
    private(set) var asked: [String: Int] = [:]

    var waiting: Int { pending.count }

    func set(route: String, answer: Answer, departure: Departure?) {
        rules.append((route, answer, departure))
    }

    func shouldLeave(_ route: String, _ departure: Departure) async -> Bool {
        // Only the questions a rule answers are counted (as a route's onExit or beforeRouteLeave
        // is called only where it is declared).
        guard let rule = rules.last(where: { ($0.route == route || $0.route == "*") && ($0.departure == nil || $0.departure == departure) })
        else { return true }
        asked[route, default: 0] += 1
        switch rule.answer {
        case .allow: return true
        case .refuse: return false
        case .ask:
            let id = nextID
            nextID += 1
            return await withTaskCancellationHandler {
                await withCheckedContinuation { reply in pending.append((id, route, reply)) }
            } onCancel: {
                // A step given up on (it waited with nothing to answer it) says no.
                Task { @MainActor in self.reply(to: id, false) }
            }
        }
    }

    /// Answers the oldest question; the route asked about, or nil when none is waiting.
    func answer(_ allows: Bool) -> String? {
        guard let first = pending.first else { return nil }
        reply(to: first.id, allows)
        return first.route
    }

    private func reply(to id: Int, _ allows: Bool) {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return }
        pending.remove(at: index).reply.resume(returning: allows)
    }
}

/// The context a script's screens get when the script has `leave` rules: a context that asks
/// the rules before its screen is left.
@MainActor
final class ScriptedContext: LeaveGuardingContext {
    let entry: NavigationEntry
    let rules: LeaveRules

    init(entry: NavigationEntry, rules: LeaveRules) {
        self.entry = entry
        self.rules = rules
    }

    func onAppear() async {}
    func onDisappear() async {}

    func shouldLeave(_ departure: Departure) async -> Bool {
        await rules.shouldLeave(entry.route, departure)
    }
}
