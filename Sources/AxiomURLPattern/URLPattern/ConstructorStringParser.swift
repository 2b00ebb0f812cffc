/// Splits a constructor string such as `https://example.com:8080/p/:id?q#h` into
/// per-component patterns (https://urlpattern.spec.whatwg.org/#constructor-string-parsing).
package struct ConstructorStringParser {
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
        let scalars = Array(input.unicodeScalars)
        let tokens: [PatternToken]
        do {
            tokens = try Tokenizer.tokenize(scalars, policy: .lenient)
        } catch {
            // The lenient policy reports problems as tokens; nothing reaches here.
            throw URLPatternError(error, component: nil, pattern: input)
        }
        var parser = ConstructorStringParser(input: scalars, tokens: tokens)
        try parser.run()
        return parser.result
    }

    private init(input: [Unicode.Scalar], tokens: [PatternToken]) {
        self.input = input
        self.tokens = tokens
    }

    private mutating func run() throws(URLPatternError) {
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

    private mutating func changeState(_ newState: State, skip: Int) {
        if let component = state.component { result[component] = makeComponentString() }
        if state != .initial, newState != .done {
            let authorityStates: [State] = [.protocol, .authority, .username, .password]
            if authorityStates.contains(state), [.port, .pathname, .search, .hash].contains(newState),
                result.hostname == nil
            {
                result.hostname = ""
            }
            if (authorityStates + [.hostname, .port]).contains(state), [.search, .hash].contains(newState),
                result.pathname == nil
            {
                result.pathname = protocolMatchesSpecialScheme ? "/" : ""
            }
            if (authorityStates + [.hostname, .port, .pathname]).contains(state), newState == .hash,
                result.search == nil
            {
                result.search = ""
            }
        }
        state = newState
        tokenIndex += skip
        componentStart = tokenIndex
        tokenIncrement = 0
    }

    private mutating func rewind() {
        tokenIndex = componentStart
        tokenIncrement = 0
    }

    private mutating func rewindAndSetState(_ newState: State) {
        rewind()
        state = newState
    }

    private func safeToken(_ index: Int) -> PatternToken {
        index < tokens.count ? tokens[index] : tokens[tokens.count - 1]
    }

    private func isNonSpecialPatternChar(_ index: Int, _ value: Unicode.Scalar) -> Bool {
        // The token read in place (not copied out), its kind first, then its one code point
        // (every `value` here is ASCII): no string comparison.
        let position = index < tokens.count ? index : tokens.count - 1
        guard position >= 0 else { return false }
        let kind = tokens[position].kind
        guard kind == .char || kind == .escapedChar || kind == .invalidChar else { return false }
        return value.isASCII && tokens[position].value.utf8.count == 1 && tokens[position].value.utf8.first == UInt8(value.value)
    }

    private func isSearchPrefix() -> Bool {
        if isNonSpecialPatternChar(tokenIndex, "?") { return true }
        guard tokens[tokenIndex].value == "?" else { return false }
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

    private mutating func computeProtocolMatchesSpecialScheme() throws(URLPatternError) {
        let protocolString = makeComponentString()
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
