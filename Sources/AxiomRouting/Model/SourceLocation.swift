/// A place in a route-table file: 1-based line and column (in characters), and how many
/// characters the problem spans.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file as the user named it (`Routes/app.routes`).
    public let file: String
    public let line: Int
    public let column: Int
    /// Characters underlined by the marker (at least 1).
    public let length: Int

    public init(file: String, line: Int, column: Int, length: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
        self.length = max(1, length)
    }

    /// `file:line:column`
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A word of a route-table line and where it stands.
struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    var value: Value
    var location: SourceLocation
}
