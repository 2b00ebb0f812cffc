@_spi(Lookup) import AxiomURLPattern

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
            bool(parameter.isNullable)
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
        transition(metadata.transition)
        optionalString(metadata.parent)
        optionalString(metadata.tab)
        optionalString(metadata.container)
        bool(metadata.allowedSources != nil)
        if let sources = metadata.allowedSources { strings(sources.sorted()) }
        strings(metadata.loaders)
        bool(metadata.result != nil)
        if let result = metadata.result { type(result) }
        bool(metadata.linkTransition != nil)
        if let link = metadata.linkTransition {
            transition(link)
            bool(metadata.linkAlone)
        }
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

    /// A transition: its kind (0 push, 1 replace, 2 modal, 3 tab) and its argument.
    private mutating func transition(_ transition: Transition) {
        switch transition {
        case .push: int(0)
        case .replace: int(1)
        case .modal(let style):
            int(2)
            string(style.rawValue)
        case .tab(let tab):
            int(3)
            string(tab)
        }
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
