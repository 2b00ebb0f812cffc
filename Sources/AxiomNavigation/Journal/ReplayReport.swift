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
    public let description: String

    public init(description: String) { self.description = description }
}
