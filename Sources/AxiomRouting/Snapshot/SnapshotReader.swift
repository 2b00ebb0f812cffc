@_spi(Lookup) import AxiomURLPattern

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads ``SnapshotWriter``'s form, every read bounds-checked: a count is never more than the
/// bytes left could hold, an index never past what it indexes, nesting never deeper than a
/// table can write.
struct SnapshotReader {
    private let bytes: [UInt8]
    private var offset: Int
    private let limit: Int
    private var table: [String] = []
    /// How deep a type or value nests (`[[int]]`); a table writes a few levels at most.
    private var depth = 0
    private static let maxDepth = 16

    init(_ bytes: [UInt8]) throws(RouterSnapshotError) {
        guard bytes.count >= SnapshotWriter.magic.count, Array(bytes.prefix(SnapshotWriter.magic.count)) == SnapshotWriter.magic else {
            throw RouterSnapshotError(code: .notASnapshot, message: "it does not start as a route-table snapshot does")
        }
        self.bytes = bytes
        offset = SnapshotWriter.magic.count
        guard bytes.count >= offset + 8 else { throw RouterSnapshotError(code: .damaged, message: "it is cut short (\(bytes.count) bytes)") }
        limit = bytes.count - 8
        var version = offset
        let written = try Self.varint(bytes, at: &version, end: limit)
        guard written == UInt64(RouterSnapshot.formatVersion) else {
            throw RouterSnapshotError(
                code: .unsupportedVersion,
                message: "written in format \(written); this version of AxiomRouting reads format \(RouterSnapshot.formatVersion)")
        }
        var stored: UInt64 = 0
        for (shift, byte) in bytes[limit...].enumerated() { stored |= UInt64(byte) << UInt64(8 * shift) }
        guard stored == Self.fnv1a(bytes[..<limit]) else {
            throw RouterSnapshotError(code: .damaged, message: "its checksum does not match its contents (\(bytes.count) bytes)")
        }
        offset = version
        let count = try count()
        table.reserveCapacity(count)
        for _ in 0..<count {
            let length = try self.count()
            table.append(String(decoding: bytes[offset..<offset + length], as: UTF8.self))
            offset += length
        }
    }

    static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    private static func varint(_ bytes: [UInt8], at offset: inout Int, end: Int) throws(RouterSnapshotError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else { throw RouterSnapshotError(code: .damaged, message: "it ends in the middle of a number (byte \(offset))") }
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { throw RouterSnapshotError(code: .invalid, message: "a number longer than 64 bits at byte \(offset)") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    private func invalid(_ message: String) -> RouterSnapshotError {
        RouterSnapshotError(code: .invalid, message: message + " (byte \(offset))")
    }

    /// A count of things, each at least a byte: no more than the bytes left.
    private mutating func count() throws(RouterSnapshotError) -> Int {
        let value = try Self.varint(bytes, at: &offset, end: limit)
        guard value <= UInt64(limit - offset) else { throw invalid("a count of \(value) with \(limit - offset) bytes left") }
        return Int(value)
    }

    mutating func int() throws(RouterSnapshotError) -> Int {
        let raw = try Self.varint(bytes, at: &offset, end: limit)
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    mutating func int(in range: ClosedRange<Int>) throws(RouterSnapshotError) -> Int {
        let value = try int()
        guard range.contains(value) else { throw invalid("\(value) where \(range.lowerBound) to \(range.upperBound) was expected") }
        return value
    }

    mutating func bool() throws(RouterSnapshotError) -> Bool {
        guard offset < limit else { throw RouterSnapshotError(code: .damaged, message: "it ends in the middle of the table") }
        let byte = bytes[offset]
        offset += 1
        guard byte <= 1 else { throw invalid("\(byte) where a flag was expected") }
        return byte == 1
    }

    mutating func string() throws(RouterSnapshotError) -> String {
        let index = try Self.varint(bytes, at: &offset, end: limit)
        guard index < UInt64(table.count) else { throw invalid("string \(index) of \(table.count)") }
        return table[Int(index)]
    }

    mutating func optionalString() throws(RouterSnapshotError) -> String? { try bool() ? try string() : nil }

    mutating func array<Element>(_ element: (inout SnapshotReader) throws(RouterSnapshotError) -> Element) throws(RouterSnapshotError) -> [Element] {
        let count = try count()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try element(&self)) }
        return elements
    }

    mutating func strings() throws(RouterSnapshotError) -> [String] {
        try array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.string() }
    }

    mutating func end() throws(RouterSnapshotError) {
        guard offset == limit else { throw invalid("\(limit - offset) bytes after the table") }
    }

    mutating func origin() throws(RouterSnapshotError) -> Origin {
        let scheme = try string()
        let hosts: Origin.Hosts
        switch try int(in: 0...4) {
        case 0: hosts = .appScheme
        case 1: hosts = .exact(try string())
        case 2: hosts = .subdomains(of: try string())
        case 3: hosts = .any
        default: hosts = .everyOtherScheme
        }
        let port = try int(in: -1...65_535)
        return Origin(scheme: scheme, hosts: hosts, port: port < 0 ? nil : port)
    }

    mutating func style() throws(RouterSnapshotError) -> ModalStyle {
        let name = try string()
        guard let style = ModalStyle(rawValue: name) else { throw invalid("'\(name)' is not a modal style") }
        return style
    }

    mutating func container() throws(RouterSnapshotError) -> RouteContainer {
        let name = try string()
        let style = try style()
        let tabs = try strings()
        let keys = try strings()
        let values = try strings()
        guard keys.count == values.count, Set(keys).count == keys.count else { throw invalid("the tab roots of container '\(name)'") }
        return RouteContainer(name: name, style: style, tabs: tabs, tabRoots: Dictionary(uniqueKeysWithValues: zip(keys, values)))
    }

    mutating func route() throws(RouterSnapshotError) -> Route {
        let name = try string()
        let pattern = try string()
        let parameters = try array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in
            Route.Parameter(
                name: try reader.string(), type: try reader.type(), isOptional: try reader.bool(), emptyIsAbsent: try reader.bool(),
                runsToEnd: try reader.bool())
        }
        let query = try array { (reader: inout SnapshotReader) throws(RouterSnapshotError) -> Route.QueryParameter in
            let name = try reader.string()
            let type = try reader.type()
            let defaultValue = try reader.bool() ? try reader.value() : nil
            let (required, lenient, ignoresCase, absent, toEnd) = (
                try reader.bool(), try reader.bool(), try reader.bool(), try reader.bool(), try reader.bool()
            )
            let (pattern, aliases, ignoresNameCase, bare) = (try reader.optionalString(), try reader.strings(), try reader.bool(), try reader.bool())
            let nullable = try reader.bool()
            let shape =
                try reader.bool()
                ? Route.QueryShape(
                    item: try reader.string(), pattern: try reader.string(), isRequired: try reader.bool(), ignoresCase: try reader.bool(),
                    expression: try reader.string())
                : nil
            return Route.QueryParameter(
                name: name, type: type, defaultValue: defaultValue, isRequired: required, isLenient: lenient, ignoresCase: ignoresCase,
                mustBeAbsent: absent, pattern: pattern, runsToEnd: toEnd, aliases: aliases, ignoresNameCase: ignoresNameCase,
                takesBareItem: bare, shape: shape, isNullable: nullable)
        }
        let closedQuery = try bool()
        let requiresAuthentication = try bool()
        let analyticsName = try string()
        let transition = try self.transition()
        var metadata = Route.Metadata(
            requiresAuthentication: requiresAuthentication, analyticsName: analyticsName, transition: transition, parent: try optionalString(),
            tab: try optionalString(), container: try optionalString(), allowedSources: try bool() ? Set(try strings()) : nil, loaders: try strings())
        if try bool() { metadata.result = try type() }
        if try bool() {
            metadata.linkTransition = try self.transition()
            metadata.linkAlone = try bool()
        }
        if try bool() {
            let values = try array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in (try reader.string(), try reader.value()) }
            guard Set(values.map(\.0)).count == values.count else { throw invalid("the start values of route '\(name)'") }
            metadata.start = RouteParameters(names: values.map(\.0), values: values.map(\.1))
        }
        let location = SourceLocation(
            file: try string(), line: try int(in: 0...Int(Int32.max)), column: try int(in: 0...Int(Int32.max)),
            length: try int(in: 0...Int(Int32.max)))
        let rank = try int(in: 0...Int(Int32.max))
        let kind: Route.Kind
        var fixed = RouteParameters()
        switch try int(in: 0...2) {
        case 0: kind = .route
        case 1: kind = .alias
        default:
            kind = .redirect(target: try string())
            let values = try array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in (try reader.string(), try reader.value()) }
            guard Set(values.map(\.0)).count == values.count else { throw invalid("the values redirect '\(name)' sets") }
            fixed = RouteParameters(names: values.map(\.0), values: values.map(\.1))
        }
        var host: Route.HostPattern? = nil
        if try bool() {
            host = Route.HostPattern(
                scheme: try string(), hostname: try string(), port: try string(), parameterCount: try int(in: 0...parameters.count))
        }
        var fragment: Route.FragmentPattern? = nil
        if try bool() {
            fragment = Route.FragmentPattern(
                pattern: try string(), parameterCount: try int(in: 0...(parameters.count - (host?.parameterCount ?? 0))))
        }
        let refusesFragment = try bool()
        let trailingSlash: Bool? =
            switch try int(in: 0...2) {
            case 0: nil
            case 1: false
            default: true
            }
        let scheme =
            try bool() ? Route.SchemeScope(scheme: try string(), spelling: try spelling(), writtenScheme: try string()) : nil
        return Route(
            name: name, pattern: pattern, parameters: parameters, query: query, metadata: metadata, location: location, rank: rank, kind: kind,
            host: host, fixed: fixed, closedQuery: closedQuery, fragment: fragment,
            rules: Route.URLRules(refusesFragment: refusesFragment, trailingSlash: trailingSlash), scheme: scheme)
    }

    mutating func spelling() throws(RouterSnapshotError) -> Route.SchemeScope.Spelling {
        Route.SchemeScope.Spelling.allCases[try int(in: 0...(Route.SchemeScope.Spelling.allCases.count - 1))]
    }

    /// A transition as the writer writes it.
    mutating func transition() throws(RouterSnapshotError) -> Transition {
        switch try int(in: 0...3) {
        case 0: return .push
        case 1: return .replace
        case 2: return .modal(try style())
        default: return .tab(try string())
        }
    }

    mutating func type() throws(RouterSnapshotError) -> ParameterType {
        switch try int(in: 0...9) {
        case 0: return .string
        case 1: return .int
        case 2: return .double
        case 3: return .bool
        case 4: return .uuid
        case 5: return .path
        case 6: return .enumeration(try strings())
        case 7: return .url(try strings())
        case 8: return .rest
        default:
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { throw invalid("a type nested \(depth) deep") }
            return .list(try type())
        }
    }

    mutating func value() throws(RouterSnapshotError) -> RouteValue {
        switch try int(in: 0...7) {
        case 0: return .string(try string())
        case 1: return .int(try int())
        case 2: return .double(Double(bitPattern: try Self.varint(bytes, at: &offset, end: limit)))
        case 3: return .bool(try bool())
        case 4:
            let text = try string()
            guard let uuid = UUID(uuidString: text) else { throw invalid("'\(text)' is not a UUID") }
            return .uuid(uuid)
        case 5: return .path(try strings())
        case 6:
            let keys = try strings()
            let values = try strings()
            guard keys.count == values.count, Set(keys).count == keys.count else { throw invalid("a value's fields") }
            return .fields(Dictionary(uniqueKeysWithValues: zip(keys, values)))
        default:
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { throw invalid("a value nested \(depth) deep") }
            return .list(try array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.value() })
        }
    }
}
