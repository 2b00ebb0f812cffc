/// A stable, machine-readable code: what every error and outcome of Axiom Navigation names
/// itself by, as `code` (`error.code == .missingParameter`, `result.code == .completed`).
///
/// A code is a string that does not change between releases (`unknown-route`, `E201`): print
/// it or log it (``rawValue``), compare it with the type's static members. Only the library
/// makes codes — there is no public initializer from a string, so a misspelt code
/// (`"unkown-route"`) does not compile — and codes are extensible: a new kind of error adds a
/// static member and breaks no `switch`.
public protocol StableCode: Sendable, Hashable, CustomStringConvertible {
    /// The code as text (`unknown-route`, `E201`).
    var rawValue: String { get }
}

extension StableCode {
    public var description: String { rawValue }
}
