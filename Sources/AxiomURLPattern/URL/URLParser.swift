/// The basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser) without
/// state overrides; the canonicalisers URLPattern needs are in `Canonicalization.swift`.
///
/// It runs over UTF-8 bytes: every delimiter the standard looks for is ASCII, and
/// percent-encoding a code point is percent-encoding each of its UTF-8 bytes, so the result
/// is the standard's while no `String` is built until a component is complete.
package enum URLParser {
    enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative
        case relativeSlash, specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host
        case port, file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
    }

    package static let slash = UInt8(ascii: "/")
    package static let backslash = UInt8(ascii: "\\")
    package static let question = UInt8(ascii: "?")
    package static let hash = UInt8(ascii: "#")
    package static let colon = UInt8(ascii: ":")

    package static func parse(_ string: String, base: URLRecord?) throws(URLParseError) -> URLRecord {
        if let record = string.utf8.withContiguousStorageIfAvailable(fastParse), let record {
            return record
        }
        return try parseFully(string, base: base)
    }

    /// The full state machine, for every input.
    package static func parseFully(_ string: String, base: URLRecord?) throws(URLParseError) -> URLRecord {
        var bytes = Array(string.utf8)
        // Strip leading and trailing C0 controls and spaces, then every tab and newline.
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        let leading = bytes.prefix { $0 <= 0x20 }.count
        if leading > 0 { bytes.removeFirst(leading) }
        if bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        var parser = Parser(input: bytes, base: base)
        return try parser.run()
    }

    struct Parser {
        let input: [UInt8]
        let base: URLRecord?
        var url = URLRecord()
        /// Whether `url.scheme` is special, kept in step with every assignment to it.
        var special = false
        var state = State.schemeStart
        var buffer: [UInt8] = []
        var atSignSeen = false
        var insideBrackets = false
        var passwordTokenSeen = false
        var pointer = 0
        /// The hierarchical path, serialised: each segment preceded by "/".
        var path: [UInt8] = []
        var segmentCount = 0
        var opaquePath: [UInt8]? = nil
        var query: [UInt8]? = nil
        var fragment: [UInt8]? = nil

        init(input: [UInt8], base: URLRecord?) {
            self.input = input
            self.base = base
            buffer.reserveCapacity(min(input.count, 256))
            path.reserveCapacity(min(input.count + 8, 512))
        }

        mutating func run() throws(URLParseError) -> URLRecord {
            // A local copy: reads in the loop do not go through `self`.
            let input = self.input
            while true {
                let c: UInt8? = pointer < input.count ? input[pointer] : nil
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
                    if let c, c.isASCIIAlphanumeric || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") {
                        buffer.append(c.asciiLowercased)
                    } else if c == colon {
                        url.scheme = String(decoding: buffer, as: UTF8.self)
                        special = URLRecord.isSpecialScheme(url.scheme)
                        buffer.removeAll(keepingCapacity: true)
                        if url.scheme == "file" {
                            state = .file
                        } else if special, let base, base.scheme == url.scheme {
                            state = .specialRelativeOrAuthority
                        } else if special {
                            state = .specialAuthoritySlashes
                        } else if next(is: slash) {
                            state = .pathOrAuthority
                            pointer += 1
                        } else {
                            opaquePath = []
                            state = .opaquePath
                        }
                    } else {
                        buffer.removeAll(keepingCapacity: true)
                        state = .noScheme
                        pointer = -1
                    }
                case .noScheme:
                    guard let base else {
                        throw fail("missing scheme (expected e.g. 'myapp://' or 'https://')", at: 0)
                    }
                    if base.hasOpaquePath {
                        guard c == hash else { throw fail("relative URL against a base URL that cannot be a base", at: 0) }
                        url.scheme = base.scheme
                        special = base.isSpecial
                        adopt(base, path: true)
                        url.host = base.host
                        fragment = []
                        state = .fragment
                    } else {
                        state = base.scheme == "file" ? .file : .relative
                        pointer -= 1
                    }
                case .specialRelativeOrAuthority:
                    if c == slash, next(is: slash) {
                        state = .specialAuthorityIgnoreSlashes
                        pointer += 1
                    } else {
                        state = .relative
                        pointer -= 1
                    }
                case .pathOrAuthority:
                    if c == slash {
                        state = .authority
                    } else {
                        state = .path
                        pointer -= 1
                    }
                case .relative:
                    guard let base else { throw fail("missing scheme", at: 0) }
                    url.scheme = base.scheme
                    special = base.isSpecial
                    if c == slash || (special && c == backslash) {
                        state = .relativeSlash
                    } else {
                        adopt(base, path: true)
                        if !beginQueryOrFragment(c), c != nil {
                            query = nil
                            shortenPath()
                            state = .path
                            pointer -= 1
                        }
                    }
                case .relativeSlash:
                    if special, c == slash || c == backslash {
                        state = .specialAuthorityIgnoreSlashes
                    } else if c == slash {
                        state = .authority
                    } else {
                        if let base { adopt(base, path: false) }
                        state = .path
                        pointer -= 1
                    }
                case .specialAuthoritySlashes:
                    if c == slash, next(is: slash) {
                        pointer += 1
                    } else {
                        pointer -= 1
                    }
                    state = .specialAuthorityIgnoreSlashes
                case .specialAuthorityIgnoreSlashes:
                    if c != slash, c != backslash {
                        state = .authority
                        pointer -= 1
                    }
                case .authority:
                    if c == UInt8(ascii: "@") {
                        if atSignSeen { buffer.insert(contentsOf: [0x25, 0x34, 0x30], at: 0) }
                        atSignSeen = true
                        var username = Array(url.username.utf8)
                        var password = Array(url.password.utf8)
                        for byte in buffer {
                            if byte == colon, !passwordTokenSeen {
                                passwordTokenSeen = true
                                continue
                            }
                            if passwordTokenSeen {
                                percentEncode(byte: byte, .userinfo, into: &password)
                            } else {
                                percentEncode(byte: byte, .userinfo, into: &username)
                            }
                        }
                        url.username = String(decoding: username, as: UTF8.self)
                        url.password = String(decoding: password, as: UTF8.self)
                        buffer.removeAll(keepingCapacity: true)
                    } else if c == nil || c == slash || c == question || c == hash || (special && c == backslash) {
                        if atSignSeen, buffer.isEmpty { throw fail("credentials without a host", at: pointer) }
                        pointer -= buffer.count + 1
                        buffer.removeAll(keepingCapacity: true)
                        state = .host
                    } else if let c {
                        buffer.append(c)
                    }
                case .host:
                    if c == colon, !insideBrackets {
                        guard !buffer.isEmpty else { throw fail("missing host before ':'", at: pointer) }
                        url.host = try parseHost(buffer[...])
                        buffer.removeAll(keepingCapacity: true)
                        state = .port
                    } else if c == nil || c == slash || c == question || c == hash || (special && c == backslash) {
                        if special, buffer.isEmpty {
                            throw fail("missing host (a '\(url.scheme):' URL needs one)", at: pointer)
                        }
                        url.host = try parseHost(buffer[...])
                        pointer -= 1
                        buffer.removeAll(keepingCapacity: true)
                        state = .pathStart
                    } else if let c {
                        if c == UInt8(ascii: "[") { insideBrackets = true }
                        if c == UInt8(ascii: "]") { insideBrackets = false }
                        buffer.append(c)
                    }
                case .port:
                    if let c, c.isASCIIDigit {
                        buffer.append(c)
                    } else if c == nil || c == slash || c == question || c == hash || (special && c == backslash) {
                        if !buffer.isEmpty {
                            let digits = buffer.drop { $0 == 0x30 }
                            guard digits.count <= 5, let port = Int(String(decoding: digits.isEmpty ? [0x30] : digits, as: UTF8.self)),
                                port <= 65535
                            else {
                                throw fail("port out of range (0 to 65535)", at: pointer - buffer.count)
                            }
                            url.port = URLRecord.defaultPort(forSpecialScheme: url.scheme) == .some(port) ? nil : port
                            buffer.removeAll(keepingCapacity: true)
                        }
                        state = .pathStart
                        pointer -= 1
                    } else {
                        throw fail("invalid port (only digits may follow ':' after the host)", at: pointer)
                    }
                case .file:
                    url.scheme = "file"
                    special = true
                    url.host = .empty
                    if c == slash || c == backslash {
                        state = .fileSlash
                    } else if let base, base.scheme == "file" {
                        url.host = base.host
                        adoptPath(of: base)
                        query = base.query.map { Array($0.utf8) }
                        if !beginQueryOrFragment(c), c != nil {
                            query = nil
                            if !startsWithWindowsDriveLetter(pointer) {
                                shortenPath()
                            } else {
                                path = []
                                segmentCount = 0
                            }
                            state = .path
                            pointer -= 1
                        }
                    } else {
                        state = .path
                        pointer -= 1
                    }
                case .fileSlash:
                    if c == slash || c == backslash {
                        state = .fileHost
                    } else {
                        if let base, base.scheme == "file" {
                            url.host = base.host
                            if !startsWithWindowsDriveLetter(pointer), case .hierarchical(let basePath) = base.path {
                                let baseBytes = Array(basePath.utf8).dropFirst()
                                let first = baseBytes[..<(baseBytes.firstIndex(of: URLParser.slash) ?? baseBytes.endIndex)]
                                if !basePath.isEmpty, URLParser.isNormalizedWindowsDriveLetter(first) {
                                    path.append(URLParser.slash)
                                    path.append(contentsOf: first)
                                    segmentCount += 1
                                }
                            }
                        }
                        state = .path
                        pointer -= 1
                    }
                case .fileHost:
                    if c == nil || c == slash || c == backslash || c == question || c == hash {
                        pointer -= 1
                        if URLParser.isWindowsDriveLetter(buffer) {
                            state = .path
                        } else if buffer.isEmpty {
                            url.host = .empty
                            state = .pathStart
                        } else {
                            var host = try parseHost(buffer[...])
                            if host == .domain("localhost") { host = .empty }
                            url.host = host
                            buffer.removeAll(keepingCapacity: true)
                            state = .pathStart
                        }
                    } else if let c {
                        buffer.append(c)
                    }
                case .pathStart:
                    if special {
                        state = .path
                        if c != slash, c != backslash { pointer -= 1 }
                    } else if !beginQueryOrFragment(c), c != nil {
                        state = .path
                        if c != slash { pointer -= 1 }
                    }
                case .path:
                    let isSlash = c == slash || (special && c == backslash)
                    if c == nil || isSlash || c == question || c == hash {
                        if URLParser.isDoubleDotSegment(buffer) {
                            shortenPath()
                            if !isSlash { appendEmptySegment() }
                        } else if URLParser.isSingleDotSegment(buffer) {
                            if !isSlash { appendEmptySegment() }
                        } else {
                            if url.scheme == "file", segmentCount == 0, URLParser.isWindowsDriveLetter(buffer) {
                                buffer[1] = colon
                            }
                            path.append(URLParser.slash)
                            for byte in buffer { percentEncode(byte: byte, .path, into: &path) }
                            segmentCount += 1
                        }
                        buffer.removeAll(keepingCapacity: true)
                        _ = beginQueryOrFragment(c)
                    } else if let c {
                        buffer.append(c)
                    }
                case .opaquePath:
                    guard !beginQueryOrFragment(c) else { break }
                    if c == 0x20 {
                        if next(is: question) || next(is: hash) {
                            opaquePath?.append(contentsOf: [0x25, 0x32, 0x30])
                        } else {
                            opaquePath?.append(0x20)
                        }
                    } else if let c {
                        var path = opaquePath ?? []
                        percentEncode(byte: c, .c0Control, into: &path)
                        opaquePath = path
                    }
                case .query:
                    if c == hash || c == nil {
                        let set: PercentEncodeSet = special ? .specialQuery : .query
                        var encoded = query ?? []
                        for byte in buffer { percentEncode(byte: byte, set, into: &encoded) }
                        query = encoded
                        buffer.removeAll(keepingCapacity: true)
                        if c == hash {
                            fragment = []
                            state = .fragment
                        }
                    } else if let c {
                        buffer.append(c)
                    }
                case .fragment:
                    if let c {
                        var encoded = fragment ?? []
                        percentEncode(byte: c, .fragment, into: &encoded)
                        fragment = encoded
                    }
                }
                if pointer >= input.count { break }
                pointer += 1
            }
            if let opaquePath {
                url.path = .opaque(String(decoding: opaquePath, as: UTF8.self))
            } else {
                url.path = .hierarchical(String(decoding: path, as: UTF8.self))
            }
            url.query = query.map { String(decoding: $0, as: UTF8.self) }
            url.fragment = fragment.map { String(decoding: $0, as: UTF8.self) }
            return url
        }
    }
}
