/// Splits a constructor string such as `https://example.com:8080/p/:id?q#h` into
/// per-component patterns (https://urlpattern.spec.whatwg.org/#constructor-string-parsing).
/// A class, made for one parse and never shared: as a struct, its state (the input, the
/// tokens, the result) was copied out with `memcpy` around each step's calls.
package final class ConstructorStringParser {
    enum State: Equatable {
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
