/// Who signed in: an opaque identity the app gives at sign-in (an account id, a hash of one —
/// anything that tells two users apart; the flow only compares it and writes it into a saved
/// state's `owner`).
///
/// Guarded state — screens withheld until sign-in, a request parked for it, auth-only screens left
/// under a login — belongs to the principal who was signed in when it was taken
/// (``NavigationState/owner``). It comes back only to that principal: another one's sign-in drops it
/// (its contexts released, in the sign-in's commit). A sign-in that names no principal
/// (``NavigationFlow/signIn(as:)`` with nil) gets only state that has no owner.
///
/// ```swift
/// await flow.signIn(as: Principal(account.id))
/// ```
public struct Principal: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
