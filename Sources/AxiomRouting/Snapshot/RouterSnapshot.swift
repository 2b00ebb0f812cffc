@_spi(Lookup) import AxiomURLPattern

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A compiled, checked route table as text: what a build writes so that an app's launch loads
/// its router without parsing, checking or ranking the table again, and compiles each first
/// segment's expressions at the first URL that needs them.
///
/// The GenerateRoutes plugin writes one into the generated type (`routeSnapshot`), and
/// `makeRouter()` loads it; the table's diagnostics fire when the plugin compiles it, at build
/// time. By hand:
///
/// ```swift
/// let text = RouterSnapshot.encode(try Router(sources: sources))   // at build time
/// let router = try Router(snapshot: text)                           // at launch
/// ```
///
/// The text is base64 over a versioned binary form with a checksum: a snapshot that is cut
/// short, altered or written by another version of the format is refused with a
/// ``RouterSnapshotError`` that says which, never loaded half-way. It holds the table's routes,
/// options and lookup tables and the source of its expressions, not PCRE2's compiled code, so
/// it does not depend on the PCRE2 it is loaded with (Docs/Performance.md, "A table ready at
/// launch").
public enum RouterSnapshot {
    /// The version of the binary form written, and the only one read (2: a redirect's
    /// `set NAME = VALUE` values after its target; 5: a route's `start` values after its loaders;
    /// 6: the attribution parameters after the options).
    public static let formatVersion = 6

    /// The snapshot of `router`.
    public static func encode(_ router: Router) -> String {
        var writer = SnapshotWriter()
        writer.write(router)
        return Base64.encode(writer.finished())
    }
}

/// Why a snapshot could not be loaded, with a stable ``code``.
public struct RouterSnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

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

extension Router {
    /// Loads a router from ``RouterSnapshot/encode(_:)``'s text, as the build made it: nothing
    /// is parsed or checked again, and each combined expression is compiled at its first use.
    /// `limits` are the matcher's limits, as ``Router/init(sources:resolver:limits:)`` takes them.
    public convenience init(snapshot: String, limits: MatchLimits = MatchLimits()) throws(RouterSnapshotError) {
        // A signed snapshot's table, its signature not checked here (``init(snapshot:limits:verifier:)`` does).
        guard let bytes = Base64.decode(String(RouterSnapshot.split(snapshot).payload)) else {
            throw RouterSnapshotError(code: .notASnapshot, message: "the text is not base64")
        }
        var reader = try SnapshotReader(bytes)
        try self.init(reading: &reader, limits: limits)
    }

    private convenience init(reading reader: inout SnapshotReader, limits: MatchLimits) throws(RouterSnapshotError) {
        let options = Options(
            pathCaseSensitive: try reader.bool(), ignoresTrailingSlash: try reader.bool(), limits: limits,
            queryPlusIsSpace: try reader.bool(), appSchemeHostRequired: try reader.bool(), collapsesEmptySegments: try reader.bool(),
            appSchemeSpelling: try reader.spelling(),
            attribution: AttributionParameters(names: Set(try reader.strings()), prefixes: try reader.strings()))
        let origins = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.origin() }
        let tabs = try reader.strings()
        let containers = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.container() }
        let loginRoute = try reader.optionalString()
        let entries = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.route() }
        for (index, entry) in entries.enumerated() where entry.rank != index {
            throw RouterSnapshotError(code: .invalid, message: "entry \(index) ('\(entry.name)') says its rank is \(entry.rank)")
        }
        let firstLiterals = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.optionalString() }
        let segmentMasks = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.int(in: 0...0x7FFF_FFFF) }
        guard firstLiterals.count == entries.count, segmentMasks.count == entries.count else {
            throw RouterSnapshotError(
                code: .invalid, message: "\(entries.count) entries but \(firstLiterals.count) first segments and \(segmentMasks.count) layouts")
        }
        let caseless = !options.pathCaseSensitive
        let chunks = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in
            RouterChunk(source: try reader.string(), caseless: caseless)
        }
        let chunkRange = 0...chunks.count
        let dispatch = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) -> (key: String, chunks: Range<Int>) in
            let key = try reader.string()
            let lower = try reader.int(in: chunkRange)
            return (key, lower..<(try reader.int(in: lower...chunks.count)))
        }
        let rankRange = 0...max(0, entries.count - 1)
        let literalRanks = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in try reader.int(in: rankRange) }
        let otherLower = try reader.int(in: chunkRange)
        let otherChunks = otherLower..<(try reader.int(in: otherLower...chunks.count))
        let ranksByName = try reader.array { (reader: inout SnapshotReader) throws(RouterSnapshotError) in Int32(try reader.int(in: rankRange)) }
        let captures = try reader.int(in: 0...65_535)
        try reader.end()
        guard entries.isEmpty ? literalRanks.isEmpty && ranksByName.isEmpty : true else {
            throw RouterSnapshotError(code: .invalid, message: "ranks of routes in a table of none")
        }
        guard captures >= entries.map(\.parameters.count).max() ?? 0 else {
            throw RouterSnapshotError(code: .invalid, message: "match data of \(captures) groups for routes of more parameters")
        }
        let tables = Tables(
            firstLiterals: firstLiterals,
            layouts: entries.indices.map { index in
                RouteLayout(
                    segmentMask: UInt32(segmentMasks[index]), parameters: Array(entries[index].pathParameters), hasQuery: entries[index].readsQuery,
                    plain: entries[index].isPlainMatch)
            },
            chunks: chunks,
            dispatch: SegmentDispatch(dispatch, caseless: caseless),
            literalIndex: LiteralIndex(literalRanks.map { ($0, entries[$0].pattern) }),
            otherChunks: otherChunks,
            ranksByName: ranksByName,
            captures: captures)
        // The routes read one by one, then copied into one table (``Route/Table/compacting(_:)``).
        self.init(
            entries: Route.Table.compacting(entries), origins: origins, tabs: tabs, containers: containers, loginRoute: loginRoute,
            options: options, tables: tables)
    }
}

// MARK: - Writing

/// The binary form: "AXRS", the format version, a table of every distinct string, the router,
/// and an FNV-1a checksum of all before it. Numbers are LEB128 varints (zigzag for signed ones).
struct SnapshotWriter {
    private var body: [UInt8] = []
    private var strings: [String] = []
    private var stringIndex: [String: Int] = [:]

    static let magic: [UInt8] = Array("AXRS".utf8)

    func finished() -> [UInt8] {
        var out = Self.magic
        Self.varint(UInt64(RouterSnapshot.formatVersion), into: &out)
        Self.varint(UInt64(strings.count), into: &out)
        for string in strings {
            Self.varint(UInt64(string.utf8.count), into: &out)
            out += string.utf8
        }
        out += body
        let checksum = SnapshotReader.fnv1a(out[...])
        for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: checksum >> UInt64(shift))) }
        return out
    }

    static func varint(_ value: UInt64, into out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    mutating func int(_ value: Int) { Self.varint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))), into: &body) }
    mutating func bool(_ value: Bool) { body.append(value ? 1 : 0) }
    /// A count, unsigned (the reader checks it against the bytes left).
    mutating func count(_ value: Int) { Self.varint(UInt64(value), into: &body) }

    mutating func string(_ value: String) {
        if let index = stringIndex[value] {
            Self.varint(UInt64(index), into: &body)
        } else {
            stringIndex[value] = strings.count
            Self.varint(UInt64(strings.count), into: &body)
            strings.append(value)
        }
    }

    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    mutating func strings(_ values: [String]) {
        count(values.count)
        for value in values { string(value) }
    }

    mutating func write(_ router: Router) {
        let options = router.options
        for flag in [
            options.pathCaseSensitive, options.ignoresTrailingSlash, options.queryPlusIsSpace, options.appSchemeHostRequired,
            options.collapsesEmptySegments,
        ] {
            bool(flag)
        }
        spelling(options.appSchemeSpelling)
        strings(options.attribution.names.sorted())
        strings(options.attribution.prefixes)
        count(router.origins.count)
        for origin in router.origins {
            string(origin.scheme)
            switch origin.hosts {
            case .appScheme: int(0)
            case .exact(let host):
                int(1)
                string(host)
            case .subdomains(let host):
                int(2)
                string(host)
            case .any: int(3)
            case .everyOtherScheme: int(4)
            }
            int(origin.port ?? -1)
        }
        strings(router.tabs)
        count(router.containers.count)
        for container in router.containers {
            string(container.name)
            string(container.style.rawValue)
            strings(container.tabs)
            let roots = container.tabRoots.sorted { $0.key < $1.key }
            strings(roots.map(\.key))
            strings(roots.map(\.value))
        }
        optionalString(router.loginRoute)
        count(router.entries.count)
        for entry in router.entries { route(entry) }
        count(router.firstLiterals.count)
        for literal in router.firstLiterals { optionalString(literal) }
        count(router.layouts.count)
        for layout in router.layouts { int(Int(layout.segmentMask)) }
        count(router.chunks.count)
        for chunk in router.chunks { string(chunk.source) }
        count(router.dispatch.entries.count)
        for entry in router.dispatch.entries {
            string(entry.key)
            int(entry.chunks.lowerBound)
            int(entry.chunks.upperBound)
        }
        count(router.literalIndex.ranks.count)
        for rank in router.literalIndex.ranks { int(Int(rank)) }
        int(router.otherChunks.lowerBound)
        int(router.otherChunks.upperBound)
        count(router.ranksByName.count)
        for rank in router.ranksByName { int(Int(rank)) }
        int(router.captures)
    }

    private mutating func route(_ route: Route) {
        string(route.name)
        string(route.pattern)
        count(route.parameters.count)
        for parameter in route.parameters {
            string(parameter.name)
            type(parameter.type)
            bool(parameter.isOptional)
            bool(parameter.emptyIsAbsent)
            bool(parameter.runsToEnd)
        }
        count(route.query.count)
        for parameter in route.query {
            string(parameter.name)
            type(parameter.type)
            bool(parameter.defaultValue != nil)
            if let value = parameter.defaultValue { self.value(value) }
            for flag in [parameter.isRequired, parameter.isLenient, parameter.ignoresCase, parameter.mustBeAbsent, parameter.runsToEnd] { bool(flag) }
            optionalString(parameter.pattern)
            strings(parameter.aliases)
            bool(parameter.ignoresNameCase)
            bool(parameter.takesBareItem)
            bool(parameter.shape != nil)
            if let shape = parameter.shape {
                string(shape.item)
                string(shape.pattern)
                bool(shape.isRequired)
                bool(shape.ignoresCase)
                string(shape.expression)
            }
        }
        bool(route.closedQuery)
        let metadata = route.metadata
        bool(metadata.requiresAuthentication)
        string(metadata.analyticsName)
        switch metadata.transition {
        case .push: int(0)
        case .replace: int(1)
        case .modal(let style):
            int(2)
            string(style.rawValue)
        case .tab(let tab):
            int(3)
            string(tab)
        }
        optionalString(metadata.parent)
        optionalString(metadata.tab)
        optionalString(metadata.container)
        bool(metadata.allowedSources != nil)
        if let sources = metadata.allowedSources { strings(sources.sorted()) }
        strings(metadata.loaders)
        bool(metadata.start != nil)
        if let start = metadata.start {
            count(start.count)
            for (name, value) in start {
                string(name)
                self.value(value)
            }
        }
        string(route.location.file)
        int(route.location.line)
        int(route.location.column)
        int(route.location.length)
        int(route.rank)
        switch route.kind {
        case .route: int(0)
        case .alias: int(1)
        case .redirect(let target):
            int(2)
            string(target)
            count(route.fixedValues.count)
            for (name, value) in route.fixedValues {
                string(name)
                self.value(value)
            }
        }
        bool(route.host != nil)
        if let host = route.host {
            string(host.scheme)
            string(host.hostname)
            string(host.port)
            int(host.parameterCount)
        }
        bool(route.fragment != nil)
        if let fragment = route.fragment {
            string(fragment.pattern)
            int(fragment.parameterCount)
        }
        bool(route.rules.refusesFragment)
        int(route.rules.trailingSlash.map { $0 ? 2 : 1 } ?? 0)
        bool(route.scheme != nil)
        if let scope = route.scheme {
            string(scope.scheme)
            spelling(scope.spelling)
            string(scope.writtenScheme)
        }
    }

    private mutating func spelling(_ spelling: Route.SchemeScope.Spelling) {
        int(Route.SchemeScope.Spelling.allCases.firstIndex(of: spelling) ?? 0)
    }

    private mutating func type(_ type: ParameterType) {
        switch type {
        case .string: int(0)
        case .int: int(1)
        case .double: int(2)
        case .bool: int(3)
        case .uuid: int(4)
        case .path: int(5)
        case .enumeration(let values):
            int(6)
            strings(values)
        case .url(let schemes):
            int(7)
            strings(schemes)
        case .rest: int(8)
        case .list(let element):
            int(9)
            self.type(element)
        }
    }

    private mutating func value(_ value: RouteValue) {
        switch value {
        case .string(let text):
            int(0)
            string(text)
        case .int(let number):
            int(1)
            int(number)
        case .double(let number):
            int(2)
            Self.varint(number.bitPattern, into: &body)
        case .bool(let flag):
            int(3)
            bool(flag)
        case .uuid(let uuid):
            int(4)
            string(uuid.uuidString)
        case .path(let segments):
            int(5)
            strings(segments)
        case .fields(let fields):
            int(6)
            let sorted = fields.sorted { $0.key < $1.key }
            strings(sorted.map(\.key))
            strings(sorted.map(\.value))
        case .list(let values):
            int(7)
            count(values.count)
            for element in values { self.value(element) }
        }
    }
}

// MARK: - Reading

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
            let shape =
                try reader.bool()
                ? Route.QueryShape(
                    item: try reader.string(), pattern: try reader.string(), isRequired: try reader.bool(), ignoresCase: try reader.bool(),
                    expression: try reader.string())
                : nil
            return Route.QueryParameter(
                name: name, type: type, defaultValue: defaultValue, isRequired: required, isLenient: lenient, ignoresCase: ignoresCase,
                mustBeAbsent: absent, pattern: pattern, runsToEnd: toEnd, aliases: aliases, ignoresNameCase: ignoresNameCase,
                takesBareItem: bare, shape: shape)
        }
        let closedQuery = try bool()
        let requiresAuthentication = try bool()
        let analyticsName = try string()
        let transition: Transition
        switch try int(in: 0...3) {
        case 0: transition = .push
        case 1: transition = .replace
        case 2: transition = .modal(try style())
        default: transition = .tab(try string())
        }
        var metadata = Route.Metadata(
            requiresAuthentication: requiresAuthentication, analyticsName: analyticsName, transition: transition, parent: try optionalString(),
            tab: try optionalString(), container: try optionalString(), allowedSources: try bool() ? Set(try strings()) : nil, loaders: try strings())
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

/// Base64 (RFC 4648, with padding), both ways: the snapshot's text.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = UInt32(bytes[index])
            let b = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let c = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let triple = a << 16 | b << 8 | c
            out.append(alphabet[Int(triple >> 18 & 63)])
            out.append(alphabet[Int(triple >> 12 & 63)])
            out.append(index + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not base64 (whitespace is not skipped).
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { input -> [UInt8]? in
            guard input.count % 4 == 0 else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(input.count / 4 * 3)
            var index = 0
            while index < input.count {
                let last = index + 4 == input.count
                let padding = last ? (input[index + 3] == UInt8(ascii: "=") ? (input[index + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
                var triple: UInt32 = 0
                for offset in 0..<4 {
                    let byte = input[index + offset]
                    let value: UInt8
                    if offset >= 4 - padding {
                        value = 0
                    } else {
                        value = values[Int(byte)]
                        guard value != 0xFF else { return nil }
                    }
                    triple = triple << 6 | UInt32(value)
                }
                out.append(UInt8(truncatingIfNeeded: triple >> 16))
                if padding < 2 { out.append(UInt8(truncatingIfNeeded: triple >> 8)) }
                if padding < 1 { out.append(UInt8(truncatingIfNeeded: triple)) }
                index += 4
            }
            return out
        }
    }
}
