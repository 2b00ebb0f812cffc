public import AxiomRouting

/// A result's number: taken from the state's entry numbers (``NavigationState/nextID``), so it
/// is unique in its state and saved and restored with it.
public struct ResultID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: ResultID, rhs: ResultID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(Int.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A screen's answer its caller awaits (Docs/Navigation.md, "Screens that answer"): in the state
/// from the commit that shows the screen until the answer is delivered, so it is saved, restored
/// and journaled with the screens it joins. Delivered exactly once, and only while the caller is
/// in the state.
public struct PendingResult: Sendable, Hashable {
    /// How a result ended, kept until its caller takes it (``NavigationFlow/awaitResult(_:)``).
    public enum Outcome: Sendable, Hashable {
        /// The screen answered with this value.
        case completed(RouteValue)
        /// The screen left without answering: back, dismiss, a pop, the UI's own dismissal.
        case dismissed
        /// The screen was taken away by the session or the table, not by the user.
        case cancelled(ResultEnd)
    }

    public let id: ResultID
    /// The route asked for (its `result TYPE` is the answer's type).
    public let route: String
    /// The entry whose screen asked (nil: app code). The answer is never delivered once it has
    /// left the state.
    public let caller: EntryID?
    /// The entry that answers.
    public let callee: EntryID
    /// The answer, set in the commit that takes the answering screen away
    /// (``NavigationCommand/answer(_:with:)``).
    public internal(set) var value: RouteValue? = nil
    /// How it ended, once it has and until its caller takes it (nil: still awaited).
    public internal(set) var outcome: Outcome? = nil

    init(id: ResultID, route: String, caller: EntryID?, callee: EntryID, value: RouteValue? = nil, outcome: Outcome? = nil) {
        self.id = id
        self.route = route
        self.caller = caller
        self.callee = callee
        self.value = value
        self.outcome = outcome
    }

    /// Whether `other` is this result (the same number for the same screens): a waiter attached
    /// to one result is not handed another that a restored state numbered alike.
    func isSame(as other: PendingResult) -> Bool {
        id == other.id && route == other.route && caller == other.caller && callee == other.callee
    }
}

/// What a caller gets when it awaits a screen's answer.
public enum RouteResult<Value: Sendable>: Sendable {
    /// The screen answered.
    case completed(Value)
    /// The user left the screen without answering (back, a dismissal, the UI's own gesture).
    case dismissed
    /// The flow ended it: the request was cancelled (its reason), the caller left, the session or
    /// the table took the screen away, or there is no such result to await.
    case cancelled(ResultEnd)
    /// The request did not show the screen: the policy refused it (or sent it to the login), it
    /// failed, or the route gives no answer. The request's own result says which.
    case denied(NavigationResult)

    /// The answer, when there is one.
    public var value: Value? {
        if case .completed(let value) = self { return value }
        return nil
    }

    /// The same outcome with its value converted; nil when the value does not convert.
    func map<Other>(_ transform: (Value) -> Other?) -> RouteResult<Other>? {
        switch self {
        case .completed(let value): return transform(value).map(RouteResult<Other>.completed)
        case .dismissed: return .dismissed
        case .cancelled(let end): return .cancelled(end)
        case .denied(let result): return .denied(result)
        }
    }
}

extension RouteResult: Equatable where Value: Equatable {}
extension RouteResult: Hashable where Value: Hashable {}

extension RouteResult: CustomStringConvertible {
    /// `completed(VALUE)`, `dismissed`, `cancelled(REASON)`, `denied(CODE)`: how `simulate` and
    /// the tests print it.
    public var description: String {
        switch self {
        case .completed(let value): return "completed(\(value))"
        case .dismissed: return "dismissed"
        case .cancelled(let end): return "cancelled(\(end))"
        case .denied(let result): return "denied(\(result.code))"
        }
    }
}

/// Why a result ended without an answer. Its code is stable: the cancellation reasons of the
/// request (``CancellationReason/Code``) and the result's own.
public struct ResultEnd: StableCode {
    public let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    /// The request that would show the screen was cancelled, for this reason.
    package init(_ reason: CancellationReason) { rawValue = reason.code.rawValue }

    /// The caller's screen left the state before the answer came: it is never delivered.
    public static let callerLeft = ResultEnd(rawValue: "caller-left")
    /// The answering screen was taken away by a sign-out that forgets, another principal's
    /// sign-in, a table swap or a restore: nobody chose to leave it.
    public static let screenRemoved = ResultEnd(rawValue: "screen-removed")
    /// No result of that number is in the state (delivered already, or never there).
    public static let noSuchResult = ResultEnd(rawValue: "no-such-result")
    /// Another waiter attached to the same result: the answer goes to the newest only.
    public static let replaced = ResultEnd(rawValue: "replaced")
    /// The flow that held the result is gone.
    public static let flowGone = ResultEnd(rawValue: "flow-gone")
}

extension PendingResult.Outcome {
    /// The outcome as its caller receives it.
    var result: RouteResult<RouteValue> {
        switch self {
        case .completed(let value): return .completed(value)
        case .dismissed: return .dismissed
        case .cancelled(let end): return .cancelled(end)
        }
    }
}

extension NavigationState {
    /// The answers awaited or not yet taken (``PendingResult``), oldest first.
    public internal(set) var results: [PendingResult] {
        get { resultRecords ?? [] }
        set { resultRecords = newValue.isEmpty ? nil : newValue }
    }

    /// A new result's number (from the entries' numbers, so saved states never reuse one).
    mutating func makeResultID() -> ResultID {
        defer { nextID += 1 }
        return ResultID(nextID)
    }
}

extension NavigationState {
    /// The rule every commit applies to the results of the state it writes (and a preview to the
    /// state it shows): a result whose caller left the state is dropped — ended `caller-left`,
    /// never delivered; one whose answering screen left is ended — `completed` with the answer it
    /// gave, otherwise `dismissed` when the screen was left by choice (`endsByChoice`) or
    /// `cancelled(screen-removed)`; an ended one that `waiting` says a caller awaits is delivered:
    /// it leaves the state. Returns what each result that left was ended with, to deliver.
    mutating func settleResults(
        endsByChoice: Bool, waiting: (PendingResult) -> Bool
    ) -> [(record: PendingResult, result: RouteResult<RouteValue>)] {
        guard !results.isEmpty else { return [] }
        // An entry is a result's only while it is of the result's route (a saved state edited by
        // hand may name another screen): a callee of another route has left, as far as it goes.
        var routes: [EntryID: String] = [:]
        for entry in entries { routes[entry.id] = entry.route }
        let present = Set(routes.keys)
        var ended: [(record: PendingResult, result: RouteResult<RouteValue>)] = []
        var kept: [PendingResult] = []
        for var record in results {
            if let caller = record.caller, !present.contains(caller) {
                ended.append((record, .cancelled(.callerLeft)))
                continue
            }
            if record.outcome == nil, routes[record.callee] != record.route {
                record.outcome = record.value.map(PendingResult.Outcome.completed) ?? (endsByChoice ? .dismissed : .cancelled(.screenRemoved))
                record.value = nil
            }
            if let outcome = record.outcome, waiting(record) {
                ended.append((record, outcome.result))
                continue
            }
            kept.append(record)
        }
        results = kept
        return ended
    }
}
