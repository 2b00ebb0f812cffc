/// Splits a constructor string such as `https://example.com:8080/p/:id?q#h` into
/// per-component patterns (https://urlpattern.spec.whatwg.org/#constructor-string-parsing).
/// A class, made for one parse and never shared: as a struct, its state (the input, the
/// tokens, the result) was copied out with `memcpy` around each step's calls.
package final class ConstructorStringParser {
    private enum State: Equatable {
        case initial, `protocol`, authority, username, password, hostname, port, pathname, search, hash, done

        var component: URLPattern.Component? {
            switch self {
            case .protocol: return .protocol
            case .username: return .username
            case .password: return .password
            case .hostname: return .hostname
            case .port: return .port
            case .pathname: return .pathname
            case .search: return .search
            case .hash: return .hash
            case .initial, .authority, .done: return nil
            }
        }
    }

    private let input: [Unicode.Scalar]
    private let tokens: [PatternToken]
    private var result = URLPatternInit()
    private var componentStart = 0
    private var tokenIndex = 0
    private var tokenIncrement = 1
    private var groupDepth = 0
    private var hostnameIPv6BracketDepth = 0
    private var protocolMatchesSpecialScheme = false
    private var state = State.initial

    /// Parses `input`. Only the scheme is compiled here (to know whether it is special);
    /// everything else stays pattern syntax for ``URLPattern`` to compile.
    package static func parse(_ input: String) throws(URLPatternError) -> URLPatternInit {
        if let plain = input.utf8.withContiguousStorageIfAvailable(parsePlain), let plain { return plain }
        return try parseByStateMachine(input)
    }

    /// ``parse(_:)`` without its fast path: the tokenizer and the standard's state machine.
    static func parseByStateMachine(_ input: String) throws(URLPatternError) -> URLPatternInit {
        let scalars = input.scalarArray
        let tokens: [PatternToken]
        do {
            // (The parser reads code points at the tokens' indices: no values needed.)
            tokens = try Tokenizer.tokenize(scalars, policy: .lenient, values: false)
        } catch {
            // The lenient policy reports problems as tokens; nothing reaches here.
            throw URLPatternError(error, component: nil, pattern: input)
        }
        let parser = ConstructorStringParser(input: scalars, tokens: tokens)
        try parser.run()
        return parser.result
    }

    private init(input: [Unicode.Scalar], tokens: [PatternToken]) {
        self.input = input
        self.tokens = tokens
    }

    private func run() throws(URLPatternError) {
        while tokenIndex < tokens.count {
            tokenIncrement = 1
            if tokens[tokenIndex].kind == .end {
                if state == .initial {
                    rewind()
                    if isHashPrefix() {
                        changeState(.hash, skip: 1)
                    } else if isSearchPrefix() {
                        changeState(.search, skip: 1)
                    } else {
                        changeState(.pathname, skip: 0)
                    }
                    tokenIndex += tokenIncrement
                    continue
                }
                if state == .authority {
                    rewindAndSetState(.hostname)
                    tokenIndex += tokenIncrement
                    continue
                }
                changeState(.done, skip: 0)
                break
            }
            if tokens[tokenIndex].kind == .open {
                groupDepth += 1
                tokenIndex += tokenIncrement
                continue
            }
            if groupDepth > 0 {
                if tokens[tokenIndex].kind == .close {
                    groupDepth -= 1
                } else {
                    tokenIndex += tokenIncrement
                    continue
                }
            }
            switch state {
            case .initial:
                if isNonSpecialPatternChar(tokenIndex, ":") { rewindAndSetState(.protocol) }
            case .protocol:
                if isNonSpecialPatternChar(tokenIndex, ":") {
                    try computeProtocolMatchesSpecialScheme()
                    var next = State.pathname
                    var skip = 1
                    if isNonSpecialPatternChar(tokenIndex + 1, "/"), isNonSpecialPatternChar(tokenIndex + 2, "/") {
                        next = .authority
                        skip = 3
                    } else if protocolMatchesSpecialScheme {
                        next = .authority
                    }
                    changeState(next, skip: skip)
                }
            case .authority:
                if isNonSpecialPatternChar(tokenIndex, "@") {
                    rewindAndSetState(.username)
                } else if isNonSpecialPatternChar(tokenIndex, "/") || isSearchPrefix() || isHashPrefix() {
                    rewindAndSetState(.hostname)
                }
            case .username:
                if isNonSpecialPatternChar(tokenIndex, ":") {
                    changeState(.password, skip: 1)
                } else if isNonSpecialPatternChar(tokenIndex, "@") {
                    changeState(.hostname, skip: 1)
                }
            case .password:
                if isNonSpecialPatternChar(tokenIndex, "@") { changeState(.hostname, skip: 1) }
            case .hostname:
                if isNonSpecialPatternChar(tokenIndex, "[") {
                    hostnameIPv6BracketDepth += 1
                } else if isNonSpecialPatternChar(tokenIndex, "]") {
                    hostnameIPv6BracketDepth -= 1
                } else if isNonSpecialPatternChar(tokenIndex, ":"), hostnameIPv6BracketDepth == 0 {
                    changeState(.port, skip: 1)
                } else if isNonSpecialPatternChar(tokenIndex, "/") {
                    changeState(.pathname, skip: 0)
                } else if isSearchPrefix() {
                    changeState(.search, skip: 1)
                } else if isHashPrefix() {
                    changeState(.hash, skip: 1)
                }
            case .port:
                if isNonSpecialPatternChar(tokenIndex, "/") {
                    changeState(.pathname, skip: 0)
                } else if isSearchPrefix() {
                    changeState(.search, skip: 1)
                } else if isHashPrefix() {
                    changeState(.hash, skip: 1)
                }
            case .pathname:
                if isSearchPrefix() {
                    changeState(.search, skip: 1)
                } else if isHashPrefix() {
                    changeState(.hash, skip: 1)
                }
            case .search:
                if isHashPrefix() { changeState(.hash, skip: 1) }
            case .hash, .done:
                break
            }
            tokenIndex += tokenIncrement
        }
        if result.hostname != nil, result.port == nil { result.port = "" }
    }

    private func changeState(_ newState: State, skip: Int) {
        if let component = state.component { result[component] = makeComponentString() }
        if state != .initial, newState != .done {
            // The standard's lists of states, as ranks: protocol, authority, username and
            // password (0), hostname (1), port (2), pathname (3).
            let rank: Int? =
                switch state {
                case .protocol, .authority, .username, .password: 0
                case .hostname: 1
                case .port: 2
                case .pathname: 3
                default: nil
                }
            if rank == 0, newState == .port || newState == .pathname || newState == .search || newState == .hash, result.hostname == nil {
                result.hostname = ""
            }
            if let rank, rank <= 2, newState == .search || newState == .hash, result.pathname == nil {
                result.pathname = protocolMatchesSpecialScheme ? "/" : ""
            }
            if let rank, rank <= 3, newState == .hash, result.search == nil {
                result.search = ""
            }
        }
        state = newState
        tokenIndex += skip
        componentStart = tokenIndex
        tokenIncrement = 0
    }

    private func rewind() {
        tokenIndex = componentStart
        tokenIncrement = 0
    }

    private func rewindAndSetState(_ newState: State) {
        rewind()
        state = newState
    }

    private func safeToken(_ index: Int) -> PatternToken {
        index < tokens.count ? tokens[index] : tokens[tokens.count - 1]
    }

    private func isNonSpecialPatternChar(_ index: Int, _ value: Unicode.Scalar) -> Bool {
        let position = index < tokens.count ? index : tokens.count - 1
        guard position >= 0 else { return false }
        switch tokens[position].kind {
        case .char, .escapedChar, .invalidChar: return hasValue(position, value)
        default: return false
        }
    }

    /// Whether the token at `position` has the one code point `value` as its value — read from
    /// the input where the token stands, not by comparing strings. Every token of these kinds
    /// has a one-code-point value: the code point at its index (after the backslash for an
    /// escaped one). A name's or a regexp's value is never a code point these parsers look for.
    private func hasValue(_ position: Int, _ value: Unicode.Scalar) -> Bool {
        let token = tokens[position]
        switch token.kind {
        case .char, .invalidChar, .otherModifier, .asterisk, .open, .close: return input[token.index] == value
        case .escapedChar: return input[token.index + 1] == value
        case .name, .regexp, .end: return false
        }
    }

    private func isSearchPrefix() -> Bool {
        if isNonSpecialPatternChar(tokenIndex, "?") { return true }
        guard hasValue(tokenIndex, "?") else { return false }
        guard tokenIndex > 0 else { return true }
        switch safeToken(tokenIndex - 1).kind {
        case .name, .regexp, .close, .asterisk: return false
        default: return true
        }
    }

    private func isHashPrefix() -> Bool { isNonSpecialPatternChar(tokenIndex, "#") }

    private func makeComponentString() -> String {
        let start = safeToken(componentStart).index
        let end = tokens[min(tokenIndex, tokens.count - 1)].index
        guard start < end else { return "" }
        return String(scalars: input[start..<end])
    }

    private func computeProtocolMatchesSpecialScheme() throws(URLPatternError) {
        let protocolString = makeComponentString()
        // A plain scheme (lower-case letters, digits, `-`, `.`: no pattern syntax, nothing to
        // canonicalise) compiles to itself as a literal: special exactly when it names a
        // special scheme. Anything else is compiled to find out.
        if Self.isPlainScheme(protocolString) {
            protocolMatchesSpecialScheme = URLRecord.isSpecialScheme(protocolString)
            return
        }
        do {
            let component = try CompiledComponent(
                .protocol, pattern: protocolString, options: .default, encode: Canonicalizer.protocol)
            protocolMatchesSpecialScheme = component.matchesSpecialScheme
        } catch {
            // A ':' that failed to start a group name ('/:🚲') ends the "scheme" here; say so
            // rather than blaming a scheme the user never meant to write.
            let colon = tokens[tokenIndex]
            if colon.kind == .invalidChar {
                throw URLPatternError(
                    PatternSyntaxError(.missingGroupName, at: colon.index), component: nil,
                    pattern: String(scalars: input))
            }
            throw error
        }
    }
}

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
