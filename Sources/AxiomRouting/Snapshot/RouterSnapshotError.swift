/// Why a snapshot could not be loaded, with a stable ``code``.
public struct RouterSnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// Not a snapshot: not base64, or not the format's first bytes.
        public static let notASnapshot = Code(rawValue: "not-a-snapshot")
        /// Written by another version of the format.
        public static let unsupportedVersion = Code(rawValue: "unsupported-version")
        /// Cut short, or its checksum does not match its contents.
        public static let damaged = Code(rawValue: "damaged")
        /// Whole, but not a table this version can load (a value out of range, a rank that is
        /// not a route's).
        public static let invalid = Code(rawValue: "invalid")
    }

    public let code: Code
    public let message: String

    public var description: String {
        "route-table snapshot: \(message) [\(code)]; write it again from the table (the GenerateRoutes plugin does at the next build)"
    }
}
