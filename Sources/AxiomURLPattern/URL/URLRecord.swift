/// A URL parsed by the WHATWG URL standard's basic URL parser.
///
/// This is the URL model URLPattern is defined on: `exec` splits its input into these
/// components before matching. Parsing follows the standard, international domain names
/// included (UTS #46, punycode: `https://Bücher.example` has the host `xn--bcher-kva.example`);
/// `Docs/Patterns.md`, "Divergences", lists where it does not.
///
/// ```swift
/// let url = try URLRecord("HTTPS://Example.com:443/a/./b/../c?q#h")
/// url.href   // "https://example.com/a/c?q#h"
/// ```
public struct URLRecord: Sendable, Hashable {
    /// The scheme, lowercased, without `:`.
    public internal(set) var scheme: String = ""
    /// The percent-encoded username.
    public internal(set) var username: String = ""
    /// The percent-encoded password.
    public internal(set) var password: String = ""
    /// The host, or nil when the URL has none (`mailto:x`).
    public internal(set) var host: Host? = nil
    /// The port, or nil when absent or the scheme's default.
    public internal(set) var port: Int? = nil
    /// The path: serialised segments (`/a/b`), or an opaque string (`mailto:x` has path `x`).
    var path: Path = .hierarchical("")
    /// The query without `?`, or nil when absent.
    public internal(set) var query: String? = nil
    /// The fragment without `#`, or nil when absent.
    public internal(set) var fragment: String? = nil

    enum Path: Sendable, Hashable {
        case opaque(String)
        /// Each segment preceded by `/`, already percent-encoded: the URL path serialiser's
        /// output, kept as is so reading ``pathname`` costs nothing.
        case hierarchical(String)
    }

    init() {}

    /// Parses `string`, resolving it against `base` when it is relative.
    public init(_ string: String, base: URLRecord? = nil) throws(URLParseError) {
        self = try URLParser.parse(string, base: base)
    }

    /// Parses `string` against the base URL string `base`.
    public init(_ string: String, base: String) throws(URLParseError) {
        let baseURL = try URLRecord(base)
        self = try URLParser.parse(string, base: baseURL)
    }

    /// Whether the scheme is one of the standard's special schemes.
    public var isSpecial: Bool { URLRecord.defaultPort(forSpecialScheme: scheme) != nil }

    /// Whether the path is opaque (the URL cannot be a base).
    public var hasOpaquePath: Bool {
        if case .opaque = path { return true }
        return false
    }

    /// The path serialised (https://url.spec.whatwg.org/#url-path-serializer).
    public var pathname: String {
        switch path {
        case .opaque(let value), .hierarchical(let value): return value
        }
    }

    /// The whole URL serialised (https://url.spec.whatwg.org/#concept-url-serializer).
    public var href: String {
        var output = scheme + ":"
        if let host {
            output += "//"
            if !username.isEmpty || !password.isEmpty {
                output += username
                if !password.isEmpty { output += ":" + password }
                output += "@"
            }
            output += host.serialized
            if let port { output += ":" + String(port) }
        } else if case .hierarchical(let value) = path, value.utf8.starts(with: "//".utf8) {
            output += "/."
        }
        output += pathname
        if let query { output += "?" + query }
        if let fragment { output += "#" + fragment }
        return output
    }

    /// The special schemes and their default ports (`file` has none: `.some(nil)`).
    static func defaultPort(forSpecialScheme scheme: String) -> Int?? {
        switch scheme {
        case "ftp": return .some(21)
        case "http", "ws": return .some(80)
        case "https", "wss": return .some(443)
        case "file": return .some(nil)
        default: return nil
        }
    }

    package static func isSpecialScheme(_ scheme: String) -> Bool { defaultPort(forSpecialScheme: scheme) != nil }
}

/// Why a string is not a URL.
public struct URLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error's stable code (one kind: ``Code/invalidURL``; ``reason`` and ``position`` say
    /// what and where).
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        /// The string is not a URL by the WHATWG URL standard.
        public static let invalidURL = Code(rawValue: "invalid-url")
    }

    public var code: Code { .invalidURL }
    /// What went wrong, in a phrase that can follow "invalid URL: ".
    public let reason: String
    /// Where the parser stopped, as an offset in Unicode scalars into the input (after
    /// leading and trailing C0 controls and spaces are trimmed), when known.
    public let position: Int?

    init(_ reason: String, at position: Int? = nil) {
        self.reason = reason
        self.position = position
    }

    public var description: String {
        if let position { return "invalid URL: \(reason) (at offset \(position))" }
        return "invalid URL: \(reason)"
    }
}
