/// The plain case read in one pass over the bytes: a constructor string with a plain scheme,
/// host and path and nothing the state machine must decide, split without tokenizing.
extension ConstructorStringParser {
    /// Whether `text` is a scheme as a pattern writes it plainly: a lower-case letter, then
    /// lower-case letters, digits, `-` or `.` (a `+` would be a modifier). Such a pattern is
    /// its own canonical form and matches only itself.
    static func isPlainScheme(_ text: String) -> Bool {
        guard let first = text.utf8.first, first.isASCIIAlpha, first.asciiLowercased == first else { return false }
        return text.utf8.allSatisfy { byte in
            byte.isASCIIAlpha && byte.asciiLowercased == byte || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// A constructor string of the common shape, `scheme://host[:port][/path][?search][#hash]`
    /// in printable ASCII, split as the state machine splits it in one pass over its bytes,
    /// without the tokenizer's array or the machine's rewinds: `https://example.com/settings/privacy`,
    /// `https://example.com/orders/:id(\\d+)`, `https://{:tenant.}?example.com/search/:kind\\?q=:query#*`.
    ///
    /// Tokens are read by the tokenizer's rules (``ASCIIToken``) and the split follows the
    /// machine's: a component ends at a token outside any `{…}` group — the host at a `:` that
    /// starts no name (the port), a `/`, a search prefix or a `#`; the port, at a `/`, a search
    /// prefix or a `#`; the path, at a search prefix or a `#`; the search, at a `#`. A search
    /// prefix is a `\\?`, or a `?` after a token that it cannot modify (not a name, a regexp, a
    /// `}` or a `*`). Nil for anything else (userinfo, an IPv6 host, an escape in the host or
    /// the port, an empty host, a port that is not digits, a group left open, a regexp the
    /// tokenizer refuses): the state machine then decides. Where it answers, it answers as the
    /// state machine does; a differential test checks.
    static func parsePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> URLPatternInit? {
        let count = bytes.count
        // Scheme: a letter, then letters, digits, `-` or `.` (a `+` is a modifier), then `://`.
        guard count > 3, bytes[0].isASCIIAlpha else { return nil }
        var index = 1
        while index < count, bytes[index].isASCIIAlphanumeric || bytes[index] == 0x2D || bytes[index] == 0x2E { index += 1 }
        guard index + 2 < count, bytes[index] == 0x3A, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F else { return nil }
        let schemeEnd = index
        index += 3
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var result = URLPatternInit()
        result.protocol = text(0..<schemeEnd)
        // The path a special scheme's URL has when the host is followed by a search or a hash.
        var defaultPath: String { URLParser.specialScheme(bytes[0..<schemeEnd]).special ? "/" : "" }

        var state = State.hostname
        var componentStart = index
        var depth = 0
        // The token before (the scheme's last `/`): whether a `?` after it is a modifier.
        var previous = PatternToken.Kind.char
        while index < count {
            let byte = bytes[index]
            guard byte > 0x20, byte < 0x7F else { return nil }
            if !Self.mayEndOrOpen(byte) {
                // A character no state turns at: only the port looks at it.
                guard state != .port || depth > 0 || byte.isASCIIDigit else { return nil }
                previous = .char
                index += 1
                continue
            }
            guard let token = ASCIIToken(bytes, at: index) else { return nil }
            defer {
                previous = token.kind
                index = token.end
            }
            if token.kind == .open {
                depth += 1
                continue
            }
            if depth > 0 {
                guard token.kind == .close else { continue }
                depth -= 1
            }
            let char: UInt8? = token.kind == .char || token.kind == .escapedChar || token.kind == .invalidChar ? token.value : nil
            let searchPrefix =
                char == UInt8(ascii: "?")
                || token.kind == .otherModifier && token.value == UInt8(ascii: "?") && previous != .name && previous != .regexp
                    && previous != .close && previous != .asterisk
            let hashPrefix = char == UInt8(ascii: "#")
            switch state {
            case .hostname, .port:
                if state == .hostname,
                    token.kind == .escapedChar || char == UInt8(ascii: "@") || char == UInt8(ascii: "[") || char == UInt8(ascii: "]")
                {
                    return nil
                }
                if state == .hostname, char == UInt8(ascii: ":") {
                    guard token.start > componentStart else { return nil }
                    result.hostname = text(componentStart..<token.start)
                    state = .port
                    componentStart = token.end
                    continue
                }
                guard char == UInt8(ascii: "/") || searchPrefix || hashPrefix else {
                    // A port of digits only.
                    guard state == .hostname || token.kind == .char && token.value.isASCIIDigit else { return nil }
                    continue
                }
                guard token.start > componentStart else { return nil }
                result[state == .hostname ? .hostname : .port] = text(componentStart..<token.start)
                if char == UInt8(ascii: "/") {
                    state = .pathname
                    componentStart = token.start
                    continue
                }
                result.pathname = defaultPath
                if hashPrefix { result.search = "" }
                state = hashPrefix ? .hash : .search
                componentStart = token.end
            case .pathname:
                guard searchPrefix || hashPrefix else { continue }
                result.pathname = text(componentStart..<token.start)
                if hashPrefix { result.search = "" }
                state = hashPrefix ? .hash : .search
                componentStart = token.end
            case .search:
                guard hashPrefix else { continue }
                result.search = text(componentStart..<token.start)
                state = .hash
                componentStart = token.end
            default:
                continue
            }
        }
        guard depth == 0 else { return nil }
        // The end ends the last component.
        switch state {
        case .hostname, .port: guard count > componentStart else { return nil }
        default: break
        }
        if let component = state.component { result[component] = text(componentStart..<count) }
        if result.port == nil { result.port = "" }
        return result
    }

    /// Whether a byte starts a token other than a plain character, or is a character some
    /// state turns at: `*`, `+`, `?`, `{`, `}`, `\\`, `:`, `(`, `/`, `#`, `@`, `[`, `]`.
    @inline(__always)
    private static func mayEndOrOpen(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"),
            UInt8(ascii: ":"), UInt8(ascii: "("), UInt8(ascii: "/"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "["),
            UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }
}
