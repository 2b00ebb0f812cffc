/// The basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser) without
/// state overrides; the canonicalisers URLPattern needs are in `Canonicalization.swift`.
enum URLParser {
    private enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative
        case relativeSlash, specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host
        case port, file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
    }

    static func parse(_ string: String, base: URLRecord?) throws(URLParseError) -> URLRecord {
        var scalars = Array(string.unicodeScalars)
        // Strip leading and trailing C0 controls and spaces, then every tab and newline.
        let isC0OrSpace: (Unicode.Scalar) -> Bool = { $0.value <= 0x20 }
        while let last = scalars.last, isC0OrSpace(last) { scalars.removeLast() }
        let leading = scalars.prefix(while: isC0OrSpace).count
        scalars.removeFirst(leading)
        scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let input = scalars

        var url = URLRecord()
        var state = State.schemeStart
        var buffer: [Unicode.Scalar] = []
        var atSignSeen = false
        var insideBrackets = false
        var passwordTokenSeen = false
        var queryBuffer: [Unicode.Scalar] = []
        var pointer = 0

        func remaining(startsWith scalar: Unicode.Scalar) -> Bool {
            pointer + 1 < input.count && input[pointer + 1] == scalar
        }
        func startsWithWindowsDriveLetter(_ index: Int) -> Bool {
            guard input.count - index >= 2, input[index].isASCIIAlpha,
                input[index + 1] == ":" || input[index + 1] == "|"
            else { return false }
            if input.count - index == 2 { return true }
            let third = input[index + 2]
            return third == "/" || third == "\\" || third == "?" || third == "#"
        }
        func shortenPath() {
            guard case .segments(var segments) = url.path else { return }
            if url.scheme == "file", segments.count == 1, isNormalizedWindowsDriveLetter(segments[0]) { return }
            if !segments.isEmpty { segments.removeLast() }
            url.path = .segments(segments)
        }
        func appendSegment(_ segment: String) {
            guard case .segments(var segments) = url.path else { return }
            segments.append(segment)
            url.path = .segments(segments)
        }
        func pathIsEmpty() -> Bool {
            if case .segments(let segments) = url.path { return segments.isEmpty }
            return false
        }
        func parseHost(_ scalars: [Unicode.Scalar]) throws(URLParseError) -> Host {
            do {
                return try Host.parse(scalars, isOpaque: !url.isSpecial)
            } catch {
                throw URLParseError(Self.describe(error, host: scalars), at: pointer)
            }
        }

        while true {
            let c: Unicode.Scalar? = pointer < input.count ? input[pointer] : nil
            switch state {
            case .schemeStart:
                if let c, c.isASCIIAlpha {
                    buffer.append(c.asciiLowercased)
                    state = .scheme
                } else {
                    state = .noScheme
                    pointer -= 1
                }
            case .scheme:
                if let c, c.isASCIIAlphanumeric || c == "+" || c == "-" || c == "." {
                    buffer.append(c.asciiLowercased)
                } else if c == ":" {
                    url.scheme = String(String.UnicodeScalarView(buffer))
                    buffer = []
                    if url.scheme == "file" {
                        state = .file
                    } else if url.isSpecial, let base, base.scheme == url.scheme {
                        state = .specialRelativeOrAuthority
                    } else if url.isSpecial {
                        state = .specialAuthoritySlashes
                    } else if remaining(startsWith: "/") {
                        state = .pathOrAuthority
                        pointer += 1
                    } else {
                        url.path = .opaque("")
                        state = .opaquePath
                    }
                } else {
                    buffer = []
                    state = .noScheme
                    pointer = -1
                }
            case .noScheme:
                guard let base else { throw URLParseError("missing scheme (expected e.g. 'myapp://' or 'https://')", at: 0) }
                if base.hasOpaquePath {
                    guard c == "#" else { throw URLParseError("relative URL against a base URL that cannot be a base", at: 0) }
                    url.scheme = base.scheme
                    url.path = base.path
                    url.query = base.query
                    url.fragment = ""
                    state = .fragment
                } else if base.scheme != "file" {
                    state = .relative
                    pointer -= 1
                } else {
                    state = .file
                    pointer -= 1
                }
            case .specialRelativeOrAuthority:
                if c == "/", remaining(startsWith: "/") {
                    state = .specialAuthorityIgnoreSlashes
                    pointer += 1
                } else {
                    state = .relative
                    pointer -= 1
                }
            case .pathOrAuthority:
                if c == "/" {
                    state = .authority
                } else {
                    state = .path
                    pointer -= 1
                }
            case .relative:
                guard let base else { throw URLParseError("missing scheme", at: 0) }
                url.scheme = base.scheme
                if c == "/" || (url.isSpecial && c == "\\") {
                    state = .relativeSlash
                } else {
                    url.username = base.username
                    url.password = base.password
                    url.host = base.host
                    url.port = base.port
                    url.path = base.path
                    url.query = base.query
                    if c == "?" {
                        url.query = ""
                        state = .query
                    } else if c == "#" {
                        url.fragment = ""
                        state = .fragment
                    } else if c != nil {
                        url.query = nil
                        shortenPath()
                        state = .path
                        pointer -= 1
                    }
                }
            case .relativeSlash:
                if url.isSpecial, c == "/" || c == "\\" {
                    state = .specialAuthorityIgnoreSlashes
                } else if c == "/" {
                    state = .authority
                } else {
                    if let base {
                        url.username = base.username
                        url.password = base.password
                        url.host = base.host
                        url.port = base.port
                    }
                    state = .path
                    pointer -= 1
                }
            case .specialAuthoritySlashes:
                if c == "/", remaining(startsWith: "/") {
                    state = .specialAuthorityIgnoreSlashes
                    pointer += 1
                } else {
                    state = .specialAuthorityIgnoreSlashes
                    pointer -= 1
                }
            case .specialAuthorityIgnoreSlashes:
                if c != "/", c != "\\" {
                    state = .authority
                    pointer -= 1
                }
            case .authority:
                if c == "@" {
                    if atSignSeen { buffer.insert(contentsOf: ["%", "4", "0"], at: 0) }
                    atSignSeen = true
                    for scalar in buffer {
                        if scalar == ":", !passwordTokenSeen {
                            passwordTokenSeen = true
                            continue
                        }
                        if passwordTokenSeen {
                            percentEncode(scalar, .userinfo, into: &url.password)
                        } else {
                            percentEncode(scalar, .userinfo, into: &url.username)
                        }
                    }
                    buffer = []
                } else if c == nil || c == "/" || c == "?" || c == "#" || (url.isSpecial && c == "\\") {
                    if atSignSeen, buffer.isEmpty { throw URLParseError("credentials without a host", at: pointer) }
                    pointer -= buffer.count + 1
                    buffer = []
                    state = .host
                } else if let c {
                    buffer.append(c)
                }
            case .host:
                if c == ":", !insideBrackets {
                    guard !buffer.isEmpty else { throw URLParseError("missing host before ':'", at: pointer) }
                    url.host = try parseHost(buffer)
                    buffer = []
                    state = .port
                } else if c == nil || c == "/" || c == "?" || c == "#" || (url.isSpecial && c == "\\") {
                    pointer -= 1
                    if url.isSpecial, buffer.isEmpty {
                        throw URLParseError("missing host (a '\(url.scheme):' URL needs one)", at: pointer + 1)
                    }
                    url.host = try parseHost(buffer)
                    buffer = []
                    state = .pathStart
                } else if let c {
                    if c == "[" { insideBrackets = true }
                    if c == "]" { insideBrackets = false }
                    buffer.append(c)
                }
            case .port:
                if let c, c.isASCIIDigit {
                    buffer.append(c)
                } else if c == nil || c == "/" || c == "?" || c == "#" || (url.isSpecial && c == "\\") {
                    if !buffer.isEmpty {
                        guard buffer.count <= 10, let port = Int(String(String.UnicodeScalarView(buffer))), port <= 65535 else {
                            throw URLParseError("port out of range (0 to 65535)", at: pointer - buffer.count)
                        }
                        url.port = URLRecord.defaultPort(forSpecialScheme: url.scheme) == .some(port) ? nil : port
                        buffer = []
                    }
                    state = .pathStart
                    pointer -= 1
                } else {
                    throw URLParseError("invalid port (only digits may follow ':' after the host)", at: pointer)
                }
            case .file:
                url.scheme = "file"
                url.host = .empty
                if c == "/" || c == "\\" {
                    state = .fileSlash
                } else if let base, base.scheme == "file" {
                    url.host = base.host
                    url.path = base.path
                    url.query = base.query
                    if c == "?" {
                        url.query = ""
                        state = .query
                    } else if c == "#" {
                        url.fragment = ""
                        state = .fragment
                    } else if c != nil {
                        url.query = nil
                        if !startsWithWindowsDriveLetter(pointer) {
                            shortenPath()
                        } else {
                            url.path = .segments([])
                        }
                        state = .path
                        pointer -= 1
                    }
                } else {
                    state = .path
                    pointer -= 1
                }
            case .fileSlash:
                if c == "/" || c == "\\" {
                    state = .fileHost
                } else {
                    if let base, base.scheme == "file" {
                        url.host = base.host
                        if !startsWithWindowsDriveLetter(pointer), case .segments(let baseSegments) = base.path,
                            let first = baseSegments.first, isNormalizedWindowsDriveLetter(first)
                        {
                            appendSegment(first)
                        }
                    }
                    state = .path
                    pointer -= 1
                }
            case .fileHost:
                if c == nil || c == "/" || c == "\\" || c == "?" || c == "#" {
                    pointer -= 1
                    if isWindowsDriveLetter(buffer) {
                        state = .path
                    } else if buffer.isEmpty {
                        url.host = .empty
                        state = .pathStart
                    } else {
                        var host = try parseHost(buffer)
                        if host == .domain("localhost") { host = .empty }
                        url.host = host
                        buffer = []
                        state = .pathStart
                    }
                } else if let c {
                    buffer.append(c)
                }
            case .pathStart:
                if url.isSpecial {
                    state = .path
                    if c != "/", c != "\\" { pointer -= 1 }
                } else if c == "?" {
                    url.query = ""
                    state = .query
                } else if c == "#" {
                    url.fragment = ""
                    state = .fragment
                } else if c != nil {
                    state = .path
                    if c != "/" { pointer -= 1 }
                }
            case .path:
                let slash = c == "/" || (url.isSpecial && c == "\\")
                if c == nil || slash || c == "?" || c == "#" {
                    if isDoubleDotSegment(buffer) {
                        shortenPath()
                        if !slash { appendSegment("") }
                    } else if isSingleDotSegment(buffer) {
                        if !slash { appendSegment("") }
                    } else {
                        if url.scheme == "file", pathIsEmpty(), isWindowsDriveLetter(buffer) {
                            buffer[1] = ":"
                        }
                        appendSegment(percentEncode(buffer, .path))
                    }
                    buffer = []
                    if c == "?" {
                        url.query = ""
                        state = .query
                    } else if c == "#" {
                        url.fragment = ""
                        state = .fragment
                    }
                } else if let c {
                    buffer.append(c)
                }
            case .opaquePath:
                guard case .opaque(var opaque) = url.path else { break }
                if c == "?" {
                    url.query = ""
                    state = .query
                } else if c == "#" {
                    url.fragment = ""
                    state = .fragment
                } else if c == " " {
                    let next: Unicode.Scalar? = pointer + 1 < input.count ? input[pointer + 1] : nil
                    opaque += (next == "?" || next == "#") ? "%20" : " "
                    url.path = .opaque(opaque)
                } else if let c {
                    percentEncode(c, .c0Control, into: &opaque)
                    url.path = .opaque(opaque)
                }
            case .query:
                if c == "#" || c == nil {
                    let set: PercentEncodeSet = url.isSpecial ? .specialQuery : .query
                    var query = url.query ?? ""
                    for scalar in queryBuffer { percentEncode(scalar, set, into: &query) }
                    url.query = query
                    queryBuffer = []
                    if c == "#" {
                        url.fragment = ""
                        state = .fragment
                    }
                } else if let c {
                    queryBuffer.append(c)
                }
            case .fragment:
                if let c {
                    var fragment = url.fragment ?? ""
                    percentEncode(c, .fragment, into: &fragment)
                    url.fragment = fragment
                }
            }
            if pointer >= input.count { break }
            pointer += 1
        }
        return url
    }

    static func describe(_ error: HostParseError, host: [Unicode.Scalar]) -> String {
        let text = String(String.UnicodeScalarView(host))
        switch error {
        case .empty: return "empty host"
        case .invalidIPv4: return "invalid IPv4 address '\(text)'"
        case .invalidIPv6: return "invalid IPv6 address '\(text)'"
        case .forbiddenCodePoint(let scalar):
            return "host '\(text)' contains the forbidden code point U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
    }

    static func isWindowsDriveLetter(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.count == 2 && scalars[0].isASCIIAlpha && (scalars[1] == ":" || scalars[1] == "|")
    }

    static func isNormalizedWindowsDriveLetter(_ segment: String) -> Bool {
        let scalars = Array(segment.unicodeScalars)
        return scalars.count == 2 && scalars[0].isASCIIAlpha && scalars[1] == ":"
    }

    static func isSingleDotSegment(_ buffer: [Unicode.Scalar]) -> Bool {
        let text = String(String.UnicodeScalarView(buffer)).asciiLowercased
        return text == "." || text == "%2e"
    }

    static func isDoubleDotSegment(_ buffer: [Unicode.Scalar]) -> Bool {
        let text = String(String.UnicodeScalarView(buffer)).asciiLowercased
        return text == ".." || text == ".%2e" || text == "%2e." || text == "%2e%2e"
    }
}
