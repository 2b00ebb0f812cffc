/// A stable, machine-readable code: what every error and outcome of Axiom Navigation names
/// itself by, as `code` (`error.code == .missingParameter`, `result.code == "completed"`).
///
/// A code is a string that does not change between releases (`unknown-route`, `E201`): print
/// it, log it, compare it with the type's static members or with a literal. Codes are
/// extensible: a new kind of error adds a static member and breaks no `switch`.
public protocol StableCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral
where RawValue == String, StringLiteralType == String {
    init(rawValue: String)
}

extension StableCode {
    public var description: String { rawValue }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}
