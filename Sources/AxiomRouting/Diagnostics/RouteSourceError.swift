/// Why a route-table file could not be read: what happened, where, and a stable ``code``
/// (``DiagnosticCode/includeNotFound`` E306: nothing at the path; ``DiagnosticCode/includeOutsideFolder``
/// E314: an `include` that leaves the table's folder; ``DiagnosticCode/unreadableFile`` E315: a
/// folder, a symbolic link that loops or leads nowhere, no permission, not UTF-8).
public struct RouteSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let code: DiagnosticCode
    public let reason: String

    public init(path: String, code: DiagnosticCode, reason: String) {
        self.path = path
        self.code = code
        self.reason = reason
    }

    public var description: String { "cannot read '\(path)': \(reason) [\(code)]" }
}
