import AxiomRouting

/// The requests and middleware decisions of the journaled step running in this task.
enum JournalContext {
    @TaskLocal static var collector: JournalStepCollector?
}

/// Collects one step's requests and decisions (``NavigationFlow`` sets it while a journal
/// records the step; every request and middleware run in the step's task reports to it).
@MainActor
final class JournalStepCollector {
    static var current: JournalStepCollector? { JournalContext.collector }

    var requests: [Int] = []
    var decisions: [JournalRecord.Decision] = []

    /// Whether a middleware called `next` (set from the pipeline, on the flow's actor).
    private final class Passed: Sendable {
        let value = Locked(false)
    }

    /// Runs one middleware (`process`, given the `next` it may call) and records, in pipeline
    /// order, whether it passed the request on or ended it with its own result.
    func decide(
        _ request: NavigationRequest, _ middleware: any NavigationMiddleware,
        _ process: (NavigationNext) async throws -> NavigationResult,
        next: @escaping @Sendable (NavigationRequest) async throws -> NavigationResult
    ) async throws -> NavigationResult {
        let slot = decisions.count
        let name = middleware.journalName
        decisions.append(JournalRecord.Decision(request: request.id.rawValue, middleware: name, decision: "passed"))
        let passed = Passed()
        let observed = NavigationNext { request in
            passed.value.withLock { $0 = true }
            return try await next(request)
        }
        let result = try await process(observed)
        if !passed.value.withLock({ $0 }) {
            decisions[slot] = JournalRecord.Decision(request: request.id.rawValue, middleware: name, decision: result.code.rawValue)
        }
        return result
    }
}

extension NavigationFlow {
    /// Runs `body` as `step`, recorded in the journal (when there is one) with the requests
    /// it ran, what each middleware decided and how it ended.
    func journaled<T>(_ step: JournalStep, code: (T) -> String, _ body: () async -> T) async -> T {
        guard let journal else { return await body() }
        let (index, time) = journal.begin()
        let collector = JournalStepCollector()
        let value = await JournalContext.$collector.withValue(collector) { await body() }
        journal.append(
            JournalRecord(
                index: index, time: time, step: step, requests: collector.requests, decisions: collector.decisions, result: code(value),
                state: state.outline))
        return value
    }

    func journaled(_ step: JournalStep, _ body: () async -> NavigationResult) async -> NavigationResult {
        await journaled(step, code: { $0.code.rawValue }, body)
    }
}
