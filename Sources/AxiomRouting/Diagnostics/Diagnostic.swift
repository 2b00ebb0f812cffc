/// A problem found in a route table, reported like a compiler does:
/// `Routes/app.routes:12:17: error: unknown parameter type 'integer' [E202]`.
///
/// Each message has a stable ``code`` (catalogued with examples in `Docs/Diagnostics.md`), a
/// ``severity``, a ``location``, optional ``notes`` that point elsewhere ("first declared
/// here") and an optional ``help`` that says how to fix it ("did you mean 'int'?").
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case error, warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    /// A secondary message, usually at another place.
    public struct Note: Sendable, Hashable {
        public let message: String
        public let location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public let code: DiagnosticCode
    public let message: String
    public let location: SourceLocation
    public let notes: [Note]
    /// How to fix it, when there is a likely fix.
    public let help: String?

    public var severity: Severity { code.severity }

    public init(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, notes: [Note] = [], help: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
        self.notes = notes
        self.help = help
    }

    /// One line: `file:line:col: error: message [E202]`.
    public var description: String { "\(location): \(severity.rawValue): \(message) [\(code.rawValue)]" }
}

extension [Diagnostic] {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
