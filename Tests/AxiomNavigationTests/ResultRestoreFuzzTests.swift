import AxiomRouting
import Foundation
import TestSupport
import Testing

@testable import AxiomNavigation

/// Kill-and-restore fuzz of screens that answer: generated sessions ask for answers (from app code
/// and from the visible screen), answer them with values of the right type and of others, leave
/// them by every door (back, dismiss, the UI's own dismissal, a tab switch, a tab reset, a deep
/// link, a sign-out, another principal's sign-in), attach again — and kill the app at random: the
/// state saved after every step is restored by a new flow, whose callers attach to the results
/// they find, as contexts do. The oracle, at every delivery a commit makes: the result was never
/// ended before (no answer delivered twice, across every process of the session), its caller is
/// in the state the commit wrote (none delivered to an entry that has left the stack), a completed
/// answer is the value its screen gave; and after every step, every result in the state has its
/// caller there and its screen there or an outcome.
///
/// 1,000 sessions of 60 steps by default; `AXIOM_RESULT_FUZZ_SESSIONS` and
/// `AXIOM_RESULT_FUZZ_STEPS` for a longer run, `AXIOM_RESULT_FUZZ_FIRST_SEED` to replay one.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ResultRestoreFuzzTests {
    static let table = """
        origins myapp:
        tabs home, inbox
        login login
        route home /
          transition tab(home)
        route inbox /inbox
          transition tab(inbox)
        route post /posts/:id
          param id int
          parent home
        route pick /pick
          transition modal(sheet)
          result string
        route tags /tags
          result [int]
        route secret /secret
          transition modal(sheet)
          auth
          result bool
        route settings /settings
        route login /login
          transition modal(fullScreen)
        """

    /// What one session saw, across the processes it killed.
    final class Ledger {
        /// Results ended by a commit's delivery, by number: each must end once.
        var ended: Set<ResultID> = []
        /// The values each screen was asked to answer with, by entry (an answer parked at the
        /// login by the screen it reveals is committed by the sign-in that resumes it).
        var answered: [EntryID: [RouteValue]] = [:]
        var deliveries = 0
        var completed = 0
        var kills = 0
        var failures: [String] = []
    }

    static func run(seed: UInt64, steps: Int, router: Router, trace: Bool = false) async -> Ledger {
        var random = SplitMix64(state: seed)
        let ledger = Ledger()
        var signedIn = true
        var principal: Principal? = "alice"
        let start = NavigationState(tabs: ["home": Destination("home"), "inbox": Destination("inbox")])

        func makeFlow(_ state: NavigationState) async -> NavigationFlow {
            let flow = NavigationFlow(router: router, state: state)
            flow.add(AuthenticationMiddleware(loginRoute: "login", signedIn: signedIn, clock: ContinuousClock()))
            flow.principal = principal
            flow.onResultDelivered = { record, result, state in
                ledger.deliveries += 1
                guard let record else {
                    ledger.failures.append("seed \(seed): a delivery of \(result) with no result")
                    return
                }
                if !ledger.ended.insert(record.id).inserted {
                    ledger.failures.append("seed \(seed): result \(record.id) ended twice (\(result))")
                }
                switch result {
                case .completed(let value):
                    ledger.completed += 1
                    if !(ledger.answered[record.callee] ?? []).contains(value) {
                        ledger.failures.append(
                            "seed \(seed): result \(record.id) delivered \(value), its screen answered \(String(describing: ledger.answered[record.callee]))"
                        )
                    }
                    fallthrough
                case .dismissed:
                    if let caller = record.caller, !state.entries.contains(where: { $0.id == caller }) {
                        ledger.failures.append("seed \(seed): result \(record.id) delivered \(result) to \(caller), which has left")
                    }
                case .cancelled(let end) where end == .callerLeft:
                    if let caller = record.caller, state.entries.contains(where: { $0.id == caller }) {
                        ledger.failures.append("seed \(seed): result \(record.id) ended caller-left, but \(caller) is there")
                    }
                case .cancelled, .denied:
                    break
                }
            }
            _ = await flow.start()
            return flow
        }

        /// Every result in the state waits for a caller that is there, on a screen that is there
        /// (or has ended).
        func checkState(_ flow: NavigationFlow, after step: String) {
            let ids = Set(flow.state.entries.map(\.id))
            for record in flow.state.results {
                if let caller = record.caller, !ids.contains(caller) {
                    ledger.failures.append("seed \(seed) after \(step): result \(record.id) kept for \(caller), which has left")
                }
                if record.outcome == nil, !ids.contains(record.callee) {
                    ledger.failures.append("seed \(seed) after \(step): result \(record.id) pending for \(record.callee), which has left")
                }
            }
        }

        var flow = await makeFlow(start)
        var saved = flow.state
        var tasks: [Task<RouteResult<RouteValue>, Never>] = []
        for index in 0..<steps {
            let answerRoutes = ["pick", "tags", "secret"]
            var name = ""
            switch Int.random(in: 0..<18, using: &random) {
            case 0, 1, 2, 16:
                let route = answerRoutes[Int.random(in: 0..<3, using: &random)]
                let caller = Bool.random(using: &random) ? flow.state.visible?.id : nil
                name = "ask \(route) by \(caller.map { "\($0)" } ?? "app")"
                let current = flow
                tasks.append(Task { await current.navigateForResult(to: Destination(route), caller: caller) })
                for _ in 0..<20 { await Task.yield() }
            case 3, 4, 17:
                guard let visible = flow.state.visible else { break }
                let values: [String: RouteValue] = ["pick": .string("v\(index)"), "tags": .list([.int(index)]), "secret": .bool(index % 2 == 0)]
                // Mostly of the screen's own type; sometimes another's (refused), or an int.
                let value =
                    Int.random(in: 0..<4, using: &random) > 0
                    ? values[visible.route] ?? .int(index) : values.values.randomElement(using: &random) ?? .int(index)
                name = "answer \(visible.id) \(value)"
                // (Written first: the commit delivers before the call returns.)
                ledger.answered[visible.id, default: []].append(value)
                _ = await flow.answer(visible.id, with: value)
            case 5:
                name = "back"
                _ = await flow.back()
            case 6:
                name = "dismiss"
                _ = await flow.dismiss()
            case 7:
                name = "ui dismiss"
                if !flow.state.modals.isEmpty { _ = flow.uiDidChange(.dismissed(level: flow.state.modals.count - 1)) }
                await flow.lifecycleSettled()
            case 8:
                name = "select tab"
                _ = await flow.selectTab(Bool.random(using: &random) ? "home" : "inbox")
            case 9:
                name = "reset home"
                _ = await flow.resetTab("home")
            case 10:
                name = "push"
                _ = await flow.perform(
                    .push(Bool.random(using: &random) ? Destination("post", parameters: ["id": .int(index)]) : Destination("settings")))
            case 11:
                name = "open link"
                _ = await flow.open(url: "myapp://posts/\(index)")
            case 12:
                name = "sign out"
                signedIn = false
                flow.signOut()
                await flow.lifecycleSettled()
            case 13:
                let who: Principal = Bool.random(using: &random) ? "alice" : "bob"
                name = "sign in as \(who)"
                signedIn = true
                principal = who
                _ = await flow.signIn(as: who)
            case 14:
                // A caller attaches again to a result it finds (a context after a restore does).
                guard let record = flow.state.results.randomElement(using: &random) else { break }
                name = "attach \(record.id)"
                let current = flow
                tasks.append(Task { await current.awaitResult(record.id) })
                for _ in 0..<20 { await Task.yield() }
            default:
                // Killed: the saved state is restored by a new process, whose callers attach to
                // every result they find.
                name = "kill"
                ledger.kills += 1
                flow.onResultDelivered = nil
                do {
                    let data = try JSONEncoder().encode(saved)
                    let state = try JSONDecoder().decode(NavigationState.self, from: data)
                    flow = await makeFlow(state)
                } catch {
                    ledger.failures.append("seed \(seed): the saved state does not read back: \(error)")
                    return ledger
                }
                for record in flow.state.results {
                    let current = flow
                    tasks.append(Task { await current.awaitResult(record.id) })
                }
                for _ in 0..<20 { await Task.yield() }
            }
            await flow.lifecycleSettled()
            checkState(flow, after: "step \(index) (\(name))")
            if trace { print("\(index) \(name)\n\(flow.state.outline)") }
            // Saved after every step, as an app saves on every change.
            saved = flow.state
        }
        // Every waiting caller is let go: none waits for ever, none gets two answers.
        for task in tasks { task.cancel() }
        for task in tasks { _ = await task.value }
        return ledger
    }

    @Test func noAnswerIsDeliveredTwiceOrToACallerThatLeftAcrossKillsAndRestores() async throws {
        let environment = ProcessInfo.processInfo.environment
        let sessions = environment["AXIOM_RESULT_FUZZ_SESSIONS"].flatMap(Int.init) ?? 1_000
        let steps = environment["AXIOM_RESULT_FUZZ_STEPS"].flatMap(Int.init) ?? 60
        let first = environment["AXIOM_RESULT_FUZZ_FIRST_SEED"].flatMap(UInt64.init) ?? 1
        let router = try Router(source: RouteSource(name: "fuzz.routes", text: Self.table))
        var deliveries = 0
        var completed = 0
        var kills = 0
        var failures: [String] = []
        for seed in first..<(first + UInt64(sessions)) {
            let ledger = await Self.run(seed: seed, steps: steps, router: router, trace: environment["AXIOM_RESULT_FUZZ_TRACE"] != nil)
            deliveries += ledger.deliveries
            completed += ledger.completed
            kills += ledger.kills
            failures += ledger.failures
            if failures.count > 20 { break }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
        // The sessions did what they are for: answers delivered, after kills.
        #expect(
            deliveries > sessions && completed > sessions / 10 && kills > sessions / 2,
            "\(deliveries) deliveries, \(completed) completed, \(kills) kills")
        if environment["AXIOM_RESULT_FUZZ_SESSIONS"] != nil {
            print("result fuzz: \(sessions) sessions × \(steps) steps: \(deliveries) deliveries (\(completed) completed), \(kills) kills")
        }
    }
}
