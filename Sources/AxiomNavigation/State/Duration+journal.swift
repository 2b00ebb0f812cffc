extension Duration {
    /// The duration as a journal's settings write it: seconds (`"300.0"`, `"0.25"`).
    public var journalSeconds: String {
        let (seconds, attoseconds) = components
        return String(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// The duration of seconds written as `journalSeconds`; nil for text that is not a finite,
    /// non-negative number of seconds below a century.
    public init?(journalSeconds text: String) {
        guard let value = Double(text), value.isFinite, value >= 0, value < 100 * 365 * 86_400 else { return nil }
        self = .nanoseconds(Int64((value * 1e9).rounded()))
    }
}
