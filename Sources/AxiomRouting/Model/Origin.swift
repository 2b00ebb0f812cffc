/// A place deep links may come from, declared with `origins` in the route table.
///
/// - `myapp:` — an app scheme: any `myapp://…` URL; its host is the first path segment, so
///   `myapp://profile/42` is routed as `/profile/42`.
/// - `https://example.com` — one web host (with an optional port); the path is routed as is.
/// - `https://*.example.com` — any subdomain of `example.com` (not `example.com` itself).
/// - `https://*` — every host of the scheme (a podcast app that opens any feed URL, a browser):
///   links from any site reach the routes a link may open, so their `sources` matter.
/// - `*:` — every other scheme (every scheme but the web's), each routed as an app scheme.
///
/// A web host is kept as the URL parser writes it: lowercased, international labels in punycode
/// (`https://bücher.example` is `https://xn--bcher-kva.example`).
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    public enum Hosts: Sendable, Hashable {
        /// An app scheme: the host is part of the routed path.
        case appScheme
        case exact(String)
        case subdomains(of: String)
        /// `https://*`: every host of a web scheme.
        case any
        /// `*:`: every scheme but the web's, each an app scheme (its host the path's first
        /// segment). ``Origin/scheme`` is `*`.
        case everyOtherScheme

        /// Whether the host is the routed path's first segment (an app scheme's).
        var routesHostAsPath: Bool {
            switch self {
            case .appScheme, .everyOtherScheme: return true
            case .exact, .subdomains, .any: return false
            }
        }
    }

    public let scheme: String
    public let hosts: Hosts
    public let port: Int?
    /// ``scheme``'s bytes when it has at most 16 (every scheme in practice), held inline so
    /// that a URL's scheme is compared in place: no string's bytes to copy out, no array to
    /// retain. Zero beyond the scheme; unused (`schemeLength` -1) for a longer scheme.
    private let schemeKey: SIMD16<UInt8>
    /// ``scheme``'s length in bytes when `schemeKey` holds it, else -1.
    private let schemeLength: Int
    /// A scheme of at most eight bytes as one little-endian word (zero past it), with the
    /// mask of its bytes: compared with one load of the URL's first eight bytes.
    private let schemeWord: UInt64
    private let schemeWordMask: UInt64

    init(scheme: String, hosts: Hosts, port: Int?) {
        self.scheme = scheme
        self.hosts = hosts
        self.port = port
        var key = SIMD16<UInt8>()
        let bytes = Array(scheme.utf8)
        if bytes.count <= 16 {
            for (offset, byte) in bytes.enumerated() { key[offset] = byte }
        }
        self.schemeKey = key
        self.schemeLength = bytes.count <= 16 ? bytes.count : -1
        var word: UInt64 = 0
        for (offset, byte) in bytes.prefix(8).enumerated() { word |= UInt64(byte) << UInt64(8 * offset) }
        self.schemeWord = word
        self.schemeWordMask = bytes.count >= 8 ? ~0 : (1 << UInt64(8 * bytes.count)) &- 1
    }

    public var description: String {
        switch hosts {
        case .appScheme: return scheme + ":"
        case .exact(let host): return scheme + "://" + host + (port.map { ":\($0)" } ?? "")
        case .subdomains(let host): return scheme + "://*." + host + (port.map { ":\($0)" } ?? "")
        case .any: return scheme + "://*" + (port.map { ":\($0)" } ?? "")
        case .everyOtherScheme: return "*:"
        }
    }

    /// The scheme of the origin of every other scheme (`*:`).
    static let everyOtherScheme = "*"

    /// Parses an origin as written in a route table; nil with a reason when it is not one.
    static func parse(_ text: String) -> Result<Origin, OriginError> {
        if text == "*:" { return .success(Origin(scheme: everyOtherScheme, hosts: .everyOtherScheme, port: nil)) }
        guard let colon = text.firstIndex(of: ":") else {
            return .failure(OriginError("'\(text)' has no scheme (write 'myapp:' or 'https://example.com')"))
        }
        let scheme = String(text[..<colon]).asciiLowercased
        guard let first = scheme.unicodeScalars.first, first.isASCIIAlpha,
            scheme.unicodeScalars.allSatisfy({ $0.isASCIIAlphanumeric || $0 == "+" || $0 == "-" || $0 == "." })
        else {
            return .failure(OriginError("'\(scheme)' is not a valid scheme"))
        }
        var rest = text[text.index(after: colon)...]
        if rest.isEmpty || rest == "//" {
            guard !URLRecord.isSpecialScheme(scheme) else {
                return .failure(OriginError("'\(scheme):' needs a host, e.g. '\(scheme)://example.com'"))
            }
            return .success(Origin(scheme: scheme, hosts: .appScheme, port: nil))
        }
        guard rest.hasPrefix("//") else {
            return .failure(OriginError("expected '//' after '\(scheme):' (write '\(scheme)://host' or '\(scheme):')"))
        }
        rest = rest.dropFirst(2)
        var port: Int? = nil
        if let portColon = rest.lastIndex(of: ":") {
            let digits = rest[rest.index(after: portColon)...]
            guard let value = Int(digits), value >= 0, value <= 65535 else {
                return .failure(OriginError("invalid port '\(digits)' (0 to 65535)"))
            }
            port = value
            rest = rest[..<portColon]
        }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else {
            return .failure(OriginError("an origin has no path, query or fragment (write 'scheme://host')"))
        }
        if rest == "*" {
            // Every host: for a web scheme only (an app scheme's `myapp:` already takes every URL).
            guard URLRecord.isSpecialScheme(scheme) else {
                return .failure(OriginError("'\(scheme)://*' is written '\(scheme):' (an app scheme's origin takes every '\(scheme):' URL)"))
            }
            return .success(Origin(scheme: scheme, hosts: .any, port: port))
        }
        let wildcard = rest.hasPrefix("*.")
        var host = String(wildcard ? rest.dropFirst(2) : rest).asciiLowercased
        guard !host.isEmpty, host.unicodeScalars.allSatisfy({ !$0.isASCII || !Host.isForbiddenHostCodePoint($0) && $0 != "*" }) else {
            return .failure(OriginError("'\(rest)' is not a valid host"))
        }
        if URLRecord.isSpecialScheme(scheme) {
            // The host as the URL parser writes it, so that it compares with the URLs' own:
            // international labels in punycode (`bücher.example` is `xn--bcher-kva.example`).
            do {
                host = try Host.parse(ArraySlice(Array(host.utf8)), isOpaque: false).serialized
            } catch {
                return .failure(OriginError(URLParser.describe(error, host: host)))
            }
        }
        return .success(Origin(scheme: scheme, hosts: wildcard ? .subdomains(of: host) : .exact(host), port: port))
    }

    struct OriginError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// Whether `url` comes from this origin.
    func accepts(_ url: URLRecord) -> Bool { accepts(url, host: Self.host(of: url)) }

    /// Whether `url`, whose ``host(of:)`` is `host`, comes from this origin: the rule on
    /// bytes below, which the router's in-place path uses too.
    func accepts(_ url: URLRecord, host: String) -> Bool {
        withUTF8Bytes(of: url.scheme) { scheme in
            withUTF8Bytes(of: host) { host in accepts(scheme: scheme[...], host: host[...], port: url.port) }
        }
    }

    /// Whether a URL comes from this origin, by its scheme and host bytes, both lowercase (as
    /// the URL parser and ``host(of:)`` write them), and its port (nil for the default).
    /// (Inlined: called on an origin in the router's list, it was copied out whole first and
    /// destroyed after, ~90 instructions a URL; inlined, only the fields it reads are read.)
    @inline(__always)
    func accepts(scheme schemeBytes: Slice<UnsafeBufferPointer<UInt8>>, host hostBytes: Slice<UnsafeBufferPointer<UInt8>>, port: Int?) -> Bool {
        switch hosts {
        case .everyOtherScheme:
            // `*:`: any scheme but the web's (those need a host origin of their own).
            return !URLParser.specialScheme(schemeBytes).special
        case .appScheme:
            return schemeMatches(schemeBytes)
        case .exact(let expected):
            return schemeMatches(schemeBytes) && port == self.port && withUTF8Bytes(of: expected) { Self.equal($0, hostBytes) }
        case .any:
            return schemeMatches(schemeBytes) && port == self.port
        case .subdomains(let parent):
            guard schemeMatches(schemeBytes), port == self.port, hostBytes.count > parent.utf8.count else { return false }
            let dot = hostBytes.endIndex - parent.utf8.count - 1
            return hostBytes[dot] == UInt8(ascii: ".") && withUTF8Bytes(of: parent) { Self.equal($0, hostBytes[(dot + 1)...]) }
        }
    }

    /// Whether a URL's scheme bytes are ``scheme``'s.
    @inline(__always)
    private func schemeMatches(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard schemeLength >= 0 else { return withUTF8Bytes(of: scheme) { Self.equal($0, bytes) } }
        guard bytes.count == schemeLength else { return false }
        // Eight bytes readable from the scheme's start (the URL goes on past it): one word
        // compare, the bytes past the scheme masked off.
        if schemeLength <= 8, let base = bytes.base.baseAddress, bytes.base.count - bytes.startIndex >= 8 {
            let loaded = UInt64(littleEndian: UnsafeRawPointer(base + bytes.startIndex).loadUnaligned(as: UInt64.self))
            return loaded & schemeWordMask == schemeWord
        }
        var offset = 0
        for byte in bytes {
            if byte != schemeKey[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether two runs of bytes are equal: a plain loop (`elementsEqual` over a buffer and a
    /// slice went through their iterators, about 25 instructions a byte).
    @inline(__always)
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard a.count == b.count else { return false }
        var offset = 0
        var index = b.startIndex
        while offset < a.count {
            if a[offset] != b.base[index] { return false }
            offset += 1
            index += 1
        }
        return true
    }

    /// The URL's host, lowercased for every scheme.
    static func host(of url: URLRecord) -> String { URLPattern.hostnameForMatching(url.host) }

    /// The first segment of a routed path that is a dot segment (`.`, `..`, or their `%2e`
    /// spellings, any case; ``URLParser/isDotSegment(_:)``), or nil.
    static func dotSegment(in path: String) -> String? {
        path.utf8.split(separator: UInt8(ascii: "/")).first(where: URLParser.isDotSegment).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The path a URL is routed by: the pathname, with an app scheme's host in front.
    /// `host` is the URL's ``host(of:)``, which the caller has already computed.
    static func routedPath(of url: URLRecord, appScheme: Bool, host: String) -> String {
        var path = url.pathname
        if url.hasOpaquePath {
            // `myapp:profile/42`
            path = "/" + path
        } else if appScheme, !host.isEmpty {
            path = "/" + host + path
        }
        return path.isEmpty ? "/" : path
    }
}
