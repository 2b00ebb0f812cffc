/// How a replayed journal compared with its recording.
public struct ReplayReport: Sendable, Hashable, CustomStringConvertible {
    /// The first step whose outcome differs from the recording.
    public struct Difference: Sendable, Hashable {
        /// The step's number (`JournalRecord.index`).
        public let index: Int
        public let step: JournalStep
        /// What the recording says.
        public let expected: JournalRecord
        /// What the replay did (nil when the step ran no request it should have).
        public let actual: JournalRecord?
        /// Which parts differ: `result`, `state`, `decisions`, `requests`.
        public let parts: [String]
    }

    /// Steps replayed (the `begin` record not counted).
    public let steps: Int
    /// nil when every step matched.
    public let difference: Difference?

    public var description: String {
        guard let difference else { return "all \(steps) steps matched" }
        var lines = ["step \(difference.index) (\(difference.step.summary)) differs in \(difference.parts.joined(separator: ", "))"]
        let actual = difference.actual
        if difference.parts.contains("result") { lines.append("  result: recorded \(difference.expected.result), replayed \(actual?.result ?? "-")") }
        if difference.parts.contains("state") {
            lines.append("  recorded state:\n" + Self.indented(difference.expected.state))
            lines.append("  replayed state:\n" + Self.indented(actual?.state ?? "-"))
        }
        if difference.parts.contains("decisions") {
            lines.append("  recorded decisions: \(difference.expected.decisions.map { "\($0.middleware) \($0.decision)" })")
            lines.append("  replayed decisions: \(actual?.decisions.map { "\($0.middleware) \($0.decision)" } ?? [])")
        }
        return lines.joined(separator: "\n")
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

/// A journal that cannot be replayed: what is wrong and what to do about it.
public struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of journal cannot be replayed: compare with the static members.
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        /// The flow is not set up as the recording's was (configuration, middleware, trust).
        public static let settingsDiffer = Code(rawValue: "replay-settings-differ")
        /// A step's time goes back, or is not a time.
        public static let invalidTime = Code(rawValue: "replay-invalid-time")
        /// A step swapped the route table, which the journal does not hold.
        public static let tableReplaced = Code(rawValue: "replay-table-replaced")
        /// A step changed the flow's middleware.
        public static let middlewareChanged = Code(rawValue: "replay-middleware-changed")
        /// The journal does not start with a `begin` record.
        public static let noBegin = Code(rawValue: "replay-no-begin")
        /// The journal's settings name a source there is not.
        public static let unknownSource = Code(rawValue: "replay-unknown-source")
        /// The journal's begin state does not fit the route table.
        public static let beginStateMismatch = Code(rawValue: "replay-begin-state-mismatch")
    }

    public let code: Code
    public let description: String
    package init(_ code: Code, description: String) {
        self.code = code
        self.description = description
    }
}
