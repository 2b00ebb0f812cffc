import AxiomRouting
public import DequeModule

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the app asked of the flow, as the journal records it (and replay asks again).
///
/// Written as an object whose `kind` names the step (Docs/Persistence.md, "The journal's format";
/// `Docs/schemas/journal-record.schema.json`); ``NavigationJournal/records(fromJSONLines:)`` also
/// reads journals of format 1, whose steps were keyed by their name.
public enum JournalStep: Sendable, Hashable {
    /// The state the session started from (the journal's first record), and the settings the
    /// flow ran with (nil in a format-1 journal, which did not record them).
    case begin(NavigationState, settings: JournalSettings?)
    case navigate(Destination, source: NavigationSource)
    case open(url: String, source: NavigationSource)
    /// A link of several screens (``NavigationFlow/open(urls:source:)``).
    case openLinks(urls: [String], source: NavigationSource)
    case command(NavigationCommand, source: NavigationSource)
    case restore(NavigationState, source: NavigationSource)
    /// ``Orchestrator/start()`` running the initial state as a request.
    case start
    /// A sign-in, as the principal the app named (nil: none; ``Principal``).
    case signIn(as: Principal?)
    case signOut
    /// The route table swapped (the table itself is not in the journal: replay stops here).
    case replaceTable
    /// What the UI already did on screen (``NavigationFlow/uiDidChange(_:)``).
    case ui(UIChange)
    /// The flow's middleware changed while the journal recorded (one added or removed): the
    /// settings from here on. Replay stops here unless its flow already runs with them.
    case settings(JournalSettings)
    /// A request for a screen's answer (``NavigationFlow/navigateForResult(to:source:caller:)``), by the caller it named.
    case navigateForResult(Destination, source: NavigationSource, caller: EntryID?)
    /// A caller attached to a result to await it (``NavigationFlow/awaitResult(_:)``): a settled
    /// one is taken then, a pending one is delivered in the commit that ends it.
    case awaitResult(ResultID)

    /// A short name: `navigate post`, `open myapp://…`, `back`, `sign-in` …
    public var summary: String {
        switch self {
        case .begin: return "begin"
        case .navigate(let destination, _): return "navigate \(destination.route)"
        case .open(let url, _): return "open \(url)"
        case .openLinks(let urls, _): return "open " + urls.joined(separator: " ")
        case .command(let command, _): return command.name
        case .restore: return "restore"
        case .start: return "start"
        case .signIn(let principal): return principal.map { "sign-in as \($0)" } ?? "sign-in"
        case .signOut: return "sign-out"
        case .replaceTable: return "replace-table"
        case .ui(let change): return change.summary
        case .settings: return "settings"
        case .navigateForResult(let destination, _, _): return "navigate \(destination.route) for its result"
        case .awaitResult(let id): return "await result \(id)"
        }
    }
}

/// One line of the journal: a step, when it was asked on the journal's clock, what each
/// middleware decided, and how it ended (Docs/Persistence.md, "The journal").
public struct JournalRecord: Sendable, Hashable, Codable {
    /// What middleware `name` did with a request: `passed` (called the next one), or the code
    /// of the result it returned instead (`cancelled.rate-limited`, `redirected` …).
    public struct Decision: Sendable, Hashable, Codable {
        public let request: Int
        public let middleware: String
        public let decision: String
    }

    /// The step's number, in the order the steps were asked (records are written as steps
    /// end, so racing steps may be written out of order).
    public let index: Int
    /// Seconds on the journal's clock when the step was asked.
    public let time: Double
    public let step: JournalStep
    /// The requests the step ran (a navigation redirected to login and resumed is two).
    public let requests: [Int]
    public let decisions: [Decision]
    /// The result's code (`completed`, `failed.missing-parameter` …); `none` for a sign-in
    /// with nothing parked and for steps without a result (sign-out, begin).
    public let result: String
    /// The state's outline after the step (``NavigationState/outline``).
    public let state: String
}

/// Records every step of a navigation session: in memory, the last `limit` records (a ring),
/// and each one as a JSON line to `write` (a file, a log) as it happens. Give it to the flow
/// (``NavigationFlow/journal``); `axiom-route replay` and `NavigationSimulator.replay` replay it.
///
/// ```swift
/// let journal = NavigationJournal(limit: 500, write: { line in handle.write(Data((line + "\n").utf8)) })
/// flow.journal = journal
/// ```
@MainActor
public final class NavigationJournal {
    /// The last records, oldest first, at most ``limit``.
    public private(set) var records: Deque<JournalRecord> = []
    public let limit: Int
    private let now: @MainActor () -> Duration
    private let write: (@MainActor (String) -> Void)?
    private var nextIndex = 0
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// A journal keeping `limit` records in memory, timing steps by `now` (the time since the
    /// session began; by default a continuous clock's), and sending each record to `write` as
    /// one line of JSON.
    public init(limit: Int = 1_000, now: (@MainActor () -> Duration)? = nil, write: (@MainActor (String) -> Void)? = nil) {
        self.limit = max(1, limit)
        if let now {
            self.now = now
        } else {
            let clock = ContinuousClock()
            let start = clock.now
            self.now = { clock.now - start }
        }
        self.write = write
    }

    /// Takes the next step number and the time it is asked at.
    func begin() -> (index: Int, time: Double) {
        defer { nextIndex += 1 }
        let elapsed = now()
        return (nextIndex, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    func append(_ record: JournalRecord) {
        records.append(record)
        if records.count > limit { records.removeFirst(records.count - limit) }
        guard let write, let data = try? encoder.encode(record) else { return }
        write(String(decoding: data, as: UTF8.self))
    }

    /// The records of JSON lines (blank lines skipped); a line that is not a record throws,
    /// naming its line number.
    public nonisolated static func records(fromJSONLines text: String) throws(JournalFormatError) -> [JournalRecord] {
        let decoder = JSONDecoder()
        var records: [JournalRecord] = []
        for (number, line) in text.sourceLines.enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                records.append(try decoder.decode(JournalRecord.self, from: Data(line.utf8)))
            } catch let error as JournalFormatError {
                throw JournalFormatError(line: number + 1, message: error.message)
            } catch let DecodingError.dataCorrupted(context) {
                throw JournalFormatError(line: number + 1, message: Self.describe(context))
            } catch let DecodingError.keyNotFound(key, context) {
                throw JournalFormatError(line: number + 1, message: "\(Self.place(context))no '\(key.stringValue)'")
            } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
                throw JournalFormatError(line: number + 1, message: Self.describe(context))
            } catch {
                throw JournalFormatError(line: number + 1, message: "\(error)")
            }
        }
        return records
    }
}

extension NavigationJournal {
    /// Where in a record a decoding error is, as `at step.destination: `.
    fileprivate nonisolated static func place(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "" : "at \(path): "
    }

    fileprivate nonisolated static func describe(_ context: DecodingError.Context) -> String {
        place(context) + context.debugDescription
    }
}

/// A journal line that is not a record.
public struct JournalFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error's stable code (one kind: ``Code/notARecord``).
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        /// A line that is not a journal record: not JSON, a field missing or of another type, an
        /// unknown step or command.
        public static let notARecord = Code(rawValue: "not-a-journal-record")
    }

    public var code: Code { .notARecord }
    public let line: Int
    public let message: String
    public var description: String { "line \(line): not a journal record: \(message)" }
}

extension NavigationJournal {
    /// Records the state a session begins from.
    func append(begin state: NavigationState, settings: JournalSettings) {
        let (index, time) = begin()
        append(
            JournalRecord(
                index: index, time: time, step: .begin(state, settings: settings), requests: [], decisions: [], result: "none",
                state: state.outline))
    }

    /// Records a step that runs no request through the pipeline (sign-out; a UI change, with its
    /// request and result).
    func append(step: JournalStep, state: NavigationState, requests: [Int] = [], result: String = "none") {
        let (index, time) = begin()
        append(JournalRecord(index: index, time: time, step: step, requests: requests, decisions: [], result: result, state: state.outline))
    }
}
