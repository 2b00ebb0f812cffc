#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The model the code is written from: one case per route, its values, and the enums its
/// parameters need.
extension SwiftRouteGenerator {
    /// The routes in declaration order (file, then line), with their Swift names.
    mutating func cases(_ router: Router) -> (cases: [Case], enums: [EnumType]) {
        let routes = router.routes.sorted { $0.location < $1.location }
        let members: Set<String> = [
            "routeName", "routeParameters", "routeQuery", "routeSources", "routeSnapshot", "makeRouter", "hashValue", "hash", "loaderNames",
            "Results",
        ]
        var caseNames: [String: Route] = [:]
        var typeNames: [String: (route: Route, what: String)] = [:]
        let reservedTypes: Set<String> = [
            options.typeName, "String", "Int", "Double", "Bool", "UUID", "Array", "Optional", "Swift", "RouteValue", "RouteParameters",
            "RouteSource", "Router", "RouteMatch", "MatchLimits", "RouteTableError", "RouteURLError", "TypedRoute", "KeyValuePairs",
            "AxiomRouting", "Foundation", "FoundationEssentials", "Results", "RouteResultKey",
        ]
        var cases: [Case] = []
        var enums: [EnumType] = []
        for route in routes {
            let name = SwiftNames.member(route.name)
            if SwiftNames.unusableMembers.contains(name) || members.contains(name) {
                let reason = members.contains(name) ? "the generated type has a member of that name" : "Swift gives it a meaning after a '.'"
                diagnostics.append(.reservedSwiftName("route", route.name, swift: name, reason: reason, at: route.location))
                continue
            }
            if let other = caseNames[name] {
                diagnostics.append(.swiftNameClash("route", route.name, other: other.name, swift: name, at: route.location, first: other.location))
                continue
            }
            caseNames[name] = route
            var labels: [String: String] = [:]
            var values: [Value] = []
            let parameters = route.parameters.map { ($0.name, $0.type, $0.isOptional, false, RouteValue?.none, false) }
            // A `nullable` item with a default is `T? = default`: nil is "no value".
            let query = route.query.map {
                ($0.name, $0.type, !$0.isRequired && ($0.defaultValue == nil || $0.isNullable), true, $0.defaultValue, $0.isNullable)
            }
            for (tableName, type, isOptional, isQuery, defaultValue, isNullable) in parameters + query {
                // An unnamed group (`*`, `(…)`: named by its number) is an unlabeled value.
                let label = tableName.allSatisfy(\.isNumber) ? "" : SwiftNames.member(tableName)
                if SwiftNames.unusableMembers.contains(label) {
                    diagnostics.append(
                        .reservedSwiftName("parameter", tableName, swift: label, reason: "Swift gives it a meaning after a '.'", at: route.location))
                    continue
                }
                if !label.isEmpty, let other = labels[label] {
                    diagnostics.append(.swiftNameClash("parameter", tableName, other: other, swift: label, at: route.location, first: nil))
                    continue
                }
                labels[label] = tableName
                var swiftType = Self.swiftType(of: type)
                if case .enumeration(let options) = type {
                    let typeName = route.name == tableName ? SwiftNames.type(tableName) : SwiftNames.type(route.name, tableName)
                    if reservedTypes.contains(typeName) {
                        diagnostics.append(
                            .reservedSwiftName(
                                "enum of parameter", tableName, swift: typeName, reason: "the generated code uses that type name", at: route.location)
                        )
                        continue
                    }
                    if let other = typeNames[typeName] {
                        diagnostics.append(
                            .swiftNameClash(
                                "enum of parameter", "\(route.name).\(tableName)", other: other.what, swift: typeName, at: route.location,
                                first: other.route.location))
                        continue
                    }
                    typeNames[typeName] = (route, "\(route.name).\(tableName)")
                    guard let enumeration = enumType(typeName, options: options, route: route, parameter: tableName) else { continue }
                    enums.append(enumeration)
                    swiftType = typeName
                }
                let enumCases = swiftType == Self.swiftType(of: type) ? [] : enums.last?.cases ?? []
                let defaultLiteral = defaultValue.map { Self.literal($0, enumCases: enumCases) }
                values.append(
                    Value(
                        label: label, tableName: tableName, type: type, swiftType: swiftType, isQuery: isQuery, isOptional: isOptional,
                        defaultLiteral: defaultLiteral, isNullable: isNullable && defaultLiteral != nil))
            }
            var resultType: String? = nil
            if let result = route.metadata.result {
                // An `enum(…)` answer (or a list of one) gets an enum of its own, named after the route.
                var element = result
                if case .list(let inner) = result { element = inner }
                if case .enumeration(let options) = element {
                    let typeName = SwiftNames.type(route.name, "result")
                    if reservedTypes.contains(typeName) || typeNames[typeName] != nil {
                        let other = typeNames[typeName]
                        diagnostics.append(
                            .swiftNameClash(
                                "enum of the result of", route.name, other: other?.what ?? typeName, swift: typeName, at: route.location,
                                first: other?.route.location))
                    } else if let enumeration = enumType(typeName, options: options, route: route, parameter: "result") {
                        typeNames[typeName] = (route, "\(route.name).result")
                        enums.append(enumeration)
                        resultType = element == result ? typeName : "[\(typeName)]"
                    }
                } else {
                    resultType = Self.swiftType(of: result)
                }
            }
            cases.append(Case(route: route, name: name, values: values, resultType: resultType))
        }
        return (cases, enums)
    }

    mutating func enumType(_ name: String, options: [String], route: Route, parameter: String) -> EnumType? {
        var seen: [String: String] = [:]
        var cases: [(name: String, value: String)] = []
        var clean = true
        for value in options {
            var caseName = SwiftNames.enumCase(value)
            // A value is the URL's spelling and cannot be renamed: one Swift cannot name a case
            // (`self`, `init`, `Type`, `rawValue` …) gets a `_` after it, its raw value the URL's.
            if SwiftNames.unusableMembers.contains(caseName) || caseName == "rawValue" || caseName == "allCases" { caseName += "_" }
            if let other = seen[caseName] {
                diagnostics.append(.swiftNameClash("value", value, other: other, swift: caseName, at: route.location, first: nil))
                clean = false
                continue
            }
            seen[caseName] = value
            cases.append((caseName, value))
        }
        return clean ? EnumType(name: name, cases: cases, route: route, parameter: parameter) : nil
    }

    /// Whether values of `type` hold a UUID (the generated file then imports Foundation).
    static func holdsUUID(_ type: ParameterType) -> Bool {
        if case .list(let element) = type { return element == .uuid }
        return type == .uuid
    }

    static func swiftType(of type: ParameterType) -> String {
        switch type {
        case .string, .enumeration, .url: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .uuid: return "UUID"
        case .path: return "[String]"
        case .rest: return "[String: String]"
        case .list(let element): return "[" + swiftType(of: element) + "]"
        }
    }

    /// A Swift expression for a default value.
    static func literal(_ value: RouteValue, enumCases: [(name: String, value: String)]) -> String {
        switch value {
        case .string(let text):
            if let match = enumCases.first(where: { $0.value == text }) { return "." + SwiftNames.escaped(match.name) }
            return SwiftLiteral.string(text)
        case .int(let number): return String(number)
        case .double(let number):
            if number.isNaN { return "Double.nan" }
            if number.isInfinite { return number < 0 ? "-Double.infinity" : "Double.infinity" }
            return "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .uuid(let uuid):
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            return "UUID(uuid: (" + bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ") + "))"
        case .path(let segments): return "[" + segments.map(SwiftLiteral.string).joined(separator: ", ") + "]"
        case .fields(let fields):
            return fields.isEmpty
                ? "[:]"
                : "["
                    + fields.sorted { $0.key < $1.key }.map { SwiftLiteral.string($0.key) + ": " + SwiftLiteral.string($0.value) }.joined(
                        separator: ", ") + "]"
        case .list(let values): return "[" + values.map { literal($0, enumCases: enumCases) }.joined(separator: ", ") + "]"
        }
    }
}
